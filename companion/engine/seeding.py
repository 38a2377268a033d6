"""Round 1 of a club night seeded by rating (docs/rulings.md, "Club night"): the entrants in
order of their rating, then dealt to the tables in a snake so that each table gets a balanced
mix of strong and weaker players.

Pure: entrants are their numbers, a rating is the number a page shows for it (`Rating.shown`,
μ − 3σ). The order: rated entrants by rating, best first; those without a rating (no finished
session yet, a guest) after them. Ties and the unrated keep a seeded random order, so a draw
again deals them anew. The snake (serpentine seeding, as Swiss and club pairings deal their
seeds): rank 1 to table 1, 2 to table 2, …, n to table n, then n + 1 to table n, … back to
table 1, and so on; a table already full is skipped (tables of two sizes).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum

from companion.engine.draw import Seating, choose_byes


class Seeding(StrEnum):
    """How round 1 is seated."""

    RANDOM = "random"  # the draw (or the movement planned at once) as it stands
    RATING = "rating"  # by rating, dealt in a snake


def rating_order(
    entrants: Sequence[int], ratings: Mapping[int, float], rng: random.Random
) -> list[int]:
    """The entrants best-rated first, those without a rating last; ties and the unrated in
    the random order `rng` gives."""
    order = list(entrants)
    rng.shuffle(order)
    order.sort(key=lambda entrant: (entrant not in ratings, -ratings.get(entrant, 0.0)))
    return order


def snake(ordered: Sequence[int], sizes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The entrants `ordered` (best first) dealt to tables of `sizes` in a snake: forward
    over the tables, then back, skipping a table that is full. 8 at two tables of 4:
    (1, 4, 5, 8) and (2, 3, 6, 7)."""
    if sum(sizes) != len(ordered):
        raise ValueError("the entrants must fill the tables")
    tables: list[list[int]] = [[] for _ in sizes]
    forward = list(range(len(sizes)))
    turn = 0
    waiting = list(ordered)
    while waiting:
        lane = forward if turn % 2 == 0 else forward[::-1]
        for index in lane:
            if waiting and len(tables[index]) < sizes[index]:
                tables[index].append(waiting.pop(0))
        turn += 1
    return tuple(map(tuple, tables))


def seeded_round(
    entrants: Sequence[int],
    sizes: Sequence[int],
    ratings: Mapping[int, float],
    *,
    seed: int,
    byes_so_far: Counter[int] | None = None,
) -> Seating:
    """Round 1 seated by rating: who sits out drawn as the draw does (the fewest byes first),
    the others in `rating_order` dealt in a `snake`, the seats then shuffled at each table
    (the first seat deals first). No repeats: nothing was played before."""
    rng = random.Random(seed)
    byes = choose_byes(entrants, len(entrants) - sum(sizes), byes_so_far or Counter(), rng)
    players = [entrant for entrant in entrants if entrant not in byes]
    tables = [list(table) for table in snake(rating_order(players, ratings, rng), sizes)]
    for table in tables:
        rng.shuffle(table)
    return Seating(tuple(map(tuple, tables)), tuple(byes), 0)
