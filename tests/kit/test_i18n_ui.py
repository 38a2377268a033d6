"""The pages' own messages said in French, German and Italian through the compiled catalogues.

Each expected sentence is the translation written in companion/translations/<lang>/ui.po,
with its fields filled in by hand.
"""

from __future__ import annotations

import pytest

from companion.kit.i18n import t, tn
from companion.store import FaultKind, StoreFault


@pytest.fixture(scope="module")
def said_in(compiled_catalogues):
    return lambda code, message: message.said_in(compiled_catalogues[code])


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("fr", "Donne 3 enregistrée\u00a0: Ann +186, Bob −62."),
        ("de", "Runde 3 gespeichert: Ann +186, Bob −62."),
        ("it", "Mano 3 salvata: Ann +186, Bob −62."),
    ],
)
def test_the_saved_message(said_in, code: str, expected: str) -> None:
    message = t("Hand {number} saved: {scores}.", number=3, scores="Ann +186, Bob −62")
    assert str(message) == "Hand 3 saved: Ann +186, Bob −62."
    assert said_in(code, message) == expected


@pytest.mark.parametrize(
    ("code", "count", "expected"),
    [
        ("fr", 1, "1 joueur"),
        ("fr", 4, "4 joueurs"),
        ("de", 1, "1 Spieler"),
        ("de", 4, "4 Spieler"),
        ("it", 1, "1 giocatore"),
        ("it", 4, "4 giocatori"),
    ],
)
def test_a_count_of_players(said_in, code: str, count: int, expected: str) -> None:
    assert said_in(code, tn("{count} player", "{count} players", count)) == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "fr",
            "Bob est le même nom que celui du joueur 1\u00a0: donnez à chaque place son propre nom.",
        ),
        ("de", "Bob ist derselbe Name wie bei Spieler 1: jeder Platz braucht einen eigenen Namen."),
        ("it", "Bob è lo stesso nome del giocatore 1: date a ogni posto un nome diverso."),
    ],
)
def test_a_refusal_of_the_new_session_form(said_in, code: str, expected: str) -> None:
    message = t(
        "{name} is the same name as player {number}: give each seat its own name.",
        name="Bob",
        number=1,
    )
    assert said_in(code, message) == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "fr",
            "Le carnet n’a pas pu écrire dans son fichier\u00a0: le disque est plein. Rien n’a été "
            "enregistré par cette requête\u00a0; les donnes enregistrées avant sont en sécurité.",
        ),
        (
            "de",
            "Der Block konnte nicht in seine Datei schreiben: die Festplatte ist voll. Mit dieser "
            "Anfrage wurde nichts gespeichert; die vorher gespeicherten Runden sind sicher.",
        ),
        (
            "it",
            "Il segnapunti non ha potuto scrivere nel suo file: il disco è pieno. Questa "
            "richiesta non ha salvato nulla; le mani salvate prima sono al sicuro.",
        ),
    ],
)
def test_a_store_fault_inside_its_message(said_in, code: str, expected: str) -> None:
    """The fault's words are a field that is translated too."""
    message = t(
        "The pad could not write to its file: {why}. Nothing was saved by this "
        "request; the hands saved before are safe.",
        why=StoreFault(FaultKind.DISK_FULL).words,
    )
    assert said_in(code, message) == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("fr", "Ann paie 4.20 euros à Bob"),
        ("de", "Ann zahlt Bob 4.20 euros"),
        ("it", "Ann paga 4.20 euros a Bob"),
    ],
)
def test_a_payment_reorders_its_fields(said_in, code: str, expected: str) -> None:
    message = t(
        "{payer} pays {payee} {amount} {unit}",
        payer="Ann",
        payee="Bob",
        amount="4.20",
        unit="euros",
    )
    assert said_in(code, message) == expected
