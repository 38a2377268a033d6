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
from datetime import UTC, datetime

from werkzeug.security import generate_password_hash

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
from companion.engine.round_clock import Clock, clock
from companion.engine.seeding import Seeding
from companion.kit.i18n import Text, t
from companion.service import loading
from companion.service.event_log import late_words, log_words
from companion.service.event_refusals import (
    Refusal,
    RoundRefused,
    refuse_if_closed,
    waiting_round,
)
from companion.service.event_tables import (
    IDLE_MINUTES,
    Table,
    TableSeat,
    round_end,
    table_of,
    table_seat,
    won_and_lost,
)
from companion.service.loading import ReplayCache
from companion.service.movements import Movements
from companion.store import DrawChanged, DrawnAlready, EventRecord, RoundRow, Store, TableRow


@dataclass(frozen=True)
class Room:
    """An event as its pages show it: entrants, rounds, tables, the ranking and the log."""

    event: EventRecord
    entrants: Mapping[int, str]
    rounds: tuple[RoundRow, ...]
    tables: tuple[Table, ...]
    ranking: tuple[Line, ...]
    log: tuple[tuple[str, Text], ...] = field(default=())
    clock: RoundClock | None = None  # the last started round's, when the event is timed
    records: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # won, lost

    @property
    def current(self) -> RoundRow | None:
        """The last round drawn, or None before the first draw."""
        return self.rounds[-1] if self.rounds else None

    @property
    def live_tables(self) -> tuple[Table, ...]:
        """The tables the room shows: the last started round's, and any table of an earlier
        round still playing (a round drawn while it played)."""
        started = [row.round for row in self.rounds if row.started_at]
        if not started:
            return ()
        last = started[-1]
        return tuple(
            table
            for table in self.tables
            if table.row.round == last or (table.row.session and not table.over)
        )

    @property
    def ranking_hidden(self) -> bool:
        """Whether the followers' pages hide the running ranking: the evening is open and one
        of its last `hide_last` rounds has started (the director's page still shows it)."""
        started = [row.round for row in self.rounds if row.started_at]
        if self.event.closed_at or not self.event.hide_last or not started:
            return False
        return started[-1] > self.event.rounds - self.event.hide_last

    @property
    def playing(self) -> int:
        """How many started tables are still playing (not over, not closed)."""
        return sum(1 for table in self.tables if table.row.session and not table.over)

    def tables_of(self, round_number: int) -> tuple[Table, ...]:
        """The tables of one round."""
        return tuple(table for table in self.tables if table.row.round == round_number)

    def table(self, round_number: int, number: int) -> Table | None:
        """One table, or None."""
        return next(
            (x for x in self.tables if (x.row.round, x.row.number) == (round_number, number)),
            None,
        )


@dataclass(frozen=True)
class RoundClock:
    """The clock of a timed event's last started round, as the room shows it."""

    round: int
    clock: Clock


def round_clock(event: EventRecord, rounds: Sequence[RoundRow], now: datetime) -> RoundClock | None:
    """The last started round's clock (None: untimed, or no round started yet)."""
    started = [row for row in rounds if row.started_at]
    if not started:
        return None
    shown = clock(round_end(event, started[-1].started_at), now)
    return RoundClock(started[-1].round, shown) if shown else None


def other_size(slug: str, size: int) -> int | None:
    """The other table size seating a count that does not divide: one more when the game is
    played by that many, else one fewer (Skat 3 / 4, French Tarot 4 / 5), else none."""
    counts = get(slug).player_counts
    return next((other for other in (size + 1, size - 1) if other in counts), None)


def entrant_problems(names: Sequence[str], table_size: int) -> list[Problem]:
    """What is wrong with an event's entrants: too few for a table, or a name twice (look-alike
    names are one name: `contract.names`)."""
    problems: list[Problem] = []
    if len(names) < table_size:
        problems.append(
            Problem("entrants", t("Enter at least {count} entrants.", count=table_size))
        )
    twice = repeated_name(names)
    if twice is not None:
        problems.append(
            Problem(
                "entrants",
                t("{name} is entered twice: give each entrant their own name.", name=twice),
            )
        )
    return problems


PIN_DIGITS = range(4, 9)
"""How many digits a director's PIN has."""


def pin_problems(pin: str) -> list[Problem]:
    """What is wrong with a director's PIN (none is fine): 4 to 8 digits."""
    if not pin or (pin.isascii() and pin.isdigit() and len(pin) in PIN_DIGITS):
        return []
    return [Problem("pin", t("A PIN is 4 to 8 digits (or leave it empty)."))]


def plan_problems(plan: EventRecord, names: Sequence[str]) -> list[Problem]:
    """What is wrong with an event as the director chose it (each problem names its field)."""
    problems = entrant_problems(names, plan.table_size)
    _, setup_problems = make_setup(
        plan.game, [f"#{n}" for n in range(plan.table_size)], plan.options
    )
    return problems + setup_problems


class Events:
    """The club nights (`service.events`): events, their draws, rooms and rankings."""

    def __init__(self, store: Store, cache: ReplayCache | None = None) -> None:
        self._store = store
        self._cache = cache
        self.movements = Movements(store)

    def create(
        self, plan: EventRecord, names: Sequence[str], pin: str = ""
    ) -> tuple[str | None, list[Problem]]:
        """A new event (its director's key), or None and the problems. The entrants' names
        are stored as every name is read (`read_name`); the director's PIN (none when
        empty) only as its salted hash."""
        names = [read_name(name) for name in names]
        problems = plan_problems(plan, names) + pin_problems(pin)
        if problems:
            return None, problems
        pin_hash = generate_password_hash(pin) if pin else None
        return self._store.events.create(plan, names, pin_hash).key, []

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

    def draw_next(
        self,
        event: EventRecord,
        seed: int | None = None,
        *,
        playing_confirmed: bool = False,
        fresh: int | None = None,
    ) -> Seating:
        """Draw the next round (or draw again a round not yet started). Refused (`RoundRefused`)
        when every round is drawn, when the round started meanwhile, when the evening is
        closed, unless `playing_confirmed` when tables still play (they are named), and when
        `fresh`, the new round the page asked for, is drawn already (a second tap)."""
        refuse_if_closed(event)
        rounds = self._store.events.rounds(event.key)
        if fresh is not None and any(row.round == fresh for row in rounds):
            raise RoundRefused(Refusal.ALREADY_DRAWN)
        current = rounds[-1] if rounds else None
        number = current.round if current and current.started_at is None else len(rounds) + 1
        if number > event.rounds:
            raise RoundRefused(Refusal.ALL_DRAWN)
        room = self.room(event)
        playing = [table for table in room.tables if table.row.session and not table.over]
        if playing and not playing_confirmed and number == len(rounds) + 1:
            raise RoundRefused(Refusal.TABLES_PLAYING, playing)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        again = current is not None and number == current.round
        if event.draw_order == Order.MIXED:  # from the movement planned at once
            try:
                return self.movements.draw_round(event, number, seed, again=again)
            except LookupError:  # another request started the round meanwhile
                raise RoundRefused(Refusal.STARTED) from None
            except DrawnAlready:  # another tap drew it meanwhile
                raise RoundRefused(Refusal.ALREADY_DRAWN) from None
        earlier = [table for table in room.tables if table.row.round < number]
        players = self.movements.lineup(event.key).playing(number)
        sizes, _ = table_sizes(len(players), event.table_size, event.other_size, Fill(event.fill))
        standings = None
        if number > 1:
            standings = standings_order(room.ranking)
        if number == 1 and event.seeding == Seeding.RATING:  # by rating, dealt in a snake
            seating = self.movements.seeded_first(event, players, sizes, seed)
        else:
            seating = draw(
                players,
                sizes,
                seed=seed,
                met=meetings(table.row.seats for table in earlier),
                byes_so_far=Counter(b for row in rounds if row.round < number for b in row.byes),
                standings=standings,
            )
        try:
            self._store.events.save_draw(
                event.key, number, seed, seating.tables, seating.byes, seating.repeats, "drawn",
                new=not again,
            )  # fmt: skip
        except LookupError:  # another request started the round meanwhile
            raise RoundRefused(Refusal.STARTED) from None
        except DrawnAlready:  # another tap drew it meanwhile
            raise RoundRefused(Refusal.ALREADY_DRAWN) from None
        return seating

    def swap(self, event: EventRecord, a: int, b: int) -> None:
        """Swap two entrants in the round drawn and not started. Refused (`RoundRefused`) when
        there is no such round, when they are not two entrants, or when the round started
        meanwhile."""
        refuse_if_closed(event)
        rounds = self._store.events.rounds(event.key)
        waiting_round(rounds)
        current = rounds[-1]
        entrants = self.movements.lineup(event.key).playing(current.round)
        if a == b or a not in entrants or b not in entrants:
            raise RoundRefused(Refusal.NOT_TWO_ENTRANTS)
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
        refuse_if_closed(event)
        rounds = self._store.events.rounds(event.key)
        current = waiting_round(rounds)
        entrants = self.movements.lineup(event.key).names_in(current)  # a substitute's name
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

    def version(self, event: EventRecord) -> str:
        """What the room shows now, as a short text that changes whenever the room would
        (`store.event_version`): a poll that sends it back is answered with nothing."""
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        return self._store.events.version(event.key, now, IDLE_MINUTES) or ""

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
        lineup = self.movements.lineup(event.key)
        entrants = lineup.entrants
        rounds = tuple(store.events.rounds(event.key))
        started = {row.round: row.started_at for row in rounds}
        now = datetime.now(UTC)
        names = {number: lineup.names_in(number) for number in started}
        tables = tuple(
            table_of(event, row, names[row.round], started.get(row.round), now) for row in rows
        )
        scores = [  # a substitute's rounds not credited count for nobody (docs/rulings.md)
            TableScore(row.round, row.number, lineup.ranked_seats(row.round, row.seats),
                       row.totals, row.deals)
            for row in rows
            if row.totals is not None
        ]  # fmt: skip
        ranking = tuple(rank(list(entrants), event.rounds, scores, Method(event.method)))
        log = self.log_lines(event) if with_log else ()
        clock = round_clock(event, rounds, now)
        records = won_and_lost(event, rows, store.events.seat_counts(event.key))
        return Room(event, entrants, rounds, tables, ranking, log, clock, records)

    def log_lines(self, event: EventRecord) -> tuple[tuple[str, Text], ...]:
        """The event's log as lines to show (time, words), the late corrections included."""
        store = self._store
        lines = [(row.at, log_words(row.kind, row.data)) for row in store.events.log(event.key)]
        lines += [
            (late.at, late_words(late))
            for late in store.events.late_changes(event.key, event.deals_each)
        ]
        return tuple(sorted(lines, key=lambda line: line[0]))

    def seat_of(self, token: str, deals: int) -> TableSeat | None:
        """Where a session that has played `deals` plays in an event (None: a plain one)."""
        return table_seat(self._store, token, deals, datetime.now(UTC))
