"""The statistics pages' figures, read from each seat's kept standing (`Store.seat_rows`)
and the yearly sums, never by replaying the sessions: a page costs a few indexed queries
however many sessions the file holds (docs/design.md, "Statistics from the stored results").
The counting rules are `companion.engine.stats`'s.

A save does not work out the statistics: it marks its session's standing pending, and the
next page works out each pending standing from the session's stored results, once
(`standings_settled`). Only a file open for reading only with a standing pending, or whose
stored results another version derived (`Store.results_usable` false: it cannot drop and
rebuild them), replays its sessions, as every page of it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from companion.contract.registry import all_games
from companion.engine import stats
from companion.kit import formatting
from companion.service import yearly
from companion.service.loading import load
from companion.service.seat_standings import seat_session, standing_rows
from companion.store import Store
from companion.store.statistics import PlayerName as PlayerName


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


def standings_settled(store: Store) -> bool:
    """Work out and keep the standing of every session saved since the statistics last read
    it; say whether every standing is now kept (a file open for reading only keeps none)."""
    pending = store.standings_pending()
    if pending and store.read_only:
        return False
    for token in pending:
        pad = load(store, token)
        if pad is not None:  # a standing its hands changed meanwhile stays pending
            store.keep_standing(token, pad.change, standing_rows(pad.game, pad.state))
    return True


def counted_from_the_store(store: Store) -> bool:
    """Whether the pages may read the kept standings and sums (else every session replays)."""
    return store.results_usable and standings_settled(store)


def game_stats(store: Store, slug: str, since: str | None, before: str | None) -> stats.GameStats:
    """One game's statistics over the sessions begun in the span: the stored sums of the
    whole years inside it, the seats of the days around them."""
    if not counted_from_the_store(store):
        return stats.game_stats(slug, replayed(store, since, before))
    found = yearly.game_pieces(store, slug, since, before)
    if found is None:  # read-only, a year stale: every seat
        sessions, hands = store.game_hands(slug, since, before)
        rows = map(seat_session, store.seat_rows(since, before, game=slug))
        return stats.game_stats_of(slug, sessions, hands, rows)
    return stats.game_stats_summed(slug, *found)


def player_stats(
    store: Store, player: int, since: str | None, before: str | None
) -> stats.PlayerStats:
    """One player's statistics over the sessions begun in the span, each session's result
    included (the page reads `player_page` instead: it never lists every session)."""
    if not counted_from_the_store(store):
        return stats.player_stats(player, replayed(store, since, before))
    rows = map(seat_session, store.seat_rows(since, before, player=player))
    results = stats.player_stats_of(player, rows).results
    return stats.PlayerStats(player, player_page(store, player, since, before).records, results)


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


def player_page(store: Store, player: int, since: str | None, before: str | None) -> PlayerPage:
    """What a player's page shows over the sessions begun in the span: the stored sums of
    the whole years inside it, the seats of the days around them, and never a row per
    session past `POINTS` sessions of a game."""
    counted = counted_from_the_store(store)
    pieces = yearly.player_pieces(store, player, since, before) if counted else None
    if pieces is None:  # replayed, or read-only with a year stale: every seat
        found = (
            stats.player_stats_of(
                player, map(seat_session, store.seat_rows(since, before, player=player))
            )
            if counted
            else stats.player_stats(player, replayed(store, since, before))
        )
        points = [Point(r.game, r.day[5:], 1, r.total) for r in found.results]
        return PlayerPage(player, found.records, tuple(points))
    records = stats.player_records_summed(player, [piece for _, piece in pieces])
    points = []
    for record in records:
        if record.sessions <= POINTS:
            totals = store.session_totals(player, record.game, since, before, POINTS)
            points += [
                Point(record.game, formatting.local_day(started)[5:], 1, total)
                for started, total in totals
            ]
        else:
            points += [
                Point(record.game, year, n, average(total, n))
                for year, n, total in stats.year_points(record.game, pieces)
            ]
    return PlayerPage(player, records, tuple(points))


def average(total: int, n: int) -> int:
    """The average total of `n` sessions, to the point, halves away from zero."""
    return int((Decimal(total) / Decimal(n)).quantize(Decimal(1), ROUND_HALF_UP))


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
