"""Scarto's trick referee: the pack, hand-worked tricks, and requests it answers or refuses.

Every expected winner is worked out in the comment above it from the text (seed 002, "Scarto")
or, where the text is silent (the Excuse), from the published Scarto (Parlett): indices count
from 0 = the card led. The text's orders, strongest first:
    atouts 21 … 1, all stronger than the suits ("the 1 atout is stronger than the king but not
    as strong as the 21 atout");
    spades and clubs: King, Queen, Knight, Jack, 10, 9 … 2, Ace;
    hearts and diamonds: King, Queen, Knight, Jack, Ace, 2 … 9, 10.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import judge_request, referee_for
from companion.games.scarto import PACK, REFEREE
from companion.kit.cards import Suit, parse
from tests.games.referees import judged, refusals


def verdict(cards: str, **request: Any) -> dict[str, Any]:
    """The verdict on one trick of three cards (in play order from the leader)."""
    return judged(REFEREE, {"players": 3, "cards": cards.split(), **request})


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    return refusals(REFEREE, request)


def test_the_referee_is_registered_for_three_players() -> None:
    assert referee_for("scarto") is REFEREE
    assert (REFEREE.name, REFEREE.player_counts) == ("Scarto", (3,))


def test_the_pack_is_the_whole_tarot() -> None:
    # "Any 78-card tarot deck will suffice": 4 suits of 14, 21 atouts and the Excuse.
    assert len(PACK) == 78
    assert len(set(PACK)) == 78
    assert sum(card.suit is Suit.TRUMP for card in PACK) == 21
    assert parse("EX", tarot=True) in PACK


TRICKS = [
    # "the 1 atout is stronger than the king": atout 1 beats the King of Hearts led.
    pytest.param("KH 5H 1T", 2, id="an atout over the suit led"),
    # "The strength starts with atouts": of 2, 21 and 5, the 21 is the strongest.
    pytest.param("2T 21T 5T", 1, id="the highest of several atouts"),
    # An atout led: the King of Spades is no atout and cannot win; atout 3 beats atout 2.
    pytest.param("2T KS 3T", 2, id="an atout led, a King cannot win it"),
    # "goes down through the lead suit": Spades led, the King of Hearts is off-suit and
    # cannot win; black "10 … stronger than the 1": the 3 beats the 2.
    pytest.param("2S KH 3S", 2, id="an off-suit King never wins"),
    # Black: "the 10, which is stronger than the 1, or Ace": Ten over Five over Ace.
    pytest.param("AS 10S 5S", 1, id="black suits: the Ten the strongest pip"),
    pytest.param("5C AC 4C", 0, id="black suits: the Ace the weakest pip"),
    # Red: "stronger than the 1 or Ace, which is stronger than the 10": Ace over Five over Ten.
    pytest.param("10H AH 5H", 1, id="red suits: the Ace the strongest pip"),
    pytest.param("10D 9D 2D", 2, id="red suits: the Two over the Nine and Ten"),
    # Courts above every pip: "the King is stronger than Jack, which is stronger than the 1"
    # (red): the Jack beats the red Ace.
    pytest.param("AH JH 2H", 1, id="red: the Jack over the Ace"),
    # and (black) the Jack beats the black Ten.
    pytest.param("10C JC 9C", 1, id="black: the Jack over the Ten"),
    # The courts among themselves, King, Queen, Knight, Jack: the Queen over Knight and Jack.
    pytest.param("JD CD QD", 2, id="the Queen over the Knight and the Jack"),
    pytest.param("QS KS CS", 1, id="the King over the Queen"),
    # Parlett: the Excuse led, "any card may be played second, and the third player must follow
    # suit to that": the 5 of Hearts sets Hearts; the King of Spades is off-suit.
    pytest.param("EX 5H KS", 1, id="the Excuse led, the next card sets the suit"),
    # The Excuse never wins: played last, the 5 of Clubs led beats the 2 (black: 5 over 2).
    pytest.param("5C 2C EX", 0, id="the Excuse played last never wins"),
    # The Excuse among atouts still never wins: atout 1 is the only card that can.
    pytest.param("KD EX 1T", 2, id="the Excuse under an atout"),
]


@pytest.mark.parametrize(("cards", "winner"), TRICKS)
def test_each_rule_names_its_winner(cards: str, winner: int) -> None:
    found = verdict(cards)
    assert (found["winner"], found["card"]) == (winner, cards.split()[winner])


def test_the_words_of_an_atout_and_of_each_suit_colour() -> None:
    assert "every atout is stronger" in verdict("KH 5H 1T")["rule"]
    assert verdict("10H AH 5H")["rule"] == (
        "nobody played an atout, so the strongest heart wins; in Scarto hearts and diamonds "
        "rank King, Queen, Knight, Jack, then the Ace down to the Ten"
    )
    assert verdict("AS 10S 5S")["rule"].endswith(
        "spades and clubs rank King, Queen, Knight, Jack, then the Ten down to the Ace"
    )
    assert "the Excuse was led, so the next card set the suit" in verdict("EX 5H KS")["rule"]


def test_the_excuse_stays_with_its_owner() -> None:
    assert verdict("5C 2C 3C")["notes"] == []
    (note,) = verdict("5C 2C EX")["notes"]
    assert "never wins" in note and "keeps it" in note and "low card" in note


def test_a_request_answers_winner_seat_card_and_words() -> None:
    # Cat (seat 2) leads the 10 of Hearts, Ann the Ace, Bob the 5: red Ace strongest, so the
    # 2nd card (index 1) wins, played by seat (2 + 1) % 3 = 0, Ann.
    found = verdict("10H AH 5H", names=["Ann", "Bob", "Cat"], leader=2)
    assert (found["winner"], found["winner_seat"], found["card"]) == (1, 0, "AH")
    assert found["card_name"] == "the Ace of Hearts"
    assert found["words"].startswith("Ann wins with the Ace of Hearts: nobody played an atout")


def test_several_tricks_in_one_request() -> None:
    answer, problems = judge_request(
        REFEREE,
        {"players": 3, "tricks": [{"cards": ["KH", "5H", "1T"]}, {"cards": ["EX", "5H", "KS"]}]},
    )
    assert problems == []
    # Atout 1 over the King; the Excuse led, Hearts set by the 5, which wins.
    assert [v["winner"] for v in answer["verdicts"]] == [2, 1]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"players": 3, "cards": ["KH", "KH", "1T"]}, "The King of Hearts is played twice."),
        (
            {"players": 3, "cards": ["KH", "5H"]},
            "2 cards were given; a trick of Scarto at 3 players has 3.",
        ),
        (
            {"players": 3, "cards": ["KH", "5H", "1T", "2T"]},
            "4 cards were given; a trick of Scarto at 3 players has 3.",
        ),
        ({"players": 3, "cards": ["KH", "ZZ", "1T"]}, "'ZZ' is not a card."),
        ({"players": 3, "cards": ["KH", "5H", "22T"]}, "'22T' is not a card."),
        # No last-trick rule in Scarto: the Excuse stays with its owner, so there is no such box.
        (
            {"players": 3, "context": {"last_trick": True}, "cards": ["KH", "5H", "1T"]},
            "'last_trick' is not part of the context of a trick of Scarto.",
        ),
        ({"players": 4, "cards": ["KH", "5H", "1T", "2T"]}, "Scarto is played by 3 players."),
        (
            {"players": 3, "options": {"suit_order": "fft"}, "cards": ["KH", "5H", "1T"]},
            "'suit_order' is not a house rule here.",
        ),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)
