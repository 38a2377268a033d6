"""War's referee: the two active face-up cards, a war or the higher card, under each house rule
and with a tarot pack; requests it answers or refuses.

Every expected verdict is worked out in the comment above it from the text (seed 002, "War"):
"The player with the highest card wins the trick if the card suits are different ... If they
are of the same suit, both players flip a card face up and one face down"; docs/rulings.md: as
written a war starts on the same suit, option the same rank; "A tarot deck may be used. The
atouts are considered the same suit as the other active face up card." Ranks: Ace high by
default (the usual War: Bicycle's rules), King, Queen, (the tarot's Knight,) Jack, Ten … Two;
option Aces low. Index 0 is the first player's card; a war is `tied` [0, 1], no winner.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import judge_request, referee_for
from companion.games.war import REFEREE
from tests.games.referees import judged, refusals


def verdict(cards: str, **options: str) -> dict[str, Any]:
    """The verdict on the two face-up cards under the given house rules."""
    return judged(REFEREE, {"players": 2, "cards": cards.split(), "options": options})


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    return refusals(REFEREE, request)


def test_the_referee_is_registered_for_two_players_and_two_cards() -> None:
    assert referee_for("war") is REFEREE
    assert REFEREE.player_counts == (2,)
    assert REFEREE.cards_in_trick(2, {}) == 2
    assert len(REFEREE.pack(2, {})) == 52
    assert len(REFEREE.pack(2, {"pack": "tarot"})) == 78


WARS = [
    # As written: "If they are of the same suit" it is a war, whatever the ranks.
    pytest.param("5H 9H", {}, id="same suit: a war"),
    pytest.param("AS 2S", {}, id="same suit, Ace against Two: a war"),
    # Our reading: different suits but equal ranks, so neither card is "the highest": a war.
    pytest.param("7H 7S", {}, id="same rank, suits differ: neither higher, a war"),
    # Option same rank: two Sevens start a war.
    pytest.param("7H 7S", {"war_when": "rank"}, id="same-rank rule: a war"),
    pytest.param("QD QC", {"war_when": "rank", "aces": "low"}, id="same rank, Aces low"),
    # Tarot, as written: "the atouts are considered the same suit as the other active face up
    # card", so an atout face up makes the two cards the same suit: a war.
    pytest.param("5T KH", {"pack": "tarot"}, id="tarot: an atout against a suit card"),
    pytest.param("KH 21T", {"pack": "tarot"}, id="tarot: a suit card against an atout"),
    pytest.param("2T 20T", {"pack": "tarot"}, id="tarot: two atouts"),
    # The Excuse counts as an atout (as seed 002 counts it for a poignée): a war.
    pytest.param("EX 3C", {"pack": "tarot"}, id="tarot: the Excuse counts as an atout"),
    # Tarot, suit cards of the same suit: a war as in the 52-card pack.
    pytest.param("CH 2H", {"pack": "tarot"}, id="tarot: Knight and Two of Hearts"),
    # Tarot with the same-rank rule: two Knights.
    pytest.param("CH CS", {"pack": "tarot", "war_when": "rank"}, id="tarot: two Knights"),
]


@pytest.mark.parametrize(("cards", "options"), WARS)
def test_a_war(cards: str, options: dict[str, str]) -> None:
    found = verdict(cards, **options)
    assert (found["winner"], found["tied"]) == (None, [0, 1])
    assert found["words"].startswith("It is a war")


WINS = [
    # As written, suits differ: "The player with the highest card wins": Nine over Five.
    pytest.param("5H 9S", {}, 1, id="suits differ: the higher card"),
    # Ace high: the Ace of Spades over the King of Hearts.
    pytest.param("AS KH", {}, 0, id="Ace high"),
    # Option Aces low: the King over the Ace.
    pytest.param("AS KH", {"aces": "low"}, 1, id="Aces low: the King over the Ace"),
    pytest.param("AD 2C", {"aces": "low"}, 1, id="Aces low: the Two over the Ace"),
    # Same-rank rule: the same suit is no longer a war; the higher card wins: Nine over Five.
    pytest.param("5H 9H", {"war_when": "rank"}, 1, id="same-rank rule: same suit, higher"),
    pytest.param("JC 10C", {"war_when": "rank"}, 0, id="same-rank rule: Jack over Ten"),
    # Tarot suit cards of different suits: King, Queen, Knight, Jack: the Queen over the Knight.
    pytest.param("CH QS", {"pack": "tarot"}, 1, id="tarot: Queen over Knight"),
    pytest.param("CH JS", {"pack": "tarot"}, 0, id="tarot: Knight over Jack"),
    # Tarot, Ace high by default: the Ace of Clubs over the King of Hearts; Aces low: the King.
    pytest.param("AC KH", {"pack": "tarot"}, 0, id="tarot: Ace high"),
    pytest.param("AC KH", {"pack": "tarot", "aces": "low"}, 1, id="tarot: Aces low"),
    # Tarot, same-rank rule: an atout is higher than any suit card; the higher atout wins;
    # the Excuse is the lowest atout (0), still above the suit cards.
    pytest.param("KH 1T", {"pack": "tarot", "war_when": "rank"}, 1, id="tarot rank: atout 1"),
    pytest.param("21T 20T", {"pack": "tarot", "war_when": "rank"}, 0, id="tarot rank: 21"),
    pytest.param(
        "EX 1T", {"pack": "tarot", "war_when": "rank"}, 1, id="tarot rank: atout 1 over the Excuse"
    ),
    pytest.param(
        "EX AS", {"pack": "tarot", "war_when": "rank"}, 0, id="tarot rank: the Excuse over an Ace"
    ),
]


@pytest.mark.parametrize(("cards", "options", "winner"), WINS)
def test_the_higher_card_takes_both(cards: str, options: dict[str, str], winner: int) -> None:
    found = verdict(cards, **options)
    assert (found["winner"], found["card"], found["tied"]) == (winner, cards.split()[winner], [])


def test_the_rule_in_words() -> None:
    assert verdict("5H 9H")["rule"] == (
        "It is a war: both cards are Hearts, and as written two cards of the same suit start a "
        "war; each player lays one card face down and one face up, and the higher new face-up "
        "card takes every card on the table."
    )
    assert "both cards are Sixes, so neither is higher" in verdict("6H 6S")["rule"]
    assert "atout counts as the same suit" in verdict("5T KH", pack="tarot")["rule"]
    assert verdict("5H 9S")["rule"] == (
        "the suits differ, so the higher card takes both; Ace "
        "high, then King, Queen, Jack, Ten … Two"
    )
    assert verdict("5H 9H", war_when="rank")["rule"].startswith("the ranks differ")
    assert (
        "the Excuse counts as the lowest atout"
        in verdict("EX AS", pack="tarot", war_when="rank")["rule"]
    )


def test_a_war_s_words_are_the_whole_sentence() -> None:
    found = judge_request(REFEREE, {"players": 2, "cards": ["7H", "7S"], "names": ["Ann", "Bob"]})[
        0
    ]["verdicts"][0]
    assert found["words"] == found["rule"]
    assert found["winner_seat"] is None


def test_a_request_answers_winner_seat_and_words() -> None:
    # Bob's card is listed first (leader 1): the Nine of Spades (index 1) is Ann's, seat 0.
    answer, problems = judge_request(
        REFEREE, {"players": 2, "cards": ["5H", "9S"], "names": ["Ann", "Bob"], "leader": 1}
    )
    assert problems == []
    found = answer["verdicts"][0]
    assert (found["winner"], found["winner_seat"]) == (1, 0)
    assert found["words"].startswith("Ann wins with the Nine of Spades: the suits differ")


def test_the_war_and_its_face_up_cards_in_one_request() -> None:
    # Two Hearts: a war; the new face-up cards, Queen of Clubs and Two of Diamonds, differ in
    # suit: the Queen takes every card.
    answer, problems = judge_request(
        REFEREE, {"players": 2, "tricks": [{"cards": ["5H", "9H"]}, {"cards": ["QC", "2D"]}]}
    )
    assert problems == []
    assert [(v["winner"], v["tied"]) for v in answer["verdicts"]] == [(None, [0, 1]), (0, [])]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (
            {"players": 2, "cards": ["5H", "9H", "2C"]},
            "3 cards were given; a trick of War at 2 players has 2.",
        ),
        ({"players": 2, "cards": ["5H"]}, "1 card was given; a trick of War at 2 players has 2."),
        ({"players": 2, "cards": ["5H", "5H"]}, "The Five of Hearts is played twice."),
        (
            {"players": 2, "cards": ["EX", "5H"]},
            "The Excuse is not in the pack War is played with.",
        ),
        ({"players": 2, "cards": ["CH", "5H"]}, "'CH' is not a card."),
        (
            {"players": 2, "cards": ["5H", "9S"], "context": {"trump": "S"}},
            "'trump' is not part of the context of a trick of War.",
        ),
        (
            {"players": 2, "cards": ["5H", "9S"], "options": {"war_when": "colour"}},
            "Choose one of: Two cards of the same suit (as written), Two cards of the same rank.",
        ),
        (
            {"players": 2, "cards": ["5H", "9S"], "options": {"jokers": True}},
            "'jokers' is not a house rule here.",
        ),
        ({"players": 3, "cards": ["5H", "9S", "2C"]}, "War is played by 2 players."),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)
