"""The pad behind a reverse proxy (Caddy, nginx) that answers over HTTPS, maybe under a path
prefix (`https://club.example/pad/`).

`companion serve --behind-proxy`, `COMPANION_BEHIND_PROXY=1` or the app setting `BEHIND_PROXY`
trusts the proxy's X-Forwarded-For, -Proto, -Host and -Prefix headers (Werkzeug's ProxyFix, one
proxy in front): every address the pad builds with `url_for` (links, forms, redirects, the QR
code's link, the manifest) is then the one the phones use. Without it those headers are
ignored, as they must be when phones reach the pad directly: anyone could send them.
"""

from __future__ import annotations

import os

from flask import Flask, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

ENVIRONMENT_SETTING = "COMPANION_BEHIND_PROXY"
YES = frozenset({"1", "true", "yes", "on"})


def proxy_wanted(app: Flask) -> bool:
    """Whether this app trusts a proxy's headers: its `BEHIND_PROXY` setting, else the
    environment's (for `create_app()` under gunicorn)."""
    setting = app.config.get("BEHIND_PROXY")
    if setting is None:
        setting = os.environ.get(ENVIRONMENT_SETTING, "").strip().lower() in YES
    return bool(setting)


def trust_the_proxy(app: Flask) -> None:
    """Read the address, scheme, host and path prefix the phones used from one proxy's headers
    (once: asked twice, by the setting and by `serve --behind-proxy`, it wraps the app once)."""
    if isinstance(app.wsgi_app, ProxyFix):
        return
    app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
        app.wsgi_app, x_for=1, x_proto=1, x_host=1, x_prefix=1
    )


class HttpsAwareSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, whose cookie is marked Secure when the request came over
    HTTPS (the proxy says so) as well as when SESSION_COOKIE_SECURE says always: the same pad
    serves the LAN over plain HTTP, where a Secure cookie would never come back."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure by the setting, or because this request is HTTPS."""
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)


def init_proxy(app: Flask) -> None:
    """Trust the proxy when asked; mark cookies Secure over HTTPS in any case."""
    if proxy_wanted(app):
        trust_the_proxy(app)
    app.session_interface = HttpsAwareSessions()
