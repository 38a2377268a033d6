"""How far a club table may play its round: pure, from the event's length, its clock and the
director's word (docs/rulings.md, "Club night": a table plays its round).

- A round is `deals_each` deals for each player at the table, plus the deals the director added
  to that table's round.
- A timed round ends at its start plus the event's minutes. Once that time is up a table takes
  no new deal, unless the director allowed it to reach a stated count (the deal in progress).
- The clock a room shows: the time left, in the yellow zone for its last 10 minutes and red
  once it is over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

YELLOW_MINUTES = 10
"""A round's last minutes, shown in yellow on the clock."""


@dataclass(frozen=True)
class TableLimit:
    """What a table may still play: its round's length in deals, the deals it may reach now
    (fewer once its time is up), and whether its time is up."""

    length: int
    allowed: int
    time_up: bool

    def over(self, deals: int) -> bool:
        """Whether a table that has played `deals` may take no new deal."""
        return deals >= self.allowed


def round_ends(minutes: int, started_at: datetime | None) -> datetime | None:
    """When a timed round ends (None: no time limit, or not started)."""
    if not minutes or started_at is None:
        return None
    return started_at + timedelta(minutes=minutes)


def table_limit(
    deals_each: int,
    players: int,
    *,
    extra_deals: int,
    ends: datetime | None,
    after_time: int | None,
    deals: int,
    now: datetime,
) -> TableLimit:
    """The limit of a table of `players` that has played `deals`: its round is `deals_each`
    deals a player and the director's `extra_deals`; once `ends` has passed it may reach only
    `after_time` deals (none allowed: the deals it has)."""
    length = deals_each * players + extra_deals
    up = ends is not None and now >= ends
    if not up:
        return TableLimit(length, length, False)
    reach = deals if after_time is None else max(after_time, deals)
    return TableLimit(length, min(length, reach), True)


class Zone(StrEnum):
    """How a round's clock is shown."""

    RUNNING = "running"
    LAST_MINUTES = "last-minutes"  # yellow
    OVER = "over"  # red


@dataclass(frozen=True)
class Clock:
    """A timed round's clock: the whole seconds left (0 once over) and its zone."""

    seconds_left: int
    zone: Zone

    @property
    def shown(self) -> str:
        """The time left as a clock reads it: "12:05", "1:02:05", "0:00"."""
        hours, rest = divmod(self.seconds_left, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def clock(ends: datetime | None, now: datetime) -> Clock | None:
    """The clock of a round ending at `ends` (None: the round has no clock)."""
    if ends is None:
        return None
    left = max(0, math.ceil((ends - now).total_seconds()))  # a second begun still shows
    if left == 0:
        return Clock(0, Zone.OVER)
    return Clock(left, Zone.LAST_MINUTES if left <= YELLOW_MINUTES * 60 else Zone.RUNNING)
