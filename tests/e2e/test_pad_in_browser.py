"""The score pad in a real phone-sized Chromium against the real server (`companion serve`).

Every expected number is worked out by hand in the comments, from docs/rulings.md (French Tarot):
per-defender score s = ((25 + margin) × sign + petit) × multiplier + poignées + chelem; targets
36/41/51/56 for 3/2/1/0 bouts; margin = ceil(|points − target|); multipliers 1/2/4/6.
4 players: taker +3s, each defender −s. 5 players: taker +2s, partner +s, 3 defenders −s each;
taker alone: +4s.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Dialog, Page, expect

from companion.web.pad_page import LATEST_HANDS
from tests.e2e.conftest import start_game

pytestmark = pytest.mark.e2e

MINUS = "\u2212"  # the pad prints totals with a true minus sign
SCRIPT_NAME = "<script>alert(1)</script>"


# ---------------------------------------------------------------- helpers


def sheet(number: int) -> str:
    """A total as the standings print it: 186, −62."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def signed(number: int) -> str:
    """A hand's points as the pad prints them: +186, −62, 0."""
    if number > 0:
        return f"+{number}"
    return f"{MINUS}{-number}" if number < 0 else "0"


def start_session(page: Page, names: list[str], screenshot: Path | None = None) -> str:
    """Start a French Tarot session through /new by tapping chips and typing names."""
    return start_game(page, "French Tarot", names, screenshot=screenshot)


def tap(page: Page, field: str, label: str) -> None:
    """Tap the chip whose text is exactly `label` in the field `field`.

    The tap lands on the label (its invisible radio covers it, as on a real phone).
    """
    chips = page.locator(f"#field-{field} label.chip")
    chips.filter(has=page.get_by_text(label, exact=True)).click()


def tap_seat(page: Page, field: str, seat: int) -> None:
    """Tap the chip of seat `seat` (by value: a name may be anything, even markup)."""
    page.locator(f"#field-{field} label.chip:has(input[value='{seat}'])").click()


def fill_hand(
    page: Page,
    *,
    contract: str,
    taker: str,
    points: str,
    bouts: int,
    counted: str = "The taker's side",
    petit: str | None = None,
    king: str | None = None,
    partner: str | None = None,
) -> None:
    """Fill the entry form the way a player does: chips tapped, points typed."""
    tap(page, "contract", contract)
    tap(page, "taker", taker)
    if king is not None:
        tap(page, "called_king", king)
    if partner is not None:
        tap(page, "partner", partner)
    tap(page, "counted_side", counted)
    page.fill("#points", points)
    tap(page, "bouts", str(bouts))
    if petit is not None:
        tap(page, "petit_au_bout", petit)


def save_hand(page: Page, number: int) -> None:
    """Tap "Save hand N" and wait for its row to join the hands table."""
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(f"#hand-{number}")).to_be_attached()
    expect(page.get_by_role("button", name=f"Save hand {number + 1}")).to_be_visible()


def expect_totals(page: Page, totals: list[int]) -> None:
    """Every seat's total in the standings, in seat order."""
    assert sum(totals) == 0, "French Tarot is zero-sum: the expected totals are wrong"
    expect(page.locator("#standings .seat .total")).to_have_text([sheet(t) for t in totals])


def expect_preview(page: Page, lines: list[str], points: list[int]) -> None:
    """The live preview shows these arithmetic lines and these per-seat points."""
    preview = page.locator("#entry .preview")
    for line in lines:
        expect(preview).to_contain_text(line)
    expect(preview.locator(".pp strong")).to_have_text([signed(p) for p in points])


def expect_row(page: Page, number: int, points: list[int], running: list[int]) -> None:
    """Hand `number`'s row: each seat's points for the hand, then its running total (read
    with its word: "+87, total 25")."""
    cells = page.locator(f"#hand-{number} tr.pts td")
    expect(cells).to_have_text(
        [f"{signed(p)}, total {sheet(r)}" for p, r in zip(points, running, strict=True)]
    )
    expect(cells.locator(".run")).to_have_text([sheet(r) for r in running])


def hand_count(page: Page) -> int:
    """How many hands the hands table shows."""
    return page.locator("#hands tbody.hand").count()


# ---------------------------------------------------------------- (a) 4 players


def test_four_players_enter_fix_and_undo(page: Page, screens: Path) -> None:
    start_session(page, ["Ann", "Bob", "Cat", "Dan"], screens / "new-session.png")
    expect_totals(page, [0, 0, 0, 0])

    # Hand 1: Ann, Garde, 2 bouts, 47 points. Target 41, made by 6: (25 + 6) × 2 = 62.
    # Ann +3 × 62 = +186, the others −62 each. Totals 186, −62, −62, −62.
    fill_hand(page, contract="Garde", taker="Ann", points="47", bouts=2)
    expect_preview(
        page,
        [
            "Garde with 2 bouts: target 41",
            "made by 6",
            "(25 + 6) × 2 = 62",
            "Each defender pays 62; Ann receives 3 × 62 = 186",
        ],
        [186, -62, -62, -62],
    )
    assert hand_count(page) == 0, "the preview must not save anything"
    page.evaluate("document.getElementById('entry-form').dataset.mark = 'hand 1'")
    save_hand(page, 1)
    expect_totals(page, [186, -62, -62, -62])
    expect(page.locator("#toast")).to_contain_text("Hand 1 saved")
    # Right after the save, without a reload: the message and its Undo are in view, and the
    # form, the same one (it was blank when drawn: the save left it in place), is cleared for
    # hand 2: nothing tapped or typed, nothing counted as typed, the preview blank again.
    expect(page.locator("#toast")).to_be_in_viewport()
    expect(page.locator("#toast").get_by_role("button", name="Undo hand 1")).to_be_in_viewport()
    expect(page.locator("#entry-form[data-mark='hand 1']")).to_have_count(1)
    expect(page.locator("#next-heading")).to_contain_text("Hand 2")
    expect(page.locator("#points")).to_have_value("")
    expect(page.locator("#field-contract input:checked")).to_have_count(0)
    expect(page.locator("#field-taker input:checked")).to_have_count(0)
    expect(page.locator("#entry-form[data-typed]")).to_have_count(0)
    expect(page.locator("#entry .preview")).to_contain_text("appear here as you fill it in")
    expect(page.locator("#entry .error")).to_have_count(0)
    page.screenshot(path=str(screens / "saved-with-undo.png"))

    # The settlement, opened: after hand 1 each other seat pays Ann 62.
    page.locator("#settlement summary").click()
    expect(page.locator("#settlement-body")).to_contain_text("Bob pays Ann 62")

    # Hand 2: Bob, Petite, 1 bout, 45 points. Target 51, failed by 6: −(25 + 6) × 1 = −31.
    # Bob −3 × 31 = −93, the others +31. Totals 217, −155, −31, −31.
    fill_hand(page, contract="Petite", taker="Bob", points="45", bouts=1)
    expect_preview(page, ["failed by 6", f"{MINUS}(25 + 6) × 1 = {MINUS}31"], [31, -93, 31, 31])
    save_hand(page, 2)
    expect_totals(page, [217, -155, -31, -31])
    # The open settlement follows the save: Bob −155 pays Ann 155; Cat and Dan pay Ann 31 each
    # (Ann's +217 = 155 + 31 + 31).
    expect(page.locator("#settlement details")).to_have_attribute("open", "")
    expect(page.locator("#settlement-body")).to_contain_text("Bob pays Ann 155")
    page.locator("#settlement summary").click()  # folded again for the screenshots below

    # Hand 3: Cat, Garde sans, 3 bouts, 40.5 points, petit au bout to the taker's side.
    # Target 36, 4.5 over, rounded up for the side that scores: made by 5.
    # (25 + 5 + 10) × 4 = 160. Cat +480, the others −160. Totals 57, −315, 449, −191.
    fill_hand(
        page,
        contract="Garde sans le chien",
        taker="Cat",
        points="40.5",
        bouts=3,
        petit="The taker's side",
    )
    expect_preview(page, ["made by 5", "(25 + 5 + 10) × 4 = 160"], [-160, -160, 480, -160])
    save_hand(page, 3)
    expect_totals(page, [57, -315, 449, -191])
    assert hand_count(page) == 3

    # The pad with three hands and a fourth being entered: the preview in view, for the lead.
    # Hand 4 (not saved): Dan, Petite, 1 bout, 51 points: made by 0, (25 + 0) × 1 = 25.
    fill_hand(page, contract="Petite", taker="Dan", points="51", bouts=1)
    expect_preview(page, ["made by 0", "(25 + 0) × 1 = 25"], [-25, -25, -25, 75])
    page.locator("#entry .preview").scroll_into_view_if_needed()
    page.screenshot(path=str(screens / "pad-three-hands.png"))
    page.screenshot(path=str(screens / "pad-three-hands-full.png"), full_page=True)

    # Fix hand 2: it was Bob, Petite, 1 bout, 55 points. Made by 4: (25 + 4) × 1 = 29.
    # Bob +87 instead of −93, the others −29 instead of +31. Hand 3 is unchanged.
    # Totals: Ann 186 − 29 − 160 = −3; Bob −62 + 87 − 160 = −135;
    # Cat −62 − 29 + 480 = 389; Dan −62 − 29 − 160 = −251.
    page.locator("#hand-2 summary").click()
    page.get_by_role("link", name="Fix hand 2").click()
    page.wait_for_url(re.compile(r"/hands/2$"))
    expect(page.get_by_role("heading", name="Fix hand 2")).to_be_visible()
    expect(page.locator("#points")).to_have_value("45")
    page.fill("#points", "55")
    expect(page.locator(".preview")).to_contain_text("(25 + 4) × 1 = 29")
    page.screenshot(path=str(screens / "fix-hand.png"))
    page.locator(".preview").scroll_into_view_if_needed()
    page.screenshot(path=str(screens / "fix-hand-preview.png"))
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+#hand-2$"))
    expect_totals(page, [-3, -135, 389, -251])
    # Row 2's running totals: Ann 186 − 29 = 157, Bob −62 + 87 = 25, Cat and Dan −91.
    expect_row(page, 2, [-29, 87, -29, -29], [157, 25, -91, -91])
    expect_row(page, 3, [-160, -160, 480, -160], [-3, -135, 389, -251])

    # Undo hand 3: the totals after hands 1 and (fixed) 2:
    # Ann 186 − 29 = 157; Bob −62 + 87 = 25; Cat −62 − 29 = −91; Dan −62 − 29 = −91.
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.locator("#hand-3")).to_have_count(0)
    expect_totals(page, [157, 25, -91, -91])
    assert hand_count(page) == 2
    expect(page.get_by_role("button", name="Save hand 3")).to_be_visible()


# ---------------------------------------------------------------- (b) 5 players, called King


def test_five_players_with_a_called_king(page: Page) -> None:
    start_session(page, ["Ann", "Bob", "Cat", "Dan", "Eve"])
    expect_totals(page, [0, 0, 0, 0, 0])

    # Hand 1: Ann, Garde, calls the King of ♥, Cat holds it. 2 bouts, 50 points: target 41,
    # made by 9: (25 + 9) × 2 = 68. Ann +2 × 68 = +136, Cat +68, Bob, Dan and Eve −68 each.
    fill_hand(
        page, contract="Garde", taker="Ann", king="King of ♥", partner="Cat", points="50", bouts=2
    )
    expect_preview(
        page,
        ["(25 + 9) × 2 = 68", "Ann receives 2 × 68 = 136, Cat (partner) 68"],
        [136, -68, 68, -68, -68],
    )
    save_hand(page, 1)
    expect_totals(page, [136, -68, 68, -68, -68])

    # Hand 2: Bob, Petite, calls the King of ♠ but it is in his own hand: he plays alone.
    # 1 bout, 48 points: target 51, failed by 3: −(25 + 3) × 1 = −28.
    # Bob −4 × 28 = −112, everyone else +28. Totals 164, −180, 96, −40, −40.
    fill_hand(
        page,
        contract="Petite",
        taker="Bob",
        king="King of ♠",
        partner="Nobody — the King was in the taker's hand or the chien",
        points="48",
        bouts=1,
    )
    expect_preview(
        page, [f"{MINUS}(25 + 3) × 1 = {MINUS}28", "Bob pays 4 × 28 = 112"], [28, -112, 28, 28, 28]
    )
    save_hand(page, 2)
    expect_totals(page, [164, -180, 96, -40, -40])
    expect(page.locator("#hand-2 summary")).to_contain_text("Bob alone")

    # Hand 3: Dan, Garde contre, King of ♣ held by Eve; points counted for the defence:
    # 30 points and 1 bout, so Dan's side has 91 − 30 = 61 points and 3 − 1 = 2 bouts.
    # Target 41, made by 20: (25 + 20) × 6 = 270. Dan +540, Eve +270, Ann, Bob, Cat −270.
    # Totals: Ann 136 + 28 − 270 = −106; Bob −68 − 112 − 270 = −450;
    # Cat 68 + 28 − 270 = −174; Dan −68 + 28 + 540 = 500; Eve −68 + 28 + 270 = 230.
    fill_hand(
        page,
        contract="Garde contre le chien",
        taker="Dan",
        king="King of ♣",
        partner="Eve",
        counted="The defence",
        points="30",
        bouts=1,
    )
    expect_preview(
        page, ["91 − 30 = 61 points", "(25 + 20) × 6 = 270"], [-270, -270, -270, 540, 270]
    )
    save_hand(page, 3)
    expect_totals(page, [-106, -450, -174, 500, 230])
    expect_row(page, 3, [-270, -270, -270, 540, 270], [-106, -450, -174, 500, 230])


# ---------------------------------------------------------------- (c) nonsense


def test_nonsense_is_refused_beside_its_field(page: Page) -> None:
    dialogs: list[str] = []

    def record(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record)

    # A blank name on /new: refused beside that name, no session started.
    page.goto("/new")
    page.locator("label.chip", has_text="French Tarot").click()
    page.wait_for_load_state("networkidle")  # its counts and seats come from the server
    page.locator("label.chip:has(input[name=players][value='4'])").click()
    page.wait_for_load_state("networkidle")
    for seat, name in enumerate(["Ann", "", "Cat", "Dan"]):
        page.fill(f"#name-{seat}", name)
    page.get_by_role("button", name="Start the session").click()
    expect(page.locator("#err-name-1")).to_have_text("Enter the name of player 2.")
    assert "/s/" not in page.url

    # Markup as a name is a name like any other: shown as text, never run.
    start_session(page, [SCRIPT_NAME, "Bob", "Cat", "Dan"])
    expect(page.locator("#standings .seat .name").first).to_have_text(SCRIPT_NAME)
    expect(page.locator("#field-taker label.chip").first).to_have_text(SCRIPT_NAME)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.content()

    # 95 card points: there are only 91. The message sits beside the points; nothing saved.
    tap(page, "contract", "Garde")
    tap_seat(page, "taker", 0)
    page.fill("#points", "95")
    tap(page, "bouts", "2")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#field-points .error")).to_have_text(
        "Card points must be between 0 and 91."
    )
    expect(page.locator("#points")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#points")).to_have_value("95")
    assert hand_count(page) == 0
    expect(page.locator("#no-hands")).to_be_visible()
    expect_totals(page, [0, 0, 0, 0])

    # Blank points: asked for, beside the field; still nothing saved.
    page.fill("#points", "")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#field-points .error")).to_have_text("Enter card points.")
    assert hand_count(page) == 0
    expect_totals(page, [0, 0, 0, 0])

    # Reloading shows the same: the refused entries left no trace in the store.
    page.reload()
    assert hand_count(page) == 0
    expect(page.get_by_role("button", name="Save hand 1")).to_be_visible()
    expect(page.locator("#standings .seat .name").first).to_have_text(SCRIPT_NAME)
    assert dialogs == [], f"a script ran: {dialogs}"


# ---------------------------------------------------------------- (d) the printed summary


# Twenty hands: hand i (from 0) has taker seat i % 4 and contract pattern i % 4, so each seat
# takes its own pattern five times. (contract, points, bouts), points for the taker's side:
TWENTY_HANDS = [
    ("garde", "47", "2"),  # Ann: target 41, made by 6: (25 + 6) × 2 = 62
    ("petite", "45", "1"),  # Bob: target 51, failed by 6: −(25 + 6) × 1 = −31
    ("garde_sans", "40", "3"),  # Cat: target 36, made by 4: (25 + 4) × 4 = 116
    ("garde_contre", "60", "1"),  # Dan: target 51, made by 9: (25 + 9) × 6 = 204
] * 5
# Seat k: +3 s_k in its 5 hands as taker, −s_j in the 5 hands of each other taker j:
# total_k = 15 s_k − 5 (S − s_k) = 20 s_k − 5 S, with S = 62 − 31 + 116 + 204 = 351, 5 S = 1755.
# Ann 1240 − 1755 = −515; Bob −620 − 1755 = −2375; Cat 2320 − 1755 = 565;
# Dan 4080 − 1755 = 2325. Sum 0.
TWENTY_TOTALS = [-515, -2375, 565, 2325]


def post_hands(page: Page, pad_url: str, hands: list[tuple[str, str, str]]) -> None:
    """Save hands with form posts from the page's own cookies and CSRF token (quick)."""
    token = page.locator("#entry input[name=csrf_token]").get_attribute("value")
    assert token
    for index, (contract, points, bouts) in enumerate(hands):
        answer = page.request.post(
            f"{pad_url}/hands",
            form={
                "csrf_token": token,
                "contract": contract,
                "taker": str(index % 4),
                "counted_side": "taker",
                "points": points,
                "bouts": bouts,
                "petit_au_bout": "none",
                "chelem": "none",
                "expected_number": str(index + 1),  # as the page's form says it
            },
            headers={"HX-Request": "true"},
        )
        assert answer.status == 200, f"hand {index + 1}: {answer.status} {answer.text()[:300]}"


def test_a_pad_left_open_stays_folded_to_its_latest_hands(page: Page) -> None:
    """Ten hands posted, the pad opened: ten rows. Hand 11 saved on it: still ten rows (hands
    2–11), and the note over the table says one hand is folded away."""
    pad_url = start_session(page, ["Ann", "Bob", "Cat", "Dan"])
    post_hands(page, pad_url, TWENTY_HANDS[:LATEST_HANDS])
    page.reload()
    errors: list[str] = []  # what the page's scripts (htmx's, ours) complain of
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    assert hand_count(page) == LATEST_HANDS == 10
    expect(page.locator("#folded-hands")).to_have_count(0)
    # Hand 11 is TWENTY_HANDS[10]: Cat (seat 10 % 4 = 2), Garde sans, 40 points, 3 bouts.
    fill_hand(page, contract="Garde sans le chien", taker="Cat", points="40", bouts=3)
    save_hand(page, 11)
    expect(page.locator("#hands tbody.hand")).to_have_count(10)
    expect(page.locator("#hand-1")).to_have_count(0)
    expect(page.locator("#hands tbody.hand").first).to_have_id("hand-2")
    expect(page.locator("#folded-hands")).to_contain_text("Show the 1 earlier hand")
    assert errors == []


def pdf_page_count(pdf: bytes) -> int:
    """Page objects in a PDF (`/Type /Page`, not the `/Pages` tree nodes)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_twenty_hands_print_on_one_a4_page(page: Page, screens: Path) -> None:
    pad_url = start_session(page, ["Ann", "Bob", "Cat", "Dan"])
    post_hands(page, pad_url, TWENTY_HANDS)
    page.reload()
    # The pad shows the latest 10 (hands 11–20), the first 10 folded behind a link.
    assert hand_count(page) == LATEST_HANDS == 10
    expect(page.locator("#folded-hands")).to_contain_text("Show the 10 earlier hands")
    expect_totals(page, TWENTY_TOTALS)
    # Hand 20: Dan's Garde contre, s = 204: Dan +612, the others −204 each.
    expect_row(page, 20, [-204, -204, -204, 612], TWENTY_TOTALS)

    page.get_by_role("link", name="Summary & print").click()
    page.wait_for_url(re.compile(r"/summary$"))
    expect(page.locator(".sheet-hands tbody tr")).to_have_count(20)
    page.screenshot(path=str(screens / "summary.png"))
    page.screenshot(path=str(screens / "summary-full.png"), full_page=True)

    pdf = page.pdf(format="A4")
    (screens / "summary.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF")
    pages = pdf_page_count(pdf)
    assert pages == 1, f"the summary prints on {pages} pages"
