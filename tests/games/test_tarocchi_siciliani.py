"""Tarocchi Siciliani's score pad: four piles counted in triplets (each its cards less 2, one or
two over less 1) and 5 for the last trick (docs/rulings.md). Bouts 10, atouts 16–19 5, Kings 5,
Queens 4, Knights 3, Jacks 2, every other card 1: the 23 counting cards are worth 106. A pile of
n cards with counting cards worth C, k of them, counts C + (n − k) − 2 × (n // 3) − 1 if n % 3.
Piles are whole tricks of 4, one of them with the 3 cards left over; 63 in all."""

from __future__ import annotations

import pytest

from tests.games.piles_entry import by_cards, by_points, check, result

LAST = {"last_trick": "3"}  # Dee won the last trick


def problems(raw) -> dict[str, str]:
    checked = check("tarocchi-siciliani", raw)
    assert not checked.ok
    return {p.field: p.message for p in checked.problems}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(
            by_cards(
                [15, 16, 16, 16],
                {0: "1T 21T EX", 1: "16T 17T 18T 19T", 2: "KS KH KD KC"},
                3,
                **LAST,
            ),
            (32, 21, 21, 34),
            id="Ann 15 the bouts: 30+12−10=32; Bob 16 atouts 16–19: 20+12−10−1=21; Cat 16 "
            "Kings 21; Dee 16 the other courts 36+4−10−1=29, +5 last trick=34",
        ),
        pytest.param(
            by_cards([63, 0, 0, 0], {}, 0, last_trick="0"),
            (109, 0, 0, 0),
            id="Ann everything: 106+40−42=104, +5 last trick=109",
        ),
        pytest.param(
            by_cards([19, 24, 12, 8], {0: "KD"}, 1, last_trick="2"),
            (10, 87, 9, 3),
            id="Ann 19 K♦: 5+18−12−1=10; Bob 24 the other 22: 101+2−16=87; Cat 12 low "
            "12−8=4, +5 last=9; Dee 8 low 8−4−1=3",
        ),
        pytest.param(
            by_points([30, 30, 30, 14], **LAST),
            (30, 30, 30, 19),
            id="by the points, 104, Dee +5 for the last trick",
        ),
        pytest.param(
            by_points([32, 21, 21, 29], **LAST),
            (32, 21, 21, 34),
            id="the first hand by the points scores as by the cards",
        ),
    ],
)
def test_hand_counted_piles(raw, expected) -> None:
    assert result("tarocchi-siciliani", raw).points == expected


def test_the_working_shows_the_triplets_and_the_last_trick() -> None:
    lines = result(
        "tarocchi-siciliani",
        by_cards(
            [15, 16, 16, 16], {0: "1T 21T EX", 1: "16T 17T 18T 19T", 2: "KS KH KD KC"}, 3, **LAST
        ),
    ).lines
    assert "1T low low → 10 + 1 + 1 − 2 = 10" in lines
    assert "All piles: 32 + 21 + 21 + 29 = 103, the pack's 103 with piles of these sizes" in lines
    assert "Dee: 29 + 5 for the last trick = 34" in lines


def test_the_last_tricks_winner_holds_its_cards() -> None:
    """Ann's pile is only the 3 cards left over, so she cannot have won the last trick."""
    found = problems(by_cards([3, 20, 20, 20], {}, 1, last_trick="0"))
    assert "Ann won the last trick" in found["last_trick"]


@pytest.mark.parametrize(
    "dee",
    [
        pytest.param(None, id="Dee's size blank: the rest, 63 − 24 − 20 − 16 = 3"),
        pytest.param(3, id="Dee's size typed: 3"),
    ],
)
def test_the_last_tricks_winner_holds_its_cards_when_the_size_is_blank(dee) -> None:
    """The rules page: "that player's pile holds at least the trick's 4 cards"; 3 is only the
    cards left over from the deal (24, 20 and 16 are whole tricks of 4)."""
    found = problems(by_cards([24, 20, 16, dee], {}, 0, **LAST))
    assert found == {
        "last_trick": "Dee won the last trick, so Dee's pile holds at least its 4 cards, not 3."
    }


def test_the_last_tricks_winner_with_a_blank_size_of_a_trick_is_accepted() -> None:
    """Dee blank: 63 − 24 − 20 − 12 = 7, one trick and the 3 left over."""
    assert check("tarocchi-siciliani", by_cards([24, 20, 12, None], {}, 0, **LAST)).ok


def test_in_tricks_every_pile_given_says_who_took_the_cards_left_over() -> None:
    """The 3 cards left from the deal go to the taker, any pile: with no pile blank the pad
    must be told whose (5 + 5 + 5 + 0 = 15 tricks, the hand's 60 cards / 4)."""
    found = problems(by_cards([5, 5, 5, 0], {}, 0, unit="tricks", last_trick="0"))
    assert found == {
        "discards_to": "Say whose pile took the 3 cards left from the deal (or "
        "leave one pile's tricks blank: it is the rest of the "
        "pack)."
    }


def test_a_size_tricks_of_four_cannot_make() -> None:
    """6 is neither 4k nor 4k + 3."""
    found = problems(by_cards([6, 12, 12, None], {}, 3, **LAST))
    assert "Ann's pile of 6 cards cannot be" in found["size_0"]


def test_counts_the_pack_cannot_make() -> None:
    found = problems(by_points([30, 30, 30, 30], **LAST))
    assert "120" in found["count_3"] and "103, 104 or 105" in found["count_3"]


def test_the_last_trick_is_asked() -> None:
    assert "last_trick" in problems(by_points([30, 30, 30, 14]))
