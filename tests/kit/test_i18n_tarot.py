"""The tarot games said in French, German and Italian through the compiled catalogues.

Each expected sentence is the translation written in `companion/translations/<lang>/<game>.po`
with this hand's fields filled in by hand; the English beside it is the message the rules tests
already check. The hands are the rules tests' own worked examples:
    French Tarot, 4 players, Ann's garde, 47 points, 2 bouts: target 41, made by 6 (docs/rulings.md);
    French Tarot, 4 players, 1 bout counted for the taker's side, 3 points: each bout is 4.5;
    Tarocchini, the pile K♥ Q♥ C♥ K♣ C♣ J♣ A♠ A♦ Matto: the Matto for A♥ in the Aces' crick;
    Troggu, 5 players, the others counted 58: Ann has 114 − 58 = 56, loses, pays 4 × 10.
"""

from __future__ import annotations

from typing import Any

import pytest
from babel.support import Translations

from companion.games.tarocchini import count_pile
from companion.kit.cards import parse
from companion.kit.i18n import Text
from tests.games.tables import score_one, table, verdict


@pytest.fixture(scope="module")
def said(compiled_catalogues: dict[str, Translations]) -> dict[str, Translations]:
    """The compiled catalogue of each language."""
    return compiled_catalogues


def in_every_language(text: Any, said: dict[str, Translations]) -> dict[str, str]:
    """The message in English and in each language."""
    assert isinstance(text, Text), f"{text!r} is not marked for translation"
    return {
        "en": str(text),
        **{language: text.said_in(catalogue) for language, catalogue in said.items()},
    }


def garde_made_by_6() -> tuple[Any, ...]:
    setup = table("french-tarot", ("Ann", "Bob", "Cat", "Dan"))
    raw = {"contract": "garde", "taker": 0, "points": 47, "bouts": 2}
    return score_one(setup, raw).lines


def test_a_french_tarot_arithmetic_line(said: dict[str, Translations]) -> None:
    # The margin line of Ann's garde: 47 points against 41, made by 6.
    line = next(line for line in garde_made_by_6() if "made by" in line)
    assert in_every_language(line, said) == {
        "en": "Ann's side 47 points: made by 6",
        "fr": "47 points pour le camp de Ann : fait de 6",
        "de": "47 Punkte für die Partei von Ann: gewonnen um 6",
        "it": "47 punti per la squadra di Ann: riuscito di 6",
    }


def test_a_french_tarot_contract_line_keeps_the_french_words(said: dict[str, Translations]) -> None:
    # "Garde with 2 bouts: target 41": the contract's name stays French in every language.
    line = next(line for line in garde_made_by_6() if "target" in line)
    assert in_every_language(line, said) == {
        "en": "Garde with 2 bouts: target 41",
        "fr": "Garde avec 2 bouts : il faut 41",
        "de": "Garde mit 2 Bouts: Ziel 41",
        "it": "Garde con 2 bout: obiettivo 41",
    }


def test_a_french_tarot_refusal(said: dict[str, Translations]) -> None:
    # 1 bout is worth 4.5 points, so 3 points with 1 bout cannot be.
    setup = table("french-tarot", ("Ann", "Bob", "Cat", "Dan"))
    checked = verdict(setup, {"contract": "petite", "taker": 0, "points": 3, "bouts": 1})
    (problem,) = checked.problems
    assert problem.field == "points"
    assert in_every_language(problem.message, said) == {
        "en": "With 1 bout Ann's side has at least 4.5 points (each bout is worth 4.5), not 3.",
        "fr": "Avec 1 bout, le camp de Ann a au moins 4.5 points (chaque bout vaut 4.5), pas 3.",
        "de": "Mit 1 Bout hat die Partei von Ann mindestens 4.5 Punkte (jeder Bout zählt 4.5), "
        "nicht 3.",
        "it": "Con 1 bout, la squadra di Ann ha almeno 4.5 punti (ogni bout vale 4.5), non 3.",
    }


def test_a_french_tarot_petit_au_bout_against_the_chelem(said: dict[str, Translations]) -> None:
    # Garde contre, 70 points, 2 bouts, Ann's side took every trick unannounced, so the last
    # trick too: the petit au bout cannot be the defence's (the rules test's hand B).
    setup = table("french-tarot", ("Ann", "Bob", "Cat", "Dan"))
    checked = verdict(
        setup,
        {
            "contract": "garde_contre",
            "taker": 0,
            "points": 70,
            "bouts": 2,
            "chelem": "unannounced_made",
            "petit_au_bout": "defence",
        },
    )
    (problem,) = checked.problems
    assert problem.field == "petit_au_bout"
    assert in_every_language(problem.message, said) == {
        "en": "Ann's side took every trick, the last one included, so the petit au bout is "
        "theirs: the defence cannot have won it. Check the chelem or who won the petit "
        "au bout.",
        "fr": "Le camp de Ann a fait tous les plis, le dernier compris, donc le petit au bout "
        "lui revient : la défense ne peut pas l'avoir gagné. Vérifiez le chelem ou qui a "
        "gagné le petit au bout.",
        "de": "Die Partei von Ann hat alle Stiche gemacht, den letzten eingeschlossen, also "
        "gehört ihr der Petit au bout: die Verteidigung kann ihn nicht gewonnen haben. "
        "Prüfen Sie den Chelem oder wer den Petit au bout gewonnen hat.",
        "it": "La squadra di Ann ha fatto tutte le prese, l'ultima compresa, quindi il petit au "
        "bout è suo: la difesa non può averlo vinto. Controllate il chelem o chi ha vinto "
        "il petit au bout.",
    }


def test_a_tarocchini_cricca_line(said: dict[str, Translations]) -> None:
    # The Aces' crick: A♠, the Matto standing for A♥, A♦; three cards, 10 points.
    codes = ("KH", "QH", "CH", "KC", "CC", "JC", "AS", "AD", "EX")
    counted = count_pile(frozenset(parse(code, tarot=True) for code in codes), 9)
    aces = next(crick for crick in counted.cricche if crick.run.name == "aces")
    assert in_every_language(aces.line, said) == {
        "en": "Crick of the Aces: A♠, Matto for A♥, A♦ → 10",
        "fr": "Cricca (les As) : A♠, Matto pour A♥, A♦ → 10",
        "de": "Cricca (die Asse): A♠, Matto für A♥, A♦ → 10",
        "it": "Cricca (gli Assi): A♠, Matto per A♥, A♦ → 10",
    }


def test_a_troggu_line(said: dict[str, Translations]) -> None:
    # The text's 5-player example: Ann, Tappist, 56 points, pays 10 Rappen to each of 4.
    setup = table("troggu", ("Ann", "Bob", "Cat", "Dan", "Eve"))
    result = score_one(
        setup, {"contract": "tappist", "player": 0, "points": 58, "counted_side": "others"}
    )
    assert in_every_language(result.lines[-1], said) == {
        "en": "Ann pays 10 Rappen to each of the other 4: Ann −40",
        "fr": "Ann paie 10 Rappen à chacun des 4 autres : Ann −40",
        "de": "Ann zahlt jedem der 4 anderen 10 Rappen: Ann −40",
        "it": "Ann paga 10 Rappen a ognuno degli altri 4: Ann −40",
    }
    assert in_every_language(result.headline, said) == {
        "en": "Ann Tappist · 56 pts · lost",
        "fr": "Ann Tappist · 56 pts · perdu",
        "de": "Ann Tappist · 56 Pkt. · verloren",
        "it": "Ann Tappist · 56 pt · perso",
    }
