"""A toy game whose hand is entered in two phases, to show the contract takes bids before play.

Five tricks a deal. Before play each player bids how many tricks they will take (0–5), written
down and saved; after play the tricks each took are entered. An exact bid scores 10 + the bid,
a missed bid 0. It is a `PhasedGame`: it answers `phases`, `validate_phase` and `entry_order`.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.contract.game import Game
from companion.contract.values import (
    POINTS,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Phase,
    Problem,
    Setup,
    State,
)

TRICKS = 5


def bid_name(seat: int) -> str:
    return f"bid_{seat}"


def took_name(seat: int) -> str:
    return f"took_{seat}"


class CallYourTricks(Game):
    """Bid, play five tricks, score the exact bids."""

    slug = "toy-bids"
    name = "Toy: call your tricks"
    player_counts = (3, 4, 5)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """A bid per player, then the tricks each took."""
        names = setup.players
        bids = tuple(
            Field(bid_name(seat), f"{name} bids", FieldKind.INTEGER, minimum=0, maximum=TRICKS)
            for seat, name in enumerate(names)
        )
        took = tuple(
            Field(took_name(seat), f"{name} took", FieldKind.INTEGER, minimum=0, maximum=TRICKS)
            for seat, name in enumerate(names)
        )
        return bids + took

    def phases(self, setup: Setup) -> tuple[Phase, ...]:
        """The bids before play, the tricks after."""
        seats = range(setup.player_count)
        return (
            Phase("bids", "Bids", tuple(bid_name(s) for s in seats), "Save the bids"),
            Phase("play", "Tricks", tuple(took_name(s) for s in seats)),
        )

    def validate_phase(self, state: State, entry: Entry, phase: Phase) -> list[Problem]:
        """The bids cannot add up to exactly five: someone must miss (a rule of this toy)."""
        total = sum(entry[bid_name(s)] for s in range(state.setup.player_count))
        if total == TRICKS:
            return [
                Problem(
                    bid_name(state.setup.player_count - 1), f"The bids may not add up to {TRICKS}."
                )
            ]
        return []

    def entry_order(self, state: State, names: Sequence[str]) -> tuple[str, ...]:
        """The fields in the order declared: the bids from the first seat on."""
        return tuple(names)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """The bids' rule, and the tricks taken add up to five."""
        problems = self.validate_phase(state, entry, self.phases(state.setup)[0])
        took = sum(entry[took_name(s)] for s in range(state.setup.player_count))
        if took != TRICKS:
            problems.append(
                Problem(took_name(0), f"{took} tricks were entered; a deal has {TRICKS}.")
            )
        return problems

    def score(self, state: State, entry: Entry) -> HandResult:
        """10 + the bid for an exact bid, 0 for a miss."""
        points = []
        lines = []
        for seat, name in enumerate(state.setup.players):
            bid, took = entry[bid_name(seat)], entry[took_name(seat)]
            exact = bid == took
            points.append(10 + bid if exact else 0)
            lines.append(
                f"{name}: bid {bid}, took {took} → "
                + (f"10 + {bid} = {10 + bid}" if exact else "missed, 0")
            )
        return HandResult(tuple(points), tuple(lines), "Bids scored")


GAME = CallYourTricks()
