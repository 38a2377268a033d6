"""The movement's pages, reached by the director's key (docs/design.md, "Club night"): the
whole movement and the start cards to print, the entrants as they come (a late entrant, a
withdrawal, a substitute) and the pairs that must not meet.

Each change form carries its CSRF token and the plan's version its page showed: a change from
a page older than the last change to who plays where is refused in words, nothing saved. Every
value is read strictly; a bad one is named beside its field, nothing saved, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count, read_word
from companion.kit.i18n import Text, t
from companion.service import EventRecord
from companion.service.entrants import ChangeRefused, Refused
from companion.service.movement_view import movement_view
from companion.web.event_room import event_or_404
from companion.web.language import flash_said
from companion.web.service_door import get_service

bp = Blueprint("event_movement", __name__)


@bp.get("/e/<key>/movement")
def movement(key: str) -> str:
    """The whole movement on one page to print: each round's tables with their players."""
    event = event_or_404(key)
    view = movement_view(get_service().movements, event)
    return render_template("events/movement.html", movement=view, event=event)


@bp.get("/e/<key>/start-cards")
def start_cards(key: str) -> str:
    """A start card per player to print: their table and seat in every round."""
    event = event_or_404(key)
    view = movement_view(get_service().movements, event)
    return render_template("events/start_cards.html", movement=view, event=event)


REFUSED: dict[Refused, Text] = {
    Refused.CLOSED: t("The evening is closed: its results are final."),
    Refused.TOO_LATE: t("Every round has started: the entrants can no longer change."),
    Refused.NO_ENTRANT: t("Choose an entrant who still plays."),
    Refused.NAME: t("Enter a name of up to {limit} characters.", limit=40),
    Refused.NAME_TWICE: t("That name is an entrant's already: give each player their own name."),
    Refused.TOO_FEW: t("Too few players would be left for a table."),
    Refused.SAME: t("Choose two different entrants."),
    Refused.CHANGED: t(
        "The event changed since this page was shown (another change, a draw or a start): "
        "look at it again, then make the change."
    ),
    Refused.STARTED: t("The round started meanwhile: look at it again, then make the change."),
}
"""What the director reads when a change is refused, by its reason."""

FIELD_OF: dict[Refused, str] = {
    Refused.NO_ENTRANT: "entrant",
    Refused.NAME: "name",
    Refused.NAME_TWICE: "name",
    Refused.SAME: "b",
}
"""The field a refusal is drawn beside (the others are drawn over the form)."""


def page(
    key: str, template: str, errors: Mapping[str, list[Text]] | None = None, status: int = 200
) -> tuple[str, int]:
    """One of the change pages, with the errors beside their fields."""
    event = event_or_404(key)
    service = get_service()
    view = movement_view(service.movements, event)
    return render_template(
        template,
        event=event,
        movement=view,
        version=service.movements.version(key),
        kept=service.movements.apart(key),
        errors=errors or {},
        form=request.form,
    ), status


def refused_page(key: str, template: str, action: str, refused: ChangeRefused) -> tuple[str, int]:
    """The page again, the refusal beside the field it concerns (or over the form)."""
    field = FIELD_OF.get(refused.reason, "form")
    if action == "apart" and field != "form":
        field = "b"
    return page(key, template, {f"{action}-{field}": [REFUSED[refused.reason]]}, 422)


def posted_version() -> int | None:
    """The plan's version the page showed, read strictly (None: missing or not a number)."""
    return read_count(request.form.get("version", ""), digits=12)


def change(
    key: str, template: str, action: str, make: Callable[[EventRecord, int], Text]
) -> ResponseReturnValue:
    """Make a change asked from a page: refused in words when its version is missing or
    stale, else done, flashed and shown again (see other)."""
    event = event_or_404(key)
    version = posted_version()
    try:
        if version is None:
            raise ChangeRefused(Refused.CHANGED)
        done = make(event, version)
    except ChangeRefused as refused:
        return refused_page(key, template, action, refused)
    flash_said(done)
    page_again = "event_movement.apart" if action == "apart" else "event_movement.entrants"
    return redirect(url_for(page_again, key=key), code=303)


@bp.get("/e/<key>/entrants")
def entrants(key: str) -> tuple[str, int]:
    """The entrants as they came, and the forms to add, withdraw or substitute one."""
    return page(key, "events/entrants.html")


def entrant_field(action: str) -> int:
    """The entrant a form chose, read strictly (refused beside its field otherwise)."""
    number = read_count(request.form.get("entrant", ""), digits=3)
    if number is None:
        raise ChangeRefused(Refused.NO_ENTRANT)
    return number


@bp.post("/e/<key>/entrants")
def change_entrants(key: str) -> ResponseReturnValue:
    """Add a late entrant, withdraw one, or seat a substitute for one."""
    action = read_word(request.form.get("action"), ["late", "withdraw", "substitute"])
    entrants_service = get_service().entrants

    def late(event: EventRecord, version: int) -> Text:
        name = str(request.form.get("name", ""))
        number = entrants_service.add_late(event, name, version)
        return t("Entrant {number} added: the rounds not started are planned again.", number=number)

    def withdraw(event: EventRecord, version: int) -> Text:
        entrants_service.withdraw(event, entrant_field("withdraw"), version)
        return t("Withdrawn: the rounds not started are planned again.")

    def substitute(event: EventRecord, version: int) -> Text:
        number = entrant_field("substitute")
        credited = read_word(request.form.get("credited"), ["yes", "no"]) == "yes"
        name = str(request.form.get("name", ""))
        entrants_service.substitute(event, number, name, credited, version)
        return t("The substitute takes the seats of entrant {number}.", number=number)

    makers: dict[str, Any] = {"late": late, "withdraw": withdraw, "substitute": substitute}
    if action is None:
        return page(key, "events/entrants.html", {"late-form": [t("Choose one.")]}, 422)
    return change(key, "events/entrants.html", action, makers[action])


@bp.get("/e/<key>/apart")
def apart(key: str) -> tuple[str, int]:
    """The pairs kept apart, and the form to name one."""
    return page(key, "events/apart.html")


@bp.post("/e/<key>/apart")
def change_apart(key: str) -> ResponseReturnValue:
    """Keep a pair apart, or no longer."""
    action = read_word(request.form.get("action"), ["keep", "drop"])
    a = read_count(request.form.get("a", ""), digits=3)
    b = read_count(request.form.get("b", ""), digits=3)
    entrants_service = get_service().entrants

    def keep(event: EventRecord, version: int) -> Text:
        if a is None or b is None:
            raise ChangeRefused(Refused.SAME)
        entrants_service.keep_apart(event, a, b, version)
        return t("Kept apart: the rounds not started are planned again.")

    def drop(event: EventRecord, version: int) -> Text:
        if a is None or b is None:
            raise ChangeRefused(Refused.NO_ENTRANT)
        entrants_service.let_meet(event, a, b, version)
        return t("No longer kept apart: the rounds not started are planned again.")

    if action is None:
        return page(key, "events/apart.html", {"apart-form": [t("Choose one.")]}, 422)
    return change(key, "events/apart.html", "apart", keep if action == "keep" else drop)
