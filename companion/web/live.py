"""The live view: every phone on a session keeps in step without reloading.

A phone polls `/s/<token>/live?seen=<version>` every second (htmx, `hx-trigger="every 1s"`), so
a save shows on every phone within two seconds (p99, tests/e2e/test_live_p99_in_browser.py).
Polling suits a table's LAN and the WSGI server: waitress keeps no connection open per
phone (server-sent events would hold a thread each), and "nothing new" is one indexed query
an empty answer that tells htmx to swap nothing (`HX-Reswap: none`, `Content-Length: 0`, so
waitress keeps the connection open for the next poll). When something changed, the answer is the poller
with its new version and, out of band, what the page shows: status, standings, settlement, the
hands, the actions. The entry form is replaced only when the phone has typed nothing into it;
otherwise a note inside it says what happened elsewhere, and what was typed stays. Without
JavaScript nothing polls, and the page works as before.
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, abort, make_response, render_template, request

from companion.contract.parsing import read_count
from companion.kit.i18n import t
from companion.service.loading import Pad
from companion.web.common import load_or_404
from companion.web.pad_page import HANDS_CHANGED, hand_scores, pad_context
from companion.web.panels import trick_heard
from companion.web.service_door import get_service

bp = Blueprint("live", __name__)

VERSION_TEXT = re.compile(r"[0-9]{1,12}-[0-9a-f]{1,8}-[0-9]{1,12}-[0-9]{1,12}-[01]")
"""A live version as `store.sessions.live_version` writes it; anything else is treated as never seen."""


def read_version(value: object) -> str | None:
    """The version a phone says it shows, read strictly (None when it is not one)."""
    return value if isinstance(value, str) and VERSION_TEXT.fullmatch(value) else None


READS = frozenset({"sessions.preview"})
"""POST routes that write nothing: their answers leave the poller's version alone. The live
preview once carried the newest version to a phone whose hands were drawn before another
phone's save, which that phone then never showed (until the next save)."""


POLLER_DRAWN = "X-Companion-Poller-Drawn"
"""The header of an answer that drew this phone's poller itself, with the session's new version,
in its own render (the save's answer, web/save_answer.py): the hook below then adds none and
takes the header off, so it never leaves the server."""


def poller_drawn(response: Response) -> Response:
    """Mark an answer that drew this phone's poller itself (`POLLER_DRAWN`)."""
    response.headers[POLLER_DRAWN] = "true"
    return response


@bp.after_app_request
def carry_the_new_version(response: Response) -> Response:
    """An htmx answer to this phone's own write carries the session's new version out of band,
    so its poller does not take the phone's own save for another phone's; an answer marked
    `POLLER_DRAWN` carries it already."""
    drawn = response.headers.pop(POLLER_DRAWN, None) is not None
    token = (request.view_args or {}).get("token")
    if (
        drawn
        or request.method != "POST"
        or request.endpoint in READS
        or token is None
        or "HX-Request" not in request.headers
        or response.status_code >= 400
        or response.mimetype != "text/html"
        or response.direct_passthrough
    ):
        return response
    version = get_service().sessions.live_version(token)
    if version is not None:
        poller = render_template(
            "pad/_live.html", pad={"token": token}, live_version=version, oob=True
        )
        response.set_data(response.get_data() + poller.encode())
    return response


@bp.get("/s/<token>/live")
def live(token: str) -> Response | tuple[str, int] | str:
    """An empty answer when the phone is up to date; else the changes, out of band."""
    version = get_service().sessions.live_version(token)
    if version is None:
        abort(404)
    seen = read_version(request.args.get("seen"))
    if seen == version:
        # Empty, with its length (0) and "swap nothing": a 204 cannot say its length, and
        # waitress closes the connection after an answer that does not (each poll then opened
        # a new one); compressed, the empty body had even become one byte.
        return Response(b"", status=200, headers={"HX-Reswap": "none"})
    pad = load_or_404(token)
    shown = read_count(request.args.get("form"))
    form_is_stale = shown is not None and shown != pad.next_number
    draft_changed = seen is None or draft_part(seen) != draft_part(version)
    typing = request.args.get("typing") == "1"
    hands_changed = seen is not None and hands_part(seen) != hands_part(version)
    response = make_response(
        render_template(
            "pad/_live_update.html",
            **pad_context(pad),
            live_version=version,
            heard=heard(pad, shown) if hands_changed else "",
            trick_heard=draft_changed and not hands_changed and seen is not None,
            trick_said=trick_heard(pad, read_count(request.args.get("tricks")))
            if draft_changed and not hands_changed and seen is not None
            else "",
            form_is_stale=form_is_stale,
            entry_change=entry_change(form_is_stale or draft_changed, typing),
            names_changed=seen is None or names_part(seen) != names_part(version),
        )
    )
    # After settle, not swap: the folds this answer redraws are ready for htmx only then, and
    # an open one is fetched again on this event (static/app.js).
    response.headers["HX-Trigger-After-Settle"] = HANDS_CHANGED
    return response


def heard(pad: Pad, shown: int | None) -> str:
    """What another phone did to the hands, in words, for the live view to say once to a
    screen reader: the hand it saved with its points, the hand it took back, or that it
    corrected one (`shown`: the number of the hand this phone's form was for)."""
    last = pad.state.hands[-1] if pad.state.hands else None
    if shown is not None and pad.next_number > shown and last and last.number == shown:
        scores = hand_scores(pad, last)
        return str(
            t("Hand {number} saved on another phone: {scores}.", number=last.number, scores=scores)
        )
    if shown is not None and pad.next_number < shown:
        return str(t("Hand {number} undone on another phone.", number=pad.next_number))
    return str(t("A hand was changed on another phone."))


def hands_part(version: str) -> str:
    """The part of a live version that follows the hands (the session's latest hand row)."""
    return version.split("-")[0]


def draft_part(version: str) -> str:
    """The part of a live version that follows the hand being entered (its draft)."""
    return version.split("-")[1]


def names_part(version: str) -> str:
    """The part of a live version that follows the names taken over from a phone."""
    return version.split("-")[3]


def entry_change(changed: bool, typing: bool) -> str:
    """What the poll does to the phone's entry form: nothing when its hand did not change;
    replace it when nothing was typed into it; else keep it and say so."""
    if not changed:
        return ""
    return "note" if typing else "replace"
