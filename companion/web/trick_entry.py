"""Entering a trick game's hand (Tantony): one trick at a time as play goes, or all at the end.

Live entry: the pad shows a grid of the pack's cards and the players; a tap on the runt, a tap
on who got the trick, "Add trick". Each trick is refereed on arrival and the hand so far is kept
on disk as a draft, so a closed tab loses nothing. When the last trick is in, "Save hand" saves
it like any other hand. The tricks so far also travel in the form (hidden fields), so the pad
works without JavaScript and a form never saves tricks its player did not see.

Whole hand: a page with one box per runt, grouped by the player in front of whom it lies
(the face-up runts at the end of a hand), saved in one go. Both give the same entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from companion import pad as pads
from companion.engine import Checked
from companion.rules.base import (
    Field,
    Problem,
    ScoredHand,
    TrickEntry,
    TrickProgress,
    json_ready,
    tricks_from_form,
)
from companion.web import get_store
from companion.web.forms import trick_field

bp = Blueprint("tricks", __name__)

NEXT_PARTS = ("runt", "to", "won_by", "cards")
RED_SUITS = ("H", "D")


@dataclass(frozen=True)
class GridCard:
    """One tap target of the runt grid."""

    code: str
    label: str
    used: bool
    red: bool


@dataclass
class TrickPanel:
    """Everything the trick panel draws: the tricks so far, where the hand stands, the grid."""

    spec: Field
    tricks: tuple[TrickEntry, ...]
    progress: TrickProgress
    grid: list[list[GridCard]]
    typed: dict[str, str] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    preview: ScoredHand | Checked | None = None

    def label(self, code: str | None) -> str:
        """The words for a runt as entered: "2♠", a bare value, or a dash when it was derived."""
        if not code:
            return "—"
        return next((c.label for c in self.spec.choices if c.value == code), code)

    def hidden_rows(self) -> list[dict[str, str]]:
        """The tricks so far as the hidden form fields that carry them."""
        return [_trick_as_strings(trick) for trick in self.tricks]


def tricks_to_form_row(trick: TrickEntry) -> dict[str, str]:
    """A saved trick as the strings of one row of the trick form."""
    return _trick_as_strings(trick)


def _trick_as_strings(trick: TrickEntry) -> dict[str, str]:
    return {"runt": trick.runt or "", "to": "" if trick.to is None else str(trick.to),
            "won_by": "" if trick.won_by is None else str(trick.won_by),
            "cards": " ".join(trick.cards)}


def runt_grid(spec: Field, used: frozenset[str]) -> list[list[GridCard]]:
    """The pack in play as rows of tap targets, one row per suit (the game orders its choices)."""
    rows: dict[str, list[GridCard]] = {}
    for choice in spec.choices:
        suit = choice.value[-1]
        rows.setdefault(suit, []).append(
            GridCard(choice.value, choice.label, choice.value in used, suit in RED_SUITS))
    return list(rows.values())


def build_panel(pad: pads.Pad, raw: Mapping[str, Any], *, typed: Mapping[str, str] | None = None,
                errors: Mapping[str, list[str]] | None = None,
                problems: Sequence[str] = ()) -> TrickPanel | None:
    """The panel for the hand whose tricks so far are `raw` (None: the game is not a trick game).

    Tricks that no longer stand (a form older than a correction) are dropped with a message
    rather than shown as if they counted.
    """
    spec = trick_field(pad.game.fields(pad.setup))
    if spec is None:
        return None
    checked, progress = pads.progress_of(pad, raw)
    messages = list(problems)
    tricks: tuple[TrickEntry, ...] = ()
    if checked.ok:
        tricks = checked.entry.get(spec.name) or ()
    else:
        messages += [p.message for p in checked.problems]
    assert progress is not None, "a game with a TRICKS field must report its progress"
    panel = TrickPanel(spec, tricks, progress, runt_grid(spec, progress.used),
                       dict(typed or {}), {k: list(v) for k, v in (errors or {}).items()},
                       messages)
    if progress.complete:
        panel.preview = pads.preview(pad, {spec.name: [json_ready(t) for t in tricks]})
    return panel


def draft_panel(pad: pads.Pad, **extra: Any) -> TrickPanel | None:
    """The panel for the hand being entered, as kept on disk (None: not a trick game)."""
    if trick_field(pad.game.fields(pad.setup)) is None:
        return None
    return build_panel(pad, pads.draft(get_store(), pad), **extra)


def posted_tricks(spec: Field, form: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The tricks so far that a form carried in its hidden fields."""
    rows = tricks_from_form(spec.name, form)
    return rows if isinstance(rows, list) else []


def _next_trick(form: Mapping[str, Any], progress: TrickProgress) -> dict[str, Any]:
    """The trick being added, as tapped. The last trick is not placed: it goes to its winner."""
    trick = {part: form.get(f"next-{part}", "").strip() for part in NEXT_PARTS}
    if progress.last_trick and trick["to"]:
        trick["won_by"] = trick["to"]
    return trick


def _missing_parts(trick: Mapping[str, str], progress: TrickProgress,
                   players: Sequence[str]) -> dict[str, list[str]]:
    """What the player forgot to tap, said beside the part concerned."""
    errors: dict[str, list[str]] = {}
    if not trick["runt"] and not trick["cards"]:
        errors["runt"] = ["Tap the runt: the lowest card of the suit led in this trick."]
    if not trick["to"] and not (progress.last_trick and trick["cards"]):
        who = "who won the last trick" if progress.last_trick else "who got the trick"
        errors["to"] = [f"Tap {who}."]
    return errors


def _beside_parts(problems: Sequence[Problem],
                  progress: TrickProgress) -> tuple[dict[str, list[str]], list[str]]:
    """The referee's problems with the trick being added, each beside the part it concerns
    (the runt grid, the players, the cards played); the rest go above the panel."""
    errors: dict[str, list[str]] = {}
    general: list[str] = []
    for problem in problems:
        part = problem.part
        if part == "won_by" and (progress.last_trick or not progress.closing_trick):
            part = "to"  # the only players' row on the panel then
        if part in NEXT_PARTS:
            errors.setdefault(part, []).append(problem.message)
        else:
            general.append(problem.message)
    return errors, general


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _answer(pad: pads.Pad, panel: TrickPanel, status: int):
    """The panel as a fragment for htmx, or the whole pad; 422 when the trick was refused."""
    from companion.web.views import pad_context

    context = pad_context(pad, panel=panel)
    if _is_htmx():
        return render_template("pad/_entry.html", **context), status
    if status == 200:
        return redirect(url_for("pad.show", token=pad.token, _anchor="entry"), code=303)
    return render_template("pad.html", **context), status


@bp.post("/s/<token>/tricks")
def change_tricks(token: str):
    """Add the tapped trick to the hand being entered, or take back the last one."""
    from companion.web.views import load_or_404, stale_form_problem

    pad = load_or_404(token)
    spec = trick_field(pad.game.fields(pad.setup))
    if spec is None:
        abort(404)
    if pad.ended:
        return _ended(pad)
    stale = stale_form_problem(pad, request.form.get("expected_number", ""))
    if stale:
        return _answer(pad, draft_panel(pad, problems=[stale.message]), 422)
    so_far = posted_tricks(spec, request.form)
    action = request.form.get("action", "add")
    if action == "drop":
        return _drop_last(pad, spec, so_far)
    if action == "restart":
        pads.drop_draft(get_store(), pad)
        return _answer(pad, build_panel(pad, {}), 200)
    return _add_one(pad, spec, so_far)


def _ended(pad: pads.Pad) -> Response:
    """No more tricks once the session has ended: back to the pad, which says why."""
    flash("This session has ended: no more tricks or hands can be added.")
    target = url_for("pad.show", token=pad.token)
    if _is_htmx():
        response = Response(status=204)
        response.headers["HX-Redirect"] = target  # a swapped 303 would nest the page
        return response
    return redirect(target, code=303)


def _add_one(pad: pads.Pad, spec: Field, so_far: list[dict[str, Any]]):
    """Referee the tapped trick against the hand so far; keep it, or say what is wrong."""
    before = build_panel(pad, {spec.name: so_far})
    assert before is not None
    typed = {part: request.form.get(f"next-{part}", "") for part in NEXT_PARTS}
    if before.progress.complete:
        return _answer(pad, before, 200)
    trick = _next_trick(request.form, before.progress)
    missing = _missing_parts(trick, before.progress, pad.setup.players)
    if missing:
        return _answer(pad, build_panel(pad, {spec.name: so_far}, typed=typed,
                                        errors=missing), 422)
    checked = pads.save_draft(get_store(), pad, {spec.name: [*so_far, trick]})
    if not checked.ok:
        errors, messages = _beside_parts(checked.problems, before.progress)
        return _answer(pad, build_panel(pad, {spec.name: so_far}, typed=typed, errors=errors,
                                        problems=messages), 422)
    return _answer(pad, build_panel(pad, {spec.name: [*so_far, trick]}), 200)


def _drop_last(pad: pads.Pad, spec: Field, so_far: list[dict[str, Any]]):
    """Take back the last trick entered (a mis-tap), keeping the rest."""
    remaining = so_far[:-1]
    if remaining:
        pads.save_draft(get_store(), pad, {spec.name: remaining})
    else:
        pads.drop_draft(get_store(), pad)
    return _answer(pad, build_panel(pad, {spec.name: remaining}), 200)


# ---------------------------------------------------------------- the whole hand at once


def whole_hand_rows(spec: Field, players: Sequence[str],
                    form: Mapping[str, Any] | None = None) -> list[dict[str, str]]:
    """The whole-hand form's rows: every runt in front of the player who holds it.

    Blank, each player gets an even share of rows (their face-up runts); the last row is the
    last trick, whose winner is asked for. Posted back, the rows are as typed.
    """
    total = int(spec.maximum or 0)
    count = len(players)
    share = total // count
    rows = []
    for index in range(total):
        seat = min(index // share, count - 1) if share else 0
        row = {"runt": "", "to": str(seat), "won_by": "", "cards": ""}
        if form is not None:
            row = {part: str(form.get(f"{spec.name}-{index}-{part}", "")).strip()
                   for part in ("runt", "to", "won_by", "cards")}
        rows.append(row)
    if total % count and form is None:
        rows[-1]["to"] = ""  # the odd trick (Tantony's 13th) goes to whoever won it
    return rows


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


def _whole_context(pad: pads.Pad, rows: list[dict[str, str]], problems: Sequence[Problem]):
    from companion.web.views import pad_context

    spec = trick_field(pad.game.fields(pad.setup))
    row_errors, general = problems_by_row(problems)
    return pad_context(pad) | {"spec": spec, "trick_rows": rows, "row_errors": row_errors,
                               "trick_problems": general}


@bp.route("/s/<token>/whole", methods=["GET", "POST"])
def whole_hand(token: str):
    """Enter a whole hand at once from the runts lying face up in front of each player."""
    from companion.web.views import load_or_404, saved_message

    pad = load_or_404(token)
    spec = trick_field(pad.game.fields(pad.setup))
    if spec is None:
        abort(404)
    if pad.ended:
        return _ended(pad)
    if request.method == "GET":
        rows = whole_hand_rows(spec, pad.setup.players)
        return render_template("whole.html", **_whole_context(pad, rows, ()))
    rows = whole_hand_rows(spec, pad.setup.players, request.form)
    result = pads.add_hand(get_store(), pad, {spec.name: rows})
    if isinstance(result, Checked):
        return render_template("whole.html", **_whole_context(pad, rows, result.problems)), 422
    hand, after = result
    flash(saved_message(after, hand))
    return redirect(url_for("pad.show", token=token, _anchor=f"hand-{hand.number}"), code=303)

