"""The card games' messages said in French, German and Italian through the compiled catalogues.

Each message is made by the game's own code from an entry worked out by hand, checked in
English first (the words the rules give), then word for word in each language against the
translations written in companion/translations/<lang>/<game>.po.
"""

from __future__ import annotations

from typing import Any

import pytest
from babel.support import Translations

from companion.games.noddy import Kind, Scoring, count_hand
from companion.kit.cards import parse
from companion.kit.i18n import Text, capital, t
from tests.games.tables import score_one, table, verdict

LANGUAGES = ("fr", "de", "it")


@pytest.fixture(scope="module")
def said(compiled_catalogues: dict[str, Translations]) -> dict[str, Translations]:
    """Each language's compiled catalogue."""
    return compiled_catalogues


def in_every_language(message: Any, said: dict[str, Translations]) -> dict[str, str]:
    """The message in English and in each language."""
    assert isinstance(message, Text), "a shown message is a Text, so it can be translated"
    return {
        "en": str(message),
        **{language: message.said_in(said[language]) for language in LANGUAGES},
    }


def test_a_whist_odd_tricks_line(said: dict[str, Translations]) -> None:
    # Ann & Cat take 8 of the 13 tricks; the first six do not count: 8 − 6 = 2 odd tricks.
    setup = table("whist", ("Ann", "Bob", "Cat", "Dan"))
    result = score_one(setup, {"trump": "S", "tricks_1": 8, "tricks_2": 5})
    assert in_every_language(result.lines[0], said) == {
        "en": "Ann & Cat: 8 tricks − 6 = 2 odd tricks",
        "fr": "Ann & Cat : 8 plis − 6 = 2 plis de plus",
        "de": "Ann & Cat: 8 Stiche − 6 = 2 Tricks",
        "it": "Ann & Cat: 8 prese − 6 = 2 prese in più",
    }


def test_a_maw_payment_line(said: dict[str, Translations]) -> None:
    # Three players ante 2 each and Ann, dealing, adds her stake of 2: a pool of 3 × 2 + 2 = 8.
    # Bob wins three tricks and takes it: −2 ante + 8 pool = +6.
    setup = table("maw", ("Ann", "Bob", "Cat"))
    entry = {
        "trump": "H",
        "robbed": None,
        "first_three": None,
        "jink": "none",
        "tricks_0": 1,
        "tricks_1": 3,
        "tricks_2": 1,
    }
    line = next(line for line in score_one(setup, entry).lines if line.startswith("Bob:"))
    assert in_every_language(line, said) == {
        "en": "Bob: −2 ante + 8 pool = +6",
        "fr": "Bob : −2 mise + 8 pot = +6",
        "de": "Bob: −2 Einsatz + 8 Pott = +6",
        "it": "Bob: −2 puntata + 8 piatto = +6",
    }


def test_a_noddy_run_and_its_pair(said: dict[str, Translations]) -> None:
    # 7♥ 8♠ 9♣ with the K♦ turned up: a run of three, which the text scores 1; and two Nines
    # (9♣ in hand, 9♦ turned up instead) are a pair, 2.
    run = next(
        found
        for found in count_hand(
            [parse("7H"), parse("8S"), parse("9C")], parse("KD"), Scoring.AS_WRITTEN
        )
        if found.kind is Kind.RUN
    )
    assert in_every_language(run.words, said) == {
        "en": "run 7-8-9: 1",
        "fr": "suite 7-8-9 : 1",
        "de": "Folge 7-8-9: 1",
        "it": "scala 7-8-9: 1",
    }
    pair = next(
        found
        for found in count_hand(
            [parse("7H"), parse("8S"), parse("9C")], parse("9D"), Scoring.AS_WRITTEN
        )
        if found.kind is Kind.PAIR
    )
    assert in_every_language(pair.words, said) == {
        "en": "pair 9♣ 9♦: 2",
        "fr": "paire 9♣ 9♦ : 2",
        "de": "Paar 9♣ 9♦: 2",
        "it": "coppia 9♣ 9♦: 2",
    }


def test_a_calabrasella_refusal(said: dict[str, Translations]) -> None:
    # Foster: at four players the dealer (Ann, dealing the first hand) takes no cards, so she
    # cannot be the single player.
    setup = table("calabrasella", ("Ann", "Bob", "Cat", "Dan"))
    checked = verdict(setup, {"event": "played", "player": 0, "points": 23})
    assert [problem.field for problem in checked.problems] == ["player"]
    assert in_every_language(checked.problems[0].message, said) == {
        "en": "Ann dealt this hand: at four players the dealer takes no cards and shares the "
        "adversaries' fortunes, so Ann cannot be the single player.",
        "fr": "Ann a donné cette main : à quatre joueurs, le donneur ne reçoit pas de cartes et "
        "partage le sort des adversaires, donc Ann ne peut pas être le joueur seul.",
        "de": "Ann hat diese Runde gegeben: zu viert bekommt der Geber keine Karten und teilt "
        "das Los der Gegenspieler, also kann Ann nicht der Alleinspieler sein.",
        "it": "Ann ha dato le carte in questa mano: in quattro il mazziere non riceve carte e "
        "condivide la sorte degli avversari, quindi Ann non può essere il giocatore solo.",
    }


def test_words_starting_a_sentence_keep_their_capital_in_every_language(
    said: dict[str, Translations],
) -> None:
    # Skitgubbe starts sentences with a card's name ("The Three of Spades does not beat …"):
    # the words are translated first, then capitalised.
    assert in_every_language(capital(t("a higher trump")), said) == {
        "en": "A higher trump",
        "fr": "Un atout plus haut",
        "de": "Ein höherer Trumpf",
        "it": "Un atout più alto",
    }
