"""The statistics from the yearly sums (`Store.year_sums`, m014): a span of starts is cut
into the whole calendar years (UTC) inside it, read as one stored row per player (or game)
and year, and the days around them, read seat by seat (docs/design.md, "Statistics from the
stored results"). A year marked stale is summed again first, by the engine; a file open for
reading only, with a year stale, reads every seat instead (None below).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.engine import stats
from companion.service.seat_standings import seat_session
from companion.store import Store
from companion.store.statistics import SeatRow
from companion.store.yearsums import Combining, Summing, YearSum, year_start

Edge = tuple[str | None, str | None]
NOTHING: Edge = ("\uffff", "\uffff")
TRIES = 3  # a year marked stale again while read is summed again; past this, seat by seat


@dataclass(frozen=True)
class Years:
    """A span of starts cut into the whole calendar years (UTC) inside it, `first` to
    `last` (none when first > last), and the stretches before and after them."""

    first: int
    last: int
    edges: tuple[Edge, Edge]

    @classmethod
    def of(cls, since: str | None, before: str | None) -> Years:
        first = 0 if not since else int(since[:4]) + (since != year_start(int(since[:4])))
        last = 9999 if not before else int(before[:4]) - 1
        if first > last:  # no whole year: the span is all edge
            return cls(first, last, ((since, before), NOTHING))
        lower = (since, year_start(first)) if since else NOTHING
        upper = (year_start(last + 1), before) if before else NOTHING
        return cls(first, last, (lower, upper))


def seats(store: Store, edge: Edge, **whose: Any) -> list[stats.SeatSession]:
    """The seats of an edge of a span (of one game, or of one player), oldest first."""
    if edge == NOTHING:
        return []
    return [seat_session(row) for row in store.seat_rows(*edge, **whose)]


def fresh_sums(
    store: Store, years: Years, *, game: str | None = None, player: int | None = None
) -> list[YearSum] | None:
    """The stored sums of the span's whole years (of one game, its whole decades as one
    row each; or of one player, year by year: their chart draws the years), every stale one
    summed again first; None when they cannot be (a file open for reading only)."""
    for _ in range(TRIES):
        stale = stale_in(store, years, game)
        if stale and store.read_only:
            return None
        for slug, year in stale:
            store.sum_year(slug, year, summing(slug), combining(slug))
        found = store.year_sums(
            years.first, years.last, game=game, player=player, decades=game is not None
        )
        if not stale_in(store, years, game):  # none marked while read
            return found
    return None


def stale_in(store: Store, years: Years, game: str | None) -> list[tuple[str, int]]:
    return [
        (slug, year) for slug, year in store.stale_years(game) if years.first <= year <= years.last
    ]


def summing(slug: str) -> Summing:
    """How the store sums a year of `slug`: the engine's sums of its seats."""

    def summed(rows: list[SeatRow], sessions: int, hands: int) -> dict[int, str]:
        return stats.year_summary(slug, map(seat_session, rows), sessions, hands)

    return summed


def combining(slug: str) -> Combining:
    """How the store sums a decade of `slug` from its years: the engine's sums."""

    def combined(years: list[Mapping[int, str]]) -> dict[int, str]:
        return stats.decade_summary(slug, years)

    return combined


K = TypeVar("K")


def grouped_by_year(found: list[YearSum], key: Callable[[YearSum], K]) -> dict[int, dict[K, str]]:
    """The sums found, by year, each year's by `key` (a player, a game)."""
    by_year: dict[int, dict[K, str]] = {}
    for row in found:
        by_year.setdefault(row.year, {})[key(row)] = row.summary
    return by_year


def game_pieces(
    store: Store, slug: str, since: str | None, before: str | None
) -> tuple[int, int, list[stats.Piece[int]]] | None:
    """A game's sessions, hands and stretches (oldest first) over the span; None: no sums."""
    years = Years.of(since, before)
    found = fresh_sums(store, years, game=slug)
    if found is None:
        return None
    by_year = grouped_by_year(found, lambda row: row.player)
    counted = [stats.year_counts(year.pop(0)) for year in by_year.values()]
    counted += [store.game_hands(slug, *edge) for edge in years.edges if edge != NOTHING]
    first, last = (seats(store, edge, game=slug) for edge in years.edges)
    sessions, hands = sum(n for n, _ in counted), sum(h for _, h in counted)
    return sessions, hands, [first, *by_year.values(), last]


def player_pieces(
    store: Store, player: int, since: str | None, before: str | None
) -> list[tuple[int | None, stats.Piece[str]]] | None:
    """A player's stretches over the span, oldest first, each with its year (None: an edge,
    its seats' own years); None: no sums."""
    years = Years.of(since, before)
    found = fresh_sums(store, years, player=player)
    if found is None:
        return None
    by_year = grouped_by_year(found, lambda row: row.game)
    first, last = (seats(store, edge, player=player) for edge in years.edges)
    return [(None, first), *by_year.items(), (None, last)]
