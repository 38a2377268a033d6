"""Two phones on one session (two browser contexts, each its own cookies) against the real
server: what one saves reaches the other within two seconds, without a reload, and a phone
that was typing keeps what it typed and is told."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

LIVE_WITHIN_MS = 2_500  # a poll every 2 s, and the answer's round trip


def save_war_game(page: Page, winner: str, number: int) -> None:
    """Tap who won the game of War and save it."""
    page.locator(f"#field-winner label.chip:has-text('{winner}')").click()
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator("#toast")).to_contain_text(f"Hand {number} saved")


def test_a_save_on_one_phone_reaches_the_other(
    page: Page, second_phone: Page, screens: Path
) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    second_phone.goto(pad_url)
    expect(second_phone.locator("#standings .total")).to_have_text(["0", "0"])

    save_war_game(page, "Bob", 1)  # Bob won a game: 0, 1
    expect(second_phone.locator("#standings .total")).to_have_text(
        ["0", "1"], timeout=LIVE_WITHIN_MS
    )
    expect(second_phone.locator("#hands tbody")).to_have_count(1)
    expect(second_phone.get_by_role("button", name="Save hand 2")).to_be_visible()

    # The second phone starts typing hand 2; the first saves hand 2 meanwhile.
    second_phone.locator("#field-winner label.chip:has-text('Ann')").click()
    save_war_game(page, "Bob", 2)
    expect(second_phone.locator("#standings .total")).to_have_text(
        ["0", "2"], timeout=LIVE_WITHIN_MS
    )
    note = second_phone.locator("#live-note")
    expect(note).to_contain_text("the next is hand 3")
    expect(second_phone.locator("#field-winner input[value='0']")).to_be_checked()  # kept
    second_phone.screenshot(path=str(screens / "live-note.png"), full_page=True)

    # Saved anyway: the pad shows both hands and asks; "the next hand" saves it as hand 3.
    second_phone.get_by_role("button", name="Save hand 2").click()
    choice = second_phone.locator("#stale-choice")
    expect(choice).to_contain_text("Hand 2 was saved on another phone meanwhile.")
    expect(choice.locator(".side").first).to_contain_text("Bob won")
    expect(choice.locator(".side").last).to_contain_text("Ann won")
    second_phone.screenshot(path=str(screens / "stale-choice.png"), full_page=True)
    choice.get_by_role("button", name="This is the next hand: save it as hand 3").click()
    expect(second_phone.locator("#toast")).to_contain_text("Hand 3 saved")
    expect(second_phone.locator("#standings .total")).to_have_text(["1", "2"])
    expect(page.locator("#standings .total")).to_have_text(["1", "2"], timeout=LIVE_WITHIN_MS)


def test_an_open_settlement_stays_open_and_follows_another_phones_save(
    page: Page, second_phone: Page
) -> None:
    from tests.e2e.test_pad_in_browser import fill_hand, save_hand

    pad_url = start_game(page, "French Tarot", ["Ann", "Bob", "Cat", "Dan"])
    second_phone.goto(pad_url)
    # Hand 1 (docs/rulings.md's worked numbers): Ann's garde, 47 points with 2 bouts, target 41,
    # made by 6: (25 + 6) × 2 = 62 from each defender.
    fill_hand(page, contract="Garde", taker="Ann", points="47", bouts=2)
    save_hand(page, 1)
    expect(second_phone.locator("#settlement summary")).to_be_visible(timeout=LIVE_WITHIN_MS)
    second_phone.locator("#settlement summary").click()
    expect(second_phone.locator("#settlement-body")).to_contain_text("Bob pays Ann 62")

    # Hand 2 on the first phone: Bob's petite, 45 points with 1 bout, target 51, failed by 6:
    # (25 + 6) × 1 = 31 to each defender. Totals 217, −155, −31, −31: Bob pays Ann 155.
    fill_hand(page, contract="Petite", taker="Bob", points="45", bouts=1)
    save_hand(page, 2)
    expect(second_phone.locator("#hands tbody.hand")).to_have_count(2, timeout=LIVE_WITHIN_MS)
    expect(second_phone.locator("#settlement details")).to_have_attribute("open", "")
    expect(second_phone.locator("#settlement-body")).to_contain_text("Bob pays Ann 155")


def test_another_phone_joins_by_the_code_on_the_page(
    page: Page, second_phone: Page, screens: Path
) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    page.wait_for_load_state("networkidle")  # the preview's first answer moves what is below
    page.locator("#join summary").click()
    expect(page.locator("#join")).to_have_attribute("open", "")
    qr = page.locator("#join img.qr")
    expect(qr).to_be_visible()
    loaded = "image => image.complete && image.naturalWidth > 0"
    for _ in range(50):  # the lazy image loads once the fold is open
        if qr.evaluate(loaded):
            break
        page.wait_for_timeout(100)
    assert qr.evaluate(loaded)
    expect(page.locator("#join-link")).to_have_value(pad_url)
    page.screenshot(path=str(screens / "join-qr.png"), full_page=True)
    second_phone.goto(page.locator("#join-link").input_value())  # what the camera opens
    second_phone.goto("/")
    expect(second_phone.locator("main")).to_contain_text("Ann, Bob")  # the home page lists it


def test_sign_off_another_phone_agrees(page: Page, second_phone: Page, screens: Path) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"], options={"sign_off": "y"})
    second_phone.goto(pad_url)
    # An unnamed phone is asked openly: the names are in sight, no fold to open.
    second_phone.locator("#who").get_by_role("button", name="Bob").click()
    expect(second_phone.locator("#who summary")).to_contain_text("This phone: Bob")

    save_war_game(page, "Ann", 1)
    mark = second_phone.locator("#hand-1 .signed")
    expect(mark).to_have_text("waiting", timeout=LIVE_WITHIN_MS)
    second_phone.locator("#hand-1 summary").click()
    second_phone.screenshot(path=str(screens / "sign-off-waiting.png"), full_page=True)
    second_phone.locator("#hand-1").get_by_role("button", name="Agree").click()
    expect(second_phone.locator("#hand-1 .signed")).to_have_text("agreed")
    expect(page.locator("#hand-1 .signed")).to_have_text("agreed", timeout=LIVE_WITHIN_MS)
    page.locator("#hand-1 summary").click()
    expect(page.locator("#hand-1 .sign-off")).to_contain_text("agreed by Bob")


def test_the_same_hand_choice_discards_and_the_history_names_the_phones(
    page: Page, second_phone: Page, screens: Path
) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    second_phone.goto(pad_url)
    for phone, name in ((page, "Ann"), (second_phone, "Bob")):
        # An unnamed phone is asked openly: the names are in sight, no fold to open.
        phone.locator("#who").get_by_role("button", name=name).click()
    second_phone.locator("#field-winner label.chip:has-text('Bob')").click()  # typing hand 1
    save_war_game(page, "Bob", 1)
    second_phone.get_by_role("button", name="Save hand 1").click()
    choice = second_phone.locator("#stale-choice")
    expect(choice).to_contain_text("Hand 1 was saved on another phone meanwhile.")
    choice.get_by_role("link", name="That was the same hand: discard mine").click()
    expect(second_phone.locator("#standings .total")).to_have_text(["0", "1"])  # one game only
    expect(second_phone.get_by_role("button", name="Save hand 2")).to_be_visible()

    # Bob fixes hand 1 (Ann won it after all): the history says who and what.
    second_phone.goto(f"{pad_url}/hands/1")
    second_phone.locator("#field-winner label.chip:has-text('Ann')").click()
    second_phone.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#standings .total")).to_have_text(["1", "0"], timeout=LIVE_WITHIN_MS)
    page.goto(f"{pad_url}/history")
    history = page.locator("ol.history li")
    expect(history.nth(0)).to_contain_text("Hand 1 entered by Ann")
    expect(history.nth(1)).to_contain_text("Hand 1 corrected by Bob")
    expect(history.nth(1)).to_contain_text("The winner Bob → Ann")
    page.screenshot(path=str(screens / "history-who.png"), full_page=True)


def test_a_tablet_shows_the_form_beside_the_hands(
    browser: Browser, server: str, screens: Path
) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, base_url=server)
    tablet = context.new_page()
    start_game(tablet, "War", ["Ann", "Bob"])
    save_war_game(tablet, "Ann", 1)
    entry, hands = (
        tablet.locator("#entry").bounding_box(),
        tablet.locator("#hands-section").bounding_box(),
    )
    assert entry["x"] + entry["width"] <= hands["x"]  # side by side, the form on the left
    assert abs(entry["y"] - hands["y"]) < 40
    tablet.screenshot(path=str(screens / "tablet.png"))
    context.close()
