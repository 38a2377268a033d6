"""The director's controls on the director's page (companion/web/event_room.py, issue 37): the
running ranking hidden from the followers for the last rounds and revealed, with the winners,
on closing; a table's call flagged and cleared; the table cards with their address and the
event's name, and a warning when opened at a loopback address."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion.store import Store
from tests.web.conftest import GARDE_47
from tests.web.test_event_pages import create, started
from tests.web.test_every_word_translated import Brackets, untranslated

HIDDEN_LAST_ROUND = (
    "The ranking is hidden for the last round: it is revealed when the director closes the evening."
)


def second_round(client: FlaskClient, director: str) -> None:
    """Draw round 2 while round 1's tables still play (the director confirms), and start it."""
    drawn = client.post(f"{director}/draw", data={"round": "2", "playing_confirmed": "1"})
    assert drawn.status_code == 303
    assert client.post(f"{director}/start").status_code == 303


def taker_of_table_1(db_path: Path, director: str) -> str:
    """The name in seat 1 of round 1's table 1 (GARDE_47's taker): +186 after that hand, the
    garde made by 6 (47 of the 41 needed with two bouts): (25 + 6) × 2 = 62 from each of the
    three defenders."""
    key = director.rsplit("/", 1)[1]
    with Store(db_path) as store:
        seat = store.events.tables(key)[0].seats[0]
        return store.events.entrants(key)[seat]


def test_the_ranking_is_hidden_for_the_last_round_then_revealed_with_the_winners(
    client: FlaskClient, db_path: Path
) -> None:
    director = create(client, hide_last="1")
    assert client.post(f"{director}/draw").status_code == 303
    assert client.post(f"{director}/start").status_code == 303
    html = client.get(director).get_data(as_text=True)
    follower = re.findall(r'href="(/f/[^"/]+)"', html)[0]
    pad = re.findall(r'href="(/s/[^"/]+)"', html)[0]
    assert client.post(f"{pad}/hands", data=GARDE_47).status_code in (200, 303)
    taker = taker_of_table_1(db_path, director)
    room = client.get(f"{follower}/room").get_data(as_text=True)
    assert 'class="ranking"' in room and HIDDEN_LAST_ROUND not in room  # round 1 of 2
    second_round(client, director)
    room = client.get(f"{follower}/room").get_data(as_text=True)
    assert HIDDEN_LAST_ROUND in room and 'class="ranking"' not in room and "186" not in room
    screen = client.get(f"{follower}/screen").get_data(as_text=True)
    assert "Hidden for the last round" in screen and "186" not in screen
    assert HIDDEN_LAST_ROUND in client.get(f"{follower}/print").get_data(as_text=True)
    assert client.get(f"{follower}/export.csv").status_code == 403
    assert client.get(f"{follower}/export.json").status_code == 403
    assert client.get(f"{follower}/line/1").status_code == 404
    # The director still sees it all, and prints and exports it.
    own = client.get(director).get_data(as_text=True)
    assert "Hidden from the followers and the big screen until you close the evening." in own
    assert f"{taker} <small>" in own
    assert f"{taker},186" in client.get(f"{director}/export.csv").get_data(as_text=True)
    printed = client.get(f"{director}/print").get_data(as_text=True)
    assert "<strong>186</strong>" in printed and HIDDEN_LAST_ROUND not in printed
    closed = client.post(f"{director}/direct", data={"action": "close-evening"})
    assert closed.status_code == 303
    room = client.get(f"{follower}/room").get_data(as_text=True)
    assert 'class="ranking"' in room and "Final: the director closed the evening." in room
    screen = client.get(f"{follower}/screen").get_data(as_text=True)
    winners = re.search(r'<section class="winners".*?</section>', screen, re.S)
    assert winners is not None
    first = re.search(r'<li class="place-1">.*?</li>', winners.group(), re.S)
    assert first is not None and taker in first.group() and "186" in first.group()


def test_the_director_chooses_how_many_rounds_are_hidden(client: FlaskClient) -> None:
    director = create(client)
    form = client.get(director).get_data(as_text=True)
    assert '<option value="0" selected>never</option>' in form
    assert (
        client.post(f"{director}/direct", data={"action": "hide", "hide_last": "2"}).status_code
        == 303
    )
    page = client.get(director).get_data(as_text=True)
    assert "Saved: what the followers see of the ranking." in page
    assert '<option value="2" selected>the last 2 rounds</option>' in page
    refused = client.post(
        f"{director}/direct", data={"action": "hide", "hide_last": "3"}, follow_redirects=True
    )
    assert "Choose how many of the event&#39;s rounds to hide." in refused.get_data(as_text=True)
    nonsense = client.post(
        f"{director}/direct",
        data={"action": "hide", "hide_last": "x" * 5000},
        follow_redirects=True,
    )
    assert nonsense.status_code == 200
    assert '<option value="2" selected>' in nonsense.get_data(as_text=True)


def test_a_call_waits_on_the_directors_page_until_cleared(client: FlaskClient) -> None:
    director, _, pads = started(client)
    assert client.post(f"{pads[1]}/call", data={"words": "Misdeal at the table"}).status_code == 303
    page = client.get(director).get_data(as_text=True)
    calls = re.search(r'<section class="card calls".*?</section>', page, re.S)
    assert calls is not None
    assert "1 table calls you" in calls.group() and "“Misdeal at the table”" in calls.group()
    assert "Table 2" in calls.group()
    assert "Calls the director" in page  # its row in the room says it too
    cleared = client.post(
        f"{director}/direct",
        data={"action": "clear-call", "round": "1", "table": "2"},
        follow_redirects=True,
    )
    html = cleared.get_data(as_text=True)
    assert "Call cleared." in html and 'class="card calls"' not in html
    again = client.post(
        f"{director}/direct",
        data={"action": "clear-call", "round": "1", "table": "2"},
        follow_redirects=True,
    )
    assert "That table is not playing" in again.get_data(as_text=True)


def test_the_cards_carry_the_address_and_the_event_and_warn_on_a_loopback_address(
    client: FlaskClient, app: Flask
) -> None:
    director, _, pads = started(client)
    cards = client.get(f"{director}/cards").get_data(as_text=True)  # the test client: localhost
    assert "This page is open at localhost, this machine’s own address" in cards
    assert "Open this page at the address the phones use" in cards
    assert cards.count('<p class="event-name">Friday club</p>') == 2
    assert f'<p class="address" translate="no">http://localhost{pads[0]}</p>' in cards
    app.config["PHONE_ADDRESS"] = "http://192.168.1.20:8000/"  # as `companion serve` sets it
    cards = client.get(f"{director}/cards").get_data(as_text=True)
    assert (
        "Open this page at http://192.168.1.20:8000/ (the address companion serve prints)" in cards
    )
    lan = client.get(f"{director}/cards", base_url="http://192.168.1.20:8000").get_data(
        as_text=True
    )
    assert "this machine’s own address" not in lan
    assert f'<p class="address" translate="no">http://192.168.1.20:8000{pads[0]}</p>' in lan
    for host in ("127.0.0.1:8000", "[::1]:8000"):
        page = client.get(f"{director}/cards", base_url=f"http://{host}").get_data(as_text=True)
        assert f"This page is open at {host}" in page, host


def test_the_new_controls_are_all_messages(app: Flask) -> None:
    app.config["TEST_CATALOGUE"] = Brackets()
    client = app.test_client()
    names = "\n".join(f"P{n}" for n in range(1, 10))
    director = create(client, name="P10", typed=names, hide_last="1", pin="2468")
    client.post(f"{director}/draw")
    client.post(f"{director}/start")
    html = client.get(director).get_data(as_text=True)
    pad = re.findall(r'href="(/s/[^"/]+)"', html)[0]
    follower = re.findall(r'href="(/f/[^"/]+)"', html)[0]
    client.post(f"{pad}/call", data={"words": "P1"})
    second_round(client, director)
    drawn = {
        "director, called": client.get(director).get_data(as_text=True),
        "pad, called": client.get(pad).get_data(as_text=True),
        "follower, hidden": client.get(follower).get_data(as_text=True),
        "screen, hidden": client.get(f"{follower}/screen").get_data(as_text=True),
        "print, hidden": client.get(f"{follower}/print").get_data(as_text=True),
        "open": client.get("/events/open").get_data(as_text=True),
        "open, wrong": client.post("/events/open", data={"pin": "1"}).get_data(as_text=True),
    }
    client.post(f"{director}/direct", data={"action": "close-evening"})
    drawn["screen, winners"] = client.get(f"{follower}/screen").get_data(as_text=True)
    left = {name: untranslated(page) for name, page in drawn.items()}
    assert left == {name: [] for name in drawn}


def test_a_followers_sheet_marks_a_corrected_hand_and_the_room_links_it(
    client: FlaskClient,
) -> None:
    _, follower, pads = started(client)
    client.post(f"{pads[0]}/hands", data=GARDE_47)
    client.post(f"{pads[0]}/hands", data=GARDE_47)
    assert client.post(f"{pads[0]}/hands/2", data=GARDE_47 | {"points": "51"}).status_code == 303
    room = client.get(f"{follower}/room").get_data(as_text=True)
    assert f'href="{follower}/t/1/1"' in room  # the followers' room links each table's sheet
    sheet = client.get(f"{follower}/t/1/1").get_data(as_text=True)
    rows = re.findall(r'<th scope="row" class="what">(.*?)</th>', sheet)
    assert rows[:2] == ["1", '2 <span class="fixed">corrected</span>']
    # Hand 2 corrected to 51 points: still a garde made by 10, (25 + 10) × 2 = 70 a defender,
    # so the taker's +186 and +210 make 396.
    assert "<td>396</td>" in sheet


def test_a_tables_pad_counts_its_rounds_time_down_as_the_room_does(
    client: FlaskClient, db_path: Path
) -> None:
    # Found playing an evening: the pad drew "42:10 left" and kept it until the next save.
    # It now carries the seconds left for static/clock.js, as the room's clock does.
    director = create(client, minutes="60")
    client.post(f"{director}/draw")
    client.post(f"{director}/start")
    pad = re.findall(r'href="(/s/[^"/]+)"', client.get(director).get_data(as_text=True))[0]
    with Store(db_path) as store, store._write() as conn:  # the round began 55 minutes ago
        conn.execute(
            "UPDATE event_rounds SET started_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now',"
            " '-55 minutes')"
        )
    html = client.get(pad).get_data(as_text=True)
    assert 'src="/static/clock.js"' in html
    clock = re.search(r'class="clock round-clock ([\w-]+)" data-seconds="(\d+)"', html)
    assert clock is not None
    assert clock.group(1) == "last-minutes"  # the last 10 of its 60 minutes
    assert 295 <= int(clock.group(2)) <= 300  # 60 − 55 = 5 minutes, less the test's seconds
