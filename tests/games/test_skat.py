"""Skat: ISkO game values worked by hand, the referee, the list scorings, the list of the evening.

Every expected number is worked out in the comment above it from the rules text ("If the soloist
wins 61 points, they are declared the winner"), docs/rulings.md ("Skat") and the ISkO:
    base values ♦ 9, ♥ 10, ♠ 11, ♣ 12, Grand 24; Null 23, hand 35, ouvert 46, ouvert hand 59
    multiplier = matadors + game 1 + hand + schneider + schneider announced + schwarz
                 + schwarz announced + ouvert (a level counts once, whichever side reached it)
    schneider: a side with 30 card points or fewer; schwarz: a side with no trick
    an ouvert suit or Grand game counts as schwarz announced (ISkO 5.2.6)
    lost: −2 × value; overbid: lost, valued at the lowest multiple of the base reaching the bid
    Seeger-Fabian: won value + 50; lost −2 × value − 50 and every other player +40 (3) / +30 (4)
    as written: a won game is 1 point to the declarer, a lost one 1 point to each defender
Players: Ann, Bob, Cat (and Dan); Ann deals the first game unless said otherwise.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import HandResult, Setup, State
from companion.engine.replay import check_entry
from companion.games.skat import BIDS, Skat, games_left
from companion.kit.settlement import Payment
from tests.games.tables import (
    after,
    assert_refused_on,
    score_one,
    table,
    verdict,
)

NAMES = ("Ann", "Bob", "Cat", "Dan")
GAME = get("skat")
PASS = {"game": "passed"}


def make(count: int, first_dealer: int = 0, **options: Any) -> Setup:
    """A table of `count` players with every option at its default but these."""
    return table("skat", NAMES[:count], first_dealer, **options)


def checked(count: int, raw: dict[str, Any], **options: Any):
    """The engine's verdict on one raw entry at a fresh table."""
    return verdict(make(count, **options), raw)


def scored(count: int, raw: dict[str, Any], **options: Any) -> HandResult:
    """One game scored through the engine; fails the test if the referee refuses it."""
    return score_one(make(count, **options), raw)


def trump(
    game: str, matadors: int, points: int, result: str = "won", declarer: int = 1, **rest: Any
) -> dict[str, Any]:
    """A suit or Grand game as a form posts it (Bob declares: at 4 players Ann deals)."""
    return {
        "game": game,
        "declarer": declarer,
        "matadors": matadors,
        "card_points": points,
        "result": result,
        **rest,
    }


def null(result: str = "won", declarer: int = 1, **rest: Any) -> dict[str, Any]:
    """A Null game as a form posts it."""
    return {"game": "null", "declarer": declarer, "result": result, **rest}


ISKO_VALUES = [
    # with 1, game 2 → 2 × 9 = 18: the lowest game there is.
    pytest.param(
        trump("diamonds", 1, 61), 18, id="the soloist wins with 61 points : diamonds with 1 is 18"
    ),
    # without 2, game 3 → 3 × 10 = 30.
    pytest.param(
        trump("hearts", 2, 70, with_matadors="without"),
        30,
        id="matadors without : hearts without 2 is 30",
    ),
    # with 2, game 3, schneider 4 → 4 × 11 = 44 (the defenders have 120 − 95 = 25).
    pytest.param(
        trump("spades", 2, 95, schneider="schneider"),
        44,
        id="schneider at 30 or fewer : spades with 2 schneider is 44",
    ),
    # with 3, game 4, hand 5 → 5 × 12 = 60.
    pytest.param(
        trump("clubs", 3, 75, hand=True), 60, id="hand adds a level : clubs hand with 3 is 60"
    ),
    # with 1, game 2 → 2 × 24 = 48.
    pytest.param(trump("grand", 1, 80), 48, id="Grand base value 24 : grand with 1 is 48"),
    # with 2, game 3, hand 4, schneider 5, schneider announced 6 → 6 × 24 = 144.
    pytest.param(
        trump("grand", 2, 92, hand=True, announced="schneider", schneider="schneider"),
        144,
        id="schneider announced in a hand game : grand hand with 2 is 144",
    ),
    # with 1, game 2, hand 3, schneider 4, announced 5, schwarz 6 → 6 × 24 = 144: a higher level
    # than announced counts (ISkO 5.2.5).
    pytest.param(
        trump("grand", 1, 120, hand=True, announced="schneider", schneider="schwarz"),
        144,
        id="the higher level reached counts : schneider announced, schwarz made",
    ),
    # with 1, game 2, schneider 3, schwarz 4 → 4 × 10 = 40 (schwarz unannounced).
    pytest.param(
        trump("hearts", 1, 120, schneider="schwarz"),
        40,
        id="schwarz made unannounced : hearts with 1 is 40",
    ),
    # ISkO 5.2.6's own example: "Kreuz ouvert mit zweien zählt 9 × 12 = 108": with 2, game 3,
    # hand 4, schneider 5, announced 6, schwarz 7, announced 8, ouvert 9.
    pytest.param(
        trump("clubs", 2, 120, hand=True, ouvert=True, schneider="schwarz"),
        108,
        id="ouvert counts as schwarz announced : clubs ouvert with 2 is 108",
    ),
    # ISkO 5.2.6: "ein Grand ouvert mit vieren zählt 11 × 24 = 264", the highest game there is.
    pytest.param(
        trump("grand", 4, 120, hand=True, ouvert=True, schneider="schwarz", bid=264),
        264,
        id="the highest game : grand ouvert with 4 is 264",
    ),
    # Defenders counted 45: Bob has 120 − 45 = 75; with 1, game 2 → 2 × 12 = 24.
    pytest.param(
        trump("clubs", 1, 45, counted_side="defenders"),
        24,
        id="the other side has 120 minus it : defenders counted 45",
    ),
    # The lowest multiple of 11 not below the bid 33 is 33 itself; with 1, game 2,
    # schneider 3 → 3 × 11 = 33 reaches the bid: won, not overbid.
    pytest.param(
        trump("spades", 1, 92, schneider="schneider", bid=33),
        33,
        id="schneider reached counts towards the bid : spades with 1 at 33",
    ),
    pytest.param(null(), 23, id="Null is 23"),
    pytest.param(null(hand=True, bid=35), 35, id="Null hand is 35"),
    pytest.param(null(ouvert=True, bid=46), 46, id="Null ouvert is 46, the skat taken"),
    pytest.param(null(hand=True, ouvert=True, bid=59), 59, id="Null ouvert hand is 59"),
]


@pytest.mark.parametrize(("raw", "value"), ISKO_VALUES)
def test_isko_value_of_a_won_game(raw: dict[str, Any], value: int) -> None:
    result = scored(3, raw)
    assert result.points == (0, value, 0)


ISKO_LOST = [
    # 60–60 loses: with 1, game 2 → 2 × 10 = 20; lost −2 × 20 = −40.
    pytest.param(
        trump("hearts", 1, 60, "lost"),
        -40,
        id="60 to 60 loses and a lost game counts double : hearts with 1",
    ),
    # The declarer with 30 is schneider: with 1, game 2, schneider 3 → 3 × 11 = 33; −66.
    pytest.param(
        trump("spades", 1, 30, "lost", schneider="schneider"),
        -66,
        id="the declarer schneider adds the level : spades with 1 at 30 points",
    ),
    # The declarer took no trick, only the skat's two Aces (22): without 1, game 2,
    # schneider 3, schwarz 4 → 4 × 9 = 36; −72.
    pytest.param(
        trump("diamonds", 1, 22, "lost", with_matadors="without", schneider="schwarz"),
        -72,
        id="the declarer schwarz adds the level : diamonds without 1",
    ),
    # Schneider announced, 80 card points: with 2, game 3, hand 4, schneider 5, announced 6
    # → 6 × 11 = 66, counted though not reached; −132.
    pytest.param(
        trump("spades", 2, 80, "lost", hand=True, announced="schneider"),
        -132,
        id="an announced level counts when missed : spades hand schneider announced",
    ),
    # Schwarz announced, the defenders took a trick (100 points, schneider): with 1, game 2,
    # hand 3, schneider 4, announced 5, schwarz 6, announced 7 → 7 × 12 = 84; −168.
    pytest.param(
        trump("clubs", 1, 100, "lost", hand=True, announced="schwarz", schneider="schneider"),
        -168,
        id="schwarz announced includes schneider announced : clubs hand with 1",
    ),
    # Overbid: bid 36, spades without 1 (the ♣ Jack in the skat), 75 points: without 1,
    # game 2 → 22 < 36; the lowest multiple of 11 reaching 36 is 4 × 11 = 44; −88.
    pytest.param(
        trump("spades", 1, 75, "lost", with_matadors="without", bid=36),
        -88,
        id="overbid is lost at the lowest multiple of the base : spades at 36",
    ),
    # Overbid in a hand game: bid 59, hearts hand without 1, 85 points: without 1, game 2,
    # hand 3 → 30 < 59; the lowest multiple of 10 reaching 59 is 60; −120.
    pytest.param(
        trump("hearts", 1, 85, "lost", with_matadors="without", hand=True, bid=59),
        -120,
        id="overbid is lost however many points : hearts hand at 59",
    ),
    # Overbid and lost on points too: bid 48, diamonds with 1, 40 points: 18 < 48; the lowest
    # multiple of 9 reaching 48 is 6 × 9 = 54; −108.
    pytest.param(
        trump("diamonds", 1, 40, "lost", bid=48),
        -108,
        id="overbid and short of 61 : diamonds at 48",
    ),
    # Bid 33, spades with 1, 28 points: the declarer is schneider, with 1, game 2, schneider
    # 3 → 33 reaches the bid, so not overbid: −66.
    pytest.param(
        trump("spades", 1, 28, "lost", schneider="schneider", bid=33),
        -66,
        id="the declarer schneider counts towards the bid : not overbid",
    ),
    # Null lost: −2 × 23 = −46 (the skatblog example: "Null verloren −46").
    pytest.param(null("lost"), -46, id="a lost Null counts double : −46"),
    # Null ouvert hand lost: −2 × 59 = −118.
    pytest.param(
        null("lost", hand=True, ouvert=True),
        -118,
        id="a lost Null ouvert hand counts double : −118",
    ),
]


@pytest.mark.parametrize(("raw", "score"), ISKO_LOST)
def test_isko_lost_game_counts_double(raw: dict[str, Any], score: int) -> None:
    result = scored(3, raw)
    assert result.points == (0, score, 0)


def test_the_declarer_at_four_players_is_one_of_the_three_who_play() -> None:
    # Ann deals and sits out; Cat: grand with 2, game 3 → 3 × 24 = 72.
    assert scored(4, trump("grand", 2, 70, declarer=2)).points == (0, 0, 72, 0)


def test_the_bids_are_the_game_values() -> None:
    # The published bidding sequence (ISkO game values, lowest first) up to 60.
    assert BIDS[:20] == (
        18,
        20,
        22,
        23,
        24,
        27,
        30,
        33,
        35,
        36,
        40,
        44,
        45,
        46,
        48,
        50,
        54,
        55,
        59,
        60,
    )
    assert BIDS[-1] == 264  # grand ouvert with 4


# ---------------------------------------------------------------- the arithmetic lines


def test_lines_of_a_won_game() -> None:
    # with 2, game 3, hand 4, schneider 5 → 5 × 11 = 55.
    result = scored(3, trump("spades", 2, 95, hand=True, schneider="schneider"))
    assert result.lines == (
        "Bob has 95 card points",
        "Spades hand: with 2, game 3, hand 4, schneider 5 → 5 × 11 = 55",
        "Won: 95 card points (61 needed)",
        "On the list: Bob +55",
    )
    assert result.headline == "Bob · Spades hand · won · +55"


def test_lines_of_an_overbid_game_counted_for_the_defenders() -> None:
    # Defenders 45: Bob 75; without 1, game 2 → 22 < 36 → 4 × 11 = 44; −2 × 44 = −88.
    result = scored(
        3, trump("spades", 1, 45, "lost", with_matadors="without", bid=36, counted_side="defenders")
    )
    assert result.lines == (
        "Counted for the defenders: 45; so Bob has 120 − 45 = 75 card points",
        "Spades: without 1, game 2 → 2 × 11 = 22",
        "Lost: the game value is 22 (without 1, game 2 → 2 × 11) but the bid was 36: "
        "an overbid game is lost",
        "Overbid: 22 is below the bid of 36; the game counts the lowest multiple of 11 reaching "
        "36: 4 × 11 = 44",
        "On the list: Bob −2 × 44 = −88",
    )
    assert result.headline == "Bob · Spades · lost · −88"


def test_lines_of_a_null_game() -> None:
    result = scored(3, null(hand=True, ouvert=True, bid=59))
    assert result.lines == (
        "Null ouvert hand: 59",
        "Won: the declarer took no trick",
        "On the list: Bob +59",
    )
    assert result.headline == "Bob · Null ouvert hand · won · +59"


# ---------------------------------------------------------------- Seeger-Fabian and as written


def session(
    count: int, entries: list[dict[str, Any]], first_dealer: int = 0, **options: Any
) -> State:
    """The state after these entries, every one accepted."""
    return after(make(count, first_dealer, **options), entries)


def test_seeger_fabian_over_a_short_list_of_three() -> None:
    state = session(
        3,
        [
            # Ann: grand with 1, game 2 → 48, won: 48 + 50 = 98.
            trump("grand", 1, 80, declarer=0),
            # Bob: hearts with 1, game 2 → 20, lost: −2 × 20 − 50 = −90; Ann and Cat +40 each.
            trump("hearts", 1, 55, "lost"),
            # Cat: Null ouvert 46, won: 46 + 50 = 96 (the skatblog example: "46 + 50 = 96").
            null(declarer=2, ouvert=True, bid=46),
        ],
        scoring="seeger_fabian",
    )
    # Ann 98 + 40 = 138; Bob −90; Cat 40 + 96 = 136.
    assert state.totals == (138, -90, 136)
    assert (
        state.hands[1].result.lines[-1] == "Seeger-Fabian: Bob −2 × 20 − 50 = −90; Ann and "
        "Cat +40 each"
    )


def test_seeger_fabian_at_four_gives_the_dealer_sitting_out_30_too() -> None:
    state = session(
        4,
        [
            # Ann deals; Bob: spades with 2, game 3 → 33, won: 33 + 50 = 83.
            trump("spades", 2, 70),
            # Bob deals; Cat: Null lost: −2 × 23 − 50 = −96; Ann, Bob (sitting out) and Dan +30.
            null("lost", declarer=2),
            # Cat deals; Dan: clubs with 1, game 2 → 24, won: 24 + 50 = 74.
            trump("clubs", 1, 61, declarer=3),
        ],
        scoring="seeger_fabian",
    )
    # Ann 30; Bob 83 + 30 = 113; Cat −96; Dan 30 + 74 = 104.
    assert state.totals == (30, 113, -96, 104)


def test_as_written_a_point_for_each_game_won() -> None:
    state = session(
        4,
        [
            # Ann deals; Bob wins: Bob 1.
            trump("spades", 2, 70),
            # Bob deals and sits out; Cat loses: the other players who play, Ann and Dan, 1 each.
            trump("hearts", 1, 40, "lost", declarer=2),
        ],
        scoring="as_written",
    )
    assert state.totals == (1, 1, 0, 1)
    assert state.hands[1].result.lines[-1] == (
        "As written, otherwise the other players win: Ann and Dan 1 each"
    )
    assert state.hands[1].result.headline == "Cat · Hearts · lost"


def test_as_written_at_three_players() -> None:
    # Ann loses: Bob and Cat 1 each.
    assert scored(3, trump("grand", 1, 50, "lost", declarer=0), scoring="as_written").points == (
        0,
        1,
        1,
    )


# ---------------------------------------------------------------- the referee


REFUSALS = [
    pytest.param(
        3, trump("clubs", 1, -1), "card_points", "between 0 and 120", id="120 card points : −1"
    ),
    pytest.param(
        3, trump("clubs", 1, 121), "card_points", "between 0 and 120", id="120 card points : 121"
    ),
    pytest.param(
        3,
        trump("clubs", 1, 1, "lost", schneider="schneider"),
        "card_points",
        "exactly 1",
        id="no side can hold exactly 1 : 1",
    ),
    pytest.param(
        3,
        trump("clubs", 1, 119, schneider="schneider"),
        "card_points",
        "the other side 1",
        id="no side can hold exactly 1 : 119",
    ),
    pytest.param(
        3,
        trump("clubs", 1, 1, counted_side="defenders", schneider="schneider"),
        "card_points",
        "exactly 1",
        id="no side can hold exactly 1 : defenders counted 1",
    ),
    pytest.param(
        3,
        trump("clubs", 1, None),
        "card_points",
        "Enter the card points",
        id="61 wins : a suit game needs its card points",
    ),
    # Bob 95: the defenders have 25, schneider.
    pytest.param(
        3,
        trump("spades", 2, 95),
        "schneider",
        "they are schneider",
        id="schneider at 30 or fewer : defenders at 25 not marked",
    ),
    pytest.param(
        3,
        trump("spades", 2, 25, "lost"),
        "schneider",
        "Bob is schneider",
        id="schneider at 30 or fewer : declarer at 25 not marked",
    ),
    pytest.param(
        3,
        trump("spades", 2, 75, schneider="schneider"),
        "schneider",
        "nobody is schneider",
        id="schneider at 30 or fewer : 75 to 45 marked",
    ),
    pytest.param(
        3,
        trump("spades", 2, 100, schneider="schwarz"),
        "schneider",
        "a side took no trick",
        id="schwarz is no trick : 100 points",
    ),
    # The skat holds at most two Aces, 22: a declarer with no trick has at most 22.
    pytest.param(
        3,
        trump("spades", 2, 23, "lost", schneider="schwarz"),
        "schneider",
        "at most 22",
        id="schwarz is no trick : declarer with 23",
    ),
    # with 2, game 3 → 33 < bid 46.
    pytest.param(
        3,
        trump("spades", 2, 70, bid=46),
        "result",
        "an overbid game is lost",
        id="a game value below the bid : marked won",
    ),
    pytest.param(
        3,
        trump("spades", 2, 60),
        "result",
        "61 are needed",
        id="61 wins, 60 to 60 loses : marked won",
    ),
    pytest.param(
        3,
        trump("spades", 2, 70, "lost"),
        "result",
        "This game is won",
        id="61 wins : 70 points marked lost",
    ),
    pytest.param(
        3,
        trump("spades", 2, 80, hand=True, announced="schneider"),
        "result",
        "90 are needed",
        id="announced schneider missed : marked won",
    ),
    pytest.param(
        3,
        trump("clubs", 2, 100, hand=True, ouvert=True, schneider="schneider"),
        "result",
        "the defenders took a trick",
        id="ouvert is schwarz announced : a trick lost, marked won",
    ),
    pytest.param(
        3,
        null(card_points=0),
        "card_points",
        "leave the card points blank",
        id="Null is won on tricks : card points entered",
    ),
    pytest.param(
        4,
        trump("clubs", 1, 70, declarer=0),
        "declarer",
        "Ann deals this game",
        id="at four the dealer sits out : dealer as declarer",
    ),
    pytest.param(
        3,
        trump("clubs", 1, 70, bid=19),
        "bid",
        "the nearest are 18 and 20",
        id="bids are game values : 19",
    ),
    pytest.param(
        3, null(bid=24), "bid", "Null hand 35", id="a Null game must reach the bid : Null at 24"
    ),
    pytest.param(
        3, trump("grand", 5, 70), "matadors", "the four Jacks", id="Grand has four trumps : with 5"
    ),
    pytest.param(
        3,
        trump("clubs", 12, 70),
        "matadors",
        "between 1 and 11",
        id="eleven trumps in a suit game : with 12",
    ),
    pytest.param(
        3,
        trump("clubs", 1, 70, announced="schneider"),
        "announced",
        "hand game",
        id="announcements only in hand games : schneider without hand",
    ),
    pytest.param(
        3,
        trump("clubs", 1, 120, ouvert=True, schneider="schwarz"),
        "ouvert",
        "tick Hand",
        id="ouvert suit games are hand games : without hand",
    ),
    pytest.param(
        3,
        trump("clubs", 1, 120, hand=True, ouvert=True, announced="schneider", schneider="schwarz"),
        "announced",
        "choose Schwarz",
        id="ouvert is schwarz announced : schneider announced",
    ),
]


@pytest.mark.parametrize(("count", "raw", "field", "phrase"), REFUSALS)
def test_the_referee_refuses(count: int, raw: dict[str, Any], field: str, phrase: str) -> None:
    assert_refused_on(checked(count, raw), field, phrase)


def test_the_overbid_refusal_shows_the_game_value() -> None:
    # with 2, game 3 → 3 × 11 = 33 < 46.
    message = checked(3, trump("spades", 2, 70, bid=46)).problems[0].message
    assert message.startswith(
        "This game is lost: the game value is 33 (with 2, game 3 → 3 × 11) but the bid was 46"
    )


def test_the_edges_of_the_card_points_are_accepted() -> None:
    # 0 and 120 are possible (a side may take only blank tricks), and 2 (a Jack).
    assert checked(3, trump("clubs", 1, 0, "lost", schneider="schneider")).ok
    assert checked(3, trump("clubs", 1, 120, schneider="schneider")).ok
    assert checked(3, trump("clubs", 1, 2, "lost", schneider="schwarz")).ok
    # 90 makes the defenders schneider (30), 89 does not (31); 31 is not schneider, 30 is.
    assert checked(3, trump("clubs", 1, 90, schneider="schneider")).ok
    assert checked(3, trump("clubs", 1, 89)).ok
    assert checked(3, trump("clubs", 1, 31, "lost")).ok
    assert checked(3, trump("clubs", 1, 30, "lost", schneider="schneider")).ok


def test_a_pass_clears_every_other_field_and_scores_nothing() -> None:
    result = checked(3, {**trump("clubs", 1, 70), "game": "passed"})
    assert result.ok
    assert {name for name, value in result.entry.items() if value is not None} == {"game"}
    scored_pass = GAME.score(State(make(3)), result.entry)
    assert scored_pass.points == (0, 0, 0)
    assert scored_pass.headline == "Everyone passed"
    assert "The deal moves on from Ann to Bob" in scored_pass.lines


def test_the_declarer_must_be_named() -> None:
    result = checked(3, {"game": "null", "result": "won"})
    assert [problem.field for problem in result.problems] == ["declarer"]


# ---------------------------------------------------------------- the list of the evening


ANN_GRAND = trump("grand", 1, 80, declarer=0)  # with 1, game 2 → 48: Ann +48
BOB_HEARTS_LOST = trump("hearts", 1, 55, "lost")  # with 1, game 2 → 20: Bob −40


def test_a_list_of_36_finishes_after_36_games_passes_included() -> None:
    assert games_left(State(make(3, list_games="36"))) == 36
    state = session(3, [ANN_GRAND] + [PASS] * 34, list_games="36")
    # 1 game and 34 passes: 35 on the list, 1 left.
    assert games_left(state) == 1
    assert not GAME.outcome(state).finished
    state = session(3, [ANN_GRAND] + [PASS] * 34 + [BOB_HEARTS_LOST], list_games="36")
    outcome = GAME.outcome(state)
    assert games_left(state) == 0
    assert state.totals == (48, -40, 0)
    assert outcome.finished
    assert outcome.winners == (0,)
    assert outcome.text == "The list of 36 games is complete: Ann leads with 48"


def test_a_list_of_48_at_four_players() -> None:
    state = session(4, [PASS] * 47, list_games="48")
    assert games_left(state) == 1
    assert not GAME.outcome(state).finished
    state = session(4, [PASS] * 48, list_games="48")
    outcome = GAME.outcome(state)
    assert outcome.finished
    assert outcome.winners == (0, 1, 2, 3)
    assert (
        outcome.text == "The list of 48 games is complete: Ann, Bob, Cat and Dan share the "
        "lead with 0"
    )


def test_no_fixed_list_never_finishes() -> None:
    state = session(3, [ANN_GRAND] * 40)
    assert games_left(state) is None
    outcome = GAME.outcome(state)
    assert not outcome.finished
    assert outcome.winners == (0,)


def test_the_deal_moves_on_every_game_passes_included() -> None:
    setup = make(4, first_dealer=2)
    assert GAME.dealer(State(setup)) == 2
    # Cat deals game 1 (Bob declares), Dan the pass, Ann game 3 (Bob declares): Bob deals next.
    state = session(4, [trump("clubs", 1, 70), PASS, trump("clubs", 1, 70)], first_dealer=2)
    assert GAME.dealer(state) == 1


def test_the_dealer_sits_out_after_the_deal_has_moved() -> None:
    # Ann dealt game 1, so Bob deals game 2 and cannot declare it.
    state = session(4, [trump("clubs", 1, 70, declarer=2)])
    result = check_entry(GAME, state, trump("clubs", 1, 70))
    assert [problem.field for problem in result.problems] == ["declarer"]
    assert result.problems[0].message.startswith("Bob deals this game")


def who_took_part(state: State) -> list[list[int]]:
    """For each game of the list, the seats that took part in it (`Game.took_part`)."""
    seats = range(state.setup.player_count)
    return [
        [seat for seat in seats if GAME.took_part(state.setup, hand, seat)] for hand in state.hands
    ]


def test_a_passed_game_is_on_the_list_but_nobody_played_it() -> None:
    # The list counts the pass as a game (a fixed list includes it), yet nobody played it.
    state = session(3, [trump("clubs", 1, 70), PASS, null("lost")])
    assert who_took_part(state) == [[0, 1, 2], [], [0, 1, 2]]


def test_at_four_players_the_dealer_of_each_game_sat_it_out() -> None:
    # Ann deals game 1 (Bob declares), Bob game 2 (Cat declares), Cat the pass, Dan game 4
    # (Ann declares): each game's three players are the seats but its dealer.
    state = session(
        4,
        [
            trump("clubs", 1, 70),
            trump("clubs", 1, 70, declarer=2),
            PASS,
            trump("clubs", 1, 70, declarer=0),
        ],
    )
    assert who_took_part(state) == [[1, 2, 3], [0, 2, 3], [], [0, 1, 2]]


# ---------------------------------------------------------------- settlement by differences


def test_the_settlement_balances_the_list_by_differences() -> None:
    state = session(
        3,
        [
            trump("clubs", 1, 70, declarer=0),  # with 1, game 2 → 24: Ann +24
            trump("diamonds", 1, 50, "lost", declarer=2),  # 2 × 9 = 18, lost: Cat −36
        ],
    )
    assert state.totals == (24, 0, -36)
    settlement = GAME.settlement(state)
    # Each wins from every other the difference: Ann (24 − 0) + (24 + 36) = 84;
    # Bob (0 − 24) + (0 + 36) = 12; Cat (−36 − 24) + (−36 − 0) = −96. Sum 0.
    assert settlement.nets == (84, 12, -96)
    assert sum(settlement.nets) == 0
    assert settlement.unit == "points"
    # Cat owes everything: two payments.
    assert settlement.payments == (Payment(2, 0, 84), Payment(2, 1, 12))
    assert settlement.squares


def test_the_settlement_at_a_stake_in_cents() -> None:
    state = session(
        3,
        [trump("clubs", 1, 70, declarer=0), trump("diamonds", 1, 50, "lost", declarer=2)],
        stake=5,
    )
    settlement = GAME.settlement(state)
    # The nets above at 5 cents a point: 84 × 5 = 420, 12 × 5 = 60, −96 × 5 = −480.
    assert settlement.nets == (420, 60, -480)
    assert settlement.unit == "cents"
    assert settlement.per_point == 5


def test_the_settlement_of_a_seeger_fabian_list() -> None:
    # Totals of the short Seeger-Fabian list above: 138, −90, 136 (sum 184).
    state = session(
        3,
        [
            trump("grand", 1, 80, declarer=0),
            trump("hearts", 1, 55, "lost"),
            null(declarer=2, ouvert=True, bid=46),
        ],
        scoring="seeger_fabian",
    )
    # 3 × 138 − 184 = 230; 3 × (−90) − 184 = −454; 3 × 136 − 184 = 224.
    assert GAME.settlement(state).nets == (230, -454, 224)


# ---------------------------------------------------------------- describe, fields, options


def test_describe_a_game() -> None:
    entry = checked(
        3, trump("spades", 2, 25, hand=True, schneider="schneider", counted_side="defenders")
    ).entry
    assert GAME.describe(make(3), entry) == "Bob · ♠ hand, schneider · with 2 · 95 pts · won"


def test_describe_an_overbid_and_a_null() -> None:
    overbid = checked(
        3, trump("hearts", 1, 85, "lost", with_matadors="without", hand=True, bid=59)
    ).entry
    assert GAME.describe(make(3), overbid) == "Bob · ♥ hand · without 1 · 85 pts · bid 59 · lost"
    entry = checked(3, null("lost", hand=True, ouvert=True)).entry
    assert GAME.describe(make(3), entry) == "Bob · Null ouvert hand · lost"
    assert GAME.describe(make(3), checked(3, PASS).entry) == "Everyone passed"


def test_fields_in_order() -> None:
    names = [field.name for field in GAME.fields(make(3))]
    assert names == [
        "game",
        "declarer",
        "bid",
        "matadors",
        "with_matadors",
        "hand",
        "ouvert",
        "announced",
        "counted_side",
        "card_points",
        "schneider",
        "result",
    ]


def test_options_and_their_defaults() -> None:
    options = {option.name: option for option in GAME.options(4)}
    assert list(options) == ["scoring", "list_games", "stake"]
    assert options["scoring"].default == "isko"
    assert options["list_games"].default == "0"
    assert options["stake"].default == 0
    assert "The pad's rulings" in options["scoring"].help


def test_the_game_declares_itself() -> None:
    assert isinstance(GAME, Skat)
    assert GAME.player_counts == (3, 4)
    assert not GAME.zero_sum


# ---------------------------------------------------------------- the facts as data


def test_the_facts_of_a_won_hand_game_with_schneider() -> None:
    # As test_lines_of_a_won_game: spades hand with 2, 95 points (the defenders 25, schneider):
    # with 2, game 3, hand 4, schneider 5 → 5 × 11 = 55 on Bob's list.
    facts = scored(3, trump("spades", 2, 95, hand=True, schneider="schneider")).facts
    assert facts == {
        "game": "spades",
        "declarer": 1,
        "sitting_out": None,
        "bid": 18,
        "hand": True,
        "ouvert": False,
        "announced": None,
        "matadors": {"with": True, "count": 2},
        "base_value": 11,
        "multiplier": 5,
        "card_points": 95,
        "schneider": True,
        "schwarz": False,
        "won": True,
        "game_value": 55,
        "computed_value": 55,
        "overbid": False,
        "list_score": 55,
    }
    assert json.loads(json.dumps(facts)) == facts


def test_the_facts_of_an_overbid_game_counted_for_the_defenders() -> None:
    # As test_lines_of_an_overbid_game_counted_for_the_defenders: defenders 45, so Bob 75;
    # without 1, game 2 → 22 < bid 36; raised to 4 × 11 = 44; lost: −2 × 44 = −88.
    facts = scored(
        3, trump("spades", 1, 45, "lost", with_matadors="without", bid=36, counted_side="defenders")
    ).facts
    assert {
        key: facts[key]
        for key in (
            "card_points",
            "matadors",
            "multiplier",
            "bid",
            "won",
            "computed_value",
            "game_value",
            "overbid",
            "list_score",
        )
    } == {
        "card_points": 75,
        "matadors": {"with": False, "count": 1},
        "multiplier": 2,
        "bid": 36,
        "won": False,
        "computed_value": 22,
        "game_value": 44,
        "overbid": True,
        "list_score": -88,
    }


def test_the_facts_of_a_null_game_have_no_card_points() -> None:
    # "Null ouvert hand is 59", won.
    facts = scored(3, null(hand=True, ouvert=True, bid=59)).facts
    assert (facts["game"], facts["game_value"], facts["won"], facts["list_score"]) == (
        "null",
        59,
        True,
        59,
    )
    assert facts["card_points"] is None
    assert facts["matadors"] is None
    assert facts["schneider"] is None


def test_the_facts_of_a_seeger_fabian_loss_at_four_and_a_pass() -> None:
    # Ann deals and sits out; Bob: hearts with 1, game 2 → 20, lost: −2 × 20 − 50 = −90 on
    # Bob's list (as in test_seeger_fabian_over_a_short_list_of_three).
    facts = scored(4, trump("hearts", 1, 55, "lost"), scoring="seeger_fabian").facts
    assert (facts["sitting_out"], facts["game_value"], facts["list_score"]) == (0, 20, -90)
    passed = GAME.score(State(make(4)), checked(4, PASS).entry).facts
    assert passed["game"] == "passed"
    assert passed["sitting_out"] == 0
    assert set(passed) == set(facts)
