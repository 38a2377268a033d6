"""The schema, as the migrations that build it (sqlite-utils `Migrations`), oldest first.

A migration, once released, is never edited: a new one changes what an older one built.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils import Database

from companion.store import events_schema, seasons_schema
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


@MIGRATIONS()
def m012_events(db: Database) -> None:
    """Club nights: an event (the director's key, the followers' key, the game and house rules
    of every table, the rounds' length), its entrants, each round's draw, each table bound to
    the session it plays, and the event's log. The ranking reads the tables' stored results
    (`hand_results`), so nothing here repeats a score."""
    for statement in events_schema.M012:
        db.execute(statement)


@MIGRATIONS()
def m013_phone_names(db: Database) -> None:
    """One phone per name in a session (issue 27): the name each phone holds there, one holder
    per name (case and spaces do not count), and each take-over of a name from another phone,
    which the session's history prints. AUTOINCREMENT: a hold's id is the version a take-over
    names, so a deleted hold's id is never given to the next one."""
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS phone_names (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL REFERENCES sessions(id),
            device TEXT NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            since TEXT NOT NULL,
            UNIQUE (session_id, device),
            UNIQUE (session_id, name_key)
        )"""
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS name_takeovers (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(id),
            name TEXT NOT NULL,
            from_device TEXT NOT NULL,
            to_device TEXT NOT NULL,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute(
        "CREATE INDEX IF NOT EXISTS name_takeovers_session ON name_takeovers (session_id, id)"
    )


@MIGRATIONS()
def m014_statistics_years(db: Database) -> None:
    """Retired by m017: it kept the statistics' sums per game, year and player (`stat_years`,
    with triggers marking a year stale); a file that ran it has them dropped by m017."""


@MIGRATIONS()
def m015_standing_marks_its_year(db: Database) -> None:
    """Retired by m017: it replaced m014's row triggers on the seats' standing by one
    statement in its writer; m017 drops every trigger m014 made."""


@MIGRATIONS()
def m016_standing_worked_out_when_read(db: Database) -> None:
    """The cached results no longer carry a standing per hand (the column is dropped). It
    also made `standing_pending`, which m017 retires."""
    if "standing" in db["hand_results"].columns_dict:
        db.execute("ALTER TABLE hand_results DROP COLUMN standing")


@MIGRATIONS()
def m017_one_copy_of_each_statistic(db: Database) -> None:
    """A session's standing is written with every write that changes its scored hands, in
    that write's transaction, and the statistics pages are SQL over those rows: the yearly
    sums (`stat_years`, its triggers) and the pending marks (`standing_pending`) go. A session
    still marked pending has its cached results and standing dropped, so the start-up rebuild
    derives both again."""
    triggers = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'stale_year_%'"
    ).fetchall()
    for (name,) in triggers:
        db.execute(f'DROP TRIGGER IF EXISTS "{name}"')
    db.execute("DROP TABLE IF EXISTS stat_years")
    if db["standing_pending"].exists():
        for table in ("hand_results", "seat_standings"):
            db.execute(
                f"DELETE FROM {table} WHERE session_id IN (SELECT session_id FROM standing_pending)"
            )
        db.execute("DROP TABLE standing_pending")


@MIGRATIONS()
def m018_results_versions(db: Database) -> None:
    """The version of each game's scoring that derived its cached results (`Game.version`), in
    place of one digest of the whole engine's code: at start only a game whose version changed
    has its cached results dropped and derived again (`store.results.keep_versions`). The table
    starts empty, so the first start after this upgrade derives every game's results once
    (nothing says which code derived them)."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS results_versions"
        " (game TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID"
    )
    db.execute("DELETE FROM settings WHERE key = 'results_engine'")


@MIGRATIONS()
def m019_directed_evening(db: Database) -> None:
    """The evening directed (issue 37): a table's round lengthened by the director, the deals
    a table may still reach after its time ran out, and when the evening was closed."""
    if "extra_deals" not in db["event_tables"].columns_dict:
        for statement in events_schema.M019:
            db.execute(statement)


@MIGRATIONS()
def m020_director_pin_calls_hidden_ranking(db: Database) -> None:
    """The evening directed, continued (issue 37): the running ranking hidden for the last
    rounds, the director's PIN, and a table's call to the director."""
    if "hide_last" not in db["events"].columns_dict:
        for statement in events_schema.M020:
            db.execute(statement)


@MIGRATIONS()
def m021_movement(db: Database) -> None:
    """The movement (issue 36): an event's rounds planned at once and stored with their
    figures, the pairs kept apart, and the entrants who came late, withdrew or were
    substituted."""
    for statement in events_schema.M021:
        db.execute(statement)


@MIGRATIONS()
def m022_seasons(db: Database) -> None:
    """A club's season (issue 38): seasons (their two keys, game, rule and currency), the
    events that are their evenings, and each event's money (fees and prize plan in cents).
    Numbered m022: m020 and m021 were taken by work done beside it."""
    for statement in seasons_schema.M022:
        db.execute(statement)
