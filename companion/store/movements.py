"""A club night's movement as stored (docs/design.md, "Club night"): the rounds planned at once
from one round on with their figures, the pairs the director keeps apart, and the entrants as
they came (a late entrant, a withdrawal, a substitute).

A change to who plays, or to the pairs kept apart, is written with the movement planned again
after it, and with the waiting round drawn again from it, in one transaction, and only when the
event is still as the director's page showed it (`PlanChanged`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.store.database import Part
from companion.store.event_writes import log, write_draw
from companion.store.rows import dump, load, now_utc

PLANNED = (
    "kind IN ('drawn', 'swapped', 'started', 'joined', 'withdrew', 'substituted', 'apart',"
    " 'apart_dropped')"
)
"""The log lines that change who plays where: the last one's id is the plan's version."""


class PlanChanged(LookupError):
    """A change refused: the event changed since the page it was asked from was shown."""


@dataclass(frozen=True)
class PlannedRound:
    """One round of a stored movement: its tables (entrant numbers in seat order), who sits
    out, and its count of repeated meetings as planned."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    repeats: int


@dataclass(frozen=True)
class MovementRow:
    """An event's movement as stored: planned from round `from_round` on with `seed`, its
    rounds, its repeated meetings against the lower bound for those numbers, the meetings that
    were a pair's third or later, the pairs kept apart that had to sit together (round, a, b),
    and whether the rounds come from an exact design."""

    from_round: int
    seed: int
    rounds: tuple[PlannedRound, ...]
    repeats: int
    lower_bound: int
    third_meetings: int
    apart_broken: tuple[tuple[int, int, int], ...]
    exact: bool
    planned_at: str = ""

    def round(self, number: int) -> PlannedRound | None:
        """The planned round `number` (counted from the event's first), or None."""
        index = number - self.from_round
        return self.rounds[index] if 0 <= index < len(self.rounds) else None


@dataclass(frozen=True)
class EntrantState:
    """An entrant as they came: the first round they may be seated in, the last round they
    play (None: still in), and a substitute who takes their seat from a round on (the
    director's word: are those rounds' results theirs)."""

    number: int
    joined_round: int = 1
    left_after: int | None = None
    substitute: str | None = None
    substitute_from: int | None = None
    credited: bool = False

    def plays(self, round_number: int) -> bool:
        """Whether the entrant (or their substitute) is seated in this round."""
        return self.joined_round <= round_number and (
            self.left_after is None or round_number <= self.left_after
        )

    def substituted(self, round_number: int) -> bool:
        """Whether their substitute plays this round in their seat."""
        return self.substitute_from is not None and round_number >= self.substitute_from


@dataclass(frozen=True)
class Change:
    """What the director changed, written with the movement planned after it: a kind of the
    log (joined, withdrew, substituted, apart, apart_dropped), its data, and the entrant's new
    state or name where it has one."""

    kind: str
    data: Mapping[str, Any]
    state: EntrantState | None = None
    name: str | None = None  # a late entrant's name: a new entrant numbered `state.number`
    pair: tuple[int, int] | None = None  # apart / apart_dropped


class Movements(Part):
    """The movements of the file's events (`store.movements`)."""

    def get(self, key: str) -> MovementRow | None:
        """The event's movement, or None before it is planned."""
        row = self.db.execute(
            "SELECT from_round, seed, rounds, repeats, lower_bound, third_meetings,"
            " apart_broken, exact, planned_at FROM event_movements WHERE event_id = ?",
            (key,),
        ).fetchone()
        if row is None:
            return None
        first, seed, rounds, repeats, bound, third, broken, exact, at = row
        planned = tuple(
            PlannedRound(tuple(map(tuple, r["tables"])), tuple(r["byes"]), r["repeats"])
            for r in load(rounds)
        )
        together = tuple((r, a, b) for r, a, b in load(broken))
        return MovementRow(first, seed, planned, repeats, bound, third, together, bool(exact), at)

    def apart(self, key: str) -> list[tuple[int, int]]:
        """The pairs the director keeps apart (a < b), in order."""
        rows = self.db.execute(
            "SELECT a, b FROM event_apart WHERE event_id = ? ORDER BY a, b", (key,)
        )
        return [(a, b) for a, b in rows]

    def states(self, key: str) -> dict[int, EntrantState]:
        """The entrants who came late, withdrew or were substituted: number -> state."""
        rows = self.db.execute(
            "SELECT number, joined_round, left_after, substitute, substitute_from, credited"
            " FROM entrant_states WHERE event_id = ? ORDER BY number",
            (key,),
        )
        return {
            number: EntrantState(number, joined, left, substitute, since, bool(credited))
            for number, joined, left, substitute, since, credited in rows
        }

    def version(self, key: str) -> int:
        """The plan's version: the id of the last log line that changed who plays where."""
        (found,) = self.db.execute(
            f"SELECT coalesce(max(id), 0) FROM event_log WHERE event_id = ? AND {PLANNED}",
            (key,),
        ).fetchone()
        return int(found)

    def save(
        self,
        key: str,
        movement: MovementRow | None,
        *,
        change: Change | None = None,
        waiting: int | None = None,
        version: int | None = None,
    ) -> None:
        """In one transaction: the director's `change` (logged), the `movement` planned after
        it (None: none planned yet), and the round `waiting` (drawn, not started) drawn again
        from it. Refused (`PlanChanged`) when `version` is no longer the plan's version;
        LookupError when the waiting round started meanwhile."""
        with self._write() as conn:
            if version is not None:
                (now,) = conn.execute(
                    f"SELECT coalesce(max(id), 0) FROM event_log WHERE event_id = ? AND {PLANNED}",
                    (key,),
                ).fetchone()
                if now != version:
                    raise PlanChanged("the event changed")
            if change is not None:
                apply_change(conn, key, change)
            if movement is not None:
                write_movement(conn, key, movement)
                drawn = movement.round(waiting) if waiting is not None else None
                if waiting is not None and drawn is not None:
                    write_draw(
                        conn, key, waiting, movement.seed, drawn.tables, drawn.byes,
                        drawn.repeats, "drawn",
                    )  # fmt: skip

    def draw_planned(
        self, key: str, movement: MovementRow | None, number: int, repeats: int, *, new: bool
    ) -> None:
        """Draw round `number` as `movement` plans it (kept first when given: planned now),
        with its repeats counted against the rounds as played. LookupError when the round
        has started meanwhile, `DrawnAlready` when a `new` round's draw finds it drawn."""
        with self._write() as conn:
            if movement is not None:
                write_movement(conn, key, movement)
            stored = movement or self.get(key)
            drawn = stored.round(number) if stored else None
            if stored is None or drawn is None:
                raise LookupError("no such planned round")
            write_draw(
                conn, key, number, stored.seed, drawn.tables, drawn.byes, repeats, "drawn",
                new=new,
            )  # fmt: skip


def write_movement(conn: sqlite3.Connection, key: str, movement: MovementRow) -> None:
    """Keep the event's movement (replacing the one planned before)."""
    rounds = [
        {"tables": [list(t) for t in r.tables], "byes": list(r.byes), "repeats": r.repeats}
        for r in movement.rounds
    ]
    conn.execute(
        "INSERT OR REPLACE INTO event_movements (event_id, from_round, seed, rounds, repeats,"
        " lower_bound, third_meetings, apart_broken, exact, planned_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            key, movement.from_round, movement.seed, dump(rounds), movement.repeats,
            movement.lower_bound, movement.third_meetings,
            dump([list(x) for x in movement.apart_broken]), int(movement.exact), now_utc(),
        ),
    )  # fmt: skip
    planned = {"from": movement.from_round, "repeats": movement.repeats}
    log(conn, key, "planned", {**planned, "bound": movement.lower_bound})


def apply_change(conn: sqlite3.Connection, key: str, change: Change) -> None:
    """Write the director's change to who plays (or to the pairs kept apart), and log it."""
    if change.name is not None and change.state is not None:
        conn.execute(
            "INSERT INTO entrants (event_id, number, name) VALUES (?, ?, ?)",
            (key, change.state.number, change.name),
        )
    state = change.state
    if state is not None:
        conn.execute(
            "INSERT OR REPLACE INTO entrant_states (event_id, number, joined_round, left_after,"
            " substitute, substitute_from, credited) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                key, state.number, state.joined_round, state.left_after, state.substitute,
                state.substitute_from, int(state.credited),
            ),
        )  # fmt: skip
    if change.pair is not None and change.kind == "apart":
        conn.execute(
            "INSERT OR IGNORE INTO event_apart (event_id, a, b) VALUES (?, ?, ?)",
            (key, *change.pair),
        )
    elif change.pair is not None:
        conn.execute(
            "DELETE FROM event_apart WHERE event_id = ? AND a = ? AND b = ?", (key, *change.pair)
        )
    log(conn, key, change.kind, change.data)
