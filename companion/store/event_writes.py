"""The writes of a club night that more than one of its parts makes, each inside the caller's
own transaction: a line of the event's log, and a round's draw (`store.events.save_draw`, and
the movement's re-plan that draws a waiting round again, `store.movements.replan`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from companion.store.rows import dump, now_utc


def log(conn: sqlite3.Connection, key: str, kind: str, data: Mapping[str, Any]) -> None:
    """A line of the event's log, in the write's own transaction."""
    conn.execute(
        "INSERT INTO event_log (event_id, kind, data, at) VALUES (?, ?, ?, ?)",
        (key, kind, dump(dict(data)), now_utc()),
    )


class DrawnAlready(Exception):
    """A new round's draw found the round drawn: another request (a second tap) was first."""


def write_draw(
    conn: sqlite3.Connection,
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
    """Keep (or replace) the draw of a round not yet started and log `why` (drawn, swapped),
    in the caller's transaction. Raises LookupError when the round has started, and
    `DrawnAlready` when `new` (the draw of a round not drawn before, not a draw again) finds
    it drawn: checked in the write's own transaction, so two taps at once draw it once."""
    started = conn.execute(
        "SELECT started_at FROM event_rounds WHERE event_id = ? AND round = ?",
        (key, round_number),
    ).fetchone()
    if started is not None and started[0] is not None:
        raise LookupError("the round has started")
    if started is not None and new:
        raise DrawnAlready(round_number)
    conn.execute("DELETE FROM event_tables WHERE event_id = ? AND round = ?", (key, round_number))
    conn.execute(
        "INSERT INTO event_rounds (event_id, round, seed, byes, repeats)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id, round) DO UPDATE SET"
        " seed = excluded.seed, byes = excluded.byes, repeats = excluded.repeats",
        (key, round_number, seed, dump(list(byes)), repeats),
    )
    conn.executemany(
        "INSERT INTO event_tables (event_id, round, number, seats) VALUES (?, ?, ?, ?)",
        [(key, round_number, n, dump(list(seats))) for n, seats in enumerate(tables, 1)],
    )
    log(conn, key, why, {"round": round_number, "repeats": repeats})
