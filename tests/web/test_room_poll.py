"""The club night's polls carry the room's version (companion/web/room_poll.py, issue 39): a
poll of a room that did not change is answered with nothing htmx swaps (an empty 200,
`HX-Reswap: none`), so a screen reader's place is kept; a hand saved at a table, a call, a
table closed, a table idle or its time up changes the version, and the room is drawn again.

The numbers: French Tarot, nine entrants at a table of four and a table of five; GARDE_47 at
table 1 is a garde made by 6 (47 of the 41 needed with two bouts): (25 + 6) × 2 = 62 from each
of the three defenders, 3 × 62 = 186 to the taker, who leads alone."""

from __future__ import annotations

import html as entities
import re
from pathlib import Path

from flask.testing import FlaskClient

from companion.store import Store
from tests.web.conftest import GARDE_47
from tests.web.test_event_pages import create, started
from tests.web.test_event_room import taker_of_table_1


def poll_of(page: str, element: str) -> str:
    """The address the element of `page` (its id) polls, as the browser asks for it."""
    found = re.search(rf'id="{element}" hx-get="([^"]+)"', page)
    assert found is not None, element
    return entities.unescape(found[1])


def seen_in(address: str) -> str:
    found = re.search(r"[?&]seen=([0-9-]+)", address)
    assert found is not None, address
    return found[1]


def assert_unchanged(client: FlaskClient, address: str) -> None:
    answer = client.get(address)
    assert answer.status_code == 200
    assert answer.get_data() == b"" and answer.headers["HX-Reswap"] == "none"


def test_an_unchanged_room_is_not_drawn_again_and_a_saved_hand_is(
    client: FlaskClient, db_path: Path
) -> None:
    director, follower, pads = started(client)
    for page in (follower, director):
        address = poll_of(client.get(page).get_data(as_text=True), "room")
        for _ in range(3):  # three polls, nothing changed
            assert_unchanged(client, address)
    address = poll_of(client.get(follower).get_data(as_text=True), "room")
    assert client.post(f"{pads[0]}/hands", data=GARDE_47).status_code in (200, 303)
    answer = client.get(address)
    room = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "HX-Reswap" not in answer.headers
    taker = taker_of_table_1(db_path, director)
    # Heard as one sentence: the place, the name, the total in words, the contracts won and
    # lost (the taker's one garde made, none failed); the entrant's number is not read.
    assert (
        f'<summary id="rank-{room_entrant(room, taker)}"><span class="visually-hidden">'
        f"Place 1: {taker}, 186 points, 1 won, 0 lost</span>" in room
    )
    assert f'<p class="leader">Leader: {taker}, 186 points</p>' in room
    assert f'aria-label="{taker}’s rounds, round by round"' in room
    newer = poll_of(room, "room")
    assert seen_in(newer) != seen_in(address)
    assert_unchanged(client, newer)


def room_entrant(room: str, name: str) -> str:
    """The entrant number of `name` in a drawn room (from its ranking line's hidden number)."""
    found = re.search(rf"{re.escape(name)} <small>#(\d+)</small>", room)
    assert found is not None, name
    return found[1]


def test_a_call_and_a_closed_table_change_the_directors_room(client: FlaskClient) -> None:
    director, _, pads = started(client)
    address = poll_of(client.get(director).get_data(as_text=True), "room")
    assert client.post(f"{pads[1]}/call", data={"words": "Misdeal"}).status_code == 303
    called = client.get(address).get_data(as_text=True)
    assert "1 table calls you" in called and "“Misdeal”" in called
    assert 'id="clear-1-2"' in called  # its button keeps its id from one drawing to the next
    assert 'id="table-1-2" aria-label="Table 2’s pad"' in called  # the link named for its pad
    address = poll_of(called, "room")
    assert_unchanged(client, address)
    closed = client.post(
        f"{director}/direct", data={"action": "close-table", "round": "1", "table": "1"}
    )
    assert closed.status_code == 303
    room = client.get(address).get_data(as_text=True)
    assert "Closed" in room and 'id="close-1-1"' not in room and 'id="close-1-2"' in room
    assert_unchanged(client, poll_of(room, "room"))


def test_the_evening_closed_changes_the_followers_room(client: FlaskClient) -> None:
    director, follower, _ = started(client)
    address = poll_of(client.get(follower).get_data(as_text=True), "room")
    assert client.post(f"{director}/direct", data={"action": "close-evening"}).status_code == 303
    assert "Final: the director closed the evening." in client.get(address).get_data(as_text=True)


def test_time_alone_changes_the_room_when_a_table_goes_idle_or_its_time_is_up(
    client: FlaskClient, db_path: Path
) -> None:
    director = create(client, minutes="60")
    client.post(f"{director}/draw")
    client.post(f"{director}/start")
    address = poll_of(client.get(director).get_data(as_text=True), "room")
    assert_unchanged(client, address)
    # Eleven minutes without an entry (idle after 10): the rounds began 11 minutes ago.
    with Store(db_path) as store, store._write() as conn:
        conn.execute(
            "UPDATE event_rounds SET started_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now',"
            " '-11 minutes')"
        )
    room = client.get(address).get_data(as_text=True)
    assert room.count("<strong>Idle</strong>") == 2 and "<strong>Time is up</strong>" not in room
    address = poll_of(room, "room")
    assert_unchanged(client, address)
    # 61 minutes: the round's 60 are up, at both tables.
    with Store(db_path) as store, store._write() as conn:
        conn.execute(
            "UPDATE event_rounds SET started_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now',"
            " '-61 minutes')"
        )
    room = client.get(address).get_data(as_text=True)
    assert room.count("<strong>Time is up</strong>") == 2
    assert_unchanged(client, poll_of(room, "room"))


def test_a_version_not_shown_by_the_server_draws_the_room(client: FlaskClient) -> None:
    _, follower, _ = started(client)
    for seen in ("", "1-2", "x" * 20, "1-2-3-4-5-6-7-8", "9" * 13 + "-0-0-0-0-0-0"):
        answer = client.get(f"{follower}/room", query_string={"seen": seen})
        assert answer.status_code == 200 and 'id="room"' in answer.get_data(as_text=True)


def test_the_big_screen_and_the_next_table_poll_with_the_version(client: FlaskClient) -> None:
    director, follower, pads = started(client)
    screen = client.get(f"{follower}/screen").get_data(as_text=True)
    address = poll_of(screen, "screen")
    assert_unchanged(client, address)
    assert client.post(f"{pads[0]}/hands", data=GARDE_47).status_code in (200, 303)
    body = client.get(address).get_data(as_text=True)
    # The ranking's columns named; the table's state said in words beside its figures.
    assert (
        '<thead><tr><th scope="col">Place</th><th scope="col">Name</th>'
        '<th scope="col">Total</th></tr></thead>' in body
    )
    assert "<td>186</td>" in body
    assert '1 of 4<span class="visually-hidden">, Playing</span>' in body
    line = client.get(f"{follower}/line/1").get_data(as_text=True)
    address = poll_of(line, "next-1")
    assert_unchanged(client, address)
    drawn = client.post(f"{director}/draw", data={"round": "2", "playing_confirmed": "1"})
    assert drawn.status_code == 303
    assert 'id="next-1"' in client.get(address).get_data(as_text=True)


def test_a_long_ranking_on_the_big_screen_still_turns_its_pages(client: FlaskClient) -> None:
    names = "\n".join(f"Player {n}" for n in range(1, 21))
    director = create(client, typed=names)
    follower = re.findall(r'href="(/f/[^"/]+)"', client.get(director).get_data(as_text=True))[0]
    address = poll_of(client.get(f"{follower}/screen").get_data(as_text=True), "screen")
    # 20 lines, 15 a page: the screen asks for its second page, whatever the version.
    assert "seen=" not in address and "page=1" in address
    assert "16–20 of 20" in client.get(address).get_data(as_text=True)
