"""The trick referee at phone size: a Maw trick tapped on the card grid, and a French Tarot
trick with the Excuse from a session's pad. Each verdict is worked out from the rules text."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game


def tap_cards(page: Page, codes: list[str]) -> None:
    """Tap the cards on the grid in the order they were played."""
    for code in codes:
        page.locator(f"button[data-card='{code}']").click()
    expect(page.locator("#cards")).to_have_value(" ".join(codes))


def test_a_maw_trick_on_the_card_grid(page: Page, screens: Path) -> None:
    page.goto("/")
    page.get_by_role("link", name="Maw", exact=True).click()
    page.locator("label.chip:has(input[name=players][value='4'])").click()
    page.locator("label.chip:has(input[name=trump][value='C'])").click()
    # A mis-tap taken back: the grid's "Take back a card".
    page.locator("button[data-card='2D']").click()
    page.get_by_role("button", name="Take back a card").click()
    # Clubs trumps, Player 1 leads: the Ace of Hearts, the Jack of Clubs, the King of Clubs,
    # the Five of Spades. The Jack of trumps ranks second only to the Five of trumps (not
    # played), above the Ace of Hearts (third): Player 2 wins.
    tap_cards(page, ["AH", "JC", "KC", "5S"])
    page.get_by_role("button", name="Who wins?").click()
    verdict = page.locator(".verdict-words")
    expect(verdict).to_have_text(
        "Player 2 wins with the Jack of Clubs: in Maw the Jack of "
        "trumps ranks second only to the Five"
    )
    expect(verdict).to_be_in_viewport()
    page.screenshot(path=str(screens / "referee-maw.png"), full_page=True)


def test_a_french_tarot_trick_with_the_excuse(page: Page, screens: Path) -> None:
    start_game(page, "French Tarot", ["Ann", "Bob", "Cat", "Dan"])
    page.get_by_role("link", name="Who wins this trick?").click()
    page.locator("label.chip:has(input[name=leader][value='1'])").click()
    # Bob leads the Five of Clubs, Cat plays the Two, Dan the Three of Diamonds, Ann the
    # Excuse. No atout: the highest club wins (black suits: the Five over the Two); the Excuse
    # "may not win the trick", and Ann keeps it and owes Bob half a point.
    tap_cards(page, ["5C", "2C", "3D", "EX"])
    page.get_by_role("button", name="Who wins?").click()
    expect(page.locator(".verdict-words")).to_contain_text("Bob wins with the Five of Clubs")
    expect(page.locator(".verdict")).to_contain_text("The Excuse never wins")
    page.screenshot(path=str(screens / "referee-excuse.png"), full_page=True)
