"""Who changed what (companion/web/who.py): a phone names itself once; every row it writes
records the name; the history says who entered, corrected or undid each hand and what a
correction changed; a corrected hand is marked in the table of hands."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import start

GARDE_41 = {"taker": "0", "contract": "garde", "bouts": "2", "points": "41"}
"""A Garde made by 0 with two bouts."""


def history_of(client: FlaskClient, pad_url: str) -> str:
    """The history page's list, tags stripped, one row a line."""
    html = client.get(f"{pad_url}/history").get_data(as_text=True)
    listed = html.split('<ol class="history">', 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li(?:\s[^>]*)?>(.*?)</li>", listed, flags=re.S)
    return "\n".join(" ".join(re.sub(r"<[^>]+>", "", item).split()) for item in items)


def test_each_row_says_which_phone_wrote_it(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    assert ann.post(f"{pad_url}/name", data={"name": "Ann"}).status_code == 303
    assert bob.post(f"{pad_url}/name", data={"name": "  Bob   at the   end "}).status_code == 303
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    bob.post(f"{pad_url}/hands/1", data={**GARDE_41, "points": "51", "bouts": "1"})
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    bob.post(f"{pad_url}/undo", data={})
    lines = history_of(ann, pad_url).splitlines()
    assert re.fullmatch(r"\d\d:\d\d Hand 1 entered by Ann: .*", lines[0])
    assert re.fullmatch(
        r"\d\d:\d\d Hand 1 corrected by Bob at the end: Card points 41 → 51, "
        r"Bouts 2 → 1 Now: .*",
        lines[1],
    )
    assert re.fullmatch(r"\d\d:\d\d Hand 2 entered by Ann: .*", lines[2])
    assert re.fullmatch(r"\d\d:\d\d Hand 2 undone by Bob at the end", lines[3])


def test_a_phone_that_did_not_name_itself_is_not_named(client: FlaskClient) -> None:
    pad_url = start(client)
    client.post(f"{pad_url}/hands", data=GARDE_41)
    assert re.fullmatch(r"\d\d:\d\d Hand 1 entered: .*", history_of(client, pad_url))


def test_a_blank_name_forgets_and_a_name_that_is_not_one_changes_nothing(
    client: FlaskClient,
) -> None:
    pad_url = start(client)
    client.post(f"{pad_url}/name", data={"name": "Ann"})
    for blank in ("", "   "):
        client.post(f"{pad_url}/name", data={"name": blank})
        assert "Who holds this phone?" in client.get(pad_url).get_data(as_text=True), blank
        client.post(f"{pad_url}/name", data={"name": "Ann"})
    for strange in ("x" * 31, "Ann\x00", "\x07"):
        client.post(f"{pad_url}/name", data={"name": strange})
        page = client.get(pad_url).get_data(as_text=True)
        assert "This phone: <strong>Ann</strong>" in page, strange
        assert "name is 1 to 30 characters" in page, strange


def test_a_seat_button_names_the_phone(client: FlaskClient) -> None:
    pad_url = start(client)  # Ann, Bob, Cid, Dee
    page = client.get(pad_url).get_data(as_text=True)
    who = page.split('id="who"', 1)[1].split("</details>", 1)[0]
    assert re.findall(r'name="name" value="([^"]+)"', who) == ["Ann", "Bob", "Cid", "Dee"]
    client.post(f"{pad_url}/name", data={"name": "Cid"})  # as the browser sends a tapped seat
    assert "This phone: <strong>Cid</strong>" in client.get(pad_url).get_data(as_text=True)


def test_a_corrected_hand_is_marked_in_the_table(client: FlaskClient) -> None:
    pad_url = start(client)
    client.post(f"{pad_url}/hands", data=GARDE_41)
    client.post(f"{pad_url}/hands", data=GARDE_41)
    client.post(f"{pad_url}/hands/2", data={**GARDE_41, "points": "51"})
    page = client.get(pad_url).get_data(as_text=True)
    marked = re.findall(r'<th scope="row">(\d+)<span class="fixed"', page)
    assert marked == ["2"]


def test_naming_an_unknown_session_is_a_404(client: FlaskClient) -> None:
    assert client.post("/s/nothing-here/name", data={"name": "Ann"}).status_code == 404


def test_enter_in_the_name_box_keeps_the_typed_name(client: FlaskClient, pad_url: str) -> None:
    # The seat buttons and the box are two forms: a browser's Enter in the box submits the
    # box's own Keep (the first submit button of its form), never the first seat's button,
    # which named the phone "Ann" when "Grandpa" was typed (an audit at 390×844).
    page = client.get(pad_url).get_data(as_text=True)
    who = page.split('id="who"', 1)[1].split("</details>", 1)[0]
    box_form = who.split("<form", 2)[2]
    assert 'name="name" maxlength="30"' in box_form and 'value="Ann"' not in box_form
    client.post(f"{pad_url}/name", data={"name": "Grandpa"})
    assert "This phone: <strong>Grandpa</strong>" in client.get(pad_url).get_data(as_text=True)


def test_a_name_too_long_leaves_the_old_one(client: FlaskClient, pad_url: str) -> None:
    client.post(f"{pad_url}/name", data={"name": "Ann"})
    answer = client.post(f"{pad_url}/name", data={"name": "x" * 31}, follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert "A phone&#39;s name is 1 to 30 characters: this phone&#39;s name is unchanged." in page
    assert "This phone: <strong>Ann</strong>" in page
