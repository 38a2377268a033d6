"""What the rating reads (docs/rulings.md, "The rating"): every finished session with each
seat's final total and its players, oldest first, in one query over the sessions, their kept
standing (`seat_standings`) and who sat where (`seat_players`). A session counts once it was
ended (the pad's End, or the director's close of its table or evening); an event's tables are
sessions, so they come in the same way. Nothing is kept: the service rebuilds the ratings from
these rows whenever they are asked for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.store.database import Part
from companion.store.rows import chunks, name_key


@dataclass(frozen=True)
class FinishedSeat:
    """One seat of a finished session: its total and the players who sat in it."""

    total: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class FinishedSession:
    """A finished session as the rating reads it: its token, game, start, and its seats in
    seat order (a seat without a standing, a session without a hand, is not there)."""

    session: str
    game: str
    started: str
    seats: tuple[FinishedSeat, ...]


class Ratings(Part):
    """The results the rating is built from (`store.ratings`, over the store's one connection)."""

    def finished(self) -> list[FinishedSession]:
        """Every ended session with at least one standing, in the order they were started
        (then made), each seat's players by member."""
        rows = self.db.execute(
            "SELECT s.id, s.game, s.created_at, ss.seat, ss.total,"
            " (SELECT group_concat(sp.player_id) FROM (SELECT player_id FROM seat_players sp"
            "   WHERE sp.session_id = s.id AND sp.position = ss.seat ORDER BY sp.member) sp)"
            " FROM sessions s JOIN seat_standings ss ON ss.session_id = s.id"
            " WHERE s.ended_at IS NOT NULL ORDER BY s.created_at, s.rowid, ss.seat"
        )
        found: list[FinishedSession] = []
        for token, game, started, _seat, total, players in rows:
            ids = tuple(int(each) for each in players.split(",")) if players else ()
            seat = FinishedSeat(total, ids)
            if found and found[-1].session == token:
                last = found[-1]
                found[-1] = FinishedSession(token, game, started, (*last.seats, seat))
            else:
                found.append(FinishedSession(token, game, started, (seat,)))
        return found

    def players_named(self, names: Iterable[str]) -> dict[str, int]:
        """The roster's player each name names (their name now or a spelling merged into
        them, whatever its case), for the names that name one: an event's entrants as the
        rating knows them (round 1 seeded by rating)."""
        keys: dict[str, list[str]] = {}
        for name in names:
            keys.setdefault(name_key(name), []).append(name)
        found: dict[str, int] = {}
        for part in chunks(list(keys), 500):
            marks = ", ".join("?" * len(part))
            rows = self.db.execute(
                f"SELECT key, player_id FROM player_names WHERE key IN ({marks})", part
            )
            for key, player in rows:
                found |= dict.fromkeys(keys[key], player)
        return found
