"""A toy game where fewest is best, to show the contract takes a goat count.

Each hand names the goat (the last player holding cards); the goat scores one goat game. The
standing is goats per player, fewest best, written as counts (1, not +1). Not zero-sum.
"""

from __future__ import annotations

from companion.contract.game import Game
from companion.contract.values import (
    Better,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Scale,
    Setup,
    State,
)

GOATS = Scale("goat", "goats", Better.LOWER, signed=False)


class GoatCount(Game):
    """Who was the goat, game after game; fewest goats leads."""

    slug = "toy-goat"
    name = "Toy: goat count"
    player_counts = (2, 3, 4, 5, 6)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = GOATS

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The goat of this game."""
        return (Field("goat", "The goat", FieldKind.SEAT),)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """A seat at the table is the only rule (the parser checks it)."""
        return []

    def score(self, state: State, entry: Entry) -> HandResult:
        """One goat game for the goat, nothing for the others."""
        goat = entry["goat"]
        points = tuple(1 if seat == goat else 0 for seat in range(state.setup.player_count))
        name = state.setup.players[goat]
        return HandResult(
            points,
            (f"{name}: {state.totals[goat]} + 1 = {state.totals[goat] + 1} goats",),
            f"{name} is the goat",
        )


GAME = GoatCount()
