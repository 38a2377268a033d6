"""Sign-offs (another phone's word on a saved hand, a house option) and devices (the sessions
each phone opened, so its cookie carries no session link)."""

from __future__ import annotations

from typing import Any

from companion.store.database import Database
from companion.store.records import Author, SameAuthor, SessionRecord, SignOff, StaleWrite, Verdict
from companion.store.rows import effective_row_id, name_key, now_utc, sessions_by_tokens


def same_name(one: str | None, other: str | None) -> bool:
    """Whether two names given by phones are one player's (case and spaces do not count)."""
    return one is not None and other is not None and name_key(one) == name_key(other)


class SignOffs(Database):
    """Sign-offs and devices (a part of `Store`, over its one connection)."""

    def sign_off(
        self, token: str, number: int, based_on: Any, verdict: Verdict, by: Author
    ) -> None:
        """Another phone's word on hand `number` as the phone saw it (`based_on`: its row id).

        StaleWrite when that row is no longer hand `number` (corrected or undone since);
        SameAuthor when the phone that saved the row is the one answering, or when the
        answer is given under the name the row was saved under (a name taken over by another
        phone is still the same player).
        """
        with self._write() as conn:
            current = effective_row_id(conn, token, number)
            if current is None or current != based_on:
                raise StaleWrite(f"hand {number} changed since", current)
            device, entered_by = conn.execute(
                "SELECT device, entered_by FROM hands WHERE id = ?", (current,)
            ).fetchone()
            if device is not None and device == by.device:
                raise SameAuthor(f"hand {number} was saved by this phone")
            if same_name(entered_by, by.name):
                raise SameAuthor(f"hand {number} was saved under this name", entered_by)
            conn.execute(
                "INSERT INTO sign_offs (session_id, row_id, verdict, entered_by, device,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (token, current, verdict.value, by.name, by.device, now_utc()),
            )

    def sign_offs(self, token: str) -> dict[int, SignOff]:
        """The latest word on each hand row of the session that has one, by row id. A word
        given under the name the row was saved under (written before one phone per name) is
        no word at all: a hand is never shown agreed by the player who entered it."""
        rows = self.db.execute(
            "SELECT sign_offs.row_id, sign_offs.verdict, sign_offs.entered_by,"
            " sign_offs.created_at, hands.entered_by FROM sign_offs"
            " JOIN hands ON hands.id = sign_offs.row_id"
            " WHERE sign_offs.session_id = ? ORDER BY sign_offs.id",
            (token,),
        ).fetchall()
        return {
            row_id: SignOff(Verdict(verdict), by, at)
            for row_id, verdict, by, at, author in rows
            if not same_name(author, by)
        }

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
