"""A game's own figures on the statistics pages ("Garde: 2 of 3 made", "Runts a hand: 2.75"),
declared by the game itself (`Game.figures`): what each hand adds to a player's counts, and
the figures those counts make. Pure: the statistics (`companion.engine.stats`) add the hands up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.kit import formatting
from companion.kit.i18n import t

if TYPE_CHECKING:
    from companion.contract.values import ScoredHand


@dataclass(frozen=True)
class Figure:
    """One of a game's own figures for a player: `value` out of `out_of` ("2 of 3 made"), or
    a plain amount (`out_of` None)."""

    heading: str
    value: float | None
    out_of: int | None = None
    signed: bool = False

    @property
    def text(self) -> str:
        """The figure as the page prints it: "2 of 3", "2.75", "+120", or "—" for nothing."""
        if self.out_of is not None:
            return (
                t(
                    "{made} of {taken}",
                    made=formatting.number(self.value or 0),
                    taken=formatting.number(self.out_of),
                )
                if self.out_of
                else "—"
            )
        if self.value is None:
            return "—"
        rounded = round(self.value, 2)
        return formatting.signed(rounded) if self.signed else formatting.number(rounded)


HandCounts = Callable[["ScoredHand", int], Counter[str]]
"""What one hand adds to a seat's counts."""
CountedFigures = Callable[[Mapping[str, int], int], tuple[Figure, ...]]
"""A player's figures from their counts and the hands they played."""


@dataclass(frozen=True)
class OwnFigures:
    """A game's own figures: the heading over them, each hand's counts, the figures, and the
    names of every count a hand may add (the statistics add each up in SQL)."""

    title: str
    count: HandCounts
    figures: CountedFigures
    keys: Callable[[], tuple[str, ...]]
    # Contracts won and lost from a player's counts, as a tournament list prints them beside
    # each name (Skat's games won and lost); None: the game's figures have no such count.
    won_lost: Callable[[Mapping[str, int]], tuple[int, int]] | None = None

    def headings(self) -> tuple[str, ...]:
        """The figures' headings, as a table's columns."""
        return tuple(figure.heading for figure in self.figures({}, 0))


def contracts_made(
    title: str,
    role: str,
    kind: str,
    made: str,
    labels: Callable[[], Sequence[tuple[str, str]]],
    skipped: str,
) -> OwnFigures:
    """Contracts taken and made by kind, from each hand's facts: the seat in `role` (the taker,
    the declarer) took a contract of `kind`, made if `made` is true; `skipped` (everyone
    passed) is no contract. `labels` gives each kind's value and its words, in the table's
    order (asked when the figures are made, so a game may declare them before its words)."""

    def count(hand: ScoredHand, seat: int) -> Counter[str]:
        facts = hand.result.facts
        if facts.get(role) != seat or facts.get(kind) in (None, skipped):
            return Counter()
        value = facts[kind]
        return Counter({f"taken:{value}": 1, f"made:{value}": int(bool(facts.get(made)))})

    def figures(counts: Mapping[str, int], _hands: int) -> tuple[Figure, ...]:
        return tuple(
            Figure(label, counts.get(f"made:{value}", 0), counts.get(f"taken:{value}", 0))
            for value, label in labels()
            if value != skipped
        )

    def keys() -> tuple[str, ...]:
        return tuple(
            f"{counted}:{value}"
            for value, _ in labels()
            if value != skipped
            for counted in ("taken", "made")
        )

    def won_lost(counts: Mapping[str, int]) -> tuple[int, int]:
        taken = sum(n for key, n in counts.items() if key.startswith("taken:"))
        won = sum(n for key, n in counts.items() if key.startswith("made:"))
        return won, taken - won

    return OwnFigures(title, count, figures, keys, won_lost)
