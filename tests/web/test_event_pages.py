"""Club night pages: the event form refuses bad input beside its field (nothing saved), the
director draws, swaps and starts a round, each table's pad says its deal of the round, and the
followers' link can neither write nor reveal a table's link."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import jsonschema
from flask import Flask
from flask.testing import FlaskClient

from companion.service.event_export import evening_schema
from companion.store import Store
from tests.web.conftest import GARDE_47
from tests.web.test_behind_proxy import OUTSIDE, PREFIX, addresses, inside, proxied_client
from tests.web.test_every_word_translated import Brackets, untranslated

EVENT = {
    "name": "Friday club",
    "game": "french-tarot",
    "table_size": "4",
    "fill": "mixed",
    "rounds": "2",
    "deals_each": "1",
    "minutes": "0",
    "method": "points",
    "draw_order": "mixed",
    "typed": "Ann\nBob\nCid\nDee\nEve\nFay\nGus\nHal\nIda",
}


def create(client: FlaskClient, **changes: str) -> str:
    response = client.post("/events/new", data=EVENT | changes)
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def started(client: FlaskClient) -> tuple[str, str, list[str]]:
    """An event of 9 with round 1 drawn and started: its director's page, followers' page and
    its tables' pads."""
    director = create(client)
    assert client.post(f"{director}/draw").status_code == 303
    assert client.post(f"{director}/start").status_code == 303
    html = client.get(director).get_data(as_text=True)
    pads = re.findall(r'href="(/s/[^"/]+)"', html)
    follower = re.search(r'href="(/f/[^"/]+)"', html)
    assert follower is not None
    return director, follower.group(1), pads


def test_bad_input_is_refused_beside_its_field_and_nothing_is_saved(
    client: FlaskClient, db_path: Path
) -> None:
    response = client.post(
        "/events/new", data=EVENT | {"name": "", "rounds": "0", "typed": "Ann\nBob\nAnn"}
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="err-name"' in html and "Give the event a name." in html
    assert 'id="err-rounds"' in html and "Enter a whole number from 1 to 20." in html
    response = client.post("/events/new", data=EVENT | {"typed": "Ann\nBob\nAnn\nDee"})
    assert response.status_code == 422
    assert "Ann is entered twice: give each entrant their own name." in response.get_data(
        as_text=True
    )
    # Every problem at once: the look-alike name beside the name left blank (found at the
    # table: it was named only once the other fields were mended).
    response = client.post(
        "/events/new", data=EVENT | {"name": "", "typed": "Ann\nBob\nＡｎｎ\nDee"}
    )
    html = response.get_data(as_text=True)
    assert "Give the event a name." in html
    assert "Ann is entered twice: give each entrant their own name." in html
    response = client.post("/events/new", data=EVENT | {"game": "chess"})
    assert response.status_code == 422
    assert 'id="err-game"' in response.get_data(as_text=True)
    with Store(db_path) as store:
        assert store.events.all() == []


def test_nine_at_tarot_tables_of_four_and_five(client: FlaskClient) -> None:
    director = create(client)
    client.post(f"{director}/draw")
    html = client.get(director).get_data(as_text=True)
    tables = re.findall(r"Table (\d+): ([^<]*)</li>", html)
    # 9 = 4 + 5: two tables, everyone seated once.
    assert [len(names.split(", ")) for _, names in tables] == [4, 5]
    assert "0 pairs meet again" in html


def test_a_swap_before_the_round_starts_and_none_after(client: FlaskClient) -> None:
    director = create(client)
    client.post(f"{director}/draw")
    before = re.findall(r"Table \d+: [^<]*", client.get(director).get_data(as_text=True))
    client.post(f"{director}/swap", data={"a": "1", "b": "9"})
    after = re.findall(r"Table \d+: [^<]*", client.get(director).get_data(as_text=True))
    swapped = {"1. Ann": "9. Ida", "9. Ida": "1. Ann"}
    assert after == [re.sub(r"\d\. \w+", lambda m: swapped.get(m[0], m[0]), t) for t in before]
    response = client.post(f"{director}/swap", data={"a": "1", "b": "1"}, follow_redirects=True)
    assert "Choose two different players of a round not yet started." in response.get_data(
        as_text=True
    )
    client.post(f"{director}/start")
    response = client.post(f"{director}/swap", data={"a": "1", "b": "9"}, follow_redirects=True)
    assert "The round has already started: its tables stay as drawn." in response.get_data(
        as_text=True
    )


def test_a_start_from_a_page_older_than_the_draw_is_refused_in_words(
    client: FlaskClient, db_path: Path
) -> None:
    director = create(client)
    client.post(f"{director}/draw")
    shown = re.search(r'name="draw" value="(\d+)"', client.get(director).get_data(as_text=True))
    assert shown is not None
    client.post(f"{director}/swap", data={"a": "1", "b": "9"})  # from another tab
    response = client.post(f"{director}/start", data={"draw": shown[1]}, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "The draw changed since this page was shown (drawn again or swapped)" in html
    with Store(db_path) as store:
        assert all(row.session is None for row in store.events.tables(director.split("/")[-1]))
    now = re.search(r'name="draw" value="(\d+)"', html)
    assert now is not None and int(now[1]) > int(shown[1])
    client.post(f"{director}/start", data={"draw": now[1]})
    with Store(db_path) as store:
        assert all(row.session for row in store.events.tables(director.split("/")[-1]))


def test_the_pad_says_its_deal_of_the_round_then_that_it_is_over(client: FlaskClient) -> None:
    _, follower, pads = started(client)
    pad = pads[0]  # the table of four: 4 deals
    assert "Friday club: round 1, table 1 · deal 1 of 4" in client.get(pad).get_data(as_text=True)
    for _ in range(4):
        assert client.post(f"{pad}/hands", data=GARDE_47).status_code in (200, 303)
    html = client.get(pad).get_data(as_text=True)
    assert "This round is over for your table: 4 of 4 deals." in html
    assert 'id="entry"' not in html  # no form for a fifth deal
    room = client.get(f"{follower}/room").get_data(as_text=True)
    assert "4 of 4" in room and "Round over" in room


def test_a_table_is_refused_a_deal_past_its_round_and_may_still_correct(
    client: FlaskClient, db_path: Path
) -> None:
    # Issue 37: the fifth deal of a four-deal round was accepted and counted.
    _, _, pads = started(client)
    pad = pads[0]
    for number in range(1, 5):
        data = GARDE_47 | {"expected_number": str(number)}
        assert client.post(f"{pad}/hands", data=data).status_code in (200, 303)
    fifth = client.post(f"{pad}/hands", data=GARDE_47 | {"expected_number": "5"})
    assert fifth.status_code == 422
    assert "This round is over for your table: 4 of 4 deals." in fifth.get_data(as_text=True)
    token = pad.rsplit("/", 1)[1]
    with Store(db_path) as store:
        assert len(store.hands.effective(token)) == 4
    fixed = client.post(f"{pad}/hands/2", data=GARDE_47 | {"points": "51"})
    assert fixed.status_code == 303
    with Store(db_path) as store:
        assert [row.entry["points"] for row in store.hands.effective(token)] == [47, 51, 47, 47]


def test_a_club_table_cannot_end_itself(client: FlaskClient, db_path: Path) -> None:
    # Issue 37: any player could end a club table for good with one confirmation.
    _, _, pads = started(client)
    pad = pads[0]
    assert "End session" not in client.get(pad).get_data(as_text=True)
    answer = client.post(f"{pad}/end", follow_redirects=True)
    assert "Only the director closes a club table: call the director." in answer.get_data(
        as_text=True
    )
    with Store(db_path) as store:
        record = store.sessions.get(pad.rsplit("/", 1)[1])
        assert record is not None and record.ended_at is None


def test_the_followers_link_cannot_write_nor_reveal_a_table(client: FlaskClient) -> None:
    director, follower, pads = started(client)
    key = director.rsplit("/", 1)[1]
    tokens = [pad.rsplit("/", 1)[1] for pad in pads]
    assert len(tokens) == 2
    for path in ("", "/room", "/screen", "/screen/body", "/print", "/export.csv",
                 "/export.json", "/t/1/1", "/t/1/2", "/line/1"):  # fmt: skip
        response = client.get(f"{follower}{path}")
        assert response.status_code == 200, path
        text = response.get_data(as_text=True)
        assert key not in text and not any(token in text for token in tokens), path
        assert "<form" not in text, path
    for path in ("/draw", "/start", "/swap", "/room"):
        assert client.post(f"{follower}{path}").status_code in (404, 405)
    # The followers' key is not the director's.
    assert client.get(f"/e/{follower.rsplit('/', 1)[1]}").status_code == 404


def test_results_and_export(client: FlaskClient) -> None:
    _, follower, pads = started(client)
    client.post(f"{pads[0]}/hands", data=GARDE_47)
    csv = client.get(f"{follower}/export.csv").get_data(as_text=True).splitlines()
    assert csv[0] == "place,number,name,round 1,round 2,total,won,lost"
    # The taker of the first deal at table 1 made a garde: +186, the others −62; the taker's
    # one contract made, none failed.
    assert csv[1].endswith(",186,,186,1,0")
    data = client.get(f"{follower}/export.json").get_json()
    jsonschema.Draft202012Validator(evening_schema()).validate(data)  # docs/evening-format.md
    assert data["format"] == "table-companion/evening@1"
    assert data["ranking"][0]["total"] == 186
    assert (data["ranking"][0]["won"], data["ranking"][0]["lost"]) == (1, 0)
    assert [t["deals"] for t in data["tables"]] == [1, 0]
    listed = client.get(f"{follower}/print").get_data(as_text=True)
    assert "<td><strong>186</strong></td><td>1</td><td>0</td>" in listed
    # The leader's line, round by round: 186 at table 1 in round 1, round 2 not played yet.
    leader = data["ranking"][0]["number"]
    line = client.get(f"{follower}/line/{leader}", headers={"HX-Request": "true"})
    # First the player's next table (round 2, planned with round 1), then their rounds.
    next_table, rounds = line.get_data(as_text=True).split("</div>")
    assert "Round 2" in next_table and "Your next table: " in next_table
    assert (
        rounds.split()
        == (
            f'<ul class="round-list"> <li>Round 1: 186 · <a href="{follower}/t/1/1"'
            f' id="rank-{leader}-round-1" aria-label="Table 1’s sheet, round 1">table 1</a></li>'
            " <li>Round 2: —</li> </ul>"
        ).split()
    )
    assert client.get(f"{follower}/line/99").status_code == 404


def test_unknown_keys_are_not_found(client: FlaskClient) -> None:
    assert client.get("/e/nope").status_code == 404
    assert client.get("/f/nope").status_code == 404
    assert client.get("/f/" + "x" * 100).status_code == 404


def test_every_event_page_is_all_messages(app: Flask) -> None:
    app.config["TEST_CATALOGUE"] = Brackets()
    client = app.test_client()
    names = "\n".join(f"P{n}" for n in range(1, 10))
    director = create(client, name="P10", typed=names)
    pages = {"new": "/events/new", "index": "/events", "director, before": director}
    drawn = {name: client.get(path).get_data(as_text=True) for name, path in pages.items()}
    client.post(f"{director}/draw")
    drawn["director, drawn"] = client.get(director).get_data(as_text=True)
    client.post(f"{director}/start")
    html = client.get(director).get_data(as_text=True)
    drawn["director, started"] = html
    pad = re.findall(r'href="(/s/[^"/]+)"', html)[0]
    client.post(f"{pad}/hands", data=GARDE_47)
    follower = re.findall(r'href="(/f/[^"/]+)"', html)[0]
    for path in ("", "/screen", "/print", "/t/1/1", "/line/1"):
        drawn[f"follower{path}"] = client.get(f"{follower}{path}").get_data(as_text=True)
    drawn["cards"] = client.get(f"{director}/cards").get_data(as_text=True)
    drawn["pad"] = client.get(pad).get_data(as_text=True)
    left = {name: untranslated(page) for name, page in drawn.items()}
    assert left == {name: [] for name in drawn}


def test_the_big_screen_shows_a_long_ranking_a_page_at_a_time(client: FlaskClient) -> None:
    names = "\n".join(f"Player {n}" for n in range(1, 21))
    director = create(client, typed=names)
    follower = re.findall(r'href="(/f/[^"/]+)"', client.get(director).get_data(as_text=True))[0]
    first = client.get(f"{follower}/screen").get_data(as_text=True)
    # 20 entrants, 15 lines a page: 1–15, and the screen asks for page 1 next.
    # One row of column headers (place, name, total), then the lines.
    assert "1–15 of 20" in first and first.count("<tr>") == 1 + 15
    assert f"{follower}/screen/body?page=1" in first
    second = client.get(f"{follower}/screen/body?page=1").get_data(as_text=True)
    assert "16–20 of 20" in second and second.count("<tr>") == 1 + 5
    assert f"{follower}/screen/body?page=0" in second


def test_the_director_finds_the_event_again_on_this_device_only(
    client: FlaskClient, app: Flask
) -> None:
    director = create(client)
    listed = client.get("/events").get_data(as_text=True)
    assert f'href="{director}"' in listed and "Directed on this device" in listed
    other = app.test_client()  # another device: its own cookies
    elsewhere = other.get("/events").get_data(as_text=True)
    assert "Friday club" in elsewhere and director not in elsewhere


def test_behind_a_proxy_every_address_of_the_event_pages_carries_the_prefix(
    db_path: Path,
) -> None:
    client = proxied_client(db_path)
    created = client.post("/events/new", data=EVENT)
    assert created.status_code == 303
    director = inside(created.headers["Location"])
    assert client.post(f"{director}/draw").status_code == 303
    assert client.post(f"{director}/start").status_code == 303
    html = client.get(director).get_data(as_text=True)
    table = next(inside(a) for kind, a in addresses(html) if "/s/" in a and kind == "href")
    assert client.post(f"{table}/hands", data=GARDE_47).status_code == 303
    queue, seen = deque([director]), {director}
    while queue:
        path = queue.popleft()
        response = client.get(path)
        html = response.get_data(as_text=True) if response.mimetype == "text/html" else ""
        response.close()
        if response.status_code == 303:  # the language links come back to the page
            continue
        assert response.status_code == 200, path
        for kind, address in addresses(html):
            assert address.startswith((PREFIX + "/", OUTSIDE + "/")), (path, address)
            target = inside(address)
            followed = kind in ("href", "hx-get") and target.startswith(("/e/", "/f/"))
            if followed and target not in seen and "lang" not in target:
                seen.add(target)
                queue.append(target)
    # The director's page, its room and cards; the followers' pages, lines and sheets.
    assert any("/line/" in path for path in seen) and any("/t/1/" in path for path in seen)
    assert any(path.endswith("/screen") for path in seen)


def test_look_alike_entrants_are_refused_by_name(client: FlaskClient, db_path: Path) -> None:
    typed = "Ann\nBob\nCid\nA\u200bnn\nEve"
    response = client.post("/events/new", data=EVENT | {"typed": typed})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    beside = html.split('id="err-entrants"', 1)[1][:300]
    assert "Ann is entered twice: give each entrant their own name." in beside
    with Store(db_path) as store:
        assert store.events.all() == []


def test_a_timed_round_shows_its_clock_on_the_room_and_the_big_screen(
    client: FlaskClient, db_path: Path
) -> None:
    director = create(client, minutes="60")
    client.post(f"{director}/draw")
    client.post(f"{director}/start")
    html = client.get(director).get_data(as_text=True)
    assert re.search(r'class="round-clock running"[^>]*data-seconds="3[56]\d\d"', html)
    assert re.search(r"(1:00:00|59:[45]\d) left", html)  # 60 minutes, less the test's seconds
    with Store(db_path) as store, store._write() as conn:  # the round began long ago
        conn.execute("UPDATE event_rounds SET started_at = '2020-01-01T19:00:00.000+00:00'")
    follower = re.search(r'href="(/f/[^"/]+)"', html)
    assert follower is not None
    screen = client.get(f"{follower[1]}/screen/body").get_data(as_text=True)
    assert 'class="round-clock over"' in screen and "Time is up" in screen
    assert "Time is up" in client.get(f"{director}/room").get_data(as_text=True)


def test_the_phone_that_saves_the_rounds_last_deal_is_told_and_loses_its_form(
    client: FlaskClient,
) -> None:
    # Found at the table: the phone saving deal 4 of 4 kept its blank form ("Hand 5") in place,
    # as a form that stays for the next hand does; only the other phones were told.
    _, _, pads = started(client)
    pad = pads[0]
    html = client.get(pad).get_data(as_text=True)
    blank = re.search(r'name="blank_form" value="([^"]+)"', html)
    assert blank is not None
    for number in range(1, 5):
        data = GARDE_47 | {"expected_number": str(number), "blank_form": blank[1]}
        answer = client.post(f"{pad}/hands", data=data, headers={"HX-Request": "true"})
        assert answer.status_code == 200
    assert answer.headers.get("HX-Reswap") != "none"  # the form does not stay for a hand 5
    last = answer.get_data(as_text=True)
    assert "This round is over for your table: 4 of 4 deals." in last
    assert "Save hand 5" not in last and "Hand <strong>5</strong>" not in last
