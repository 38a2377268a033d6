"""A club night's movement as its pages show it: every round known so far (drawn, else as
planned) with the players' names, the pairs that meet more than once and those kept apart
that could not be, each player's start card (their table and seat every round) and their next
table. Read-only: built from the store's rows, it writes nothing."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from companion.engine.draw import Pair, pair
from companion.service.movements import Lineup, Movements
from companion.store import EventRecord, MovementRow


@dataclass(frozen=True)
class PlannedTable:
    """A table of a round: its number, its entrants in seat order and their names."""

    number: int
    seats: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class RoundPlan:
    """A round as known: drawn (and maybe started), or as the movement plans it."""

    number: int
    tables: tuple[PlannedTable, ...]
    byes: tuple[str, ...]
    drawn: bool
    started: bool


@dataclass(frozen=True)
class Meeting:
    """A pair of entrants seated together in more than one round (or kept apart, together)."""

    first: str
    second: str
    rounds: tuple[int, ...]


class Why(StrEnum):
    """Why a player has no table in a round."""

    BYE = "bye"  # sits the round out
    LATER = "later"  # entered after this round
    LEFT = "left"  # withdrawn before this round
    UNKNOWN = "unknown"  # the round is not drawn, and no movement plans it


@dataclass(frozen=True)
class Seat:
    """Where a player sits in a round: table and seat (1 deals first) with the others there,
    or why they have no table."""

    round: int
    table: int | None = None
    seat: int | None = None
    others: tuple[str, ...] = ()
    why: Why | None = None


@dataclass(frozen=True)
class StartCard:
    """A player's start card: their number, name and every round's seat."""

    number: int
    name: str
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class MovementView:
    """The movement as the director's page and its prints show it."""

    event: EventRecord
    lineup: Lineup
    rounds: tuple[RoundPlan, ...]
    stored: MovementRow | None
    again: tuple[Meeting, ...]  # pairs meeting in more than one round, over the evening
    apart_together: tuple[Meeting, ...]  # pairs kept apart seated together anyway

    @property
    def twice(self) -> int:
        """Pairs that meet exactly twice over the evening."""
        return sum(1 for meeting in self.again if len(meeting.rounds) == 2)

    @property
    def more(self) -> int:
        """Pairs that meet three times or more over the evening."""
        return sum(1 for meeting in self.again if len(meeting.rounds) > 2)

    @property
    def last_planned(self) -> int:
        """The last round of the stored movement."""
        stored = self.stored
        return stored.from_round + len(stored.rounds) - 1 if stored else 0

    def round(self, number: int) -> RoundPlan | None:
        """A round, when known."""
        return next((plan for plan in self.rounds if plan.number == number), None)

    def seat(self, entrant: int, number: int) -> Seat:
        """Where an entrant sits in a round, or why not."""
        state = self.lineup.state(entrant)
        if number < state.joined_round:
            return Seat(number, why=Why.LATER)
        if not state.plays(number):
            return Seat(number, why=Why.LEFT)
        plan = self.round(number)
        if plan is None:
            return Seat(number, why=Why.UNKNOWN)
        for table in plan.tables:
            if entrant in table.seats:
                at = table.seats.index(entrant)
                others = tuple(n for i, n in enumerate(table.names) if i != at)
                return Seat(number, table.number, at + 1, others)
        return Seat(number, why=Why.BYE)

    def card(self, entrant: int) -> StartCard:
        """An entrant's start card."""
        seats = tuple(self.seat(entrant, n) for n in range(1, self.event.rounds + 1))
        return StartCard(entrant, self.lineup.entrants[entrant], seats)

    def cards(self) -> tuple[StartCard, ...]:
        """Every entrant's start card, in number order."""
        return tuple(self.card(entrant) for entrant in self.lineup.entrants)

    @property
    def next_round(self) -> int | None:
        """The first round not started (None: every round has started)."""
        started = sum(1 for plan in self.rounds if plan.started)
        return started + 1 if started < self.event.rounds else None

    def next_seat(self, entrant: int) -> Seat | None:
        """An entrant's seat in the first round not started (None: every round started)."""
        number = self.next_round
        return None if number is None else self.seat(entrant, number)


def movement_view(movements: Movements, event: EventRecord) -> MovementView:
    """The event's movement: the rounds drawn as drawn, the later ones as planned."""
    lineup = movements.lineup(event.key)
    stored = movements.stored(event.key)
    drawn = {row.round: row for row in movements.rounds(event.key)}
    tables = movements.tables(event.key)
    rounds = []
    for number in range(1, event.rounds + 1):
        names = lineup.names_in(number)
        row = drawn.get(number)
        planned = stored.round(number) if stored else None
        if row is not None:
            seated = [t.seats for t in tables if t.round == number]
            byes, started = row.byes, row.started_at is not None
        elif planned is not None:
            seated, byes, started = list(planned.tables), planned.byes, False
        else:
            continue
        rounds.append(
            RoundPlan(
                number,
                tuple(
                    PlannedTable(n, seats, tuple(names[s] for s in seats))
                    for n, seats in enumerate(seated, 1)
                ),
                tuple(names[b] for b in byes),
                row is not None,
                started,
            )
        )
    apart = [pair(a, b) for a, b in movements.apart(event.key)]
    again, together = meetings_of(rounds, lineup, apart)
    return MovementView(event, lineup, tuple(rounds), stored, again, together)


def meetings_of(
    rounds: Sequence[RoundPlan], lineup: Lineup, apart: Sequence[Pair]
) -> tuple[tuple[Meeting, ...], tuple[Meeting, ...]]:
    """The pairs seated together in more than one round, and the pairs kept apart seated
    together at all, each with the rounds they meet in."""
    met: defaultdict[Pair, list[int]] = defaultdict(list)
    for plan in rounds:
        for table in plan.tables:
            for a, b in combinations(table.seats, 2):
                met[pair(a, b)].append(plan.number)
    names = lineup.entrants

    def meeting(two: Pair) -> Meeting:
        return Meeting(names[two[0]], names[two[1]], tuple(met[two]))

    again = tuple(meeting(two) for two in sorted(met) if len(met[two]) > 1)
    together = tuple(meeting(two) for two in sorted(apart) if met.get(two))
    return again, together
