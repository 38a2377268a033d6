"""The pad in the browser's language on a phone-sized Chromium against the real server: a French
Tarot evening begun by a browser set to French, a Skat list by one set to German, each switched
to another language with the links at the foot of the page.

The words asserted are the pages' own (companion/translations/<lang>/ui.po); the games' own
messages (refusals, arithmetic lines) are translated by their own catalogues. Long German words
must not widen the page beyond the phone's 390 pixels.

French Tarot, hand 1 (docs/rulings.md "French Tarot", 4 players): Anne takes a Garde with 2 bouts and
47 points; target 41, made by 6: (25 + 6) × 2 = 62 from each defender, Anne +3 × 62 = +186.
Skat, game 1 (docs/rulings.md "Skat"): Bob plays ♣ with 1, bid 24, 75 card points, won:
(1 + 1) × 12 = 24 on Bob's list.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.e2e

MINUS = "\u2212"
LONG_WORD = "Reizwertüberschreitungsschneiderankündigungsverpflichtung"  # 55 letters


@pytest.fixture
def phone_in(browser: Browser, server: str) -> Iterator:
    """Phones (390×844, touch) whose browser asks for a language: `phone_in("fr-FR")`."""
    contexts = []

    def phone(locale: str) -> Page:
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, base_url=server, locale=locale
        )
        context.set_default_timeout(5_000)
        contexts.append(context)
        return context.new_page()

    yield phone
    for context in contexts:
        context.close()


def chip(page: Page, field: str, value: str | int) -> None:
    """Tap the chip holding `value` in the field `field` (by value: its label is the game's)."""
    page.locator(f"#field-{field} label.chip:has(input[value='{value}'])").click()


def choose_game(page: Page, slug: str, players: int) -> None:
    """On /new, tap the game and the player count (each brings the game's part from the server)."""
    page.goto("/new")
    page.locator(f"label.chip:has(input[name=game][value='{slug}'])").click()
    page.wait_for_load_state("networkidle")
    page.locator(f"label.chip:has(input[name=players][value='{players}'])").click()
    page.wait_for_load_state("networkidle")
    expect(page.locator(".name-row input")).to_have_count(players)


def fill_names(page: Page, names: list[str]) -> None:
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)


def expect_lang(page: Page, code: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", code)


def expect_fits_the_phone(page: Page) -> None:
    """Nothing on the page is wider than the phone's screen (no sideways scrolling), measured
    once the page has loaded its stylesheet (before it, nothing wraps: a loaded run measured a
    page that had not applied it yet)."""
    page.wait_for_load_state("load")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px phone"


def switch_to(page: Page, name: str, code: str) -> None:
    """Tap a language's link at the foot of the page; the same page comes back in it."""
    before = page.url
    page.locator("footer.languages").get_by_role("link", name=name).click()
    expect_lang(page, code)
    assert page.url == before
    expect(page.locator("footer.languages strong")).to_have_text(name)


def test_a_french_tarot_evening_in_french(phone_in, screens: Path) -> None:
    page = phone_in("fr-FR")
    choose_game(page, "french-tarot", 4)
    expect_lang(page, "fr")
    expect(page.locator("h1")).to_have_text("Nouvelle partie")
    expect(page.locator("#new-fields")).to_contain_text("Joueurs, dans l’ordre du jeu")

    # A seat left blank: refused beside its box, the other names kept as typed.
    fill_names(page, ["", "Bruno", "Chloé", "Denis"])
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.locator("#err-name-0")).to_have_text("Saisissez le nom du joueur 1.")
    expect(page.locator("#name-1")).to_have_value("Bruno")
    expect_fits_the_phone(page)
    page.screenshot(path=str(screens / "fr-new-session-refused.png"), full_page=True)

    page.fill("#name-0", "Anne")
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.get_by_role("button", name="Enregistrer la donne 1")).to_be_visible()
    expect(page.locator("#no-hands")).to_have_text("Aucune donne pour l’instant.")
    expect(page.locator("#status")).to_contain_text("Donne 1")

    chip(page, "contract", "garde")
    chip(page, "taker", 0)
    chip(page, "counted_side", "taker")
    page.fill("#points", "47")
    chip(page, "bouts", 2)
    expect(page.locator("#preview .pp strong")).to_have_text(
        ["+186", f"{MINUS}62", f"{MINUS}62", f"{MINUS}62"]
    )
    page.get_by_role("button", name="Enregistrer la donne 1").click()
    expect(page.locator("#toast")).to_contain_text(
        f"Donne 1 enregistrée\u00a0: Anne +186, Bruno {MINUS}62, Chloé {MINUS}62, Denis {MINUS}62."
    )
    expect(page.get_by_role("button", name="Annuler la donne 1")).to_have_count(2)
    expect(page.locator("#standings .total")).to_have_text(
        ["186", f"{MINUS}62", f"{MINUS}62", f"{MINUS}62"]
    )

    # Hand 2 refused: more card points than the 91 of the pack. The game's refusal stands
    # beside the points; the page around it stays French.
    chip(page, "contract", "petite")
    chip(page, "taker", 1)
    chip(page, "counted_side", "taker")
    page.fill("#points", "95")
    chip(page, "bouts", 1)
    page.get_by_role("button", name="Enregistrer la donne 2").click()
    expect(page.locator("#field-points .error")).to_be_visible()
    expect(page.locator("#points")).to_have_value("95")
    expect(page.locator("#standings .total")).to_have_text(
        ["186", f"{MINUS}62", f"{MINUS}62", f"{MINUS}62"]
    )
    expect_fits_the_phone(page)
    page.screenshot(path=str(screens / "fr-tarot-pad.png"), full_page=True)

    page.get_by_role("link", name="Récapitulatif et impression").click()
    expect_lang(page, "fr")
    sheet = page.locator("main")
    expect(sheet.locator("h1 small")).to_have_text("feuille de marque")
    expect(sheet).to_contain_text("4 joueurs · 1 donne")
    expect(sheet.locator("tfoot th")).to_have_text("Total")
    expect(page.get_by_role("button", name="Imprimer")).to_be_visible()
    expect_fits_the_phone(page)
    page.screenshot(path=str(screens / "fr-tarot-summary.png"), full_page=True)

    switch_to(page, "Deutsch", "de")
    expect(sheet.locator("h1 small")).to_have_text("Punkteliste")
    expect(sheet).to_contain_text("4 Spieler · 1 Runde")
    switch_to(page, "English", "en")
    expect(sheet.locator("h1 small")).to_have_text("score sheet")
    switch_to(page, "Français", "fr")
    expect(sheet).to_contain_text("4 joueurs · 1 donne")


def test_a_skat_list_in_german(phone_in, screens: Path) -> None:
    page = phone_in("de-DE")
    choose_game(page, "skat", 3)
    expect_lang(page, "de")
    expect(page.locator("h1")).to_have_text("Neue Partie")

    # The same name twice: refused beside the second box.
    fill_names(page, ["Ann", "Bob", "Bob"])
    page.get_by_role("button", name="Partie beginnen").click()
    expect(page.locator("#err-name-2")).to_have_text(
        "Bob ist derselbe Name wie bei Spieler 2: jeder Platz braucht einen eigenen Namen."
    )
    expect_fits_the_phone(page)
    page.screenshot(path=str(screens / "de-new-session-refused.png"), full_page=True)

    page.fill("#name-2", "Cat")
    page.get_by_role("button", name="Partie beginnen").click()
    expect(page.get_by_role("button", name="Runde 1 speichern")).to_be_visible()

    # Saved with nothing chosen: refused beside the game, nothing saved.
    page.get_by_role("button", name="Runde 1 speichern").click()
    expect(page.locator("#field-game .error")).to_be_visible()
    expect(page.locator("#no-hands")).to_have_text("Noch keine Runden.")

    chip(page, "game", "clubs")
    chip(page, "declarer", 1)
    page.fill("#bid", "24")
    page.fill("#matadors", "1")
    chip(page, "with_matadors", "with")
    page.fill("#card_points", "75")
    chip(page, "schneider", "none")
    chip(page, "result", "won")
    page.get_by_role("button", name="Runde 1 speichern").click()
    expect(page.locator("#toast")).to_contain_text("Runde 1 gespeichert: Ann 0, Bob +24, Cat 0.")
    expect(page.locator("#standings .total")).to_have_text(["0", "24", "0"])
    expect(page.get_by_role("link", name="Zusammenfassung & Druck")).to_be_visible()
    expect(page.locator("#join summary")).to_have_text("Ein anderes Handy tritt dieser Partie bei")
    expect_fits_the_phone(page)
    page.screenshot(path=str(screens / "de-skat-pad.png"), full_page=True)

    page.get_by_role("link", name="Zusammenfassung & Druck").click()
    sheet = page.locator("main")
    expect(sheet.locator("h1 small")).to_have_text("Punkteliste")
    expect(sheet).to_contain_text("3 Spieler · 1 Runde")
    expect(page.get_by_role("button", name="Drucken")).to_be_visible()
    expect_fits_the_phone(page)
    page.screenshot(path=str(screens / "de-skat-summary.png"), full_page=True)

    switch_to(page, "Italiano", "it")
    expect(sheet.locator("h1 small")).to_have_text("foglio dei punti")
    switch_to(page, "Deutsch", "de")
    page.get_by_role("link", name="Zurück zum Block").click()
    expect(page.get_by_role("button", name="Runde 2 speichern")).to_be_visible()

    # The longest words a German label may bring (a compound, no space to break at) wrap
    # inside their chip, button, legend and table heading instead of widening the page.
    page.evaluate(
        """word => {
        for (const selector of ['#field-game label.chip span', '#entry button.primary',
                                '#field-declarer legend', '#hands th', '.actions a',
                                '#status .deal']) {
            document.querySelector(selector).textContent = word;
        }
    }""",
        LONG_WORD,
    )
    expect_fits_the_phone(page)
    page.screenshot(path=str(screens / "de-skat-long-words.png"), full_page=True)
