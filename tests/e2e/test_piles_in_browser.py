"""Two Scarto hands kept on a phone-sized Chromium against the real server: one by the points,
one by the cards through the tap grid (docs/rulings.md "The tarot family: counting piles").

    hand  deals  entered         piles                              counts        scores
      1   Ann    by the points   Ann 30, Bob 20, Cat the rest       30, 20, 28    +4, −6, +2
      2   Bob    by the cards    Ann 27 K♠ (5−1+9=13), Bob 24 Q♥     13, 11, 54    −13, −15, +28
                                 (4−1+8=11), Cat the rest: 27 with
                                 the other 17 (62−17+9=54)
      3   Cat    by the cards,   Ann 9 tricks = 27, Bob 8 = 24,      13, 11, 54    −13, −15, +28
                 in tricks       Cat 8 + 3 discards = 27

A pile of n cards with counting cards worth C, k of them, counts C − k + n/3 (every other card
1, −2 per group of three); each score is the count − 26. Totals: Ann 4 − 13 = −9,
Bob −6 − 15 = −21, Cat 2 + 28 = 30.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

MINUS = "\u2212"


def method(page: Page, value: str) -> None:
    page.locator(f"#field-method label.chip:has(input[value='{value}'])").click()


def tap_card(page: Page, code: str) -> None:
    page.locator(f".pile-cell:has(select[name='card_{code}']) button[data-pile-card]").click()


def test_a_scarto_hand_by_the_points_and_one_by_the_cards(page: Page, screens: Path) -> None:
    start_game(page, "Scarto", ["Ann", "Bob", "Cat"])
    expect(page.locator(".pile-grid")).to_be_visible()  # the form opens by the cards
    method(page, "points")
    expect(page.locator(".pile-grid")).to_be_hidden()

    page.fill("#count_0", "30")
    page.fill("#count_1", "20")
    expect(page.locator("#preview")).to_contain_text("Cat: the rest, 78 − 30 − 20 = 28")
    page.screenshot(path=str(screens / "scarto-by-the-points.png"), full_page=True)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")

    expect(page.locator(".pile-grid")).to_be_visible()  # the next hand opens by the cards
    tap_card(page, "KS")  # Ann's pile is picked first
    page.locator("button[data-pile-pick='1']").click()
    tap_card(page, "QH")
    page.locator("button[data-pile-pick='2']").click()
    for select in page.locator(".pile-cell select").all():
        if not select.input_value():
            tap_card(page, select.get_attribute("name").removeprefix("card_"))
    expect(page.locator(".pile-cell:has(select[name='card_QH']) button")).to_contain_text("Bob")
    page.fill("#size_0", "28")  # not whole tricks of three: refused
    page.fill("#size_1", "24")
    # The live preview says it first; the save is tapped once the page has caught up with the
    # typing (under a loaded full run the tap could land while the form was still settling).
    expect(page.locator("#preview")).to_contain_text("Ann's pile of 28 cards")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator("#entry .error").first).to_contain_text("Ann's pile of 28 cards")
    page.screenshot(path=str(screens / "scarto-by-the-cards-refused.png"), full_page=True)

    page.fill("#size_0", "27")
    expect(page.locator("#preview")).to_contain_text("K♠ low low → 5 + 1 + 1 − 2 = 5")
    expect(page.locator("#preview")).to_contain_text(f"Cat: 54 {MINUS} 26 = +28")
    page.screenshot(path=str(screens / "scarto-by-the-cards.png"), full_page=True)
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator("#toast")).to_contain_text("Hand 2 saved")
    expect(page.locator("#standings")).to_contain_text(f"{MINUS}21")
    expect(page.locator("#standings")).to_contain_text("30")
    page.screenshot(path=str(screens / "scarto-two-hands.png"), full_page=True)

    # Hand 3, Cat deals, the sizes in tricks won (25 tricks): Ann 9 = 27 cards, Bob 8 = 24,
    # Cat 8 and her 3 discards = 27; the cards as in hand 2: −13, −15, +28 again.
    page.locator("#field-unit label.chip:has(input[value='tricks'])").click()
    expect(page.locator("[data-unit-word]").first).to_have_text("tricks")
    page.locator("#field-discards_to label.chip:has(input[value='2'])").click()
    page.fill("#size_0", "9")
    page.fill("#size_1", "8")
    page.fill("#size_2", "8")
    tap_card(page, "KS")
    page.locator("button[data-pile-pick='1']").click()
    tap_card(page, "QH")
    page.locator("button[data-pile-pick='2']").click()
    for select in page.locator(".pile-cell select").all():
        if not select.input_value():
            tap_card(page, select.get_attribute("name").removeprefix("card_"))
    expect(page.locator("#preview")).to_contain_text(f"Cat: 54 {MINUS} 26 = +28")
    page.screenshot(path=str(screens / "scarto-in-tricks.png"), full_page=True)
    page.get_by_role("button", name="Save hand 3").click()
    expect(page.locator("#toast")).to_contain_text("Hand 3 saved")
    expect(page.locator("#standings")).to_contain_text(f"{MINUS}36")  # Bob −21 − 15
    expect(page.locator("#standings")).to_contain_text("58")  # Cat 30 + 28
