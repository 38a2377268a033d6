"""A session's standing (`companion.engine.standing`), as the store keeps it per seat, adds up
to exactly what replaying gives: every worked session of tests/engine/test_stats.py (French
Tarot, Skat at three and four with a passed game, Tantony in partnerships, Troggu), counted
from each session's standing, makes the same records as the replaying statistics."""

from __future__ import annotations

import pytest

from companion.contract.registry import get
from companion.engine.standing import SeatStanding, Standing, standing_of
from companion.engine.stats import (
    SessionPlay,
    game_stats,
    game_stats_of,
    hands_played,
    player_stats,
    player_stats_of,
    seat_sessions,
)
from tests.engine.test_stats import ALL, ANN, BOB, CAT, DAN, SKAT_FOUR, SKAT_PASSED, play

TROGGU = play(
    "T",
    "2026-03-01T20:00:00.000+00:00",
    "troggu",
    ["Ann", "Bob", "Cat", "Dan"],
    [ANN, BOB, CAT, DAN],
    [{"contract": "tappist", "player": 0, "counted_side": "player", "points": 70}],
)
EMPTY = play(
    "E",
    "2026-03-02T20:00:00.000+00:00",
    "french-tarot",
    ["Ann", "Bob", "Cat", "Dan"],
    [ANN, BOB, CAT, DAN],
    [],
)
PLAYS = [*ALL, SKAT_PASSED, SKAT_FOUR, TROGGU, EMPTY]


def rows_of(plays: list[SessionPlay], player: int) -> list:
    found = (seat_sessions(play, player) for play in sorted(plays, key=lambda p: p.started))
    return [row for row in found if row is not None]


@pytest.mark.parametrize("slug", ["french-tarot", "skat", "tantony", "troggu"])
def test_a_games_records_from_the_standings_are_the_replayed_ones(slug: str) -> None:
    mine = [play for play in PLAYS if play.setup.game == slug]
    rows = [row for player in (ANN, BOB, CAT, DAN) for row in rows_of(mine, player)]
    rows.sort(key=lambda row: row.started)
    hands = sum(hands_played(get(slug), play.state) for play in mine)
    assert game_stats_of(slug, len(mine), hands, rows) == game_stats(slug, PLAYS)


@pytest.mark.parametrize("player", [ANN, BOB, CAT, DAN])
def test_a_players_records_from_the_standings_are_the_replayed_ones(player: int) -> None:
    assert player_stats_of(player, rows_of(PLAYS, player)) == player_stats(player, PLAYS)


def test_a_standing_counts_the_hands_each_seat_played() -> None:
    # Skat at four (tests/engine/test_stats.py): Ann deals hand 1 and sits out, Bob's clubs
    # +24; Bob deals hand 2, Ann's hearts −40. Bob leads, 24 to 0, 0 and −40.
    last = standing_of(get("skat"), SKAT_FOUR.state)
    assert last.hands == 2 and last.winners == (1,)
    assert [(seat.hands, seat.best, seat.worst) for seat in last.seats] == [
        (1, (-40, 2), (-40, 2)),
        (1, (24, 1), (24, 1)),
        (2, (0, 1), (0, 1)),
        (2, (0, 1), (0, 1)),
    ]


def test_before_any_hand_nobody_stands_anywhere() -> None:
    empty = Standing.empty(3)
    assert empty.seats == (SeatStanding(),) * 3 and empty.winners == ()
    # Skat's passed game alone: on the list, no hand played, nobody wins yet.
    passed = play(
        "P", "2026-01-01T00:00:00+00:00", "skat", ["A", "B", "C"], [1, 2, 3], [{"game": "passed"}]
    )
    after = standing_of(get("skat"), passed.state)
    assert (after.hands, after.winners, after.seats) == (0, (), empty.seats)
