"""How numbers and moments read: the module docstring's examples, and stored UTC moments read
on the server's clock (UTC+3 here: 22:30 UTC is 01:30 on the next day)."""

from __future__ import annotations

from datetime import date

import pytest

from companion.kit.formatting import (
    MINUS,
    clock,
    day_starts,
    local_day,
    money,
    number,
    signed,
)


@pytest.mark.parametrize(
    ("value", "written"),
    [(372, "372"), (-124, f"{MINUS}124"), (40.5, "40.5"), (40.0, "40"), (0, "0")],
)
def test_a_number_reads_as_on_a_score_sheet(value: float, written: str) -> None:
    assert number(value) == written


@pytest.mark.parametrize(("value", "written"), [(31, "+31"), (-3, f"{MINUS}3"), (0, "0")])
def test_a_hands_result_carries_its_sign(value: int, written: str) -> None:
    assert signed(value) == written


@pytest.mark.parametrize(("hundredths", "written"), [(420, "4.20"), (-5, f"{MINUS}0.05")])
def test_money_in_units_and_hundredths(hundredths: int, written: str) -> None:
    assert money(hundredths) == written


def test_a_moment_after_midnight_on_the_servers_clock_is_on_the_new_day(clock_ahead_of_utc) -> None:
    stamp = "2026-11-23T22:30:00.000+00:00"  # 22:30 UTC = 01:30 at UTC+3, on the 24th
    assert clock(stamp) == "01:30"
    assert local_day(stamp) == "2026-11-24"


def test_a_day_starts_at_the_servers_midnight_written_in_utc(clock_ahead_of_utc) -> None:
    # Midnight of the 24th at UTC+3 is 21:00 UTC on the 23rd.
    assert day_starts(date(2026, 11, 24)) == "2026-11-23T21:00:00.000+00:00"


CHILE_LIKE = "<-04>4<-03>,M9.1.0/0,M4.1.0/0"
"""A POSIX clock rule (no time-zone database needed) whose clock moves on at midnight, as
Chile's does: summer time from 00:00 on the first Sunday of September (2025-09-07), so that
day's midnight never happens and the day starts at 01:00 local, 04:00 UTC."""


def test_a_day_whose_midnight_is_skipped_starts_at_the_jump(monkeypatch) -> None:
    import time

    monkeypatch.setenv("TZ", CHILE_LIKE)
    time.tzset()
    try:
        # Saturday 6th: midnight at −04 is 04:00 UTC; Sunday 7th: the clock jumps from
        # 00:00 −04 (04:00 UTC) to 01:00 −03, the same instant: the 7th starts at 04:00 UTC,
        # so 23:30 on the 6th (03:30 UTC) is on the 6th by both readings.
        assert day_starts(date(2025, 9, 6)) == "2025-09-06T04:00:00.000+00:00"
        assert day_starts(date(2025, 9, 7)) == "2025-09-07T04:00:00.000+00:00"
        assert local_day("2025-09-07T03:30:00.000+00:00") == "2025-09-06"
        assert local_day("2025-09-07T04:00:00.000+00:00") == "2025-09-07"
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize("stamp", ["", "yesterday", None])
def test_anything_but_a_moment_reads_blank(stamp) -> None:
    assert clock(stamp) == "" and local_day(stamp) == ""
