"""The command line, driven through click's CliRunner (the server itself is never started)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from companion import cli, serving
from companion.contract.referee import all_referees, game_with_referee
from companion.contract.registry import all_games
from companion.engine.replay import make_setup
from companion.service.exchange import FORMAT
from companion.store import Store
from tests.engine.test_replay import (
    ANTI_TRUMP_TABLE,
    BID_OF_SIX,
    BID_OF_SIX_PROBLEMS,
    pad_problems,
)

PLAYERS = ["Ann", "Bob", "Cleo", "Dan"]
GARDE = {"contract": "garde", "taker": 0, "points": 47, "bouts": 2}
PETITE_FAILED = {"contract": "petite", "taker": 1, "points": 45, "bouts": 1}


def document(*entries: dict) -> dict:
    return {
        "format": FORMAT,
        "game": "french-tarot",
        "players": PLAYERS,
        "first_dealer": 0,
        "options": {},
        "hands": [{"number": n, "entry": e} for n, e in enumerate(entries, start=1)],
    }


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def stored(tmp_path: Path) -> tuple[Path, str]:
    """A database file holding one session of two hands; returns its path and the token."""
    path = tmp_path / "companion.sqlite3"
    setup, _ = make_setup("french-tarot", PLAYERS)
    with Store(path, migrate=True) as store:
        token = store.sessions.create(setup)
        store.hands.add(token, 1, GARDE, (186, -62, -62, -62))
        store.hands.add(token, 2, PETITE_FAILED, (31, -93, 31, 31))
    return path, token


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------- games


def test_games_lists_every_game(runner):
    result = runner.invoke(cli.main, ["games"])
    assert result.exit_code == 0
    for game in all_games():
        assert game.slug in result.output
        assert game.name in result.output
    assert "French Tarot" in result.output
    assert "2–5 players" in result.output


def test_games_json_describes_every_game(runner):
    result = runner.invoke(cli.main, ["games", "--json"])
    assert result.exit_code == 0
    described = json.loads(result.output)
    games = [game_with_referee(game) for game in all_games()]
    assert described[: len(games)] == games
    # After the games, those whose score pad is to come but whose trick referee is here.
    waiting = {referee.slug for referee in all_referees()} - {game.slug for game in all_games()}
    assert {entry["slug"] for entry in described[len(games) :]} == waiting
    assert all(entry["referee_only"] for entry in described[len(games) :])
    assert "french-tarot" in [game["slug"] for game in described]


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        ((2, 3, 4, 5), "2–5"),
        ((4,), "4"),
        ((3, 4, 6), "3, 4 or 6"),
        ((5, 3), "3 or 5"),
    ],
)
def test_count_range(counts, words):
    assert cli.count_range(counts) == words


# ---------------------------------------------------------------- score


def test_score_of_a_good_file(runner, tmp_path):
    result = runner.invoke(cli.main, ["score", str(write(tmp_path, document(GARDE)))])
    assert result.exit_code == 0, result.output
    scored = json.loads(result.output)
    assert scored["totals"] == {"Ann": 186, "Bob": -62, "Cleo": -62, "Dan": -62}
    assert scored["hands"][0]["number"] == 1


def test_score_from_stdin(runner):
    text = json.dumps(document(GARDE, PETITE_FAILED))
    result = runner.invoke(cli.main, ["score", "-"], input=text)
    assert result.exit_code == 0, result.output
    # hand 2: Petite failed by 6, (25 + 6) × 1 = 31 to each defender
    assert json.loads(result.output)["totals"] == {"Ann": 217, "Bob": -155, "Cleo": -31, "Dan": -31}


def test_score_of_a_file_with_a_refused_hand_exits_2(runner, tmp_path):
    impossible = {"contract": "garde", "taker": 0, "points": 3, "bouts": 1}
    path = write(tmp_path, document(GARDE, impossible))
    result = runner.invoke(cli.main, ["score", str(path)])
    assert result.exit_code == 2
    problems = json.loads(result.output)["problems"]
    assert [(p["hand"], p["field"]) for p in problems] == [(2, "points")]


def test_score_of_an_unknown_game_exits_2(runner, tmp_path):
    path = write(tmp_path, {**document(GARDE), "game": "snap"})
    result = runner.invoke(cli.main, ["score", str(path)])
    assert result.exit_code == 2
    assert json.loads(result.output)["problems"][0]["field"] == "game"


def test_score_of_invalid_json_names_the_file(runner, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    result = runner.invoke(cli.main, ["score", str(path)])
    assert result.exit_code == 2
    problem = json.loads(result.output)["problems"][0]
    assert str(path) in problem["message"]
    assert problem["field"] == "file"


def test_score_of_a_missing_file_exits_2(runner, tmp_path):
    missing = tmp_path / "missing.json"
    result = runner.invoke(cli.main, ["score", str(missing)])
    assert result.exit_code == 2
    assert str(missing) in json.loads(result.output)["problems"][0]["message"]


def test_score_of_bad_stdin_names_standard_input(runner):
    result = runner.invoke(cli.main, ["score", "-"], input="nope")
    assert result.exit_code == 2
    assert "standard input" in json.loads(result.output)["problems"][0]["message"]


# ---------------------------------------------------------------- export


def test_export_json(runner, stored):
    path, token = stored
    result = runner.invoke(cli.main, ["export", token, "--db", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["format"] == FORMAT
    assert data["players"] == PLAYERS
    assert [hand["entry"] for hand in data["hands"]] == [GARDE, PETITE_FAILED]


def test_export_reads_companion_db_from_the_environment(runner, stored, monkeypatch):
    path, token = stored
    monkeypatch.setenv("COMPANION_DB", str(path))
    result = runner.invoke(cli.main, ["export", token])
    assert result.exit_code == 0, result.output


def test_export_csv(runner, stored):
    path, token = stored
    result = runner.invoke(cli.main, ["export", token, "--format", "csv", "--db", str(path)])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0][:4] == ["hand", "dealer", "description", "Ann"]
    assert rows[-1][:7] == ["Total", "", "", "217", "-155", "-31", "-31"]


def test_exported_file_scores_back(runner, stored, tmp_path):
    path, token = stored
    exported = runner.invoke(cli.main, ["export", token, "--db", str(path)]).output
    result = runner.invoke(cli.main, ["score", "-"], input=exported)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["totals"]["Ann"] == 217


def test_export_of_an_unknown_token_exits_2(runner, stored):
    path, _ = stored
    result = runner.invoke(cli.main, ["export", "no-such-token", "--db", str(path)])
    assert result.exit_code == 2
    assert "no session" in result.output


def test_export_never_creates_a_database(runner, tmp_path):
    missing = tmp_path / "nothing.sqlite3"
    result = runner.invoke(cli.main, ["export", "token", "--db", str(missing)])
    assert result.exit_code == 2
    assert not missing.exists()


# ---------------------------------------------------------------- backup


def test_backup_copies_the_database(runner, stored, tmp_path):
    path, token = stored
    dest = tmp_path / "backups" / "copy.sqlite3"
    with Store(path) as serving:  # a connection stays open, as the server's would
        result = runner.invoke(cli.main, ["backup", str(dest), "--db", str(path)])
        assert serving.hands.last_change(token) > 0
    assert result.exit_code == 0, result.output
    with Store(dest) as copy:
        assert [row.entry for row in copy.hands.effective(token)] == [GARDE, PETITE_FAILED]


def test_backup_refuses_to_overwrite_its_source(runner, stored):
    path, _ = stored
    result = runner.invoke(cli.main, ["backup", str(path), "--db", str(path)])
    assert result.exit_code == 2


# ---------------------------------------------------------------- serve


def test_serve_prints_the_address_and_a_qr_code_then_serves(runner, monkeypatch, tmp_path):
    served: dict = {}
    app = SimpleNamespace(config={})  # the app's config: serve leaves the phones' address in it
    monkeypatch.setattr(serving, "outward_ipv4", lambda: "192.168.1.23")

    def build_app(database: Path) -> object:
        served["db"] = database
        return app

    monkeypatch.setattr(cli, "_build_app", build_app)
    monkeypatch.setattr(
        cli.waitress, "serve", lambda wsgi, **kwargs: served.update(app=wsgi, **kwargs)
    )
    database = tmp_path / "pad.sqlite3"
    result = runner.invoke(
        cli.main,
        ["serve", "--port", "8123", "--threads", "4", "--db", str(database)],
    )
    assert result.exit_code == 0, result.output
    assert served == {
        "db": database,
        "app": app,
        "host": "0.0.0.0",
        "port": 8123,
        "threads": 4,
        "connection_limit": 1000,
        "asyncore_use_poll": True,
    }
    assert str(database) in result.output
    assert "http://192.168.1.23:8123/" in result.output
    assert "█" in result.output or "▀" in result.output  # the QR code
    assert app.config == {"PHONE_ADDRESS": "http://192.168.1.23:8123/"}  # for the table cards


def test_serve_runs_one_waitress_process_with_eight_threads_by_default(
    runner, monkeypatch, tmp_path
):
    served: list[dict] = []
    monkeypatch.setattr(cli, "_build_app", lambda database: SimpleNamespace(config={}))
    monkeypatch.setattr(cli.waitress, "serve", lambda wsgi, **kwargs: served.append(kwargs))
    result = runner.invoke(
        cli.main, ["serve", "--host", "127.0.0.1", "--db", str(tmp_path / "pad.sqlite3")]
    )
    assert result.exit_code == 0, result.output
    assert served == [
        {
            "host": "127.0.0.1",
            "port": 8000,
            "threads": 8,
            "connection_limit": 1000,
            "asyncore_use_poll": True,
        }
    ]


def test_serve_has_no_worker_processes_of_its_own(runner, monkeypatch, tmp_path):
    # Several processes are gunicorn's job (README.md); `serve` refuses the old option.
    monkeypatch.setattr(cli, "_build_app", lambda database: SimpleNamespace(config={}))
    monkeypatch.setattr(cli.waitress, "serve", lambda wsgi, **kwargs: None)
    result = runner.invoke(cli.main, ["serve", "--workers", "2"])
    assert result.exit_code == 2
    assert "No such option '--workers'" in result.output


def test_serve_takes_the_database_from_the_environment(runner, monkeypatch, tmp_path):
    database = tmp_path / "env.sqlite3"
    monkeypatch.setenv("COMPANION_DB", str(database))
    seen: list[Path] = []
    monkeypatch.setattr(
        cli, "_build_app", lambda path: seen.append(path) or SimpleNamespace(config={})
    )
    monkeypatch.setattr(cli.waitress, "serve", lambda *args, **kwargs: None)
    result = runner.invoke(cli.main, ["serve", "--host", "127.0.0.1"])
    assert result.exit_code == 0, result.output
    assert seen == [database]
    assert "http://127.0.0.1:8000/" in result.output


@pytest.mark.parametrize("typed", ["²", "③", "--1", "1e308", "1" * 40, 10**30, 1e308])
def test_score_of_an_odd_number_exits_2_with_the_field(runner, tmp_path, typed):
    data = document(GARDE | {"points": typed})
    result = runner.invoke(cli.main, ["score", str(write(tmp_path, data))])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    problems = json.loads(result.output)["problems"]
    assert [(p["hand"], p["field"]) for p in problems] == [(1, "points")]


def test_score_counts_nothing_for_a_hand_after_the_game_is_over(runner, tmp_path):
    # Two agreed hands (option "hands" = 2): the game is over after hand 2, so hand 3 (kept
    # on the pad when a correction ended the game earlier) counts nothing, as on the pad.
    # Totals after hand 2 as worked out below (the facts test): Ann 217, Bob −155, the others
    # −31 each; hand 3's Garde would have added 186 to Ann.
    data = document(GARDE, PETITE_FAILED, GARDE) | {"options": {"hands": 2}}
    result = runner.invoke(cli.main, ["score", str(write(tmp_path, data))])
    assert result.exit_code == 0
    answer = json.loads(result.output)
    assert answer["totals"] == {"Ann": 217, "Bob": -155, "Cleo": -31, "Dan": -31}
    assert answer["hands"][2]["points"] == {"Ann": 0, "Bob": 0, "Cleo": 0, "Dan": 0}
    assert answer["hands"][2]["lines"] == [
        "The game was over after hand 2 (After 2 hands Ann wins with 217): this hand does not count"
    ]


def test_score_answers_the_facts_and_the_settlement_as_data(runner, tmp_path):
    # Hand 1: Garde, Ann, 2 bouts, 47: target 41, made by 6, (25 + 6) × 2 = 62 a defender.
    # Hand 2: Petite, Bob, 1 bout, 45: target 51, failed by 6, −31 a defender: Bob −93.
    # Totals: Ann 186 + 31 = 217, Bob −62 − 93 = −155, Cleo and Dan −62 + 31 = −31.
    result = runner.invoke(
        cli.main, ["score", str(write(tmp_path, document(GARDE, PETITE_FAILED)))]
    )
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["format"] == "table-companion/score@2"
    first, second = (hand["facts"] for hand in answer["hands"])
    assert (first["made"], first["margin"], first["per_defender"]) == (True, 6, 62)
    assert (second["made"], second["margin"], second["per_defender"]) == (False, 6, -31)
    settlement = answer["settlement"]
    assert settlement["nets"] == {"Ann": 217, "Bob": -155, "Cleo": -31, "Dan": -31}
    moved = {name: 0 for name in PLAYERS}
    for payment in settlement["payments"]:
        moved[payment["payer"]] -= payment["amount"]
        moved[payment["payee"]] += payment["amount"]
    assert moved == settlement["nets"]


def test_referee_round_trip(runner, tmp_path):
    # Maw, Clubs trumps: the Jack of trumps (Bob) ranks second only to the Five.
    request = {
        "players": 4,
        "names": PLAYERS,
        "context": {"trump": "C"},
        "cards": ["AH", "JC", "KC", "5S"],
    }
    result = runner.invoke(cli.main, ["referee", "maw", str(write(tmp_path, request))])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)["verdicts"][0]
    assert (found["winner"], found["card"]) == (1, "JC")
    assert found["words"].startswith("Bob wins with the Jack of Clubs")


def test_referee_refusal_exits_2_with_the_field(runner):
    result = runner.invoke(
        cli.main, ["referee", "maw", "-"], input=json.dumps({"players": 4, "cards": ["AH"]})
    )
    assert result.exit_code == 2
    assert json.loads(result.output)["problems"][0]["field"] == "trump"


def test_referee_of_a_game_without_one_exits_2(runner):
    result = runner.invoke(cli.main, ["referee", "no-such-game", "-"], input="{}")
    assert result.exit_code == 2 and "no trick referee" in result.output


def test_games_json_says_what_each_referee_needs(runner):
    described = {
        g["slug"]: g for g in json.loads(runner.invoke(cli.main, ["games", "--json"]).output)
    }
    assert [f["name"] for f in described["skat"]["referee"]["variants"][0]["context"]] == ["game"]
    assert [f["name"] for f in described["french-tarot"]["referee"]["variants"][0]["options"]] == [
        "suit_order"
    ]


# ---------------------------------------------------------------- import


def test_import_stores_a_session_whose_hands_the_engine_accepts(runner, tmp_path):
    database = tmp_path / "other-laptop.sqlite3"  # a machine that has no database yet
    result = runner.invoke(
        cli.main, ["import", str(write(tmp_path, document(GARDE, GARDE))), "--db", str(database)]
    )
    assert result.exit_code == 0, result.output
    token = result.output.strip().removeprefix("/s/")
    with Store(database, migrate=True) as store:
        hands = store.hands.effective(token)
        assert [hand.points for hand in hands] == [(186, -62, -62, -62)] * 2  # worked example
        assert store.sessions.get(token).setup.players == tuple(PLAYERS)


def test_import_refuses_a_tampered_file_and_imports_nothing(runner, tmp_path):
    database = tmp_path / "companion.sqlite3"
    tampered = document(GARDE, {**GARDE, "bouts": 4})  # no hand has four bouts
    result = runner.invoke(
        cli.main, ["import", str(write(tmp_path, tampered)), "--db", str(database)]
    )
    assert result.exit_code == 2
    problems = json.loads(result.output)["problems"]
    assert [(p["hand"], p["field"]) for p in problems] == [(2, "bouts")]
    with Store(database, migrate=True) as store:
        assert store.db.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0


# ---------------------------------------------------------------- restore


def test_restore_puts_a_backup_in_place(runner, stored, tmp_path):
    path, token = stored
    backup = tmp_path / "backup.sqlite3"
    assert runner.invoke(cli.main, ["backup", str(backup), "--db", str(path)]).exit_code == 0
    fresh = tmp_path / "new-laptop" / "companion.sqlite3"
    fresh.parent.mkdir()
    result = runner.invoke(cli.main, ["restore", str(backup), "--db", str(fresh)])
    assert result.exit_code == 0, result.output
    assert "1 session" in result.output
    with Store(fresh) as restored:
        assert [row.entry for row in restored.hands.effective(token)] == [GARDE, PETITE_FAILED]


def test_restore_replaces_only_when_asked_and_keeps_what_it_replaced(runner, stored, tmp_path):
    path, token = stored
    backup = tmp_path / "backup.sqlite3"
    runner.invoke(cli.main, ["backup", str(backup), "--db", str(path)])
    other = tmp_path / "other.sqlite3"
    setup, _ = make_setup("war", ["Ann", "Bob"])
    with Store(other, migrate=True) as store:
        kept_token = store.sessions.create(setup)
    refused = runner.invoke(cli.main, ["restore", str(backup), "--db", str(other)])
    assert refused.exit_code == 2 and "--replace" in refused.output
    result = runner.invoke(cli.main, ["restore", str(backup), "--db", str(other), "--replace"])
    assert result.exit_code == 0, result.output
    with Store(other) as restored:
        assert restored.sessions.get(token) is not None
        assert restored.sessions.get(kept_token) is None
    with Store(tmp_path / "other.sqlite3.before-restore") as kept:
        assert kept.sessions.get(kept_token) is not None


def test_restore_refuses_a_file_that_is_not_a_backup(runner, tmp_path):
    fake = tmp_path / "notes.sqlite3"
    fake.write_text("shopping list", encoding="utf-8")
    target = tmp_path / "companion.sqlite3"
    result = runner.invoke(cli.main, ["restore", str(fake), "--db", str(target)])
    assert result.exit_code == 2
    assert "is not a pad's backup" in result.output
    assert not target.exists()
    other = tmp_path / "other-app.sqlite3"  # an SQLite file, but not a pad's
    sqlite3.connect(other).execute("CREATE TABLE notes (text)").connection.commit()
    result = runner.invoke(cli.main, ["restore", str(other), "--db", str(target)])
    assert result.exit_code == 2 and "is not a pad's backup" in result.output
    assert not target.exists()


# ---------------------------------------------------------------- every door judges alike


def anti_trump_document(entry: dict) -> dict:
    """A session document of the anti-trump game at four with one round."""
    return {
        **document(),
        "game": "anti-trump",
        "players": ANTI_TRUMP_TABLE,
        "hands": [{"number": 1, "entry": entry}],
    }


def as_printed(problems: list[tuple[str | None, str]]) -> list[dict]:
    """The pad's problems of hand 1 as the command line prints them."""
    return [{"hand": 1, "field": field, "message": message} for field, message in problems]


def test_score_names_every_problem_of_a_hand_in_the_pads_words(runner, tmp_path):
    path = write(tmp_path, anti_trump_document(BID_OF_SIX))
    result = runner.invoke(cli.main, ["score", str(path)])
    assert result.exit_code == 2
    printed = json.loads(result.output)["problems"]
    assert printed == as_printed(pad_problems(BID_OF_SIX)) == as_printed(BID_OF_SIX_PROBLEMS)


def test_import_names_every_problem_of_a_hand_and_imports_nothing(runner, tmp_path):
    database = tmp_path / "companion.sqlite3"
    path = write(tmp_path, anti_trump_document(BID_OF_SIX))
    result = runner.invoke(cli.main, ["import", str(path), "--db", str(database)])
    assert result.exit_code == 2
    printed = json.loads(result.output)["problems"]
    assert printed == as_printed(pad_problems(BID_OF_SIX)) == as_printed(BID_OF_SIX_PROBLEMS)
    with Store(database, migrate=True) as store:
        assert store.db.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0
