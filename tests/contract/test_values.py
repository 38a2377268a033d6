"""The shared values' own machinery: a state's hands appended in O(1), a setup's remembered
values, and a hand's lines made when first read."""

from __future__ import annotations

import copy
import pickle

from companion.contract.values import (
    HandResult,
    Hands,
    Later,
    LaterFrom,
    ScoredHand,
    Setup,
    State,
    TrickRecord,
    hand_result,
    hand_result_from,
    scored_hand,
    trick_record,
)

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


def test_appended_hands_read_like_a_tuple() -> None:
    state = State(SETUP)
    hands = [hand(number) for number in range(1, 6)]
    for each in hands:
        state = state.with_hand(each)
    assert isinstance(state.hands, Hands)
    assert len(state.hands) == 5
    assert state.hands == tuple(hands) and tuple(hands) == state.hands
    assert state.hands[-1] is hands[-1] and state.hands[0] is hands[0]
    assert state.hands[:2] == tuple(hands[:2]) and state.hands[::-2] == tuple(hands[::-2])
    assert list(state.hands) == hands
    assert State(SETUP, state.hands[:3]) == State(SETUP, tuple(hands[:3]))
    assert state.hands != tuple(hands[:4])


def test_totals_are_carried_forward_by_with_hand() -> None:
    # Two hands of +3 −1 −1 −1 and one of −6 +2 +2 +2: 3 + 3 − 6 = 0 and −1 − 1 + 2 = 0.
    state = State(SETUP)
    for number, points in ((1, (3, -1, -1, -1)), (2, (3, -1, -1, -1)), (3, (-6, 2, 2, 2))):
        state = state.with_hand(hand(number, points))
    assert state.totals == (0, 0, 0, 0)
    assert State(SETUP, tuple(state.hands)).totals == state.totals
    assert state.hands_played == 3


def test_a_setups_remembered_value_is_shared_by_an_equal_setup_only() -> None:
    made = []
    equal = Setup("french-tarot", ("Ann", "Bob", "Cat", "Dan"), {"hands": 0})
    other = Setup("french-tarot", ("Ann", "Bob", "Cat", "Dan"), {"hands": 10})
    first = SETUP.remember("test-value", lambda: made.append(1) or object())
    assert equal.remember("test-value", lambda: made.append(2) or object()) is first
    assert other.remember("test-value", lambda: made.append(3) or object()) is not first
    assert made == [1, 3]


def test_a_setup_with_an_unhashable_option_remembers_for_itself() -> None:
    setup = Setup("french-tarot", ("Ann", "Bob"), {"odd": ["a", "list"]})
    kept = setup.remember("test-value", object)
    assert setup.remember("test-value", object) is kept


def test_lines_given_later_are_made_once_when_first_read_and_read_as_a_tuple() -> None:
    calls = []

    def lines(count: int) -> list[str]:
        calls.append(count)
        return [f"line {n}" for n in range(count)]

    result = HandResult((1, -1), Later(lines, 2), "headline", facts=Later(dict, [("made", True)]))
    assert calls == []
    assert result.lines == ("line 0", "line 1") and result.lines is result.lines
    assert calls == [2]
    assert result.facts == {"made": True}
    assert result == HandResult((1, -1), ("line 0", "line 1"), "headline", facts={"made": True})


def test_facts_left_out_are_a_fresh_empty_mapping() -> None:
    first, second = HandResult((0,), (), "a"), HandResult((0,), (), "b")
    assert first.facts == {} and first.facts is not second.facts


def test_a_setup_copies_without_what_it_remembers() -> None:
    setup = Setup("french-tarot", ("Ann", "Bob"), {"hands": 0})
    setup.remember("test-function", lambda: lambda: None)  # a function cannot be pickled
    copied = pickle.loads(pickle.dumps(setup))
    assert copied == setup and "_memo" not in copied.__dict__
    assert copy.deepcopy(setup) == setup


# ---------------------------------------------------------------- the quick constructors


def test_the_quick_constructors_make_what_the_dataclasses_make() -> None:
    """`trick_record`, `hand_result`, `scored_hand` and `State.with_hand` skip the frozen
    dataclasses' checked assignments, not a field: equal, same repr, as pickled, and a later
    value read as it is when given to the class."""
    trick = trick_record(("QS", "2S"), 1, 2, 3, (("runt", "2S"),))
    assert trick == TrickRecord(("QS", "2S"), 1, 2, 3, (("runt", "2S"),))
    assert repr(trick) == repr(TrickRecord(("QS", "2S"), 1, 2, 3, (("runt", "2S"),)))
    quick = hand_result((5, -5), Later(list, "ab"), Later(str, 7), Later(dict, [("a", 1)]))
    plain = HandResult((5, -5), Later(list, "ab"), Later(str, 7), facts=Later(dict, [("a", 1)]))
    assert (quick.lines, quick.headline, quick.facts) == (("a", "b"), "7", {"a": 1})
    assert quick == plain and repr(quick) == repr(plain)
    assert not quick.redeal and quick.carry is None
    hand = scored_hand(3, {"x": 1}, quick)
    assert hand == ScoredHand(3, {"x": 1}, plain)
    assert pickle.loads(pickle.dumps(hand)) == hand
    state = State(Setup("g", ("Ann", "Bob"))).with_hand(hand)
    assert state == State(Setup("g", ("Ann", "Bob")), (hand,))
    assert (state.totals, state.hands_played) == ((5, -5), 1)


def _letters(word: str, count: int) -> list[str]:
    return list(word[:count])


def _word(word: str, count: int) -> str:
    return word * count


def _counted(word: str, count: int) -> dict[str, int]:
    return {word: count}


LETTERS, WORD, COUNTED = LaterFrom(_letters), LaterFrom(_word), LaterFrom(_counted)


def test_a_result_from_shared_makers_reads_as_one_given_laters() -> None:
    """`hand_result_from` (one maker per field for every hand, the hand's arguments kept by
    the result) reads as `hand_result` given a `Later` per field: equal, same repr, the lines
    a tuple, each made once when first read, and as pickled before anything was read."""
    quick = hand_result_from((5, -5), ("abc", 2), LETTERS, WORD, COUNTED)
    plain = hand_result(
        (5, -5), Later(_letters, "abc", 2), Later(_word, "abc", 2), Later(_counted, "abc", 2)
    )
    copied = pickle.loads(pickle.dumps(quick))
    assert quick.lines == ("a", "b") and quick.lines is quick.lines
    assert (quick.headline, quick.facts) == ("abcabc", {"abc": 2})
    assert quick == plain and repr(quick) == repr(plain) == repr(copied)
    assert not quick.redeal and quick.carry is None
