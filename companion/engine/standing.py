"""What the statistics count of a session as it stands: each seat's hands, best and worst hand
and own-figure counts, and who wins it as it stands. Worked out from the session's hands when
the statistics are next read after a save (`companion.service.statistics.standings_settled`),
never at the save itself; the store keeps one narrow row per seat (`seat_standings`).

Pure: no SQL.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

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


def standing_of(game: Game, state: State) -> Standing:
    """The standing after the whole session: each seat's figures over the hands it took part
    in (`Game.took_part`), and the winners as `companion.engine.stats` decides them."""
    setup = state.setup
    seats = [SeatStanding()] * setup.player_count
    hands = 0
    for hand in state.hands:
        took = [game.took_part(setup, hand, seat) for seat in range(setup.player_count)]
        seats = [
            seat_after(game, hand, seat, standing) if took[seat] else standing
            for seat, standing in enumerate(seats)
        ]
        hands += any(took)
    return Standing(hands, winners_of(game, state, hands), tuple(seats))


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
