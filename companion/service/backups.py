"""Backups checked, listed and restored (the command line's `restore`), with the server
stopped: a restore that cannot corrupt (docs/design.md, "Backups and restore"). Taking a
backup while serving is the store's (`service.backups`, `companion/store/backups.py`).

A backup is checked before it is used — `PRAGMA integrity_check` over every page, and the
schema's version — and read without writing beside it (`immutable`), so checking a backup
never changes it.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database as SqliteDatabase

from companion.store import MIGRATIONS, StoreFault
from companion.store.backups import backups_in, copy_database, remove_with_side_files, stamp_of
from companion.store.database import Database


class BackupRefused(Exception):
    """A backup that cannot be restored, or a restore that cannot go ahead (the words say
    why); nothing was moved."""


@dataclass(frozen=True)
class BackupCheck:
    """What a backup file is: its size, its sessions, and whether it can be restored (`problem`
    says why not: a damaged page, a newer version's schema, not a pad's file at all)."""

    path: Path
    size: int
    taken: datetime
    sessions: int | None
    problem: str | None

    @property
    def healthy(self) -> bool:
        """Whether the backup passed every check."""
        return self.problem is None


def read_only(path: Path) -> sqlite3.Connection:
    """A connection that reads `path` as it stands and writes nothing beside it."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)


def check_backup(path: Path) -> BackupCheck:
    """Check a backup without changing it: every page (`integrity_check`), the schema (a pad's,
    of this version or older), and count its sessions."""
    stat = path.stat()
    taken = stamp_of(path) or datetime.fromtimestamp(stat.st_mtime, UTC)
    try:
        conn = read_only(path)
    except sqlite3.Error as error:
        return BackupCheck(path, stat.st_size, taken, None, f"unreadable ({error})")
    try:
        problem = _problem_of(conn)
        sessions = None
        if problem is None:
            sessions = int(conn.execute("SELECT count(*) FROM sessions").fetchone()[0])
    except sqlite3.Error as error:  # not a database at all, or damaged past reading
        problem, sessions = f"unreadable ({error})", None
    finally:
        conn.close()
    return BackupCheck(path, stat.st_size, taken, sessions, problem)


def _problem_of(conn: sqlite3.Connection) -> str | None:
    """Why the database behind `conn` cannot be restored, or None."""
    found = [row[0] for row in conn.execute("PRAGMA integrity_check(20)")]
    if found != ["ok"]:
        said = " ".join("; ".join(found[:3]).split())  # SQLite's messages span lines
        return f"damaged ({said})"
    db = SqliteDatabase(conn)
    applied = {migration.name for migration in MIGRATIONS.applied(db)}
    known = {migration.name for migration in MIGRATIONS.pending(SqliteDatabase(memory=True))}
    if not applied or "sessions" not in db.table_names():
        return "not a pad's database"
    if applied - known:
        return "from a newer version of the pad (its schema is unknown here)"
    return None


def restore_backup(source: Path, database: Path) -> tuple[BackupCheck, Path | None]:
    """Put the backup `source` in place as `database`, or refuse (BackupRefused) with nothing
    moved. The steps: check the backup (every page, the schema); copy it with the backup API
    to a file beside the database; bring that copy's schema up to date and check it again;
    keep the database it replaces (as *.before-restore, itself a backup-API copy); only then
    rename the copy over the database. Returns the check and the kept file (None: none)."""
    checked = check_backup(source)
    if not checked.healthy:
        raise BackupRefused(
            f"{source} is not a pad's backup that can be restored: it is {checked.problem}. "
            "Nothing was changed."
        )
    incoming = database.with_name(f".{database.name}.restoring")
    remove_with_side_files(incoming)
    try:
        conn = read_only(source)
        try:
            copy_database(conn, incoming)
        finally:
            conn.close()
        with Database(incoming, migrate=True) as copy:
            copy.db.execute("PRAGMA journal_mode=DELETE")
        problem = check_backup(incoming).problem
        if problem is not None:
            raise BackupRefused(
                f"The copy of {source} did not check out: it is {problem}. Nothing was changed."
            )
        kept = _keep(database)
        incoming.replace(database)
    except BaseException:
        remove_with_side_files(incoming)
        raise
    return checked, kept


def _keep(database: Path) -> Path | None:
    """Copy the database about to be replaced beside it, and leave no log of it behind (a
    `-wal` left beside the restored file would be read into it)."""
    if not database.exists():
        return None
    kept = database.with_name(database.name + ".before-restore")
    log = database.with_name(database.name + "-wal")
    try:
        with Database(database) as current:
            current.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            copy_database(current.db.conn, kept)
    except (StoreFault, sqlite3.Error):
        # The database being replaced is itself unreadable (often why one restores): kept as
        # its bytes are, its log beside the kept copy.
        shutil.copyfile(database, kept)
        if log.exists():
            log.replace(kept.with_name(kept.name + "-wal"))
    if log.exists() and log.stat().st_size:
        raise BackupRefused(f"{database} is still in use: stop the server first.")
    for side in ("-wal", "-shm"):
        database.with_name(database.name + side).unlink(missing_ok=True)
    return kept


def describe(checks: Sequence[BackupCheck]) -> list[str]:
    """Backups as lines for the command line: date, size, sessions, and whether each checks
    out."""
    return [
        f"{check.path.name}  {check.taken:%Y-%m-%d %H:%M:%S} UTC  {check.size:>12,} bytes  "
        + (
            f"{check.sessions} sessions  ok"
            if check.healthy
            else f"cannot be restored: {check.problem}"
        )
        for check in checks
    ]


def backups_listed(source: Path) -> list[BackupCheck]:
    """The backups at `source` (one file, or those `backup_into` wrote in a folder, oldest
    first), each checked."""
    paths = [source] if source.is_file() else backups_in(source)
    return [check_backup(path) for path in paths]
