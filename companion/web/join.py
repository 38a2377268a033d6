"""Joining a session from another phone: the session page shows (folded) a QR code of its own
link, as the phone already in sees it, and a copy-link button; the phone that opens the link
finds the session on its home page afterwards (common.remember)."""

from __future__ import annotations

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, url_for

from companion.web.service_door import get_service

bp = Blueprint("join", __name__)


def qr_svg(text: str) -> str:
    """`text` as a QR code drawn in SVG (one path, scaled by the page's CSS)."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return str(image.to_string(encoding="unicode"))


@bp.get("/s/<token>/qr.svg")
def session_qr(token: str) -> Response:
    """The QR code of the session's link, with the address this phone used to reach it (the
    server's LAN address, when the phone came over the LAN)."""
    if get_service().sessions.get(token) is None:
        abort(404)
    link = url_for("sessions.show", token=token, _external=True)
    response = Response(qr_svg(link), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response
