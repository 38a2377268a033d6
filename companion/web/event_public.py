"""The followers' pages of a club night, reached by the followers' key (`/f/<follow>`): the
ranking and every table's progress, the big screen, each table's sheet, the printed results
list and the export. Read-only: no form, and never a table's own link (its key to write).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, Response, abort, jsonify, render_template, request

from companion.contract.parsing import read_count
from companion.kit.i18n import t
from companion.service import EventRecord
from companion.service.event_export import event_document, ranking_csv
from companion.service.events import Room
from companion.service.movement_view import movement_view
from companion.web.common import is_htmx
from companion.web.room_poll import polled_room, room_version, unchanged
from companion.web.service_door import get_service

bp = Blueprint("event_public", __name__)


def event_or_404(follow: str) -> EventRecord:
    """The event of a followers' key, or 404."""
    event = get_service().events.followed(follow)
    if event is None:
        abort(404)
    return event


def room_or_404(follow: str) -> Room:
    """The room of a followers' key, or 404 (the event log is the director's)."""
    return get_service().events.room(event_or_404(follow))


@bp.get("/f/<follow>")
def follower(follow: str) -> str:
    """The followers' page: the ranking and the tables' progress, refreshing itself."""
    event = event_or_404(follow)
    version = room_version(event)
    room = get_service().events.room(event)
    return render_template("events/follower.html", room=room, director=False, room_version=version)


@bp.get("/f/<follow>/room")
def room(follow: str) -> Response | str:
    """The ranking and progress, for the followers' page to poll: nothing when the page
    shows the room's version already (web/room_poll.py)."""
    return polled_room(event_or_404(follow), director=False)


SCREEN_LINES = 15
"""Lines of the ranking on the big screen at once (large type at 1920×1080); a longer ranking
is shown a page at a time, the next page at each refresh."""


def screen_page(room: Room, version: str) -> dict[str, Any]:
    """The page of the ranking the big screen shows now, and the one it asks for next."""
    pages = max(1, -(-len(room.ranking) // SCREEN_LINES))
    page = read_count(request.args.get("page", "0"), digits=4) or 0
    page = page if page < pages else 0
    start = page * SCREEN_LINES
    return {
        "room": room,
        "lines": room.ranking[start : start + SCREEN_LINES],
        "page": page,
        "pages": pages,
        "next_page": (page + 1) % pages,
        "first": start + 1,
        "last": min(start + SCREEN_LINES, len(room.ranking)),
        "room_version": version,
    }


@bp.get("/f/<follow>/screen")
def screen(follow: str) -> str:
    """The big screen (a projector or TV at 1920×1080): large type, refreshing itself."""
    event = event_or_404(follow)
    version = room_version(event)
    page = screen_page(get_service().events.room(event), version)
    return render_template("events/screen.html", **page)


@bp.get("/f/<follow>/screen/body")
def screen_body(follow: str) -> Response | str:
    """The big screen's content, for it to poll: the next page of a long ranking, or nothing
    when its one page shows the room's version already (it sends it only then)."""
    event = event_or_404(follow)
    version = room_version(event)
    same = unchanged(version)
    if same is not None:
        return same
    page = screen_page(get_service().events.room(event), version)
    return render_template("events/_screen.html", **page)


@bp.get("/f/<follow>/t/<int:round_number>/<int:number>")
def sheet(follow: str, round_number: int, number: int) -> str:
    """One table's sheet for one round: its players and each hand's points, read-only, a
    corrected hand marked (its history is the table's)."""
    room = room_or_404(follow)
    table = room.table(round_number, number)
    if table is None or table.row.session is None:
        abort(404)
    pad = get_service().sessions.load(table.row.session)
    if pad is None:
        abort(404)
    corrected = get_service().hands.corrected_numbers(table.row.session)
    return render_template(
        "events/sheet.html", room=room, table=table, pad=pad, corrected=corrected
    )


@bp.get("/f/<follow>/line/<int:entrant>")
def line(follow: str, entrant: int) -> str:
    """One player's round-by-round figures with each table's sheet: the part a ranking line
    opens to (htmx), or a page of its own (not while the ranking is hidden)."""
    event = event_or_404(follow)
    version = room_version(event)
    room = get_service().events.room(event)
    if room.ranking_hidden:
        abort(404)
    found = next((line for line in room.ranking if line.entrant == entrant), None)
    if found is None:
        abort(404)
    template = "events/_line_open.html" if is_htmx() else "events/line.html"
    seat = movement_view(get_service().movements, room.event).next_seat(entrant)
    return render_template(template, room=room, line=found, seat=seat, room_version=version)


@bp.get("/f/<follow>/line/<int:entrant>/next")
def next_table(follow: str, entrant: int) -> Response | str:
    """A player's next table and seat, for their line's page to poll as rounds start: nothing
    when the page shows the room's version already."""
    event = event_or_404(follow)
    version = room_version(event)
    if entrant not in get_service().movements.lineup(event.key).entrants:
        abort(404)
    same = unchanged(version)
    if same is not None:
        return same
    room = get_service().events.room(event)
    seat = movement_view(get_service().movements, room.event).next_seat(entrant)
    return render_template(
        "events/_next.html", room=room, entrant=entrant, seat=seat, room_version=version
    )


@bp.get("/f/<follow>/print")
def results(follow: str) -> str:
    """The results list to print on A4 (while the ranking is hidden, it says so)."""
    room = room_or_404(follow)
    return results_page(room, hidden=room.ranking_hidden)


def results_page(room: Room, *, hidden: bool) -> str:
    """The results list to print: place, number, name, each round, total, with the time of
    printing; `hidden`: the followers' list while the director hides the ranking."""
    printed_at = datetime.now(UTC).isoformat(timespec="seconds")
    lineup = get_service().movements.lineup(room.event.key)
    return render_template(
        "events/print.html", room=room, lineup=lineup, printed_at=printed_at, hidden=hidden
    )


def hidden_answer() -> Response:
    """The followers' export while the director hides the ranking."""
    words = t("The ranking is hidden until the director closes the evening.")
    return Response(str(words), status=403, mimetype="text/plain")


@bp.get("/f/<follow>/export.csv")
def export_csv(follow: str) -> Response:
    """The ranking list as CSV (one row an entrant)."""
    room = room_or_404(follow)
    return hidden_answer() if room.ranking_hidden else csv_export(room)


def csv_export(room: Room) -> Response:
    """The ranking list as a CSV file."""
    response = Response(ranking_csv(room), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="event.csv"'
    return response


@bp.get("/f/<follow>/export.json")
def export_json(follow: str) -> Response:
    """The whole event as JSON."""
    room = room_or_404(follow)
    return hidden_answer() if room.ranking_hidden else json_export(room)


def json_export(room: Room) -> Response:
    """The whole event as a JSON file."""
    response = jsonify(event_document(room, get_service().movements.lineup(room.event.key)))
    response.headers["Content-Disposition"] = 'attachment; filename="event.json"'
    return response
