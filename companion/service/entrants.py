"""The entrants as they come (`service.entrants`, docs/rulings.md "Club night"): a late entrant
added, an entrant withdrawn, a substitute seated for one, and the pairs the director keeps
apart. Each is possible until the last round starts; the rounds played stay as played, and the
rest of the movement is planned again from the first round not started (drawn again when it is
drawn and waiting), in the change's own transaction, which the event log records.
"""

from __future__ import annotations

import random
from enum import Enum

from companion.contract.names import read_name, repeated_name
from companion.engine.draw import Order
from companion.service.event_refusals import Refusal, RoundRefused, refuse_if_closed
from companion.service.events import Events
from companion.store import Change, EntrantState, EventRecord, PlanChanged, Store

NAME_LIMIT = 40
"""The longest name of a late entrant or a substitute (as the event form's)."""


class Refused(Enum):
    """Why a change to the entrants or to the pairs kept apart was not made."""

    CLOSED = "closed"  # the evening is closed
    TOO_LATE = "too late"  # every round has started
    NO_ENTRANT = "no entrant"  # no such entrant still playing
    NAME = "name"  # no name, or too long
    NAME_TWICE = "name twice"  # the name is an entrant's already (look-alikes count)
    TOO_FEW = "too few"  # fewer players than a table would be left
    SAME = "same"  # a pair of one entrant
    CHANGED = "changed"  # the event changed since the page was shown
    STARTED = "started"  # the waiting round started meanwhile


class ChangeRefused(Exception):
    """A change to the entrants refused, and why."""

    def __init__(self, reason: Refused) -> None:
        super().__init__(reason.value)
        self.reason = reason


class Entrants:
    """What the director changes to who plays: late entrants, withdrawals, substitutes, and
    the pairs kept apart."""

    def __init__(self, store: Store, events: Events) -> None:
        self._store = store
        self._events = events

    def next_round(self, event: EventRecord) -> int:
        """The first round not started: where a change takes effect. Refused once the evening
        is closed, or every round has started."""
        try:
            refuse_if_closed(event)
        except RoundRefused:
            raise ChangeRefused(Refused.CLOSED) from None
        started = [r for r in self._store.events.rounds(event.key) if r.started_at]
        if len(started) >= event.rounds:
            raise ChangeRefused(Refused.TOO_LATE)
        return len(started) + 1

    def add_late(self, event: EventRecord, typed: str, version: int | None = None) -> int:
        """A late entrant, seated from the first round not started; their number."""
        first = self.next_round(event)
        name = self._new_name(event, typed)
        entrants = self._store.events.entrants(event.key)
        number = max(entrants, default=0) + 1
        state = EntrantState(number, joined_round=first)
        data = {"number": number, "name": name, "round": first}
        self._apply(event, Change("joined", data, state, name), first, version)
        return number

    def withdraw(self, event: EventRecord, number: int, version: int | None = None) -> None:
        """An entrant who leaves: they play no round after the last one started."""
        first = self.next_round(event)
        lineup = self._events.movements.lineup(event.key)
        if number not in lineup.playing(first):
            raise ChangeRefused(Refused.NO_ENTRANT)
        state = lineup.state(number)
        state = EntrantState(number, min(state.joined_round, first), first - 1,
                             state.substitute, state.substitute_from, state.credited)  # fmt: skip
        data = {"number": number, "name": lineup.entrants[number], "after": first - 1}
        self._apply(event, Change("withdrew", data, state), first, version)

    def substitute(
        self,
        event: EventRecord,
        number: int,
        typed: str,
        credited: bool,
        version: int | None = None,
    ) -> None:
        """A substitute in an entrant's seats from the first round not started; `credited`:
        the director's word that those rounds' results are the entrant's. Nobody's table
        changes, so the movement stays as planned."""
        first = self.next_round(event)
        lineup = self._events.movements.lineup(event.key)
        if number not in lineup.playing(first):
            raise ChangeRefused(Refused.NO_ENTRANT)
        name = self._new_name(event, typed)
        old = lineup.state(number)
        state = EntrantState(number, old.joined_round, old.left_after, name, first, credited)
        data = {"number": number, "name": lineup.entrants[number], "substitute": name,
                "round": first, "credited": credited}  # fmt: skip
        self._save(event, Change("substituted", data, state), version)

    def keep_apart(self, event: EventRecord, a: int, b: int, version: int | None = None) -> None:
        """A pair that must not meet, from the first round not started."""
        self._pair(event, a, b, "apart", version)

    def let_meet(self, event: EventRecord, a: int, b: int, version: int | None = None) -> None:
        """A pair no longer kept apart."""
        self._pair(event, a, b, "apart_dropped", version)

    def _pair(self, event: EventRecord, a: int, b: int, kind: str, version: int | None) -> None:
        first = self.next_round(event)
        entrants = self._store.events.entrants(event.key)
        if a not in entrants or b not in entrants:
            raise ChangeRefused(Refused.NO_ENTRANT)
        if a == b:
            raise ChangeRefused(Refused.SAME)
        low, high = sorted((a, b))
        data = {"a": low, "b": high, "names": [entrants[low], entrants[high]]}
        self._apply(event, Change(kind, data, pair=(low, high)), first, version)

    def _new_name(self, event: EventRecord, typed: str) -> str:
        """A new player's name, read as every name is, refused when empty, too long, or an
        entrant's or substitute's already."""
        name = read_name(typed)
        if not name or len(name) > NAME_LIMIT:
            raise ChangeRefused(Refused.NAME)
        lineup = self._events.movements.lineup(event.key)
        taken = [*lineup.entrants.values()]
        taken += [s.substitute for s in lineup.states.values() if s.substitute]
        if repeated_name([*taken, name]) is not None:
            raise ChangeRefused(Refused.NAME_TWICE)
        return name

    def _apply(self, event: EventRecord, change: Change, first: int, version: int | None) -> None:
        """Write a change with the rest of the movement planned again after it; by the
        standings, the waiting round is drawn again after it instead."""
        if change.kind == "joined" or change.kind == "withdrew":
            lineup = self._events.movements.lineup(event.key)
            players = len(lineup.playing(first)) + (1 if change.kind == "joined" else -1)
            if players < event.table_size:
                raise ChangeRefused(Refused.TOO_FEW)
        seed = random.SystemRandom().randrange(2**31)
        try:
            self._events.movements.replan(event, change, first, seed, version)
        except PlanChanged:
            raise ChangeRefused(Refused.CHANGED) from None
        except LookupError:  # the waiting round started meanwhile
            raise ChangeRefused(Refused.STARTED) from None
        waiting = [r for r in self._store.events.rounds(event.key) if r.round == first]
        if event.draw_order == Order.STANDINGS and waiting:
            try:
                self._events.draw_next(event, playing_confirmed=True)
            except RoundRefused as refused:
                if refused.reason is not Refusal.STARTED:
                    raise
                raise ChangeRefused(Refused.STARTED) from None

    def _save(self, event: EventRecord, change: Change, version: int | None) -> None:
        """Write a change that moves nobody (a substitute), the movement as it is."""
        try:
            self._store.movements.save(event.key, None, change=change, version=version)
        except PlanChanged:
            raise ChangeRefused(Refused.CHANGED) from None
