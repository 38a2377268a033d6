"""The static files (stylesheets, scripts, the SVG icon) as a phone's browser fetches them:
each text file packed once, as tightly as brotli (or gzip) packs it, and kept for the server's
life, instead of packed again at every request.

Flask-Compress packs every page and fragment as it is made, at the fast levels made for that
(zstd 3, brotli 4); the files here never change while the server runs, so they are worth the
slowest, tightest packing once: the pad's first load is then about 28 KB instead of 30, and a
page load costs the server no packing of its 87 KB of CSS and script (docs/design.md,
"Compression"; bench/README.md).
"""

from __future__ import annotations

import gzip
import mimetypes
import os
from datetime import UTC, datetime
from functools import lru_cache

import brotli
from flask import Flask, Response, current_app, request
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

PACKED_TYPES = frozenset({"text/css", "text/javascript", "application/javascript", "image/svg+xml"})
"""The static files worth packing: text. The PNG icons are sent as they are."""

ENCODINGS = ("br", "gzip")
"""The packings offered, the tighter first; a browser accepting neither gets the file as is."""

FILES_KEPT = 64  # (file, packing) pairs kept: every file of static/ in both packings, and more


def init_static_files(app: Flask) -> None:
    """Serve the app's static folder through `static_file` (the route and its name stay
    Flask's own, so `url_for('static', ...)` is unchanged)."""
    app.view_functions["static"] = static_file


def static_file(filename: str) -> Response:
    """A static file: a text file packed once as the browser accepts it (`packed`), anything
    else as Flask sends it. Conditional as Flask's: a browser revalidating gets a 304."""
    folder = current_app.static_folder
    path = safe_join(folder, filename) if folder else None
    mimetype = mimetypes.guess_type(filename)[0]
    encoding = chosen_encoding()
    if path is None or not os.path.isfile(path) or mimetype not in PACKED_TYPES or not encoding:
        return current_app.send_static_file(filename)
    stamp = os.stat(path)
    try:
        body = packed(path, stamp.st_mtime_ns, stamp.st_size, encoding)
    except OSError as error:  # gone or unreadable between the check and the read
        raise NotFound() from error
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Encoding"] = encoding  # Flask-Compress leaves it as it is
    response.vary.add("Accept-Encoding")
    response.set_etag(f"{stamp.st_mtime_ns:x}-{stamp.st_size:x}-{encoding}")
    response.last_modified = datetime.fromtimestamp(stamp.st_mtime, UTC)
    response.cache_control.no_cache = True  # as Flask's own: revalidated, then a 304
    response.make_conditional(request)  # in place: a 304 without its body when it matches
    return response


def chosen_encoding() -> str | None:
    """The tightest packing this request's browser accepts (`ENCODINGS`), None for none."""
    accepted = request.accept_encodings
    return next((encoding for encoding in ENCODINGS if accepted[encoding]), None)


@lru_cache(maxsize=FILES_KEPT)
def packed(path: str, modified_ns: int, size: int, encoding: str) -> bytes:
    """The file at `path` packed with `encoding` at its tightest, once per version of the file
    (its modification time and size are part of the key: an edited file is packed again)."""
    with open(path, "rb") as file:
        data = file.read()
    if encoding == "br":
        packed_data: bytes = brotli.compress(data, quality=11)
        return packed_data
    return gzip.compress(data, compresslevel=9, mtime=0)
