"""The money of a club night (docs/rulings.md, "The club's season"): fees, prizes, rounding,
shared places, the cashier's sheet; every amount in cents worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.engine.money import (
    CashierSheet,
    Entrant,
    LostGameFee,
    MoneyRule,
    Payment,
    Prize,
    PrizeKind,
    PrizePlan,
    cashier_sheet,
    check_places,
    format_cents,
    percent_plan,
    split_plan,
)

FEDERATION_FEE = LostGameFee(fee=50, higher_fee=100, from_count=4)
"""0.50 a lost game, 1.00 from the fourth lost game on."""


def test_the_lost_game_fee_is_higher_from_the_fourth_game() -> None:
    # 0 → 0; 3 → 3 × 50 = 150; 4 → 150 + 100 = 250; 6 → 150 + 3 × 100 = 450.
    assert [FEDERATION_FEE.charge(lost) for lost in (0, 3, 4, 6)] == [0, 150, 250, 450]
    # From the first: every lost game at the higher fee, 2 × 100.
    assert LostGameFee(50, 100, 1).charge(2) == 200


def test_seventy_five_per_cent_split_fifty_thirty_twenty() -> None:
    # 75 × 50 = 3750 basis points (37.5 %), 75 × 30 = 2250, 75 × 20 = 1500; 25 % kept.
    assert split_plan(75, (50, 30, 20)) == PrizePlan(PrizeKind.PERCENT, (3750, 2250, 1500))


def skat_evening(unit: int) -> CashierSheet:
    """Eight at Skat: 10.00 start fee, the federation's lost-game fee, 75 % paid out as
    50/30/20, prizes rounded down to `unit`; players 2 and 3 share second place."""
    rule = MoneyRule("EUR", 1000, split_plan(75, (50, 30, 20), unit), FEDERATION_FEE)
    lost = {1: 2, 2: 3, 3: 4, 4: 5, 5: 1, 6: 6, 7: 0, 8: 3}
    place = {1: 1, 2: 2, 3: 2, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8}
    return cashier_sheet(rule, [Entrant(player, place[player], lost[player]) for player in lost])


def test_the_cashier_sheet_of_a_skat_evening_of_eight() -> None:
    sheet = skat_evening(unit=1)
    # Lost games 2, 3, 4, 5, 1, 6, 0, 3 → 2 × 50 = 100; 150; 150 + 100 = 250; 150 + 200 = 350;
    # 50; 150 + 300 = 450; 0; 150.
    assert sheet.payments == (
        Payment(1, 1000, 100),
        Payment(2, 1000, 150),
        Payment(3, 1000, 250),
        Payment(4, 1000, 350),
        Payment(5, 1000, 50),
        Payment(6, 1000, 450),
        Payment(7, 1000, 0),
        Payment(8, 1000, 150),
    )
    # 8 × 1000 = 8000; 100 + 150 + 250 + 350 + 50 + 450 + 0 + 150 = 1500; 9500 in all.
    assert (sheet.start_fees, sheet.lost_game_fees, sheet.paid_in) == (8000, 1500, 9500)
    # 1st: 9500 × 37.5 % = 3562.5 → 3562. Players 2 and 3 share 2nd: places 2 and 3 pooled,
    # 9500 × (22.5 % + 15 %) = 3562.5, halved 1781.25 → 1781 each.
    assert sheet.prizes == (
        Prize(1, (1,), (1,), 3562),
        Prize(2, (2, 3), (2, 3), 1781),
    )
    # Paid out 3562 + 2 × 1781 = 7124; kept 9500 − 7124 = 2376: the 25 % (2375) and what
    # rounding left (0.5 + 2 × 0.25 = 1).
    assert (sheet.prizes_paid, sheet.kept) == (7124, 2376)
    assert sheet.prizes_paid + sheet.kept == 9500


def test_prizes_rounded_down_to_a_clubs_smallest_unit() -> None:
    # 10 cents: 3562.5 → 3560; 1781.25 → 1780 each; paid 3560 + 3560 = 7120, kept 2380.
    ten = skat_evening(unit=10)
    assert [prize.each for prize in ten.prizes] == [3560, 1780]
    assert (ten.prizes_paid, ten.kept) == (7120, 2380)
    # 1 euro: 3500; 1700 each; paid 3500 + 3400 = 6900, kept 9500 − 6900 = 2600.
    euro = skat_evening(unit=100)
    assert [prize.each for prize in euro.prizes] == [3500, 1700]
    assert (euro.prizes_paid, euro.kept) == (6900, 2600)


TAROT_SIXTEEN = (20, 14, 10, 8, 6, 5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 2)
"""A French Tarot club's 90 % to the first sixteen: 20 + 14 + 10 + 8 + 6 + 5 + 4 + 4 + 3 × 3 +
2 × 5 = 90."""


def test_ninety_per_cent_to_the_first_sixteen_in_whole_euros() -> None:
    rule = MoneyRule("EUR", 700, percent_plan(TAROT_SIXTEEN, unit=100))
    # Twenty players; two share 16th place (covering 16 and 17).
    places = [*range(1, 16), 16, 16, 18, 19, 20]
    sheet = cashier_sheet(rule, [Entrant(100 + n, place) for n, place in enumerate(places)])
    # Paid in 20 × 700 = 14000; a place's prize is 140 × its per cent, down to the euro:
    # 2800, 1960 → 1900, 1400, 1120 → 1100, 840 → 800, 700, 560 → 500 (×2), 420 → 400 (×3),
    # 280 → 200 (places 12–15). 16th and 17th: 280 + 0 = 280, halved 140 → 100 each.
    assert sheet.paid_in == 14000
    assert [prize.each for prize in sheet.prizes] == [
        2800,
        1900,
        1400,
        1100,
        800,
        700,
        500,
        500,
        400,
        400,
        400,
        200,
        200,
        200,
        200,
        100,
    ]
    assert sheet.prizes[-1] == Prize(16, (16, 17), (115, 116), 100)
    # 2800 + 1900 + 1400 + 1100 + 800 + 700 + 2 × 500 + 3 × 400 + 4 × 200 + 2 × 100 = 11900;
    # kept 14000 − 11900 = 2100: the 10 % (1400) and rounding's 60 + 20 + 40 + 2 × 60 +
    # 3 × 20 + 4 × 80 + 80 = 700.
    assert (sheet.prizes_paid, sheet.kept) == (11900, 2100)


def test_fixed_prizes_a_shared_place_and_a_pot_that_makes_up_the_difference() -> None:
    plan = PrizePlan(PrizeKind.FIXED, (3000, 2050, 1000), unit=100)
    rule = MoneyRule("EUR", 2000, plan)
    sheet = cashier_sheet(rule, [Entrant(1, 1), Entrant(2, 2), Entrant(3, 2), Entrant(4, 4)])
    # Paid in 4 × 2000 = 8000. 1st 3000; 2nd shared: 2050 + 1000 = 3050, halved 1525 → 1500
    # each. Paid out 6000, kept 2000.
    assert [(prize.place, prize.each) for prize in sheet.prizes] == [(1, 3000), (2, 1500)]
    assert (sheet.paid_in, sheet.prizes_paid, sheet.kept) == (8000, 6000, 2000)
    # Three share 1st at a 5.00 start fee: 3000 + 2050 + 1000 = 6050 / 3 = 2016.67 → 2000
    # each; 4th place wins nothing. Paid in 4 × 500 = 2000, out 6000: the pot adds 4000.
    cheap = MoneyRule("EUR", 500, plan)
    tied = cashier_sheet(cheap, [Entrant(1, 1), Entrant(2, 1), Entrant(3, 1), Entrant(4, 4)])
    assert tied.prizes == (Prize(1, (1, 2, 3), (1, 2, 3), 2000),)
    assert (tied.paid_in, tied.prizes_paid, tied.kept) == (2000, 6000, -4000)


def test_places_must_be_a_ranking() -> None:
    check_places([1, 2, 2, 4])
    for wrong in ([1, 2, 2, 3], [2, 3], [1, 1, 2], [0, 1]):
        with pytest.raises(ValueError):
            check_places(wrong)


def test_an_impossible_plan_or_rule_is_refused() -> None:
    with pytest.raises(ValueError):
        percent_plan([60, 50])  # 110 %
    with pytest.raises(ValueError):
        percent_plan([Fraction(12345, 1000)])  # 12.345 %: finer than a basis point
    assert percent_plan([Fraction(25, 2)]).by_place == (1250,)  # 12.5 % = 1250 basis points
    with pytest.raises(ValueError):
        split_plan(75, (60, 50))
    with pytest.raises(ValueError):
        PrizePlan(PrizeKind.FIXED, (100,), unit=0)
    with pytest.raises(ValueError):
        MoneyRule("eur", 1000, PrizePlan(PrizeKind.FIXED, ()))
    with pytest.raises(ValueError):
        LostGameFee(50, 100, 0)
    rule = MoneyRule("EUR", 1000, PrizePlan(PrizeKind.FIXED, ()), FEDERATION_FEE)
    with pytest.raises(ValueError):
        cashier_sheet(rule, [Entrant(1, 1, lost_games=-1)])
    with pytest.raises(ValueError, match="twice"):
        cashier_sheet(rule, [Entrant(1, 1), Entrant(1, 2)])


def test_format_cents() -> None:
    # 1250 → 12.50; 5 → 0.05; −5 → −0.05; 0 → 0.00; 123456 → 1234.56.
    assert [format_cents(c) for c in (1250, 5, -5, 0, 123456)] == [
        "12.50",
        "0.05",
        "-0.05",
        "0.00",
        "1234.56",
    ]
