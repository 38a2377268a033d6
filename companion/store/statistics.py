"""The statistics' figures read in SQL from the sessions, their seats and each seat's
standing (`seat_standings`, one narrow row per seat): no session is replayed, whatever the
size of the file (docs/design.md, "Statistics from the stored results").

A write that changes a session's cached results marks its standing to be worked out again
(`standing_pending`, m016); the service works it out with the engine before the statistics
are read and keeps it here (`keep_standing`), which marks the session's year to be summed
again. The store runs no engine: it keeps and hands back plain rows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import astuple, dataclass, fields
from typing import Any

from companion.store.database import Database
from companion.store.rows import last_change
from companion.store.stat_years_schema import MARK_SESSION

SPAN = "s.created_at >= ? AND s.created_at < ?"


@dataclass(frozen=True)
class PlayerName:
    """A player of the roster as the statistics' front page links them."""

    id: int
    name: str


@dataclass(frozen=True)
class StandingRow:
    """One seat's standing as `seat_standings` keeps it: the session's total for the seat,
    whether it wins as the session stands, the hands it took part in, its best and worst
    hand (points and hand number; None before it took part in one), its own-figure counts
    (JSON text) and the hands anyone in the session took part in."""

    seat: int
    total: int
    won: bool
    hands: int
    best: int | None
    best_hand: int | None
    worst: int | None
    worst_hand: int | None
    counts: str
    session_hands: int


@dataclass(frozen=True)
class SeatRow:
    """One player's seat in one session as the store keeps it (the first seat of a player
    seated twice), with the seat's kept standing (None before any hand counts)."""

    player: int
    session: str
    started: str
    game: str
    standing: StandingRow | None


STANDING_FIELDS = tuple(field.name for field in fields(StandingRow))
"""The columns of `seat_standings` a `StandingRow` holds, named as its fields, in its order."""


def standing_row(columns: Sequence[Any]) -> StandingRow | None:
    """A seat's kept standing from its columns (`STANDING_FIELDS`; all NULL: none kept)."""
    seat, total, won, *rest = columns
    return None if seat is None else StandingRow(seat, total, bool(won), *rest)


def span(since: str | None, before: str | None) -> tuple[str, str]:
    """The bounds of a span of starts (ISO times; None: open)."""
    return since or "", before or "\uffff"


class Statistics(Database):
    """The statistics' reads (a part of `Store`, over its one connection)."""

    def games_counted(
        self, games: Sequence[str], since: str | None, before: str | None
    ) -> dict[str, int]:
        """How many sessions of each of `games` began in the span (a count of an index range
        per game: the rows themselves are not read)."""
        counted = {}
        for game in games:
            (count,) = self.db.execute(
                f"SELECT count(*) FROM sessions AS s WHERE s.game = ? AND {SPAN}",
                (game, *span(since, before)),
            ).fetchone()
            counted[game] = int(count)
        return counted

    def players_present(self, since: str | None, before: str | None) -> list[PlayerName]:
        """The roster's players who sat in a session begun in the span, by name (one indexed
        look per player on the roster, stopping at their first such session)."""
        rows = self.db.execute(
            "SELECT p.id, p.name FROM players AS p WHERE EXISTS (SELECT 1 FROM seat_players"
            " AS sp JOIN sessions AS s ON s.id = sp.session_id WHERE sp.player_id = p.id AND"
            f" {SPAN}) ORDER BY p.name COLLATE NOCASE, p.id",
            span(since, before),
        ).fetchall()
        return [PlayerName(player_id, name) for player_id, name in rows]

    def player_names(self, ids: Sequence[int]) -> dict[int, PlayerName]:
        """These players of the roster by id, their names alone (none of their seats read)."""
        marks = ", ".join("?" * len(ids))
        rows = self.db.execute(f"SELECT id, name FROM players WHERE id IN ({marks})", list(ids))
        return {player_id: PlayerName(player_id, name) for player_id, name in rows.fetchall()}

    def game_hands(self, game: str, since: str | None, before: str | None) -> tuple[int, int]:
        """The sessions of `game` begun in the span, and the hands anyone took part in."""
        sessions, hands = self.db.execute(
            "SELECT count(*), coalesce(sum(ss.session_hands), 0) FROM sessions AS s"
            " LEFT JOIN seat_standings AS ss ON ss.session_id = s.id AND ss.seat = 0"
            f" WHERE s.game = ? AND {SPAN}",
            (game, *span(since, before)),
        ).fetchone()
        return int(sessions), int(hands)

    def seat_rows(
        self,
        since: str | None,
        before: str | None,
        *,
        game: str | None = None,
        player: int | None = None,
    ) -> list[SeatRow]:
        """Each player's seat in each session begun in the span (of one game, of one player,
        or all), oldest session first."""
        where = [SPAN]
        values: list[object] = [*span(since, before)]
        if game is not None:
            where.append("s.game = ?")
            values.append(game)
        if player is not None:
            where.append("sp.player_id = ?")
            values.append(player)
        seated = (
            "SELECT sp.player_id, s.id, s.created_at, s.game, s.rowid AS n,"
            " min(sp.position) AS seat"
            " FROM seat_players AS sp JOIN sessions AS s ON s.id = sp.session_id"
            f" WHERE {' AND '.join(where)} GROUP BY s.id, sp.player_id"
        )
        rows = self.db.execute(
            "SELECT s.player_id, s.id, s.created_at, s.game, "
            + ", ".join(f"ss.{name}" for name in STANDING_FIELDS)
            + f" FROM ({seated}) AS s LEFT JOIN seat_standings AS ss"
            " ON ss.session_id = s.id AND ss.seat = s.seat"
            " ORDER BY s.created_at, s.n, s.player_id",
            values,
        ).fetchall()
        return [
            SeatRow(player_id, token, started, slug, standing_row(standing))
            for player_id, token, started, slug, *standing in rows
        ]

    def standings_pending(self) -> list[str]:
        """The sessions whose standing is to be worked out again (their cached results
        changed since it was kept)."""
        rows = self.db.execute("SELECT session_id FROM standing_pending").fetchall()
        return [token for (token,) in rows]

    def keep_standing(self, token: str, change: int, rows: Sequence[StandingRow]) -> bool:
        """Keep a session's standing, worked out from its hands as of `change` (its last hand
        row then; no rows: no hand counts yet), and mark its year to be summed again. Nothing
        is written (False) when its hands changed since: it stays pending."""
        with self._write() as conn:
            if last_change(conn, token) != change:
                return False
            conn.execute("DELETE FROM seat_standings WHERE session_id = ?", (token,))
            conn.executemany(
                f"INSERT INTO seat_standings (session_id, {', '.join(STANDING_FIELDS)})"
                f" VALUES (?{', ?' * len(STANDING_FIELDS)})",
                [(token, *astuple(row)) for row in rows],
            )
            conn.execute(MARK_SESSION, (token,))  # its year is summed again (m015)
            conn.execute("DELETE FROM standing_pending WHERE session_id = ?", (token,))
        return True


def standing_changed(conn: sqlite3.Connection, token: str) -> None:
    """Mark the session's standing to be worked out again before the statistics are next
    read: what a write that changes its cached results does, in its own transaction."""
    conn.execute("INSERT OR IGNORE INTO standing_pending (session_id) VALUES (?)", (token,))
