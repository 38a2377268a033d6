"""A club table's pad calls the director (`/s/<token>/call`): the table is flagged on the
director's page, with the players' words if any, until the director answers and clears it.

The call carries no version of the session: it changes no score, and a second call from a
page drawn before the first only replaces the words (its time stays the first call's).
"""

from __future__ import annotations

from flask import Blueprint, redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.kit.i18n import t
from companion.service.event_refusals import Refusal, RoundRefused
from companion.web.language import flash_said
from companion.web.service_door import get_service

bp = Blueprint("table_call", __name__)


@bp.post("/s/<token>/call")
def call_the_director(token: str) -> ResponseReturnValue:
    """Flag the table on its director's page, then show the pad again."""
    try:  # the words are read by the service (`read_name`, cut to a line)
        get_service().director.call(token, request.form.get("words", ""))
    except RoundRefused as refused:
        flash_said(
            t("The evening is closed: the director is no longer at the tables.")
            if refused.reason is Refusal.CLOSED
            else t("This table is not playing: only a table of a running round calls.")
        )
    else:
        flash_said(t("The director is called: stay at your table."))
    return redirect(url_for("sessions.show", token=token), code=303)
