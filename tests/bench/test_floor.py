"""The benchmark's floor (bench/floor.py): absent from the pad as shipped; on the app the
benchmark serves, one small form read strictly, one row committed by a `synchronous=FULL`
connection of its own, and bad input refused without a write."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from flask import Flask

from bench.floor import floor_connection, with_floor
from companion import create_app

SYNCHRONOUS_FULL = 2  # SQLite's PRAGMA synchronous: 0 OFF, 1 NORMAL, 2 FULL


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "pad.sqlite3"


def shipped_app(db_path: Path) -> Flask:
    return create_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False})


def bench_app(db_path: Path) -> Flask:
    return with_floor(shipped_app(db_path))


def floor_rows(db_path: Path) -> list[tuple[int, int, float]]:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT number, seat, points FROM bench_floor").fetchall()


def test_the_pad_as_shipped_has_no_floor(db_path: Path) -> None:
    answer = (
        shipped_app(db_path)
        .test_client()
        .post("/_bench/floor", data={"number": "1", "seat": "0", "points": "47"})
    )
    assert answer.status_code == 404


def test_the_floor_commits_one_row_durably_on_its_own(db_path: Path) -> None:
    app = bench_app(db_path)
    answer = app.test_client().post(
        "/_bench/floor", data={"number": "3", "seat": "2", "points": "47"}
    )
    assert answer.status_code == 200 and answer.get_data(as_text=True) == "saved 3"
    assert floor_rows(db_path) == [(3, 2, 47.0)]
    with app.test_request_context():
        conn = floor_connection()
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == SYNCHRONOUS_FULL
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_bad_floor_form_is_refused_and_writes_nothing(db_path: Path) -> None:
    client = bench_app(db_path).test_client()
    for form in (
        {"number": "x", "seat": "0", "points": "1"},
        {"number": "1", "seat": "4", "points": "1"},  # 4 seats: 0 to 3
        {"number": "1", "seat": "0"},
    ):
        assert client.post("/_bench/floor", data=form).status_code == 422
    assert floor_rows(db_path) == []


def test_nothing_in_the_package_knows_the_floor() -> None:
    package = Path(__file__).resolve().parents[2] / "companion"
    knowing = [
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if any(word in path.read_text(encoding="utf-8") for word in ("_bench", "bench.floor"))
    ]
    assert knowing == []
