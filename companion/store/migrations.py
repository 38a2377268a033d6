"""The schema, as the migrations that build it (sqlite-utils `Migrations`), oldest first:
m001 to m011 (the pad's own) are in `store/migrations_pad.py`, registered first on the same
`MIGRATIONS`; the club nights' and later ones here, each in its number's order.

A migration, once released, is never edited: a new one changes what an older one built.
"""

from __future__ import annotations

from sqlite_utils import Database

from companion.store import events_schema, seasons_schema
from companion.store.migrations_pad import MIGRATIONS

__all__ = ["MIGRATIONS"]


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


@MIGRATIONS()
def m023_seeded_by_rating(db: Database) -> None:
    """Round 1 of an event seeded by rating (issue 38): how the director chose to seat it."""
    if "seeding" not in db["events"].columns_dict:
        for statement in events_schema.M023:
            db.execute(statement)
