"""A small club night in the browser against the real server: the director creates an event of
four at two tables of War, draws and starts the round; a table saves a game on its own phone and
the director's room shows it without a reload; the big screen at 1920×1080 (out/screens)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.test_access_in_browser import violations
from tests.live_server import running_server

pytestmark = pytest.mark.e2e

ROOM_WITHIN_MS = 7_000  # the room asks every 5 s, and the answer's round trip


@pytest.fixture(scope="module")
def club_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: the event's players join this file's roster, not the shared one
    whose player numbers other browser tests count on."""
    folder = tmp_path_factory.mktemp("club")
    with running_server(folder / "companion.sqlite3", folder / "server.log") as base_url:
        yield base_url


def phone(browser: Browser, server: str) -> Iterator[Page]:
    """A phone on the club's server: its own context, so its own cookies."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=server)
    context.set_default_timeout(5_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def page(browser: Browser, club_server: str) -> Iterator[Page]:
    """The director's phone."""
    yield from phone(browser, club_server)


@pytest.fixture
def table_phone(browser: Browser, club_server: str) -> Iterator[Page]:
    """A phone at a table."""
    yield from phone(browser, club_server)


def test_a_club_night_of_two_tables(
    page: Page, table_phone: Page, browser: Browser, club_server: str, screens: Path
) -> None:
    page.goto("/events/new")
    page.screenshot(path=str(screens / "club-night-new.png"), full_page=True)
    page.locator("label.chip", has_text="War").first.click()
    page.wait_for_load_state("networkidle")  # the game's sizes and rules come from the server
    page.get_by_label("Name of the event").fill("Friday War")
    page.get_by_label("Rounds", exact=True).fill("1")
    page.get_by_label("Deals per player", exact=False).fill("2")
    page.get_by_label("Other entrants, one name a line").fill("Ann\nBob\nCat\nDan")
    page.get_by_role("button", name="Create the event").click()
    page.get_by_role("button", name="Draw round 1").click()
    expect(page.locator("ol.draw li")).to_have_count(2)
    page.get_by_role("button", name="Start round 1").click()
    rows = page.locator("table.room tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("0 of 4")
    table_link = page.locator("table.room tbody tr").nth(0).locator("a").get_attribute("href")
    assert table_link is not None and table_link.startswith("/s/")
    players = rows.nth(0).locator("td.what").first.inner_text().split(", ")

    # The director opens a player's line; it stays open while the room refreshes.
    page.locator("ol.ranking details summary").last.click()
    opened = page.locator("ol.ranking details[open]")
    expect(opened).to_have_count(1)
    entrant = opened.get_attribute("data-entrant")

    table_phone.goto(table_link)
    expect(table_phone.locator(".event-line")).to_contain_text("round 1, table 1 · deal 1 of 4")
    table_phone.locator(f"#field-winner label.chip:has-text('{players[1]}')").click()
    table_phone.get_by_role("button", name="Save hand 1").click()
    expect(table_phone.locator("#toast")).to_contain_text("Hand 1 saved")

    # The director's room updates by itself: table 1 has played 1 of its 4 deals, and the
    # winner of that game leads the ranking with 1.
    expect(rows.nth(0)).to_contain_text("1 of 4", timeout=ROOM_WITHIN_MS)
    first = page.locator("ol.ranking > li").first
    expect(first.locator(".name")).to_contain_text(players[1])
    expect(first.locator(".total")).to_have_text("1")
    expect(page.locator(f"ol.ranking details[data-entrant='{entrant}']")).to_have_attribute(
        "open", ""
    )
    page.screenshot(path=str(screens / "club-night-director.png"), full_page=True)

    follower = page.get_by_role("link", name="Followers’ link (read-only)").get_attribute("href")
    assert follower is not None
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=club_server)
    try:
        screen = context.new_page()
        screen.goto(f"{follower}/screen")
        expect(screen.locator(".screen-ranking tbody tr").first).to_contain_text(players[1])
        expect(screen.locator(".screen-tables li")).to_have_count(2)
        screen.screenshot(path=str(screens / "club-night-big-screen.png"))
    finally:
        context.close()


def test_the_club_night_pages_pass_axe(page: Page) -> None:
    """axe-core over every page of an event, light and dark (as `test_access_in_browser`): no
    serious or critical violation."""
    found: list[str] = []
    page.goto("/events/new")
    found += violations(page, "new event")
    page.get_by_role("button", name="Create the event").click()  # nothing chosen: refused
    expect(page.locator(".error").first).to_be_visible()
    found += violations(page, "new event refused")
    page.locator("label.chip", has_text="War").first.click()
    page.wait_for_load_state("networkidle")
    page.get_by_label("Name of the event").fill("Axe night")
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Deals per player", exact=False).fill("1")
    page.get_by_label("Other entrants, one name a line").fill("Eve\nFay\nGus\nHal")
    page.get_by_role("button", name="Create the event").click()
    found += violations(page, "director, before the draw")
    page.get_by_role("button", name="Draw round 1").click()
    found += violations(page, "director, the draw")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator("table.room tbody tr")).to_have_count(2)
    found += violations(page, "director, the room")
    director = page.url
    page.get_by_role("button", name="Draw round 2").click()  # the tables still play: asked
    expect(page.get_by_role("heading", name="Tables still playing")).to_be_visible()
    found += violations(page, "draw while tables play")
    page.get_by_role("link", name="Back to the room").click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Close the evening").click()
    expect(page.get_by_role("heading", name="The evening is closed")).to_be_visible()
    found += violations(page, "director, the evening closed")
    follower = page.get_by_role("link", name="Followers’ link (read-only)").get_attribute("href")
    assert follower is not None
    for path, where in (
        (f"{director}/cards", "table cards"),
        ("/events", "events"),
        (follower, "followers"),
        (f"{follower}/screen", "big screen"),
        (f"{follower}/print", "results list"),
        (f"{follower}/t/1/1", "a table's sheet"),
    ):
        page.goto(path)
        found += violations(page, where)
    assert not found, "\n".join(found)
