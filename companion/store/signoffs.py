"""Sign-offs (another phone's word on a saved hand, a house option) and devices (the sessions
each phone opened, so its cookie carries no session link)."""

from __future__ import annotations

from typing import Any

from companion.store.database import Database
from companion.store.records import Author, SameAuthor, SessionRecord, SignOff, StaleWrite, Verdict
from companion.store.rows import effective_row_id, now_utc, sessions_by_tokens


class SignOffs(Database):
    """Sign-offs and devices (a part of `Store`, over its one connection)."""

    def sign_off(
        self, token: str, number: int, based_on: Any, verdict: Verdict, by: Author
    ) -> None:
        """Another phone's word on hand `number` as the phone saw it (`based_on`: its row id).

        StaleWrite when that row is no longer hand `number` (corrected or undone since);
        SameAuthor when the phone that saved the row is the one answering.
        """
        with self._write() as conn:
            current = effective_row_id(conn, token, number)
            if current is None or current != based_on:
                raise StaleWrite(f"hand {number} changed since", current)
            (device,) = conn.execute("SELECT device FROM hands WHERE id = ?", (current,)).fetchone()
            if device is not None and device == by.device:
                raise SameAuthor(f"hand {number} was saved by this phone")
            conn.execute(
                "INSERT INTO sign_offs (session_id, row_id, verdict, entered_by, device,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (token, current, verdict.value, by.name, by.device, now_utc()),
            )

    def sign_offs(self, token: str) -> dict[int, SignOff]:
        """The latest word on each hand row of the session that has one, by row id."""
        rows = self.db.execute(
            "SELECT row_id, verdict, entered_by, created_at FROM sign_offs"
            " WHERE session_id = ? ORDER BY id",
            (token,),
        ).fetchall()
        return {row_id: SignOff(Verdict(verdict), by, at) for row_id, verdict, by, at in rows}

    def remember(self, device: str, token: str, keep: int) -> None:
        """Note that `device` opened session `token`; only its `keep` latest are kept."""
        with self._write() as conn:
            conn.execute(
                "INSERT INTO device_sessions (device, session_id, seen_at) "
                "VALUES (?, ?, ?) ON CONFLICT (device, session_id) "
                "DO UPDATE SET seen_at = excluded.seen_at",
                (device, token, now_utc()),
            )
            conn.execute(
                "DELETE FROM device_sessions WHERE device = ? AND session_id NOT IN "
                "(SELECT session_id FROM device_sessions WHERE device = ? "
                " ORDER BY seen_at DESC LIMIT ?)",
                (device, device, keep),
            )

    def latest_of_device(self, device: str) -> str | None:
        """The session `device` opened last (a page view of it then needs no write)."""
        row = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ? ORDER BY seen_at DESC LIMIT 1",
            (device,),
        ).fetchone()
        return row[0] if row else None

    def sessions_of_device(self, device: str) -> list[SessionRecord]:
        """The sessions `device` opened, newest first."""
        rows = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ? ORDER BY seen_at DESC",
            (device,),
        ).fetchall()
        return sessions_by_tokens(self.db.conn, [row[0] for row in rows])

    def tokens_of_device(self, device: str) -> frozenset[str]:
        """The sessions `device` opened (whose links it may be shown)."""
        rows = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ?", (device,)
        ).fetchall()
        return frozenset(row[0] for row in rows)
