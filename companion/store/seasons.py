"""A club's seasons and each night's money (docs/design.md, "Club night": "The season and the
money, stored"): a season (its two keys, game, rule and currency), the events that are its
evenings, and an event's fees and prize plan in integer cents.

Nothing here repeats a result: a season's table and a cashier's sheet are worked out when read,
from the events' rankings (`store.events.tables`) and the tables' stored hands, so a correction
to an evening flows into both. The rule is kept as JSON; the service reads it into
`engine.season.SeasonRule`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.store.database import Part
from companion.store.events import EVENT_COLUMNS, EventRecord, event_record
from companion.store.records import ANY_VERSION, StaleWrite
from companion.store.rows import dump, load, new_token, now_utc


@dataclass(frozen=True)
class SeasonRecord:
    """A season as stored: its two keys (the director's, the followers'), its name and game,
    its rule (JSON data of `engine.season.SeasonRule`), the currency of its nights' money and
    its version (raised by every change to its evenings)."""

    key: str
    follow: str
    name: str
    game: str
    rule: Mapping[str, Any]
    currency: str
    version: int
    created_at: str


@dataclass(frozen=True)
class Evening:
    """An event of a season, with the entrant numbers who came to it as guests."""

    event: EventRecord
    guests: tuple[int, ...]


@dataclass(frozen=True)
class MoneyRow:
    """A night's money as stored, amounts in cents: the start fee, the lost-game fee (None:
    none; else a game's fee, the higher fee and the count it starts at), the prize plan
    ('percent': `paid_out` per cent of the money paid in, split by place in per cents of it;
    'fixed': cents by place), the unit each prize is rounded down to, and the version."""

    event: str
    currency: str
    start_fee: int
    lost_fee: tuple[int, int, int] | None
    prize_kind: str
    paid_out: int | None
    prizes: tuple[int, ...]
    unit: int
    version: int = 0


class EventTaken(ValueError):
    """An event added to a season while it belongs to another one."""


SEASON_COLUMNS = "id, follow, name, game, rule, currency, version, created_at"
MONEY_COLUMNS = (
    "event_id, currency, start_fee, lost_fee, lost_higher_fee, lost_from, prize_kind,"
    " paid_out, prizes, unit, version"
)


def season_record(row: Sequence[Any]) -> SeasonRecord:
    """A season's record from its row (`SEASON_COLUMNS`)."""
    key, follow, name, game, rule, currency, version, created_at = row
    return SeasonRecord(key, follow, name, game, load(rule), currency, version, created_at)


def money_row(row: Sequence[Any]) -> MoneyRow:
    """A night's money from its row (`MONEY_COLUMNS`)."""
    event, currency, start, fee, higher, from_count, kind, paid_out, prizes, unit, version = row
    lost = None if fee is None else (fee, higher, from_count)
    return MoneyRow(
        event, currency, start, lost, kind, paid_out, tuple(load(prizes)), unit, version
    )


class Seasons(Part):
    """The seasons and the nights' money (`store.seasons`, over the store's one connection)."""

    def create(self, season: SeasonRecord) -> SeasonRecord:
        """Store a new season with two new keys; returns it as stored."""
        stored = replace(
            season, key=new_token(), follow=new_token(), version=1, created_at=now_utc()
        )
        with self._write() as conn:
            conn.execute(
                f"INSERT INTO seasons ({SEASON_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    stored.key, stored.follow, stored.name, stored.game, dump(dict(stored.rule)),
                    stored.currency, stored.version, stored.created_at,
                ),
            )  # fmt: skip
        return stored

    def get(self, key: str) -> SeasonRecord | None:
        """The season of a director's key, or None."""
        row = self.db.execute(f"SELECT {SEASON_COLUMNS} FROM seasons WHERE id = ?", (key,))
        found = row.fetchone()
        return season_record(found) if found else None

    def followed(self, follow: str) -> SeasonRecord | None:
        """The season of a followers' key, or None."""
        row = self.db.execute(f"SELECT {SEASON_COLUMNS} FROM seasons WHERE follow = ?", (follow,))
        found = row.fetchone()
        return season_record(found) if found else None

    def all(self) -> list[SeasonRecord]:
        """Every season, newest first."""
        rows = self.db.execute(f"SELECT {SEASON_COLUMNS} FROM seasons ORDER BY created_at DESC")
        return [season_record(row) for row in rows]

    def evenings(self, key: str) -> list[Evening]:
        """The season's events in date order (when each was made), with their guests."""
        columns = ", ".join(f"e.{column}" for column in EVENT_COLUMNS.split(", "))
        rows = self.db.execute(
            f"SELECT se.guests, {columns} FROM season_events se JOIN events e"
            " ON e.id = se.event_id WHERE se.season_id = ? ORDER BY e.created_at, e.rowid",
            (key,),
        )
        return [Evening(event_record(row[1:]), tuple(load(row[0]))) for row in rows]

    def season_of(self, event: str) -> SeasonRecord | None:
        """The season an event belongs to, or None."""
        row = self.db.execute(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE id ="
            " (SELECT season_id FROM season_events WHERE event_id = ?)",
            (event,),
        ).fetchone()
        return season_record(row) if row else None

    def add_evening(self, key: str, event: str, based_on: Any = ANY_VERSION) -> None:
        """Make an event an evening of the season. StaleWrite: the season changed since
        `based_on`; EventTaken: the event is another season's (or this one's already)."""
        with self._write() as conn:
            checked_version(conn, key, based_on)
            if conn.execute("SELECT 1 FROM season_events WHERE event_id = ?", (event,)).fetchone():
                raise EventTaken("the event belongs to a season")
            conn.execute(
                "INSERT INTO season_events (season_id, event_id, added_at) VALUES (?, ?, ?)",
                (key, event, now_utc()),
            )
            bump(conn, key)

    def remove_evening(self, key: str, event: str, based_on: Any = ANY_VERSION) -> None:
        """Take an event out of the season (the event itself stays). StaleWrite: the season
        changed since `based_on`; LookupError: it is not one of its evenings."""
        with self._write() as conn:
            checked_version(conn, key, based_on)
            removed = conn.execute(
                "DELETE FROM season_events WHERE season_id = ? AND event_id = ?", (key, event)
            ).rowcount
            if not removed:
                raise LookupError("not an evening of the season")
            bump(conn, key)

    def set_guests(
        self, key: str, event: str, guests: Sequence[int], based_on: Any = ANY_VERSION
    ) -> None:
        """Say which entrants of an evening came as guests. StaleWrite, LookupError as
        `remove_evening`."""
        with self._write() as conn:
            checked_version(conn, key, based_on)
            changed = conn.execute(
                "UPDATE season_events SET guests = ? WHERE season_id = ? AND event_id = ?",
                (dump(sorted(set(guests))), key, event),
            ).rowcount
            if not changed:
                raise LookupError("not an evening of the season")
            bump(conn, key)

    def money(self, event: str) -> MoneyRow | None:
        """An event's money, or None when it has none."""
        row = self.db.execute(
            f"SELECT {MONEY_COLUMNS} FROM event_money WHERE event_id = ?", (event,)
        ).fetchone()
        return money_row(row) if row else None

    def set_money(self, money: MoneyRow, based_on: Any = ANY_VERSION) -> MoneyRow:
        """Keep an event's money (its version raised). StaleWrite: it changed since
        `based_on` (0: the form was read before it had any)."""
        with self._write() as conn:
            found = conn.execute(
                "SELECT version FROM event_money WHERE event_id = ?", (money.event,)
            ).fetchone()
            current = found[0] if found else 0
            if based_on is not ANY_VERSION and based_on != current:
                raise StaleWrite("the money changed since", current)
            lost = money.lost_fee or (None, None, None)
            stored = replace(money, version=current + 1)
            conn.execute(
                f"INSERT OR REPLACE INTO event_money ({MONEY_COLUMNS}, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    money.event, money.currency, money.start_fee, *lost, money.prize_kind,
                    money.paid_out, dump(list(money.prizes)), money.unit, stored.version,
                    now_utc(),
                ),
            )  # fmt: skip
        return stored


def checked_version(conn: sqlite3.Connection, key: str, based_on: Any) -> None:
    """Refuse a change to a season based on an older version (StaleWrite), or to no season
    (LookupError)."""
    row = conn.execute("SELECT version FROM seasons WHERE id = ?", (key,)).fetchone()
    if row is None:
        raise LookupError("no such season")
    if based_on is not ANY_VERSION and based_on != row[0]:
        raise StaleWrite("the season changed since", row[0])


def bump(conn: sqlite3.Connection, key: str) -> None:
    """Raise the season's version (its evenings changed)."""
    conn.execute("UPDATE seasons SET version = version + 1 WHERE id = ?", (key,))
