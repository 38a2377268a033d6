"""Drafts: the hand still being entered (a trick game's tricks so far), one per session.

Not part of the record: a draft is the pad's memory between taps, kept on disk so that a
closed tab or a crashed phone does not lose the tricks already entered.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping
from typing import Any

from companion.contract.values import json_ready
from companion.store.database import Part
from companion.store.records import ANY_VERSION, StaleWrite
from companion.store.rows import dump, load, now_utc, require_session


class Drafts(Part):
    """The hand being entered of each session (`store.drafts`, over the store's one connection)."""

    def save(
        self,
        token: str,
        number: int,
        data: Mapping[str, Any],
        expected: Any = ANY_VERSION,
        *,
        drafted: Any = ANY_VERSION,
    ) -> None:
        """Keep the hand being entered (hand `number`, as raw data) until it is saved or dropped.

        `expected` is the draft the phone built on; when the draft on disk differs (another
        phone added a trick since), StaleWrite is raised with the draft on disk, nothing
        written. Empty values count as none, so "no draft" and "no tricks yet" are the same.
        `drafted`, instead, is the version of the draft the phone's page showed (`draft_version`,
        as for `add_hand`): taking back the bids another phone changed meanwhile is refused.
        """
        with self._write() as conn:
            require_session(conn, token)
            check_draft(conn, token, number, expected)
            check_draft_version(conn, token, number, drafted)
            conn.execute(
                "INSERT INTO drafts (session_id, number, data, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (session_id) DO UPDATE SET number = excluded.number,"
                " data = excluded.data, updated_at = excluded.updated_at",
                (token, number, dump(dict(data)), now_utc()),
            )

    def get(self, token: str) -> tuple[int, dict[str, Any]] | None:
        """The hand being entered: its number and raw data, or None."""
        row = self.db.execute(
            "SELECT number, data FROM drafts WHERE session_id = ?", (token,)
        ).fetchone()
        return (row[0], load(row[1])) if row else None

    def drop(
        self,
        token: str,
        number: int = 0,
        expected: Any = ANY_VERSION,
        *,
        drafted: Any = ANY_VERSION,
    ) -> None:
        """Forget the hand being entered (hand `number`; `expected` and `drafted` as for
        `save`)."""
        with self._write() as conn:
            check_draft(conn, token, number, expected)
            check_draft_version(conn, token, number, drafted)
            conn.execute("DELETE FROM drafts WHERE session_id = ?", (token,))


def without_empty(data: Mapping[str, Any]) -> dict[str, Any]:
    """A draft with its empty values (None, [], {}) left out: they say nothing was entered."""
    return {key: value for key, value in data.items() if value not in (None, [], {})}


def draft_of(conn: sqlite3.Connection, token: str, number: int) -> dict[str, Any]:
    """The draft on disk for hand `number` ({} when none, or when it is another hand's)."""
    row = conn.execute("SELECT number, data FROM drafts WHERE session_id = ?", (token,)).fetchone()
    return load(row[1]) if row and row[0] == number else {}


def draft_version(data: Mapping[str, Any]) -> str:
    """The version of a hand being entered that a page shows and its save carries back: a
    digest of what the draft holds, "" when it holds nothing (no draft, or no tricks yet)."""
    held = without_empty(data)
    if not held:
        return ""
    text = json.dumps(json_ready(held), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def check_draft(conn: sqlite3.Connection, token: str, number: int, expected: Any) -> None:
    """Refuse a draft write based on another draft than the one on disk (see save_draft)."""
    if expected is ANY_VERSION:
        return
    current = draft_of(conn, token, number)
    if without_empty(current) != without_empty(expected):
        raise StaleWrite("the hand being entered changed since", current)


def check_draft_version(conn: sqlite3.Connection, token: str, number: int, drafted: Any) -> None:
    """Refuse a hand's save whose page showed another draft than the one on disk (see
    add_hand)."""
    if drafted is ANY_VERSION:
        return
    current = draft_of(conn, token, number)
    if draft_version(current) != drafted:
        raise StaleWrite("the hand being entered changed since", current)
