"""A club table as the room and its pad see it: its players, how far it may play its round
(its deals, its clock, the director's word), whether it is over or idle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from companion.contract.registry import get
from companion.engine.round_clock import Clock, TableLimit, clock, round_ends, table_limit
from companion.kit.i18n import Text, t
from companion.store import EventRecord, SeatRow, Store, TableRow

IDLE_MINUTES = 10
"""A table that has entered nothing for this long in a running round is flagged idle."""


@dataclass(frozen=True)
class Table:
    """A table of a round as the room shows it."""

    row: TableRow
    names: tuple[str, ...]
    length: int  # the deals of its round (deals each × players, and any the director added)
    over: bool
    idle: bool
    limit: TableLimit


@dataclass(frozen=True)
class TableSeat:
    """A club table as its pad shows it and its saves are judged: its event, round and table,
    the deals it has played, how far it may play (`limit`) and its round's clock."""

    event: EventRecord
    round: int
    table: int
    deals: int
    limit: TableLimit
    clock: Clock | None
    called_at: str | None = None  # the table called the director, who has not yet answered

    @property
    def over(self) -> bool:
        """Whether the table may take no new deal."""
        return self.limit.over(self.deals)

    @property
    def over_words(self) -> Text:
        """Why the table takes no new deal, as its pad says it and a save is refused."""
        if self.limit.time_up and self.deals < self.limit.length:
            return t(
                "Time is up for this round: your table has played {deals} of {length} deals. "
                "Ask the director to allow the deal in progress.",
                deals=self.deals,
                length=self.limit.length,
            )
        return t(
            "This round is over for your table: {deals} of {length} deals.",
            deals=self.deals,
            length=self.limit.length,
        )


def table_seat(store: Store, token: str, deals: int, now: datetime) -> TableSeat | None:
    """The seat in an event of a session that has played `deals`, or None."""
    found = store.events.table_of_session(token)
    if found is None:
        return None
    limit = limit_of(found.event, found.players, found, found.started_at, deals, now)
    ends = round_end(found.event, found.started_at)
    shown = clock(ends, now)
    return TableSeat(found.event, found.round, found.table, deals, limit, shown, found.called_at)


def table_of(
    event: EventRecord,
    row: TableRow,
    entrants: Mapping[int, str],
    started_at: str | None,
    now: datetime,
) -> Table:
    """A table as the room shows it: names, length, over (its deals played, its time up, or
    closed by the director), idle."""
    limit = limit_of(event, len(row.seats), row, started_at, row.deals, now)
    over = row.closed or limit.over(row.deals)
    last = row.last_at or started_at
    idle = (
        started_at is not None
        and not over
        and last is not None
        and now - datetime.fromisoformat(last) > timedelta(minutes=IDLE_MINUTES)
    )
    return Table(row, tuple(entrants[seat] for seat in row.seats), limit.length, over, idle, limit)


def limit_of(
    event: EventRecord,
    players: int,
    row: TableRow | SeatRow,
    started_at: str | None,
    deals: int,
    now: datetime,
) -> TableLimit:
    """How far a table of `players` that has played `deals` may play its round now, by the
    director's word in its `row` (`round_clock.table_limit`)."""
    return table_limit(
        event.deals_each,
        players,
        extra_deals=row.extra_deals,
        ends=round_end(event, started_at),
        after_time=row.after_time,
        deals=deals,
        now=now,
    )


def round_end(event: EventRecord, started_at: str | None) -> datetime | None:
    """When a round that started at `started_at` ends by the event's clock (None: untimed)."""
    return round_ends(event.minutes, datetime.fromisoformat(started_at) if started_at else None)


def won_and_lost(
    event: EventRecord,
    rows: Sequence[TableRow],
    counts: Mapping[tuple[str, int], Mapping[str, int]],
) -> dict[int, tuple[int, int]]:
    """Each entrant's contracts won and lost over the event's tables, as a tournament list
    prints them (Skat's games won and lost), from each seat's own-figure `counts` by (session,
    seat); empty for a game whose figures count no such thing (`OwnFigures.won_lost`)."""
    figures = get(event.game).figures
    if figures is None or figures.won_lost is None:
        return {}
    records: dict[int, tuple[int, int]] = {}
    for row in rows:
        for seat, entrant in enumerate(row.seats if row.session else ()):
            won, lost = figures.won_lost(counts.get((row.session or "", seat), {}))
            so_far = records.get(entrant, (0, 0))
            records[entrant] = (so_far[0] + won, so_far[1] + lost)
    return records
