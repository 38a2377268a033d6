"""The shared values: a state's hands appended one by one with their totals carried forward,
and setups equal by value (so what is built from one is found again for an equal one)."""

from __future__ import annotations

import copy
import pickle

from companion.contract.values import HandResult, ScoredHand, Setup, State

SETUP = Setup("french-tarot", ("Ann", "Bob", "Cat", "Dan"), {"hands": 0})


def hand(number: int, points: tuple[int, ...] = (3, -1, -1, -1)) -> ScoredHand:
    """A scored hand whose number tells it apart (the points are any zero-sum row)."""
    return ScoredHand(number, {}, HandResult(points, (), f"hand {number}"))


def test_a_state_appended_twice_from_the_same_parent_keeps_each_childs_own_hand() -> None:
    parent = State(SETUP).with_hand(hand(1))
    first = parent.with_hand(hand(2))
    second = parent.with_hand(hand(20))  # a preview or a correction from the same state
    assert [h.number for h in parent.hands] == [1]
    assert [h.number for h in first.hands] == [1, 2]
    assert [h.number for h in second.hands] == [1, 20]
    assert [h.number for h in first.with_hand(hand(3)).hands] == [1, 2, 3]
    assert [h.number for h in second.with_hand(hand(30)).hands] == [1, 20, 30]


def test_appended_hands_are_a_tuple() -> None:
    state = State(SETUP)
    hands = [hand(number) for number in range(1, 6)]
    for each in hands:
        state = state.with_hand(each)
    assert state.hands == tuple(hands)
    assert State(SETUP, state.hands[:3]) == State(SETUP, tuple(hands[:3]))
    assert state.hands != tuple(hands[:4])


def test_totals_are_carried_forward_by_with_hand() -> None:
    # Two hands of +3 −1 −1 −1 and one of −6 +2 +2 +2: 3 + 3 − 6 = 0 and −1 − 1 + 2 = 0.
    state = State(SETUP)
    for number, points in ((1, (3, -1, -1, -1)), (2, (3, -1, -1, -1)), (3, (-6, 2, 2, 2))):
        state = state.with_hand(hand(number, points))
    assert state.totals == (0, 0, 0, 0)
    assert state.hands_played == 3
    counted = State(SETUP, state.hands)
    assert (counted.totals, counted.hands_played) == ((0, 0, 0, 0), 3)
    assert counted == state


def test_a_redeal_is_not_a_hand_played_but_counts_in_the_totals() -> None:
    redeal = ScoredHand(2, {}, HandResult((0, 0, 0, 0), (), "redeal", redeal=True))
    state = State(SETUP).with_hand(hand(1)).with_hand(redeal).with_hand(hand(3))
    assert (state.totals, state.hands_played) == ((6, -2, -2, -2), 2)
    assert State(SETUP, state.hands).hands_played == 2


def test_a_hand_scoring_other_seats_is_refused() -> None:
    try:
        State(SETUP).with_hand(hand(1, (1, -1)))
    except ValueError as error:
        assert "scores 2 seats, not 4" in str(error)
    else:
        raise AssertionError("a hand of two seats was appended at a table of four")


def test_equal_setups_are_equal_and_hash_alike() -> None:
    equal = Setup("french-tarot", ("Ann", "Bob", "Cat", "Dan"), {"hands": 0})
    other = Setup("french-tarot", ("Ann", "Bob", "Cat", "Dan"), {"hands": 10})
    assert equal == SETUP and hash(equal) == hash(SETUP)
    assert other != SETUP
    assert len({SETUP, equal, other}) == 2
    assert SETUP.player_count == 4
    ordered = Setup("skat", ("Ann", "Bob", "Cat"), {"scoring": "isko", "stake": 0})
    reordered = Setup("skat", ("Ann", "Bob", "Cat"), {"stake": 0, "scoring": "isko"})
    assert ordered == reordered and hash(ordered) == hash(reordered)


def test_facts_left_out_are_a_fresh_empty_mapping() -> None:
    first, second = HandResult((0,), (), "a"), HandResult((0,), (), "b")
    assert first.facts == {} and first.facts is not second.facts


def test_values_copy_and_pickle_as_they_are() -> None:
    state = State(SETUP).with_hand(hand(1))
    copied = pickle.loads(pickle.dumps(state))
    assert copied == state and copied.totals == (3, -1, -1, -1)
    assert copy.deepcopy(SETUP) == SETUP
