"""Rows in and out: the plain functions over one connection that the aggregates and the
migrations share (JSON columns, a hand row, the effective hands, a session's record, the
seats linked to the roster). Each runs inside whatever transaction its caller holds.
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

from companion.contract.names import name_key as name_key
from companion.contract.names import read_name
from companion.contract.values import Setup, json_ready
from companion.store.records import Author, HandAction, HandRow, Seat, SessionRecord


def new_token() -> str:
    """A session's secret: 192 random bits, URL-safe, never starting with "-" (which a command
    line would read as an option, as in `companion export TOKEN`)."""
    while True:
        token = secrets.token_urlsafe(24)
        if not token.startswith("-"):
            return token


def now_utc() -> str:
    """The current time as ISO-8601 UTC, to the millisecond (sortable as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def split_members(name: str) -> tuple[str, ...]:
    """The people behind a seat name: "Ann & Bob" or "Ann + Bob" is a team of two."""
    members = tuple(part.strip() for part in re.split(r"[&+]", name))
    members = tuple(member for member in members if member)
    return members or (name.strip(),)


def link_seats(conn: sqlite3.Connection, token: str, names: Sequence[str]) -> None:
    """Link each seat of a new session to the roster's players (see `link_seat`)."""
    for position, name in enumerate(names):
        link_seat(conn, token, position, split_members(name))


def link_seat(conn: sqlite3.Connection, token: str, position: int, members: Sequence[str]) -> None:
    """Link each member of a seat to the player their name (or a spelling merged into them)
    names, adding a player for a name never seen."""
    for member, name in enumerate(members):
        key = name_key(name)
        row = conn.execute("SELECT player_id FROM player_names WHERE key = ?", (key,)).fetchone()
        if row is None:
            cursor = conn.execute(
                "INSERT INTO players (name, created_at) VALUES (?, ?)",
                (read_name(name), now_utc()),
            )
            player_id = cursor.lastrowid
            conn.execute(
                "INSERT INTO player_names (key, spelling, player_id) VALUES (?, ?, ?)",
                (key, read_name(name), player_id),
            )
        else:
            player_id = row[0]
        conn.execute(
            "INSERT OR IGNORE INTO seat_players (session_id, position, member,"
            " player_id) VALUES (?, ?, ?, ?)",
            (token, position, member, player_id),
        )


def chunks(items: list[Any], size: int) -> Iterator[list[Any]]:
    """`items` in slices of at most `size` (SQLite caps the parameters of one query)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""One encoder for every write (`json.dumps` with options builds a new one per call)."""


def dump(value: Any) -> str:
    return _ENCODER.encode(json_ready(value))


def load(text: str) -> Any:
    return json.loads(text)


HAND_COLUMNS = "id, number, action, entry, points, supersedes, created_at, entered_by, device"


def insert_hand(
    conn: sqlite3.Connection,
    token: str,
    number: int,
    action: HandAction,
    entry_text: str,
    points: Sequence[int] | None,
    supersedes: int | None,
    by: Author | None = None,
    at: str | None = None,
) -> int:
    """Append one hand row (its entry as `_dump` wrote it; `by`: the phone that wrote it;
    `at`: when, now by default); returns its id."""
    author = by or Author()
    cursor = conn.execute(
        "INSERT INTO hands (session_id, number, action, entry, points, supersedes, created_at,"
        " entered_by, device) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            token,
            number,
            action,
            entry_text,
            None if points is None else dump([int(p) for p in points]),
            supersedes,
            at or now_utc(),
            author.name,
            author.device,
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def effective_rows(conn: sqlite3.Connection, token: str) -> list[HandRow]:
    """For each hand number, its latest enter/correct row, unless an undo superseded that row.

    An undo takes a hand back entirely (it does not restore the row a correction replaced);
    the hand can then be entered again under the same number.
    """
    rows = conn.execute(
        f"SELECT {HAND_COLUMNS} FROM hands WHERE session_id = ? ORDER BY id", (token,)
    ).fetchall()
    latest: dict[int, HandRow] = {}
    undone: set[int] = set()
    for row in map(hand_row, rows):
        if row.action == "undo":
            if row.supersedes is not None:
                undone.add(row.supersedes)
        else:
            latest[row.number] = row
    return [row for number, row in sorted(latest.items()) if row.id not in undone]


def effective_row_id(conn: sqlite3.Connection, token: str, number: int) -> int | None:
    """The id of hand `number`'s effective row, or None when it has none."""
    row = conn.execute(
        "SELECT id FROM hands WHERE session_id = ? AND number = ? AND action != 'undo'"
        " ORDER BY id DESC LIMIT 1",
        (token, number),
    ).fetchone()
    if row is None:
        return None
    undone = conn.execute(
        "SELECT 1 FROM hands WHERE session_id = ? AND action = 'undo' AND supersedes = ?",
        (token, row[0]),
    ).fetchone()
    return None if undone else row[0]


def hand_row(row: Sequence[Any]) -> HandRow:
    row_id, number, action, entry, points, supersedes, created_at, by, device = row
    return HandRow(
        id=row_id,
        number=number,
        action=action,
        entry=load(entry),
        points=None if points is None else tuple(load(points)),
        supersedes=supersedes,
        created_at=created_at,
        by=by,
        device=device,
    )


def session_record(row: Sequence[Any], seats: tuple[Seat, ...]) -> SessionRecord:
    token, game, options, first_dealer, created_at, ended_at, sign_off = row
    setup = Setup(
        game=game,
        players=tuple(seat.name for seat in seats),
        options=load(options),
        first_dealer=first_dealer,
    )
    return SessionRecord(token, setup, created_at, ended_at, seats, bool(sign_off))


def require_session(conn: sqlite3.Connection, token: str) -> None:
    """LookupError unless the session exists."""
    if conn.execute("SELECT 1 FROM sessions WHERE id = ?", (token,)).fetchone() is None:
        raise LookupError("no such session")


def last_change(conn: sqlite3.Connection, token: str) -> int:
    """The id of the session's latest hand row, 0 when none: changes whenever its hands do."""
    row = conn.execute("SELECT max(id) FROM hands WHERE session_id = ?", (token,)).fetchone()
    return row[0] or 0


SESSION_COLUMNS = "id, game, options, first_dealer, created_at, ended_at, sign_off"


def sessions_where(
    conn: sqlite3.Connection, condition: str, parameters: Sequence[Any]
) -> list[SessionRecord]:
    """The sessions matching an SQL condition, in the order it gives, each with its seats."""
    rows = conn.execute(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE {condition}", parameters)
    found = rows.fetchall()
    seats = seats_of(conn, [row[0] for row in found])
    return [session_record(row, seats.get(row[0], ())) for row in found]


def sessions_by_tokens(conn: sqlite3.Connection, tokens: Sequence[str]) -> list[SessionRecord]:
    """The sessions among `tokens` that exist, newest first (unknown tokens are skipped)."""
    wanted = list(dict.fromkeys(tokens))
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    return sessions_where(conn, f"id IN ({marks}) ORDER BY created_at DESC, rowid DESC", wanted)


def seats_of(conn: sqlite3.Connection, tokens: list[str]) -> dict[str, tuple[Seat, ...]]:
    """The seats of each session, in play order."""
    if not tokens:
        return {}
    marks = ", ".join("?" for _ in tokens)
    rows = conn.execute(
        f"SELECT session_id, position, name, members FROM seats"
        f" WHERE session_id IN ({marks}) ORDER BY session_id, position",
        tokens,
    ).fetchall()
    seats: dict[str, list[Seat]] = {}
    for session_id, position, name, members in rows:
        seats.setdefault(session_id, []).append(Seat(position, name, tuple(load(members))))
    return {token: tuple(found) for token, found in seats.items()}
