"""Tarocchini's trick referee: the 62-card Bolognese pack, hand-worked tricks, and requests it
answers or refuses.

Every expected winner is worked out in the comment above it from the text (seed 002,
"Tarocchini") or, where it is silent, the published Bolognese game (Parlett; docs/rulings.md):
indices count from 0 = the card led. The orders, strongest first:
    the Angelo (21), the Mondo (20), the Sole (19), the Luna (18), the numeri di scavezzo 17 … 6,
    the four Moretti (2–5, equal: the later played beats the earlier), the Begato (1): every
    trump above the suits ("the Begato … is ranked higher than Kings");
    French Tarot's suit order ("including suit rankings"), in a pack without the 2–5 pips:
    red King, Queen, Knight, Jack, Ace, 6 … 10; black King, Queen, Knight, Jack, 10 … 6, Ace;
    the Matto (the Excuse) lowest of all: it never wins.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import referee_for
from companion.games.tarocchini import PACK, REFEREE
from companion.kit.cards import ACE, PLAIN_SUITS, Suit
from tests.games.referees import judged, refusals


def verdict(cards: str, players: int = 4, **request: Any) -> dict[str, Any]:
    """The verdict on one trick (one card a player, in play order from the leader)."""
    return judged(REFEREE, {"players": players, "cards": cards.split(), **request})


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    return refusals(REFEREE, request)


def test_the_referee_is_registered_for_two_to_seven_players() -> None:
    assert referee_for("tarocchini") is REFEREE
    assert (REFEREE.name, REFEREE.player_counts) == ("Tarocchini", (2, 3, 4, 5, 6, 7))


def test_the_pack_is_the_bolognese_62() -> None:
    # "remove the 2-5 pip cards of all suits": 78 − 4 × 4 = 62; 10 cards a suit, 21 trumps and
    # the Matto.
    assert len(PACK) == 62
    pips = {
        suit: sorted(c.rank for c in PACK if c.suit is suit and c.rank <= 10)
        for suit in PLAIN_SUITS
    }
    assert all(pips[suit] == [ACE, 6, 7, 8, 9, 10] for suit in PLAIN_SUITS)
    assert sum(card.suit is Suit.TRUMP for card in PACK) == 21


TRICKS = [
    # "the 1 atouts is called the Begato and is ranked higher than Kings".
    pytest.param("KH 1T QH CH", 4, 1, id="the Begato over the King led"),
    # "the 21 atouts is called Angelo and is the highest ranked card": over the Mondo, Sole,
    # Luna.
    pytest.param("18T 21T 20T 19T", 4, 1, id="the Angelo the highest of several trumps"),
    # The grande above the numeri di scavezzo: the Luna (18) over 17 and 6.
    pytest.param("17T 6T 18T KS", 4, 2, id="the Luna over the numeri"),
    # The numeri above the Moretti: trump 6 beats trumps 5, 2 and 4.
    pytest.param("5T 2T 6T 4T", 4, 2, id="a numero over the Moretti"),
    # The Moretti are equal and the later one played wins (published: "the last one played
    # is the highest"): trump 2, played after trump 3, takes the trick.
    pytest.param("3T 2T KH QH", 4, 1, id="the later of two Moretti wins"),
    pytest.param("2T 5T 4T 3T", 4, 3, id="the last of four Moretti wins"),
    # The Moretti rank above the Begato: trump 2 over trump 1.
    pytest.param("1T 2T", 2, 1, id="a Moretto over the Begato"),
    # Spades led, nobody trumps: the King of Hearts is off-suit and cannot win; black "10 is
    # the highest valued pip and 1, or Ace, is the lowest": the 10 of Spades.
    pytest.param("6S 10S KH AS", 4, 1, id="an off-suit King never wins"),
    # Black: Ten down to Six, the Ace lowest.
    pytest.param("AC 6C 10C 9C", 4, 2, id="black suits: the Ten the highest pip"),
    pytest.param("AS 6S", 2, 1, id="black suits: the Six over the Ace"),
    # Red: "1, or Ace, is the highest ranking pip and 10 is the lowest": Ace, 6 … 10.
    pytest.param("10H AH 6H 9H", 4, 1, id="red suits: the Ace the highest pip"),
    pytest.param("10D 9D 7D", 3, 2, id="red suits: the Seven over the Nine and Ten"),
    # Courts above pips: the Jack beats the red Ace and the black Ten.
    pytest.param("AD JD 10D 6D", 4, 1, id="red: the Jack over the Ace"),
    pytest.param("10C JC 9C", 3, 1, id="black: the Jack over the Ten"),
    # The courts King, Queen, Knight, Jack.
    pytest.param("JS CS QS KS", 4, 3, id="the King over the Queen, Knight and Jack"),
    pytest.param("CH JH QH", 3, 2, id="the Queen over the Knight"),
    # The Matto led ("similar to the French tarot rules": "the next player determines the
    # suit"): Hearts; the red Ace over the 6; the King of Spades is off-suit.
    pytest.param("EX 6H KS AH", 4, 3, id="the Matto led, the next card sets the suit"),
    # "the Matto … is the lowest rank": played last, the 10 of Clubs (black Ten high) wins.
    pytest.param("6C 10C AD EX", 4, 1, id="the Matto played last never wins"),
    # Lowest of all, even against a single pip at two players.
    pytest.param("10H EX", 2, 0, id="the Matto below a Ten"),
    # Seven players, one card each: trump 6 is the only trump.
    pytest.param("KH QH CH JH AH 6T 10H", 7, 5, id="seven players"),
]


@pytest.mark.parametrize(("cards", "players", "winner"), TRICKS)
def test_each_rule_names_its_winner(cards: str, players: int, winner: int) -> None:
    found = verdict(cards, players)
    assert (found["winner"], found["card"]) == (winner, cards.split()[winner])


def test_the_words_name_the_trumps() -> None:
    assert verdict("18T 21T 20T 19T")["rule"] == (
        "the Angelo, trump 21, is the highest card in Tarocchini"
    )
    assert verdict("3T 2T KH QH")["rule"] == (
        "in Tarocchini the four Moretti (trumps 2–5) are "
        "equal, and the later one played beats the "
        "earlier"
    )
    assert verdict("KH 1T QH CH")["rule"].endswith(
        "beats every suit card, and the highest trump played wins: the Begato (trump 1)"
    )
    assert verdict("17T 6T 18T KS")["rule"].endswith("the Luna (trump 18)")
    assert verdict("5T 2T 6T 4T")["rule"].endswith("trump 6, a numero di scavezzo")


def test_the_words_of_each_suit_colour() -> None:
    assert verdict("10H AH 6H 9H")["rule"] == (
        "nobody played a trump, so the highest heart wins; in Tarocchini the red suits rank "
        "King, Queen, Knight, Jack, then the Ace, then the Six down to the Ten"
    )
    assert verdict("AC 6C 10C 9C")["rule"].endswith(
        "then the Ten down to the Six, and the Ace lowest"
    )
    assert "the Matto was led, so the next card set the suit" in verdict("EX 6H KS AH")["rule"]


def test_the_matto_stays_with_its_owner() -> None:
    assert verdict("6C 10C AD 9C")["notes"] == []
    (note,) = verdict("6C 10C AD EX")["notes"]
    assert note.startswith("The Matto never wins")
    assert "keeps it" in note and "on the last trick too" in note and "low card" in note


def test_a_request_answers_winner_seat_card_and_words() -> None:
    # Eve (seat 4 of 5) leads; the Angelo is the 3rd card (index 2), played by seat
    # (4 + 2) % 5 = 1, Bob.
    found = verdict("KH 20T 21T QH 1T", 5, names=["Ann", "Bob", "Cat", "Dan", "Eve"], leader=4)
    assert (found["winner"], found["winner_seat"], found["card"]) == (2, 1, "21T")
    assert found["words"] == (
        "Bob wins with trump 21: the Angelo, trump 21, is the highest card in Tarocchini"
    )


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        # "remove the 2-5 pip cards of all suits".
        (
            {"players": 4, "cards": ["6H", "5H", "1T", "QH"]},
            "The Five of Hearts is not in the pack Tarocchini is played with.",
        ),
        (
            {"players": 2, "cards": ["2C", "AC"]},
            "The Two of Clubs is not in the pack Tarocchini is played with.",
        ),
        ({"players": 4, "cards": ["EX", "EX", "1T", "QH"]}, "The Excuse is played twice."),
        (
            {"players": 3, "cards": ["KH", "1T", "QH", "CH"]},
            "4 cards were given; a trick of Tarocchini at 3 players has 3.",
        ),
        # The Matto stays with its owner on the last trick too: there is no last-trick box.
        (
            {"players": 4, "context": {"last_trick": True}, "cards": ["KH", "1T", "QH", "CH"]},
            "'last_trick' is not part of the context of a trick of Tarocchini.",
        ),
        (
            {"players": 8, "cards": ["KH", "1T", "QH", "CH", "JH", "AH", "6H", "7H"]},
            "Tarocchini is played by 2, 3, 4, 5, 6, 7 players.",
        ),
        ({"players": 1, "cards": ["KH"]}, "Tarocchini is played by 2, 3, 4, 5, 6, 7 players."),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)
