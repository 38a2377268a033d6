"""An evening's Skat list of six games kept on a phone-sized Chromium against the real server.

Every number is worked out by hand from the ISkO game value (docs/rulings.md "Skat"): suit base
values ♦ 9, ♥ 10, ♠ 11, ♣ 12, Grand 24, Null 23; multiplier = matadors + 1 (game) + 1 hand
+ 1 schneider; a lost game counts −2 × its value; an overbid game is lost, valued at the lowest
multiple of its base value that reaches the bid. Only the declarer's score goes on the list.

    game  deals  declarer  game                     points  value                      list
      1   Ann    Bob       ♣ with 1, bid 24           75    (1 + 1) × 12 = 24, won     +24
      2   Bob    Cat       Grand with 2               61    (2 + 1) × 24 = 72, won     +72
      3   Cat    Ann       ♥ without 2                59    (2 + 1) × 10 = 30, lost    −60
      4   Ann    Bob       Null                        –    23, won                    +23
      5   Bob    Cat       ♠ with 1, hand, schneider  92    (1+1+1+1) × 11 = 44, won   +44
      6   Cat    Ann       ♦ with 1, bid 24           70    (1 + 1) × 9 = 18 < 24:
                                                            overbid, 27 lost           −54

Totals: Ann −60 − 54 = −114; Bob 24 + 23 = 47; Cat 72 + 44 = 116 (sum 49).
Balanced as in Skat, each player's net is 3 × own total − 49: Ann −342 − 49 = −391,
Bob 141 − 49 = +92, Cat 348 − 49 = +299 (zero-sum). Fewest payments: Ann pays Bob 92 and
Cat 299. On a list of 36, 30 games are left.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

MINUS = "\u2212"
ANN, BOB, CAT = range(3)


def chip(page: Page, field: str, value: str | int) -> None:
    """Tap the chip holding `value` in field `field` (by value: labels carry suit symbols)."""
    page.locator(f"#field-{field} label.chip:has(input[value='{value}'])").click()


def enter_game(
    page: Page,
    *,
    game: str,
    declarer: int,
    result: str,
    bid: int = 18,
    matadors: int | None = None,
    without: bool = False,
    hand: bool = False,
    points: int | None = None,
    schneider: str = "none",
) -> None:
    """Fill the entry form as a Skat player does: chips tapped, numbers typed."""
    chip(page, "game", game)
    chip(page, "declarer", declarer)
    page.fill("#bid", str(bid))
    if matadors is not None:
        page.fill("#matadors", str(matadors))
        chip(page, "with_matadors", "without" if without else "with")
    if hand:
        page.check("#hand")
    if points is not None:
        page.fill("#card_points", str(points))
    if game != "null":
        chip(page, "schneider", schneider)
    chip(page, "result", result)


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator("#toast")).to_contain_text(f"Hand {number} saved")


def totals(page: Page) -> list[str]:
    return page.locator("#standings .total").all_inner_texts()


def test_a_list_of_six_games_and_its_settlement(page: Page, screens: Path) -> None:
    start_game(page, "Skat", ["Ann", "Bob", "Cat"], options={"opt-skat-list_games": "36"})
    expect(page.locator("#status")).to_contain_text("36 of 36 games left")

    enter_game(page, game="clubs", declarer=BOB, bid=24, matadors=1, points=75, result="won")
    expect(page.locator("#preview")).to_contain_text("24")
    save(page, 1)
    enter_game(page, game="grand", declarer=CAT, matadors=2, points=61, result="won")
    save(page, 2)
    enter_game(
        page, game="hearts", declarer=ANN, matadors=2, without=True, points=59, result="lost"
    )
    save(page, 3)
    enter_game(page, game="null", declarer=BOB, result="won")
    save(page, 4)
    enter_game(
        page,
        game="spades",
        declarer=CAT,
        matadors=1,
        hand=True,
        points=92,
        schneider="schneider",
        result="won",
    )
    save(page, 5)

    # Game 6 is overbid: marked won, the referee refuses it and says why; nothing is saved.
    enter_game(page, game="diamonds", declarer=ANN, bid=24, matadors=1, points=70, result="won")
    page.get_by_role("button", name="Save hand 6").click()
    expect(page.locator("#field-result .error")).to_contain_text("overbid")
    assert totals(page) == [f"{MINUS}60", "47", "116"]
    page.screenshot(path=str(screens / "skat-overbid-refused.png"), full_page=True)
    chip(page, "result", "lost")
    save(page, 6)

    assert totals(page) == [f"{MINUS}114", "47", "116"]
    expect(page.locator("#status")).to_contain_text("30 of 36 games left")
    expect(page.locator("#status")).to_contain_text("Ann deals")  # game 7: the deal is back
    page.locator("#settlement summary").click()  # the fold fetches the settlement
    settlement = page.locator("#settlement-body")
    for words in (f"{MINUS}391", "+92", "+299", "Ann pays Bob 92", "Ann pays Cat 299"):
        expect(settlement).to_contain_text(words)
    page.screenshot(path=str(screens / "skat-list-of-six.png"), full_page=True)

    page.get_by_role("link", name="Summary & print").click()
    sheet = page.locator("main").inner_text()
    assert "Ann pays Bob 92" in sheet and "Ann pays Cat 299" in sheet
    pdf = page.pdf(format="A4")
    target = screens / "skat-summary.pdf"
    target.write_bytes(pdf)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-singlefile", str(target), str(screens / "skat-summary")],
        check=False,
    )
