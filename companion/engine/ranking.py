"""The ranking of a club night across its tables: pure, from each table's totals.

Each table's totals are the ones its pad keeps (its game's own scoring, the house rules fixed
for the event): French Tarot's points, Skat's list under the Seeger-Fabian option (the
extended Leistung: +50 a game won, −50 and −2 × value a game lost, 40 / 30 to each other player
at a table of three / four: `companion.games.skat.score_row`, never written twice), any other
game's points. docs/rulings.md ("Club night") states the rules:

- `Method.POINTS`: a player's figure for a round is their total at their table; the event's
  total is the sum over the rounds.
- `Method.PLACING`: a player's figure for a round is their placing points at their table: one
  point for each other player there with a lower total, half a point for each with an equal one
  (tables of 3, 4 and 5 so give 2, 3 and 4 points to a table's winner).
- Ties: the higher total, then the better single round, then the better last round played;
  players still equal share the place (listed by entrant number).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

Figure = int | float


class Method(StrEnum):
    """What a player's figure for a round is."""

    POINTS = "points"
    PLACING = "placing"


@dataclass(frozen=True)
class TableScore:
    """One table of one round as its pad stands: the entrants in seat order, their totals, and
    the deals it has played."""

    round: int
    table: int
    entrants: tuple[int, ...]
    totals: tuple[Figure, ...]
    deals: int


@dataclass(frozen=True)
class Line:
    """One entrant's line of the ranking: their place, each round's figure (None: not played,
    a bye) and table number, and their total."""

    place: int
    entrant: int
    rounds: tuple[Figure | None, ...]
    tables: tuple[int | None, ...]
    total: Figure


def placing_points(totals: Sequence[Figure]) -> tuple[Figure, ...]:
    """Each seat's placing points at its table: 1 per lower total, ½ per equal one."""
    return tuple(
        sum(1 if other < mine else 0.5 if other == mine else 0 for other in totals) - 0.5
        for mine in totals
    )


def figures(score: TableScore, method: Method) -> tuple[Figure, ...]:
    """What each seat of a table scores for the ranking."""
    return placing_points(score.totals) if method is Method.PLACING else score.totals


def rank(
    entrants: Sequence[int], rounds: int, scores: Sequence[TableScore], method: Method
) -> list[Line]:
    """The ranking of every entrant after these tables, best first (see the module's text)."""
    figure: dict[int, list[Figure | None]] = {entrant: [None] * rounds for entrant in entrants}
    table: dict[int, list[int | None]] = {entrant: [None] * rounds for entrant in entrants}
    for score in scores:
        for entrant, value in zip(score.entrants, figures(score, method), strict=True):
            if entrant in figure and 1 <= score.round <= rounds:
                figure[entrant][score.round - 1] = value
                table[entrant][score.round - 1] = score.table

    def key(entrant: int) -> tuple[Figure, Figure, Figure]:
        played = [value for value in figure[entrant] if value is not None]
        return (sum(played), max(played, default=0), played[-1] if played else 0)

    ordered = sorted(entrants, key=lambda entrant: (tuple(-k for k in key(entrant)), entrant))
    lines: list[Line] = []
    for index, entrant in enumerate(ordered):
        shared = index > 0 and key(ordered[index - 1]) == key(entrant)
        place = lines[-1].place if shared else index + 1
        total = key(entrant)[0]
        lines.append(Line(place, entrant, tuple(figure[entrant]), tuple(table[entrant]), total))
    return lines


def standings_order(lines: Sequence[Line]) -> list[int]:
    """The entrants in ranking order (what a draw by the standings seats)."""
    return [line.entrant for line in lines]
