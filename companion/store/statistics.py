"""The statistics' figures, read in SQL from the sessions, their seats and each seat's standing
(`seat_standings`, one narrow row per seat): no session is replayed and nothing is written
when a page is read, whatever the size of the file (docs/design.md, "Statistics").

A seat's standing is written in the transaction of every write that changes the session's
scored hands (`keep_standing`, called by results.py: a save, a correction, an undo, a session
derived again), so it is never behind its hands. Each page is one or two aggregate queries
over those rows, grouped by player (a game's page) or by game (a player's page); a best or
worst hand is the first of its points in time order (the session's start, then the order the
sessions were made), chosen inside the same pass by the smallest of a sortable key. The store
runs no engine: it hands back plain sums, and `companion.engine.stats` makes records of them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import astuple, dataclass, fields
from typing import Any

from companion.store.database import Part


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


SPAN = "s.created_at >= ? AND s.created_at < ?"
OFFSET = 10**17
"""Added to (or taken from) a hand's points in a sortable key: points never come near it."""


@dataclass(frozen=True)
class PlayerName:
    """A player of the roster as the statistics' front page links them."""

    id: int
    name: str


@dataclass(frozen=True)
class HandKept:
    """A seat's best or worst hand as the sums found it: its session, when that began, the
    hand's number and its points."""

    session: str
    started: str
    number: int
    points: int


@dataclass(frozen=True)
class Sums:
    """What a page adds up for one player at one game over a span: the sessions they sat in,
    won, the hands they took part in, their points, their best and worst hand (the first of
    their points in time order; None before any hand)."""

    player: int
    game: str
    sessions: int
    won: int
    hands: int
    total: int
    best: HandKept | None
    worst: HandKept | None
    counts: dict[str, int]


STANDING_FIELDS = tuple(field.name for field in fields(StandingRow))
"""The columns of `seat_standings` a `StandingRow` holds, named as its fields, in its order."""


def span(since: str | None, before: str | None) -> tuple[str, str]:
    """The bounds of a span of starts (ISO times; None: open)."""
    return since or "", before or "\uffff"


def seated(*, game: bool = False, player: bool = False) -> str:
    """Each player's seat in each session begun in the span (of one game, of one player, or
    both): the first seat of a player seated twice (a typing slip), as the columns
    player, session, started, n (the order sessions were made), game and seat."""
    where = [SPAN]
    if game:
        where.append("s.game = ?")
    if player:
        where.append("sp.player_id = ?")
    # A player's seats first (CROSS JOIN keeps that order): not every session of the game.
    join = "CROSS JOIN" if player else "JOIN"
    return (
        "SELECT sp.player_id AS player, s.id AS session, s.created_at AS started,"
        " s.rowid AS n, s.game AS game, sp.position AS seat"
        f" FROM seat_players AS sp {join} sessions AS s ON s.id = sp.session_id"
        f" WHERE {' AND '.join(where)} AND NOT EXISTS (SELECT 1 FROM seat_players AS o"
        " WHERE o.session_id = sp.session_id AND o.player_id = sp.player_id"
        " AND (o.position < sp.position OR (o.position = sp.position AND o.member < sp.member)))"
    )


def first_key(column: str, *, highest: bool) -> str:
    """A text whose smallest, over a group's rows, is the row with the highest (or lowest)
    `column` (a seat's best or worst hand), the first in time order on a tie; it carries what
    `hand_kept` reads back."""
    points = f"{OFFSET} - ss.{column}" if highest else f"{OFFSET} + ss.{column}"
    return (
        f"CASE WHEN ss.{column} IS NULL THEN NULL ELSE printf('%020d|%s|%020d|%s|%d',"
        f" {points}, x.started, x.n, x.session, ss.{column}_hand) END"
    )


def json_path(name: str) -> str:
    """The JSON path of a count named `name` in a seat's counts."""
    return '$."' + name.replace('"', '""') + '"'


def hand_kept(key: str | None, *, highest: bool) -> HandKept | None:
    """The hand a `first_key` names (None: no hand)."""
    if key is None:
        return None
    points, started, _, session, number = key.split("|")
    value = OFFSET - int(points) if highest else int(points) - OFFSET
    return HandKept(session, started, int(number), value)


def sums_of(
    player: int,
    game: str,
    columns: Sequence[Any],
    kept: tuple[HandKept | None, HandKept | None],
    counts: dict[str, int],
) -> Sums:
    """A player's sums at a game: `columns` are the sessions, won, hands and total `SUMS`
    reads; `kept` the best and worst hand."""
    sessions, won, hands, total = map(int, columns)
    return Sums(player, game, sessions, won, hands, total, *kept, counts)


SUMS = "count(*), coalesce(sum(ss.won), 0), coalesce(sum(ss.hands), 0), coalesce(sum(ss.total), 0)"
JOINED = " LEFT JOIN seat_standings AS ss ON ss.session_id = x.session AND ss.seat = x.seat"


class Statistics(Part):
    """The statistics' reads (`store.statistics`, over the store's one connection)."""

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

    def game_sums(
        self,
        game: str,
        since: str | None,
        before: str | None,
        *,
        fewer_is_better: bool,
        counts: Sequence[str] = (),
    ) -> list[Sums]:
        """Each player's sums at `game` over the sessions begun in the span, with their
        own-figure `counts` added up (the names of every count the game's hands make): one
        pass over the game's seats."""
        best, worst = (
            first_key("best", highest=not fewer_is_better),
            first_key("worst", highest=fewer_is_better),
        )
        counted = "".join(", coalesce(sum(ss.counts ->> ?), 0)" for _ in counts)
        rows = self.db.execute(
            f"SELECT x.player, {SUMS}, min({best}), min({worst}){counted}"
            f" FROM ({seated(game=True)}) AS x{JOINED} GROUP BY x.player",
            (*(json_path(name) for name in counts), *span(since, before), game),
        ).fetchall()
        return [
            sums_of(
                row[0],
                game,
                row[1:5],
                (
                    hand_kept(row[5], highest=not fewer_is_better),
                    hand_kept(row[6], highest=fewer_is_better),
                ),
                {name: int(value) for name, value in zip(counts, row[7:], strict=True) if value},
            )
            for row in rows
        ]

    def player_games(
        self, player: int, since: str | None, before: str | None, *, fewer_is_better: Sequence[str]
    ) -> list[PlayerGame]:
        """A player's sums at each game they sat at in the span, with their own-figure counts
        and each of their sessions (its start and their total): one pass over their seats,
        grouped by game; a game's count objects and sessions come back as text, read here.
        `fewer_is_better` names the games whose best hand is the lowest."""
        lower = f"x.game IN ({', '.join('?' * len(fewer_is_better))})"
        keys = [
            f"min(CASE WHEN {lower} THEN {first_key(column, highest=not high)}"
            f" ELSE {first_key(column, highest=high)} END)"
            for column, high in (("best", True), ("worst", False))
        ]
        rows = self.db.execute(
            f"SELECT x.game, {SUMS}, {', '.join(keys)}, group_concat(ss.counts, ','),"
            " group_concat(x.started || '|' || x.n || '|' || coalesce(ss.total, 0), ',')"
            f" FROM ({seated(player=True)}) AS x{JOINED} GROUP BY x.game",
            (*fewer_is_better, *fewer_is_better, *span(since, before), player),
        ).fetchall()
        return [player_game(player, row, fewer=row[0] in fewer_is_better) for row in rows]

    def standing(self, token: str) -> list[StandingRow]:
        """A session's kept standing, one row per seat (none before a hand counts)."""
        rows = self.db.execute(
            f"SELECT {', '.join(STANDING_FIELDS)} FROM seat_standings WHERE session_id = ?"
            " ORDER BY seat",
            (token,),
        ).fetchall()
        return [standing_row(row) for row in rows]


@dataclass(frozen=True)
class PlayerGame:
    """A player's sums at one game (`Statistics.player_games`) and each of their sessions of
    it, oldest first: its start and the total of their seat."""

    sums: Sums
    sessions: list[tuple[str, int]]


def player_game(player: int, row: Sequence[Any], *, fewer: bool) -> PlayerGame:
    """A player's sums at a game from its row of `player_games`."""
    game, *columns, best, worst, counts, sessions = row
    kept = (hand_kept(best, highest=not fewer), hand_kept(worst, highest=fewer))
    sums = sums_of(player, game, columns, kept, added_counts(counts or ""))
    begun = sorted(
        (started, int(n), int(total))
        for started, n, total in (each.split("|") for each in sessions.split(","))
    )
    return PlayerGame(sums, [(started, total) for started, _, total in begun])


def added_counts(kept: str) -> dict[str, int]:
    """The counts of the seats whose count objects `kept` holds (JSON objects, comma-separated),
    added up name by name."""
    added: dict[str, int] = {}
    for counted in json.loads(f"[{kept}]"):
        for name, value in counted.items():
            if value:
                added[name] = added.get(name, 0) + value
    return added


def standing_row(columns: Sequence[Any]) -> StandingRow:
    """A seat's kept standing from its columns (`STANDING_FIELDS`)."""
    seat, total, won, *rest = columns
    return StandingRow(seat, total, bool(won), *rest)


def keep_standing(conn: sqlite3.Connection, token: str, rows: Sequence[StandingRow]) -> None:
    """Keep a session's standing (no rows: no hand counts yet), in the transaction of the
    write that changed its scored hands."""
    drop_standing(conn, token)
    conn.executemany(
        f"INSERT INTO seat_standings (session_id, {', '.join(STANDING_FIELDS)})"
        f" VALUES (?{', ?' * len(STANDING_FIELDS)})",
        [(token, *astuple(row)) for row in rows],
    )


def drop_standing(conn: sqlite3.Connection, token: str) -> None:
    """Forget a session's standing: its scored hands are to be derived again."""
    conn.execute("DELETE FROM seat_standings WHERE session_id = ?", (token,))
