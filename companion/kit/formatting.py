"""How numbers read on the pad, the printed summary and the command line: written once.

A score sheet writes a hand's result with its sign (+31, −3, 0), a running total without a plus
(372, −124), card points with their half (40.5) and money in units and hundredths (4.20). Every
minus is the typographic one (U+2212), as on a printed score sheet. Moments are stored in UTC
and read on the server's clock: the laptop at the table keeps the table's time, so a session
begun at 00:30 belongs to the new day there, whatever day it is in UTC. Pure Python.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

MINUS = "\u2212"


def number(value: float) -> str:
    """A total or a count: 372, −124, 40.5 (a whole number never shows ".0")."""
    if value < 0:
        return MINUS + number(-value)
    return str(int(value)) if float(value).is_integer() else str(value)


def signed(value: float) -> str:
    """A hand's result: +31, −3, and 0 without a sign."""
    return f"+{number(value)}" if value > 0 else number(value)


def money(hundredths: int) -> str:
    """An amount kept in hundredths (cents) as money: 420 → 4.20, −5 → −0.05."""
    if hundredths < 0:
        return MINUS + money(-hundredths)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def plural(count: int, singular: str, plural_form: str) -> str:
    """A count with its noun: "1 goat", "3 goats"."""
    return f"{count} {singular if abs(count) == 1 else plural_form}"


def local_moment(stamp: str) -> datetime | None:
    """A stored ISO-8601 UTC moment on the server's clock (None for anything else)."""
    try:
        return datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError):
        return None


def clock(stamp: str) -> str:
    """An ISO-8601 UTC time as stored, on the server's clock as players read it: "21:14"."""
    moment = local_moment(stamp)
    return moment.strftime("%H:%M") if moment else ""


def local_day(stamp: str) -> str:
    """The day (YYYY-MM-DD) a stored moment falls on by the server's clock ("" if none)."""
    moment = local_moment(stamp)
    return moment.date().isoformat() if moment else ""


def day_starts(day: date) -> str:
    """The first moment of a day by the server's clock, written as the store writes moments
    (UTC, to the millisecond), so a range of days compares with stored times as text."""
    first = datetime.combine(day, time.min).astimezone()
    if first.date() < day:
        first = _after_a_skipped_midnight(first, day)
    return first.astimezone(UTC).isoformat(timespec="milliseconds")


def _after_a_skipped_midnight(before: datetime, day: date) -> datetime:
    """The first moment of `day` where its midnight never happens on the server's clock (the
    clock moves on at 00:00, as Chile's does in September): the moment of the jump, found to
    the millisecond between `before` (still the day before) and three hours later."""
    low, high = before, before + timedelta(hours=3)
    while high - low > timedelta(milliseconds=1):
        middle = low + (high - low) / 2
        if middle.astimezone().date() < day:
            low = middle
        else:
            high = middle
    return high
