"""A session's standing (`companion.engine.standing`), as the store keeps it per seat: folded
hand by hand, as each save keeps it, it is the standing of the whole session after every hand
of the worked sessions of tests/engine/test_stats.py (French Tarot, Skat at three and four with
a passed game, Tantony in partnerships, Troggu); and its figures, worked by hand."""

from __future__ import annotations

import pytest

from companion.contract.registry import get
from companion.contract.values import State
from companion.engine.standing import (
    SeatStanding,
    Standing,
    standing_after,
    standing_of,
    won_and_lost,
)
from companion.engine.stats import SessionPlay
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


def prefix(state: State, count: int) -> State:
    """The state after the first `count` hands of `state`, its totals counted afresh."""
    return State(state.setup, tuple(state.hands[:count]))


@pytest.mark.parametrize("session", PLAYS, ids=lambda p: f"{p.setup.game}-{p.key}")
def test_a_standing_folded_hand_by_hand_is_the_standing_of_the_whole(
    session: SessionPlay,
) -> None:
    # What a save keeps (the new hand folded into the standing before it) is what a replay of
    # every hand makes, after each hand.
    game = get(session.setup.game)
    kept = Standing.empty(session.setup.player_count)
    for count in range(1, len(session.state.hands) + 1):
        kept = standing_after(game, kept, prefix(session.state, count))
        assert kept == standing_of(game, prefix(session.state, count))


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


@pytest.mark.parametrize("session", PLAYS, ids=lambda p: f"{p.setup.game}-{p.key}")
def test_every_count_a_hand_makes_is_one_its_game_declares(session: SessionPlay) -> None:
    # The statistics add each declared count up in SQL: a count not declared would be lost.
    game = get(session.setup.game)
    if game.figures is None:
        return
    kept = standing_of(game, session.state)
    made = {name for seat in kept.seats for name in seat.counts}
    assert made <= set(game.figures.keys())
    assert made or not session.state.hands  # a hand played counts something


def test_skats_games_won_and_lost_as_a_list_prints_them() -> None:
    # SKAT_PASSED: Ann's clubs won, a passed game (nobody's), Bob's Null lost; Cat declared
    # nothing.
    assert won_and_lost(get("skat"), SKAT_PASSED.state) == ((1, 0), (0, 1), (0, 0))
    # SKAT_FOUR: Bob's clubs won, Ann's hearts lost.
    assert won_and_lost(get("skat"), SKAT_FOUR.state) == ((0, 1), (1, 0), (0, 0), (0, 0))


def test_a_game_whose_figures_count_no_contract_has_no_won_and_lost() -> None:
    assert won_and_lost(get("troggu"), TROGGU.state) is None
