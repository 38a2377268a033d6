"""A session opened: the `Pad` (record, game, state, refused hands) read from the stored
results, and the results a write keeps beside its hands (see docs/design.md, "Stored results").
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from companion.contract.game import Game
from companion.contract.registry import get
from companion.contract.values import (
    Field,
    Outcome,
    Phase,
    Problem,
    ScoredHand,
    Setup,
    State,
)
from companion.engine.derived import (
    KnownHand,
    Loader,
    StoredHands,
    hand_as_text,
    hand_from_text,
    problems_as_text,
    problems_from_text,
)
from companion.engine.replay import (
    entry_fields,
    entry_phases,
    replay,
)
from companion.service.seat_standings import standing_rows_of
from companion.store import (
    ResultRow,
    ResultsSummary,
    SessionRecord,
    Store,
    StoreFault,
)


@dataclass(frozen=True)
class Pad:
    """One session as the pad shows it: the record, the game, the replayed state and verdicts.

    `known` holds what this request already read or wrote (the draft, a hand's row id), so a
    request asks the store once; every write through this module updates or forgets it.
    """

    record: SessionRecord
    game: Game
    state: State
    refused: Mapping[int, tuple[Problem, ...]]
    change: int = 0  # the session's last hand row when it was read (what its results follow)
    known: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def _declared(self) -> tuple[tuple[Field, ...], tuple[Phase, ...]]:
        """The fields and phases of this setup, looked up once per pad (a request asks often)."""
        return entry_fields(self.game, self.setup), entry_phases(self.game, self.setup)

    @property
    def specs(self) -> tuple[Field, ...]:
        """The entry fields of this game and setup (built once per setup)."""
        return self._declared[0]

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The moments of a hand's entry (built once per setup)."""
        return self._declared[1]

    @property
    def token(self) -> str:
        return self.record.token

    @property
    def setup(self) -> Setup:
        return self.state.setup

    @cached_property
    def outcome(self) -> Outcome:
        return self.game.outcome(self.state)

    @property
    def ended(self) -> bool:
        """Ended by the players, or over by the game's own rules: no more hands are entered."""
        return self.record.ended_at is not None or self.outcome.finished

    @property
    def next_number(self) -> int:
        """The number the next hand will carry (hands are kept in number order)."""
        last = self.state.hands[-1].number if self.state.hands else 0
        return max(last, *self.refused) + 1 if self.refused else last + 1

    @property
    def dealer(self) -> int:
        """The seat that deals the next hand."""
        return self.game.dealer(self.state)

    def hand(self, number: int) -> ScoredHand | None:
        """The effective hand with that number, if any (hands are in number order, so a few
        are read, not all)."""
        hands = self.state.hands
        position = self._position(number)
        found = hands[position] if position < len(hands) else None
        return found if found is not None and found.number == number else None

    @property
    def hands(self) -> StoredHands:
        """The session's scored hands, one kind whether the pad was opened from the cached
        results or replayed (`pad_of`): read from the cache only when looked at."""
        hands = self.state.hands
        assert isinstance(hands, StoredHands), "a pad's hands are always its StoredHands"
        return hands

    def state_before(self, number: int) -> State:
        """The session as it stood before hand `number` (what a correction is judged against)."""
        position = self._position(number)
        if not position:
            return State(self.setup, ())
        before = self.hands.at(position - 1)
        return known_state(self.setup, self.hands[:position], before.totals, before.played)

    def rows_from(self, start: int) -> Sequence[tuple[ScoredHand, tuple[int, ...]]]:
        """The hands from position `start` on, each with the running totals after it (the
        table of hands reads only the ones it shows, and only when it shows them)."""
        return self.hands.rows(start)

    def _position(self, number: int) -> int:
        """Where hand `number` is, or would be, in the effective history."""
        return bisect_left(self.state.hands, number, key=lambda hand: hand.number)


@dataclass(frozen=True)
class Derived:
    """A session's derived state at one change: how many hands count, the totals and hands
    played after the last, the refused hands, and the hands read so far (by position)."""

    count: int
    totals: tuple[int, ...]
    played: int
    refused: dict[int, tuple[Problem, ...]]
    known: dict[int, KnownHand] = field(default_factory=dict)


class ReplayCache:
    """Sessions' derived state keyed by (token, last change), shared by one app's server
    threads: a warm pad skips the few reads of its last hand, and keeps the hands already read.

    Not needed for speed any more (the derived results are stored), only a saving of reads.
    It belongs to whoever serves (the web app keeps one in its extensions); a front end that
    passes none, like the command line, reads the store.
    """

    def __init__(self, size: int = 64) -> None:
        self._size = size
        self._items: dict[str, tuple[int, Derived]] = {}
        self._lock = threading.Lock()

    def get(self, token: str, change: int) -> Derived | None:
        with self._lock:
            item = self._items.get(token)
        return item[1] if item and item[0] == change else None

    def put(self, token: str, change: int, value: Derived) -> None:
        with self._lock:
            if token not in self._items and len(self._items) >= self._size:
                self._items.pop(next(iter(self._items)))
            self._items[token] = (change, value)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def load(
    store: Store, token: str, cache: ReplayCache | None = None, *, keep: bool = True
) -> Pad | None:
    """The session behind a token, from its stored results (from the cache when nothing
    changed since): its last hand and totals are read, the other hands only when looked at.
    A session whose stored results lack a hand is replayed, and the results kept unless
    `keep` is False (a page that must write nothing: the club night's room)."""
    record = store.sessions.get(token)
    if record is None:
        return None
    change = store.hands.last_change(token)
    derived = cache.get(token, change) if cache is not None else None
    if derived is None:
        derived = derive(store, record.setup, token, change, keep=keep)
        if cache is not None:
            cache.put(token, change, derived)
    return pad_of(store, record, derived, change)


def pad_of(store: Store, record: SessionRecord, derived: Derived, change: int) -> Pad:
    """The pad of a session's derived state, its hands read through this request's store."""
    hands = StoredHands(derived.count, stored_hands(store, record.token), derived.known)
    state = known_state(record.setup, hands, derived.totals, derived.played)
    return Pad(record, get(record.setup.game), state, derived.refused, change)


def known_state(
    setup: Setup, hands: Sequence[ScoredHand], totals: tuple[int, ...], played: int
) -> State:
    """A state whose totals and hands played are known already (stored), not recounted from
    every hand: as `State.with_hand` carries them forward."""
    return State(setup, hands, totals, played)


def stored_hands(store: Store, token: str) -> Loader:
    """Reads a session's scored hands by position from its stored results."""

    def read(start: int, stop: int) -> list[tuple[int, KnownHand]]:
        return [
            (row.position, known_of(row))
            for row in store.results.rows(token, start, stop)
            if row.position is not None
        ]

    return read


def known_of(row: ResultRow) -> KnownHand:
    assert row.totals is not None and row.played is not None
    return KnownHand(hand_from_text(row.text), row.totals, row.played)


def derive(store: Store, setup: Setup, token: str, change: int, *, keep: bool = True) -> Derived:
    """A session's derived state: from its cached results when they cover every hand,
    else replayed from its hands and, if `keep`, stored (once: a session whose results a
    game's new version dropped, or written meanwhile by something that did not keep them)."""
    summary = store.results.summary(token)
    if summary.complete:
        return from_summary(setup, summary)
    entries = [(row.number, row.entry) for row in store.hands.effective(token)]
    replayed = replay(setup, entries)
    known = known_hands(replayed.state)
    if keep and not store.read_only:
        # A store that cannot write them now still shows the page; they are derived next time.
        with suppress(StoreFault):
            standing = standing_rows_of(get(setup.game), replayed.state)
            store.results.replace(token, change, result_rows(known, replayed.problems), standing)
    return derived_of(setup, known, replayed.problems)


def from_summary(setup: Setup, summary: ResultsSummary) -> Derived:
    refused = {row.number: problems_from_text(row.text) for row in summary.refused}
    last = summary.last
    if last is None or last.position is None:
        return Derived(0, (0,) * setup.player_count, 0, refused)
    known = known_of(last)
    return Derived(last.position + 1, known.totals, known.played, refused, {last.position: known})


def derived_of(
    setup: Setup, known: dict[int, KnownHand], refused: Mapping[int, tuple[Problem, ...]]
) -> Derived:
    last = known.get(len(known) - 1)
    if last is None:
        return Derived(0, (0,) * setup.player_count, 0, dict(refused), known)
    return Derived(len(known), last.totals, last.played, dict(refused), known)


def known_hands(state: State) -> dict[int, KnownHand]:
    """Every hand of a replayed state by position, with the running totals and hands played
    after it (counted as `State` counts them)."""
    totals = (0,) * state.setup.player_count
    played = 0
    known: dict[int, KnownHand] = {}
    for position, hand in enumerate(state.hands):
        known[position] = each = after_hand(totals, played, hand)
        totals, played = each.totals, each.played
    return known


def keep_results(store: Store, token: str) -> None:
    """Derive and keep a session's results when its cache lacks a hand that counts (a write
    that lost a race, an import, a cache dropped at start): the statistics read them and
    never replay."""
    record = store.sessions.get(token)
    if record is not None and not store.read_only and not store.results.complete(token):
        derive(store, record.setup, token, store.hands.last_change(token))


def after_hand(totals: tuple[int, ...], played: int, hand: ScoredHand) -> KnownHand:
    """A hand with the totals and hands played after it, from those before it."""
    return KnownHand(
        hand,
        tuple(total + points for total, points in zip(totals, hand.result.points, strict=True)),
        played + (0 if hand.result.redeal else 1),
    )


def result_rows(
    known: Mapping[int, KnownHand], refused: Mapping[int, tuple[Problem, ...]], from_number: int = 0
) -> tuple[ResultRow, ...]:
    """The stored form of the hands numbered `from_number` and later: the scored ones with
    their position and running totals, the refused ones with why."""
    scored = [
        ResultRow(
            each.hand.number,
            position,
            hand_as_text(each.hand),
            each.totals,
            each.played,
        )
        for position, each in known.items()
        if each.hand.number >= from_number
    ]
    return (
        *scored,
        *(
            ResultRow(number, None, problems_as_text(problems))
            for number, problems in refused.items()
            if number >= from_number
        ),
    )
