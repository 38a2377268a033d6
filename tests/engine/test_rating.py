"""The rating's pure parts: a table's standing as ranks, a session as a match, and the model's
numbers, which are the library's own (computed here by calling openskill directly)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from companion.engine.rating import Match, Rating, match_of, rate, rebuild, standing_ranks


@pytest.mark.parametrize(
    ("totals", "lower", "ranks"),
    [
        ((382, 134, -114, -402), False, (1, 2, 3, 4)),
        ((268, -268, 268, -268), False, (1, 3, 1, 3)),  # shared places, competition style
        ((0, 2, 1), True, (1, 3, 2)),  # goats: fewer is better
    ],
    ids=["in order", "ties share a rank", "fewer is better"],
)
def test_a_tables_final_standing_is_its_ranks(
    totals: tuple[int, ...], lower: bool, ranks: tuple[int, ...]
) -> None:
    assert standing_ranks(totals, lower_is_better=lower) == ranks


def test_a_player_in_two_seats_is_rated_in_the_first_and_a_lone_seat_is_no_match() -> None:
    match = match_of("s", "2025-01-01", "whist", [((1, 2), 5), ((3, 1), 7)])
    assert match == Match("s", "2025-01-01", "whist", ((1, 2), (3,)), (2, 1))
    assert match_of("s", "2025-01-01", "wish-solitaire", [((1,), 3)]) is None


def test_the_ratings_are_the_librarys_own_numbers() -> None:
    # The library's defaults: μ 25, σ 25/3, β 25/6, κ 0.0001, τ 25/300.
    model = PlackettLuce()
    first = Match("t1", "2025-01-01", "skat", ((1,), (2,), (3,), (4,)), (1, 2, 4, 3))
    second = Match("t2", "2025-01-02", "skat", ((1,), (3,), (5,)), (1, 2, 2))
    a, b, c, d = ([model.rating()] for _ in range(4))
    [a], [b], [c], [d] = model.rate([a, b, c, d], ranks=[1, 2, 4, 3])
    [a2], [c2], [e] = model.rate([[a], [c], [model.rating()]], ranks=[1, 2, 2])
    rated = rebuild([first, second])
    expected = {1: a2, 2: b, 3: c2, 4: d, 5: e}
    assert {p: (r.mu, r.sigma) for p, r in rated.now.items()} == {
        p: (r.mu, r.sigma) for p, r in expected.items()
    }
    assert rated.now[1].mu > 25 and rated.now[4].mu < 25
    assert [step.key for step in rated.history[1]] == ["t1", "t2"]
    assert rated.now[1].shown == pytest.approx(a2.ordinal())
    # Rated match by match, the same as rebuilt from all of them.
    step_by_step = rate(rate({}, first), second)
    assert step_by_step[1] == rated.now[1] and rate({}, first)[2] == rated.now[2]
    assert Rating().shown == pytest.approx(0.0)
