"""The ranking across tables (docs/rulings.md, "Club night"): sums, placing points, ties."""

from __future__ import annotations

from companion.engine.ranking import Line, Method, TableScore, placing_points, rank


def test_placing_points_one_per_player_beaten_half_per_tie() -> None:
    # 268, −268, 268, −268: each 268 beats two and ties one: 2½; each −268 ties one: ½.
    assert placing_points((268, -268, 268, -268)) == (2.5, 0.5, 2.5, 0.5)
    # A table of five, all different: 4, 3, 2, 1, 0.
    assert placing_points((50, 40, 30, 20, 10)) == (4, 3, 2, 1, 0)


def test_the_sum_of_points_over_the_rounds() -> None:
    scores = [
        TableScore(1, 1, (1, 2, 3), (98, -90, 40), 3),
        TableScore(2, 1, (3, 1, 2), (10, 20, 30), 3),
    ]
    lines = rank([1, 2, 3], 2, scores, Method.POINTS)
    # 1: 98 + 20 = 118; 3: 40 + 10 = 50; 2: −90 + 30 = −60.
    assert lines == [
        Line(1, 1, (98, 20), (1, 1), 118),
        Line(2, 3, (40, 10), (1, 1), 50),
        Line(3, 2, (-90, 30), (1, 1), -60),
    ]


def test_ties_go_to_the_better_single_round_then_the_last_round_then_are_shared() -> None:
    scores = [
        TableScore(1, 1, (1, 2, 3, 4), (50, 10, 30, 30), 4),
        TableScore(2, 1, (1, 2, 3, 4), (0, 40, 20, 20), 4),
    ]
    lines = rank([1, 2, 3, 4], 2, scores, Method.POINTS)
    # All total 50. Best round: 1 has 50, 2 has 40, 3 and 4 have 30; 3 and 4 are equal in
    # the last round too (20): they share third place, listed by number.
    assert [(line.place, line.entrant) for line in lines] == [(1, 1), (2, 2), (3, 3), (3, 4)]


def test_a_bye_is_a_round_not_played() -> None:
    scores = [TableScore(1, 1, (1, 2, 3), (5, 4, 3), 3)]
    lines = rank([1, 2, 3, 4], 1, scores, Method.PLACING)
    # Placing points 2, 1, 0; entrant 4 sat out: no figure, total 0, ties with 3 (0), and
    # the best rounds (0 and none, read as 0) and last rounds too: they share third place.
    assert [(line.place, line.entrant, line.total) for line in lines] == [
        (1, 1, 2), (2, 2, 1), (3, 3, 0), (3, 4, 0),
    ]  # fmt: skip
    assert lines[3].rounds == (None,) and lines[3].tables == (None,)
