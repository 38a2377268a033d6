"""The call-your-tricks toy: bids saved before play (a phase kept in the draft, on every phone),
tricks entered after, the hand completed from both; no change to shared code or templates.

An exact bid scores 10 + the bid, a miss 0; five tricks a deal; the bids may not add up to five.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.contract.registry import registered
from companion.contract.values import State
from companion.engine.replay import check_entry, check_phase, make_setup, replay
from companion.store import Store
from tests.toys.bids_first import GAME
from tests.toys.conftest import page_text, start_toy

NAMES = ["Ann", "Bob", "Cat"]
BIDS = {"bid_0": "1", "bid_1": "2", "bid_2": "0"}
TOOK = {"took_0": "1", "took_1": "3", "took_2": "1"}


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered(GAME):
        yield


def test_exact_bids_score_ten_plus_the_bid() -> None:
    setup, _ = make_setup(GAME.slug, NAMES)
    # Ann bid 1 and took 1: 10 + 1 = 11. Bob bid 2, took 3: 0. Cat bid 0, took 1: 0.
    replayed = replay(setup, [(1, BIDS | TOOK)])
    assert replayed.state.totals == (11, 0, 0)


def test_the_bids_alone_are_judged_before_play() -> None:
    setup, _ = make_setup(GAME.slug, NAMES)
    bids_phase = GAME.phases(setup)[0]
    assert check_phase(GAME, State(setup), BIDS, bids_phase).ok
    refused = check_phase(
        GAME, State(setup), {"bid_0": "2", "bid_1": "2", "bid_2": "1"}, bids_phase
    )
    assert [(p.field, p.message) for p in refused.problems] == [
        ("bid_2", "The bids may not add up to 5.")
    ]


def test_tricks_that_do_not_add_up_are_refused() -> None:
    setup, _ = make_setup(GAME.slug, NAMES)
    checked = check_entry(GAME, State(setup), BIDS | TOOK | {"took_2": "2"})
    assert [(p.field, p.message) for p in checked.problems] == [
        ("took_0", "6 tricks were entered; a deal has 5.")
    ]


def draft_on_disk(db_path: Path, url: str) -> dict | None:
    with Store(db_path) as store:
        found = store.drafts.get(url.rsplit("/", 1)[1])
    return None if found is None else found[1]


def test_the_pad_takes_bids_then_tricks(client: FlaskClient, db_path: Path) -> None:
    url = start_toy(client, GAME.slug, NAMES)
    page = page_text(client, url)
    assert "Save the bids" in page and 'name="took_0"' not in page
    response = client.post(f"{url}/phase", data=BIDS | {"expected_number": "1", "action": "end"})
    assert response.status_code == 303
    assert draft_on_disk(db_path, url) == {"bid_0": 1, "bid_1": 2, "bid_2": 0}
    page = page_text(client, url)  # another phone, or a reload: the bids are there
    assert "Ann bids: 1 · Bob bids: 2 · Cat bids: 0" in page
    assert 'name="took_0"' in page and 'name="bid_0"' not in page
    response = client.post(f"{url}/hands", data=TOOK | {"expected_number": "1"})
    assert response.status_code == 303
    assert draft_on_disk(db_path, url) is None
    page = page_text(client, url)
    assert "+11" in page and "Save the bids" in page  # the next hand starts with its bids


def test_a_refused_bid_stays_as_typed(client: FlaskClient, db_path: Path) -> None:
    url = start_toy(client, GAME.slug, NAMES)
    response = client.post(
        f"{url}/phase",
        data={"bid_0": "2", "bid_1": "2", "bid_2": "1", "expected_number": "1", "action": "end"},
    )
    assert response.status_code == 422
    assert "The bids may not add up to 5." in response.get_data(as_text=True)
    assert draft_on_disk(db_path, url) is None


def test_the_bids_can_be_taken_back(client: FlaskClient, db_path: Path) -> None:
    url = start_toy(client, GAME.slug, NAMES)
    client.post(f"{url}/phase", data=BIDS | {"expected_number": "1", "action": "end"})
    response = client.post(
        f"{url}/phase", data={"action": "reopen", "phase": "bids", "expected_number": "1"}
    )
    assert response.status_code == 303
    assert draft_on_disk(db_path, url) is None
    assert "Save the bids" in page_text(client, url)


def test_bids_saved_on_another_phone_meanwhile_are_not_overwritten(
    client: FlaskClient, db_path: Path
) -> None:
    url = start_toy(client, GAME.slug, NAMES)
    form = {"expected_number": "1", "action": "end", "phase": "bids"}
    assert client.post(f"{url}/phase", data=BIDS | form).status_code == 303  # phone A
    other = {"bid_0": "0", "bid_1": "0", "bid_2": "0"}
    response = client.post(f"{url}/phase", data=other | form)  # phone B, still on the bids
    assert response.status_code == 409
    assert "were already saved from another phone" in response.get_data(as_text=True)
    assert draft_on_disk(db_path, url) == {"bid_0": 1, "bid_1": 2, "bid_2": 0}


def bids_changed_on_phone_b(app) -> tuple[Any, str, str]:
    """Phone A saves the bids 1, 2, 0 and keeps its page; phone B takes them back and saves
    others (Ann 0, Bob 3, Cat 1: 4, not 5). Returns phone A, the pad's URL and the draft
    version A's page showed."""
    a, b = app.test_client(), app.test_client()
    url = start_toy(a, GAME.slug, NAMES)
    form = {"expected_number": "1", "action": "end", "phase": "bids"}
    assert a.post(f"{url}/phase", data=BIDS | form).status_code == 303
    shown = re.search(r'name="draft_version" value="([^"]+)"', page_text(a, url)).group(1)
    assert (
        b.post(
            f"{url}/phase", data={"action": "reopen", "phase": "bids", "expected_number": "1"}
        ).status_code
        == 303
    )
    assert (
        b.post(f"{url}/phase", data={"bid_0": "0", "bid_1": "3", "bid_2": "1"} | form).status_code
        == 303
    )
    return a, url, shown


def test_tricks_saved_over_bids_changed_on_another_phone_are_refused(app, db_path: Path) -> None:
    a, url, shown = bids_changed_on_phone_b(app)
    response = a.post(f"{url}/hands", data=TOOK | {"expected_number": "1", "draft_version": shown})
    assert response.status_code == 409
    page = html.unescape(response.get_data(as_text=True))
    assert "Another phone changed this hand's bids after yours last showed them" in page
    assert "Ann bids: 0 · Bob bids: 3 · Cat bids: 1" in page  # the hand as it now stands
    assert re.search(r'name="took_1"[^>]*value="3"', page)  # A's tricks kept as typed
    with Store(db_path) as store:
        assert store.hands.effective(url.rsplit("/", 1)[1]) == []
    assert draft_on_disk(db_path, url) == {"bid_0": 0, "bid_1": 3, "bid_2": 1}


def test_bids_taken_back_from_a_page_that_showed_other_bids_are_refused(app, db_path: Path) -> None:
    # A's "Change the bids", based on the bids A's page showed, must not clear B's bids.
    a, url, shown = bids_changed_on_phone_b(app)
    response = a.post(
        f"{url}/phase",
        data={"action": "reopen", "phase": "bids", "expected_number": "1", "draft_version": shown},
    )
    assert response.status_code == 409
    assert "nothing was taken back" in html.unescape(response.get_data(as_text=True))
    assert draft_on_disk(db_path, url) == {"bid_0": 0, "bid_1": 3, "bid_2": 1}
