"""Club nights between the store and the web: create an event, draw and start its rounds, and
read the room (every table's progress) and the ranking from the tables' stored results.

A table is an ordinary session bound to its event round (`event_tables`), so it keeps every
feature of a pad. The ranking never replays a table: it reads each session's last stored result
(`store.events.tables`); a session whose stored results lack a hand (an import, a lost race) is
replayed in memory (`loading.load` with `keep=False`): a page of the room writes nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import Any

from companion.contract.names import read_name, repeated_name
from companion.contract.registry import get
from companion.contract.values import Problem
from companion.engine.draw import (
    Fill,
    Order,
    Seating,
    draw,
    meetings,
    repeats_of,
    swap,
    table_sizes,
)
from companion.engine.ranking import Line, Method, TableScore, rank, standings_order
from companion.engine.replay import make_setup
from companion.kit.i18n import Text, t
from companion.service import loading
from companion.service.loading import ReplayCache
from companion.store import DrawChanged, EventRecord, RoundRow, Store, TableRow

IDLE_MINUTES = 10
"""A table that has entered nothing for this long in a running round is flagged idle."""


@dataclass(frozen=True)
class Table:
    """A table of a round as the room shows it."""

    row: TableRow
    names: tuple[str, ...]
    length: int  # the deals of its round (deals each × players)
    over: bool
    idle: bool


@dataclass(frozen=True)
class Room:
    """An event as its pages show it: entrants, rounds, tables, the ranking and the log."""

    event: EventRecord
    entrants: Mapping[int, str]
    rounds: tuple[RoundRow, ...]
    tables: tuple[Table, ...]
    ranking: tuple[Line, ...]
    log: tuple[tuple[str, Text], ...] = field(default=())

    @property
    def current(self) -> RoundRow | None:
        """The last round drawn, or None before the first draw."""
        return self.rounds[-1] if self.rounds else None

    def tables_of(self, round_number: int) -> tuple[Table, ...]:
        """The tables of one round."""
        return tuple(table for table in self.tables if table.row.round == round_number)

    def table(self, round_number: int, number: int) -> Table | None:
        """One table, or None."""
        return next(
            (x for x in self.tables if (x.row.round, x.row.number) == (round_number, number)),
            None,
        )


class Refusal(Enum):
    """Why a change the director asked of a round was not made (the page says it in words)."""

    ALL_DRAWN = "all drawn"  # every round of the event is drawn
    NOT_DRAWN = "not drawn"  # no round is drawn yet
    STARTED = "started"  # the round drawn has started (before this change, or long before)
    DRAW_CHANGED = "draw changed"  # a draw again or a swap landed since the page was read
    NOT_TWO_ENTRANTS = "not two entrants"  # a swap of one player, or of someone not entered
    NO_SESSION = "no session"  # a table's players make no session of the game


class RoundRefused(Exception):
    """A change to a round refused, and why."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason.value)
        self.reason = reason


def waiting_round(rounds: Sequence[RoundRow]) -> int:
    """The number of the round drawn and waiting to start; refused when none is drawn, or when
    the last one drawn has started (a second tap of Start, a swap after it)."""
    if not rounds:
        raise RoundRefused(Refusal.NOT_DRAWN)
    if rounds[-1].started_at is not None:
        raise RoundRefused(Refusal.STARTED)
    return rounds[-1].round


def other_size(slug: str, size: int) -> int | None:
    """The other table size seating a count that does not divide: one more when the game is
    played by that many, else one fewer (Skat 3 / 4, French Tarot 4 / 5), else none."""
    counts = get(slug).player_counts
    return next((other for other in (size + 1, size - 1) if other in counts), None)


def plan_problems(plan: EventRecord, names: Sequence[str]) -> list[Problem]:
    """What is wrong with an event as the director chose it (each problem names its field)."""
    problems: list[Problem] = []
    if len(names) < plan.table_size:
        problems.append(
            Problem("entrants", t("Enter at least {count} entrants.", count=plan.table_size))
        )
    twice = repeated_name(names)
    if twice is not None:
        problems.append(
            Problem(
                "entrants",
                t("{name} is entered twice: give each entrant their own name.", name=twice),
            )
        )
    _, setup_problems = make_setup(
        plan.game, [f"#{n}" for n in range(plan.table_size)], plan.options
    )
    return problems + setup_problems


class Events:
    """The club nights (`service.events`): events, their draws, rooms and rankings."""

    def __init__(self, store: Store, cache: ReplayCache | None = None) -> None:
        self._store = store
        self._cache = cache

    def create(self, plan: EventRecord, names: Sequence[str]) -> tuple[str | None, list[Problem]]:
        """A new event (its director's key), or None and the problems. The entrants' names
        are stored as every name is read (`read_name`)."""
        names = [read_name(name) for name in names]
        problems = plan_problems(plan, names)
        if problems:
            return None, problems
        return self._store.events.create(plan, names).key, []

    def get(self, key: str) -> EventRecord | None:
        """The event of a director's key."""
        return self._store.events.get(key) if len(key) <= 64 else None

    def followed(self, follow: str) -> EventRecord | None:
        """The event of a follower's key."""
        return self._store.events.followed(follow) if len(follow) <= 64 else None

    def all(self) -> list[EventRecord]:
        """Every event, newest first (what the statistics link to)."""
        return self._store.events.all()

    # -- the draw

    def draw_next(self, event: EventRecord, seed: int | None = None) -> Seating:
        """Draw the next round (or draw again a round not yet started). Refused (`RoundRefused`)
        when every round is drawn, or when the round started meanwhile."""
        rounds = self._store.events.rounds(event.key)
        current = rounds[-1] if rounds else None
        number = current.round if current and current.started_at is None else len(rounds) + 1
        if number > event.rounds:
            raise RoundRefused(Refusal.ALL_DRAWN)
        room = self.room(event)
        earlier = [table for table in room.tables if table.row.round < number]
        sizes, _ = table_sizes(
            len(room.entrants), event.table_size, event.other_size, Fill(event.fill)
        )
        standings = None
        if number > 1 and event.draw_order == Order.STANDINGS:
            standings = standings_order(room.ranking)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        seating = draw(
            list(room.entrants),
            sizes,
            seed=seed,
            met=meetings(table.row.seats for table in earlier),
            byes_so_far=Counter(bye for row in rounds if row.round < number for bye in row.byes),
            standings=standings,
        )
        try:
            self._store.events.save_draw(
                event.key, number, seed, seating.tables, seating.byes, seating.repeats, "drawn"
            )
        except LookupError:  # another request started the round meanwhile
            raise RoundRefused(Refusal.STARTED) from None
        return seating

    def swap(self, event: EventRecord, a: int, b: int) -> None:
        """Swap two entrants in the round drawn and not started. Refused (`RoundRefused`) when
        there is no such round, when they are not two entrants, or when the round started
        meanwhile."""
        rounds = self._store.events.rounds(event.key)
        waiting_round(rounds)
        entrants = self._store.events.entrants(event.key)
        if a == b or a not in entrants or b not in entrants:
            raise RoundRefused(Refusal.NOT_TWO_ENTRANTS)
        current = rounds[-1]
        rows = self._store.events.tables(event.key)
        tables = swap([row.seats for row in rows if row.round == current.round], a, b)
        (byes,) = swap([current.byes], a, b)
        met = meetings(row.seats for row in rows if row.round < current.round)
        repeats = repeats_of(tables, met)
        try:
            self._store.events.save_draw(
                event.key, current.round, current.seed, tables, byes, repeats, "swapped"
            )
        except LookupError:  # another request started the round meanwhile
            raise RoundRefused(Refusal.STARTED) from None

    def start(self, event: EventRecord, draw_version: int | None = None) -> None:
        """Start the round drawn: a session for each table, seating the players of its row.
        `draw_version` is the draw the director's page showed (None: whatever is drawn).
        Refused (`RoundRefused`) when no round waits, when the draw changed since (a draw
        again or a swap: the store reads the tables again inside the start's transaction),
        or when a table's players make no session."""
        rounds = self._store.events.rounds(event.key)
        current = waiting_round(rounds)
        entrants = self._store.events.entrants(event.key)
        seats = [row.seats for row in self._store.events.tables(event.key) if row.round == current]
        setups = []
        for seated in seats:
            setup, problems = make_setup(
                event.game, [entrants[seat] for seat in seated], event.options
            )
            if problems:
                raise RoundRefused(Refusal.NO_SESSION)
            setups.append(setup)
        try:
            self._store.events.start_round(event.key, current, setups, seats, draw_version)
        except DrawChanged:
            raise RoundRefused(Refusal.DRAW_CHANGED) from None
        except LookupError:  # another request (a second tap) started it meanwhile
            raise RoundRefused(Refusal.STARTED) from None

    # -- the room and the ranking

    def as_replayed(self, row: TableRow) -> TableRow:
        """A table whose stored results lack a hand (a game's new version dropped them, a
        write that lost a race) as its session replays, in memory: the room writes nothing."""
        if row.complete or not row.session:
            return row
        pad = loading.load(self._store, row.session, self._cache, keep=False)
        if pad is None:
            return row
        return replace(row, deals=len(pad.state.hands), totals=pad.state.totals, complete=True)

    def room(self, event: EventRecord, *, with_log: bool = False) -> Room:
        """The event as it stands, read from the tables' stored results."""
        store = self._store
        rows = [self.as_replayed(row) for row in store.events.tables(event.key)]
        entrants = store.events.entrants(event.key)
        rounds = tuple(store.events.rounds(event.key))
        started = {row.round: row.started_at for row in rounds}
        tables = tuple(
            table_of(event, row, entrants, started.get(row.round), datetime.now(UTC))
            for row in rows
        )
        scores = [
            TableScore(row.round, row.number, row.seats, row.totals, row.deals)
            for row in rows
            if row.totals is not None
        ]
        ranking = tuple(rank(list(entrants), event.rounds, scores, Method(event.method)))
        log = self.log_lines(event) if with_log else ()
        return Room(event, entrants, rounds, tables, ranking, log)

    def log_lines(self, event: EventRecord) -> tuple[tuple[str, Text], ...]:
        """The event's log as lines to show (time, words), the late corrections included."""
        store = self._store
        lines = [(row.at, log_words(row.kind, row.data)) for row in store.events.log(event.key)]
        for late in store.events.late_changes(event.key, event.deals_each):
            words = (
                t(
                    "Round {round}, table {table}: hand {hand} corrected after the round; "
                    "the ranking is updated.",
                    round=late.round,
                    table=late.table,
                    hand=late.hand,
                )
                if late.action == "correct"
                else t(
                    "Round {round}, table {table}: hand {hand} undone after the round; "
                    "the ranking is updated.",
                    round=late.round,
                    table=late.table,
                    hand=late.hand,
                )
            )
            lines.append((late.at, words))
        return tuple(sorted(lines, key=lambda line: line[0]))

    def table_of_session(self, token: str) -> tuple[EventRecord, int, int, int] | None:
        """The event, round, table and the round's length in deals a session plays for."""
        found = self._store.events.table_of_session(token)
        if found is None:
            return None
        event, round_number, number = found
        record = self._store.sessions.get(token)
        players = len(record.setup.players) if record else event.table_size
        return event, round_number, number, event.deals_each * players

    def round_started(self, event: EventRecord, round_number: int) -> str | None:
        """When a round started (None: not yet)."""
        rows = self._store.events.rounds(event.key)
        return next((row.started_at for row in rows if row.round == round_number), None)


def table_of(
    event: EventRecord,
    row: TableRow,
    entrants: Mapping[int, str],
    started_at: str | None,
    now: datetime,
) -> Table:
    """A table as the room shows it: names, length, over, idle."""
    length = event.deals_each * len(row.seats)
    over = row.deals >= length or time_up(event, started_at, now)
    last = row.last_at or started_at
    idle = (
        started_at is not None
        and not over
        and last is not None
        and now - datetime.fromisoformat(last) > timedelta(minutes=IDLE_MINUTES)
    )
    return Table(row, tuple(entrants[seat] for seat in row.seats), length, over, idle)


def time_up(event: EventRecord, started_at: str | None, now: datetime) -> bool:
    """Whether a timed round's time is over."""
    if not event.minutes or started_at is None:
        return False
    return now >= datetime.fromisoformat(started_at) + timedelta(minutes=event.minutes)


def log_words(kind: str, data: Mapping[str, Any]) -> Text:
    """A stored log line in words."""
    if kind == "created":
        return t("Event created with {count} entrants.", count=data.get("entrants", 0))
    if kind == "drawn":
        return t(
            "Round {round} drawn: {repeats} repeated meetings.",
            round=data.get("round", 0),
            repeats=data.get("repeats", 0),
        )
    if kind == "swapped":
        return t(
            "Round {round}: two players swapped; {repeats} repeated meetings.",
            round=data.get("round", 0),
            repeats=data.get("repeats", 0),
        )
    return t(
        "Round {round} started at {tables} tables.",
        round=data.get("round", 0),
        tables=data.get("tables", 0),
    )
