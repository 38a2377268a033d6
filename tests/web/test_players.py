"""The roster page: the players with their sessions, rename and merge, and every refusal beside
its field with what was typed kept (nothing changed)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.store import Store, name_key
from tests.web.conftest import start
from tests.web.test_fuzz import NASTY


def players(client: FlaskClient) -> dict[str, tuple[int, int]]:
    """The roster as the page shows it: name -> (id, version), the version read from each
    player's open forms (`?edit=<id>`)."""
    html = client.get("/players").get_data(as_text=True)
    found = {}
    for player_id, name in re.findall(r'<li id="player-(\d+)"><a [^>]*>([^<]+)</a>', html):
        opened = client.get(f"/players?edit={player_id}").get_data(as_text=True)
        version = int(re.search(r'name="version" value="(\d+)"', opened).group(1))
        found[name] = (int(player_id), version)
    return found


def test_the_roster_lists_players_most_sessions_first(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    start(client, ["ann", "Bob", "Cid", "Eve"])  # "ann" is Ann
    html = client.get("/players").get_data(as_text=True)
    assert list(players(client)) == ["Ann", "Bob", "Cid", "Dee", "Eve"]
    assert "2 sessions" in html and "1 session<" in html


def test_the_new_session_page_offers_the_known_names(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    start(client, ["Bob", "Cid", "Dee", "Eve"])
    html = client.get("/new").get_data(as_text=True)
    datalist = re.search(r'<datalist id="known-players">(.*?)</datalist>', html).group(1)
    assert re.findall(r'value="([^"]+)"', datalist) == ["Bob", "Cid", "Dee", "Ann", "Eve"]
    assert 'list="known-players"' in html


def test_rename(client: FlaskClient, db_path) -> None:
    url = start(client, ["Ann", "Bob", "Cid", "Dee"])
    bob, version = players(client)["Bob"]
    answer = client.post(
        f"/players/{bob}/rename", data={"name": "  Robert   Smith ", "version": version}
    )
    assert answer.status_code == 303
    assert "Robert Smith" in players(client)
    # The session's sheet keeps the name typed then.
    assert ">Bob<" in client.get(f"{url}/summary").get_data(as_text=True)
    with Store(db_path) as store:
        assert store.players.get(bob).spellings == ("Bob", "Robert Smith")


def test_a_refused_rename_is_kept_as_typed_beside_its_field(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    roster = players(client)
    bob, version = roster["Bob"]
    blank = client.post(f"/players/{bob}/rename", data={"name": "  ", "version": version})
    assert blank.status_code == 422
    assert f'id="err-name-{bob}"' in blank.get_data(as_text=True)
    assert "Enter the player" in blank.get_data(as_text=True)
    taken = client.post(f"/players/{bob}/rename", data={"name": "ANN", "version": version})
    page = taken.get_data(as_text=True)
    assert taken.status_code == 422
    assert "ANN names Ann already" in page and 'value="ANN"' in page
    long = client.post(f"/players/{bob}/rename", data={"name": "B" * 41, "version": version})
    assert long.status_code == 422 and "40 characters" in long.get_data(as_text=True)
    assert players(client) == roster  # nothing changed


def test_a_rename_based_on_an_old_version_is_refused(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    bob, version = players(client)["Bob"]
    assert (
        client.post(f"/players/{bob}/rename", data={"name": "Rob", "version": version}).status_code
        == 303
    )
    stale = client.post(f"/players/{bob}/rename", data={"name": "Bobby", "version": version})
    page = stale.get_data(as_text=True)
    assert stale.status_code == 409
    assert "(now: Rob)" in page and 'value="Bobby"' in page
    missing = client.post(f"/players/{bob}/rename", data={"name": "Bobby"})
    assert missing.status_code == 409
    assert "Rob" in players(client)


def test_merge_two_spellings(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    start(client, ["Anne", "Bob", "Cid", "Dee"])
    roster = players(client)
    anne, anne_version = roster["Anne"]
    ann, _ = roster["Ann"]
    answer = client.post(f"/players/{anne}/merge", data={"into": " ａnn ", "version": anne_version})
    assert answer.status_code == 303
    assert "Anne" not in players(client)
    html = client.get(f"/players?edit={ann}").get_data(as_text=True)
    assert "Also written: Anne" in html
    assert re.search(r"Ann\s*<small>2 sessions", html)


def test_merges_that_are_refused_say_why_beside_the_choice(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    roster = players(client)
    ann, ann_version = roster["Ann"]
    bob, bob_version = roster["Bob"]
    together = client.post(f"/players/{ann}/merge", data={"into": "bob", "version": ann_version})
    page = together.get_data(as_text=True)
    assert together.status_code == 422
    assert "Ann and Bob sat in the same session (French Tarot," in page
    assert f'id="err-into-{ann}"' in page
    assert re.search(f'id="into-{ann}"[^>]*value="bob"', page)  # kept as typed
    itself = client.post(f"/players/{ann}/merge", data={"into": "ANN", "version": ann_version})
    assert itself.status_code == 422 and "That is Ann" in itself.get_data(as_text=True)
    nothing = client.post(f"/players/{ann}/merge", data={"into": "\u200b ", "version": ann_version})
    assert nothing.status_code == 422 and "Type the name" in nothing.get_data(as_text=True)
    stale = client.post(f"/players/{bob}/merge", data={"into": "Ann", "version": bob_version + 1})
    assert stale.status_code == 409
    assert players(client) == roster


def test_bad_player_ids_are_not_found(client: FlaskClient) -> None:
    start(client)
    for path in (
        "/players/abc/rename",
        "/players/-1/merge",
        "/players/99999/rename",
        "/players/123456789012345678901234567890/merge",
        "/players/%C2%B2/rename",
    ):
        assert client.post(path, data={"name": "X", "version": "1"}).status_code == 404, path


@pytest.mark.parametrize("nasty", NASTY)
def test_no_odd_value_answers_500(client: FlaskClient, nasty: str) -> None:
    start(client)
    for path, data in (
        ("/players/1/rename", {"name": nasty, "version": nasty}),
        ("/players/1/merge", {"into": nasty, "version": nasty}),
        ("/players/1/merge", {"into": f"2-{nasty}", "version": "1"}),
    ):
        assert client.post(path, data=data).status_code in (303, 409, 422), (path, data)
    for path in ("/stats", "/stats/game/skat", "/stats/player/1"):
        assert client.get(path, query_string={"from": nasty, "to": nasty}).status_code in (200, 422)


def test_a_merge_to_a_name_nobody_has_is_refused_beside_the_field(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    start(client, ["Anne", "Bob", "Cid", "Dee"])
    roster = players(client)
    anne, version = roster["Anne"]
    answer = client.post(f"/players/{anne}/merge", data={"into": "Zed", "version": version})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422
    error = page.split(f'id="err-into-{anne}"', 1)[1][:200]
    assert "No player on the roster is named Zed: type a name from the list." in error
    assert re.search(f'id="into-{anne}"[^>]*value="Zed"', page)
    assert players(client) == roster  # nothing changed


def test_a_rename_to_a_look_alike_of_another_player_is_refused(client: FlaskClient) -> None:
    start(client, ["Ann", "Bob", "Cid", "Dee"])
    roster = players(client)
    bob, version = roster["Bob"]
    for look_alike in ("Ａｎｎ", "A\u200bnn", "\u00adAnn\u2060", "A\x07nn"):
        answer = client.post(
            f"/players/{bob}/rename", data={"name": look_alike, "version": version}
        )
        page = answer.get_data(as_text=True)
        assert answer.status_code == 422, look_alike
        assert "Ann names Ann already" in page.split(f'id="err-name-{bob}"', 1)[1][:200]
    assert players(client) == roster


def add_roster(db_path: Path, names: list[str]) -> None:
    """Players put straight into the file (ids 1, 2, ... in order), as a club's roster that
    no session has linked yet: thousands in one transaction."""
    with sqlite3.connect(db_path) as conn:
        conn.executemany(
            "INSERT INTO players (id, name, created_at) VALUES (?, ?, '2026-01-01T00:00:00')",
            list(enumerate(names, 1)),
        )
        conn.executemany(
            "INSERT INTO player_names (key, spelling, player_id) VALUES (?, ?, ?)",
            [(name_key(name), name, number) for number, name in enumerate(names, 1)],
        )
    conn.close()


def test_a_club_sized_roster_is_a_small_page_with_each_name_once(
    client: FlaskClient, db_path: Path
) -> None:
    names = [f"Player {number:04}" for number in range(2000)]
    add_roster(db_path, names)
    answer = client.get("/players")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert len(answer.data) < 300_000
    datalist = re.search(r'<datalist id="roster-names">(.*?)</datalist>', page, re.S).group(1)
    listed = re.findall(r'<option value="([^"]+)">', datalist)
    assert sorted(listed) == names
    assert page.count("<option") == 2000  # the one list: no choice per row
    assert page.count('list="roster-names"') == 0  # no forms until a player is chosen
    opened = client.get("/players?edit=7").get_data(as_text=True)
    assert opened.count('list="roster-names"') == 1 and 'id="into-7"' in opened
    answer = client.post("/players/7/merge", data={"into": "player 0003", "version": "1"})
    assert answer.status_code == 303
    with Store(db_path) as store:
        assert store.players.get(7) is None
        assert store.players.get(4).spellings == ("Player 0003", "Player 0006")
