"""The pad on a phone's home screen, and a pad whose connection drops, in a real Chromium against
the real server: Chromium's own installability check, the service worker's cache and offline
page, a save whose answer is lost then retried (saved once), a correction that could not be
sent, and the live view losing and finding its server again."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, start_game
from tests.live_server import start_server, stop

pytestmark = pytest.mark.e2e

NOT_SAVED = "Not saved — the pad could not reach its server; your entry is kept."
LOST = "The pad's server cannot be reached"
SAVE = re.compile(r"/s/[\w-]+/hands$")
SHELL = {
    "offline",
    "static/app.css",
    "static/app.js",
    "static/htmx-2.0.11.min.js",
    "static/icons/icon.svg",
}
KEPT = """caches.keys().then(names => Promise.all(names.map(name =>
  caches.open(name).then(cache => cache.keys()).then(requests => requests.map(r => r.url))
))).then(lists => lists.flat())"""


@pytest.fixture
def profile(browser: Browser, server: str) -> Iterator[BrowserContext]:
    """A phone's browser with a profile on disk: Chromium never offers to install a site from
    an incognito context, which every `browser.new_context()` is."""
    with tempfile.TemporaryDirectory() as folder:
        context = browser.browser_type.launch_persistent_context(
            folder,
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport=PHONE,
            base_url=server,
        )
        context.set_default_timeout(5_000)
        yield context
        context.close()


def installability_errors(context: BrowserContext, page: Page) -> list[dict]:
    """What Chromium says stops it offering to install the page (none: it offers)."""
    answer = context.new_cdp_session(page).send("Page.getInstallabilityErrors")
    errors: list[dict] = answer["installabilityErrors"]
    return errors


def test_chromium_finds_the_pad_installable(profile: BrowserContext) -> None:
    page = profile.new_page()
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert installability_errors(profile, page) == []
    manifest = profile.new_cdp_session(page).send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []

    # The check is a real one: the same page with a manifest that has no icon is refused.
    iconless = page.request.get("/manifest.webmanifest").json() | {"icons": []}
    other = profile.new_page()
    other.route("**/manifest.webmanifest", lambda route: route.fulfill(json=iconless))
    other.goto("/players")
    ids = {error["errorId"] for error in installability_errors(profile, other)}
    assert "manifest-missing-suitable-icon" in ids


def test_the_worker_keeps_the_shell_only_and_stands_in_when_the_server_is_gone(
    browser: Browser, tmp_path: Path
) -> None:
    """A server of its own: this test stops it and starts it again."""
    database, log = tmp_path / "pad.sqlite3", tmp_path / "server.log"
    process, base = start_server(database, log)
    port = int(base.rsplit(":", 1)[1])
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=base)
    context.set_default_timeout(5_000)
    try:
        page = context.new_page()
        page.goto("/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        pad_url = start_game(page, "War", ["Ann", "Bob"])
        page.locator("#field-winner label.chip:has-text('Ann')").click()
        page.get_by_role("button", name="Save hand 1").click()
        expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
        page.reload()  # now through the worker
        expect(page.locator("#standings .total")).to_have_text(["1", "0"])
        kept = page.evaluate(KEPT)
        assert {url.removeprefix(base + "/") for url in kept} == SHELL

        stop(process)  # the laptop's lid closed
        page.goto(pad_url)
        expect(page.locator("h1")).to_have_text("The pad's server can't be reached")
        expect(page.get_by_role("link", name="Try again now")).to_be_visible()
        assert page.url == pad_url
        assert {url.removeprefix(base + "/") for url in page.evaluate(KEPT)} == SHELL

        process, _ = start_server(database, log, port=port)  # the lid opened again
        # The offline page asks again by itself (every 10 s): the pad comes back, as it is.
        expect(page.locator("#standings .total")).to_have_text(["1", "0"], timeout=15_000)
    finally:
        context.close()
        stop(process)


def exported_hands(page: Page, pad_url: str) -> list[dict]:
    """The session's hands as the server has them (its JSON export)."""
    hands: list[dict] = json.loads(page.request.get(pad_url + "/export.json").text())["hands"]
    return hands


def test_a_save_whose_answer_is_lost_is_kept_and_its_retry_saves_nothing_twice(
    page: Page, screens: Path
) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    page.wait_for_load_state("networkidle")
    page.locator("#field-winner label.chip:has-text('Bob')").click()

    def lose_the_answer(route: Route) -> None:
        route.fetch()  # the save reaches the server and is written...
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    page.route(SAVE, lose_the_answer)
    page.get_by_role("button", name="Save hand 1").click()
    toast = page.locator("#toast")
    expect(toast).to_contain_text(NOT_SAVED)
    expect(page.locator("#field-winner input[value='1']")).to_be_checked()  # kept as typed
    page.screenshot(path=str(screens / "not-saved-retry.png"), full_page=True)
    assert [hand["entry"]["winner"] for hand in exported_hands(page, pad_url)] == [1]

    page.unroute(SAVE)
    toast.get_by_role("button", name="Retry").click()
    # The retry carries the hand number it was typed for (1): hand 1 is there already, exactly
    # as typed, so the pad says it is saved and shows it, instead of saving it again as hand 2.
    expect(page.locator("#toast")).to_contain_text("Hand 1 is saved, as typed here")
    expect(toast).not_to_contain_text(NOT_SAVED)
    assert [hand["number"] for hand in exported_hands(page, pad_url)] == [1]
    expect(page.locator("#standings .total")).to_have_text(["0", "1"])
    expect(page.locator("#hands tbody.hand")).to_have_count(1)


def test_a_save_that_never_left_is_sent_again_by_retry(page: Page) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    page.wait_for_load_state("networkidle")
    page.locator("#field-winner label.chip:has-text('Ann')").click()
    page.route(SAVE, lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text(NOT_SAVED)
    assert exported_hands(page, pad_url) == []
    page.unroute(SAVE)
    page.locator("#toast").get_by_role("button", name="Retry").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
    expect(page.locator("#standings .total")).to_have_text(["1", "0"])
    assert [hand["entry"]["winner"] for hand in exported_hands(page, pad_url)] == [0]


def test_a_correction_that_could_not_be_sent_stays_as_typed(page: Page) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    page.locator("#field-winner label.chip:has-text('Ann')").click()
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
    page.goto(pad_url + "/hands/1")
    page.locator("#field-winner label.chip:has-text('Bob')").click()
    fix = re.compile(r"/s/[\w-]+/hands/1$")
    page.route(fix, lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#toast")).to_contain_text(NOT_SAVED)
    expect(page.locator("#field-winner input[value='1']")).to_be_checked()
    assert page.url == pad_url + "/hands/1"
    page.unroute(fix)
    page.locator("#toast").get_by_role("button", name="Retry").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 corrected")
    expect(page.locator("#standings .total")).to_have_text(["0", "1"])
    assert [hand["entry"]["winner"] for hand in exported_hands(page, pad_url)] == [1]


def test_the_live_view_says_it_lost_the_server_and_comes_back_by_itself(page: Page) -> None:
    start_game(page, "War", ["Ann", "Bob"])
    note = page.locator("#lost-server")
    expect(note).to_be_hidden()
    poll = re.compile(r"/s/[\w-]+/live\?")
    page.route(poll, lambda route: route.abort("internetdisconnected"))
    expect(note).to_be_visible(timeout=5_000)  # the next poll, within 2 s
    expect(note).to_contain_text(LOST)
    page.unroute(poll)
    expect(note).to_be_hidden(timeout=5_000)


def test_a_trick_whose_answer_is_lost_is_added_once(page: Page) -> None:
    """Tantony, entered trick by trick: Benny leads; trick 1's runt 3♥ goes to Annie. The
    trick reaches the server, its answer does not; the retry carries the tricks its phone
    showed (none), so the pad refuses it as another phone's change and shows trick 1 once."""
    from tests.e2e.test_tantony_in_browser import NAMES, tap_player, tap_runt

    start_game(page, "Tantony", NAMES)
    page.wait_for_load_state("networkidle")
    tap_runt(page, "3H")
    tap_player(page, 0)
    tricks = re.compile(r"/s/[\w-]+/tricks$")

    def lose_the_answer(route: Route) -> None:
        route.fetch()
        route.abort("connectionreset")

    page.route(tricks, lose_the_answer)
    page.get_by_role("button", name="Add trick 1").click()
    toast = page.locator("#toast")
    expect(toast).to_contain_text(NOT_SAVED)
    expect(page.locator("input[name=next-runt][value='3H']")).to_be_checked()  # kept
    page.unroute(tricks)
    toast.get_by_role("button", name="Retry").click()
    expect(page.locator("#entry")).to_contain_text("Another phone changed this hand's tricks")
    expect(page.locator(".trick-status")).to_contain_text("Trick 2 of 13")
    assert "1/3" in page.locator(".quota .q").nth(0).inner_text()  # Annie: one trick, not two
