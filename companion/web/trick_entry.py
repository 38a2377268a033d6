"""Entering a trick game's hand: trick by trick as play goes, or the whole hand at the end.

Live entry: the pad shows the game's controls for the next trick (its `GamePage.trick`: Tantony's
runt grid and players; by default the cards played and who got the trick), then "Add trick".
The game turns the taps into a trick and says what is missing; each trick is refereed on
arrival and the hand so far is kept on disk as a draft, so a closed tab loses nothing. When
the last trick is in, "Save hand" saves it like any other hand. The tricks so far also travel
in the form (hidden fields), so the pad
works without JavaScript and a form never saves tricks its player did not see.

Whole hand: a page with one box per runt, grouped by the player in front of whom it lies
(the face-up runts at the end of a hand), saved in one go. Both give the same entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response as BaseResponse

from companion.contract.parsing import trick_keys
from companion.contract.values import Field, Problem, TrickProgress
from companion.engine.replay import Checked
from companion.kit.i18n import t
from companion.service import StaleWrite
from companion.service.loading import Pad
from companion.web.common import is_htmx, load_or_404
from companion.web.forms import trick_field
from companion.web.game_pages import GamePage, page_of
from companion.web.hidden_fields import posted_draft_version, posted_number
from companion.web.language import flash_said
from companion.web.pad_page import (
    pad_context,
    saved_message,
    stale_form_problem,
)
from companion.web.panels import (
    TrickPanel,
    build_panel,
    draft_panel,
    posted_tricks,
    problems_by_row,
    whole_hand_rows,
)
from companion.web.said_aloud import trick_recorded
from companion.web.service_door import get_service
from companion.web.who import author

bp = Blueprint("tricks", __name__)

OTHER_PHONE = t(
    "Another phone changed this hand's tricks after yours last showed them, so your "
    "change was not made. The hand as it stands is shown: tap your trick again if it "
    "is still to come."
)
WHOLE_HAND_DRAFT_CHANGED = t(
    "Another phone changed this hand's tricks after this page was "
    "opened, so the hand was not saved. Your boxes are kept as typed: "
    "check the tricks entered so far, then save again."
)


def _taps(spec: Field, form: Mapping[str, Any]) -> dict[str, str]:
    """What was tapped or typed for the next trick, by part (`next-<part>` keys)."""
    return {part: str(form.get(f"next-{part}", "")).strip()[:200] for part in trick_keys(spec)}


def _beside_parts(
    page: GamePage, problems: Sequence[Problem], progress: TrickProgress
) -> tuple[dict[str, list[str]], list[str]]:
    """The referee's problems with the trick being added, each beside the control it concerns
    (as the game places them); the rest go above the panel."""
    errors: dict[str, list[str]] = {}
    general: list[str] = []
    for problem in problems:
        part = page.problem_part(progress, problem.part)
        if part is not None:
            errors.setdefault(part, []).append(problem.message)
        else:
            general.append(problem.message)
    return errors, general


def _answer(pad: Pad, panel: TrickPanel | None, status: int) -> ResponseReturnValue:
    """The panel as a fragment for htmx, or the whole pad; 422 when the trick was refused."""
    context = pad_context(pad, panel=panel)
    if is_htmx():
        return render_template("pad/_entry.html", **context), status
    if status == 200:
        return redirect(url_for("sessions.show", token=pad.token, _anchor="entry"), code=303)
    return render_template("pad.html", **context), status


def _open_hand(token: str) -> tuple[Pad, Field]:
    """The session a trick route works on and its TRICKS field; 404 for a game without tricks,
    and back to the pad (which says why) once the session has ended."""
    pad = load_or_404(token)
    spec = trick_field(pad.specs)
    if spec is None:
        abort(404)
    if pad.ended:
        abort(_ended(pad))
    return pad, spec


@bp.post("/s/<token>/tricks")
def change_tricks(token: str) -> ResponseReturnValue:
    """Add the tapped trick to the hand being entered, or take back the last one."""
    pad, spec = _open_hand(token)
    stale = stale_form_problem(pad, posted_number(request.form))
    if stale:
        return _answer(pad, draft_panel(pad, problems=[stale.message]), 422)
    so_far = posted_tricks(spec, request.form)
    action = request.form.get("action", "add")
    try:
        if action == "drop":
            return _drop_last(pad, spec, so_far)
        if action == "restart":
            get_service().drafts.drop(pad, {spec.name: so_far})
            return _answer(pad, build_panel(pad, {}), 200)
        return _add_one(pad, spec, so_far)
    except StaleWrite:
        return _answer(
            pad, draft_panel(pad, problems=[OTHER_PHONE], typed=_taps(spec, request.form)), 409
        )


def _ended(pad: Pad) -> BaseResponse:
    """No more tricks once the session has ended: back to the pad, which says why."""
    flash_said(t("This session has ended: no more tricks or hands can be added."))
    target = url_for("sessions.show", token=pad.token)
    if is_htmx():
        response = Response(status=204)
        response.headers["HX-Redirect"] = target  # a swapped 303 would nest the page
        return response
    return redirect(target, code=303)


def _add_one(pad: Pad, spec: Field, so_far: list[dict[str, Any]]) -> ResponseReturnValue:
    """Referee the tapped trick against the hand so far; keep it, or say what is wrong."""
    before = build_panel(pad, {spec.name: so_far})
    assert before is not None
    typed = _taps(spec, request.form)
    if before.progress.complete:
        return _answer(pad, before, 200)
    page = page_of(pad.game)
    trick = page.trick_from_taps(before.progress, typed)
    missing = page.missing_taps(before.progress, trick)
    if missing:
        return _answer(pad, build_panel(pad, {spec.name: so_far}, typed=typed, errors=missing), 422)
    checked = get_service().drafts.save(pad, {spec.name: [*so_far, trick]}, {spec.name: so_far})
    if not checked.ok:
        errors, messages = _beside_parts(page, checked.problems, before.progress)
        return _answer(
            pad,
            build_panel(pad, {spec.name: so_far}, typed=typed, errors=errors, problems=messages),
            422,
        )
    after = build_panel(pad, {spec.name: [*so_far, trick]})
    if after is not None and len(after.tricks) > len(before.tricks):
        after.recorded = trick_recorded(
            before.progress, after.progress, after.tricks[-1], pad.setup.players, page.seat_tally
        )
    return _answer(pad, after, 200)


def _drop_last(pad: Pad, spec: Field, so_far: list[dict[str, Any]]) -> ResponseReturnValue:
    """Take back the last trick entered (a mis-tap), keeping the rest."""
    remaining = so_far[:-1]
    if remaining:
        get_service().drafts.save(pad, {spec.name: remaining}, {spec.name: so_far})
    else:
        get_service().drafts.drop(pad, {spec.name: so_far})
    return _answer(pad, build_panel(pad, {spec.name: remaining}), 200)


# ---------------------------------------------------------------- the whole hand at once


def _whole_context(
    pad: Pad, rows: list[dict[str, str]], problems: Sequence[Problem]
) -> dict[str, Any]:
    spec = trick_field(pad.specs)
    row_errors, general = problems_by_row(problems)
    return pad_context(pad) | {
        "spec": spec,
        "trick_rows": rows,
        "row_errors": row_errors,
        "trick_problems": general,
    }


@bp.route("/s/<token>/whole", methods=["GET", "POST"])
def whole_hand(token: str) -> ResponseReturnValue:
    """Enter a whole hand at once (Tantony: from the runts lying face up in front of each player)."""
    pad, spec = _open_hand(token)
    if request.method == "GET":
        rows = whole_hand_rows(pad, spec)
        return render_template("whole.html", **_whole_context(pad, rows, ()))
    rows = whole_hand_rows(pad, spec, request.form)
    stale = stale_form_problem(pad, posted_number(request.form))
    if stale:
        return render_template("whole.html", **_whole_context(pad, rows, (stale,))), 409
    try:
        result = get_service().hands.add(
            pad,
            {spec.name: rows},
            by=author(),
            drafted=posted_draft_version(pad, request.form),
        )
    except StaleWrite:
        changed = Problem(None, WHOLE_HAND_DRAFT_CHANGED)
        return render_template("whole.html", **_whole_context(pad, rows, (changed,))), 409
    if isinstance(result, Checked):
        return render_template("whole.html", **_whole_context(pad, rows, result.problems)), 422
    hand, after = result
    flash_said(saved_message(after, hand))
    return redirect(url_for("sessions.show", token=token, _anchor=f"hand-{hand.number}"), code=303)
