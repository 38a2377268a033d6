"""A game of Marmalade to 61 holes on a phone-sized Chromium against the real server: tricks
typed by their cards and tapped by their counts, two refusals, the board redrawn after every
trick, the game won in the middle of a deal.

Worked out by hand from docs/rulings.md ("Marmalade": 5 to a trick won with a trump, else 2; plus 2
a trump, the winning one included, and 1 a court card; 61 holes as the option) and the text's
orders (red suits K, Q, J, A, 2 … 10; black suits K, Q, J, 10 … 2, A). Hearts are trumps; Ann,
listed first, leads trick 1, and the winner of each trick leads the next.

    trick  led by  entered as                     won by       pegs                 Ann Bob Cat
      1    Ann     cards KS 3H QH                 Cat (QH)     5 + 2×2 + 2 = 11      0   0  11
      2    Cat     cards 10S JS 2S (Cat, Ann, Bob) Ann (JS)     2 + 0 + 1 = 3         3   0  11
      3    Ann     Bob, a trump, 3 trumps, 2 courts            5 + 6 + 2 = 13        3  13  11
      4    Bob     cards KH JH AH (Bob, Cat, Ann) Bob (KH)     5 + 6 + 2 = 13        3  26  11
      5    Bob     Bob, a trump, 2 trumps, 1 court             5 + 4 + 1 = 10        3  36  11
      6    Bob     cards 9C KC 2H (Bob, Cat, Ann) Ann (2H)     5 + 2 + 1 = 8        11  36  11
      7    Ann     Bob, a trump, 3 trumps, 1 court             5 + 6 + 1 = 12       11  48  11
      8    Bob     cards QD 5H 4H (Bob, Cat, Ann) Ann (4H>5H)  5 + 4 + 1 = 10       21  48  11
      9    Ann     Bob, a trump, 3 trumps, 3 courts            5 + 6 + 3 = 14, capped: 48 + 14 =
                   62 > 61, the peg stops in hole 61 (13 holes): Bob wins       21  61  11

At three players a deal is 52 / 3 = 17 tricks: the game ends on trick 9, mid-deal. The board
draws hole h of 61 at x = 14 + 308 h / 61: 11 → 69.5, 21 → 120.0, 61 → 322.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Cat"]
ANN, BOB, CAT = range(3)


def tap_seat(page: Page, field: str, seat: int) -> None:
    """Tap a player's chip in a seat field (by value, as a player taps the name)."""
    page.locator(f"#field-{field} label.chip:has(input[value='{seat}'])").click()


def by_cards(page: Page, cards: str, winner: int | None = None) -> None:
    """Type the trick's cards (the pad's leader leads); tap a winner only when given."""
    page.fill("#cards", cards)
    if winner is not None:
        tap_seat(page, "winner", winner)


def by_counts(page: Page, winner: int, trumps: int, courts: int) -> None:
    """The quicker way: who won, a trump won it, and the trumps and court cards in it."""
    tap_seat(page, "winner", winner)
    section = page.locator("#entry details.section")
    if section.get_attribute("open") is None:
        section.locator("summary").click()
    page.locator("#field-won_with label.chip", has_text="A trump").click()
    page.fill("#trumps", str(trumps))
    page.fill("#courts", str(courts))


def save(page: Page, number: int) -> None:
    """Tap "Save hand N" and wait for the trick's row."""
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(f"#hand-{number}")).to_be_attached()


def expect_board(page: Page, holes: list[int]) -> None:
    """Each lane of the board picture: the peg's hole (a data attribute) and where it is drawn
    (see X), and the same holes in the standings."""
    lanes = page.locator("#board g.lane")
    expect(lanes).to_have_count(len(NAMES))
    for seat, hole in enumerate(holes):
        lane = lanes.nth(seat)
        expect(lane).to_have_attribute("data-hole", str(hole))
        expect(lane.locator("circle.peg")).to_have_attribute("cx", X[hole])
    expect(page.locator("#standings .seat .total")).to_have_text([str(h) for h in holes])


X = {
    0: "14.0",
    3: "29.1",
    11: "69.5",
    13: "79.6",
    21: "120.0",
    26: "145.3",
    36: "195.8",
    48: "256.4",
    61: "322.0",
}
"""Where a peg in hole h is drawn: 14 + 308 h / 61, to a tenth (3 → 14 + 15.15; 36 → 14 +
181.77; 48 → 14 + 242.36)."""


def test_a_game_to_61_holes_on_a_phone(page: Page, screens: Path) -> None:
    start_game(
        page,
        "Marmalade",
        NAMES,
        options={"opt-marmalade-trump": "H", "opt-marmalade-board": "61"},
        screenshot=screens / "marmalade-new.png",
    )
    expect(page.locator("#board")).to_have_attribute("data-holes", "61")
    expect(page.locator("#status")).to_contain_text("Ann leads")
    expect(page.locator("#status")).to_contain_text("Hearts ♥ are trumps")
    expect_board(page, [0, 0, 0])
    page.screenshot(path=str(screens / "marmalade-start.png"), full_page=True)

    # Trick 1, Bob tapped as the winner: the cards give it to Cat's Queen, the higher trump.
    by_cards(page, "KS 3H QH", BOB)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#field-winner .error")).to_contain_text(
        "The cards give the trick to Cat, not Bob"
    )
    page.screenshot(path=str(screens / "marmalade-refused.png"), full_page=True)
    tap_seat(page, "winner", CAT)
    expect(page.locator("#preview")).to_contain_text("5 + 4 + 2 = 11 holes")
    save(page, 1)
    expect_board(page, [0, 0, 11])
    expect(page.locator("#status")).to_contain_text("Cat leads")

    # Trick 2: a card typed twice is refused on the cards; then the right cards, Cat leading.
    by_cards(page, "10S JS 10S")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator("#field-cards .error")).to_contain_text("The Ten of Spades is played twice")
    by_cards(page, "10S JS 2S")
    save(page, 2)
    expect_board(page, [3, 0, 11])
    expect(page.locator("#status")).to_contain_text("Ann leads")

    by_counts(page, BOB, trumps=3, courts=2)  # trick 3
    expect(page.locator("#preview")).to_contain_text("5 + 6 + 2 = 13 holes")
    page.screenshot(path=str(screens / "marmalade-quick.png"), full_page=True)
    save(page, 3)
    expect_board(page, [3, 13, 11])

    by_cards(page, "KH JH AH")  # trick 4, Bob leading: his King of Hearts
    save(page, 4)
    expect_board(page, [3, 26, 11])
    by_counts(page, BOB, trumps=2, courts=1)  # trick 5
    save(page, 5)
    expect_board(page, [3, 36, 11])
    by_cards(page, "9C KC 2H")  # trick 6, Bob leading: Ann's Two of Hearts, the only trump
    save(page, 6)
    expect_board(page, [11, 36, 11])
    by_counts(page, BOB, trumps=3, courts=1)  # trick 7
    save(page, 7)
    expect_board(page, [11, 48, 11])
    by_cards(page, "QD 5H 4H")  # trick 8, Bob leading: Ann's Four of Hearts beats the Five
    save(page, 8)
    expect_board(page, [21, 48, 11])
    page.screenshot(path=str(screens / "marmalade-board.png"), full_page=True)
    page.locator("#standings").screenshot(path=str(screens / "marmalade-board-only.png"))

    # Trick 9: 14 holes from hole 48 would be 62; the peg stops in 61 and Bob wins, 8 tricks
    # before the end of the deal. No form is left for a tenth trick.
    by_counts(page, BOB, trumps=3, courts=3)
    expect(page.locator("#preview")).to_contain_text(
        "Bob: hole 48 + 14 = 62, past the last hole: the peg stops in hole 61 (13 holes)"
    )
    page.get_by_role("button", name="Save hand 9").click()
    expect(page.locator("#status")).to_contain_text(
        "Game over. Bob reached hole 61, the last hole, and wins."
    )
    expect_board(page, [21, 61, 11])
    expect(page.locator("#board g.lane[data-won=true]")).to_have_attribute("data-name", "Bob")
    expect(page.locator("#entry-form")).to_have_count(0)
    page.screenshot(path=str(screens / "marmalade-won.png"), full_page=True)
    page.locator("#standings").screenshot(path=str(screens / "marmalade-won-board.png"))
