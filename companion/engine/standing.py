"""What the statistics count of a session as it stands: each seat's hands, best and worst hand
and own-figure counts, and who wins it as it stands. Worked out with every write that changes
the session's scored hands, in that write's transaction (a save folds its one new hand into
the standing before it, `standing_after`; a correction, an undo or a replay folds them all,
`standing_of`); the store keeps one narrow row per seat (`seat_standings`), and the statistics
pages are SQL over those rows.

Pure: no SQL.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.contract.game import Game, leaders
from companion.contract.values import Better, ScoredHand, Setup, State


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
    hands, seats = 0, (SeatStanding(),) * state.setup.player_count
    for hand in state.hands:
        hands, seats = folded(game, state.setup, hands, seats, hand)
    return Standing(hands, winners_of(game, state, hands), seats)


def standing_after(game: Game, before: Standing, after: State) -> Standing:
    """The standing once `after`'s last hand is added to `before` (the standing of the hands
    before it): what a save keeps, without reading the session's earlier hands again."""
    hands, seats = folded(game, after.setup, before.hands, before.seats, after.hands[-1])
    return Standing(hands, winners_of(game, after, hands), seats)


def folded(
    game: Game, setup: Setup, hands: int, seats: tuple[SeatStanding, ...], hand: ScoredHand
) -> tuple[int, tuple[SeatStanding, ...]]:
    """The hands anyone took part in and each seat's figures, with one more hand."""
    took = [game.took_part(setup, hand, seat) for seat in range(setup.player_count)]
    seats = tuple(
        seat_after(game, hand, seat, standing) if took[seat] else standing
        for seat, standing in enumerate(seats)
    )
    return hands + any(took), seats


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


def won_and_lost(game: Game, state: State) -> tuple[tuple[int, int], ...] | None:
    """Each seat's contracts won and lost in a session, as a tournament list prints them
    (Skat's games won and lost: `OwnFigures.won_lost`); None for a game whose figures count
    no such thing."""
    figures = game.figures
    if figures is None or figures.won_lost is None:
        return None
    return tuple(figures.won_lost(seat.counts) for seat in standing_of(game, state).seats)
