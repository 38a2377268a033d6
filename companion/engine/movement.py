"""A club night's whole movement planned at once: every round's seating together, so that as
few pairs as possible meet again over the evening (docs/rulings.md, "Club night").

Pure: entrants are their numbers, a round is a `draw.Seating`. Two ways, chosen by the numbers:

- **An exact design** (`designs.py`) when the count and the tables fit one, with no bye and
  every table the same size: 9 at tables of 3 (up to 4 rounds), 16 at 4 (up to 5), 25 at 5 (up
  to 6), 15 at 3 (up to 7), 21 at 3 (up to 10). Nobody meets anybody twice. The labels, the rounds used, their
  order, the tables' order and the seats are shuffled with the seed. Earlier meetings and pairs
  kept apart are honoured when the design can be labelled so that they fall in its unused
  rounds; otherwise the search below takes over.
- **Otherwise a search over all rounds** (`schedule.py`): simulated annealing whose move swaps
  two players of two tables of one round (or a seated player with one sitting out, together
  with their later byes, so byes stay as even as the draw keeps them).

**What is counted.** A pair of entrants meeting m times in all (earlier rounds included) costs
(m − 1)²: 0, 0, 1, 4, 9 …, so repeats spread out, and the planner seats up to three pairs a
second time rather than one pair a third time (12 at tables of 4 over 3 rounds: 9 second
meetings and no third, rather than 6 repeats of which three are third meetings). A pair to be
kept apart costs `APART` more each time it sits together. `Movement.repeats` counts meetings,
not pairs: each planned meeting of a pair beyond its first meeting ever is one (a pair meeting
three times counts 2). A round's `Seating.repeats` is the draw's count for that round (each
earlier meeting of a pair seated together counts, `draw.repeats_of`), so it equals the sum of
the rounds' counts when no pair meets a third time.

**The lower bound** (`lower_bound`) on `Movement.repeats`, shown next to it:

- *Counting*: rounds 1 … k seat Σ C(size, 2) pairs a round; only C(n, 2) pairs exist, less
  those that already met before (D): at least k·Σ C(size, 2) − (C(n, 2) − D) of those meetings
  are repeats (0 if negative).
- *Pigeonhole*, each round after the first planned one: its table of s players draws them from
  the previous round's tables (and its byes, one player each); putting s players as evenly as
  those groups allow gives the fewest pairs that sat together in the previous round (8 at two
  tables of 4: each new table takes 2 + 2, so 1 + 1 pairs; two tables: 4).
- Repeats fall in one round each, so the counting bound of rounds 1 … k plus the pigeonhole
  bounds of rounds k + 1 … R is a bound; `lower_bound` is the best k. Earlier rounds only
  count through D (their tables are not known), so the first planned round has no pigeonhole
  bound. The bound may be reached only by third meetings that the cost above avoids.

Deterministic for a seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

from companion.engine.designs import Design, design_for, embedding
from companion.engine.draw import Pair, Seating, choose_byes, meetings, pair, repeats_of
from companion.engine.schedule import Schedule, anneal


@dataclass(frozen=True)
class Together:
    """A pair to be kept apart that had to sit at one table, in `Movement.rounds[round_index]`."""

    round_index: int
    pair: Pair


@dataclass(frozen=True)
class Movement:
    """Every planned round's seating; the repeat meetings over them (each meeting of a pair
    beyond its first ever counts one: three meetings count 2) against the lower bound for those
    numbers; the meetings that were a pair's third or later; the pairs to be kept apart that
    sat together anyway; and whether the rounds come from an exact design."""

    rounds: tuple[Seating, ...]
    repeats: int
    lower_bound: int
    third_meetings: int
    apart_broken: tuple[Together, ...]
    exact: bool


@dataclass(frozen=True)
class History:
    """What a plan takes into account, among the entrants: the meetings of the rounds already
    played, the byes so far, and the pairs to keep apart."""

    met: Counter[Pair]
    byes: Counter[int]
    apart: frozenset[Pair]


def plan(
    entrants: Sequence[int],
    sizes: Sequence[int],
    rounds: int,
    *,
    seed: int,
    met: Counter[Pair] | None = None,
    byes_so_far: Counter[int] | None = None,
    apart: Iterable[Pair] = (),
) -> Movement:
    """The seatings of `rounds` rounds of `entrants` at tables of `sizes` (the same every round;
    those left over sit out, the fewest byes first, counting `byes_so_far`), with as few repeat
    meetings as the search finds, counting `met` (the meetings of the rounds already played,
    as `draw.meetings` gives them); pairs of `apart` sit together only where the numbers leave
    no other way. Deterministic for `seed`."""
    players = list(entrants)
    if len(set(players)) != len(players) or sum(sizes) > len(players) or min(sizes, default=1) < 1:
        raise ValueError("entrants must be distinct and fill the tables")
    history = history_of(players, met, byes_so_far, apart)
    rng = random.Random(seed)
    bound = lower_bound(len(players), sizes, rounds, len(history.met))
    design = fitting_design(len(players), sizes, rounds)
    tables = None if design is None else design_rounds(design, players, rounds, history, rng)
    byes = planned_byes(players, len(players) - sum(sizes), rounds, history.byes, rng)
    if tables is None:
        start = None
        if design is not None and not history.met:
            start = design_rounds(design, players, rounds, history_of(players), rng)
        found, byes = search(players, sizes, byes, history, start, bound, rng)
        return movement_of(found, byes, history, bound, False, rng)
    return movement_of(tables, byes, history, bound, True, rng)


def history_of(
    players: Sequence[int],
    met: Counter[Pair] | None = None,
    byes_so_far: Counter[int] | None = None,
    apart: Iterable[Pair] = (),
) -> History:
    """The earlier meetings, byes and pairs to keep apart that concern these entrants."""
    present = set(players)
    earlier: Counter[Pair] = Counter()
    for (a, b), count in (met or Counter()).items():
        if count > 0 and a in present and b in present:
            earlier[pair(a, b)] += count
    return History(
        earlier,
        Counter({player: (byes_so_far or Counter())[player] for player in players}),
        frozenset(pair(a, b) for a, b in apart if a != b and a in present and b in present),
    )


def fitting_design(count: int, sizes: Sequence[int], rounds: int) -> Design | None:
    """The exact design for these numbers: every table the same size, nobody sitting out, and
    no more rounds than the design has."""
    if not sizes or len(set(sizes)) != 1 or sum(sizes) != count:
        return None
    design = design_for(count, sizes[0])
    return design if design is not None and 0 < rounds <= len(design.classes) else None


def design_rounds(
    design: Design,
    players: Sequence[int],
    rounds: int,
    history: History,
    rng: random.Random,
) -> list[list[list[int]]] | None:
    """The design's rounds with the players on its points, tables in a shuffled order, or None
    when it cannot be labelled so that those who met and those kept apart never sit together."""
    index = {player: position for position, player in enumerate(players)}
    separate = sorted((index[a], index[b]) for a, b in set(history.met) | history.apart)
    found = embedding(design, rounds, separate, rng)
    if found is None:
        return None
    point_of, played = found
    player_at = {point: players[position] for position, point in enumerate(point_of)}
    rounds_tables = []
    for chosen in played:
        tables = [[player_at[point] for point in table] for table in design.classes[chosen]]
        rng.shuffle(tables)
        rounds_tables.append(tables)
    return rounds_tables


def planned_byes(
    players: Sequence[int],
    per_round: int,
    rounds: int,
    byes_so_far: Counter[int],
    rng: random.Random,
) -> list[list[int]]:
    """Who sits out each round: those with the fewest byes so far, the planned ones included,
    drawn at random among equals (as the draw chooses them)."""
    counts = Counter(byes_so_far)
    byes = []
    for _ in range(rounds):
        chosen = choose_byes(players, per_round, counts, rng) if per_round else []
        counts.update(chosen)
        byes.append(chosen)
    return byes


def search(
    players: Sequence[int],
    sizes: Sequence[int],
    byes: Sequence[Sequence[int]],
    history: History,
    start: list[list[list[int]]] | None,
    floor: int,
    rng: random.Random,
) -> tuple[list[list[list[int]]], list[list[int]]]:
    """The rounds found by the search, from `start` (a design's rounds) or random tables with
    these `byes`: each round's tables and who sits out."""
    index = {player: position for position, player in enumerate(players)}
    if start is None:
        start = [random_tables(players, sizes, round_byes, rng) for round_byes in byes]
    earlier = {(index[a], index[b]): count for (a, b), count in history.met.items()}
    schedule = Schedule(
        len(players),
        [[[index[p] for p in table] for table in tables] for tables in start],
        earlier,
        [(index[a], index[b]) for a, b in sorted(history.apart)],
        [history.byes[player] for player in players],
    )
    anneal(schedule, rng, floor)
    tables = [
        [[players[p] for p in table] for table in tables] for tables in schedule.best_tables()
    ]
    return tables, [[players[p] for p in out] for out in schedule.best_byes()]


def random_tables(
    players: Sequence[int], sizes: Sequence[int], byes: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """A round's tables of `sizes` filled from a shuffled order of those not sitting out."""
    sitting_out = set(byes)
    seated = [player for player in players if player not in sitting_out]
    rng.shuffle(seated)
    tables, start = [], 0
    for size in sizes:
        tables.append(seated[start : start + size])
        start += size
    return tables


def pigeonhole(sizes: Sequence[int], previous: Sequence[int]) -> int:
    """The fewest pairs at tables of `sizes` that also sat together in a round whose groups
    (its tables, and each player sitting out alone) had the sizes `previous`: each table takes
    its players as evenly as those groups allow (a relaxation of the round, so a lower bound)."""
    fewest = 0
    for size in sizes:
        taken = [0] * len(previous)
        for _ in range(size):
            open_groups = [g for g in range(len(previous)) if taken[g] < previous[g]]
            if not open_groups:
                break
            group = min(open_groups, key=lambda g: taken[g])
            fewest += taken[group]
            taken[group] += 1
    return fewest


def lower_bound(count: int, sizes: Sequence[int], rounds: int, met_pairs: int = 0) -> int:
    """The fewest repeat meetings (each meeting beyond a pair's first) of `rounds` rounds of
    `count` entrants at tables of `sizes`, when `met_pairs` pairs of them met before: the best
    split of the rounds into a counting bound for the first k and a pigeonhole bound for each
    later one (the module's docstring)."""
    slots = sum(comb(size, 2) for size in sizes)
    fresh = comb(count, 2) - met_pairs
    each_later = pigeonhole(sizes, [*sizes, *[1] * (count - sum(sizes))])
    return max(
        max(0, first * slots - fresh) + max(0, rounds - max(first, 1)) * each_later
        for first in range(rounds + 1)
    )


def movement_of(
    tables: Sequence[Sequence[Sequence[int]]],
    byes: Sequence[Sequence[int]],
    history: History,
    bound: int,
    exact: bool,
    rng: random.Random,
) -> Movement:
    """The movement of these rounds: seats shuffled at each table (the first seat deals first),
    each round's repeats against everything before it, and the evening's figures."""
    earlier = history.met
    running = Counter(earlier)
    planned: Counter[Pair] = Counter()
    seatings, broken = [], []
    for round_index, (round_tables, round_byes) in enumerate(zip(tables, byes, strict=True)):
        seated = tuple(tuple(rng.sample(list(table), k=len(table))) for table in round_tables)
        seatings.append(Seating(seated, tuple(sorted(round_byes)), repeats_of(seated, running)))
        this = meetings(seated)
        running.update(this)
        planned.update(this)
        broken += [Together(round_index, two) for two in sorted(this) if two in history.apart]
    repeats = sum(count - (0 if earlier[two] else 1) for two, count in planned.items())
    third = sum(
        max(0, earlier[two] + count - max(2, earlier[two])) for two, count in planned.items()
    )
    return Movement(tuple(seatings), repeats, bound, third, tuple(broken), exact)
