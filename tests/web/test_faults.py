"""Disk and file faults: a full disk, a read-only file, a lock held too long. Each gives a clear
message with nothing saved and nothing lost, the server stays up, and start-up says why."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from companion import cli
from companion.store import FaultKind, Store, StoreFault
from companion.web.service_door import app_state
from tests.web.conftest import GARDE_47, phone_app, start, stored_hands


def fill_until_refused(
    client: FlaskClient, url: str, store: Store, htmx: bool = False
) -> tuple[int, object]:
    """Save hands until the file, held at its current size, has no room for the next one:
    the number of hands saved before, and the answer to the one refused."""
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    headers = {"HX-Request": "true"} if htmx else {}
    try:
        for number in range(1, 200):
            response = client.post(
                url + "/hands", headers=headers, data=GARDE_47 | {"expected_number": str(number)}
            )
            if response.status_code not in (200, 303):
                return number - 1, response
    finally:
        store.db.execute("PRAGMA max_page_count = 1073741823")
    raise AssertionError("the file never filled up")


def this_threads_store(app: Flask) -> Store:
    with app.test_request_context():
        from companion.web.service_door import get_service

        return get_service()._store  # the test reaches under the service to fill the file


def test_a_full_disk_saves_nothing_and_says_so(
    app: Flask, client: FlaskClient, db_path: Path
) -> None:
    url = start(client)
    saved, response = fill_until_refused(client, url, this_threads_store(app))
    text = response.get_data(as_text=True)
    assert response.status_code == 507
    assert "the disk is full" in text and "Nothing was saved" in text
    # Every hand acknowledged before is on disk; the refused one is not.
    assert [row.number for row in stored_hands(db_path, url)] == list(range(1, saved + 1))
    assert client.get(url).status_code == 200  # still up


def test_a_full_disk_through_htmx_shows_in_the_toast(app: Flask, client: FlaskClient) -> None:
    url = start(client)
    _, response = fill_until_refused(client, url, this_threads_store(app), htmx=True)
    assert response.status_code == 507
    assert response.headers["HX-Retarget"] == "#toast"
    assert "the disk is full" in response.get_data(as_text=True)


@pytest.fixture
def held_lock(db_path: Path) -> Iterator[None]:
    """Another program holding the write lock on the file."""
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    yield
    holder.execute("ROLLBACK")
    holder.close()


def test_a_lock_held_too_long_is_named(db_path: Path) -> None:
    app = phone_app(
        {
            "DATABASE": str(db_path),
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "DATABASE_BUSY_SECONDS": 0.2,
        }
    )
    client = app.test_client()
    url = start(client)
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        response = client.post(url + "/hands", data=GARDE_47)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert response.status_code == 503
    text = response.get_data(as_text=True)
    assert "locked" in text and "Try again in a moment" in text
    assert client.post(url + "/hands", data=GARDE_47).status_code == 303  # and then it works


def test_a_read_only_file_can_be_viewed_and_printed_not_changed(db_path: Path) -> None:
    writer = phone_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False})
    url = start(writer.test_client())
    assert writer.test_client().post(url + "/hands", data=GARDE_47).status_code == 303
    # The same file opened read-only, as a file the server cannot write is opened.
    app = phone_app(
        {
            "DATABASE": str(db_path),
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "DATABASE_READ_ONLY": True,
        }
    )
    assert app_state(app).read_only
    client = app.test_client()
    assert "+186" in client.get(url).get_data(as_text=True)  # hand 1 is shown
    assert client.get(url + "/summary").status_code == 200
    response = client.post(url + "/hands", data=GARDE_47 | {"expected_number": "2"})
    assert response.status_code == 503
    assert "read-only" in response.get_data(as_text=True)
    assert [row.number for row in stored_hands(db_path, url)] == [1]


def test_a_file_it_cannot_write_is_opened_read_only(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store(db_path, migrate=True):
        pass
    monkeypatch.setattr(os, "access", lambda path, mode: mode != os.W_OK)
    with Store(db_path, migrate=True) as store:
        assert store.read_only
        with pytest.raises(StoreFault) as caught:
            store.sessions.end("x")
    assert caught.value.kind is FaultKind.READ_ONLY


def test_a_read_only_file_needing_an_upgrade_is_refused(db_path: Path) -> None:
    with Store(db_path) as fresh:  # created, never migrated
        fresh.db.execute("CREATE TABLE placeholder (x)")
    with pytest.raises(StoreFault) as caught:
        Store(db_path, migrate=True, read_only=True)
    assert caught.value.kind is FaultKind.READ_ONLY


def test_start_up_names_an_unusable_file(tmp_path: Path) -> None:
    not_a_database = tmp_path / "notes.sqlite3"
    not_a_database.write_text("these are my notes, not a database\n" * 100)
    result = CliRunner().invoke(cli.main, ["serve", "--db", str(not_a_database)])
    assert result.exit_code == 2
    assert "The pad cannot use its file" in result.output
    assert "Traceback" not in result.output
