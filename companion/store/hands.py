"""Hands: appended as entered, corrected or undone by new rows, never changed in place.

A correction is a new 'correct' row that supersedes the row it replaces; an undo is an 'undo'
row that supersedes the hand it takes back. Nothing in `hands` is ever updated or deleted
(triggers refuse it), so the history shows every change ever made.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.store.database import Part
from companion.store.drafts import check_draft_version
from companion.store.records import ANY_VERSION, Author, HandRow, StaleWrite
from companion.store.results import ResultsWrite, record_results
from companion.store.rows import (
    HAND_COLUMNS,
    dump,
    effective_row_id,
    effective_rows,
    hand_row,
    insert_hand,
    last_change,
    load,
    now_utc,
)


class HandConflict(ValueError):
    """Hand `number` already has an effective row: someone else entered it first."""


@dataclass(frozen=True)
class AddedHand:
    """A hand just added: its row, and whether the derived results written with it were kept
    (False: another phone wrote since they were derived, so the next load derives afresh)."""

    row: HandRow
    results_kept: bool


class Hands(Part):
    """The hands of each session (`store.hands`, over the store's one connection)."""

    def add(
        self,
        token: str,
        number: int,
        entry: Mapping[str, Any],
        points: Sequence[int] | None,
        *,
        by: Author | None = None,
        results: ResultsWrite | None = None,
        drop_draft: bool = True,
        drafted: Any = ANY_VERSION,
    ) -> AddedHand:
        """Append hand `number` as entered, with the points the pad showed (and `results`, its
        derived result, in the same transaction); the hand being entered (its draft) is
        dropped, unless `drop_draft` is False (the caller read that there was none). Returns
        the row as written and whether `results` were kept: they were when no other phone wrote
        to the session since they were derived (decided inside the write transaction, so no
        query after it).

        `drafted` is the version of the draft the phone's page showed (`draft_version`; "" for
        none): when the draft on disk is another (a second phone changed a trick or the bids
        since), StaleWrite is raised with the draft on disk and nothing is written.
        Raises LookupError for an unknown session and HandConflict when `number` already has an
        effective hand (two phones saving the same hand: the second must not hide the first).
        """
        at = now_utc()
        entry_text = dump(dict(entry))
        with self._write() as conn:
            if effective_row_id(conn, token, number) is not None:
                raise HandConflict(f"hand {number} has already been entered")
            check_draft_version(conn, token, number, drafted)
            try:
                row_id = insert_hand(conn, token, number, "enter", entry_text, points, None, by, at)
            except sqlite3.IntegrityError as error:  # its session_id names no session
                raise LookupError("no such session") from error
            if drop_draft:
                conn.execute("DELETE FROM drafts WHERE session_id = ?", (token,))
            kept = record_results(conn, token, row_id, number, results)
        # The row as written, not read back: the entry as its JSON reads, the points as ints.
        author = by or Author()
        return AddedHand(
            HandRow(
                row_id,
                number,
                "enter",
                load(entry_text),
                None if points is None else tuple(int(p) for p in points),
                None,
                at,
                author.name,
                author.device,
            ),
            kept,
        )

    def correct(
        self,
        token: str,
        number: int,
        entry: Mapping[str, Any],
        points: Sequence[int] | None,
        based_on: Any = ANY_VERSION,
        *,
        by: Author | None = None,
        results: ResultsWrite | None = None,
    ) -> HandRow:
        """Append a correction of hand `number`, superseding its current row. The cached results
        of it and every later hand are dropped in the same transaction, and `results` (them
        derived again) kept in their place.

        `based_on` is the row the phone corrected (its id); when another row has become hand
        `number` since (a correction, an undo and a new hand), StaleWrite is raised and nothing
        is written. Raises LookupError when the session has no effective hand with that number.
        """
        with self._write() as conn:
            current = effective_row_id(conn, token, number)
            if current is None and based_on is ANY_VERSION:
                raise LookupError(f"session has no hand {number} to correct")
            if based_on is not ANY_VERSION and based_on != current:
                raise StaleWrite(f"hand {number} changed since", current)
            row_id = insert_hand(
                conn, token, number, "correct", dump(dict(entry)), points, current, by
            )
            record_results(conn, token, row_id, number, results)
        return self._hand(row_id)

    def undo_last(
        self,
        token: str,
        based_on: Any = ANY_VERSION,
        *,
        by: Author | None = None,
        results: ResultsWrite | None = None,
    ) -> HandRow | None:
        """Append an 'undo' row taking back the highest-numbered effective hand; its cached
        result is dropped in the same transaction, and `results` (the standing after it) kept.

        `based_on` is the row id of the hand the phone showed as the last one; when another hand
        has become the last since, StaleWrite is raised and nothing is undone. Returns the undo
        row (its `number` is the hand taken back), or None when there is no hand to undo.
        """
        with self._write() as conn:
            effective = effective_rows(conn, token)
            last = max(effective, key=lambda row: row.number) if effective else None
            if based_on is not ANY_VERSION and (last.id if last else None) != based_on:
                raise StaleWrite("the last hand changed since", last)
            if last is None:
                return None
            row_id = insert_hand(conn, token, last.number, "undo", "{}", None, last.id, by)
            record_results(conn, token, row_id, last.number, results)
        return self._hand(row_id)

    def effective_row_id(self, token: str, number: int) -> int | None:
        """The id of the row that is hand `number` now (its version), or None."""
        return effective_row_id(self.db.conn, token, number)

    def effective(self, token: str) -> list[HandRow]:
        """The hands that count, by number: for each number its latest row, unless undone."""
        return effective_rows(self.db.conn, token)

    def history(self, token: str) -> list[HandRow]:
        """Every row ever written for the session, in the order written (the audit view)."""
        rows = self.db.execute(
            f"SELECT {HAND_COLUMNS} FROM hands WHERE session_id = ? ORDER BY id", (token,)
        ).fetchall()
        return [hand_row(row) for row in rows]

    def corrected_numbers(self, token: str, from_number: int = 0) -> frozenset[int]:
        """The hands (numbered `from_number` and later) whose row in force is a correction
        (the table of hands marks them)."""
        rows = self.db.execute(
            "SELECT number, action, max(id) FROM hands WHERE session_id = ? AND action != 'undo'"
            " AND number >= ? GROUP BY number",
            (token, from_number),
        ).fetchall()
        return frozenset(number for number, action, _ in rows if action == "correct")

    def last_change(self, token: str) -> int:
        """The id of the session's latest hand row (0 if none): changes whenever its hands do."""
        return last_change(self.db.conn, token)

    def _hand(self, row_id: int) -> HandRow:
        row = self.db.execute(
            f"SELECT {HAND_COLUMNS} FROM hands WHERE id = ?", (row_id,)
        ).fetchone()
        return hand_row(row)
