"""The score pad as a screen reader hears it, in the real Chromium on the real server: what
another phone saved or took back is said once, politely, in words; a hand's cell and the
standings read with their words (Chromium's own accessibility tree); a Tantony trick another
phone added is said as a sentence; and axe finds nothing serious or critical on the pad with a
hand, in both themes and the four languages.

French Tarot, docs/rulings.md's first worked example: Ann's garde with 2 bouts and 47 points,
target 41, made by 6: (25 + 6) × 2 = 62 from each of the three defenders; Ann +186.
Tantony, trick 1 (Benny leads, Annie dealt): the 3♥ as runt, given to Connie: 3 points, and
Connie has 1 of her 3 tricks.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game
from tests.e2e.heard import live_log, log_live_regions, speak_in, spoken_names, words_read
from tests.e2e.test_access_in_browser import violations

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
LIVE_WITHIN_MS = 2_500  # a poll every second, and the answer's round trip
SAVED_ELSEWHERE = "Hand 1 saved on another phone: Ann +186, Bob −62, Cat −62, Dan −62."


def save_the_garde(page: Page) -> None:
    """Tap Ann's garde with 2 bouts, type 47 card points and save hand 1."""
    entry = page.locator("#entry")
    entry.locator("label.chip:has(input[name=contract][value=garde])").click()
    entry.locator("label.chip:has(input[name=taker][value='0'])").click()
    entry.locator("#points").fill("47")
    entry.locator("label.chip:has(input[name=bouts][value='2'])").click()
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")


def test_another_phones_save_and_undo_are_said_once_in_words(
    page: Page, second_phone: Page
) -> None:
    pad = start_game(page, "French Tarot", PLAYERS)
    second_phone.goto(pad)
    log_live_regions(second_phone)

    save_the_garde(page)
    expect(second_phone.locator("#standings .total")).to_have_text(
        ["186", "−62", "−62", "−62"], timeout=LIVE_WITHIN_MS
    )
    expect(second_phone.locator("#announce")).to_have_text(SAVED_ELSEWHERE)
    second_phone.wait_for_timeout(2_500)  # two more polls: nothing new, nothing said again
    assert live_log(second_phone) == [("announce", SAVED_ELSEWHERE)]

    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#toast").get_by_role("button", name="Undo hand 1").click()
    expect(page.locator("#standings .total")).to_have_text(["0", "0", "0", "0"])
    expect(second_phone.locator("#announce")).to_have_text(
        "Hand 1 undone on another phone.", timeout=LIVE_WITHIN_MS
    )
    second_phone.wait_for_timeout(1_500)
    assert [words for _, words in live_log(second_phone)] == [
        SAVED_ELSEWHERE,
        "Hand 1 undone on another phone.",
    ]


def test_a_hands_cell_and_the_standings_are_read_in_words(page: Page) -> None:
    start_game(page, "French Tarot", PLAYERS)
    save_the_garde(page)
    # The cell of Ann's +186 with her running total under it; the column of hand numbers.
    assert words_read(page, "#hand-1 tr.pts td:nth-of-type(1)") == "+186, total 186"
    assert words_read(page, "#hand-1 tr.pts td:nth-of-type(2)") == "−62, total −62"
    assert ("columnheader", "Hand") in spoken_names(page)
    # The standings: a list of four, each name with its total and unit, the leader in words.
    standings = page.locator("#standings")
    expect(standings.get_by_role("listitem")).to_have_count(4)
    # French Tarot counts contracts made and failed as taker: Ann made hers, Bob took none.
    ann = "Ann 186 points in the lead 1 won, 0 lost"
    assert words_read(page, "#standings li:nth-child(1)") == ann
    assert words_read(page, "#standings li:nth-child(2)") == "Bob −62 points 0 won, 0 lost"
    expect(standings.locator(".lead-word")).to_have_count(1)


def test_a_trick_another_phone_added_is_said_as_a_sentence(page: Page, second_phone: Page) -> None:
    pad = start_game(page, "Tantony", ["Annie", "Benny", "Connie", "Denny"])
    second_phone.goto(pad)
    log_live_regions(second_phone)
    entry = page.locator("#entry")
    entry.locator("label.card-chip:has(input[value='3H'])").click()
    entry.locator("label.chip:has(input[name=next-to][value='2'])").click()
    page.locator("#add-trick").click()
    expect(page.locator(".trick-status")).to_contain_text("Trick 2 of 13")
    said = (
        "Trick 1 recorded: the Three of Hearts to Connie, 3 points. Connie has 1 of 3 tricks."
        " Trick 2 of 13 · Connie leads"
    )
    expect(second_phone.locator("#announce")).to_have_text(said, timeout=LIVE_WITHIN_MS)
    second_phone.wait_for_timeout(1_500)
    assert live_log(second_phone) == [("announce", said)]


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_the_pad_with_a_hand_passes_axe_in_every_language(page: Page, language: str) -> None:
    start_game(page, "French Tarot", PLAYERS)  # in English: the helper taps English words
    save_the_garde(page)
    speak_in(page, language)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", language)
    found = violations(page, f"pad with a hand, {language}")
    page.locator("#points").fill("95")  # refused beside its fields, in that language
    with page.expect_response(lambda answer: answer.url.endswith("/hands")):
        page.locator("#entry button.primary[type=submit]").click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    expect(page.locator("#entry .error").first).to_be_visible()
    expect(page.locator("main [aria-invalid=true]:focus")).to_have_count(1)  # the first one
    found += violations(page, f"pad refused, {language}")
    assert not found, "\n".join(found)
