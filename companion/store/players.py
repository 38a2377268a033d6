"""The roster: one player per person across sessions, the spellings that name them, and who
sat in each seat (seats are linked when a session is stored: `rows.link_seats`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.store.database import Part
from companion.store.records import ANY_VERSION, SessionRecord, StaleWrite
from companion.store.rows import chunks, name_key, sessions_by_tokens


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


class Players(Part):
    """The roster (`store.players`, over the store's one connection)."""

    def all(self) -> list[Player]:
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

    def get(self, player_id: int) -> Player | None:
        """One player of the roster, or None (their own rows read, not the whole roster's:
        a player's statistics page asks for it)."""
        row = self.db.execute(
            "SELECT id, name, version, (SELECT count(DISTINCT session_id) FROM seat_players"
            " WHERE player_id = players.id) FROM players WHERE id = ?",
            (player_id,),
        ).fetchone()
        if row is None:
            return None
        spellings = self.db.execute(
            "SELECT spelling FROM player_names WHERE player_id = ? ORDER BY rowid", (player_id,)
        ).fetchall()
        found, name, version, sessions = row
        return Player(found, name, version, sessions, tuple(each for (each,) in spellings))

    def named(self, name: str) -> Player | None:
        """The player a name names (their name now or a spelling merged into them, read as
        every name is, whatever its case), or None: a merge typed by name finds its player."""
        row = self.db.execute(
            "SELECT player_id FROM player_names WHERE key = ?", (name_key(name),)
        ).fetchone()
        return self.get(row[0]) if row is not None else None

    def _spellings(self) -> dict[int, tuple[str, ...]]:
        """The spellings that name each player (as first written), in the order seen."""
        found: dict[int, list[str]] = {}
        for player_id, spelling in self.db.execute(
            "SELECT player_id, spelling FROM player_names ORDER BY rowid"
        ):
            found.setdefault(player_id, []).append(spelling)
        return {pid: tuple(names) for pid, names in found.items()}

    def rename(self, player_id: int, name: str, based_on: Any = ANY_VERSION) -> None:
        """Give a player a new name (the sessions already played keep the names as typed);
        the new spelling names them from now on, and so do the old ones.

        LookupError: no such player. StaleWrite: the player changed (or left the roster)
        since `based_on` (their version). NameTaken: the name is another player's.
        """
        key = name_key(name)
        with self._write() as conn:
            current = self._current_version(conn, player_id, based_on)
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

    def merge(
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
                current = self._current_version(conn, player_id, seen)
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
                raise SatTogether(tuple(sessions_by_tokens(conn, shared)))
            conn.execute(
                "UPDATE seat_players SET player_id = ? WHERE player_id = ?", (target, source)
            )
            conn.execute(
                "UPDATE player_names SET player_id = ? WHERE player_id = ?", (target, source)
            )
            conn.execute("DELETE FROM players WHERE id = ?", (source,))
            conn.execute("UPDATE players SET version = version + 1 WHERE id = ?", (target,))

    @staticmethod
    def _current_version(conn: sqlite3.Connection, player_id: int, seen: Any) -> int:
        """A player's version (changes with every rename and merge). A player who is gone is
        a StaleWrite for a write based on a version `seen` (a merge on another phone removed
        them since), a LookupError for one that names no version."""
        row = conn.execute("SELECT version FROM players WHERE id = ?", (player_id,)).fetchone()
        if row is None and seen is not ANY_VERSION:
            raise StaleWrite("the player left the roster since", None)
        if row is None:
            raise LookupError("no such player")
        version: int = row[0]
        return version

    def seat_players(self, tokens: Sequence[str]) -> dict[str, dict[int, tuple[int, ...]]]:
        """Who sat in each seat of these sessions: token -> seat -> the players in it."""
        found: dict[str, dict[int, list[int]]] = {}
        for chunk in chunks(list(tokens), 500):
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
