"""The database file: its connection, its migrations, and the one write path every aggregate
shares (`Database._write`: one `BEGIN IMMEDIATE` transaction), with SQLite's errors turned into
`StoreFault`s a player can be told about.
"""

from __future__ import annotations

import os
import random
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import Self

from sqlite_utils import Database as SqliteDatabase

from companion.kit.i18n import t
from companion.store.migrations import MIGRATIONS


class FaultKind(StrEnum):
    """Why the store could not do what it was asked: none of these is the player's fault."""

    DISK_FULL = "disk_full"
    READ_ONLY = "read_only"
    LOCKED = "locked"
    UNREADABLE = "unreadable"
    GONE = "gone"


_FAULT_WORDS = {
    FaultKind.DISK_FULL: t("the disk is full"),
    FaultKind.READ_ONLY: t("its file can only be read (it is read-only)"),
    FaultKind.LOCKED: t("another program held the file too long (it is locked)"),
    FaultKind.UNREADABLE: t("the file cannot be opened or is not a pad's database"),
    FaultKind.GONE: t(
        "its file was deleted or replaced while the pad was running (restart the pad; "
        "if the file is lost, restore a backup)"
    ),
}


class StoreFault(Exception):
    """The file could not be written or read; nothing was saved. `kind` says why."""

    def __init__(self, kind: FaultKind, detail: str = "") -> None:
        super().__init__(f"{_FAULT_WORDS[kind]}{': ' + detail if detail else ''}")
        self.kind = kind

    @property
    def words(self) -> str:
        """Why, in a player's words: "the disk is full"."""
        return _FAULT_WORDS[self.kind]


BUSY_TIMEOUT_SECONDS = 10.0
"""How long a writer waits for another writer (another request) before giving up."""

STARTING_WAIT_SECONDS = 30.0
"""How long a process starting on the file keeps trying while others hold it (several workers
starting at once: one migrates, or switches a new file to its write-ahead log, the others wait)."""


def default_database_path() -> Path:
    """Where the database lives: `$COMPANION_DB`, else under `$XDG_DATA_HOME` (~/.local/share)."""
    explicit = os.environ.get("COMPANION_DB")
    if explicit:
        return Path(explicit).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home).expanduser() / "table-companion" / "companion.sqlite3"


def fault_of(error: sqlite3.Error) -> StoreFault:
    """The store fault behind an SQLite error (by SQLite's own error code where it has one)."""
    code = getattr(error, "sqlite_errorcode", None)
    text = str(error).lower()
    if code == sqlite3.SQLITE_FULL or "disk is full" in text or "disk i/o" in text:
        return StoreFault(FaultKind.DISK_FULL, str(error))
    if code == sqlite3.SQLITE_READONLY or "readonly" in text or "read-only" in text:
        return StoreFault(FaultKind.READ_ONLY, str(error))
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
        return StoreFault(FaultKind.LOCKED, str(error))
    return StoreFault(FaultKind.UNREADABLE, str(error))


def file_identity(path: Path) -> tuple[int, int] | None:
    """Which file `path` names now (its device and inode), or None when it names none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def is_busy(error: sqlite3.Error) -> bool:
    """Whether SQLite refused because another connection holds the file (worth a retry)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(error).lower()


def retried_while_busy(
    action: Callable[[], object], seconds: float = STARTING_WAIT_SECONDS
) -> None:
    """Run `action`, again after a short pause whenever another connection holds the file,
    for up to `seconds`: what a process does at start, when every worker of a server opens the
    file at once. Any other error, or a file still held after that, is raised."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            action()
            return
        except sqlite3.OperationalError as error:
            if not is_busy(error) or time.monotonic() > deadline:
                raise
        time.sleep(random.uniform(0.01, 0.1))  # apart, so the waiting workers do not collide


def is_writable(path: Path) -> bool:
    """Whether the database file (or, when it does not exist yet, its folder) can be written."""
    if path.exists():
        return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
    return os.access(path.parent, os.W_OK)


class Database:
    """One connection to the database file: what every part of the store reads and writes
    through. Open one per thread or request; close it after (the sqlite3 connection refuses
    to be shared across threads).

    A file that cannot be written is opened read-only: everything can be read, viewed and
    printed, and every write raises `StoreFault` (read-only) instead of an SQLite traceback.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        migrate: bool = False,
        busy_seconds: float = BUSY_TIMEOUT_SECONDS,
        read_only: bool | None = None,
        expected_file: tuple[int, int] | None = None,
    ) -> None:
        """Open (and create if needed) the database at `path`; `migrate` applies migrations.

        `read_only`: open for reading only; None (the default) when the file cannot be written.
        `expected_file`: the file (`file_identity`) a server opened at its start; StoreFault
        (gone) when the path names another file now, or none (it would be created empty).
        """
        self.path = Path(path)
        if expected_file is not None and file_identity(self.path) != expected_file:
            raise StoreFault(FaultKind.GONE, str(self.path))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreFault(FaultKind.UNREADABLE, str(error)) from error
        if read_only is None:
            read_only = self.path.exists() and not is_writable(self.path)
        self.read_only = read_only
        try:
            self.db = SqliteDatabase(self._connect(busy_seconds))
            if not self.read_only:
                # A new file's switch to the log needs it alone: workers starting together wait.
                retried_while_busy(lambda: self.db.execute("PRAGMA journal_mode=WAL"))
                # FULL: SQLite syncs the log at every COMMIT, so a hand whose save returned
                # is on disk and survives a crash or a power cut (docs/design.md, "Durable
                # saves"): one fsync of the log per commit, SQLite's own, no machinery of ours.
                self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            # The file this connection writes: a write checks that the path still names it
            # (`_same_file`), since SQLite goes on writing to a file deleted or replaced under it.
            self._identity = expected_file or file_identity(self.path)
            if migrate:
                self.migrate()
        except sqlite3.Error as error:
            raise fault_of(error) from error

    def _connect(self, busy_seconds: float) -> sqlite3.Connection:
        """A connection: read-write, or read-only. Read-only first sees the write-ahead log
        too; where SQLite cannot use the log's side files (a folder it cannot write), the file
        is read as it stands (immutable)."""
        if not self.read_only:
            return sqlite3.connect(self.path, timeout=busy_seconds)
        uri = self.path.resolve().as_uri()
        try:
            conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=busy_seconds)
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.OperationalError:
            return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, timeout=busy_seconds)

    # -- lifecycle

    def migrate(self) -> None:
        """Bring the schema up to date; running it again changes nothing.

        A read-only file that is already up to date is fine; one that needs an upgrade cannot
        be used, which `StoreFault` (read-only) says. Any number of processes may migrate one
        file at once (the workers of a server starting on a new file or an upgraded one): the
        first to take the write lock applies what is missing, the others wait for it and then
        find nothing left to do.
        """
        if self.read_only:
            if self.pending_migrations():
                raise StoreFault(
                    FaultKind.READ_ONLY, "and it needs an upgrade this version must write"
                )
            return
        retried_while_busy(self._migrate_once)

    def _migrate_once(self) -> None:
        """Apply the missing migrations in one `BEGIN IMMEDIATE` transaction: what is applied
        is read again under the write lock, so each migration is applied and recorded once
        however many processes try together. A file up to date takes no lock."""
        if not self.pending_migrations():
            return
        conn = self.db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS.apply(self.db)  # each migration in a savepoint of this transaction
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def pending_migrations(self) -> list[str]:
        """The names of the migrations this file still lacks."""
        return [migration.name for migration in MIGRATIONS.pending(self.db)]

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed when the block ends (rolled back if it raises).

        BEGIN IMMEDIATE takes the write lock up front, so the reads that decide a write (which
        row is effective) cannot be invalidated by another request before the write lands.
        The block returns only once the commit is on disk (`synchronous=FULL`).
        """
        if self.read_only:
            raise StoreFault(FaultKind.READ_ONLY)
        conn = self.db.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._same_file()
                yield conn
                self._same_file()
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.OperationalError as error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise fault_of(error) from error

    @property
    def file(self) -> tuple[int, int] | None:
        """The file this connection opened (device, inode): what its writes check."""
        return self._identity

    def _same_file(self) -> None:
        """StoreFault (gone) unless the database path still names the file this connection
        opened: a write into a deleted or replaced file would be confirmed, then lost."""
        if self._identity is None:  # the file was created by this connection's first write
            self._identity = file_identity(self.path)
        if file_identity(self.path) != self._identity:
            raise StoreFault(FaultKind.GONE, str(self.path))

    def secret_key(self) -> str:
        """The installation's secret key: created on first use, then the same forever.

        A read-only file without one yet gets a key for this run only.
        """
        if self.read_only:
            row = self.db.execute("SELECT value FROM settings WHERE key = 'secret_key'").fetchone()
            return row[0] if row else secrets.token_hex(32)
        with self._write() as conn:
            conn.execute(
                "INSERT OR IGNORE INTO settings (key, value) VALUES ('secret_key', ?)",
                (secrets.token_hex(32),),
            )
            row = conn.execute("SELECT value FROM settings WHERE key = 'secret_key'").fetchone()
        key: str = row[0]
        return key


class Part:
    """One aggregate of the store (`store.hands`, `store.players`…): its reads and writes over
    the store's one connection and its one write path."""

    def __init__(self, database: Database) -> None:
        self._database = database
        self.db = database.db

    @property
    def read_only(self) -> bool:
        """Whether the file can only be read (every write raises StoreFault)."""
        return self._database.read_only

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        """One write transaction (`Database._write`)."""
        return self._database._write()
