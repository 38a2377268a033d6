"""Three Maw deals kept on a phone-sized Chromium against the real server: the pool carries.

Worked by hand from docs/rulings.md ("Maw (Spoil Five)") and docs/rules/maw.md, default house rules
(ante 2, dealer's stake 2, three tricks take the pool). Ann, Bob, Cat, Dan; Ann deals first.

    deal  deals  tricks (A B C D)  first three        pool in play        result
      1   Ann    2 2 1 0           nobody             0 + 4×2 + 2 = 10    spoiled: 10 carries
      2   Bob    1 0 4 0           Cat, jink failed   10 + 8 + 2 = 20     20 carries
      3   Cat    1 1 0 3           nobody             20 + 8 + 2 = 30     Dan takes 30

Points: deal 1 Ann −4, the others −2; deal 2 Bob −4, the others −2; deal 3 Cat −4, Ann −2,
Bob −2, Dan −2 + 30 = +28. Totals: Ann −8, Bob −8, Cat −8, Dan +24 (the pool is empty, so
they add up to zero); the settlement: Ann, Bob and Cat each pay Dan 8.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

MINUS = "\u2212"
ANN, BOB, CAT, DAN = range(4)


def chip(page: Page, field: str, value: str | int) -> None:
    """Tap the chip holding `value` in field `field` (by value: labels carry suit symbols)."""
    page.locator(f"#field-{field} label.chip:has(input[value='{value}'])").click()


def enter_deal(
    page: Page,
    *,
    trump: str,
    tricks: list[int],
    robbed: int | str = "none",
    first_three: int | str = "none",
    jink: str = "none",
) -> None:
    """Fill the entry form as a Maw player does: every answer a tap."""
    chip(page, "trump", trump)
    chip(page, "robbed", robbed)
    for seat, count in enumerate(tricks):
        chip(page, f"tricks_{seat}", count)
    chip(page, "first_three", first_three)
    chip(page, "jink", jink)


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator("#toast")).to_contain_text(f"Hand {number} saved")


def totals(page: Page) -> list[str]:
    return page.locator("#standings .total").all_inner_texts()


def test_a_spoiled_deal_a_failed_jink_then_a_win(page: Page, screens: Path) -> None:
    start_game(page, "Maw", ["Ann", "Bob", "Cat", "Dan"])
    status = page.locator("#status")
    # Before the first deal: an empty pool; Ann deals: 4 × 2 + 2 = 10 will be in play.
    expect(status).to_contain_text("Pool: 0")
    expect(status).to_contain_text("Each antes 2, Ann adds 2 → 10")

    enter_deal(page, trump="H", tricks=[2, 2, 1, 0])
    page.screenshot(path=str(screens / "maw-entry.png"), full_page=True)
    save(page, 1)
    # Deal 1 spoiled: the pool of 10 carries; Bob deals next: 10 + 8 + 2 = 20.
    expect(status).to_contain_text("Pool: 10 (carried)")
    expect(status).to_contain_text("Each antes 2, Bob adds 2 → 20")
    assert totals(page) == [f"{MINUS}4", f"{MINUS}2", f"{MINUS}2", f"{MINUS}2"]
    page.screenshot(path=str(screens / "maw-spoiled.png"), full_page=True)

    # Deal 2: Cat's jink is entered as made with only 4 tricks: refused beside the jink.
    enter_deal(page, trump="S", tricks=[1, 0, 4, 0], robbed=CAT, first_three=CAT, jink="made")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator("#field-jink .error")).to_contain_text("Cat won 4, so the jink failed")
    page.screenshot(path=str(screens / "maw-jink-refused.png"), full_page=True)
    chip(page, "jink", "failed")
    save(page, 2)
    # The jink failed: the pool of 20 carries; Cat deals next: 20 + 8 + 2 = 30.
    expect(status).to_contain_text("Pool: 20 (carried)")
    expect(status).to_contain_text("Each antes 2, Cat adds 2 → 30")
    assert totals(page) == [f"{MINUS}6", f"{MINUS}6", f"{MINUS}4", f"{MINUS}4"]

    # Deal 3: Dan wins three tricks (not the first three) and takes the pool of 30.
    enter_deal(page, trump="D", tricks=[1, 1, 0, 3])
    save(page, 3)
    expect(status).to_contain_text("Pool: 0")
    expect(status).to_contain_text("Each antes 2, Dan adds 2 → 10")
    assert totals(page) == [f"{MINUS}8", f"{MINUS}8", f"{MINUS}8", "24"]
    row = page.locator("#hand-3")
    expect(row).to_contain_text("♦ trumps · Dan 3 tricks")
    lines = row
    expect(lines).to_contain_text("Pool in play: 20 + 8 + 2 = 30")
    expect(lines).to_contain_text("Dan: −2 ante + 30 pool = +28")
    expect(lines).to_contain_text("Pool after the deal: 0")

    page.locator("#settlement summary").click()  # the fold fetches the settlement
    settlement = page.locator("#settlement-body")
    for payment in ("Ann pays Dan 8", "Bob pays Dan 8", "Cat pays Dan 8"):
        expect(settlement).to_contain_text(payment)
    page.screenshot(path=str(screens / "maw-after-three-deals.png"), full_page=True)
