"""The exchange format: export, load, CSV and scoring, with a French Tarot session scored by hand.

The session (4 players, first dealer Ann, 3 hands agreed), worked out from docs/rulings.md:
    score per defender = ((25 + margin) × sign + petit au bout) × multiplier + poignée
    1. Ann, Garde, 2 bouts, 47 points: target 41, made by 6; (25 + 6) × 2 = 62.
       Ann +186, the others −62 each.
    2. Bob, Petite, 1 bout, 45 points, petit au bout to the defence: target 51, failed by 6;
       (−(25 + 6) − 10) × 1 = −41. Bob −123, the others +41 each.
    3. Cleo, Garde sans; counted for the defence 40.5 points and 1 bout, so Cleo has 50.5 points
       and 2 bouts: target 41, made by 9.5, rounded up to 10 for the side that scores;
       (25 + 10) × 4 = 140, plus Dan's single poignée 20 to the side that won = 160.
       Cleo +480, the others −160 each.
    Totals: Ann 186 + 41 − 160 = 67; Bob −62 − 123 − 160 = −345;
            Cleo −62 + 41 + 480 = 459; Dan −62 + 41 − 160 = −181 (sum 0).
"""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path

import pytest

from companion.contract.registry import get
from companion.engine.replay import make_setup, replay
from companion.service.exchange import (
    FORMAT,
    export_session,
    load_session,
    score_document,
    to_csv,
    to_json,
)
from companion.store import Store

PLAYERS = ["Ann", "Bob", "Cleo", "Dan"]

HAND_1 = {"contract": "garde", "taker": 0, "points": 47, "bouts": 2}
HAND_2 = {"contract": "petite", "taker": 1, "points": 45, "bouts": 1, "petit_au_bout": "defence"}
HAND_3 = {
    "contract": "garde_sans",
    "taker": 2,
    "counted_side": "defence",
    "points": 40.5,
    "bouts": 1,
    "poignee_by": 3,
    "poignee_level": "single",
}

EXPECTED_POINTS = [
    {"Ann": 186, "Bob": -62, "Cleo": -62, "Dan": -62},
    {"Ann": 41, "Bob": -123, "Cleo": 41, "Dan": 41},
    {"Ann": -160, "Bob": -160, "Cleo": 480, "Dan": -160},
]
EXPECTED_TOTALS = {"Ann": 67, "Bob": -345, "Cleo": 459, "Dan": -181}


def document(hands: list[dict] | None = None, **changes) -> dict:
    """A French Tarot exchange document for the session above."""
    data = {
        "format": FORMAT,
        "game": "french-tarot",
        "players": list(PLAYERS),
        "first_dealer": 0,
        "options": {"hands": 3},
        "created_at": "2025-01-01T20:00:00.000+00:00",
        "ended_at": None,
        "hands": hands
        if hands is not None
        else [
            {"number": 1, "entry": HAND_1},
            {"number": 2, "entry": HAND_2},
            {"number": 3, "entry": HAND_3},
        ],
        "history": [],
    }
    data.update(changes)
    return data


@pytest.fixture
def stored(tmp_path: Path):
    """A stored session with a corrected hand 1 and an undone hand 4."""
    setup, problems = make_setup("french-tarot", PLAYERS, {"hands": 3})
    assert problems == []
    with Store(tmp_path / "companion.sqlite3", migrate=True) as store:
        token = store.sessions.create(setup)
        store.hands.add(token, 1, {**HAND_1, "points": 30}, None)
        store.hands.add(token, 2, HAND_2, None)
        store.hands.correct(token, 1, HAND_1, (186, -62, -62, -62))
        store.hands.add(token, 3, HAND_3, None)
        store.hands.add(token, 4, HAND_1, None)
        store.hands.undo_last(token)
        yield store, token


def exported(store: Store, token: str) -> dict:
    return export_session(
        store.sessions.get(token), store.hands.effective(token), store.hands.history(token)
    )


# ---------------------------------------------------------------- export and load


def test_export_has_the_documented_keys(stored):
    store, token = stored
    data = exported(store, token)
    assert data["format"] == FORMAT
    assert data["game"] == "french-tarot"
    assert data["players"] == PLAYERS
    assert data["first_dealer"] == 0
    assert data["options"] == {"hands": 3}
    assert data["ended_at"] is None
    assert [hand["number"] for hand in data["hands"]] == [1, 2, 3]
    assert data["hands"][0]["entry"]["points"] == 47
    assert [(row["action"], row["number"]) for row in data["history"]] == [
        ("enter", 1),
        ("enter", 2),
        ("correct", 1),
        ("enter", 3),
        ("enter", 4),
        ("undo", 4),
    ]
    assert data["history"][2]["supersedes"] == data["history"][0]["id"]
    assert set(data["history"][0]) == {"id", "action", "number", "entry", "supersedes", "at"}


def test_export_then_load_gives_the_same_setup_and_hands(stored):
    store, token = stored
    text = to_json(exported(store, token))
    setup, hands, problems = load_session(json.loads(text))
    assert problems == []
    assert setup == store.sessions.get(token).setup
    assert hands == [(row.number, row.entry) for row in store.hands.effective(token)]


def test_to_json_keeps_names_readable():
    assert '"Zoë"' in to_json({"name": "Zoë"})


# ---------------------------------------------------------------- scoring, computed by hand


def test_score_document_matches_the_hand_computed_session():
    result, problems = score_document(document())
    assert problems == []
    assert result["game"] == "french-tarot"
    assert result["players"] == PLAYERS
    assert [hand["number"] for hand in result["hands"]] == [1, 2, 3]
    assert [hand["points"] for hand in result["hands"]] == EXPECTED_POINTS
    assert result["totals"] == EXPECTED_TOTALS
    assert sum(result["totals"].values()) == 0
    assert result["outcome"]["finished"] is True
    assert result["outcome"]["winners"] == ["Cleo"]
    assert "Cleo" in result["outcome"]["text"]


def test_scored_hands_carry_headline_and_arithmetic():
    result, _ = score_document(document())
    first = result["hands"][0]
    assert "Ann" in first["headline"]
    assert any("(25 + 6) × 2 = 62" in line for line in first["lines"])
    third = result["hands"][2]
    assert any("25 + 10" in line for line in third["lines"])


def test_score_of_the_exported_store_session(stored):
    store, token = stored
    result, problems = score_document(exported(store, token))
    assert problems == []
    assert result["totals"] == EXPECTED_TOTALS


def test_refused_hands_are_reported_with_number_and_field():
    impossible = {"contract": "garde", "taker": 0, "points": 3, "bouts": 1}
    unknown = {"contract": "grand_slam", "taker": 0, "points": 47, "bouts": 2}
    hands = [
        {"number": 1, "entry": HAND_1},
        {"number": 2, "entry": impossible},
        {"number": 3, "entry": unknown},
    ]
    result, problems = score_document(document(hands))
    assert [(p["hand"], p["field"]) for p in problems] == [(2, "points"), (3, "contract")]
    assert all(p["message"] for p in problems)
    # the good hand is still scored; the refused ones are left out
    assert [hand["number"] for hand in result["hands"]] == [1]


# ---------------------------------------------------------------- a document that cannot be read


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"format": "something-else@9"}, "format"),
        ({"game": "snap"}, "game"),
        ({"game": None}, "game"),
        ({"players": ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"]}, "players"),
        ({"players": "Ann, Bob"}, "players"),
        ({"players": ["Ann", "Ann", "Bob"]}, "players"),
        ({"players": ["Ann", " ", "Bob"]}, "players"),
        ({"options": {"hands": "many"}}, "options.hands"),
        ({"options": ["hands"]}, "options"),
        ({"first_dealer": 9}, "first_dealer"),
        ({"first_dealer": "Ann"}, "first_dealer"),
    ],
)
def test_bad_setup_is_refused_with_its_field(changes, field):
    setup, _, problems = load_session(document(**changes))
    assert setup is None
    assert [p["field"] for p in problems] == [field]
    result, scored_problems = score_document(document(**changes))
    assert result == {}
    assert scored_problems == problems


def test_a_document_that_is_not_an_object_is_refused():
    setup, hands, problems = load_session(["not", "a", "document"])
    assert (setup, hands) == (None, [])
    assert problems[0]["field"] == "format"


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        ("all of them", [(None, "hands")]),
        ([{"entry": HAND_1}], [(None, "number")]),
        ([{"number": True, "entry": HAND_1}], [(None, "number")]),
        (["hand"], [(None, "number")]),
        ([{"number": 1, "entry": "garde"}], [(1, "entry")]),
        ([{"number": 2, "entry": HAND_1}, {"number": 1, "entry": HAND_2}], [(1, "number")]),
        ([{"number": 1, "entry": HAND_1}, {"number": 1, "entry": HAND_2}], [(1, "number")]),
    ],
)
def test_malformed_hands_are_reported(hands, expected):
    setup, _, problems = load_session(document(hands))
    assert setup is not None
    assert [(p["hand"], p["field"]) for p in problems] == expected


def test_loading_does_not_change_the_document():
    data = document()
    original = copy.deepcopy(data)
    load_session(data)
    score_document(data)
    assert data == original


# ---------------------------------------------------------------- CSV


def scored_state(players: list[str] | None = None):
    setup, _ = make_setup("french-tarot", players or PLAYERS, {"hands": 3})
    return replay(setup, [(1, HAND_1), (2, HAND_2), (3, HAND_3)]).state


def test_csv_has_points_running_totals_and_a_total_row():
    rows = list(csv.reader(io.StringIO(to_csv(scored_state(), get("french-tarot")))))
    assert rows[0] == [
        "hand",
        "dealer",
        "description",
        *PLAYERS,
        *(f"{name} total" for name in PLAYERS),
    ]
    assert [row[:2] for row in rows[1:4]] == [["1", "Ann"], ["2", "Bob"], ["3", "Cleo"]]
    assert rows[1][3:] == ["186", "-62", "-62", "-62", "186", "-62", "-62", "-62"]
    assert rows[2][3:] == ["41", "-123", "41", "41", "227", "-185", "-21", "-21"]
    assert rows[3][3:] == ["-160", "-160", "480", "-160", "67", "-345", "459", "-181"]
    assert rows[4] == ["Total", "", "", "67", "-345", "459", "-181", "67", "-345", "459", "-181"]
    assert "Garde" in rows[1][2]


def test_csv_marks_a_hand_kept_after_the_end():
    # Three hands agreed and played: a fourth (as a correction of an earlier redeal leaves it)
    # counts nothing, and its row says so as the pad does; the totals stay those worked above.
    setup, _ = make_setup("french-tarot", PLAYERS, {"hands": 3})
    state = replay(setup, [(1, HAND_1), (2, HAND_2), (3, HAND_3), (4, HAND_1)]).state
    rows = list(csv.reader(io.StringIO(to_csv(state, get("french-tarot")))))
    assert [row[2].startswith("After the game · ") for row in rows[1:5]] == [
        False,
        False,
        False,
        True,
    ]
    assert rows[4][3:] == ["0", "0", "0", "0", "67", "-345", "459", "-181"]


def test_csv_does_not_let_a_name_become_a_formula():
    players = ["=HYPERLINK(1)", "Bob", "Cleo", "Dan"]
    rows = list(csv.reader(io.StringIO(to_csv(scored_state(players), get("french-tarot")))))
    assert rows[0][3] == "'=HYPERLINK(1)"
    assert rows[1][1] == "'=HYPERLINK(1)"
    assert rows[1][5] == "-62"  # numbers stay numbers


# ---------------------------------------------------------------- a value that does not apply


def solitaire_document(entry: dict) -> dict:
    """A Wish Solitaire document of one deal."""
    return document(
        [{"number": 1, "entry": entry}], game="wish-solitaire", players=["Ann"], options={}
    )


def test_a_value_for_a_field_that_does_not_apply_is_refused_by_name():
    # A deal won has no cards left (the field applies to a lost deal only): 4 left is a
    # contradiction the format refuses, naming the field, instead of importing a win.
    _, _, problems = load_session(solitaire_document({"result": "won", "cards_left": 4}))
    assert [(p["hand"], p["field"]) for p in problems] == [(1, "cards_left")]
    assert problems[0]["message"] == (
        "'cards_left' does not apply to this hand ('result' is 'won'): leave it out."
    )
    _, problems = score_document(solitaire_document({"result": "won", "cards_left": 4}))
    assert [(p["hand"], p["field"]) for p in problems] == [(1, "cards_left")]


@pytest.mark.parametrize("nothing", [None, ""])
def test_a_field_that_does_not_apply_may_say_nothing(nothing):
    for entry in ({"result": "won"}, {"result": "won", "cards_left": nothing}):
        _, hands, problems = load_session(solitaire_document(entry))
        assert problems == [] and len(hands) == 1
    # A lost deal with 4 cards left: the field applies.
    _, _, problems = load_session(solitaire_document({"result": "lost", "cards_left": 4}))
    assert problems == []


def test_the_export_leaves_out_a_value_its_hand_hid(tmp_path: Path):
    # The pad's form may post a box its choice hid (cards left typed, then Won tapped): the
    # value never counted, so the export leaves it out and the document reads back.
    setup, _ = make_setup("wish-solitaire", ["Ann"])
    with Store(str(tmp_path / "pad.sqlite3"), migrate=True) as store:
        token = store.sessions.create(setup)
        store.hands.add(token, 1, {"result": "won", "cards_left": "4"}, (1,))
        record = store.sessions.get(token)
        data = export_session(record, store.hands.effective(token), store.hands.history(token))
    assert data["hands"] == [{"number": 1, "entry": {"result": "won"}}]
    assert data["history"][0]["entry"] == {"result": "won", "cards_left": "4"}  # as stored
    _, hands, problems = load_session(json.loads(to_json(data)))
    assert problems == [] and hands == [(1, {"result": "won"})]
