"""The director's pages of a club night, reached by the director's key (`/e/<key>`): the draw
(with swaps before a round starts), starting a round, the printable table cards, and the room
(every table's progress and the live ranking, refreshed by htmx polling).

Only these pages show the tables' own links; the followers' pages (event_public.py) never do.
"""

from __future__ import annotations

import ipaddress

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count
from companion.contract.registry import all_games
from companion.kit.i18n import t
from companion.service import EventRecord
from companion.service.event_refusals import Refusal, RoundRefused
from companion.service.events import Room
from companion.service.movement_view import movement_view
from companion.web.event_public import csv_export, json_export, results_page
from companion.web.language import flash_said, said
from companion.web.room_poll import polled_room, room_version
from companion.web.service_door import get_service

bp = Blueprint("event_room", __name__)


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
    event = event_or_404(key)
    version = room_version(event)
    room = get_service().events.room(event, with_log=True)
    movement = movement_view(get_service().movements, room.event)
    return render_template(
        "events/director.html", room=room, movement=movement, director=True, room_version=version
    )


@bp.get("/e/<key>/room")
def room(key: str) -> Response | str:
    """The room and ranking, for the director's page to poll: nothing when the page shows
    the room's version already (web/room_poll.py)."""
    return polled_room(event_or_404(key), director=True)


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
    Refusal.ALREADY_DRAWN: t("That round is drawn already: look at its tables below."),
    Refusal.NO_TABLE: t("That table is not playing: it is closed, or its round has not started."),
    Refusal.TIME_NOT_UP: t("That table's time is not up: it may still play its round."),
    Refusal.CLOSED: t("The evening is closed: its results are final."),
    Refusal.NOT_ROUNDS: t("Choose how many of the event's rounds to hide."),
}
"""What the director reads when a change to a round is refused, by its reason."""


def back_to_the_room(key: str) -> ResponseReturnValue:
    """The director's page again (a POST's answer: see other)."""
    return redirect(url_for("event_room.director", key=key), code=303)


@bp.post("/e/<key>/draw")
def draw(key: str) -> ResponseReturnValue:
    """Draw the next round (or draw again the round not yet started). While tables still play
    the director is asked first, the tables named (`playing_confirmed` says they were)."""
    event = event_or_404(key)
    confirmed = request.form.get("playing_confirmed") == "1"
    sent = request.form.get("round")  # a new round's number; none for "Draw again"
    fresh = read_count(sent, digits=3) if sent is not None else None
    try:
        get_service().events.draw_next(event, playing_confirmed=confirmed, fresh=fresh)
    except RoundRefused as refused:
        if refused.reason is Refusal.TABLES_PLAYING:
            return render_template(
                "events/confirm_draw.html", event=event, tables=refused.tables, fresh=fresh
            )
        flash_said(REFUSED[refused.reason])
    return back_to_the_room(key)


@bp.post("/e/<key>/direct")
def direct(key: str) -> ResponseReturnValue:
    """The director's word on a table (one more deal, the deal in progress after the time,
    closed), on a round (closed) or on the evening (closed)."""
    event = event_or_404(key)
    action = request.form.get("action", "")
    round_number = read_count(request.form.get("round", ""), digits=3)
    number = read_count(request.form.get("table", ""), digits=4)
    director = get_service().director
    on_a_table = {
        "lengthen": director.lengthen,
        "allow": director.allow_deal_in_progress,
        "close-table": director.close_table,
        "clear-call": director.clear_call,
    }
    hidden = read_count(request.form.get("hide_last", ""), digits=2)
    try:
        if action == "close-evening":
            director.close_evening(event)
        elif action == "hide":
            director.hide_last(event, -1 if hidden is None else hidden)
        elif action == "close-round" and round_number is not None:
            director.close_round(event, round_number)
        elif action in on_a_table and round_number is not None and number is not None:
            on_a_table[action](event, round_number, number)
        else:
            raise RoundRefused(Refusal.NO_TABLE)
    except RoundRefused as refused:
        flash_said(REFUSED[refused.reason])
        return back_to_the_room(key)
    flash_said(DONE[action])
    return back_to_the_room(key)


DONE = {
    "lengthen": t("One more deal for that table."),
    "allow": t("That table may finish the deal in progress."),
    "close-table": t("Table closed: its deals played count."),
    "close-round": t("Round closed: the deals played count."),
    "close-evening": t("The evening is closed: its results are final."),
    "clear-call": t("Call cleared."),
    "hide": t("Saved: what the followers see of the ranking."),
}
"""What the director reads once an action is done."""


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


@bp.get("/e/<key>/print")
def results(key: str) -> str:
    """The results list to print, as the director sees it (never hidden)."""
    return results_page(room_of(key), hidden=False)


@bp.get("/e/<key>/export.csv")
def export_csv(key: str) -> Response:
    """The ranking list as CSV, as the director sees it (never hidden)."""
    return csv_export(room_of(key))


@bp.get("/e/<key>/export.json")
def export_json(key: str) -> Response:
    """The whole event as JSON, as the director sees it (never hidden)."""
    return json_export(room_of(key))


@bp.get("/e/<key>/cards")
def cards(key: str) -> str:
    """The table cards of the latest round, to print: the event's name, the table's number,
    players, QR code and its address written out. Opened at a loopback address, the page
    warns that its codes point the phones at themselves, and names the address to open."""
    room = room_of(key)
    current = room.current
    tables = room.tables_of(current.round) if current else ()
    return render_template(
        "events/cards.html",
        room=room,
        tables=tables,
        loopback=is_loopback(request.host),
        phone_address=current_app.config.get("PHONE_ADDRESS"),
    )


def is_loopback(host: str) -> bool:
    """Whether a request's host (name or address, with or without its port) is this machine
    itself: localhost, 127.0.0.0/8 or ::1."""
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    name = name.strip("[]").split("]")[0].lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@bp.app_context_processor
def pad_binding() -> dict[str, object]:
    """The names the club night's pages draw with: a game's name, and `said`."""
    # `said`: a word the room repeats on each of 200 lines, said once (plain text) per render.
    return {"game_name": game_name, "said": said}


def game_name(slug: str) -> str:
    """A game's name by its slug (the slug itself for a game no longer registered)."""
    game = next((each for each in all_games() if each.slug == slug), None)
    return game.name if game else slug
