"""Scarto's score pad: piles counted in threes, 26 off each (seed 002, docs/rulings.md "The tarot
family: counting piles"). A pile of n cards (a multiple of 3) holding counting cards worth C,
k of them, counts C + (n − k) × 1 − 2 × n/3 = C − k + n/3; the pack counts 130 − 52 = 78.
Ann deals the first hand, so her pile holds the 3 discards."""

from __future__ import annotations

import pytest

from companion.contract.registry import get
from tests.games.piles_entry import by_cards, by_points, check, check_at, result, table

GAME = get("scarto")
AS_WRITTEN = {"count": "as-written"}


def scores(raw, options=None) -> tuple[int, ...]:
    return result("scarto", raw, options).points


def problems(raw, options=None, hands_before: int = 0) -> dict[str, str]:
    checked = check("scarto", raw, options, hands_before)
    assert not checked.ok
    return {p.field: p.message for p in checked.problems}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(
            by_cards([27, 24, None], {0: "KS", 1: "QH"}, 2),
            (-13, -15, 28),
            id="Ann 27 K♠: 5−1+9=13; Bob 24 Q♥: 4−1+8=11; Cat 27 the 17 others: "
            "62−17+9=54; less 26 each",
        ),
        pytest.param(
            by_cards([30, 24, 24], {0: "1T 21T EX", 1: "KS KH KD KC"}, 2),
            (-4, -2, 6),
            id="Ann 30 the bouts: 15−3+10=22; Bob 24 the Kings: 20−4+8=24; Cat 24 the "
            "other 12 courts: 36−12+8=32",
        ),
        pytest.param(
            by_cards([3, 39, None], {1: "QS QH QD QC"}, 2),
            (-25, -1, 26),
            id="Ann only the 3 discards: 0−0+1=1; Bob 39 the Queens: 16−4+13=25; Cat 36: "
            "55−15+12=52",
        ),
        pytest.param(
            by_cards([27, 27, 24], {0: "JS JH JD JC", 1: "CS CH CD CC"}, 2),
            (-13, -9, 22),
            id="Ann 27 the Jacks: 8−4+9=13; Bob 27 the Knights: 12−4+9=17; Cat 24: 51−11+8=48",
        ),
        pytest.param(
            by_cards([30, 27, 21], {}, 2),
            (-16, -17, 33),
            id="Cat 21 cards holding all 19 counting cards: 71−19+7=59; Ann 30 low: 10; "
            "Bob 27 low: 9",
        ),
        pytest.param(
            by_points([30, 20, None]),
            (4, -6, 2),
            id="by the points, Cat the rest: 78−30−20=28; 30−26, 20−26, 28−26",
        ),
        pytest.param(by_points([26, 26, 26]), (0, 0, 0), id="by the points, 26 each: all 0"),
        pytest.param(
            by_cards([None, 24, 27], {0: "KS", 1: "QH"}, 2),
            (-13, -15, 28),
            id="Ann's size left blank: 78−24−27=27, the first hand again",
        ),
        pytest.param(
            by_points([13, 11, 54]),
            (-13, -15, 28),
            id="the first hand by the points gives the same scores",
        ),
    ],
)
def test_hand_counted_piles(raw, expected) -> None:
    assert scores(raw) == expected


def test_a_hand_sums_to_zero_in_threes() -> None:
    """78 = 3 × 26: whatever the piles, the scores sum to 0 (docs/rulings.md)."""
    for raw in (
        by_cards([27, 24, None], {0: "KS", 1: "QH"}, 2),
        by_cards([3, 39, None], {1: "QS QH QD QC"}, 2),
        by_points([30, 20, None]),
    ):
        assert sum(scores(raw)) == 0


def test_as_written_counts_the_counting_cards_only() -> None:
    """As written: Ann K♠ 5, Bob Q♥ 4, Cat the other 17: 71−9=62; less 26: the hand sums to
    71 − 78 = −7."""
    points = scores(by_cards([27, 24, None], {0: "KS", 1: "QH"}, 2), AS_WRITTEN)
    assert points == (-21, -22, 36)
    assert sum(points) == -7


def test_as_written_by_the_points_the_rest_is_of_71() -> None:
    """As written the pack counts 71: Ann 20, Bob 30, Cat the rest 21; less 26 each."""
    assert scores(by_points([20, 30, None]), AS_WRITTEN) == (-6, 4, -5)


def test_the_working_shows_each_group_and_the_pack() -> None:
    lines = result("scarto", by_cards([27, 24, None], {0: "KS", 1: "QH"}, 2)).lines
    assert "K♠ low low → 5 + 1 + 1 − 2 = 5" in lines
    assert "8 × low low low → (1 + 1 + 1 − 2) × 8 = 8" in lines
    assert "All piles: 13 + 11 + 54 = 78, the pack's 78 with piles of these sizes" in lines
    assert "Ann: 13 − 26 = −13" in lines


def test_the_summary_folds_each_pile_to_one_part() -> None:
    checked = check("scarto", by_cards([27, 24, None], {0: "KS", 1: "QH"}, 2))
    text = GAME.describe(table("scarto").setup, checked.entry)
    assert text.startswith("Ann 27 cards: K♠ → 13; Bob 24 cards: Q♥ → 11; Cat 27 cards: ")
    assert text.endswith(" → 54")


# ---------------------------------------------------------------- refusals


def test_a_counting_card_in_no_pile_is_named() -> None:
    raw = by_cards([27, 24, None], {0: "KS"}, 2)
    raw["card_QH"] = ""  # every other card tapped into a pile, the Queen of Hearts in none
    found = problems(raw)
    assert list(found) == ["card_QH"]
    assert "Tap the Queen of Hearts (Q♥) into the pile that holds it" in found["card_QH"]


def test_a_fresh_grid_names_the_missing_cards_once() -> None:
    raw = by_cards([27, 24, None], {0: "KS"}, 2)
    raw.pop("_rest_to")
    found = problems(raw)
    assert list(found) == ["card_JS"]  # the first card of the grid in no pile
    assert found["card_JS"].startswith("18 counting cards are in no pile yet (J♠ C♠ Q♠ J♥")


def test_sizes_that_do_not_add_up_to_the_pack() -> None:
    """27 + 24 + 24 = 75 cards, the pack has 78 with the dealer's 3 discards."""
    found = problems(by_cards([27, 24, 24], {}, 2))
    assert "75 cards" in found["size_2"] and "78" in found["size_2"]


def test_a_size_tricks_of_three_cannot_make() -> None:
    """28 is no multiple of 3 (and the rest, 26, neither)."""
    found = problems(by_cards([28, 24, None], {}, 2))
    assert "Ann's pile of 28 cards" in found["size_0"]
    assert "Cat's pile of 26 cards" in found["size_2"]


def test_the_dealers_pile_holds_the_discards() -> None:
    found = problems(by_cards([0, 39, 39], {}, 1))
    assert "dealer's 3 discards" in found["size_0"]


def test_the_discards_move_with_the_deal() -> None:
    """Hand 2: Bob deals, so Ann may have won nothing and Bob's pile must hold 3 or more."""
    assert check("scarto", by_cards([0, 39, 39], {}, 1), hands_before=1).ok
    found = problems(by_cards([39, 0, 39], {}, 0), hands_before=1)
    assert "Bob's pile" in found["size_1"]


def test_more_counting_cards_than_cards() -> None:
    found = problems(by_cards([3, 39, None], {0: "KS QS CS JS"}, 2))
    assert "4 counting cards (J♠ C♠ Q♠ K♠) but only 3 cards" in found["size_0"]


def test_only_one_size_may_be_left_blank() -> None:
    found = problems(by_cards([27, None, None], {}, 2))
    assert "Cat's pile" in found["size_2"]


def test_sizes_given_beyond_the_pack() -> None:
    found = problems(by_cards([60, 30, None], {}, 2))
    assert "90 cards: more than the pack's 78" in found["size_1"]


def test_counts_by_hand_that_do_not_make_the_pack() -> None:
    found = problems(by_points([30, 30, 30]))
    assert "90" in found["count_2"] and "78" in found["count_2"]


def test_counts_by_hand_beyond_the_pack_with_a_blank() -> None:
    found = problems(by_points([50, 40, None]))
    assert "90: more than the pack's 78" in found["count_1"]


def test_only_one_count_may_be_left_blank() -> None:
    assert (
        "Enter Cat's count: only one count may be left blank"
        in problems(by_points([78, None, None]))["count_2"]
    )


# ---------------------------------------------------------------- sizes in tricks won
# A hand has (78 − 3) / 3 = 25 tricks; the 3 discards count for the dealer (Ann, first hand):
# "the last 3 remaining cards are placed in the dealer's hand", whichever pile is left blank.
# A pile of n cards counts C − k + n/3 (above).


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(
            by_cards([8, 8, 9], {0: "KS", 1: "QH"}, 2, unit="tricks", discards_to="0"),
            (-13, -15, 28),
            id="Ann 8 tricks + the 3 discards = 27, Bob 8 = 24, Cat 9 = 27: the first "
            "hand by the cards again",
        ),
        pytest.param(
            by_cards([8, 8, 9], {0: "KS", 1: "QH"}, 2, unit="tricks"),
            (-13, -15, 28),
            id="every pile given, none named for the discards: the dealer's, Ann 27",
        ),
        pytest.param(
            by_cards([8, 8, None], {0: "KS", 1: "QH"}, 2, unit="tricks"),
            (-13, -15, 28),
            id="Cat's tricks blank: Ann 8×3+3=27, Bob 24, Cat the rest 78−27−24=27",
        ),
        pytest.param(
            by_cards([8, None, 9], {0: "KS", 1: "QH"}, 2, unit="tricks"),
            (-13, -15, 28),
            id="Bob's tricks blank: Ann 27, Cat 27, Bob the rest 78−27−27=24 (the "
            "discards stay Ann's)",
        ),
        pytest.param(
            by_cards([8, None, 9], {0: "KS", 2: "QH"}, 2, unit="tricks"),
            (-13, -18, 31),
            id="Bob blank, Q♥ Cat's: Ann 27 K♠ 5−1+9=13; Bob 24 low 0−0+8=8; Cat 27 "
            "the other 18 66−18+9=57; less 26 each (sum 0)",
        ),
        pytest.param(
            by_cards([None, 8, 9], {0: "KS", 1: "QH"}, 2, unit="tricks"),
            (-13, -15, 28),
            id="Ann's tricks blank: the rest 78−24−27=27, hers with the discards",
        ),
    ],
)
def test_sizes_in_tricks_won(raw, expected) -> None:
    assert scores(raw) == expected


def test_a_blank_pile_in_tricks_never_takes_the_dealers_discards() -> None:
    """The audit's hand: Ann deals, Ann 8 tricks (K♠), Bob blank, Cat 9 (every other counting
    card). Ann 8×3+3=27 cards, Bob the rest 78−27−27=24; the working agrees with the scores."""
    lines = result("scarto", by_cards([8, None, 9], {0: "KS"}, 2, unit="tricks")).lines
    assert "Ann's pile: 27 cards, 9 groups of three" in lines
    assert "Bob's pile: 24 cards, 8 groups of three" in lines
    # Cat 27 cards, the 18 counting cards but K♠ (71−5=66): 66−18+9=57; 13+8+57=78.
    assert "All piles: 13 + 8 + 57 = 78, the pack's 78 with piles of these sizes" in lines
    assert {"Ann: 13 − 26 = −13", "Bob: 8 − 26 = −18", "Cat: 57 − 26 = +31"} <= set(lines)


def test_in_tricks_the_discards_move_with_the_deal() -> None:
    """Hand 2: Bob deals. Ann 8 tricks (K♠) = 24 cards: 5−1+8=12; Bob 8 tricks + 3 = 27 (Q♥):
    4−1+9=12; Cat blank, the rest 78−24−27=27 with the other 17: 62−17+9=54; less 26 each."""
    state = table("scarto", hands_before=1)
    answer = check_at(GAME, state, by_cards([8, 8, None], {0: "KS", 1: "QH"}, 2, unit="tricks"))
    assert answer.ok, answer.problems
    assert GAME.score(state, answer.entry).points == (-14, -14, 28)


def test_more_tricks_than_a_hand_has_is_refused() -> None:
    found = problems(by_cards([9, 9, 9], {}, 2, unit="tricks", discards_to="0"))
    assert found == {"size_2": "The piles won 27 tricks; a hand has 25."}


def test_the_discards_go_to_the_dealer_in_tricks_too() -> None:
    found = problems(by_cards([8, 8, 9], {}, 2, unit="tricks", discards_to="1"))
    assert found == {
        "discards_to": "The dealer's 3 discards count for the dealer, Ann, not for Bob."
    }


def test_the_discards_field_says_they_are_the_dealers() -> None:
    fields = {field.name: field for field in GAME.fields(table("scarto").setup)}
    assert fields["discards_to"].help == "Blank: to the dealer's pile"


def test_a_hand_in_tricks_is_described_in_tricks_when_the_dealer_is_not_known() -> None:
    """The table of hands describes a hand without its dealer: the discards' pile unknown, the
    sizes stay in tricks; named for them, the sizes are worked out (Ann 8×3+3=27)."""
    setup = table("scarto").setup
    blank = check("scarto", by_cards([8, None, 9], {0: "KS", 1: "QH"}, 2, unit="tricks"))
    assert GAME.describe(setup, blank.entry).startswith(
        "By the tricks: Ann 8 tricks: K♠; Bob the rest: Q♥; Cat 9 tricks: "
    )
    named = check(
        "scarto", by_cards([8, None, 9], {0: "KS", 1: "QH"}, 2, unit="tricks", discards_to="0")
    )
    assert GAME.describe(setup, named.entry).startswith(
        "Ann 27 cards: K♠ → 13; Bob 24 cards: Q♥ → 11; Cat 27 cards: "
    )
