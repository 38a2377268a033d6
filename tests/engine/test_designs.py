"""The exact designs behind a planned movement (docs/rulings.md, "Club night", the movement
planned at once): each round seats every player once at tables of one size, and over all the
rounds every pair of players sits together exactly once."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest

from companion.engine.designs import (
    Design,
    affine_plane,
    design_for,
    embedding,
    field,
    gf4_product,
    kirkman_15,
    kirkman_21,
)

DESIGNS = [
    # (the design, players, table size, rounds): AG(2, q) has q + 1 parallel classes of q lines
    # of q points; a Kirkman triple system of v points has (v − 1) / 2 rounds of v / 3 tables.
    pytest.param(lambda: affine_plane(3), 9, 3, 4, id="AG(2,3): 9 at tables of 3, 4 rounds"),
    pytest.param(lambda: affine_plane(4), 16, 4, 5, id="AG(2,4): 16 at tables of 4, 5 rounds"),
    pytest.param(lambda: affine_plane(5), 25, 5, 6, id="AG(2,5): 25 at tables of 5, 6 rounds"),
    pytest.param(kirkman_15, 15, 3, 7, id="KTS(15): 15 at tables of 3, 7 rounds"),
    pytest.param(kirkman_21, 21, 3, 10, id="KTS(21): 21 at tables of 3, 10 rounds"),
]


@pytest.mark.parametrize(("make", "players", "size", "rounds"), DESIGNS)
def test_every_pair_meets_exactly_once(
    make: Callable[[], Design], players: int, size: int, rounds: int
) -> None:
    design = make()
    assert (design.points, design.table_size, len(design.classes)) == (players, size, rounds)
    met: Counter[tuple[int, int]] = Counter()
    for parallel in design.classes:
        assert sorted(point for table in parallel for point in table) == list(range(players))
        assert {len(table) for table in parallel} == {size}
        for table in parallel:
            met.update(combinations(sorted(table), 2))
    assert set(met) == set(combinations(range(players), 2))
    assert set(met.values()) == {1}


def test_gf4_follows_x_squared_is_x_plus_one() -> None:
    # 2 is x and 3 is x + 1: x·x = x + 1, x·(x + 1) = x² + x = 1, (x + 1)² = x² + 1 = x.
    assert gf4_product(2, 2) == 3
    assert gf4_product(2, 3) == 1
    assert gf4_product(3, 3) == 2
    add, mul = field(4)
    for a in range(4):
        assert mul[1][a] == a and mul[0][a] == 0
        if a:
            assert sum(1 for b in range(4) if mul[a][b] == 1) == 1  # one inverse
        for b in range(4):
            for c in range(4):
                assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]  # distributive over XOR


def test_design_for_fits_the_numbers_exactly() -> None:
    assert design_for(16, 4) is affine_plane(4)
    assert design_for(15, 3) is kirkman_15()
    assert design_for(21, 3) is kirkman_21()
    assert design_for(16, 3) is None
    assert design_for(36, 6) is None  # no affine plane of order 6


def test_an_embedding_keeps_separated_pairs_in_the_classes_left_out() -> None:
    # One round already played: players 0–3, 4–7, 8–11 and 12–15 met. Four more rounds of the
    # five of AG(2, 4) must seat nobody of one earlier table together again.
    played = [range(0, 4), range(4, 8), range(8, 12), range(12, 16)]
    separate = [two for table in played for two in combinations(table, 2)]
    design = affine_plane(4)
    for seed in range(20):
        found = embedding(design, 4, separate, random.Random(seed))
        assert found is not None
        point_of, classes = found
        assert sorted(point_of) == list(range(16)) and len(set(classes)) == 4
        for a, b in separate:
            assert design.class_of_pair[point_of[a]][point_of[b]] not in classes


def test_no_embedding_when_every_class_is_played() -> None:
    # All five rounds of AG(2, 4) seat every pair once: a pair to separate cannot be.
    assert embedding(affine_plane(4), 5, [(0, 1)], random.Random(1)) is None
