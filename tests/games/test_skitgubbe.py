"""Skitgubbe's score pad: the goat of each game; the fewest goat games lead (docs/rulings.md)."""

from __future__ import annotations

from companion.contract.registry import get
from companion.engine.replay import make_setup, replay

GAME = get("skitgubbe")
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_fewest_goat_games_lead() -> None:
    setup, problems = make_setup("skitgubbe", NAMES)
    assert problems == []
    # Goats: Bob, Cat, Bob, Ann → Ann 1, Bob 2, Cat 1, Dan 0: Dan, with none, leads.
    goats = [1, 2, 1, 0]
    replayed = replay(setup, [(n, {"goat": seat}) for n, seat in enumerate(goats, start=1)])
    assert replayed.state.totals == (1, 2, 1, 0)
    assert GAME.outcome(replayed.state).winners == (3,)
    assert replayed.state.hands[0].result.lines == ("Bob: 0 + 1 = 1 goat game",)


def test_the_second_phase_trump_is_noted_not_scored() -> None:
    setup, _ = make_setup("skitgubbe", NAMES[:3])
    replayed = replay(setup, [(1, {"goat": 0, "trump": "H"}), (2, {"goat": 0})])
    assert replayed.state.totals == (2, 0, 0)
    assert GAME.describe(setup, replayed.state.hands[0].entry) == "Ann the goat · Hearts trumps"
    assert GAME.describe(setup, replayed.state.hands[1].entry) == "Ann the goat"


def test_a_goat_not_at_the_table_is_refused() -> None:
    setup, _ = make_setup("skitgubbe", NAMES[:2])
    replayed = replay(setup, [(1, {"goat": 3})])
    assert [p.field for p in replayed.problems[1]] == ["goat"]


def test_two_to_six_players() -> None:
    assert GAME.player_counts == (2, 3, 4, 5, 6)
    _, problems = make_setup("skitgubbe", ["Solo"])
    assert [p.field for p in problems] == ["players"]


def test_the_last_goat_leads_the_next_game() -> None:
    # The text: "The winner of the last trick (or the loser of the last game in the case of
    # the first trick) leads". The first game: the first player listed (Ann); after Bob is the
    # goat, Bob leads; after Dan, Dan.
    setup, _ = make_setup("skitgubbe", NAMES)
    assert GAME.dealer(replay(setup, []).state) == 0
    assert GAME.dealer(replay(setup, [(1, {"goat": 1})]).state) == 1
    assert GAME.dealer(replay(setup, [(1, {"goat": 1}), (2, {"goat": 3})]).state) == 3
    assert GAME.turn_word == "leads"
