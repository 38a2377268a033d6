"""What leaves the server about a session: the cookie names the device, never a session link;
pages that carry a link are never cached."""

from __future__ import annotations

import base64
import json
import zlib

from flask.testing import FlaskClient

from tests.web.conftest import FOUR, start
from tests.web.test_event_pages import create


def cookie_payload(client: FlaskClient) -> str:
    """The session cookie's readable payload (Flask signs its cookie; it does not hide it)."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    value = cookie.value
    compressed = value.startswith(".")
    body = value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return (zlib.decompress(raw) if compressed else raw).decode()


def test_the_cookie_carries_no_session_link(client: FlaskClient) -> None:
    urls = [start(client, FOUR) for _ in range(3)]
    for url in urls:
        client.get(url)
    payload = cookie_payload(client)
    assert "device" in json.loads(payload)
    for url in urls:
        assert url.rsplit("/", 1)[1] not in payload


def test_home_still_lists_the_sessions_this_device_opened(client: FlaskClient) -> None:
    first = start(client, ["Ann", "Bob", "Cid", "Dee"])
    second = start(client, ["Eve", "Fay", "Gus", "Hal"])
    home = client.get("/").get_data(as_text=True)
    assert first.rsplit("/", 1)[1] in home and second.rsplit("/", 1)[1] in home
    assert home.index("Eve") < home.index("Ann")  # newest first


def test_another_device_sees_none_of_them(client: FlaskClient, app) -> None:
    start(client, FOUR)
    stranger = app.test_client()
    assert "Ann" not in stranger.get("/").get_data(as_text=True)


def test_pages_with_a_session_link_are_not_cached(client: FlaskClient) -> None:
    url = start(client, FOUR)
    for path in ("/", url, url + "/summary", url + "/history"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
    director = create(client)  # the club's pages carry a director's key
    for path in ("/events", director, f"{director}/movement", f"{director}/money", "/seasons"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
    with client.get("/static/app.css") as static:  # a file answer: closed, or it warns
        assert "no-store" not in static.headers.get("Cache-Control", "")
