"""The score pad's operations: the store and the engine together, with no web framework.

The web views and any other front end call these functions; they never score or store a hand
themselves. Derived state (every hand scored, the totals) is cached per session and keyed by the
session's last change in the store, so saving hand 1000 costs what saving hand 10 does: the new
hand is scored against the cached state and appended to it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from companion import exchange
from companion.engine import (
    Checked,
    Replay,
    check_phase,
    check_progress,
    make_setup,
    replay,
    score_entry,
)
from companion.memo import Kept
from companion.rules import get
from companion.rules.base import Game
from companion.rules.values import (
    Field,
    FieldKind,
    Outcome,
    Phase,
    Problem,
    ScoredHand,
    Setup,
    State,
    TrickProgress,
    entry_as_data,
    json_ready,
)
from companion.store import ANY_VERSION, Author, HandConflict, SessionRecord, Store

_DECLARED: Kept[tuple[int, str], tuple[tuple[Field, ...], tuple[Phase, ...]]] = Kept()


def declared(game: Game, setup: Setup) -> tuple[tuple[Field, ...], tuple[Phase, ...]]:
    """A game's entry fields and phases for a setup, built once per game and setup (they
    depend on nothing else), not once per hand or per call."""
    key = (id(game), json.dumps([setup.game, setup.players, json_ready(dict(setup.options)),
                                 setup.first_dealer], sort_keys=True, default=str))
    return _DECLARED.get(key, lambda: (tuple(game.fields(setup)), tuple(game.phases(setup))))


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
    known: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def specs(self) -> tuple[Field, ...]:
        """The entry fields of this game and setup (built once per setup)."""
        return declared(self.game, self.setup)[0]

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The moments of a hand's entry (built once per setup)."""
        return declared(self.game, self.setup)[1]

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
        """The effective hand with that number, if any."""
        return next((hand for hand in self.state.hands if hand.number == number), None)

    def state_before(self, number: int) -> State:
        """The session as it stood before hand `number` (what a correction is judged against)."""
        earlier = tuple(hand for hand in self.state.hands if hand.number < number)
        return State(self.state.setup, earlier)


class ReplayCache:
    """Replayed sessions keyed by (token, last change), shared by one app's server threads.

    It belongs to whoever serves (the web app keeps one in its extensions); a front end that
    passes none, like the command line, simply replays.
    """

    def __init__(self, size: int = 64) -> None:
        self._size = size
        self._items: dict[str, tuple[int, Replay]] = {}
        self._lock = threading.Lock()

    def get(self, token: str, change: int) -> Replay | None:
        with self._lock:
            item = self._items.get(token)
        return item[1] if item and item[0] == change else None

    def put(self, token: str, change: int, value: Replay) -> None:
        with self._lock:
            if token not in self._items and len(self._items) >= self._size:
                self._items.pop(next(iter(self._items)))
            self._items[token] = (change, value)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def start_session(store: Store, slug: str, players: list[str], options: Mapping[str, Any],
                  first_dealer: int = 0, *,
                  sign_off: bool = False) -> tuple[str | None, list[Problem]]:
    """Create a session; returns its token, or None and the problems with what was chosen.
    `sign_off`: each hand waits for another phone to agree (a house option)."""
    setup, problems = make_setup(slug, players, options, first_dealer)
    if problems:
        return None, problems
    return store.create_session(setup, sign_off=sign_off), []


def import_document(store: Store, data: Any) -> tuple[str | None, list[dict[str, Any]]]:
    """Import an exported session: every hand is refereed and scored by the engine first; any
    problem (the document's, or a hand's, with the hand and field at fault) imports nothing.
    Returns the new session's token, or None and the problems."""
    replayed, problems = exchange.replay_document(data)
    if replayed is None or problems:
        return None, problems
    rows = [(hand.number, entry_as_data(hand.entry), hand.result.points)
            for hand in replayed.state.hands]
    ended = data.get("ended_at") is not None  # a mapping: replay_document read it
    return store.import_session(replayed.state.setup, rows, ended=ended), []


def load(store: Store, token: str, cache: ReplayCache | None = None) -> Pad | None:
    """The session behind a token, replayed (from the cache when nothing changed since)."""
    record = store.get_session(token)
    if record is None:
        return None
    change = store.last_change(token)
    replayed = cache.get(token, change) if cache is not None else None
    if replayed is None:
        entries = [(row.number, row.entry) for row in store.effective_hands(token)]
        replayed = replay(record.setup, entries)
        if cache is not None:
            cache.put(token, change, replayed)
    return Pad(record, get(record.setup.game), replayed.state, replayed.problems)


def preview(pad: Pad, raw: Mapping[str, Any], number: int | None = None) -> ScoredHand | Checked:
    """Score an entry without saving it: the live preview, or a correction of hand `number`."""
    state = pad.state if number is None else pad.state_before(number)
    return score_entry(pad.game, state, number or pad.next_number, raw)


def add_hand(store: Store, pad: Pad, raw: Mapping[str, Any],
             cache: ReplayCache | None = None, *,
             by: Author | None = None) -> tuple[ScoredHand, Pad] | Checked:
    """Referee, score and save the next hand; returns it with the session after it.

    Nothing is saved when the hand is refused: the `Checked` entry then says why. The phases
    already ended (the bids) come from the draft.
    """
    out_of_turn = values_out_of_phase(pad, draft(store, pad), raw)
    if out_of_turn:
        return Checked({}, out_of_turn)
    result = preview(pad, with_earlier_phases(store, pad, raw))
    if isinstance(result, Checked):
        return result
    try:
        row = store.add_hand(pad.token, result.number, result.entry, result.result.points,
                             by=by)
    except HandConflict:
        return Checked(result.entry, (Problem(None, f"Hand {result.number} was just saved from "
                                                    "another device. Check the table of hands "
                                                    "before entering it again."),))
    replayed = Replay(pad.state.with_hand(result), dict(pad.refused))
    if cache is not None:
        cache.put(pad.token, row.id, replayed)
    # What the answer draws is known without asking the store again: the save removed the
    # draft in its transaction, and the new hand's row is the one just written.
    known = {"draft": None, f"row-{result.number}": row.id}
    return result, Pad(pad.record, pad.game, replayed.state, replayed.problems, known)


def correct_hand(store: Store, pad: Pad, number: int, raw: Mapping[str, Any],
                 based_on: Any = ANY_VERSION, *, by: Author | None = None) -> ScoredHand | Checked:
    """Save a corrected hand `number`; the old row is kept and superseded. Later hands re-derive.

    `based_on` is the row the phone opened for correcting: a correction of a row that is no
    longer hand `number` raises StaleWrite (store) and saves nothing.
    """
    result = preview(pad, raw, number)
    if isinstance(result, Checked):
        return result
    store.correct_hand(pad.token, number, result.entry, result.result.points, based_on, by=by)
    return result


def undo_last(store: Store, pad: Pad, based_on: Any = ANY_VERSION, *,
              by: Author | None = None) -> int | None:
    """Undo the last hand (kept in the history); returns its number, or None if there was none.

    `based_on` is the row the phone showed as the last hand (StaleWrite when it no longer is).
    """
    row = store.undo_last(pad.token, based_on, by=by)
    return row.number if row else None


def row_of(store: Store, pad: Pad, number: int) -> int | None:
    """The version of hand `number` a phone is shown: the id of its effective row."""
    key = f"row-{number}"
    if key not in pad.known:
        pad.known[key] = store.effective_row_id(pad.token, number)
    return pad.known[key]


# ---------------------------------------------------------------- a trick game's hand in progress


def _kept_draft(store: Store, pad: Pad, write: Any, *arguments: Any) -> None:
    """Write or drop the draft on disk (`write`: the store's method), then forget what this
    request knew of it, whether the write went through or was refused as stale."""
    try:
        write(*arguments)
    finally:
        pad.known.pop("draft", None)


def draft(store: Store, pad: Pad) -> dict[str, Any]:
    """The raw entry of the hand being entered (a trick game's tricks so far), or {}.

    A draft left for a hand number that has since been saved (from another phone) is stale
    and ignored.
    """
    if "draft" not in pad.known:
        pad.known["draft"] = store.draft(pad.token)
    found = pad.known["draft"]
    if found is None or found[0] != pad.next_number:
        return {}
    return found[1]


def progress_of(pad: Pad, raw: Mapping[str, Any]) -> tuple[Checked, TrickProgress | None]:
    """The hand being entered, refereed so far, and where it stands (None: not a trick game)."""
    empty = {spec.name: [] for spec in pad.specs
             if spec.kind is FieldKind.TRICKS}
    checked = check_progress(pad.game, pad.state, {**empty, **raw})
    entry = checked.entry if checked.ok else check_progress(pad.game, pad.state, empty).entry
    return checked, pad.game.progress(pad.state, entry)


def save_draft(store: Store, pad: Pad, raw: Mapping[str, Any],
               seen: Mapping[str, Any] | None = None) -> Checked:
    """Referee the hand being entered and keep it on disk if it stands; nothing is kept if not.

    The phases already ended (the bids) come from the draft on disk, the rest from `raw`.
    `seen` is the hand as the phone had it before this change (its tricks so far): when the
    draft on disk is another (a second phone added a trick), StaleWrite is raised, nothing kept.
    """
    checked = check_progress(pad.game, pad.state, with_earlier_phases(store, pad, raw))
    if checked.ok:
        _kept_draft(store, pad, store.save_draft, pad.token, pad.next_number,
                    entry_as_data(checked.entry), as_drafted(store, pad, seen))
    return checked


def as_drafted(store: Store, pad: Pad, seen: Mapping[str, Any] | None) -> Any:
    """The draft a phone's view of the hand stands for (what `Store.save_draft` compares)."""
    if seen is None:
        return ANY_VERSION
    checked = check_progress(pad.game, pad.state, with_earlier_phases(store, pad, seen))
    return entry_as_data(checked.entry) if checked.ok else dict(seen)


# ---------------------------------------------------------------- a hand entered in phases


def current_phase(pad: Pad, drafted: Mapping[str, Any]) -> Phase:
    """The phase the hand being entered is in: the first whose fields the draft does not hold
    (the last phase ends the hand, so it is never held as finished)."""
    phases = pad.phases
    return next((phase for phase in phases[:-1]
                 if not all(name in drafted for name in phase.fields)), phases[-1])


def ended_phases(pad: Pad, drafted: Mapping[str, Any]) -> tuple[Phase, ...]:
    """The phases of the hand being entered that are already saved (shown above the form)."""
    phases = pad.phases
    now = current_phase(pad, drafted)
    return phases[:next(i for i, phase in enumerate(phases) if phase.name == now.name)]


def with_earlier_phases(store: Store, pad: Pad, raw: Mapping[str, Any]) -> dict[str, Any]:
    """A posted entry completed with the phases already ended and kept in the draft.

    Only ended phases are taken from disk: what the current phase holds always comes from the
    phone that posts it, so no phone saves tricks or points it did not see.
    """
    drafted = draft(store, pad)
    names = {name for phase in ended_phases(pad, drafted) for name in phase.fields}
    return {**{name: drafted[name] for name in names}, **raw}


def values_out_of_phase(pad: Pad, drafted: Mapping[str, Any],
                        raw: Mapping[str, Any]) -> tuple[Problem, ...]:
    """What a hand saved with its last phase may not carry: a value of an earlier phase (a bid
    sent with the tricks, after play), each on its field; or nothing at all of an earlier
    phase that was never ended. An ended phase changes only by being taken back."""
    phases = pad.phases
    last = phases[-1].label.lower()
    ended = {phase.name for phase in ended_phases(pad, drafted)}
    specs = {spec.name: spec for spec in pad.specs}
    problems: list[Problem] = []
    for phase in phases[:-1]:
        words, action = phase.label.lower(), phase.action or f"Save the {phase.label.lower()}"
        sent = [name for name in phase.fields if name in raw]
        if phase.name in ended:
            problems.extend(Problem(name, f"{specs[name].label}: the {words} were saved before "
                                          f"the {last} and cannot be entered with them; to "
                                          f"change them, take them back first (“Change the "
                                          f"{words}”).") for name in sent)
        elif sent:
            problems.extend(Problem(name, f"{specs[name].label}: the {words} are saved first "
                                          f"(“{action}”), before the {last} are entered.")
                            for name in sent)
        else:
            problems.append(Problem(None, f"The {words} are saved first (“{action}”), before "
                                          f"the {last} are entered."))
    return tuple(problems)


def end_phase(store: Store, pad: Pad, raw: Mapping[str, Any], phase: Phase) -> Checked:
    """Referee a phase that ends before the hand does (the bids) and keep it in the draft.

    The draft is written only if it is still the one this request read (compare-and-set): of
    two phones ending the same phase at once, the second gets StaleWrite and saves nothing.
    """
    seen = draft(store, pad)
    checked = check_phase(pad.game, pad.state, with_earlier_phases(store, pad, raw), phase)
    if checked.ok:
        _kept_draft(store, pad, store.save_draft, pad.token, pad.next_number,
                    entry_as_data(checked.entry), seen)
    return checked


def reopen_phase(store: Store, pad: Pad, phase: Phase) -> None:
    """Take back an ended phase (the bids were mistyped): it and every later one are cleared."""
    drafted = draft(store, pad)
    phases = pad.phases
    start = next((i for i, each in enumerate(phases) if each.name == phase.name), len(phases))
    cleared = {name for each in phases[start:] for name in each.fields}
    kept = {name: value for name, value in drafted.items() if name not in cleared}
    if kept:
        _kept_draft(store, pad, store.save_draft, pad.token, pad.next_number, kept)
    else:
        _kept_draft(store, pad, store.drop_draft, pad.token)


def drop_draft(store: Store, pad: Pad, seen: Mapping[str, Any] | None = None) -> None:
    """Forget the hand being entered (start it again); `seen` as for `save_draft`."""
    _kept_draft(store, pad, store.drop_draft, pad.token, pad.next_number,
                as_drafted(store, pad, seen))
