"""Devices: the sessions each phone opened, so its cookie carries no session link."""

from __future__ import annotations

from companion.store.database import Part
from companion.store.records import SessionRecord
from companion.store.rows import now_utc, sessions_by_tokens


class Devices(Part):
    """The sessions each phone opened (`store.devices`, over the store's one connection)."""

    def remember(self, device: str, token: str, keep: int) -> None:
        """Note that `device` opened session `token`; only its `keep` latest are kept. Nothing
        is written when it is already the device's latest, or when the file is read-only (a
        page view then writes nothing)."""
        if self.read_only or self.latest(device) == token:
            return
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

    def latest(self, device: str) -> str | None:
        """The session `device` opened last (a page view of it then needs no write)."""
        row = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ? ORDER BY seen_at DESC LIMIT 1",
            (device,),
        ).fetchone()
        return row[0] if row else None

    def sessions(self, device: str) -> list[SessionRecord]:
        """The sessions `device` opened, newest first."""
        rows = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ? ORDER BY seen_at DESC",
            (device,),
        ).fetchall()
        return sessions_by_tokens(self.db.conn, [row[0] for row in rows])

    def tokens(self, device: str) -> frozenset[str]:
        """The sessions `device` opened (whose links it may be shown)."""
        rows = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ?", (device,)
        ).fetchall()
        return frozenset(row[0] for row in rows)
