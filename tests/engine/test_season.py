"""The season's table (docs/rulings.md, "The club's season"): drops, best N, the measures, the
tie-break, eligibility, guests and a correction, every figure worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.engine.season import (
    Counting,
    EveningCell,
    EveningResult,
    EveningScore,
    Guests,
    SeasonLine,
    SeasonRule,
    SeasonTable,
    TieBreak,
    Total,
    drops_allowed,
    format_total,
    placing_points,
    prize_points,
    season_table,
)

ANN, BOB, CAT, DAN, EVE, FAY, GUS = 1, 2, 3, 4, 5, 6, 7
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan", EVE: "Eve", FAY: "Fay", GUS: "Gus"}
GUESTS = {EVE}


def evening(*rows: tuple[int, int, int]) -> list[EveningResult]:
    """One evening's results from (player, figure, place) rows, all the players it ranked."""
    return [
        EveningResult(player, NAMES[player], figure, place, len(rows), player in GUESTS)
        for player, figure, place in rows
    ]


# Five French Tarot evenings: each player's event total and place (worked from the totals).
TAROT = [
    evening((ANN, 120, 1), (CAT, 60, 2), (BOB, -50, 3), (DAN, -70, 4), (FAY, -80, 5)),
    evening((ANN, 80, 1), (GUS, 80, 1), (CAT, 20, 3), (EVE, -20, 4), (BOB, -50, 5)),
    evening(
        (BOB, 30, 1), (GUS, -10, 2), (DAN, -20, 3), (CAT, -30, 4), (FAY, -30, 4), (ANN, -60, 6)
    ),
    evening((ANN, 100, 1), (CAT, 90, 2), (GUS, 10, 3), (BOB, -10, 4), (EVE, -70, 5)),
    evening((GUS, 80, 1), (DAN, 50, 2), (EVE, 50, 2), (ANN, 40, 4), (BOB, -10, 5)),
]

ONE_DROP_PAST_THREE = SeasonRule(
    minimum_evenings=3, counting=Counting.DROPS, drop_past=3, drop_every=1, drop_cap=1
)
"""Three evenings to be ranked; one drop per evening past the third, at most one."""


def places(table: SeasonTable) -> list[tuple[int | None, str, Fraction]]:
    """The ranked lines as (place, name, total)."""
    return [(line.place, line.name, line.total) for line in table.ranked]


def dropped(line: SeasonLine) -> list[int]:
    """The evenings (numbered from 1) dropped from a line."""
    return [n + 1 for n, cell in enumerate(line.evenings) if cell is not None and cell.dropped]


def line_of(table: SeasonTable, name: str) -> SeasonLine:
    """A player's line, ranked or apart."""
    return next(line for line in (*table.ranked, *table.apart) if line.name == name)


def test_the_skat_club_rule_one_drop_per_five_past_thirty_at_most_five() -> None:
    rule = SeasonRule(counting=Counting.DROPS, drop_past=30, drop_every=5, drop_cap=5)
    # (played − 30) // 5, at most 5: 34 → 0; 35 → 1 (the 35th evening gives the first);
    # 39 → 1; 40 → 2; 55 → 5; 60 → 6 capped to 5; 20 → none.
    expected = {20: 0, 30: 0, 34: 0, 35: 1, 39: 1, 40: 2, 55: 5, 60: 5}
    assert {played: drops_allowed(rule, played) for played in expected} == expected


def test_best_n_and_all_and_never_every_evening() -> None:
    best_seven = SeasonRule(counting=Counting.BEST, best=7)
    # Best 7 of 12 drops 12 − 7 = 5; of 5 played, nothing.
    assert (drops_allowed(best_seven, 12), drops_allowed(best_seven, 5)) == (5, 0)
    assert drops_allowed(SeasonRule(), 12) == 0
    # One drop per evening from the first, no cap: 3 played would drop 3; one must count: 2.
    assert drops_allowed(SeasonRule(counting=Counting.DROPS), 3) == 2


def test_a_season_of_five_tarot_evenings_with_a_drop_rule() -> None:
    table = season_table(ONE_DROP_PAST_THREE, TAROT)
    # Ann, 5 played, 1 drop (min(1, 5 − 3)): drops e3 −60: 120 + 80 + 100 + 40 = 340.
    # Cat, 4 played, 1 drop: 60, 20, −30, 90 drops e3: 60 + 20 + 90 = 170, best 90.
    # Gus, 4 played, 1 drop: 80, −10, 10, 80 drops e3: 80 + 10 + 80 = 170, best 80.
    # Bob, 5 played, 1 drop: −50, −50, 30, −10, −10 drops e1 (the earlier of two −50):
    #   −50 + 30 − 10 − 10 = −40, 4 counted.
    # Dan, 3 played, no drop: −70 − 20 + 50 = −40, 3 counted, best 50, last 50.
    # Eve (guest), 3 played: −20 − 70 + 50 = −40, 3 counted, best 50, last 50.
    # Cat before Gus: the best counted figure (90 > 80). Bob before Dan and Eve: more
    # evenings counted (4 > 3). Dan and Eve equal in every step: both 5th, by name.
    assert places(table) == [
        (1, "Ann", 340),
        (2, "Cat", 170),
        (3, "Gus", 170),
        (4, "Bob", -40),
        (5, "Dan", -40),
        (5, "Eve", -40),
    ]
    assert [dropped(line) for line in table.ranked] == [[3], [3], [3], [1], [], []]
    assert [(line.played, line.counted) for line in table.ranked] == [
        (5, 4),
        (4, 3),
        (4, 3),
        (5, 4),
        (3, 3),
        (3, 3),
    ]
    assert [line.name for line in table.ranked if line.guest] == ["Eve"]
    # Fay played 2 < 3: listed apart, unranked, with her figures: −80 − 30 = −110.
    assert [(line.place, line.name, line.eligible, line.total) for line in table.apart] == [
        (None, "Fay", False, -110)
    ]
    assert line_of(table, "Dan").evenings == (
        EveningCell(-70, 4, 5, -70, False),
        None,
        EveningCell(-20, 3, 6, -20, False),
        None,
        EveningCell(50, 2, 5, 50, False),
    )


def test_the_tie_break_is_applied_in_the_rules_order() -> None:
    rule = SeasonRule(
        minimum_evenings=3,
        counting=Counting.DROPS,
        drop_past=3,
        drop_cap=1,
        tie_breaks=(TieBreak.BEST_COUNTED, TieBreak.MORE_COUNTED, TieBreak.LAST_EVENING),
    )
    table = season_table(rule, TAROT)
    # At −40 the best counted figure comes first now: Dan and Eve 50, Bob 30; Dan and Eve
    # equal in every step share 4th, Bob 6th.
    assert places(table)[3:] == [(4, "Dan", -40), (4, "Eve", -40), (6, "Bob", -40)]


def test_the_last_evening_breaks_a_tie_left_by_the_other_steps() -> None:
    # Two evenings, all counted: Ann 10 then 30, Bob 30 then 10: 40 each, 2 counted each,
    # best 30 each; the last evening: Ann 30 > Bob 10.
    evenings = [
        [EveningResult(ANN, "Ann", 10, 2, 2), EveningResult(BOB, "Bob", 30, 1, 2)],
        [EveningResult(ANN, "Ann", 30, 1, 2), EveningResult(BOB, "Bob", 10, 2, 2)],
    ]
    assert places(season_table(SeasonRule(), evenings)) == [(1, "Ann", 40), (2, "Bob", 40)]


def test_guests_left_out() -> None:
    rule = SeasonRule(
        minimum_evenings=3,
        counting=Counting.DROPS,
        drop_past=3,
        drop_cap=1,
        guests=Guests.LEFT_OUT,
    )
    table = season_table(rule, TAROT)
    # As with guests listed, without Eve: Dan alone 5th.
    assert [(place, name) for place, name, _ in places(table)] == [
        (1, "Ann"),
        (2, "Cat"),
        (3, "Gus"),
        (4, "Bob"),
        (5, "Dan"),
    ]


def test_a_correction_to_evening_two_moves_the_table() -> None:
    corrected = list(TAROT)
    # Cat's evening 2 corrected from 20 to −40: Ann 80 (1), Gus 80 (1), Eve −20 (3), Cat −40
    # (4), Bob −50 (5).
    corrected[1] = evening((ANN, 80, 1), (GUS, 80, 1), (EVE, -20, 3), (CAT, -40, 4), (BOB, -50, 5))
    table = season_table(ONE_DROP_PAST_THREE, corrected)
    # Cat: 60, −40, −30, 90: the drop moves to e2 (−40): 60 − 30 + 90 = 120, below Gus's 170.
    assert places(table)[:3] == [(1, "Ann", 340), (2, "Gus", 170), (3, "Cat", 120)]
    assert dropped(line_of(table, "Cat")) == [2]


SKAT = [
    [
        EveningResult(ANN, "Ann", 1200, 2, 4),
        EveningResult(BOB, "Bob", 980, 4, 4),
        EveningResult(CAT, "Cat", 1100, 3, 4),
        EveningResult(DAN, "Dan", 1400, 1, 4),
    ],
    [
        EveningResult(ANN, "Ann", 850, 3, 3),
        EveningResult(BOB, "Bob", 1610, 1, 3),
        EveningResult(CAT, "Cat", 1500, 2, 3),
    ],
    [
        EveningResult(ANN, "Ann", 1430, 1, 4),
        EveningResult(BOB, "Bob", 700, 4, 4),
        EveningResult(CAT, "Cat", 1100, 3, 4),
        EveningResult(DAN, "Dan", 1240, 2, 4),
    ],
]
"""Three Skat evenings (Seeger-Fabian lists); Dan missed the second."""


def test_three_skat_evenings_best_two() -> None:
    table = season_table(SeasonRule(counting=Counting.BEST, best=2), SKAT)
    # Dan, 2 played: both count: 1400 + 1240 = 2640.
    # Ann: 1200, 850, 1430: drops 850: 1200 + 1430 = 2630.
    # Cat: 1100, 1500, 1100: drops the earlier 1100 (e1): 1500 + 1100 = 2600.
    # Bob: 980, 1610, 700: drops 700: 980 + 1610 = 2590.
    assert places(table) == [(1, "Dan", 2640), (2, "Ann", 2630), (3, "Cat", 2600), (4, "Bob", 2590)]
    assert [dropped(line) for line in table.ranked] == [[], [2], [1], [3]]


def test_placing_and_prize_points_of_an_evening() -> None:
    # Last of 5: 5 − 5 + 1 = 1; first of 5: 5; two second of 5: 5 − 2 + 1 = 4 each.
    assert (placing_points(5, 5), placing_points(1, 5), placing_points(2, 5)) == (1, 5, 4)
    scale = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    # 1st 25, 4th 13, 15th 1, 16th beyond the scale 0.
    assert [prize_points(scale, place) for place in (1, 4, 15, 16)] == [25, 13, 1, 0]


def test_the_placing_points_measure() -> None:
    rule = SeasonRule(minimum_evenings=3, score=EveningScore.PLACING)
    table = season_table(rule, TAROT)
    # ranked − place + 1 each evening:
    # e1 (5): Ann 5, Cat 4, Bob 3, Dan 2, Fay 1.   e2 (5): Ann 5, Gus 5, Cat 3, Eve 2, Bob 1.
    # e3 (6): Bob 6, Gus 5, Dan 4, Cat 3, Fay 3, Ann 1.   e4 (5): Ann 5, Cat 4, Gus 3, Bob 2,
    # Eve 1.   e5 (5): Gus 5, Dan 4, Eve 4, Ann 2, Bob 1.
    # Ann 5+5+1+5+2 = 18 (5 counted), Gus 5+5+3+5 = 18 (4): Ann first by more counted;
    # Cat 4+3+3+4 = 14, Bob 3+1+6+2+1 = 13, Dan 2+4+4 = 10, Eve 2+1+4 = 7.
    assert places(table) == [
        (1, "Ann", 18),
        (2, "Gus", 18),
        (3, "Cat", 14),
        (4, "Bob", 13),
        (5, "Dan", 10),
        (6, "Eve", 7),
    ]
    assert line_of(table, "Fay").total == 4  # 1 + 3, apart
    # The cell keeps the evening's figure and shows the score counted: Bob's e3 30 → 6.
    assert line_of(table, "Bob").evenings[2] == EveningCell(30, 1, 6, 6, False)


def test_the_prize_points_measure_with_best_three() -> None:
    rule = SeasonRule(
        minimum_evenings=3,
        counting=Counting.BEST,
        best=3,
        score=EveningScore.PRIZE,
        prize_scale=(10, 7, 5, 3),
    )
    table = season_table(rule, TAROT)
    # Scale 10, 7, 5, 3, 5th and 6th 0:
    # Ann 10, 10, 0, 10, 3: best 3 = 30, drops e3 (0) and e5 (3).
    # Gus 10, 7, 5, 10: 27, drops e4 (5).   Cat 7, 5, 3, 7: 19, drops e3 (3).
    # Bob 5, 0, 10, 3, 0: 10 + 5 + 3 = 18, drops e2 and e5 (both 0).
    # Dan 3, 5, 7 = 15.   Eve 3, 0, 7 = 10.
    assert places(table) == [
        (1, "Ann", 30),
        (2, "Gus", 27),
        (3, "Cat", 19),
        (4, "Bob", 18),
        (5, "Dan", 15),
        (6, "Eve", 10),
    ]
    assert [dropped(line) for line in table.ranked[:4]] == [[3, 5], [4], [3], [2, 5]]


def test_the_average_measure_is_exact_and_rounded_only_for_display() -> None:
    rule = SeasonRule(
        minimum_evenings=3,
        counting=Counting.DROPS,
        drop_past=3,
        drop_cap=1,
        total=Total.AVERAGE,
    )
    table = season_table(rule, TAROT)
    # The counted figures of the drop test, averaged: Ann 340 / 4 = 85; Cat 170 / 3 and Gus
    # 170 / 3 (Cat first, best 90 > 80); Bob −40 / 4 = −10; Dan and Eve −40 / 3, shared 5th.
    assert places(table) == [
        (1, "Ann", 85),
        (2, "Cat", Fraction(170, 3)),
        (3, "Gus", Fraction(170, 3)),
        (4, "Bob", -10),
        (5, "Dan", Fraction(-40, 3)),
        (5, "Eve", Fraction(-40, 3)),
    ]
    # 170 / 3 = 56.666… → 56.67; −40 / 3 = −13.333… → −13.33; 85 → 85.00.
    shown = [format_total(line.total, rule) for line in table.ranked]
    assert shown == ["85.00", "56.67", "56.67", "-10.00", "-13.33", "-13.33"]


def test_format_total_rounds_half_away_from_zero() -> None:
    average = SeasonRule(total=Total.AVERAGE)
    # 1/8 = 0.125 → 0.13; −1/8 → −0.13; 1/1000 → 0.00; −1/1000 → 0.00 (no "−0.00").
    values = [Fraction(1, 8), Fraction(-1, 8), Fraction(1, 1000), Fraction(-1, 1000)]
    assert [format_total(v, average) for v in values] == ["0.13", "-0.13", "0.00", "0.00"]
    # A sum shows a whole number as it is, half points with 2 decimals: 340, 12.50.
    assert format_total(Fraction(340), SeasonRule()) == "340"
    assert format_total(Fraction(25, 2), SeasonRule()) == "12.50"


def test_half_placing_points_from_the_ranking_stay_exact() -> None:
    # The ranking's placing points are floats in halves; Fraction(2.5) is exactly 5/2.
    evenings = [
        [EveningResult(ANN, "Ann", Fraction(2.5), 1, 2), EveningResult(BOB, "Bob", 2, 2, 2)],
        [EveningResult(ANN, "Ann", Fraction(0.5), 2, 2), EveningResult(BOB, "Bob", 1, 1, 2)],
    ]
    # Ann 2½ + ½ = 3, Bob 2 + 1 = 3; 2 counted each; best: Ann 2½ > Bob 2.
    assert places(season_table(SeasonRule(), evenings)) == [(1, "Ann", 3), (2, "Bob", 3)]


@pytest.mark.parametrize(
    "changes",
    [
        {"minimum_evenings": -1},
        {"counting": Counting.BEST, "best": 0},
        {"counting": Counting.DROPS, "drop_every": 0},
        {"drop_cap": -1},
        {"score": EveningScore.PRIZE},
        {"tie_breaks": (TieBreak.MORE_COUNTED, TieBreak.MORE_COUNTED)},
    ],
)
def test_an_impossible_rule_is_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SeasonRule(**changes)  # type: ignore[arg-type]


def test_an_impossible_result_is_refused() -> None:
    with pytest.raises(ValueError, match="place 3 of 2"):
        season_table(SeasonRule(), [[EveningResult(ANN, "Ann", 10, 3, 2)]])
    twice = [EveningResult(ANN, "Ann", 10, 1, 2), EveningResult(ANN, "Ann", 5, 2, 2)]
    with pytest.raises(ValueError, match="twice"):
        season_table(SeasonRule(), [twice])


def test_a_guest_who_joins_the_club_counts_as_a_member() -> None:
    # Eve comes as a guest to evening 1 and as a member to evening 2: her last evening decides.
    evenings = [
        [EveningResult(EVE, "Eve", 10, 1, 1, guest=True)],
        [EveningResult(EVE, "Eve", 20, 1, 1, guest=False)],
    ]
    table = season_table(SeasonRule(guests=Guests.LEFT_OUT), evenings)
    # Both evenings count: 10 + 20 = 30.
    assert [(line.name, line.guest, line.total) for line in table.ranked] == [("Eve", False, 30)]
