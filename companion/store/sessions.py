"""Sessions: their setup, seats, start and end (the hands are hands.py's)."""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.contract.values import Setup
from companion.store.database import Database, Part
from companion.store.records import SessionRecord
from companion.store.rows import (
    dump,
    insert_hand,
    link_seats,
    new_token,
    now_utc,
    require_session,
    sessions_by_tokens,
    sessions_where,
    split_members,
)

RECORDS_KEPT = 64
"""Sessions whose records one store keeps between requests (see `Sessions.get`)."""


class Sessions(Part):
    """The sessions of the file (`store.sessions`, over the store's one connection)."""

    def __init__(self, database: Database) -> None:
        super().__init__(database)
        self._records: dict[str, SessionRecord] = {}  # sessions read (see `get`)

    def create(self, setup: Setup, *, sign_off: bool = False) -> str:
        """Store a new session and its seats; returns its token, the secret in its link.
        `sign_off`: each hand waits for another phone to agree."""
        token = new_token()
        with self._write() as conn:
            insert_session(conn, token, setup, ended=False, sign_off=sign_off)
        return token

    def create_imported(
        self,
        setup: Setup,
        hands: Sequence[tuple[int, Mapping[str, Any], Sequence[int] | None]],
        ended: bool = False,
    ) -> str:
        """Store an imported session and its hands (number, entry, points) in one transaction:
        all of it, or nothing. Returns the new session's token (a new link: a link is a key,
        and the one on the other machine is not carried over)."""
        token = new_token()
        with self._write() as conn:
            insert_session(conn, token, setup, ended=ended, sign_off=False)
            for number, entry, points in hands:
                insert_hand(conn, token, number, "enter", dump(dict(entry)), points, None)
        return token

    def get(self, token: str) -> SessionRecord | None:
        """The session behind a token, or None when there is no such session.

        A session's setup, seats and start are written once and never changed (only its end
        is), so a session this store read before is asked only whether it exists and when it
        ended: one small query instead of two and a record rebuilt per request (a write that
        ever changed the rest would have to forget `_records`).
        """
        record = self._records.get(token)
        if record is None:
            found = self.by_tokens([token])
            if not found:
                return None
            record = found[0]
            if len(self._records) >= RECORDS_KEPT:
                self._records.pop(next(iter(self._records)))
        else:
            row = self.db.conn.execute(
                "SELECT ended_at FROM sessions WHERE id = ?", (token,)
            ).fetchone()
            if row is None:  # a backup restored over the file that lacks it
                del self._records[token]
                return None
            if record.ended_at != row[0]:
                record = replace(record, ended_at=row[0])
        self._records[token] = record
        return record

    def by_tokens(self, tokens: Sequence[str]) -> list[SessionRecord]:
        """The sessions among `tokens` that exist, newest first (unknown tokens are skipped)."""
        return sessions_by_tokens(self.db.conn, tokens)

    def end(self, token: str) -> None:
        """Mark the session ended (the first time only). Raises LookupError for an unknown token."""
        with self._write() as conn:
            require_session(conn, token)
            conn.execute(
                "UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                (now_utc(), token),
            )

    def between(self, since: str | None = None, before: str | None = None) -> list[SessionRecord]:
        """Every session begun at or after `since` and before `before` (ISO times, UTC; None:
        unbounded), oldest first: what the statistics count."""
        return sessions_where(
            self.db.conn,
            "created_at >= ? AND created_at < ? ORDER BY created_at, rowid",
            (since or "", before or "\uffff"),
        )

    def live_version(self, token: str) -> str | None:
        """What a watching phone compares to learn, in one small query, whether anything it
        shows changed: the latest hand row, the hand being entered (its draft), the latest word
        on a hand, the latest name taken over from a phone, and whether the session was ended.
        None for an unknown session."""
        row = self.db.execute(
            "SELECT ended_at IS NOT NULL,"
            " (SELECT max(id) FROM hands WHERE session_id = sessions.id),"
            " (SELECT number || ':' || data FROM drafts WHERE session_id = sessions.id),"
            " (SELECT max(id) FROM sign_offs WHERE session_id = sessions.id),"
            " (SELECT max(id) FROM name_takeovers WHERE session_id = sessions.id)"
            " FROM sessions WHERE id = ?",
            (token,),
        ).fetchone()
        if row is None:
            return None
        ended, last_row, draft, last_word, taken = row
        drafted = zlib.crc32(draft.encode()) if draft else 0
        return f"{last_row or 0}-{drafted:x}-{last_word or 0}-{taken or 0}-{ended}"


def insert_session(
    conn: sqlite3.Connection, token: str, setup: Setup, *, ended: bool, sign_off: bool
) -> None:
    """A new session's row, its seats, and each seat linked to the roster's players."""
    started = now_utc()
    conn.execute(
        "INSERT INTO sessions (id, game, options, first_dealer, created_at, ended_at, sign_off)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            token,
            setup.game,
            dump(dict(setup.options)),
            setup.first_dealer,
            started,
            started if ended else None,
            int(sign_off),
        ),
    )
    conn.executemany(
        "INSERT INTO seats (session_id, position, name, members) VALUES (?, ?, ?, ?)",
        [
            (token, position, name, dump(list(split_members(name))))
            for position, name in enumerate(setup.players)
        ],
    )
    link_seats(conn, token, setup.players)
