"""Whist's score pad: hands scored by hand from the text, docs/rulings.md and the Laws of Whist.

Every expected number is worked out in the comment or id beside it, from:
    the text: "the first six tricks taken do not count … every odd trick counts as one";
    docs/rulings.md: "a game is played to 5 points (option 7; option honours)";
    the Laws of Whist (Cavendish, Short Whist): four honours score 4, three score 2 (3); a side
        at four when the deal begins cannot score honours (4); tricks score before honours (5);
        a game is a treble (3) when the losers have not scored, a double (2) when they have less
        than three, a single (1) with three or four (8); the rubber is the best of three games
        (1) and its winners add 2 (9), less the losers' game (10);
    docs/rules/whist.md for what the texts leave open (a tarot pack deals 19 tricks, book 9; a
        game to 7 is a double below 4; points over the game do not carry).
Ann and Cat (1st and 3rd) are partners against Bob and Dan (2nd and 4th).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import SeatGroup, Setup, State
from companion.engine.replay import check_entry, make_setup, replay
from tests.games.tables import after, assert_refused_on, score_one, table, verdict

NAMES = ("Ann", "Bob", "Cat", "Dan")
GAME = get("whist")
AC, BD = 0, 1  # the sides, as the entry numbers them (tricks_1 is Ann & Cat's)


def make(**options: Any) -> Setup:
    """The four players, options at their defaults but these."""
    return table("whist", NAMES, **options)


def hand(
    ac: int, bd: int, trump: str = "S", honours: tuple[str, str] | None = None
) -> dict[str, Any]:
    """One hand's entry: each side's tricks, the trump, and honours claimed (when counted)."""
    raw: dict[str, Any] = {"trump": trump, "tricks_1": ac, "tricks_2": bd}
    if honours is not None:
        raw["honours_1"], raw["honours_2"] = honours
    return raw


def side_points(points: tuple[int, ...]) -> tuple[int, int]:
    """A hand's points per side, checking both partners hold the same."""
    assert points[0] == points[2] and points[1] == points[3], points
    return points[0], points[1]


def notes(state: State) -> tuple[str, ...]:
    return GAME.table_notes(state)


def hand_entry(setup: Setup, state: State, raw: dict[str, Any]) -> dict[str, Any]:
    """A raw hand through the engine at `state` (its parsed entry); fails the test if refused."""
    checked = check_entry(GAME, state, raw)
    assert checked.ok, checked.problems
    return checked.entry


# ---------------------------------------------------------------- odd tricks


@pytest.mark.parametrize(
    ("ac", "bd", "expected", "line"),
    [
        pytest.param(
            7,
            6,
            (1, 0),
            "Ann & Cat: 7 tricks − 6 = 1 odd trick",
            id="text: the seventh trick scores one: 7 tricks → 1",
        ),
        pytest.param(
            9,
            4,
            (3, 0),
            "Ann & Cat: 9 tricks − 6 = 3 odd tricks",
            id="text: every trick over six scores one: 9 tricks → 3",
        ),
        pytest.param(
            5,
            8,
            (0, 2),
            "Bob & Dan: 8 tricks − 6 = 2 odd tricks",
            id="text: the other side's odd tricks: 8 tricks → 2 for Bob & Dan",
        ),
        pytest.param(
            2,
            11,
            (0, 5),
            "Bob & Dan: 11 tricks − 6 = 5 odd tricks",
            id="text: 11 tricks → 5, a game at once",
        ),
    ],
)
def test_odd_tricks(ac: int, bd: int, expected: tuple[int, int], line: str) -> None:
    result = score_one(make(), hand(ac, bd))
    assert side_points(result.points) == expected
    assert line in result.lines


def test_a_tarot_pack_deals_19_tricks_and_every_trick_over_nine_scores() -> None:
    # Decision (docs/rules/whist.md): 19 tricks, book 9: 12 tricks − 9 = 3.
    setup = make(pack="tarot")
    result = score_one(setup, {"tricks_1": 7, "tricks_2": 12})
    assert side_points(result.points) == (0, 3)
    assert "Bob & Dan: 12 tricks − 9 = 3 odd tricks" in result.lines
    # No trump is turned up with a tarot pack (the text: the atouts are trumps).
    assert "trump" not in [spec.name for spec in GAME.fields(setup)]


# ---------------------------------------------------------------- honours


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(
            hand(7, 6, honours=("three", "none")),
            (3, 0),
            id="Laws 3: 1 odd trick + three honours 2 = 3",
        ),
        pytest.param(
            hand(6, 7, honours=("four", "none")),
            (4, 1),
            id="Laws 3: four honours 4 to the side without the odd trick; Bob & Dan 1",
        ),
        pytest.param(
            hand(7, 6, honours=("none", "none")),
            (1, 0),
            id="Laws 3: two honours each score nothing: 1 odd trick only",
        ),
    ],
)
def test_honours(raw: dict[str, Any], expected: tuple[int, int]) -> None:
    result = score_one(make(honours=True), raw)
    assert side_points(result.points) == expected


def test_a_side_at_four_cannot_score_honours() -> None:
    # Laws 4: Ann & Cat at 4 (10 tricks − 6) when the deal begins; their four honours are not
    # scored; Bob & Dan's odd trick is: 7 − 6 = 1.
    setup = make(honours=True)
    state = after(setup, [hand(10, 3)])
    assert "Ann & Cat at 4: no honours this deal" in notes(state)
    result = GAME.score(state, hand_entry(setup, state, hand(6, 7, honours=("four", "none"))))
    assert side_points(result.points) == (0, 1)
    assert any("honours do not count at the score just below game" in line for line in result.lines)


def test_a_side_at_six_cannot_score_honours_in_a_game_of_seven() -> None:
    # Decision: the score just below game is 6 in a game to 7 (Long Whist's "at nine" rule
    # alike): 12 tricks − 6 = 6; then Ann & Cat's three honours do not count; Bob & Dan 1.
    setup = make(honours=True, game_to="7")
    state = after(setup, [hand(12, 1)])
    result = GAME.score(state, hand_entry(setup, state, hand(6, 7, honours=("three", "none"))))
    assert side_points(result.points) == (0, 1)


def test_honours_at_three_may_win_the_game() -> None:
    # Laws 4 bars only the score of four: Ann & Cat at 3 (9 tricks), then Bob & Dan 8 tricks
    # (2) and Ann & Cat three honours (2): 3 + 2 = 5, game; Bob & Dan 2, less than three: a
    # double.
    setup = make(honours=True, match="rubber-points")
    state = after(setup, [hand(9, 4), hand(5, 8, honours=("three", "none"))])
    last = state.hands[-1].result
    assert side_points(last.points) == (2, 2)
    assert "Game 1 to Ann & Cat, 5 to 2: a double (2 points)" in last.lines


def test_tricks_score_before_honours_so_the_losers_tricks_make_a_single() -> None:
    # The published example: A-B at 3 to Y-Z's nothing; A-B make two by honours, Y-Z three by
    # cards: Y-Z mark first (0 + 3 = 3), so A-B (3 + 2 = 5) win only a single.
    setup = make(honours=True, match="rubber-points")
    state = after(setup, [hand(9, 4), hand(4, 9, honours=("three", "none"))])
    last = state.hands[-1].result
    assert side_points(last.points) == (2, 3)
    assert "Game 1 to Ann & Cat, 5 to 3: a single (1 point)" in last.lines


def test_tricks_that_win_the_game_leave_the_other_sides_honours_unscored() -> None:
    # The published example: A-B at 3 make two by cards (5, game) while Y-Z claim four
    # honours: A-B's tricks put them out first, Y-Z stay at nothing: a treble.
    setup = make(honours=True, match="rubber-points")
    state = after(setup, [hand(9, 4), hand(8, 5, honours=("none", "four"))])
    last = state.hands[-1].result
    assert side_points(last.points) == (2, 0)
    assert "Game 1 to Ann & Cat, 5 to 0: a treble (3 points)" in last.lines
    assert any("tricks score before honours" in line for line in last.lines)


# ---------------------------------------------------------------- a game


def test_a_game_won_to_five() -> None:
    # 8 tricks: Ann & Cat 2; 7 tricks: Bob & Dan 1; 9 tricks: Ann & Cat 3: 2 + 3 = 5, game.
    setup = make()
    state = after(setup, [hand(8, 5), hand(6, 7), hand(9, 4)])
    assert state.totals == (5, 1, 5, 1)
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == (0, 2)
    assert outcome.text == "Ann & Cat win the game, 5 to 1"
    assert "Game 1 to Ann & Cat, 5 to 1" in state.hands[-1].result.lines
    assert GAME.group_total(state, SeatGroup("Ann & Cat", (0, 2))) == 5  # not 5 + 5


def test_a_game_is_not_over_before_five() -> None:
    # 10 tricks: 4, one short of 5.
    state = after(make(), [hand(10, 3)])
    assert not GAME.outcome(state).finished
    assert GAME.outcome(state).winners == (0, 2)
    assert notes(state) == ("Game 1 to 5: Ann & Cat 4 – Bob & Dan 0",)


def test_points_over_the_game_do_not_carry() -> None:
    # 10 tricks: 4; then 9 tricks: 4 + 3 = 7; 5 is game, so only 1 counts and 2 are lost.
    state = after(make(), [hand(10, 3), hand(9, 4)])
    last = state.hands[-1].result
    assert side_points(last.points) == (1, 0)
    assert "Ann & Cat: 4 + 3 = 7 toward 5; the 2 points over 5 do not carry" in last.lines
    assert state.totals == (5, 0, 5, 0)


def test_one_point_over_the_game_is_said_in_the_singular() -> None:
    # 10 tricks: 4; then 8 tricks: 4 + 2 = 6; 5 is game, so 1 counts and 1 is lost.
    state = after(make(), [hand(10, 3), hand(8, 5)])
    last = state.hands[-1].result
    assert "Ann & Cat: 4 + 2 = 6 toward 5; the 1 point over 5 does not carry" in last.lines


def test_a_game_won_to_seven() -> None:
    # Option 7: 11 tricks = 5 is not yet game; Bob & Dan 9 tricks = 3; Ann & Cat 8 tricks = 2:
    # 5 + 2 = 7, game, 7 to 3.
    setup = make(game_to="7")
    state = after(setup, [hand(11, 2)])
    assert not GAME.outcome(state).finished
    state = after(setup, [hand(11, 2), hand(4, 9), hand(8, 5)])
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == (0, 2)
    assert outcome.text == "Ann & Cat win the game, 7 to 3"


@pytest.mark.parametrize(
    ("bd_tricks", "value"),
    [
        pytest.param(9, 2, id="decision: a game to 7 lost with 3 (3 × 2 < 7) is a double"),
        pytest.param(10, 1, id="decision: a game to 7 lost with 4 (4 × 2 ≥ 7) is a single"),
    ],
)
def test_the_value_of_a_game_to_seven(bd_tricks: int, value: int) -> None:
    # Bob & Dan take 9 (3) or 10 (4) tricks; then Ann & Cat 13 tricks: 7, game.
    setup = make(game_to="7", match="rubber-points")
    state = after(setup, [hand(13 - bd_tricks, bd_tricks), hand(13, 0)])
    assert state.hands[-1].result.facts["game"]["value"] == value


# ---------------------------------------------------------------- a rubber


def test_a_rubber_won_two_games_to_none_with_its_points() -> None:
    # Game 1: 11 tricks = 5 to 0, a treble (3). Game 2: Ann & Cat 1, Bob & Dan 2, Ann & Cat 4:
    # 5 to 2, a double (2). Rubber 2–0: 3 + 2 + 2 for the rubber = 7 points.
    setup = make(match="rubber-points")
    state = after(setup, [hand(11, 2)])
    assert not GAME.outcome(state).finished
    assert notes(state) == (
        "Game 2 to 5: Ann & Cat 0 – Bob & Dan 0",
        "Games won: Ann & Cat 1 – Bob & Dan 0",
        "Ann & Cat won game 1, 5 to 0",
    )
    state = after(setup, [hand(11, 2), hand(7, 6), hand(5, 8), hand(10, 3)])
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == (0, 2)
    assert outcome.text == "Ann & Cat win the rubber, 2 games to 0 (5–0, 5–2), worth 7 points"
    lines = state.hands[-1].result.lines
    assert "Game 2 to Ann & Cat, 5 to 2: a double (2 points)" in lines
    assert "Rubber to Ann & Cat, 2 games to 0: 3 + 2 + 2 for the rubber = 7 points" in lines
    assert state.hands[-1].result.headline == "Ann & Cat win the rubber"


def test_a_rubber_won_two_games_to_one_with_its_points() -> None:
    # The published worked rubber: game 1 won 5 to 4 (a single, 1); game 2 lost 1 to 5 (a
    # double for the others, 2); game 3 won 5 to love (a treble, 3): 1 + 3 + 2 − 2 = 4.
    setup = make(match="rubber-points")
    hands = [
        hand(10, 3),
        hand(3, 10),
        hand(7, 6),  # game 1: 4, 4, then 4 + 1 = 5 to 4
        hand(7, 6),
        hand(2, 11),  # game 2: Ann & Cat 1, Bob & Dan 5: 1 to 5
        hand(11, 2),
    ]  # game 3: 5 to 0
    state = after(setup, hands[:5])
    assert not GAME.outcome(state).finished
    assert "Games won: Ann & Cat 1 – Bob & Dan 1" in notes(state)
    assert "Bob & Dan won game 2, 5 to 1" in notes(state)
    state = after(setup, hands)
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == (0, 2)
    assert outcome.text == (
        "Ann & Cat win the rubber, 2 games to 1 (5–4, 1–5, 5–0), worth 4 points"
    )
    assert (
        "Rubber to Ann & Cat, 2 games to 1: 1 + 3 + 2 for the rubber − 2 = 4 points"
        in state.hands[-1].result.lines
    )
    # Totals are the points each side counted toward its games: 5 + 1 + 5, and 4 + 5 + 0.
    assert state.totals == (11, 9, 11, 9)


def test_a_rubber_without_points_is_games_won() -> None:
    # Best of three: Bob & Dan win game 1 (11 tricks: 5), Ann & Cat games 2 and 3.
    setup = make(match="rubber")
    state = after(setup, [hand(2, 11), hand(11, 2), hand(11, 2)])
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == (0, 2)
    assert outcome.text == "Ann & Cat win the rubber, 2 games to 1 (0–5, 5–0, 5–0)"
    assert "Game 3 to Ann & Cat, 5 to 0" in state.hands[-1].result.lines


def test_one_game_is_the_whole_session_without_a_rubber() -> None:
    # 11 tricks: 5, game; without the rubber option the session is over.
    state = after(make(), [hand(11, 2)])
    assert GAME.outcome(state).finished


def test_a_hand_kept_after_the_end_does_not_count() -> None:
    # A correction can end the game before hands entered later: they score nothing and the
    # game's end stays where it was (hand 1: 11 tricks = 5). The engine does it for every game
    # that ends by itself (tests/engine/test_replay.py); here Whist's own carried standing.
    result = replay(make(), [(1, hand(11, 2)), (2, hand(10, 3))])
    assert not result.problems
    assert result.state.totals == (5, 0, 5, 0)
    assert GAME.outcome(result.state).text == "Ann & Cat win the game, 5 to 0"
    assert result.state.hands[-1].result.lines == (
        "The game was over after hand 1 (Ann & Cat win the game, 5 to 0): this hand does not count",
    )
    assert result.state.hands[0].result.headline == "Ann & Cat win the game"


def test_the_pad_shows_the_score_toward_the_game_from_the_first_hand() -> None:
    assert notes(State(make(match="rubber"))) == (
        "Game 1 to 5: Ann & Cat 0 – Bob & Dan 0",
        "Games won: Ann & Cat 0 – Bob & Dan 0",
    )


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("raw", "field", "phrase"),
    [
        pytest.param(
            hand(7, 5),
            "tricks_2",
            "Ann & Cat 7 + Bob & Dan 5 = 12 tricks, but a hand has 13",
            id="13 tricks: 7 + 5 is short",
        ),
        pytest.param(
            hand(8, 8),
            "tricks_2",
            "= 16 tricks, but a hand has 13",
            id="13 tricks: 8 + 8 is too many",
        ),
        pytest.param(hand(14, 0), "tricks_1", "", id="no side takes more than 13 tricks"),
        pytest.param({"tricks_1": 7, "tricks_2": 6}, "trump", "", id="the trump must be said"),
    ],
)
def test_refused(raw: dict[str, Any], field: str, phrase: str) -> None:
    assert_refused_on(verdict(make(), raw), field, phrase)


def test_refused_honours_claimed_by_both_sides() -> None:
    # Laws 3: four honours in all; a claim is of three or four, so one side at most.
    result = verdict(make(honours=True), hand(7, 6, honours=("three", "three")))
    assert_refused_on(
        result,
        "honours_2",
        "Both sides claim honours, but there are only four (Ace, King, Queen and Jack of Spades)",
    )


def test_refused_tarot_tricks_that_do_not_make_19() -> None:
    result = verdict(make(pack="tarot"), {"tricks_1": 7, "tricks_2": 6})
    assert_refused_on(result, "tricks_2", "= 13 tricks, but a hand has 19")


def test_refused_a_table_of_other_than_four() -> None:
    # The issue: four players in two partnerships.
    for names in (["Ann", "Bob", "Cat"], ["Ann", "Bob", "Cat", "Dan", "Eve"]):
        _, problems = make_setup("whist", names)
        assert [p.field for p in problems] == ["players"]


def test_honours_are_asked_only_when_they_count() -> None:
    names = [spec.name for spec in GAME.fields(make(honours=True))]
    assert names == ["trump", "tricks_1", "tricks_2", "honours_1", "honours_2"]
    assert "honours_1" not in [spec.name for spec in GAME.fields(make())]
    # Decision: a tarot pack's atouts have no Ace, King, Queen or Jack: no honours.
    assert "honours_1" not in [spec.name for spec in GAME.fields(make(pack="tarot", honours=True))]


def test_describe_and_the_deal() -> None:
    setup = make(honours=True)
    entry = hand_entry(setup, State(setup), hand(8, 5, trump="H", honours=("four", "none")))
    assert GAME.describe(setup, entry) == (
        "Hearts ♥ · Ann & Cat 8 – Bob & Dan 5 tricks · four honours Ann & Cat"
    )
    # The deal passes to the left: Ann deals hand 1, Bob hand 2.
    assert GAME.dealer(after(setup, [hand(7, 6)])) == 1
