"""Round 1 seeded by rating (docs/rulings.md, "Club night"): the rating order, the snake, and
the round it makes. The examples are dealt by hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.engine.seeding import rating_order, seeded_round, snake


def test_the_snake_deals_eight_to_two_tables_of_four() -> None:
    # Forward 1 → table 1, 2 → table 2; back 3 → table 2, 4 → table 1; forward 5, 6; back 7, 8.
    assert snake([1, 2, 3, 4, 5, 6, 7, 8], [4, 4]) == ((1, 4, 5, 8), (2, 3, 6, 7))


def test_the_snake_skips_a_full_table() -> None:
    # 11 at 4 + 4 + 3: 1 2 3 forward, 6 5 4 back, 7 8 9 forward (table 3 now full),
    # back 10 → table 2, 11 → table 1.
    assert snake(list(range(1, 12)), [4, 4, 3]) == ((1, 6, 7, 11), (2, 5, 8, 10), (3, 4, 9))


def test_the_snake_of_one_table_is_the_order() -> None:
    assert snake([3, 1, 2], [3]) == ((3, 1, 2),)


def test_the_snake_refuses_a_count_that_does_not_fill_the_tables() -> None:
    with pytest.raises(ValueError, match="fill"):
        snake([1, 2, 3], [4])


def test_rated_entrants_come_best_first_and_the_unrated_after_them() -> None:
    ratings = {2: 10.5, 4: -3.0, 5: 20.25}
    order = rating_order([1, 2, 3, 4, 5, 6], ratings, random.Random(7))
    assert order[:3] == [5, 2, 4]
    assert sorted(order[3:]) == [1, 3, 6]


def test_the_unrated_come_in_the_seeded_random_order() -> None:
    # The same seed, the same order; among 8 unrated entrants some seed gives another order.
    orders = {tuple(rating_order(range(1, 9), {}, random.Random(seed))) for seed in range(20)}
    assert len(orders) > 1
    assert rating_order(range(1, 9), {}, random.Random(3)) == rating_order(
        range(1, 9), {}, random.Random(3)
    )


def test_a_seeded_round_puts_the_snake_at_the_tables() -> None:
    # Entrants 1 … 8 rated 8, 7, … 1: the order is 1 … 8, so the tables hold 1, 4, 5, 8 and
    # 2, 3, 6, 7 (their seats shuffled: the first seat deals first).
    ratings = {n: float(9 - n) for n in range(1, 9)}
    seating = seeded_round(list(range(1, 9)), [4, 4], ratings, seed=11)
    assert [sorted(table) for table in seating.tables] == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert seating.byes == () and seating.repeats == 0


def test_a_seeded_round_with_a_bye_deals_the_others() -> None:
    # 9 at two tables of 4: one sits out (nobody has a bye yet: drawn); the 8 others, best
    # first, go 1st, 4th, 5th, 8th of them to table 1.
    ratings = {n: float(10 - n) for n in range(1, 10)}
    seating = seeded_round(list(range(1, 10)), [4, 4], ratings, seed=5, byes_so_far=Counter())
    (out,) = seating.byes
    others = [n for n in range(1, 10) if n != out]
    first = {others[0], others[3], others[4], others[7]}
    assert set(seating.tables[0]) == first
    assert set(seating.tables[1]) == set(others) - first
