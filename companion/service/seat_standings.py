"""A session's standing as the store keeps it (`seat_standings`, one row per seat), both ways:
the engine's `Standing` (`companion.engine.standing`) into rows, written with every write that
changes the session's scored hands, and the rows kept read back as a `Standing`, which a save
folds its one new hand into."""

from __future__ import annotations

import json
from collections.abc import Sequence

from companion.contract.game import Game
from companion.contract.values import State
from companion.engine.standing import SeatStanding, Standing, standing_of
from companion.store.statistics import StandingRow


def standing_rows(standing: Standing, totals: Sequence[int]) -> tuple[StandingRow, ...]:
    """The session's standing, one row per seat, with each seat's total (none before anyone
    took part in a hand: nothing for the statistics to count but the session)."""
    if not standing.hands and not any(totals):
        return ()
    return tuple(
        StandingRow(
            number,
            totals[number],
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
    )


def standing_rows_of(game: Game, state: State) -> tuple[StandingRow, ...]:
    """The standing after every hand of a session, worked out from them all (a correction,
    an undo, a session replayed), one row per seat."""
    return standing_rows(standing_of(game, state), state.totals)


def standing_from_rows(rows: Sequence[StandingRow], player_count: int) -> Standing:
    """The standing the rows keep (none kept: the standing before the first hand)."""
    if not rows:
        return Standing.empty(player_count)
    return Standing(
        rows[0].session_hands,
        tuple(row.seat for row in rows if row.won),
        tuple(
            SeatStanding(
                row.hands,
                pair(row.best, row.best_hand),
                pair(row.worst, row.worst_hand),
                json.loads(row.counts) if row.counts else {},
            )
            for row in rows
        ),
    )


def pair(points: int | None, number: int | None) -> tuple[int, int] | None:
    return None if points is None or number is None else (points, number)
