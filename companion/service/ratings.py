"""Each player's rating (`service.ratings`), rebuilt from the stored results whenever it is
asked for: every finished session (a pad's, an event table's) in the order played, its seats
ranked by their kept final totals (`store.ratings.finished`), rated by `engine.rating`. Nothing
is kept, so a correction to a finished session, a merge of two players or a game's new scoring
version gives the ratings the results give now (docs/rulings.md, "The rating")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.contract.registry import UnknownGame, get
from companion.contract.values import Better
from companion.engine.rating import Match, Rated, Rating, Step, match_of, rebuild
from companion.store import FinishedSession, Store

HISTORY_SHOWN = 60
"""The steps of a player's history the chart draws at most (the latest)."""


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating now and the steps of its history (oldest first, the latest
    `HISTORY_SHOWN`), with the count of their matches in all."""

    rating: Rating
    steps: tuple[Step, ...]
    matches: int


def lower_is_better(slug: str) -> bool:
    """Whether fewer is better in a game (goats); False for a game no longer registered."""
    try:
        return get(slug).scale.better is Better.LOWER
    except UnknownGame:
        return False


def as_match(session: FinishedSession) -> Match | None:
    """A finished session as a match, or None when it has not two seats of players."""
    seats = [(seat.players, seat.total) for seat in session.seats]
    return match_of(
        session.session,
        session.started,
        session.game,
        seats,
        lower_is_better=lower_is_better(session.game),
    )


class Ratings:
    """The ratings (`service.ratings`)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def matches(self) -> list[Match]:
        """Every finished session as a match, in the order played."""
        found = (as_match(session) for session in self._store.ratings.finished())
        return [match for match in found if match is not None]

    def all(self) -> Rated:
        """Every player's rating and history, rebuilt from the stored results."""
        return rebuild(self.matches())

    def of(self, player: int) -> PlayerRating | None:
        """One player's rating and its history; None when they finished no session."""
        ratings = self.all()
        if player not in ratings.now:
            return None
        steps = ratings.history[player]
        return PlayerRating(ratings.now[player], steps[-HISTORY_SHOWN:], len(steps))

    def of_entrants(self, names: Mapping[int, str]) -> dict[int, float]:
        """The rating each entrant's page shows (μ − 3σ), by entrant number, for those whose
        name names a player with a rating: the order of round 1 seeded by rating (an entrant
        not on the roster, or who finished no session, is not there)."""
        players = self._store.ratings.players_named(names.values())
        now = self.all().now
        return {
            number: now[players[name]].shown
            for number, name in names.items()
            if name in players and players[name] in now
        }
