"""The movement in the browser against the real server (issue 36): a French Tarot night of 12
at tables of 4 over 3 rounds, mixed; a 13th entrant added after round 1 and one withdrawn after
round 2, the later rounds planned again, every entrant seated once a round or on a bye; the
ranking following docs/rulings.md (no figure for a round not played, the results list saying
why); a player's next table on the followers' link; axe on the new pages in both themes;
screenshots at 390×844, the movement and the start cards printed to PDF (out/screens)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_access_in_browser import violations
from tests.e2e.test_club_night_in_browser import phone
from tests.live_server import running_server

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


@pytest.fixture(scope="module")
def night_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own (the entrants join this file's roster only)."""
    folder = tmp_path_factory.mktemp("movement")
    with running_server(folder / "companion.sqlite3", folder / "server.log") as base_url:
        yield base_url


@pytest.fixture
def page(browser: Browser, night_server: str) -> Iterator[Page]:
    """The director's phone."""
    yield from phone(browser, night_server)


@pytest.fixture
def follower(browser: Browser, night_server: str) -> Iterator[Page]:
    """A player's phone on the followers' link."""
    yield from phone(browser, night_server)


def draw_and_start(page: Page, number: int) -> list[list[str]]:
    """Draw round `number` (past the tables still playing) and start it; its tables' names."""
    page.get_by_role("button", name=f"Draw round {number}").click()
    anyway = page.get_by_role("button", name="Draw the next round anyway")
    if number > 1:
        anyway.click()
    expect(page.locator("#draw-title")).to_have_text(f"Round {number}: the draw")
    tables = [
        [name.split(". ", 1)[1] for name in text.split(": ", 1)[1].split(", ")]
        for text in page.locator("ol.draw li").all_inner_texts()
    ]
    page.get_by_role("button", name=f"Start round {number}").click()
    expect(page.locator("#room-title")).to_have_text(f"Round {number}: the tables")
    return tables


def change_entrants(page: Page, fill: str | None, button: str, choose: str | None = None) -> None:
    """On the entrants page: a late entrant's name, or an entrant chosen; then the button."""
    page.get_by_role("link", name="Entrants: late, withdrawn, substitutes").click()
    if fill is not None:
        page.get_by_label("Name of the late entrant").fill(fill)
    if choose is not None:
        page.locator("#withdraw-entrant").select_option(label=choose)
        page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=re.compile(button)).click()
    expect(page.locator("#toast")).to_contain_text("the rounds not started are planned again")
    page.get_by_role("link", name="Back to the director’s page").first.click()


def test_a_tarot_night_with_a_late_entrant_and_a_withdrawal(
    page: Page, follower: Page, screens: Path
) -> None:
    page.goto("/events/new")
    page.locator("label.chip", has_text="French Tarot").first.click()
    page.wait_for_load_state("networkidle")
    page.get_by_label("Name of the event").fill("Tarot Friday")
    page.get_by_label("Rounds", exact=True).fill("3")
    page.get_by_label("Other entrants, one name a line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Create the event").click()
    director = page.url

    round_one = draw_and_start(page, 1)
    assert sorted(n for table in round_one for n in table) == sorted(NAMES)
    change_entrants(page, "Mo", "Add from round 2")
    round_two = draw_and_start(page, 2)
    # 13 at tables of 4 or 5: 4 + 4 + 5, everyone seated once.
    assert sorted(map(len, round_two)) == [4, 4, 5]
    assert sorted(n for table in round_two for n in table) == sorted([*NAMES, "Mo"])
    change_entrants(page, None, "Withdraw before round 3", choose="5. Eve")
    expect(page.locator("#movement-title ~ p").first).to_contain_text(
        "Rounds 3 to 3 planned again after the rounds played."
    )
    page.get_by_role("button", name="Draw round 3").click()
    page.get_by_role("button", name="Draw the next round anyway").click()
    expect(page.locator("#draw-title")).to_have_text("Round 3: the draw")
    round_three = [
        [name.split(". ", 1)[1] for name in text.split(": ", 1)[1].split(", ")]
        for text in page.locator("ol.draw li").all_inner_texts()
    ]
    # 12 left: three tables of 4, Eve not among them.
    assert sorted(map(len, round_three)) == [4, 4, 4]
    assert sorted(n for table in round_three for n in table) == sorted(
        [n for n in [*NAMES, "Mo"] if n != "Eve"]
    )

    # Mo taps his name on the followers' link: his table of round 3, drawn, not started.
    followers = page.get_by_role("link", name="Followers’ link (read-only)").get_attribute("href")
    assert followers is not None
    (mo_table,) = [(i, t) for i, t in enumerate(round_three, 1) if "Mo" in t]
    number, table = mo_table
    others = ", ".join(name for name in table if name != "Mo")
    follower.goto(followers)
    follower.locator("ol.ranking summary", has_text="Mo").click()
    shown = follower.locator("ol.ranking details[open] .next-table")
    expect(shown).to_contain_text(
        f"Your next table: {number}, seat {table.index('Mo') + 1}, with {others}"
    )
    mo_line = follower.locator("ol.ranking details[open] .round-list li")
    expect(mo_line.first).to_have_text("Round 1: —")  # not entered yet: no figure
    line_link = f"{followers}/line/13"
    follower.goto(line_link)
    follower.screenshot(path=str(screens / "movement-next-table.png"), full_page=True)
    found = violations(follower, "the player's line")

    page.get_by_role("button", name="Start round 3").click()
    expect(follower.locator(".next-table")).to_contain_text(
        "Every round has started.", timeout=15_000
    )

    follower.goto(f"{followers}/print")
    notes = follower.locator(".results-notes")
    expect(notes).to_contain_text("13. Mo: Joined in round 2: the rounds before have no figure.")
    expect(notes).to_contain_text(
        "5. Eve: Withdrew after round 2: the later rounds have no figure."
    )
    eve = follower.locator("tbody tr", has_text="Eve")
    expect(eve.locator("td").nth(4)).to_have_text("—")  # place, no., R1, R2, R3: no R3 figure

    for path, name in [("", "director"), ("/movement", "movement"),
                       ("/start-cards", "start-cards"), ("/entrants", "entrants"),
                       ("/apart", "apart")]:  # fmt: skip
        page.goto(director + path)
        page.screenshot(path=str(screens / f"movement-{name}.png"), full_page=True)
        found += violations(page, name)
    assert found == []
    for path, name in [("/movement", "movement"), ("/start-cards", "start-cards")]:
        page.goto(director + path)
        page.emulate_media(media="print")
        page.pdf(path=str(screens / f"movement-{name}.pdf"), format="A4")
        page.emulate_media(media="screen")
