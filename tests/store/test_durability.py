"""Durable writes under concurrency: every commit is on disk before its writer goes on (SQLite's
own sync), racing saves are all kept in order, and a refused write (HandConflict) stays refused
and costs the others nothing."""

from __future__ import annotations

import threading

import pytest

from companion.contract.values import Setup
from companion.store import HandConflict, Store

THREADS = 24


def test_a_store_write_is_synced_by_sqlite_itself(tmp_path):
    """WAL with synchronous=FULL (2): SQLite fsyncs the log at every COMMIT, so a save that
    returned is on disk (the crash test, test_crash.py, kills a writer to prove it)."""
    with Store(tmp_path / "pad.sqlite3", migrate=True) as store:
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_racing_saves_are_all_kept_in_order_and_a_conflict_is_still_refused(tmp_path):
    """Twelve phones, two per hand number, save hands 1–30 of one session as fast as they can:
    each number is saved once (the second phone gets HandConflict), and every save that
    returned is in the file, in number order."""
    path = tmp_path / "pad.sqlite3"
    with Store(path, migrate=True) as store:
        token = store.sessions.create(Setup("war", ("Ann", "Bob")))
    hands = 30
    saved: list[int] = []
    refused: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(12)

    def phone() -> None:
        with Store(path) as own:
            start.wait()
            while True:
                number = len(own.hands.effective(token)) + 1
                if number > hands:
                    return
                try:
                    own.hands.add(token, number, {"winner": number % 2}, (1, -1))
                except HandConflict:
                    with lock:
                        refused.append(number)
                    continue
                with lock:
                    saved.append(number)

    threads = [threading.Thread(target=phone) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(saved) == list(range(1, hands + 1))  # each hand saved exactly once
    with Store(path) as store:
        rows = store.hands.effective(token)
        assert [row.number for row in rows] == list(range(1, hands + 1))
        assert [row.id for row in rows] == sorted(row.id for row in rows)  # saved in order
        with pytest.raises(HandConflict):
            store.hands.add(token, 7, {"winner": 1}, (-1, 1))


def test_a_refused_write_does_not_undo_the_writes_around_it(tmp_path):
    """Saves of two sessions interleaved with a refused one: each write is its own transaction,
    so the refusal takes back only itself."""
    path = tmp_path / "pad.sqlite3"
    with Store(path, migrate=True) as store:
        first = store.sessions.create(Setup("war", ("Ann", "Bob")))
        second = store.sessions.create(Setup("war", ("Cat", "Dan")))
        store.hands.add(first, 1, {"winner": 0}, (1, -1))
    errors: list[BaseException] = []

    def save(token: str, number: int) -> None:
        with Store(path) as own:
            try:
                own.hands.add(token, number, {"winner": 1}, (-1, 1))
            except HandConflict as error:
                errors.append(error)

    threads = [
        threading.Thread(target=save, args=(first, 1)),  # refused: hand 1 exists
        threading.Thread(target=save, args=(first, 2)),
        threading.Thread(target=save, args=(second, 1)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(errors) == 1
    with Store(path) as store:
        assert [row.number for row in store.hands.effective(first)] == [1, 2]
        assert store.hands.effective(first)[0].entry == {"winner": 0}  # the first one stands
        assert [row.number for row in store.hands.effective(second)] == [1]
