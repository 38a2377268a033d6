"""The statistics' sums per game, calendar year (UTC) and player (`stat_years`, m014): the
engine's figures for a year as text, kept so a page adds up a row per year rather than a row
per seat (docs/design.md, "Statistics from the stored results"). A year is marked to be
summed again (player 0's `summary` NULL) whenever a session of it or its seats' players change
(triggers) or its seats' standing is written (`statistics.keep_standing`); the next page
sums it again, in one write transaction.

The store runs no engine: the caller hands in the function that sums a year's seats.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.store.statistics import SPAN, SeatRow, Statistics, span

Summing = Callable[[list[SeatRow], int, int], Mapping[int, str]]
"""Sums a year of one game: its seats (oldest first), sessions and hands → text per player
(player 0: the year's own counts)."""


Combining = Callable[[list[Mapping[int, str]]], Mapping[int, str]]
"""Adds up the sums of a decade's years (oldest first) → text per player (and player 0)."""


def decade_key(first: int) -> str:
    """How a decade's sums are keyed beside its years' ("D202": 2020 to 2029; a letter
    sorts after every year's digits)."""
    return f"D{first // 10:03d}"


def first_year(key: str) -> int:
    """The first year a stored sum covers."""
    return int(key[1:]) * 10 if key.startswith("D") else int(key)


def year_start(year: int) -> str:
    """The first moment of a calendar year (UTC), as the store writes moments."""
    return f"{year:04d}-01-01T00:00:00.000+00:00"


@dataclass(frozen=True)
class YearSum:
    """One stored sum: a player's (or, as player 0, the game's) figures at a game in a year."""

    game: str
    year: int
    player: int
    summary: str


class YearSums(Statistics):
    """The yearly sums' reads and the summing of a stale year (a part of `Store`)."""

    def stale_years(self, game: str | None = None) -> list[tuple[str, int]]:
        """The (game, year) sums marked to be summed again (of one game, or all)."""
        rows = self.db.execute(
            "SELECT game, year FROM stat_years WHERE summary IS NULL AND (? IS NULL OR game = ?)"
            " AND year NOT LIKE 'D%'",
            (game, game),
        ).fetchall()
        return [(slug, int(year)) for slug, year in rows]

    def sum_year(self, game: str, year: int, summing: Summing, combining: Combining) -> None:
        """Sum one year of `game` again from its seats and store it, then its decade from its
        years, in one transaction (a change landing meanwhile waits, then marks the year
        again)."""
        since, before = year_start(year), year_start(year + 1)
        with self._write() as conn:
            rows = self.seat_rows(since, before, game=game)
            sessions, hands = self.game_hands(game, since, before)
            sums = summing(rows, sessions, hands) if sessions else {}
            self._keep(conn, game, f"{year:04d}", sums)
            decade = year // 10 * 10
            years: dict[str, dict[int, str]] = {}
            for key, player, text in conn.execute(
                "SELECT y.year, y.player, y.summary FROM stat_years AS y JOIN stat_years AS z"
                " ON z.game = y.game AND z.year = y.year AND z.player = 0"
                " WHERE y.game = ? AND y.year >= ? AND y.year <= ? AND z.summary IS NOT NULL"
                " ORDER BY y.year, y.player",  # a stale year counts once summed again
                (game, f"{decade:04d}", f"{decade + 9:04d}"),
            ):
                years.setdefault(key, {})[player] = text
            self._keep(conn, game, decade_key(decade), combining(list(years.values())))

    @staticmethod
    def _keep(conn: sqlite3.Connection, game: str, key: str, sums: Mapping[int, str]) -> None:
        conn.execute("DELETE FROM stat_years WHERE game = ? AND year = ?", (game, key))
        conn.executemany(
            "INSERT INTO stat_years (game, year, player, summary) VALUES (?, ?, ?, ?)",
            [(game, key, player, text) for player, text in sums.items()],
        )

    def year_sums(
        self,
        first: int,
        last: int,
        *,
        game: str | None = None,
        player: int | None = None,
        decades: bool = False,
    ) -> list[YearSum]:
        """The stored sums of the years `first` to `last` (of one game with its player 0, or
        of one player), oldest first; with `decades`, a decade's sums stand for its ten
        years wherever the span holds them all."""
        years = [(first, last)]
        whole = range(-(-first // 10), (last + 1) // 10) if decades else range(0)
        if whole:  # the decades inside the span, and its years around them
            years = [(first, whole[0] * 10 - 1), (whole[-1] * 10 + 10, last)]
        spans = [(f"{lo:04d}", f"{hi:04d}") for lo, hi in years if lo <= hi]
        if whole:
            spans.append((decade_key(whole[0] * 10), decade_key(whole[-1] * 10)))
        if not spans:
            return []
        where = ["(" + " OR ".join("year BETWEEN ? AND ?" for _ in spans) + ")"]
        values: list[object] = [bound for pair in spans for bound in pair]
        for column, value in (("game", game), ("player", player)):
            if value is not None:
                where.append(f"{column} = ?")
                values.append(value)
        rows = self.db.execute(
            "SELECT game, year, player, summary FROM stat_years WHERE summary IS NOT NULL AND "
            + " AND ".join(where),
            values,
        ).fetchall()
        found = [YearSum(slug, first_year(key), int(who), text) for slug, key, who, text in rows]
        return sorted(found, key=lambda row: (row.year, row.game, row.player))

    def session_totals(
        self, player: int, game: str, since: str | None, before: str | None, most: int
    ) -> list[tuple[str, int]]:
        """The player's first `most` sessions of `game` begun in the span, oldest first: when
        each began and the total of their (first) seat."""
        seated = (
            "SELECT s.id, s.created_at, s.rowid AS n, min(sp.position) AS seat"
            # The player's seats first (CROSS JOIN keeps that order): not every session
            # of the game.
            " FROM seat_players AS sp CROSS JOIN sessions AS s ON s.id = sp.session_id"
            f" WHERE sp.player_id = ? AND s.game = ? AND {SPAN} GROUP BY s.id"
        )
        rows = self.db.execute(
            f"SELECT x.created_at, coalesce(ss.total, 0) FROM ({seated}) AS x"
            " LEFT JOIN seat_standings AS ss ON ss.session_id = x.id AND ss.seat = x.seat"
            " ORDER BY x.created_at, x.n LIMIT ?",
            (player, game, *span(since, before), most),
        ).fetchall()
        return [(started, int(total)) for started, total in rows]
