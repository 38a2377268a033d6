"""Troggu: the text's Rappen worked by hand, the pack and its 114 points, the referee, the session.

Every expected number below is worked out in the comment above it from the text (seed 002,
"Troggu") and docs/rulings.md ("The tarot family"):
    the 78-card tarot without the red 7–10 and the black Ace–4: 62 cards, 114 points;
    the Tappist or Soloist (the Tapp counting for them) wins with 58 or more, 57 is a tie;
    win: each other player pays them the stake (10 Rappen); loss: they pay it to each;
    Misère: the player with the most points pays the stake to every other player.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import HandResult, Setup, State
from companion.engine.replay import make_setup, replay
from companion.games.troggu import PACK, TROGGU_POINTS, tapp_size
from companion.kit.cards import Suit, parse
from companion.kit.counting import achievable_totals, total_points
from tests.games.tables import assert_refused_on, score_one, table, verdict

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
GAME = get("troggu")


def make(count: int, first_dealer: int = 0, **options: Any) -> Setup:
    """A session of `count` players (Ann, Bob, …) with the options given, the rest default."""
    return table("troggu", NAMES[:count], first_dealer, **options)


def checked(count: int, raw: dict[str, Any], **options: Any):
    """The engine's verdict on one raw entry at a fresh table."""
    return verdict(make(count, **options), raw)


def scored(count: int, raw: dict[str, Any], **options: Any) -> HandResult:
    """One hand scored through the engine; fails the test if the referee refuses it."""
    return score_one(make(count, **options), raw)


def tappist(points: int, player: int = 0, **rest: Any) -> dict[str, Any]:
    """A Tappist game, the points of the Tappist's side unless `counted_side` says otherwise."""
    return {"contract": "tappist", "player": player, "points": points, **rest}


def solo(points: int, player: int = 1, **rest: Any) -> dict[str, Any]:
    """A Solo game, the points of the Soloist's side unless `counted_side` says otherwise."""
    return {"contract": "soloist", "player": player, "points": points, **rest}


def misere(most: int, *tied: int) -> dict[str, Any]:
    """A Misère: who took the most points, and who took as many."""
    return {"contract": "misere", "player": most, **{f"tied_{seat}": True for seat in tied}}


# ---------------------------------------------------------------- the pack and its points


def test_the_pack_has_62_cards() -> None:
    # 78 − the red 7–10 (4 cards × 2 suits) − the black Ace–4 (4 × 2) = 78 − 8 − 8 = 62.
    assert len(PACK) == 62
    codes = {card.code for card in PACK}
    assert {"6H", "AD", "5S", "10C"} <= codes  # red Ace–6 and black 5–10 stay
    assert not {"7H", "10D", "AS", "4C"} & codes  # red 7–10 and black Ace–4 go


CARD_VALUES = [
    pytest.param("1T", 5, id="Bouts are worth 5 points each : the 1 of trumps"),
    pytest.param("21T", 5, id="Bouts are worth 5 points each : the 21"),
    pytest.param("EX", 5, id="Bouts are worth 5 points each : the Excuse"),
    pytest.param("2T", 1, id="Atouts 2- 20 are worth 1 point each : 2"),
    pytest.param("14T", 1, id="Atouts 2- 20 are worth 1 point each : 14, not a King"),
    pytest.param("20T", 1, id="Atouts 2- 20 are worth 1 point each : 20"),
    pytest.param("KS", 5, id="Kings are worth 5 points each"),
    pytest.param("QH", 4, id="Queens are worth 4 points each"),
    pytest.param("CD", 3, id="Knights are worth 3 points each"),
    pytest.param("JC", 2, id="Jacks are worth 2 points each"),
    pytest.param("AH", 1, id="Pips are worth 1 point each : red Ace"),
    pytest.param("10S", 1, id="Pips are worth 1 point each : black 10"),
]


@pytest.mark.parametrize(("code", "value"), CARD_VALUES)
def test_card_values(code: str, value: int) -> None:
    assert TROGGU_POINTS(parse(code, tarot=True)) == value


def test_the_pack_counts_114() -> None:
    # Bouts 3 × 5 = 15; trumps 2–20: 19 × 1 = 19; Kings 4 × 5 = 20; Queens 4 × 4 = 16;
    # Knights 4 × 3 = 12; Jacks 4 × 2 = 8; pips 4 suits × 6 = 24.
    # 15 + 19 + 20 + 16 + 12 + 8 + 24 = 114.
    assert total_points(PACK, TROGGU_POINTS) == 114
    pips = [card for card in PACK if card.suit in (Suit.HEARTS, Suit.SPADES) and card.rank <= 10]
    assert len(pips) == 12  # 6 in each suit


def test_every_total_can_be_held_so_only_the_tapp_limits_the_points() -> None:
    # 43 one-point cards (19 trumps, 24 pips) make every sum between the bigger cards.
    assert achievable_totals(PACK, TROGGU_POINTS) == frozenset(range(115))


TAPP_SIZES = [
    pytest.param(3, 8, id="3 players 6 + 6 + 6 = 18 each : 62 − 54 = 8"),
    pytest.param(4, 10, id="4 players 4 + 4 + 5 = 13 each : 62 − 52 = 10"),
    pytest.param(5, 7, id="5 players 4 + 4 + 3 = 11 each : 62 − 55 = 7"),
    pytest.param(6, 8, id="6 players 4 + 5 = 9 each : 62 − 54 = 8"),
]


@pytest.mark.parametrize(("count", "size"), TAPP_SIZES)
def test_the_tapp_size_for_the_dealer(count: int, size: int) -> None:
    assert tapp_size(count) == size
    assert GAME.table_notes(State(make(count))) == (f"Tapp: {size} cards",)
    assert f"The Tapp holds {size} cards" in GAME.fields(make(count))[0].help


# ---------------------------------------------------------------- worked examples


WORKED_EXAMPLES = [
    # Ann wins: each of the 4 others pays 10; Ann 4 × 10 = 40.
    pytest.param(
        5,
        {},
        tappist(62),
        (40, -10, -10, -10, -10),
        id="a Tappist will receive 40 Rappen for winning a 5 player game",
    ),
    # Exactly 58: a strict majority of 114.
    pytest.param(5, {}, tappist(58), (40, -10, -10, -10, -10), id="58 or more wins : exactly 58"),
    # 57: half of 114 each, nobody pays.
    pytest.param(
        5, {}, tappist(57), (0, 0, 0, 0, 0), id="If a tie, the Rappen is not given out : 57–57"
    ),
    # 56: Ann pays 10 to each of 4; Ann −40.
    pytest.param(
        5,
        {},
        tappist(56),
        (-40, 10, 10, 10, 10),
        id="If the rest of the players win, they receive 10 Rappen : 56",
    ),
    # The others counted 56: Ann has 114 − 56 = 58, wins.
    pytest.param(
        5,
        {},
        tappist(56, counted_side="others"),
        (40, -10, -10, -10, -10),
        id="the other side has 114 minus it : others 56, Tappist 58",
    ),
    # The others counted 57: Ann 114 − 57 = 57, a tie.
    pytest.param(
        5,
        {},
        tappist(57, counted_side="others"),
        (0, 0, 0, 0, 0),
        id="the other side has 114 minus it : others 57, a tie",
    ),
    # Bob's Solo with 70 wins: Bob 4 × 10 = 40.
    pytest.param(
        5,
        {},
        solo(70),
        (-10, 40, -10, -10, -10),
        id="if the Tappist or Soloist win, they receive 10 Rappen from each player",
    ),
    # Bob's Solo with 40 loses: Bob pays 4 × 10 = 40.
    pytest.param(
        5,
        {},
        solo(40),
        (10, -40, 10, 10, 10),
        id="they receive 10 Rappen from the Tappist or Soloist : Solo lost",
    ),
    # House rule, a Solo paid double: 2 × 10 = 20 from each of 4; Bob 80.
    pytest.param(
        5,
        {"solo_stake": "double"},
        solo(70),
        (-20, 80, -20, -20, -20),
        id="house rule a Solo is paid double : won",
    ),
    # The house rule leaves a Tappist's game at the stake.
    pytest.param(
        5,
        {"solo_stake": "double"},
        tappist(62),
        (40, -10, -10, -10, -10),
        id="house rule a Solo is paid double : a Tappist is not",
    ),
    # Ann dealt (first dealer) and took the most points in the Misère: pays 4 × 10 = 40.
    pytest.param(
        5,
        {},
        misere(0),
        (-40, 10, 10, 10, 10),
        id="if the dealer wins a 5 player game, they must pay 10 Rappen to all",
    ),
    # Bob and Dan tie for the most: each pays 10 to Ann, Cat and Eve (3 × 10 = 30);
    # Ann, Cat and Eve receive 10 from each of the two (20).
    pytest.param(
        5,
        {},
        misere(1, 3),
        (20, -30, 20, -30, 20),
        id="Misère tie for the most : each pays the players with fewer",
    ),
    # All three tie: nobody has fewer, nobody pays.
    pytest.param(
        3, {}, misere(0, 1, 2), (0, 0, 0), id="Misère tie for the most : everyone tied pays nothing"
    ),
    # Three players, Ann wins: 2 × 10 = 20.
    pytest.param(
        3, {}, tappist(60), (20, -10, -10), id="3 players : the Tappist receives 10 from each of 2"
    ),
    # Six players, Cat loses: pays 5 × 10 = 50.
    pytest.param(
        6,
        {},
        tappist(50, player=2),
        (10, 10, -50, 10, 10, 10),
        id="6 players : the Tappist pays 10 to each of 5",
    ),
    # Four players at 25 Rappen: Ann wins 3 × 25 = 75.
    pytest.param(
        4,
        {"stake": 25},
        tappist(60),
        (75, -25, -25, -25),
        id="The basic stake is configurable : 25 Rappen",
    ),
    # Six players at 20 Rappen, Misère, Fay most: pays 5 × 20 = 100.
    pytest.param(
        6,
        {"stake": 20},
        misere(5),
        (20, 20, 20, 20, 20, -100),
        id="Misère at 6 players and 20 Rappen : Fay pays 100",
    ),
]


@pytest.mark.parametrize(("count", "options", "raw", "expected"), WORKED_EXAMPLES)
def test_worked_example(
    count: int, options: dict[str, Any], raw: dict[str, Any], expected: tuple[int, ...]
) -> None:
    result = scored(count, raw, **options)
    assert result.points == expected
    assert sum(result.points) == 0


def test_the_lines_of_the_texts_five_player_example() -> None:
    result = scored(5, tappist(58, counted_side="others"))
    # The others counted 58: Ann 114 − 58 = 56, loses; pays 4 × 10 = 40.
    assert result.lines == (
        "The Tapp holds 7 cards (11 each at 5 players); they count for Ann",
        "Counted for the others: 58; so Ann's side has 114 − 58 = 56",
        "Ann (Tappist) 56 points: less than 57 loses",
        "Ann pays 10 Rappen to each of the other 4: Ann −40",
    )
    assert result.headline == "Ann Tappist · 56 pts · lost"


def test_the_lines_of_a_doubled_solo() -> None:
    result = scored(5, solo(70), solo_stake="double")
    assert result.lines[-2:] == (
        "A Solo is paid double (house rule): 2 × 10 = 20 Rappen",
        "Each of the other 4 pays Bob 20 Rappen: Bob +80",
    )


def test_the_lines_of_a_misere() -> None:
    result = scored(5, misere(0))
    assert result.lines == (
        "Misère: nobody takes the Tapp, everyone plays alone",
        "Ann took the most points and pays 10 Rappen to each of the other 4: Ann −40",
    )


def test_describe() -> None:
    setup = make(5)
    assert GAME.describe(setup, checked(5, tappist(62)).entry) == "Ann Tappist · 62 pts · won"
    assert GAME.describe(setup, checked(5, solo(57)).entry) == "Bob Soloist · 57 pts · tie"
    assert GAME.describe(setup, checked(5, misere(1)).entry) == "Misère · Bob most points"
    assert GAME.describe(setup, checked(5, misere(3, 1)).entry) == (
        "Misère · Bob and Dan tied for most points"
    )


def test_a_misere_clears_the_points() -> None:
    result = checked(5, {**misere(1), "points": 80, "counted_side": "others"})
    assert result.ok
    assert result.entry["points"] is None
    assert result.entry["counted_side"] is None


# ---------------------------------------------------------------- the referee


REFUSALS = [
    # The 8 cards of the Tapp count for the Tappist, at least 1 point each.
    pytest.param(
        3,
        tappist(7),
        "points",
        "at least 8",
        id="Tappist and Soloist including the Tapp : 3 players, 7 points",
    ),
    # The others then hold at most 114 − 10 = 104 at 4 players.
    pytest.param(
        4,
        tappist(105, counted_side="others"),
        "points",
        "at most 104",
        id="Tappist and Soloist including the Tapp : 4 players, others 105",
    ),
    pytest.param(
        5,
        solo(6),
        "points",
        "at least 7",
        id="Tappist and Soloist including the Tapp : a Solo with 6 at 5 players",
    ),
    pytest.param(5, tappist(115), "points", "between 0 and 114", id="114 points in all : 115"),
    pytest.param(5, tappist(-3), "points", "between 0 and 114", id="114 points in all : −3"),
    pytest.param(
        5,
        {"contract": "tappist", "points": 60},
        "player",
        "Choose player",
        id="One player, called the Tappist : nobody chosen",
    ),
    pytest.param(
        5,
        {"player": 0, "points": 60},
        "contract",
        "Choose game",
        id="ich nehm's, ich gehe, or solo : no game chosen",
    ),
    pytest.param(
        5,
        {**tappist(60), "tied_2": True},
        "tied_2",
        "Only a Misère",
        id="the player with the most points : a tie outside a Misère",
    ),
    pytest.param(
        5,
        misere(1, 1),
        "tied_1",
        "already chosen",
        id="the player with the most points : tied with themself",
    ),
]


@pytest.mark.parametrize(("count", "raw", "field", "phrase"), REFUSALS)
def test_the_referee_refuses(count: int, raw: dict[str, Any], field: str, phrase: str) -> None:
    assert_refused_on(checked(count, raw), field, phrase)


def test_the_tapp_limits_are_accepted() -> None:
    # 3 players: the Tappist's side 8 to 114; the others 0 to 114 − 8 = 106.
    assert checked(3, tappist(8)).ok
    assert checked(3, tappist(114)).ok
    assert checked(3, tappist(106, counted_side="others")).ok
    assert not checked(3, tappist(107, counted_side="others")).ok


@pytest.mark.parametrize("stake", [0, 1001, "ten"])
def test_the_stake_option_refuses_what_is_not_a_stake(stake: Any) -> None:
    _, problems = make_setup("troggu", NAMES[:4], {"stake": stake})
    assert [problem.field for problem in problems] == ["stake"]


def test_options_and_fields() -> None:
    options = {option.name: option for option in GAME.options(4)}
    assert options["stake"].default == 10
    assert options["solo_stake"].default == "single"
    assert [field.name for field in GAME.fields(make(4))] == [
        "contract",
        "player",
        "counted_side",
        "points",
        "tied_0",
        "tied_1",
        "tied_2",
        "tied_3",
    ]


# ---------------------------------------------------------------- the session


def test_a_session_settles_in_rappen_and_sums_to_zero() -> None:
    entries = [tappist(62), solo(40), misere(3)]
    state = replay(make(5), list(enumerate(entries, start=1))).state
    # Ann wins her Tappist game: Ann +40, the others −10 each.
    # Bob loses his Solo: Bob −40, the others +10 each.
    # Dan took the most in the Misère: Dan −40, the others +10 each.
    # Ann 40 + 10 + 10 = 60; Bob −10 − 40 + 10 = −40; Cat −10 + 10 + 10 = 10;
    # Dan −10 + 10 − 40 = −40; Eve −10 + 10 + 10 = 10.
    assert state.totals == (60, -40, 10, -40, 10)
    settlement = GAME.settlement(state)
    assert settlement.nets == (60, -40, 10, -40, 10)
    assert sum(settlement.nets) == 0
    assert settlement.unit == "Rappen"
    assert settlement.squares
    # The deal moves one seat each hand: Ann, Bob, Cat dealt; Dan deals next.
    assert GAME.dealer(state) == 3
    outcome = GAME.outcome(state)
    assert not outcome.finished
    assert outcome.winners == (0,)


# ---------------------------------------------------------------- the facts as data


def test_the_facts_of_the_texts_five_player_example() -> None:
    # As test_the_lines_of_the_texts_five_player_example: the others counted 58, so Ann
    # 114 − 58 = 56, less than 57: lost, 56 − 57 = −1 from the half; Ann pays 10 to each of 4.
    facts = scored(5, tappist(58, counted_side="others")).facts
    assert facts == {
        "contract": "tappist",
        "player": 0,
        "stake": 10,
        "tapp": 7,
        "counted_side": "others",
        "points": 56,
        "verdict": "lost",
        "made": False,
        "tie": False,
        "margin": -1,
        "most_points": None,
        "payers": [0],
        "payees": [1, 2, 3, 4],
    }
    assert json.loads(json.dumps(facts)) == facts


def test_the_facts_of_a_win_a_tie_and_a_doubled_solo() -> None:
    # "a Tappist will receive 40 Rappen": 62 points, 62 − 57 = 5 over the half.
    won = scored(5, tappist(62)).facts
    assert (won["verdict"], won["made"], won["margin"], won["payers"], won["payees"]) == (
        "won",
        True,
        5,
        [1, 2, 3, 4],
        [0],
    )
    # 57–57: a tie, nobody pays.
    tie = scored(5, tappist(57)).facts
    assert (tie["verdict"], tie["made"], tie["tie"], tie["margin"], tie["payers"]) == (
        "tie",
        False,
        True,
        0,
        [],
    )
    # House rule, a Solo paid double: 2 × 10 = 20 per player.
    assert scored(5, solo(70), solo_stake="double").facts["stake"] == 20


def test_the_facts_of_a_misere_name_who_pays() -> None:
    # Bob and Dan tie for the most: each pays 10 to Ann, Cat and Eve.
    facts = scored(5, misere(1, 3)).facts
    assert (facts["most_points"], facts["payers"], facts["payees"], facts["stake"]) == (
        [1, 3],
        [1, 3],
        [0, 2, 4],
        10,
    )
    assert facts["points"] is None
    assert facts["tapp"] is None
    # All three tie: nobody has fewer, nobody pays.
    everyone = scored(3, misere(0, 1, 2)).facts
    assert (everyone["most_points"], everyone["payers"]) == ([0, 1, 2], [])
