"""The web front end: views, CSRF, per-request store, error pages and response headers.

The blueprints are imported here, at the top: each of them imports only downward (the door to the
data is `service_door.py`, never this package's `__init__`)."""

from __future__ import annotations

from flask import Flask, Response, current_app, g, render_template, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from companion.engine.replay import counts_nothing_after_the_end, not_counted_words
from companion.kit import formatting
from companion.kit.i18n import Text, t
from companion.service import FaultKind, StoreFault
from companion.web.corrections import bp as corrections_bp
from companion.web.event_money import bp as event_money_bp
from companion.web.event_movement import bp as event_movement_bp
from companion.web.event_public import bp as event_public_bp
from companion.web.event_room import bp as event_room_bp
from companion.web.events import bp as events_bp
from companion.web.game_pages import page_of
from companion.web.hidden_fields import HIDDEN
from companion.web.home import bp as home_bp
from companion.web.install import bp as install_bp
from companion.web.join import bp as join_bp
from companion.web.language import bp as language_bp
from companion.web.language import init_language
from companion.web.live import bp as live_bp
from companion.web.new_session import bp as new_session_bp
from companion.web.phases import bp as phases_bp
from companion.web.players import bp as players_bp
from companion.web.proxy import init_proxy
from companion.web.ratings import bp as ratings_bp
from companion.web.records import bp as records_bp
from companion.web.referee import bp as referee_bp
from companion.web.said_aloud import init_said_aloud
from companion.web.season_public import bp as season_public_bp
from companion.web.seasons import bp as seasons_bp
from companion.web.service_door import start_state
from companion.web.sessions import bp as sessions_bp
from companion.web.static_files import init_static_files
from companion.web.stats import bp as stats_bp
from companion.web.table_call import bp as table_call_bp
from companion.web.transfer import allow_a_larger_upload
from companion.web.transfer import bp as transfer_bp
from companion.web.trick_entry import bp as tricks_bp
from companion.web.who import bp as who_bp

csrf = CSRFProtect()

# Inline styles are allowed because htmx swaps carry none of ours; scripts only from our origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


LINKING_PATHS = ("/s/", "/stats", "/players", "/e/", "/events", "/seasons")
"""The pages that may show this phone's session links or a director's key (besides home): never
kept in a cache. The club's pages are here too: a director's page, its movement, its money,
the events and seasons this device directs."""


def init_web(app: Flask) -> None:
    """Attach CSRF, the views, the store's lifecycle, error pages and headers to the app."""
    start_state(app)
    init_proxy(app)
    init_static_files(app)
    app.before_request(allow_a_larger_upload)  # first: before CSRFProtect reads the form
    csrf.init_app(app)
    app.before_request(answer_with_the_checked_token)  # runs after CSRFProtect's own check
    init_language(app)
    init_said_aloud(app)
    for blueprint in (
        language_bp,
        home_bp,
        new_session_bp,
        sessions_bp,
        corrections_bp,
        records_bp,
        tricks_bp,
        phases_bp,
        live_bp,
        join_bp,
        who_bp,
        transfer_bp,
        referee_bp,
        players_bp,
        stats_bp,
        ratings_bp,
        events_bp,
        event_room_bp,
        event_public_bp,
        table_call_bp,
        event_movement_bp,
        event_money_bp,
        seasons_bp,
        season_public_bp,
        install_bp,
    ):
        app.register_blueprint(blueprint)
    app.after_request(_headers)
    app.jinja_env.globals["page_of"] = page_of
    app.jinja_env.globals["hidden"] = HIDDEN  # the entry forms' hidden fields' names
    # The next hand's heading, number and Save label (pad/_next.html), drawn by the entry form
    # and by every save's answer: its macros made once, not imported at each render (Jinja's
    # `{% from %}` costs a save's answer 0.19 M instructions, 2 % of the save; bench/README.md).
    # A change to the file is seen after a restart.
    app.jinja_env.globals["next_parts"] = app.jinja_env.get_template("pad/_next.html").module
    app.jinja_env.globals["not_counted"] = not_counted_words
    app.jinja_env.filters["pts"] = formatting.number
    app.jinja_env.filters["signed"] = formatting.signed
    app.jinja_env.filters["num"] = formatting.number
    app.jinja_env.filters["clock"] = formatting.clock
    app.jinja_env.filters["local_day"] = formatting.local_day
    app.jinja_env.tests["after_the_end"] = counts_nothing_after_the_end
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(StoreFault, _store_fault)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected_error)


def answer_with_the_checked_token() -> None:
    """A write whose CSRF token was just checked answers with forms carrying that same token
    (Flask-WTF keeps the request's token in `g.csrf_token`, as its `generate_csrf` documents),
    rather than signing a new one for every save's answer: the token is this phone's, for this
    session cookie, and as valid as a new one would be (tokens here do not expire)."""
    if not g.get("csrf_valid"):
        return
    token = request.form.get(current_app.config["WTF_CSRF_FIELD_NAME"])
    for header in current_app.config["WTF_CSRF_HEADERS"]:
        token = token or request.headers.get(header)
    if token:
        g.csrf_token = token


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.vary.add("HX-Request")
    if request.path.startswith(LINKING_PATHS) or request.path == "/":
        # These pages carry session links (the keys to the sessions): never kept in a cache.
        response.headers["Cache-Control"] = "no-store"
    return response


def _error_page(status: int, title: str, message: str | Text) -> tuple[str, int]:
    return render_template("error.html", title=title, message=message, status=status), status


def _csrf_error(error: CSRFError) -> tuple[str, int]:
    return _error_page(
        400,
        t("This form has expired"),
        t(
            "The page was open too long or came from elsewhere. Go back, reload the "
            "page and enter the hand again: nothing was saved."
        ),
    )


_MESSAGES = {
    404: (t("Not found"), t("There is no such page or session. Check the link you were given.")),
    405: (t("Not allowed"), t("That page cannot be used that way.")),
    413: (t("Too much data"), t("That request was far larger than any hand: nothing was saved.")),
}


def _http_error(error: HTTPException) -> tuple[str, int]:
    status = error.code or 500
    title, message = _MESSAGES.get(status, (error.name, error.description or ""))
    if request.headers.get("HX-Request"):
        shown = t("{title}: {message}", title=title, message=message)
        return render_template("_error_fragment.html", message=shown), status
    return _error_page(status, title, message)


def _store_fault(fault: StoreFault) -> tuple[str, int] | Response:
    """The file could not be written (or read): say so plainly, nothing was saved, stay up."""
    current_app.logger.warning("store fault: %s", fault)
    if fault.kind is FaultKind.LOCKED:
        message = t(
            "The pad could not write to its file: {why}. Nothing was saved by this "
            "request; the hands saved before are safe. Try again in a moment.",
            why=fault.words,
        )
    else:
        message = t(
            "The pad could not write to its file: {why}. Nothing was saved by this "
            "request; the hands saved before are safe.",
            why=fault.words,
        )
    status = 507 if fault.kind is FaultKind.DISK_FULL else 503
    if request.headers.get("HX-Request"):
        # Shown where every saved message shows, whatever the form targeted (base.html lets
        # htmx swap 503 and 507 for this).
        response = Response(render_template("_error_fragment.html", message=message), status)
        response.headers["HX-Retarget"] = "#toast"
        response.headers["HX-Reswap"] = "innerHTML show:top"
        return response
    return _error_page(status, t("Nothing was saved"), message)


def _unexpected_error(error: Exception) -> tuple[str, int]:
    """Last line of defence: log it and say so plainly (a bug, never the player's fault)."""
    current_app.logger.exception("unexpected error", exc_info=error)
    return _error_page(
        500,
        t("Something went wrong"),
        t(
            "The pad hit a bug. Nothing was saved by this request; your earlier "
            "hands are safe. Please reload the page."
        ),
    )
