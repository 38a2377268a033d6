"""Hands (`service.hands`): a hand previewed, saved, corrected or undone, its versions and
the other phones' word on it.

Each refereed and scored by the engine before the store keeps it, with its result and the
session's standing after it (one transaction).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from companion.contract.values import (
    HandResult,
    Problem,
    ScoredHand,
    State,
    entry_as_data,
)
from companion.engine.replay import (
    Checked,
    entry_reader,
    replay,
    score_entry,
)
from companion.engine.standing import standing_after
from companion.kit.i18n import t
from companion.service.drafts import Drafts, values_out_of_phase
from companion.service.envelope import MAX_HANDS
from companion.service.event_tables import table_seat
from companion.service.loading import (
    Derived,
    Pad,
    ReplayCache,
    after_hand,
    keep_results,
    known_hands,
    known_state,
    result_rows,
)
from companion.service.seat_standings import standing_from_rows, standing_rows, standing_rows_of
from companion.store import (
    ANY_VERSION,
    Author,
    HandConflict,
    HandRow,
    ResultsWrite,
    SignOff,
    StaleWrite,
    StandingRow,
    Store,
)


def preview(pad: Pad, raw: Mapping[str, Any], number: int | None = None) -> ScoredHand | Checked:
    """Score an entry without saving it: the live preview, or a correction of hand `number`."""
    state = pad.state if number is None else pad.state_before(number)
    return score_entry(pad.game, state, number or pad.next_number, raw)


def full_session() -> Problem:
    """Why a session at the format's cap takes no more hands (its export must read back)."""
    return Problem(
        None,
        t(
            "A session holds at most {limit} hands (so that its export can be read back): "
            "start a new session for the next one.",
            limit=MAX_HANDS,
        ),
    )


class Hands:
    """The hands of the sessions, as the front ends save, correct and undo them."""

    def __init__(self, store: Store, cache: ReplayCache | None = None) -> None:
        self._store = store
        self._cache = cache
        self._drafts = Drafts(store)  # a save takes the phases already ended from the draft

    def add(
        self,
        pad: Pad,
        raw: Mapping[str, Any],
        *,
        by: Author | None = None,
        drafted: Any = ANY_VERSION,
    ) -> tuple[ScoredHand, Pad] | Checked:
        """Referee, score and save the next hand; returns it with the session after it.

        Nothing is saved when the hand is refused: the `Checked` entry then says why. The phases
        already ended (the bids) come from the draft. `drafted` is the version of the draft the
        phone's page showed (`Drafts.shown_version`): when the draft on disk has changed since (a
        second phone took back a trick or changed the bids), StaleWrite is raised, nothing saved.
        """
        if pad.next_number > MAX_HANDS:
            return Checked({}, (full_session(),))
        seat = table_seat(self._store, pad.token, pad.next_number - 1, datetime.now(UTC))
        if seat is not None and seat.over:  # a club table plays its round, no further
            return Checked({}, (Problem(None, seat.over_words),))
        out_of_turn = values_out_of_phase(pad, self._drafts.get(pad), raw)
        if out_of_turn:
            return Checked({}, out_of_turn)
        result = preview(pad, self._drafts.with_earlier_phases(pad, raw))
        if isinstance(result, Checked):
            return result
        known = after_hand(pad.state.totals, pad.state.hands_played, result)
        grown = pad.hands.plus(known)
        after = known_state(pad.setup, grown, known.totals, known.played)
        write = ResultsWrite(
            pad.change,
            result.number,
            result_rows({len(pad.hands): known}, {}),
            before=len(pad.hands) + len(pad.refused),
            standing=standing_after_save(self._store, pad, after),
        )
        try:
            # A draft on disk is dropped with the save. None read means none to drop: one saved
            # by another phone after this read is of a hand now saved, ignored as a draft left
            # after the save would be (`draft`).
            added = self._store.hands.add(
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
        if not added.results_kept:  # another phone wrote meanwhile: derived again, now
            keep_results(self._store, pad.token)
        row = added.row
        if self._cache is not None and added.results_kept:
            # Kept only if no other phone wrote in between (the save's transaction said so).
            self._cache.put(
                pad.token,
                row.id,
                Derived(len(grown), known.totals, known.played, dict(pad.refused), grown.known),
            )
        # What the answer draws is known without asking the store again: the save removed the
        # draft in its transaction (or there was none), and the new hand's row is the one just
        # written.
        known_reads = {"draft": None, f"row-{result.number}": row.id}
        return result, Pad(pad.record, pad.game, after, pad.refused, row.id, known_reads)

    def to_fix(self, pad: Pad, number: int) -> ScoredHand | None:
        """Hand `number` as a correction opens it: a hand that counts, or one kept in the history
        that the rules refuse as it stands (`Pad.refused`: a correction of an earlier hand can make
        it impossible, and a scoring fix can find it so), read from its stored entry, its result
        counting nothing and saying why. None: no such hand."""
        hand = pad.hand(number)
        if hand is not None or number not in pad.refused:
            return hand
        row = next(
            (row for row in self._store.hands.effective(pad.token) if row.number == number), None
        )
        if row is None:
            return None
        entry, _ = entry_reader(pad.game, pad.setup).read(row.entry)  # what still reads
        why = tuple(problem.message for problem in pad.refused[number])
        return ScoredHand(
            number,
            entry,
            HandResult((0,) * pad.setup.player_count, why, t("Not counted"), redeal=True),
        )

    def correct(
        self,
        pad: Pad,
        number: int,
        raw: Mapping[str, Any],
        based_on: Any = ANY_VERSION,
        *,
        by: Author | None = None,
    ) -> ScoredHand | Checked:
        """Save a corrected hand `number`; the old row is kept and superseded. Later hands re-derive.

        `based_on` is the row the phone opened for correcting: a correction of a row that is no
        longer hand `number` raises StaleWrite (the store's) and saves nothing.
        """
        result = preview(pad, raw, number)
        if isinstance(result, Checked):
            return result
        self._store.hands.correct(
            pad.token,
            number,
            result.entry,
            result.result.points,
            based_on,
            by=by,
            results=results_after_correction(self._store, pad, number, result),
        )
        keep_results(self._store, pad.token)  # derived again if another phone wrote meanwhile
        return result

    def undo_last(
        self, pad: Pad, based_on: Any = ANY_VERSION, *, by: Author | None = None
    ) -> int | None:
        """Undo the last hand (kept in the history); returns its number, or None if there was none.

        `based_on` is the row the phone showed as the last hand (StaleWrite when it no longer is).
        """
        row = self._store.hands.undo_last(
            pad.token, based_on, by=by, results=results_after_undo(self._store, pad)
        )
        if row is not None:
            keep_results(self._store, pad.token)  # derived again if another phone wrote meanwhile
        return row.number if row else None

    def row_of(self, pad: Pad, number: int) -> int | None:
        """The version of hand `number` a phone is shown: the id of its effective row."""
        key = f"row-{number}"
        if key not in pad.known:
            pad.known[key] = self._store.hands.effective_row_id(pad.token, number)
        row_id: int | None = pad.known[key]
        return row_id

    def with_sign_offs(self, pad: Pad) -> dict[int, tuple[int, SignOff | None]]:
        """Each saved hand's row and the latest word of another phone on it (None: none yet),
        by number: what a session with sign-off shows beside its hands."""
        words = self._store.sign_offs.latest(pad.token)
        return {
            row.number: (row.id, words.get(row.id))
            for row in self._store.hands.effective(pad.token)
        }

    def history(self, token: str) -> list[HandRow]:
        """Every row ever written for the session (entered, corrected, undone), in the order
        written: what the history page prints."""
        return self._store.hands.history(token)

    def corrected_numbers(self, token: str, from_number: int = 0) -> frozenset[int]:
        """The hands (from `from_number` on) whose row in force is a correction (the pad marks
        them)."""
        return self._store.hands.corrected_numbers(token, from_number)


def standing_after_save(store: Store, pad: Pad, after: State) -> tuple[StandingRow, ...]:
    """The session's standing once the hand is saved: its new hand folded into the standing
    kept (read in one small query; if another phone wrote meanwhile, the save's transaction
    leaves it out and the session is derived again)."""
    kept = standing_from_rows(store.statistics.standing(pad.token), pad.setup.player_count)
    return standing_rows(standing_after(pad.game, kept, after), after.totals)


def results_after_correction(
    store: Store, pad: Pad, number: int, corrected: ScoredHand
) -> ResultsWrite:
    """The stored results of hand `number` and every later hand once it is corrected: the
    session replayed with the corrected entry (a correction is rare; hand 3 of 1,000 re-scores
    the 997 after it, and the replay from hand 1 is the one the engine already has)."""
    entries = [
        (row.number, entry_as_data(corrected.entry) if row.number == number else row.entry)
        for row in store.hands.effective(pad.token)
    ]
    replayed = replay(pad.setup, entries)
    return ResultsWrite(
        pad.change,
        number,
        result_rows(known_hands(replayed.state), replayed.problems, number),
        before=sum(1 for each, _ in entries if each < number),
        standing=standing_rows_of(pad.game, replayed.state),
    )


def results_after_undo(store: Store, pad: Pad) -> ResultsWrite | None:
    """The session's standing once its highest-numbered hand is taken back (counted or not):
    the hands before it replayed (an undo is rare; the replay is the one the engine has).
    Its cached result goes with it; the others stay. None: no hand to undo."""
    entries = [(row.number, row.entry) for row in store.hands.effective(pad.token)]
    if not entries:
        return None
    last = max(number for number, _ in entries)
    replayed = replay(pad.setup, [(number, entry) for number, entry in entries if number < last])
    return ResultsWrite(
        pad.change,
        last,
        before=len(entries) - 1,
        standing=standing_rows_of(pad.game, replayed.state),
    )
