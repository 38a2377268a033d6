"""What the statistics count of a session as it stands after one of its hands: a running sum
kept beside each hand's stored result, as the running totals are, so the statistics pages read
each session's last row instead of replaying it (docs/design.md, "Statistics from the stored
results").

Pure: no SQL. The store keeps the text `standing_as_text` writes and reads its fields in SQL
(`json_extract`), so the text's shape is part of the store's contract:
`{"hands": n, "seats": [{"hands", "won", "best", "best_hand", "worst", "worst_hand",
"counts"}, ...]}`, a seat's `best`/`worst` being its points and `best_hand`/`worst_hand` the
hand's number (null before the seat took part in a hand).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.contract.game import Game, leaders
from companion.contract.values import Better, ScoredHand, State


@dataclass(frozen=True)
class SeatStanding:
    """One seat's figures so far: the hands it took part in, its best and worst hand as
    (points, hand number), and its own-figure counts (`Game.figures`)."""

    hands: int = 0
    best: tuple[int, int] | None = None
    worst: tuple[int, int] | None = None
    counts: Mapping[str, int] = field(default_factory=dict)

    def after(self, points: int, number: int, better: Better, counts: Counter[str]) -> SeatStanding:
        """This seat's figures with one more hand it took part in."""
        here = (points, number)
        return SeatStanding(
            self.hands + 1,
            here if self.best is None or beats(points, self.best[0], better) else self.best,
            here if self.worst is None or beats(self.worst[0], points, better) else self.worst,
            dict(Counter(self.counts) + counts) if counts else self.counts,
        )


@dataclass(frozen=True)
class Standing:
    """A session's figures so far: the hands anyone took part in, the seats that would win it
    as it stands, and each seat's figures."""

    hands: int
    winners: tuple[int, ...]
    seats: tuple[SeatStanding, ...]

    @classmethod
    def empty(cls, player_count: int) -> Standing:
        """Before the first hand: nothing played, nobody winning."""
        return cls(0, (), (SeatStanding(),) * player_count)


def beats(points: int, other: int, better: Better) -> bool:
    """Whether `points` is strictly better than `other` on the game's scale (a tie keeps the
    first hand)."""
    return points > other if better is Better.HIGHER else points < other


def standing_after(game: Game, state: State, before: Standing) -> Standing:
    """The standing once `state`'s last hand is added to `before` (the standing of the hands
    before it): the hands each seat took part in as the game says (`Game.took_part`), and the
    winners as `companion.engine.stats` decides them, of the session as it stands in `state`."""
    hand, setup = state.hands[-1], state.setup
    took = [game.took_part(setup, hand, seat) for seat in range(setup.player_count)]
    seats = tuple(
        seat_after(game, hand, seat, standing) if took[seat] else standing
        for seat, standing in enumerate(before.seats)
    )
    hands = before.hands + any(took)
    return Standing(hands, winners_of(game, state, hands), seats)


def seat_after(game: Game, hand: ScoredHand, seat: int, before: SeatStanding) -> SeatStanding:
    counts = game.figures.count(hand, seat) if game.figures else Counter[str]()
    return before.after(hand.result.points[seat], hand.number, game.scale.better, counts)


def winners_of(game: Game, state: State, hands: int) -> tuple[int, ...]:
    """The seats that won: the game's verdict, or its leaders when play stopped; none before
    anyone took part in a hand."""
    if not hands:
        return ()
    outcome = game.outcome(state)
    if outcome.finished or outcome.winners:  # a finished game's verdict, a draw's none
        return tuple(outcome.winners)
    return leaders(state.totals, game.scale.better)


def standings(game: Game, state: State) -> list[Standing]:
    """The standing after each hand of a whole session (a replay's hands, a plain sequence)."""
    setup, hands = state.setup, tuple(state.hands)
    standing = Standing.empty(setup.player_count)
    totals, played = (0,) * setup.player_count, 0
    found: list[Standing] = []
    for position, hand in enumerate(hands):
        totals = tuple(
            total + points for total, points in zip(totals, hand.result.points, strict=True)
        )
        played += not hand.result.redeal
        # The totals carried forward, not counted again from every hand before.
        prefix = State(setup, hands[: position + 1], totals, played)
        standing = standing_after(game, prefix, standing)
        found.append(standing)
    return found


# ---------------------------------------------------------------- as the store keeps it


def standing_as_text(standing: Standing) -> str:
    """The standing as the text the store keeps (and reads in SQL: the module says how)."""
    winners = set(standing.winners)
    seats = [
        {
            "hands": seat.hands,
            "won": int(number in winners),
            "best": seat.best[0] if seat.best else None,
            "best_hand": seat.best[1] if seat.best else None,
            "worst": seat.worst[0] if seat.worst else None,
            "worst_hand": seat.worst[1] if seat.worst else None,
            "counts": dict(seat.counts),
        }
        for number, seat in enumerate(standing.seats)
    ]
    return json.dumps({"hands": standing.hands, "seats": seats}, separators=(",", ":"))


def standing_from_text(text: str) -> Standing:
    """The standing `standing_as_text` wrote."""
    data = json.loads(text)
    seats: Sequence[dict[str, Any]] = data["seats"]
    return Standing(
        data["hands"],
        tuple(number for number, seat in enumerate(seats) if seat["won"]),
        tuple(
            SeatStanding(
                seat["hands"],
                _pair(seat["best"], seat["best_hand"]),
                _pair(seat["worst"], seat["worst_hand"]),
                seat["counts"],
            )
            for seat in seats
        ),
    )


def _pair(points: int | None, number: int | None) -> tuple[int, int] | None:
    return None if points is None or number is None else (points, number)
