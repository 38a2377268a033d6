"""A session's standing as the store keeps it (`seat_standings`, one row per seat), worked out
by the engine (`companion.engine.standing`) from the session's scored hands: when its results
are derived (`loading.derive`), and when the statistics are next read after a save
(`statistics.standings_settled`)."""

from __future__ import annotations

import json

from companion.contract.game import Game
from companion.contract.values import State
from companion.engine.standing import standing_of
from companion.store.statistics import StandingRow


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
