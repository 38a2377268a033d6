"""War's tally: each game is who won it; two players only."""

from __future__ import annotations

from companion.contract.registry import get
from companion.engine.replay import make_setup, replay

GAME = get("war")


def test_games_won_are_counted() -> None:
    setup, problems = make_setup("war", ["Ann", "Bob"])
    assert problems == []
    # Ann, Bob, Ann: Ann 2 games, Bob 1; Ann leads.
    replayed = replay(setup, [(1, {"winner": 0}), (2, {"winner": 1}), (3, {"winner": 0})])
    assert replayed.state.totals == (2, 1)
    assert GAME.outcome(replayed.state).winners == (0,)
    assert GAME.scale.show(1) == "1"  # a count, never "+1"


def test_war_is_for_two_players() -> None:
    # "The game is played with 2 players."
    for names in (["Ann"], ["Ann", "Bob", "Cat"]):
        _, problems = make_setup("war", names)
        assert [p.field for p in problems] == ["players"]


def test_the_winner_must_sit_at_the_table() -> None:
    setup, _ = make_setup("war", ["Ann", "Bob"])
    replayed = replay(setup, [(1, {"winner": 2})])
    assert [p.field for p in replayed.problems[1]] == ["winner"]
