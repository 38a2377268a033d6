"""Backups: a copy of the whole file, taken while serving."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from companion.store.database import Database


class Backups(Database):
    """Copies of the file (a part of `Store`, over its one connection)."""

    def backup(self, destination: str | os.PathLike[str]) -> Path:
        """Copy the database to `destination` with SQLite's online backup (safe while serving).

        The copy is written next to the destination and renamed over it, so an existing backup
        is only replaced by a complete one.
        """
        target = Path(destination)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f".{target.name}.partial")
        partial.unlink(missing_ok=True)
        copy = sqlite3.connect(partial)
        try:
            self.db.conn.backup(copy)
        finally:
            copy.close()
        partial.replace(target)
        return target

    # -- the roster (players across sessions)
