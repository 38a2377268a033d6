"""The statistics pages' figures (`service.statistics`): SQL over each seat's kept standing
(`store/statistics.py`), made into the engine's records (`companion.engine.stats`, whose
counting rules they follow).
A page reads; it never writes, and never replays a session (docs/design.md, "Statistics").

Only a file open for reading only whose stored results another version derived
(`store.results.usable` false) replays its sessions, as every page of it does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from companion.contract.registry import all_games, get
from companion.contract.values import Better
from companion.engine import stats
from companion.kit import formatting
from companion.service.loading import load
from companion.store import Store
from companion.store.statistics import HandKept, PlayerGame, Sums
from companion.store.statistics import PlayerName as PlayerName


@dataclass(frozen=True)
class Overview:
    """The statistics' front page: the sessions of each game begun in the span (games played
    only, in the registry's order), and who sat in any of them, by name. It counts no hand,
    so it reads the sessions and seats alone."""

    games: tuple[tuple[str, int], ...]
    players: tuple[PlayerName, ...]

    @property
    def sessions(self) -> int:
        return sum(count for _, count in self.games)


class Statistics:
    """The statistics pages' figures, over the sessions begun in a span (`since` and `before`:
    ISO times, UTC; None: unbounded)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def overview(self, since: str | None, before: str | None) -> Overview:
        """The games and players of the sessions begun in the span."""
        counted = self._store.statistics.games_counted(
            [game.slug for game in all_games()], since, before
        )
        games = tuple((slug, count) for slug, count in counted.items() if count)
        return Overview(games, tuple(self._store.statistics.players_present(since, before)))

    def game(self, slug: str, since: str | None, before: str | None) -> stats.GameStats:
        """One game's statistics over the sessions begun in the span: each player's sums in one
        pass over the game's seats, and their own-figure counts in a second where it has any."""
        if not self._store.results.usable:
            return stats.game_stats(slug, replayed(self._store, since, before))
        game = get(slug)
        fewer = game.scale.better is Better.LOWER
        counts = game.figures.keys() if game.figures else ()
        sums = self._store.statistics.game_sums(
            slug, since, before, fewer_is_better=fewer, counts=counts
        )
        records = stats.in_game_order(map(record_of, sums))
        return stats.GameStats(
            slug, *self._store.statistics.game_hands(slug, since, before), records
        )

    def player_page(self, player: int, since: str | None, before: str | None) -> PlayerPage:
        """What a player's page shows over the sessions begun in the span: a record per game and,
        per game, a point per session up to `POINTS` sessions, else a point per year."""
        if not self._store.results.usable:
            found = stats.player_stats(player, replayed(self._store, since, before))
            points = [Point(r.game, r.day[5:], 1, r.total) for r in found.results]
            return PlayerPage(player, found.records, tuple(points))
        games = player_games(self._store, player, since, before)
        records = stats.in_player_order(record_of(game.sums) for game in games)
        return PlayerPage(player, records, tuple(chart_points(records, games)))

    def player_names(self, ids: Sequence[int]) -> dict[int, PlayerName]:
        """These players by id, by name only (what the pages print beside the figures)."""
        return self._store.statistics.player_names(ids)


def player_games(
    store: Store, player: int, since: str | None, before: str | None
) -> list[PlayerGame]:
    """A player's sums at each game they sat at in the span, and each session's total."""
    fewer = [game.slug for game in all_games() if game.scale.better is Better.LOWER]
    return store.statistics.player_games(player, since, before, fewer_is_better=fewer)


def record_of(sums: Sums) -> stats.Record:
    """A record of the engine's from the store's sums."""
    counted = (sums.sessions, sums.won, sums.hands, sums.total)
    kept = (hand_ref(sums.best), hand_ref(sums.worst))
    return stats.record_of(sums.player, sums.game, counted, kept, sums.counts)


def hand_ref(kept: HandKept | None) -> stats.HandRef | None:
    """A best or worst hand as the pages link it (its session's day by the server's clock)."""
    if kept is None:
        return None
    return stats.HandRef(kept.session, formatting.local_day(kept.started), kept.number, kept.points)


POINTS = 60
"""Up to this many sessions of a game, a player's chart has a point per session; past it, a
point per year (the average total of its sessions)."""


@dataclass(frozen=True)
class Point:
    """A point of a player's chart at a game: a session (labelled by its day, "11-23") or a
    year ("2024"), with how many sessions it stands for and their average total (to the
    point, halves away from zero)."""

    game: str
    label: str
    sessions: int
    total: int


@dataclass(frozen=True)
class PlayerPage:
    """A player's page: a record per game (most sessions first) and the chart's points."""

    player: int
    records: tuple[stats.Record, ...]
    points: tuple[Point, ...]


def chart_points(records: tuple[stats.Record, ...], games: Sequence[PlayerGame]) -> list[Point]:
    """The points of a player's chart, game by game in the records' order: a session each, or
    past `POINTS` sessions of a game a calendar year each (UTC: the start's first four
    characters), the average total of its sessions."""
    by_game = {game.sums.game: game.sessions for game in games}
    points = []
    for record in records:
        sessions = by_game[record.game]
        if len(sessions) <= POINTS:
            points += [
                Point(record.game, formatting.local_day(started)[5:], 1, total)
                for started, total in sessions
            ]
            continue
        years: dict[str, list[int]] = {}
        for started, total in sessions:
            years.setdefault(started[:4], []).append(total)
        points += [
            Point(record.game, year, len(totals), average(sum(totals), len(totals)))
            for year, totals in years.items()
        ]
    return points


def average(total: int, n: int) -> int:
    """The average total of `n` sessions, to the point, halves away from zero."""
    return int((Decimal(total) / Decimal(n)).quantize(Decimal(1), ROUND_HALF_UP))


def replayed(store: Store, since: str | None, before: str | None) -> list[stats.SessionPlay]:
    """Every session begun in the span, replayed, with who sat where (a file whose stored
    results cannot be used, and the tests' reference)."""
    records = store.sessions.between(since, before)
    seats = store.players.seat_players([record.token for record in records])
    plays = []
    for record in records:
        pad = load(store, record.token)
        if pad is None:  # removed meanwhile: not counted
            continue
        plays.append(
            stats.session_play(
                record.token, record.created_at, pad.state, pad.outcome, seats.get(record.token, {})
            )
        )
    return plays
