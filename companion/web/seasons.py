"""A club's seasons: the list with the form that makes one (`/seasons`), and the season's
director's page (`/seasons/<key>`): its table, its evenings added and taken out, its links.
The followers' pages (read-only, print and exports) are season_public.py.

Every value posted goes through the strict parser (the service reads the rule); a write names
the season's version it was based on, and a page older than the season says so and changes
nothing. A form with a problem comes back as typed, the problem beside its field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count
from companion.contract.registry import all_games
from companion.engine.season import Counting, EveningScore, Guests, SeasonRule, TieBreak, Total
from companion.kit.i18n import t
from companion.service import SeasonRecord, StaleWrite
from companion.service.season_rules import form_values
from companion.service.seasons import SeasonView
from companion.web.language import flash_said
from companion.web.service_door import get_service

bp = Blueprint("seasons", __name__)

DIRECTED_KEY = "directed_seasons"
DIRECTED_KEPT = 12
DEFAULT_CURRENCY = "EUR"


def new_values() -> dict[str, str]:
    """A new season's form as it starts: the engine's default rule, the euro."""
    return {**form_values(SeasonRule()), "currency": DEFAULT_CURRENCY, "game": "skat"}


def index_page(
    values: Mapping[str, Any], errors: Mapping[str, list[str]], status: int = 200
) -> tuple[str, int]:
    """The list of seasons with the new season's form (as typed, with its errors)."""
    seasons = get_service().seasons
    keys = [k for k in session.get(DIRECTED_KEY, []) if isinstance(k, str)]
    directed = [found for found in map(seasons.get, keys) if found is not None]
    return render_template(
        "seasons/index.html", seasons=seasons.all(), directed=directed, values=values,
        errors=errors, games=[(g.slug, g.name) for g in all_games()], choices=rule_choices(),
    ), status  # fmt: skip


def rule_choices() -> dict[str, list[tuple[str, str]]]:
    """Each choice of the rule's form: its values and their words."""
    return {
        "counting": [
            (Counting.ALL.value, t("Every evening")),
            (Counting.BEST.value, t("The best N evenings")),
            (Counting.DROPS.value, t("One dropped per K evenings past T")),
        ],
        "score": [
            (EveningScore.FIGURE.value, t("The evening's total")),
            (EveningScore.PLACING.value, t("Placing points (last place 1)")),
            (EveningScore.PRIZE.value, t("Prize points by place")),
        ],
        "total": [(Total.SUM.value, t("Sum")), (Total.AVERAGE.value, t("Average per evening"))],
        "tie": [
            ("", t("None")),
            (TieBreak.MORE_COUNTED.value, t("More evenings counted")),
            (TieBreak.BEST_COUNTED.value, t("The best single evening")),
            (TieBreak.LAST_EVENING.value, t("The better last evening")),
        ],
        "guests": [
            (Guests.LISTED.value, t("Listed, marked as guests")),
            (Guests.LEFT_OUT.value, t("Left out of the table")),
        ],
    }


@bp.get("/seasons")
def index() -> tuple[str, int]:
    """Every season, the ones made on this device with their director's page, and the form."""
    return index_page(new_values(), {})


@bp.post("/seasons")
def create() -> ResponseReturnValue:
    """Make the season, or show the form as typed with each problem beside its field."""
    form = request.form
    made, problems = get_service().seasons.create(
        form.get("name"), form.get("game"), form.get("currency"), form
    )
    if made is None:
        errors: dict[str, list[str]] = {}
        for problem in problems:
            errors.setdefault(problem.field or "form", []).append(problem.message)
        return index_page(form, errors, 422)
    kept = [k for k in session.get(DIRECTED_KEY, []) if isinstance(k, str) and k != made.key]
    session[DIRECTED_KEY] = [made.key, *kept][:DIRECTED_KEPT]
    return redirect(url_for("seasons.director", key=made.key), code=303)


def season_or_404(key: str) -> SeasonRecord:
    """The season of a director's key, or 404."""
    found = get_service().seasons.get(key)
    if found is None:
        abort(404)
    return found


def director_page(
    view: SeasonView, errors: Mapping[str, list[str]], status: int = 200
) -> tuple[str, int]:
    """The director's page: the table, the evenings with their controls, the links."""
    candidates = get_service().seasons.candidates(view.season)
    return render_template(
        "seasons/director.html", view=view, candidates=candidates, errors=errors, director=True
    ), status


@bp.get("/seasons/<key>")
def director(key: str) -> tuple[str, int]:
    """The season's director's page."""
    return director_page(get_service().seasons.view(season_or_404(key)), {})


def based_on() -> int | None:
    """The season's version the page was read at (None: not a version: refused)."""
    return read_count(request.form.get("version", ""), digits=9)


@bp.post("/seasons/<key>/evenings")
def add_evening(key: str) -> ResponseReturnValue:
    """Add a club night of the season's game as an evening (the page's version named)."""
    found = season_or_404(key)
    version = based_on()
    try:
        problem = get_service().seasons.add(found, request.form.get("event"), version)
    except StaleWrite:
        problem = None
        flash_said(t("The season changed since this page was read: nothing was changed."))
    if problem is not None:
        view = get_service().seasons.view(found)
        return director_page(view, {problem.field or "event": [problem.message]}, 422)
    return redirect(url_for("seasons.director", key=key), code=303)


@bp.post("/seasons/<key>/evenings/remove")
def remove_evening(key: str) -> ResponseReturnValue:
    """Take an evening out of the season (the club night itself stays)."""
    found = season_or_404(key)
    try:
        if not get_service().seasons.remove(found, request.form.get("event"), based_on()):
            abort(404)
    except StaleWrite:
        flash_said(t("The season changed since this page was read: nothing was changed."))
    return redirect(url_for("seasons.director", key=key), code=303)


@bp.post("/seasons/<key>/guests")
def guests(key: str) -> ResponseReturnValue:
    """Say which entrants of an evening came as guests (the boxes ticked)."""
    found = season_or_404(key)
    try:
        marked = get_service().seasons.mark_guests(
            found, request.form.get("event"), request.form.getlist("guest"), based_on()
        )
    except StaleWrite:
        marked = True
        flash_said(t("The season changed since this page was read: nothing was changed."))
    if not marked:
        abort(404)
    return redirect(url_for("seasons.director", key=key), code=303)
