"""Tantony through the web: trick by trick, the whole hand at once, the referee, drafts, the end.

Every expected number is worked out in a comment from the rules text (seed 000) and docs/rulings.md
("Tantony"), as the pad implements them (docs/rules/tantony.md):
    a trick is worth its runt, the lowest card of the suit led; it is won by the highest card of
    the suit led (the sow; the hog when nobody followed, which is then also the runt);
    four players: 2–10 face value, J 15, Q 20, K 25, A 30; each player gets exactly 3 of
        tricks 1–12 (the quota); trick 13 is never placed: its runt, the Tantony card, goes to
        whoever won it;
    three players: 36 cards (no 7–10), 2–6 face value, J 10, Q 15, K 20, A 25; quota 4 of 12;
        the game is 300; the next hand is led by whoever won (else got) the last trick;
    fixed partnerships: seats 0 & 2 (Annie & Connie) against 1 & 3 (Benny & Denny); a side that
        has 60 after hand 1 wins a double game at once (sudden death).
Annie deals (the first player listed), so Benny, on her left, leads trick 1 of hand 1; whoever
gets a trick leads the next one.
"""

from __future__ import annotations

import html as html_lib
import re
import threading
from collections.abc import Callable, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.store import Store
from companion.web.service_door import app_state
from tests.web.conftest import phone_app, stored_hands

NAMES = ["Annie", "Benny", "Connie", "Denny"]
ANNIE, BENNY, CONNIE, DENNY = range(4)
HTMX = {"HX-Request": "true"}

# The rules page's example hand, in the order the tricks are entered (runt, who got it):
#    1  2♠ Annie   2     5  Q♥ Annie  20     9  6♦ Annie   6
#    2  5♣ Benny   5     6  3♥ Benny   3    10  7♠ Benny   7
#    3  10♥ Connie 10    7  J♦ Connie 15    11  6♥ Connie  6
#    4  4♦ Denny   4     8  3♣ Denny   3    12  3♦ Denny   3
#   13  7♣, won by Denny: the Tantony card, 7
# Annie 2 + 20 + 6 = 28; Benny 5 + 3 + 7 = 15; Connie 10 + 15 + 6 = 31; Denny 4 + 3 + 3 + 7 = 17.
# Annie & Connie 28 + 31 = 59 (short of 60: no sudden death); Benny & Denny 15 + 17 = 32.
HAND_ONE = [
    ("2S", ANNIE),
    ("5C", BENNY),
    ("10H", CONNIE),
    ("4D", DENNY),
    ("QH", ANNIE),
    ("3H", BENNY),
    ("JD", CONNIE),
    ("3C", DENNY),
    ("6D", ANNIE),
    ("7S", BENNY),
    ("6H", CONNIE),
    ("3D", DENNY),
    ("7C", DENNY),
]
HAND_ONE_SEATS = [28, 15, 31, 17]
HAND_ONE_SIDES = [59, 32]


# ---------------------------------------------------------------- helpers


def text_of(response) -> str:
    return response.get_data(as_text=True)


def plain(html: str) -> str:
    """The words a reader sees: tags dropped, entities decoded, white space collapsed."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def start(client: FlaskClient, names: Sequence[str] = NAMES, **options: str) -> str:
    """Start a Tantony session through the new-session form; returns the pad's URL."""
    data = {"game": "tantony", "players": str(len(names))}
    data |= {f"name-{seat}": name for seat, name in enumerate(names)}
    data |= {f"opt-tantony-{key}": value for key, value in options.items()}
    response = client.post("/new", data=data)
    assert response.status_code == 303, text_of(response)
    return response.headers["Location"]


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def draft_on_disk(db_path: Path, url: str) -> tuple[int, dict[str, Any]] | None:
    """The draft (hand number, raw tricks) read through a fresh connection to the file."""
    with Store(db_path) as store:
        return store.drafts.get(token_of(url))


def draft_runts(db_path: Path, url: str) -> list[tuple[str | None, int | None]]:
    """The draft's tricks as (runt, who got it); [] when there is no draft."""
    found = draft_on_disk(db_path, url)
    return [] if found is None else [(t["runt"], t["to"]) for t in found[1]["tricks"]]


def carried(tricks: Sequence[tuple[str, int]], total: int = 13) -> dict[str, str]:
    """The hidden fields of the tricks so far, exactly as the panel writes them.

    At four players the last trick is not placed: the panel records its recipient as its winner.
    """
    data: dict[str, str] = {}
    for index, (runt, to) in enumerate(tricks):
        won_by = str(to) if index == total - 1 and total == 13 else ""
        data |= {
            f"tricks-{index}-runt": runt,
            f"tricks-{index}-to": str(to),
            f"tricks-{index}-won_by": won_by,
            f"tricks-{index}-cards": "",
        }
    return data


def post_trick(
    client: FlaskClient,
    url: str,
    so_far: Sequence[tuple[str, int]],
    *,
    runt: str = "",
    to: int | None = None,
    cards: str = "",
    number: int = 1,
    action: str = "add",
    headers: dict[str, str] | None = None,
    total: int = 13,
):
    """Tap a runt and a player (an untapped radio group posts nothing) and press the button."""
    data = carried(so_far, total) | {
        "expected_number": str(number),
        "next-cards": cards,
        "action": action,
    }
    if runt:
        data["next-runt"] = runt
    if to is not None:
        data["next-to"] = str(to)
    return client.post(url + "/tricks", data=data, headers=headers or {})


def enter(
    client: FlaskClient,
    url: str,
    tricks: Sequence[tuple[str, int]],
    *,
    number: int = 1,
    total: int = 13,
) -> None:
    """Enter tricks one after another without JavaScript: each one accepted with a 303."""
    for count, (runt, to) in enumerate(tricks):
        response = post_trick(
            client, url, tricks[:count], runt=runt, to=to, number=number, total=total
        )
        assert response.status_code == 303, (count + 1, plain(text_of(response))[-600:])


class _FormReader(HTMLParser):
    """Reads one form (chosen by the end of its action URL) the way a browser would submit it:
    hidden and text inputs, checked radios that are not disabled, each select's chosen option."""

    def __init__(self, action_suffix: str) -> None:
        super().__init__()
        self.suffix = action_suffix
        self.inside = False
        self.found = False
        self.fields: dict[str, str] = {}
        self.select: str | None = None
        self.first_option: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.inside = (a.get("action") or "").endswith(self.suffix)
            self.found |= self.inside
        if not self.inside or tag not in ("input", "select", "option"):
            return
        if tag == "input" and a.get("name") and "disabled" not in a:
            kind = a.get("type", "text")
            if kind not in ("radio", "checkbox") or "checked" in a:
                self.fields[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select, self.first_option = a.get("name"), None
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value") or ""
            if "selected" in a:
                self.fields[self.select] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select:
            self.fields.setdefault(self.select, self.first_option or "")
            self.select = None


def form_on(html: str, action_suffix: str) -> dict[str, str]:
    """What the form whose action ends with `action_suffix` would post, untouched."""
    reader = _FormReader(action_suffix)
    reader.feed(html)
    assert reader.found, f"no form posting to …{action_suffix}"
    return reader.fields


def hidden_rows(html: str) -> list[tuple[str, str, str, str]]:
    """The tricks so far carried by the panel's hidden fields: (runt, to, won_by, cards)."""
    fields = form_on(html, "/tricks")
    rows = []
    while f"tricks-{len(rows)}-runt" in fields:
        i = len(rows)
        rows.append(
            tuple(fields[f"tricks-{i}-{part}"] for part in ("runt", "to", "won_by", "cards"))
        )
    return rows


def totals_shown(html: str) -> tuple[list[int], list[int]]:
    """The standings: the sides' totals (if any), then each seat's, true minus signs read back."""
    block = html.split('id="standings"', 1)[1].split("</section>", 1)[0]
    sides, _, seats = block.rpartition('class="standings')

    def numbers(part: str) -> list[int]:
        return [int(t.replace("−", "-")) for t in re.findall(r'class="total">([^<]+)<', part)]

    return numbers(sides), numbers(seats)


def entry_section(html: str) -> str:
    """The trick panel (section id="entry") of a page or fragment."""
    return html.split('id="entry"', 1)[1].split("</section>", 1)[0]


def radio_disabled(html: str, name: str, value: str) -> bool:
    """Whether the radio `name`=`value` is drawn disabled (fails if it is not drawn at all)."""
    match = re.search(rf'<input type="radio" name="{name}" value="{value}"([^>]*)>', html)
    assert match, f"no radio {name}={value}"
    return "disabled" in match.group(1)


def enter_by_browser(client: FlaskClient, url: str, tricks: Sequence[tuple[str, int]]) -> str:
    """Enter tricks as a browser without JavaScript does: read the pad's form (its hidden
    tricks so far included), tap the runt and the player, press "Add trick"; follow the 303."""
    page = text_of(client.get(url))
    for runt, to in tricks:
        data = form_on(page, "/tricks") | {"next-runt": runt, "next-to": str(to), "action": "add"}
        response = client.post(url + "/tricks", data=data)
        assert response.status_code == 303, plain(text_of(response))[-600:]
        assert response.headers["Location"].endswith("#entry")
        page = text_of(client.get(url))
    return page


def fill_whole_hand(page: str, runts: dict[int, list[str]], last: str, won_by: int) -> dict:
    """The whole-hand form filled in: each seat's boxes (preset to that seat) get its runts in
    order; the last trick's box its runt and winner."""
    data = form_on(page, "/whole")
    rows = sorted({int(k.split("-")[1]) for k in data if k.startswith("tricks-")})
    last_row = rows[-1]
    queues = {seat: list(values) for seat, values in runts.items()}
    for row in rows[:-1]:
        seat = int(data[f"tricks-{row}-to"])
        data[f"tricks-{row}-runt"] = queues[seat].pop(0)
    assert all(not queue for queue in queues.values()), "more runts than boxes"
    data[f"tricks-{last_row}-runt"] = last
    data[f"tricks-{last_row}-won_by"] = str(won_by)
    return data


def in_fresh_thread(work: Callable[[], Any]) -> Any:
    """Run `work` on a new thread, which opens its own SQLite connection (as a restarted server
    would): nothing it reads can come from this thread's connection."""
    results: list[Any] = []
    thread = threading.Thread(target=lambda: results.append(work()))
    thread.start()
    thread.join()
    assert results, "the work on the fresh thread failed"
    return results[0]


# ---------------------------------------------------------------- a hand trick by trick


def test_a_full_hand_entered_trick_by_trick_and_saved(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    # Benny leads trick 1: the first player listed (Annie) deals.
    assert "Trick 1 of 13 · Benny leads" in plain(text_of(client.get(url)))
    page = enter_by_browser(client, url, HAND_ONE[:11])
    # After 11 tricks Annie, Benny and Connie have 3 each (the quota): only Denny may get 12.
    assert "Trick 12 of 13 · Connie leads" in plain(page)  # Connie got trick 11
    assert [radio_disabled(page, "next-to", str(s)) for s in range(4)] == [True, True, True, False]
    page = enter_by_browser(client, url, HAND_ONE[11:12])
    # Trick 13 is not placed: every player may have won it, quota or not.
    assert "the last trick is not placed" in plain(page)
    assert not any(radio_disabled(page, "next-to", str(s)) for s in range(4))
    page = enter_by_browser(client, url, HAND_ONE[12:])
    panel = plain(entry_section(page))
    assert "All 13 tricks are in" in panel
    assert "Annie: 2♠ 2 + Q♥ 20 + 6♦ 6 = 28" in panel
    assert "Denny: 4♦ 4 + 3♣ 3 + 3♦ 3 + 7♣ 7 = 17" in panel
    assert "Tantony card 7♣ (7) to Denny, who won the last trick" in panel
    assert "Save hand 1" in panel and 'name="next-runt"' not in page
    # The panel carried every trick forward; the last one records Denny as its winner.
    assert hidden_rows(page) == [(r, str(t), "", "") for r, t in HAND_ONE[:12]] + [
        ("7C", "3", "3", "")
    ]
    assert draft_runts(db_path, url) == HAND_ONE

    # "Save hand 1" posts the same form to /hands.
    response = client.post(url + "/hands", data=form_on(page, "/tricks"))
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#hand-1")
    page = text_of(client.get(url))
    assert totals_shown(page) == (HAND_ONE_SIDES, HAND_ONE_SEATS)
    assert "Hand 1 saved: Annie +28, Benny +15, Connie +31, Denny +17." in plain(page)
    # The first lead moves one seat left: Connie leads hand 2, and its panel starts afresh.
    assert "Trick 1 of 13 · Connie leads" in plain(page)
    assert hidden_rows(page) == []
    assert draft_on_disk(db_path, url) is None
    rows = stored_hands(db_path, url)
    assert [(row.number, row.points) for row in rows] == [(1, tuple(HAND_ONE_SEATS))]
    assert rows[0].entry["tricks"][12] == {"runt": "7C", "to": 3, "won_by": 3, "cards": []}


def test_the_whole_hand_at_once_gives_the_same_points(client: FlaskClient, db_path: Path) -> None:
    by_trick = start(client)
    enter(client, by_trick, HAND_ONE)
    assert client.post(by_trick + "/hands", data=carried(HAND_ONE)).status_code == 303

    whole = start(client)
    page = text_of(client.get(whole + "/whole"))
    assert "Hand 1, all at once" in page
    # The runts lying in front of each player at the end, in no particular order.
    data = fill_whole_hand(
        page,
        {
            ANNIE: ["6D", "2S", "QH"],
            BENNY: ["7S", "3H", "5C"],
            CONNIE: ["JD", "6H", "10H"],
            DENNY: ["3D", "4D", "3C"],
        },
        last="7C",
        won_by=DENNY,
    )
    response = client.post(whole + "/whole", data=data)
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#hand-1")
    # Same runts, same points: Annie 28, Benny 15, Connie 31, Denny 17; sides 59 and 32.
    assert totals_shown(text_of(client.get(whole))) == (HAND_ONE_SIDES, HAND_ONE_SEATS)
    assert totals_shown(text_of(client.get(by_trick))) == (HAND_ONE_SIDES, HAND_ONE_SEATS)
    assert (
        [r.points for r in stored_hands(db_path, whole)]
        == [r.points for r in stored_hands(db_path, by_trick)]
        == [tuple(HAND_ONE_SEATS)]
    )


def test_a_refused_whole_hand_keeps_the_boxes_as_typed(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    page = text_of(client.get(url + "/whole"))
    # Connie's first box says 2S, which Annie already has: a card used twice.
    data = fill_whole_hand(
        page,
        {
            ANNIE: ["2S", "QH", "6D"],
            BENNY: ["5C", "3H", "7S"],
            CONNIE: ["2S", "JD", "6H"],
            DENNY: ["4D", "3C", "3D"],
        },
        last="7C",
        won_by=DENNY,
    )
    response = client.post(url + "/whole", data=data)
    html = text_of(response)
    assert response.status_code == 422
    assert "2♠ was already the runt of trick 1." in plain(html)
    connie = html.split("<legend>Connie</legend>", 1)[1].split("</fieldset>", 1)[0]
    assert 'value="2S"' in connie and 'value="JD"' in connie  # kept as typed, in place
    # The message sits in Connie's 2S box (trick 7, the first of her rows), not only on top.
    box = connie.split('value="2S"', 1)[1].split("</div>", 1)[0]
    assert "Trick 7: 2♠ was already the runt of trick 1." in plain(box)
    assert stored_hands(db_path, url) == []


def test_every_faulty_box_of_a_whole_hand_is_named_at_once(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    page = text_of(client.get(url + "/whole"))
    data = fill_whole_hand(
        page,
        {
            ANNIE: ["2S", "-3", "6D"],
            BENNY: ["5C", "3H", "7S"],
            CONNIE: ["10H", "<script>", "6H"],
            DENNY: ["4D", "3C", "3D"],
        },
        last="7C",
        won_by=DENNY,
    )
    response = client.post(url + "/whole", data=data)
    html = text_of(response)
    assert response.status_code == 422
    assert "Trick 2: '-3' is not a card." in plain(html)
    assert "Trick 8: '<script>' is not a card." in plain(html)
    assert "<script>" not in html.split("<main", 1)[1]  # escaped wherever it is shown
    assert stored_hands(db_path, url) == []


def whole_box(html: str, row: int) -> str:
    """The whole-hand form's box holding trick row `row`'s runt, with its number and messages."""
    before, after = html.split(f'name="tricks-{row}-runt"', 1)
    start = before.rindex('<div class="runt-box">')
    return before[start:] + after.split("</div>", 1)[0]


def test_each_whole_hand_box_shows_the_trick_number_its_messages_use(client: FlaskClient) -> None:
    url = start(client)
    html = text_of(client.get(url + "/whole"))
    # The referee names a box "Trick N" (row N - 1): each box shows its N, 1 to 13.
    assert [plain(whole_box(html, row)).split()[0] for row in range(13)] == [
        str(number) for number in range(1, 14)
    ]
    # Connie's first box is trick 7 (Annie 1-3, Benny 4-6), the last trick's box is 13.
    connie = html.split("<legend>Connie</legend>", 1)[1].split("</fieldset>", 1)[0]
    assert plain(connie).split()[0] == "7"
    last = html.split("The last trick</legend>", 1)[1].split("</fieldset>", 1)[0]
    assert plain(last).split()[0] == "13"


def test_a_whole_hand_boxs_message_is_a_row_of_its_own(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    page = text_of(client.get(url + "/whole"))
    data = fill_whole_hand(
        page,
        {
            ANNIE: ["2S", "QH", "6D"],
            BENNY: ["5C", "3H", "7S"],
            CONNIE: ["10H", "JD", "6H"],
            DENNY: ["4D", "3C", "XX"],
        },
        last="",
        won_by=DENNY,
    )
    html = text_of(client.post(url + "/whole", data=data))
    # Denny's third box is trick 12; the last trick (13) was left without its runt.
    twelve, thirteen = whole_box(html, 11), whole_box(html, 12)
    assert "Trick 12: XX is not a card" in plain(twelve)
    assert "Trick 13: enter the runt, or the cards played." in plain(thirteen)
    # Each message is the box's own element, which the style sheet spans across the whole box
    # (under the number, the runt and the menus) rather than squeezing it into one column.
    assert '<p class="error">Trick 13: enter the runt' in thirteen
    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    assert ".runt-box .error { grid-column: 1 / -1;" in css
    assert stored_hands(db_path, url) == []


def test_the_whole_hand_form_previews_its_score_live(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    page = text_of(client.get(url + "/whole"))
    # The form asks the pad's own preview route, and before any change says what will show.
    assert f'hx-post="/s/{token_of(url)}/preview"' in page
    assert "The hand's score and its arithmetic appear here as you fill it in." in plain(page)
    data = fill_whole_hand(
        page,
        {
            ANNIE: ["6D", "2S", "QH"],
            BENNY: ["7S", "3H", "5C"],
            CONNIE: ["JD", "6H", "10H"],
            DENNY: ["3D", "4D", "3C"],
        },
        last="7C",
        won_by=DENNY,
    )
    shown = plain(text_of(client.post(url + "/preview", data=data, headers=HTMX)))
    # The rules page's example hand, its runts in the boxes as they lie (see HAND_ONE).
    assert "Annie: 6♦ 6 + 2♠ 2 + Q♥ 20 = 28" in shown
    assert "Denny: 3♦ 3 + 4♦ 4 + 3♣ 3 + 7♣ 7 = 17" in shown
    assert "Annie & Connie 28 + 31 = 59" in shown
    # Still wrong: the preview says what, by trick number, and nothing is saved either way.
    data["tricks-11-runt"], data["tricks-12-runt"] = "XX", ""
    shown = plain(text_of(client.post(url + "/preview", data=data, headers=HTMX)))
    assert "Not ready yet:" in shown
    assert "Trick 12: XX is not a card" in shown
    assert "Trick 13: enter the runt, or the cards played." in shown
    assert stored_hands(db_path, url) == []


# ---------------------------------------------------------------- refusals


REFUSALS = [
    # Annie got tricks 1–3 (2♠, Q♥, 6♦): a fourth would pass her quota of 3.
    pytest.param(
        4,
        [("2S", ANNIE), ("QH", ANNIE), ("6D", ANNIE)],
        {"runt": "5C", "to": ANNIE},
        "Trick 4: Annie already has 3 tricks, the quota.",
        "5C",
        id="over-the-quota",
    ),
    # 2♠ was the runt of trick 1; it cannot be the runt of trick 2 as well.
    pytest.param(
        4,
        [("2S", ANNIE)],
        {"runt": "2S", "to": BENNY},
        "Trick 2: 2♠ was already the runt of trick 1.",
        None,
        id="a-runt-used-twice",
    ),
    # Three players play with 36 cards: no Sevens to Tens (and none on the grid to keep tapped).
    pytest.param(
        3,
        [("2S", ANNIE)],
        {"runt": "7S", "to": BENNY},
        "Trick 2: 7♠ is not in the 36-card pack, which has no Sevens, Eights, Nines or Tens.",
        None,
        id="a-seven-at-three-players",
    ),
    pytest.param(
        4, [("2S", ANNIE)], {"runt": "ZZ", "to": BENNY}, "ZZ is not a card", None, id="not-a-card"
    ),
    pytest.param(
        4,
        [("2S", ANNIE)],
        {"to": BENNY},
        "Tap the runt: the lowest card of the suit led in this trick.",
        None,
        id="no-runt-tapped",
    ),
    pytest.param(
        4, [("2S", ANNIE)], {"runt": "5C"}, "Tap who got the trick.", "5C", id="no-player-tapped"
    ),
]


@pytest.mark.parametrize(("count", "so_far", "tapped", "message", "kept"), REFUSALS)
def test_a_refused_trick_says_why_and_leaves_the_draft_alone(
    client: FlaskClient,
    db_path: Path,
    count: int,
    so_far: list[tuple[str, int]],
    tapped: dict[str, Any],
    message: str,
    kept: str | None,
) -> None:
    url = start(client, NAMES[:count])
    total = 13 if count == 4 else 12
    enter(client, url, so_far, total=total)
    before = draft_on_disk(db_path, url)
    assert before is not None and len(before[1]["tricks"]) == len(so_far)
    response = post_trick(client, url, so_far, total=total, **tapped)
    html = text_of(response)
    assert response.status_code == 422
    assert message in plain(html), plain(entry_section(html))
    assert draft_on_disk(db_path, url) == before
    # The panel still holds the tricks so far, and a runt tapped on the grid stays tapped.
    assert [row[0] for row in hidden_rows(html)] == [runt for runt, _ in so_far]
    if kept is not None:
        assert f'name="next-runt" value="{kept}" checked' in html


def test_a_hand_short_of_tricks_is_not_saved(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    enter(client, url, HAND_ONE[:12])
    response = client.post(url + "/hands", data=carried(HAND_ONE[:12]) | {"expected_number": "1"})
    assert response.status_code == 422
    assert "A hand has 13 tricks; 12 are entered." in plain(text_of(response))
    assert stored_hands(db_path, url) == []
    assert len(draft_runts(db_path, url)) == 12  # the tricks so far are not lost


def test_a_trick_from_a_form_older_than_the_last_saved_hand_is_refused(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    client.post(url + "/hands", data=carried(HAND_ONE))
    # A second phone still showing hand 1's panel taps a trick: hand 1 is already saved.
    response = post_trick(client, url, [], runt="2S", to=CONNIE, number=1, headers=HTMX)
    assert response.status_code == 422
    assert "Hand 1 has already been saved from another device; the next hand is 2." in plain(
        text_of(response)
    )
    assert draft_on_disk(db_path, url) is None


# ---------------------------------------------------------------- the draft


def test_the_draft_survives_a_closed_tab_and_a_restarted_server(
    app: Flask, client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    enter(client, url, HAND_ONE[:5])
    app_state(app).cache.clear()

    def reopen() -> str:
        fresh = phone_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False})
        return text_of(fresh.test_client().get(url))

    page = in_fresh_thread(reopen)
    assert hidden_rows(page) == [(runt, str(to), "", "") for runt, to in HAND_ONE[:5]]
    # Trick 5 (Q♥) went to Annie, so Annie leads trick 6; Benny led the hand.
    assert "Trick 6 of 13 · Annie leads" in plain(page)
    assert "Hand 1 Benny leads" in plain(page)
    # Annie has 2♠ and Q♥: 2 + 20 = 22; Benny 5♣ 5; Connie 10♥ 10; Denny 4♦ 4.
    assert "Annie & Connie 32 – Benny & Denny 9" in plain(page)  # 22 + 10, 5 + 4
    assert radio_disabled(page, "next-runt", "QH") and not radio_disabled(page, "next-runt", "QS")


def test_take_back_removes_exactly_the_last_trick(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    enter(client, url, HAND_ONE[:3])
    response = post_trick(client, url, HAND_ONE[:3], action="drop")
    assert response.status_code == 303
    assert draft_runts(db_path, url) == HAND_ONE[:2]
    page = text_of(client.get(url))
    # 10♥ is free again; 2♠ and 5♣ still used. Benny got trick 2, so he leads trick 3.
    assert not radio_disabled(page, "next-runt", "10H")
    assert radio_disabled(page, "next-runt", "2S") and radio_disabled(page, "next-runt", "5C")
    assert "Trick 3 of 13 · Benny leads" in plain(page)
    assert "Take back trick 2" in page
    # Taking back the last two leaves no draft at all.
    post_trick(client, url, HAND_ONE[:2], action="drop")
    post_trick(client, url, HAND_ONE[:1], action="drop")
    assert draft_on_disk(db_path, url) is None
    assert "Trick 1 of 13" in plain(text_of(client.get(url)))


def test_restart_clears_the_draft(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    enter(client, url, HAND_ONE[:4])
    response = post_trick(client, url, HAND_ONE[:4], action="restart", headers=HTMX)
    assert response.status_code == 200
    assert "Trick 1 of 13 · Benny leads" in plain(text_of(response))
    assert draft_on_disk(db_path, url) is None


def test_a_whole_hand_saved_meanwhile_clears_the_draft(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    enter(client, url, HAND_ONE[:5])
    page = text_of(client.get(url + "/whole"))
    data = fill_whole_hand(
        page,
        {
            ANNIE: ["2S", "QH", "6D"],
            BENNY: ["5C", "3H", "7S"],
            CONNIE: ["10H", "JD", "6H"],
            DENNY: ["4D", "3C", "3D"],
        },
        last="7C",
        won_by=DENNY,
    )
    assert client.post(url + "/whole", data=data).status_code == 303
    assert draft_on_disk(db_path, url) is None
    assert "Hand 2 · Connie leads" in plain(text_of(client.get(url)))


def test_a_draft_for_a_later_hand_is_not_shown_after_an_undo(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    client.post(url + "/hands", data=carried(HAND_ONE))
    enter(client, url, HAND_ONE[:3], number=2)
    assert draft_on_disk(db_path, url)[0] == 2
    client.post(url + "/undo")
    # Hand 1 is to be entered again: hand 2's three tricks must not pass for hand 1's.
    page = text_of(client.get(url))
    assert "Trick 1 of 13 · Benny leads" in plain(page)
    assert hidden_rows(page) == []
    assert not radio_disabled(page, "next-runt", "2S")
    assert post_trick(client, url, [], runt="2S", to=ANNIE, number=1).status_code == 303
    assert draft_on_disk(db_path, url) == (
        1,
        {"tricks": [{"runt": "2S", "to": ANNIE, "won_by": None, "cards": []}]},
    )


# ---------------------------------------------------------------- the referee


def test_the_referee_reads_the_cards_of_a_trick(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    # The text's example, led by Benny (seat 1), in play order: Benny 6♠, Connie 10♠, Denny Q♠,
    # Annie 2♠. Everyone followed: Denny's sow Queen wins; the runt is 2♠, worth 2. Denny gives
    # the trick to Connie. No runt is tapped: the referee finds it.
    response = post_trick(client, url, [], cards="6S 10S QS 2S", to=CONNIE, headers=HTMX)
    html = text_of(response)
    assert response.status_code == 200
    found = draft_on_disk(db_path, url)
    assert found == (
        1,
        {
            "tricks": [
                {"runt": None, "to": CONNIE, "won_by": None, "cards": ["6S", "10S", "QS", "2S"]}
            ]
        },
    )
    # Connie: 1 trick of 3, 2 points; her side 2; she got it, so she leads trick 2.
    assert "Connie 1/3 1 of 3 tricks, 2 pts 2 points" in plain(html)
    assert "Annie & Connie 2 – Benny & Denny 0" in plain(html)
    assert "Trick 2 of 13 · Connie leads" in plain(html)
    # All four cards are spent: greyed on the grid.
    assert all(radio_disabled(html, "next-runt", code) for code in ("6S", "10S", "QS", "2S"))
    assert not radio_disabled(html, "next-runt", "3S")
    # 2♠ again as a runt: refused as used (it was played in trick 1).
    so_far = hidden_rows(html)
    data = {
        f"tricks-0-{part}": value
        for part, value in zip(("runt", "to", "won_by", "cards"), so_far[0], strict=True)
    }
    response = client.post(
        url + "/tricks",
        data=data | {"next-runt": "2S", "next-to": "0", "next-cards": "", "expected_number": "1"},
    )
    assert response.status_code == 422
    assert "Trick 2: 2♠ was already played in trick 1." in plain(text_of(response))
    assert draft_on_disk(db_path, url) == found


def test_a_tapped_runt_the_cards_contradict_is_refused(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    # Same cards as the text's example; 6♠ was led, but the runt is the lowest spade, 2♠.
    response = post_trick(client, url, [], runt="6S", cards="6S 10S QS 2S", to=CONNIE)
    assert response.status_code == 422
    html = text_of(response)
    assert "Trick 1: the runt is 2♠ (the lowest spade played), not 6♠." in plain(html)
    assert 'value="6S 10S QS 2S"' in html  # the cards typed are kept
    assert draft_on_disk(db_path, url) is None


def test_a_revoke_proven_across_tricks_is_noted_on_the_trick_that_proves_it(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    # Trick 1, led by Benny, in play order: Benny 6♠, Connie 10♠, Denny 3♥, Annie 2♠. Denny did
    # not follow, so showed no spades ("You must follow suit if you can"). Connie's sow 10♠ wins;
    # she keeps it and leads trick 2.
    response = post_trick(client, url, [], cards="6S 10S 3H 2S", to=CONNIE, headers=HTMX)
    assert response.status_code == 200
    assert "revoked" not in plain(text_of(response))
    (row,) = hidden_rows(text_of(response))
    so_far = {
        f"tricks-0-{part}": value
        for part, value in zip(("runt", "to", "won_by", "cards"), row, strict=True)
    }
    # Trick 2, led by Connie: Connie 4♦, Denny 5♠, Annie 7♦, Benny 8♦. Denny's 5♠ proves he had a
    # spade: noted, not refused (the text gives no penalty); Benny's 8♦ wins, given to Denny.
    response = client.post(
        url + "/tricks",
        headers=HTMX,
        data=so_far | {"next-cards": "4D 5S 7D 8D", "next-to": str(DENNY), "expected_number": "1"},
    )
    assert response.status_code == 200
    assert (
        '<p class="banner warn" role="status">Denny revoked: Denny showed no Spades in trick 1'
        " and plays the Five of Spades in trick 2.</p>"
    ) in text_of(response)
    assert "Trick 3 of 13 · Denny leads" in plain(text_of(response))
    assert len(draft_on_disk(db_path, url)[1]["tricks"]) == 2


def test_a_saved_hands_arithmetic_names_its_revokes(client: FlaskClient, db_path: Path) -> None:
    from tests.games.test_tantony import PLAYED_HAND, PLAYED_HAND_REVOKES

    url = start(client)
    # The rules tests' hand played with its cards (Annie deals, Benny leads): three revokes,
    # worked out beside PLAYED_HAND_REVOKES; the hand is saved and scores as entered.
    data = {"expected_number": "1"}
    for index, trick in enumerate(PLAYED_HAND["tricks"]):
        data |= {
            f"tricks-{index}-runt": "",
            f"tricks-{index}-cards": trick["cards"],
            f"tricks-{index}-to": str(trick.get("to", "")),
            f"tricks-{index}-won_by": str(trick.get("won_by", "")),
        }
    assert client.post(url + "/hands", data=data).status_code == 303
    assert [r.points for r in stored_hands(db_path, url)] == [(15, 11, 43, 24)]
    page = plain(text_of(client.get(url)))
    assert all(note in page for note in PLAYED_HAND_REVOKES)


# ---------------------------------------------------------------- the last trick and the end


# A hand in which Annie & Connie pass 60 (runt, who got it):
#    1  A♠ Annie 30    5  K♠ Annie 25    9  Q♠ Annie 20
#    2  2♥ Benny  2    6  3♦ Benny  3   10  5♦ Benny  5
#    3  3♥ Connie 3    7  4♥ Connie 4   11  5♥ Connie 5
#    4  2♦ Denny  2    8  4♦ Denny  4   12  6♦ Denny  6
BIG_TWELVE = [
    ("AS", ANNIE),
    ("2H", BENNY),
    ("3H", CONNIE),
    ("2D", DENNY),
    ("KS", ANNIE),
    ("3D", BENNY),
    ("4H", CONNIE),
    ("4D", DENNY),
    ("QS", ANNIE),
    ("5D", BENNY),
    ("5H", CONNIE),
    ("6D", DENNY),
]
# Trick 13 is led by Denny (he got trick 12); in play order Denny 7♣, Annie 8♣, Benny 9♣,
# Connie 10♣. All followed: Connie's sow 10♣ wins and exchanges it for the runt 7♣ (7).
LAST_CARDS = "7C 8C 9C 10C"
# Annie 30 + 25 + 20 = 75; Benny 2 + 3 + 5 = 10; Connie 3 + 4 + 5 + 7 = 19; Denny 2 + 4 + 6 = 12.
# Annie & Connie 75 + 19 = 94 ≥ 60 after hand 1: sudden death, a double game. Benny & Denny 22.


def test_the_last_trick_exchange_and_game_over(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    enter(client, url, BIG_TWELVE)
    page = text_of(client.get(url))
    assert "Trick 13 of 13 · Denny leads" in plain(page)
    # The cards alone say who won the last trick: no runt, nobody tapped.
    response = post_trick(client, url, BIG_TWELVE, cards=LAST_CARDS)
    assert response.status_code == 303
    last = draft_on_disk(db_path, url)[1]["tricks"][12]
    assert last == {"runt": None, "to": None, "won_by": None, "cards": LAST_CARDS.split()}
    page = text_of(client.get(url))
    panel = plain(entry_section(page))
    assert "Tantony card 7♣ (7) to Connie, who won the last trick" in panel
    assert "Connie: 3♥ 3 + 4♥ 4 + 5♥ 5 + 7♣ 7 = 19" in panel
    assert "Annie & Connie 75 + 19 = 94" in panel

    response = client.post(url + "/hands", data=form_on(page, "/tricks"))
    assert response.status_code == 303
    page = text_of(client.get(url))
    assert totals_shown(page) == ([94, 22], [75, 10, 19, 12])
    assert "Annie 75 · Benny 10 · Connie 19 · Denny 12 · Tantony 7♣ Connie" in plain(page)
    assert (
        "Game over. Annie & Connie win a double game: 94 after hand 1 reached the target "
        "of 60" in plain(page)
    )
    assert 'id="entry"' not in page and 'name="next-runt"' not in page
    assert "/whole" not in page  # no way in to a new hand

    # Nothing more is taken: not a trick, not a hand, not a whole hand.
    assert post_trick(client, url, [], runt="2S", to=BENNY, number=2).status_code == 303
    htmx = post_trick(client, url, [], runt="2S", to=BENNY, number=2, headers=HTMX)
    assert htmx.headers["HX-Redirect"] == url  # the phone goes back to the pad, which says why
    assert draft_on_disk(db_path, url) is None
    response = client.post(url + "/hands", data=carried(HAND_ONE) | {"expected_number": "2"})
    assert response.status_code == 303
    assert "This session has ended" in plain(text_of(client.get(url)))
    assert client.get(url + "/whole").status_code == 303
    assert len(stored_hands(db_path, url)) == 1


def test_the_last_trick_goes_to_its_winner_not_to_another_player(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    enter(client, url, BIG_TWELVE)
    # The cards show Connie won trick 13; tapping Annie as its winner contradicts them.
    response = post_trick(client, url, BIG_TWELVE, cards=LAST_CARDS, to=ANNIE)
    assert response.status_code == 422
    assert "Trick 13: Connie won it with the sow 10♣, the highest club, not Annie." in plain(
        text_of(response)
    )
    assert len(draft_runts(db_path, url)) == 12


def tricks_so_far(html: str) -> list[str]:
    """The lines of the panel's "Tricks so far" list, as read."""
    block = html.split('class="so-far"', 1)[1].split("</details>", 1)[0]
    return [plain(item) for item in re.findall(r"<li>(.*?)</li>", block)]


def test_the_tricks_so_far_name_who_won_a_last_trick_entered_by_its_cards(
    client: FlaskClient,
) -> None:
    url = start(client)
    enter(client, url, BIG_TWELVE)
    post_trick(client, url, BIG_TWELVE, cards=LAST_CARDS)
    lines = tricks_so_far(text_of(client.get(url)))
    assert lines[0] == "A♠ (30) → Annie"  # a tapped trick: its runt, value and who got it
    # Connie won trick 13 with 10♣ (see LAST_CARDS) and keeps its runt, the 7♣ worth 7.
    assert lines[12].startswith("7♣ (7) → Connie"), lines[12]


# ---------------------------------------------------------------- three players


def test_three_players_have_no_seven_to_ten_and_a_quota_of_four(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client, NAMES[:3])
    page = text_of(client.get(url))
    assert "Trick 1 of 12 · Benny leads" in plain(page)
    for code in ("7S", "8H", "9D", "10C"):
        assert f'value="{code}"' not in page
    for code in ("2S", "6S", "JH", "AC"):
        assert f'value="{code}"' in page
    assert "Annie 0/4 0 of 4 tricks, 0 pts 0 points" in plain(page)
    # Annie gets 2♠ 3♠ 4♠ 5♠: 2 + 3 + 4 + 5 = 14, her quota of four.
    four = [("2S", ANNIE), ("3S", ANNIE), ("4S", ANNIE), ("5S", ANNIE)]
    enter(client, url, four, total=12)
    page = text_of(client.get(url))
    assert "Annie 4/4 4 of 4 tricks, 14 pts 14 points" in plain(page)
    assert radio_disabled(page, "next-to", "0") and not radio_disabled(page, "next-to", "1")
    response = post_trick(client, url, four, runt="6S", to=ANNIE, total=12)
    assert response.status_code == 422
    assert "Trick 5: Annie already has 4 tricks, the quota." in plain(text_of(response))
    assert len(draft_runts(db_path, url)) == 4


def test_three_players_play_to_300(client: FlaskClient, db_path: Path) -> None:
    url = start(client, NAMES[:3])
    # Each hand: Annie the four Aces (4 × 25 = 100), Benny the four Kings (4 × 20 = 80), Connie
    # the four Queens (4 × 15 = 60). The last row is placed like the others (with Connie).
    runts = {
        ANNIE: ["AS", "AH", "AD", "AC"],
        BENNY: ["KS", "KH", "KD", "KC"],
        CONNIE: ["QS", "QH", "QD"],
    }
    leads = []
    for _ in range(3):
        page = text_of(client.get(url + "/whole"))
        data = fill_whole_hand(page, runts, last="QC", won_by=CONNIE)
        assert data["tricks-11-to"] == str(CONNIE)  # preset: the last row is Connie's fourth
        assert client.post(url + "/whole", data=data).status_code == 303
        pad_page = plain(text_of(client.get(url)))
        leads.append(
            re.search(r"Hand \d+ · (\w+) leads", pad_page).group(1)
            if "Game over" not in pad_page
            else None
        )
    # Connie won the last trick of each hand, so she leads the next one.
    assert leads == ["Connie", "Connie", None]
    page = text_of(client.get(url))
    # After 3 hands: Annie 300, Benny 240, Connie 180: Annie has reached 300.
    assert totals_shown(page) == ([], [300, 240, 180])
    assert "Game over. Annie wins with 300 after hand 3, reaching 300" in plain(page)
    assert len(stored_hands(db_path, url)) == 3


def test_at_three_players_the_winner_of_the_last_trick_leads_the_next_hand(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client, NAMES[:3])
    # Tricks 1–11 (runt, who got it); Benny leads trick 1:
    #   Annie 2♠ 3♠ 4♠ A♠ = 2 + 3 + 4 + 25 = 34 (her four); Benny 2♥ 3♥ 4♥ 5♥ = 14 (his four);
    #   Connie 2♦ 3♦ 4♦ = 9 so far.
    eleven = [
        ("2S", ANNIE),
        ("2H", BENNY),
        ("2D", CONNIE),
        ("3S", ANNIE),
        ("3H", BENNY),
        ("3D", CONNIE),
        ("4S", ANNIE),
        ("4H", BENNY),
        ("4D", CONNIE),
        ("AS", ANNIE),
        ("5H", BENNY),
    ]
    enter(client, url, eleven, total=12)
    page = text_of(client.get(url))
    # Benny got trick 11, so he leads 12; only Connie is short of her four.
    assert "Trick 12 of 12 · Benny leads" in plain(page)
    assert [radio_disabled(page, "next-to", str(s)) for s in range(3)] == [True, True, False]
    # In play order Benny 6♣, Connie 5♣, Annie K♣: Annie's sow King wins, the runt is 5♣ (5),
    # and the trick must go to Connie: 9 + 5 = 14.
    response = post_trick(client, url, eleven, cards="6C 5C KC", to=CONNIE, total=12)
    assert response.status_code == 303
    page = text_of(client.get(url))
    assert client.post(url + "/hands", data=form_on(page, "/tricks")).status_code == 303
    page = text_of(client.get(url))
    assert totals_shown(page) == ([], [34, 14, 14])
    # "Led to by the winner of the last trick": Annie, not Connie who got it.
    assert "Hand 2 · Annie leads" in plain(page)
    assert "Trick 1 of 12 · Annie leads" in plain(page)


def test_at_three_players_the_pad_asks_who_won_the_closing_trick(client: FlaskClient) -> None:
    url = start(client, NAMES[:3])
    eleven = [
        ("2S", ANNIE),
        ("2H", BENNY),
        ("2D", CONNIE),
        ("3S", ANNIE),
        ("3H", BENNY),
        ("3D", CONNIE),
        ("4S", ANNIE),
        ("4H", BENNY),
        ("4D", CONNIE),
        ("AS", ANNIE),
        ("5H", BENNY),
    ]
    enter(client, url, eleven, total=12)
    page = text_of(client.get(url))
    assert 'name="next-won_by"' in page  # trick 12 of 12: its winner leads the next hand
    # No cards this time: the runt 5♣ must go to Connie (the only one short of four), but
    # Annie won it, and says so with a tap.
    data = carried(eleven, 12) | {
        "expected_number": "1",
        "next-runt": "5C",
        "next-to": str(CONNIE),
        "next-won_by": str(ANNIE),
        "action": "add",
    }
    assert client.post(url + "/tricks", data=data).status_code == 303
    page = text_of(client.get(url))
    assert client.post(url + "/hands", data=form_on(page, "/tricks")).status_code == 303
    # Same points as above: Annie 34, Benny 14, Connie 9 + 5 = 14; Annie leads hand 2.
    page = text_of(client.get(url))
    assert totals_shown(page) == ([], [34, 14, 14])
    assert "Hand 2 · Annie leads" in plain(page)


# ---------------------------------------------------------------- fixing a saved hand


def test_fixing_a_saved_hand_rescores_it(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    client.post(url + "/hands", data=carried(HAND_ONE))
    page = text_of(client.get(url + "/hands/1"))
    data = form_on(page, "/hands/1")
    by_runt = {data[f"tricks-{i}-runt"]: i for i in range(13)}
    assert data[f"tricks-{by_runt['QH']}-to"] == "0" and data[f"tricks-{by_runt['3H']}-to"] == "1"
    assert data["tricks-12-won_by"] == "3"
    # Really, Q♥ (20) went to Benny and 3♥ (3) to Annie (trick 5 and trick 6 swapped).
    data[f"tricks-{by_runt['QH']}-to"] = "1"
    data[f"tricks-{by_runt['3H']}-to"] = "0"
    response = client.post(url + "/hands/1", data=data)
    assert response.status_code == 303
    # Annie 28 − 20 + 3 = 11; Benny 15 − 3 + 20 = 32; Connie 31, Denny 17 unchanged.
    # Annie & Connie 11 + 31 = 42; Benny & Denny 32 + 17 = 49.
    assert totals_shown(text_of(client.get(url))) == ([42, 49], [11, 32, 31, 17])
    assert [row.points for row in stored_hands(db_path, url)] == [(11, 32, 31, 17)]
    with Store(db_path) as store:  # the old entry is kept, superseded by the correction
        history = store.hands.history(token_of(url))
    assert [(row.action, row.points) for row in history] == [
        ("enter", tuple(HAND_ONE_SEATS)),
        ("correct", (11, 32, 31, 17)),
    ]


def test_the_history_of_a_tantony_session_renders(client: FlaskClient) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    client.post(url + "/hands", data=carried(HAND_ONE))
    response = client.get(url + "/history")
    assert response.status_code == 200
    assert "Annie 28 · Benny 15 · Connie 31 · Denny 17 · Tantony 7♣ Denny" in plain(
        text_of(response)
    )


def test_the_leading_side_is_shown_with_its_side_total(client: FlaskClient) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    client.post(url + "/hands", data=carried(HAND_ONE))
    # Annie & Connie lead with 28 + 31 = 59 (Benny & Denny 32).
    sheet = plain(text_of(client.get(url + "/summary")))
    assert "Annie & Connie: 59" in sheet  # the Sides section is right
    assert re.search(r"Leading: [^.]* with 59\.", sheet), sheet[:300]


def test_a_correction_over_the_quota_is_refused(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    client.post(url + "/hands", data=carried(HAND_ONE))
    data = form_on(text_of(client.get(url + "/hands/1")), "/hands/1")
    data["tricks-1-to"] = "0"  # 5♣ to Annie as well: she would have 4 of tricks 1–12
    response = client.post(url + "/hands/1", data=data)
    assert response.status_code == 422
    assert "Annie already has 3 tricks, the quota." in plain(text_of(response))
    assert totals_shown(text_of(client.get(url))) == (HAND_ONE_SIDES, HAND_ONE_SEATS)


def test_the_fix_hand_page_previews_the_corrected_hand(client: FlaskClient) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    client.post(url + "/hands", data=carried(HAND_ONE))
    data = form_on(text_of(client.get(url + "/hands/1")), "/hands/1")
    data["tricks-4-to"], data["tricks-5-to"] = "1", "0"  # Q♥ to Benny, 3♥ to Annie
    response = client.post(url + "/preview?hand=1", data=data, headers=HTMX)
    # Annie: 2♠ 2 + 3♥ 3 + 6♦ 6 = 11.
    assert "Annie: 2♠ 2 + 3♥ 3 + 6♦ 6 = 11" in plain(text_of(response))


# ---------------------------------------------------------------- htmx


def test_htmx_gets_the_panel_as_a_fragment(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    response = post_trick(client, url, [], runt="2S", to=ANNIE, headers=HTMX)
    html = text_of(response)
    assert response.status_code == 200
    assert "<html" not in html and html.lstrip().startswith('<section id="entry"')
    assert "Trick 2 of 13 · Annie leads" in plain(html)
    assert "HX-Request" in response.headers["Vary"]
    response = post_trick(client, url, [("2S", ANNIE)], runt="2S", to=BENNY, headers=HTMX)
    html = text_of(response)
    assert response.status_code == 422
    assert "<html" not in html and html.lstrip().startswith('<section id="entry"')
    assert "2♠ was already the runt of trick 1" in plain(html)
    assert draft_runts(db_path, url) == [("2S", ANNIE)]


def test_htmx_save_sends_the_next_hands_panel(client: FlaskClient) -> None:
    url = start(client)
    enter(client, url, HAND_ONE)
    response = client.post(
        url + "/hands", data=carried(HAND_ONE) | {"expected_number": "1"}, headers=HTMX
    )
    html = text_of(response)
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<section id="entry" class="card entry tricks-entry">')
    assert "Hand 2 Connie leads" in plain(html) and "Trick 1 of 13" in plain(html)
    assert totals_shown(html) == (HAND_ONE_SIDES, HAND_ONE_SEATS)


def test_htmx_save_of_the_last_hand_clears_the_panel(client: FlaskClient) -> None:
    url = start(client)
    enter(client, url, BIG_TWELVE)
    post_trick(client, url, BIG_TWELVE, cards=LAST_CARDS)
    data = form_on(text_of(client.get(url)), "/tricks")
    response = client.post(url + "/hands", data=data, headers=HTMX)
    html = text_of(response)
    assert response.status_code == 200
    assert 'id="entry"' not in html  # the swap target is replaced by nothing: no panel
    assert html.lstrip().startswith('<div id="status"')
    assert "Game over." in plain(html)


def test_a_refusal_is_said_beside_the_part_it_concerns(client: FlaskClient) -> None:
    url = start(client)
    # Trick 1 is the text's trick, refereed (6♠ 10♠ Q♠ 2♠: runt 2♠, Denny's sow Queen wins).
    response = post_trick(client, url, [], cards="6S 10S QS 2S", to=CONNIE)
    assert response.status_code == 303
    so_far = {
        "tricks-0-runt": "",
        "tricks-0-to": str(CONNIE),
        "tricks-0-won_by": "",
        "tricks-0-cards": "6S 10S QS 2S",
    }

    def refused(**next_trick: str) -> str:
        data = so_far | {"expected_number": "1", "action": "add"} | next_trick
        answer = client.post(url + "/tricks", data=data, headers=HTMX)
        assert answer.status_code == 422
        return text_of(answer)

    # The 6♠ was played in trick 1: said under the cards typed, not above the grid.
    html = refused(**{"next-cards": "6S 3S 4S 5S", "next-to": str(ANNIE)})
    cards_part = html.split('id="next-cards"', 1)[1].split("</details>", 1)[0]
    assert "Trick 2: 6♠ was already played in trick 1." in plain(cards_part)
    # The 2♠ (played in trick 1, its runt) tapped as a runt again: said under the runt grid.
    html = refused(**{"next-runt": "2S", "next-to": str(ANNIE)})
    grid = html.split('class="field runt-grid', 1)[1].split("</fieldset>", 1)[0]
    assert "Trick 2: 2♠ was already played in trick 1." in plain(grid)


# ---------------------------------------------------------------- a save from a stale page


def _retaken_thirteenth(a: FlaskClient, b: FlaskClient, url: str) -> dict[str, str]:
    """The audit's steps: phone A enters tricks 1–6 and phone B 7–13; A's page then shows the
    13 tricks and its Save button; B takes back trick 13 and enters it again as 8♣, Denny's (8♣
    is still in play: the example hand's 13th runt is 7♣). Returns what A's form would post."""
    enter(a, url, HAND_ONE[:6])
    for count in range(6, 13):
        response = post_trick(
            b, url, HAND_ONE[:count], runt=HAND_ONE[count][0], to=HAND_ONE[count][1]
        )
        assert response.status_code == 303, plain(text_of(response))[-600:]
    a_form = form_on(text_of(a.get(url)), "/tricks")
    assert a_form["tricks-12-runt"] == "7C" and a_form["draft_version"]
    assert post_trick(b, url, HAND_ONE, action="drop").status_code == 303
    assert post_trick(b, url, HAND_ONE[:12], runt="8C", to=DENNY).status_code == 303
    return a_form


def test_a_save_from_a_page_older_than_the_tricks_on_disk_is_refused(
    app: Flask, db_path: Path
) -> None:
    a, b = app.test_client(), app.test_client()
    url = start(a)
    a_form = _retaken_thirteenth(a, b, url)
    response = a.post(url + "/hands", data=a_form)
    assert response.status_code == 409
    page = text_of(response)
    assert "Another phone changed this hand's tricks after yours last showed them" in plain(page)
    # Nothing saved, B's draft kept, and A is shown the hand as it now stands: 8♣ last.
    assert stored_hands(db_path, url) == []
    assert draft_runts(db_path, url)[-1] == ("8C", DENNY)
    assert hidden_rows(page)[-1][0] == "8C"
    # A, having seen it, saves the hand as it stands: trick 13 is now worth 8 (its runt), so
    # Denny has 4 + 3 + 3 + 8 = 18 (17 with 7♣); the others as in the example.
    again = a.post(url + "/hands", data=form_on(page, "/tricks"))
    assert again.status_code == 303, plain(text_of(again))[-600:]
    assert [hand.points for hand in stored_hands(db_path, url)] == [(28, 15, 31, 18)]
    assert draft_on_disk(db_path, url) is None


def test_a_stale_save_through_htmx_gets_the_panel_as_it_stands(app: Flask, db_path: Path) -> None:
    a, b = app.test_client(), app.test_client()
    url = start(a)
    a_form = _retaken_thirteenth(a, b, url)
    response = a.post(url + "/hands", data=a_form, headers=HTMX)
    assert response.status_code == 409
    panel = entry_section(text_of(response))
    assert "Another phone changed this hand's tricks" in plain(panel)
    assert hidden_rows(text_of(response))[-1][0] == "8C"
    assert stored_hands(db_path, url) == []


def test_a_save_without_the_draft_it_was_based_on_is_refused(app: Flask, db_path: Path) -> None:
    # A page that showed no tricks at all cannot save over tricks another phone has entered.
    a, b = app.test_client(), app.test_client()
    url = start(a)
    enter(b, url, HAND_ONE)
    response = a.post(
        url + "/hands", data=carried(HAND_ONE) | {"expected_number": "1", "draft_version": ""}
    )
    assert response.status_code == 409
    assert stored_hands(db_path, url) == []
    assert len(draft_runts(db_path, url)) == 13


def test_a_whole_hand_opened_before_another_phones_trick_is_refused(
    app: Flask, db_path: Path
) -> None:
    a, b = app.test_client(), app.test_client()
    url = start(a)
    enter(a, url, HAND_ONE[:5])
    page = text_of(a.get(url + "/whole"))
    data = fill_whole_hand(
        page,
        {
            ANNIE: ["2S", "QH", "6D"],
            BENNY: ["5C", "3H", "7S"],
            CONNIE: ["10H", "JD", "6H"],
            DENNY: ["4D", "3C", "3D"],
        },
        last="7C",
        won_by=DENNY,
    )
    enter_more = post_trick(b, url, HAND_ONE[:5], runt=HAND_ONE[5][0], to=HAND_ONE[5][1])
    assert enter_more.status_code == 303
    response = a.post(url + "/whole", data=data)
    assert response.status_code == 409
    refused = text_of(response)
    assert "Another phone changed this hand's tricks after this page was opened" in plain(refused)
    assert stored_hands(db_path, url) == []
    assert len(draft_runts(db_path, url)) == 6
    kept = form_on(refused, "/whole")
    assert kept["tricks-12-runt"] == "7C"  # the boxes as typed
    # Saved again from the page that said so: the example hand's points (the module's table).
    assert a.post(url + "/whole", data=kept).status_code == 303
    assert [hand.points for hand in stored_hands(db_path, url)] == [tuple(HAND_ONE_SEATS)]
