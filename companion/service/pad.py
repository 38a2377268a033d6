"""The score pad's operations: the store and the engine together, with no web framework.

The web views and any other front end call these functions; they never score or store a hand
themselves. Each hand's scored result is stored with it as it is derived, with the running
totals after it (`companion.engine.derived`, `Store.results_summary`), so a pad opens from its last
hand alone, cold or warm: saving hand 1000 costs what saving hand 10 does, and the hands a page
does not show are never read. A correction re-derives the hands after it in its transaction.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any

from companion.contract.game import Game
from companion.contract.registry import get
from companion.contract.values import (
    Field,
    FieldKind,
    HandResult,
    Outcome,
    Phase,
    Problem,
    ScoredHand,
    Setup,
    State,
    TrickProgress,
    entry_as_data,
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
    Checked,
    check_phase,
    check_progress,
    entry_fields,
    entry_phases,
    entry_reader,
    make_setup,
    replay,
    score_entry,
)
from companion.kit.i18n import in_sentence, t
from companion.service import exchange
from companion.store import (
    ANY_VERSION,
    Author,
    HandConflict,
    ResultRow,
    ResultsSummary,
    ResultsWrite,
    SessionRecord,
    StaleWrite,
    Store,
    StoreFault,
    draft_version,
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

    def state_before(self, number: int) -> State:
        """The session as it stood before hand `number` (what a correction is judged against)."""
        position = self._position(number)
        hands = self.state.hands
        if isinstance(hands, StoredHands) and position:
            before = hands.at(position - 1)
            return known_state(self.setup, hands[:position], before.totals, before.played)
        return State(self.setup, hands[:position])

    def rows_from(self, start: int) -> Sequence[tuple[ScoredHand, tuple[int, ...]]]:
        """The hands from position `start` on, each with the running totals after it (the
        table of hands reads only the ones it shows, and only when it shows them)."""
        hands = self.state.hands
        if isinstance(hands, StoredHands):
            return hands.rows(start)
        return list(zip(hands, self.state.running_totals(), strict=True))[start:]

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


def start_session(
    store: Store,
    slug: str,
    players: list[str],
    options: Mapping[str, Any],
    first_dealer: int = 0,
    *,
    sign_off: bool = False,
) -> tuple[str | None, list[Problem]]:
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
    rows = [
        (hand.number, entry_as_data(hand.entry), hand.result.points)
        for hand in replayed.state.hands
    ]
    ended = data.get("ended_at") is not None  # a mapping: replay_document read it
    return store.import_session(replayed.state.setup, rows, ended=ended), []


def load(store: Store, token: str, cache: ReplayCache | None = None) -> Pad | None:
    """The session behind a token, from its stored results (from the cache when nothing
    changed since): its last hand and totals are read, the other hands only when looked at."""
    record = store.get_session(token)
    if record is None:
        return None
    change = store.last_change(token)
    derived = cache.get(token, change) if cache is not None else None
    if derived is None:
        derived = derive(store, record.setup, token, change)
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
            for row in store.result_rows(token, start, stop)
            if row.position is not None
        ]

    return read


def known_of(row: ResultRow) -> KnownHand:
    assert row.totals is not None and row.played is not None
    return KnownHand(hand_from_text(row.text), row.totals, row.played)


def derive(store: Store, setup: Setup, token: str, change: int) -> Derived:
    """A session's derived state: from its stored results when they follow its last change,
    else replayed from its hands and stored (once: a session saved before results were kept,
    or written meanwhile by something that did not keep them)."""
    summary = store.results_summary(token)
    if summary.change == change:
        return from_summary(setup, summary)
    entries = [(row.number, row.entry) for row in store.effective_hands(token)]
    replayed = replay(setup, entries)
    known = known_hands(replayed.state)
    if not store.read_only:
        # A store that cannot write them now still shows the page; they are derived next time.
        with suppress(StoreFault):
            store.replace_results(token, change, result_rows(known, replayed.problems))
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
        known[position] = after_hand(totals, played, hand)
        totals, played = known[position].totals, known[position].played
    return known


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
        ResultRow(each.hand.number, position, hand_as_text(each.hand), each.totals, each.played)
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


def preview(pad: Pad, raw: Mapping[str, Any], number: int | None = None) -> ScoredHand | Checked:
    """Score an entry without saving it: the live preview, or a correction of hand `number`."""
    state = pad.state if number is None else pad.state_before(number)
    return score_entry(pad.game, state, number or pad.next_number, raw)


def add_hand(
    store: Store,
    pad: Pad,
    raw: Mapping[str, Any],
    cache: ReplayCache | None = None,
    *,
    by: Author | None = None,
    drafted: Any = ANY_VERSION,
) -> tuple[ScoredHand, Pad] | Checked:
    """Referee, score and save the next hand; returns it with the session after it.

    Nothing is saved when the hand is refused: the `Checked` entry then says why. The phases
    already ended (the bids) come from the draft. `drafted` is the version of the draft the
    phone's page showed (`shown_draft_version`): when the draft on disk has changed since (a
    second phone took back a trick or changed the bids), StaleWrite is raised, nothing saved.
    """
    out_of_turn = values_out_of_phase(pad, draft(store, pad), raw)
    if out_of_turn:
        return Checked({}, out_of_turn)
    result = preview(pad, with_earlier_phases(store, pad, raw))
    if isinstance(result, Checked):
        return result
    hands = pad.state.hands
    known = after_hand(pad.state.totals, pad.state.hands_played, result)
    write = ResultsWrite(pad.change, result.number, result_rows({len(hands): known}, {}))
    try:
        # A draft on disk is dropped with the save. None read means none to drop: one saved
        # by another phone after this read is of a hand now saved, ignored as a draft left
        # after the save would be (`draft`).
        added = store.add_scored_hand(
            pad.token,
            result.number,
            result.entry,
            result.result.points,
            by=by,
            results=write,
            drop_draft=pad.known.get("draft") is not None,
            drafted=drafted,
        )
    except StaleWrite:
        pad.known.pop("draft", None)  # the answer shows the hand as it now stands
        raise
    except HandConflict:
        return Checked(
            result.entry,
            (
                Problem(
                    None,
                    t(
                        "Hand {number} was just saved from "
                        "another device. Check the table of hands "
                        "before entering it again.",
                        number=result.number,
                    ),
                ),
            ),
        )
    row = added.row
    grown = hands.plus(known) if isinstance(hands, StoredHands) else (*hands, result)
    after = known_state(pad.setup, grown, known.totals, known.played)
    if cache is not None and isinstance(grown, StoredHands) and added.results_kept:
        # Kept only if no other phone wrote in between (the save's transaction said so).
        cache.put(
            pad.token,
            row.id,
            Derived(len(grown), known.totals, known.played, dict(pad.refused), grown.known),
        )
    # What the answer draws is known without asking the store again: the save removed the
    # draft in its transaction (or there was none), and the new hand's row is the one just
    # written.
    known_reads = {"draft": None, f"row-{result.number}": row.id}
    return result, Pad(pad.record, pad.game, after, pad.refused, row.id, known_reads)


def hand_to_fix(store: Store, pad: Pad, number: int) -> ScoredHand | None:
    """Hand `number` as a correction opens it: a hand that counts, or one kept in the history
    that the rules refuse as it stands (`Pad.refused`: a correction of an earlier hand can make
    it impossible, and a scoring fix can find it so), read from its stored entry, its result
    counting nothing and saying why. None: no such hand."""
    hand = pad.hand(number)
    if hand is not None or number not in pad.refused:
        return hand
    row = next((row for row in store.effective_hands(pad.token) if row.number == number), None)
    if row is None:
        return None
    entry, _ = entry_reader(pad.game, pad.setup).read(row.entry)  # what still reads
    why = tuple(problem.message for problem in pad.refused[number])
    return ScoredHand(
        number, entry, HandResult((0,) * pad.setup.player_count, why, t("Not counted"), redeal=True)
    )


def correct_hand(
    store: Store,
    pad: Pad,
    number: int,
    raw: Mapping[str, Any],
    based_on: Any = ANY_VERSION,
    *,
    by: Author | None = None,
) -> ScoredHand | Checked:
    """Save a corrected hand `number`; the old row is kept and superseded. Later hands re-derive.

    `based_on` is the row the phone opened for correcting: a correction of a row that is no
    longer hand `number` raises StaleWrite (store) and saves nothing.
    """
    result = preview(pad, raw, number)
    if isinstance(result, Checked):
        return result
    store.correct_hand(
        pad.token,
        number,
        result.entry,
        result.result.points,
        based_on,
        by=by,
        results=results_after_correction(store, pad, number, result),
    )
    return result


def results_after_correction(
    store: Store, pad: Pad, number: int, corrected: ScoredHand
) -> ResultsWrite:
    """The stored results of hand `number` and every later hand once it is corrected: the
    session replayed with the corrected entry (a correction is rare; hand 3 of 1,000 re-scores
    the 997 after it, and the replay from hand 1 is the one the engine already has)."""
    entries = [
        (row.number, entry_as_data(corrected.entry) if row.number == number else row.entry)
        for row in store.effective_hands(pad.token)
    ]
    replayed = replay(pad.setup, entries)
    return ResultsWrite(
        pad.change, number, result_rows(known_hands(replayed.state), replayed.problems, number)
    )


def undo_last(
    store: Store, pad: Pad, based_on: Any = ANY_VERSION, *, by: Author | None = None
) -> int | None:
    """Undo the last hand (kept in the history); returns its number, or None if there was none.

    `based_on` is the row the phone showed as the last hand (StaleWrite when it no longer is).
    """
    last = pad.next_number - 1  # the highest-numbered hand, scored or refused
    row = store.undo_last(
        pad.token, based_on, by=by, results=ResultsWrite(pad.change, last) if last else None
    )
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


def keeps_draft(pad: Pad) -> bool:
    """Whether this game's hand is entered through a draft (trick by trick, or in phases), so
    that its save carries the version of the draft its page showed."""
    return len(pad.phases) > 1 or any(spec.kind is FieldKind.TRICKS for spec in pad.specs)


def shown_draft_version(store: Store, pad: Pad) -> str:
    """The version of the hand being entered that a page shows ("": none; `add_hand`)."""
    return draft_version(draft(store, pad))


def progress_of(pad: Pad, raw: Mapping[str, Any]) -> tuple[Checked, TrickProgress | None]:
    """The hand being entered, refereed so far, and where it stands (None: not a trick game)."""
    empty = {spec.name: [] for spec in pad.specs if spec.kind is FieldKind.TRICKS}
    checked = check_progress(pad.game, pad.state, {**empty, **raw})
    entry = checked.entry if checked.ok else check_progress(pad.game, pad.state, empty).entry
    return checked, pad.game.progress(pad.state, entry)


def save_draft(
    store: Store, pad: Pad, raw: Mapping[str, Any], seen: Mapping[str, Any] | None = None
) -> Checked:
    """Referee the hand being entered and keep it on disk if it stands; nothing is kept if not.

    The phases already ended (the bids) come from the draft on disk, the rest from `raw`.
    `seen` is the hand as the phone had it before this change (its tricks so far): when the
    draft on disk is another (a second phone added a trick), StaleWrite is raised, nothing kept.
    """
    checked = check_progress(pad.game, pad.state, with_earlier_phases(store, pad, raw))
    if checked.ok:
        _kept_draft(
            store,
            pad,
            store.save_draft,
            pad.token,
            pad.next_number,
            entry_as_data(checked.entry),
            as_drafted(store, pad, seen),
        )
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
    return next(
        (phase for phase in phases[:-1] if not all(name in drafted for name in phase.fields)),
        phases[-1],
    )


def ended_phases(pad: Pad, drafted: Mapping[str, Any]) -> tuple[Phase, ...]:
    """The phases of the hand being entered that are already saved (shown above the form)."""
    phases = pad.phases
    now = current_phase(pad, drafted)
    return phases[: next(i for i, phase in enumerate(phases) if phase.name == now.name)]


def with_earlier_phases(store: Store, pad: Pad, raw: Mapping[str, Any]) -> dict[str, Any]:
    """A posted entry completed with the phases already ended and kept in the draft.

    Only ended phases are taken from disk: what the current phase holds always comes from the
    phone that posts it, so no phone saves tricks or points it did not see.
    """
    drafted = draft(store, pad)
    names = {name for phase in ended_phases(pad, drafted) for name in phase.fields}
    return {**{name: drafted[name] for name in names}, **raw}


def values_out_of_phase(
    pad: Pad, drafted: Mapping[str, Any], raw: Mapping[str, Any]
) -> tuple[Problem, ...]:
    """What a hand saved with its last phase may not carry: a value of an earlier phase (a bid
    sent with the tricks, after play), each on its field; or nothing at all of an earlier
    phase that was never ended. An ended phase changes only by being taken back."""
    phases = pad.phases
    last = in_sentence(phases[-1].label)
    ended = {phase.name for phase in ended_phases(pad, drafted)}
    specs = {spec.name: spec for spec in pad.specs}
    problems: list[Problem] = []
    for phase in phases[:-1]:
        words = in_sentence(phase.label)
        action = phase.action or t("Save the {phase}", phase=words)
        sent = [name for name in phase.fields if name in raw]
        if phase.name in ended:
            problems.extend(
                Problem(
                    name,
                    t(
                        "{field}: the {phase} were saved before the {last} "
                        "and cannot be entered with them; to change them, "
                        "take them back first (“{change}”).",
                        field=specs[name].label,
                        phase=words,
                        last=last,
                        change=t("Change the {phase}", phase=words),
                    ),
                )
                for name in sent
            )
        elif sent:
            problems.extend(
                Problem(
                    name,
                    t(
                        "{field}: the {phase} are saved first (“{action}”), "
                        "before the {last} are entered.",
                        field=specs[name].label,
                        phase=words,
                        action=action,
                        last=last,
                    ),
                )
                for name in sent
            )
        else:
            problems.append(
                Problem(
                    None,
                    t(
                        "The {phase} are saved first (“{action}”), before the {last} are entered.",
                        phase=words,
                        action=action,
                        last=last,
                    ),
                )
            )
    return tuple(problems)


def end_phase(store: Store, pad: Pad, raw: Mapping[str, Any], phase: Phase) -> Checked:
    """Referee a phase that ends before the hand does (the bids) and keep it in the draft.

    The draft is written only if it is still the one this request read (compare-and-set): of
    two phones ending the same phase at once, the second gets StaleWrite and saves nothing.
    """
    seen = draft(store, pad)
    checked = check_phase(pad.game, pad.state, with_earlier_phases(store, pad, raw), phase)
    if checked.ok:
        _kept_draft(
            store,
            pad,
            store.save_draft,
            pad.token,
            pad.next_number,
            entry_as_data(checked.entry),
            seen,
        )
    return checked


def reopen_phase(store: Store, pad: Pad, phase: Phase, shown: Any = ANY_VERSION) -> None:
    """Take back an ended phase (the bids were mistyped): it and every later one are cleared.
    `shown`: the draft version the phone's page showed; StaleWrite (nothing cleared) when
    another phone changed the hand since."""
    drafted = draft(store, pad)
    phases = pad.phases
    start = next((i for i, each in enumerate(phases) if each.name == phase.name), len(phases))
    cleared = {name for each in phases[start:] for name in each.fields}
    kept = {name: value for name, value in drafted.items() if name not in cleared}
    if kept:
        _kept_draft(
            store, pad, partial(store.save_draft, drafted=shown), pad.token, pad.next_number, kept
        )
    else:
        _kept_draft(
            store, pad, partial(store.drop_draft, drafted=shown), pad.token, pad.next_number
        )


def drop_draft(store: Store, pad: Pad, seen: Mapping[str, Any] | None = None) -> None:
    """Forget the hand being entered (start it again); `seen` as for `save_draft`."""
    _kept_draft(
        store, pad, store.drop_draft, pad.token, pad.next_number, as_drafted(store, pad, seen)
    )
