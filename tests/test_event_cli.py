"""`companion event` (event_cli.py): an event created from a JSON or CSV file of entrants, its
movement printed, its results exported, the events listed with their director's link; a bad
file refused with the problem named (status 2), nothing created."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from companion import cli
from companion.store import Store

TWELVE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.main, ["event", *args])
    return result.exit_code, result.output


def created(tmp_path: Path) -> tuple[Path, str]:
    """A French Tarot night of 12 over 3 rounds, created from JSON: the file and its key."""
    source = tmp_path / "night.json"
    source.write_text(json.dumps({"name": "Friday", "game": "french-tarot", "rounds": 3,
                                  "entrants": TWELVE}))  # fmt: skip
    db = tmp_path / "pad.sqlite3"
    code, out = run("create", str(source), "--db", str(db), "--host", "127.0.0.1", "--seed", "4")
    assert code == 0, out
    found = re.search(r"Director: http://127\.0\.0\.1:8000/e/(\S+)", out)
    assert found is not None and "Created Friday with 12 entrants." in out
    return db, found.group(1)


def test_create_print_the_movement_and_export(tmp_path: Path) -> None:
    db, key = created(tmp_path)
    code, out = run("movement", key, "--db", str(db))
    assert code == 0
    # Three rounds of three tables of four, planned at once; at least 6 repeats (3 + 3: each
    # later round's tables take 2 + 1 + 1 from the round before's).
    assert out.count("Round ") == 3 and out.count("  Table ") == 9
    assert "with these numbers at least 6." in out
    for round_text in out.split("Round ")[1:]:
        names = [n for line in round_text.splitlines()[1:] for n in line.split(": ")[1].split(", ")]
        assert sorted(names) == sorted(TWELVE)
    code, out = run("export", key, "--db", str(db))
    assert code == 0 and out.splitlines()[0] == "place,number,name,round 1,round 2,round 3,total"
    assert len(out.splitlines()) == 13
    code, out = run("export", key, "--format", "json", "--db", str(db))
    assert code == 0 and json.loads(out)["entrants"][0] == {"number": 1, "name": "Ann"}
    code, out = run("list", "--db", str(db), "--host", "127.0.0.1", "--port", "8080")
    assert code == 0 and "Friday  (French Tarot)" in out
    assert f"http://127.0.0.1:8080/e/{key}" in out


def test_a_csv_of_entrants_with_the_settings_as_options(tmp_path: Path) -> None:
    source = tmp_path / "entrants.csv"
    source.write_text("number,name\n" + "".join(f"{n},{x}\n" for n, x in enumerate(TWELVE, 1)))
    db = tmp_path / "pad.sqlite3"
    code, out = run("create", str(source), "--db", str(db), "--name", "Club", "--game", "skat",
                    "--table-size", "3", "--rounds", "2", "--draw-order", "standings",
                    "--seeding", "rating")  # fmt: skip
    assert code == 0, out
    with Store(db) as store:
        (event,) = store.events.all()
        assert (event.game, event.table_size, event.rounds) == ("skat", 3, 2)
        assert event.seeding == "rating"
        assert list(store.events.entrants(event.key).values()) == TWELVE
        assert store.movements.get(event.key) is None  # by the standings: drawn round by round


def test_a_bad_file_is_refused_and_nothing_created(tmp_path: Path) -> None:
    db = tmp_path / "pad.sqlite3"
    source = tmp_path / "night.json"
    for data, words in [
        ({"name": "X", "game": "nope", "entrants": TWELVE}, "Choose a game"),
        ({"name": "X", "game": "skat", "rounds": 0, "entrants": TWELVE}, "rounds must be"),
        ({"name": "X", "game": "skat", "table_size": 7, "entrants": TWELVE}, "not played at"),
        ({"name": "X", "game": "skat", "seeding": "best", "entrants": TWELVE}, "seeding must"),
        ({"name": "X", "game": "skat", "entrants": ["Ann", "ann"]}, "entered twice"),
        ({"name": "X", "game": "skat"}, "list of"),
    ]:
        source.write_text(json.dumps(data))
        code, out = run("create", str(source), "--db", str(db))
        assert code == 2 and words in out, out
    code, out = run("movement", "nope", "--db", str(db))
    assert code == 2 and "There is no event with that key." in out
    with Store(db) as store:
        assert store.events.all() == []
