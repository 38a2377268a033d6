"""Helpers every page of a session uses: is this an htmx request, the session by its token (or
404), and this device's list of recent sessions."""

from __future__ import annotations

from flask import abort, request

from companion.service.loading import Pad
from companion.web.service_door import get_service
from companion.web.who import device_id

RECENT_LIMIT = 12


def is_htmx() -> bool:
    """Whether htmx made this request (it then wants a fragment, not a page)."""
    return request.headers.get("HX-Request") == "true"


def remember(token: str) -> None:
    """Keep the session on this device's list of recent sessions (on the server's disk)."""
    get_service().devices.remember(device_id(), token, RECENT_LIMIT)


def load_or_404(token: str) -> Pad:
    """The session of this token, replayed (from the cache when it is there); 404 when there is
    none (a token longer than any the pad makes is not looked up)."""
    if len(token) > 64:
        abort(404)
    pad = get_service().sessions.load(token)
    if pad is None:
        abort(404)
    return pad
