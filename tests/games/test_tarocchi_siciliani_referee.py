"""Tarocchi Siciliani's trick referee: the 63-card pack, hand-worked tricks, and requests it
answers or refuses.

Every expected winner is worked out in the comment above it from the text (seed 002, "Tarocchi
Siciliani": the pack stripped, "game play is exactly the same as Le Tarot Français") and French
Tarot's trick rules as written (seed 002, docs/rulings.md): indices count from 0 = the card led.
The orders, strongest first:
    atouts 21 … 1, all above the suits;
    black suits (pips 5–10 left): King, Queen, Knight, Jack, 10, 9, 8, 7, 6, 5;
    red suits, pips reversed ("1, or Ace, is the highest ranking pip and 10 is the lowest"):
    Diamonds (4–10 left) King, Queen, Knight, Jack, 4, 5 … 10; Hearts (5–10) the same from 5.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import referee_for
from companion.games.tarocchi_siciliani import PACK, REFEREE
from companion.kit.cards import PLAIN_SUITS, Suit
from tests.games.referees import judged, refusals


def verdict(cards: str, **request: Any) -> dict[str, Any]:
    """The verdict on one trick of four cards (in play order from the leader)."""
    return judged(REFEREE, {"players": 4, "cards": cards.split(), **request})


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    return refusals(REFEREE, request)


def test_the_referee_is_registered_for_four_players() -> None:
    assert referee_for("tarocchi-siciliani") is REFEREE
    assert (REFEREE.name, REFEREE.player_counts) == ("Tarocchi Siciliani", (4,))


def test_the_pack_is_the_text_s_63_cards() -> None:
    # The text: Diamonds lose the 3 through Ace (3 cards), every other suit the 4 through Ace
    # (4 each): 78 − 3 − 3 × 4 = 63; 11 diamonds, 10 in each other suit, 21 atouts, the Excuse.
    assert len(PACK) == 63
    pips = {
        suit: sorted(c.rank for c in PACK if c.suit is suit and c.rank <= 10)
        for suit in PLAIN_SUITS
    }
    assert pips == {
        Suit.DIAMONDS: list(range(4, 11)),
        Suit.HEARTS: list(range(5, 11)),
        Suit.SPADES: list(range(5, 11)),
        Suit.CLUBS: list(range(5, 11)),
    }
    assert sum(card.suit is Suit.TRUMP for card in PACK) == 21


TRICKS = [
    # French Tarot: "the winner of the trick is the one with the highest card of that suit or
    # atouts": atout 1 beats the King of Diamonds led.
    pytest.param("KD 4D 1T QD", 2, id="an atout over the suit led"),
    # "if there are 2 atouts played: 21 and 5 … the player who played 21": of 16, 21, 19, 1
    # the 21 wins.
    pytest.param("16T 21T 19T 1T", 1, id="the highest of several atouts"),
    # Spades led, nobody trumps: the King of Hearts is off-suit and cannot win; black pips
    # "10 is the highest valued pip": the 10 of Spades.
    pytest.param("5S 10S KH 6S", 1, id="an off-suit King never wins"),
    # Black: Ten down to Five.
    pytest.param("5C 9C 6C 10C", 3, id="black suits: the Ten the highest pip"),
    pytest.param("5S 6S 4D 5H", 1, id="black suits: the Six over the Five"),
    # Red pips reversed (no Ace in this pack): the Four is the highest diamond pip, the Ten
    # the lowest.
    pytest.param("10D 4D 7D 5D", 1, id="red suits: the Four of Diamonds the highest pip"),
    # Hearts, reversed: the Five over the Six over the Ten.
    pytest.param("10H 6H 5H 5C", 2, id="red suits: the Five of Hearts the highest pip"),
    # Courts above pips: the Jack (the lowest court) beats the Four of Diamonds and the Ten of
    # Clubs.
    pytest.param("4D JD 10D 5D", 1, id="red: the Jack over every pip"),
    pytest.param("10C 9C JC 5C", 2, id="black: the Jack over the Ten"),
    # The courts King, Queen, Knight, Jack.
    pytest.param("JS CS QS KS", 3, id="the King over the Queen, Knight and Jack"),
    pytest.param("CH JH QH 5H", 2, id="the Queen over the Knight"),
    # "If the trick is led with the excuse, the next player determines the suit": Hearts;
    # reversed red pips, the 5 over the 6; the King of Spades is off-suit.
    pytest.param("EX 6H KS 5H", 3, id="the Excuse led, the next card sets the suit"),
    # "the excuse may not win the trick": played last, the 6 of Clubs led beats the 5.
    pytest.param("6C 5C 4D EX", 0, id="the Excuse played last never wins"),
]


@pytest.mark.parametrize(("cards", "winner"), TRICKS)
def test_each_rule_names_its_winner(cards: str, winner: int) -> None:
    found = verdict(cards)
    assert (found["winner"], found["card"]) == (winner, cards.split()[winner])


def test_the_words_of_an_atout_and_of_each_suit_colour() -> None:
    assert "any atout beats every suit card" in verdict("KD 4D 1T QD")["rule"]
    assert verdict("10D 4D 7D 5D")["rule"] == (
        "nobody played an atout, so the highest diamond wins; in Tarocchi Siciliani Diamonds "
        "rank King, Queen, Knight, Jack, then the Four down to the Ten (red pips reversed, as in "
        "French Tarot)"
    )
    assert verdict("5C 9C 6C 10C")["rule"].endswith("then the Ten down to the Five")
    assert "the Excuse was led" in verdict("EX 6H KS 5H")["rule"]


def test_the_excuse_s_owner_keeps_it_except_on_the_last_trick() -> None:
    # French Tarot: "the player who played the excuse will keep the card in their trick pile";
    # "If the excuse is played on the last trick, the winner of the trick gets the excuse."
    assert verdict("6C 5C 4D 9C")["notes"] == []
    (kept,) = verdict("6C 5C 4D EX")["notes"]
    assert "never wins" in kept and "keeps it" in kept and "worth 1 point" in kept
    assert verdict("6C 5C 4D EX", context={"last_trick": True})["notes"] == [
        "The Excuse was played on the last trick: it goes to the trick's winner."
    ]


def test_a_request_answers_winner_seat_card_and_words() -> None:
    # Dan (seat 3) leads the 10 of Diamonds; the Four (index 1, the highest red pip here) was
    # played by seat (3 + 1) % 4 = 0, Ann.
    found = verdict("10D 4D 7D 5D", names=["Ann", "Bob", "Cat", "Dan"], leader=3)
    assert (found["winner"], found["winner_seat"], found["card"]) == (1, 0, "4D")
    assert found["words"].startswith("Ann wins with the Four of Diamonds: nobody played")


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        # Every suit but Diamonds loses the 4 through Ace; Diamonds lose the 3 through Ace.
        (
            {"players": 4, "cards": ["5H", "4H", "1T", "QH"]},
            "The Four of Hearts is not in the pack Tarocchi Siciliani is played with.",
        ),
        (
            {"players": 4, "cards": ["5D", "3D", "1T", "QD"]},
            "The Three of Diamonds is not in the pack Tarocchi Siciliani is played with.",
        ),
        (
            {"players": 4, "cards": ["5S", "AS", "1T", "QS"]},
            "The Ace of Spades is not in the pack Tarocchi Siciliani is played with.",
        ),
        ({"players": 4, "cards": ["KH", "KH", "1T", "QH"]}, "The King of Hearts is played twice."),
        (
            {"players": 4, "cards": ["KH", "5H", "1T", "QH", "JH"]},
            "5 cards were given; a trick of Tarocchi Siciliani at 4 players has 4.",
        ),
        (
            {"players": 4, "context": {"last": True}, "cards": ["KH", "5H", "1T", "QH"]},
            "'last' is not part of the context of a trick of Tarocchi Siciliani.",
        ),
        (
            {"players": 5, "cards": ["KH", "5H", "1T", "QH", "JH"]},
            "Tarocchi Siciliani is played by 4 players.",
        ),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)
