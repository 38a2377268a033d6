"""Who holds this phone: each phone names itself once (a seat's name or a free name), kept in
its signed cookie; every hand row it writes records the name, so the history can say "hand 3
corrected by Bob at 21:14". And the sign-off house option: another phone agrees to (or
disputes) each saved hand."""

from __future__ import annotations

import re
import secrets

from flask import Blueprint, abort, redirect, request, session, url_for
from werkzeug.wrappers import Response

from companion.contract.parsing import read_count, read_word
from companion.kit.i18n import t
from companion.service import Author, SameAuthor, StaleWrite, Verdict
from companion.web import get_service
from companion.web.language import flash_said

bp = Blueprint("who", __name__)

NAME_KEY = "phone_name"
DEVICE_KEY = "device"
DEVICE_ID_LENGTH = 32  # secrets.token_urlsafe(24)
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


def device_id() -> str:
    """This phone's random id, kept in its (signed) cookie: the cookie names the phone, never
    a session, since a session's link is its key."""
    device = session.get(DEVICE_KEY)
    if not isinstance(device, str) or len(device) != DEVICE_ID_LENGTH:
        device = session[DEVICE_KEY] = secrets.token_urlsafe(24)
        session.permanent = True
    return device


def author() -> Author:
    """Who this phone is, for the rows it writes: its name (if given) and its id."""
    return Author(phone_name(), device_id())


@bp.post("/s/<token>/name")
def name_this_phone(token: str) -> Response:
    """Keep the name this phone gives itself (blank: forget it), then back to the pad."""
    if get_service().session(token) is None:
        abort(404)
    typed = request.form.get("name", "")
    name = read_phone_name(typed)
    if name is None and typed.strip():  # too long, or control characters: the old name stays
        flash_said(
            t(
                "A phone's name is 1 to {most} characters: this phone's name is unchanged.",
                most=MAX_NAME,
            )
        )
    elif name is None:
        session.pop(NAME_KEY, None)
    else:
        session[NAME_KEY] = name
        session.permanent = True
    return redirect(url_for("sessions.show", token=token), code=303)


@bp.post("/s/<token>/hands/<int:number>/sign-off")
def sign_off(token: str, number: int) -> Response:
    """Agree to, or dispute, hand `number` as this phone saw it (`based_on`: its row)."""
    record = get_service().session(token)
    if record is None or not record.sign_off:
        abort(404)
    verdict = read_word(request.form.get("verdict"), tuple(v.value for v in Verdict))
    based_on = read_count(request.form.get("based_on", ""), digits=12)
    if verdict is None or based_on is None:
        flash_said(t("Tap Agree or Dispute beside the hand."))
        return _back(token, number)
    try:
        get_service().sign_off(token, number, based_on, Verdict(verdict), author())
    except StaleWrite:
        flash_said(
            t(
                "Hand {number} changed on another phone since: nothing was recorded. "
                "Check it again.",
                number=number,
            )
        )
    except SameAuthor:
        flash_said(
            t(
                "Hand {number} was saved on this phone: another player agrees or disputes "
                "it on theirs.",
                number=number,
            )
        )
    else:
        flash_said(
            t("Hand {number} agreed.", number=number)
            if verdict == Verdict.AGREED
            else t("Hand {number} disputed.", number=number)
        )
    return _back(token, number)


def _back(token: str, number: int) -> Response:
    """Back to the hand on the pad."""
    return redirect(url_for("sessions.show", token=token, _anchor=f"hand-{number}"), code=303)
