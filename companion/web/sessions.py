"""A session's score pad: the page, the live preview, saving the next hand, undoing the last,
ending the session and its settlement. One URL serves a full page, or just its fragment when
htmx asks.

Decided once for every form: a refused entry answers 422 with the form re-rendered, as typed,
errors beside their fields (htmx is configured in base.html to swap 422 responses); an accepted
one answers the updated fragments to htmx, or a 303 redirect to the page without JavaScript.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count, read_word
from companion.contract.values import Problem, ScoredHand, entry_as_data
from companion.engine.replay import Checked
from companion.kit.i18n import in_sentence, t
from companion.service import StaleWrite
from companion.service.hands import preview as scored_preview
from companion.service.loading import Pad
from companion.web.common import is_htmx, load_or_404, remember
from companion.web.forms import attach_problems, form_values, trick_field
from companion.web.hidden_fields import posted_draft_version, posted_number
from companion.web.language import flash_said
from companion.web.pad_page import (
    MISSING_VERSION,
    entry_form,
    pad_context,
    saved_message,
    stale_form_problem,
    table_context,
)
from companion.web.panels import build_panel, draft_panel, posted_tricks
from companion.web.save_answer import saved_answer
from companion.web.service_door import get_service
from companion.web.who import author

bp = Blueprint("sessions", __name__)


@bp.get("/s/<token>")
def show(token: str) -> str:
    """The score pad: standings, the entry form with its live preview, every hand so far."""
    pad = load_or_404(token)
    remember(token)
    every_hand = read_word(request.args.get("hands"), ("all",)) is not None
    return render_template(
        "pad.html",
        **pad_context(pad, every_hand=every_hand),
        live_version=get_service().sessions.live_version(token),
    )


def _refused(
    pad: Pad, checked: Checked, template: str, status: int = 422, **extra: Any
) -> ResponseReturnValue:
    """The form as typed with each problem beside its field (422), as a page or a fragment."""
    _, fields = entry_form(pad, formdata=request.form)
    general = attach_problems(fields, checked.problems)
    spec = trick_field(pad.specs)
    panel = None
    if spec is not None:
        panel = build_panel(pad, {spec.name: posted_tricks(spec, request.form)}, problems=general)
        general = []
    context = pad_context(pad, fields=fields, general=general, panel=panel) | extra
    if is_htmx():
        return render_template("pad/_refused.html", **context), status
    return render_template(template, **context), status


@bp.post("/s/<token>/hands")
def add_hand(token: str) -> ResponseReturnValue:
    """Save the next hand if the referee accepts it; otherwise return the form with the reasons."""
    pad = load_or_404(token)
    if pad.ended:
        flash_said(t("This session has ended: no more hands can be added."))
        return redirect(url_for("sessions.show", token=token), code=303)
    specs = pad.specs
    stale = stale_form_problem(pad, posted_number(request.form))
    if stale:
        expected = read_count(posted_number(request.form))
        choice = (
            stale_choice(pad, expected, form_values(request.form, specs))
            if expected is not None
            else None
        )  # a form without its number: refused
        if choice is not None and choice.same_hand and saved_by_this_phone(token, choice.number):
            return already_saved(token, choice.number)
        return _refused(pad, Checked({}, (stale,)), "pad.html", refresh=True, stale=choice)
    try:
        result = get_service().hands.add(
            pad,
            form_values(request.form, specs),
            by=author(),
            drafted=posted_draft_version(pad, request.form),
        )
    except StaleWrite:
        return draft_changed(pad)
    if isinstance(result, Checked):
        return _refused(pad, result, "pad.html")
    hand, after = result
    if not is_htmx():
        flash_said(saved_message(after, hand))
        return redirect(
            url_for("sessions.show", token=token, _anchor=f"hand-{hand.number}"), code=303
        )
    return saved_answer(pad, after, hand)


def saved_by_this_phone(token: str, number: int) -> bool:
    """Whether hand `number` as it stands was written by this phone (its last row's device)."""
    rows = [row for row in get_service().hands.history(token) if row.number == number]
    return bool(rows) and rows[-1].device is not None and rows[-1].device == author().device


def already_saved(token: str, number: int) -> ResponseReturnValue:
    """A save of a hand this phone already put on disk exactly as typed (a retry after an
    answer the Wi-Fi lost): nothing is written twice, and the phone is told
    its hand is saved, then shown the pad with it (reloaded: the pad's own address with only
    an anchor added would not load again)."""
    flash_said(t("Hand {number} is saved, as typed here (it was not saved twice).", number=number))
    if not is_htmx():
        return redirect(url_for("sessions.show", token=token, _anchor=f"hand-{number}"), code=303)
    response = make_response("", 204)
    response.headers["HX-Refresh"] = "true"
    return response


def draft_changed(pad: Pad) -> ResponseReturnValue:
    """A save whose page showed the hand being entered otherwise than it now stands on disk
    (another phone took back a trick or changed the bids): nothing saved (409); the hand as it
    now stands is shown with why, and what this phone typed in the last phase's form is kept."""
    panel = draft_panel(pad, problems=[DRAFT_TRICKS_CHANGED])
    if panel is None:  # the last phase's form (the tricks taken, after the bids)
        phase = in_sentence(pad.phases[0].label)
        problem = Problem(
            None,
            t(
                "Another phone changed this hand's {phase} after yours last "
                "showed them, so the hand was not saved. The hand as it now "
                "stands is shown: check it, then save again.",
                phase=phase,
            ),
        )
        return _refused(pad, Checked({}, (problem,)), "pad.html", status=409)
    context = pad_context(pad, panel=panel)
    return render_template("pad/_refused.html" if is_htmx() else "pad.html", **context), 409


DRAFT_TRICKS_CHANGED = t(
    "Another phone changed this hand's tricks after yours last showed them, "
    "so the hand was not saved. The hand as it now stands is shown: check "
    "its tricks, then save again."
)


@dataclass(frozen=True)
class StaleChoice:
    """A form for a hand another phone saved meanwhile: the hand as saved there, what this
    phone typed (scored, when the referee accepts it as the next hand), and the next number.
    The phone chooses: the same hand (discard what it typed) or the next hand (save it as
    that); the Save button is not simply offered again."""

    number: int
    saved: ScoredHand | None
    typed: ScoredHand | Checked
    next_number: int

    @property
    def same_hand(self) -> bool:
        """Whether what this phone typed is the hand saved there, value for value."""
        return self.saved is not None and entry_as_data(self.saved.entry) == entry_as_data(
            self.typed.entry
        )

    @property
    def typed_hand(self) -> ScoredHand | None:
        """What this phone typed, scored as the next hand (None: the referee refuses it)."""
        return self.typed if isinstance(self.typed, ScoredHand) else None


def stale_choice(pad: Pad, number: int, typed: Mapping[str, Any]) -> StaleChoice:
    """What a form for hand `number`, taken meanwhile by another phone, is shown beside the
    two choices."""
    return StaleChoice(number, pad.hand(number), scored_preview(pad, typed), pad.next_number)


@bp.post("/s/<token>/preview")
def preview(token: str) -> str:
    """The live preview: what the hand on the form would score, or what is still wrong with it."""
    pad = load_or_404(token)
    specs = pad.specs
    number = request.args.get("hand", type=int)
    if number is not None and pad.hand(number) is None and number not in pad.refused:
        abort(404)
    _, fields = entry_form(pad, formdata=request.form, whole=number is not None)
    if not any(field.changed for field in fields) and trick_field(specs) is None:
        return render_template("pad/_preview.html", result=None)
    raw = form_values(request.form, specs)
    if number is None:
        raw = get_service().drafts.with_earlier_phases(pad, raw)
    result = scored_preview(pad, raw, number)
    return render_template(
        "pad/_preview.html",
        result=result,
        players=pad.setup.players,
        labels={s.name: s.label for s in specs},
        scale=pad.game.scale,
    )


@bp.post("/s/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    """Take back the last hand. The history keeps it, with the undo."""
    pad = load_or_404(token)
    if pad.ended:  # another phone ended it after this page was drawn: its hands stay as ended
        flash_said(t("This session has ended: its hands can no longer be undone."))
        return redirect(url_for("sessions.show", token=token), code=303)
    seen = read_count(request.form.get("based_on", ""), digits=12)
    try:
        number = get_service().hands.undo_last(
            pad, seen if seen is not None else MISSING_VERSION, by=author()
        )
    except StaleWrite:
        flash_said(
            t(
                "The hands changed from another phone after you opened this page, so "
                "nothing was undone. Check the table of hands, then undo again if you still "
                "mean it."
            )
        )
        return redirect(url_for("sessions.show", token=token), code=303)
    flash_said(
        t("Hand {number} undone (it stays in the history).", number=number)
        if number
        else t("No hand to undo.")
    )
    return redirect(url_for("sessions.show", token=token), code=303)


@bp.post("/s/<token>/end")
def end(token: str) -> ResponseReturnValue:
    """End the session: no more hands; the summary shows the final standing."""
    load_or_404(token)
    if not get_service().sessions.end(token):
        flash_said(t("Only the director closes a club table: call the director."))
        return redirect(url_for("sessions.show", token=token), code=303)
    return redirect(url_for("records.summary", token=token), code=303)


@bp.get("/s/<token>/settlement")
def settlement(token: str) -> ResponseReturnValue:
    """The settlement's nets and payments, for the pad's fold (htmx) when it is opened; a
    browser without JavaScript is sent to the summary, which shows them."""
    pad = load_or_404(token)
    if not is_htmx():
        return redirect(url_for("records.summary", token=token, _anchor="settlement"), code=303)
    return render_template("pad/_settlement_body.html", **table_context(pad))
