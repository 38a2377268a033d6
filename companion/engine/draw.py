"""The draw of a club night: which entrants sit at which table in a round.

Pure: entrants are their numbers (1, 2, …), a seating is tables of numbers in seat order (the
first seat deals first). docs/rulings.md ("Club night") states the rules this follows:

- **Table sizes.** Tables have the event's size; a count that does not divide is seated either
  with tables of the other allowed size (`Fill.MIXED`: Skat 3 and 4, French Tarot 4 and 5,
  as many tables of the event's own size as the count allows) or with byes (`Fill.BYE`: the
  ones left over sit the round out, those with the fewest byes so far first).
- **Later rounds** (`Order.MIXED`) seat players so that as few pairs as possible meet again:
  greedy seating from a shuffled order (each seat goes to the player who has met the fewest
  of those already at the table), restarted `TRIES` times, then improved by swapping players
  between tables while a swap lowers the count; the lowest count wins. Deterministic for a
  seed. `Order.STANDINGS` seats the ranking in order instead (1–4 at table 1, …).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

TRIES = 60
"""Greedy restarts per draw: 60 keep 200 entrants well under a second (bench/README.md)."""


class Fill(StrEnum):
    """How a count that does not divide by the table size is seated."""

    MIXED = "mixed"  # tables of the other allowed size
    BYE = "bye"  # the ones left over sit the round out


class Order(StrEnum):
    """How rounds after the first are drawn."""

    MIXED = "mixed"  # as few pairs meeting again as possible
    STANDINGS = "standings"  # by the ranking: the leaders together


Pair = tuple[int, int]


@dataclass(frozen=True)
class Seating:
    """A round's tables (entrant numbers in seat order), who sits out, and how many pairs of
    players at these tables had already met in an earlier round (each earlier meeting counts)."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    repeats: int


def pair(a: int, b: int) -> Pair:
    """Two entrants as a pair, in the same order whichever comes first."""
    return (a, b) if a < b else (b, a)


def meetings(tables: Iterable[Sequence[int]]) -> Counter[Pair]:
    """How often each pair of entrants sat at one table, over these tables."""
    met: Counter[Pair] = Counter()
    for table in tables:
        met.update(pair(a, b) for a, b in combinations(table, 2))
    return met


def table_sizes(count: int, size: int, other: int | None, fill: Fill) -> tuple[list[int], int]:
    """The sizes of the tables for `count` entrants and how many sit out. MIXED uses tables
    of `other` size where the count needs them (as many of `size` as possible); a count no
    mix reaches seats what it can and the rest sit out."""
    if fill is Fill.MIXED and other:
        for seated in range(count, -1, -1):
            for extra in range(0, seated // other + 1):
                main, left = divmod(seated - extra * other, size)
                if left == 0:
                    sizes = [size] * main + [other] * extra
                    if sizes:
                        return sizes, count - seated
    tables = count // size
    return [size] * tables, count - tables * size


def repeats_of(tables: Sequence[Sequence[int]], met: Counter[Pair]) -> int:
    """How many earlier meetings the pairs at these tables have between them."""
    return sum(met[pair(a, b)] for table in tables for a, b in combinations(table, 2))


def choose_byes(
    entrants: Sequence[int], count: int, byes_so_far: Counter[int], rng: random.Random
) -> list[int]:
    """Who sits out: those with the fewest byes so far, drawn at random among equals."""
    order = list(entrants)
    rng.shuffle(order)
    order.sort(key=lambda entrant: byes_so_far[entrant])
    return sorted(order[:count])


def greedy(
    players: list[int], sizes: Sequence[int], met: Counter[Pair], rng: random.Random
) -> list[list[int]]:
    """One greedy seating: each seat goes to a waiting player who met the fewest of those
    already at the table (the first of them in a shuffled order)."""
    waiting = list(players)
    rng.shuffle(waiting)
    tables: list[list[int]] = []
    for size in sizes:
        table = [waiting.pop(0)]
        while len(table) < size:
            best = min(
                range(len(waiting)),
                key=lambda i: sum(met[pair(waiting[i], seated)] for seated in table),
            )
            table.append(waiting.pop(best))
        tables.append(table)
    return tables


def improve(tables: list[list[int]], met: Counter[Pair]) -> None:
    """Swap players between tables while a swap lowers the count of repeats."""
    better = True
    while better:
        better = False
        for one, two in combinations(range(len(tables)), 2):
            for i, j in ((i, j) for i in range(len(tables[one])) for j in range(len(tables[two]))):
                a, b = tables[one], tables[two]
                before = repeats_of((a, b), met)
                a[i], b[j] = b[j], a[i]
                if repeats_of((a, b), met) < before:
                    better = True
                else:
                    a[i], b[j] = b[j], a[i]


def draw(
    entrants: Sequence[int],
    sizes: Sequence[int],
    *,
    seed: int,
    met: Counter[Pair] | None = None,
    byes_so_far: Counter[int] | None = None,
    standings: Sequence[int] | None = None,
) -> Seating:
    """A round's seating of `entrants` at tables of `sizes` (the rest sit out). With
    `standings` (every entrant, best first) the tables are filled in that order; otherwise
    the fewest repeats of `met` found in `TRIES` seeded tries. Seats are shuffled at each
    table (the first seat deals first)."""
    rng = random.Random(seed)
    met = met or Counter()
    byes = choose_byes(entrants, len(entrants) - sum(sizes), byes_so_far or Counter(), rng)
    players = [entrant for entrant in entrants if entrant not in byes]
    if standings is not None:
        ordered = [entrant for entrant in standings if entrant in players]
        best, start = [], 0
        for size in sizes:
            best.append(ordered[start : start + size])
            start += size
    else:
        best, fewest = [], -1
        for _ in range(TRIES if met else 1):
            tables = greedy(players, sizes, met, rng)
            improve(tables, met)
            count = repeats_of(tables, met)
            if fewest < 0 or count < fewest:
                best, fewest = tables, count
            if fewest == 0:
                break
    for table in best:
        rng.shuffle(table)
    return Seating(tuple(map(tuple, best)), tuple(byes), repeats_of(best, met))


def swap(tables: Sequence[Sequence[int]], a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The tables with entrants `a` and `b` in each other's seats (the director's swap)."""
    swapped = {a: b, b: a}
    return tuple(tuple(swapped.get(seat, seat) for seat in table) for table in tables)
