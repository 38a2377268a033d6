"""End-to-end fixtures: the real WSGI server on a temporary database, and a phone-sized Chromium.

The server is the one the players run (`companion serve`, waitress), started once per test run
as a subprocess; the browser is Debian's Chromium, never a downloaded one. Without
/usr/bin/chromium every e2e test is skipped, with the reason.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
PROJECT_ROOT = Path(__file__).resolve().parents[2]
SCREENS = PROJECT_ROOT / "out" / "screens"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_SECONDS = 20.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder e2e, and skip them all when there is no Chromium."""
    here = Path(__file__).parent
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed: the e2e tests need Debian's "
                                   "Chromium (no browser is ever downloaded)")
    for item in items:
        if here not in Path(str(item.fspath)).parents:
            continue
        item.add_marker(pytest.mark.e2e)
        if not CHROMIUM.exists():
            item.add_marker(skip)


def free_port() -> int:
    """A TCP port nobody listens on right now (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_healthy(base_url: str, process: subprocess.Popen, timeout: float) -> None:
    """Poll /healthz until it answers "ok"; fail early if the server process died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = process.stdout.read() if process.stdout else ""
            raise RuntimeError(f"the server exited with {process.returncode}:\n{output}")
        try:
            with urllib.request.urlopen(f"{base_url}/healthz", timeout=1) as answer:
                if answer.status == 200 and answer.read() == b"ok":
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.05)
    raise RuntimeError(f"the server did not answer {base_url}/healthz within {timeout} s")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server (`python -m companion serve`) on a fresh database; yields its base URL."""
    database = tmp_path_factory.mktemp("e2e") / "companion.sqlite3"
    port = free_port()
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--db", str(database)]
    process = subprocess.Popen(command, cwd=PROJECT_ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base_url, process, SERVER_START_SECONDS)
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium, driven by Playwright (one for the whole run)."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A fresh phone (390×844, touch, its own cookies) whose relative URLs go to the server."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  base_url=server)
    context.set_default_timeout(5_000)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture(scope="session")
def screens() -> Path:
    """The folder the screenshots and the summary PDF go to (git-ignored, for the lead)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    return SCREENS
