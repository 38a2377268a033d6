"""Two rounds of the anti-trump game kept on a phone-sized Chromium against the real server.

Worked by hand from the text (seed 003) and docs/rulings.md "The anti-trump game (003)": bids 0 to
5, five tricks a round; round 1 exchanges 4 cards to the left, round 2 4 to the right; by
default an exact bid scores 10 + bid, a missed bid 0 (a house rule: the text has no scoring).

    Round 1, Ann deals, Spades anti-trump. Bids from her left: Bob 2, Cat 0, Ann 1.
    Tricks: Bob 3, Cat 1, Ann 1 (3 + 1 + 1 = 5).
    Bob bid 2, took 3: missed, 0. Cat bid 0, took 1: missed, 0. Ann bid 1, took 1: 10 + 1 = 11.
    Totals: Ann 11, Bob 0, Cat 0.

    Round 2, Bob deals: Cat bids first. The tricks first typed as Cat 2, Ann 2, Bob 2 = 6 are
    refused (a round has 5).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Cat"]
ANN, BOB, CAT = range(3)


def chip(page: Page, field: str, value: str | int) -> None:
    """Tap the chip holding `value` in field `field`."""
    page.locator(f"#field-{field} label.chip:has(input[value='{value}'])").click()


def totals(page: Page) -> list[str]:
    return page.locator("#standings .total").all_inner_texts()


def field_order(page: Page) -> list[str]:
    """The entry form's fields, top to bottom."""
    return page.locator("#entry-form .field").evaluate_all("els => els.map(e => e.dataset.field)")


def test_a_round_bids_first_then_tricks_at_phone_size(page: Page, screens: Path) -> None:
    start_game(page, "Anti-Trump", NAMES, screenshot=screens / "anti-trump-new-session.png")
    status = page.locator("#status")
    expect(status).to_contain_text("Round 1 of 9 · 4 cards to the left")
    expect(status).to_contain_text("House rule (the text has no scoring)")

    # Before play: the anti-trump, then the bids from the dealer's (Ann's) left.
    assert field_order(page) == ["anti_trump", "bid_1", "bid_2", "bid_0"]
    expect(page.locator("#entry-form [name=took_0]")).to_have_count(0)
    chip(page, "anti_trump", "S")
    chip(page, "bid_1", 2)
    chip(page, "bid_2", 0)
    chip(page, "bid_0", 1)
    page.screenshot(path=str(screens / "anti-trump-bids.png"), full_page=True)
    page.get_by_role("button", name="Save the bids").click()

    # The bids saved are shown above the tricks' form, with the round and its exchange.
    ended = page.locator(".ended-phase")
    expect(ended).to_contain_text(
        "Anti-trump suit: Spades ♠ · Bob bids: 2 · Cat bids: 0 · Ann bids: 1"
    )
    expect(status).to_contain_text("Round 1 of 9 · 4 cards to the left")
    assert field_order(page) == ["took_1", "took_2", "took_0"]
    page.screenshot(path=str(screens / "anti-trump-tricks.png"), full_page=True)

    # Another phone (or a reload) shows the same bids.
    page.reload()
    expect(page.locator(".ended-phase")).to_contain_text("Bob bids: 2")

    chip(page, "took_1", 3)
    chip(page, "took_2", 1)
    chip(page, "took_0", 1)
    expect(page.locator("#preview")).to_contain_text("Ann: bid 1, took 1, exact: 10 + 1 = +11")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
    assert totals(page) == ["11", "0", "0"]
    expect(status).to_contain_text("Round 2 of 9 · 4 cards to the right")
    expect(status).to_contain_text("Bob deals")

    # Round 2: Cat bids first; tricks that add up to 6 are refused on the first tricks box.
    assert field_order(page) == ["anti_trump", "bid_2", "bid_0", "bid_1"]
    chip(page, "anti_trump", "C")
    for seat in (CAT, ANN, BOB):
        chip(page, f"bid_{seat}", 1)
    page.get_by_role("button", name="Save the bids").click()
    expect(page.locator(".ended-phase")).to_contain_text("Clubs ♣")
    for seat in (CAT, ANN, BOB):
        chip(page, f"took_{seat}", 2)
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator("#field-took_2 .error")).to_contain_text(
        "The tricks add up to 2 + 2 + 2 = 6; a round has 5 tricks"
    )
    page.screenshot(path=str(screens / "anti-trump-tricks-refused.png"), full_page=True)
    assert totals(page) == ["11", "0", "0"]

    page.get_by_role("link", name="Summary & print").click()
    sheet = page.locator("main").inner_text()
    assert "Scoring (a house rule: the text has none): Exact bid 10 + bid, missed bid 0" in sheet
    assert "Length: Nine rounds" in sheet
    page.screenshot(path=str(screens / "anti-trump-summary.png"), full_page=True)
