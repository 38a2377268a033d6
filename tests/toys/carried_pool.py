"""A toy game with a pool carried from hand to hand, to show the contract takes Maw's shape.

Every player antes into the pool at each deal. The winner of the deal takes the pool; when
nobody wins, the pool carries to the next deal. A hand's points are each player's chips won or
lost; the pool holds the rest, so points plus the pool's change add up to zero. The pool after
each deal is the hand's `carry`: the next deal reads it without replaying the session.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.contract.game import Game, read_options
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


@dataclass(frozen=True)
class Options:
    """The ante each player puts in at every deal."""

    ante: int = 2


class PotLuck(Game):
    """Ante, deal, and the winner takes the pool; nobody: it carries."""

    slug = "toy-pool"
    name = "Toy: pot luck"
    player_counts = tuple(range(2, 11))
    zero_sum = False  # the pool holds what the players are down
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS
    options_type = Options

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The ante."""
        return (
            Field(
                "ante",
                "Ante per player",
                FieldKind.INTEGER,
                minimum=1,
                maximum=10,
                default=2,
                help="Each player's ante at every deal",
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """Who won the deal, or nobody."""
        return (
            Field("winner", "Won the pool", FieldKind.SEAT, none_label="Nobody (the pool carries)"),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Any seat, or nobody."""
        return []

    def initial_carry(self, setup: Setup) -> int:
        """The pool is empty before the first deal."""
        return 0

    def score(self, state: State, entry: Entry) -> HandResult:
        """Everyone antes; the winner takes the pool, or it carries."""
        setup = state.setup
        ante = read_options(Options, setup.options).ante
        count = setup.player_count
        before = self.carried(state)
        pool = before + count * ante
        winner = entry["winner"]
        lines = [f"Pool {before} + {count} × {ante} = {pool}"]
        if winner is None:
            lines.append(f"Nobody won: the pool of {pool} carries")
            return HandResult(tuple([-ante] * count), tuple(lines), "Spoiled", carry=pool)
        points = tuple(pool - ante if seat == winner else -ante for seat in range(count))
        lines.append(f"{setup.players[winner]} takes {pool}: {pool} − {ante} = {pool - ante}")
        return HandResult(points, tuple(lines), f"{setup.players[winner]} takes {pool}", carry=0)

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The pool, at all times."""
        return (f"Pool: {self.carried(state)}",)


GAME = PotLuck()
