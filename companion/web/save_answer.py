"""The answer to a hand saved through htmx: one template, `pad/_saved.html`, in one of two shapes
(docs/design.md, "A save's answer draws only what changed").

- The form stays (`form_stays`): the phone's form was the blank form and the next hand's blank
  form is the same, so nothing takes its place (`HX-Reswap: none`) and the browser clears it
  (the `entry-saved` event, static/app.js); the next hand's heading, number and Save label
  come out of band.
- Otherwise the next hand's form, drawn afresh, takes the posted one's place (its target).

Both send out of band what changed (status, standings, the undo or the actions, the saved
message, the fold note, the new row) and this phone's poller with the session's new version,
drawn in the same render: the answer says so to the live view's hook (`live.poller_drawn`),
which then adds no second one.
"""

from __future__ import annotations

from typing import Any

from flask import Response, make_response, render_template, request, url_for

from companion.contract.referee import referee_for
from companion.contract.values import ScoredHand
from companion.service.loading import Pad
from companion.web.hidden_fields import posted_blank_form
from companion.web.live import poller_drawn
from companion.web.pad_page import (
    HANDS_CHANGED,
    LATEST_HANDS,
    club_seat,
    empty_entry,
    folded_count,
    hand_rows_context,
    pad_context,
    phase_now,
    saved_message,
    table_context,
    taking_hands,
)
from companion.web.service_door import get_service


def saved_answer(before: Pad, after: Pad, hand: ScoredHand) -> Response:
    """The answer to `hand`, saved on the pad `before` (which `after` is now): the form left in
    place or drawn afresh, and what changed out of band. A pad that had hands already shows an
    undo: only it changes among the actions."""
    first_hand = not before.state.hands
    undo_only = not first_hand and not after.ended
    stays = form_stays(after)
    shape = (
        in_place_context(after, hand, first_hand, undo_only)
        if stays
        else afresh_context(after, hand)
    )
    context = shape | {
        "form_stays": stays,
        "saved": hand,
        "message": saved_message(after, hand),
        "undo_only": undo_only,
        "first_hand": first_hand,
        "live_version": get_service().sessions.live_version(after.token),
        "fold_count": folded_count(after),
        "fold_shown": LATEST_HANDS,
    }
    response = make_response(render_template("pad/_saved.html", **context))
    if stays:
        response.headers["HX-Reswap"] = "none"
        response.headers["HX-Trigger-After-Swap"] = f"entry-saved, {HANDS_CHANGED}"
    else:
        response.headers["HX-Trigger-After-Swap"] = HANDS_CHANGED
    return poller_drawn(response)


def form_stays(after: Pad) -> bool:
    """Whether the form just posted, cleared in the browser, is the next hand's form: it was
    drawn blank (it carried that blank form's digest back), the next hand's blank form has the
    same digest (the same fields, order, names and language), and the next hand starts with no
    phase behind it. The answer then leaves the form in place instead of drawing it again."""
    if not taking_hands(after, club_seat(after)) or not posted_blank_form(
        request.form, empty_entry(after).digest
    ):
        return False
    phase, ended, _ = phase_now(after)
    return not ended and phase.name == after.phases[-1].name


def afresh_context(after: Pad, hand: ScoredHand) -> dict[str, Any]:
    """What the answer draws when the next hand's form takes the posted one's place: the pad's
    context, its table drawing one row (the new hand), and the saved hand's row for the undo."""
    return pad_context(after, shown=1) | {
        "undo_row": get_service().hands.row_of(after, hand.number)
    }


def in_place_context(
    pad: Pad, hand: ScoredHand, first_hand: bool, undo_only: bool
) -> dict[str, Any]:
    """What the answer draws when the form stays: the status and standings (the settlement's
    fold on the first hand only), the new row and its undo, and the actions' links when they are
    all drawn."""
    row = get_service().hands.row_of(pad, hand.number)
    context = (
        table_context(pad, settled=first_hand)
        | {
            "has_hands": True,
            "rows": [(hand, pad.state.totals)],
            "last_row": row,
            "undo_row": row,
            "undo_number": hand.number,
            "corrected": frozenset(),  # the hand was just entered: its row is no correction
        }
        | hand_rows_context(pad)
    )
    if not undo_only:
        context |= {
            "rules_page": url_for("home.rules", slug=pad.setup.game),
            "has_referee": referee_for(pad.setup.game) is not None,
        }
    return context
