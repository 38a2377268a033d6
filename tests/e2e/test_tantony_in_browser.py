"""A whole hand of Tantony played beside the pad, in a phone-sized Chromium on the real server.

The hand, worked out by hand from the rules text (seed 000) — runts count 2–10 at face value,
Jack 15, Queen 20, King 25, Ace 30; each player gets exactly three of tricks 1–12; whoever gets a
trick leads the next; trick 13's runt (the Tantony card) stays with whoever won trick 13:

    Annie deals, so Benny (her left) leads trick 1. The trick referee is used for it: Benny 6♠,
    Connie 10♠, Denny Q♠, Annie 2♠ — Denny's sow Queen wins, the runt is the 2♠, worth 2, and
    Denny gives the trick to Connie, who leads trick 2.

    trick  runt  to       value      trick  runt  to      value
      1    2♠    Connie     2          8    2♣    Annie     2
      2    3♥    Annie      3          9    4♦    Denny     4
      3    6♦    Benny      6         10    7♥    Connie    7
      4    4♣    Annie      4         11    9♣    Denny     9
      5    5♠    Denny      5         12    8♦    Benny     8
      6    10♥   Connie    10         13    J♠    Denny    15  (won, never placed)
      7    3♦    Benny      3

    Annie 3 + 4 + 2 = 9; Benny 6 + 3 + 8 = 17; Connie 2 + 10 + 7 = 19; Denny 5 + 4 + 9 + 15 = 33.
    Annie & Connie 9 + 19 = 28; Benny & Denny 17 + 33 = 50. Neither side reached 60 (the
    sudden-death target after hand 1), so the game goes on; hand 2 is led first by Connie, the
    left-hand opponent of Benny.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

NAMES = ["Annie", "Benny", "Connie", "Denny"]
ANNIE, BENNY, CONNIE, DENNY = range(4)
# Tricks 2–13 as (runt, seat that got it); trick 1 is entered with the referee.
TRICKS = [
    ("3H", ANNIE),
    ("6D", BENNY),
    ("4C", ANNIE),
    ("5S", DENNY),
    ("10H", CONNIE),
    ("3D", BENNY),
    ("2C", ANNIE),
    ("4D", DENNY),
    ("7H", CONNIE),
    ("9C", DENNY),
    ("8D", BENNY),
    ("JS", DENNY),
]


def status(page: Page) -> str:
    return page.locator(".trick-status").inner_text()


def tap_runt(page: Page, code: str) -> None:
    page.locator(f"label.card-chip:has(input[value='{code}'])").click()


def tap_player(page: Page, seat: int) -> None:
    page.locator(f"#entry label.chip:has(input[name=next-to][value='{seat}'])").click()


def add_trick(page: Page, number: int) -> None:
    """Tap "Add trick N" and wait until the pad has moved on to the next trick."""
    page.get_by_role("button", name=f"Add trick {number}").click()
    following = f"Trick {number + 1} of 13" if number < 13 else "All 13 tricks are in"
    expect(page.locator(".trick-status")).to_contain_text(following)


def box(page: Page, seat: int) -> str:
    """A player's tricks-and-points box on the trick panel ("Connie 1/3 2 pts")."""
    return page.locator(".quota .q").nth(seat).inner_text()


def test_a_whole_hand_with_the_runt_grid_at_phone_size(page: Page, screens: Path) -> None:
    start_game(page, "Tantony", NAMES)
    expect(page.locator("#status")).to_contain_text("Benny leads")
    assert "Trick 1 of 13" in status(page) and "Benny leads" in status(page)

    # Nothing tapped: the pad says what is missing, beside the grid and the players.
    page.get_by_role("button", name="Add trick 1").click()
    expect(page.locator(".runt-grid .error")).to_contain_text("Tap the runt")
    expect(page.locator("#entry")).to_contain_text("Tap who got the trick")

    # Trick 1 through the referee: the pad finds the runt (2♠) from the cards.
    page.locator("summary", has_text="Referee this trick").click()
    page.fill("#next-cards", "6s 10s qs 2s")
    tap_player(page, CONNIE)
    add_trick(page, 1)
    assert "Connie leads" in status(page)
    assert "1/3" in box(page, CONNIE) and "2 pts" in box(page, CONNIE)
    for code in ("2S", "6S", "10S", "QS"):  # every card of a refereed trick is spent
        expect(page.locator(f"input[name=next-runt][value='{code}']")).to_be_disabled()

    for number, (runt, seat) in enumerate(TRICKS[:4], start=2):
        if number == 5:  # a mis-tap: trick 5 given to Benny, then taken back
            tap_runt(page, runt)
            tap_player(page, BENNY)
            add_trick(page, 5)
            page.get_by_role("button", name="Take back trick 5").click()
            expect(page.locator(".trick-status")).to_contain_text("Trick 5 of 13")
        tap_runt(page, runt)
        tap_player(page, seat)
        add_trick(page, number)
    page.screenshot(path=str(screens / "tantony-trick-6.png"), full_page=True)

    # The hand so far is on disk: a reload (or a phone that died) finds it again.
    page.reload()
    expect(page.locator(".trick-status")).to_contain_text("Trick 6 of 13")
    assert "Denny leads" in status(page)  # Denny got trick 5

    for number, (runt, seat) in enumerate(TRICKS[4:11], start=6):
        if number == 9:  # Annie has her three (3♥, 4♣, 2♣): she cannot be given trick 9
            expect(page.locator("input[name=next-to][value='0']")).to_be_disabled()
        tap_runt(page, runt)
        tap_player(page, seat)
        add_trick(page, number)

    # Trick 13 is not placed: the Tantony card stays with whoever wins it.
    expect(page.locator(".runt-grid legend")).to_contain_text("Tantony card")
    expect(page.locator("#entry")).to_contain_text("Won the last trick")
    for seat in range(4):  # everyone has three now, yet anyone can win the last trick
        expect(page.locator(f"input[name=next-to][value='{seat}']")).to_be_enabled()
    tap_runt(page, "JS")
    tap_player(page, DENNY)
    add_trick(page, 13)
    preview = page.locator("#entry .preview").inner_text()
    assert "Annie & Connie 28" in preview and "Benny & Denny 50" in preview
    page.screenshot(path=str(screens / "tantony-hand-complete.png"), full_page=True)

    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
    sides = page.locator(".standings.sides .total").all_inner_texts()
    members = page.locator(".standings.members .total").all_inner_texts()
    assert sides == ["28", "50"]
    assert members == ["9", "17", "19", "33"]
    expect(page.locator("#status")).to_contain_text("Hand 2 · Connie leads")
    expect(page.locator(".trick-status")).to_contain_text("Trick 1 of 13")
    expect(page.locator("input[name=next-runt][value='2S']")).to_be_enabled()  # a new hand
    page.screenshot(path=str(screens / "tantony-after-hand-1.png"), full_page=True)
