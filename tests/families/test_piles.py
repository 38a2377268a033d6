"""The shared pile machinery (families/piles.py): counting in threes, the groups shown, what
tricks make, the totals a pack can count, the refusals. Numbers from docs/rulings.md "The tarot
family: counting piles": the sum of the values, −2 per group of three, −1 for one or two over."""

from __future__ import annotations

from itertools import permutations

import pytest

from companion.contract.registry import get
from companion.engine.replay import make_setup
from companion.families.piles import (
    CountInThrees,
    Method,
    Pile,
    PileEntry,
    PileRules,
    Unit,
    card_problems,
    cards_from_tricks,
    count_problems,
    filled_in,
    group_less,
    pile_groups,
    possible_totals,
)
from companion.kit.cards import Card, Suit, parse
from companion.kit.counting import tarot_points

VALUE = tarot_points(5, {14: 5, 13: 4, 12: 3, 11: 2}, 1)
K, Q, T21 = (parse(code, tarot=True) for code in ("KS", "QH", "21T"))
LOWS = tuple(Card(Suit.CLUBS, rank, tarot=True) for rank in range(2, 8))
# A toy game: 9 cards (K♠, Q♥, 21T and six low Clubs), 3 piles, tricks of 3, no discards.
TOY = PileRules((K, Q, T21, *LOWS), (K, Q, T21), trick_size=3)
THREES = CountInThrees(TOY.pack, TOY.grid, VALUE)
NAMES = ("Ann", "Bob", "Cat")


@pytest.mark.parametrize(
    ("size", "less"),
    [
        pytest.param(0, 0, id="nothing"),
        pytest.param(1, 1, id="one over: −1"),
        pytest.param(2, 1, id="two over: −1"),
        pytest.param(3, 2, id="a group: −2"),
        pytest.param(4, 3, id="a group and one: −3"),
        pytest.param(6, 4, id="two groups: −4"),
    ],
)
def test_what_counting_in_threes_takes_off(size: int, less: int) -> None:
    assert group_less(size) == less


@pytest.mark.parametrize(
    ("cards", "low", "points"),
    [
        pytest.param((K,), 2, 5, id="K♠ and two low: 5+1+1−2=5"),
        pytest.param((), 3, 1, id="three low: 1+1+1−2=1"),
        pytest.param((), 2, 1, id="two low over: 1+1−1=1"),
        pytest.param((), 1, 0, id="one low over: 1−1=0"),
        pytest.param((K, Q, T21), 0, 12, id="three counting cards: 5+4+5−2=12"),
        pytest.param((K, Q), 4, 9, id="K♠ Q♥ and four low: 5+4+4−4=9"),
    ],
)
def test_a_pile_counts_in_threes(cards, low, points) -> None:
    assert THREES.count(Pile("Ann", cards, len(cards) + low)).points == points


def test_a_pile_counts_the_same_grouped_any_way() -> None:
    """K♠ Q♥ and four low, grouped in every order: always 9 (5 + 4 + 4 − 2 × 2)."""
    cards = [5, 4, 1, 1, 1, 1]
    counts = {sum(sum(order[i : i + 3]) - 2 for i in (0, 3)) for order in permutations(cards)}
    assert counts == {9}
    assert THREES.count(Pile("Ann", (K, Q), 6)).points == 9


def test_the_groups_put_each_counting_card_with_low_cards() -> None:
    assert pile_groups((Q, K), 4, VALUE) == [(K, None, None), (Q, None, None)]
    assert pile_groups((K,), 4, VALUE) == [(K, None, None), (None, None)]


def test_the_working_lines_of_a_pile() -> None:
    count = THREES.count(Pile("Ann", (K,), 8))
    assert count.lines == (
        "Ann's pile: 8 cards, 2 groups of three, and 2 over",
        "K♠ low low → 5 + 1 + 1 − 2 = 5",
        "low low low → 1 + 1 + 1 − 2 = 1",
        "low low → 1 + 1 − 1 = 1",
        "Ann counts 5 + 1 + 1 = 7",
    )
    assert count.short == "Ann 8 cards: K♠ → 7"


def test_one_blank_is_the_rest() -> None:
    assert filled_in((3, None, 3), 9) == (3, 3, 3)
    assert filled_in((3, None, None), 9) is None
    assert filled_in((6, 6, None), 9) is None


def test_the_totals_a_pack_can_count() -> None:
    """The toy pack's values are 14 + 6 = 20; piles of 3s: 20 − 2 × 3 = 14 whatever the sizes."""
    assert possible_totals(TOY, THREES, 3, 0) == frozenset({14})


def entry(sizes, placed=None, counts=(None, None, None), method=Method.CARDS) -> PileEntry:
    return PileEntry(
        method, placed if placed is not None else {K: 0, Q: 1, T21: 2}, tuple(sizes), tuple(counts)
    )


def test_a_card_in_no_pile_is_refused_naming_it() -> None:
    problems = card_problems(TOY, entry((3, 3, 3), {K: 0, Q: 1}), NAMES, 0)
    assert [(p.field, "trump 21 (21T)" in p.message) for p in problems] == [("card_21T", True)]


def test_many_cards_in_no_pile_are_named_once() -> None:
    problems = card_problems(TOY, entry((3, 3, 3), {}), NAMES, 0)
    assert [(p.field, p.message.startswith("3 counting cards")) for p in problems] == [
        ("card_KS", False),
        ("card_QH", False),
        ("card_21T", False),
    ]  # three: each by its card
    rules = PileRules(TOY.pack, (*TOY.grid, LOWS[0]), trick_size=3)
    problems = card_problems(rules, entry((3, 3, 3), {}), NAMES, 0)
    assert [p.field for p in problems] == ["card_KS"]
    assert problems[0].message.startswith("4 counting cards are in no pile yet (K♠ Q♥ 21T 2♣)")


def test_sizes_off_the_pack_and_off_the_tricks_are_refused() -> None:
    assert "10 cards" in card_problems(TOY, entry((3, 3, 4)), NAMES, 0)[0].message
    off = card_problems(TOY, entry((4, 2, 3)), NAMES, 0)
    assert {p.field for p in off} == {"size_0", "size_1"}
    short = card_problems(TOY, entry((3, 3, 0)), NAMES, 0)
    assert "6 cards" in short[0].message and "the pack has 9" in short[0].message


def test_more_counting_cards_than_cards_is_refused() -> None:
    problems = card_problems(TOY, entry((0, 3, 6), {K: 1, Q: 1, T21: 1}), NAMES, 0)
    assert problems == []
    problems = card_problems(TOY, entry((6, 3, 0), {K: 2, Q: 1, T21: 1}), NAMES, 0)
    assert "Cat's pile holds 1 counting card (K♠) but only 0 cards" in problems[0].message


def test_counts_by_hand_are_checked_against_the_pack() -> None:
    ok = count_problems(
        TOY, THREES, entry((None,) * 3, counts=(5, 5, 4), method=Method.POINTS), NAMES, 0
    )
    assert ok == []
    wrong = count_problems(
        TOY, THREES, entry((None,) * 3, counts=(5, 5, 5), method=Method.POINTS), NAMES, 0
    )
    assert "15 together" in wrong[0].message and "14" in wrong[0].message


# ---------------------------------------------------------------- sizes in tricks won
# Tarock's piles (its rules page): the 54-card pack, tricks of 4, the 6-card talon in one pile.
TALON = get("tarock").rules


def test_the_talon_pack_is_54_cards_of_12_tricks() -> None:
    assert TALON.size == 54  # the text: 22 tarocks and 32 suit cards
    assert TALON.tricks == 12  # (54 − 6) / 4


@pytest.mark.parametrize(
    ("tricks", "holder", "cards"),
    [
        pytest.param(
            (3, 3, 3, 3), 1, (12, 18, 12, 12), id="3 tricks each, the talon to Bob: 3×4+6"
        ),
        pytest.param(
            (3, None, 3, 3),
            None,
            (12, None, 12, 12),
            id="Bob blank: the rest of the pack, 54−36=18, talon and all",
        ),
        pytest.param((0, 12, 0, 0), 0, (6, 48, 0, 0), id="Ann only the talon: 0×4+6"),
    ],
)
def test_sizes_in_tricks_are_worked_out_in_cards(tricks, holder, cards) -> None:
    # The talon goes to the pile that took it, so whoever dealt (Ann, seat 0) does not matter.
    assert cards_from_tricks(TALON, tricks, holder, 0) == cards
    if None in cards:
        assert filled_in(cards, TALON.size) == (12, 18, 12, 12)


# Scarto's piles (its rules page): 78 cards, tricks of 3, the dealer's 3 discards always the
# dealer's ("a dealer's 8 tricks are 27 cards"): 25 tricks.
TO_DEALER = get("scarto").rules


@pytest.mark.parametrize(
    ("tricks", "named", "dealer", "cards"),
    [
        pytest.param(
            (8, None, 9),
            None,
            0,
            (27, None, 27),
            id="Bob blank, Ann deals: Ann 8×3+3=27, Cat 27; Bob the rest 78−54=24",
        ),
        pytest.param(
            (8, 8, None),
            None,
            1,
            (24, 27, None),
            id="Cat blank, Bob deals: Bob 8×3+3=27, Ann 24; Cat the rest 78−51=27",
        ),
        pytest.param(
            (None, 8, 9),
            None,
            0,
            (None, 24, 27),
            id="the dealer's blank: the rest 78−51=27 holds the discards",
        ),
        pytest.param((8, 8, 9), None, 0, (27, 24, 27), id="none blank, none named: the dealer's"),
        pytest.param(
            (8, 8, 9),
            1,
            0,
            (27, 24, 27),
            id="Bob named (the referee refuses it): the cards are still Ann's",
        ),
        pytest.param(
            (8, None, 9), 0, None, (27, None, 27), id="the dealer not known, Ann named: Ann 27"
        ),
        pytest.param(
            (8, None, 9),
            None,
            None,
            (None, None, None),
            id="the dealer not known, none named: no size is known",
        ),
    ],
)
def test_discards_that_go_to_the_dealer_stay_the_dealers(tricks, named, dealer, cards) -> None:
    assert cards_from_tricks(TO_DEALER, tricks, named, dealer) == cards


def test_a_blank_pile_in_tricks_is_the_rest_beside_the_dealers_discards() -> None:
    # Tarocchini at four (62 cards, tricks of 4, the dealer's 2 discards), Ann deals: Ann 1
    # trick + 2 = 6, Bob 2 = 8, Cat 1 = 4, Dee blank, the rest 62 − 18 = 44 = 11 tricks.
    rules = get("tarocchini").pile_rules(
        make_setup("tarocchini", ("Ann", "Bob", "Cat", "Dee"), {})[0]
    )
    assert filled_in(cards_from_tricks(rules, (1, 2, 1, None), None, 0), rules.size) == (
        6,
        8,
        4,
        44,
    )
    entry = PileEntry(
        Method.CARDS,
        dict.fromkeys(rules.grid, 3),
        (6, 8, 4, None),
        (None,) * 4,
        Unit.TRICKS,
        (1, 2, 1, None),
    )
    assert card_problems(rules, entry, ("Ann", "Bob", "Cat", "Dee"), 0) == []


def test_the_hand_goes_to_the_most_points_and_a_tie_is_said_so() -> None:
    from companion.families.piles import hand_winner_words
    from companion.kit.formatting import signed

    assert hand_winner_words(NAMES, (27, 24, 27)) == "Ann and Cat tie for the hand with 27"
    assert hand_winner_words(NAMES, (27, 24, 27), draw=True) == "A draw between Ann and Cat with 27"
    assert hand_winner_words(NAMES, (-13, -15, 28), show=signed) == "Cat wins the hand with +28"
