"""Group commit: concurrent writes to one SQLite file share one fsync of its write-ahead log.

The store runs SQLite in WAL mode with `synchronous=NORMAL`: a COMMIT appends the transaction's
frames to the `-wal` file with plain writes (into the OS page cache) and returns without
syncing. The log stays consistent through a power cut (every frame is checksummed; recovery
stops at the first frame that does not check out), but the last commits could be lost. A
commit becomes durable once the log's bytes up to its commit frame are on disk, which one
`fsync` of the log file does for every commit written before that fsync began.

So every writer, once its COMMIT has returned, takes a ticket and waits until an fsync that
began after its ticket was issued has finished (`GroupCommitter.make_durable`). One waiter at
a time runs the fsync, for everyone whose ticket it covers; the others wait on a condition.
The write lock is not held while syncing, so the next transactions commit during an fsync and
the next fsync covers them all: under load many saves share one fsync, alone a save pays one,
as it did with `synchronous=FULL`. A request answers only after `make_durable` returned, so a
hand acknowledged is on disk.

A committer belongs to one process and one database file (`committer_for`); another process
(a second worker) has its own and syncs its own commits.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CommitCounts:
    """How many commits were made durable, and by how many fsyncs of the log."""

    commits: int
    syncs: int


class GroupCommitter:
    """Makes commits to one database durable, sharing each fsync of its log among them."""

    def __init__(self, database: Path) -> None:
        self.wal = database.with_name(database.name + "-wal")
        self._condition = threading.Condition()
        self._issued = 0  # the last ticket handed to a commit
        self._synced = 0  # every ticket up to this one is on disk
        self._syncing = False
        self._syncs = 0
        self._wal_inode: int | None = None

    def make_durable(self) -> int:
        """Return once the transaction this thread just committed is on disk; returns the
        commit's ticket (its place in this process's order of commits).

        Raises OSError when the log could not be synced (the caller reports a store fault).
        """
        with self._condition:
            self._issued += 1
            ticket = self._issued
            while self._synced < ticket:
                if self._syncing:
                    self._condition.wait()
                    continue
                self._syncing = True
                covered = self._issued  # every commit with a ticket up to here was written
                self._condition.release()
                try:
                    self._sync_log()
                finally:
                    self._condition.acquire()
                    self._syncing = False
                    self._condition.notify_all()
                self._synced = max(self._synced, covered)
                self._syncs += 1
            return ticket

    def counts(self) -> CommitCounts:
        """Commits made durable so far and the fsyncs it took (what the benchmark reports)."""
        with self._condition:
            return CommitCounts(self._synced, self._syncs)

    def _sync_log(self) -> None:
        """fsync the log file (opened afresh: SQLite may delete it and start a new one after a
        checkpoint); a new log file also gets its folder synced, so its name survives too. No
        log file means it was checkpointed into the database and deleted: already durable."""
        try:
            descriptor = os.open(self.wal, os.O_RDONLY)
        except FileNotFoundError:
            return
        try:
            # fdatasync, as SQLite's own synchronous=FULL does on Linux: the log's frames and
            # its length reach the disk; only its modification time may not (not needed to
            # read it back). A new log file's name is made durable by the folder's fsync below.
            sync_data(descriptor)
            inode = os.fstat(descriptor).st_ino
        finally:
            os.close(descriptor)
        if inode != self._wal_inode:
            folder = os.open(self.wal.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
            self._wal_inode = inode


sync_data = getattr(os, "fdatasync", os.fsync)  # fdatasync where the system has it (not macOS)


_COMMITTERS: dict[tuple[int, Path], GroupCommitter] = {}
_COMMITTERS_LOCK = threading.Lock()


def committer_for(database: Path) -> GroupCommitter:
    """This process's committer for the database at `database` (one per file, shared by every
    store of the process: its threads' connections all commit to the same log)."""
    key = (os.getpid(), database.resolve())
    with _COMMITTERS_LOCK:
        committer = _COMMITTERS.get(key)
        if committer is None:
            committer = _COMMITTERS[key] = GroupCommitter(key[1])
        return committer
