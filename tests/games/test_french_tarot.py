"""French Tarot: worked examples scored by hand from the rules, the referee, the session.

Every expected number below is worked out in the comment above it from the rules text and
docs/rulings.md ("French Tarot"):
    target = 36 / 41 / 51 / 56 for 3 / 2 / 1 / 0 bouts of the taker's side
    margin = |points − target| rounded up to the whole point; made iff points ≥ target
    s = ((25 + margin) × sign + petit) × multiplier + poignées + chelem   (per defender)
    multiplier 1 / 2 / 4 / 6; petit ±10; poignée 20 / 30 / 40 to the winning side;
    chelem +400 / −200 / +200 / −200 (defence)
    taker receives s from each defender; 5 players: taker 2 shares, partner 1 share.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import HandResult, Setup, State
from companion.engine.replay import check_entry, replay
from companion.games.french_tarot import (
    FrenchTarot,
)
from tests.games.tables import (
    after,
    assert_refused_on,
    score_one,
    table,
    verdict,
)

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
GAME = get("french-tarot")


def make(count: int, first_dealer: int = 0, **options: Any) -> Setup:
    """A session of `count` players (Ann, Bob, …) with every option at its default but these."""
    return table("french-tarot", NAMES[:count], first_dealer, **options)


def checked(count: int, raw: dict[str, Any], **options: Any):
    """The engine's verdict on one raw entry at a fresh table."""
    return verdict(make(count, **options), raw)


def scored(count: int, raw: dict[str, Any], **options: Any) -> HandResult:
    """One hand scored through the engine; fails the test if the referee refuses it."""
    return score_one(make(count, **options), raw)


def hand(contract: str, points: float, bouts: int, taker: int = 0, **rest: Any) -> dict[str, Any]:
    """A raw entry as a form would post it (points and bouts of the taker's side by default)."""
    return {"contract": contract, "taker": taker, "points": points, "bouts": bouts, **rest}


WORKED_EXAMPLES = [
    # ---------------------------------------------------------------- 4 players: ×3 for the taker
    # Garde, 47 points, 2 bouts: target 41, made by 6; (25 + 6) × 2 = 62; Ann 3 × 62 = 186.
    pytest.param(
        4,
        {},
        hand("garde", 47, 2),
        (186, -62, -62, -62),
        id="2 bouts means subtract 41 : garde made by 6",
    ),
    # Petite, 36 points, 3 bouts: target 36, made by 0 (made); 25 × 1 = 25; Ann 75.
    pytest.param(
        4,
        {},
        hand("petite", 36, 3),
        (75, -25, -25, -25),
        id="made by 0 is made : petite exactly 36 with 3 bouts",
    ),
    # Petite, 40.5 points, 2 bouts: 0.5 short of 41, fails by 1; −(25 + 1) × 1 = −26; Ann −78.
    pytest.param(
        4,
        {},
        hand("petite", 40.5, 2),
        (-78, 26, 26, 26),
        id="40.5 with 2 bouts fails by 1 : half point rounded for the defence",
    ),
    # Petite, 41.5 points, 2 bouts: 0.5 over 41, makes by 1; (25 + 1) × 1 = 26; Ann 78.
    pytest.param(
        4,
        {},
        hand("petite", 41.5, 2),
        (78, -26, -26, -26),
        id="41.5 with 2 bouts makes by 1 : half point rounded for the taker",
    ),
    # Garde, 40 points, 1 bout: target 51, fails by 11; −(25 + 11) × 2 = −72; Ann −216.
    pytest.param(
        4,
        {},
        hand("garde", 40, 1),
        (-216, 72, 72, 72),
        id="1 bout means subtract 51 : garde failed by 11",
    ),
    # Petite, 60 points, 0 bouts: target 56, made by 4; (25 + 4) × 1 = 29; Ann 87.
    pytest.param(
        4,
        {},
        hand("petite", 60, 0),
        (87, -29, -29, -29),
        id="0 bouts means subtract 56 : petite made by 4",
    ),
    # Garde sans, 46 points, 3 bouts: target 36, made by 10; (25 + 10) × 4 = 140; Ann 420.
    pytest.param(
        4,
        {},
        hand("garde_sans", 46, 3),
        (420, -140, -140, -140),
        id="garde sans multiply by 4 : made by 10",
    ),
    # Garde contre, 36 points, 2 bouts: target 41, fails by 5; −(25 + 5) × 6 = −180; Ann −540.
    pytest.param(
        4,
        {},
        hand("garde_contre", 36, 2),
        (-540, 180, 180, 180),
        id="garde contre multiply by 6 : failed by 5",
    ),
    # Garde contre, 56 points, 0 bouts: target 56, made by 0; 25 × 6 = 150; Ann 450.
    pytest.param(
        4,
        {},
        hand("garde_contre", 56, 0),
        (450, -150, -150, -150),
        id="made by 0 is made : garde contre exactly 56 with no bout",
    ),
    # Garde sans, 55.5 points, 1 bout: target 51, made by 4.5 → 5; (25 + 5) × 4 = 120; Ann 360.
    pytest.param(
        4,
        {},
        hand("garde_sans", 55.5, 1),
        (360, -120, -120, -120),
        id="margin rounded for the side that scores : garde sans made by 4.5",
    ),
    # Defence counted 44 points, 1 bout: Ann's side 91 − 44 = 47, 3 − 1 = 2 bouts; as the
    # first example: made by 6, (25 + 6) × 2 = 62; Ann 186.
    pytest.param(
        4,
        {},
        hand("garde", 44, 1, counted_side="defence"),
        (186, -62, -62, -62),
        id="points entered for either side : defence 44 with 1 bout",
    ),
    # Defence counted 50.5 points, 2 bouts: Ann's side 40.5 and 1 bout; target 51, fails by
    # 10.5 → 11; −(25 + 11) × 1 = −36; Ann −108.
    pytest.param(
        4,
        {},
        hand("petite", 50.5, 2, counted_side="defence"),
        (-108, 36, 36, 36),
        id="points entered for either side : defence 50.5, taker fails by 11",
    ),
    # Garde made by 6 with the petit au bout to Ann: (25 + 6 + 10) × 2 = 82; Ann 246.
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, petit_au_bout="taker"),
        (246, -82, -82, -82),
        id="petit au bout before the multiplier : taker's side, garde made",
    ),
    # Garde made by 6 with the petit au bout to the defence: (25 + 6 − 10) × 2 = 42; Ann 126.
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, petit_au_bout="defence"),
        (126, -42, -42, -42),
        id="petit au bout subtracted if the opponents acquired it : garde made",
    ),
    # Petite, 36 points, 2 bouts: target 41, fails by 5; petit au bout to Ann:
    # (−(25 + 5) + 10) × 1 = −20; Ann −60.
    pytest.param(
        4,
        {},
        hand("petite", 36, 2, petit_au_bout="taker"),
        (-60, 20, 20, 20),
        id="petit au bout whether or not made : taker's side, petite failed",
    ),
    # Garde sans, 48 points, 1 bout: target 51, fails by 3; petit au bout to the defence:
    # (−(25 + 3) − 10) × 4 = −152; Ann −456.
    pytest.param(
        4,
        {},
        hand("garde_sans", 48, 1, petit_au_bout="defence"),
        (-456, 152, 152, 152),
        id="petit au bout whether or not made : defence, garde sans failed",
    ),
    # Garde made by 6 = 62; single poignée shown by Bob (a defender) goes to the winning side,
    # Ann's: 62 + 20 = 82; Ann 246.
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, poignee_by=1),
        (246, -82, -82, -82),
        id="the winner of the hand gets the poignée : shown by a defender",
    ),
    # Petite, 40 points, 2 bouts: fails by 1, −26; double poignée shown by Ann goes to the
    # defence: −26 − 30 = −56; Ann −168.
    pytest.param(
        4,
        {},
        hand("petite", 40, 2, poignee_by=0, poignee_level="double"),
        (-168, 56, 56, 56),
        id="the winner of the hand gets the poignée : shown by the failing taker",
    ),
    # Garde contre, 42 points, 2 bouts: made by 1, (25 + 1) × 6 = 156; triple poignée (15
    # trumps) by Ann is not multiplied: 156 + 40 = 196; Ann 588.
    pytest.param(
        4,
        {},
        hand("garde_contre", 42, 2, poignee_by=0, poignee_level="triple", poignee_trumps=15),
        (588, -196, -196, -196),
        id="poignée applied after the multiplier : triple in a garde contre",
    ),
    # Petite, 46 points, 2 bouts: made by 5, (25 + 5) × 1 = 30; single by Ann and single by
    # Bob, both to Ann's side: 30 + 20 + 20 = 70; Ann 210.
    pytest.param(
        4,
        {},
        hand("petite", 46, 2, poignee_by=0, poignee2_by=1),
        (210, -70, -70, -70),
        id="each declared poignée counts : one on each side",
    ),
    # Petite, 91 points, 3 bouts: target 36, made by 55; (25 + 55) × 1 = 80; announced chelem
    # made: 80 + 400 = 480; Ann 1440.
    pytest.param(
        4,
        {},
        hand("petite", 91, 3, chelem="announced_made"),
        (1440, -480, -480, -480),
        id="chelem annoncé succeed receives 400 : petite 91 points",
    ),
    # Garde, 80 points, 3 bouts: made by 44, (25 + 44) × 2 = 138; announced chelem failed:
    # 138 − 200 = −62; Ann −186 though the contract was made.
    pytest.param(
        4,
        {},
        hand("garde", 80, 3, chelem="announced_failed"),
        (-186, 62, 62, 62),
        id="chelem annoncé fail loses 200 : contract made all the same",
    ),
    # Petite, 30 points, 1 bout: target 51, fails by 21, −(25 + 21) = −46; announced chelem
    # failed: −46 − 200 = −246; Ann −738.
    pytest.param(
        4,
        {},
        hand("petite", 30, 1, chelem="announced_failed"),
        (-738, 246, 246, 246),
        id="chelem annoncé fail loses 200 : contract failed too",
    ),
    # Garde, 91 points, 3 bouts: made by 55, (25 + 55) × 2 = 160; unannounced chelem
    # 160 + 200 = 360; Ann 1080.
    pytest.param(
        4,
        {},
        hand("garde", 91, 3, chelem="unannounced_made"),
        (1080, -360, -360, -360),
        id="chelem non annoncé receives 200 : garde 91 points",
    ),
    # Garde contre, 0 points, 0 bouts: target 56, fails by 56; −(25 + 56) × 6 = −486; defence
    # chelem: −486 − 200 = −686; Ann −2058.
    pytest.param(
        4,
        {},
        hand("garde_contre", 0, 0, chelem="defence_made"),
        (-2058, 686, 686, 686),
        id="chelem non annoncé also by the defence : garde contre, no card",
    ),
    # Petite, 10 points (the chien's) and 0 bouts: fails by 46, −(25 + 46) = −71; defence
    # chelem: −71 − 200 = −271; Ann −813.
    pytest.param(
        4,
        {},
        hand("petite", 10, 0, chelem="defence_made"),
        (-813, 271, 271, 271),
        id="chelem non annoncé also by the defence : the chien counts for the taker",
    ),
    # Garde contre, 70 points, 3 bouts (the chien's 21 went to the defence): made by 34,
    # (25 + 34) × 6 = 354; announced chelem made: 354 + 400 = 754; Ann 2262.
    pytest.param(
        4,
        {},
        hand("garde_contre", 70, 3, chelem="announced_made"),
        (2262, -754, -754, -754),
        id="chelem in a garde contre : the chien goes to the defence",
    ),
    # Defence counted 40 points, 1 bout: Ann's side 51, 2 bouts; made by 10; petit to Ann:
    # (25 + 10 + 10) × 2 = 90; double by Dan to Ann's side: 90 + 30 = 120; Ann 360.
    pytest.param(
        4,
        {},
        hand(
            "garde",
            40,
            1,
            counted_side="defence",
            petit_au_bout="taker",
            poignee_by=3,
            poignee_level="double",
        ),
        (360, -120, -120, -120),
        id="all together : defence points, petit au bout, double poignée",
    ),
    # Cat (seat 2) takes a garde made by 6: 62 from each of Ann, Bob and Dan; Cat 186.
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, taker=2),
        (-62, -62, 186, -62),
        id="taker's score multiplied by the opponents : taker in seat 2",
    ),
    # ---------------------------------------------------------------- 3 players: ×2
    # Garde made by 6 = 62; Ann 2 × 62 = 124.
    pytest.param(3, {}, hand("garde", 47, 2), (124, -62, -62), id="3 players ×2 : garde made by 6"),
    # Petite 40.5 with 2 bouts fails by 1: −26; Ann −52.
    pytest.param(
        3,
        {},
        hand("petite", 40.5, 2),
        (-52, 26, 26),
        id="3 players ×2 : petite fails by a half point",
    ),
    # Cat takes garde sans, 46 points, 3 bouts: made by 10, (25 + 10) × 4 = 140; single
    # poignée (13 trumps at 3 players) by Ann to Cat's side: 140 + 20 = 160; Cat 320.
    pytest.param(
        3,
        {},
        hand("garde_sans", 46, 3, taker=2, poignee_by=0, poignee_trumps=13),
        (-160, -160, 320),
        id="3 players single poignée requires 13 atouts : to the taker",
    ),
    # ---------------------------------------------------------------- 2 players: ×1
    # Garde made by 6 = 62; Ann receives 62 from Bob.
    pytest.param(2, {}, hand("garde", 47, 2), (62, -62), id="2 players ×1 : garde made by 6"),
    # Bob takes a petite with 40 points, 0 bouts: target 56, fails by 16; −(25 + 16) = −41.
    pytest.param(
        2,
        {},
        hand("petite", 40, 0, taker=1),
        (41, -41),
        id="2 players ×1 : Bob fails a petite by 16",
    ),
    # Bob takes a garde, 38 points, 2 bouts: fails by 3, −(25 + 3) × 2 = −56; single poignée
    # (15 trumps at 2 players) by Ann goes to the defence: −56 − 20 = −76; Ann +76.
    pytest.param(
        2,
        {},
        hand("garde", 38, 2, taker=1, poignee_by=0, poignee_trumps=15),
        (76, -76),
        id="2 players single poignée requires 15 atouts : to the defence",
    ),
    # ---------------------------------------------------------------- 5 players (FFT)
    # Ann calls the King of ♥, held by Cat; garde made by 6 = 62: Ann 2 × 62 = 124, Cat 62,
    # Bob, Dan and Eve −62 each.
    pytest.param(
        5,
        {},
        hand("garde", 47, 2, called_king="hearts", partner=2),
        (124, -62, 62, -62, -62),
        id="5 players FFT taker 2 shares partner 1 : garde made by 6",
    ),
    # Bob takes a garde sans, 49 points, 1 bout: target 51, fails by 2; −(25 + 2) × 4 = −108;
    # partner Eve: Bob −216, Eve −108, Ann, Cat and Dan +108.
    pytest.param(
        5,
        {},
        hand("garde_sans", 49, 1, taker=1, called_king="clubs", partner=4),
        (108, -216, 108, 108, -108),
        id="5 players FFT taker 2 shares partner 1 : garde sans failed by 2",
    ),
    # The called King was in Ann's own hand (partner Nobody): petite 60 with 0 bouts made by
    # 4 = 29; Ann alone 4 × 29 = 116.
    pytest.param(
        5,
        {},
        hand("petite", 60, 0, called_king="spades", partner=None),
        (116, -29, -29, -29, -29),
        id="5 players King in the taker's hand the taker plays alone : 4 shares",
    ),
    # Option "no called partner": garde 35 with 2 bouts fails by 6, −(25 + 6) × 2 = −62;
    # Ann pays 4 × 62 = 248.
    pytest.param(
        5,
        {"partnership": "alone"},
        hand("garde", 35, 2),
        (-248, 62, 62, 62, 62),
        id="5 players option taker alone against four : garde failed by 6",
    ),
    # Petite exactly 36 with 3 bouts = 25; single poignée by Dan (8 trumps, FFT at 5) to the
    # taker's side: 25 + 20 = 45; Ann 90, partner Bob 45.
    pytest.param(
        5,
        {},
        hand("petite", 36, 3, partner=1, poignee_by=3, poignee_trumps=8),
        (90, 45, -45, -45, -45),
        id="5 players FFT single poignée 8 trumps : to the taker's side",
    ),
    # The same hand with the option "as written": a single poignée needs only 5 trumps;
    # 25 + 20 = 45 as above.
    pytest.param(
        5,
        {"poignee_thresholds": "as_written"},
        hand("petite", 36, 3, partner=1, poignee_by=3, poignee_trumps=5),
        (90, 45, -45, -45, -45),
        id="5 players option as written single poignée requires 5 atouts : 5 shown",
    ),
    # Garde contre, 73.5 points, 2 bouts (the chien of 3 went to the defence): target 41,
    # 32.5 → made by 33; (25 + 33) × 6 = 348; unannounced chelem 348 + 200 = 548; Ann
    # 2 × 548 = 1096, partner Cat 548.
    pytest.param(
        5,
        {},
        hand("garde_contre", 73.5, 2, partner=2, chelem="unannounced_made"),
        (1096, -548, 548, -548, -548),
        id="5 players chien of 3 : chelem in a garde contre at 73.5",
    ),
]


@pytest.mark.parametrize(("count", "options", "raw", "expected"), WORKED_EXAMPLES)
def test_worked_example(
    count: int, options: dict[str, Any], raw: dict[str, Any], expected: tuple[int, ...]
) -> None:
    result = scored(count, raw, **options)
    assert result.points == expected
    assert sum(result.points) == 0
    assert not result.redeal


def test_a_pass_scores_nothing_and_is_a_redeal() -> None:
    result = scored(4, {"contract": "pass"})
    assert result.points == (0, 0, 0, 0)
    assert result.redeal
    assert result.headline == "All passed — redeal"
    # Ann deals the first hand (first_dealer 0), so the deal moves on to Bob.
    assert "The deal moves on from Ann to Bob" in result.lines


def test_a_pass_clears_every_other_field() -> None:
    result = checked(4, {"contract": "pass", "taker": 2, "points": 47, "bouts": 2})
    assert result.ok
    assert {name for name, value in result.entry.items() if value is not None} == {"contract"}


def test_lines_show_the_arithmetic_a_player_can_check() -> None:
    # Garde 47 with 2 bouts, made by 6 = 62; single poignée by Bob to Ann's side: 82.
    result = scored(4, hand("garde", 47, 2, poignee_by=1))
    assert result.lines == (
        "Garde with 2 bouts: target 41",
        "Ann's side 47 points: made by 6",
        "(25 + 6) × 2 = 62",
        "Poignée (single, Bob) 20 to Ann's side: 62 + 20 = 82",
        "Each defender pays 82; Ann receives 3 × 82 = 246",
    )
    assert result.headline == "Ann · Garde · made by 6"


def test_lines_for_a_failed_hand_counted_for_the_defence() -> None:
    # Defence 50.5 with 2 bouts: Ann 40.5 with 1 bout, target 51, fails by 10.5 → 11;
    # petit au bout to the defence: (−(25 + 11) − 10) × 1 = −46; double poignée to the
    # defence: −46 − 30 = −76.
    result = scored(
        4,
        hand(
            "petite",
            50.5,
            2,
            counted_side="defence",
            petit_au_bout="defence",
            poignee_by=2,
            poignee_level="double",
        ),
    )
    assert result.lines == (
        "Counted for the defence: 50.5 points, 2 bouts; so Ann's side has 91 − 50.5 = 40.5 "
        "points and 3 − 2 = 1 bout",
        "Petite with 1 bout: target 51",
        "Ann's side 40.5 points: failed by 11 (10.5 rounded up for the side that scores)",
        "Petit au bout 10 to the defence, before the multiplier",
        "(−(25 + 11) − 10) × 1 = −46",
        "Poignée (double, Cat) 30 to the defence: −46 − 30 = −76",
        "Ann pays 3 × 76 = 228; each defender receives 76",
    )
    assert result.headline == "Ann · Petite · failed by 11"


def test_lines_at_five_players_name_the_partner() -> None:
    # Garde made by 6 = 62 with an announced chelem failed: 62 − 200 = −138 (contract made,
    # but 91 points were not taken); Ann pays 2 × 138, partner Cat 138.
    result = scored(5, hand("garde", 47, 2, partner=2, chelem="announced_failed"))
    assert result.points == (-276, 138, -138, 138, 138)
    assert result.lines[-2:] == (
        "Chelem announced and failed: 62 − 200 = −138",
        "Ann pays 2 × 138 = 276, Cat (partner) 138; each defender receives 138",
    )


# ---------------------------------------------------------------- the referee


REFUSALS = [
    # Each bout is 4.5 points: 3 bouts are at least 13.5.
    pytest.param(
        4,
        {},
        hand("garde", 10, 3),
        "points",
        "at least 13.5",
        id="bouts are 4.5 points each : 3 bouts with 10 points",
    ),
    # With 0 bouts the other side holds 3 × 4.5 = 13.5, so at most 91 − 13.5 = 77.5.
    pytest.param(
        4,
        {},
        hand("garde", 80, 0),
        "points",
        "at most 77.5",
        id="bouts are 4.5 points each : no bout with 80 points",
    ),
    # Counted for the defence: 2 bouts are at least 9.
    pytest.param(
        4,
        {},
        hand("garde", 5, 2, counted_side="defence"),
        "points",
        "the defence has at least 9",
        id="bouts are 4.5 points each : defence with 2 bouts and 5 points",
    ),
    pytest.param(
        4,
        {},
        hand("garde", 60, 0, petit_au_bout="taker"),
        "petit_au_bout",
        "has no bout",
        id="the Petit is a bout : taker's side without a bout",
    ),
    # Defence counted with 0 bouts: the taker's side holds all 3, the defence none.
    pytest.param(
        4,
        {},
        hand("garde", 30, 0, counted_side="defence", petit_au_bout="defence"),
        "petit_au_bout",
        "The defence has no bout",
        id="the Petit is a bout : defence without a bout",
    ),
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, poignee_by=1, poignee_trumps=9),
        "poignee_trumps",
        "at least 10",
        id="4 players single poignée requires 10 : 9 shown",
    ),
    pytest.param(
        3,
        {},
        hand("garde", 47, 2, poignee_by=1, poignee_level="triple", poignee_trumps=17),
        "poignee_trumps",
        "at least 18",
        id="3 players triple poignée requires 18 : 17 shown",
    ),
    pytest.param(
        5,
        {},
        hand("garde", 47, 2, partner=2, poignee_by=1, poignee_trumps=5),
        "poignee_trumps",
        "at least 8",
        id="5 players FFT single poignée requires 8 : 5 shown",
    ),
    # 4 players hold 18 cards each.
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, poignee_by=1, poignee_trumps=19),
        "poignee_trumps",
        "at most 18",
        id="a hand of 18 cards : 19 trumps shown",
    ),
    # 5 players hold 15 cards each.
    pytest.param(
        5,
        {},
        hand("garde", 47, 2, partner=2, poignee2_by=1, poignee2_trumps=16),
        "poignee2_trumps",
        "at most 15",
        id="a hand of 15 cards : 16 trumps shown in the second poignée",
    ),
    # 13 + 13 = 26 trumps, but the pack has 22 with the Excuse.
    pytest.param(
        3,
        {},
        hand("garde", 47, 2, poignee_by=0, poignee2_by=1),
        "poignee2_trumps",
        "only 22",
        id="21 atouts and the excuse : two poignées of 13 at 3 players",
    ),
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, poignee_by=1, poignee2_by=1),
        "poignee2_by",
        "Bob already showed a poignée",
        id="one poignée per player : Bob twice",
    ),
    pytest.param(
        4,
        {},
        hand("garde", 47, 2, poignee_trumps=12),
        "poignee_trumps",
        "choose who showed it",
        id="a poignée is shown by a player : trumps without a player",
    ),
    pytest.param(
        5,
        {},
        hand("garde", 47, 2, partner=0),
        "partner",
        "Nobody",
        id="the taker calls a King : taker named as own partner",
    ),
    # Chelem: the defence keeps at most the Excuse, net 4: 91 − 4 = 87.
    pytest.param(
        4,
        {},
        hand("garde", 80, 3, chelem="announced_made"),
        "chelem",
        "at least 87",
        id="chelem takes all the tricks : announced made with 80",
    ),
    pytest.param(
        4,
        {},
        hand("garde", 86.5, 3, chelem="unannounced_made"),
        "chelem",
        "at least 87",
        id="chelem takes all the tricks : unannounced with 86.5",
    ),
    # Garde contre at 4 players: the chien of 6 may bring the defence 6 × 4.5 = 27: 87 − 27 = 60.
    pytest.param(
        4,
        {},
        hand("garde_contre", 59.5, 2, chelem="announced_made"),
        "chelem",
        "at least 60",
        id="chelem in a garde contre : the chien of 6 may hold 27",
    ),
    # Garde contre at 5 players: chien of 3, 3 × 4.5 = 13.5: 87 − 13.5 = 73.5.
    pytest.param(
        5,
        {},
        hand("garde_contre", 73, 2, partner=2, chelem="unannounced_made"),
        "chelem",
        "at least 73.5",
        id="chelem in a garde contre : the chien of 3 may hold 13.5",
    ),
    # Defence chelem in a petite: the taker keeps at most the Excuse (4) and the chien (27): 31.
    pytest.param(
        4,
        {},
        hand("petite", 31.5, 1, chelem="defence_made"),
        "chelem",
        "at most 31",
        id="defence chelem : the chien counts for the taker in a petite",
    ),
    # Defence chelem in a garde contre: the chien is the defence's, so at most 4.
    pytest.param(
        4,
        {},
        hand("garde_contre", 4.5, 1, chelem="defence_made"),
        "chelem",
        "at most 4 points",
        id="defence chelem : garde contre leaves the taker only the Excuse",
    ),
    pytest.param(
        4,
        {},
        hand("garde", 91, 3, chelem="announced_failed"),
        "chelem",
        "was made",
        id="chelem annoncé fail : all 91 points is not a failure",
    ),
    pytest.param(
        4,
        {},
        hand("garde", 91, 3),
        "chelem",
        "mark the chelem",
        id="91 points is every trick : no chelem marked",
    ),
    # Defence counted 0 points and 0 bouts: Ann's side has 91 and all 3 bouts.
    pytest.param(
        4,
        {},
        hand("garde", 0, 0, counted_side="defence", chelem="defence_made"),
        "chelem",
        "mark the chelem",
        id="91 points is every trick : marked as the defence's",
    ),
    pytest.param(
        4,
        {},
        hand("garde_contre", 0, 0),
        "chelem",
        "Defence took every trick",
        id="0 points is no trick : no chelem marked",
    ),
    pytest.param(
        4,
        {},
        hand("garde_contre", 0, 0, chelem="announced_failed"),
        "chelem",
        "Defence took every trick",
        id="0 points is no trick : announced failed instead of the defence's",
    ),
]


@pytest.mark.parametrize(("count", "options", "raw", "field", "phrase"), REFUSALS)
def test_the_referee_refuses(
    count: int, options: dict[str, Any], raw: dict[str, Any], field: str, phrase: str
) -> None:
    assert_refused_on(checked(count, raw, **options), field, phrase)


# Seed 002, "Petit au bout": "If the 1 of atouts is played in the last trick, the winner of the
# trick gets 10 points." A chelem's side took every trick, the last one included (and, FFT, the
# one before, where the Petit counts when that side leads its Excuse last), so the petit au bout
# is never the other side's.
PETIT_AGAINST_THE_CHELEM = [
    # Garde sans at 4: the chien counts for Ann, so with 1 bout she has at least 4.5 + 5 × 0.5
    # = 7 and, the defence taking every trick, at most 4 + 6 × 4.5 = 31: 10 is possible.
    pytest.param(
        hand("garde_sans", 10, 1, chelem="defence_made", petit_au_bout="taker"),
        "The defence took every trick, the last one included, so the petit au bout is "
        "theirs: Ann's side cannot have won it. Check the chelem or who won the petit "
        "au bout.",
        id="defence took every trick : petit au bout to the taker's side",
    ),
    # Garde contre at 4: the chien of 6 goes to the defence, so a chelem needs at least
    # 87 − 6 × 4.5 = 60, and the defence's bout may lie in it (91 − 4.5 − 2.5 = 84 at most):
    # 70 with 2 bouts is possible.
    pytest.param(
        hand("garde_contre", 70, 2, chelem="unannounced_made", petit_au_bout="defence"),
        "Ann's side took every trick, the last one included, so the petit au bout is "
        "theirs: the defence cannot have won it. Check the chelem or who won the petit "
        "au bout.",
        id="chelem made unannounced : petit au bout to the defence",
    ),
    # Petite, 91 with 3 bouts: the announced chelem made; the defence holds no bout either.
    pytest.param(
        hand("petite", 91, 3, chelem="announced_made", petit_au_bout="defence"),
        "The defence has no bout, so it cannot have won the petit au bout: the Petit "
        "(1 of trumps) is a bout. Check the bouts or who won the last trick.",
        id="one reason on the field : no bout said before the chelem",
    ),
]


@pytest.mark.parametrize(("raw", "message"), PETIT_AGAINST_THE_CHELEM)
def test_the_petit_au_bout_belongs_to_the_side_that_took_every_trick(
    raw: dict[str, Any], message: str
) -> None:
    result = checked(4, raw)
    assert [(problem.field, problem.message) for problem in result.problems] == [
        ("petit_au_bout", message)
    ]


def test_the_petit_au_bout_is_not_judged_against_a_chelem_the_points_refuse() -> None:
    # An announced chelem needs at least 91 − 4 = 87; with 80 the chelem is what is wrong (2
    # bouts, so the defence holds the third and may have had the Petit).
    result = checked(4, hand("garde", 80, 2, chelem="announced_made", petit_au_bout="defence"))
    assert [problem.field for problem in result.problems] == ["chelem"]


def test_the_petit_au_bout_with_a_chelem_to_the_side_that_took_every_trick() -> None:
    # The defence took every trick and the Petit in the last: accepted (as hand A, to them).
    assert checked(4, hand("garde_sans", 10, 1, chelem="defence_made", petit_au_bout="defence")).ok
    # Garde, 91 points, 3 bouts, unannounced chelem, the petit au bout Ann's: made by
    # 91 − 36 = 55; (25 + 55 + 10) × 2 = 180; + 200 = 380 per defender; Ann 3 × 380 = 1140.
    assert scored(
        4, hand("garde", 91, 3, chelem="unannounced_made", petit_au_bout="taker")
    ).points == (1140, -380, -380, -380)


def test_an_announced_chelem_that_failed_leaves_the_petit_au_bout_to_either_side() -> None:
    # Garde, 47 points, 2 bouts: target 41, made by 6; the petit au bout to the defence:
    # (25 + 6 − 10) × 2 = 42; the failed chelem −200: 42 − 200 = −158 per defender;
    # Ann pays 3 × 158 = 474.
    assert scored(
        4, hand("garde", 47, 2, chelem="announced_failed", petit_au_bout="defence")
    ).points == (-474, 158, 158, 158)


def test_the_taker_is_required() -> None:
    # "The winner of the bid is called the taker": a played contract needs one.
    result = checked(4, {"contract": "garde", "points": 47, "bouts": 2})
    assert [(problem.field, problem.message) for problem in result.problems] == [
        ("taker", "Choose taker.")
    ]


def test_the_taker_as_partner_message_names_the_taker() -> None:
    result = checked(5, hand("garde", 47, 2, taker=1, partner=1))
    assert result.problems[0].message.startswith("Bob is the taker")


def test_a_second_poignee_without_a_first_is_accepted() -> None:
    # Decision (docs/rules/french-tarot.md): the two rows are interchangeable. 62 + 20 = 82.
    assert scored(4, hand("garde", 47, 2, poignee2_by=2)).points == (246, -82, -82, -82)


def test_the_partner_must_be_answered_at_five_players() -> None:
    # A forgotten partner must not silently score the taker alone (4 shares instead of 2):
    # a player, or "nobody" said explicitly.
    result = checked(5, {"contract": "garde", "taker": 0, "points": 47, "bouts": 2})
    assert [problem.field for problem in result.problems] == ["partner"]
    assert checked(5, hand("garde", 47, 2, partner="none")).ok


def test_the_thresholds_follow_the_option_at_five_players() -> None:
    fft = checked(5, hand("garde", 47, 2, partner=2, poignee_by=1, poignee_trumps=5))
    as_written = checked(
        5,
        hand("garde", 47, 2, partner=2, poignee_by=1, poignee_trumps=5),
        poignee_thresholds="as_written",
    )
    assert not fft.ok
    assert as_written.ok


def test_a_blank_poignee_count_means_the_threshold() -> None:
    # Double at 2 players needs 18; blank is taken as 18, so it is accepted.
    assert checked(2, hand("garde", 47, 2, poignee_by=1, poignee_level="double")).ok


def test_the_most_a_side_can_have_is_accepted() -> None:
    # 2 bouts for the taker in a garde: at least 2 × 4.5 = 9 for the bouts and 6 × 0.5 = 3 for
    # the écart of 6 cards (no bout), which counts for the taker: 12. At most 91 − 4.5 = 86.5,
    # the defence holding the third bout. (Before the écart was taken into account the least
    # was 9; the referee now refuses 9 to 11.5.)
    assert checked(4, hand("garde", 12, 2)).ok
    assert checked(4, hand("garde", 86.5, 2)).ok
    assert not checked(4, hand("garde", 11.5, 2)).ok
    assert not checked(4, hand("garde", 87, 2)).ok


# ---------------------------------------------------------------- fields and options


def test_fields_in_order_at_four_players() -> None:
    names = [field.name for field in GAME.fields(make(4))]
    assert names == [
        "contract",
        "taker",
        "counted_side",
        "points",
        "bouts",
        "petit_au_bout",
        "poignee_by",
        "poignee_level",
        "poignee_trumps",
        "poignee2_by",
        "poignee2_level",
        "poignee2_trumps",
        "chelem",
    ]


def test_called_king_fields_only_with_the_fft_partnership() -> None:
    called = [field.name for field in GAME.fields(make(5))]
    alone = [field.name for field in GAME.fields(make(5, partnership="alone"))]
    assert called[2:4] == ["called_king", "partner"]
    assert "partner" not in alone
    assert "called_king" not in alone


def test_options_per_player_count() -> None:
    assert [option.name for option in GAME.options(4)] == ["hands"]
    five = {option.name: option for option in GAME.options(5)}
    assert list(five) == ["hands", "partnership", "poignee_thresholds"]
    assert five["partnership"].default == "called_king"
    assert five["poignee_thresholds"].default == "fft"
    assert five["hands"].help == "0 = play until you end the session"


# ---------------------------------------------------------------- outcome and dealer


GARDE_MADE = hand("garde", 47, 2)  # Ann +186, each other −62 (first worked example)
BOB_PETITE_FAILED = hand("petite", 40.5, 2, taker=1)  # Bob −78, each other +26


def session(count: int, entries: list[dict[str, Any]], **options: Any) -> State:
    """The state after these entries, every one accepted."""
    return after(make(count, **options), entries)


def test_the_session_ends_after_the_agreed_hands_not_counting_redeals() -> None:
    state = session(4, [GARDE_MADE, {"contract": "pass"}], hands=2)
    assert not GAME.outcome(state).finished
    state = session(4, [GARDE_MADE, {"contract": "pass"}, BOB_PETITE_FAILED], hands=2)
    outcome = GAME.outcome(state)
    # Ann 186 + 26 = 212; Bob −62 − 78 = −140; Cat and Dan −62 + 26 = −36.
    assert state.totals == (212, -140, -36, -36)
    assert outcome == FrenchTarot().outcome(state)
    assert outcome.finished
    assert outcome.winners == (0,)
    assert outcome.text == "After 2 hands Ann wins with 212"


def test_the_pad_says_which_of_the_agreed_hands_comes_next() -> None:
    # 3 hands agreed: before any, "hand 1 of 3"; a redeal is not a hand, so after a Garde and
    # a pass the next is still hand 2; after the third hand nothing is left to say.
    assert GAME.table_notes(session(4, [], hands=3)) == ("hand 1 of 3",)
    assert GAME.table_notes(session(4, [GARDE_MADE, {"contract": "pass"}], hands=3)) == (
        "hand 2 of 3",
    )
    assert GAME.table_notes(session(4, [GARDE_MADE] * 3, hands=3)) == ()
    assert GAME.table_notes(session(4, [GARDE_MADE])) == ()  # no number agreed


def test_a_shared_first_place() -> None:
    # Ann +62, Bob −62, then Bob +62, Ann −62: both 0.
    state = session(2, [GARDE_MADE, hand("garde", 47, 2, taker=1)], hands=2)
    outcome = GAME.outcome(state)
    assert outcome.finished
    assert outcome.winners == (0, 1)
    assert outcome.text == "After 2 hands Ann and Bob share first place with 0"


def test_no_agreed_number_never_ends() -> None:
    state = session(4, [GARDE_MADE] * 3)
    outcome = GAME.outcome(state)
    assert not outcome.finished
    assert outcome.winners == (0,)
    assert outcome.text == ""


def test_the_deal_moves_one_seat_each_hand_redeals_included() -> None:
    setup = make(4, first_dealer=2)
    assert GAME.dealer(State(setup)) == 2
    state = replay(setup, [(1, GARDE_MADE), (2, {"contract": "pass"}), (3, GARDE_MADE)]).state
    # Cat (2) dealt hand 1, Dan (3) the redeal, Ann (0) hand 3: Bob (1) deals next.
    assert GAME.dealer(state) == 1


def test_a_redeal_names_the_next_dealer() -> None:
    state = session(3, [GARDE_MADE])  # Ann dealt hand 1; Bob deals hand 2
    result = GAME.score(state, check_entry(GAME, state, {"contract": "pass"}).entry)
    assert "The deal moves on from Bob to Cat" in result.lines


# ---------------------------------------------------------------- describe


def test_describe_a_hand() -> None:
    entry = checked(4, hand("garde", 47, 2, petit_au_bout="taker", poignee_by=1)).entry
    assert GAME.describe(make(4), entry) == (
        "Ann · Garde · 47 pts, 2 bouts · petit au bout (taker) · poignée single (Bob)"
    )


def test_describe_shows_the_takers_side_when_counted_for_the_defence() -> None:
    entry = checked(4, hand("garde_sans", 44, 1, counted_side="defence")).entry
    assert GAME.describe(make(4), entry) == "Ann · Garde sans le chien · 47 pts, 2 bouts"


def test_describe_at_five_players_and_a_chelem() -> None:
    entry = checked(
        5, hand("petite", 91, 3, called_king="hearts", partner=4, chelem="unannounced_made")
    ).entry
    assert GAME.describe(make(5), entry) == (
        "Ann with Eve (King of ♥) · Petite · 91 pts, 3 bouts · chelem made unannounced"
    )
    alone = checked(5, hand("petite", 60, 0)).entry
    assert GAME.describe(make(5), alone) == "Ann alone · Petite · 60 pts, 0 bouts"


def test_describe_a_pass() -> None:
    entry = checked(4, {"contract": "pass"}).entry
    assert GAME.describe(make(4), entry) == "All passed — redeal"


def test_lines_at_two_players_name_the_defender() -> None:
    # Garde made by 6 = 62: Bob pays Ann 62.
    assert scored(2, GARDE_MADE).lines[-1] == "Bob pays 62; Ann receives 62"


def test_lines_when_the_bonuses_cancel_the_contract() -> None:
    # Garde, 90.5 points, 3 bouts: 54.5 over 36 → made by 55; petit to Ann:
    # (25 + 55 + 10) × 2 = 180; single by Bob: 180 + 20 = 200; chelem announced but one
    # trick lost: 200 − 200 = 0. Nobody pays.
    result = scored(
        4, hand("garde", 90.5, 3, petit_au_bout="taker", poignee_by=1, chelem="announced_failed")
    )
    assert result.points == (0, 0, 0, 0)
    assert result.lines[-1] == "Nobody pays anything this hand"


# ---------------------------------------------------------------- the facts as data


def test_the_facts_of_a_made_garde_with_a_poignee() -> None:
    # As test_lines_show_the_arithmetic_a_player_can_check: garde, 47 points, 2 bouts: target
    # 41, made by 6; base 25 + 6 = 31; 31 × 2 = 62; single poignée by Bob (10 trumps, the
    # 4-player threshold) 20 to Ann's side: each defender pays 62 + 20 = 82.
    facts = scored(4, hand("garde", 47, 2, poignee_by=1)).facts
    assert facts == {
        "contract": "garde",
        "taker": 0,
        "partner": None,
        "called_king": None,
        "taker_alone": True,
        "counted_side": "taker",
        "points": 47,
        "bouts": 2,
        "target": 41,
        "made": True,
        "margin": 6,
        "base": 31,
        "multiplier": 2,
        "petit_au_bout": None,
        "contract_score": 62,
        "poignee": [{"by": 1, "level": "single", "trumps": 10, "bonus": 20}],
        "chelem": None,
        "chelem_bonus": 0,
        "per_defender": 82,
    }
    assert json.loads(json.dumps(facts)) == facts


def test_the_facts_of_a_failed_petite_counted_for_the_defence() -> None:
    # As test_lines_for_a_failed_hand_counted_for_the_defence: the defence 50.5 with 2 bouts,
    # so Ann's side 91 − 50.5 = 40.5 with 1 bout; target 51, failed by 10.5 → 11; base 36;
    # petit to the defence: (−36 − 10) × 1 = −46; double poignée (13 trumps) by Cat to the
    # defence: −46 − 30 = −76, so each defender receives 76.
    facts = scored(
        4,
        hand(
            "petite",
            50.5,
            2,
            counted_side="defence",
            petit_au_bout="defence",
            poignee_by=2,
            poignee_level="double",
        ),
    ).facts
    assert {
        key: facts[key]
        for key in (
            "counted_side",
            "points",
            "bouts",
            "target",
            "made",
            "margin",
            "base",
            "multiplier",
            "petit_au_bout",
            "contract_score",
            "per_defender",
        )
    } == {
        "counted_side": "defence",
        "points": 40.5,
        "bouts": 1,
        "target": 51,
        "made": False,
        "margin": 11,
        "base": 36,
        "multiplier": 1,
        "petit_au_bout": "defence",
        "contract_score": -46,
        "per_defender": -76,
    }
    assert facts["poignee"] == [{"by": 2, "level": "double", "trumps": 13, "bonus": 30}]


def test_the_facts_at_five_players_name_the_partner_or_the_taker_alone() -> None:
    # "5 players FFT taker 2 shares partner 1": Ann calls the King of ♥, held by Cat; garde
    # made by 6 = 62 from each defender.
    called = scored(5, hand("garde", 47, 2, called_king="hearts", partner=2)).facts
    assert (
        called["partner"],
        called["called_king"],
        called["taker_alone"],
        called["per_defender"],
    ) == (2, "hearts", False, 62)
    # "King in the taker's hand": petite 60 with 0 bouts, target 56, made by 4: 25 + 4 = 29,
    # Ann alone.
    alone = scored(5, hand("petite", 60, 0, called_king="spades", partner=None)).facts
    assert (alone["partner"], alone["taker_alone"], alone["base"], alone["per_defender"]) == (
        None,
        True,
        29,
        29,
    )


def test_the_facts_of_a_chelem_and_a_pass() -> None:
    # "chelem annoncé succeed receives 400": petite 91 with 3 bouts, made by 55: (25 + 55) × 1
    # = 80; + 400 = 480 per defender.
    facts = scored(4, hand("petite", 91, 3, chelem="announced_made")).facts
    assert (
        facts["chelem"],
        facts["chelem_bonus"],
        facts["contract_score"],
        facts["per_defender"],
    ) == ("announced_made", 400, 80, 480)
    passed = scored(4, {"contract": "pass"}).facts
    assert passed["contract"] == "pass"
    assert set(passed) == set(facts)
    assert all(value is None for key, value in passed.items() if key != "contract")


# ---------------------------------------------------------------- the chien's bounds


CHIEN_REFUSALS = [
    # Garde contre: the chien of 6 goes to the defence, each card at least 0.5: 91 − 3 = 88.
    pytest.param(
        4,
        hand("garde_contre", 91, 3, chelem="announced_made"),
        "Ann's side at most 88, not 91",
        id="garde contre the chien goes to the defence : 91 points",
    ),
    pytest.param(
        4,
        hand("garde_contre", 88.5, 3),
        "Ann's side at most 88, not 88.5",
        id="garde contre the chien goes to the defence : 88.5 points",
    ),
    # The defence's bout may lie in the chien: 4.5 + 5 × 0.5 = 7, so 91 − 7 = 84.
    pytest.param(
        4,
        hand("garde_contre", 84.5, 2),
        "at least 7 and Ann's side at most 84",
        id="garde contre the chien and a defence bout : 84.5 with 2 bouts",
    ),
    # Counted for the defence: at least 3 with no bout.
    pytest.param(
        3,
        hand("garde_contre", 2.5, 0, counted_side="defence"),
        "the defence has at least 3, not 2.5",
        id="garde contre the chien goes to the defence : defence counted 2.5",
    ),
    # 5 players: the chien of 3 (FFT), at least 1.5: 91 − 1.5 = 89.5.
    pytest.param(
        5,
        hand("garde_contre", 90, 3, partner=2, chelem="unannounced_made"),
        "(3 cards, at least 1.5 points)",
        id="garde contre 5 players chien of 3 : 90 points",
    ),
    # Garde sans: the chien counts for the taker, at least 3.
    pytest.param(
        4,
        hand("garde_sans", 2.5, 0),
        "Ann's side has at least 3, not 2.5",
        id="garde sans the chien counts for the taker : 2.5 points",
    ),
    # With 3 bouts in the chien the other 3 cards still count 1.5: 13.5 + 1.5 = 15.
    pytest.param(
        4,
        hand("garde_sans", 14.5, 3),
        "at least 15, not 14.5",
        id="garde sans the chien and 3 bouts : 14.5 points",
    ),
    # 2 players: the chien of 6 (36 cards each, 72 + 6 = 78).
    pytest.param(
        2,
        hand("garde_sans", 91, 3, counted_side="defence", chelem="defence_made"),
        "the defence at most 88, not 91",
        id="garde sans 2 players chien of 6 : defence counted 91",
    ),
]


@pytest.mark.parametrize(("count", "raw", "phrase"), CHIEN_REFUSALS)
def test_the_chien_bounds_the_points(count: int, raw: dict[str, Any], phrase: str) -> None:
    assert_refused_on(checked(count, raw), "points", phrase)


def test_the_chien_message_in_full() -> None:
    message = checked(4, hand("garde_contre", 91, 3, chelem="announced_made")).problems[0].message
    assert message == (
        "With a garde contre the chien (6 cards, at least 3 points) goes to the "
        "defence, so the defence has at least 3 and Ann's side at most 88, not 91."
    )


def test_the_chien_bounds_accept_what_can_happen() -> None:
    # Garde contre at 4: 88 with 3 bouts (a chien of six half-point cards), 84 with 2 bouts
    # (the defence's bout in the chien: 4.5 + 2.5 = 7, 91 − 7 = 84).
    assert checked(4, hand("garde_contre", 88, 3, chelem="unannounced_made")).ok
    assert checked(4, hand("garde_contre", 84, 2, chelem="unannounced_made")).ok
    # Garde sans at 4: 3 with no bout; 15 with 3 bouts (13.5 + 3 × 0.5).
    assert checked(4, hand("garde_sans", 3, 0, chelem="defence_made")).ok
    assert checked(4, hand("garde_sans", 15, 3, chelem="defence_made")).ok
    # 5 players: 89.5 with 3 bouts (a chien of 3 half-point cards).
    assert checked(5, hand("garde_contre", 89.5, 3, partner=2, chelem="unannounced_made")).ok
