"""A scored hand kept as exact data (read back equal, with the same types) for every game, and
the stored hands read only when looked at."""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from enum import StrEnum
from typing import Any

import pytest

from companion.contract.game import Game
from companion.contract.registry import get
from companion.contract.values import (
    HandResult,
    Problem,
    ScoredHand,
    Setup,
    State,
    TrickRecord,
)
from companion.engine.derived import (
    BACKWARD_WINDOW,
    FORWARD_CHUNK,
    KnownHand,
    StoredHands,
    as_data,
    from_data,
    hand_as_text,
    hand_from_text,
    problems_as_text,
    problems_from_text,
)
from companion.engine.replay import check_entry
from tests.contract.test_contract import accepted_entries, tables, toys_registered  # noqa: F401


class Colour(StrEnum):
    RED = "red"


@pytest.mark.parametrize(
    "value",
    [
        pytest.param((1, (2, 3)), id="tuples stay tuples"),
        pytest.param([1, [2]], id="lists stay lists"),
        pytest.param(Colour.RED, id="an enum stays an enum, not its text"),
        pytest.param({0: "a", 1: "b"}, id="whole-number keys stay numbers"),
        pytest.param({"$tuple": 1}, id="a key that looks like a tag"),
        pytest.param(frozenset({"AS", "KH"}), id="a set of cards"),
        pytest.param(40.5, id="half points"),
        pytest.param((True, 1, None), id="a yes is not a 1"),
        pytest.param(
            TrickRecord(("AS", "KS"), leader=0, won_by=1, parts=(("runt", 2),)), id="a trick"
        ),
    ],
)
def test_exact_data_reads_back_equal_and_of_the_same_types(value: Any) -> None:
    back = from_data(as_data(value))
    assert back == value
    assert shape(back) == shape(value)  # the types too: (1,) and [1], RED and "red" differ here


def shape(value: Any) -> Any:
    """A value's types all the way down, with its words and numbers (a set's order left out:
    two equal sets may list their items in different orders)."""
    if isinstance(value, frozenset):
        return ("frozenset", frozenset(shape(item) for item in value))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(shape(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple((shape(key), shape(item)) for key, item in value.items()))
    if is_dataclass(value):
        return (
            type(value).__qualname__,
            tuple(shape(getattr(value, spec.name)) for spec in fields(value)),
        )
    return (type(value).__qualname__, repr(value))


def test_a_value_that_cannot_be_kept_exactly_is_refused() -> None:
    with pytest.raises(TypeError):
        as_data(object())


@pytest.mark.parametrize(
    ("name", "why"),
    [
        pytest.param("nosuch.module:Thing", "unknown module", id="a module outside the app"),
        pytest.param(
            "os:system", "no dataclass, named tuple or enum", id="a function of a loaded module"
        ),
    ],
)
def test_data_naming_anything_but_the_apps_types_is_refused(name: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        from_data({"$enum": name, "value": "/"})


def one_table_per_game() -> list[Any]:
    """The contract's tables at each game's house rules as they come (options0)."""
    return [param for param in tables() if param.id.endswith("options0")]


@pytest.mark.parametrize(("game", "setup"), one_table_per_game())
def test_every_games_scored_hands_read_back_exactly(game: Game, setup: Setup) -> None:
    """Accepted random hands played in a row where they follow each other (carries included),
    else each as a first hand; each kept and read back."""
    state = State(setup)
    entries = accepted_entries(game, setup)[:20]
    assert entries
    for number, entry in enumerate(entries, start=1):
        follows = check_entry(game, state, entry).ok
        before = state if follows else State(setup)
        hand = ScoredHand(number, entry, game.score(before, entry))
        back = hand_from_text(hand_as_text(hand))
        assert back == hand and repr(back) == repr(hand)
        if follows:
            state = state.with_hand(hand)


def test_a_kept_hands_words_read_back_as_the_hand_had_them() -> None:
    """A kept hand's points, lines, headline and facts read back as the hand had them.
    French Tarot, docs/rulings.md's first example: a garde with 2 bouts and 47 points, +186."""
    game, setup = get("french-tarot"), Setup("french-tarot", ("Ann", "Bob", "Cid", "Dee"))
    entry = check_entry(
        game,
        State(setup),
        {"contract": "garde", "taker": "0", "counted_side": "taker", "points": "47", "bouts": "2"},
    ).entry
    hand = ScoredHand(1, entry, game.score(State(setup), entry))
    back = hand_from_text(hand_as_text(hand))
    assert back.result.points == (186, -62, -62, -62)
    assert back.result.lines == hand.result.lines and back == hand


def test_problems_read_back_exactly() -> None:
    problems = (
        Problem("tricks", "Trick 3 has two aces of spades.", part="cards", item=2),
        Problem(None, "The game was over after hand 4."),
    )
    assert problems_from_text(problems_as_text(problems)) == problems


# ---------------------------------------------------------------- StoredHands

SETUP = Setup("toy", ("Ann", "Bob"))


def known(position: int) -> KnownHand:
    """Hand position + 1 scoring (1, −1): the totals after it are (position + 1) each way."""
    hand = ScoredHand(position + 1, {}, HandResult((1, -1), ("1",), "Ann wins"))
    return KnownHand(hand, (position + 1, -(position + 1)), position + 1)


class Shelf:
    """A loader over `count` hands that notes every read (start, stop)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.reads: list[tuple[int, int]] = []

    def __call__(self, start: int, stop: int) -> list[tuple[int, KnownHand]]:
        self.reads.append((start, stop))
        return [(position, known(position)) for position in range(start, min(stop, self.count))]


def test_the_length_and_a_known_last_hand_read_nothing() -> None:
    shelf = Shelf(1000)
    hands = StoredHands(1000, shelf, {999: known(999)})
    assert len(hands) == 1000 and hands[-1].number == 1000 and bool(hands)
    assert shelf.reads == []


def test_a_hand_not_yet_read_is_read_with_the_ones_before_it_once() -> None:
    shelf = Shelf(1000)
    hands = StoredHands(1000, shelf)
    assert hands[500].number == 501
    assert hands[500 - BACKWARD_WINDOW + 1].number == 501 - BACKWARD_WINDOW + 1
    assert shelf.reads == [(500 - BACKWARD_WINDOW + 1, 501)]


def test_walking_every_hand_reads_in_chunks() -> None:
    shelf = Shelf(600)
    hands = StoredHands(600, shelf)
    assert [hand.number for hand in hands] == list(range(1, 601))
    assert shelf.reads == [
        (0, FORWARD_CHUNK),
        (FORWARD_CHUNK, 2 * FORWARD_CHUNK),
        (2 * FORWARD_CHUNK, 600),
    ]


def test_a_prefix_is_the_session_before_a_hand_and_shares_what_was_read() -> None:
    shelf = Shelf(100)
    hands = StoredHands(100, shelf)
    assert len(hands.rows(90)) == 10 and shelf.reads == []  # counted, not read
    assert [hand.number for hand, _ in hands.rows(90)] == list(range(91, 101))
    before = hands[:95]
    assert isinstance(before, StoredHands) and len(before) == 95
    assert before[-1].number == 95 and len(shelf.reads) == 1
    assert hands[90:92] == (hands[90], hands[91])


def test_growing_a_prefix_leaves_the_longer_history_alone() -> None:
    hands = StoredHands(3, Shelf(3))
    grown = hands[:1].plus(known(7))  # a hand numbered 8 after the first: another history
    assert grown[1].number == 8 and hands[1].number == 2


def test_stored_hands_equal_the_same_hands_in_a_tuple() -> None:
    hands = StoredHands(3, Shelf(3))
    assert hands == tuple(known(position).hand for position in range(3))
    assert State(SETUP, hands) == State(SETUP, tuple(hands))


def test_a_message_is_kept_with_its_recipe_and_said_again_in_any_language() -> None:
    from companion.kit.i18n import capital, t, tn
    from tests.kit.test_i18n import Shouting

    line = capital(
        tn(
            "{count} trick over {book} for {who}",
            "{count} tricks over {book} for {who}",
            2,
            book=t("the book"),
            who="Ann",
        )
    )
    again = from_data(json.loads(json.dumps(as_data((line,)))))[0]
    assert again == "2 tricks over the book for Ann"
    assert again.said_in(Shouting()) == "2 TRICKS OVER THE BOOK FOR Ann"
