"""Table Companion: the electronic score pad and referee that lies next to a real deck of cards."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import Flask
from flask_compress import Compress

MAX_REQUEST_BYTES = 64 * 1024  # a hand is a few hundred bytes; nothing legitimate comes near


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the web app: configuration, the store (migrated once here), CSRF and the views.

    It answers at once: every game is registered before the first request, and stored results
    that a game's new scoring version made stale are derived again in the background
    (`service/rebuild.py`; the app's state, `web/service_door.AppState.rebuild`, says how far
    it got)."""
    from companion.contract.registry import versions
    from companion.kit.resources import static_dir, templates_dir
    from companion.service import default_database_path
    from companion.service.rebuild import start_rebuild
    from companion.service.start import open_at_start
    from companion.web import init_web
    from companion.web.service_door import app_state

    app = Flask(__name__, template_folder=str(templates_dir()), static_folder=str(static_dir()))
    app.config.update(
        DATABASE=str(default_database_path()),
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        MAX_FORM_MEMORY_SIZE=MAX_REQUEST_BYTES,
        WTF_CSRF_TIME_LIMIT=None,  # a form left open all evening on a phone must still post
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # The cookie (this phone's device and remembered name, the events it directs) is sent
        # again only when it changes, not re-signed on each of a phone's polls: a third of a
        # poll's time (bench/README.md, "the room"). It lasts 400 days from its last change,
        # the most a browser keeps one.
        SESSION_REFRESH_EACH_REQUEST=False,
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # Over HTTPS Flask-WTF would also want a Referer from this host, which the pad never
        # sends (Referrer-Policy: no-referrer keeps session links, the keys, out of it): the
        # form's token and the SameSite cookie are the check (docs/design.md, behind a proxy).
        WTF_CSRF_SSL_STRICT=False,
    )
    app.config.update(config or {})
    # A StoreFault here says why the file cannot be used (the command line prints it). The
    # games' results derived by another version of their scoring (before a scoring fix) are
    # dropped, or in a read-only file ignored: every session shows what this version's rules
    # make of its hands. `versions()` registers every game, before any request: threads
    # serving the first requests find the registry full.
    opened = open_at_start(
        app.config["DATABASE"],
        read_only=bool(app.config.get("DATABASE_READ_ONLY")),
        versions=versions(),
        want_key=not app.config.get("SECRET_KEY"),
    )
    if opened.secret_key is not None:
        app.config["SECRET_KEY"] = opened.secret_key
    app.config["DATABASE_READ_ONLY"] = opened.read_only
    app.config["DATABASE_FILE"] = opened.file
    app.config["DERIVED_RESULTS_USABLE"] = opened.results_usable
    # A phone on weak Wi-Fi: every page and fragment goes out compressed (zstd, brotli or gzip,
    # as the browser accepts, at Flask-Compress's fast levels); the pad is text and shrinks about
    # five-fold. The static files come packed already, once and tightly (web/static_files.py).
    # Set up before the views, so it compresses last, after their own answer hooks.
    Compress(app)
    init_web(app)
    # A session missing results (every session of a game whose version changed) is derived
    # again in the background; one opened before then is replayed when opened.
    app_state(app).rebuild = start_rebuild(app.config["DATABASE"], opened.file, opened.missing)
    return app
