"""A hand and a trick entered with the keyboard alone (Tab, Space, Enter, the arrow keys), in a
phone-sized Chromium on the real server: every control is reached by Tab, its focus is seen,
a chip is a radio in a named group (arrows move the choice), the focus stays on the control
that was used after each htmx swap, and the page's live regions say what a save or a refusal did.

French Tarot, docs/rulings.md's first worked example: Ann's garde with 2 bouts and 47 points,
target 41, made by 6: (25 + 6) × 2 = 62 from each defender; Ann +186, the others −62.
Tantony, trick 1 (Benny leads, Annie dealt): the 3♥ as runt, given to Connie: 3 points, 1/3.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

TAB_LIMIT = 80
ACTIVE = "() => document.activeElement"


def active(page: Page, what: str) -> object:
    """A property of the focused element (`value`, `id`, `checked`…)."""
    return page.evaluate(f"() => document.activeElement ? document.activeElement.{what} : null")


def focus_is_seen(page: Page) -> bool:
    """Whether the focused control shows its focus: the browser's :focus-visible, drawn as an
    outline on it or, for a chip's hidden radio, on the chip's face beside it."""
    return page.evaluate(
        """() => {
          const el = document.activeElement;
          if (!el || el === document.body || !el.matches(':focus-visible')) return false;
          const face = el.type === 'radio' ? el.nextElementSibling : el;
          return getComputedStyle(face).outlineStyle !== 'none';
        }"""
    )


def tab_to(page: Page, selector: str, *, back: bool = False) -> None:
    """Press Tab (Shift+Tab) until the control matching `selector` has the focus."""
    key = "Shift+Tab" if back else "Tab"
    for _ in range(TAB_LIMIT):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            assert focus_is_seen(page), selector
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} was not reached with {key}")


def choose(page: Page, name: str, value: str) -> None:
    """Tab into the radio group `name`, then Space and the arrow keys until `value` is chosen."""
    tab_to(page, f"input[type=radio][name='{name}']")
    if not active(page, "checked"):
        page.keyboard.press("Space")
    for _ in range(60):
        if active(page, "value") == value:
            break
        page.keyboard.press("ArrowRight")
    assert active(page, "value") == value and active(page, "checked"), (name, value)
    assert focus_is_seen(page)


def type_into(page: Page, selector: str, text: str, *, back: bool = False) -> None:
    """Tab to a box, select what it holds and type over it."""
    tab_to(page, selector, back=back)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def test_a_french_tarot_hand_by_keyboard_alone(page: Page) -> None:
    start_game(page, "French Tarot", ["Ann", "Bob", "Cat", "Dan"])
    page.locator("main").focus()  # the keyboard starts at the top of the pad
    page.keyboard.press("Tab")
    form = page.locator("#entry")
    # The chips are radios in groups named by their legends, their state announced.
    expect(form.get_by_role("group", name="Contract")).to_be_visible()
    choose(page, "contract", "garde")
    expect(form.get_by_role("radio", name="Garde", exact=True)).to_be_checked()
    choose(page, "taker", "0")
    expect(form.get_by_role("group", name="Taker").get_by_role("radio", name="Ann")).to_be_checked()
    type_into(page, "#points", "95")  # out of range first: refused, said, the focus kept
    choose(page, "bouts", "2")
    tab_to(page, "#save-hand")
    page.keyboard.press("Enter")
    expect(page.locator("#err-points")).to_contain_text("between 0 and 91")
    expect(page.locator("#announce-alert")).to_contain_text("between 0 and 91")
    expect(page.locator("#save-hand")).to_be_focused()
    assert focus_is_seen(page)
    expect(page.locator("#standings .total")).to_have_text(["0", "0", "0", "0"])

    type_into(page, "#points", "47", back=True)
    tab_to(page, "#save-hand")
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_contain_text("Hand 1 saved")
    expect(page.locator("#standings .total")).to_have_text(["186", "−62", "−62", "−62"])
    expect(page.get_by_role("button", name="Save hand 2")).to_be_focused()
    assert focus_is_seen(page)


def test_a_tantony_trick_by_keyboard_alone(page: Page) -> None:
    start_game(page, "Tantony", ["Annie", "Benny", "Connie", "Denny"])
    page.locator("main").focus()
    page.keyboard.press("Tab")
    entry = page.locator("#entry")
    expect(entry.get_by_role("group", name="Got the trick")).to_be_visible()
    choose(page, "next-runt", "3H")
    expect(entry.get_by_role("radio", name="3♥")).to_be_checked()
    tab_to(page, "#add-trick")  # no player yet: refused, said, the focus kept
    page.keyboard.press("Enter")
    expect(entry).to_contain_text("Tap who got the trick")
    expect(page.locator("#announce-alert")).to_contain_text("Tap who got the trick")
    expect(page.locator("#add-trick")).to_be_focused()

    choose(page, "next-to", "2")  # Connie (the runt stayed chosen)
    expect(entry.get_by_role("radio", name="3♥")).to_be_checked()
    tab_to(page, "#add-trick")
    page.keyboard.press("Enter")
    expect(page.locator(".trick-status")).to_contain_text("Trick 2 of 13")
    expect(page.locator("#announce")).to_contain_text("Trick 2 of 13")
    expect(page.locator(".quota .q").nth(2)).to_contain_text("1")
    expect(page.locator(".quota .q").nth(2)).to_contain_text("3 pts")
    expect(page.locator("#add-trick")).to_be_focused()
    assert focus_is_seen(page)
    expect(page.locator("input[name=next-runt][value='3H']")).to_be_disabled()
