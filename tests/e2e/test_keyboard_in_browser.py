"""A hand and a trick entered with the keyboard alone (Tab, Space, Enter, the arrow keys), in a
phone-sized Chromium on the real server: every control is reached by Tab, its focus is seen,
a chip is a radio in a named group (arrows move the choice), the focus stays on the control
that was used after each htmx swap, and the page's live regions say what a save or a refusal did.

French Tarot, docs/rulings.md's first worked example: Ann's garde with 2 bouts and 47 points,
target 41, made by 6: (25 + 6) × 2 = 62 from each defender; Ann +186, the others −62.
Tantony, trick 1 (Benny leads, Annie dealt): the 3♥ as runt, given to Connie: 3 points, 1/3.
The runt grid is walked suit then rank (Spades, Hearts, Diamonds, Clubs; 2 up to the Ace): from
the 2♠, Down twice is the 2♦, Up the 2♥, Right the 3♥. The trick added is said once, in words:
"Trick 1 recorded: the Three of Hearts to Connie, 3 points. Connie has 1 of 3 tricks."
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import start_game
from tests.e2e.heard import live_log, log_live_regions

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
    log_live_regions(page)
    page.keyboard.press("Enter")
    expect(page.locator("#err-points")).to_contain_text("between 0 and 91")
    # Refused: the focus goes to the box refused, which is read with its error (once: the
    # alert region says nothing a field says).
    expect(page.locator("#points")).to_be_focused()
    expect(page.locator("#points")).to_have_attribute("aria-describedby", "err-points help-points")
    expect(page.locator("#points")).to_have_accessible_description(
        re.compile(r"^Card points must be between 0 and 91\. \S")  # then the box's help line
    )
    assert focus_is_seen(page)
    expect(page.locator("#standings .total")).to_have_text(["0", "0", "0", "0"])

    type_into(page, "#points", "47")
    # The hand is complete: the preview says its headline once, not its to-do list.
    expect(page.locator("#announce")).to_contain_text("made by 6")  # 47 − 41 with 2 bouts
    tab_to(page, "#save-hand")
    page.keyboard.press("Enter")
    saved = "Hand 1 saved: Ann +186, Bob −62, Cat −62, Dan −62."  # (25 + 6) × 2 = 62, × 3
    expect(page.locator("#announce")).to_have_text(saved)
    expect(page.locator("#standings .total")).to_have_text(["186", "−62", "−62", "−62"])
    expect(page.get_by_role("button", name="Save hand 2")).to_be_focused()
    assert focus_is_seen(page)
    page.wait_for_timeout(600)  # any second saying would have come by now
    polite = [words for region, words in live_log(page) if region == "announce"]
    assert len(polite) == 2 and "made by 6" in polite[0] and polite[1] == saved, live_log(page)
    assert [region for region, _ in live_log(page)] == ["announce", "announce"], live_log(page)


def press_and_expect(page: Page, key: str, value: str) -> None:
    """Press an arrow key in the runt grid: the focus and the choice are on `value`."""
    page.keyboard.press(key)
    assert active(page, "value") == value and active(page, "checked"), (key, value)
    assert focus_is_seen(page)


def test_a_tantony_trick_by_keyboard_alone(page: Page) -> None:
    start_game(page, "Tantony", ["Annie", "Benny", "Connie", "Denny"])
    log_live_regions(page)
    page.locator("main").focus()
    page.keyboard.press("Tab")
    entry = page.locator("#entry")
    expect(entry.get_by_role("group", name="Got the trick")).to_be_visible()
    # The runt: each suit is a group of its own; the arrows go suit (Up, Down), then rank.
    expect(entry.get_by_role("radiogroup", name="Hearts")).to_be_visible()
    tab_to(page, "input[name=next-runt]")
    assert active(page, "value") == "2S"
    press_and_expect(page, "ArrowDown", "2H")
    press_and_expect(page, "ArrowDown", "2D")
    press_and_expect(page, "ArrowUp", "2H")
    press_and_expect(page, "ArrowRight", "3H")
    expect(entry.get_by_role("radio", name="the Three of Hearts")).to_be_checked()
    tab_to(page, "#add-trick")  # no player yet: refused, said, the focus kept
    page.keyboard.press("Enter")
    expect(entry).to_contain_text("Tap who got the trick")
    expect(page.locator("#announce-alert")).to_contain_text("Tap who got the trick")
    expect(page.locator("#add-trick")).to_be_focused()

    choose(page, "next-to", "2")  # Connie (the runt stayed chosen)
    expect(entry.get_by_role("radio", name="the Three of Hearts")).to_be_checked()
    tab_to(page, "#add-trick")
    page.keyboard.press("Enter")
    expect(page.locator(".trick-status")).to_contain_text("Trick 2 of 13")
    expect(page.locator("#announce")).to_contain_text("Trick 2 of 13")
    recorded = (
        "Trick 1 recorded: the Three of Hearts to Connie, 3 points. Connie has 1 of 3 tricks."
    )
    expect(page.locator("#announce")).to_contain_text(recorded)
    page.wait_for_timeout(600)  # any second saying would have come by now
    polite = [words for region, words in live_log(page) if region == "announce"]
    assert polite == [f"{recorded} Trick 2 of 13 · Connie leads"], live_log(page)
    alerts = [words for region, words in live_log(page) if region == "announce-alert"]
    assert len(alerts) == 1 and "Tap who got the trick" in alerts[0], live_log(page)
    expect(page.locator(".quota .q").nth(2)).to_contain_text("1")
    expect(page.locator(".quota .q").nth(2)).to_contain_text("3 pts")
    expect(page.locator("#add-trick")).to_be_focused()
    assert focus_is_seen(page)
    expect(page.locator("input[name=next-runt][value='3H']")).to_be_disabled()


def test_a_new_session_from_the_first_tab_to_enter(page: Page) -> None:
    """Keyboard only: the game, the count (the focus stays on it as its part is drawn again),
    a Tab to each name box in turn, and Enter in the last starts the session: a POST, with no
    token in any address."""
    asked: list[tuple[str, str]] = []
    page.on("request", lambda request: asked.append((request.method, request.url)))
    page.goto("/new")
    page.keyboard.press("Tab")
    choose(page, "game", "tantony")
    expect(page.locator("#players-4")).to_be_attached()  # Tantony's counts: 3 and 4
    page.wait_for_load_state("networkidle")
    tab_to(page, "input[name=players]:checked")
    assert active(page, "value") == "3"
    page.keyboard.press("ArrowRight")  # 4 players: the part with four name boxes is drawn
    expect(page.locator(".name-row input")).to_have_count(4)
    expect(page.locator("#players-4")).to_be_checked()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#players-4")).to_be_focused()  # back on the count, in its new part
    assert focus_is_seen(page)
    for seat, name in enumerate(["Kira", "Lars", "Mona", "Nils"]):
        page.keyboard.press("Tab")
        expect(page.locator(f"#name-{seat}")).to_be_focused()
        page.keyboard.type(name)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    expect(page.locator("#entry")).to_be_visible()
    assert ("POST", page.url.split("/s/")[0] + "/new") in asked, asked
    assert not [url for _, url in asked if "csrf_token" in url], asked
    assert not [url for _, url in asked if "/new?" in url], asked  # not the no-JS reload
    expect(page.locator(".quota .name")).to_have_text(["Kira", "Lars", "Mona", "Nils"])
