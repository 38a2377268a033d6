"""The club room heard as well as seen (issue 39), in Chromium against the real server: what a
screen reader says of a ranking line and of its link is read from Chromium's own accessibility
tree (CDP `Accessibility.getFullAXTree`); the focus stays on the very same ranking line while
the room polls and nothing changed, and comes back to that line, now with its new numbers,
when a table saves a game; and axe finds nothing serious on the followers' page, the director's
page and the big screen, light and dark, in each of the four languages.

The evening: War, four entrants at two tables of two, one round of two deals a player. The
winner of a game of War scores 1 and the loser 0, so after table 1's first game its winner
leads alone with 1 point and the three others share place 2 with 0.

The polls run on Playwright's clock (`page.clock`): the room asks every 5 s by the page's own
timer, so the test moves that timer on and waits for the poll's answer, rather than sleeping.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from tests.e2e.conftest import PHONE
from tests.e2e.heard import spoken_names
from tests.e2e.test_access_in_browser import violations
from tests.live_server import running_server

pytestmark = pytest.mark.e2e

POLL_MS = 5_000  # the room's `every 5s`


@dataclass(frozen=True)
class Evening:
    director: str
    follower: str
    table: str  # table 1's pad
    players: tuple[str, str]  # table 1's two players, in seat order


@pytest.fixture(scope="module")
def heard_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own (its entrants join this file's roster only)."""
    folder = tmp_path_factory.mktemp("heard")
    with running_server(folder / "companion.sqlite3", folder / "server.log") as base_url:
        yield base_url


def phone(browser: Browser, server: str, **options: Any) -> Page:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, base_url=server, **options
    )
    context.set_default_timeout(5_000)
    return context.new_page()


@pytest.fixture(scope="module")
def evening(browser: Browser, heard_server: str) -> Iterator[Evening]:
    """The director creates the evening, draws and starts round 1."""
    page = phone(browser, heard_server)
    page.goto("/events/new")
    page.locator("label.chip", has_text="War").first.click()
    page.wait_for_load_state("networkidle")
    page.get_by_label("Name of the event").fill("Heard night")
    page.get_by_label("Rounds", exact=True).fill("1")
    page.get_by_label("Deals per player", exact=False).fill("2")
    page.get_by_label("Other entrants, one name a line").fill("Ann\nBob\nCat\nDan")
    page.get_by_role("button", name="Create the event").click()
    page.get_by_role("button", name="Draw round 1").click()
    page.get_by_role("button", name="Start round 1").click()
    row = page.locator("table.room tbody tr").nth(0)
    table = row.locator("a").get_attribute("href")
    first, second = row.locator("td.what").first.inner_text().split(", ")
    follower = page.get_by_role("link", name="Followers’ link (read-only)").get_attribute("href")
    assert table is not None and follower is not None
    yield Evening(page.url, follower, table, (first, second))
    page.context.close()


def poll(page: Page) -> Response:
    """Move the page's clock on by one poll of the room and wait for its answer (and for htmx
    to settle what it swapped: its settle runs on the same clock)."""
    with page.expect_response(lambda r: "/room?" in r.url) as answer:
        page.clock.run_for(POLL_MS)
    response = answer.value
    response.finished()
    page.clock.run_for(100)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    return response


def entrant_of(page: Page, name: str) -> str:
    """The entrant number of `name` on a drawn room (its line's `data-entrant`)."""
    line = page.locator("ol.ranking details", has=page.locator(".name", has_text=name))
    number = line.get_attribute("data-entrant")
    assert number is not None
    return number


def test_a_line_keeps_the_focus_while_the_room_polls_and_is_heard_in_words(
    browser: Browser, heard_server: str, evening: Evening
) -> None:
    page = phone(browser, heard_server)
    table = phone(browser, heard_server)
    try:
        page.clock.install()
        page.goto(evening.follower)
        winner = evening.players[1]
        entrant = entrant_of(page, winner)
        summary = page.locator(f"#rank-{entrant}")
        summary.focus()
        # Nobody has played: all four share place 1 with 0 points (no leader is named).
        assert ("DisclosureTriangle", f"Place 1: {winner}, 0 points") in spoken_names(page)
        assert page.locator("p.leader").count() == 0
        page.evaluate(
            "id => { document.getElementById(id).keptAcrossPolls = true; }", f"rank-{entrant}"
        )
        kept = (
            "id => document.activeElement === document.getElementById(id)"
            " && document.activeElement.keptAcrossPolls === true"
        )
        for _ in range(3):  # nothing changed: an empty answer, nothing swapped
            answer = poll(page)
            assert answer.status == 200 and answer.body() == b""
            assert answer.headers.get("hx-reswap") == "none"
            assert page.evaluate(kept, f"rank-{entrant}")

        # Table 1 plays its first game: the second player wins it (1 point to 0).
        table.goto(evening.table)
        table.locator(f"#field-winner label.chip:has-text('{winner}')").click()
        table.get_by_role("button", name="Save hand 1").click()
        expect(table.locator("#toast")).to_contain_text("Hand 1 saved")

        answer = poll(page)
        assert answer.status == 200 and answer.body() != b""
        # A new line was drawn (the old node is gone), and the focus is on it again, by its id.
        assert page.evaluate("id => document.activeElement.id === id", f"rank-{entrant}")
        assert not page.evaluate("() => document.activeElement.keptAcrossPolls === true")
        expect(summary).to_be_focused()
        names = spoken_names(page)
        assert ("DisclosureTriangle", f"Place 1: {winner}, 1 point") in names
        loser = evening.players[0]
        assert ("DisclosureTriangle", f"Place 2: {loser}, 0 points") in names
        expect(page.locator("p.leader")).to_have_text(f"Leader: {winner}, 1 point")
        # The number beside the name is for the eye only: the line says no "#".
        assert not any("#" in name for role, name in names if role == "DisclosureTriangle")
    finally:
        page.context.close()
        table.context.close()


def test_a_lines_link_is_named_for_where_it_goes(
    browser: Browser, heard_server: str, evening: Evening
) -> None:
    # Without JavaScript a line opens by itself and shows its link (with it, the line fetches
    # the rounds in the link's place).
    page = phone(browser, heard_server, java_script_enabled=False)
    try:
        page.goto(evening.follower)
        name = evening.players[0]
        page.locator(f"#rank-{entrant_of(page, name)}").click()
        assert ("link", f"{name}’s rounds, round by round") in spoken_names(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("locale", ["en-GB", "de-DE", "fr-FR", "it-IT"])
def test_the_room_pages_pass_axe_in_every_language(
    browser: Browser, heard_server: str, evening: Evening, locale: str, screens: Path
) -> None:
    page = phone(browser, heard_server, locale=locale)
    found: list[str] = []
    try:
        for path, where in (
            (evening.follower, "followers"),
            (evening.director, "director"),
            (f"{evening.follower}/screen", "big screen"),
        ):
            page.goto(path)
            expect(page.locator("html")).to_have_attribute("lang", locale[:2])
            found += violations(page, f"{where}, {locale}")
    finally:
        page.context.close()
    assert not found, "\n".join(found)
