"""Who holds this phone: each phone names itself in a session (a seat's name or a free name);
every hand row it writes records the name, so the history can say "hand 3 corrected by Bob at
21:14". One phone per name: a name another phone holds is taken only by an explicit take-over,
which both phones are shown and the history prints. And the sign-off house option: another
phone, under another name, agrees to (or disputes) each saved hand."""

from __future__ import annotations

import re
import secrets

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from companion.contract.parsing import read_count, read_word
from companion.kit.i18n import t
from companion.service import Author, NameHeld, SameAuthor, StaleWrite, TakeOver, Verdict
from companion.web.language import flash_said
from companion.web.service_door import get_service

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


def phone_name(token: str | None = None) -> str | None:
    """The name this phone holds in the session (`token`, else the request's), or None when
    it holds none there (never named, or another phone took its name over)."""
    token = token or (request.view_args or {}).get("token")
    if not isinstance(token, str):
        return None
    return get_service().phone_names.of_device(token, device_id())


def lost_name(token: str) -> TakeOver | None:
    """The latest name another phone took over from this one in the session, while this phone
    holds no name since: what its pad tells it."""
    if phone_name(token) is not None:
        return None
    device = device_id()
    lost = [
        each for each in get_service().phone_names.takeovers(token) if each.from_device == device
    ]
    return lost[-1] if lost else None


def device_id() -> str:
    """This phone's random id, kept in its (signed) cookie: the cookie names the phone, never
    a session, since a session's link is its key."""
    device = session.get(DEVICE_KEY)
    if not isinstance(device, str) or len(device) != DEVICE_ID_LENGTH:
        device = session[DEVICE_KEY] = secrets.token_urlsafe(24)
        session.permanent = True
    return device


def author() -> Author:
    """Who this phone is, for the rows it writes in the request's session: the name it holds
    there (if any) and its id."""
    return Author(phone_name(), device_id())


@bp.post("/s/<token>/name")
def name_this_phone(token: str) -> Response:
    """Keep the name this phone gives itself in the session (blank: give it up), then back to
    the pad. A name another phone holds is not taken: the take-over page asks first; its
    confirm button posts here again with `take_over`, the hold it was shown."""
    if get_service().sessions.get(token) is None:
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
        get_service().phone_names.release(token, device_id())
        session.pop(NAME_KEY, None)
    else:
        take_over = read_count(request.form.get("take_over", ""), digits=12)
        try:
            get_service().phone_names.hold(token, device_id(), name, take_over)
        except NameHeld as held:
            return redirect(
                url_for("who.take_over", token=token, name=name, holding=held.holding), code=303
            )
        if take_over is not None:
            flash_said(t("This phone is {name} now: the other phone was told.", name=name))
        session[NAME_KEY] = name  # remembered, to offer first in the next session
        session.permanent = True
    return redirect(url_for("sessions.show", token=token), code=303)


@bp.get("/s/<token>/name/take-over")
def take_over(token: str) -> str:
    """Ask before taking a name another phone holds: "Dan is held by another phone"; the
    confirm button carries the hold shown, so a name that moved meanwhile is asked again."""
    pad = get_service().sessions.load(token) if len(token) <= 64 else None
    name = read_phone_name(request.args.get("name"))
    holding = read_count(request.args.get("holding", ""), digits=12)
    if pad is None or name is None or holding is None:
        abort(404)
    return render_template(
        "take_over.html", pad=pad, name=name, holding=holding, players=pad.setup.players
    )


@bp.post("/s/<token>/hands/<int:number>/sign-off")
def sign_off(token: str, number: int) -> Response:
    """Agree to, or dispute, hand `number` as this phone saw it (`based_on`: its row)."""
    record = get_service().sessions.get(token)
    if record is None or not record.sign_off:
        abort(404)
    verdict = read_word(request.form.get("verdict"), tuple(v.value for v in Verdict))
    based_on = read_count(request.form.get("based_on", ""), digits=12)
    if verdict is None or based_on is None:
        flash_said(t("Tap Agree or Dispute beside the hand."))
        return _back(token, number)
    try:
        get_service().sign_offs.add(token, number, based_on, Verdict(verdict), author())
    except StaleWrite:
        flash_said(
            t(
                "Hand {number} changed on another phone since: nothing was recorded. "
                "Check it again.",
                number=number,
            )
        )
    except SameAuthor as same:
        if same.name is None:
            flash_said(
                t(
                    "Hand {number} was saved on this phone: another player agrees or disputes "
                    "it on theirs.",
                    number=number,
                )
            )
        else:
            flash_said(
                t(
                    "Hand {number} was entered by {name}: another player agrees or disputes "
                    "it, under their own name.",
                    number=number,
                    name=same.name,
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
