"""End-to-end fixtures: the real WSGI server on a temporary database, and a phone-sized Chromium.

The server is the one the players run (`companion serve`, waitress), started once per test run
as a subprocess; the browser is Debian's Chromium, never a downloaded one. Without
/usr/bin/chromium every e2e test is skipped, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.live_server import running_server

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder e2e, and skip them all when there is no Chromium."""
    here = Path(__file__).parent
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} is not installed: the e2e tests need Debian's "
        "Chromium (no browser is ever downloaded)"
    )
    for item in items:
        if here not in Path(str(item.fspath)).parents:
            continue
        item.add_marker(pytest.mark.e2e)
        if not CHROMIUM.exists():
            item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server (`python -m companion serve`) on a fresh database; yields its base URL."""
    folder = tmp_path_factory.mktemp("e2e")
    with running_server(folder / "companion.sqlite3", folder / "server.log") as base_url:
        yield base_url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium, driven by Playwright (one for the whole run)."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A fresh phone (390×844, touch, its own cookies) whose relative URLs go to the server."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=server)
    context.set_default_timeout(5_000)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def second_phone(browser: Browser, server: str) -> Iterator[Page]:
    """Another phone at the table: its own context, so its own cookies."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=server)
    context.set_default_timeout(5_000)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="session")
def screens() -> Path:
    """The folder the screenshots and the summary PDF go to (git-ignored, for the lead)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    return SCREENS


def start_game(
    page: Page,
    game: str,
    names: list[str],
    *,
    options: dict[str, str] | None = None,
    screenshot: Path | None = None,
) -> str:
    """Start a session through /new as a player does: tap the game and the player count, type
    the names, pick house rules (select values by option key); returns the pad's URL."""
    page.goto("/new")
    page.locator("label.chip", has_text=game).click()
    page.wait_for_load_state("networkidle")  # the game's counts and seats come from the server
    page.locator(f"label.chip:has(input[name=players][value='{len(names)}'])").click()
    # The game's seats and house rules come from the server: one name box per seat.
    page.wait_for_load_state("networkidle")
    expect(page.locator(".name-row input")).to_have_count(len(names))
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    for key, value in (options or {}).items():
        choice = page.locator(f"label.chip:has(input[name='{key}'][value='{value}'])")
        box = page.locator(f"input[type=checkbox][name='{key}']")
        if choice.count():
            choice.click()
        elif box.count():  # a yes/no house rule: any value but "" ticks it
            box.set_checked(bool(value))
        else:
            page.locator(f"[name='{key}']").select_option(value)
    if screenshot is not None:
        page.screenshot(path=str(screenshot))
    page.get_by_role("button", name="Start the session").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    return page.url
