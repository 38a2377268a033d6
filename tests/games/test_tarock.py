"""Tarock's score pad: four piles, each counted in threes (the text's triplets: a counting card
and two low cards worth the counting card, three low cards 1, two over 1, one over 0). A pile
of n cards holding counting cards worth C, k of them, counts C + (n − k) − 2 × (n // 3) − 1 if
n % 3. Piles are whole tricks of 4, one of them with the 6 cards of the talon; 54 in all."""

from __future__ import annotations

import pytest

from tests.games.piles_entry import by_cards, by_points, check, result


def problems(raw) -> dict[str, str]:
    checked = check("tarock", raw)
    assert not checked.ok
    return {p.field: p.message for p in checked.problems}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(
            by_cards([18, 12, 4, None], {0: "KS", 1: "QH", 2: ""}, 3),
            (10, 7, 1, 52),
            id="Ann 18 (talon) K♠: 5+17−12=10; Bob 12 Q♥: 4+11−8=7; Cat 4 low: 4−2−1=1; "
            "Dee 20 the 17 others: 62+3−12−1=52; 70 in all",
        ),
        pytest.param(
            by_cards([16, 16, 16, 6], {0: "1T 21T EX", 1: "KS KH KD KC"}, 2),
            (17, 21, 29, 2),
            id="three piles of 16 (one over each): Ann bouts 15+13−10−1=17; Bob Kings "
            "20+12−10−1=21; Cat the other courts 36+4−10−1=29; Dee the talon 6−4=2; "
            "69 in all",
        ),
        pytest.param(
            by_cards([20, 20, 8, 6], {0: "KS QS CS JS", 2: "21T"}, 1),
            (17, 45, 7, 2),
            id="20, 20, 8 (two over each): Ann 14+16−12−1=17; Bob the other 14: "
            "52+6−12−1=45; Cat 21T 5+7−4−1=7; Dee 6 low 2; 71 in all",
        ),
        pytest.param(by_points([20, 20, 20, 10]), (20, 20, 20, 10), id="by the points, 70"),
        pytest.param(by_points([0, 0, 0, 69]), (0, 0, 0, 69), id="by the points, 69 is possible"),
        pytest.param(
            by_points([10, 7, 1, 52]),
            (10, 7, 1, 52),
            id="the first hand by the points scores as by the cards",
        ),
    ],
)
def test_hand_counted_piles(raw, expected) -> None:
    assert result("tarock", raw).points == expected


def test_a_triplet_is_worth_its_counting_card() -> None:
    """The text: a triplet of one counting card and two low cards is worth the counting card."""
    lines = result("tarock", by_cards([18, 12, 4, None], {0: "KS", 1: "QH"}, 3)).lines
    assert "K♠ low low → 5 + 1 + 1 − 2 = 5" in lines
    assert "low → 1 − 1 = 0" in lines  # Cat's one card over is worth 0
    assert "All piles: 10 + 7 + 1 + 52 = 70, the pack's 70 with piles of these sizes" in lines


def test_the_talon_in_one_pile_only() -> None:
    """14 = 2 tricks + the talon, three times: only one pile holds the talon."""
    found = problems(by_cards([14, 14, 12, 14], {}, 3))
    assert "only one pile holds the 6 cards of the talon" in found["size_1"]
    assert "size_0" not in found


def test_a_size_tricks_of_four_cannot_make() -> None:
    """5 is neither 4k nor 4k + 6."""
    found = problems(by_cards([5, 12, 12, None], {}, 3))
    assert "Ann's pile of 5 cards cannot be" in found["size_0"]


def test_counts_the_pack_cannot_make() -> None:
    """20 × 4 = 80: the pack counts 69, 70 or 71."""
    found = problems(by_points([20, 20, 20, 20]))
    assert "80" in found["count_3"] and "69, 70 or 71" in found["count_3"]


def test_every_count_is_needed_when_the_total_is_not_fixed() -> None:
    found = problems(by_points([20, 20, 20, None]))
    # The parser asks for a required count, naming Dee as written (core.po: "Enter {field}.").
    assert found["count_3"] == "Enter Dee's count."
