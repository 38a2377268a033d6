"""One phone per name (issue 27, companion/web/who.py, store.phone_names.hold): a name another phone
holds in the session is taken only by an explicit take-over, which both phones see and the
history prints; a hand is never agreed under the name it was entered under."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from flask import Flask
from flask.testing import FlaskClient

from companion.service import Author, Verdict
from companion.store import Store
from tests.web.test_live import nothing_new
from tests.web.test_sign_off import GARDE_41, answer, row_of_hand, start_signed, status_of
from tests.web.test_who import history_of


def name(client: FlaskClient, pad_url: str, typed: str, take_over: str | None = None):
    """Name the phone as its Who-holds-this-phone form (or the take-over page) posts."""
    data = {"name": typed} | ({"take_over": take_over} if take_over else {})
    return client.post(f"{pad_url}/name", data=data)


def who_says(client: FlaskClient, pad_url: str) -> str:
    """The summary line of the Who-holds-this-phone fold, tags stripped."""
    page = client.get(pad_url).get_data(as_text=True)
    summary = page.split('id="who"', 1)[1].split("</summary>", 1)[0].split("<summary>", 1)[1]
    return " ".join(re.sub(r"<[^>]+>", "", summary).split())


def take_over(client: FlaskClient, pad_url: str, typed: str):
    """Ask for a held name, then tap the take-over page's confirm button."""
    asked = name(client, pad_url, typed)
    assert asked.status_code == 303 and "/name/take-over" in asked.headers["Location"]
    page = client.get(asked.headers["Location"]).get_data(as_text=True)
    holding = re.search(r'name="take_over" value="(\d+)"', page).group(1)
    return name(client, pad_url, typed, take_over=holding)


def test_a_second_phone_cannot_just_claim_a_held_name(app: Flask) -> None:
    dee, other = app.test_client(), app.test_client()
    pad_url = start_signed(dee)
    name(dee, pad_url, "Dee")
    for typed in ("Dee", "  dee ", "DEE"):
        asked = name(other, pad_url, typed)
        assert asked.status_code == 303
        location = urlparse(asked.headers["Location"])
        assert location.path == f"{pad_url}/name/take-over"
        assert parse_qs(location.query)["name"] == [" ".join(typed.split())]
        page = other.get(asked.headers["Location"]).get_data(as_text=True)
        assert "Another phone holds the name <strong>" in page
        assert "Take over " in page and "from that phone" in page
    assert who_says(other, pad_url) == "Who holds this phone?"
    assert who_says(dee, pad_url) == "This phone: Dee"
    assert "taken over" not in history_of(dee, pad_url)


def test_a_take_over_moves_the_name_tells_both_phones_and_is_in_the_history(app: Flask) -> None:
    dee, other = app.test_client(), app.test_client()
    pad_url = start_signed(dee)
    name(dee, pad_url, "Dee")
    dee.post(f"{pad_url}/hands", data=GARDE_41)
    taken = take_over(other, pad_url, "Dee")
    assert taken.status_code == 303
    page = other.get(pad_url).get_data(as_text=True)
    assert "This phone is Dee now: the other phone was told." in page
    assert who_says(other, pad_url) == "This phone: Dee"
    # The phone that held Dee holds nothing now and is told so on its next page.
    assert who_says(dee, pad_url) == "Who holds this phone?"
    assert re.search(
        r"Another phone took over Dee at \d\d:\d\d: this phone holds no name now.",
        dee.get(pad_url).get_data(as_text=True),
    )
    lines = history_of(dee, pad_url).splitlines()
    assert re.fullmatch(r"\d\d:\d\d Hand 1 entered by Dee: .*", lines[0])
    assert re.fullmatch(r"\d\d:\d\d Dee taken over by another phone", lines[1])
    # What the old phone writes now carries no name; the new one writes as Dee.
    dee.post(f"{pad_url}/hands", data=GARDE_41)
    other.post(f"{pad_url}/hands", data=GARDE_41)
    lines = history_of(dee, pad_url).splitlines()
    assert re.fullmatch(r"\d\d:\d\d Hand 2 entered: .*", lines[2])
    assert re.fullmatch(r"\d\d:\d\d Hand 3 entered by Dee: .*", lines[3])


def test_the_live_view_tells_the_phone_that_lost_its_name(app: Flask) -> None:
    dee, other = app.test_client(), app.test_client()
    pad_url = start_signed(dee)
    name(dee, pad_url, "Dee")
    page = dee.get(pad_url).get_data(as_text=True)
    seen = re.search(r"seen=([0-9a-f-]+)", page).group(1)
    assert nothing_new(dee.get(f"{pad_url}/live?seen={seen}"))
    take_over(other, pad_url, "Dee")
    update = dee.get(f"{pad_url}/live?seen={seen}", headers={"HX-Request": "true"})
    assert update.status_code == 200
    html = update.get_data(as_text=True)
    assert 'id="who" open hx-swap-oob="true"' in html
    assert "Another phone took over Dee at" in html


def test_a_take_over_of_a_hold_that_moved_since_is_asked_again(app: Flask) -> None:
    dee, bob, cid = app.test_client(), app.test_client(), app.test_client()
    pad_url = start_signed(dee)
    name(dee, pad_url, "Dee")
    asked = name(bob, pad_url, "Dee")
    shown = parse_qs(urlparse(asked.headers["Location"]).query)["holding"][0]
    take_over(cid, pad_url, "Dee")  # Cid's phone took Dee meanwhile
    again = name(bob, pad_url, "Dee", take_over=shown)
    assert "/name/take-over" in again.headers["Location"]
    assert who_says(cid, pad_url) == "This phone: Dee"
    assert who_says(bob, pad_url) == "Who holds this phone?"


def test_a_hand_cannot_be_agreed_under_the_name_that_entered_it(app: Flask) -> None:
    dee, other = app.test_client(), app.test_client()
    pad_url = start_signed(dee)
    name(dee, pad_url, "Dee")
    dee.post(f"{pad_url}/hands", data=GARDE_41)
    take_over(other, pad_url, "Dee")
    for verdict in ("agreed", "disputed"):
        row = row_of_hand(other.get(pad_url).get_data(as_text=True), 1)
        answer(other, pad_url, 1, verdict, row)
        page = other.get(pad_url).get_data(as_text=True)
        assert (
            "Hand 1 was entered by Dee: another player agrees or disputes it, under their "
            "own name." in page
        )
        assert status_of(page, 1) == "waiting"
    # Nor by the phone that entered it under another name.
    name(dee, pad_url, "Ann")
    answer(dee, pad_url, 1, "agreed", row_of_hand(dee.get(pad_url).get_data(as_text=True), 1))
    assert status_of(dee.get(pad_url).get_data(as_text=True), 1) == "waiting"
    summary = dee.get(f"{pad_url}/summary").get_data(as_text=True)
    assert re.findall(r'<em class="status">· ([^<]+)</em>', summary) == [
        "waiting for another player to agree"
    ]
    # Another player, on their own phone under their own name, agrees.
    bob = app.test_client()
    name(bob, pad_url, "Bob")
    answer(bob, pad_url, 1, "agreed", row_of_hand(bob.get(pad_url).get_data(as_text=True), 1))
    summary = dee.get(f"{pad_url}/summary").get_data(as_text=True)
    assert re.findall(r'<em class="status">· ([^<]+)</em>', summary) == ["agreed by Bob"]


def test_a_word_written_under_the_entering_name_before_the_rule_is_not_shown(
    app: Flask, db_path
) -> None:
    # A sign-off stored before one phone per name, by a second phone calling itself Dee on
    # Dee's hand: the pad and the summary never print it as "agreed by Dee".
    dee = app.test_client()
    pad_url = start_signed(dee)
    name(dee, pad_url, "Dee")
    dee.post(f"{pad_url}/hands", data=GARDE_41)
    token = pad_url.rsplit("/", 1)[1]
    with Store(str(db_path)) as store:
        row = store.hands.effective(token)[0].id
        with store._write() as conn:
            conn.execute(
                "INSERT INTO sign_offs (session_id, row_id, verdict, entered_by, device,"
                " created_at) VALUES (?, ?, 'agreed', 'dee', 'another-device', '2026-01-01')",
                (token, row),
            )
        assert store.sign_offs.latest(token) == {}
        try:
            store.sign_offs.add(token, 1, row, Verdict.AGREED, Author(" DEE ", "a-third-phone"))
        except ValueError as refused:
            assert "saved under this name" in str(refused)
        else:
            raise AssertionError("a word under the entering name was recorded")
    summary = dee.get(f"{pad_url}/summary").get_data(as_text=True)
    assert re.findall(r'<em class="status">· ([^<]+)</em>', summary) == [
        "waiting for another player to agree"
    ]


def test_a_phone_keeps_or_gives_up_its_own_name_without_a_take_over(app: Flask) -> None:
    dee, other = app.test_client(), app.test_client()
    pad_url = start_signed(dee)
    name(dee, pad_url, "Dee")
    assert name(dee, pad_url, "dee").headers["Location"].endswith(pad_url)
    assert who_says(dee, pad_url) == "This phone: dee"
    name(dee, pad_url, "")  # a blank name gives it up: it is free for another phone
    assert name(other, pad_url, "Dee").headers["Location"].endswith(pad_url)
    assert who_says(other, pad_url) == "This phone: Dee"
    assert "taken over" not in history_of(dee, pad_url)


def test_a_name_is_held_per_session(app: Flask) -> None:
    dee, other = app.test_client(), app.test_client()
    first, second = start_signed(dee), start_signed(dee)
    name(dee, first, "Dee")
    assert name(other, second, "Dee").headers["Location"].endswith(second)
    assert who_says(other, second) == "This phone: Dee"
    assert who_says(dee, first) == "This phone: Dee"
