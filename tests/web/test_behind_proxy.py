"""The pad behind a reverse proxy that serves it over HTTPS under a path prefix
(`https://club.example/pad/`): with `BEHIND_PROXY` every link, form, script, redirect and the
QR code's link carries the prefix and the proxy's host and scheme, and cookies are Secure.

The proxy is played by the headers it sends: it strips `/pad` from the path and says so in
X-Forwarded-Prefix, as Caddy's `handle_path` and nginx's `proxy_pass .../;` do (README.md).
"""

from __future__ import annotations

import re
from collections import deque
from html import unescape
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect

from companion.web.join import qr_svg
from tests.web.conftest import FOUR, GARDE_47, phone_app

PREFIX = "/pad"
HOST = "club.example"
OUTSIDE = f"https://{HOST}{PREFIX}"
FORWARDED = {
    "HTTP_X_FORWARDED_FOR": "203.0.113.7",
    "HTTP_X_FORWARDED_PROTO": "https",
    "HTTP_X_FORWARDED_HOST": HOST,
    "HTTP_X_FORWARDED_PREFIX": PREFIX,
}
ADDRESS = re.compile(r'\s(href|src|action|formaction|hx-get|hx-post|content)="([^"]*)"')
POSTED = re.compile(r'<form[^>]*method="post"[^>]*action="([^"]*)"')
"""Every attribute that holds an address of the pad (`content` for the service worker's meta)."""


def proxied_client(db_path: Path, **config: object) -> FlaskClient:
    """A phone reaching the pad through the proxy: every request carries its headers."""
    app = phone_app(
        {"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False}
        | {"BEHIND_PROXY": True}
        | config
    )
    client = app.test_client()
    client.environ_base.update(FORWARDED)
    return client


def inside(address: str) -> str:
    """The path the proxy forwards for an address the phone uses (the prefix taken off)."""
    address = address.removeprefix(f"https://{HOST}")
    assert address.startswith(PREFIX + "/"), address
    return address[len(PREFIX) :]


def addresses(html: str) -> list[tuple[str, str]]:
    """The pad's own addresses on a page: (attribute, address), fragments-only left out."""
    found = [(kind, unescape(value)) for kind, value in ADDRESS.findall(html)]
    return [
        (kind, value)
        for kind, value in found
        if (kind != "content" or value.endswith(".js"))
        and not value.startswith(("#", "data:"))
        and value != ""
    ]


def started(client: FlaskClient) -> str:
    """A French Tarot session started through the proxy, one hand saved; the pad's address."""
    data = {"game": "french-tarot", "players": "4"}
    data |= {f"name-{seat}": name for seat, name in enumerate(FOUR)}
    response = client.post("/new", data=data)
    assert response.status_code == 303
    pad = response.headers["Location"]
    assert pad.startswith(PREFIX + "/s/") or pad.startswith(OUTSIDE + "/s/"), pad
    saved = client.post(inside(pad) + "/hands", data=GARDE_47)
    assert saved.status_code == 303
    assert saved.headers["Location"].startswith((PREFIX + "/s/", OUTSIDE + "/s/"))
    return pad


def routed(app: Flask, path: str, method: str) -> bool:
    """Whether the app has a route for `method` at `path` (a POST is not sent blind)."""
    try:
        app.url_map.bind(HOST).match(path.split("?")[0], method=method)
    except (NotFound, MethodNotAllowed, RequestRedirect):
        return False
    return True


def test_every_address_on_the_pad_pages_carries_the_prefix_and_answers(db_path: Path) -> None:
    client = proxied_client(db_path)
    pad = started(client)
    queue, seen, posts = deque([inside(pad)]), {inside(pad)}, set()
    pages = 0
    while queue:
        path = queue.popleft()
        response = client.get(path)
        html = response.get_data(as_text=True) if response.mimetype == "text/html" else ""
        response.close()  # a static file's answer holds the file open until closed
        if response.status_code == 303:  # the language links come back to the page
            assert response.headers["Location"].startswith((PREFIX + "/", OUTSIDE + "/"))
            continue
        # 204: the live poll, up to date (the pad just drew the latest version)
        assert response.status_code in (200, 204), (path, response.status_code)
        pages += 1
        posted = {unescape(action) for action in POSTED.findall(html)}
        for kind, address in addresses(html):
            assert address.startswith((PREFIX + "/", OUTSIDE + "/")), (path, kind, address)
            target = inside(address).split("#")[0]
            if kind in ("hx-post", "formaction") or (kind == "action" and address in posted):
                posts.add(target)
            elif target.startswith("/language/") and path != inside(pad):
                continue  # followed from the pad only: every page has four
            elif target not in seen and len(seen) < 150:
                seen.add(target)
                queue.append(target)
    # The pad, its summary, history, correction, settlement and chart, the rules, the stats,
    # the players, the static files, the manifest, the worker, the QR code...
    assert pages >= 25
    assert {"/static/app.css", "/static/app.js", "/sw.js", "/manifest.webmanifest"} <= seen
    token = inside(pad).split("/")[2]
    assert {f"/s/{token}/hands/1", f"/s/{token}/history", f"/s/{token}/qr.svg"} <= seen
    for target in posts:
        assert routed(client.application, target, "POST"), target


def test_every_form_posts_under_the_prefix(db_path: Path) -> None:
    client = proxied_client(db_path)
    pad = started(client)
    html = client.get(inside(pad)).get_data(as_text=True)
    forms = re.findall(r'<form[^>]*method="post"[^>]*action="([^"]*)"', html)
    assert len(forms) >= 3  # the entry, the undo, the end of the session at least
    for action in forms:
        assert unescape(action).startswith(PREFIX + "/s/"), action
        assert routed(client.application, inside(unescape(action)), "POST"), action


def test_the_qr_code_and_the_manifest_use_the_address_the_phones_use(db_path: Path) -> None:
    client = proxied_client(db_path)
    pad = started(client)
    token = inside(pad).split("/")[2]
    drawn = client.get(f"/s/{token}/qr.svg").get_data(as_text=True)
    assert drawn == qr_svg(f"{OUTSIDE}/s/{token}")
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert f'id="join-link" type="text" readonly value="{OUTSIDE}/s/{token}"' in page
    manifest = client.get("/manifest.webmanifest").get_json()
    assert manifest["start_url"] == manifest["scope"] == PREFIX + "/"
    assert [icon["src"] for icon in manifest["icons"]] == [
        f"{PREFIX}/static/icons/icon-192.png",
        f"{PREFIX}/static/icons/icon-512.png",
        f"{PREFIX}/static/icons/icon-maskable-512.png",
    ]


def test_choosing_a_language_comes_back_under_the_prefix(db_path: Path) -> None:
    client = proxied_client(db_path)
    pad = started(client)
    response = client.get(f"/language/fr?next={inside(pad)}")
    assert response.status_code == 303
    assert response.headers["Location"] in (pad, OUTSIDE + inside(pad), PREFIX + inside(pad))
    assert "Secure" in response.headers["Set-Cookie"]
    fallback = client.get("/language/de?next=https://elsewhere.example/")
    assert fallback.headers["Location"] in (PREFIX + "/", OUTSIDE + "/")


def test_cookies_are_secure_over_https_only(db_path: Path) -> None:
    client = proxied_client(db_path)
    started(client)  # a session on this phone: the signed cookie is set
    cookie = client.get("/").headers.get("Set-Cookie") or client.post(
        "/new", data={"game": "war", "players": "2", "name-0": "Ann", "name-1": "Bob"}
    ).headers.get("Set-Cookie", "")
    assert "Secure" in cookie and "HttpOnly" in cookie
    plain = proxied_client(db_path)
    plain.environ_base["HTTP_X_FORWARDED_PROTO"] = "http"
    response = plain.post(
        "/new", data={"game": "war", "players": "2", "name-0": "Ann", "name-1": "Bob"}
    )
    assert "session=" in response.headers["Set-Cookie"]
    assert "Secure" not in response.headers["Set-Cookie"]


def test_a_form_posted_over_https_with_its_token_is_accepted(db_path: Path) -> None:
    """Flask-WTF's extra HTTPS check wants a Referer, which the pad never sends (no-referrer):
    the token must be enough, or every save behind an HTTPS proxy would be refused."""
    client = proxied_client(db_path, WTF_CSRF_ENABLED=True)
    page = client.get("/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    data = {"csrf_token": token.group(1), "game": "war", "players": "2"}
    response = client.post("/new", data=data | {"name-0": "Ann", "name-1": "Bob"})
    assert response.status_code == 303
    assert response.headers["Location"].startswith((PREFIX + "/s/", OUTSIDE + "/s/"))


def test_without_the_setting_the_forwarded_headers_are_ignored(db_path: Path) -> None:
    """Phones that reach the pad directly could send any header: only a proxy is trusted."""
    client = proxied_client(db_path, BEHIND_PROXY=False)
    html = client.get("/").get_data(as_text=True)
    assert 'href="/static/app.css"' in html
    assert PREFIX not in html
    response = client.post(
        "/new", data={"game": "war", "players": "2", "name-0": "Ann", "name-1": "Bob"}
    )
    assert response.headers["Location"].startswith("/s/")
    assert "Secure" not in response.headers["Set-Cookie"]


def test_the_real_server_trusts_the_proxy_with_the_flag_only(tmp_path: Path) -> None:
    """`companion serve --behind-proxy` (waitress, as the players run it) answers with the
    prefix the proxy names; the same server without the flag ignores the header."""
    import urllib.request

    from tests.live_server import running_server

    headers = {"X-Forwarded-Prefix": PREFIX, "X-Forwarded-Proto": "https"}
    for options, expected in (
        (["--behind-proxy"], f'href="{PREFIX}/static/app.css"'),
        ([], 'href="/static/app.css"'),
    ):
        database = tmp_path / f"pad{len(options)}.sqlite3"
        with running_server(database, tmp_path / "server.log", options=options) as base:
            request = urllib.request.Request(base + "/", headers=headers)
            with urllib.request.urlopen(request, timeout=10) as answer:
                assert expected in answer.read().decode()


def test_the_environment_can_ask_for_the_proxy(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`COMPANION_BEHIND_PROXY=1`: for `create_app()` under gunicorn, which takes no flag."""
    monkeypatch.setenv("COMPANION_BEHIND_PROXY", "1")
    app = phone_app({"DATABASE": str(db_path), "TESTING": True})
    client = app.test_client()
    client.environ_base.update(FORWARDED)
    assert f'href="{PREFIX}/static/app.css"' in client.get("/").get_data(as_text=True)
    monkeypatch.setenv("COMPANION_BEHIND_PROXY", "0")
    again = phone_app({"DATABASE": str(db_path), "TESTING": True}).test_client()
    again.environ_base.update(FORWARDED)
    assert 'href="/static/app.css"' in again.get("/").get_data(as_text=True)
