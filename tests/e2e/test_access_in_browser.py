"""WCAG 2.2 AA on every page of every game, checked by axe-core inside the real browser.

One browser, one server, one phone (its own cookies, so the statistics link its sessions) for
the whole module; each game is one test: its session is imported from an export (the import
page), then its new-session page, its pad with hands, a refused entry, its trick entry and
referee where it has them, its summary, history and statistics are each checked in the light
theme (every WCAG A/AA rule axe has, and its best practices) and again in the dark theme
(contrast only: nothing else depends on the theme). A serious or critical violation fails.

axe-core comes inside `axe-playwright-python` (PyPI): nothing is downloaded at run time.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Browser, Page, expect

from companion.contract.game import Game, default_options
from companion.contract.referee import all_referees
from companion.contract.registry import all_games
from companion.contract.values import ScoredHand, State, entry_as_data
from companion.engine.replay import check_entry, make_setup
from companion.service.exchange import FORMAT
from tests.contract.test_contract import random_raw
from tests.e2e.conftest import PHONE
from tests.e2e.heard import speak_in
from tests.live_server import running_server

pytestmark = pytest.mark.e2e

RULES = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}
CONTRAST_ONLY = {
    "runOnly": {"type": "rule", "values": ["color-contrast"]},
    "resultTypes": ["violations"],
}
BLOCKING = ("serious", "critical")
REFEREES = {referee.slug for referee in all_referees()}
HANDS = 3
NODDY_HAND = {"turn_up": "8D", "p0_points": 7, "p1_points": 3, "last_card": 0, "hitter": False}
"""Noddy's random hands are rarely valid (its checks take seconds to find three): one by hand."""


@pytest.fixture(scope="module")
def access_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: the imported sessions' players (P1, P2, …) join this file's
    roster, not the shared one whose player numbers other browser tests count on."""
    folder = tmp_path_factory.mktemp("access")
    with running_server(folder / "companion.sqlite3", folder / "server.log") as base_url:
        yield base_url


@pytest.fixture(scope="module")
def phone(browser: Browser, access_server: str) -> Iterator[Page]:
    """One phone for every page of the module (390×844, touch)."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, base_url=access_server
    )
    context.set_default_timeout(5_000)
    yield context.new_page()
    context.close()


def axe(page: Page, options: dict[str, Any]) -> dict[str, Any]:
    """axe-core's answer for the page as shown (injected once per page load)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    return page.evaluate("options => axe.run(document, options)", options)


def violations(page: Page, where: str) -> list[str]:
    """The serious and critical axe violations of the page as shown, light then dark theme."""
    # htmx marks an element whose request is under way: the page is read once they are answered.
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    found: list[str] = []
    for scheme, options in (("light", RULES), ("dark", CONTRAST_ONLY)):
        page.emulate_media(color_scheme=scheme)
        for violation in axe(page, options)["violations"]:
            if violation["impact"] not in BLOCKING:
                continue
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]][:4]
            found.append(f"{where} ({scheme}): {violation['id']} [{violation['impact']}] {targets}")
    page.emulate_media(color_scheme="light")
    return found


def session_document(game: Game, players: int | None = None) -> dict[str, Any]:
    """An export of a session of the game at its first table size with a few hands the engine
    accepts one after another (drawn at random, seeded), none of which ends the game."""
    count = players or game.player_counts[0]
    names = [f"P{seat + 1}" for seat in range(count)]
    setup, _problems = make_setup(game.slug, names, default_options(game.options(count)))
    state, hands, rng = State(setup), [], random.Random(7)
    for _ in range(3_000):
        raw = NODDY_HAND if game.slug == "noddy" else random_raw(game, setup, rng)
        checked = check_entry(game, state, raw)
        if not checked.ok:
            continue
        number = len(hands) + 1
        after = state.with_hand(ScoredHand(number, checked.entry, game.score(state, checked.entry)))
        if game.outcome(after).finished:  # the pad stays open: its entry form is checked too
            continue
        state = after
        hands.append({"number": number, "entry": entry_as_data(checked.entry)})
        if len(hands) == HANDS:
            break
    options = dict(setup.options)
    return {
        "format": FORMAT,
        "game": game.slug,
        "players": names,
        "first_dealer": 0,
        "options": options,
        "hands": hands,
    }


def import_session(page: Page, game: Game, players: int | None = None) -> str:
    """Import a session of the game with its hands through the import page; its pad's URL."""
    document = session_document(game, players)
    page.goto("/import")
    page.set_input_files(
        "#file",
        files=[
            {
                "name": f"{game.slug}.json",
                "mimeType": "application/json",
                "buffer": json.dumps(document).encode(),
            }
        ],
    )
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    return page.url


def refuse_an_entry(page: Page) -> bool:
    """Type an out-of-range number into every box of the entry form (if it has any) and save:
    whether the pad now shows a refusal (a form of chips alone may be valid as it stands)."""
    if not page.locator("#entry form").count():  # the game is over: nothing to enter
        return False
    boxes = page.locator("#entry form input[inputmode=numeric]:visible")
    for index in range(boxes.count()):
        boxes.nth(index).fill("999")
    saves = ("/hands", "/tricks", "/phase")  # not the live preview's answers
    with page.expect_response(lambda answer: answer.url.split("?")[0].endswith(saves)):
        page.locator("#entry form button.primary[type=submit]:visible").first.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    return page.locator("#entry .error:visible").count() > 0


def test_the_pages_of_no_game_pass_axe(phone: Page) -> None:
    found: list[str] = []
    for path in ("/", "/import", "/players", "/stats"):
        phone.goto(path)
        found += violations(phone, path)
    phone.goto("/import")
    phone.set_input_files(
        "#file", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"{"}]
    )
    phone.get_by_role("button", name="Import").click()
    expect(phone.locator(".error")).to_contain_text("not JSON")
    found += violations(phone, "import refused")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_pages_of_no_game_pass_axe_in_the_other_languages(phone: Page, language: str) -> None:
    """The same pages and the club's (events, seasons) in German, French and Italian: longer
    words, other quotes and apostrophes, each page's `lang`."""
    phone.goto("/")
    speak_in(phone, language)
    found: list[str] = []
    try:
        for path in ("/", "/import", "/players", "/stats", "/events", "/events/new", "/seasons"):
            phone.goto(path)
            expect(phone.locator("html")).to_have_attribute("lang", language)
            found += violations(phone, f"{path}, {language}")
    finally:
        speak_in(phone, "en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_page_of_a_game_passes_axe(phone: Page, game: Game) -> None:
    found: list[str] = []
    phone.goto(f"/new?game={game.slug}")
    found += violations(phone, "new session")
    pad = import_session(phone, game)
    found += violations(phone, "pad with hands")
    for path, name in (
        ("/summary", "summary"),
        ("/history", "history"),
        *((("/referee", "referee"),) if game.slug in REFEREES else ()),
        *((("/whole", "whole hand"),) if game.slug == "tantony" else ()),
    ):
        phone.goto(pad + path)
        found += violations(phone, name)
    phone.goto(f"/stats/game/{game.slug}")
    found += violations(phone, "statistics of the game")
    player = phone.locator("a[href^='/stats/player/']").first
    if player.count():
        player.click()
        found += violations(phone, "statistics of a player")
    phone.goto(pad)
    if refuse_an_entry(phone):
        found += violations(phone, "refused entry")
    else:
        print(f"{game.slug}: no refusal to check (the game is over, or the form was valid)")
    assert not found, "\n".join(found)
