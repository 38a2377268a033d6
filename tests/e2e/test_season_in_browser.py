"""A club's season in the browser against the real server: three French Tarot evenings played
beforehand (through the service, on the server's file), the season made by its form (a bad
form refused first), its evenings added, its table opened line by line, printed, and a night's
money set; every page checked by axe-core in the light and the dark theme. Screenshots at
390×844 and the printed table as a PDF go to /tmp/season-screens (outside the repository)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.test_access_in_browser import violations
from tests.live_server import running_server
from tests.service.test_seasons import ORDERED, evening

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/season-screens")


@pytest.fixture(scope="module")
def season_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A file with three French Tarot club nights already played (A–E, four at a table)."""
    database = tmp_path_factory.mktemp("season") / "companion.sqlite3"
    with Store(database, migrate=True) as store:
        for names in ("ABCD", "BACE", "ACDB"):
            evening(store, "french-tarot", names, ORDERED)
    return database


@pytest.fixture(scope="module")
def season_server(season_file: Path) -> Iterator[str]:
    """A server of its own on that file."""
    with running_server(season_file, season_file.parent / "server.log") as base_url:
        yield base_url


@pytest.fixture
def page(browser: Browser, season_server: str) -> Iterator[Page]:
    """The season director's phone."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, base_url=season_server
    )
    context.set_default_timeout(5_000)
    yield context.new_page()
    context.close()


def shot(page: Page, name: str) -> None:
    """A screenshot of the page as a phone shows it (its first screen), for a person to look at."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_season_in_the_browser_passes_axe_and_prints(page: Page) -> None:
    found: list[str] = []
    page.goto("/seasons")
    found += violations(page, "seasons")
    page.get_by_label("Name of the season").fill("")
    page.get_by_role("button", name="Make the season").click()
    expect(page.locator("#err-name")).to_be_visible()
    found += violations(page, "new season refused")
    page.get_by_label("Name of the season").fill("Tarot 2025")
    page.get_by_label("Game").select_option("french-tarot")
    page.get_by_label("Evenings played to be ranked").fill("2")
    page.get_by_label("The best N evenings").check()
    page.get_by_label("N: the best evenings that count").fill("2")
    page.get_by_label("Placing points (last place 1)").check()
    page.get_by_role("button", name="Make the season").click()
    expect(page.get_by_role("heading", name="Add an evening")).to_be_visible()
    for _ in range(3):
        page.get_by_role("button", name="Add to the season").click()
    expect(page.get_by_text("No club night of this game outside a season.")).to_be_visible()
    # Placing points, the best two of three: A 4, 3, 4 (one 3 dropped), B 3, 4, 1, C 2, 1, 3;
    # D 1 and 2, E 2: E at one evening is listed apart.
    expect(page.locator("table.season-table del")).to_have_count(3)
    found += violations(page, "season, director")
    shot(page, "season-director")
    follower = page.get_by_role("link", name="Followers’ link (read-only)").get_attribute("href")
    assert follower is not None
    page.goto(follower)
    page.locator("table.season-table summary", has_text="A").first.click()
    expect(page.get_by_text("place 1 of 4, total 382").first).to_be_visible()
    found += violations(page, "season, followers, a line open")
    shot(page, "season-follower")
    page.goto(f"{follower}/print")
    found += violations(page, "season, printed")
    page.emulate_media(media="print")
    SHOTS.mkdir(exist_ok=True)
    page.pdf(path=str(SHOTS / "season.pdf"), format="A4", print_background=True)
    page.emulate_media(media="screen")
    page.goto("/events")
    director = page.locator("a", has_text="Club").first.get_attribute("href")
    assert director is not None  # the followers' page of a night: its director's key is not here
    found += violations(page, "events with the seasons' link")
    assert not found, "\n".join(found)


def test_the_money_page_passes_axe(page: Page, season_file: Path) -> None:
    with Store(season_file) as store:
        key = store.events.all()[0].key
    page.goto(f"/e/{key}/money")
    found = violations(page, "money, empty")
    page.get_by_label("Start fee").fill("ten")
    page.get_by_role("button", name="Save the money").click()
    expect(page.locator("#err-start_fee")).to_be_visible()
    found += violations(page, "money, refused")
    page.get_by_label("Start fee").fill("10")
    page.get_by_label("Per cent of the money paid in").check()
    page.get_by_label("Per cent paid out (the rest is kept for the season)").fill("75")
    page.get_by_label("Prizes by place").fill("50 30 20")
    page.get_by_role("button", name="Save the money").click()
    # 4 × 10.00 = 40.00 paid in; 37.5 %, 22.5 %, 15 %: 15.00, 9.00, 6.00; 10.00 kept.
    expect(page.get_by_text("Paid in 40.00 = prizes 30.00 + kept 10.00")).to_be_visible()
    found += violations(page, "money, the cashier's sheet")
    shot(page, "season-money")
    assert not found, "\n".join(found)
