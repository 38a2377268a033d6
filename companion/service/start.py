"""The file as a server finds it at its start (the app factory calls `open_at_start` once):
migrated, its installation key, the stored results another version of a game's scoring
derived dropped (or, in a read-only file, ignored), and the sessions left to derive again
(`rebuild.py` does that in the background)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.store import Store


@dataclass(frozen=True)
class FileAtStart:
    """What the server keeps of the file it opened at its start."""

    read_only: bool
    file: tuple[int, int] | None  # what later connections must find at the path
    results_usable: bool  # False: a read-only file's stored results are another version's
    missing: tuple[str, ...]  # the sessions whose stored results must be derived again
    secret_key: str | None  # the installation's key, when asked for


def open_at_start(
    path: str, *, read_only: bool, versions: Mapping[str, int], want_key: bool
) -> FileAtStart:
    """Open the file once: migrate it, keep each game's stored results only if its scoring's
    current version (`versions`) derived them, and list what is left to derive. StoreFault
    says why the file cannot be used (the command line prints it)."""
    with Store(path, migrate=True, read_only=True if read_only else None) as store:
        key = store.secret_key() if want_key else None
        store.results.keep_versions(versions)
        missing = () if store.read_only else tuple(store.results.sessions_missing())
        return FileAtStart(store.read_only, store.file, store.results.usable, missing, key)
