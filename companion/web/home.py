"""The front door: this device's recent sessions, each game's rules page, and a trivial route
for the benchmark's baseline."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, session

from companion.contract.referee import all_referees, referee_for
from companion.contract.registry import all_games, get
from companion.kit.resources import rules_page_text
from companion.web.language import current_language
from companion.web.service_door import get_service

bp = Blueprint("home", __name__)


@bp.get("/")
def home() -> str:
    """Recent sessions opened on this device, and the way to start a new one."""
    device = session.get("device")
    records = get_service().devices.sessions(device) if isinstance(device, str) else []
    return render_template(
        "home.html",
        records=records,
        games={g.slug: g for g in all_games()},
        referees=all_referees(),
    )


@bp.get("/healthz")
def healthz() -> Response:
    """A trivial route: the benchmark's baseline for the cost of a request."""
    return Response("ok", mimetype="text/plain")


@bp.get("/rules/<slug>")
def rules(slug: str) -> str:
    """A game's rules page: how the pad scores it and what we decided where the text is silent."""
    try:
        game = get(slug)
    except KeyError:
        abort(404)
    text = rules_page_text(slug, current_language())
    return render_template(
        "rules.html", game=game, text=text, has_referee=referee_for(slug) is not None
    )
