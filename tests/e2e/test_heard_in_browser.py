"""The cards and the new-session page as a screen reader hears them, in the real Chromium.

Chromium's own accessibility tree (through the DevTools protocol) names the Tantony runt chip
of the 3♥ "the Three of Hearts", and no radio by its symbol; and axe finds no serious or
critical violation, in the light and the dark theme, on the Tantony pad (after one trick: the 3♥
to Connie, 3 points, 1 of 3) and on the new-session page, in each of the four languages.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game
from tests.e2e.heard import speak_in, spoken_names
from tests.e2e.test_access_in_browser import violations

pytestmark = pytest.mark.e2e

CARD_NAMES = {
    "en": "the Three of Hearts",
    "de": "die Herz-Drei",
    "fr": "le Trois de Cœur",
    "it": "il Tre di Cuori",
}
"""The 3♥ in words, as the catalogues write it (companion/translations/*/core.po)."""


@pytest.mark.parametrize("language", sorted(CARD_NAMES))
def test_a_runt_chip_is_heard_by_its_name(page: Page, language: str) -> None:
    start_game(page, "Tantony", ["Annie", "Benny", "Connie", "Denny"])
    speak_in(page, language)
    page.reload()
    expect(page.locator("#next-runt-3H")).to_be_attached()
    names = [name for role, name in spoken_names(page, with_empty=True) if role == "radio"]
    assert CARD_NAMES[language] in names, names
    assert not [name for name in names if "♥" in name or "♠" in name], names
    # Connie's chip under "Got the trick" says her quota in words, not "0/3".
    connie = [name for name in names if name.startswith("Connie")]
    assert connie and "0/3" not in connie[0], connie


def test_the_tantony_pad_and_the_new_session_page_pass_axe_in_four_languages(
    page: Page,
) -> None:
    pad = start_game(page, "Tantony", ["Annie", "Benny", "Connie", "Denny"])
    page.locator("label.card-chip:has(#next-runt-3H)").click()
    page.locator("label.chip:has(#next-to-2)").click()
    page.locator("#add-trick").click()
    expect(page.locator(".trick-status")).to_contain_text("Trick 2 of 13")
    found: list[str] = []
    for language in ("en", "de", "fr", "it"):
        speak_in(page, language)
        page.goto(pad)
        expect(page.locator("html")).to_have_attribute("lang", language)
        found += violations(page, f"Tantony pad ({language})")
        page.goto("/new?game=tantony&players=4")
        found += violations(page, f"new session ({language})")
    assert not found, "\n".join(found)


def test_the_words_for_the_ear_leave_the_chips_as_they_look(page: Page) -> None:
    """A chip's face holds the symbol and its hidden name in spans of their own: they draw no
    face of their own inside it (no border, no background), on the runts and the players."""
    start_game(page, "Tantony", ["Annie", "Benny", "Connie", "Denny"])
    page.locator("label.chip:has(input[name=next-to][value='2'])").click()
    drawn = page.evaluate(
        """() => [...document.querySelectorAll('.chip > span span, .card-chip > span span')]
            .map(inner => getComputedStyle(inner))
            .filter(style => style.borderTopWidth !== '0px'
                    || style.backgroundColor !== 'rgba(0, 0, 0, 0)')
            .length"""
    )
    assert page.locator(".card-chip > span span").count() >= 52  # symbol and name of each card
    assert drawn == 0
