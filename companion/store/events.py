"""Club nights: events, their entrants, each round's draw, the tables bound to their sessions,
and the event's log (docs/design.md, "Club night").

The store runs no engine: a table's standing is read from its session's stored results
(`hand_results`, the row of its last hand that counts), never by replaying it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from companion.contract.values import Setup
from companion.store.database import Part
from companion.store.event_version import ROOM_VERSION, version_text
from companion.store.event_writes import log, write_draw
from companion.store.results import last_counting_number
from companion.store.rows import dump, load, new_token, now_utc
from companion.store.sessions import insert_session


@dataclass(frozen=True)
class EventRecord:
    """An event as stored: its two keys (the director's, the followers'), the game and house
    rules of every table, the table sizes, the rounds and their length, how it ranks and draws."""

    key: str
    follow: str
    name: str
    game: str
    options: Mapping[str, Any]
    table_size: int
    other_size: int | None
    fill: str
    rounds: int
    deals_each: int
    minutes: int
    method: str
    draw_order: str
    created_at: str
    closed_at: str | None = None  # the director closed the evening: its results are final
    hide_last: int = 0  # the last rounds whose running ranking the followers do not see
    seeding: str = "random"  # how round 1 is seated: "random" or "rating" (engine.seeding)


@dataclass(frozen=True)
class RoundRow:
    """A round's draw: its seed, who sits out, its count of repeated meetings, when it
    started (None: drawn, not started; the director may still swap), and the version of
    the draw as it stands (the log line of its last draw or swap: a start names the draw it
    was shown, `DrawChanged`)."""

    round: int
    seed: int
    byes: tuple[int, ...]
    repeats: int
    started_at: str | None
    draw_version: int = 0


@dataclass(frozen=True)
class SeatRow:
    """Where a session plays in an event: its round and table, its players' count, the
    director's word on it (deals added; the deals it may reach after its time), and when its
    round started."""

    event: EventRecord
    round: int
    table: int
    players: int
    extra_deals: int
    after_time: int | None
    started_at: str | None
    called_at: str | None = None  # the table called the director, who has not yet cleared it


class DrawChanged(LookupError):
    """A start refused: the round's tables are no longer the draw it was built from (a draw
    again or a swap landed in between)."""


@dataclass(frozen=True)
class TableRow:
    """One table of one round as it stands: its entrants in seat order, its session (None
    before the round starts), from the session's stored results the deals it has played and
    the totals after them, the time of its last entry, and whether the stored results cover
    every hand that counts (False: the session must be opened once to derive them)."""

    round: int
    number: int
    seats: tuple[int, ...]
    session: str | None
    deals: int
    totals: tuple[Any, ...] | None
    last_at: str | None
    complete: bool
    extra_deals: int = 0  # deals the director added to this table's round
    after_time: int | None = None  # the deals it may reach once its time is up (None: none)
    closed: bool = False  # its session was ended: by the director, or by an older version
    called_at: str | None = None  # when it called the director (None: no call waiting)
    call_words: str | None = None  # what its players wrote with the call


@dataclass(frozen=True)
class LogRow:
    """One line of the event's log: what happened (`kind`, its data) and when."""

    kind: str
    data: Mapping[str, Any]
    at: str


@dataclass(frozen=True)
class LateChange:
    """A correction or undo written at a table after it had played `length` deals."""

    round: int
    table: int
    hand: int
    action: str
    at: str


EVENT_FIELDS = tuple(field.name for field in fields(EventRecord))
"""The record's fields, in the order of the table's columns (`key` is the column `id`)."""
EVENT_COLUMNS = ", ".join("id" if name == "key" else name for name in EVENT_FIELDS)


def event_record(row: Sequence[Any]) -> EventRecord:
    """An event's record from its row (its columns in `EVENT_COLUMNS`' order)."""
    values = list(row)
    options = EVENT_FIELDS.index("options")
    values[options] = load(values[options])
    return EventRecord(*values)


class Events(Part):
    """The club nights of the file (`store.events`, over the store's one connection)."""

    def create(
        self, event: EventRecord, entrants: Sequence[str], pin_hash: str | None = None
    ) -> EventRecord:
        """Store a new event and its entrants (numbered 1, 2, … in the order given), with
        two new keys and the director's PIN's hash, if any; returns the event as stored."""
        stored = replace(event, key=new_token(), follow=new_token(), created_at=now_utc())
        values = [getattr(stored, name) for name in EVENT_FIELDS]
        values[EVENT_FIELDS.index("options")] = dump(dict(stored.options))
        marks = ", ".join("?" * (len(values) + 1))
        with self._write() as conn:
            conn.execute(
                f"INSERT INTO events ({EVENT_COLUMNS}, pin_hash) VALUES ({marks})",
                [*values, pin_hash],
            )
            conn.executemany(
                "INSERT INTO entrants (event_id, number, name) VALUES (?, ?, ?)",
                [(stored.key, number, name) for number, name in enumerate(entrants, 1)],
            )
            log(conn, stored.key, "created", {"entrants": len(entrants)})
        return stored

    def get(self, key: str) -> EventRecord | None:
        """The event of a director's key, or None."""
        row = self.db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE id = ?", (key,)).fetchone()
        return event_record(row) if row else None

    def followed(self, follow: str) -> EventRecord | None:
        """The event of a follower's key, or None."""
        row = self.db.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE follow = ?", (follow,)
        ).fetchone()
        return event_record(row) if row else None

    def all(self) -> list[EventRecord]:
        """Every event, newest first."""
        rows = self.db.execute(f"SELECT {EVENT_COLUMNS} FROM events ORDER BY created_at DESC")
        return [event_record(row) for row in rows]

    def entrants(self, key: str) -> dict[int, str]:
        """The event's entrants: number -> name."""
        rows = self.db.execute(
            "SELECT number, name FROM entrants WHERE event_id = ? ORDER BY number", (key,)
        )
        return {number: name for number, name in rows}

    def rounds(self, key: str) -> list[RoundRow]:
        """The rounds drawn so far, in order."""
        rows = self.db.execute(
            "SELECT round, seed, byes, repeats, started_at, (SELECT max(id) FROM event_log l"
            f"  WHERE l.event_id = r.event_id AND {DRAWN}) FROM event_rounds r"
            " WHERE event_id = ? ORDER BY round",
            (key,),
        )
        return [
            RoundRow(r, seed, tuple(load(byes)), rep, at, version or 0)
            for r, seed, byes, rep, at, version in rows
        ]

    def save_draw(
        self,
        key: str,
        round_number: int,
        seed: int,
        tables: Sequence[Sequence[int]],
        byes: Sequence[int],
        repeats: int,
        why: str,
        *,
        new: bool = False,
    ) -> None:
        """Keep (or replace) the draw of a round not yet started, and log `why` (drawn,
        swapped). Raises LookupError when the round has started, `DrawnAlready` when a `new`
        round's draw finds it drawn (`write_draw`)."""
        with self._write() as conn:
            write_draw(conn, key, round_number, seed, tables, byes, repeats, why, new=new)

    def start_round(
        self,
        key: str,
        round_number: int,
        setups: Sequence[Setup],
        seats: Sequence[Sequence[int]],
        draw_version: int | None = None,
    ) -> None:
        """Start a drawn round: one session per table (its setup, in table order), bound to
        it, all in one transaction. The setups were made from the tables' `seats`; the
        tables are read again inside the transaction, and a draw that is no longer those
        seats (or, given `draw_version`, no longer the draw the page showed) raises
        `DrawChanged`, so a session never seats other players than its table. Raises
        LookupError when the round is not drawn or has started."""
        with self._write() as conn:
            row = conn.execute(
                "SELECT started_at FROM event_rounds WHERE event_id = ? AND round = ?",
                (key, round_number),
            ).fetchone()
            if row is None or row[0] is not None:
                raise LookupError("the round is not drawn, or has started")
            drawn = [
                tuple(load(seated))
                for (seated,) in conn.execute(
                    "SELECT seats FROM event_tables WHERE event_id = ? AND round = ?"
                    " ORDER BY number",
                    (key, round_number),
                )
            ]
            (version,) = conn.execute(
                f"SELECT coalesce(max(id), 0) FROM event_log l WHERE event_id = ? AND {DRAWN}",
                (key,),
            ).fetchone()
            if drawn != [tuple(table) for table in seats] or draw_version not in (None, version):
                raise DrawChanged("the draw changed")
            for number, setup in enumerate(setups, 1):
                token = new_token()
                insert_session(conn, token, setup, ended=False, sign_off=False)
                conn.execute(
                    "UPDATE event_tables SET session_id = ? WHERE event_id = ? AND round = ?"
                    " AND number = ?",
                    (token, key, round_number, number),
                )
            conn.execute(
                "UPDATE event_rounds SET started_at = ? WHERE event_id = ? AND round = ?",
                (now_utc(), key, round_number),
            )
            log(conn, key, "started", {"round": round_number, "tables": len(setups)})

    def tables(self, key: str) -> list[TableRow]:
        """Every table of the event, round by round, with its standing read from its
        session's stored results: a few indexed rows a table, however long its sessions."""
        conn = self.db.conn
        rows = conn.execute(
            "SELECT t.round, t.number, t.seats, t.session_id, r.position, r.totals,"
            " (SELECT created_at FROM hands h WHERE h.session_id = t.session_id"
            "  ORDER BY h.id DESC LIMIT 1),"
            " (SELECT max(number) FROM hand_results c WHERE c.session_id = t.session_id),"
            " (SELECT max(number) FROM hands n WHERE n.session_id = t.session_id"
            "  AND n.action != 'undo'),"
            " t.extra_deals, t.after_time,"
            " (SELECT ended_at IS NOT NULL FROM sessions s WHERE s.id = t.session_id),"
            " t.called_at, t.call_words"
            " FROM event_tables t LEFT JOIN hand_results r ON r.session_id = t.session_id"
            " AND r.position = (SELECT max(position) FROM hand_results p"
            "  WHERE p.session_id = t.session_id)"
            " WHERE t.event_id = ? ORDER BY t.round, t.number",
            (key,),
        ).fetchall()
        return [table_row(conn, row) for row in rows]

    def version(self, key: str, now: str, idle_minutes: int) -> str | None:
        """The room's version at `now` (`event_version`), in one query; None: no such event."""
        found = self.db.execute(ROOM_VERSION, {"key": key, "now": now, "idle": idle_minutes})
        return version_text(found.fetchone())

    def seat_counts(self, key: str) -> dict[tuple[str, int], dict[str, int]]:
        """The own-figure counts of every seat of the event's tables, by (session, seat), from
        the statistics' kept standing (one row a seat)."""
        rows = self.db.execute(
            "SELECT s.session_id, s.seat, s.counts FROM event_tables t"
            " JOIN seat_standings s ON s.session_id = t.session_id WHERE t.event_id = ?",
            (key,),
        )
        return {(token, seat): load(counts) if counts else {} for token, seat, counts in rows}

    def table_of_session(self, token: str) -> SeatRow | None:
        """Where a session plays in an event (its table, the round's start, the director's
        word on it), or None for a plain session."""
        columns = ", ".join(f"e.{column}" for column in EVENT_COLUMNS.split(", "))
        row = self.db.execute(
            "SELECT t.round, t.number, json_array_length(t.seats), t.extra_deals, t.after_time,"
            f" r.started_at, t.called_at, {columns} FROM event_tables t JOIN events e ON e.id = t.event_id"
            " JOIN event_rounds r ON r.event_id = t.event_id AND r.round = t.round"
            " WHERE t.session_id = ?",
            (token,),
        ).fetchone()
        return None if row is None else SeatRow(event_record(row[7:]), *row[:7])

    def log(self, key: str) -> list[LogRow]:
        """The event's log, oldest first."""
        rows = self.db.execute(
            "SELECT kind, data, at FROM event_log WHERE event_id = ? ORDER BY id", (key,)
        )
        return [LogRow(kind, load(data), at) for kind, data, at in rows]

    def late_changes(self, key: str, deals_each: int) -> list[LateChange]:
        """The corrections and undos written at a table after it had saved the last deal of
        its round (its `deals_each` × players, and any deals the director added): what changed
        a finished round's ranking."""
        rows = self.db.execute(
            "SELECT t.round, t.number, h.number, h.action, h.created_at FROM event_tables t"
            " JOIN hands h ON h.session_id = t.session_id"
            " WHERE t.event_id = ? AND h.action != 'enter' AND h.id > (SELECT min(e.id)"
            "  FROM hands e WHERE e.session_id = t.session_id"
            "  AND e.number >= ? * json_array_length(t.seats) + t.extra_deals)"
            " ORDER BY h.id",
            (key, deals_each),
        )
        return [LateChange(*row) for row in rows]


def table_row(conn: sqlite3.Connection, row: Sequence[Any]) -> TableRow:
    """A table's row from the event's query, checked for a complete cache."""
    round_number, number, seats, session, position, totals, last_at, cached, top = row[:9]
    extra_deals, after_time, closed, called_at, call_words = row[9:]
    # The cache is a prefix of the hands by number, and an undo drops the results it takes
    # back: a cache that holds the highest hand ever entered holds every hand that counts.
    # Only otherwise (an undo, a lost race) is the hand that counts last looked for.
    complete = session is None or cached == top or cached == last_counting_number(conn, session)
    return TableRow(
        round_number,
        number,
        tuple(load(seats)),
        session,
        0 if position is None else position + 1,
        None if totals is None else tuple(load(totals)),
        last_at,
        complete,
        extra_deals,
        after_time,
        bool(closed),
        called_at,
        call_words,
    )


DRAWN = "l.kind IN ('drawn', 'swapped')"
"""The log lines that change a round's draw (`save_draw`'s reasons): the last is its version."""
