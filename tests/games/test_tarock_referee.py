"""Tarock's trick referee: the 54-card pack, hand-worked tricks, and requests it answers or
refuses.

Every expected winner is worked out in the comment above it from the text (seed 002, "Tarock":
the pack stripped, "game play is exactly the same as Le Tarot Français") and French Tarot's
trick rules as written (seed 002, docs/rulings.md): indices count from 0 = the card led. The orders,
strongest first:
    atouts 21 … 1, all above the suits;
    black suits (pips 7–10 left): King, Queen, Knight, Jack, 10, 9, 8, 7;
    red suits (pips Ace–4 left): King, Queen, Knight, Jack, Ace, 2, 3, 4.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import referee_for
from companion.games.tarock import PACK, REFEREE
from companion.kit.cards import ACE, PLAIN_SUITS, Suit
from tests.games.referees import judged, refusals


def verdict(cards: str, **request: Any) -> dict[str, Any]:
    """The verdict on one trick of four cards (in play order from the leader)."""
    return judged(REFEREE, {"players": 4, "cards": cards.split(), **request})


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    return refusals(REFEREE, request)


def test_the_referee_is_registered_for_four_players() -> None:
    assert referee_for("tarock") is REFEREE
    assert (REFEREE.name, REFEREE.player_counts) == ("Tarock", (4,))


def test_the_pack_is_the_text_s_54_cards() -> None:
    # The text: red suits lose the 10 through 5 (6 cards each), black suits the 6 through Ace
    # (6 each): 78 − 4 × 6 = 54; 8 cards a suit, 21 atouts and the Excuse.
    assert len(PACK) == 54
    pips = {
        suit: sorted(c.rank for c in PACK if c.suit is suit and c.rank <= 10)
        for suit in PLAIN_SUITS
    }
    assert pips == {
        Suit.HEARTS: [ACE, 2, 3, 4],
        Suit.DIAMONDS: [ACE, 2, 3, 4],
        Suit.SPADES: [7, 8, 9, 10],
        Suit.CLUBS: [7, 8, 9, 10],
    }
    assert sum(card.suit is Suit.TRUMP for card in PACK) == 21


TRICKS = [
    # French Tarot: "the winner of the trick is the one with the highest card of that suit or
    # atouts": atout 1 beats the King of Hearts led.
    pytest.param("KH 4H 1T QH", 2, id="an atout over the suit led"),
    # The text's own example: "if there are 2 atouts played: 21 and 5 … the player who played
    # 21": of 2, 21, 5, 1 the 21 wins.
    pytest.param("2T 21T 5T 1T", 1, id="the highest of several atouts"),
    # Spades led, nobody trumps: the King of Hearts is off-suit and cannot win; black pips
    # "10 is the highest valued pip": the 10 of Spades.
    pytest.param("7S 10S KH 8S", 1, id="an off-suit King never wins"),
    # Black: Ten, Nine, Eight, Seven.
    pytest.param("7C 9C 8C 10C", 3, id="black suits: the Ten the highest pip"),
    pytest.param("8S 7S 9S KD", 2, id="black suits: the Nine over the Eight"),
    # Red: "1, or Ace, is the highest ranking pip": Ace, then 2, 3, 4.
    pytest.param("4H AH 2H 3H", 1, id="red suits: the Ace the highest pip"),
    pytest.param("4D 3D 7C 9S", 1, id="red suits: the Three over the Four"),
    # Courts above pips: the Jack (the lowest court) beats the red Ace and the black Ten.
    pytest.param("AD JD 4D 2D", 1, id="red: the Jack over the Ace"),
    pytest.param("10C 9C JC 7C", 2, id="black: the Jack over the Ten"),
    # The courts King, Queen, Knight, Jack: the King beats the Queen, the Queen the Knight.
    pytest.param("JS CS QS KS", 3, id="the King over the Queen, Knight and Jack"),
    pytest.param("CH JH QH AH", 2, id="the Queen over the Knight"),
    # "If the trick is led with the excuse, the next player determines the suit": Hearts;
    # red Ace over the 3; the King of Spades is off-suit.
    pytest.param("EX 3H KS AH", 3, id="the Excuse led, the next card sets the suit"),
    # "the excuse may not win the trick": played last, the 8 of Clubs led beats the 7.
    pytest.param("8C 7C 3D EX", 0, id="the Excuse played last never wins"),
]


@pytest.mark.parametrize(("cards", "winner"), TRICKS)
def test_each_rule_names_its_winner(cards: str, winner: int) -> None:
    found = verdict(cards)
    assert (found["winner"], found["card"]) == (winner, cards.split()[winner])


def test_the_words_of_an_atout_and_of_each_suit_colour() -> None:
    assert verdict("KH 4H 1T QH")["rule"] == (
        "in Tarock any atout beats every suit card, and the highest atout wins"
    )
    assert verdict("4H AH 2H 3H")["rule"].endswith(
        "in Tarock the red suits rank King, Queen, Knight, Jack, then the Ace highest of the pips"
    )
    assert verdict("7C 9C 8C 10C")["rule"].endswith("then the Ten highest of the pips")
    assert "the Excuse was led" in verdict("EX 3H KS AH")["rule"]


def test_the_excuse_s_owner_keeps_it_except_on_the_last_trick() -> None:
    # French Tarot: "the player who played the excuse will keep the card in their trick pile";
    # "If the excuse is played on the last trick, the winner of the trick gets the excuse."
    assert verdict("8C 7C 3D 9C")["notes"] == []
    (kept,) = verdict("8C 7C 3D EX")["notes"]
    assert "never wins" in kept and "keeps it" in kept and "low card" in kept
    assert verdict("8C 7C 3D EX", context={"last_trick": True})["notes"] == [
        "The Excuse was played on the last trick: it goes to the trick's winner."
    ]


def test_a_request_answers_winner_seat_card_and_words() -> None:
    # Bob (seat 1) leads the 4 of Hearts; the Ace (index 1) is the highest red pip, played by
    # seat (1 + 1) % 4 = 2, Cat.
    found = verdict("4H AH 2H 3H", names=["Ann", "Bob", "Cat", "Dan"], leader=1)
    assert (found["winner"], found["winner_seat"], found["card"]) == (1, 2, "AH")
    assert found["words"].startswith("Cat wins with the Ace of Hearts: nobody played an atout")


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        # The text strips the red 10 through 5 and the black 6 through Ace.
        (
            {"players": 4, "cards": ["4H", "5H", "1T", "QH"]},
            "The Five of Hearts is not in the pack Tarock is played with.",
        ),
        (
            {"players": 4, "cards": ["10D", "4D", "1T", "QD"]},
            "The Ten of Diamonds is not in the pack Tarock is played with.",
        ),
        (
            {"players": 4, "cards": ["7S", "AS", "1T", "QS"]},
            "The Ace of Spades is not in the pack Tarock is played with.",
        ),
        (
            {"players": 4, "cards": ["7C", "6C", "1T", "QC"]},
            "The Six of Clubs is not in the pack Tarock is played with.",
        ),
        ({"players": 4, "cards": ["KH", "KH", "1T", "QH"]}, "The King of Hearts is played twice."),
        (
            {"players": 4, "cards": ["KH", "4H", "1T"]},
            "3 cards were given; a trick of Tarock at 4 players has 4.",
        ),
        (
            {"players": 4, "context": {"trump": "H"}, "cards": ["KH", "4H", "1T", "QH"]},
            "'trump' is not part of the context of a trick of Tarock.",
        ),
        ({"players": 3, "cards": ["KH", "4H", "1T"]}, "Tarock is played by 4 players."),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)
