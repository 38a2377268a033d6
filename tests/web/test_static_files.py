"""The static files as a phone's browser fetches them (companion/web/static_files.py): each text
file packed once, tightly, as the browser accepts; revalidated with a 304; anything else sent
as Flask sends it."""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from companion.web import static_files

STATIC = Path(__file__).resolve().parents[2] / "static"
PHONE = "gzip, deflate, br, zstd"  # what Chrome and Firefox send today


def fetched(client: FlaskClient, path: str, **headers: str) -> TestResponse:
    """A static file's answer read in full and closed (a file sent as it is stays open until
    the server closes the answer, as a WSGI server does)."""
    answer = client.get(
        path, headers={key.replace("_", "-"): value for key, value in headers.items()}
    )
    answer.get_data()
    answer.close()
    return answer


def test_a_stylesheet_comes_in_brotli_and_unpacks_to_the_file(client: FlaskClient) -> None:
    answer = fetched(client, "/static/app.css", Accept_Encoding=PHONE)
    assert answer.status_code == 200
    assert answer.headers["Content-Encoding"] == "br"
    assert answer.mimetype == "text/css"
    assert "Accept-Encoding" in answer.headers["Vary"]
    body = answer.get_data()
    assert brotli.decompress(body) == (STATIC / "app.css").read_bytes()
    # packed at brotli's tightest: smaller than the fast level pages are packed at
    assert len(body) < len(brotli.compress((STATIC / "app.css").read_bytes(), quality=4))


def test_a_browser_without_brotli_gets_gzip_and_one_without_either_the_file(
    client: FlaskClient,
) -> None:
    script = (STATIC / "app.js").read_bytes()
    zipped = fetched(client, "/static/app.js", Accept_Encoding="gzip")
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.get_data()) == script
    plain = fetched(client, "/static/app.js", Accept_Encoding="identity")
    assert plain.headers.get("Content-Encoding") is None
    assert plain.get_data() == script


def test_a_revalidation_gets_a_304_and_each_packing_has_its_own_tag(client: FlaskClient) -> None:
    first = fetched(client, "/static/app.css", Accept_Encoding="br")
    again = fetched(
        client, "/static/app.css", Accept_Encoding="br", If_None_Match=first.headers["ETag"]
    )
    assert again.status_code == 304
    assert again.get_data() == b""
    zipped = fetched(client, "/static/app.css", Accept_Encoding="gzip")
    assert zipped.headers["ETag"] != first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"


def test_an_icon_is_sent_as_it_is(client: FlaskClient) -> None:
    answer = fetched(client, "/static/icons/icon-192.png", Accept_Encoding=PHONE)
    assert answer.status_code == 200
    assert answer.headers.get("Content-Encoding") is None
    assert answer.get_data() == (STATIC / "icons" / "icon-192.png").read_bytes()


def test_no_file_and_no_way_out_of_the_folder(client: FlaskClient) -> None:
    for path in ("/static/nothing.css", "/static/../pyproject.toml", "/static/%2e%2e/README.md"):
        answer = fetched(client, path, Accept_Encoding=PHONE)
        assert answer.status_code == 404, path


def test_a_file_is_packed_once_and_again_when_it_changes(app: Flask, tmp_path: Path) -> None:
    """Kept by the file's modification time and size: an edited file is packed anew."""
    app.static_folder = str(tmp_path)
    style = tmp_path / "look.css"
    style.write_text("body { color: red }\n" * 40)
    client = app.test_client()
    static_files.packed.cache_clear()
    first = fetched(client, "/static/look.css", Accept_Encoding="br")
    fetched(client, "/static/look.css", Accept_Encoding="br")
    assert static_files.packed.cache_info().misses == 1
    assert static_files.packed.cache_info().hits == 1
    style.write_text("body { color: blue }\n" * 50)
    second = fetched(client, "/static/look.css", Accept_Encoding="br")
    assert brotli.decompress(first.get_data()) == b"body { color: red }\n" * 40
    assert brotli.decompress(second.get_data()) == b"body { color: blue }\n" * 50
    assert static_files.packed.cache_info().misses == 2
