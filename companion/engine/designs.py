"""Exact movements: seatings in which no two players ever meet twice (resolvable designs).

Pure combinatorics, no entrants' numbers: a design's players are its points 0 … v − 1, its
rounds are its parallel classes (each a partition of the points into tables of one size), and
every pair of points sits together in exactly one class. docs/rulings.md ("Club night", the
movement planned at once) says where they are used:

- **Affine planes AG(2, q)** for q = 3, 4, 5: q² points (x, y) over the field of q elements;
  the lines y = m·x + c for each slope m, and x = c, fall into q + 1 parallel classes of q lines
  of q points: 9 players at tables of 3 over up to 4 rounds, 16 at tables of 4 over up to 5,
  25 at tables of 5 over up to 6.
- **A Kirkman triple system** of 15 points (Kirkman's schoolgirls): 7 rounds of 5 tables of 3.
  Built from the projective space PG(3, 2): its points are the 15 non-zero vectors of four bits,
  its lines the triples {a, b, a XOR b}; a spread is 5 lines that cover every point once, and 7
  spreads that share no line (a packing, found by a small exact-cover search) are 7 rounds in
  which every pair meets once.
- **A Kirkman triple system** of 21 points: 10 rounds of 7 tables of 3, from a base round
  turned modulo 7 and three rounds that turning leaves alone (`kirkman_21`).

`embedding` labels a design's points with entrants so that pairs that must not meet in the
planned rounds (those who met before, those to be kept apart) fall in the classes left out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

Table = tuple[int, ...]
ParallelClass = tuple[Table, ...]

EMBEDDING_STEPS = 4_000
"""Labels tried per choice of the classes left out before the search gives up on that choice."""

CLASS_CHOICES = 12
"""Choices of the classes left out tried before `embedding` gives up."""


@dataclass(frozen=True)
class Design:
    """A resolvable design: `points` players, its parallel classes (rounds of tables of one
    size), and for each pair of points the one class in which they sit together."""

    points: int
    table_size: int
    classes: tuple[ParallelClass, ...]
    class_of_pair: tuple[tuple[int, ...], ...]


def design_of(points: int, classes: Sequence[ParallelClass]) -> Design:
    """The design of these classes, its pairs' classes indexed; checks that every pair of points
    meets in exactly one class (it is an error in this module's constructions otherwise)."""
    class_of_pair = [[-1] * points for _ in range(points)]
    for index, parallel in enumerate(classes):
        for table in parallel:
            for a, b in combinations(table, 2):
                if class_of_pair[a][b] >= 0:
                    raise ValueError(f"points {a} and {b} meet twice")
                class_of_pair[a][b] = class_of_pair[b][a] = index
    if any(class_of_pair[a][b] < 0 for a, b in combinations(range(points), 2)):
        raise ValueError("a pair of points never meets")
    size = len(classes[0][0])
    return Design(points, size, tuple(classes), tuple(map(tuple, class_of_pair)))


def gf4_product(a: int, b: int) -> int:
    """The product in GF(4): the elements 0 … 3 are the polynomials a₁x + a₀ over GF(2) (the
    bits of the number), reduced by x² = x + 1."""
    a1, a0, b1, b0 = a >> 1, a & 1, b >> 1, b & 1
    square = a1 & b1  # the x² term, which becomes x + 1
    return ((square ^ (a1 & b0) ^ (a0 & b1)) << 1) | (square ^ (a0 & b0))


def field(order: int) -> tuple[list[list[int]], list[list[int]]]:
    """The addition and multiplication tables of the field of `order` elements (3, 4 or 5):
    arithmetic modulo a prime, or GF(4) with addition as XOR."""
    elements = range(order)
    if order == 4:
        return [[a ^ b for b in elements] for a in elements], [
            [gf4_product(a, b) for b in elements] for a in elements
        ]
    if order not in (2, 3, 5, 7):
        raise ValueError(f"no field of {order} elements here")
    return [[(a + b) % order for b in elements] for a in elements], [
        [(a * b) % order for b in elements] for a in elements
    ]


@cache
def affine_plane(q: int) -> Design:
    """AG(2, q): the point (x, y) is player x·q + y; one class for each slope m (the lines
    y = m·x + c) and one for the vertical lines x = c."""
    add, mul = field(q)
    elements = range(q)
    classes: list[ParallelClass] = [
        tuple(tuple(x * q + add[mul[m][x]][c] for x in elements) for c in elements)
        for m in elements
    ]
    classes.append(tuple(tuple(c * q + y for y in elements) for c in elements))
    return design_of(q * q, classes)


def spreads_of_pg32() -> list[frozenset[frozenset[int]]]:
    """Every spread of PG(3, 2): 5 lines {a, b, a XOR b} (points 1 … 15) covering each point once."""
    lines = sorted({frozenset((a, b, a ^ b)) for a in range(1, 16) for b in range(1, 16) if a != b})
    found: list[frozenset[frozenset[int]]] = []

    def extend(chosen: list[frozenset[int]], covered: frozenset[int]) -> None:
        if len(covered) == 15:
            found.append(frozenset(chosen))
            return
        first = min(set(range(1, 16)) - covered)
        for line in lines:
            if first in line and not line & covered:
                extend([*chosen, line], covered | line)

    extend([], frozenset())
    return found


@cache
def kirkman_15() -> Design:
    """A Kirkman triple system of 15 points: 7 spreads of PG(3, 2) sharing no line, found by an
    exact cover of the 35 lines (point p of PG(3, 2) is player p − 1)."""
    spreads = spreads_of_pg32()
    lines = sorted({line for spread in spreads for line in spread}, key=sorted)

    def pack(chosen: list[frozenset[frozenset[int]]]) -> list[frozenset[frozenset[int]]] | None:
        used = frozenset().union(*chosen)
        if len(used) == len(lines):
            return chosen
        first = next(line for line in lines if line not in used)
        for spread in spreads:
            if first in spread and not spread & used:
                found = pack([*chosen, spread])
                if found:
                    return found
        return None

    packing = pack([])
    assert packing is not None, "PG(3, 2) has packings"
    classes = [
        tuple(tuple(sorted(point - 1 for point in line)) for line in sorted(spread, key=sorted))
        for spread in packing
    ]
    return design_of(15, classes)


KIRKMAN_21_BASE = (
    ((0, 0), (1, 0), (3, 0)),
    ((2, 0), (0, 1), (6, 2)),
    ((4, 0), (1, 1), (3, 2)),
    ((5, 0), (4, 1), (1, 2)),
    ((6, 0), (2, 1), (0, 2)),
    ((3, 1), (5, 1), (6, 1)),
    ((2, 2), (4, 2), (5, 2)),
)
"""The base round of `kirkman_21`: 7 tables of points (x, level), x modulo 7."""

KIRKMAN_21_SHIFTS = ((0, 0), (1, 2), (2, 5))
"""The rounds of `kirkman_21` that turning leaves alone: (x, 0), (x + a, 1), (x + b, 2)."""


@cache
def kirkman_21() -> Design:
    """A Kirkman triple system of 21 points (x, level), x modulo 7 and level 0 … 2, player
    7·level + x: the 7 turns x → x + t of `KIRKMAN_21_BASE` and the 3 rounds of
    `KIRKMAN_21_SHIFTS` (found by a search over such systems; `design_of` checks that every
    pair meets once)."""

    def player(x: int, level: int) -> int:
        return 7 * level + x % 7

    classes: list[ParallelClass] = [
        tuple((player(x, 0), player(x + a, 1), player(x + b, 2)) for x in range(7))
        for a, b in KIRKMAN_21_SHIFTS
    ]
    classes += [
        tuple(tuple(player(x + turn, level) for x, level in table) for table in KIRKMAN_21_BASE)
        for turn in range(7)
    ]
    return design_of(21, classes)


def design_for(count: int, table_size: int) -> Design | None:
    """The exact design for `count` players at tables of `table_size`, if this module has one."""
    if table_size in (3, 4, 5) and count == table_size * table_size:
        return affine_plane(table_size)
    if (count, table_size) == (15, 3):
        return kirkman_15()
    if (count, table_size) == (21, 3):
        return kirkman_21()
    return None


def embedding(
    design: Design, rounds: int, separate: Sequence[tuple[int, int]], rng: random.Random
) -> tuple[list[int], list[int]] | None:
    """Players 0 … v − 1 on the design's points and `rounds` of its classes such that no pair
    of `separate` sits together in those classes: (the point of each player, the classes in a
    shuffled order), or None when the search's budget runs out first. Without pairs to separate
    the labelling is a uniformly random one."""
    count = len(design.classes)
    neighbours: list[list[int]] = [[] for _ in range(design.points)]
    for a, b in separate:
        neighbours[a].append(b)
        neighbours[b].append(a)
    order = constrained_first(neighbours, rng)
    choices = list(combinations(range(count), count - rounds))
    rng.shuffle(choices)
    for left_out in choices[:CLASS_CHOICES]:
        points = labelling(design, order, neighbours, frozenset(left_out), rng)
        if points is not None:
            played = [index for index in range(count) if index not in left_out]
            rng.shuffle(played)
            return points, played
    return None


def constrained_first(neighbours: Sequence[Sequence[int]], rng: random.Random) -> list[int]:
    """The players in the order they are labelled: from the one with the most pairs to separate,
    each next one a neighbour of those placed when there is one (constraints bite early), the
    rest in a shuffled order."""
    shuffled = list(range(len(neighbours)))
    rng.shuffle(shuffled)
    shuffled.sort(key=lambda player: -len(neighbours[player]))
    order: list[int] = []
    placed: set[int] = set()
    for start in shuffled:
        queue = [start]
        while queue:
            player = queue.pop(0)
            if player not in placed:
                placed.add(player)
                order.append(player)
                queue += [other for other in neighbours[player] if other not in placed]
    return order


def labelling(
    design: Design,
    order: Sequence[int],
    neighbours: Sequence[Sequence[int]],
    left_out: frozenset[int],
    rng: random.Random,
) -> list[int] | None:
    """A point for each player (depth first, in `order`) such that every pair to separate meets
    only in a class of `left_out`; None when `EMBEDDING_STEPS` tries are spent first."""
    point_of = [-1] * design.points
    free = set(range(design.points))
    budget = [EMBEDDING_STEPS]

    def place(position: int) -> bool:
        if position == len(order):
            return True
        player = order[position]
        candidates = sorted(free)
        rng.shuffle(candidates)
        for point in candidates:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            row = design.class_of_pair[point]
            if all(
                point_of[other] < 0 or row[point_of[other]] in left_out
                for other in neighbours[player]
            ):
                point_of[player] = point
                free.discard(point)
                if place(position + 1):
                    return True
                point_of[player] = -1
                free.add(point)
        return False

    return point_of if place(0) else None
