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

from companion.contract.registry import all_games
from companion.engine import stats
from companion.engine.standing import SeatStanding
from companion.service.loading import load
from companion.store import Store
from companion.store.statistics import PlayerName, SeatRow


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
    """One game's statistics over the sessions begun in the span."""
    if not store.results_usable:
        return stats.game_stats(slug, replayed(store, since, before))
    sessions, hands = store.game_hands(slug, since, before)
    rows = map(seat_session, store.seat_rows(since, before, game=slug))
    return stats.game_stats_of(slug, sessions, hands, rows)


def player_stats(
    store: Store, player: int, since: str | None, before: str | None
) -> stats.PlayerStats:
    """One player's statistics over the sessions begun in the span."""
    if not store.results_usable:
        return stats.player_stats(player, replayed(store, since, before))
    return stats.player_stats_of(
        player, map(seat_session, store.seat_rows(since, before, player=player))
    )


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
