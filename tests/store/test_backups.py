"""Backups and restore (companion/store/backups.py, `companion backup` and `companion restore`):
timestamped copies kept to the newest N, each one file with no -wal/-shm beside it; a listing
of what each backup holds and whether it checks out; a restore that checks every page and the
schema before anything is moved, so a damaged backup leaves the good database untouched."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import cli
from companion.engine.replay import make_setup
from companion.store import Store
from companion.store import backups as backups_module

PLAYERS = ["Ann", "Bob", "Cleo", "Dan"]
GARDE = {"contract": "garde", "taker": 0, "points": 47, "bouts": 2}


def make_database(path: Path, sessions: int) -> None:
    """`sessions` French Tarot sessions of 20 of Ann's gardes each (+186, −62 × 3 a hand)."""
    setup, _ = make_setup("french-tarot", PLAYERS)
    with Store(path, migrate=True) as store:
        for _ in range(sessions):
            store.sessions.create_imported(
                setup, [(n, GARDE, (186, -62, -62, -62)) for n in range(1, 21)]
            )


def session_count(path: Path) -> int:
    with Store(path) as store:
        count: int = store.db.execute("SELECT count(*) FROM sessions").fetchone()[0]
    return count


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def side_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(("-wal", "-shm", "-journal")))


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[datetime]]:
    """Each backup taken one day after the one before, from 2026-11-01 03:00 UTC."""
    moments = [datetime(2026, 11, 1, 3, 0, tzinfo=UTC) + timedelta(days=n) for n in range(10)]
    taken: list[datetime] = []

    def now() -> datetime:
        taken.append(moments[len(taken)])
        return taken[-1]

    monkeypatch.setattr(backups_module, "now", now)
    yield taken


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_backups_rotate_to_the_newest_n(tmp_path: Path, clock: list[datetime]) -> None:
    database, folder = tmp_path / "pad.sqlite3", tmp_path / "backups"
    make_database(database, 2)
    for night in range(5):
        code, output = run("backup", str(folder), "--keep", "3", "--db", str(database))
        assert code == 0, output
        if night >= 3:
            assert "Deleted the older backup" in output
    # Five nights, three kept: the 3rd, 4th and 5th (2026-11-03 to 2026-11-05).
    assert sorted(p.name for p in folder.iterdir()) == [
        "companion-20261103-030000.sqlite3",
        "companion-20261104-030000.sqlite3",
        "companion-20261105-030000.sqlite3",
    ]
    assert side_files(folder) == [] and side_files(tmp_path) == []
    assert session_count(folder / "companion-20261105-030000.sqlite3") == 2


def test_restore_lists_the_backups_it_can_restore(tmp_path: Path, clock: list[datetime]) -> None:
    database, folder = tmp_path / "pad.sqlite3", tmp_path / "backups"
    make_database(database, 3)
    run("backup", str(folder), "--keep", "5", "--db", str(database))
    make_database(database, 1)
    run("backup", str(folder), "--keep", "5", "--db", str(database))
    damage(folder / "companion-20261102-030000.sqlite3")
    code, output = run("restore", "--list", str(folder))
    assert code == 0, output
    first, second = output.splitlines()
    assert first.startswith("companion-20261101-030000.sqlite3  2026-11-01 03:00:00 UTC")
    assert first.endswith("3 sessions  ok")
    size = (folder / "companion-20261101-030000.sqlite3").stat().st_size
    assert f"{size:,} bytes" in first
    assert "cannot be restored: damaged" in second
    # With no folder, the one beside the database; nothing is ever written beside a backup.
    assert run("restore", "--db", str(database))[1] == output
    assert side_files(folder) == []


def damage(path: Path) -> None:
    """Scribble over the pages of the hands' index: the file still opens and its sessions
    still count, but its pages no longer check out."""
    conn = sqlite3.connect(path)
    root = conn.execute(
        "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'hands'"
    ).fetchone()[0]
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    with path.open("r+b") as file:
        file.seek((root - 1) * page_size + 8)  # past the page's header: its cells
        file.write(b"\x5a" * (page_size - 8))
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    assert conn.execute("SELECT count(*) FROM sessions").fetchone()[0] > 0
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    conn.close()


def test_a_backup_with_damaged_pages_leaves_the_good_database_untouched(tmp_path: Path) -> None:
    database, bad = tmp_path / "pad.sqlite3", tmp_path / "bad.sqlite3"
    make_database(database, 4)
    run("backup", str(bad), "--db", str(database))
    damage(bad)
    before = digest(database)
    code, output = run("restore", str(bad), "--replace", "--db", str(database))
    assert code == 2
    assert "is not a pad's backup that can be restored: it is damaged" in output
    assert "Traceback" not in output
    assert digest(database) == before and session_count(database) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.sqlite3", "pad.sqlite3"]


def test_a_backup_of_a_newer_version_is_refused(tmp_path: Path) -> None:
    database, newer = tmp_path / "pad.sqlite3", tmp_path / "newer.sqlite3"
    make_database(database, 1)
    make_database(newer, 2)
    with sqlite3.connect(newer) as conn:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
            " VALUES ('table-companion', 'm099_from_the_future', '2027-01-01')"
        )
    conn.close()
    before = digest(database)
    code, output = run("restore", str(newer), "--replace", "--db", str(database))
    assert code == 2 and "from a newer version of the pad" in output
    assert digest(database) == before


def test_a_good_backup_is_restored_and_the_old_database_kept(tmp_path: Path) -> None:
    database, good = tmp_path / "pad.sqlite3", tmp_path / "good.sqlite3"
    make_database(database, 2)
    run("backup", str(good), "--db", str(database))
    make_database(database, 3)  # five sessions now; the backup has two
    code, output = run("restore", str(good), "--replace", "--db", str(database))
    assert code == 0, output
    assert "Restored" in output and "2 sessions" in output
    assert session_count(database) == 2
    assert session_count(tmp_path / "pad.sqlite3.before-restore") == 5
    assert side_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "good.sqlite3",
        "pad.sqlite3",
        "pad.sqlite3.before-restore",
    ]


def test_a_good_backup_replaces_a_database_that_is_not_one_any_more(tmp_path: Path) -> None:
    """Often why one restores: the database itself is unreadable. It is kept as its bytes
    were, and the backup put in place."""
    database, good = tmp_path / "pad.sqlite3", tmp_path / "good.sqlite3"
    make_database(database, 2)
    run("backup", str(good), "--db", str(database))
    database.write_bytes(b"not a database any more" * 100)
    code, output = run("restore", str(good), "--replace", "--db", str(database))
    assert code == 0, output
    assert session_count(database) == 2
    kept = tmp_path / "pad.sqlite3.before-restore"
    assert kept.read_bytes() == b"not a database any more" * 100
