"""The evening directed, in the browser against the real server (issue 37): a table is refused
its fifth deal of a four-deal round and still corrects one, has no End session, calls the
director, who clears the call and closes the round with a table unfinished; the followers see
"provisional", then the ranking hidden for the last round, then revealed with the winners on
the big screen; a one-minute round's clock turns yellow then red at 1920×1080 with the round's
start moved back (no real wait); the cards warn at a loopback address and print with the
address and the event's name; the director's page reopened with the PIN from another browser.

Screenshots and the printed cards go to out/screens."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.test_access_in_browser import violations
from tests.live_server import running_server

pytestmark = pytest.mark.e2e

ROOM_WITHIN_MS = 7_000  # the room asks every 5 s, and the answer's round trip
BIG_SCREEN = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def evening_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server of its own, and its file (the test moves a round's start back in it)."""
    folder = tmp_path_factory.mktemp("directed")
    database = folder / "companion.sqlite3"
    with running_server(database, folder / "server.log") as base_url:
        yield base_url, database


@pytest.fixture
def page(browser: Browser, evening_server: tuple[str, Path]) -> Iterator[Page]:
    """The director's phone, on this module's server."""
    context = new_phone(browser, evening_server[0])
    yield context.new_page()
    context.close()


def new_phone(browser: Browser, server: str, viewport: dict[str, int] = PHONE) -> BrowserContext:
    """A device of its own (its own cookies) on the server."""
    phone = viewport == PHONE
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, base_url=server
    )
    context.set_default_timeout(5_000)
    return context


def create_war_night(page: Page, name: str, *, minutes: str = "0", hide: str = "0",
                     pin: str = "") -> str:  # fmt: skip
    """An event of War: four entrants at two tables of two, 2 deals each (4 a table), two
    rounds; the director's page's address."""
    page.goto("/events/new")
    page.locator("label.chip", has_text="War").first.click()
    page.wait_for_load_state("networkidle")
    page.get_by_label("Name of the event").fill(name)
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Deals per player", exact=False).fill("2")
    page.get_by_label("Time limit of a round", exact=False).fill(minutes)
    page.get_by_label("Hide the running ranking", exact=False).fill(hide)
    page.get_by_label("Other entrants, one name a line").fill("Ann\nBob\nCat\nDan")
    if pin:
        page.get_by_label("Director’s PIN", exact=False).fill(pin)
    page.get_by_role("button", name="Create the event").click()
    page.get_by_role("button", name="Draw round 1").click()
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator("table.room tbody tr")).to_have_count(2)
    return page.url


def table_link(page: Page, row: int) -> tuple[str, list[str]]:
    """A table's pad link on the director's page, and its players."""
    line = page.locator("table.room tbody tr").nth(row)
    link = line.locator("a").get_attribute("href")
    assert link is not None
    return link, line.locator("td.what").first.inner_text().split(", ")


def save_war(phone: Page, winner: str, number: int) -> None:
    phone.locator(f"#field-winner label.chip:has-text('{winner}')").click()
    phone.get_by_role("button", name=f"Save hand {number}").click()
    expect(phone.locator("#toast")).to_contain_text(f"Hand {number} saved")


def test_an_evening_directed_in_the_browser(
    page: Page, browser: Browser, evening_server: tuple[str, Path], screens: Path
) -> None:
    server, _ = evening_server
    found: list[str] = []
    page.set_default_timeout(5_000)
    director = create_war_night(page, "Tuesday War", hide="1", pin="2468")
    found += violations(page, "director, round 1")
    pad, players = table_link(page, 0)
    follower = page.get_by_role("link", name="Followers’ link (read-only)").get_attribute("href")
    assert follower is not None
    first, second = (new_phone(browser, server) for _ in range(2))
    try:
        ann, bob = first.new_page(), second.new_page()
        ann.goto(pad)
        bob.goto(pad)
        expect(ann.get_by_role("button", name="End session")).to_have_count(0)
        for number in (1, 2, 3):
            save_war(ann, players[0], number)
        bob.reload()
        bob.locator(f"#field-winner label.chip:has-text('{players[1]}')").click()  # deal 4
        # The other phone saves the round's last deal while this one is off the network (its
        # live view cannot take its form away), which taps Save as it comes back.
        second.set_offline(True)
        save_war(ann, players[0], 4)
        second.set_offline(False)
        bob.get_by_role("button", name="Save hand 4").click()
        expect(bob.get_by_text("Hand 4 was saved on another phone meanwhile.")).to_be_visible()
        bob.get_by_role("button", name="This is the next hand: save it as hand 5").click()
        expect(bob.locator("main")).to_contain_text(
            "This round is over for your table: 4 of 4 deals."
        )
        bob.screenshot(path=str(screens / "directed-fifth-deal-refused.png"), full_page=True)
        bob.reload()
        expect(bob.locator(".event-line")).to_contain_text(
            "This round is over for your table: 4 of 4 deals."
        )
        expect(bob.locator("#entry")).to_have_count(0)
        # A correction is still accepted: hand 4 went to the other player after all.
        bob.get_by_role("link", name="Fix hand 4").click()
        bob.locator(f"#field-winner label.chip:has-text('{players[1]}')").click()
        bob.get_by_role("button", name="Save the correction").click()
        expect(bob.locator(".standings")).to_contain_text("1")
        bob.screenshot(path=str(screens / "directed-round-over.png"), full_page=True)

        # The table calls the director, who sees it without a reload and clears it.
        ann.locator("#call-director summary").click()
        ann.get_by_label("What is it about?").fill("Shuffle dispute")
        ann.get_by_role("button", name="Call the director").click()
        expect(ann.locator("#call-director summary")).to_contain_text("The director is called")
        found += violations(ann, "pad, director called")
        calls = page.locator("section.calls")
        expect(calls).to_contain_text("“Shuffle dispute”", timeout=ROOM_WITHIN_MS)
        page.screenshot(path=str(screens / "directed-call.png"), full_page=True)
        found += violations(page, "director, a call waiting")
        calls.get_by_role("button", name="Answered: clear the call of table 1").click()
        expect(page.locator("section.calls")).to_have_count(0)
    finally:
        first.close()
        second.close()

    # The followers: provisional while tables play.
    watcher = new_phone(browser, server)
    try:
        fan = watcher.new_page()
        fan.goto(follower)
        expect(fan.locator(".provisional")).to_contain_text("Provisional: 1 table still playing.")
        expect(fan.locator("ol.ranking > li")).to_have_count(4)
        # Round 2 drawn while table 2 still plays: the director confirms; then round 1 closed
        # with table 2 unfinished (0 of 4), which stays in the room as closed.
        page.get_by_role("button", name="Draw round 2").click()
        page.get_by_role("button", name="Draw the next round anyway").click()
        page.get_by_role("button", name="Start round 2").click()
        unfinished = page.locator("table.room tbody tr", has_text="round 1")
        expect(unfinished).to_contain_text("0 of 4")  # round 1's table 2 stays in the room
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Close round 1").click()
        expect(page.locator("#flash, .flash").first).to_contain_text("Round closed")
        expect(page.locator("table.room tbody tr", has_text="round 1")).to_have_count(0)
        expect(page.locator("ul.log")).to_contain_text("round 1 table 2.")  # closed unfinished
        expect(page.locator("ol.ranking > li")).to_have_count(4)  # the director still sees it
        fan.reload()
        expect(fan.locator(".hidden-ranking")).to_contain_text(
            "The ranking is hidden for the last round"
        )
        expect(fan.locator("ol.ranking")).to_have_count(0)
        found += violations(fan, "followers, ranking hidden")
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Close the evening").click()
        expect(page.get_by_role("heading", name="The evening is closed")).to_be_visible()
        fan.reload()
        expect(fan.locator(".provisional")).to_contain_text("Final")
        expect(fan.locator("ol.ranking > li").first).to_contain_text(players[0])
    finally:
        watcher.close()
    screen = new_phone(browser, server, BIG_SCREEN)
    try:
        big = screen.new_page()
        big.goto(f"{follower}/screen")
        expect(big.locator(".winners li.place-1")).to_contain_text(players[0])
        big.screenshot(path=str(screens / "directed-winners-1920.png"))
        found += violations(big, "big screen, the winners")
    finally:
        screen.close()

    # The director's page from another browser, with the PIN.
    elsewhere = new_phone(browser, server)
    try:
        other = elsewhere.new_page()
        other.goto("/events")
        other.get_by_role("link", name="Open as director (PIN)").click()
        other.get_by_label("PIN").fill("1111")
        other.get_by_role("button", name="Open the director’s page").click()
        expect(other.locator("#err-pin")).to_contain_text("That PIN is not this event’s.")
        found += violations(other, "open with a PIN, refused")
        other.get_by_label("PIN").fill("2468")
        other.get_by_role("button", name="Open the director’s page").click()
        expect(other).to_have_url(f"{server}{director}" if director.startswith("/") else director)
        expect(other.get_by_role("heading", name="The evening is closed")).to_be_visible()
    finally:
        elsewhere.close()
    assert not found, "\n".join(found)


def test_the_clock_turns_yellow_then_red_on_the_big_screen(
    page: Page, browser: Browser, evening_server: tuple[str, Path], screens: Path
) -> None:
    server, database = evening_server
    create_war_night(page, "Timed War", minutes="1")
    follower = page.get_by_role("link", name="Followers’ link (read-only)").get_attribute("href")
    assert follower is not None
    screen = new_phone(browser, server, BIG_SCREEN)
    try:
        big = screen.new_page()
        big.goto(f"{follower}/screen")
        clock = big.locator(".round-clock")
        expect(clock).to_have_class("round-clock last-minutes")  # a 1-minute round: its last 10
        expect(clock).to_contain_text("left")
        expect(big.locator(".screen-tables li")).to_have_count(2)
        big.screenshot(path=str(screens / "directed-clock-yellow-1920.png"))
        # The round started 2 minutes ago, as far as the server knows: its time is up.
        moved = (datetime.now(UTC) - timedelta(minutes=2)).isoformat(timespec="milliseconds")
        with sqlite3.connect(database) as conn:
            conn.execute(
                "UPDATE event_rounds SET started_at = ? WHERE event_id ="
                " (SELECT id FROM events WHERE name = 'Timed War')",
                (moved,),
            )
        big.reload()
        expect(clock).to_have_class("round-clock over")
        expect(clock).to_contain_text("Time is up")
        big.screenshot(path=str(screens / "directed-clock-red-1920.png"))
        found = violations(big, "big screen, time up")
        assert not found, "\n".join(found)
    finally:
        screen.close()


def test_the_cards_warn_at_a_loopback_address_and_print_the_address(
    page: Page, evening_server: tuple[str, Path], screens: Path, tmp_path: Path
) -> None:
    create_war_night(page, "Printed War")
    page.get_by_role("link", name="Table cards of round 1").click()
    warning = page.locator(".banner.loopback")
    expect(warning).to_contain_text("this machine’s own address")  # the server is 127.0.0.1
    found = violations(page, "table cards, loopback")
    assert not found, "\n".join(found)
    cards = page.locator(".table-card")
    expect(cards).to_have_count(2)
    expect(cards.first.locator(".event-name")).to_have_text("Printed War")
    expect(cards.first.locator(".address")).to_contain_text("/s/")
    page.emulate_media(media="print")
    expect(warning).to_be_hidden()  # the warning is for the screen, not the paper
    page.emulate_media(media="screen")
    pdf = screens / "directed-cards.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "60",
            "-f",
            "1",
            "-l",
            "1",
            str(pdf),
            str(screens / "directed-cards"),
        ],
        check=True,
    )
    assert (screens / "directed-cards-1.png").stat().st_size > 0
