"""One phone per name in a session: the name each phone (device) holds there, and each name
taken over from another phone (printed in the session's history)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.store.database import Part
from companion.store.rows import name_key, now_utc


class NameHeld(ValueError):
    """A phone named itself with a name another phone holds in the session: nothing changed.
    `holding` is that phone's hold (its row id), which a take-over must name."""

    def __init__(self, holding: int) -> None:
        super().__init__("another phone holds that name")
        self.holding = holding


@dataclass(frozen=True)
class TakeOver:
    """A name taken over from another phone in a session: which name, when, and whether the
    phone asking is the one that lost it or the one that took it."""

    name: str
    at: str
    from_device: str
    to_device: str


class PhoneNames(Part):
    """Names held by phones (`store.phone_names`, over the store's one connection)."""

    def of_device(self, token: str, device: str) -> str | None:
        """The name `device` holds in session `token`, or None."""
        row = self.db.execute(
            "SELECT name FROM phone_names WHERE session_id = ? AND device = ?", (token, device)
        ).fetchone()
        return row[0] if row else None

    def hold(self, token: str, device: str, name: str, take_over: int | None = None) -> None:
        """`device` holds `name` in session `token` from now (giving up any other name).

        NameHeld (nothing changed) when another phone holds the name, unless `take_over` is
        that phone's hold as this phone was shown it: then the name moves here and the
        take-over is written down for the history. A take-over of a hold that changed since
        (another phone took the name meanwhile) is refused the same way.
        """
        key = name_key(name)
        with self._write() as conn:
            held = conn.execute(
                "SELECT id, device FROM phone_names WHERE session_id = ? AND name_key = ?",
                (token, key),
            ).fetchone()
            if held is not None and held[1] != device:
                if take_over != held[0]:
                    raise NameHeld(held[0])
                conn.execute("DELETE FROM phone_names WHERE id = ?", (held[0],))
                conn.execute(
                    "INSERT INTO name_takeovers (session_id, name, from_device, to_device,"
                    " created_at) VALUES (?, ?, ?, ?, ?)",
                    (token, name, held[1], device, now_utc()),
                )
            conn.execute(
                "DELETE FROM phone_names WHERE session_id = ? AND device = ?", (token, device)
            )
            conn.execute(
                "INSERT INTO phone_names (session_id, device, name, name_key, since)"
                " VALUES (?, ?, ?, ?, ?)",
                (token, device, name, key, now_utc()),
            )

    def release(self, token: str, device: str) -> None:
        """`device` holds no name in session `token` any more."""
        with self._write() as conn:
            conn.execute(
                "DELETE FROM phone_names WHERE session_id = ? AND device = ?", (token, device)
            )

    def takeovers(self, token: str) -> list[TakeOver]:
        """Every name taken over from another phone in session `token`, oldest first."""
        rows = self.db.execute(
            "SELECT name, created_at, from_device, to_device FROM name_takeovers"
            " WHERE session_id = ? ORDER BY id",
            (token,),
        ).fetchall()
        return [TakeOver(*row) for row in rows]
