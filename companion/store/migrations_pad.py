"""The schema's first migrations, the pad's own (sessions, hands, drafts, devices, sign-offs,
the stored results, the roster, the statistics' standing): m001 to m011, oldest first. The
migrations after them (the club nights, seasons…) are registered on the same `MIGRATIONS` in
`store/migrations.py`, which imports this module first, so they run in their numbers' order.

A migration, once released, is never edited: a new one changes what an older one built.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils import Database

from companion.store.rows import link_seat, load

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
        link_seat(db.conn, session_id, position, load(members))


@MIGRATIONS()
def m010_results_are_a_cache(db: Database) -> None:
    """The cached results no longer carry a change stamp (`results_change`): every write keeps
    them right for the hands it holds, in its own transaction, and a session whose cache lacks
    a hand replays (`store.results.complete`). Rows cached under the stamp were only right
    up to it, so they are dropped; each session rebuilds its cache when first opened."""
    db.execute("DROP TABLE IF EXISTS results_change")
    db.execute("DELETE FROM hand_results")


@MIGRATIONS()
def m011_statistics_standing(db: Database) -> None:
    """Each cached result also keeps the session's standing after its hand (what the
    statistics count: each seat's hands played, best and worst hand, own-figure counts and
    whether it wins as it stands; `companion.engine.standing`), and `seat_standings` holds
    each seat's figures from the session's last cached result, one narrow row per seat (the
    store refreshes it in SQL whenever the session's cached results change), so the
    statistics pages read those rows instead of replaying. Rows cached before have no
    standing: they are dropped, and the start-up rebuild derives every session again.
    Indexes for counting the sessions begun in a span, by game."""
    if "standing" not in db["hand_results"].columns_dict:
        db.execute("ALTER TABLE hand_results ADD COLUMN standing TEXT")
    db.execute("DELETE FROM hand_results")
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS seat_standings (
            session_id TEXT NOT NULL REFERENCES sessions(id),
            seat INTEGER NOT NULL,
            total INTEGER NOT NULL,
            won INTEGER NOT NULL,
            hands INTEGER NOT NULL,
            best INTEGER,
            best_hand INTEGER,
            worst INTEGER,
            worst_hand INTEGER,
            counts TEXT,
            session_hands INTEGER NOT NULL,
            PRIMARY KEY (session_id, seat)
        ) WITHOUT ROWID"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS sessions_created_game ON sessions (created_at, game)")
    db.execute("CREATE INDEX IF NOT EXISTS sessions_game_created ON sessions (game, created_at)")
