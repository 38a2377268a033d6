"""The hand being entered (`service.drafts`): a trick game's tricks so far and the phases already ended (the
bids), kept on disk as a draft until the hand is saved."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from companion.contract.game import TrickGame
from companion.contract.values import (
    FieldKind,
    Phase,
    Problem,
    TrickProgress,
    entry_as_data,
)
from companion.engine.replay import (
    Checked,
    check_phase,
    check_progress,
)
from companion.kit.i18n import in_sentence, t
from companion.service.loading import Pad
from companion.store import (
    ANY_VERSION,
    Store,
    draft_version,
)

# ---------------------------------------------------------------- a trick game's hand in progress


def _kept_draft(pad: Pad, write: Any, *arguments: Any) -> None:
    """Write or drop the draft on disk (`write`: the store's method), then forget what this
    request knew of it, whether the write went through or was refused as stale."""
    try:
        write(*arguments)
    finally:
        pad.known.pop("draft", None)


def keeps_draft(pad: Pad) -> bool:
    """Whether this game's hand is entered through a draft (trick by trick, or in phases), so
    that its save carries the version of the draft its page showed."""
    return len(pad.phases) > 1 or any(spec.kind is FieldKind.TRICKS for spec in pad.specs)


def progress_of(pad: Pad, raw: Mapping[str, Any]) -> tuple[Checked, TrickProgress | None]:
    """The hand being entered, refereed so far, and where it stands (None: not a trick game)."""
    empty: dict[str, list[Any]] = {
        spec.name: [] for spec in pad.specs if spec.kind is FieldKind.TRICKS
    }
    checked = check_progress(pad.game, pad.state, {**empty, **raw})
    entry = checked.entry if checked.ok else check_progress(pad.game, pad.state, empty).entry
    return checked, pad.game.progress(pad.state, entry) if isinstance(pad.game, TrickGame) else None


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


class Drafts:
    """The hand being entered in each session, as the front ends keep, change and drop it."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def get(self, pad: Pad) -> dict[str, Any]:
        """The raw entry of the hand being entered (a trick game's tricks so far), or {}.

        A draft left for a hand number that has since been saved (from another phone) is stale
        and ignored.
        """
        if "draft" not in pad.known:
            pad.known["draft"] = self._store.drafts.get(pad.token)
        found = pad.known["draft"]
        if found is None or found[0] != pad.next_number:
            return {}
        raw: dict[str, Any] = found[1]
        return raw

    def shown_version(self, pad: Pad) -> str:
        """The version of the hand being entered that a page shows ("": none; `Hands.add`)."""
        return draft_version(self.get(pad))

    def save(
        self, pad: Pad, raw: Mapping[str, Any], seen: Mapping[str, Any] | None = None
    ) -> Checked:
        """Referee the hand being entered and keep it on disk if it stands; nothing is kept if not.

        The phases already ended (the bids) come from the draft on disk, the rest from `raw`.
        `seen` is the hand as the phone had it before this change (its tricks so far): when the
        draft on disk is another (a second phone added a trick), StaleWrite is raised, nothing kept.
        """
        checked = check_progress(pad.game, pad.state, self.with_earlier_phases(pad, raw))
        if checked.ok:
            self._keep(pad, entry_as_data(checked.entry), self.as_drafted(pad, seen))
        return checked

    def _keep(self, pad: Pad, entry: dict[str, Any], expected: Any) -> None:
        """Keep `entry` as the hand being entered, if the draft on disk is still `expected`
        (StaleWrite, nothing kept, if not)."""
        _kept_draft(pad, self._store.drafts.save, pad.token, pad.next_number, entry, expected)

    def as_drafted(self, pad: Pad, seen: Mapping[str, Any] | None) -> Any:
        """The draft a phone's view of the hand stands for (what the store's `Drafts.save`
        compares)."""
        if seen is None:
            return ANY_VERSION
        checked = check_progress(pad.game, pad.state, self.with_earlier_phases(pad, seen))
        return entry_as_data(checked.entry) if checked.ok else dict(seen)

    def with_earlier_phases(self, pad: Pad, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A posted entry completed with the phases already ended and kept in the draft.

        Only ended phases are taken from disk: what the current phase holds always comes from the
        phone that posts it, so no phone saves tricks or points it did not see.
        """
        drafted = self.get(pad)
        names = {name for phase in ended_phases(pad, drafted) for name in phase.fields}
        return {**{name: drafted[name] for name in names}, **raw}

    def end_phase(self, pad: Pad, raw: Mapping[str, Any], phase: Phase) -> Checked:
        """Referee a phase that ends before the hand does (the bids) and keep it in the draft.

        The draft is written only if it is still the one this request read (compare-and-set): of
        two phones ending the same phase at once, the second gets StaleWrite and saves nothing.
        """
        seen = self.get(pad)
        checked = check_phase(pad.game, pad.state, self.with_earlier_phases(pad, raw), phase)
        if checked.ok:
            self._keep(pad, entry_as_data(checked.entry), seen)
        return checked

    def reopen_phase(self, pad: Pad, phase: Phase, shown: Any = ANY_VERSION) -> None:
        """Take back an ended phase (the bids were mistyped): it and every later one are cleared.
        `shown`: the draft version the phone's page showed; StaleWrite (nothing cleared) when
        another phone changed the hand since."""
        drafted = self.get(pad)
        phases = pad.phases
        start = next((i for i, each in enumerate(phases) if each.name == phase.name), len(phases))
        cleared = {name for each in phases[start:] for name in each.fields}
        kept = {name: value for name, value in drafted.items() if name not in cleared}
        if kept:
            _kept_draft(
                pad,
                partial(self._store.drafts.save, drafted=shown),
                pad.token,
                pad.next_number,
                kept,
            )
        else:
            _kept_draft(
                pad, partial(self._store.drafts.drop, drafted=shown), pad.token, pad.next_number
            )

    def drop(self, pad: Pad, seen: Mapping[str, Any] | None = None) -> None:
        """Forget the hand being entered (start it again); `seen` as for `save`."""
        _kept_draft(
            pad, self._store.drafts.drop, pad.token, pad.next_number, self.as_drafted(pad, seen)
        )
