"""Whist on a phone-sized Chromium against the real server: a rubber scored in points, with
honours, two hands entered through the real form (and one refused on the way).

Worked by hand (the text, docs/rulings.md "Whist", the Laws of Whist; docs/rules/whist.md):
    hand  deals  trump  Ann & Cat  Bob & Dan  honours           score toward game 1
      –                  7          5                           refused: 7 + 5 = 12, not 13
      1   Ann    ♠      8          5          Ann & Cat three   8 − 6 = 2, + 2 honours: 4 – 0
      2   Bob    ♥      7          6          —                 4 + (7 − 6) = 5: game 1, 5 – 0
Ann & Cat win game 1, 5 to love: a treble. The rubber goes on: game 2 at love all, Ann & Cat one
game to none; Cat deals hand 3. Standings: each side's points counted toward games, 5 and 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e


def chip(page: Page, field: str, value: str) -> None:
    """Tap the chip holding `value` in field `field`."""
    page.locator(f"#field-{field} label.chip:has(input[value='{value}'])").click()


def enter_hand(
    page: Page, *, trump: str, ann_cat: int, bob_dan: int, honours: str | None = None
) -> None:
    """Fill the entry form as the players do: the trump's chip, the two trick counts, and
    Ann & Cat's honours under the folded Honours heading."""
    chip(page, "trump", trump)
    page.fill("#tricks_1", str(ann_cat))
    page.fill("#tricks_2", str(bob_dan))
    if honours is not None:
        page.locator("details.section summary", has_text="Honours").click()
        chip(page, "honours_1", honours)


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator("#toast")).to_contain_text(f"Hand {number} saved")


def test_two_hands_of_a_rubber_in_points(page: Page, screens: Path) -> None:
    start_game(
        page,
        "Whist",
        ["Ann", "Bob", "Cat", "Dan"],
        options={"opt-whist-match": "rubber-points", "opt-whist-honours": "y"},
    )
    expect(page.locator("#status")).to_contain_text("Game 1 to 5: Ann & Cat 0 – Bob & Dan 0")

    # 7 + 5 = 12 tricks: refused beside Bob & Dan's count, nothing saved.
    enter_hand(page, trump="S", ann_cat=7, bob_dan=5)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#field-tricks_2 .error")).to_contain_text("= 12 tricks, but a hand has 13")

    enter_hand(page, trump="S", ann_cat=8, bob_dan=5, honours="three")
    save(page, 1)
    expect(page.locator("#status")).to_contain_text("Game 1 to 5: Ann & Cat 4 – Bob & Dan 0")
    expect(page.locator("#status")).to_contain_text("Ann & Cat at 4: no honours this deal")

    enter_hand(page, trump="H", ann_cat=7, bob_dan=6)
    save(page, 2)

    status = page.locator("#status")
    expect(status).to_contain_text("Cat deals")
    expect(status).to_contain_text("Game 2 to 5: Ann & Cat 0 – Bob & Dan 0")
    expect(status).to_contain_text("Games won: Ann & Cat 1 – Bob & Dan 0")
    expect(status).to_contain_text("Ann & Cat won game 1, 5 to 0")
    sides = page.locator("#standings .sides .total").all_inner_texts()
    assert sides == ["5", "0"]  # one partner's score each, not the partners' sum
    assert page.locator("#standings .members .total").all_inner_texts() == ["5", "0", "5", "0"]
    page.screenshot(path=str(screens / "whist-two-hands.png"), full_page=True)
