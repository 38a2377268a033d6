"""Counting card points: the tarot family's table shape, sums a side can hold, either side."""

from __future__ import annotations

from companion.kit.cards import TAROT_JACK, TAROT_KING, Card, Suit, parse, tarot_pack
from companion.kit.counting import (
    achievable_totals,
    by_rank,
    side_points,
    tarot_points,
    total_points,
)

# A table of the tarot shape: bouts 5, Kings 4, Jacks 2, every other card 1.
TABLE = tarot_points(5, {TAROT_KING: 4, TAROT_JACK: 2}, 1)


def test_a_tarot_table_values_bouts_courts_and_the_rest() -> None:
    assert TABLE(parse("EX")) == 5 and TABLE(parse("1T")) == 5 and TABLE(parse("21T")) == 5
    # Trump 14 is not a King, although 14 is the King's rank number in a suit.
    assert TABLE(parse("14T")) == 1
    assert TABLE(Card(Suit.HEARTS, TAROT_KING, tarot=True)) == 4
    assert TABLE(Card(Suit.SPADES, TAROT_JACK, tarot=True)) == 2
    assert TABLE(Card(Suit.CLUBS, 7, tarot=True)) == 1


def test_the_whole_tarot_pack_under_that_table() -> None:
    # 3 bouts × 5 + 4 Kings × 4 + 4 Jacks × 2 + the other 67 cards × 1 = 15 + 16 + 8 + 67.
    assert total_points(tarot_pack(), TABLE) == 106


def test_what_a_side_can_hold() -> None:
    # Cards worth 2, 3 and 10: every subset sum.
    cards = [parse("JS"), parse("QS"), parse("10S")]
    table = by_rank({11: 2, 12: 3, 10: 10})
    assert achievable_totals(cards, table) == {0, 2, 3, 5, 10, 12, 13, 15}


def test_either_side_may_be_counted() -> None:
    assert side_points(47, True, 91) == 47
    assert side_points(47, False, 91) == 44
