"""A toy game of one seat, to show the contract takes a solitaire: a practice log.

Each hand is one round of target practice: the points hit (0–100) are written down. One seat,
not zero-sum, the most points best. Written as a game module is, with no change to shared code.
"""

from __future__ import annotations

from companion.contract.game import Game
from companion.contract.values import (
    POINTS,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Setup,
    State,
)


class PracticeLog(Game):
    """One player writes down the points of each round."""

    slug = "toy-practice"
    name = "Toy: practice log"
    player_counts = (1,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The points hit this round."""
        return (Field("hit", "Points hit", FieldKind.INTEGER, minimum=0, maximum=100),)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """The parser's bounds are the only rule."""
        return []

    def score(self, state: State, entry: Entry) -> HandResult:
        """The round's points, and the running total in words."""
        hit = entry["hit"]
        total = state.totals[0] + hit
        return HandResult((hit,), (f"{state.totals[0]} + {hit} = {total}",), f"{hit} points")


GAME = PracticeLog()
