"""Comfort at the table, in Debian's Chromium against the real server: a dark theme that
follows the system, the screen kept awake while a pad is open, and standings that never clip
a five-digit score at six players on a 360-px-wide phone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.contract.registry import get
from companion.contract.values import State
from companion.engine.replay import check_entry, make_setup
from companion.store import Store
from tests.e2e.conftest import start_game
from tests.live_server import running_server

pytestmark = pytest.mark.e2e

NARROW = {"width": 360, "height": 740}
SIX = ["Annabel", "Bartholomew", "Cat", "Dee", "Evangeline", "Fay"]
HANDS = 17
COUNTS = (600, 593, 586, 579, 572, 565)
"""Tarocchini by the points (each pile's own count: the text's "the player with the highest
score wins"): 17 hands of these counts make 10,200, 10,081, 9,962, 9,843, 9,724 and 9,605."""


def test_the_dark_theme_follows_the_system(browser: Browser, server: str, screens: Path) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=server, color_scheme="dark"
    )
    page = context.new_page()
    start_game(page, "War", ["Ann", "Bob"])
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    ink = page.evaluate("getComputedStyle(document.documentElement).color")
    assert background == "rgb(20, 23, 26)"  # --bg in the dark theme
    assert ink == "rgb(232, 234, 237)"  # --ink in the dark theme
    page.screenshot(path=str(screens / "dark-theme.png"), full_page=True)
    context.close()


def test_the_light_theme_is_the_default(page: Page) -> None:
    start_game(page, "War", ["Ann", "Bob"])
    assert (
        page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        == "rgb(244, 241, 234)"
    )  # --bg in the light theme


def test_the_screen_is_kept_awake_on_the_pad(page: Page) -> None:
    start_game(page, "War", ["Ann", "Bob"])
    expect(page.locator("html")).to_have_attribute("data-awake", "1")
    page.goto("/")  # the home page asks for no lock
    expect(page.locator("html")).not_to_have_attribute("data-awake", "1")


@pytest.fixture
def six_at_ten_thousand(tmp_path: Path) -> Iterator[str]:
    """A server whose one session is six Tarocchini players after 17 hands; yields its URL."""
    database = tmp_path / "six.sqlite3"
    game = get("tarocchini")
    with Store(str(database), migrate=True) as store:
        setup, problems = make_setup("tarocchini", SIX, {})
        assert not problems
        token = store.sessions.create(setup)
        raw = {"method": "points", **{f"count_{i}": count for i, count in enumerate(COUNTS)}}
        for number in range(1, HANDS + 1):
            checked = check_entry(game, State(setup), raw)
            assert checked.ok, checked.problems
            store.hands.add(token, number, dict(checked.entry), COUNTS)
    with running_server(database, tmp_path / "server.log") as base_url:
        yield f"{base_url}/s/{token}"


def test_six_five_digit_scores_fit_a_narrow_phone(
    browser: Browser, six_at_ten_thousand: str, screens: Path
) -> None:
    context = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(six_at_ten_thousand)
    totals = page.locator("#standings .total")
    expect(totals).to_have_text(["10200", "10081", "9962", "9843", "9724", "9605"])
    clipped = page.evaluate("""() => [...document.querySelectorAll('#standings .seat')]
        .filter(seat => seat.scrollWidth > seat.clientWidth + 1
                || seat.querySelector('.total').scrollWidth > seat.clientWidth)
        .map(seat => seat.textContent.trim())""")
    assert clipped == []
    page.screenshot(path=str(screens / "six-five-digits-360.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    context.close()
