"""Marmalade's trick referee: hand-worked tricks, the pegs a trick is worth, and requests it
answers or refuses.

Every expected winner is worked out in the comment above it from the text (seed 002,
"Marmalade") and docs/rulings.md ("Within a trick, the highest trump wins, else the highest card of
the suit led"): indices count from 0 = the card led. The text's "Highest Cards", strongest
first:
    red suits (Hearts, Diamonds): King, Queen, Jack, Ace, 2, 3 … 10;
    black suits (Spades, Clubs): King, Queen, Jack, 10, 9 … 2, Ace.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import judge_request, referee_for
from companion.games.marmalade import REFEREE, pegs
from companion.kit.cards import Suit, parse
from tests.games.referees import judged, refusals


def verdict(cards: str, trump: str, players: int = 4, **request: Any) -> dict[str, Any]:
    """The verdict on one trick (cards in play order from the leader) with `trump` trumps."""
    return judged(
        REFEREE,
        {"players": players, "cards": cards.split(), "context": {"trump": trump}, **request},
    )


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    return refusals(REFEREE, request)


def test_the_referee_is_registered_for_two_players_and_more() -> None:
    # "The game is played with 2+ players": two up to the pad's ten seats.
    assert referee_for("marmalade") is REFEREE
    assert REFEREE.player_counts == tuple(range(2, 11))
    assert len(REFEREE.pack(4, {})) == 52


TRICKS = [
    # "If a player discards the trump suit, they win unless someone else plays a higher trump
    # suit": Spades trumps, the Two of Spades is the only trump and beats the Hearts led.
    pytest.param("KH QH 2S 3H", "S", 2, id="a trump over the suit led"),
    # Three trumps (Spades): black "King, Queen, Jack, 10 through 2, 1 or Ace": 10 > 3 > Ace.
    pytest.param("AS 2H 10S 3S", "S", 2, id="the higher trump, black order"),
    # Red trumps (Diamonds): "King, Queen, Jack, Ace, 2 through 10": the Two beats the Nine.
    pytest.param("9D 2D 5S 10D", "D", 1, id="the higher trump, red order"),
    # No trump (Clubs trumps, none played), Hearts led: red Ace is the highest pip: Ace > 2 > 5
    # > 10.
    pytest.param("10H AH 5H 2H", "C", 1, id="red: the Ace the highest pip"),
    # Red pips run 2 down to 10: of 2, 10, 9, 5 of Diamonds the Two is highest.
    pytest.param("2D 10D 9D 5D", "S", 0, id="red: the Two over the Ten"),
    # Red courts above the Ace: the Jack beats the Ace of Hearts; the Three of Spades is
    # off-suit (Clubs trumps).
    pytest.param("AH JH 2H 3S", "C", 1, id="red: the Jack over the Ace"),
    # Black pips: "10 through 2" then the Ace: the Ten is the highest pip of Spades.
    pytest.param("AS 2S 10S 9S", "H", 2, id="black: the Ten the highest pip"),
    # Black Ace is the lowest card: the Two of Clubs beats the Ace of Clubs led; the Three of
    # Diamonds and the Four of Hearts are off-suit (Spades trumps).
    pytest.param("AC 2C 3D 4H", "S", 1, id="black: the Ace the lowest"),
    # The courts, King over Queen over Jack (Hearts trumps, none played).
    pytest.param("QS KS JS 10S", "H", 1, id="black: the King the highest"),
    # Off-suit never wins: Hearts led (Clubs trumps); the King of Spades and the Queen of
    # Diamonds are neither trumps nor Hearts; red 2 beats red 3.
    pytest.param("2H KS QD 3H", "C", 0, id="an off-suit King never wins"),
    # Nobody follows and nobody trumps (Clubs trumps, three players): the card led wins, even
    # against a King.
    pytest.param("7D KS QH", "C", 0, id="nobody follows: the card led wins"),
    # Clubs trumps: the Jack of Clubs is the only trump and beats the Ten of Hearts led.
    pytest.param("10H KS QD JC", "C", 3, id="the only trump wins, played last"),
    # Hearts trumps: the Queen of Hearts is the only trump, over the Ten of Diamonds led.
    pytest.param("10D KS QH JC", "H", 2, id="a red Queen trumps"),
    # Hearts trumps, three players: the red Ace of Hearts is the only trump.
    pytest.param("10D KS AH", "H", 2, id="a red Ace trumps, three players"),
    # Hearts trumps, two players, none played: the King of Spades is off-suit.
    pytest.param("10D KS", "H", 0, id="two players: nobody follows"),
]


@pytest.mark.parametrize(("cards", "trump", "winner"), TRICKS)
def test_each_rule_names_its_winner(cards: str, trump: str, winner: int) -> None:
    found = verdict(cards, trump, players=len(cards.split()))
    assert (found["winner"], found["card"]) == (winner, cards.split()[winner])


def test_the_rule_in_words() -> None:
    assert verdict("KH QH 2S 3H", "S")["rule"] == (
        "Spades are trumps: a trump beats every other suit and the highest trump wins; in "
        "Marmalade the black suits rank King, Queen, Jack, then the Ten down to the Two, and "
        "the Ace lowest"
    )
    assert verdict("10H AH 5H 2H", "C")["rule"] == (
        "nobody played a trump, so the highest card of the suit led wins; in Marmalade the red "
        "suits rank King, Queen, Jack, Ace, then the Two down to the Ten"
    )


def test_the_pegs_of_a_trick() -> None:
    # docs/rulings.md: 5 for a trick won with a trump, else 2; 2 for each trump and 1 for each court
    # card. Spades trumps, "KH 2H 5S JS": the Jack of Spades wins (black J over 5), with a
    # trump: 5 + 2 trumps x 2 + 2 courts (King of Hearts, Jack of Spades) x 1 = 11.
    found = verdict("KH 2H 5S JS", "S")
    assert found["winner"] == 3
    assert found["notes"] == [
        "The winner pegs 11: won with a trump (5), 2 for each trump and "
        "1 for each court card in the trick."
    ]
    # Clubs trumps, "AS 10S 5S 2H": the Ten of Spades wins, no trump, no court: 2.
    assert verdict("AS 10S 5S 2H", "C")["notes"][0].startswith(
        "The winner pegs 2: won without a trump (2)"
    )


def test_pegs_counts_a_trump_court_twice() -> None:
    # The King of Clubs (trumps) wins: 5, plus 2 for it as a trump, plus 1 for it as a court,
    # plus 1 for the Queen of Hearts: 9.
    cards = [parse("QH"), parse("KC"), parse("3H")]
    assert pegs(cards, 1, Suit.CLUBS) == 9


def test_a_request_answers_winner_seat_and_words() -> None:
    # Cat (seat 2) leads; the Two of Spades (index 2, a trump) was played by seat (2 + 2) % 4 =
    # 0, Ann.
    found = verdict("KH QH 2S 3H", "S", names=["Ann", "Bob", "Cat", "Dan"], leader=2)
    assert (found["winner"], found["winner_seat"]) == (2, 0)
    assert found["words"].startswith("Ann wins with the Two of Spades: Spades are trumps")


def test_several_tricks_in_one_request() -> None:
    answer, problems = judge_request(
        REFEREE,
        {
            "players": 3,
            "context": {"trump": "S"},
            "tricks": [
                {"cards": ["KH", "QH", "2S"]},
                {"cards": ["10H", "AH", "5H"], "context": {"trump": "C"}},
            ],
        },
    )
    assert problems == []
    # A trump (the Two of Spades) wins the first; no trump in the second: the red Ace.
    assert [v["winner"] for v in answer["verdicts"]] == [2, 1]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (
            {"players": 4, "context": {"trump": "S"}, "cards": ["KH", "QH", "1T", "3H"]},
            "Trump 1 is not in the pack Marmalade is played with.",
        ),
        (
            {"players": 4, "context": {"trump": "S"}, "cards": ["KH", "QH", "KH", "3H"]},
            "The King of Hearts is played twice.",
        ),
        (
            {"players": 4, "context": {"trump": "S"}, "cards": ["KH", "QH", "3H"]},
            "3 cards were given; a trick of Marmalade at 4 players has 4.",
        ),
        (
            {
                "players": 4,
                "context": {"trump": "S", "anti_trump": "C"},
                "cards": ["KH", "QH", "2S", "3H"],
            },
            "'anti_trump' is not part of the context of a trick of Marmalade.",
        ),
        ({"players": 4, "cards": ["KH", "QH", "2S", "3H"]}, "Choose trump suit."),
        (
            {"players": 4, "context": {"trump": "T"}, "cards": ["KH", "QH", "2S", "3H"]},
            "Choose one of: Spades ♠, Hearts ♥, Diamonds ♦, Clubs ♣.",
        ),
        (
            {"players": 11, "context": {"trump": "S"}, "cards": []},
            "Marmalade is played by 2, 3, 4, 5, 6, 7, 8, 9, 10 players.",
        ),
        (
            {"players": 4, "context": {"trump": "S"}, "cards": ["KH", "ZZ", "2S", "3H"]},
            "'ZZ' is not a card.",
        ),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)
