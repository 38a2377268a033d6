"""The draw of a club night (docs/rulings.md, "Club night"): table sizes for every count, every
entrant seated once a round, no pair meeting twice where that can be avoided."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.engine.draw import Fill, draw, meetings, repeats_of, swap, table_sizes


def seated_once(tables: tuple[tuple[int, ...], ...], byes: tuple[int, ...], count: int) -> bool:
    everyone = [seat for table in tables for seat in table] + list(byes)
    return sorted(everyone) == list(range(1, count + 1))


SIZES = [
    # Skat, tables of 4 and 3: as many of 4 as the count allows.
    pytest.param(12, 4, 3, Fill.MIXED, [4, 4, 4], 0, id="skat 12 : three tables of 4"),
    pytest.param(10, 4, 3, Fill.MIXED, [4, 3, 3], 0, id="skat 10 = 4 + 3 + 3"),
    pytest.param(13, 4, 3, Fill.MIXED, [4, 3, 3, 3], 0, id="skat 13 = 4 + 3 + 3 + 3"),
    pytest.param(5, 4, 3, Fill.MIXED, [4], 1, id="skat 5 : no mix reaches it, one bye"),
    pytest.param(13, 3, 4, Fill.MIXED, [3, 3, 3, 4], 0, id="skat by threes 13 = 3 × 3 + 4"),
    # French Tarot, tables of 4 and 5.
    pytest.param(13, 4, 5, Fill.MIXED, [4, 4, 5], 0, id="tarot 13 = 4 + 4 + 5"),
    pytest.param(19, 4, 5, Fill.MIXED, [4, 5, 5, 5], 0, id="tarot 19 = 4 + 5 + 5 + 5"),
    pytest.param(11, 4, 5, Fill.MIXED, [5, 5], 1, id="tarot 11 : 5 + 5 and one bye"),
    # Byes.
    pytest.param(9, 4, 5, Fill.BYE, [4, 4], 1, id="bye : 9 at tables of 4, one sits out"),
    pytest.param(200, 4, 5, Fill.BYE, [4] * 50, 0, id="200 entrants at 50 tables"),
]


@pytest.mark.parametrize(("count", "size", "other", "fill", "sizes", "byes"), SIZES)
def test_table_sizes(
    count: int, size: int, other: int, fill: Fill, sizes: list[int], byes: int
) -> None:
    assert table_sizes(count, size, other, fill) == (sizes, byes)


def test_every_entrant_is_seated_once_in_each_of_five_rounds() -> None:
    met: Counter[tuple[int, int]] = Counter()
    for round_number in range(5):
        seating = draw(range(1, 14), [4, 4, 5], seed=round_number, met=met)
        assert seated_once(seating.tables, seating.byes, 13)
        assert [len(table) for table in seating.tables] == [4, 4, 5]
        met.update(meetings(seating.tables))


def test_sixteen_players_meet_nobody_twice_in_the_second_and_third_rounds() -> None:
    # 16 players at tables of 4 can play 5 rounds without a pair meeting twice (the affine
    # plane of order 4), so a repeat in round 2 or 3 is avoidable: the draw finds none.
    met: Counter[tuple[int, int]] = Counter()
    for round_number in range(3):
        seating = draw(range(1, 17), [4] * 4, seed=round_number, met=met)
        assert seating.repeats == 0
        assert repeats_of(seating.tables, met) == 0
        met.update(meetings(seating.tables))
    assert max(met.values()) == 1
    assert len(met) == 3 * 4 * 6  # 3 rounds × 4 tables × 6 pairs a table, all different


def test_eight_players_repeat_only_what_cannot_be_avoided() -> None:
    # Round 1: {1,2,3,4} and {5,6,7,8}. A table of 4 in round 2 holds 2 + 2, 3 + 1 or 4 + 0
    # of the two earlier tables: 1 + 1 = 2, 3 or 6 pairs meeting again. The least is two of
    # each at both tables: 2 + 2 = 4 repeats.
    first = ((1, 2, 3, 4), (5, 6, 7, 8))
    seating = draw(range(1, 9), [4, 4], seed=7, met=meetings(first))
    assert seating.repeats == 4
    for table in seating.tables:
        assert len(set(table) & {1, 2, 3, 4}) == 2


def test_byes_go_round() -> None:
    # 9 at tables of 4, one bye a round: in three rounds three different players sit out.
    byes: Counter[int] = Counter()
    met: Counter[tuple[int, int]] = Counter()
    for round_number in range(3):
        seating = draw(range(1, 10), [4, 4], seed=round_number, met=met, byes_so_far=byes)
        assert len(seating.byes) == 1 and seated_once(seating.tables, seating.byes, 9)
        byes.update(seating.byes)
        met.update(meetings(seating.tables))
    assert len(byes) == 3 and max(byes.values()) == 1


def test_the_same_seed_draws_the_same_tables() -> None:
    met = meetings([(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)])
    assert draw(range(1, 13), [4] * 3, seed=42, met=met) == draw(
        range(1, 13), [4] * 3, seed=42, met=met
    )


def test_by_the_standings_the_leaders_sit_together() -> None:
    standings = [5, 2, 8, 1, 7, 3, 6, 4]
    seating = draw(range(1, 9), [4, 4], seed=1, standings=standings)
    assert sorted(seating.tables[0]) == [1, 2, 5, 8]
    assert sorted(seating.tables[1]) == [3, 4, 6, 7]


def test_a_swap_exchanges_two_seats() -> None:
    assert swap([(1, 2, 3), (4, 5, 6)], 2, 6) == ((1, 6, 3), (4, 5, 2))
