"""Counting card points: the games' point tables as data, and the sums a side can hold.

Shared by every game that counts cards in tricks (Skat, Calabrasella, Troggu, the tarots).
A table maps a card to its points; the functions never name a game. Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from companion.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
    is_bout,
)

PointTable = Callable[[Card], int]
"""A game's card values: how many points one card counts."""


def by_rank(values: Mapping[int, int]) -> PointTable:
    """A table that values a card by its rank alone (ranks not listed count 0)."""
    return lambda card: values.get(card.rank, 0)


# Skat (ISkO): Ace 11, Ten 10, King 4, Queen 3, Jack 2; Nine, Eight, Seven nothing. 120 in all.
SKAT_POINTS: PointTable = by_rank({ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2})

# Calabrasella (Foster, RULINGS.md): each Ace 3; each Three, Two, King, Queen and Jack 1;
# 32 in the cards, and the last trick is worth 3 more: 35 in all.
CALABRASELLA_POINTS: PointTable = by_rank({ACE: 3, 3: 1, 2: 1, KING: 1, QUEEN: 1, JACK: 1})
CALABRASELLA_LAST_TRICK = 3


def total_points(cards: Iterable[Card], table: PointTable) -> int:
    """The points of a pile of cards under a table."""
    return sum(table(card) for card in cards)


def achievable_totals(cards: Iterable[Card], table: PointTable) -> frozenset[int]:
    """Every total some subset of these cards can count (what one side can hold at the end).

    Skat's pack cannot make exactly 1 (the smallest counting card is a Jack, 2), so 1 and its
    complement 119 are impossible totals; this finds such gaps for any table.
    """
    sums = {0}
    for card in cards:
        value = table(card)
        if value:
            sums |= {total + value for total in sums}
    return frozenset(sums)


def side_points(counted: float, counted_this_side: bool, total: float) -> float:
    """One side's card points when either side's pile was counted: the other holds the rest.

    Players count whichever pile is easier; every game with a fixed total (Tarot 91, Skat 120,
    Calabrasella 35, Troggu 114) reads the soloist's points back the same way.
    """
    return counted if counted_this_side else total - counted



# Troggu (seed 002, RULINGS.md "The tarot family"), counted card by card: the bouts (trumps 1 and
# 21, the Excuse) 5 each; trumps 2–20 1 each; Kings 5, Queens 4, Knights 3, Jacks 2; pips 1.
# 114 in the 62-card pack (the tarot without the red 7–10 and the black Ace–4).
TROGGU_BOUT_POINTS = 5
TROGGU_TRUMP_POINTS = 1
TROGGU_COURT_POINTS: PointTable = by_rank(
    {TAROT_KING: 5, TAROT_QUEEN: 4, TAROT_KNIGHT: 3, TAROT_JACK: 2})
TROGGU_PIP_POINTS = 1


def troggu_points(card: Card) -> int:
    """Troggu's value of one card, by the table above (trumps first: their ranks reach 21)."""
    if is_bout(card):
        return TROGGU_BOUT_POINTS
    if card.suit is Suit.TRUMP:
        return TROGGU_TRUMP_POINTS
    return TROGGU_COURT_POINTS(card) or TROGGU_PIP_POINTS


TROGGU_POINTS: PointTable = troggu_points
