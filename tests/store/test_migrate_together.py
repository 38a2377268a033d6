"""Several processes opening one file at once all start (issue 40: `gunicorn -w 2` on a file
that did not exist yet failed about one start in four: "database is locked" from the switch to
the write-ahead log, or a migration applied and recorded twice).

Four processes are released together on a new file, and on a file an older version left (the
migrations up to m010 only), five times each: every process opens the store migrated, and
each migration is recorded exactly once.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest
from sqlite_utils import Database as SqliteDatabase

from companion.store import Store
from companion.store.migrations import MIGRATIONS

PROCESSES = 4
TRIES = 5
OLDER_VERSION_STOPS_BEFORE = "m011_statistics_standing"


def open_together(path: str, barrier: Barrier) -> None:
    """One worker's start: wait for the others, then open the store as `create_app` does."""
    barrier.wait(30)
    with Store(path, migrate=True) as store:
        store.secret_key()


def start_together(path: Path) -> list[int | None]:
    """The exit codes of `PROCESSES` processes opening the file at the same moment."""
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(PROCESSES)
    workers = [
        context.Process(target=open_together, args=(str(path), barrier)) for _ in range(PROCESSES)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    return [worker.exitcode for worker in workers]


def recorded(path: Path) -> dict[str, int]:
    """How many times each migration is recorded in the file."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name, count(*) FROM _sqlite_migrations GROUP BY name")
        return dict(rows.fetchall())


def every_migration_once() -> dict[str, int]:
    return {migration.name: 1 for migration in MIGRATIONS.pending(SqliteDatabase(memory=True))}


@pytest.mark.parametrize("attempt", range(TRIES))
def test_processes_starting_together_on_a_new_file_all_start(tmp_path: Path, attempt: int) -> None:
    path = tmp_path / f"new-{attempt}.sqlite3"
    assert start_together(path) == [0] * PROCESSES
    assert recorded(path) == every_migration_once()


@pytest.mark.parametrize("attempt", range(TRIES))
def test_processes_starting_together_on_an_older_file_all_start(
    tmp_path: Path, attempt: int
) -> None:
    path = tmp_path / f"old-{attempt}.sqlite3"
    older = SqliteDatabase(path)
    older.execute("PRAGMA journal_mode=WAL")
    MIGRATIONS.apply(older, stop_before=OLDER_VERSION_STOPS_BEFORE)
    older.close()
    assert len(recorded(path)) < len(every_migration_once())
    assert start_together(path) == [0] * PROCESSES
    assert recorded(path) == every_migration_once()
