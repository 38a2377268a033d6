"""Tantony: tricks refereed and hands scored by hand from the rules text, the referee, the game.

Every expected number is worked out in the comment above it from the text and docs/rulings.md
("Tantony"):
    a trick is worth its runt, the lowest card of the suit led; it is won by the highest card of
    the suit led (the sow; the hog when nobody followed, which is then also the runt);
    four players: 2–10 face value, J 15, Q 20, K 25, A 30; three tricks each over tricks 1–12;
        the runt of trick 13 (the Tantony card) goes to whoever won it;
    three players: 36 cards (no 7–10), 2–6 face value, J 10, Q 15, K 20, A 25; four tricks each;
    partnerships: sudden death at 60 / 120 / 180 after hands 1 / 2 / 3 (a double game), else the
        higher total after hand 4 (a double at 240 or more); three players: game is 300.
The players are the text's: Annie, Benny, Connie and Denny, seated in play order, so Annie and
Connie are partners against Benny and Denny.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.contract.parsing import parse_values
from companion.contract.registry import get
from companion.contract.values import Entry, HandResult, Problem, SeatGroup, Setup, State
from companion.engine.replay import replay
from companion.games.tantony import Tantony
from tests.games.tables import after, score_one, table, verdict

NAMES = ("Annie", "Benny", "Connie", "Denny")
GAME = get("tantony")


def make(count: int = 4, first_dealer: int = 0, **options: Any) -> Setup:
    """A table of `count` players (Annie, Benny, …), options at their defaults but these."""
    return table("tantony", NAMES[:count], first_dealer, **options)


def checked(raw: dict[str, Any], count: int = 4, first_dealer: int = 0, **options: Any):
    """The engine's verdict on one raw entry at a fresh table."""
    return verdict(make(count, first_dealer, **options), raw)


def scored(
    raw: dict[str, Any], count: int = 4, first_dealer: int = 0, **options: Any
) -> HandResult:
    """One hand scored through the engine; fails the test if the referee refuses it."""
    return score_one(make(count, first_dealer, **options), raw)


def parsed(raw: dict[str, Any], count: int = 4) -> Entry:
    """A raw entry through the parser only (a hand still being entered may be short)."""
    entry, problems = parse_values(GAME.fields(make(count)), raw, count)
    assert not problems, problems
    return entry


def progress_problems(raw: dict[str, Any], count: int = 4, first_dealer: int = 0) -> list[str]:
    """What the referee says about the tricks entered so far."""
    state = State(make(count, first_dealer))
    return [problem.message for problem in GAME.validate_progress(state, parsed(raw, count))]


def rows(pairs: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """Placed tricks as (runt, seat that got it)."""
    return [{"runt": runt, "to": seat} for runt, seat in pairs]


def four(
    annie: str, benny: str, connie: str, denny: str, tantony: str, won_by: int
) -> dict[str, Any]:
    """A four-player hand from the face-up runts: three each, then the Tantony card's trick."""
    pairs = [
        (runt, seat)
        for seat, runts in enumerate((annie, benny, connie, denny))
        for runt in runts.split()
    ]
    return {"tricks": [*rows(pairs), {"runt": tantony, "won_by": won_by}]}


def three(annie: str, benny: str, connie: str, won_by: int | None = None) -> dict[str, Any]:
    """A three-player hand from the face-up runts, four each; the last row may say who won it."""
    pairs = [
        (runt, seat) for seat, runts in enumerate((annie, benny, connie)) for runt in runts.split()
    ]
    tricks = rows(pairs)
    if won_by is not None:
        tricks[-1]["won_by"] = won_by
    return {"tricks": tricks}


def session(hands: list[dict[str, Any]], count: int = 4, **options: Any) -> State:
    """The state after these hands, every one accepted."""
    return after(make(count, **options), hands)


# A hand entered at the end from the face-up runts:
# Annie 2♠ 2 + Q♥ 20 + 6♦ 6 = 28; Benny 5♣ 5 + 3♥ 3 + 7♠ 7 = 15;
# Connie 10♥ 10 + J♦ 15 + 6♥ 6 = 31; Denny 4♦ 4 + 3♣ 3 + 3♦ 3 = 10, + Tantony 7♣ 7 = 17.
# Annie & Connie 28 + 31 = 59; Benny & Denny 15 + 17 = 32.
HAND = four("2S QH 6D", "5C 3H 7S", "10H JD 6H", "4D 3C 3D", "7C", won_by=3)
TWELVE = HAND["tricks"][:12]  # Denny got trick 12, so Denny leads trick 13


# ---------------------------------------------------------------- one trick: sow, hog, runt


ONE_TRICK = [
    # "Annie leads spade 6, Benny plays spade 10, Connie spade Queen, Denny spade 2. Denny's Two
    # is the runt and Connie's sow Queen wins a trick worth 2 points." Denny deals, Annie leads.
    pytest.param(
        {"cards": "6S 10S QS 2S", "to": 2},
        (0, 0, 2, 0),
        2,
        id="Denny's Two is the runt and Connie's sow Queen wins a trick worth 2",
    ),
    # The same trick, kept by Connie as written with its runt and winner: still 2.
    pytest.param(
        {"runt": "2S", "won_by": 2, "cards": "6S 10S QS 2S", "to": 2},
        (0, 0, 2, 0),
        2,
        id="the runt and winner written with the cards : they agree",
    ),
    # Connie wins it but gives it to Annie: Annie gets the 2 and leads the next trick.
    pytest.param(
        {"won_by": 2, "cards": ["6S", "10S", "QS", "2S"], "to": 0},
        (2, 0, 0, 0),
        0,
        id="you may give it to somebody else : who gets it leads to the next",
    ),
    # "If no one had been able to follow suit to Annie's lead, her Six would have been a hog and
    # she would have won a trick worth 6."
    pytest.param(
        {"cards": "6S 10H QD 2C", "to": 0},
        (6, 0, 0, 0),
        0,
        id="if no one had followed her Six would have been a hog worth 6",
    ),
    # "the grand coup is to lead a hog Ace for a trick worth 30": Ace = 30 at four players.
    pytest.param(
        {"cards": "AS 2H 3D 4C", "won_by": 0, "to": 0},
        (30, 0, 0, 0),
        0,
        id="the grand coup is to lead a hog Ace for a trick worth 30",
    ),
    # Only the value written: the runt 2♠ written as "2" agrees with the cards.
    pytest.param(
        {"runt": "2", "cards": "6S 10S QS 2S", "to": 1},
        (0, 2, 0, 0),
        1,
        id="a runt written as its value only : agrees with the cards",
    ),
    # No cards: a Queen runt is worth 20 ("Queen = 20").
    pytest.param(
        {"runt": "qh", "to": 3}, (0, 0, 0, 20), 3, id="Queen = 20 : runt written in lower case"
    ),
]


@pytest.mark.parametrize(("trick", "points", "next_leader"), ONE_TRICK)
def test_one_trick(trick: dict[str, Any], points: tuple[int, ...], next_leader: int) -> None:
    state = State(make(first_dealer=3))  # Denny deals, so Annie leads the first trick
    entry = parsed({"tricks": [trick]})
    assert GAME.validate_progress(state, entry) == []
    progress = GAME.progress(state, entry)
    assert progress.points == points
    assert progress.leader == next_leader
    assert progress.trick_number == 2


# ---------------------------------------------------------------- the last trick (four players)


LAST_TRICK = [
    # Denny got trick 12 and leads: 9♣, Annie K♣, Benny 2♥, Connie 8♣. "Whoever plays the highest
    # card of the suit led exchanges it for the lowest card of the suit led": Annie's K♣ is
    # highest, the runt is 8♣ (clubs played: 9, K, 8). Annie 28 + 8 = 36; Denny stays at 10.
    pytest.param(
        {"cards": "9C KC 2H 8C"},
        (36, 15, 31, 10),
        "Tantony card 8♣ (8) to Annie, who won the last trick",
        id="the highest card of the suit led is exchanged for the lowest",
    ),
    # Same cards, the winner also written: the same 8 to Annie.
    pytest.param(
        {"cards": "9C KC 2H 8C", "won_by": 0, "to": 0},
        (36, 15, 31, 10),
        "Tantony card 8♣ (8) to Annie, who won the last trick",
        id="the runt is left face up in front of its winner",
    ),
    # Denny leads 9♣ and nobody follows: "unless nobody follows suit, in which case the highest
    # is also the runt". Denny 10 + 9 = 19.
    pytest.param(
        {"cards": "9C KH 2H 8D"},
        (28, 15, 31, 19),
        "Tantony card 9♣ (9) to Denny, who won the last trick",
        id="nobody follows suit : the highest is also the runt",
    ),
    # No cards, only the winner: the runt 7♣ (7) goes to Benny, 15 + 7 = 22.
    pytest.param(
        {"runt": "7C", "won_by": 1},
        (28, 22, 31, 10),
        "Tantony card 7♣ (7) to Benny, who won the last trick",
        id="the runt counts towards the winner's score : winner written",
    ),
    # Only `to` written for the last trick: taken as its winner, Connie 31 + 7 = 38.
    pytest.param(
        {"runt": "7C", "to": 2},
        (28, 15, 38, 10),
        "Tantony card 7♣ (7) to Connie, who won the last trick",
        id="the runt counts towards the winner's score : only who got it written",
    ),
    # Only the value of the Tantony card: 7, to Denny (10 + 7 = 17).
    pytest.param(
        {"runt": "7", "won_by": 3},
        (28, 15, 31, 17),
        "Tantony card (7) to Denny, who won the last trick",
        id="the Tantony card written as its value only",
    ),
]


@pytest.mark.parametrize(("last", "points", "line"), LAST_TRICK)
def test_the_last_trick(last: dict[str, Any], points: tuple[int, ...], line: str) -> None:
    result = scored({"tricks": [*TWELVE, last]})
    assert result.points == points
    assert line in result.lines


# ---------------------------------------------------------------- whole hands scored


def test_a_hand_entered_at_the_end_scores_each_seats_runts() -> None:
    result = scored(HAND)
    assert result.points == (28, 15, 31, 17)
    assert result.lines == (
        "Annie: 2♠ 2 + Q♥ 20 + 6♦ 6 = 28",
        "Benny: 5♣ 5 + 3♥ 3 + 7♠ 7 = 15",
        "Connie: 10♥ 10 + J♦ 15 + 6♥ 6 = 31",
        "Denny: 4♦ 4 + 3♣ 3 + 3♦ 3 + 7♣ 7 = 17",
        "Tantony card 7♣ (7) to Denny, who won the last trick",
        "Annie & Connie 28 + 31 = 59",
        "Benny & Denny 15 + 17 = 32",
    )
    assert result.headline == "Annie & Connie 59 – Benny & Denny 32"
    assert not result.redeal


def test_runts_written_as_values_score_the_same() -> None:
    # Q♥ written "20" and J♦ written "15": Annie 2 + 20 + 6 = 28, Connie 10 + 15 + 6 = 31.
    raw = four("2S 20 6D", "5C 3H 7S", "10H 15 6H", "4D 3C 3D", "7C", won_by=3)
    result = scored(raw)
    assert result.points == (28, 15, 31, 17)
    assert result.lines[0] == "Annie: 2♠ 2 + 20 + 6♦ 6 = 28"


def test_individual_scoring_shows_no_sides() -> None:
    result = scored(HAND, scoring="individual")
    assert result.points == (28, 15, 31, 17)
    assert not any("&" in line for line in result.lines)
    assert result.headline == "Annie 28 · Benny 15 · Connie 31 · Denny 17"


def test_describe_a_hand() -> None:
    entry = checked(HAND).entry
    assert GAME.describe(make(), entry) == (
        "Annie 28 · Benny 15 · Connie 31 · Denny 17 · Tantony 7♣ Denny"
    )


# A whole four-player hand played trick by trick with every card (all 52 used once). Annie deals
# (first_dealer 0), so Benny leads trick 1; each later trick is led by whoever got the one before.
#   trick  leader  cards (from the leader)  winner          runt       to
#    1     Benny   2♠ 9♠ K♠ 5♠              Denny (K♠)      2♠  2      Annie
#    2     Annie   A♥ 3♥ 4♦ 10♥             Annie (A♥)      3♥  3      Benny
#    3     Benny   A♠ 3♠ 4♠ 6♠              Benny (A♠)      3♠  3      Benny
#    4     Benny   7♣ 8♣ 9♣ 10♣             Annie (10♣)     7♣  7      Connie
#    5     Connie  Q♥ 2♥ 5♥ 6♥              Connie (Q♥)     2♥  2      Denny
#    6     Denny   K♦ 2♦ 3♦ 5♦              Denny (K♦)      2♦  2      Connie
#    7     Connie  J♣ 2♣ 3♣ 4♣              Connie (J♣)     2♣  2      Denny
#    8     Denny   7♠ 8♠ 10♠ J♠             Connie (J♠)     7♠  7      Annie
#    9     Annie   6♦ 7♦ 8♦ 9♦              Denny (9♦)      6♦  6      Annie
#   10     Annie   A♦ 7♥ 8♥ 9♥              Annie, hog A♦   A♦ 30      Connie
#   11     Connie  Q♠ J♥ 10♦ J♦             Connie, hog Q♠  Q♠ 20      Denny
#   12     Denny   K♣ 5♣ 6♣ Q♣              Denny (K♣)      5♣  5      Benny
#   13     Benny   4♥ K♥ Q♦ A♣              Connie (K♥)     4♥  4      (Tantony card)
# Annie 2 + 7 + 6 = 15; Benny 3 + 3 + 5 = 11; Connie 7 + 2 + 30 + 4 = 43; Denny 2 + 2 + 20 = 24.
PLAYED = [
    ("2S 9S KS 5S", 3, 0),
    ("AH 3H 4D 10H", 0, 1),
    ("AS 3S 4S 6S", 1, 1),
    ("7C 8C 9C 10C", 0, 2),
    ("QH 2H 5H 6H", 2, 3),
    ("KD 2D 3D 5D", 3, 2),
    ("JC 2C 3C 4C", 2, 3),
    ("7S 8S 10S JS", 2, 0),
    ("6D 7D 8D 9D", 3, 0),
    ("AD 7H 8H 9H", 0, 2),
    ("QS JH 10D JD", 2, 3),
    ("KC 5C 6C QC", 3, 1),
]
LEADERS = [1, 0, 1, 1, 2, 3, 2, 3, 0, 0, 2, 3, 1]  # from the table above
PLAYED_HAND = {
    "tricks": [
        *({"cards": cards, "won_by": won_by, "to": to} for cards, won_by, to in PLAYED),
        {"cards": "4H KH QD AC"},
    ]
}
# The same hand from the face-up runts at the end, in no particular order, the last row last.
RUNTS_AT_THE_END = [
    ("AD", 2),
    ("2S", 0),
    ("5C", 1),
    ("QS", 3),
    ("7C", 2),
    ("3H", 1),
    ("2H", 3),
    ("7S", 0),
    ("2D", 2),
    ("3S", 1),
    ("6D", 0),
    ("2C", 3),
]


def test_a_hand_refereed_trick_by_trick() -> None:
    result = scored(PLAYED_HAND)
    assert result.points == (15, 11, 43, 24)
    assert "Tantony card 4♥ (4) to Connie, who won the last trick" in result.lines
    # Annie & Connie 15 + 43 = 58; Benny & Denny 11 + 24 = 35.
    assert result.headline == "Annie & Connie 58 – Benny & Denny 35"


def test_the_leader_of_each_trick_is_whoever_got_the_one_before() -> None:
    state = State(make())
    tricks = PLAYED_HAND["tricks"]
    leaders = [GAME.progress(state, parsed({"tricks": tricks[:done]})).leader for done in range(13)]
    assert leaders == LEADERS


def test_one_by_one_and_all_at_the_end_give_the_same_points() -> None:
    at_the_end = {"tricks": [*rows(RUNTS_AT_THE_END), {"runt": "4H", "won_by": 2}]}
    assert scored(at_the_end).points == scored(PLAYED_HAND).points == (15, 11, 43, 24)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_order_of_the_placed_rows_does_not_change_the_score(seed: int) -> None:
    # Scoring depends only on which runts each seat got: HAND's twelve placed rows shuffled.
    shuffled = list(TWELVE)
    random.Random(seed).shuffle(shuffled)
    assert scored({"tricks": [*shuffled, HAND["tricks"][12]]}).points == (28, 15, 31, 17)


# ---------------------------------------------------------------- three players


THREE_PLAYER_HANDS = [
    # "Jack 10, Queen 15, King 20, Ace 25": Annie 4 Aces 100, Benny 4 Kings 80, Connie 4 Queens 60.
    pytest.param(
        three("AS AH AD AC", "KS KH KD KC", "QS QH QD QC"),
        (100, 80, 60),
        "Annie: A♠ 25 + A♥ 25 + A♦ 25 + A♣ 25 = 100",
        id="three players Ace 25 King 20 Queen 15",
    ),
    # "Numerals 2, 3, 4, 5 and 6 count at face value": Annie 2 + 3 + 4 + 6 = 15, Benny
    # 2 + 3 + 4 + 5 = 14; Connie A♣ 25 + 5 + 2 + 3 = 35.
    pytest.param(
        three("2S 3S 4S 6S", "2H 3H 4H 5H", "AC 5S 2D 3D"),
        (15, 14, 35),
        "Benny: 2♥ 2 + 3♥ 3 + 4♥ 4 + 5♥ 5 = 14",
        id="three players numerals at face value",
    ),
    # "Jack 10": Annie J♠ 10 + J♥ 10 + 2 + 3 = 25; Benny J♦ 10 + J♣ 10 + 4 + 5 = 29; Connie
    # 6♠ 6 + 6♥ 6 + 6♦ 6 + 6♣ 6 = 24.
    pytest.param(
        three("JS JH 2S 3S", "JD JC 4S 5S", "6S 6H 6D 6C"),
        (25, 29, 24),
        "Connie: 6♠ 6 + 6♥ 6 + 6♦ 6 + 6♣ 6 = 24",
        id="three players Jack 10",
    ),
]


@pytest.mark.parametrize(("raw", "points", "line"), THREE_PLAYER_HANDS)
def test_three_player_hands(raw: dict[str, Any], points: tuple[int, ...], line: str) -> None:
    result = scored(raw, count=3)
    assert result.points == points
    assert line in result.lines
    assert not any("Tantony card" in text for text in result.lines)


def test_three_players_play_twelve_tricks_and_the_last_one_is_placed() -> None:
    # "each player must finish with exactly four tricks, and there will be no odd runt": the
    # twelfth trick is placed like the others, so a fifth trick to Connie is over the quota.
    raw = three("AS AH AD", "KS KH KD KC", "QS QH QD QC")
    raw["tricks"].append({"runt": "AC", "to": 2, "won_by": 2})
    result = checked(raw, count=3)
    assert [problem.message for problem in result.problems] == [
        "Trick 12: Connie already has 4 tricks, the quota."
    ]


# ---------------------------------------------------------------- the referee


REFUSALS = [
    # "you cannot give it to anyone (including yourself) who already has their quota of three"
    pytest.param(
        4,
        0,
        {"tricks": rows([("2S", 0), ("3S", 0), ("4S", 0), ("5S", 0)])},
        "Trick 4: Annie already has 3 tricks, the quota.",
        id="you cannot give it to anyone who already has their quota of three",
    ),
    pytest.param(
        3,
        0,
        {"tricks": rows([("2S", 1), ("3S", 1), ("4S", 1), ("5S", 1), ("6S", 1)])},
        "Trick 5: Benny already has 4 tricks, the quota.",
        id="three players each must finish with exactly four tricks",
    ),
    pytest.param(
        4,
        0,
        {"tricks": rows([("2S", 0), ("3S", 1), ("4S", 2), ("2S", 3)])},
        "Trick 4: 2♠ was already the runt of trick 1.",
        id="a card is used once in a hand : the same runt twice",
    ),
    # Denny deals, Annie leads trick 1: Q♠ is played there, so it cannot be trick 2's runt.
    pytest.param(
        4,
        3,
        {"tricks": [{"cards": "6S 10S QS 2S", "to": 2}, {"runt": "QS", "to": 2}]},
        "Trick 2: Q♠ was already played in trick 1.",
        id="a card is used once in a hand : a runt played in an earlier trick",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"runt": "QS", "to": 0}, {"cards": "6S 10S QS 2S", "to": 2}]},
        "Trick 2: Q♠ was already the runt of trick 1.",
        id="a card is used once in a hand : an earlier runt played again",
    ),
    # Four Queens named and a fifth runt worth 20: only four cards are worth 20.
    pytest.param(
        4,
        0,
        {"tricks": rows([("QS", 0), ("QH", 0), ("QD", 1), ("QC", 1), ("20", 2)])},
        "Trick 5: only 4 cards are worth 20 (Q♠ Q♥ Q♦ Q♣), and this would make 5 "
        "used in this hand.",
        id="Queen = 20 : a fifth runt worth 20",
    ),
    # The same the other way round: four runts written as 20, then the Queen of clubs.
    pytest.param(
        4,
        0,
        {"tricks": rows([("20", 0), ("20", 0), ("20", 1), ("20", 1), ("QC", 2)])},
        "Trick 5: only 4 cards are worth 20 (Q♠ Q♥ Q♦ Q♣), and this would make 5 "
        "used in this hand.",
        id="Queen = 20 : four runts worth 20 then a Queen",
    ),
    # Three players: "Jack 10" and no Tens, so only the four Jacks are worth 10; the Jack of
    # spades played in trick 1 (Benny leads 2♠, Connie J♠, Annie 3♠) leaves three for the
    # four runts written as 10.
    pytest.param(
        3,
        0,
        {
            "tricks": [
                {"cards": "2S JS 3S", "to": 0},
                *rows([("10", 1), ("10", 1), ("10", 2), ("10", 2)]),
            ]
        },
        "Trick 5: only 4 cards are worth 10 (J♠ J♥ J♦ J♣), and this would make 5 "
        "used in this hand.",
        id="three players Jack 10 : a played Jack and four runts worth 10",
    ),
    pytest.param(
        3,
        0,
        {"tricks": rows([("7S", 0)])},
        "Trick 1: 7♠ is not in the 36-card pack, which has no Sevens, Eights, Nines or Tens.",
        id="a 36-card pack lacking ranks Seven to Ten : a Seven as runt",
    ),
    pytest.param(
        3,
        0,
        {"tricks": [{"cards": "6S 10S QS", "to": 0}]},
        "Trick 1: 10♠ is not in the 36-card pack, which has no Sevens, Eights, Nines or Tens.",
        id="a 36-card pack lacking ranks Seven to Ten : a Ten played",
    ),
    pytest.param(
        4,
        0,
        {"tricks": rows([("11", 0)])},
        "Trick 1: no card is worth 11 in four-player Tantony: runts are worth 2–10, 15, "
        "20, 25 or 30.",
        id="Two to Ten at face value then Jack = 15 : nothing is worth 11",
    ),
    pytest.param(
        4,
        0,
        {"tricks": rows([("0", 0)])},
        "Trick 1: no card is worth 0 in four-player Tantony: runts are worth 2–10, 15, "
        "20, 25 or 30.",
        id="Two to Ten at face value : nothing is worth 0",
    ),
    pytest.param(
        4,
        0,
        {"tricks": rows([("99", 0)])},
        "Trick 1: no card is worth 99 in four-player Tantony: runts are worth 2–10, 15, "
        "20, 25 or 30.",
        id="Ace = 30 : nothing is worth 99",
    ),
    pytest.param(
        3,
        0,
        {"tricks": rows([("7", 0)])},
        "Trick 1: no card is worth 7 in three-player Tantony: runts are worth 2–6, 10, "
        "15, 20 or 25.",
        id="three players 2 to 6 at face value then Jack 10 : nothing is worth 7",
    ),
    pytest.param(
        4,
        0,
        {"tricks": rows([("ZZ", 0)])},
        "Trick 1: ZZ is not a card: write a card like 2S, 10H or QS, or just a runt's value.",
        id="a runt is a card : ZZ",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"cards": "6S 10S QS", "to": 2}]},
        "Trick 1: 3 cards are entered; each of the 4 players plays one card.",
        id="everyone plays to a trick : three cards at four players",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"cards": "6S 6S QS 2S", "to": 2}]},
        "Trick 1: 6♠ is entered twice.",
        id="everyone plays to a trick : the same card twice",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"runt": "6S", "cards": "6S 10S QS 2S", "to": 2}]},
        "Trick 1: the runt is 2♠ (the lowest spade played), not 6♠.",
        id="Denny's Two is the runt : 6♠ written instead",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"runt": "6", "cards": "6S 10S QS 2S", "to": 2}]},
        "Trick 1: the runt is 2♠ (the lowest spade played), not 6.",
        id="Denny's Two is the runt : the value 6 written instead",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"runt": "2C", "cards": "6S 10H QD 2C", "to": 0}]},
        "Trick 1: the runt is 6♠ (nobody followed suit, so the card led is also the runt), not 2♣.",
        id="her Six would have been a hog : 2♣ written as the runt",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"won_by": 1, "cards": "6S 10S QS 2S", "to": 2}]},
        "Trick 1: Connie won it with the sow Q♠, the highest spade, not Benny.",
        id="Connie's sow Queen wins : Benny written as the winner",
    ),
    pytest.param(
        4,
        3,
        {"tricks": [{"won_by": 2, "cards": "6S 10H QD 2C", "to": 2}]},
        "Trick 1: Annie won it with the hog 6♠: nobody followed suit, not Connie.",
        id="she would have won a trick worth 6 : Connie written as the winner",
    ),
    pytest.param(
        4,
        0,
        {"tricks": [{"runt": "2S"}]},
        "Trick 1: say who got the trick.",
        id="when you get a trick you place it in front of you : nobody named",
    ),
    pytest.param(
        4,
        0,
        {"tricks": [{"to": 1}]},
        "Trick 1: enter the runt, or the cards played.",
        id="the scoring value of a trick is its runt : none written",
    ),
    pytest.param(
        4,
        0,
        {"tricks": [*TWELVE, {"runt": "7C", "to": 0, "won_by": 3}]},
        "Trick 13: the thirteenth trick is never placed: the Tantony card stays with "
        "Denny, who won it.",
        id="the runt is left face up in front of its winner : placed with Annie",
    ),
    # Denny leads 9♣, Annie's K♣ wins: the card cannot be given to Denny.
    pytest.param(
        4,
        0,
        {"tricks": [*TWELVE, {"cards": "9C KC 2H 8C", "to": 3}]},
        "Trick 13: the thirteenth trick is never placed: the Tantony card stays with "
        "Annie, who won it.",
        id="whoever plays the highest card exchanges it : placed with Denny",
    ),
    pytest.param(
        4,
        0,
        {"tricks": [*TWELVE, {"cards": "9C KC 2H 8C", "won_by": 3}]},
        "Trick 13: Annie won it with the sow K♣, the highest club, not Denny.",
        id="whoever plays the highest card of the suit led : Denny written",
    ),
    pytest.param(
        4,
        0,
        {"tricks": [*TWELVE, {"runt": "7C"}]},
        "Trick 13: say who won the last trick: the Tantony card goes to them.",
        id="the runt will count towards the winner's score : no winner written",
    ),
    # Trick 12's runt 3♦ turns up again as a card of the last trick.
    pytest.param(
        4,
        0,
        {"tricks": [*TWELVE, {"cards": "9C KC 3D 8C"}]},
        "Trick 13: 3♦ was already the runt of trick 12.",
        id="everyone will have one card left for the thirteenth : 3♦ used twice",
    ),
]


@pytest.mark.parametrize(("count", "first_dealer", "raw", "message"), REFUSALS)
def test_the_referee_refuses(
    count: int, first_dealer: int, raw: dict[str, Any], message: str
) -> None:
    assert progress_problems(raw, count, first_dealer) == [message]


def test_a_refusal_in_a_whole_hand_is_on_the_tricks_field() -> None:
    # HAND with Connie's J♦ given to Annie instead: Annie's fourth trick.
    tricks = [dict(trick) for trick in HAND["tricks"]]
    tricks[7]["to"] = 0
    result = checked({"tricks": tricks})
    assert result.problems == (
        Problem("tricks", "Trick 8: Annie already has 3 tricks, the quota.", "to", 7),
    )


@pytest.mark.parametrize(
    ("count", "raw", "message"),
    [
        # "13 tricks" at four players; 11 rows entered.
        pytest.param(
            4,
            {"tricks": TWELVE[:11]},
            "A hand has 13 tricks; 11 are entered.",
            id="thirteen tricks at four players : 11 entered",
        ),
        # The whole hand but the Tantony card's trick.
        pytest.param(
            4,
            {"tricks": TWELVE},
            "A hand has 13 tricks; 12 are entered.",
            id="thirteen tricks at four players : the last trick missing",
        ),
        # "Play twelve tricks" at three players; 10 rows entered.
        pytest.param(
            3,
            {"tricks": three("AS AH AD AC", "KS KH KD KC", "QS QH")["tricks"]},
            "A hand has 12 tricks; 10 are entered.",
            id="three players play twelve tricks : 10 entered",
        ),
    ],
)
def test_a_saved_hand_has_every_trick(count: int, raw: dict[str, Any], message: str) -> None:
    # Tricks still being entered are fine; a hand saved short is not.
    assert progress_problems(raw, count) == []
    result = checked(raw, count)
    assert [problem.message for problem in result.problems] == [message]


def test_a_hand_of_no_tricks_is_refused_when_saved() -> None:
    assert [problem.message for problem in checked({"tricks": []}).problems] == [
        "A hand has 13 tricks; 0 are entered."
    ]


def test_a_trick_with_several_faults_names_each() -> None:
    # Annie holds 3 tricks already and 2♠ was trick 1's runt: both are said.
    raw = {"tricks": rows([("2S", 0), ("3S", 0), ("4S", 0), ("2S", 0)])}
    assert progress_problems(raw) == [
        "Trick 4: Annie already has 3 tricks, the quota.",
        "Trick 4: 2♠ was already the runt of trick 1.",
    ]


# ---------------------------------------------------------------- the hand in progress


def test_progress_of_a_hand_not_started() -> None:
    # Annie deals: "Dealer's lefthand opponent leads", Benny.
    progress = GAME.progress(State(make()), parsed({"tricks": []}))
    assert progress.trick_number == 1
    assert progress.total_tricks == 13
    assert progress.leader == 1
    assert progress.taken == (0, 0, 0, 0)
    assert progress.quota == 3
    assert progress.open_seats == (0, 1, 2, 3)
    assert progress.used == frozenset()
    assert not progress.last_trick
    assert not progress.complete


def test_a_seat_with_its_quota_is_closed() -> None:
    # Annie got 2♠, Q♥, 6♦: 2 + 20 + 6 = 28 and her three tricks.
    progress = GAME.progress(State(make()), parsed({"tricks": TWELVE[:3]}))
    assert progress.trick_number == 4
    assert progress.leader == 0
    assert progress.taken == (3, 0, 0, 0)
    assert progress.points == (28, 0, 0, 0)
    assert progress.open_seats == (1, 2, 3)
    assert progress.used == frozenset({"2S", "QH", "6D"})
    assert progress.lines == ("Annie & Connie 28 – Benny & Denny 0",)


def test_before_the_last_trick_every_seat_is_open() -> None:
    # After twelve tricks everyone has three; trick 13 is won, not placed, and Denny (who got
    # trick 12) leads it.
    progress = GAME.progress(State(make()), parsed({"tricks": TWELVE}))
    assert progress.trick_number == 13
    assert progress.last_trick
    assert progress.leader == 3
    assert progress.open_seats == (0, 1, 2, 3)
    assert progress.taken == (3, 3, 3, 3)


def test_a_complete_hand_has_no_next_trick() -> None:
    progress = GAME.progress(State(make()), parsed(HAND))
    assert progress.complete
    assert progress.trick_number == 14
    assert progress.leader is None
    assert progress.open_seats == ()
    # Denny won the Tantony card: four tricks taken, three of them placed.
    assert progress.taken == (3, 3, 3, 4)
    assert progress.points == (28, 15, 31, 17)
    assert "Denny 3/3 + Tantony card · 17" in progress.lines


def test_progress_refereed_cards_are_used() -> None:
    # The text's trick: all four cards are spent, not only the runt.
    progress = GAME.progress(
        State(make(first_dealer=3)), parsed({"tricks": [{"cards": "6S 10S QS 2S", "to": 2}]})
    )
    assert progress.used == frozenset({"6S", "10S", "QS", "2S"})


def test_progress_at_three_players() -> None:
    progress = GAME.progress(State(make(3)), parsed({"tricks": rows([("AS", 0)])}, count=3))
    assert progress.total_tricks == 12
    assert progress.quota == 4
    assert progress.points == (25, 0, 0)
    assert progress.lines == ()  # no sides, no Tantony card: the counts say it all


# ---------------------------------------------------------------- who leads first


def test_the_first_lead_moves_one_seat_left_each_hand_at_four_players() -> None:
    # "Dealer's lefthand opponent leads to the first of 13 tricks"; "The first trick of the next
    # hand is led by the lefthand opponent of the person who led first in the previous hand."
    # Annie deals: Benny, then Connie, Denny, Annie.
    setup = make()
    states = [replay(setup, list(enumerate([HAND] * done, start=1))).state for done in range(4)]
    assert [GAME.dealer(state) for state in states] == [1, 2, 3, 0]


def test_the_first_lead_at_four_players_when_denny_deals() -> None:
    # Denny deals hand 1: Annie leads it.
    assert GAME.dealer(State(make(first_dealer=3))) == 0


@pytest.mark.parametrize(
    ("raw", "leader"),
    [
        # Annie deals hand 1, Benny leads it. "the next round, which is led to by the winner of the
        # last trick": Annie won it (and gave it to Connie).
        pytest.param(
            three("AS AH AD AC", "KS KH KD KC", "QS QH QD QC", won_by=0),
            0,
            id="three players the winner of the last trick leads : Annie won it",
        ),
        # Nobody wrote who won the last trick: whoever got it, Connie.
        pytest.param(
            three("AS AH AD AC", "KS KH KD KC", "QS QH QD QC"),
            2,
            id="three players the winner of the last trick leads : only who got it",
        ),
        # Connie got trick 11 and leads trick 12: 3♦, Annie K♦, Benny 4♣; Annie's K♦ wins and she
        # gives the trick (runt 3♦) to Connie. Annie leads next.
        pytest.param(
            {
                "tricks": [
                    *three("2S 3S 4S 6S", "2H 3H 4H 5H", "AC 5S 2D")["tricks"],
                    {"cards": "3D KD 4C", "to": 2},
                ]
            },
            0,
            id="three players the winner of the last trick leads : from its cards",
        ),
    ],
)
def test_the_first_lead_at_three_players(raw: dict[str, Any], leader: int) -> None:
    setup = make(3)
    assert GAME.dealer(State(setup)) == 1
    assert GAME.dealer(session([raw], count=3)) == leader


def test_the_pad_words_for_the_first_lead() -> None:
    assert GAME.turn_word == "leads"
    assert GAME.turn_heading == "First lead"


# ---------------------------------------------------------------- the end of the game


def sides_hand(annie: str, connie: str = "9H 5H 4H") -> dict[str, Any]:
    """A hand where Benny has 2♥ 3♥ 2♦ (7) and Denny 3♦ 4♦ 2♣ (9) plus the Tantony card 3♣ (3):
    Benny & Denny 7 + 12 = 19. Connie's default 9 + 5 + 4 = 18."""
    return four(annie, "2H 3H 2D", connie, "3D 4D 2C", "3C", won_by=3)


# Annie & Connie: A♠ 30 + x + 2♠ 2 (or 3♠, 4♠, 5♠) with Connie's 18.
H59 = sides_hand("AS 9S 2S")  # 30 + 9 + 2 = 41; 41 + 18 = 59
H60 = sides_hand("AS 10S 2S")  # 30 + 10 + 2 = 42; 42 + 18 = 60
H61 = sides_hand("AS 10S 3S")  # 30 + 10 + 3 = 43; 43 + 18 = 61
H62 = sides_hand("AS 10S 4S")  # 30 + 10 + 4 = 44; 44 + 18 = 62
H63 = sides_hand("AS 10S 5S")  # 30 + 10 + 5 = 45; 45 + 18 = 63
# H59 mirrored: Benny 41, Denny 18 → Benny & Denny 59; Annie 7, Connie 9 + Tantony 3 → 19.
M59 = four("2H 3H 2D", "AS 9S 2S", "3D 4D 2C", "9H 5H 4H", "3C", won_by=2)
# Both sides past 60 in one hand: Annie A♠ K♠ 2♠ 30 + 25 + 2 = 57, Connie 5♠ 4♠ 3♠ 12 → 69;
# Benny A♥ K♥ 2♥ 57, Denny 5♥ 4♥ 2♦ 11 + Tantony 3♣ 3 = 14 → 71.
BOTH = four("AS KS 2S", "AH KH 2H", "5S 4S 3S", "5H 4H 2D", "3C", won_by=3)
# The same with Connie's 3♠ replaced by 5♦: 5 + 4 + 5 = 14 → 57 + 14 = 71 each.
BOTH_LEVEL = four("AS KS 2S", "AH KH 2H", "5S 4S 5D", "5H 4H 2D", "3C", won_by=3)

ANNIE_CONNIE = (0, 2)
BENNY_DENNY = (1, 3)
EVERYONE = (0, 1, 2, 3)

PARTNERSHIP_ENDS = [
    # "a game ends in an earlier sudden death win if one side has reached 60 at the end of the
    # first hand": 60 is reached (docs/rulings.md: inclusive).
    pytest.param(
        [H60],
        True,
        ANNIE_CONNIE,
        "Annie & Connie win a double game: 60 after hand 1 reached the target of 60",
        id="reached 60 at the end of the first hand : exactly 60",
    ),
    pytest.param(
        [H59], False, ANNIE_CONNIE, "", id="reached 60 at the end of the first hand : 59 plays on"
    ),
    # 59 + 61 = 120 after hand 2.
    pytest.param(
        [H59, H61],
        True,
        ANNIE_CONNIE,
        "Annie & Connie win a double game: 120 after hand 2 reached the target of 120",
        id="120 at the end of the second : exactly 120",
    ),
    # 59 + 60 = 119.
    pytest.param(
        [H59, H60], False, ANNIE_CONNIE, "", id="120 at the end of the second : 119 plays on"
    ),
    # 59 + 59 + 62 = 180 after hand 3.
    pytest.param(
        [H59, H59, H62],
        True,
        ANNIE_CONNIE,
        "Annie & Connie win a double game: 180 after hand 3 reached the target of 180",
        id="180 at the end of the third : exactly 180",
    ),
    # 59 + 59 + 61 = 179.
    pytest.param(
        [H59, H59, H61], False, ANNIE_CONNIE, "", id="180 at the end of the third : 179 plays on"
    ),
    # 59 × 3 + 63 = 240 against 19 × 4 = 76 after four hands: a double.
    pytest.param(
        [H59, H59, H59, H63],
        True,
        ANNIE_CONNIE,
        "Annie & Connie win a double game: 240 to 76 after four hands reached 240",
        id="a double game for reaching 240 at the end of the fourth deal : exactly 240",
    ),
    # 59 × 3 + 62 = 239: the higher total wins a single game.
    pytest.param(
        [H59, H59, H59, H62],
        True,
        ANNIE_CONNIE,
        "Annie & Connie win a single game: 239 to 76 after four hands",
        id="a game is normally four hands : 239 wins a single game",
    ),
    # Benny & Denny 71 and Annie & Connie 69 both reach 60 after hand 1 (docs/rulings.md: the higher
    # total wins the double).
    pytest.param(
        [BOTH],
        True,
        BENNY_DENNY,
        "Benny & Denny win a double game: 71 to 69 after hand 1; both sides reached "
        "the target of 60 and the higher total wins",
        id="both sides reach the target : the higher total wins the double",
    ),
    # 71 each (docs/rulings.md: equal totals play on).
    pytest.param(
        [BOTH_LEVEL],
        False,
        EVERYONE,
        "Both sides reached the target of 60 with 71: play on",
        id="both sides reach the target with equal totals : play on",
    ),
    # 59 + 19 + 59 + 19 = 156 each; never at a target on the way (59 < 60, 78 < 120, 137 < 180).
    pytest.param(
        [H59, M59, H59, M59],
        True,
        (),
        "Draw: 156 each after four hands",
        id="equal totals after four hands draw",
    ),
    # Benny & Denny lead 59 to 19 after hand 1 of a mirrored hand: short of 60, the leaders.
    pytest.param(
        [M59],
        False,
        BENNY_DENNY,
        "",
        id="reached 60 at the end of the first hand : the other side's 59",
    ),
]


@pytest.mark.parametrize(("hands", "finished", "winners", "text"), PARTNERSHIP_ENDS)
def test_partnership_game_ends(
    hands: list[dict[str, Any]], finished: bool, winners: tuple[int, ...], text: str
) -> None:
    outcome = GAME.outcome(session(hands))
    assert outcome.finished is finished
    assert outcome.winners == winners
    assert outcome.text == text


def test_each_hand_of_the_session_adds_the_side_totals() -> None:
    # 59 + 59 + 62 = 180 for Annie & Connie; 19 × 3 = 57 for Benny & Denny.
    state = session([H59, H59, H62])
    totals = state.totals
    assert (totals[0] + totals[2], totals[1] + totals[3]) == (180, 57)


# Per seat in H59: Annie 41, Benny 7, Connie 18, Denny 9 + 3 = 12. After four such hands:
# Annie 164, Benny 28, Connie 72, Denny 48.
SPLIT_AND_INDIVIDUAL = [
    # "you score the value of tricks taken by yourself plus the value of those taken by the
    # player on your left" (the next seat): Annie 164 + 28 = 192, Benny 28 + 72 = 100,
    # Connie 72 + 48 = 120, Denny 48 + 164 = 212. Denny wins.
    pytest.param(
        "split_left",
        (3,),
        "Split scores (own + the player on the left): Annie 164 + 28 = 192 · "
        "Benny 28 + 72 = 100 · Connie 72 + 48 = 120 · Denny 48 + 164 = 212. "
        "Denny wins with 212",
        id="split partnership yourself plus the player on your left",
    ),
    # "your halfpartner is the player on your right": Annie 164 + 48 = 212, Benny 28 + 164 = 192,
    # Connie 72 + 28 = 100, Denny 48 + 72 = 120. Annie wins.
    pytest.param(
        "split_right",
        (0,),
        "Split scores (own + the player on the right): Annie 164 + 48 = 212 · "
        "Benny 28 + 164 = 192 · Connie 72 + 28 = 100 · Denny 48 + 72 = 120. "
        "Annie wins with 212",
        id="split partnership halfpartner on your right",
    ),
    # "simply record the results as four individual scores": Annie 164 is highest.
    pytest.param(
        "individual",
        (0,),
        "After four hands Annie wins with 164",
        id="play as described and record four individual scores",
    ),
]


@pytest.mark.parametrize(("scoring", "winners", "text"), SPLIT_AND_INDIVIDUAL)
def test_split_and_individual_game_ends(scoring: str, winners: tuple[int, ...], text: str) -> None:
    state = session([H59] * 4, scoring=scoring)
    assert state.totals == (164, 28, 72, 48)
    outcome = GAME.outcome(state)
    assert outcome.finished
    assert outcome.winners == winners
    assert outcome.text == text


@pytest.mark.parametrize("scoring", ["split_left", "split_right", "individual"])
def test_no_sudden_death_without_fixed_sides(scoring: str) -> None:
    # The sudden death is "if one side has reached 60": without sides the game is four hands.
    # Annie 42 + Connie 18 = 60 would end a partnership game after H60.
    outcome = GAME.outcome(session([H60, H60, H60], scoring=scoring))
    assert not outcome.finished


def test_split_leaders_before_the_end() -> None:
    # After one H59 with the left half-partner: Annie 41 + 7 = 48, Benny 7 + 18 = 25,
    # Connie 18 + 12 = 30, Denny 12 + 41 = 53: Denny leads.
    outcome = GAME.outcome(session([H59], scoring="split_left"))
    assert not outcome.finished
    assert outcome.winners == (3,)


def test_individual_tie_after_four_hands_shares_first_place() -> None:
    # H59 gives Annie 41, Benny 7, Connie 18, Denny 9 + Tantony 3 = 12; M59 gives Annie 7,
    # Benny 41, Connie 9 + Tantony 3 = 12, Denny 18. Twice each: Annie 82 + 14 = 96,
    # Benny 14 + 82 = 96, Connie 36 + 24 = 60, Denny 24 + 36 = 60.
    state = session([H59, H59, M59, M59], scoring="individual")
    assert state.totals == (96, 96, 60, 60)
    outcome = GAME.outcome(state)
    assert outcome.finished
    assert outcome.winners == (0, 1)
    assert outcome.text == "After four hands Annie and Benny share first place with 96"


# Three players ("Game is 300 points"):
BIG = three("AS AH AD AC", "KS KH KD KC", "QS QH QD QC")  # 4 × 25 = 100, 4 × 20 = 80, 4 × 15 = 60
A85 = three("AS AH AD JS", "KS KH KD KC", "QS QH QD QC")  # 25 × 3 + 10 = 85, 80, 60
LOW15 = three("2S 3S 4S 6S", "2H 3H 4H 5H", "AC 5S 2D 3D")  # 15, 14, 25 + 5 + 2 + 3 = 35
LOW14 = three("2S 3S 4S 5S", "2H 3H 4H 6H", "AC 6S 2D 3D")  # 14, 15, 25 + 6 + 2 + 3 = 36
SYM = three("AS AH KS KH", "AD AC KD KC", "QS QH QD QC")  # 25 + 25 + 20 + 20 = 90, 90, 60

THREE_PLAYER_ENDS = [
    # Annie 100 + 100 + 85 + 15 = 300 (Benny 80 × 3 + 14 = 254, Connie 60 × 3 + 35 = 215).
    pytest.param(
        [BIG, BIG, A85, LOW15],
        True,
        (0,),
        "Annie wins with 300 after hand 4, reaching 300",
        id="game is 300 points : exactly 300",
    ),
    # Annie 100 + 100 + 85 + 14 = 299.
    pytest.param([BIG, BIG, A85, LOW14], False, (0,), "", id="game is 300 points : 299 plays on"),
    # Annie and Benny 90 × 4 = 360 each (docs/rulings.md: equal highest totals play another round).
    pytest.param(
        [SYM] * 4,
        False,
        (0, 1),
        "Annie and Benny are level at the top with 360: play another round",
        id="game is 300 points : a tie at the top plays another round",
    ),
    # One more round: Annie 360 + 100 = 460, Benny 360 + 80 = 440.
    pytest.param(
        [*[SYM] * 4, BIG],
        True,
        (0,),
        "Annie wins with 460 after hand 5, reaching 300",
        id="game is 300 points : the round after a tie decides",
    ),
]


@pytest.mark.parametrize(("hands", "finished", "winners", "text"), THREE_PLAYER_ENDS)
def test_three_player_game_ends(
    hands: list[dict[str, Any]], finished: bool, winners: tuple[int, ...], text: str
) -> None:
    outcome = GAME.outcome(session(hands, count=3))
    assert outcome.finished is finished
    assert outcome.winners == winners
    assert outcome.text == text


# ---------------------------------------------------------------- fields, options, sides


def test_the_tricks_field_offers_the_pack_in_play() -> None:
    (field,) = GAME.fields(make())
    assert field.name == "tricks"
    assert (field.minimum, field.maximum) == (13, 13)
    codes = [choice.value for choice in field.choices]
    # 52 cards, suit by suit ♠ ♥ ♦ ♣, each from 2 up to the Ace.
    assert len(codes) == 52
    assert codes[:13] == [
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
        "9S",
        "10S",
        "JS",
        "QS",
        "KS",
        "AS",
    ]
    assert codes[13] == "2H"
    assert codes[-1] == "AC"
    assert field.choices[0].label == "2♠"


def test_the_three_player_field_has_no_sevens_to_tens() -> None:
    (field,) = GAME.fields(make(3))
    assert (field.minimum, field.maximum) == (12, 12)
    codes = [choice.value for choice in field.choices]
    assert len(codes) == 36
    assert codes[:9] == ["2S", "3S", "4S", "5S", "6S", "JS", "QS", "KS", "AS"]


def test_options() -> None:
    (scoring,) = GAME.options(4)
    assert scoring.name == "scoring"
    assert scoring.default == "partnership"
    assert [choice.value for choice in scoring.choices] == [
        "partnership",
        "split_left",
        "split_right",
        "individual",
    ]
    assert "The pad's rulings" in scoring.help
    assert GAME.options(3) == ()


def test_the_sides_are_partners_sitting_opposite() -> None:
    assert GAME.groups(make()) == (
        SeatGroup("Annie & Connie", (0, 2)),
        SeatGroup("Benny & Denny", (1, 3)),
    )
    assert GAME.groups(make(scoring="split_left")) == ()
    assert GAME.groups(make(3)) == ()


def test_the_game_is_registered() -> None:
    assert isinstance(GAME, Tantony)
    assert GAME.player_counts == (3, 4)
    assert not GAME.zero_sum


def test_a_target_reached_in_an_earlier_hand_ends_the_game_there() -> None:
    # "A game ends in an earlier sudden death win if one side has reached 60 at the end of the
    # first hand": hand 1 gives Annie 2♠ Q♥ A♦ = 2 + 20 + 30 = 52 and Connie 10♥ J♦ 6♥ = 31,
    # so Annie & Connie 83 ≥ 60. A second hand entered after it (a correction to hand 1 made
    # afterwards, say) does not undo that: the game was over after hand 1.
    winning = four("2S QH AD", "5C 3H 7S", "10H JD 6H", "4D 3C 3D", "7C", won_by=3)
    state = session([winning, HAND])
    outcome = GAME.outcome(state)
    assert outcome.finished
    assert outcome.winners == (0, 2)
    assert "83 after hand 1 reached the target of 60" in outcome.text


# ---------------------------------------------------------------- the facts as data


def test_the_facts_of_a_hand_refereed_trick_by_trick() -> None:
    # PLAYED_HAND, from the table above it: each trick's leader, winner, who got it and runt.
    facts = scored(PLAYED_HAND).facts
    tricks = facts["tricks"]
    assert [trick["leader"] for trick in tricks] == LEADERS
    assert [trick["won_by"] for trick in tricks] == [won_by for _, won_by, _ in PLAYED] + [2]
    assert [trick["to"] for trick in tricks] == [to for _, _, to in PLAYED] + [2]
    assert [trick["runt_value"] for trick in tricks] == [2, 3, 3, 7, 2, 2, 2, 7, 6, 30, 20, 5, 4]
    assert tricks[0] == {
        "number": 1,
        "leader": 1,
        "won_by": 3,
        "to": 0,
        "placed": True,
        "runt_value": 2,
        "runt_card": "2S",
        "cards": ["2S", "9S", "KS", "5S"],
    }
    assert [trick["placed"] for trick in tricks] == [True] * 12 + [False]
    # Annie 15, Benny 11, Connie 43, Denny 24; Connie holds the Tantony card 4♥ (4).
    assert facts["points"] == [15, 11, 43, 24]
    assert facts["tricks_taken"] == [3, 3, 4, 3]
    assert facts["tantony"] == {"holder": 2, "value": 4, "card": "4H"}
    # Annie & Connie 15 + 43 = 58; Benny & Denny 11 + 24 = 35.
    assert facts["sides"] == [{"seats": [0, 2], "points": 58}, {"seats": [1, 3], "points": 35}]
    assert json.loads(json.dumps(facts)) == facts


def test_the_facts_of_runts_written_as_values() -> None:
    # As test_runts_written_as_values_score_the_same: Q♥ written "20" has a value, no card;
    # Denny won the last trick with the Tantony card 7♣ (7).
    raw = four("2S 20 6D", "5C 3H 7S", "10H 15 6H", "4D 3C 3D", "7C", won_by=3)
    facts = scored(raw, scoring="individual").facts
    assert (facts["tricks"][1]["runt_value"], facts["tricks"][1]["runt_card"]) == (20, None)
    assert facts["tricks"][1]["won_by"] is None  # neither written nor played
    assert facts["points"] == [28, 15, 31, 17]
    assert facts["tantony"] == {"holder": 3, "value": 7, "card": "7C"}
    assert (facts["scoring"], facts["sides"]) == ("individual", [])


def test_the_facts_at_three_players_have_no_tantony_card() -> None:
    # "Jack 10, Queen 15, King 20, Ace 25": Annie 4 × 25 = 100, Benny 4 × 20 = 80, Connie
    # 4 × 15 = 60; every trick is placed.
    facts = scored(three("AS AH AD AC", "KS KH KD KC", "QS QH QD QC"), count=3).facts
    assert facts["points"] == [100, 80, 60]
    assert facts["tantony"] is None
    assert all(trick["placed"] for trick in facts["tricks"])
    assert len(facts["tricks"]) == 12


# ---------------------------------------------------------------- hands played by the rules


def _legal_hand(
    rng: random.Random, leader: int, count: int = 4, renege: bool = False
) -> tuple[Any, ...]:
    """A shuffled deal played out as the rules say: suit followed when possible, the highest
    card of the suit led wins, a trick placed with a seat under the quota (3 at four players, 4
    at three), trick 13 kept by its winner at four players. Returned as parsed tricks (with the
    cards, the runt and who got it). With `renege`, the second player of each trick discards
    when they could follow (a renege: nothing the referee can see from the cards entered)."""
    from companion.contract.values import TrickRecord
    from companion.games.tantony import table_for_count
    from companion.kit.tricks import ACE_HIGH

    table = table_for_count(count)
    pack = list(table.pack)
    rng.shuffle(pack)
    share = len(pack) // count
    hands = [pack[seat * share : (seat + 1) * share] for seat in range(count)]
    placed, tricks = [0] * count, []
    for number in range(1, table.total_tricks + 1):
        cards = []
        for index in range(count):
            hand = hands[(leader + index) % count]
            following = [c for c in hand if cards and c.suit is cards[0].suit]
            others = [c for c in hand if c not in following]
            if renege and index == 1 and following and others:
                following = others
            card = rng.choice(following or hand)
            hand.remove(card)
            cards.append(card)
        led = [c for c in cards if c.suit is cards[0].suit]
        high = max(led, key=lambda c: ACE_HIGH.strength(c.rank))
        low = min(led, key=lambda c: ACE_HIGH.strength(c.rank))
        winner = (leader + cards.index(high)) % count
        if table.is_last_unplaced(number):
            got = winner
        else:
            got = rng.choice([seat for seat in range(count) if placed[seat] < table.quota])
            placed[got] += 1
        tricks.append(
            TrickRecord(
                tuple(c.code for c in cards),
                to=got,
                parts=(("runt", rng.choice([low.code, None])),),
            )
        )
        leader = got
    return tuple(tricks)


@pytest.mark.parametrize("count", [4, 3])
def test_hands_played_by_the_rules_are_walked_without_a_problem(count: int) -> None:
    """Deals played out legally (each player follows suit when able; every fifth with a
    renege, which the cards of one trick cannot show) are read without a problem, every trick
    got by someone."""
    from companion.games.tantony import table_for_count, walk

    setup, rng = make(count), random.Random(15)
    total = table_for_count(count).total_tricks
    for number in range(60):
        leader = rng.randrange(count)
        walked = walk(setup, leader, _legal_hand(rng, leader, count, renege=number % 5 == 0))
        assert walked.problems == ()
        assert sum(walked.taken) == total


# ---------------------------------------------------------------- revokes across tricks
# "You must follow suit if you can, but may play any card if you can't": a card off the suit
# led shows its player had none of that suit; a card of that suit later proves a revoke. The
# text gives no penalty, so the hand scores as entered and the note lets the table settle it.

# PLAYED_HAND read from the table above its definition (seats: Annie, Benny, Connie, Denny):
#   trick 2 (Annie leads A♥): Connie plays 4♦, so shows no hearts; trick 5: Connie leads Q♥.
#   trick 10 (Annie leads A♦): Benny 7♥, Connie 8♥, Denny 9♥ show no diamonds; trick 11 (led by
#   Connie: Connie, Denny, Annie, Benny): Benny plays J♦; trick 13 (led by Benny: Benny, Connie,
#   Denny, Annie): Denny plays Q♦. Connie plays no diamond after trick 10.
PLAYED_HAND_REVOKES = [
    "Connie revoked: Connie showed no Hearts in trick 2 and plays the Queen of Hearts in trick 5.",
    "Benny revoked: Benny showed no Diamonds in trick 10 and plays the Jack of Diamonds in "
    "trick 11.",
    "Denny revoked: Denny showed no Diamonds in trick 10 and plays the Queen of Diamonds in "
    "trick 13.",
]


def test_revokes_are_noted_in_the_lines_not_refused_and_score_nothing() -> None:
    result = scored(PLAYED_HAND)
    assert result.points == (15, 11, 43, 24)  # as in test_a_hand_refereed_trick_by_trick
    assert [line for line in result.lines if "revoked" in line] == PLAYED_HAND_REVOKES


@pytest.mark.parametrize(
    ("done", "proven_in"),
    [
        pytest.param(4, [], id="trick 4: Connie's void in hearts not yet contradicted"),
        pytest.param(5, [5], id="trick 5: Connie leads Q♥"),
        pytest.param(10, [5], id="trick 10 shows three voids in diamonds"),
        pytest.param(11, [5, 11], id="trick 11: Benny plays J♦"),
    ],
)
def test_the_trick_panel_notes_a_revoke_from_the_trick_that_proves_it(
    done: int, proven_in: list[int]
) -> None:
    entry = parsed({"tricks": PLAYED_HAND["tricks"][:done]})
    progress = GAME.progress(State(make()), entry)
    notes = PLAYED_HAND_REVOKES[: len(proven_in)]
    assert list(progress.warnings) == notes  # set apart from the lines, which say none
    assert not [line for line in progress.lines if "revoked" in line]
    # In the tricks so far, each note is on the trick that proves it, and on no other.
    assert [
        number for number, words in enumerate(progress.tricks, start=1) if "revoked" in words
    ] == proven_in
    for number, note in zip(proven_in, notes, strict=True):
        assert progress.tricks[number - 1].endswith(f" · {note}")
    assert GAME.validate_progress(State(make()), entry) == []


@pytest.mark.parametrize("count", [4, 3])
def test_a_hand_played_by_the_rules_proves_no_revoke(count: int) -> None:
    # Every deal of `_legal_hand` follows suit whenever it can, so no card contradicts a void.
    from companion.games.tantony import revoke_notes, walk

    setup, rng = make(count), random.Random(7)
    for _ in range(40):
        leader = rng.randrange(count)
        assert revoke_notes(setup, walk(setup, leader, _legal_hand(rng, leader, count))) == []


def test_a_hand_entered_from_the_runts_alone_has_no_revoke_to_note() -> None:
    # No cards, so nothing shows a void: the lines are the runts and sides only.
    result = scored({"tricks": [*rows(RUNTS_AT_THE_END), {"runt": "4H", "won_by": 2}]})
    assert not [line for line in result.lines if "revoked" in line]


def test_a_revoke_at_three_players() -> None:
    # Three players, Annie deals, so Benny leads trick 1: Benny 2♠, Connie 3♠, Annie 4♥ (Annie
    # shows no spades); Connie wins with 3♠ (the sow) and keeps it, so leads trick 2: Connie
    # 5♦, Annie 5♠, Benny 6♦: Annie's 5♠ proves the revoke.
    raw = {"tricks": [{"cards": "2S 3S 4H", "to": 2}, {"cards": "5D 5S 6D", "to": 1}]}
    progress = GAME.progress(State(make(3)), parsed(raw, count=3))
    assert progress.warnings == (
        "Annie revoked: Annie showed no Spades in trick 1 and plays the Five of Spades in trick 2.",
    )
