"""A club night's movement (`service.movements`, docs/design.md "Club night"): every round's
tables planned at once (`engine.movement.plan`) and kept (`store.movements`), the rounds drawn
from it, and the movement as its pages show it: round by round with names, its figures, the
pairs that meet again, and each player's next table.

Who plays which round is the `Lineup`: the entrants as they came (a late entrant from a round
on, a withdrawal after one, a substitute in an entrant's seat). The movement seats entrant
numbers; a substitute sits in the seats of the entrant they stand in for, so nobody else's
table changes, and the pad and the room show the substitute's name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.engine.draw import (
    Fill,
    Order,
    Pair,
    Seating,
    meetings,
    pair,
    repeats_of,
    table_sizes,
)
from companion.engine.movement import lower_bound, plan
from companion.engine.seeding import Seeding, seeded_round
from companion.service.ratings import Ratings
from companion.store import (
    Change,
    EntrantState,
    EventRecord,
    MovementRow,
    PlannedRound,
    RoundRow,
    Store,
    TableRow,
)


@dataclass(frozen=True)
class Lineup:
    """Who plays which round: the entrants (number -> name) and how each came."""

    entrants: Mapping[int, str]
    states: Mapping[int, EntrantState] = field(default_factory=dict)

    def state(self, entrant: int) -> EntrantState:
        """How an entrant came (an entrant with no change: from round 1, still in)."""
        return self.states.get(entrant) or EntrantState(entrant)

    def playing(self, round_number: int) -> list[int]:
        """The entrants seated (or sitting out) in a round, in number order."""
        return [n for n in self.entrants if self.state(n).plays(round_number)]

    def names_in(self, round_number: int) -> dict[int, str]:
        """Each entrant's name as the tables of a round show it: a substitute's in their
        entrant's seat."""
        names = dict(self.entrants)
        for number, state in self.states.items():
            if state.substitute and state.substituted(round_number):
                names[number] = state.substitute
        return names

    def ranked_seats(self, round_number: int, seats: Sequence[int]) -> tuple[int, ...]:
        """A table's seats as the ranking credits them: a seat a substitute played, and whose
        results the director did not credit to the entrant, counts for nobody (its number
        negated: the table's placing still counts the substitute's total)."""
        return tuple(
            -seat
            if self.state(seat).substituted(round_number) and not self.state(seat).credited
            else seat
            for seat in seats
        )

    def missed(self, entrant: int, before: int) -> int:
        """The rounds before `before` an entrant was not yet entered for (a late entrant)."""
        return max(0, min(self.state(entrant).joined_round, before) - 1)


def seating_of(planned: PlannedRound, met: Counter[Pair]) -> Seating:
    """A planned round as a draw, its repeats counted against the rounds as played."""
    return Seating(planned.tables, planned.byes, repeats_of(planned.tables, met))


def plan_from(
    event: EventRecord,
    lineup: Lineup,
    tables: Sequence[TableRow],
    rounds: Sequence[RoundRow],
    apart: Sequence[Pair],
    from_round: int,
    seed: int,
    ratings: Mapping[int, float] | None = None,
) -> MovementRow:
    """The movement of rounds `from_round` … the last, planned after the rounds before it as
    they were played: their meetings, their byes and the rounds a late entrant missed count.
    With `ratings` (round 1 seeded by rating) a plan from round 1 seats round 1 by rating
    (`engine.seeding`) and plans rounds 2 … the last after it, as if it had been played."""
    if from_round == 1 and ratings is not None:
        return seeded_plan(event, lineup, apart, seed, ratings)
    players = lineup.playing(from_round)
    met = meetings(row.seats for row in tables if row.round < from_round)
    byes: Counter[int] = Counter(
        bye for row in rounds if row.round < from_round for bye in row.byes
    )
    for player in players:
        byes[player] += lineup.missed(player, from_round)
    return planned_after(event, players, from_round, seed, met, byes, apart)


def planned_after(
    event: EventRecord,
    players: Sequence[int],
    from_round: int,
    seed: int,
    met: Counter[Pair],
    byes: Counter[int],
    apart: Sequence[Pair],
) -> MovementRow:
    """The movement of rounds `from_round` … the last of these players, after the meetings
    `met` and the byes `byes` of the rounds before it."""
    sizes, _ = table_sizes(len(players), event.table_size, event.other_size, Fill(event.fill))
    found = plan(
        players,
        sizes,
        event.rounds - from_round + 1,
        seed=seed,
        met=met,
        byes_so_far=byes,
        apart=apart,
    )
    planned = tuple(
        PlannedRound(seating.tables, seating.byes, seating.repeats) for seating in found.rounds
    )
    broken = tuple((from_round + x.round_index, *x.pair) for x in found.apart_broken)
    return MovementRow(
        from_round, seed, planned, found.repeats, found.lower_bound, found.third_meetings,
        broken, found.exact,
    )  # fmt: skip


def seeded_plan(
    event: EventRecord,
    lineup: Lineup,
    apart: Sequence[Pair],
    seed: int,
    ratings: Mapping[int, float],
) -> MovementRow:
    """The movement of an event whose round 1 is seeded by rating: round 1 dealt by rating,
    rounds 2 … the last planned after it (its meetings and byes counted, as when a round is
    drawn again after the rounds played). Its figures are those of rounds 2 … the last
    (round 1 repeats nothing) against the better of the lower bounds of the whole evening and
    of rounds 2 … the last after round 1 (the planner's first planned round has no pigeonhole
    bound: after round 1 alone it would say 0); a pair kept apart
    that the snake seats together is named as one that could not be kept apart."""
    players = lineup.playing(1)
    sizes, _ = table_sizes(len(players), event.table_size, event.other_size, Fill(event.fill))
    first = seeded_round(players, sizes, ratings, seed=seed)
    together = meetings(first.tables)
    broken = tuple((1, a, b) for a, b in sorted(set(apart)) if together[pair(a, b)])
    opening = PlannedRound(first.tables, first.byes, 0)
    if event.rounds == 1:
        return MovementRow(1, seed, (opening,), 0, 0, 0, broken, False)
    later = lineup.playing(2)
    byes = Counter({player: lineup.missed(player, 2) for player in later})
    byes.update(first.byes)
    rest = planned_after(event, later, 2, seed, together, byes, apart)
    bound = rest.lower_bound  # the evening's own bound holds too when the same players play
    if later == players:
        bound = max(bound, lower_bound(len(players), sizes, event.rounds))
    return replace(
        rest,
        from_round=1,
        rounds=(opening, *rest.rounds),
        lower_bound=bound,
        apart_broken=broken + rest.apart_broken,
    )


def fits(planned: PlannedRound | None, players: Sequence[int]) -> bool:
    """Whether a planned round seats exactly these players (or gives them a bye)."""
    if planned is None:
        return False
    seated = [seat for table in planned.tables for seat in table] + list(planned.byes)
    return sorted(seated) == sorted(players)


class Movements:
    """The movements of the club nights: planned, drawn from, and shown."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._ratings = Ratings(store)

    def first_ratings(self, event: EventRecord, lineup: Lineup) -> dict[int, float] | None:
        """The ratings round 1 is seeded by (`Ratings.of_entrants`, by the names seated in
        round 1: a substitute's in their entrant's seat); None when it is not seeded."""
        if event.seeding != Seeding.RATING:
            return None
        return self._ratings.of_entrants(lineup.names_in(1))

    def seeded_first(
        self, event: EventRecord, players: Sequence[int], sizes: Sequence[int], seed: int
    ) -> Seating:
        """Round 1 of an event drawn by the standings, seeded by rating (`engine.seeding`)."""
        ratings = self.first_ratings(event, self.lineup(event.key)) or {}
        return seeded_round(players, sizes, ratings, seed=seed)

    def lineup(self, key: str) -> Lineup:
        """Who plays which round in an event."""
        store = self._store
        return Lineup(store.events.entrants(key), store.movements.states(key))

    def stored(self, key: str) -> MovementRow | None:
        """The event's movement as stored (None before it is planned)."""
        return self._store.movements.get(key)

    def version(self, key: str) -> int:
        """The plan's version (a change form sends the one its page showed)."""
        return self._store.movements.version(key)

    def rounds(self, key: str) -> list[RoundRow]:
        """The rounds drawn so far."""
        return self._store.events.rounds(key)

    def tables(self, key: str) -> list[TableRow]:
        """The tables drawn so far, with their standing."""
        return self._store.events.tables(key)

    def apart(self, key: str) -> list[Pair]:
        """The pairs the director keeps apart."""
        return self._store.movements.apart(key)

    def planned(self, event: EventRecord, from_round: int, seed: int) -> MovementRow:
        """The movement from `from_round` on, planned after the event as it stands."""
        store = self._store
        lineup = self.lineup(event.key)
        return plan_from(
            event,
            lineup,
            store.events.tables(event.key),
            store.events.rounds(event.key),
            [pair(a, b) for a, b in store.movements.apart(event.key)],
            from_round,
            seed,
            self.first_ratings(event, lineup) if from_round == 1 else None,
        )

    def plan_ahead(self, event: EventRecord, seed: int) -> MovementRow:
        """Plan the whole movement before round 1 is drawn (to print the start cards at
        home); round 1 is then drawn as planned."""
        movement = self.planned(event, 1, seed)
        self._store.movements.save(event.key, movement)
        return movement

    def draw_round(self, event: EventRecord, number: int, seed: int, *, again: bool) -> Seating:
        """Draw round `number` from the movement: as planned when the stored movement seats
        exactly its players; planned afresh from it with `seed` otherwise, and when the
        director draws a waiting round `again`. LookupError when the round has started."""
        store = self._store
        stored = None if again else store.movements.get(event.key)
        players = self.lineup(event.key).playing(number)
        fresh = None
        if stored is None or not fits(stored.round(number), players):
            fresh = stored = self.planned(event, number, seed)
        planned = stored.round(number)
        assert planned is not None  # planned from this round, or found fitting
        met = meetings(row.seats for row in store.events.tables(event.key) if row.round < number)
        seating = seating_of(planned, met)
        store.movements.draw_planned(event.key, fresh, number, seating.repeats, new=not again)
        return seating

    def replan(
        self, event: EventRecord, change: Change, from_round: int, seed: int, version: int | None
    ) -> None:
        """Write the director's change with the rounds from `from_round` on planned again after
        it, and that round drawn again when it is drawn and waiting. An event not yet planned
        (nothing drawn), or drawn by the standings, gets the change alone."""
        store = self._store
        rounds = store.events.rounds(event.key)
        waiting = next((r.round for r in rounds if r.round == from_round), None)
        if event.draw_order != Order.MIXED or (
            store.movements.get(event.key) is None and waiting is None
        ):
            store.movements.save(event.key, None, change=change, version=version)
            return
        future = Lineup(
            {**store.events.entrants(event.key), **after_entrants(change)},
            {**store.movements.states(event.key), **after_states(change)},
        )
        apart = set(map(tuple, store.movements.apart(event.key)))
        if change.pair is not None:
            (apart.add if change.kind == "apart" else apart.discard)(change.pair)
        ratings = self.first_ratings(event, future) if from_round == 1 else None
        movement = plan_from(
            event, future, store.events.tables(event.key), rounds,
            sorted(pair(a, b) for a, b in apart), from_round, seed, ratings,
        )  # fmt: skip
        store.movements.save(event.key, movement, change=change, waiting=waiting, version=version)


def after_entrants(change: Change) -> dict[int, str]:
    """The entrant a change adds (a late entrant), as number -> name."""
    if change.name is not None and change.state is not None:
        return {change.state.number: change.name}
    return {}


def after_states(change: Change) -> dict[int, EntrantState]:
    """The entrant state a change writes."""
    return {change.state.number: change.state} if change.state is not None else {}
