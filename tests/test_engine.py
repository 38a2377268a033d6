"""The engine: session setup, judging one entry, replaying a session."""

from __future__ import annotations

from companion.engine import check_entry, entry_fields, entry_reader, make_setup, replay
from companion.rules import get
from companion.rules.values import ScoredHand, State

GAME = get("french-tarot")
GARDE_MADE = {"contract": "garde", "taker": "0", "points": "47", "bouts": "2"}


def test_make_setup_fills_every_option_default() -> None:
    setup, problems = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan", "Eve"])
    assert problems == []
    assert dict(setup.options) == {"hands": 0, "partnership": "called_king",
                                   "poignee_thresholds": "fft"}


def test_make_setup_keeps_what_was_chosen() -> None:
    setup, problems = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan", "Eve"],
                                 {"hands": "20", "partnership": "alone"}, first_dealer=3)
    assert problems == []
    assert setup.option("hands") == 20
    assert setup.option("partnership") == "alone"
    assert setup.option("poignee_thresholds") == "fft"
    assert setup.first_dealer == 3


def test_make_setup_refuses_a_wrong_player_count() -> None:
    _, problems = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    assert [problem.field for problem in problems] == ["players"]
    assert "2, 3, 4, 5 players, not 6" in problems[0].message


def test_make_setup_refuses_a_bad_option_and_dealer() -> None:
    setup, problems = make_setup("french-tarot", ["Ann", "Bob"], {"hands": "lots"},
                                 first_dealer=2)
    assert {problem.field for problem in problems} == {"hands", "first_dealer"}
    assert setup.option("hands") == 0
    assert setup.first_dealer == 0


def test_replay_keeps_refused_hands_out_with_their_problems() -> None:
    setup, _ = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan"])
    impossible = {**GARDE_MADE, "bouts": "3", "points": "10"}  # 3 bouts are 13.5 points
    result = replay(setup, [(1, GARDE_MADE), (2, impossible), (3, {"contract": "pass"})])
    assert [hand.number for hand in result.state.hands] == [1, 3]
    assert list(result.problems) == [2]
    assert [problem.field for problem in result.problems[2]] == ["points"]
    # Hand 1: garde made by 6 = (25 + 6) × 2 = 62 from each defender; hand 3 is a redeal.
    assert result.state.totals == (186, -62, -62, -62)


def test_check_entry_returns_parse_problems_before_referee_problems() -> None:
    setup, _ = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan"])
    state = State(setup)
    # "many" is not a number (a parse problem); 3 trumps are too few for a poignée (a referee
    # problem, which only shows once the entry parses).
    raw = {**GARDE_MADE, "points": "many", "poignee_by": "1", "poignee_trumps": "3"}
    checked = check_entry(GAME, state, raw)
    assert [problem.field for problem in checked.problems] == ["points"]
    fixed = check_entry(GAME, state, {**raw, "points": "47"})
    assert [problem.field for problem in fixed.problems] == ["poignee_trumps"]
    assert not fixed.ok
    assert check_entry(GAME, state, GARDE_MADE).ok


def test_a_tables_fields_and_parser_are_built_once_per_setup() -> None:
    setup, _ = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan"])
    again, _ = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan"])
    five, _ = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan", "Eve"])
    alone, _ = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan", "Eve"],
                          {"partnership": "alone"})
    assert entry_fields(GAME, setup) is entry_fields(GAME, again)
    assert entry_reader(GAME, setup) is entry_reader(GAME, again)
    assert entry_fields(GAME, setup) == GAME.fields(setup)
    # At five players the taker calls a King, so the fields differ; alone, there is no partner.
    assert "partner" in {spec.name for spec in entry_fields(GAME, five)}
    assert "partner" not in {spec.name for spec in entry_fields(GAME, alone)}


def test_replay_scores_each_hand_as_check_entry_and_score_do() -> None:
    setup, _ = make_setup("french-tarot", ["Ann", "Bob", "Cat", "Dan"])
    hands = [GARDE_MADE, {"contract": "pass"}, {**GARDE_MADE, "taker": "2", "points": "30"}]
    replayed = replay(setup, list(enumerate(hands, start=1)))
    state = State(setup)
    for number, raw in enumerate(hands, start=1):
        checked = check_entry(GAME, state, raw)
        state = state.with_hand(ScoredHand(number, checked.entry, GAME.score(state, checked.entry)))
    assert replayed.state.hands == state.hands
    assert [hand.result.lines for hand in replayed.state.hands] == [
        hand.result.lines for hand in state.hands]
