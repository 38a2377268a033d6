"""The club night's polls (the room, the big screen, a player's next table) carry the room's
version, as the pad's live view does (web/live.py): `?seen=<version>`. A poll whose version is
still the room's is answered with nothing that htmx swaps (an empty 200, `HX-Reswap: none`),
so a screen reader's place on a ranking line or a table's link is never lost to a redraw of
what did not change; when something changed, the part is drawn again with its new version,
and static/events.js puts the focus back on the element of the same id.
"""

from __future__ import annotations

import re

from flask import Response, render_template, request

from companion.service import EventRecord
from companion.web.service_door import get_service

VERSION_TEXT = re.compile(r"[0-9]{1,12}(?:-[0-9]{1,12}){6}")
"""A room's version as `store.event_version` writes it (seven whole numbers, joined by
hyphens); anything else is treated as never seen."""


def seen_version() -> str | None:
    """The room's version the poll says its page shows, read strictly (None: not one)."""
    value = request.args.get("seen")
    return value if value is not None and VERSION_TEXT.fullmatch(value) else None


def room_version(event: EventRecord) -> str:
    """The room's version now (read before the room, so a change in between is drawn next)."""
    return get_service().events.version(event)


def unchanged(version: str) -> Response | None:
    """The empty answer to a poll that shows `version` already; None when it must be drawn."""
    if seen_version() != version:
        return None
    # Empty, with its length, not a 204: see web/live.py (waitress keeps the connection).
    return Response(b"", status=200, headers={"HX-Reswap": "none"})


def polled_room(event: EventRecord, *, director: bool) -> Response | str:
    """The answer to a poll of the room (the followers' page or the director's): nothing when
    the page shows the room's version already, else the room drawn with its new version."""
    version = room_version(event)
    same = unchanged(version)
    if same is not None:
        return same
    room = get_service().events.room(event)
    return render_template("events/_room.html", room=room, director=director, room_version=version)
