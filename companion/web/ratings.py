"""A player's rating on their statistics page (docs/rulings.md, "The rating"): the rating now,
its model's figures and its history as a line chart (engine/charts.py), one point a finished
session. Template globals, so the statistics page asks for them without its view changing.
"""

from __future__ import annotations

from flask import Blueprint
from markupsafe import Markup

from companion.engine import charts
from companion.kit import formatting
from companion.kit.i18n import Text, t
from companion.service.ratings import PlayerRating
from companion.web.language import said
from companion.web.service_door import get_service

bp = Blueprint("ratings", __name__)


@bp.app_template_global()
def player_rating(player: int) -> PlayerRating | None:
    """A player's rating and its history (None: no finished session yet)."""
    return get_service().ratings.of(player)


@bp.app_template_global()
def rating_text(value: float) -> str:
    """A rating's figure as a page shows it, to one decimal: 12.3, −1.5."""
    return formatting.number(round(value, 1))


def after_session(name: str, label: str, value: str) -> Text:
    """A point of the rating's history: "Ann after 11-23: 12"."""
    return t("{name}'s rating after {label}: {value}", name=name, label=label, value=value)


@bp.app_template_global()
def rating_chart(name: str, rated: PlayerRating) -> Markup:
    """The rating's history, μ − 3σ after each finished session, as a line chart."""
    labels = [formatting.local_day(step.started)[5:] for step in rated.steps]
    line = charts.Series(name, tuple(round(step.rating.shown) for step in rated.steps))
    title = t("{name}: rating after each finished session", name=name)
    return Markup(charts.line_chart(title, labels, [line], after_session, said))
