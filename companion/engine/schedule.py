"""The search behind `movement.plan`: every planned round at once, changed by simulated
annealing until no cheaper seating is found or the lower bound is reached.

Players are 0 … n − 1 here. A pair that has met m times in all (earlier rounds included)
costs (m − 1)² (nothing for 0 or 1 meeting), and `APART` more for each planned meeting of a pair
to be kept apart. The meetings are a matrix kept up to date move by move, so a move's cost is
read from the few pairs at the two tables it touches. A move swaps two players of two tables
of one round; or gives a seated player's seat to one sitting out that round, both having sat
out equally often before it, and exchanges their byes in the later rounds too, so that who sits
out when stays as even as the draw's "fewest byes first" made it. Most moves start from a pair
meeting again (`FOCUS`). Deterministic for the random generator it is given.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from math import exp

APART = 1_000_000
"""The cost of seating a pair to be kept apart together once: more than any repeats it saves."""

STEPS = 200_000
"""Moves tried at most (fewer when the lower bound is reached or a spell finds nothing better)."""

SPELL_STEPS = 5_000
SPELL_STEPS_PER_SEAT = 120
"""The moves of one spell of annealing: 120 for each player in each round, at least 5,000
(and at most `STEPS`)."""

PATIENCE = 3
"""Spells in a row that find nothing cheaper before the search stops."""

START_TEMPERATURE = 1.0
END_TEMPERATURE = 0.1
"""The temperature falls geometrically between these over the moves: a move costing d more is
taken with the probability exp(−d / temperature)."""

FOCUS = 0.95
"""The share of moves that start from a pair meeting again (the rest from any seat)."""


def pair_cost(meetings: int) -> int:
    """The cost of a pair that met this many times: (m − 1)², nothing for 0 or 1 meeting."""
    return (meetings - 1) ** 2 if meetings > 1 else 0


class Schedule:
    """The planned rounds as the search changes them: each round's tables (players), each
    player's table in each round (−1: sitting out), the meetings of every pair, the cost, the
    pairs meeting again in the planned rounds, and the cheapest rounds seen."""

    def __init__(
        self,
        count: int,
        tables: Sequence[Sequence[Sequence[int]]],
        earlier: Mapping[tuple[int, int], int],
        apart: Sequence[tuple[int, int]],
        byes_before: Sequence[int],
    ) -> None:
        self.count = count
        self.byes_before = list(byes_before)
        self.earlier = [0] * (count * count)
        for (a, b), meetings in earlier.items():
            self.earlier[a * count + b] = self.earlier[b * count + a] = meetings
        self.apart = bytearray(count * count)
        for a, b in apart:
            self.apart[a * count + b] = self.apart[b * count + a] = 1
        self.load(tables)
        self.best_cost = self.cost
        self.best_seat = [seat[:] for seat in self.seat]

    def load(self, tables: Sequence[Sequence[Sequence[int]]]) -> None:
        """Seat these rounds: tables, seats, meetings, pairs meeting again and cost anew."""
        self.tables = [[list(table) for table in round_tables] for round_tables in tables]
        self.seat = [[-1] * self.count for _ in self.tables]
        for seat, round_tables in zip(self.seat, self.tables, strict=True):
            for number, table in enumerate(round_tables):
                for player in table:
                    seat[player] = number
        self.met = list(self.earlier)
        self.conflicts: list[int] = []
        self.conflict_at: dict[int, int] = {}
        self.cost = 0
        for round_tables in self.tables:
            for table in round_tables:
                for a, b in combinations(table, 2):
                    self.cost += self.meet(a, b, 1)

    def meet(self, a: int, b: int, step: int) -> int:
        """Add `step` (1 or −1) meetings of a and b; the change of the cost."""
        low, high = (a, b) if a < b else (b, a)
        key = low * self.count + high
        before = self.met[key]
        after = before + step
        self.met[key] = self.met[high * self.count + low] = after
        conflict = after > self.earlier[key] and (after > 1 or self.apart[key])
        if conflict and key not in self.conflict_at:
            self.conflict_at[key] = len(self.conflicts)
            self.conflicts.append(key)
        elif not conflict and key in self.conflict_at:
            last = self.conflicts.pop()
            position = self.conflict_at.pop(key)
            if last != key:
                self.conflicts[position] = last
                self.conflict_at[last] = position
        return pair_cost(after) - pair_cost(before) + step * APART * self.apart[key]

    def swap_cost(self, round_index: int, a: int, b: int) -> int:
        """The change of the cost if seated players a and b of two tables of the round swapped
        seats, read without moving them."""
        count, met, apart = self.count, self.met, self.apart
        tables, seat = self.tables[round_index], self.seat[round_index]
        change = 0
        for mover, stayer, table in ((a, b, tables[seat[a]]), (b, a, tables[seat[b]])):
            leaving, joining = mover * count, stayer * count
            for other in table:
                if other != mover:
                    m = met[joining + other]
                    change += (2 * m - 1 if m else 0) + APART * apart[joining + other]
                    m = met[leaving + other]
                    change -= (2 * m - 3 if m > 1 else 0) + APART * apart[leaving + other]
        return change

    def swap(self, round_index: int, a: int, b: int) -> None:
        """Swap seated players a and b of two tables of the round."""
        tables, seat = self.tables[round_index], self.seat[round_index]
        table_a, table_b = tables[seat[a]], tables[seat[b]]
        for mover, stayer, table in ((a, b, table_a), (b, a, table_b)):
            for other in table:
                if other != mover:
                    self.cost += self.meet(mover, other, -1) + self.meet(stayer, other, 1)
        table_a[table_a.index(a)], table_b[table_b.index(b)] = b, a
        seat[a], seat[b] = seat[b], seat[a]

    def give_seat(self, round_index: int, seated: int, out: int) -> int:
        """The seated player sits the round out and the one sitting out takes the seat; the
        change of the cost."""
        seat = self.seat[round_index]
        table = self.tables[round_index][seat[seated]]
        change = 0
        for other in table:
            if other != seated:
                change += self.meet(seated, other, -1) + self.meet(out, other, 1)
        table[table.index(seated)] = out
        seat[out], seat[seated] = seat[seated], -1
        self.cost += change
        return change

    def byes_until(self, round_index: int, player: int) -> int:
        """How often the player sat out before this round, earlier rounds included."""
        return self.byes_before[player] + sum(
            1 for seat in self.seat[:round_index] if seat[player] < 0
        )

    def exchange_byes(self, round_index: int, seated: int, out: int) -> list[tuple[int, int, int]]:
        """The seated player takes the other's bye in this round, and from there on each takes
        the other's byes; the seat changes made (round, now seated, now out), to undo them."""
        done = []
        for later in range(round_index, len(self.seat)):
            seat = self.seat[later]
            if (seat[seated] < 0) != (seat[out] < 0):
                giver, taker = (seated, out) if seat[out] < 0 else (out, seated)
                self.give_seat(later, giver, taker)
                done.append((later, taker, giver))
        return done

    def undo(self, done: Sequence[tuple[int, int, int]]) -> None:
        """Undo the seat changes of `exchange_byes`."""
        for round_index, now_seated, now_out in reversed(done):
            self.give_seat(round_index, now_seated, now_out)

    def keep_if_best(self) -> None:
        """Remember the rounds if they are the cheapest seen."""
        if self.cost < self.best_cost:
            self.best_cost = self.cost
            self.best_seat = [seat[:] for seat in self.seat]

    def restore_best(self) -> None:
        """Go back to the cheapest rounds seen."""
        self.load(self.best_tables())

    def best_tables(self) -> list[list[list[int]]]:
        """The cheapest rounds seen, each table's players in the order of their numbers."""
        rounds = []
        for seat, round_tables in zip(self.best_seat, self.tables, strict=True):
            tables: list[list[int]] = [[] for _ in round_tables]
            for player, number in enumerate(seat):
                if number >= 0:
                    tables[number].append(player)
            rounds.append(tables)
        return rounds

    def best_byes(self) -> list[list[int]]:
        """Who sits out each round in the cheapest rounds seen."""
        return [
            [player for player, number in enumerate(seat) if number < 0] for seat in self.best_seat
        ]


def pick_move(schedule: Schedule, rng: random.Random) -> tuple[int, int, int] | None:
    """A round and two of its players at two different tables, the first seated (the second
    may sit out); mostly one of a pair meeting again in that round. None: no move drawn."""
    seats = schedule.seat
    if schedule.conflicts and rng.random() < FOCUS:
        first, second = divmod(rng.choice(schedule.conflicts), schedule.count)
        together = [
            index
            for index, seat in enumerate(seats)
            if seat[first] >= 0 and seat[first] == seat[second]
        ]
        round_index = rng.choice(together)
        a = first if rng.random() < 0.5 else second
    else:
        round_index, a = rng.randrange(len(seats)), rng.randrange(schedule.count)
    b = rng.randrange(schedule.count)
    seat = seats[round_index]
    if seat[a] == seat[b]:
        return None
    return (round_index, b, a) if seat[a] < 0 else (round_index, a, b)


def anneal(schedule: Schedule, rng: random.Random, floor: int) -> None:
    """Simulated annealing on the schedule in spells of `spell_of` moves, each from the best
    rounds found so far, until their cost reaches `floor` (a lower bound), `PATIENCE` spells
    in a row find nothing cheaper, or `STEPS` moves were tried; the best rounds are kept in the
    schedule."""
    if not any(
        len(round_tables) > 1 or (round_tables and -1 in seat)
        for round_tables, seat in zip(schedule.tables, schedule.seat, strict=True)
    ):
        return  # one table and nobody sitting out: nothing to move
    spell, idle = spell_of(schedule), 0
    for _ in range(max(1, STEPS // spell)):
        before = schedule.best_cost
        if before <= floor or idle >= PATIENCE:
            return
        schedule.restore_best()
        cool(schedule, rng, floor, spell)
        idle = idle + 1 if schedule.best_cost >= before else 0


def spell_of(schedule: Schedule) -> int:
    """The moves of one spell of annealing: `SPELL_STEPS_PER_SEAT` for each player in each
    round, at least `SPELL_STEPS` and at most `STEPS`."""
    seats = schedule.count * len(schedule.seat)
    return min(STEPS, max(SPELL_STEPS, SPELL_STEPS_PER_SEAT * seats))


def cool(schedule: Schedule, rng: random.Random, floor: int, steps: int) -> None:
    """One spell: `steps` moves as the temperature falls from `START_TEMPERATURE` to
    `END_TEMPERATURE`, or fewer if the cost reaches `floor`."""
    temperature = START_TEMPERATURE
    cooling = (END_TEMPERATURE / START_TEMPERATURE) ** (1 / steps)
    for _ in range(steps):
        if schedule.best_cost <= floor:
            return
        temperature *= cooling
        move = pick_move(schedule, rng)
        if move is None:
            continue
        round_index, a, b = move
        if schedule.seat[round_index][b] >= 0:
            change = schedule.swap_cost(round_index, a, b)
            if change <= 0 or rng.random() < exp(-change / temperature):
                schedule.swap(round_index, a, b)
        elif schedule.byes_until(round_index, a) == schedule.byes_until(round_index, b):
            before = schedule.cost
            done = schedule.exchange_byes(round_index, a, b)
            change = schedule.cost - before
            if change > 0 and rng.random() >= exp(-change / temperature):
                schedule.undo(done)
        schedule.keep_if_best()
