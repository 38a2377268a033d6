"""Who holds this phone: each phone names itself once (a seat's name or a free name), kept in
its signed cookie; every hand row it writes records the name, so the history can say "hand 3
corrected by Bob at 21:14"."""

from __future__ import annotations

import re

from flask import Blueprint, abort, redirect, request, session, url_for
from werkzeug.wrappers import Response

from companion.web import get_store

bp = Blueprint("who", __name__)

NAME_KEY = "phone_name"
MAX_NAME = 30
NAME_TEXT = re.compile(rf"[^\x00-\x1f\x7f]{{1,{MAX_NAME}}}")


def read_phone_name(value: object) -> str | None:
    """A phone's name read strictly: text of 1 to 30 printable characters, spaces collapsed."""
    if not isinstance(value, str):
        return None
    name = " ".join(value.split())
    return name if NAME_TEXT.fullmatch(name) else None


def phone_name() -> str | None:
    """The name this phone gave itself, or None when it has not named itself."""
    return read_phone_name(session.get(NAME_KEY))


@bp.post("/s/<token>/name")
def name_this_phone(token: str) -> Response:
    """Keep the name this phone gives itself (blank: forget it), then back to the pad."""
    if get_store().get_session(token) is None:
        abort(404)
    name = read_phone_name(request.form.get("name", ""))
    if name is None:
        session.pop(NAME_KEY, None)
    else:
        session[NAME_KEY] = name
        session.permanent = True
    return redirect(url_for("pad.show", token=token), code=303)
