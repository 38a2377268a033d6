"""The shared ways of spreading one hand over the seats: the list and the payments.

Worked by hand: on a list only the declarer's column is written; with payments every opponent
pays the soloist the amount (or receives it when it is negative), so each hand sums to zero.
"""

from __future__ import annotations

import pytest

from companion.kit.scoring import add_points, declarer_only, each_pays_one, one_against_rest


def test_declarer_only_writes_one_column() -> None:
    # Bob (seat 1) at a table of 4 scores 44: nothing for anyone else.
    assert declarer_only(4, 1, 44) == (0, 44, 0, 0)
    assert declarer_only(3, 2, -88) == (0, 0, -88)


def test_one_against_rest_every_opponent_pays() -> None:
    # Ann receives 62 from each of three opponents: 3 × 62 = 186.
    assert one_against_rest(4, 0, 62) == (186, -62, -62, -62)
    # A negative amount: Bob pays 26 to each of two: −52.
    assert one_against_rest(3, 1, -26) == (26, -52, 26)


def test_one_against_rest_with_a_seat_sitting_out() -> None:
    # Dealer Ann sits out: only Cat and Dan pay Bob 10 each.
    assert one_against_rest(4, 1, 10, opponents=(2, 3)) == (0, 20, -10, -10)


def test_the_soloist_cannot_pay_themselves() -> None:
    with pytest.raises(ValueError, match="soloist"):
        one_against_rest(3, 0, 5, opponents=(0, 1))


def test_each_pays_one_pays_every_other_seat() -> None:
    # Cat pays 7 to each of the three others: −21.
    assert each_pays_one(4, 2, 7) == (7, 7, -21, 7)


def test_add_points_adds_seat_by_seat() -> None:
    assert add_points((1, 2, 3), (10, 20, 30), (-1, 0, 1)) == (10, 22, 34)
