"""The statements migration m012 runs for club nights (`companion.store.events`): the events,
their entrants, each round's draw, each table bound to the session it plays, the event's log,
and the index of the hands' corrections and undos the log lists. Released with m012: never
edited (a change is a new migration)."""

from __future__ import annotations

M012: tuple[str, ...] = (
    """
        CREATE TABLE IF NOT EXISTS events (
            id TEXT PRIMARY KEY,
            follow TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            table_size INTEGER NOT NULL,
            other_size INTEGER,
            fill TEXT NOT NULL,
            rounds INTEGER NOT NULL,
            deals_each INTEGER NOT NULL,
            minutes INTEGER NOT NULL,
            method TEXT NOT NULL,
            draw_order TEXT NOT NULL,
            created_at TEXT NOT NULL
        )""",
    """
        CREATE TABLE IF NOT EXISTS entrants (
            event_id TEXT NOT NULL REFERENCES events(id),
            number INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (event_id, number)
        )""",
    """
        CREATE TABLE IF NOT EXISTS event_rounds (
            event_id TEXT NOT NULL REFERENCES events(id),
            round INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            byes TEXT NOT NULL,
            repeats INTEGER NOT NULL,
            started_at TEXT,
            PRIMARY KEY (event_id, round)
        )""",
    """
        CREATE TABLE IF NOT EXISTS event_tables (
            event_id TEXT NOT NULL REFERENCES events(id),
            round INTEGER NOT NULL,
            number INTEGER NOT NULL,
            seats TEXT NOT NULL,
            session_id TEXT UNIQUE REFERENCES sessions(id),
            PRIMARY KEY (event_id, round, number)
        )""",
    """
        CREATE TABLE IF NOT EXISTS event_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id TEXT NOT NULL REFERENCES events(id),
            kind TEXT NOT NULL,
            data TEXT NOT NULL,
            at TEXT NOT NULL
        )""",
    "CREATE INDEX IF NOT EXISTS event_log_event ON event_log (event_id, id)",
    # The event log lists the corrections and undos at its tables: a small index of those
    # rows alone, so the log does not read every hand of every table.
    "CREATE INDEX IF NOT EXISTS hands_changes ON hands (session_id, id) WHERE action != 'enter'",
)

M019: tuple[str, ...] = (
    # The director's word on a table: deals added to its round, and after a timed round's
    # clock ran out the deals it may still reach (the deal in progress); NULL: none allowed.
    "ALTER TABLE event_tables ADD COLUMN extra_deals INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE event_tables ADD COLUMN after_time INTEGER",
    # When the director closed the evening: its results are final from then on.
    "ALTER TABLE events ADD COLUMN closed_at TEXT",
)
"""The statements migration m019 runs: the director's controls of the tables and the evening.
Released with m019: never edited."""

M020: tuple[str, ...] = (
    # The director may hide the running ranking from the followers for the last rounds.
    "ALTER TABLE events ADD COLUMN hide_last INTEGER NOT NULL DEFAULT 0",
    # The director's PIN (a salted hash; NULL: none) and the wrong tries since the last right
    # one, with until when the PIN is refused after too many.
    "ALTER TABLE events ADD COLUMN pin_hash TEXT",
    "ALTER TABLE events ADD COLUMN pin_failures INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE events ADD COLUMN pin_locked_until TEXT",
    # A table that called the director: when, and its words (NULL: no call waiting).
    "ALTER TABLE event_tables ADD COLUMN called_at TEXT",
    "ALTER TABLE event_tables ADD COLUMN call_words TEXT",
)
"""The statements migration m020 runs: the ranking hidden, the director's PIN, the calls.
Released with m020: never edited."""

M021: tuple[str, ...] = (
    # The movement planned at once (issue 36): the rounds of an event planned from one round
    # on, each round's tables and byes as JSON, and the plan's figures: repeated meetings, the
    # lower bound for those numbers, third meetings, the pairs kept apart that could not be.
    """
        CREATE TABLE IF NOT EXISTS event_movements (
            event_id TEXT PRIMARY KEY REFERENCES events(id),
            from_round INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            rounds TEXT NOT NULL,
            repeats INTEGER NOT NULL,
            lower_bound INTEGER NOT NULL,
            third_meetings INTEGER NOT NULL,
            apart_broken TEXT NOT NULL,
            exact INTEGER NOT NULL,
            planned_at TEXT NOT NULL
        )""",
    # The pairs the director keeps apart (a < b).
    """
        CREATE TABLE IF NOT EXISTS event_apart (
            event_id TEXT NOT NULL REFERENCES events(id),
            a INTEGER NOT NULL,
            b INTEGER NOT NULL,
            PRIMARY KEY (event_id, a, b)
        ) WITHOUT ROWID""",
    # The entrants as they came: the first round an entrant may be seated in (a late entrant),
    # the last round they play (withdrawn; NULL: still in), and a substitute who takes their
    # seat from a round on, with the director's word on whose results those rounds are.
    """
        CREATE TABLE IF NOT EXISTS entrant_states (
            event_id TEXT NOT NULL REFERENCES events(id),
            number INTEGER NOT NULL,
            joined_round INTEGER NOT NULL DEFAULT 1,
            left_after INTEGER,
            substitute TEXT,
            substitute_from INTEGER,
            credited INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (event_id, number)
        ) WITHOUT ROWID""",
)
"""The statements migration m021 runs: the movement, the pairs kept apart, the entrants as
they came. Released with m021: never edited."""

M023: tuple[str, ...] = (
    # How round 1 is seated (issue 38): 'random' (the draw, or the movement planned at once)
    # or 'rating' (the entrants by rating, dealt to the tables in a snake).
    "ALTER TABLE events ADD COLUMN seeding TEXT NOT NULL DEFAULT 'random'",
)
"""The statements migration m023 runs: round 1 seeded by rating. Released with m023: never
edited."""
