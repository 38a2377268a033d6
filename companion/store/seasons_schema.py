"""The statements migration m022 runs for a club's seasons (`companion.store.seasons`): the
seasons, which events belong to one, and each event's money. Released with m022: never edited
(a change is a new migration)."""

from __future__ import annotations

M022: tuple[str, ...] = (
    # A season: the director's key as its id, the followers' key, the game of every evening,
    # its rule (engine/season.py's `SeasonRule` as JSON), the currency of its nights' money
    # (an ISO code, set once), and its version (raised by every change to its evenings).
    """
        CREATE TABLE IF NOT EXISTS seasons (
            id TEXT PRIMARY KEY,
            follow TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            game TEXT NOT NULL,
            rule TEXT NOT NULL,
            currency TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            created_at TEXT NOT NULL
        )""",
    # The evenings of a season: an event belongs to one season at most; `guests` are the
    # event's entrant numbers who came as guests (JSON list).
    """
        CREATE TABLE IF NOT EXISTS season_events (
            season_id TEXT NOT NULL REFERENCES seasons(id),
            event_id TEXT NOT NULL UNIQUE REFERENCES events(id),
            guests TEXT NOT NULL DEFAULT '[]',
            added_at TEXT NOT NULL,
            PRIMARY KEY (season_id, event_id)
        ) WITHOUT ROWID""",
    # A night's money, in integer cents of `currency`: the start fee; Skat's lost-game fee
    # (`lost_fee` a game, `lost_higher_fee` from the `lost_from`-th; NULL: none); the prize
    # plan: `prize_kind` 'percent' (`paid_out` per cent of the money paid in is paid out, split
    # by place in per cents of it, `prizes`; the rest is kept for the season pot) or 'fixed'
    # (`prizes` in cents, `paid_out` NULL); each prize rounded down to `unit` cents. `version`
    # is raised by every change (a form names the version it was based on).
    """
        CREATE TABLE IF NOT EXISTS event_money (
            event_id TEXT PRIMARY KEY REFERENCES events(id),
            currency TEXT NOT NULL,
            start_fee INTEGER NOT NULL CHECK (start_fee >= 0),
            lost_fee INTEGER CHECK (lost_fee >= 0),
            lost_higher_fee INTEGER CHECK (lost_higher_fee >= 0),
            lost_from INTEGER CHECK (lost_from >= 1),
            prize_kind TEXT NOT NULL CHECK (prize_kind IN ('percent', 'fixed')),
            paid_out INTEGER CHECK (paid_out BETWEEN 0 AND 100),
            prizes TEXT NOT NULL,
            unit INTEGER NOT NULL CHECK (unit >= 1),
            version INTEGER NOT NULL DEFAULT 1,
            updated_at TEXT NOT NULL
        ) WITHOUT ROWID""",
)
"""The statements migration m022 runs. Released with m022: never edited."""
