"""How far a club table may play its round, and the round's clock (companion/engine/round_clock.py,
docs/rulings.md "A table plays its round, no further")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from companion.engine.round_clock import Clock, TableLimit, Zone, clock, round_ends, table_limit

START = datetime(2026, 11, 28, 19, 0, tzinfo=UTC)


def limit(deals: int, *, minutes_in: int, extra: int = 0, after: int | None = None) -> TableLimit:
    """A French Tarot table of four, one deal each (4 deals), in a 60-minute round."""
    return table_limit(
        1,
        4,
        extra_deals=extra,
        ends=round_ends(60, START),
        after_time=after,
        deals=deals,
        now=START + timedelta(minutes=minutes_in),
    )


def test_a_round_is_its_deals_each_times_its_players_and_what_the_director_added() -> None:
    assert limit(0, minutes_in=10) == TableLimit(4, 4, False)  # 1 deal × 4 players
    assert limit(4, minutes_in=10).over(4)
    assert limit(4, minutes_in=10, extra=1) == TableLimit(5, 5, False)
    assert not limit(4, minutes_in=10, extra=1).over(4)


def test_once_the_time_is_up_a_table_reaches_only_what_the_director_allowed() -> None:
    assert limit(1, minutes_in=60) == TableLimit(4, 1, True)  # 19:00 + 60 min: time is up
    assert limit(1, minutes_in=60).over(1)
    assert limit(1, minutes_in=61, after=2) == TableLimit(4, 2, True)  # the deal in progress
    assert not limit(1, minutes_in=61, after=2).over(1)
    assert limit(4, minutes_in=61, after=6) == TableLimit(4, 4, True)  # never past the round


def test_an_untimed_round_has_no_end_and_no_clock() -> None:
    assert round_ends(0, START) is None
    assert round_ends(60, None) is None  # not started
    assert clock(None, START) is None
    assert table_limit(1, 4, extra_deals=0, ends=None, after_time=None, deals=0, now=START) == (
        TableLimit(4, 4, False)
    )


def test_the_clock_turns_yellow_for_the_last_ten_minutes_then_red() -> None:
    ends = round_ends(60, START)
    assert clock(ends, START) == Clock(3600, Zone.RUNNING)
    assert clock(ends, START).shown == "1:00:00"  # type: ignore[union-attr]
    # 49 min 30 s in: 10 min 30 s left, still running.
    assert clock(ends, START + timedelta(minutes=49, seconds=30)) == Clock(630, Zone.RUNNING)
    # 50 min in: 600 s left, the last ten minutes.
    assert clock(ends, START + timedelta(minutes=50)) == Clock(600, Zone.LAST_MINUTES)
    # 59 min 59.5 s in: half a second left still shows as a second.
    late = clock(ends, START + timedelta(minutes=59, seconds=59, milliseconds=500))
    assert late == Clock(1, Zone.LAST_MINUTES) and late.shown == "0:01"
    assert clock(ends, START + timedelta(minutes=75)) == Clock(0, Zone.OVER)
    assert Clock(725, Zone.RUNNING).shown == "12:05"  # 12 × 60 + 5
