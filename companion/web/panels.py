"""The trick panel's data: a trick game's hand in progress as the pad draws it.

Shared by the pad page (`pad_page`) and the trick-entry routes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.contract.parsing import trick_keys
from companion.contract.values import (
    Field,
    Problem,
    ScoredHand,
    TrickProgress,
    TrickRecord,
    json_ready,
)
from companion.engine.replay import Checked
from companion.kit.cards import card_name, parse
from companion.service.drafts import current_phase, progress_of
from companion.service.hands import preview
from companion.service.loading import Pad
from companion.web.forms import trick_as_strings, trick_field, tricks_from_form
from companion.web.game_pages import page_of
from companion.web.said_aloud import trick_recorded
from companion.web.service_door import get_service


@dataclass(frozen=True)
class GridCard:
    """One tap target of the card grid (the pack in play)."""

    code: str
    label: str
    used: bool
    red: bool
    name: str = ""  # the card in words ("the Three of Hearts"), for a screen reader


@dataclass
class TrickPanel:
    """Everything the trick panel draws: the tricks so far, where the hand stands, the grid."""

    spec: Field
    tricks: tuple[TrickRecord, ...]
    progress: TrickProgress
    grid: list[list[GridCard]]
    typed: dict[str, str] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    preview: ScoredHand | Checked | None = None
    recorded: str = ""  # the trick just added, in words (`said_aloud.trick_recorded`)

    def label(self, code: str | None) -> str:
        """The words for a runt as entered: "2♠", a bare value, or a dash when it was derived."""
        if not code:
            return "—"
        return next((c.label for c in self.spec.choices if c.value == code), code)

    def hidden_rows(self) -> list[dict[str, str]]:
        """The tricks so far as the hidden form fields that carry them."""
        return [trick_as_strings(self.spec, trick) for trick in self.tricks]


def card_grid(spec: Field, used: frozenset[str]) -> list[list[GridCard]]:
    """The pack in play as rows of tap targets, one row per suit (the game orders its choices)."""
    rows: dict[str, list[GridCard]] = {}
    for choice in spec.choices:
        card = parse(choice.value)
        rows.setdefault(card.suit.value, []).append(
            GridCard(
                choice.value, choice.label, choice.value in used, card.suit.is_red, card_name(card)
            )
        )
    return list(rows.values())


def build_panel(
    pad: Pad,
    raw: Mapping[str, Any],
    *,
    typed: Mapping[str, str] | None = None,
    errors: Mapping[str, list[str]] | None = None,
    problems: Sequence[str] = (),
) -> TrickPanel | None:
    """The panel for the hand whose tricks so far are `raw` (None: the game is not a trick game).

    Tricks that no longer stand (a form older than a correction) are dropped with a message
    rather than shown as if they counted.
    """
    spec = trick_field(pad.specs)
    if spec is None:
        return None
    checked, progress = progress_of(pad, get_service().drafts.with_earlier_phases(pad, raw))
    messages = list(problems)
    tricks: tuple[TrickRecord, ...] = ()
    if checked.ok:
        tricks = checked.entry.get(spec.name) or ()
    else:
        messages += [p.message for p in checked.problems]
    assert progress is not None, "a game with a TRICKS field must report its progress"
    panel = TrickPanel(
        spec,
        tricks,
        progress,
        card_grid(spec, progress.used),
        dict(typed or {}),
        {k: list(v) for k, v in (errors or {}).items()},
        messages,
    )
    if progress.complete:
        panel.preview = preview(pad, {spec.name: [json_ready(t) for t in tricks]})
    return panel


def draft_panel(pad: Pad, **extra: Any) -> TrickPanel | None:
    """The panel for the hand being entered, as kept on disk (None: not a trick game)."""
    spec = trick_field(pad.specs)
    drafted = get_service().drafts.get(pad)
    if spec is None or spec.name not in current_phase(pad, drafted).fields:
        return None
    return build_panel(pad, drafted, **extra)


def posted_tricks(spec: Field, form: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The tricks so far that a form carried in its hidden fields."""
    return tricks_from_form(spec, form)


def whole_hand_rows(
    pad: Pad, spec: Field, form: Mapping[str, Any] | None = None
) -> list[dict[str, str]]:
    """The whole-hand form's rows, one per trick: blank as the game lays them out (Tantony puts
    each runt in front of the player holding it), or as typed when posted back."""
    if form is None:
        return page_of(pad.game).blank_tricks(pad.game, pad.setup)
    parts = trick_keys(spec)
    return [
        {part: str(form.get(f"{spec.name}-{index}-{part}", "")).strip()[:200] for part in parts}
        for index in range(int(spec.maximum or 0))
    ]


def problems_by_row(problems: Sequence[Problem]) -> tuple[dict[int, list[str]], list[str]]:
    """A hand's problems beside the trick rows they concern; the rest for the top of the form."""
    by_row: dict[int, list[str]] = {}
    general: list[str] = []
    for problem in problems:
        if problem.item is None:
            general.append(problem.message)
        else:
            by_row.setdefault(problem.item, []).append(problem.message)
    return by_row, general


def trick_heard(pad: Pad, shown: int | None) -> str:
    """The trick another phone added to the hand being entered, in one sentence, for this
    phone's screen reader ("Trick 3 recorded: …"); "" unless the hand now holds one trick more
    than the `shown` this phone had."""
    spec = trick_field(pad.specs)
    so_far = get_service().drafts.get(pad).get(spec.name) if spec else None
    if spec is None or not so_far or shown is None or len(so_far) != shown + 1:
        return ""
    before = build_panel(pad, {spec.name: so_far[:-1]})
    after = build_panel(pad, {spec.name: so_far})
    if before is None or after is None or len(after.tricks) != len(before.tricks) + 1:
        return ""
    page = page_of(pad.game)
    players = pad.setup.players
    return str(
        trick_recorded(before.progress, after.progress, after.tricks[-1], players, page.seat_tally)
    )
