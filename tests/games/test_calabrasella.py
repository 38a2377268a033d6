"""Calabrasella: the text's examples worked by hand, the referee, the balanced list.

Every expected number below is worked out in the comment above it from the text (seed 001,
Foster) and docs/rulings.md ("Calabrasella"):
    35 points in all: each Ace 3; each Three, Two, King, Queen and Jack 1; the last trick 3;
    the side not counted has 35 minus the counted side;
    a revoke moves 9 points from the side in error to the other side, before the difference;
    result = single player's points − adversaries' points; all 35 won in play count double, 70;
    turning the stock too early: the player loses 35 to each adversary, the deal is void.
Only the single player's result is put down; the list balances as in Skat:
    net = n × own total − the sum of all totals.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import HandResult, Setup, State
from companion.engine.replay import check_entry, make_setup, replay
from companion.games.calabrasella import CALABRASELLA_LAST_TRICK, CALABRASELLA_POINTS
from companion.kit.cards import pack_40_no_eight_to_ten
from companion.kit.counting import achievable_totals, total_points
from companion.kit.settlement import Payment
from tests.games.tables import after, assert_refused_on, score_one, table, verdict

NAMES = ("Ann", "Bob", "Cat", "Dan")
GAME = get("calabrasella")


def make(count: int, first_dealer: int = 0, **options: Any) -> Setup:
    """A session of `count` players (Ann, Bob, …) with the options given, the rest default."""
    return table("calabrasella", NAMES[:count], first_dealer, **options)


def checked(count: int, raw: dict[str, Any], first_dealer: int = 0):
    """The engine's verdict on one raw entry at a fresh table."""
    return verdict(make(count, first_dealer), raw)


def scored(count: int, raw: dict[str, Any], first_dealer: int = 0) -> HandResult:
    """One hand scored through the engine; fails the test if the referee refuses it."""
    return score_one(make(count, first_dealer), raw)


def session(count: int, entries: list[dict[str, Any]], **options: Any) -> State:
    """The state after these entries, every one accepted."""
    return after(make(count, **options), entries)


def played(points: int, player: int = 1, **rest: Any) -> dict[str, Any]:
    """A raw played deal: the single player's points unless `counted_side` says otherwise.

    The single player defaults to Bob, who never deals the first hand (Ann does), so the same
    entry is valid at three and four players.
    """
    return {"event": "played", "player": player, "points": points, **rest}


# ---------------------------------------------------------------- the 35 points


def test_the_counting_cards_and_last_trick_make_35() -> None:
    # 4 Aces × 3 = 12; 4 × (Three, Two, King, Queen, Jack) × 1 = 20; 12 + 20 = 32 in the
    # cards, and the last trick 3 more: 35.
    assert total_points(pack_40_no_eight_to_ten(), CALABRASELLA_POINTS) == 32
    cards = total_points(pack_40_no_eight_to_ten(), CALABRASELLA_POINTS)
    assert cards + CALABRASELLA_LAST_TRICK == 35


def test_every_total_from_0_to_35_can_happen_so_the_pad_takes_them_all() -> None:
    # Twenty one-point cards make every sum 0–20, the Aces add 3s up to 32, and the last
    # trick adds 3: a side can hold any total from 0 to 35, so no total is refused.
    cards = achievable_totals(pack_40_no_eight_to_ten(), CALABRASELLA_POINTS)
    with_last = {total + last for total in cards for last in (0, CALABRASELLA_LAST_TRICK)}
    assert with_last == set(range(36))
    for points in range(36):
        assert checked(3, played(points)).ok, points


# ---------------------------------------------------------------- worked examples


WORKED_EXAMPLES = [
    # 23 – (35 − 23 = 12) = +11.
    pytest.param(3, played(23), (0, 11, 0), id="If he secures 23 points, he wins 11"),
    # 16 – 19 = −3.
    pytest.param(3, played(16), (0, -3, 0), id="if he takes in 16 only, he loses 3"),
    # 18 – 17 = +1.
    pytest.param(3, played(18), (0, 1, 0), id="if it is 18 or more it must be a gain : 18 wins 1"),
    # 17 – 18 = −1.
    pytest.param(
        3, played(17), (0, -1, 0), id="If the amount is less than 18 it must be a loss : 17 loses 1"
    ),
    # Counted for the adversaries 12: the player has 35 − 12 = 23; 23 − 12 = +11.
    pytest.param(
        3,
        played(12, counted_side="adversaries"),
        (0, 11, 0),
        id="the lower score is deducted from the higher : adversaries counted 12",
    ),
    # 24 – 11, an adversary revoked: 24 + 9 = 33, 11 − 9 = 2; 33 − 2 = +31.
    pytest.param(
        3,
        played(24, revokes_by_adversaries=1),
        (0, 31, 0),
        id="the score is 33 to 2, and the player wins 31",
    ),
    # 24 – 11, the player revoked: 24 − 9 = 15, 11 + 9 = 20; 15 − 20 = −5.
    pytest.param(
        3,
        played(24, revokes_by_player=1),
        (0, -5, 0),
        id="9 points taken from the side in error : the player revoked",
    ),
    # 24 – 11, one revoke each: 24 + 9 − 9 = 24, 11 − 9 + 9 = 11; 24 − 11 = +13.
    pytest.param(
        3,
        played(24, revokes_by_player=1, revokes_by_adversaries=1),
        (0, 13, 0),
        id="9 points taken from the side in error : one revoke each cancels",
    ),
    # 20 – 15, the adversaries revoked twice: 20 + 18 = 38, 15 − 18 = −3; 38 − (−3) = +41.
    pytest.param(
        3,
        played(20, revokes_by_adversaries=2),
        (0, 41, 0),
        id="the loss of 9 points per revoke : a side may go below nothing",
    ),
    # All 35 to the player: 35 × 2 = 70 – 0 = +70.
    pytest.param(
        3,
        played(35),
        (0, 70, 0),
        id="If all 35 points are won by either side, they count double, 70",
    ),
    # All 35 to the adversaries: 0 – 70 = −70.
    pytest.param(
        3,
        played(0),
        (0, -70, 0),
        id="If all 35 points are won by either side : the adversaries' double",
    ),
    # 26 – 9, an adversary revoked: 26 + 9 = 35, 9 − 9 = 0; 35 − 0 = +35, not doubled.
    pytest.param(
        3,
        played(26, revokes_by_adversaries=1),
        (0, 35, 0),
        id="the double only for all 35 in play : 35 – 0 through a penalty",
    ),
    # All 35 in play: 70 – 0; an adversary revoked: 70 + 9 = 79, 0 − 9 = −9; +88.
    pytest.param(
        3,
        played(35, revokes_by_adversaries=1),
        (0, 88, 0),
        id="the double then the penalty : all 35 and an adversary's revoke",
    ),
    # An adversary played out of turn with 5 won: the player claims the rest, 35 − 5 = 30;
    # 30 − 5 = +25.
    pytest.param(
        3,
        played(5, event="out_of_turn", counted_side="adversaries"),
        (0, 25, 0),
        id="the adversaries count only the points won up to the error",
    ),
    # Out of turn before the adversaries won anything: 35 – 0 by the claim is +35, not 70.
    pytest.param(
        3,
        played(0, event="out_of_turn", counted_side="adversaries"),
        (0, 35, 0),
        id="claim the stock and last trick : all 35 by a claim is not doubled",
    ),
    # Cat stands alone: 23 – 12 = +11 in Cat's column only.
    pytest.param(
        3, played(23, player=2), (0, 0, 11), id="His score is the only one put down : Cat"
    ),
    # Four players, Ann deals and sits out; Bob 23 – 12 = +11.
    pytest.param(
        4, played(23), (0, 11, 0, 0), id="If four play, the dealer takes no cards : Bob plays"
    ),
    # Four players, Ann deals; Dan 16 – 19 = −3.
    pytest.param(
        4,
        played(16, player=3),
        (0, 0, 0, -3),
        id="If four play, the dealer takes no cards : Dan loses 3",
    ),
]


@pytest.mark.parametrize(("count", "raw", "expected"), WORKED_EXAMPLES)
def test_worked_example(count: int, raw: dict[str, Any], expected: tuple[int, ...]) -> None:
    result = scored(count, raw)
    assert result.points == expected
    assert not result.redeal


def test_the_text_example_with_its_arithmetic() -> None:
    result = scored(3, played(24, revokes_by_adversaries=1))
    assert result.lines == (
        "Bob 24 – 11 the adversaries",
        "The adversaries revoked once: 9 points to Bob: 24 + 9 = 33, 11 − 9 = 2",
        "33 − 2 = +31",
        "Only Bob's score is put down: +31",
    )
    assert result.headline == "Bob: 33 – 2 (revoke penalty) → +31"


def test_the_lines_for_the_adversaries_count_and_the_double() -> None:
    # Counted for the adversaries 0: Bob has 35 − 0 = 35, all 35 count double, 70 – 0.
    result = scored(3, played(0, counted_side="adversaries"))
    assert result.lines == (
        "Counted for the adversaries: 0; so Bob has 35 − 0 = 35",
        "Bob 35 – 0 the adversaries",
        "All 35 points to Bob: they count double, 70 – 0",
        "70 − 0 = +70",
        "Only Bob's score is put down: +70",
    )


def test_at_four_players_the_lines_say_who_sits_out() -> None:
    result = scored(4, played(23))
    assert "Ann dealt and sits out, sharing the adversaries' fortunes" in result.lines


def test_describe_reads_like_the_list() -> None:
    setup = make(3)
    assert GAME.describe(setup, checked(3, played(23, player=0)).entry) == "Ann: 23 – 12 → +11"
    assert GAME.describe(setup, checked(3, {"event": "all_passed"}).entry) == (
        "All passed — the deal passes"
    )


# ---------------------------------------------------------------- irregularities and passes


def test_turning_the_stock_too_early_costs_35_and_voids_the_deal() -> None:
    result = scored(3, {"event": "stock_turned", "player": 1})
    assert result.points == (0, -35, 0)
    assert result.redeal
    # Ann dealt the void deal (first dealer), and deals again.
    assert "The deal is void: Ann deals again" in result.lines


def test_the_stock_penalty_balances_to_35_for_each_adversary_at_three_players() -> None:
    state = session(3, [{"event": "stock_turned", "player": 1}])
    # Totals (0, −35, 0), sum −35: Ann 3 × 0 + 35 = 35, Bob 3 × (−35) + 35 = −70, Cat 35.
    settlement = GAME.settlement(state)
    assert settlement.nets == (35, -70, 35)
    assert settlement.payments == (Payment(1, 0, 35), Payment(1, 2, 35))


def test_the_stock_penalty_at_four_players_pays_the_dealer_too() -> None:
    # Ann deals and sits out, sharing the adversaries' fortunes. Totals (0, −35, 0, 0), sum
    # −35: Bob 4 × (−35) + 35 = −105; Ann, Cat and Dan 0 + 35 = 35 each.
    state = session(4, [{"event": "stock_turned", "player": 1}])
    assert GAME.settlement(state).nets == (35, -105, 35, 35)


def test_a_void_deal_is_dealt_again_by_the_same_dealer() -> None:
    setup = make(4)
    state = replay(setup, [(1, {"event": "stock_turned", "player": 1})]).state
    assert GAME.dealer(state) == 0
    # So at four players Ann still sits out, and still cannot stand.
    assert [p.field for p in check_entry(GAME, state, played(23, player=0)).problems] == ["player"]


def test_everyone_passing_scores_nothing_and_the_deal_passes() -> None:
    result = scored(3, {"event": "all_passed", "player": 1, "points": 23})
    assert result.points == (0, 0, 0)
    assert result.redeal
    assert result.lines == (
        "Everyone passed: no score, the hands are thrown in",
        "The deal passes from Ann to Bob",
    )
    assert checked(3, {"event": "all_passed", "player": 1}).entry["player"] is None


def test_the_deal_moves_one_seat_after_played_and_passed_deals() -> None:
    # Ann deals hand 1 (played), Bob hand 2 (passed), Cat hand 3 (void: Cat deals again).
    state = session(
        3, [played(23), {"event": "all_passed"}, {"event": "stock_turned", "player": 0}]
    )
    assert GAME.dealer(state) == 2


# ---------------------------------------------------------------- the referee


REFUSALS = [
    pytest.param(
        4,
        played(23, player=0),
        "player",
        "Ann dealt this hand",
        id="If four play, the dealer takes no cards : Ann cannot stand",
    ),
    pytest.param(
        4,
        {"event": "stock_turned", "player": 0},
        "player",
        "Ann dealt this hand",
        id="If four play, the dealer takes no cards : nor turn the stock",
    ),
    pytest.param(3, played(36), "points", "between 0 and 35", id="35 points in all : 36"),
    pytest.param(3, played(-1), "points", "between 0 and 35", id="35 points in all : −1"),
    pytest.param(3, played(20.5), "points", "whole number", id="the points are whole : 20.5"),
    pytest.param(
        3,
        {"event": "played", "points": 20},
        "player",
        "Choose single player",
        id="His score is the only one put down : no single player",
    ),
    pytest.param(
        3,
        played(20, revokes_by_player=5),
        "revokes_by_player",
        "between 0 and 4",
        id="more revokes than plausible : 5 by the player",
    ),
    pytest.param(
        3,
        played(20, revokes_by_adversaries=-1),
        "revokes_by_adversaries",
        "between 0 and 4",
        id="more revokes than plausible : −1 by the adversaries",
    ),
    # The claimed last trick is worth 3, so the adversaries have at most 35 − 3 = 32.
    pytest.param(
        3,
        played(33, event="out_of_turn", counted_side="adversaries"),
        "points",
        "at most 32",
        id="claim the stock and last trick : adversaries with 33",
    ),
    pytest.param(
        3,
        played(2, event="out_of_turn"),
        "points",
        "at least 3",
        id="claim the stock and last trick : player with 2",
    ),
    pytest.param(
        3,
        {"event": "misdeal", "player": 1},
        "event",
        "Choose one of",
        id="the deal ended one of four ways : misdeal",
    ),
]


@pytest.mark.parametrize(("count", "raw", "field", "phrase"), REFUSALS)
def test_the_referee_refuses(count: int, raw: dict[str, Any], field: str, phrase: str) -> None:
    assert_refused_on(checked(count, raw), field, phrase)


def test_at_four_players_the_dealer_moves_and_so_does_who_sits_out() -> None:
    # Hand 2 is dealt by Bob: Ann may stand, Bob may not.
    state = session(4, [played(23)])
    assert check_entry(GAME, state, played(23, player=0)).ok
    assert not check_entry(GAME, state, played(23, player=1)).ok
    assert GAME.table_notes(state) == ("Bob sits out, sharing the adversaries' fortunes",)


def test_at_three_players_everyone_may_stand_and_nobody_sits_out() -> None:
    assert checked(3, played(23, player=0)).ok
    assert GAME.table_notes(State(make(3))) == ()


def test_the_limits_of_a_claim_are_accepted() -> None:
    # The player's side with exactly the claimed last trick, 3; the adversaries with 32.
    assert checked(3, played(3, event="out_of_turn")).ok
    assert checked(3, played(32, event="out_of_turn", counted_side="adversaries")).ok


# ---------------------------------------------------------------- the list and the settlement


SHORT_SESSION = [
    played(23, player=0),  # Ann 23 – 12: +11
    played(16, player=1),  # Bob 16 – 19: −3
    played(35, player=2),  # Cat all 35: +70
    {"event": "stock_turned", "player": 0},  # Ann: −35
]


def test_only_the_single_players_score_goes_on_the_list() -> None:
    state = session(3, SHORT_SESSION)
    # Ann 11 − 35 = −24; Bob −3; Cat 70. The list is not zero-sum (sum 43).
    assert state.totals == (-24, -3, 70)
    assert not GAME.zero_sum


def test_the_settlement_balances_by_differences_as_in_skat() -> None:
    state = session(3, SHORT_SESSION)
    # Sum 43. Ann 3 × (−24) − 43 = −115; Bob 3 × (−3) − 43 = −52; Cat 3 × 70 − 43 = 167.
    # Pairwise: Ann v Bob −24 − (−3) = −21, Ann v Cat −24 − 70 = −94: −21 − 94 = −115.
    settlement = GAME.settlement(state)
    assert settlement.nets == (-115, -52, 167)
    assert sum(settlement.nets) == 0
    assert settlement.unit == "points"
    # No pair nets to zero, so two payments: Ann pays Cat 115, Bob pays Cat 52.
    assert settlement.payments == (Payment(0, 2, 115), Payment(1, 2, 52))
    assert settlement.squares


def test_the_settlement_at_a_stake_per_point() -> None:
    state = session(3, SHORT_SESSION, stake=2)
    # 2 cents a point: −115 × 2 = −230, −52 × 2 = −104, 167 × 2 = 334.
    settlement = GAME.settlement(state)
    assert settlement.nets == (-230, -104, 334)
    assert settlement.unit == "cents"
    assert settlement.per_point == 2
    assert settlement.squares


def test_the_leader_is_the_best_balanced_account() -> None:
    outcome = GAME.outcome(session(3, SHORT_SESSION))
    assert not outcome.finished
    assert outcome.winners == (2,)


def test_the_stake_option_refuses_what_is_not_a_stake() -> None:
    _, problems = make_setup("calabrasella", NAMES[:3], {"stake": 101})
    assert [problem.field for problem in problems] == ["stake"]


def test_fields_in_order() -> None:
    assert [field.name for field in GAME.fields(make(3))] == [
        "event",
        "player",
        "counted_side",
        "points",
        "revokes_by_player",
        "revokes_by_adversaries",
    ]


# ---------------------------------------------------------------- the facts as data


def test_the_facts_of_the_texts_revoke_example() -> None:
    # "If the final score is 24 to 11 … one of the partners has revoked, the score is 33 to 2,
    # and the player wins 31 points": 24 + 9 = 33, 11 − 9 = 2, 33 − 2 = +31.
    facts = scored(3, played(24, revokes_by_adversaries=1)).facts
    assert facts == {
        "event": "played",
        "player": 1,
        "sitting_out": None,
        "void_deal": False,
        "counted_side": "player",
        "player_points": 24,
        "adversaries_points": 11,
        "doubled": False,
        "revokes": {"player": 0, "adversaries": 1},
        "final_points": {"player": 33, "adversaries": 2},
        "difference": 31,
        "result": 31,
    }
    assert json.loads(json.dumps(facts)) == facts


def test_the_facts_of_all_35_counted_for_the_adversaries() -> None:
    # As test_the_lines_for_the_adversaries_count_and_the_double: the adversaries 0, so Bob
    # 35 − 0 = 35; all 35 count double, 70 – 0 = +70.
    facts = scored(3, played(0, counted_side="adversaries")).facts
    assert (
        facts["counted_side"],
        facts["player_points"],
        facts["adversaries_points"],
        facts["doubled"],
        facts["final_points"],
        facts["result"],
    ) == ("adversaries", 35, 0, True, {"player": 70, "adversaries": 0}, 70)


def test_the_facts_at_four_players_name_who_sits_out() -> None:
    # "If four play, the dealer takes no cards": Ann deals; Dan 16 – 19 = −3.
    facts = scored(4, played(16, player=3)).facts
    assert (facts["sitting_out"], facts["player"], facts["difference"], facts["result"]) == (
        0,
        3,
        -3,
        -3,
    )


def test_the_facts_of_a_void_deal_and_a_passed_deal() -> None:
    # Turning the stock too early: "he loses 35 points to each adversary, and the deal is void".
    void = scored(3, {"event": "stock_turned", "player": 1}).facts
    assert (void["event"], void["void_deal"], void["result"]) == ("stock_turned", True, -35)
    assert void["player_points"] is None
    assert void["difference"] is None
    passed = scored(3, {"event": "all_passed"}).facts
    assert (passed["player"], passed["void_deal"], passed["result"]) == (None, False, 0)
    assert set(passed) == set(void)


# ---------------------------------------------------------------- who took part (statistics)


def test_who_took_part_in_each_deal() -> None:
    # "If four play, the dealer takes no cards": Ann deals deal 1 (Bob stands), so Bob, Cat and
    # Dan hold cards. Bob deals deal 2, which everyone passes: thrown in, nobody played it.
    # Cat deals deal 3, and Dan turns the stock too early: void, nobody played it either.
    state = session(
        4, [played(23), {"event": "all_passed"}, {"event": "stock_turned", "player": 3}]
    )
    took_part = [
        [seat for seat in range(4) if GAME.took_part(state.setup, hand, seat)]
        for hand in state.hands
    ]
    assert took_part == [[1, 2, 3], [], []]
