"""Correcting a saved hand: the whole hand's form, filled as saved; the old entry stays in the
history, superseded. A correction based on a version another phone has changed meanwhile is
refused (409) with both shown."""

from __future__ import annotations

from collections.abc import Sequence

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count
from companion.contract.values import ScoredHand
from companion.engine.replay import Checked
from companion.kit.i18n import Text, t
from companion.service import StaleWrite
from companion.service.loading import Pad
from companion.web.common import is_htmx, load_or_404
from companion.web.forms import (
    FormField,
    attach_problems,
    entry_to_form_data,
    form_values,
    trick_as_strings,
    trick_field,
)
from companion.web.language import flash_said
from companion.web.pad_page import MISSING_VERSION, entry_form, hand_scores, pad_context
from companion.web.panels import problems_by_row, whole_hand_rows
from companion.web.service_door import get_service
from companion.web.who import author

bp = Blueprint("corrections", __name__)


@bp.route("/s/<token>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(token: str, number: int) -> ResponseReturnValue:
    """Correct a hand entered wrongly: the old entry is kept in the history, superseded."""
    pad = load_or_404(token)
    hand = get_service().hands.to_fix(pad, number)
    if hand is None:
        abort(404)
    specs = pad.specs
    spec = trick_field(specs)
    based_on = get_service().hands.row_of(pad, number)
    if request.method == "GET":
        _, fields = entry_form(pad, data=entry_to_form_data(specs, hand.entry), whole=True)
        rows = [trick_as_strings(spec, t) for t in hand.entry.get(spec.name) or ()] if spec else []
        return render_template(
            "edit.html",
            **pad_context(pad, fields=fields),
            hand=hand,
            trick_spec=spec,
            trick_rows=rows,
            based_on=based_on,
        )
    _, fields = entry_form(pad, formdata=request.form, whole=True)
    seen = read_count(request.form.get("based_on", ""), digits=12)
    try:
        result = get_service().hands.correct(
            pad,
            number,
            form_values(request.form, specs),
            seen if seen is not None else MISSING_VERSION,
            by=author(),
        )
    except StaleWrite:
        return _edit_again(pad, hand, number, fields, based_on, stale_edit_words(number, seen))
    if isinstance(result, Checked):
        row_errors, _ = problems_by_row(result.problems)
        general = attach_problems(fields, [p for p in result.problems if p.item is None])
        context = pad_context(pad, fields=fields, general=general)
        rows = whole_hand_rows(pad, spec, request.form) if spec else []
        return render_template(
            "edit.html",
            **context,
            hand=hand,
            trick_spec=spec,
            trick_rows=rows,
            row_errors=row_errors,
            based_on=based_on,
        ), 422
    flash_said(
        t("Hand {number} corrected. {scores}.", number=number, scores=hand_scores(pad, result))
    )
    target = url_for("sessions.show", token=token, _anchor=f"hand-{number}")
    if is_htmx():  # the boosted form (edit.html): a real visit keeps the #hand anchor
        response = Response(status=204)
        response.headers["HX-Redirect"] = target
        return response
    return redirect(target, code=303)


def stale_edit_words(number: int, seen: int | None) -> Text:
    """Why a correction was not saved: the hand changed since the form was opened."""
    if seen is None:
        return t(
            "This form does not say which version of hand {number} it corrects, so it "
            "was not saved. The hand as it stands now is above; your correction is below "
            "as you typed it: save it again to apply it.",
            number=number,
        )
    return t(
        "Hand {number} was changed from another phone after you opened this form, so your "
        "correction was not saved. The hand as it stands now is above; your correction is "
        "below as you typed it: save it again to replace it, or cancel.",
        number=number,
    )


def _edit_again(
    pad: Pad,
    hand: ScoredHand,
    number: int,
    fields: Sequence[FormField],
    based_on: int | None,
    message: str,
) -> ResponseReturnValue:
    """A refused correction (409): the hand as it is now beside the form as typed, whose next
    save is based on the current version."""
    spec = trick_field(pad.specs)
    rows = whole_hand_rows(pad, spec, request.form) if spec else []
    context = pad_context(pad, fields=fields, general=[message])
    return render_template(
        "edit.html", **context, hand=hand, trick_spec=spec, trick_rows=rows, based_on=based_on
    ), 409
