"""Scoring shared by the games where one player takes on the rest (Skat, Calabrasella, Troggu,
the tarots): how one hand's result is spread over the seats. Pure Python.

Two ways of writing a hand down exist, and both are here:
- the *list*: only the declarer's score is written (Skat, Calabrasella); the list is balanced by
  differences at the end (`companion.kit.settlement.balance_by_differences`);
- *payments*: the soloist receives the amount from every opponent, or pays it to each (Troggu,
  French Tarot), so every hand is zero-sum on its own.
"""

from __future__ import annotations

from collections.abc import Iterable


def declarer_only(player_count: int, declarer: int, score: int) -> tuple[int, ...]:
    """The list way: the declarer's score in the declarer's column, nothing for anyone else."""
    points = [0] * player_count
    points[declarer] = score
    return tuple(points)


def one_against_rest(
    player_count: int, soloist: int, amount: int, opponents: Iterable[int] | None = None
) -> tuple[int, ...]:
    """The payment way: each opponent pays `amount` to the soloist (negative: receives it).

    `opponents` defaults to every other seat; a seat that sits the hand out may be left out.
    """
    payers = (
        [seat for seat in range(player_count) if seat != soloist]
        if opponents is None
        else list(opponents)
    )
    if soloist in payers:
        raise ValueError("the soloist cannot be one of the opponents")
    points = [0] * player_count
    for seat in payers:
        points[seat] -= amount
        points[soloist] += amount
    return tuple(points)


def each_pays_one(
    player_count: int, payer: int, amount: int, payees: Iterable[int] | None = None
) -> tuple[int, ...]:
    """One seat pays `amount` to each of `payees` (every other seat by default): Troggu's
    Misère, where the most points pays everyone with fewer."""
    return one_against_rest(player_count, payer, -amount, payees)


def add_points(*rows: tuple[int, ...]) -> tuple[int, ...]:
    """Seat-by-seat sum of several point rows of the same table (a score plus a bonus)."""
    return tuple(sum(column) for column in zip(*rows, strict=True))
