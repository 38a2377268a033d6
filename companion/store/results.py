"""Cached results: each hand's scored result as the engine derived it, with the running totals
after it, kept beside the hands so that a pad opens without replaying the session. A cache,
never the record: the hands' entries are the truth, and replaying them rebuilds every row
(docs/design.md, "Stored results": how the cache is invalidated).

The store runs no engine: it keeps the text `companion.engine.derived` writes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.store.database import Database, Part
from companion.store.rows import dump, last_change, load
from companion.store.statistics import StandingRow, drop_standing, keep_standing


@dataclass(frozen=True)
class ResultRow:
    """A hand's derived result as kept: its number, its position in the effective history
    (None: refused when the session was replayed, `text` then says why), the scored hand as
    text, and the running totals and hands played after it."""

    number: int
    position: int | None
    text: str
    totals: tuple[int, ...] | None = None
    played: int | None = None


@dataclass(frozen=True)
class ResultsWrite:
    """The cached results a hand write keeps, in its own transaction: those of hand
    `from_number` and later are replaced by `rows`. `since` is the session's last hand row
    when they were derived; when another row was written since (another phone), they are left
    out and the next load replays. `before` is how many hands that count come before
    `from_number`: the cache must hold them all, so that it stays a prefix of the hands (by
    number) with no gap, and a cache holding the last hand holds them all. `standing` is the
    session's standing after the write, one row per seat (none before a hand counts), kept with
    the rows in the same transaction: the statistics read it."""

    since: int
    from_number: int
    rows: tuple[ResultRow, ...] = ()
    before: int = 0
    standing: tuple[StandingRow, ...] = ()


@dataclass(frozen=True)
class ResultsSummary:
    """What a pad needs of a session's cached results without reading them all: whether they
    cover every hand that counts, the last scored hand (None: no hand yet) and the refused
    ones."""

    complete: bool
    last: ResultRow | None
    refused: tuple[ResultRow, ...]


class Results(Part):
    """The derived results of each session (`store.results`, over the store's one connection)."""

    def __init__(self, database: Database, *, usable: bool = True) -> None:
        """`usable`: False when some derived results in a read-only file were derived by
        another version of a game's scoring (`keep_versions`): they are then never read,
        every session replays."""
        super().__init__(database)
        self._results_usable = usable

    def summary(self, token: str) -> ResultsSummary:
        """Whether the session's cached results cover every hand that counts, its last scored
        hand and its refused ones: a constant number of rows read, however long the session."""
        if not self._results_usable:  # another version's, kept in a read-only file
            return ResultsSummary(False, None, ())
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
        return ResultsSummary(
            self.complete(token),
            result_row(last) if last else None,
            tuple(map(result_row, refused)),
        )

    @property
    def usable(self) -> bool:
        """Whether the cached results may be read (not derived by another version of a game's
        scoring and kept in a read-only file)."""
        return self._results_usable

    def sessions_missing(self) -> list[str]:
        """The sessions whose cached results lack a hand that counts (`complete`),
        oldest first: what the start-up rebuild derives again. One pass over the sessions
        finds those whose highest hand has no cached result; only they are looked at closer
        (an undone last hand makes one look so)."""
        candidates = self.db.execute(
            "SELECT id FROM sessions WHERE"
            " (SELECT max(number) FROM hands WHERE session_id = sessions.id AND action != 'undo')"
            " IS NOT (SELECT max(number) FROM hand_results WHERE session_id = sessions.id)"
            " ORDER BY created_at, rowid"
        ).fetchall()
        return [token for (token,) in candidates if not self.complete(token)]

    def complete(self, token: str) -> bool:
        """Whether every hand that counts has its cached result. Every write keeps the cache
        right for the hands it holds and a prefix of them by number (see `record_results`),
        so only a missing result can make it stale (a hand saved without its result: an
        import, a write that lost a race; the cache dropped: a new version of the game's
        scoring, a correction whose results were not written with it), and the cache is
        complete when it holds the last hand that counts. A few indexed rows read, however
        long the session."""
        conn = self.db.conn
        cached: int | None = conn.execute(
            "SELECT max(number) FROM hand_results WHERE session_id = ?", (token,)
        ).fetchone()[0]
        return cached == last_counting_number(conn, token)

    def rows(self, token: str, start: int, stop: int) -> list[ResultRow]:
        """The derived results of the hands at positions start..stop-1, in order."""
        rows = self.db.execute(
            f"SELECT {RESULT_COLUMNS} FROM hand_results WHERE session_id = ?"
            " AND position >= ? AND position < ? ORDER BY position",
            (token, start, stop),
        ).fetchall()
        return [result_row(row) for row in rows]

    def replace(
        self,
        token: str,
        change: int,
        rows: Sequence[ResultRow],
        standing: Sequence[StandingRow] = (),
    ) -> bool:
        """Keep a whole session's derived results and its standing, derived from its hands as
        of `change`; nothing is written (False) when its hands changed since."""
        with self._write() as conn:
            if last_change(conn, token) != change:
                return False
            conn.execute("DELETE FROM hand_results WHERE session_id = ?", (token,))
            insert_results(conn, token, rows)
            keep_standing(conn, token, standing)
        return True

    def keep_versions(self, versions: Mapping[str, int]) -> tuple[str, ...]:
        """Keep each game's cached results only if its scoring's current version (`versions`,
        by game: `Game.version`) derived them: the games whose recorded version differs have
        theirs dropped and the new version recorded, all in one transaction (several
        processes starting together agree: the first drops, the others find the version
        recorded). Says which games were found
        stale. A read-only file cannot drop them: with any game stale, none of its results is
        read (`usable`) and every session replays."""
        stale = self._stale_games(versions)
        if not stale:
            return ()
        if self.read_only:
            self._results_usable = False
            return stale
        with self._write() as conn:
            stale = self._stale_games(versions)  # again, under the write lock
            for game in stale:
                drop_results_of_game(conn, game, versions[game])
        return stale

    def _stale_games(self, versions: Mapping[str, int]) -> tuple[str, ...]:
        """The games whose cached results were derived by another version of their scoring
        (or by none recorded), in the order of `versions`."""
        recorded = dict(self.db.execute("SELECT game, version FROM results_versions").fetchall())
        return tuple(game for game, version in versions.items() if recorded.get(game) != version)


def drop_results_of_game(conn: sqlite3.Connection, game: str, version: int) -> None:
    """Drop every cached result of one game's sessions (each session is derived again, by
    this version, when opened or by the start's rebuild, its standing with it: until then the
    statistics say they are being brought up to date), and record `version`."""
    sessions = "SELECT id FROM sessions WHERE game = ?"
    conn.execute(f"DELETE FROM hand_results WHERE session_id IN ({sessions})", (game,))
    conn.execute(
        "INSERT INTO results_versions (game, version) VALUES (?, ?) ON CONFLICT (game)"
        " DO UPDATE SET version = excluded.version",
        (game, version),
    )


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


def last_counting_number(conn: sqlite3.Connection, token: str) -> int | None:
    """The highest number of a hand that counts (as `rows.effective_rows` finds them: a
    number's latest row that is not an undo, unless an undo took it back), None when none.
    Read from the top: an undo takes back the highest hand, so this stops at the first or
    second number unless hands were undone one after another."""
    rows = conn.execute(
        "SELECT number, id FROM hands WHERE session_id = ? AND action != 'undo'"
        " ORDER BY number DESC, id DESC",
        (token,),
    )
    seen: set[int] = set()
    number: int
    row_id: int
    try:
        for number, row_id in rows:
            if number in seen:
                continue  # an older row of a number already judged by its latest
            seen.add(number)
            undone = conn.execute(
                "SELECT 1 FROM hands WHERE supersedes = ? AND action = 'undo'", (row_id,)
            ).fetchone()
            if undone is None:
                return number
        return None
    finally:
        rows.close()


def record_results(
    conn: sqlite3.Connection,
    token: str,
    row_id: int,
    number: int,
    write: ResultsWrite | None,
) -> bool:
    """Keep the cache right after hand row `row_id` (of hand `number`) was written, in the
    same transaction: the cached results of hand `number` and later are dropped (a correction
    or an undo changes them; a new hand has none yet), then `write`'s rows are kept if they
    were derived from the version of the session this row follows (no other phone wrote in
    between), with the session's standing after them; otherwise both are left out (the
    standing dropped with them) and the caller derives them again. Says whether they were."""
    conn.execute("DELETE FROM hand_results WHERE session_id = ? AND number >= ?", (token, number))
    if write is None or not follows(conn, token, row_id, write):
        drop_standing(conn, token)
        return False
    insert_results(conn, token, write.rows)
    keep_standing(conn, token, write.standing)
    return True


def follows(conn: sqlite3.Connection, token: str, row_id: int, write: ResultsWrite) -> bool:
    """Whether `write`'s rows were derived from the session as it stood before row `row_id`:
    no other phone wrote since, and the cache holds every earlier hand."""
    previous, cached = conn.execute(
        "SELECT (SELECT max(id) FROM hands WHERE session_id = ? AND id < ?),"
        " (SELECT count(*) FROM hand_results WHERE session_id = ?)",
        (token, row_id, token),
    ).fetchone()
    return bool((previous or 0) == write.since and cached == write.before)
