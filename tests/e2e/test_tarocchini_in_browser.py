"""A Tarocchini hand kept on a phone-sized Chromium against the real server, by the cards
through the tap grid of 42 counting cards (the hand worked out in tests/games/test_tarocchini.py):

    Ann deals; tricks of three, her pile holds her 2 discards.
    Bob 18 cards, K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦: sets 17 + 14 + 12 = 43; card points
        15 + 12 + 6 + 9 × 1 = 42; Spades, Hearts, Diamonds K Q J, (10 + 10 + 10) × 2 = 60: 145.
    Cat the rest (15), Angelo Mondo Sole Luna 17 16 14 13 and the Matto: tarocchi 18; card points
        3 × 5 + 12 × 1 = 27; the grande with the Matto for 15, where the run ends: 7 cards 30: 75.
    Ann 29 cards, the other 24 counting cards: Knights 26; card points 49; Clubs 20, the
        Moretti with the Begato 20, the Aces 10, (20 + 20 + 10) × 2 = 100: 175.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

BOB = "KS KH KD QS QH QD JS JH JD"
CAT = "21T 20T 19T 18T 17T 16T 14T 13T EX"


def tap_card(page: Page, code: str) -> None:
    page.locator(f".pile-cell:has(select[name='card_{code}']) button[data-pile-card]").click()


def pick(page: Page, pile: int) -> None:
    page.locator(f"button[data-pile-pick='{pile}']").click()


def test_a_tarocchini_hand_by_the_cards(page: Page, screens: Path) -> None:
    start_game(page, "Tarocchini", ["Ann", "Bob", "Cat"])
    page.locator("#field-method label.chip:has(input[value='cards'])").click()
    expect(page.locator(".pile-grid")).to_be_visible()
    expect(page.locator(".pile-cell button[data-pile-card]")).to_have_count(42)

    pick(page, 1)
    for code in BOB.split():
        tap_card(page, code)
    pick(page, 2)
    for code in CAT.split():
        tap_card(page, code)
    pick(page, 0)
    for select in page.locator(".pile-cell select").all():
        if not select.input_value():
            tap_card(page, select.get_attribute("name").removeprefix("card_"))
    matto = page.locator(".pile-cell:has(select[name='card_EX']) button")
    expect(matto).to_contain_text("Matto")
    expect(matto).to_contain_text("Cat")
    page.screenshot(path=str(screens / "tarocchini-grid.png"))  # the phone's screen, 390×844
    page.fill("#size_0", "29")
    page.fill("#size_1", "18")

    preview = page.locator("#preview")
    expect(preview).to_contain_text("Total: 43 sets + 42 card points + 60 cricche = 145")
    expect(preview).to_contain_text("Matto for 15T")
    expect(preview).to_contain_text("All piles: 175 + 145 + 75 = 395")
    page.screenshot(path=str(screens / "tarocchini-by-the-cards.png"), full_page=True)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
    standings = page.locator("#standings")
    for total in ("175", "145", "75"):
        expect(standings).to_contain_text(total)
    page.screenshot(path=str(screens / "tarocchini-one-hand.png"), full_page=True)
