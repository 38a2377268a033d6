"""Stored results: each effective hand's scored result as the engine derived it, kept beside
the hands so that a pad opens without replaying the session (see docs/design.md).

The store runs no engine: it keeps the text `companion.engine.derived` writes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from companion.store.database import Database
from companion.store.records import STALE_RESULTS, ResultRow, ResultsSummary, ResultsWrite
from companion.store.rows import dump, last_change, load


class Results(Database):
    """The derived results of each session (a part of `Store`, over its one connection)."""

    def __init__(self, *args: Any, results_usable: bool = True, **kwargs: Any) -> None:
        """`results_usable`: False when the derived results in a read-only file were derived
        by other code (`keep_results_of`): they are then never read, every session replays."""
        super().__init__(*args, **kwargs)
        self._results_usable = results_usable

    def results_summary(self, token: str) -> ResultsSummary:
        """The change the session's derived results are up to, its last scored hand and its
        refused ones: a constant number of rows, however long the session."""
        last = self.db.execute(
            f"SELECT {RESULT_COLUMNS} FROM hand_results WHERE session_id = ?"
            " AND position IS NOT NULL ORDER BY position DESC LIMIT 1",
            (token,),
        ).fetchone()
        refused = self.db.execute(
            f"SELECT {RESULT_COLUMNS} FROM hand_results WHERE session_id = ?"
            " AND position IS NULL ORDER BY number",
            (token,),
        ).fetchall()
        if not self._results_usable:  # derived by other code, kept in a read-only file
            return ResultsSummary(STALE_RESULTS, None, ())
        return ResultsSummary(
            self.results_change(token),
            result_row(last) if last else None,
            tuple(map(result_row, refused)),
        )

    def results_change(self, token: str) -> int:
        """The change (hand row) the session's derived results are up to, 0 when none."""
        row = self.db.execute(
            "SELECT change FROM results_change WHERE session_id = ?", (token,)
        ).fetchone()
        return row[0] if row else 0

    def result_rows(self, token: str, start: int, stop: int) -> list[ResultRow]:
        """The derived results of the hands at positions start..stop-1, in order."""
        rows = self.db.execute(
            f"SELECT {RESULT_COLUMNS} FROM hand_results WHERE session_id = ?"
            " AND position >= ? AND position < ? ORDER BY position",
            (token, start, stop),
        ).fetchall()
        return [result_row(row) for row in rows]

    def replace_results(self, token: str, change: int, rows: Sequence[ResultRow]) -> bool:
        """Keep a whole session's derived results, derived from its hands as of `change`;
        nothing is written (False) when its hands changed since."""
        with self._write() as conn:
            if last_change(conn, token) != change:
                return False
            conn.execute("DELETE FROM hand_results WHERE session_id = ?", (token,))
            insert_results(conn, token, rows)
            stamp_results(conn, token, change)
        return True

    def keep_results_of(self, engine: str) -> bool:
        """Keep the derived results only if `engine` derived them (`derived.engine_fingerprint`,
        which the store keeps beside them); otherwise drop them all and note `engine`, so each
        session is derived again, by this engine, when next opened. Says whether the results
        kept were derived by `engine`. A read-only file cannot drop them: its stale results
        are then ignored (`results_summary`) and every session replays."""
        key = "results_engine"
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is not None and row[0] == engine:
            return True
        if self.read_only:
            self._results_usable = False
            return False
        with self._write() as conn:
            conn.execute("DELETE FROM hand_results")
            conn.execute("DELETE FROM results_change")
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key)"
                " DO UPDATE SET value = excluded.value",
                (key, engine),
            )
        return False


RESULT_COLUMNS = "number, position, hand, totals, played"


def result_row(row: Sequence[Any]) -> ResultRow:
    number, position, text, totals, played = row
    return ResultRow(
        number, position, text, None if totals is None else tuple(load(totals)), played
    )


def insert_results(conn: sqlite3.Connection, token: str, rows: Sequence[ResultRow]) -> None:
    conn.executemany(
        "INSERT INTO hand_results (session_id, number, position, hand, totals, played)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                token,
                row.number,
                row.position,
                row.text,
                None if row.totals is None else dump(list(row.totals)),
                row.played,
            )
            for row in rows
        ],
    )


def stamp_results(conn: sqlite3.Connection, token: str, change: int) -> None:
    conn.execute(
        "INSERT INTO results_change (session_id, change) VALUES (?, ?)"
        " ON CONFLICT (session_id) DO UPDATE SET change = excluded.change",
        (token, change),
    )


def record_results(
    conn: sqlite3.Connection, token: str, row_id: int, write: ResultsWrite | None
) -> bool:
    """Bring the derived results up to the hand row `row_id` just written, when they were
    derived from the version of the session that row follows; otherwise leave them behind
    (the next load sees the stale change and derives them afresh). Says whether they were."""
    if write is None:
        return False
    # What the stored results follow, and the row written before this one: one query.
    current, before = conn.execute(
        "SELECT (SELECT change FROM results_change WHERE session_id = ?),"
        " (SELECT max(id) FROM hands WHERE session_id = ? AND id < ?)",
        (token, token, row_id),
    ).fetchone()
    if (current or 0) != write.since or (before or 0) != write.since:
        return False
    conn.execute(
        "DELETE FROM hand_results WHERE session_id = ? AND number >= ?", (token, write.from_number)
    )
    insert_results(conn, token, write.rows)
    stamp_results(conn, token, row_id)
    return True
