"""The director's word on a club night (`store.director`): a table's round lengthened or its
deal in progress allowed, tables and the evening closed, the running ranking hidden for the
last rounds, the director's PIN, and a table's call to the director. Each write is logged in
the event's log, in its own transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from companion.store.database import Part
from companion.store.event_writes import log
from companion.store.rows import now_utc

PIN_TRIES = 5
"""Wrong PINs in a row after which an event's PIN is refused for `PIN_PAUSE`."""
PIN_PAUSE = timedelta(minutes=5)


@dataclass(frozen=True)
class PinRecord:
    """An event's PIN as stored: its hash (None: no PIN), and until when it is refused."""

    key: str
    pin_hash: str | None
    locked_until: str | None


class EventDirector(Part):
    """The director's controls of the events of the file, over the store's one connection."""

    def direct_table(
        self, key: str, round_number: int, number: int, *, lengthen: bool, allow: int | None
    ) -> None:
        """The director's word on a started table: one deal more in its round (`lengthen`),
        or, its time being up, the deals it may still reach (`allow`: the deal in progress).
        Logged. LookupError when there is no such started table."""
        with self._write() as conn:
            changed = conn.execute(
                "UPDATE event_tables SET extra_deals = extra_deals + ?,"
                " after_time = coalesce(?, after_time) WHERE event_id = ? AND round = ?"
                " AND number = ? AND session_id IS NOT NULL",
                (int(lengthen), allow, key, round_number, number),
            ).rowcount
            if not changed:
                raise LookupError("no such table")
            kind, data = ("lengthened", {}) if lengthen else ("allowed", {"deals": allow})
            log(conn, key, kind, {"round": round_number, "table": number, **data})

    def close(self, key: str, tables: Sequence[tuple[int, int]], *, evening: bool) -> None:
        """Close tables (round, number): their sessions are ended, so their pads take no more
        deals, and any call they made is cleared; with `evening`, the evening is closed too
        and its results are final. Logged, with the tables closed."""
        with self._write() as conn:
            for round_number, number in tables:
                conn.execute(
                    "UPDATE sessions SET ended_at = ? WHERE ended_at IS NULL AND id ="
                    " (SELECT session_id FROM event_tables WHERE event_id = ? AND round = ?"
                    " AND number = ?)",
                    (now_utc(), key, round_number, number),
                )
                conn.execute(
                    "UPDATE event_tables SET called_at = NULL, call_words = NULL"
                    " WHERE event_id = ? AND round = ? AND number = ?",
                    (key, round_number, number),
                )
            if evening:
                conn.execute("UPDATE events SET closed_at = ? WHERE id = ?", (now_utc(), key))
            tables_data = [list(table) for table in tables]
            log(conn, key, "closed_evening" if evening else "closed", {"tables": tables_data})

    def hide_last(self, key: str, rounds: int) -> None:
        """Hide the running ranking from the followers for the last `rounds` rounds (0: never).
        Logged."""
        with self._write() as conn:
            conn.execute("UPDATE events SET hide_last = ? WHERE id = ?", (rounds, key))
            log(conn, key, "hidden", {"rounds": rounds})

    def call(self, key: str, round_number: int, number: int, words: str) -> None:
        """A table calls the director, with its words (maybe none): a call already waiting
        keeps its time and takes the new words. Logged. LookupError: no such open table."""
        with self._write() as conn:
            changed = conn.execute(
                "UPDATE event_tables SET called_at = coalesce(called_at, ?), call_words = ?"
                " WHERE event_id = ? AND round = ? AND number = ? AND session_id IS NOT NULL",
                (now_utc(), words, key, round_number, number),
            ).rowcount
            if not changed:
                raise LookupError("no such table")
            log(conn, key, "called", {"round": round_number, "table": number, "words": words})

    def clear_call(self, key: str, round_number: int, number: int) -> None:
        """The director has answered a table's call. Logged. LookupError: no call waiting."""
        with self._write() as conn:
            changed = conn.execute(
                "UPDATE event_tables SET called_at = NULL, call_words = NULL WHERE event_id = ?"
                " AND round = ? AND number = ? AND called_at IS NOT NULL",
                (key, round_number, number),
            ).rowcount
            if not changed:
                raise LookupError("no call waiting")
            log(conn, key, "call_cleared", {"round": round_number, "table": number})

    def pins(self) -> list[tuple[str, str, str]]:
        """The events a director can open with a PIN: their followers' key, name and
        creation time, newest first (never the director's key)."""
        rows = self.db.execute(
            "SELECT follow, name, created_at FROM events WHERE pin_hash IS NOT NULL"
            " ORDER BY created_at DESC"
        )
        return [(follow, name, created_at) for follow, name, created_at in rows]

    def pin_of(self, follow: str) -> PinRecord | None:
        """The PIN record of the event of a followers' key, or None when there is none."""
        row = self.db.execute(
            "SELECT id, pin_hash, pin_locked_until FROM events WHERE follow = ?", (follow,)
        ).fetchone()
        return None if row is None else PinRecord(*row)

    def pin_tried(self, key: str, *, right: bool, now: datetime) -> None:
        """Count a try of the event's PIN: a right one clears the count; the `PIN_TRIES`th
        wrong one in a row refuses the PIN until `PIN_PAUSE` from `now`. A wrong try is logged."""
        with self._write() as conn:
            if right:
                conn.execute(
                    "UPDATE events SET pin_failures = 0, pin_locked_until = NULL WHERE id = ?",
                    (key,),
                )
                return
            until = (now + PIN_PAUSE).isoformat(timespec="seconds")
            conn.execute(
                "UPDATE events SET"
                " pin_failures = CASE WHEN pin_failures + 1 >= ? THEN 0 ELSE pin_failures + 1 END,"
                " pin_locked_until = CASE WHEN pin_failures + 1 >= ? THEN ?"
                " ELSE pin_locked_until END WHERE id = ?",
                (PIN_TRIES, PIN_TRIES, until, key),
            )
            log(conn, key, "pin_refused", {})
