"""A session's standing as the store keeps it (`seat_standings`, one row per seat), both ways:
worked out by the engine (`companion.engine.standing`) from the session's scored hands into
rows (when its results are derived, `loading.derive`, and when the statistics are next read
after a save, `statistics.standings_settled`), and read back as the statistics count a seat."""

from __future__ import annotations

import json

from companion.contract.game import Game
from companion.contract.values import State
from companion.engine import stats
from companion.engine.standing import SeatStanding, standing_of
from companion.store.statistics import SeatRow, StandingRow


def standing_rows(game: Game, state: State) -> list[StandingRow]:
    """The session's standing, one row per seat (none before a hand)."""
    if not state.hands:
        return []
    standing = standing_of(game, state)
    return [
        StandingRow(
            number,
            state.totals[number],
            number in standing.winners,
            seat.hands,
            seat.best[0] if seat.best else None,
            seat.best[1] if seat.best else None,
            seat.worst[0] if seat.worst else None,
            seat.worst[1] if seat.worst else None,
            json.dumps(dict(seat.counts), separators=(",", ":")),
            standing.hands,
        )
        for number, seat in enumerate(standing.seats)
    ]


def seat_session(row: SeatRow) -> stats.SeatSession:
    """A stored seat as the statistics count it (a total of 0 before any hand counts)."""
    kept = row.standing
    if kept is None:
        return stats.SeatSession(row.player, row.session, row.started, row.game, 0, False, None)
    standing = SeatStanding(
        kept.hands,
        pair(kept.best, kept.best_hand),
        pair(kept.worst, kept.worst_hand),
        json.loads(kept.counts) if kept.counts else {},
    )
    return stats.SeatSession(
        row.player, row.session, row.started, row.game, kept.total, kept.won, standing
    )


def pair(points: int | None, number: int | None) -> tuple[int, int] | None:
    return None if points is None or number is None else (points, number)
