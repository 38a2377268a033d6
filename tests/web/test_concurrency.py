"""Phones writing at once: every write says which version it was based on, and a write based on
a stale version is refused with the current state shown, never applied over it.

Each test is one finding of the hardening issue: two corrections of one hand, an edit form
opened before an undo, an undo of a hand that is no longer the last, a whole hand posted twice,
a form that does not say which hand it is for, and two phones entering tricks for one hand.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion.store import ANY_VERSION, StaleWrite, Store
from tests.web.conftest import GARDE_47, start, stored_hands
from tests.web.test_trick_entry import HAND_ONE, carried, draft_runts, post_trick
from tests.web.test_trick_entry import start as start_tantony


def shown(html: str, name: str) -> str:
    """A hidden version field as the page holds it."""
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, name
    return found.group(1)


def bare_client(app: Flask) -> FlaskClient:
    """A client that posts exactly what the test gives it (no version filled in)."""
    return FlaskClient(app, app.response_class, use_cookies=True)


def test_two_corrections_of_one_hand_keep_the_first(client: FlaskClient, db_path: Path) -> None:
    url = start(client)
    client.post(url + "/hands", data=GARDE_47)
    phone_a = shown(client.get(url + "/hands/1").get_data(as_text=True), "based_on")
    phone_b = phone_a  # both phones opened "Fix hand 1" before either saved
    first = client.post(url + "/hands/1", data=GARDE_47 | {"points": "50", "based_on": phone_a})
    assert first.status_code == 303
    second = client.post(url + "/hands/1", data=GARDE_47 | {"points": "44", "based_on": phone_b})
    assert second.status_code == 409
    text = second.get_data(as_text=True)
    assert "was changed from another phone after you opened this form" in text
    assert 'value="44"' in text  # what this phone typed, kept as typed
    assert [row.entry["points"] for row in stored_hands(db_path, url)] == [50]


def test_an_edit_opened_before_an_undo_cannot_overwrite_the_next_hand(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    client.post(url + "/hands", data=GARDE_47)
    client.post(url + "/hands", data=GARDE_47 | {"taker": "1"})
    stale = shown(client.get(url + "/hands/2").get_data(as_text=True), "based_on")
    client.post(url + "/undo")  # hand 2 taken back...
    client.post(url + "/hands", data=GARDE_47 | {"taker": "2"})  # ...and entered again
    response = client.post(url + "/hands/2", data=GARDE_47 | {"taker": "3", "based_on": stale})
    assert response.status_code == 409
    assert [row.entry["taker"] for row in stored_hands(db_path, url)] == [0, 2]


def test_an_undo_of_a_hand_that_is_no_longer_the_last_is_refused(
    client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    client.post(url + "/hands", data=GARDE_47)
    seen_last = shown(client.get(url).get_data(as_text=True), "based_on")  # phone A: hand 1
    client.post(url + "/hands", data=GARDE_47 | {"taker": "1"})  # phone B saves hand 2
    response = client.post(url + "/undo", data={"based_on": seen_last})
    assert response.status_code == 303
    assert "nothing was undone" in client.get(url).get_data(as_text=True)
    assert [row.number for row in stored_hands(db_path, url)] == [1, 2]


def test_a_form_that_does_not_say_its_hand_saves_nothing(app: Flask, db_path: Path) -> None:
    phone = bare_client(app)
    url = start(phone)
    response = phone.post(url + "/hands", data=GARDE_47)  # no expected_number
    assert response.status_code == 422
    assert "does not say which hand it is for" in response.get_data(as_text=True)
    assert stored_hands(db_path, url) == []
    undo = phone.post(url + "/undo", data={})
    assert undo.status_code == 303 and stored_hands(db_path, url) == []


def test_a_whole_hand_posted_twice_is_saved_once(client: FlaskClient, db_path: Path) -> None:
    url = start_tantony(client)
    page = client.get(url + "/whole").get_data(as_text=True)
    number = shown(page, "expected_number")
    data = carried(HAND_ONE) | {"expected_number": number}
    assert client.post(url + "/whole", data=data).status_code == 303
    again = client.post(url + "/whole", data=data)
    assert again.status_code == 409
    assert "Hand 1 has already been saved" in again.get_data(as_text=True)
    assert [row.number for row in stored_hands(db_path, url)] == [1]


def test_two_phones_entering_tricks_never_lose_one(client: FlaskClient, db_path: Path) -> None:
    url = start_tantony(client)
    # Phone A adds trick 1; phone B, still showing no trick, adds its own trick 1.
    assert post_trick(client, url, [], runt="2S", to=0).status_code == 303
    response = post_trick(client, url, [], runt="5C", to=1)
    assert response.status_code == 409
    assert "Another phone changed this hand" in response.get_data(as_text=True)
    assert draft_runts(db_path, url) == [("2S", 0)]  # phone A's trick is kept
    # Phone B, now showing trick 1, adds trick 2: both tricks are there.
    assert post_trick(client, url, HAND_ONE[:1], runt="5C", to=1).status_code == 303
    assert draft_runts(db_path, url) == [("2S", 0), ("5C", 1)]
    # A take-back from a phone that does not show trick 2 is refused too.
    assert post_trick(client, url, HAND_ONE[:1], action="drop").status_code == 409
    assert len(draft_runts(db_path, url)) == 2


def test_a_draft_write_is_compare_and_set(db_path: Path) -> None:
    """Two phones building on the same draft: the store lets only the first write through."""
    from companion.contract.values import Setup

    with Store(db_path, migrate=True) as store:
        token = store.sessions.create(Setup("tantony", ("A", "B", "C", "D"), {}))
        base = {"tricks": [{"runt": "2S", "to": 0}]}
        store.drafts.save(token, 1, base, ANY_VERSION)
        store.drafts.save(token, 1, {"tricks": [*base["tricks"], {"runt": "5C", "to": 1}]}, base)
        try:
            store.drafts.save(
                token, 1, {"tricks": [*base["tricks"], {"runt": "9H", "to": 2}]}, base
            )
        except StaleWrite as stale:
            assert stale.current["tricks"][1]["runt"] == "5C"
        else:
            raise AssertionError("the second write on the same base went through")
