"""The statistics pages' figures, read from the stored results (`Store.seat_rows` and the
standing kept with each session's last hand), never by replaying the sessions: a page costs a
few indexed queries however many sessions the file holds (docs/design.md, "Statistics from
the stored results"). The counting rules are `companion.engine.stats`'s.

Only a read-only file whose stored results another version derived (`Store.results_usable`
false: it cannot drop and rebuild them) replays its sessions, as every page of it does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from companion.contract.registry import all_games
from companion.engine import stats
from companion.engine.standing import SeatStanding
from companion.kit import formatting
from companion.service.loading import load
from companion.store import Store
from companion.store.statistics import PlayerName, SeatRow
from companion.store.yearsums import Summing, year_start


@dataclass(frozen=True)
class Overview:
    """The statistics' front page: the sessions of each game begun in the span (games played
    only, in the registry's order), and who sat in any of them, by name. It counts no hand,
    so it reads the sessions and seats alone, whatever the state of the stored results."""

    games: tuple[tuple[str, int], ...]
    players: tuple[PlayerName, ...]

    @property
    def sessions(self) -> int:
        return sum(count for _, count in self.games)


def overview(store: Store, since: str | None, before: str | None) -> Overview:
    """The games and players of the sessions begun in the span."""
    counted = store.games_counted([game.slug for game in all_games()], since, before)
    games = tuple((slug, count) for slug, count in counted.items() if count)
    return Overview(games, tuple(store.players_present(since, before)))


def game_stats(store: Store, slug: str, since: str | None, before: str | None) -> stats.GameStats:
    """One game's statistics over the sessions begun in the span: the stored sums of the
    whole years inside it, the seats of the days around them."""
    if not store.results_usable:
        return stats.game_stats(slug, replayed(store, since, before))
    if not summed(store, slug):
        sessions, hands = store.game_hands(slug, since, before)
        rows = map(seat_session, store.seat_rows(since, before, game=slug))
        return stats.game_stats_of(slug, sessions, hands, rows)
    years = Years.of(since, before)
    sessions, hands = 0, 0
    for lo, hi in years.edges:
        counted = store.game_hands(slug, lo, hi)
        sessions, hands = sessions + counted[0], hands + counted[1]
    by_year: dict[int, dict[int, str]] = {}
    for found in store.year_sums(years.first, years.last, game=slug):
        by_year.setdefault(found.year, {})[found.player] = found.summary
    for year in by_year.values():
        counted = stats.year_counts(year.pop(0))
        sessions, hands = sessions + counted[0], hands + counted[1]
    before_rows, after_rows = (
        [seat_session(row) for row in store.seat_rows(lo, hi, game=slug)] for lo, hi in years.edges
    )
    pieces: list[stats.Piece[int]] = [before_rows, *by_year.values(), after_rows]
    return stats.game_stats_summed(slug, sessions, hands, pieces)


def player_records(
    store: Store, player: int, since: str | None, before: str | None
) -> tuple[stats.Record, ...]:
    """One player's record per game over the sessions begun in the span (stored results:
    the yearly sums of the whole years inside it, the seats of the days around them)."""
    if not summed(store, None):
        rows = map(seat_session, store.seat_rows(since, before, player=player))
        return stats.player_stats_of(player, rows).records
    years = Years.of(since, before)
    by_year: dict[int, dict[str, str]] = {}
    for found in store.year_sums(years.first, years.last, player=player):
        by_year.setdefault(found.year, {})[found.game] = found.summary
    before_rows, after_rows = (
        [seat_session(row) for row in store.seat_rows(lo, hi, player=player)]
        for lo, hi in years.edges
    )
    return stats.player_records_summed(player, [before_rows, *by_year.values(), after_rows])


def player_stats(
    store: Store, player: int, since: str | None, before: str | None
) -> stats.PlayerStats:
    """One player's statistics over the sessions begun in the span, each session's result
    included (the page draws them from `result_points` instead)."""
    if not store.results_usable:
        return stats.player_stats(player, replayed(store, since, before))
    rows = map(seat_session, store.seat_rows(since, before, player=player))
    results = stats.player_stats_of(player, rows).results
    return stats.PlayerStats(player, player_records(store, player, since, before), results)


@dataclass(frozen=True)
class Point:
    """A point of a player's chart: the sessions of a game it stands for (one, or a run of
    consecutive ones past `POINTS` sessions), the day the first began, their average total
    (halves away from zero)."""

    game: str
    day: str
    sessions: int
    total: int


POINTS = 60
"""The most points a player's chart draws per game: past that, a point per run of sessions."""


@dataclass(frozen=True)
class PlayerPage:
    """A player's page: a record per game (most sessions first) and the chart's points."""

    player: int
    records: tuple[stats.Record, ...]
    points: tuple[Point, ...]


def player_page(store: Store, player: int, since: str | None, before: str | None) -> PlayerPage:
    """What a player's page shows over the sessions begun in the span."""
    if not store.results_usable:
        records = player_stats(store, player, since, before).records
    else:
        records = player_records(store, player, since, before)
    return PlayerPage(player, records, tuple(result_points(store, player, since, before)))


"""The most points a player's chart draws per game: past that, a point per run of sessions."""


def result_points(store: Store, player: int, since: str | None, before: str | None) -> list[Point]:
    """The player's chart points, per game in time order (SQL: never a row per session past
    `POINTS`)."""
    if not store.results_usable:
        found = stats.player_stats(player, replayed(store, since, before)).results
        return [Point(r.game, r.day, 1, r.total) for r in found]
    return [
        Point(game, formatting.local_day(started), n, average(total, n))
        for game, started, n, total in store.result_points(player, since, before, POINTS)
    ]


def average(total: int, n: int) -> int:
    """A run's average total, to the point, halves away from zero."""
    return int((Decimal(total) / Decimal(n)).quantize(Decimal(1), ROUND_HALF_UP))


def summed(store: Store, game: str | None) -> bool:
    """Whether the yearly sums can be read: every stale year (of `game`, or of all) summed
    again first; a file open for reading only reads the seats instead."""
    stale = store.stale_years(game)
    if stale and store.read_only:
        return False
    for slug, year in stale:
        store.sum_year(slug, year, year_summary(slug))
    return True


def year_summary(slug: str) -> Summing:
    """How the store sums a year of `slug`: the engine's sums of its seats."""

    def summing(rows: list[SeatRow], sessions: int, hands: int) -> dict[int, str]:
        return stats.year_summary(slug, map(seat_session, rows), sessions, hands)

    return summing


@dataclass(frozen=True)
class Years:
    """A span of starts cut into the whole calendar years (UTC) inside it, `first` to
    `last` (none when first > last), and the stretches before and after them."""

    first: int
    last: int
    edges: tuple[tuple[str | None, str | None], tuple[str | None, str | None]]

    @classmethod
    def of(cls, since: str | None, before: str | None) -> Years:
        first = 0 if not since else int(since[:4]) + (since != year_start(int(since[:4])))
        last = 9998 if not before else int(before[:4]) - 1
        if first > last:  # no whole year: the span is all edge
            return cls(first, last, ((since, before), ("\uffff", "\uffff")))
        return cls(first, last, ((since, year_start(first)), (year_start(last + 1), before)))


def seat_session(row: SeatRow) -> stats.SeatSession:
    """A stored seat as the statistics count it."""
    standing = (
        None
        if row.hands is None
        else SeatStanding(
            row.hands,
            pair(row.best, row.best_hand),
            pair(row.worst, row.worst_hand),
            json.loads(row.counts) if row.counts else {},
        )
    )
    return stats.SeatSession(
        row.player, row.session, row.started, row.game, row.total, row.won, standing
    )


def pair(points: int | None, number: int | None) -> tuple[int, int] | None:
    return None if points is None or number is None else (points, number)


def replayed(store: Store, since: str | None, before: str | None) -> list[stats.SessionPlay]:
    """Every session begun in the span, replayed, with who sat where (a file whose stored
    results cannot be used)."""
    records = store.sessions_between(since, before)
    seats = store.seat_players([record.token for record in records])
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
