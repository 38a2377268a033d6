"""A club night's movement planned at once (docs/rulings.md, "Club night", the movement planned
at once): exact designs where the numbers fit one, otherwise as few repeat meetings as the
search finds and no third meeting where avoidable, against a lower bound computed by hand here."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.engine.draw import Fill, Pair, meetings, pair, repeats_of, table_sizes
from companion.engine.movement import Movement, Together, lower_bound, pigeonhole, plan

SEEDS = range(30)
FEW_SEEDS = range(8)  # the search's cases: each plan takes a fraction of a second


def entrants(count: int) -> range:
    return range(1, count + 1)


def all_meetings(movement: Movement, met: Counter[Pair] | None = None) -> Counter[Pair]:
    """Every meeting over the earlier rounds and the planned ones, counted from the tables."""
    total = Counter(met or Counter())
    for seating in movement.rounds:
        total.update(meetings(seating.tables))
    return total


def check_seated_once(movement: Movement, count: int, sizes: list[int]) -> None:
    """Every entrant at one table or sitting out, once a round, at tables of `sizes`."""
    for seating in movement.rounds:
        everyone = [seat for table in seating.tables for seat in table] + list(seating.byes)
        assert sorted(everyone) == list(entrants(count))
        assert [len(table) for table in seating.tables] == sizes


def recount(movement: Movement, met: Counter[Pair] | None = None) -> tuple[int, int]:
    """The repeat meetings (each planned meeting of a pair beyond its first ever) and the third
    or later meetings, counted from the tables independently of the planner."""
    seen = Counter(met or Counter())
    repeats = third = 0
    for seating in movement.rounds:
        for two, times in meetings(seating.tables).items():
            for _ in range(times):
                repeats += seen[two] >= 1
                third += seen[two] >= 2
                seen[two] += 1
    return repeats, third


EXACT = [
    pytest.param(9, 3, 4, id="9 at tables of 3, 4 rounds (AG(2,3))"),
    pytest.param(16, 4, 5, id="16 at tables of 4, 5 rounds (AG(2,4))"),
    pytest.param(25, 5, 6, id="25 at tables of 5, 6 rounds (AG(2,5))"),
    pytest.param(15, 3, 7, id="15 at tables of 3, 7 rounds (Kirkman)"),
    pytest.param(21, 3, 10, id="21 at tables of 3, 10 rounds (Kirkman)"),
    pytest.param(16, 4, 3, id="16 at tables of 4, 3 of the 5 rounds"),
]


@pytest.mark.parametrize(("count", "size", "rounds"), EXACT)
def test_an_exact_design_seats_no_pair_twice(count: int, size: int, rounds: int) -> None:
    sizes = [size] * (count // size)
    plans = [plan(entrants(count), sizes, rounds, seed=seed) for seed in SEEDS]
    for movement in plans:
        assert movement.exact and len(movement.rounds) == rounds
        check_seated_once(movement, count, sizes)
        assert max(all_meetings(movement).values()) == 1
        assert (movement.repeats, movement.third_meetings, movement.lower_bound) == (0, 0, 0)
        assert all(seating.repeats == 0 for seating in movement.rounds)
    assert len({movement.rounds for movement in plans}) == len(SEEDS)  # every evening differs


def test_the_same_seed_plans_the_same_movement() -> None:
    for count, sizes, rounds in ((16, [4] * 4, 5), (13, [4, 4, 5], 4), (9, [4, 4], 3)):
        assert plan(entrants(count), sizes, rounds, seed=5) == plan(
            entrants(count), sizes, rounds, seed=5
        )
        assert plan(entrants(count), sizes, rounds, seed=5) != plan(
            entrants(count), sizes, rounds, seed=6
        )


def test_the_lower_bound_by_hand() -> None:
    # 8 at two tables of 4, 2 rounds: each new table takes at best 2 + 2 of the two earlier
    # tables, 1 + 1 pairs meeting again; two tables: 4. Counting: 2 × 12 pairs − 28 < 0.
    assert pigeonhole([4, 4], [4, 4]) == 4
    assert lower_bound(8, [4, 4], 2) == 4
    # 16 at tables of 4, 5 rounds: 5 × 4 × 6 = 120 pairs seated, C(16, 2) = 120 exist; a new
    # table can take 1 + 1 + 1 + 1 of the four earlier tables: no repeat forced.
    assert lower_bound(16, [4] * 4, 5) == 0
    # 12 at three tables of 4, 3 rounds: a new table of 4 from three earlier tables takes at
    # best 2 + 1 + 1, one pair again; three tables: 3 in round 2 and 3 in round 3. Counting:
    # 3 × 3 × 6 = 54 pairs seated < C(12, 2) = 66 exist, nothing forced. Bound: 6.
    assert pigeonhole([4, 4, 4], [4, 4, 4]) == 3
    assert lower_bound(12, [4] * 3, 3) == 6
    # French Tarot 13 = 4 + 4 + 5, 4 rounds: 6 + 6 + 10 = 22 pairs a round, 88 in 4 rounds,
    # 78 exist: 10 by counting. A table of 4 from the earlier 4, 4, 5 takes 2 + 1 + 1 (1 pair),
    # the table of 5 takes 2 + 2 + 1 (2 pairs): 4 a round after the first, 12 over rounds 2–4.
    assert pigeonhole([4, 4, 5], [4, 4, 5]) == 4
    assert lower_bound(13, [4, 4, 5], 4) == 12
    # 9 at two tables of 4 and one bye, 6 rounds: 6 × 12 = 72 pairs seated, 36 exist: 36.
    assert lower_bound(9, [4, 4], 6) == 36
    # Re-planning 4 rounds of 16 after one played round (24 pairs met): 4 × 24 = 96 pairs
    # seated, 120 − 24 = 96 not yet met: nothing forced.
    assert lower_bound(16, [4] * 4, 4, met_pairs=24) == 0
    assert lower_bound(8, [4, 4], 0) == 0  # no round, no repeat


def test_eight_players_reach_the_bound() -> None:
    for seed in FEW_SEEDS:
        movement = plan(entrants(8), [4, 4], 2, seed=seed)
        assert (movement.repeats, movement.lower_bound) == (4, 4)
        assert recount(movement) == (4, 0)


def test_twelve_players_never_meet_a_third_time() -> None:
    # 12 at three tables of 4, 3 rounds. Round 2 repeats at least 3 pairs of round 1 (the
    # bound above). In round 3 a table of 4 holds two players of one round-1 table and two of
    # one round-2 table (pigeonhole, 3 tables each time): either one pair did both (a third
    # meeting) or two pairs meet again. So 6 repeats need three third meetings; with none, at
    # least 3 + 2 × 3 = 9. A third meeting costs (3 − 1)² = 4 against 1 for a second one: with
    # t tables holding one, the cost is at least (3 − t) + 4t + 2(3 − t) = 9 + t, so the
    # planner's choice is 9 repeats and none of them a third meeting.
    for seed in FEW_SEEDS:
        movement = plan(entrants(12), [4] * 3, 3, seed=seed)
        check_seated_once(movement, 12, [4, 4, 4])
        assert max(all_meetings(movement).values()) == 2
        assert (movement.repeats, movement.third_meetings, movement.lower_bound) == (9, 0, 6)
        assert recount(movement) == (9, 0)


def test_a_pair_meeting_three_times_counts_two() -> None:
    # Four players at one table for three rounds: each of the 6 pairs meets 3 times, 2 repeats
    # each: 12, of which 6 third meetings. The draw's count of a round counts each earlier
    # meeting: 6 in round 2, 12 in round 3.
    movement = plan(entrants(4), [4], 3, seed=1)
    assert (movement.repeats, movement.third_meetings, movement.lower_bound) == (12, 6, 12)
    assert [seating.repeats for seating in movement.rounds] == [0, 6, 12]


def test_the_rounds_count_repeats_as_the_draw_does() -> None:
    met = meetings([(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)])
    movement = plan(entrants(13), [4, 4, 5], 4, seed=3, met=met)
    check_seated_once(movement, 13, table_sizes(13, 4, 5, Fill.MIXED)[0])
    running = Counter(met)
    for seating in movement.rounds:
        assert seating.repeats == repeats_of(seating.tables, running)
        running.update(meetings(seating.tables))
    assert (movement.repeats, movement.third_meetings) == recount(movement, met)


def test_pairs_kept_apart_never_sit_together() -> None:
    apart = {(1, 2), (3, 4), (5, 9)}
    for seed in FEW_SEEDS:
        for count, sizes, rounds in ((16, [4] * 4, 4), (16, [4] * 4, 5), (13, [4, 4, 5], 4)):
            movement = plan(entrants(count), sizes, rounds, seed=seed, apart=apart)
            assert movement.apart_broken == ()
            assert not set(all_meetings(movement)) & apart
    # Four of the five rounds of AG(2, 4) leave one class out, where the pairs can be put.
    assert plan(entrants(16), [4] * 4, 4, seed=1, apart=apart).exact


def test_a_pair_that_cannot_be_kept_apart_is_reported() -> None:
    movement = plan(entrants(4), [4], 2, seed=1, apart=[(2, 1)])
    assert movement.apart_broken == (Together(0, (1, 2)), Together(1, (1, 2)))


def test_a_replan_after_round_one_of_sixteen_meets_nobody_twice() -> None:
    first = [(1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16)]
    met = meetings(first)
    for seed in SEEDS:
        movement = plan(entrants(16), [4] * 4, 4, seed=seed, met=met)
        assert movement.exact and movement.repeats == 0
        assert max(all_meetings(movement, met).values()) == 1  # over all five rounds


def test_a_late_entrant_counts_against_everything_before() -> None:
    # Round 1 of 12 at three tables of 4 was played; entrant 13 arrives: 4 + 4 + 5.
    met = meetings([(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)])
    for seed in FEW_SEEDS:
        movement = plan(entrants(13), [4, 4, 5], 3, seed=seed, met=met)
        assert (movement.repeats, movement.third_meetings) == recount(movement, met)
        assert movement.repeats >= movement.lower_bound


def fewest_byes_first(movement: Movement, byes_so_far: Counter[int]) -> bool:
    """Each round's byes had sat out no more often than anyone seated that round."""
    counts = Counter(byes_so_far)
    for seating in movement.rounds:
        seated = [seat for table in seating.tables for seat in table]
        if seating.byes and max(counts[b] for b in seating.byes) > min(counts[s] for s in seated):
            return False
        counts.update(seating.byes)
    return True


def test_byes_go_round_evenly() -> None:
    # 9 at two tables of 4: one bye a round. Entrant 1 sat out round 1; over 8 more rounds the
    # 8 others sit out once each and entrant 1 not again.
    met = meetings([(2, 3, 4, 5), (6, 7, 8, 9)])
    so_far = Counter({1: 1})
    for seed in FEW_SEEDS:
        movement = plan(entrants(9), [4, 4], 8, seed=seed, met=met, byes_so_far=so_far)
        check_seated_once(movement, 9, [4, 4])
        byes = Counter(bye for seating in movement.rounds for bye in seating.byes)
        assert byes == Counter(range(2, 10))
        assert fewest_byes_first(movement, so_far)
    for seed in FEW_SEEDS:  # 6 rounds from nothing: six different players sit out
        movement = plan(entrants(9), [4, 4], 6, seed=seed)
        assert len({b for seating in movement.rounds for b in seating.byes}) == 6
        assert fewest_byes_first(movement, Counter())


def test_two_hundred_entrants_meet_nobody_twice() -> None:
    # 10 rounds at 50 tables of 4: each entrant meets 30 of 199 others; the bound is 0
    # (10 × 50 × 6 = 3,000 pairs seated of 19,900) and the search reaches it.
    movement = plan(entrants(200), [4] * 50, 10, seed=1)
    check_seated_once(movement, 200, [4] * 50)
    assert (movement.repeats, movement.lower_bound) == (0, 0)
    assert max(all_meetings(movement).values()) == 1


def test_numbers_that_cannot_be_seated_are_refused() -> None:
    with pytest.raises(ValueError):
        plan(entrants(7), [4, 4], 1, seed=1)
    with pytest.raises(ValueError):
        plan([1, 1, 2, 3], [4], 1, seed=1)


def test_pairs_are_read_in_either_order() -> None:
    met = Counter({(2, 1): 1, pair(3, 4): 1})
    movement = plan(entrants(4), [4], 1, seed=1, met=met)
    assert movement.repeats == 2 and movement.rounds[0].repeats == 2
