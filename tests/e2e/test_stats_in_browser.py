"""The chart and the statistics on a phone (390×844) in the dark theme, in Debian's Chromium
against the real server: the pad's fold fetches the chart when opened, its lines take the dark
palette and its text the theme's ink, nothing breaks the content policy, and the statistics
pages fit the phone's width."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import PHONE, start_game

pytestmark = pytest.mark.e2e

# French Tarot at four, each a made garde with 2 bouts (target 41), docs/rules/french-tarot.md:
# 47 points: made by 6, (25 + 6) × 2 = 62 a defender, the taker +186.
HANDS = [("0", "47"), ("1", "47"), ("0", "47")]
# Zia: a name no other browser test uses, so her page counts this session alone.
# Running totals: Zia +186, −62, +186 → 186, 124, 310; Bob −62, +186, −62 → −62, 124, 62;
# Cid and Dee −62 each hand → −62, −124, −186.


def test_the_chart_and_the_statistics_on_a_phone_in_the_dark(
    browser: Browser, server: str, screens: Path
) -> None:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, base_url=server, color_scheme="dark"
    )
    context.set_default_timeout(5_000)
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    pad_url = start_game(page, "French Tarot", ["Zia", "Bob", "Cid", "Dee"])
    token = page.locator("#entry input[name=csrf_token]").get_attribute("value")
    for number, (taker, points) in enumerate(HANDS, start=1):
        answer = page.request.post(
            f"{pad_url}/hands",
            form={
                "csrf_token": token or "",
                "contract": "garde",
                "taker": taker,
                "counted_side": "taker",
                "points": points,
                "bouts": "2",
                "petit_au_bout": "none",
                "chelem": "none",
                "expected_number": str(number),
            },
            headers={"HX-Request": "true"},
        )
        assert answer.status == 200, answer.text()[:300]
    page.reload()
    expect(page.locator("#chart-body svg")).to_have_count(0)  # not loaded before it is opened

    page.locator("#chart summary").click()
    chart = page.locator("#chart-body svg.chart")
    expect(chart).to_be_visible()
    expect(chart.locator(".overlay circle")).to_have_count(3 * 4)  # a point per hand per seat
    expect(chart.locator(".overlay .serie-0 title").last).to_have_text("Zia after hand 3: 310")
    expect(chart.locator(".overlay .serie-2 title").last).to_have_text(
        "Cid after hand 3: \u2212186"
    )
    stroke = chart.locator(".serie-0 .line").first.evaluate("e => getComputedStyle(e).stroke")
    ink = chart.locator("text").first.evaluate("e => getComputedStyle(e).fill")
    assert stroke == "rgb(255, 123, 107)"  # --series-0 in the dark theme
    assert ink == "rgb(232, 234, 237)"  # --ink in the dark theme
    # Hand 4 saved on the pad with the chart open: the chart is drawn again with it. Zia's
    # garde, 47 points with 2 bouts: (25 + 6) × 2 = 62, Zia +186: 310 + 186 = 496.
    page.check("input[name=contract][value=garde]", force=True)
    page.check("input[name=taker][value='0']", force=True)
    page.check("input[name=counted_side][value=taker]", force=True)
    page.fill("input[name=points]", "47")
    page.check("input[name=bouts][value='2']", force=True)
    page.get_by_role("button", name="Save hand 4").click()
    expect(chart.locator(".overlay circle")).to_have_count(4 * 4)
    expect(chart.locator(".overlay .serie-0 title").last).to_have_text("Zia after hand 4: 496")
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(screens / "stats-pad-chart-dark.png"))

    page.goto("/stats/game/french-tarot")
    expect(page.locator("h1")).to_contain_text("French Tarot")
    expect(page.locator(".stats-table").first).to_contain_text("Zia")
    page.screenshot(path=str(screens / "stats-game-dark.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.locator(".stats-table a", has_text="Zia").first.click()
    expect(page.locator("h1")).to_contain_text("Zia")
    expect(page.locator("svg.chart circle")).to_have_count(1)  # one session so far
    page.screenshot(path=str(screens / "stats-player-dark.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto("/players")
    page.locator("#player-2").get_by_role("link", name="Bob").click()  # opens Bob's forms
    page.fill("#name-2", "Robert")
    page.locator("#player-2").get_by_role("button", name="Rename").click()
    expect(page.locator("#toast")).to_contain_text("Bob is now Robert")
    page.screenshot(path=str(screens / "stats-roster-dark.png"), full_page=True)
    assert not problems, problems  # the charts broke no rule of the content policy
    context.close()
