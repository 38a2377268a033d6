"""Trick machinery: rank orders, the suit led, who followed, the winner, the lowest card, seats.

Every trick below is small enough to resolve at a glance; the expected index is worked out in
the comment (indices count from 0 = the card led).
"""

from __future__ import annotations

import pytest

from companion.kit.cards import ACE, JACK, KING, QUEEN, Card, Suit, parse
from companion.kit.tricks import (
    ACE_HIGH,
    PlayedTrick,
    RankOrder,
    TrickRanking,
    anyone_followed,
    followers,
    lowest_of_suit_led,
    seat_of,
    seats_in_play,
    sorted_cards,
    suit_led,
    winning_index,
)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from codes, in play order: "6S 10S QS 2S"."""
    return tuple(parse(code) for code in text.split())


# Ace low, King high: an order some games use, to show the order is data.
ACE_LOW = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING))


def test_ace_high_ranks_two_lowest_and_ace_highest() -> None:
    assert ACE_HIGH.strength(2) == 0
    assert ACE_HIGH.strength(ACE) == 12
    assert ACE_HIGH.strength(10) < ACE_HIGH.strength(JACK) < ACE_HIGH.strength(QUEEN)
    assert ACE_HIGH.strength(QUEEN) < ACE_HIGH.strength(KING) < ACE_HIGH.strength(ACE)


def test_a_rank_outside_the_order_is_an_error() -> None:
    stripped = RankOrder((2, 3, 4, 5, 6, JACK, QUEEN, KING, ACE))
    assert 7 not in stripped
    with pytest.raises(ValueError, match="rank 7"):
        stripped.strength(7)


def test_a_rank_order_lists_each_rank_once() -> None:
    with pytest.raises(ValueError, match="each rank once"):
        RankOrder((2, 3, 3))


def test_suit_led_and_followers() -> None:
    # Spade led; the 10 (index 1) and the 2 (index 3) follow, the Queen of hearts does not.
    trick = cards("6S 10S QH 2S")
    assert suit_led(trick) is Suit.SPADES
    assert followers(trick) == (1, 3)
    assert anyone_followed(trick)
    assert not anyone_followed(cards("6S 10H QD 2C"))


WINNERS = [
    # The highest spade is the Queen, played third (index 2).
    pytest.param("6S 10S QS 2S", ACE_HIGH, None, 2, id="highest of the suit led wins : Queen"),
    # Nobody follows: the card led (index 0) wins whatever its rank.
    pytest.param("6S 10H QD 2C", ACE_HIGH, None, 0, id="nobody followed : the lead wins"),
    # The King of hearts is off-suit and cannot win a spade trick: the 6 led wins.
    pytest.param("6S KH 2S 3S", ACE_HIGH, None, 0, id="off-suit cards never win : 6 led"),
    # Ace high: the Ace (index 3) beats the King (index 1).
    pytest.param("5D KD 9D AD", ACE_HIGH, None, 3, id="ace high : Ace beats King"),
    # Ace low: the King (index 1) beats the Ace.
    pytest.param("5D KD 9D AD", ACE_LOW, None, 1, id="ace low order as data : King beats Ace"),
    # Clubs trump: the only club (index 2), a Two, beats the Ace of the suit led.
    pytest.param("AS KS 2C 10S", ACE_HIGH, Suit.CLUBS, 2, id="a trump beats the suit led"),
    # Two trumps: the higher one (the 9, index 3) wins.
    pytest.param("AS 3C KS 9C", ACE_HIGH, Suit.CLUBS, 3, id="the highest trump wins"),
    # A trump suit named but none played: the highest spade, the Ace led, wins.
    pytest.param("AS KS 2H 10S", ACE_HIGH, Suit.CLUBS, 0, id="no trump played : suit led wins"),
]


@pytest.mark.parametrize(("played", "order", "trump", "expected"), WINNERS)
def test_winning_index(played: str, order: RankOrder, trump: Suit | None, expected: int) -> None:
    assert winning_index(cards(played), TrickRanking(order=order, trump=trump)) == expected


LOWEST = [
    # Spades played: 6, 10, Q, 2; the lowest is the 2 (index 3).
    pytest.param("6S 10S QS 2S", 3, id="the Two is lowest"),
    # Only the lead is a spade: it is also the lowest.
    pytest.param("6S 10H QD 2C", 0, id="nobody followed : the lead is lowest"),
    # The 2 of hearts is lower but off-suit; the lowest spade is the 5 (index 2).
    pytest.param("9S 2H 5S JS", 2, id="off-suit cards are ignored"),
]


@pytest.mark.parametrize(("played", "expected"), LOWEST)
def test_lowest_of_suit_led(played: str, expected: int) -> None:
    assert lowest_of_suit_led(cards(played), TrickRanking(order=ACE_HIGH)) == expected


@pytest.mark.parametrize(
    ("leader", "index", "count", "seat"),
    [
        # Seat 1 leads; the third card (index 2) is seat 1 + 2 = 3.
        pytest.param(1, 2, 4, 3, id="play goes left : seat 1 + 2"),
        # Seat 3 leads; index 2 wraps: (3 + 2) mod 4 = 1.
        pytest.param(3, 2, 4, 1, id="play goes left : wraps round a table of 4"),
        # Three players, seat 2 leads; index 1 is (2 + 1) mod 3 = 0.
        pytest.param(2, 1, 3, 0, id="play goes left : wraps round a table of 3"),
    ],
)
def test_seat_of(leader: int, index: int, count: int, seat: int) -> None:
    assert seat_of(leader, index, count) == seat


# Skat and Calabrasella: "At four players a trick has three cards (the dealer sits out)".
def test_the_seats_in_play_leave_out_the_dealer_sitting_out() -> None:
    assert seats_in_play(4, sitting_out=0) == (1, 2, 3)
    assert seats_in_play(4, sitting_out=2) == (0, 1, 3)
    assert seats_in_play(3) == (0, 1, 2)


@pytest.mark.parametrize(
    ("leader", "index", "out", "seat"),
    [
        # Seat 0 deals and sits out; seat 2 leads: 2, then 3, then round past 0 to seat 1.
        pytest.param(2, 2, 0, 1, id="the third card skips the dealer (seat 0)"),
        pytest.param(2, 1, 0, 3, id="the second card is the next seat"),
        # Seat 2 deals; seat 1 leads: 1, then 3 (seat 2 passed over), then 0.
        pytest.param(1, 1, 2, 3, id="the second card skips the dealer (seat 2)"),
        pytest.param(1, 2, 2, 0, id="the third card wraps to seat 0"),
        pytest.param(3, 0, 2, 3, id="the card led is the leader's"),
    ],
)
def test_seat_of_passes_over_the_seat_sitting_out(
    leader: int, index: int, out: int, seat: int
) -> None:
    assert seat_of(leader, index, 4, out) == seat


def test_the_seat_sitting_out_cannot_lead() -> None:
    with pytest.raises(ValueError, match="sits out"):
        seat_of(0, 1, 4, sitting_out=0)


def test_a_played_trick_names_its_winner_and_lowest_card() -> None:
    # Annie (seat 0) leads 6♠, Benny 10♠, Connie Q♠, Denny 2♠: Connie's Queen wins, 2♠ lowest.
    trick = PlayedTrick(cards("6S 10S QS 2S"), TrickRanking(order=ACE_HIGH))
    assert trick.followed
    assert trick.winning_card == parse("QS")
    assert trick.lowest_card == parse("2S")
    assert trick.winner(0) == 2
    # Led by Benny (seat 1) instead, the third card is Denny's (seat 3).
    assert trick.winner(1) == 3
    assert trick.seat(1, 3) == 0


def test_sorted_cards_go_suit_by_suit_from_two_to_ace() -> None:
    mixed = cards("AS 2C 10H 2S JH")
    assert [card.code for card in sorted_cards(mixed, ACE_HIGH)] == ["2S", "AS", "10H", "JH", "2C"]


def test_an_empty_trick_has_no_suit_led() -> None:
    with pytest.raises(ValueError):
        suit_led(())
