"""The statements migration m014 runs to keep the statistics' yearly sums (`stat_years`;
`companion.store.yearsums`): the table, its indexes and the triggers that mark a session's
year to be summed again (player 0's `summary` NULL) on every change of the session, its
seats' players or its seats' standing, whichever path writes it. Released with m014: never
edited (a change is a new migration)."""

from __future__ import annotations

MARK = (
    "INSERT INTO stat_years (game, year, player, summary)"
    " SELECT {0}.game, substr({0}.created_at, 1, 4), 0, NULL FROM {1}"
    " ON CONFLICT (game, year, player) DO UPDATE SET summary = NULL"
    " WHERE summary IS NOT NULL;"  # marked already (the same save's other seats): no write
)
SEATED = "sessions AS s WHERE s.id = {}.session_id"
ITSELF = "(SELECT 1) WHERE true"  # a session's own row: its old or new values mark their year
# (every SELECT before an upsert's ON CONFLICT has a WHERE: SQLite's parser needs it)

TRIGGERS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "sessions_in": ("AFTER INSERT ON sessions", [("NEW", ITSELF)]),
    "sessions_moved": (
        "AFTER UPDATE OF created_at, game ON sessions",
        [("OLD", ITSELF), ("NEW", ITSELF)],
    ),
    "sessions_out": ("AFTER DELETE ON sessions", [("OLD", ITSELF)]),
    **{
        f"{table}_{name}": (f"AFTER {when} ON {table}", [("s", SEATED.format(r)) for r in rows])
        for table in ("seat_players", "seat_standings")
        for name, when, rows in (
            ("in", "INSERT", ["NEW"]),
            ("out", "DELETE", ["OLD"]),
            ("moved", "UPDATE", ["OLD", "NEW"]),
        )
    },
}

M014: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS stat_years (game TEXT NOT NULL, year TEXT NOT NULL,"
    " player INTEGER NOT NULL, summary TEXT, PRIMARY KEY (game, year, player)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS stat_years_player ON stat_years (player, year, game)",
    "CREATE INDEX IF NOT EXISTS stat_years_stale ON stat_years (game, year) WHERE summary IS NULL",
    *(
        f"CREATE TRIGGER IF NOT EXISTS stale_year_{name} {when} BEGIN "
        + "".join(MARK.format(row, source) for row, source in marks)
        + " END"
        for name, (when, marks) in TRIGGERS.items()
    ),
    # Every year there is, marked: the first page sums it.
    "INSERT OR REPLACE INTO stat_years (game, year, player, summary)"
    " SELECT DISTINCT game, substr(created_at, 1, 4), 0, NULL FROM sessions",
)

# m015: a seat's standing is written by one function only (`statistics.keep_standing` since
# m016), a session's seats at a time: it marks its session's year itself, in one statement,
# instead of eight row triggers doing it (0.35 M instructions a save then; bench/README.md).
MARK_SESSION = MARK.format("s", "sessions AS s WHERE s.id = ?")
"""Mark the year of the session whose id is bound (`statistics.keep_standing`)."""

M015: tuple[str, ...] = tuple(
    f"DROP TRIGGER IF EXISTS stale_year_seat_standings_{name}" for name in ("in", "out", "moved")
)
