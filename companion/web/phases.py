"""A hand entered in phases: the bids saved before play, the tricks after (any game whose
`phases` are more than one).

A phase that ends before the hand does is refereed (`PhasedGame.validate_phase`) and kept in the
session's draft on disk, so every phone shows the bids and a reload loses nothing; the last
phase is saved as the hand itself (the pad's usual save), completed from the draft. An ended
phase can be taken back ("Change the bids") until the hand is saved.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.contract.values import Problem
from companion.engine.replay import Checked
from companion.kit.i18n import t
from companion.service import StaleWrite
from companion.service.loading import Pad
from companion.web.common import is_htmx, load_or_404
from companion.web.forms import attach_problems, form_values
from companion.web.hidden_fields import posted_draft_version, posted_number
from companion.web.language import lowered
from companion.web.pad_page import (
    entry_form,
    pad_context,
    phase_now,
    stale_form_problem,
)
from companion.web.service_door import get_service

bp = Blueprint("phases", __name__)


@bp.post("/s/<token>/phase")
def change_phase(token: str) -> ResponseReturnValue:
    """End the phase on the form (save the bids), or take an ended one back."""
    pad = load_or_404(token)
    if pad.ended:
        return redirect(url_for("sessions.show", token=token), code=303)
    stale = stale_form_problem(pad, posted_number(request.form))
    if stale:
        return _answer(pad, Checked({}, (stale,)))
    phases = {phase.name: phase for phase in pad.phases}
    if request.form.get("action") == "reopen":
        phase = phases.get(request.form.get("phase", ""))
        if phase is None:
            abort(404)
        try:
            get_service().drafts.reopen_phase(pad, phase, posted_draft_version(pad, request.form))
        except StaleWrite:
            changed = t(
                "The hand was changed from another phone after this page showed it, so "
                "nothing was taken back; the hand as it stands is shown."
            )
            return _answer(pad, Checked({}, (Problem(None, changed),)), status=409)
        return _answer(pad, None)
    phase = phase_now(pad)[0]
    if request.form.get("phase", phase.name) != phase.name or phase.name == pad.phases[-1].name:
        # Another phone ended this phase meanwhile: show the hand as it stands, save nothing.
        ended = lowered(phases.get(request.form.get("phase", ""), phase).label)
        stale = Problem(
            None,
            t(
                "The {phase} were already saved from another phone; the hand as "
                "it stands is shown. Nothing was saved from this form.",
                phase=ended,
            ),
        )
        return _answer(pad, Checked({}, (stale,)), status=409)
    specs = [spec for spec in pad.specs if spec.name in phase.fields]
    try:
        checked = get_service().drafts.end_phase(pad, form_values(request.form, specs), phase)
    except StaleWrite:
        just_saved = t(
            "The {phase} were just saved from another phone; nothing was saved from this form.",
            phase=lowered(phase.label),
        )
        return _answer(pad, Checked({}, (Problem(None, just_saved),)), status=409)
    return _answer(pad, None if checked.ok else checked)


def _answer(pad: Pad, refused: Checked | None, status: int = 422) -> ResponseReturnValue:
    """The entry section afresh (200), or as typed with each problem beside its field (422;
    409 when another phone got there first)."""
    if refused is None:
        if not is_htmx():
            return redirect(url_for("sessions.show", token=pad.token, _anchor="entry"), code=303)
        return render_template("pad/_entry.html", **pad_context(pad))
    _, fields = entry_form(pad, formdata=request.form)
    general = attach_problems(fields, refused.problems)
    context = pad_context(pad, fields=fields, general=general)
    template = "pad/_entry.html" if is_htmx() else "pad.html"
    return render_template(template, **context), status
