"""Counting card points: the games' point tables as data, and the sums a side can hold.

Shared by every game that counts cards in tricks (Skat, Calabrasella, Troggu, the tarots).
A table maps a card to its points; each game keeps its own table in its module, and the
functions here never name a game. Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from companion.kit.cards import Card, Suit, is_bout

PointTable = Callable[[Card], int]
"""A game's card values: how many points one card counts."""


def by_rank(values: Mapping[int, int]) -> PointTable:
    """A table that values a card by its rank alone (ranks not listed count 0)."""
    return lambda card: values.get(card.rank, 0)


def tarot_points(bout: int, courts: Mapping[int, int], other: int) -> PointTable:
    """A tarot pack's table in the shape the tarot games share: each bout (trumps 1 and 21,
    the Excuse) `bout`, the courts by rank, every other card (pips, trumps 2–20) `other`."""

    def points(card: Card) -> int:
        if is_bout(card):
            return bout
        if card.suit is Suit.TRUMP:  # checked before the courts: trump ranks reach 21
            return other
        return courts.get(card.rank, other)

    return points


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
