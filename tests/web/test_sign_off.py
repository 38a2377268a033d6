"""The sign-off house option (companion/web/who.py, store.sign_offs.add): a saved hand waits for
another phone to agree; a phone cannot agree to its own hand; a disputed hand is marked and
can be agreed once fixed; a correction asks again; the summary prints each hand's status."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

GARDE_41 = {"taker": "0", "contract": "garde", "bouts": "2", "points": "41"}


def start_signed(client: FlaskClient, sign_off: bool = True) -> str:
    """A four-player French Tarot session, with the sign-off option ticked or not."""
    data = {
        "game": "french-tarot",
        "players": "4",
        "name-0": "Ann",
        "name-1": "Bob",
        "name-2": "Cid",
        "name-3": "Dee",
    } | ({"sign_off": "y"} if sign_off else {})
    response = client.post("/new", data=data)
    assert response.status_code == 303
    return response.headers["Location"]


def row_of_hand(page: str, number: int) -> str:
    """The row id the page offers for answering hand `number`."""
    block = page.split(f'id="hand-{number}"', 1)[1].split("</tbody>", 1)[0]
    return re.search(r'name="based_on" value="(\d+)"', block).group(1)


def status_of(page: str, number: int) -> str:
    """The status mark beside hand `number`'s number."""
    block = page.split(f'id="hand-{number}"', 1)[1].split("</th>", 1)[0]
    return re.search(r'<span class="signed [a-z]+">([a-z]+)</span>', block).group(1)


def answer(client: FlaskClient, pad_url: str, number: int, verdict: str, row: str):
    return client.post(
        f"{pad_url}/hands/{number}/sign-off", data={"verdict": verdict, "based_on": row}
    )


def test_a_saved_hand_waits_and_another_phone_agrees(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start_signed(ann)
    bob.post(f"{pad_url}/name", data={"name": "Bob"})
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    page = bob.get(pad_url).get_data(as_text=True)
    assert status_of(page, 1) == "waiting"
    assert "waiting for another player to agree" in page
    assert answer(bob, pad_url, 1, "agreed", row_of_hand(page, 1)).status_code == 303
    page = ann.get(pad_url).get_data(as_text=True)
    assert status_of(page, 1) == "agreed"
    assert "agreed by Bob" in page


def test_a_phone_cannot_agree_to_its_own_hand(app: Flask) -> None:
    ann = app.test_client()
    pad_url = start_signed(ann)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    page = ann.get(pad_url).get_data(as_text=True)
    answer(ann, pad_url, 1, "agreed", row_of_hand(page, 1))
    page = ann.get(pad_url).get_data(as_text=True)
    assert "was saved on this phone: another player agrees or disputes it" in page
    assert status_of(page, 1) == "waiting"


def test_a_disputed_hand_is_marked_and_a_correction_asks_again(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start_signed(ann)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    page = bob.get(pad_url).get_data(as_text=True)
    answer(bob, pad_url, 1, "disputed", row_of_hand(page, 1))
    page = ann.get(pad_url).get_data(as_text=True)
    assert status_of(page, 1) == "disputed"
    ann.post(f"{pad_url}/hands/1", data={**GARDE_41, "points": "51"})  # fixed by Ann
    page = bob.get(pad_url).get_data(as_text=True)
    assert status_of(page, 1) == "waiting"  # the corrected hand is a new version to agree to
    answer(bob, pad_url, 1, "agreed", row_of_hand(page, 1))
    assert status_of(bob.get(pad_url).get_data(as_text=True), 1) == "agreed"


def test_an_answer_to_a_hand_changed_since_records_nothing(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start_signed(ann)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    seen = row_of_hand(bob.get(pad_url).get_data(as_text=True), 1)
    ann.post(f"{pad_url}/hands/1", data={**GARDE_41, "points": "51"})
    answer(bob, pad_url, 1, "agreed", seen)
    page = bob.get(pad_url).get_data(as_text=True)
    assert "changed on another phone since: nothing was recorded" in page
    assert status_of(page, 1) == "waiting"


def test_strange_answers_record_nothing(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start_signed(ann)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    row = row_of_hand(bob.get(pad_url).get_data(as_text=True), 1)
    for verdict, based_on in (
        ("yes", row),
        ("", row),
        ("agreed", ""),
        ("agreed", "x"),
        ("agreed", "9" * 40),
    ):
        assert answer(bob, pad_url, 1, verdict, based_on).status_code == 303
    assert status_of(bob.get(pad_url).get_data(as_text=True), 1) == "waiting"


def test_without_the_option_there_is_no_sign_off(client: FlaskClient) -> None:
    pad_url = start_signed(client, sign_off=False)
    client.post(f"{pad_url}/hands", data=GARDE_41)
    page = client.get(pad_url).get_data(as_text=True)
    assert 'class="signed' not in page and "sign-off" not in page
    assert answer(client, pad_url, 1, "agreed", "1").status_code == 404


def test_the_summary_prints_each_hands_status(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start_signed(ann)
    bob.post(f"{pad_url}/name", data={"name": "Bob"})
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    answer(bob, pad_url, 1, "agreed", row_of_hand(bob.get(pad_url).get_data(as_text=True), 1))
    summary = ann.get(f"{pad_url}/summary").get_data(as_text=True)
    assert "Sign-off: <strong>each hand agreed by another player</strong>" in summary
    statuses = re.findall(r'<em class="status">· ([^<]+)</em>', summary)
    assert statuses == ["agreed by Bob", "waiting for another player to agree"]
