"""Six players on a 360-px phone with the widest scores a long evening makes (five digits, a
negative four): the hands table and the standings stay readable — the hand's number column
stays put while the players' columns scroll, every number fits its box, and one row of
totals has one type size (a minus sign does not shrink a total). The printed summary keeps
each running total under its points and ends with the chart, no empty block after it.

A six-player Troggu session is imported (its hands drawn at random, seeded); the numbers on
the page are then set to the widths under test, since reaching 12,480 takes a long evening.
Screenshots (360×740, 390×844) and the printed summary, as PDF and PNG, go to out/screens.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.test_access_in_browser import import_session

pytestmark = pytest.mark.e2e

PHONES = {"360": {"width": 360, "height": 740}, "390": {"width": 390, "height": 844}}
WIDE = ["12480", "\u22121632", "1520", "\u221210420", "7", "\u22129948"]
"""Six totals as the pad prints them (a true minus sign): five digits, negative four and five."""
SET_NUMBERS = """wide => {
  for (const box of document.querySelectorAll('#standings .seat .total'))
    box.textContent = wide[[...box.closest('.standings').children].indexOf(box.parentNode) % 6];
  for (const row of document.querySelectorAll('#hands tr.pts')) {
    row.querySelectorAll('td').forEach((cell, seat) => {
      cell.firstChild.textContent = (seat % 2 ? '\u2212' : '+') + '1248';
      cell.querySelector('.run').textContent = wide[seat];
    });
  }
}"""


def troggu_of_six(browser: Browser, server: str, size: dict[str, int]) -> tuple[Page, str]:
    """A phone of this size on a six-player Troggu session with hands; its pad's URL."""
    from companion.contract.registry import all_games

    troggu = next(game for game in all_games() if game.slug == "troggu")
    context = browser.new_context(viewport=size, is_mobile=True, has_touch=True, base_url=server)
    phone = context.new_page()
    return phone, import_session(phone, troggu, players=6)


def overflowing(page: Page, selector: str) -> list[str]:
    """The texts of the boxes matching `selector` whose content is wider than the box."""
    return page.evaluate(
        """s => [...document.querySelectorAll(s)]
          .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent.trim())""",
        selector,
    )


@pytest.mark.parametrize("width", PHONES)
def test_six_wide_scores_read_on_a_phone(
    browser: Browser, server: str, screens: Path, width: str
) -> None:
    page, _pad = troggu_of_six(browser, server, PHONES[width])
    page.evaluate(SET_NUMBERS, WIDE)
    page.wait_for_timeout(50)

    # Standings: every total fits its seat, all at one size.
    assert overflowing(page, "#standings .seat, #standings .seat .total") == []
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('.standings.members .total, .standings:not(.sides)"
        " .total')].map(el => getComputedStyle(el).fontSize)"
    )
    assert len(sizes) >= 6 and len(set(sizes)) == 1, sizes

    # Hands: no number is cut inside its cell; the number column stays while the rest scroll;
    # the hand's description wraps within the phone's width.
    assert overflowing(page, "#hands td, #hands th") == []
    wrap = page.locator("#hands-section .table-wrap")
    first = page.locator("#hands tr.pts th").first
    before = first.bounding_box()
    wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    after = first.bounding_box()
    assert before and after and abs(after["x"] - before["x"]) < 1, (before, after)
    last_cell = page.locator("#hands tr.pts td").last.bounding_box()
    assert last_cell and last_cell["x"] + last_cell["width"] <= PHONES[width]["width"]
    summary = page.locator("#hands tr.desc summary").first.bounding_box()
    assert summary and summary["x"] >= 0
    assert summary["x"] + summary["width"] <= PHONES[width]["width"]
    wrap.evaluate("el => { el.scrollLeft = 0; }")
    page.screenshot(path=str(screens / f"six-players-{width}.png"), full_page=True)
    page.context.close()


def test_the_printed_summary_keeps_totals_under_points_and_no_empty_block(
    browser: Browser, server: str, screens: Path
) -> None:
    page, pad = troggu_of_six(browser, server, PHONES["390"])
    page.goto(f"{pad}/summary")
    page.emulate_media(media="print")
    cells = page.locator(".sheet-hands tbody td:has(small)")
    assert cells.count() >= 6
    for index in range(cells.count()):
        points, running = cells.nth(index).evaluate(
            """td => { const words = document.createRange();
                       words.selectNodeContents(td.firstChild);
                       return [words.getBoundingClientRect().bottom,
                               td.querySelector('small').getBoundingClientRect().top]; }"""
        )
        assert running >= points - 1  # under the points, never beside them
    paper = page.evaluate("() => getComputedStyle(document.documentElement).backgroundColor")
    assert paper == "rgb(255, 255, 255)"  # the page's own colour filled the paper below the sheet
    chart = page.locator(".sheet-chart").bounding_box()
    sheet = page.locator("article.sheet").bounding_box()
    assert chart and sheet
    assert sheet["y"] + sheet["height"] - (chart["y"] + chart["height"]) < 20  # nothing after
    pdf = screens / "summary-six.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(pdf.with_suffix(""))],
        check=True,
    )
    page.context.close()


def test_the_tantony_seat_boxes_are_even(browser: Browser, server: str, screens: Path) -> None:
    from tests.e2e.conftest import start_game

    context = browser.new_context(
        viewport=PHONES["360"], is_mobile=True, has_touch=True, base_url=server
    )
    page = context.new_page()
    start_game(page, "Tantony", ["Annie", "Benedetta", "Co", "Denny"])
    page.locator("label.card-chip:has(input[value='10H'])").click()
    page.locator("#entry label.chip:has(input[name=next-to][value='1'])").click()
    page.get_by_role("button", name="Add trick 1").click()
    page.locator(".trick-status").get_by_text("Trick 2 of 13").wait_for()
    boxes = [page.locator(".quota .q").nth(seat).bounding_box() for seat in range(4)]
    page.locator("#entry").screenshot(path=str(screens / "tantony-seats-360.png"))
    assert all(boxes)
    assert len({round(box["width"]) for box in boxes}) == 1, boxes
    assert len({round(box["height"]) for box in boxes}) == 1, boxes
    assert len({round(box["y"]) for box in boxes}) == 1, boxes  # one row
    context.close()
