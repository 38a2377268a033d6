"""A pad nobody opened since the server started (its cache empty) shows what a warm one does:
the stored results stand in for the replay, on the pad, the summary and the export."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.contract.registry import get
from companion.store import Store
from companion.web.service_door import app_state
from tests.web.conftest import GARDE_47, phone_app

HANDS = 23  # more than the 10 the pad's table shows, so the first thirteen fold away
CSRF_TOKEN = re.compile(r'(csrf_token" value="|"X-CSRFToken": ")[^"]+')
"""A CSRF token carries the second it was signed in: two fetches a second apart differ there."""


def without_tokens(page: str) -> str:
    return CSRF_TOKEN.sub(r"\1…", page)


def test_a_long_pad_reopened_cold_shows_what_it_showed_warm(
    app: Flask, client: FlaskClient, pad_url: str
) -> None:
    for _ in range(HANDS):
        assert client.post(pad_url + "/hands", data=GARDE_47).status_code == 303
    client.get(pad_url)  # shows (and so clears) the last save's message
    pages = (pad_url, pad_url + "?hands=all", pad_url + "/summary", pad_url + "/export.json")
    warm = [without_tokens(client.get(page).get_data(as_text=True)) for page in pages]
    app_state(app).cache.clear()
    cold = [without_tokens(client.get(page).get_data(as_text=True)) for page in pages]
    assert cold == warm
    # 23 gardes made by Ann: 23 × 186 = 4278, and 23 × −62 = −1426 for each defender.
    assert "4278" in cold[0] and "−1426" in cold[0]
    assert 'id="hand-14"' in cold[0] and 'id="hand-13"' not in cold[0]  # the latest 10
    assert 'id="hand-1"' in cold[1]  # every hand when asked


def standings(page: str) -> list[str]:
    block = page.split('id="standings"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'class="total[^"]*">([^<]+)<', block)


def planted(db_path: Path, version: int) -> None:
    """Results as a version whose scoring differed would have kept them: Ann 999 after hand
    3, noted as derived by French Tarot's scoring at `version`."""
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE hand_results SET totals = '[999,-333,-333,-333]' WHERE number = 3")
        conn.execute(
            "UPDATE results_versions SET version = ? WHERE game = 'french-tarot'", (version,)
        )


@pytest.mark.parametrize(
    ("noted", "shown"),
    [
        # Derived by this version of the game's scoring (whatever else changed in the code):
        # the stored results are what the pad shows (the planted 999).
        ("this", ["999", "−333", "−333", "−333"]),
        # Derived by another version: dropped at start, the first page of the session replays
        # its hands by this version's rules (while the rest are rebuilt in the background).
        # Three gardes made by Ann (the first worked example): 3 × 186 = 558, −186 each.
        ("older", ["558", "−186", "−186", "−186"]),
    ],
)
def test_results_derived_by_other_code_are_not_shown_after_an_upgrade(
    db_path: Path, client: FlaskClient, pad_url: str, noted: str, shown: list[str]
) -> None:
    for _ in range(3):
        assert client.post(pad_url + "/hands", data=GARDE_47).status_code == 303
    planted(db_path, get("french-tarot").version if noted == "this" else 0)
    restarted = phone_app(
        {"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False}
    ).test_client()
    assert standings(restarted.get(pad_url).get_data(as_text=True)) == shown


def test_a_stored_hand_the_rules_refuse_is_shown_and_can_be_fixed(
    db_path: Path, client: FlaskClient, pad_url: str
) -> None:
    # Hand 2 as a version whose rules let it through (or a correction of an earlier hand made
    # impossible) would have left it: bouts "4" (a side holds 0 to 3 bouts). Replayed by this
    # code it counts nothing, stays in the history, and the pad says so with a way to fix it.
    assert client.post(pad_url + "/hands", data=GARDE_47).status_code == 303
    token = pad_url.rsplit("/", 1)[-1]
    with Store(db_path) as store:
        store.hands.add(token, 2, {**GARDE_47, "taker": 0, "points": 47, "bouts": 4}, None)
    app_state(client.application).cache.clear()
    page = client.get(pad_url).get_data(as_text=True)
    banner = page.split('id="not-counted"', 1)[1].split("</div>", 1)[0]
    assert "Hand 2 is not counted:" in banner and f"{pad_url}/hands/2" in banner
    assert standings(page) == ["186", "−62", "−62", "−62"]  # hand 1 only (worked example)
    assert "Undo hand 2" in page  # the undo takes back the last hand, counted or not
    summary = client.get(f"{pad_url}/summary").get_data(as_text=True)
    assert "Hand 2 is not counted: Bouts must be between 0 and 3." in summary
    sheet = client.get(f"{pad_url}/export.csv").get_data(as_text=True).splitlines()
    assert sheet[2] == "2,,Hand 2 is not counted: Bouts must be between 0 and 3."
    assert sheet[3] == "Total,,,186,-62,-62,-62,186,-62,-62,-62"
    fix = client.get(f"{pad_url}/hands/2").get_data(as_text=True)
    assert "Hand 2 is not counted: Bouts must be between 0 and 3." in fix
    assert client.post(f"{pad_url}/hands/2", data=GARDE_47).status_code == 303
    page = client.get(pad_url).get_data(as_text=True)
    assert 'id="not-counted"' not in page
    assert standings(page) == ["372", "−124", "−124", "−124"]  # 2 × 186, 2 × −62


def test_a_last_hand_not_counted_can_be_undone(
    db_path: Path, client: FlaskClient, pad_url: str
) -> None:
    # The audit's case: the last hand no longer counts, and "Undo hand 1" (the last counted
    # one) was offered, which the store refused as stale every time.
    assert client.post(pad_url + "/hands", data=GARDE_47).status_code == 303
    token = pad_url.rsplit("/", 1)[-1]
    with Store(db_path) as store:
        store.hands.add(token, 2, {**GARDE_47, "taker": 0, "points": 47, "bouts": 4}, None)
    answer = client.post(pad_url + "/undo", data={}, follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert "Hand 2 undone (it stays in the history)." in page
    assert 'id="not-counted"' not in page and "Undo hand 1" in page
    assert standings(page) == ["186", "−62", "−62", "−62"]


def test_why_a_hand_is_not_counted_is_said_in_the_pages_language(
    db_path: Path, client: FlaskClient, pad_url: str
) -> None:
    # The reason keeps its recipe (engine.not_counted_words): in German the whole line is
    # German, not a German frame around an English reason.
    assert client.post(pad_url + "/hands", data=GARDE_47).status_code == 303
    with Store(db_path) as store:
        store.hands.add(
            pad_url.rsplit("/", 1)[-1], 2, {**GARDE_47, "taker": 0, "points": 47, "bouts": 4}, None
        )
    client.get("/language/de?next=/")
    page = client.get(pad_url).get_data(as_text=True)
    assert "Runde 2 zählt nicht: Bouts: zwischen 0 und 3." in page
