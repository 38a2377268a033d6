"""The pad as an app on the phone's home screen: its manifest, its service worker and the page
the worker shows when the pad's server cannot be reached.

Each is a route at the app's root (not a static file) so that every address in them is built
with `url_for`: behind a proxy under a path prefix, the start URL, the scope, the icons and the
worker's own scope all carry the prefix.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, render_template, send_from_directory, url_for

from companion.kit.i18n import t
from companion.web.language import said

bp = Blueprint("install", __name__)

THEME_LIGHT = "#1d5f3a"
"""The top bar's green in the light theme (app.css `--accent`): the phone's status bar matches."""
THEME_DARK = "#3f9b66"
"""The top bar's green in the dark theme."""

ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
)
"""The PNGs drawn from static/icons/icon.svg by scripts/render_icons.py: Chromium wants one of at
least 144 px (192 and 512 are what launchers use); the maskable one keeps its drawing inside the
circle a launcher's mask leaves."""


def manifest() -> dict[str, Any]:
    """The web app manifest: what a phone needs to install the pad and open it as an app."""
    home = url_for("home.home")
    return {
        "id": home,
        "name": said(t("Table Companion")),
        "short_name": said(t("Table pad")),
        "description": said(t("The score pad and referee for card games played with real cards.")),
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_LIGHT,
        # One colour only (a manifest has no dark variant): the splash screen is the icon on the
        # table's green, which reads in either theme.
        "background_color": THEME_LIGHT,
        "icons": [
            {
                "src": url_for("static", filename=path),
                "sizes": sizes,
                "type": "image/png",
                "purpose": purpose,
            }
            for path, sizes, purpose in ICONS
        ],
    }


@bp.get("/manifest.webmanifest")
def web_manifest() -> Response:
    """The manifest, as JSON with its own media type."""
    response = Response(
        json.dumps(manifest(), ensure_ascii=False, indent=1),
        mimetype="application/manifest+json",
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker (static/sw.js), served from the app's root: a worker's scope is at
    most the folder it is served from, and the pad's is the whole app (no
    Service-Worker-Allowed header is needed for that)."""
    static = current_app.static_folder
    assert static is not None  # create_app always gives one
    response = send_from_directory(static, "sw.js", mimetype="text/javascript", max_age=0)
    # Checked on every page load: a new version of the pad replaces the old worker at once.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> Response:
    """What the installed pad shows when its server cannot be reached (the worker keeps it)."""
    response = Response(render_template("offline.html"))
    response.headers["Cache-Control"] = "no-cache"
    return response
