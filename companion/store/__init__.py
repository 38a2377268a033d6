"""The embedded store: sessions, their seats and their hands in one SQLite file (sqlite-utils).

Pure persistence: no Flask and no game logic. A `Setup` goes in and comes back out; hands are
stored as the players entered them, with the points the pad showed kept for the audit only
(totals are always re-derived from the entries by the engine).

Hands are append-only. A correction is a new 'correct' row that supersedes the row it replaces;
an undo is an 'undo' row that supersedes the hand it takes back. Nothing in `hands` is ever
updated or deleted (triggers refuse it), so the history shows every change ever made.

One `Store` per thread or request: the underlying sqlite3 connection refuses to be shared
across threads.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import sqlite3
import zlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

import sqlite_utils
from sqlite_utils import Database

from companion.contract.values import Setup, json_ready
from companion.kit.i18n import t
from companion.store.durability import GroupCommitter, committer_for

HandAction = Literal["enter", "correct", "undo"]

BUSY_TIMEOUT_SECONDS = 10.0
"""How long a writer waits for another writer (another request) before giving up."""

RECORDS_KEPT = 64
"""Sessions whose records one store keeps between requests (see `Store.get_session`)."""


def default_database_path() -> Path:
    """Where the database lives: `$COMPANION_DB`, else under `$XDG_DATA_HOME` (~/.local/share)."""
    explicit = os.environ.get("COMPANION_DB")
    if explicit:
        return Path(explicit).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home).expanduser() / "table-companion" / "companion.sqlite3"


def new_token() -> str:
    """A session's secret: 192 random bits, URL-safe, never starting with "-" (which a command
    line would read as an option, as in `companion export TOKEN`)."""
    while True:
        token = secrets.token_urlsafe(24)
        if not token.startswith("-"):
            return token


def now_utc() -> str:
    """The current time as ISO-8601 UTC, to the millisecond (sortable as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def split_members(name: str) -> tuple[str, ...]:
    """The people behind a seat name: "Ann & Bob" or "Ann + Bob" is a team of two."""
    members = tuple(part.strip() for part in re.split(r"[&+]", name))
    members = tuple(member for member in members if member)
    return members or (name.strip(),)


# ---------------------------------------------------------------- records


@dataclass(frozen=True)
class Seat:
    """One seat at the table: its position in play order, its name and the people in it."""

    position: int
    name: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class SessionRecord:
    """A stored session: its token (the secret link), its setup, when it began and ended."""

    token: str
    setup: Setup
    created_at: str
    ended_at: str | None
    seats: tuple[Seat, ...]
    sign_off: bool = False  # each hand waits for another phone to agree (a house option)


@dataclass(frozen=True)
class HandRow:
    """One row of a session's hand history, exactly as stored."""

    id: int
    number: int
    action: HandAction
    entry: dict[str, Any]
    points: tuple[int, ...] | None
    supersedes: int | None
    created_at: str
    by: str | None = None  # the name the phone that wrote it gave itself
    device: str | None = None  # the phone that wrote it (its random id): not another's to agree


@dataclass(frozen=True)
class Author:
    """Who writes a row: the phone's name (if it gave one) and its random id."""

    name: str | None = None
    device: str | None = None


class Verdict(StrEnum):
    """Another phone's word on a saved hand, under the sign-off house option."""

    AGREED = "agreed"
    DISPUTED = "disputed"


@dataclass(frozen=True)
class SignOff:
    """The latest word on a hand row: agreed or disputed, by whom, when."""

    verdict: Verdict
    by: str | None
    at: str


class SameAuthor(ValueError):
    """A phone tried to agree to (or dispute) a hand it saved itself."""


class StaleWrite(ValueError):
    """A write based on a version that is no longer the current one (another phone wrote
    since): refused, never applied over what is there now. `current` is what is there now."""

    def __init__(self, message: str, current: Any = None) -> None:
        super().__init__(message)
        self.current = current


ANY_VERSION = object()
"""A write that does not say which version it was based on (the command line, tests of the
store itself): applied as it is. Every write from a phone says it."""


class HandConflict(ValueError):
    """Hand `number` already has an effective row: someone else entered it first."""


@dataclass(frozen=True)
class AddedHand:
    """A hand just added: its row, and whether the derived results written with it were kept
    (False: another phone wrote since they were derived, so the next load derives afresh)."""

    row: HandRow
    results_kept: bool


@dataclass(frozen=True)
class Player:
    """One person on the roster: their name now, their version (it changes with every rename
    and merge, so a form can say which it saw), the sessions they sat in, and the spellings
    that name them (as first written)."""

    id: int
    name: str
    version: int
    sessions: int = 0
    spellings: tuple[str, ...] = ()


class NameTaken(ValueError):
    """A rename to a name (or spelling) of another player: `owner` is that player's id."""

    def __init__(self, owner: int) -> None:
        super().__init__("that name is another player's")
        self.owner = owner


class SamePlayer(ValueError):
    """A player merged into themself."""


class SatTogether(ValueError):
    """Two players who sat in the same session cannot be one person: `sessions` are those."""

    def __init__(self, sessions: tuple[SessionRecord, ...]) -> None:
        super().__init__("they sat in the same session")
        self.sessions = sessions


def name_key(name: str) -> str:
    """What matches one person's spellings: case and spaces do not count ("ann  lee" is
    "Ann Lee")."""
    return " ".join(name.split()).casefold()


def _insert_session(
    conn: sqlite3.Connection, token: str, setup: Setup, *, ended: bool, sign_off: bool
) -> None:
    """A new session's row, its seats, and each seat linked to the roster's players."""
    started = now_utc()
    conn.execute(
        "INSERT INTO sessions (id, game, options, first_dealer, created_at, ended_at, sign_off)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            token,
            setup.game,
            _dump(dict(setup.options)),
            setup.first_dealer,
            started,
            started if ended else None,
            int(sign_off),
        ),
    )
    conn.executemany(
        "INSERT INTO seats (session_id, position, name, members) VALUES (?, ?, ?, ?)",
        [
            (token, position, name, _dump(list(split_members(name))))
            for position, name in enumerate(setup.players)
        ],
    )
    link_seats(conn, token, setup.players)


def link_seats(conn: sqlite3.Connection, token: str, names: Sequence[str]) -> None:
    """Link each seat of a new session to the roster's players (see `link_seat`)."""
    for position, name in enumerate(names):
        link_seat(conn, token, position, split_members(name))


def link_seat(conn: sqlite3.Connection, token: str, position: int, members: Sequence[str]) -> None:
    """Link each member of a seat to the player their name (or a spelling merged into them)
    names, adding a player for a name never seen."""
    for member, name in enumerate(members):
        key = name_key(name)
        row = conn.execute("SELECT player_id FROM player_names WHERE key = ?", (key,)).fetchone()
        if row is None:
            cursor = conn.execute(
                "INSERT INTO players (name, created_at) VALUES (?, ?)",
                (" ".join(name.split()), now_utc()),
            )
            player_id = cursor.lastrowid
            conn.execute(
                "INSERT INTO player_names (key, spelling, player_id) VALUES (?, ?, ?)",
                (key, " ".join(name.split()), player_id),
            )
        else:
            player_id = row[0]
        conn.execute(
            "INSERT OR IGNORE INTO seat_players (session_id, position, member,"
            " player_id) VALUES (?, ?, ?, ?)",
            (token, position, member, player_id),
        )


def _chunks(items: list[Any], size: int) -> Iterator[list[Any]]:
    """`items` in slices of at most `size` (SQLite caps the parameters of one query)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


@dataclass(frozen=True)
class ResultRow:
    """A hand's derived result as kept: its number, its position in the effective history
    (None: refused when the session was replayed, `text` then says why), the scored hand as
    text, and the running totals and hands played after it."""

    number: int
    position: int | None
    text: str
    totals: tuple[int, ...] | None = None
    played: int | None = None


@dataclass(frozen=True)
class ResultsWrite:
    """The derived results a hand write brings up to date, in its own transaction: those of
    hand `from_number` and later are replaced by `rows`. `since` is the session's change they
    were derived from; when the session changed since (another phone wrote), nothing derived
    is written and the next load derives afresh."""

    since: int
    from_number: int
    rows: tuple[ResultRow, ...] = ()


@dataclass(frozen=True)
class ResultsSummary:
    """What a pad needs of a session's derived results without reading them all: the change
    they are derived up to, the last scored hand (None: no hand yet) and the refused ones."""

    change: int
    last: ResultRow | None
    refused: tuple[ResultRow, ...]


STALE_RESULTS = -1
"""The change of results that must not be used (`keep_results_of`): no session's hands have it,
so its results are derived afresh."""


# ---------------------------------------------------------------- migrations

MIGRATIONS = sqlite_utils.Migrations("table-companion")


@MIGRATIONS()
def m001_sessions_seats_hands(db: Database) -> None:
    """Sessions, their seats and their append-only hands."""
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS sessions (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            first_dealer INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            ended_at TEXT
        )"""
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS seats (
            session_id TEXT NOT NULL REFERENCES sessions(id),
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            members TEXT NOT NULL,
            PRIMARY KEY (session_id, position)
        )"""
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS hands (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL REFERENCES sessions(id),
            number INTEGER NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('enter', 'correct', 'undo')),
            entry TEXT NOT NULL,
            points TEXT,
            supersedes INTEGER REFERENCES hands(id),
            created_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS hands_session_id ON hands (session_id, id)")
    db.execute("CREATE INDEX IF NOT EXISTS sessions_created_at ON sessions (created_at)")
    # The audit trail is only worth something if it cannot be rewritten.
    for verb in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER IF NOT EXISTS hands_append_only_{verb.lower()}
            BEFORE {verb} ON hands
            BEGIN SELECT RAISE(ABORT, 'hands are append-only'); END"""
        )


@MIGRATIONS()
def m002_settings(db: Database) -> None:
    """Settings of the installation (the secret key that signs CSRF tokens)."""
    db.execute("CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


@MIGRATIONS()
def m003_hand_lookup_indexes(db: Database) -> None:
    """Find a hand's rows by number, and the undo of a row, without scanning the session."""
    db.execute("CREATE INDEX IF NOT EXISTS hands_session_number ON hands (session_id, number, id)")
    db.execute("CREATE INDEX IF NOT EXISTS hands_supersedes ON hands (supersedes)")


@MIGRATIONS()
def m004_drafts(db: Database) -> None:
    """A hand still being entered (a trick game's tricks so far): one per session, overwritten.

    Not part of the record: a draft is the pad's memory between taps, kept on disk so that a
    closed tab or a crashed phone does not lose the tricks already entered.
    """
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS drafts (
            session_id TEXT PRIMARY KEY REFERENCES sessions(id),
            number INTEGER NOT NULL,
            data TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )"""
    )


@MIGRATIONS()
def m005_devices(db: Database) -> None:
    """The sessions each device (a phone's random id, in its cookie) has opened, so the cookie
    carries no session link: a link is a key to the session and must not travel in clear."""
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS device_sessions (
            device TEXT NOT NULL,
            session_id TEXT NOT NULL REFERENCES sessions(id),
            seen_at TEXT NOT NULL,
            PRIMARY KEY (device, session_id)
        )"""
    )


@MIGRATIONS()
def m006_hand_authors(db: Database) -> None:
    """Who wrote each hand row: the name the phone gave itself (a seat or a free name), so the
    history can say "corrected by Bob"; rows written before have none."""
    if "entered_by" not in db["hands"].columns_dict:
        db.execute("ALTER TABLE hands ADD COLUMN entered_by TEXT")


@MIGRATIONS()
def m007_sign_off(db: Database) -> None:
    """The sign-off house option: the session's choice, the phone that wrote each row (another
    phone must agree), and the verdicts (append-only: the latest word on a row counts)."""
    if "sign_off" not in db["sessions"].columns_dict:
        db.execute("ALTER TABLE sessions ADD COLUMN sign_off INTEGER NOT NULL DEFAULT 0")
    if "device" not in db["hands"].columns_dict:
        db.execute("ALTER TABLE hands ADD COLUMN device TEXT")
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS sign_offs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL REFERENCES sessions(id),
            row_id INTEGER NOT NULL REFERENCES hands(id),
            verdict TEXT NOT NULL CHECK (verdict IN ('agreed', 'disputed')),
            entered_by TEXT,
            device TEXT,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS sign_offs_session ON sign_offs (session_id, id)")


@MIGRATIONS()
def m008_hand_results(db: Database) -> None:
    """Each effective hand's scored result as the engine derived it, with the running totals
    after it, and the change of the session they are derived up to: a pad opens and saves
    without replaying the session. Derived data, not the record: rewritten when a correction
    changes what follows (the hands stay append-only). A session saved before has none until
    it is first opened, which derives them once (the store runs no engine)."""
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS hand_results (
            session_id TEXT NOT NULL REFERENCES sessions(id),
            number INTEGER NOT NULL,
            position INTEGER,
            hand TEXT NOT NULL,
            totals TEXT,
            played INTEGER,
            PRIMARY KEY (session_id, number)
        )"""
    )
    db.execute(
        "CREATE UNIQUE INDEX IF NOT EXISTS hand_results_position"
        " ON hand_results (session_id, position)"
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS results_change (
            session_id TEXT PRIMARY KEY REFERENCES sessions(id),
            change INTEGER NOT NULL
        )"""
    )


@MIGRATIONS()
def m009_players(db: Database) -> None:
    """The roster: one player per person across sessions, the spellings that name them, and
    which player sat in each seat (a team seat, "Ann & Bob", links each member). Existing
    seats are linked now, one player per name matched case- and space-insensitively, named as
    first written."""
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS players (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS player_names (
            key TEXT PRIMARY KEY,
            spelling TEXT NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id)
        )"""
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS seat_players (
            session_id TEXT NOT NULL REFERENCES sessions(id),
            position INTEGER NOT NULL,
            member INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            PRIMARY KEY (session_id, position, member)
        )"""
    )
    db.execute(
        "CREATE INDEX IF NOT EXISTS seat_players_player ON seat_players (player_id, session_id)"
    )
    db.execute("CREATE INDEX IF NOT EXISTS player_names_player ON player_names (player_id)")
    seats = db.execute(
        "SELECT seats.session_id, seats.position, seats.members FROM seats"
        " JOIN sessions ON sessions.id = seats.session_id"
        " WHERE NOT EXISTS (SELECT 1 FROM seat_players AS sp WHERE sp.session_id ="
        " seats.session_id AND sp.position = seats.position)"
        " ORDER BY sessions.created_at, sessions.rowid, seats.position"
    ).fetchall()
    for session_id, position, members in seats:
        link_seat(db.conn, session_id, position, _load(members))


# ---------------------------------------------------------------- the store


class FaultKind(StrEnum):
    """Why the store could not do what it was asked: none of these is the player's fault."""

    DISK_FULL = "disk_full"
    READ_ONLY = "read_only"
    LOCKED = "locked"
    UNREADABLE = "unreadable"


_FAULT_WORDS = {
    FaultKind.DISK_FULL: t("the disk is full"),
    FaultKind.READ_ONLY: t("its file can only be read (it is read-only)"),
    FaultKind.LOCKED: t("another program held the file too long (it is locked)"),
    FaultKind.UNREADABLE: t("the file cannot be opened or is not a pad's database"),
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


def is_writable(path: Path) -> bool:
    """Whether the database file (or, when it does not exist yet, its folder) can be written."""
    if path.exists():
        return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
    return os.access(path.parent, os.W_OK)


class Store:
    """Sessions and hands in one SQLite file. Open one per thread or request; close it after.

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
        results_usable: bool = True,
    ) -> None:
        """Open (and create if needed) the database at `path`; `migrate` applies migrations.

        `read_only`: open for reading only; None (the default) when the file cannot be written.
        `results_usable`: False when the derived results in a read-only file were derived by
        other code (`keep_results_of`): they are then never read, every session replays.
        """
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreFault(FaultKind.UNREADABLE, str(error)) from error
        if read_only is None:
            read_only = self.path.exists() and not is_writable(self.path)
        self.read_only = read_only
        self._committer: tuple[int, GroupCommitter] | None = None  # (process, its committer)
        self._records: dict[str, SessionRecord] = {}  # sessions read (see `get_session`)
        self._results_usable = results_usable  # see `keep_results_of`
        try:
            self.db = Database(self._connect(busy_seconds))
            if not self.read_only:
                self.db.execute("PRAGMA journal_mode=WAL")
                # NORMAL: a commit is not synced by SQLite; `_write` makes it durable through
                # the group committer (one fsync of the log shared by concurrent commits), so
                # a hand whose save returned still survives a power cut (companion/durability).
                self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
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
        be used, which `StoreFault` (read-only) says.
        """
        if self.read_only:
            if self.pending_migrations():
                raise StoreFault(
                    FaultKind.READ_ONLY, "and it needs an upgrade this version must write"
                )
            return
        MIGRATIONS.apply(self.db)
        self._durable()

    def pending_migrations(self) -> list[str]:
        """The names of the migrations this file still lacks."""
        return [migration.name for migration in MIGRATIONS.pending(self.db)]

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> Store:
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
        The block returns only once the commit is on disk (group commit: see `_durable`).
        """
        if self.read_only:
            raise StoreFault(FaultKind.READ_ONLY)
        conn = self.db.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.OperationalError as error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise fault_of(error) from error
        self._durable()

    def _durable(self) -> None:
        """Wait until the transaction just committed is on disk: one fsync of the log, shared
        with the other threads of this process that committed meanwhile."""
        try:
            self._group_committer().make_durable()
        except OSError as error:
            raise StoreFault(
                FaultKind.DISK_FULL, f"the log could not be synced: {error}"
            ) from error

    def _group_committer(self) -> GroupCommitter:
        """This process's committer for this file, looked up once per process (a forked
        worker has its own) rather than at every commit (the lookup resolves the path)."""
        process = os.getpid()
        if self._committer is None or self._committer[0] != process:
            self._committer = (process, committer_for(self.path))
        return self._committer[1]

    # -- sessions

    def create_session(self, setup: Setup, *, sign_off: bool = False) -> str:
        """Store a new session and its seats; returns its token, the secret in its link.
        `sign_off`: each hand waits for another phone to agree."""
        token = new_token()
        with self._write() as conn:
            _insert_session(conn, token, setup, ended=False, sign_off=sign_off)
        return token

    def import_session(
        self,
        setup: Setup,
        hands: Sequence[tuple[int, Mapping[str, Any], Sequence[int] | None]],
        ended: bool = False,
    ) -> str:
        """Store an imported session and its hands (number, entry, points) in one transaction:
        all of it, or nothing. Returns the new session's token (a new link: a link is a key,
        and the one on the other machine is not carried over)."""
        token = new_token()
        with self._write() as conn:
            _insert_session(conn, token, setup, ended=ended, sign_off=False)
            for number, entry, points in hands:
                _insert_hand(conn, token, number, "enter", _dump(dict(entry)), points, None)
        return token

    def get_session(self, token: str) -> SessionRecord | None:
        """The session behind a token, or None when there is no such session.

        A session's setup, seats and start are written once and never changed (only its end
        is), so a session this store read before is asked only whether it exists and when it
        ended: one small query instead of two and a record rebuilt per request (a write that
        ever changed the rest would have to forget `_records`).
        """
        record = self._records.get(token)
        if record is None:
            found = self.sessions_by_tokens([token])
            if not found:
                return None
            record = found[0]
            if len(self._records) >= RECORDS_KEPT:
                self._records.pop(next(iter(self._records)))
        else:
            row = self.db.conn.execute(
                "SELECT ended_at FROM sessions WHERE id = ?", (token,)
            ).fetchone()
            if row is None:  # a backup restored over the file that lacks it
                del self._records[token]
                return None
            if record.ended_at != row[0]:
                record = replace(record, ended_at=row[0])
        self._records[token] = record
        return record

    def sessions_by_tokens(self, tokens: Sequence[str]) -> list[SessionRecord]:
        """The sessions among `tokens` that exist, newest first (unknown tokens are skipped)."""
        wanted = list(dict.fromkeys(tokens))
        if not wanted:
            return []
        marks = ", ".join("?" for _ in wanted)
        sessions = self.db.execute(
            f"SELECT id, game, options, first_dealer, created_at, ended_at, sign_off FROM sessions"
            f" WHERE id IN ({marks}) ORDER BY created_at DESC, rowid DESC",
            wanted,
        ).fetchall()
        seats = self._seats_of([row[0] for row in sessions])
        return [_session_record(row, seats.get(row[0], ())) for row in sessions]

    def remember(self, device: str, token: str, keep: int) -> None:
        """Note that `device` opened session `token`; only its `keep` latest are kept."""
        with self._write() as conn:
            conn.execute(
                "INSERT INTO device_sessions (device, session_id, seen_at) "
                "VALUES (?, ?, ?) ON CONFLICT (device, session_id) "
                "DO UPDATE SET seen_at = excluded.seen_at",
                (device, token, now_utc()),
            )
            conn.execute(
                "DELETE FROM device_sessions WHERE device = ? AND session_id NOT IN "
                "(SELECT session_id FROM device_sessions WHERE device = ? "
                " ORDER BY seen_at DESC LIMIT ?)",
                (device, device, keep),
            )

    def latest_of_device(self, device: str) -> str | None:
        """The session `device` opened last (a page view of it then needs no write)."""
        row = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ? ORDER BY seen_at DESC LIMIT 1",
            (device,),
        ).fetchone()
        return row[0] if row else None

    def sessions_of_device(self, device: str) -> list[SessionRecord]:
        """The sessions `device` opened, newest first."""
        rows = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ? ORDER BY seen_at DESC",
            (device,),
        ).fetchall()
        return self.sessions_by_tokens([row[0] for row in rows])

    def _seats_of(self, tokens: list[str]) -> dict[str, tuple[Seat, ...]]:
        """The seats of each session, in play order."""
        if not tokens:
            return {}
        marks = ", ".join("?" for _ in tokens)
        rows = self.db.execute(
            f"SELECT session_id, position, name, members FROM seats"
            f" WHERE session_id IN ({marks}) ORDER BY session_id, position",
            tokens,
        ).fetchall()
        seats: dict[str, list[Seat]] = {}
        for session_id, position, name, members in rows:
            seats.setdefault(session_id, []).append(Seat(position, name, tuple(_load(members))))
        return {token: tuple(found) for token, found in seats.items()}

    def end_session(self, token: str) -> None:
        """Mark the session ended (the first time only). Raises LookupError for an unknown token."""
        with self._write() as conn:
            self._require_session(conn, token)
            conn.execute(
                "UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                (now_utc(), token),
            )

    # -- hands

    def add_hand(
        self,
        token: str,
        number: int,
        entry: Mapping[str, Any],
        points: Sequence[int] | None,
        *,
        by: Author | None = None,
        results: ResultsWrite | None = None,
        drop_draft: bool = True,
        drafted: Any = ANY_VERSION,
    ) -> HandRow:
        """Append hand `number` as entered, with the points the pad showed (and `results`, its
        derived result, in the same transaction); the hand being entered (its draft) is
        dropped, unless `drop_draft` is False (the caller read that there was none).

        `drafted` is the version of the draft the phone's page showed (`draft_version`; "" for
        none): when the draft on disk is another (a second phone changed a trick or the bids
        since), StaleWrite is raised with the draft on disk and nothing is written.
        Raises LookupError for an unknown session and HandConflict when `number` already has an
        effective hand (two phones saving the same hand: the second must not hide the first).
        """
        return self.add_scored_hand(
            token,
            number,
            entry,
            points,
            by=by,
            results=results,
            drop_draft=drop_draft,
            drafted=drafted,
        ).row

    def add_scored_hand(
        self,
        token: str,
        number: int,
        entry: Mapping[str, Any],
        points: Sequence[int] | None,
        *,
        by: Author | None = None,
        results: ResultsWrite | None = None,
        drop_draft: bool = True,
        drafted: Any = ANY_VERSION,
    ) -> AddedHand:
        """`add_hand`, also saying whether `results` were kept: they were when no other phone
        wrote to the session since they were derived (decided inside the write transaction, so
        no query after it)."""
        at = now_utc()
        entry_text = _dump(dict(entry))
        with self._write() as conn:
            if _effective_row_id(conn, token, number) is not None:
                raise HandConflict(f"hand {number} has already been entered")
            self._check_draft_version(conn, token, number, drafted)
            try:
                row_id = _insert_hand(
                    conn, token, number, "enter", entry_text, points, None, by, at
                )
            except sqlite3.IntegrityError as error:  # its session_id names no session
                raise LookupError("no such session") from error
            if drop_draft:
                conn.execute("DELETE FROM drafts WHERE session_id = ?", (token,))
            kept = _record_results(conn, token, row_id, results)
        # The row as written, not read back: the entry as its JSON reads, the points as ints.
        author = by or Author()
        return AddedHand(
            HandRow(
                row_id,
                number,
                "enter",
                _load(entry_text),
                None if points is None else tuple(int(p) for p in points),
                None,
                at,
                author.name,
                author.device,
            ),
            kept,
        )

    def correct_hand(
        self,
        token: str,
        number: int,
        entry: Mapping[str, Any],
        points: Sequence[int] | None,
        based_on: Any = ANY_VERSION,
        *,
        by: Author | None = None,
        results: ResultsWrite | None = None,
    ) -> HandRow:
        """Append a correction of hand `number`, superseding its current row (`results`: the
        derived results of it and every later hand, rewritten in the same transaction).

        `based_on` is the row the phone corrected (its id); when another row has become hand
        `number` since (a correction, an undo and a new hand), StaleWrite is raised and nothing
        is written. Raises LookupError when the session has no effective hand with that number.
        """
        with self._write() as conn:
            current = _effective_row_id(conn, token, number)
            if current is None and based_on is ANY_VERSION:
                raise LookupError(f"session has no hand {number} to correct")
            if based_on is not ANY_VERSION and based_on != current:
                raise StaleWrite(f"hand {number} changed since", current)
            row_id = _insert_hand(
                conn, token, number, "correct", _dump(dict(entry)), points, current, by
            )
            _record_results(conn, token, row_id, results)
        return self._hand(row_id)

    def undo_last(
        self,
        token: str,
        based_on: Any = ANY_VERSION,
        *,
        by: Author | None = None,
        results: ResultsWrite | None = None,
    ) -> HandRow | None:
        """Append an 'undo' row taking back the highest-numbered effective hand (`results`:
        its derived result dropped in the same transaction).

        `based_on` is the row id of the hand the phone showed as the last one; when another hand
        has become the last since, StaleWrite is raised and nothing is undone. Returns the undo
        row (its `number` is the hand taken back), or None when there is no hand to undo.
        """
        with self._write() as conn:
            effective = _effective_rows(conn, token)
            last = max(effective, key=lambda row: row.number) if effective else None
            if based_on is not ANY_VERSION and (last.id if last else None) != based_on:
                raise StaleWrite("the last hand changed since", last)
            if last is None:
                return None
            row_id = _insert_hand(conn, token, last.number, "undo", "{}", None, last.id, by)
            _record_results(conn, token, row_id, results)
        return self._hand(row_id)

    # -- drafts

    def save_draft(
        self,
        token: str,
        number: int,
        data: Mapping[str, Any],
        expected: Any = ANY_VERSION,
        *,
        drafted: Any = ANY_VERSION,
    ) -> None:
        """Keep the hand being entered (hand `number`, as raw data) until it is saved or dropped.

        `expected` is the draft the phone built on; when the draft on disk differs (another
        phone added a trick since), StaleWrite is raised with the draft on disk, nothing
        written. Empty values count as none, so "no draft" and "no tricks yet" are the same.
        `drafted`, instead, is the version of the draft the phone's page showed (`draft_version`,
        as for `add_hand`): taking back the bids another phone changed meanwhile is refused.
        """
        with self._write() as conn:
            self._require_session(conn, token)
            self._check_draft(conn, token, number, expected)
            self._check_draft_version(conn, token, number, drafted)
            conn.execute(
                "INSERT INTO drafts (session_id, number, data, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (session_id) DO UPDATE SET number = excluded.number,"
                " data = excluded.data, updated_at = excluded.updated_at",
                (token, number, _dump(dict(data)), now_utc()),
            )

    @staticmethod
    def _check_draft(conn: sqlite3.Connection, token: str, number: int, expected: Any) -> None:
        """Refuse a draft write based on another draft than the one on disk (see save_draft)."""
        if expected is ANY_VERSION:
            return
        current = _draft_of(conn, token, number)
        if _without_empty(current) != _without_empty(expected):
            raise StaleWrite("the hand being entered changed since", current)

    @staticmethod
    def _check_draft_version(
        conn: sqlite3.Connection, token: str, number: int, drafted: Any
    ) -> None:
        """Refuse a hand's save whose page showed another draft than the one on disk (see
        add_hand)."""
        if drafted is ANY_VERSION:
            return
        current = _draft_of(conn, token, number)
        if draft_version(current) != drafted:
            raise StaleWrite("the hand being entered changed since", current)

    def draft(self, token: str) -> tuple[int, dict[str, Any]] | None:
        """The hand being entered: its number and raw data, or None."""
        row = self.db.execute(
            "SELECT number, data FROM drafts WHERE session_id = ?", (token,)
        ).fetchone()
        return (row[0], _load(row[1])) if row else None

    def drop_draft(
        self,
        token: str,
        number: int = 0,
        expected: Any = ANY_VERSION,
        *,
        drafted: Any = ANY_VERSION,
    ) -> None:
        """Forget the hand being entered (hand `number`; `expected` and `drafted` as for
        `save_draft`)."""
        with self._write() as conn:
            self._check_draft(conn, token, number, expected)
            self._check_draft_version(conn, token, number, drafted)
            conn.execute("DELETE FROM drafts WHERE session_id = ?", (token,))

    def effective_row_id(self, token: str, number: int) -> int | None:
        """The id of the row that is hand `number` now (its version), or None."""
        return _effective_row_id(self.db.conn, token, number)

    def effective_hands(self, token: str) -> list[HandRow]:
        """The hands that count, by number: for each number its latest row, unless undone."""
        return _effective_rows(self.db.conn, token)

    def history(self, token: str) -> list[HandRow]:
        """Every row ever written for the session, in the order written (the audit view)."""
        rows = self.db.execute(
            f"SELECT {_HAND_COLUMNS} FROM hands WHERE session_id = ? ORDER BY id", (token,)
        ).fetchall()
        return [_hand_row(row) for row in rows]

    def sign_off(
        self, token: str, number: int, based_on: Any, verdict: Verdict, by: Author
    ) -> None:
        """Another phone's word on hand `number` as the phone saw it (`based_on`: its row id).

        StaleWrite when that row is no longer hand `number` (corrected or undone since);
        SameAuthor when the phone that saved the row is the one answering.
        """
        with self._write() as conn:
            current = _effective_row_id(conn, token, number)
            if current is None or current != based_on:
                raise StaleWrite(f"hand {number} changed since", current)
            (device,) = conn.execute("SELECT device FROM hands WHERE id = ?", (current,)).fetchone()
            if device is not None and device == by.device:
                raise SameAuthor(f"hand {number} was saved by this phone")
            conn.execute(
                "INSERT INTO sign_offs (session_id, row_id, verdict, entered_by, device,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (token, current, verdict.value, by.name, by.device, now_utc()),
            )

    def sign_offs(self, token: str) -> dict[int, SignOff]:
        """The latest word on each hand row of the session that has one, by row id."""
        rows = self.db.execute(
            "SELECT row_id, verdict, entered_by, created_at FROM sign_offs"
            " WHERE session_id = ? ORDER BY id",
            (token,),
        ).fetchall()
        return {row_id: SignOff(Verdict(verdict), by, at) for row_id, verdict, by, at in rows}

    def corrected_numbers(self, token: str, from_number: int = 0) -> frozenset[int]:
        """The hands (numbered `from_number` and later) whose row in force is a correction
        (the table of hands marks them)."""
        rows = self.db.execute(
            "SELECT number, action, max(id) FROM hands WHERE session_id = ? AND action != 'undo'"
            " AND number >= ? GROUP BY number",
            (token, from_number),
        ).fetchall()
        return frozenset(number for number, action, _ in rows if action == "correct")

    def live_version(self, token: str) -> str | None:
        """What a watching phone compares to learn, in one small query, whether anything it
        shows changed: the latest hand row, the hand being entered (its draft) and whether the
        session was ended. None for an unknown session."""
        row = self.db.execute(
            "SELECT ended_at IS NOT NULL,"
            " (SELECT max(id) FROM hands WHERE session_id = sessions.id),"
            " (SELECT number || ':' || data FROM drafts WHERE session_id = sessions.id),"
            " (SELECT max(id) FROM sign_offs WHERE session_id = sessions.id)"
            " FROM sessions WHERE id = ?",
            (token,),
        ).fetchone()
        if row is None:
            return None
        ended, last_row, draft, last_word = row
        drafted = zlib.crc32(draft.encode()) if draft else 0
        return f"{last_row or 0}-{drafted:x}-{last_word or 0}-{ended}"

    def last_change(self, token: str) -> int:
        """The id of the session's latest hand row (0 if none): changes whenever its hands do."""
        row = self.db.execute("SELECT max(id) FROM hands WHERE session_id = ?", (token,)).fetchone()
        return row[0] or 0

    # -- derived results (see m008_hand_results)

    def results_summary(self, token: str) -> ResultsSummary:
        """The change the session's derived results are up to, its last scored hand and its
        refused ones: a constant number of rows, however long the session."""
        last = self.db.execute(
            f"SELECT {_RESULT_COLUMNS} FROM hand_results WHERE session_id = ?"
            " AND position IS NOT NULL ORDER BY position DESC LIMIT 1",
            (token,),
        ).fetchone()
        refused = self.db.execute(
            f"SELECT {_RESULT_COLUMNS} FROM hand_results WHERE session_id = ?"
            " AND position IS NULL ORDER BY number",
            (token,),
        ).fetchall()
        if not self._results_usable:  # derived by other code, kept in a read-only file
            return ResultsSummary(STALE_RESULTS, None, ())
        return ResultsSummary(
            self.results_change(token),
            _result_row(last) if last else None,
            tuple(map(_result_row, refused)),
        )

    def results_change(self, token: str) -> int:
        """The change (hand row) the session's derived results are up to, 0 when none."""
        row = self.db.execute(
            "SELECT change FROM results_change WHERE session_id = ?", (token,)
        ).fetchone()
        return row[0] if row else 0

    def result_rows(self, token: str, start: int, stop: int) -> list[ResultRow]:
        """The derived results of the hands at positions start..stop-1, in order."""
        rows = self.db.execute(
            f"SELECT {_RESULT_COLUMNS} FROM hand_results WHERE session_id = ?"
            " AND position >= ? AND position < ? ORDER BY position",
            (token, start, stop),
        ).fetchall()
        return [_result_row(row) for row in rows]

    def replace_results(self, token: str, change: int, rows: Sequence[ResultRow]) -> bool:
        """Keep a whole session's derived results, derived from its hands as of `change`;
        nothing is written (False) when its hands changed since."""
        with self._write() as conn:
            if _last_change(conn, token) != change:
                return False
            conn.execute("DELETE FROM hand_results WHERE session_id = ?", (token,))
            _insert_results(conn, token, rows)
            _stamp_results(conn, token, change)
        return True

    def _hand(self, row_id: int) -> HandRow:
        row = self.db.execute(
            f"SELECT {_HAND_COLUMNS} FROM hands WHERE id = ?", (row_id,)
        ).fetchone()
        return _hand_row(row)

    @staticmethod
    def _require_session(conn: sqlite3.Connection, token: str) -> None:
        if conn.execute("SELECT 1 FROM sessions WHERE id = ?", (token,)).fetchone() is None:
            raise LookupError("no such session")

    # -- settings and maintenance

    def keep_results_of(self, engine: str) -> bool:
        """Keep the derived results only if `engine` derived them (`derived.engine_fingerprint`,
        which the store keeps beside them); otherwise drop them all and note `engine`, so each
        session is derived again, by this engine, when next opened. Says whether the results
        kept were derived by `engine`. A read-only file cannot drop them: its stale results
        are then ignored (`results_summary`) and every session replays."""
        key = "results_engine"
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is not None and row[0] == engine:
            return True
        if self.read_only:
            self._results_usable = False
            return False
        with self._write() as conn:
            conn.execute("DELETE FROM hand_results")
            conn.execute("DELETE FROM results_change")
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key)"
                " DO UPDATE SET value = excluded.value",
                (key, engine),
            )
        return False

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
        return row[0]

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

    def players(self) -> list[Player]:
        """Every player, those who sat in most sessions first (then by name)."""
        rows = self.db.execute(
            "SELECT p.id, p.name, p.version, count(DISTINCT sp.session_id) AS played"
            " FROM players AS p LEFT JOIN seat_players AS sp ON sp.player_id = p.id"
            " GROUP BY p.id ORDER BY played DESC, p.name COLLATE NOCASE, p.id"
        ).fetchall()
        spellings = self._spellings()
        return [
            Player(pid, name, version, played, spellings.get(pid, ()))
            for pid, name, version, played in rows
        ]

    def player(self, player_id: int) -> Player | None:
        """One player of the roster, or None."""
        return next((p for p in self.players() if p.id == player_id), None)

    def _spellings(self) -> dict[int, tuple[str, ...]]:
        """The spellings that name each player (as first written), in the order seen."""
        found: dict[int, list[str]] = {}
        for player_id, spelling in self.db.execute(
            "SELECT player_id, spelling FROM player_names ORDER BY rowid"
        ):
            found.setdefault(player_id, []).append(spelling)
        return {pid: tuple(names) for pid, names in found.items()}

    def rename_player(self, player_id: int, name: str, based_on: Any = ANY_VERSION) -> None:
        """Give a player a new name (the sessions already played keep the names as typed);
        the new spelling names them from now on, and so do the old ones.

        LookupError: no such player. StaleWrite: the player changed since `based_on` (their
        version). NameTaken: the name is another player's.
        """
        key = name_key(name)
        with self._write() as conn:
            current = self._current_version(conn, player_id)
            if based_on is not ANY_VERSION and based_on != current:
                raise StaleWrite("the player changed since", current)
            owner = conn.execute(
                "SELECT player_id FROM player_names WHERE key = ?", (key,)
            ).fetchone()
            if owner is not None and owner[0] != player_id:
                raise NameTaken(owner[0])
            conn.execute(
                "UPDATE players SET name = ?, version = version + 1 WHERE id = ?", (name, player_id)
            )
            conn.execute(
                "INSERT OR IGNORE INTO player_names (key, spelling, player_id) VALUES (?, ?, ?)",
                (key, name, player_id),
            )

    def merge_players(
        self,
        source: int,
        target: int,
        source_version: Any = ANY_VERSION,
        target_version: Any = ANY_VERSION,
    ) -> None:
        """Make `source` and `target` one player, `target`: every seat and spelling of
        `source` moves to `target`, and `source` leaves the roster.

        SamePlayer: one player twice. LookupError: either is unknown. StaleWrite: either
        changed since its version. SatTogether: they sat in the same session (two people).
        """
        if source == target:
            raise SamePlayer("a player cannot be merged into themself")
        with self._write() as conn:
            for player_id, seen in ((source, source_version), (target, target_version)):
                current = self._current_version(conn, player_id)
                if seen is not ANY_VERSION and seen != current:
                    raise StaleWrite("the player changed since", current)
            shared = [
                row[0]
                for row in conn.execute(
                    "SELECT session_id FROM seat_players WHERE player_id = ? INTERSECT"
                    " SELECT session_id FROM seat_players WHERE player_id = ?",
                    (source, target),
                )
            ]
            if shared:
                raise SatTogether(tuple(self.sessions_by_tokens(shared)))
            conn.execute(
                "UPDATE seat_players SET player_id = ? WHERE player_id = ?", (target, source)
            )
            conn.execute(
                "UPDATE player_names SET player_id = ? WHERE player_id = ?", (target, source)
            )
            conn.execute("DELETE FROM players WHERE id = ?", (source,))
            conn.execute("UPDATE players SET version = version + 1 WHERE id = ?", (target,))

    @staticmethod
    def _current_version(conn: sqlite3.Connection, player_id: int) -> int:
        """A player's version (changes with every rename and merge); LookupError if none."""
        row = conn.execute("SELECT version FROM players WHERE id = ?", (player_id,)).fetchone()
        if row is None:
            raise LookupError("no such player")
        return row[0]

    def sessions_between(
        self, since: str | None = None, before: str | None = None
    ) -> list[SessionRecord]:
        """Every session begun at or after `since` and before `before` (ISO times, UTC; None:
        unbounded), oldest first: what the statistics count."""
        rows = self.db.execute(
            "SELECT id, game, options, first_dealer, created_at, ended_at, sign_off FROM sessions"
            " WHERE created_at >= ? AND created_at < ? ORDER BY created_at, rowid",
            (since or "", before or "\uffff"),
        ).fetchall()
        seats = self._seats_of([row[0] for row in rows])
        return [_session_record(row, seats.get(row[0], ())) for row in rows]

    def seat_players(self, tokens: Sequence[str]) -> dict[str, dict[int, tuple[int, ...]]]:
        """Who sat in each seat of these sessions: token -> seat -> the players in it."""
        found: dict[str, dict[int, list[int]]] = {}
        for chunk in _chunks(list(tokens), 500):
            marks = ", ".join("?" for _ in chunk)
            for token, position, player_id in self.db.execute(
                f"SELECT session_id, position, player_id FROM seat_players"
                f" WHERE session_id IN ({marks}) ORDER BY session_id, position, member",
                chunk,
            ):
                found.setdefault(token, {}).setdefault(position, []).append(player_id)
        return {
            token: {seat: tuple(ids) for seat, ids in seats.items()}
            for token, seats in found.items()
        }

    def tokens_of_device(self, device: str) -> frozenset[str]:
        """The sessions `device` opened (whose links it may be shown)."""
        rows = self.db.execute(
            "SELECT session_id FROM device_sessions WHERE device = ?", (device,)
        ).fetchall()
        return frozenset(row[0] for row in rows)


# ---------------------------------------------------------------- rows <-> records

_HAND_COLUMNS = "id, number, action, entry, points, supersedes, created_at, entered_by, device"


def _without_empty(data: Mapping[str, Any]) -> dict[str, Any]:
    """A draft with its empty values (None, [], {}) left out: they say nothing was entered."""
    return {key: value for key, value in data.items() if value not in (None, [], {})}


def _draft_of(conn: sqlite3.Connection, token: str, number: int) -> dict[str, Any]:
    """The draft on disk for hand `number` ({} when none, or when it is another hand's)."""
    row = conn.execute("SELECT number, data FROM drafts WHERE session_id = ?", (token,)).fetchone()
    return _load(row[1]) if row and row[0] == number else {}


def draft_version(data: Mapping[str, Any]) -> str:
    """The version of a hand being entered that a page shows and its save carries back: a
    digest of what the draft holds, "" when it holds nothing (no draft, or no tricks yet)."""
    held = _without_empty(data)
    if not held:
        return ""
    text = json.dumps(json_ready(held), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""One encoder for every write (`json.dumps` with options builds a new one per call)."""


def _dump(value: Any) -> str:
    return _ENCODER.encode(json_ready(value))


def _load(text: str) -> Any:
    return json.loads(text)


def _insert_hand(
    conn: sqlite3.Connection,
    token: str,
    number: int,
    action: HandAction,
    entry_text: str,
    points: Sequence[int] | None,
    supersedes: int | None,
    by: Author | None = None,
    at: str | None = None,
) -> int:
    """Append one hand row (its entry as `_dump` wrote it; `by`: the phone that wrote it;
    `at`: when, now by default); returns its id."""
    author = by or Author()
    cursor = conn.execute(
        "INSERT INTO hands (session_id, number, action, entry, points, supersedes, created_at,"
        " entered_by, device) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            token,
            number,
            action,
            entry_text,
            None if points is None else _dump([int(p) for p in points]),
            supersedes,
            at or now_utc(),
            author.name,
            author.device,
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


_RESULT_COLUMNS = "number, position, hand, totals, played"


def _result_row(row: Sequence[Any]) -> ResultRow:
    number, position, text, totals, played = row
    return ResultRow(
        number, position, text, None if totals is None else tuple(_load(totals)), played
    )


def _last_change(conn: sqlite3.Connection, token: str) -> int:
    """The id of the session's latest hand row, 0 when none."""
    row = conn.execute("SELECT max(id) FROM hands WHERE session_id = ?", (token,)).fetchone()
    return row[0] or 0


def _insert_results(conn: sqlite3.Connection, token: str, rows: Sequence[ResultRow]) -> None:
    conn.executemany(
        "INSERT INTO hand_results (session_id, number, position, hand, totals, played)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                token,
                row.number,
                row.position,
                row.text,
                None if row.totals is None else _dump(list(row.totals)),
                row.played,
            )
            for row in rows
        ],
    )


def _stamp_results(conn: sqlite3.Connection, token: str, change: int) -> None:
    conn.execute(
        "INSERT INTO results_change (session_id, change) VALUES (?, ?)"
        " ON CONFLICT (session_id) DO UPDATE SET change = excluded.change",
        (token, change),
    )


def _record_results(
    conn: sqlite3.Connection, token: str, row_id: int, write: ResultsWrite | None
) -> bool:
    """Bring the derived results up to the hand row `row_id` just written, when they were
    derived from the version of the session that row follows; otherwise leave them behind
    (the next load sees the stale change and derives them afresh). Says whether they were."""
    if write is None:
        return False
    # What the stored results follow, and the row written before this one: one query.
    current, before = conn.execute(
        "SELECT (SELECT change FROM results_change WHERE session_id = ?),"
        " (SELECT max(id) FROM hands WHERE session_id = ? AND id < ?)",
        (token, token, row_id),
    ).fetchone()
    if (current or 0) != write.since or (before or 0) != write.since:
        return False
    conn.execute(
        "DELETE FROM hand_results WHERE session_id = ? AND number >= ?", (token, write.from_number)
    )
    _insert_results(conn, token, write.rows)
    _stamp_results(conn, token, row_id)
    return True


def _effective_rows(conn: sqlite3.Connection, token: str) -> list[HandRow]:
    """For each hand number, its latest enter/correct row, unless an undo superseded that row.

    An undo takes a hand back entirely (it does not restore the row a correction replaced);
    the hand can then be entered again under the same number.
    """
    rows = conn.execute(
        f"SELECT {_HAND_COLUMNS} FROM hands WHERE session_id = ? ORDER BY id", (token,)
    ).fetchall()
    latest: dict[int, HandRow] = {}
    undone: set[int] = set()
    for row in map(_hand_row, rows):
        if row.action == "undo":
            if row.supersedes is not None:
                undone.add(row.supersedes)
        else:
            latest[row.number] = row
    return [row for number, row in sorted(latest.items()) if row.id not in undone]


def _effective_row_id(conn: sqlite3.Connection, token: str, number: int) -> int | None:
    """The id of hand `number`'s effective row, or None when it has none."""
    row = conn.execute(
        "SELECT id FROM hands WHERE session_id = ? AND number = ? AND action != 'undo'"
        " ORDER BY id DESC LIMIT 1",
        (token, number),
    ).fetchone()
    if row is None:
        return None
    undone = conn.execute(
        "SELECT 1 FROM hands WHERE session_id = ? AND action = 'undo' AND supersedes = ?",
        (token, row[0]),
    ).fetchone()
    return None if undone else row[0]


def _hand_row(row: Sequence[Any]) -> HandRow:
    row_id, number, action, entry, points, supersedes, created_at, by, device = row
    return HandRow(
        id=row_id,
        number=number,
        action=action,
        entry=_load(entry),
        points=None if points is None else tuple(_load(points)),
        supersedes=supersedes,
        created_at=created_at,
        by=by,
        device=device,
    )


def _session_record(row: Sequence[Any], seats: tuple[Seat, ...]) -> SessionRecord:
    token, game, options, first_dealer, created_at, ended_at, sign_off = row
    setup = Setup(
        game=game,
        players=tuple(seat.name for seat in seats),
        options=_load(options),
        first_dealer=first_dealer,
    )
    return SessionRecord(token, setup, created_at, ended_at, seats, bool(sign_off))
