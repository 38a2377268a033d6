"""The director's pages of a club night, reached by the director's key (`/e/<key>`): the draw
(with swaps before a round starts), starting a round, the printable table cards, and the room
(every table's progress and the live ranking, refreshed by htmx polling).

Only these pages show the tables' own links; the followers' pages (event_public.py) never do.
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count
from companion.contract.registry import all_games
from companion.kit.i18n import t
from companion.service import EventRecord
from companion.service.events import Refusal, Room, RoundRefused, time_up
from companion.web.language import flash_said, said
from companion.web.service_door import get_service

bp = Blueprint("event_room", __name__)


@bp.after_request
def never_cached(response: Response) -> Response:
    """These pages carry the director's key and the tables' links: never kept in a cache."""
    response.headers["Cache-Control"] = "no-store"
    return response


def event_or_404(key: str) -> EventRecord:
    """The event of a director's key, or 404."""
    event = get_service().events.get(key)
    if event is None:
        abort(404)
    return event


def room_of(key: str, *, with_log: bool = False) -> Room:
    """The room of a director's key (with its log, for the director's page), or 404."""
    return get_service().events.room(event_or_404(key), with_log=with_log)


@bp.get("/e/<key>")
def director(key: str) -> str:
    """The director's page: the round to draw or start, the room, the ranking, the log."""
    return render_template("events/director.html", room=room_of(key, with_log=True), director=True)


@bp.get("/e/<key>/room")
def room(key: str) -> str:
    """The room and ranking, for the director's page to poll."""
    return render_template("events/_room.html", room=room_of(key), director=True)


REFUSED = {
    Refusal.ALL_DRAWN: t("Every round is drawn."),
    Refusal.NOT_DRAWN: t("There is no round drawn and waiting to start."),
    Refusal.STARTED: t("The round has already started: its tables stay as drawn."),
    Refusal.DRAW_CHANGED: t(
        "The draw changed since this page was shown (drawn again or swapped): look at the "
        "tables below, then start the round."
    ),
    Refusal.NOT_TWO_ENTRANTS: t("Choose two different players of a round not yet started."),
    Refusal.NO_SESSION: t("A table's players do not make a session of this game."),
}
"""What the director reads when a change to a round is refused, by its reason."""


def back_to_the_room(key: str) -> ResponseReturnValue:
    """The director's page again (a POST's answer: see other)."""
    return redirect(url_for("event_room.director", key=key), code=303)


@bp.post("/e/<key>/draw")
def draw(key: str) -> ResponseReturnValue:
    """Draw the next round (or draw again the round not yet started)."""
    try:
        get_service().events.draw_next(event_or_404(key))
    except RoundRefused as refused:
        flash_said(REFUSED[refused.reason])
    return back_to_the_room(key)


@bp.post("/e/<key>/swap")
def swap(key: str) -> ResponseReturnValue:
    """Swap two entrants of the round drawn, before it starts."""
    event = event_or_404(key)
    a = read_count(request.form.get("a", ""), digits=3)
    b = read_count(request.form.get("b", ""), digits=3)
    try:
        if a is None or b is None:
            raise RoundRefused(Refusal.NOT_TWO_ENTRANTS)
        get_service().events.swap(event, a, b)
    except RoundRefused as refused:
        flash_said(REFUSED[refused.reason])
        return back_to_the_room(key)
    flash_said(t("Swapped."))
    return back_to_the_room(key)


@bp.post("/e/<key>/start")
def start(key: str) -> ResponseReturnValue:
    """Start the round drawn, as the page showed it (`draw`: its version; a page from before
    this field is sent starts whatever is drawn): every table gets its pad."""
    event = event_or_404(key)
    sent = request.form.get("draw")
    version = read_count(sent, digits=12) if sent is not None else None
    if sent is not None and version is None:
        flash_said(REFUSED[Refusal.DRAW_CHANGED])
        return back_to_the_room(key)
    try:
        get_service().events.start(event, version)
    except RoundRefused as refused:
        flash_said(REFUSED[refused.reason])
    return back_to_the_room(key)


@bp.get("/e/<key>/cards")
def cards(key: str) -> str:
    """The table cards of the latest round, to print: number, players, the table's QR code."""
    room = room_of(key)
    current = room.current
    tables = room.tables_of(current.round) if current else ()
    return render_template("events/cards.html", room=room, tables=tables)


def event_table(token: str, deals: int) -> dict[str, object] | None:
    """For a session's pad that has saved `deals` hands: the event, round and table it plays
    for, the round's length and whether the round is over for it (by its deals or the clock);
    None for a plain session. The pad says "deal 12 of 48", then that the round is over."""
    if not token or len(token) > 64:
        return None
    events = get_service().events
    found = events.table_of_session(token)
    if found is None:
        return None
    event, round_number, number, length = found
    started = events.round_started(event, round_number)
    over = deals >= length or time_up(event, started, datetime.now(UTC))
    return {"event": event, "round": round_number, "table": number, "length": length, "over": over}


@bp.app_context_processor
def pad_binding() -> dict[str, object]:
    """`event_table(token)` for the pad's status line."""
    # `said`: a word the room repeats on each of 200 lines, said once (plain text) per render.
    return {"event_table": event_table, "game_name": game_name, "said": said}


def game_name(slug: str) -> str:
    """A game's name by its slug (the slug itself for a game no longer registered)."""
    game = next((each for each in all_games() if each.slug == slug), None)
    return game.name if game else slug
