"""Every problem of an entry at once (issue 27, companion/engine/judging.py): a field out of
range no longer hides the game's rules. In every game that has a rule, an entry with one field
out of range and one rule broken is refused naming both, each on its field; a rule whose input
is the faulty field says it waits for the fix instead of vanishing."""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import State
from companion.engine.judging import stand_ins, trials, waits_for_a_fix
from companion.engine.replay import Checked, check_entry, check_phase, entry_phases, score_entry
from tests.games.tables import table

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
PILES = {"method": "cards", "unit": "cards"}

# (game, players, raw entry, the range problem (field, words), the rule problem (field, words))
CASES: list[Any] = [
    # A round is 5 tricks (rules: anti-trump.md); a bid of 6 is out of range, and the tricks
    # 2 + 2 + 2 = 6 are one too many, whatever the bid.
    pytest.param(
        "anti-trump",
        3,
        {"anti_trump": "C", "bid_0": "6", "bid_1": "1", "bid_2": "1"}
        | {"took_0": "2", "took_1": "2", "took_2": "2"},
        ("bid_0", "Ann bids must be between 0 and 5."),
        ("took_1", "The tricks add up to 2 + 2 + 2 = 6; a round has 5 tricks"),
        id="anti-trump",
    ),
    # 7 + 7 = 14 tricks, but a whist hand has 13; no trump chosen among the four suits.
    pytest.param(
        "whist",
        4,
        {"trump": "X", "tricks_1": "7", "tricks_2": "7"},
        ("trump", "Choose one of: Spades ♠, Hearts ♥, Diamonds ♦, Clubs ♣."),
        ("tricks_2", "Ann & Cat 7 + Bob & Dan 7 = 14 tricks, but a hand has 13"),
        id="whist",
    ),
    # The player who claimed the last trick (worth 3) has at least 3 points, not 2; 5 revokes
    # is past the most (4).
    pytest.param(
        "calabrasella",
        3,
        {"event": "out_of_turn", "player": "0", "counted_side": "player", "points": "2"}
        | {"revokes_by_player": "5"},
        ("revokes_by_player", "Revokes by the single player must be between 0 and 4."),
        ("points", "so he has at least 3, not 2"),
        id="calabrasella",
    ),
    # A single poignée at 4 players is 10 trumps, not 3; a pack has 3 bouts, not 4.
    pytest.param(
        "french-tarot",
        4,
        {"contract": "garde", "taker": "0", "counted_side": "taker", "points": "41"}
        | {"bouts": "4", "poignee_by": "1", "poignee_trumps": "3"},
        ("bouts", "Bouts must be between 0 and 3."),
        ("poignee_trumps", "needs at least 10 trumps (the Excuse counts as one); Bob showed 3"),
        id="french-tarot",
    ),
    # A Maw deal is five tricks: 1 + 1 = 2 do not add up; no trump chosen among the suits.
    pytest.param(
        "maw",
        2,
        {"deal": "played", "trump": "X", "robbed": "0", "tricks_0": "1", "tricks_1": "1"}
        | {"first_three": "none", "jink": "none"},
        ("trump", "Choose one of: Spades ♠, Hearts ♥, Diamonds ♦, Clubs ♣."),
        ("tricks_0", "The tricks add up to 2 (Ann 1, Bob 1)"),
        id="maw",
    ),
    # The Two of Spades entered twice in one hand; 21 points is past the most a hand counts.
    pytest.param(
        "noddy",
        2,
        {"turn_up": "AS", "p0_card1": "2S", "p0_card2": "2S", "p0_card3": "3S"}
        | {"p0_points": "21", "p1_card1": "4H", "p1_card2": "5H", "p1_card3": "6H"}
        | {"last_card": "0", "hitter": "no"},
        ("p0_points", "Ann's points must be between 0 and 20."),
        ("p0_card2", "is entered twice: it is already Ann's first card"),
        id="noddy",
    ),
    # Schneider announced outside a hand game; a bid of 300 is past the highest (264).
    pytest.param(
        "skat",
        3,
        {"game": "clubs", "declarer": "0", "bid": "300", "matadors": "1"}
        | {"with_matadors": "with", "hand": "no", "ouvert": "no", "announced": "schneider"}
        | {"counted_side": "declarer", "card_points": "70", "schneider": "none", "result": "won"},
        ("bid", "Bid must be between 18 and 264."),
        ("announced", "Schneider can only be announced in a hand game"),
        id="skat",
    ),
    # A tie outside a Misère; 115 card points where the pack has 114.
    pytest.param(
        "troggu",
        3,
        {"contract": "tappist", "player": "0", "counted_side": "player", "points": "115"}
        | {"tied_2": "yes"},
        ("points", "Card points must be between 0 and 114."),
        ("tied_2", "Only a Misère has a tie for the most points: untick Cat."),
        id="troggu",
    ),
    # "ZZ" is no card; 3 trumps in a two-player trick.
    pytest.param(
        "marmalade",
        2,
        {"leader": "0", "cards": "ZZ QQ", "winner": "0", "won_with": "trump"}
        | {"trumps": "3", "courts": "0"},
        ("trumps", "Trumps in the trick must be between 0 and 2."),
        ("cards", "'ZZ' is not a card."),
        id="marmalade",
    ),
    # The pile games: no counting card tapped into a pile (19 at Scarto and Tarock, 42 at
    # Tarocchini, 23 at Tarocchi Siciliani), a pile bigger than the pack.
    pytest.param(
        "scarto",
        3,
        PILES | {"size_0": "79", "size_1": "10", "size_2": "10"},
        ("size_0", "Ann's pile must be between 0 and 78."),
        ("card_JS", "19 counting cards are in no pile yet"),
        id="scarto",
    ),
    pytest.param(
        "tarock",
        4,
        PILES | {"size_0": "55", "size_1": "10", "size_2": "10", "size_3": "10"},
        ("size_0", "Ann's pile must be between 0 and 54."),
        ("card_JS", "19 counting cards are in no pile yet"),
        id="tarock",
    ),
    pytest.param(
        "tarocchini",
        2,
        PILES | {"size_0": "63", "size_1": "10"},
        ("size_0", "Ann's pile must be between 0 and 62."),
        ("card_AS", "42 counting cards are in no pile yet"),
        id="tarocchini",
    ),
    pytest.param(
        "tarocchi-siciliani",
        4,
        PILES
        | {"last_trick": "0", "size_0": "64", "size_1": "10", "size_2": "10"}
        | {"size_3": "10"},
        ("size_0", "Ann's pile must be between 0 and 63."),
        ("card_JS", "23 counting cards are in no pile yet"),
        id="tarocchi-siciliani",
    ),
]

WITHOUT_A_SECOND_RULE = {
    "war": "its one field is the winner, which the parser alone checks",
    "skitgubbe": "the goat is the one field a rule could be about, and the parser checks it",
    "wish-solitaire": "its one rule (cards come off in pairs) is about the one number",
    "tantony": "its one field is the tricks, whose faults are said trick by trick",
}


def checked(slug: str, players: int, raw: dict[str, Any]) -> Checked:
    """The engine's verdict on `raw` as the first hand at a table of `players`."""
    return check_entry(get(slug), State(table(slug, NAMES[:players])), raw)


@pytest.mark.parametrize(("slug", "players", "raw", "out_of_range", "rule"), CASES)
def test_a_field_out_of_range_and_a_broken_rule_are_said_together(
    slug: str,
    players: int,
    raw: dict[str, Any],
    out_of_range: tuple[str, str],
    rule: tuple[str, str],
) -> None:
    problems = checked(slug, players, raw).problems
    said = [(problem.field, problem.message) for problem in problems]
    assert said[0] == out_of_range
    assert said[1][0] == rule[0] and rule[1] in said[1][1], said
    # Anything more is only a rule that waits for the faulty field, on a field of its own.
    assert all(waits_for_a_fix(problem) for problem in problems[2:]), said
    # The rule problem is the very one the referee says once the range problem is fixed.
    fixed = checked(slug, players, {**raw, out_of_range[0]: fixable(slug, out_of_range[0])})
    assert said[1] in [(problem.field, problem.message) for problem in fixed.problems]
    # And the save says both too (score_entry goes the same way).
    saved = score_entry(get(slug), State(table(slug, NAMES[:players])), 1, raw)
    assert isinstance(saved, Checked) and saved.problems == problems


def fixable(slug: str, field: str) -> str:
    """An in-range value for the field of each case, as a player would fix it."""
    return {"trump": "S", "bid": "18"}.get(field, "1")


def test_every_game_with_a_rule_is_covered() -> None:
    covered = {case.values[0] for case in CASES}
    every = {game.slug for game in get_all()}
    assert covered | set(WITHOUT_A_SECOND_RULE) == every


def get_all() -> list[Any]:
    from companion.contract.registry import all_games, load_games

    load_games()
    return all_games()


def test_a_rule_whose_input_is_out_of_range_says_it_waits_for_the_fix() -> None:
    # Ann took 6 of a 5-trick round: whether the tricks add up to 5 depends on what she took,
    # so the trick total is not judged but said to wait, on the first tricks box (Bob's).
    raw = {"anti_trump": "C", "bid_0": "1", "bid_1": "1", "bid_2": "1"}
    raw |= {"took_0": "6", "took_1": "1", "took_2": "1"}
    problems = checked("anti-trump", 3, raw).problems
    assert [(problem.field, problem.message) for problem in problems] == [
        ("took_0", "Ann took must be between 0 and 5."),
        ("took_1", "This can only be checked once Ann took is fixed."),
    ]
    assert waits_for_a_fix(problems[1]) and not waits_for_a_fix(problems[0])


def test_the_bids_phase_says_every_problem_too() -> None:
    # The anti-trump bids phase: a bid of 6 and no anti-trump chosen, both said at once.
    setup = table("anti-trump", NAMES[:3])
    game = get("anti-trump")
    bids = entry_phases(game, setup)[0]
    raw = {"anti_trump": "", "bid_0": "6", "bid_1": "1", "bid_2": "1"}
    fields = [problem.field for problem in check_phase(game, State(setup), raw, bids).problems]
    assert fields[:2] == ["anti_trump", "bid_0"]


def test_the_stand_ins_are_the_ends_and_middle_of_a_range() -> None:
    setup = table("anti-trump", NAMES[:3])
    bid = next(spec for spec in get("anti-trump").fields(setup) if spec.name == "bid_0")
    assert stand_ins(bid, 3) == (0, 2, 5)
    # Three faulty numbers: every combination (27); four: side by side (3 trials).
    assert len(list(trials([(0, 2, 5)] * 3))) == 27
    assert list(trials([(0, 2, 5)] * 4)) == [(0,) * 4, (2,) * 4, (5,) * 4]
