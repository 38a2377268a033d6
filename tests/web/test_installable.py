"""The pad as an installable web app: the manifest a phone reads to put the pad on its home
screen, the icons it names, the tags iOS reads, and the service worker, which keeps the static
shell and nothing else (tests/e2e/test_installed_in_browser.py asks Chromium itself)."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.kit.resources import static_dir
from companion.web.install import THEME_DARK, THEME_LIGHT

HARNESS = Path(__file__).with_name("sw_harness.js")
SCOPE = "https://club.example/pad/"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (the IHDR chunk right after the signature)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_has_what_chromium_needs_to_install(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert manifest["name"] == "Table Companion"
    assert manifest["short_name"] == "Table pad"
    assert len(manifest["short_name"]) <= 12  # what a launcher shows under the icon uncut
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "/"
    assert manifest["theme_color"] == manifest["background_color"] == THEME_LIGHT == "#1d5f3a"
    by_purpose = {(icon["purpose"], icon["sizes"]) for icon in manifest["icons"]}
    # Chromium wants a PNG "any" icon of at least 144 px; launchers use 192 and 512.
    assert by_purpose == {("any", "192x192"), ("any", "512x512"), ("maskable", "512x512")}


def test_every_icon_is_the_size_it_says(client: FlaskClient) -> None:
    icons = client.get("/manifest.webmanifest").get_json()["icons"]
    for icon in icons:
        assert icon["type"] == "image/png"
        path = static_dir() / icon["src"].removeprefix("/static/")
        side = int(icon["sizes"].split("x")[0])
        assert png_size(path) == (side, side)
        served = client.get(icon["src"])
        assert served.status_code == 200 and served.mimetype == "image/png"
        served.close()
    assert png_size(static_dir() / "icons" / "apple-touch-icon.png") == (180, 180)


def test_every_page_links_the_manifest_icons_and_both_theme_colours(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in html
    assert '<link rel="icon" href="/static/icons/icon.svg" type="image/svg+xml">' in html
    light = (
        f'<meta name="theme-color" content="{THEME_LIGHT}" media="(prefers-color-scheme: light)">'
    )
    dark = f'<meta name="theme-color" content="{THEME_DARK}" media="(prefers-color-scheme: dark)">'
    assert light in html and dark in html
    assert '<meta name="apple-mobile-web-app-capable" content="yes">' in html
    assert '<meta name="apple-mobile-web-app-title" content="Table pad">' in html
    assert '<meta name="service-worker" content="/sw.js">' in html
    # The colours are the top bar's of each theme (app.css `--accent`).
    css = (static_dir() / "app.css").read_text(encoding="utf-8")
    accents = re.findall(r"--accent: (#[0-9a-f]{6})", css)
    assert accents == [THEME_LIGHT, THEME_DARK]


def test_the_manifest_speaks_the_phones_language(client: FlaskClient) -> None:
    manifest = client.get("/manifest.webmanifest", headers={"Accept-Language": "fr"}).get_json()
    assert manifest["description"] != (
        "The score pad and referee for card games played with real cards."
    )


def test_the_worker_is_served_from_the_root_never_kept_stale(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.get_data() == (static_dir() / "sw.js").read_bytes()
    response.close()


def test_the_offline_page_says_so_and_holds_nothing_of_a_session(client: FlaskClient) -> None:
    response = client.get("/offline")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "The pad&#39;s server can&#39;t be reached" in html
    assert "/s/" not in html and "csrf" not in html.lower()
    assert '<meta http-equiv="refresh" content="10">' in html  # tries again by itself


def shell_of_the_worker() -> list[str]:
    """The SHELL list in static/sw.js, as written."""
    text = (static_dir() / "sw.js").read_text(encoding="utf-8")
    block = re.search(r"var SHELL = \[(.*?)\];", text, re.S)
    assert block is not None
    return re.findall(r'"([^"]+)"', block.group(1))


def test_the_shell_is_static_files_and_the_offline_page_only(client: FlaskClient) -> None:
    shell = shell_of_the_worker()
    assert shell[0] == "offline"
    assert all(path.startswith("static/") for path in shell[1:])
    for path in shell:
        answer = client.get("/" + path)
        assert answer.status_code == 200, path
        answer.close()
    html = client.get("/").get_data(as_text=True)
    for script in re.findall(r'<script src="/([^"]+)"', html):
        assert script in shell  # the page's own scripts open offline too


def worker_run(network: str, *requests: str) -> dict:
    """static/sw.js run in Node (tests/web/sw_harness.js) with a scope under a prefix."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: the worker's own logic is checked in Chromium")
    done = subprocess.run(
        [node, str(HARNESS), str(static_dir() / "sw.js"), SCOPE, network, *requests],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    result: dict = json.loads(done.stdout)
    return result


PAD = "s/0123456789abcdefABCDEF_-0123456789ab"
REQUESTS = (
    f"GET navigate {PAD}",
    f"GET cors {PAD}/live?seen=1-0-0-0",
    f"GET cors {PAD}/qr.svg",
    f"POST cors {PAD}/hands",
    f"POST navigate {PAD}/hands/1",
    "GET no-cors static/app.css",
    "GET cors manifest.webmanifest",
)


def test_the_worker_keeps_only_the_shell_whatever_is_asked() -> None:
    shell = [SCOPE + path for path in shell_of_the_worker()]
    for network in ("up", "down"):
        run = worker_run(network, *REQUESTS)
        assert run["installed"] == shell
        assert set(run["put"]) <= set(shell), run["put"]
        answers = run["answers"]
        # A poll, a QR code, a write, the manifest: the network's business, never the worker's.
        for spec in REQUESTS[1:5] + REQUESTS[6:]:
            assert answers[spec] == "not handled", spec
        if network == "up":
            assert answers[REQUESTS[0]] == f"network {SCOPE}{PAD}"
            assert answers["GET no-cors static/app.css"] == f"network {SCOPE}static/app.css"
            assert run["put"][len(shell) :] == [f"{SCOPE}static/app.css"]
        else:
            # The page is never a kept copy: the offline page stands in for it.
            assert answers[REQUESTS[0]] == f"kept {SCOPE}offline"
            assert answers["GET no-cors static/app.css"] == f"kept {SCOPE}static/app.css"
            assert run["put"] == shell
