"""What is shown is true (issue 27), on a 390×844 phone against the real server: a box's error
goes when its value changes and the live preview checks it again; a box hidden by a choice
(a pile's size by the cards, then By the points) is no part of the check; the saved banner
follows the live view; the Tantony trick panel follows another phone's trick."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, start_game

pytestmark = pytest.mark.e2e


def method(page: Page, value: str) -> None:
    page.locator(f"#field-method label.chip:has(input[value='{value}'])").click()


def test_a_wish_solitaire_error_goes_when_the_count_is_fixed(page: Page) -> None:
    start_game(page, "Wish Solitaire", ["Ann"])
    page.locator("#field-result label.chip:has(input[value='lost'])").click()
    page.fill("#cards_left", "3")
    expect(page.locator("#preview")).to_contain_text("Pairs come off two at a time")
    page.get_by_role("button", name="Save hand 1").click()
    error = page.locator("#field-cards_left .error")
    expect(error).to_contain_text("so 3 cards cannot be left")
    expect(page.locator("#field-cards_left")).to_have_class(re.compile("has-error"))
    # 4 left: the error beside the box goes, and the preview checks the deal again.
    page.fill("#cards_left", "4")
    expect(error).to_have_count(0)
    expect(page.locator("#field-cards_left")).not_to_have_class(re.compile("has-error"))
    expect(page.locator("#cards_left")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#preview")).not_to_contain_text("Pairs come off")
    # 5 left: wrong again, said by the preview (not by a red box the value no longer holds).
    page.fill("#cards_left", "5")
    expect(page.locator("#preview")).to_contain_text("so 5 cards cannot be left")


def test_a_tarocchini_count_error_goes_when_the_count_is_typed(page: Page) -> None:
    start_game(page, "Tarocchini", ["Ann", "Bob", "Cat"])
    method(page, "points")
    page.fill("#count_0", "40")
    page.fill("#count_1", "40")
    expect(page.locator("#preview")).to_contain_text("Enter Cat's count.")
    page.get_by_role("button", name="Save hand 1").click()
    error = page.locator("#err-count_2")
    expect(error).to_contain_text("Enter Cat's count.")
    # 40 + 40 + 38 = 118, the pack's card points as written: the hand is whole.
    page.fill("#count_2", "38")
    expect(error).to_have_count(0)
    expect(page.locator("#count_2")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#entry .has-error")).to_have_count(0)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")


def test_a_size_typed_by_the_cards_is_no_part_of_a_hand_by_the_points(page: Page) -> None:
    # Tarocchi Siciliani: Ann's pile typed as 2 cards by the cards (Ann won the last trick, so
    # her pile holds at least its 4 cards), then the table counts by the points instead:
    # 30 + 30 + 30 + 14 = 104, the pack's count; Ann +5 for the last trick.
    start_game(page, "Tarocchi Siciliani", ["Ann", "Bob", "Cat", "Dan"])
    page.locator("#field-last_trick label.chip:has(input[value='0'])").click()
    page.fill("#size_0", "2")
    page.fill("#size_1", "20")
    page.fill("#size_2", "20")
    expect(page.locator("#preview")).to_contain_text("Ann won the last trick")
    method(page, "points")
    expect(page.locator("#size_0")).to_be_hidden()
    for pile, count in enumerate((30, 30, 30, 14)):
        page.fill(f"#count_{pile}", str(count))
    expect(page.locator("#preview")).not_to_contain_text("Ann won the last trick")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
    expect(page.locator("#standings")).to_contain_text("35")
    # Back by the cards, the sizes typed are still there as typed.
    method(page, "cards")
    expect(page.locator("#size_0")).to_be_visible()


def second_phone(browser: Browser, server: str) -> Page:
    """Another phone at the table (its own cookies)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=server)
    context.set_default_timeout(5_000)
    return context.new_page()


def test_the_saved_banner_follows_the_live_view(page: Page, browser: Browser, server: str) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    page.locator("#field-winner label.chip:has(input[value='0'])").click()
    page.get_by_role("button", name="Save hand 1").click()
    toast = page.locator("#toast")
    expect(toast).to_contain_text("Hand 1 saved")
    expect(toast.get_by_role("button", name="Undo hand 1")).to_be_visible()
    other = second_phone(browser, server)
    other.goto(pad_url)
    other.locator("#field-winner label.chip:has(input[value='1'])").click()
    other.get_by_role("button", name="Save hand 2").click()
    expect(other.locator("#toast")).to_contain_text("saved")
    # The first phone's live view takes hand 2: its banner no longer offers to undo hand 1
    # (a tap would only be refused: hand 2 is the last now).
    expect(page.locator("#undo-last")).to_contain_text("Undo hand 2", timeout=8_000)
    expect(toast.get_by_role("button", name="Undo hand 1")).to_have_count(0)
    expect(toast).not_to_contain_text("Hand 1 saved")
    other.context.close()


def tantony_pair(page: Page, browser: Browser, server: str) -> Page:
    """Two phones on one Tantony session; Annie deals, so Benny leads trick 1."""
    pad_url = start_game(page, "Tantony", ["Annie", "Benny", "Connie", "Denny"])
    other = second_phone(browser, server)
    other.goto(pad_url)
    expect(other.locator(".trick-status")).to_contain_text("Trick 1 of 13")
    return other


def add_runt_trick(page: Page, runt: str, seat: int, number: int) -> None:
    """Tap a trick's runt and who got it, then Add trick `number`."""
    page.locator(f"label.card-chip:has(input[value='{runt}'])").click()
    page.locator(f"#entry label.chip:has(input[name=next-to][value='{seat}'])").click()
    page.get_by_role("button", name=f"Add trick {number}").click()
    expect(page.locator(".trick-status")).to_contain_text(f"Trick {number + 1} of 13")


def test_the_trick_panel_follows_another_phones_trick_without_a_tap(
    page: Page, browser: Browser, server: str
) -> None:
    other = tantony_pair(page, browser, server)
    # This phone opened the referee fold, typed the cards played and emptied the box again:
    # nothing is left unsaved on it.
    other.locator("details.referee summary").click()
    other.fill("#next-cards", "6S 10S")
    other.fill("#next-cards", "")
    add_runt_trick(page, "2S", 2, 1)  # trick 1's runt 2♠ to Connie (worth 2)
    expect(other.locator(".trick-status")).to_contain_text("Trick 2 of 13", timeout=8_000)
    expect(other.locator(".quota .q").nth(2)).to_contain_text("2 pts")
    expect(other.locator("#live-note")).to_be_empty()
    other.context.close()


def test_the_trick_panel_keeps_what_this_phone_typed(
    page: Page, browser: Browser, server: str
) -> None:
    other = tantony_pair(page, browser, server)
    other.locator("label.card-chip:has(input[value='3H'])").click()  # typed, not added
    add_runt_trick(page, "2S", 2, 1)
    expect(other.locator("#live-note")).to_contain_text("Another phone changed this hand.")
    expect(other.locator(".trick-status")).to_contain_text("Trick 1 of 13")
    expect(other.locator("input[name=next-runt][value='3H']")).to_be_checked()
    other.context.close()


def test_a_name_taken_over_is_shown_to_both_phones(
    page: Page, browser: Browser, server: str
) -> None:
    pad_url = start_game(page, "War", ["Ann", "Dan"])
    # An unnamed phone is asked openly: the names are in sight, no fold to open.
    page.locator("#who .chips button", has_text="Dan").click()
    expect(page.locator("#who summary")).to_contain_text("This phone: Dan")
    other = second_phone(browser, server)
    other.goto(pad_url)
    # An unnamed phone is asked openly: the names are in sight, no fold to open.
    other.locator("#who .chips button", has_text="Dan").click()
    # Not taken in silence: the other phone is asked, and confirms.
    expect(other.locator("h1")).to_contain_text("Take over Dan")
    other.get_by_role("button", name="Take over Dan from that phone").click()
    expect(other.locator("#who summary")).to_contain_text("This phone: Dan")
    # The first phone learns it from the live view, without a reload.
    expect(page.locator("#who")).to_contain_text("Another phone took over Dan", timeout=8_000)
    expect(page.locator("#who summary")).to_contain_text("Who holds this phone?")
    other.context.close()
