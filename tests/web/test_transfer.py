"""Moving a session between machines (companion/web/transfer.py, pad.import_document): every
game's export imports back to the same hands and totals; a tampered file is refused with the
hand and field at fault and nothing is imported; export file names carry the game and date."""

from __future__ import annotations

import csv
import io
import json
import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from companion.contract.game import Game, default_options
from companion.contract.registry import all_games
from companion.contract.values import ScoredHand, State, entry_as_data
from companion.engine.replay import check_entry, make_setup
from companion.service.exchange import FORMAT
from tests.contract.test_contract import accepted_entries
from tests.engine.test_replay import (
    ANTI_TRUMP_TABLE,
    BID_OF_SIX,
    BID_OF_SIX_PROBLEMS,
    pad_problems,
)
from tests.web.conftest import GARDE_47 as GARDE_47_FORM
from tests.web.conftest import start

GARDE_47 = {"contract": "garde", "taker": 0, "points": 47, "bouts": 2}
"""The first worked example: (25 + 6) × 2 = 62 from each defender, Ann +186."""


def a_document(game: str, players: list[str], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """An export document of `game` at a table of `players` (the first deals, no house rule)."""
    return {
        "format": FORMAT,
        "game": game,
        "players": players,
        "first_dealer": 0,
        "options": {},
        "hands": hands,
    }


def upload(client: FlaskClient, data: Any, name: str = "session.json"):
    """Post `data` (JSON, or raw bytes) to the import page as a file."""
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    # Encoded in memory: the test client would spool a large body to a temporary file that
    # nothing closes when the server refuses it unread (413).
    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(raw), name)})
    return client.post(
        "/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )


def session_count(app: Flask) -> int:
    from companion.store import Store

    with Store(app.config["DATABASE"]) as store:
        return store.db.execute("SELECT count(*) FROM sessions").fetchone()[0]


def a_session_of(game: Game) -> tuple[dict[str, Any], tuple[int, ...]]:
    """An export document of `game` at its first table size: up to six random hands the
    engine accepts one after another, and the totals they make."""
    count = game.player_counts[0]
    names = [f"P{seat + 1}" for seat in range(count)]
    setup, problems = make_setup(game.slug, names, default_options(game.options(count)))
    assert not problems
    state, hands = State(setup), []
    for entry in accepted_entries(game, setup):
        checked = check_entry(game, state, entry_as_data(entry))
        if not checked.ok or game.outcome(state).finished:
            continue
        number = len(state.hands) + 1
        state = state.with_hand(ScoredHand(number, checked.entry, game.score(state, checked.entry)))
        hands.append({"number": number, "entry": entry_as_data(checked.entry)})
        if len(hands) == 6:
            break
    document = {
        "format": FORMAT,
        "game": game.slug,
        "players": names,
        "first_dealer": 0,
        "options": dict(setup.options),
        "hands": hands,
    }
    return document, state.totals


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_games_export_imports_back(client: FlaskClient, game: Game) -> None:
    document, totals = a_session_of(game)
    assert document["hands"], "the game needs some accepted hands to travel"
    answer = upload(client, document)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    pad_url = answer.headers["Location"]
    exported = json.loads(client.get(f"{pad_url}/export.json").get_data(as_text=True))
    assert exported["hands"] == document["hands"]
    assert exported["players"] == document["players"]
    assert exported["options"] == document["options"]
    page = client.get(pad_url).get_data(as_text=True)
    block = page.split('id="standings"', 1)[1].split("</section>", 1)[0]
    shown = [
        int(t.replace("−", "-").replace("+", ""))
        for t in re.findall(r'class="total[^"]*">([^<]+)<', block)
    ]
    assert shown[-len(totals) :] == list(totals)


def test_a_tampered_file_is_refused_with_its_hand_and_field(
    app: Flask, client: FlaskClient
) -> None:
    document = {
        "format": FORMAT,
        "game": "french-tarot",
        "players": ["Ann", "Bob", "Cid", "Dee"],
        "first_dealer": 0,
        "options": {},
        "hands": [
            {"number": 1, "entry": GARDE_47},
            {"number": 2, "entry": {**GARDE_47, "points": 95}},
        ],
    }
    before = session_count(app)
    answer = upload(client, document)
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert re.search(r"Hand 2, points: [^<]*between 0 and 91", html)
    assert "Nothing was imported." in html
    assert session_count(app) == before


def test_an_import_names_every_problem_of_a_hand_in_the_pads_words(
    app: Flask, client: FlaskClient
) -> None:
    document = a_document("anti-trump", ANTI_TRUMP_TABLE, [{"number": 1, "entry": BID_OF_SIX}])
    before = session_count(app)
    answer = upload(client, document)
    html = unescape(answer.get_data(as_text=True))
    assert answer.status_code == 422
    assert pad_problems(BID_OF_SIX) == BID_OF_SIX_PROBLEMS
    for field, message in BID_OF_SIX_PROBLEMS:
        assert f"Hand 1, {field}: {message}" in html
    assert "Nothing was imported." in html
    assert session_count(app) == before


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        pytest.param(b"not json at all", "not JSON", id="not JSON"),
        pytest.param(b"\xff\xfe", "not JSON", id="not text"),
        pytest.param(b"[" * 100_000 + b"]" * 100_000, "not JSON", id="nested too deep"),
        pytest.param(
            json.dumps({"format": "something/else"}).encode(), "format must be", id="another format"
        ),
        pytest.param(
            json.dumps(
                {
                    "format": FORMAT,
                    "game": "french-tarot",
                    "players": ["A", "B", "C", "D"],
                    "first_dealer": 0,
                    "options": {},
                    "hands": [],
                    "sneaky": 1,
                }
            ).encode(),
            "is not part of the format",
            id="a key the format has not",
        ),
    ],
)
def test_a_file_that_is_not_an_export_is_refused(
    app: Flask, client: FlaskClient, raw: bytes, words: str
) -> None:
    before = session_count(app)
    answer = upload(client, raw)
    assert answer.status_code == 422
    assert words in answer.get_data(as_text=True)
    assert session_count(app) == before


def test_no_file_is_refused_beside_the_field(client: FlaskClient) -> None:
    answer = client.post("/import", data={}, content_type="multipart/form-data")
    assert answer.status_code == 422
    assert "Choose the session&#39;s JSON export to import." in answer.get_data(as_text=True)


def test_a_file_too_large_is_refused_politely(client: FlaskClient) -> None:
    answer = upload(client, b" " * (5 * 1024 * 1024))
    assert answer.status_code in (413, 422)
    assert answer.status_code != 500


def test_export_names_carry_the_game_and_the_day(client: FlaskClient) -> None:
    pad_url = start(client)
    for suffix in ("json", "csv"):
        disposition = client.get(f"{pad_url}/export.{suffix}").headers["Content-Disposition"]
        assert re.fullmatch(
            rf'attachment; filename="french-tarot-\d{{4}}-\d\d-\d\d\.{suffix}"', disposition
        )


def test_the_csv_marks_a_hand_kept_after_the_game_s_end(client: FlaskClient) -> None:
    # Three hands agreed (a redeal is not a hand played). Saved: 1 Garde, 2 all passed, 3 and 4
    # Garde: hand 4 is the third played and ends the game. Hand 2 corrected to the same Garde:
    # the game is over after hand 3, and hand 4, saved before the correction, counts nothing.
    # Each Garde: (25 + 6) × 2 = 62 from each defender, Ann +186; three: Ann 558, others −186.
    url = start(client, hands="3")
    for hand in (GARDE_47_FORM, {"contract": "pass"}, GARDE_47_FORM, GARDE_47_FORM):
        assert client.post(f"{url}/hands", data=hand).status_code == 303
    assert client.post(f"{url}/hands/2", data=GARDE_47_FORM).status_code == 303
    rows = list(csv.reader(io.StringIO(client.get(f"{url}/export.csv").get_data(as_text=True))))
    described = {row[0]: row[2] for row in rows[1:-1]}
    assert described["4"] == "After the game · Ann · Garde · 47 pts, 2 bouts"
    assert [number for number, words in described.items() if "After the game" in words] == ["4"]
    assert rows[4][3:] == ["0", "0", "0", "0", "558", "-186", "-186", "-186"]
    assert rows[5] == [
        "Total",
        "",
        "",
        "558",
        "-186",
        "-186",
        "-186",
        "558",
        "-186",
        "-186",
        "-186",
    ]


def test_an_import_whose_players_look_alike_is_refused_by_name(
    app: Flask, client: FlaskClient
) -> None:
    document = a_document("french-tarot", ["Ann", "Bob", "Ａｎｎ", "Dee"], [])
    before = session_count(app)
    answer = upload(client, document)
    assert answer.status_code == 422
    assert "Two seats are named Ann: give each seat its own name." in answer.get_data(as_text=True)
    assert session_count(app) == before


def test_an_import_stores_its_players_names_as_read(app: Flask, client: FlaskClient) -> None:
    from companion.store import Store

    document = a_document(
        "french-tarot", ["Ａｎｎ", "B\u200bob", " Cid\t", "Dee"], [{"number": 1, "entry": GARDE_47}]
    )
    answer = upload(client, document)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    with Store(app.config["DATABASE"]) as store:
        (players,) = store.db.execute("SELECT count(*) FROM players").fetchone()
        names = sorted(player.name for player in store.players.all())
    assert players == 4 and names == ["Ann", "Bob", "Cid", "Dee"]
