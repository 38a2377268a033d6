"""The benchmark's floor: absent in normal serving; when asked for, one small form read
strictly, one row committed durably on its own (SQLite syncing the log at every COMMIT, on a
connection of its own), and bad input refused without a write."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask import Flask

from companion.web.floor import floor_connection
from tests.web.conftest import phone_app

SYNCHRONOUS_FULL = 2  # SQLite's PRAGMA synchronous: 0 OFF, 1 NORMAL, 2 FULL


def bench_app(db_path: Path) -> Flask:
    return phone_app(
        {"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False, "BENCH_FLOOR": True}
    )


def floor_rows(db_path: Path) -> list[tuple[int, int, float]]:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT number, seat, points FROM bench_floor").fetchall()


def test_normal_serving_has_no_floor(client) -> None:
    assert (
        client.post("/_bench/floor", data={"number": "1", "seat": "0", "points": "47"}).status_code
        == 404
    )


def test_the_floor_commits_one_row_durably_on_its_own(db_path: Path) -> None:
    app = bench_app(db_path)
    answer = app.test_client().post(
        "/_bench/floor", data={"number": "3", "seat": "2", "points": "47"}
    )
    assert answer.status_code == 200 and answer.get_data(as_text=True) == "saved 3"
    assert floor_rows(db_path) == [(3, 2, 47.0)]
    # Its own connection syncs every COMMIT itself.
    with app.test_request_context():
        assert floor_connection().execute("PRAGMA synchronous").fetchone()[0] == SYNCHRONOUS_FULL


def test_a_bad_floor_form_is_refused_and_writes_nothing(db_path: Path) -> None:
    client = bench_app(db_path).test_client()
    for form in (
        {"number": "x", "seat": "0", "points": "1"},
        {"number": "1", "seat": "4", "points": "1"},  # 4 seats: 0 to 3
        {"number": "1", "seat": "0"},
    ):
        assert client.post("/_bench/floor", data=form).status_code == 422
    assert floor_rows(db_path) == []


def test_the_commit_counts_say_the_process_and_its_cpu_time(db_path: Path) -> None:
    import os

    client = bench_app(db_path).test_client()
    first = client.get("/_bench/commits").get_json()
    sum(range(200_000))  # some CPU between the two answers
    second = client.get("/_bench/commits").get_json()
    assert first["pid"] == second["pid"] == os.getpid()
    assert second["cpu_seconds"] > first["cpu_seconds"] > 0
