"""Backups (`store.backups`): a copy of the whole file, taken while serving, and a folder of
them kept to the last N (docs/design.md, "Backups and restore"). Checking and restoring a
backup is the service's (`companion/service/backups.py`).

Every copy is made with SQLite's online backup API and written as one file (journal mode
DELETE: no `-wal` or `-shm` beside it, ever).
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from companion.store.database import Part

BACKUP_PREFIX = "companion-"
BACKUP_SUFFIX = ".sqlite3"
STAMP = "%Y%m%d-%H%M%S"
SIDE_FILES = ("-wal", "-shm", "-journal")


def copy_database(source: sqlite3.Connection, target: Path) -> Path:
    """Copy the database behind `source` to `target` with SQLite's backup API, as one file:
    written beside the target under another name, then renamed over it, so `target` is only
    ever a complete copy."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    remove_with_side_files(partial)
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)
        # The copy keeps the source's WAL mode in its header: made a plain file again, so that
        # opening it later leaves no -wal/-shm beside it.
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        copy.close()
    partial.replace(target)
    return target


def remove_with_side_files(path: Path) -> None:
    """Delete a file and any journal SQLite left beside it."""
    for name in (path, *(path.with_name(path.name + side) for side in SIDE_FILES)):
        name.unlink(missing_ok=True)


def now() -> datetime:
    """The moment a backup is taken (UTC): what names it."""
    return datetime.now(UTC)


def stamp_of(path: Path) -> datetime | None:
    """When a backup named by `backup_into` was taken (from its name), else None."""
    stamp = path.name.removeprefix(BACKUP_PREFIX).removesuffix(BACKUP_SUFFIX)
    try:
        return datetime.strptime(stamp, STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def backups_in(folder: Path) -> list[Path]:
    """The backups `backup_into` wrote in `folder`, oldest first."""
    if not folder.is_dir():
        return []
    found = [path for path in folder.iterdir() if path.is_file() and stamp_of(path) is not None]
    return sorted(found, key=lambda path: path.name)


def rotate(folder: Path, keep: int) -> list[Path]:
    """Delete the oldest backups in `folder` past the newest `keep`; returns those deleted."""
    old = backups_in(folder)[:-keep] if keep > 0 else []
    for path in old:
        remove_with_side_files(path)
    return old


class Backups(Part):
    """Copies of the file (`store.backups`, over the store's one connection)."""

    def backup(self, destination: str | os.PathLike[str]) -> Path:
        """Copy the database to `destination` with SQLite's online backup (safe while serving),
        as one file; an existing backup is only replaced by a complete one."""
        return copy_database(self.db.conn, Path(destination))

    def backup_into(self, folder: Path, keep: int | None = None) -> tuple[Path, list[Path]]:
        """A backup in `folder` named by the moment it was taken (companion-YYYYMMDD-HHMMSS,
        UTC), then the oldest deleted past the newest `keep`. Returns the backup and those
        deleted."""
        moment = now()
        target = folder / f"{BACKUP_PREFIX}{moment:{STAMP}}{BACKUP_SUFFIX}"
        written = self.backup(target)
        return written, rotate(folder, keep) if keep is not None else []
