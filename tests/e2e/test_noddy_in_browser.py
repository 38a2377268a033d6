"""A Noddy hand entered by its cards on a phone-sized Chromium, through the real form and keypad.

Ann is listed first, so she deals hand 1 and Bob counts first. Worked by hand (docs/rulings.md
"Noddy: as written"; courts count 10):

    turn-up 5♠
    Bob  7♥ 8♥ 9♥: 7+8 = 15 2, flush (a sequence in one suit) 7♥-8♥-9♥ 3        = 5
    Ann  5♥ 10♣ K♣: fifteens 5♥+10♣, 5♥+K♣, 5♠+10♣, 5♠+K♣ 8; twenty-fives
         5♥+10♣+K♣, 5♠+10♣+K♣ 4; the pair of Fives 2                            = 14
    last card Bob, Go 1                                   hand 1: Ann 14, Bob 6

Hand 2 (Bob deals): the 5♠ turned again and typed into Ann's hand too is refused on her box,
naming the card; then Ann's points are typed as a quick entry (3), Bob's 4, Ann's Go:
Ann 14 + 3 + 1 = 18, Bob 6 + 4 = 10.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

SUITS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def tap_card(page: Page, code: str) -> None:
    """One card on the keypad: its rank, then its suit."""
    rank, suit = code[:-1], code[-1]
    page.locator(f"[data-noddy] button[data-rank='{rank}']").click()
    page.get_by_role("button", name=SUITS[suit]).click()


def tap_cards(page: Page, codes: str) -> None:
    for code in codes.split():
        tap_card(page, code)


def last_card(page: Page, seat: int) -> None:
    page.locator(f"#field-last_card label.chip:has(input[value='{seat}'])").click()


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator("#toast")).to_contain_text(f"Hand {number} saved")


def test_a_hand_entered_by_its_cards_on_the_keypad(page: Page, screens: Path) -> None:
    start_game(
        page,
        "Noddy",
        ["Ann", "Bob"],
        options={"opt-noddy-target": "31"},
        screenshot=screens / "noddy-new.png",
    )
    expect(page.locator("#status")).to_contain_text("Bob counts first")
    expect(page.locator("#turn_up")).to_have_class("noddy-slot active")
    page.screenshot(path=str(screens / "noddy-empty.png"))

    # The turn-up, then Ann's three, then Bob's three: each box is chosen by itself in turn.
    tap_cards(page, "5S 5H 10C KC 7H 8H 9H")
    for box, code in (
        ("turn_up", "5S"),
        ("p0_card1", "5H"),
        ("p0_card2", "10C"),
        ("p0_card3", "KC"),
        ("p1_card1", "7H"),
        ("p1_card2", "8H"),
        ("p1_card3", "9H"),
    ):
        expect(page.locator(f"#{box}")).to_have_value(code)
    last_card(page, 1)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("5♥ + K♣ = 15: 2")
    expect(preview).to_contain_text("5♠ + 10♣ + K♣ = 25: 2")
    expect(preview).to_contain_text("pair 5♥ 5♠: 2")
    expect(preview).to_contain_text("flush 7♥-8♥-9♥: 3")
    expect(preview).to_contain_text("Ann: 0 + 14 = 14 of 31")
    expect(preview).to_contain_text("Last card: Bob, Go: 1")
    page.screenshot(path=str(screens / "noddy-hand-by-cards.png"), full_page=True)
    save(page, 1)
    expect(page.locator("#standings .total")).to_have_text(["14", "6"])

    # Hand 2: Bob deals. A card twice is refused on its box, naming the card.
    expect(page.locator("#status")).to_contain_text("Ann counts first")
    tap_cards(page, "5S 5S")
    last_card(page, 0)
    page.get_by_role("button", name="Save hand 2").click()
    error = page.locator("#err-p0_card1")
    expect(error).to_contain_text(
        "5♠ (the Five of Spades) is entered twice: it is already the turn-up"
    )
    page.screenshot(path=str(screens / "noddy-card-twice.png"), full_page=True)

    # The quick entry: Ann's points clear her boxes; Bob's points.
    page.fill("#p0_points", "3")
    expect(page.locator("#p0_card1")).to_have_value("")
    page.fill("#p1_points", "4")
    expect(page.locator("#preview")).to_contain_text("Ann (not the dealer) counts 3")
    save(page, 2)
    expect(page.locator("#standings .total")).to_have_text(["18", "10"])
    page.screenshot(path=str(screens / "noddy-after-two-hands.png"), full_page=True)
