"""The shared settlement: balancing a list by differences and squaring nets in fewest payments.

Every number is worked by hand in the comment above it. Balance by differences (Skat,
Calabrasella, docs/rulings.md): a seat's net is the sum over every other seat of (own total − the
other's total), which is n × own − the sum of all totals.
"""

from __future__ import annotations

import pytest

from companion.kit.settlement import (
    Payment,
    Settlement,
    balance_by_differences,
    fewest_payments,
    settle,
)


@pytest.mark.parametrize(
    ("totals", "nets"),
    [
        # Sum −12. Ann 3 × 24 + 12 = 84 = (24 − 0) + (24 + 36); Bob 0 + 12 = 12 = (0 − 24) + (0 + 36);
        # Cat 3 × (−36) + 12 = −96 = (−36 − 24) + (−36 − 0).
        pytest.param((24, 0, -36), (84, 12, -96), id="three players : 24, 0, −36"),
        # Sum 100. 4 × 100 − 100 = 300; each other 0 − 100 = −100.
        pytest.param((100, 0, 0, 0), (300, -100, -100, -100), id="four players : one scored 100"),
        # Equal totals owe nothing: 3 × 50 − 150 = 0.
        pytest.param((50, 50, 50), (0, 0, 0), id="equal totals : nothing to settle"),
        # Two players: 2 × 10 − 4 = 16 = 10 − (−6); 2 × (−6) − 4 = −16.
        pytest.param((10, -6), (16, -16), id="two players : the plain difference"),
    ],
)
def test_balance_by_differences(totals: tuple[int, ...], nets: tuple[int, ...]) -> None:
    assert balance_by_differences(totals) == nets
    assert sum(balance_by_differences(totals)) == 0


def test_settle_scales_to_the_stake_and_squares() -> None:
    # Nets 84, 12, −96 at 5 cents a point: 420, 60, −480; Cat pays Ann 420 and Bob 60.
    settlement = settle((84, 12, -96), "cents", 5)
    assert settlement == Settlement(
        (420, 60, -480), (Payment(2, 0, 420), Payment(2, 1, 60)), "cents", 5
    )
    assert settlement.squares


def test_settle_refuses_nets_that_do_not_add_up_to_zero() -> None:
    with pytest.raises(ValueError, match="add up to 1"):
        settle((1, 0), "points")


def test_fewest_payments_splits_the_table_into_zero_sum_groups() -> None:
    # Nets 5, −5, 3, −3: two pairs that square on their own, so 2 payments, not 3.
    assert fewest_payments((5, -5, 3, -3)) == (Payment(1, 0, 5), Payment(3, 2, 3))


def test_fewest_payments_largest_debtor_pays_largest_creditor() -> None:
    # Nets 10, 4, −6, −8 have no zero-sum pair or triple: 3 payments. Dan (−8) pays Ann (10) 8;
    # then Cat (−6) pays Bob (4) 4, and Ann the 2 she still needs.
    payments = fewest_payments((10, 4, -6, -8))
    assert payments == (Payment(2, 0, 2), Payment(2, 1, 4), Payment(3, 0, 8))


def test_nobody_pays_when_everyone_is_square() -> None:
    assert fewest_payments((0, 0, 0)) == ()


def test_a_settlement_that_moves_the_wrong_amounts_does_not_square() -> None:
    assert not Settlement((5, -5), (Payment(1, 0, 4),), "points").squares
