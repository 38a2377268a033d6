"""A season's followers' pages, reached by its followers' key (`/seasons/f/<follow>`): the
table, a player's evenings (what a line opens to), the printed table, and the exports in the
season format (docs/season-format.md, CSV and JSON). Read-only: no form, no director's link.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from fractions import Fraction

from flask import Blueprint, Response, abort, jsonify, render_template

from companion.engine.season import TieBreak
from companion.kit import formatting
from companion.kit.i18n import t
from companion.service import EventRecord
from companion.service.season_format import figure_value, season_document, season_rows
from companion.service.seasons import SeasonView
from companion.web.common import is_htmx
from companion.web.language import said
from companion.web.service_door import get_service

bp = Blueprint("season_public", __name__)


def view_or_404(follow: str) -> SeasonView:
    """The season of a followers' key as it stands, or 404."""
    seasons = get_service().seasons
    found = seasons.followed(follow)
    if found is None:
        abort(404)
    return seasons.view(found)


@bp.get("/seasons/f/<follow>")
def follower(follow: str) -> str:
    """The season's table for its followers."""
    return render_template("seasons/follower.html", view=view_or_404(follow), director=False)


@bp.get("/seasons/f/<follow>/player/<int:player>")
def player(follow: str, player: int) -> str:
    """One player's evenings: the part a line of the table opens to (htmx), or a page."""
    view = view_or_404(follow)
    line = view.line(player)
    if line is None:
        abort(404)
    template = "seasons/_player.html" if is_htmx() else "seasons/player.html"
    return render_template(template, view=view, line=line)


@bp.get("/seasons/f/<follow>/print")
def printed(follow: str) -> str:
    """The season's table to print on A4."""
    printed_at = datetime.now(UTC).isoformat(timespec="seconds")
    return render_template("seasons/print.html", view=view_or_404(follow), printed_at=printed_at)


@bp.get("/seasons/f/<follow>/season.csv")
def export_csv(follow: str) -> Response:
    """The season's table as CSV (docs/season-format.md)."""
    out = io.StringIO()
    csv.writer(out).writerows(season_rows(view_or_404(follow)))
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="season.csv"'
    return response


@bp.get("/seasons/f/<follow>/season.json")
def export_json(follow: str) -> Response:
    """The whole season as JSON (docs/season-format.md, docs/season.schema.json)."""
    response = jsonify(season_document(view_or_404(follow)))
    response.headers["Content-Disposition"] = 'attachment; filename="season.json"'
    return response


@bp.app_template_filter("figure")
def figure(value: int | Fraction) -> str:
    """An exact figure of the season as a page shows it: 12, −3, 2.5."""
    return formatting.number(figure_value(value))


@bp.app_template_global()
def cents(amount: int) -> str:
    """An amount in cents as money: 1250 → 12.50, −5 → −0.05."""
    return formatting.money(amount)


TIE_WORDS = {
    TieBreak.MORE_COUNTED: t("more evenings counted"),
    TieBreak.BEST_COUNTED: t("the best single evening"),
    TieBreak.LAST_EVENING: t("the better last evening"),
}


@bp.app_template_global()
def tie_words(steps: tuple[TieBreak, ...]) -> str:
    """A season's tie-break in words, in its order (players still equal share the place)."""
    if not steps:
        return said(t("players with equal totals share the place"))
    return ", ".join(said(TIE_WORDS[step]) for step in steps)


@bp.app_template_global()
def entrants_of(event: EventRecord) -> dict[int, str]:
    """An event's entrants by number (the director's guest boxes)."""
    return get_service().seasons.entrants(event)
