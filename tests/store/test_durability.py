"""Group commit: every commit is on disk before its writer goes on, and concurrent commits share
fsyncs of the log; a refused write (HandConflict) stays refused and costs the others nothing."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from companion.contract.values import Setup
from companion.store import HandConflict, Store, StoreFault, durability
from companion.store.durability import GroupCommitter, committer_for

THREADS = 24


class SlowLog(GroupCommitter):
    """A committer whose fsync takes a while and is logged: what it covered, when it ended."""

    def __init__(self, database: Path) -> None:
        super().__init__(database)
        self.syncs: list[tuple[int, float]] = []  # (tickets covered up to, finished at)

    def _sync_log(self) -> None:
        covered = self._issued  # read under no lock: only a lower bound is asserted on
        time.sleep(0.005)
        self.syncs.append((covered, time.monotonic()))


def test_each_commit_waits_for_an_fsync_that_covers_it_and_fsyncs_are_shared(tmp_path):
    committer = SlowLog(tmp_path / "pad.sqlite3")
    returned: list[tuple[int, float]] = []
    lock = threading.Lock()
    start = threading.Barrier(THREADS)

    def commit() -> None:
        start.wait()
        ticket = committer.make_durable()
        with lock:
            returned.append((ticket, time.monotonic()))

    threads = [threading.Thread(target=commit) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(ticket for ticket, _ in returned) == list(range(1, THREADS + 1))
    for ticket, at in returned:
        # an fsync that began after this commit was written ended before its writer went on
        assert any(covered >= ticket and ended <= at for covered, ended in committer.syncs)
    # 24 commits arriving together while each fsync takes 5 ms: they share fsyncs
    assert len(committer.syncs) < THREADS
    assert committer.counts().commits == THREADS


def test_a_store_write_fsyncs_the_log_before_it_returns(tmp_path, monkeypatch):
    synced: list[str] = []
    real_sync = durability.sync_data  # fdatasync on Linux, as SQLite's FULL uses

    def spy(descriptor: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{descriptor}"))
        real_sync(descriptor)

    monkeypatch.setattr(durability, "sync_data", spy)
    with Store(tmp_path / "pad.sqlite3", migrate=True) as store:
        token = store.create_session(Setup("war", ("Ann", "Bob")))
        synced.clear()
        store.add_hand(token, 1, {"winner": 0}, (1, -1))
    assert any(path.endswith("pad.sqlite3-wal") for path in synced), synced


def test_a_log_that_cannot_be_synced_is_a_store_fault(tmp_path, monkeypatch):
    with Store(tmp_path / "pad.sqlite3", migrate=True) as store:
        token = store.create_session(Setup("war", ("Ann", "Bob")))

        def broken(descriptor: int) -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(durability, "sync_data", broken)
        with pytest.raises(StoreFault):
            store.add_hand(token, 1, {"winner": 0}, (1, -1))


def test_racing_saves_are_all_kept_in_order_and_a_conflict_is_still_refused(tmp_path):
    """Twelve phones, two per hand number, save hands 1–30 of one session as fast as they can:
    each number is saved once (the second phone gets HandConflict), every save that returned is
    in the file, in number order, and the fsyncs were fewer than the saves."""
    path = tmp_path / "pad.sqlite3"
    with Store(path, migrate=True) as store:
        token = store.create_session(Setup("war", ("Ann", "Bob")))
    before = committer_for(path).counts()
    hands = 30
    saved: list[int] = []
    refused: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(12)

    def phone() -> None:
        with Store(path) as own:
            start.wait()
            while True:
                number = len(own.effective_hands(token)) + 1
                if number > hands:
                    return
                try:
                    own.add_hand(token, number, {"winner": number % 2}, (1, -1))
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
        rows = store.effective_hands(token)
        assert [row.number for row in rows] == list(range(1, hands + 1))
        assert [row.id for row in rows] == sorted(row.id for row in rows)  # saved in order
        with pytest.raises(HandConflict):
            store.add_hand(token, 7, {"winner": 1}, (-1, 1))
    after = committer_for(path).counts()
    commits = after.commits - before.commits
    assert commits >= hands
    assert after.syncs - before.syncs <= commits


def test_a_refused_write_does_not_undo_the_writes_around_it(tmp_path):
    """Saves of two sessions interleaved with a refused one: each write is its own transaction,
    so the refusal takes back only itself."""
    path = tmp_path / "pad.sqlite3"
    with Store(path, migrate=True) as store:
        first = store.create_session(Setup("war", ("Ann", "Bob")))
        second = store.create_session(Setup("war", ("Cat", "Dan")))
        store.add_hand(first, 1, {"winner": 0}, (1, -1))
    errors: list[BaseException] = []

    def save(token: str, number: int) -> None:
        with Store(path) as own:
            try:
                own.add_hand(token, number, {"winner": 1}, (-1, 1))
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
        assert [row.number for row in store.effective_hands(first)] == [1, 2]
        assert store.effective_hands(first)[0].entry == {"winner": 0}  # the first one stands
        assert [row.number for row in store.effective_hands(second)] == [1]
