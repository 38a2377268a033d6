"""Statistics over a small fixed set of sessions, every figure worked out by hand from the rules.

The players are 1 Ann, 2 Bob, 3 Cat, 4 Dan. French Tarot (docs/rules/french-tarot.md, four
players): a contract is made when the taker's side reaches its target (56/51/41/36 points for
0/1/2/3 bouts); each defender pays (25 + margin) × multiplier (petite 1, garde 2, garde sans 4,
garde contre 6), the taker receives three times that. Skat (docs/rules/skat.md, ISkO): a won
game scores its value in the declarer's column, a lost one −2 × value; value = (matadors + 1)
× base (diamonds 9, hearts 10, grand 24). Tantony (docs/rules/tantony.md): each player scores
the runts in front of them; partners' points add up.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.registry import get
from companion.engine.replay import make_setup, replay
from companion.engine.stats import (
    Figure,
    HandRef,
    SessionPlay,
    game_stats,
    games_played,
    player_stats,
    session_play,
)

ANN, BOB, CAT, DAN = 1, 2, 3, 4


def play(
    key: str,
    started: str,
    slug: str,
    names: list[str],
    seats: list[int],
    hands: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
) -> SessionPlay:
    """A session replayed by the engine (every hand must be accepted), with its seating."""
    setup, problems = make_setup(slug, names, options)
    assert not problems
    replayed = replay(setup, list(enumerate(hands, start=1)))
    assert not replayed.problems, replayed.problems
    outcome = get(slug).outcome(replayed.state)
    return session_play(
        key,
        started,
        replayed.state,
        outcome,
        {seat: (player,) for seat, player in enumerate(seats)},
    )


def tarot(contract: str, taker: int, points: int, bouts: int) -> dict[str, Any]:
    return {
        "contract": contract,
        "taker": taker,
        "counted_side": "taker",
        "points": points,
        "bouts": bouts,
        "petit_au_bout": "none",
        "chelem": "none",
    }


def skat(game: str, declarer: int, matadors: int, points: int, result: str) -> dict[str, Any]:
    return {
        "game": game,
        "declarer": declarer,
        "matadors": matadors,
        "card_points": points,
        "result": result,
    }


# Session A, French Tarot, seats Ann Bob Cat Dan:
#  1. Bob garde, 46 with 2 bouts: target 41, made by 5: (25 + 5) × 2 = 60 a defender.
#     Ann −60, Bob +180, Cat −60, Dan −60.
#  2. Ann petite, 45 with 1 bout: target 51, failed by 6: (25 + 6) × 1 = 31.
#     Ann −93, Bob +31, Cat +31, Dan +31.
#  3. Everyone passes: a redeal, not a hand played.
#  Totals Ann −153, Bob 211, Cat −29, Dan −29: not over (no agreed number), Bob leads.
SESSION_A = play(
    "A",
    "2026-01-10T20:00:00.000+00:00",
    "french-tarot",
    ["Ann", "Bob", "Cat", "Dan"],
    [ANN, BOB, CAT, DAN],
    [tarot("garde", 1, 46, 2), tarot("petite", 0, 45, 1), {"contract": "pass"}],
)

# Session B, French Tarot, seats Dan Cat Bob Ann (other seats than in A):
#  1. Bob (seat 2) garde, 40 with 2 bouts: failed by 1: (25 + 1) × 2 = 52 a defender.
#     Dan +52, Cat +52, Bob −156, Ann +52.
#  2. Cat (seat 1) garde sans, 56 with 3 bouts: target 36, made by 20: (25 + 20) × 4 = 180.
#     Dan −180, Cat +540, Bob −180, Ann −180.
#  Totals Dan −128, Cat 592, Bob −336, Ann −128: Cat leads.
SESSION_B = play(
    "B",
    "2026-02-05T20:00:00.000+00:00",
    "french-tarot",
    ["Dan", "Cat", "Bob", "Ann"],
    [DAN, CAT, BOB, ANN],
    [tarot("garde", 2, 40, 2), tarot("garde_sans", 1, 56, 3)],
)

# Session C, Skat at three, seats Ann Bob Cat (ISkO, points in the declarer's column):
#  1. Bob diamonds with 1, 61 points, won: (1 + 1) × 9 = 18.   Bob +18.
#  2. Cat grand with 1, 80 points, won: (1 + 1) × 24 = 48.     Cat +48.
#  3. Ann hearts with 1, 60 points, lost: −2 × (1 + 1) × 10 = −40.  Ann −40.
#  4. Everyone passes: written on the list as a game, nobody scores; nobody played it, so it
#     is no hand played.
#  Totals Ann −40, Bob 18, Cat 48: Cat leads.
SESSION_C = play(
    "C",
    "2026-01-20T20:00:00.000+00:00",
    "skat",
    ["Ann", "Bob", "Cat"],
    [ANN, BOB, CAT],
    [
        skat("diamonds", 1, 1, 61, "won"),
        skat("grand", 2, 1, 80, "won"),
        skat("hearts", 0, 1, 60, "lost"),
        {"game": "passed"},
    ],
)

# Session D, Tantony at four in partnerships (Ann & Cat against Bob & Dan), one hand from the
# face-up runts (the rules page's example):
#  Ann 2♠ 2 + Q♥ 20 + 6♦ 6 = 28 (3 runts); Bob 5♣ 5 + 3♥ 3 + 7♠ 7 = 15 (3 runts);
#  Cat 10♥ 10 + J♦ 15 + 6♥ 6 = 31 (3 runts); Dan 4♦ 4 + 3♣ 3 + 3♦ 3 + the Tantony card 7♣ 7
#  = 17 (4 runts). Sides 59 to 32: below the sudden death of 60, so not over; Ann & Cat lead.
TANTONY_RUNTS = [
    ("2S", 0),
    ("QH", 0),
    ("6D", 0),
    ("5C", 1),
    ("3H", 1),
    ("7S", 1),
    ("10H", 2),
    ("JD", 2),
    ("6H", 2),
    ("4D", 3),
    ("3C", 3),
    ("3D", 3),
]
SESSION_D = play(
    "D",
    "2026-01-25T20:00:00.000+00:00",
    "tantony",
    ["Ann", "Bob", "Cat", "Dan"],
    [ANN, BOB, CAT, DAN],
    [
        {
            "tricks": [
                *({"runt": runt, "to": seat} for runt, seat in TANTONY_RUNTS),
                {"runt": "7C", "won_by": 3},
            ]
        }
    ],
)

ALL = [SESSION_A, SESSION_B, SESSION_C, SESSION_D]


def by_player(records: Any) -> dict[int, Any]:
    return {record.player: record for record in records}


def test_the_sessions_are_as_worked_out() -> None:
    assert SESSION_A.state.totals == (-153, 211, -29, -29)
    assert SESSION_B.state.totals == (-128, 592, -336, -128)
    assert SESSION_C.state.totals == (-40, 18, 48)
    assert SESSION_D.state.totals == (28, 15, 31, 17)
    assert SESSION_A.winners == (1,) and SESSION_B.winners == (1,)  # Bob; Cat (seat 1 in B)
    assert SESSION_C.winners == (2,)  # Cat
    assert set(SESSION_D.winners) == {0, 2}  # Ann & Cat's side


def test_french_tarot_over_all_sessions() -> None:
    table = game_stats("french-tarot", ALL)
    assert (table.sessions, table.hands) == (2, 4)  # A's pass is not a hand played
    records = by_player(table.records)
    ann, bob, cat, dan = (records[p] for p in (ANN, BOB, CAT, DAN))
    # Ann: A −60, −93; B +52, −180. Total −281 over 4 hands: −70.25.
    assert (ann.sessions, ann.won, ann.hands, ann.total) == (2, 0, 4, -281)
    assert ann.average == pytest.approx(-70.25)
    assert ann.best == HandRef("B", "2026-02-05", 1, 52)
    assert ann.worst == HandRef("B", "2026-02-05", 2, -180)
    # Bob: A +180, +31; B −156, −180. Won A.
    assert (bob.sessions, bob.won, bob.hands, bob.total) == (2, 1, 4, -125)
    assert bob.best == HandRef("A", "2026-01-10", 1, 180)
    assert bob.worst == HandRef("B", "2026-02-05", 2, -180)
    # Cat: A −60, +31; B +52, +540. Won B.
    assert (cat.won, cat.total) == (1, 563)
    assert cat.best.points == 540 and cat.worst == HandRef("A", "2026-01-10", 1, -60)
    # Dan: A −60, +31; B +52, −180.
    assert (dan.won, dan.total) == (0, -157)


def test_french_tarot_contracts_taken_and_made() -> None:
    records = by_player(game_stats("french-tarot", ALL).records)
    figures = {p: {f.heading: (f.value, f.out_of) for f in records[p].figures} for p in records}
    # Bob took two gardes: made in A (46 ≥ 41), failed in B (40 < 41).
    assert figures[BOB]["Garde"] == (1, 2)
    # Ann took one petite and failed it (45 < 51); Cat made her garde sans (56 ≥ 36).
    assert figures[ANN]["Petite"] == (0, 1)
    assert figures[CAT]["Garde sans le chien"] == (1, 1)
    assert figures[DAN]["Garde"] == (0, 0)  # Dan took nothing
    assert Figure("Garde", 1, 2).text == "1 of 2" and Figure("Garde", 0, 0).text == "—"


def test_a_date_range_is_the_callers_choice_of_sessions() -> None:
    january = [p for p in ALL if p.started < "2026-02-01"]
    bob = by_player(game_stats("french-tarot", january).records)[BOB]
    # Only A: Bob +180, +31, won.
    assert (bob.sessions, bob.won, bob.hands, bob.total) == (1, 1, 2, 211)


def test_skat_games_declared_and_won_by_game_type() -> None:
    table = game_stats("skat", ALL)
    assert (table.sessions, table.hands) == (1, 3)  # the passed game was not played
    records = by_player(table.records)
    assert (records[ANN].total, records[BOB].total, records[CAT].total) == (-40, 18, 48)
    assert records[CAT].won == 1 and records[BOB].won == 0
    # Bob: 18 over the 3 games played = 6 a game; Ann's best is the first 0, her worst the
    # lost hearts.
    assert records[BOB].average == pytest.approx(6)
    assert records[BOB].hands == 3
    assert records[ANN].best == HandRef("C", "2026-01-20", 1, 0)
    assert records[ANN].worst == HandRef("C", "2026-01-20", 3, -40)
    won = {p: {f.heading: (f.value, f.out_of) for f in records[p].figures} for p in records}
    # Headed by the game field's own words (with each suit's base value).
    assert won[BOB]["♦ Diamonds (9)"] == (1, 1)
    assert won[CAT]["Grand (24)"] == (1, 1)
    assert won[ANN]["♥ Hearts (10)"] == (0, 1)
    assert won[ANN]["Grand (24)"] == (0, 0)


def test_tantony_runts() -> None:
    records = by_player(game_stats("tantony", ALL).records)
    figures = {p: {f.heading: f.value for f in records[p].figures} for p in records}
    # Ann: 3 runts worth 28 in 1 hand: 3 a hand, 28 / 3 a runt.
    assert figures[ANN]["Runts a hand"] == 3
    assert figures[ANN]["Average runt"] == pytest.approx(28 / 3)
    # Dan: 3 placed runts and the Tantony card: 4 runts worth 17.
    assert figures[DAN]["Runts a hand"] == 4
    assert figures[DAN]["Average runt"] == pytest.approx(17 / 4)
    # The side leads, so both partners won the session.
    assert (records[ANN].won, records[CAT].won, records[BOB].won) == (1, 1, 0)


def test_troggu_rappen_won_and_paid() -> None:
    # docs/rules/troggu.md: "with 58 or more the Tappist wins and receives the stake from each
    # other player" (stake 10 Rappen): Ann with 70 at four, +30; the others −10 each.
    troggu = play(
        "T",
        "2026-03-01T20:00:00.000+00:00",
        "troggu",
        ["Ann", "Bob", "Cat", "Dan"],
        [ANN, BOB, CAT, DAN],
        [{"contract": "tappist", "player": 0, "counted_side": "player", "points": 70}],
    )
    records = by_player(game_stats("troggu", [troggu]).records)
    assert [(f.heading, f.value) for f in records[ANN].figures] == [
        ("Rappen won", 30),
        ("Rappen paid", 0),
    ]
    assert [(f.heading, f.value) for f in records[BOB].figures] == [
        ("Rappen won", 0),
        ("Rappen paid", -10),
    ]


def test_a_players_page_over_every_game() -> None:
    ann = player_stats(ANN, ALL)
    assert [(r.game, r.sessions) for r in ann.records] == [
        ("french-tarot", 2),
        ("skat", 1),
        ("tantony", 1),
    ]
    # In time order: A −153, C −40, D 28 (won with Cat), B −128.
    assert [(r.session, r.total, r.won) for r in ann.results] == [
        ("A", -153, False),
        ("C", -40, False),
        ("D", 28, True),
        ("B", -128, False),
    ]


def test_nobody_wins_a_session_without_a_hand() -> None:
    empty = play(
        "E",
        "2026-03-02T20:00:00.000+00:00",
        "french-tarot",
        ["Ann", "Bob", "Cat", "Dan"],
        [ANN, BOB, CAT, DAN],
        [],
    )
    assert empty.winners == ()
    assert by_player(game_stats("french-tarot", [empty]).records)[ANN].won == 0
    assert games_played([*ALL, empty])["french-tarot"] == 3


def test_nobody_wins_a_drawn_game() -> None:
    # Tantony's verdict for level sides after four hands is a draw (docs/rules/tantony.md):
    # the session is over and nobody won it, not all four.
    from companion.contract.values import HandResult, Outcome, ScoredHand, State

    setup, _ = make_setup("tantony", ["Ann", "Bob", "Cat", "Dan"])
    drawn = Outcome(True, (), "Draw: 156 each after four hands")
    level = HandResult((0, 0, 0, 0), (), "")
    state = State(setup, tuple(ScoredHand(n, {}, level) for n in range(1, 5)))
    assert (
        session_play(
            "T",
            "2026-03-03T20:00:00.000+00:00",
            state,
            drawn,
            {0: [ANN], 1: [BOB], 2: [CAT], 3: [DAN]},
        ).winners
        == ()
    )
    # The same hands with the verdict unfinished: the level leaders, all four (the rule for a
    # session stopped while it was being played).
    going = Outcome(False, (0, 1, 2, 3), "")
    assert session_play(
        "T", "2026-03-03T20:00:00.000+00:00", state, going, {0: [ANN], 1: [BOB], 2: [CAT], 3: [DAN]}
    ).winners == (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("total", "hands", "shown"),
    [
        (9, 4, "2.3"),  # 2.25: a half rounds up, as on paper (round() gave the even 2.2)
        (1, 4, "0.3"),  # 0.25
        (3, 4, "0.8"),  # 0.75
        (-9, 4, "−2.3"),  # −2.25: the half away from zero, with a true minus
        (12, 4, "3"),  # a whole average shows no ".0"
    ],
)
def test_an_average_is_rounded_to_a_tenth_as_on_paper(total: int, hands: int, shown: str) -> None:
    from companion.engine.stats import Record

    assert Record(ANN, "skat", 1, 0, hands, total, None, None).average_text == shown


# -------------------------------------------------------------- hands not everyone played

# Skat at three, Ann Bob Cat (ISkO, points in the declarer's column):
#  1. Ann clubs with 1, won: (1 + 1) × 12 = 24.   Ann +24.
#  2. Everyone passes: on the list, but no game played.
#  3. Bob Null (bid 23) lost: −2 × 23 = −46.       Bob −46.
SKAT_PASSED = play(
    "P",
    "2026-04-01T20:00:00.000+00:00",
    "skat",
    ["Ann", "Bob", "Cat"],
    [ANN, BOB, CAT],
    [
        skat("clubs", 0, 1, 70, "won"),
        {"game": "passed"},
        {"game": "null", "declarer": 1, "bid": 23, "result": "lost"},
    ],
)


def test_skats_passed_game_is_no_hand_played() -> None:
    table = game_stats("skat", [SKAT_PASSED])
    assert (table.sessions, table.hands) == (1, 2)  # "1 session, 2 hands"
    records = by_player(table.records)
    ann, bob, cat = records[ANN], records[BOB], records[CAT]
    assert (ann.hands, bob.hands, cat.hands) == (2, 2, 2)
    # Ann: 24 + 0 over hands 1 and 3 = 12; her worst is the 0 of hand 3, not the pass.
    assert ann.average == pytest.approx(12)
    assert ann.best == HandRef("P", "2026-04-01", 1, 24)
    assert ann.worst == HandRef("P", "2026-04-01", 3, 0)
    # Bob: 0 − 46 over 2 hands = −23.
    assert bob.average == pytest.approx(-23)
    assert bob.worst == HandRef("P", "2026-04-01", 3, -46)
    # The player's page agrees, and the session's result counts the same 2 hands.
    assert player_stats(ANN, [SKAT_PASSED]).records[0].hands == 2
    assert player_stats(ANN, [SKAT_PASSED]).results[0].hands == 2


# Skat at four, Ann Bob Cat Dan, Ann deals first; the dealer sits the game out (ISkO):
#  1. Ann deals and sits out; Bob clubs with 1, won: +24.
#  2. Bob deals and sits out; Ann hearts with 1, 60 points, lost: −2 × 2 × 10 = −40.
SKAT_FOUR = play(
    "F",
    "2026-04-02T20:00:00.000+00:00",
    "skat",
    ["Ann", "Bob", "Cat", "Dan"],
    [ANN, BOB, CAT, DAN],
    [skat("clubs", 1, 1, 70, "won"), skat("hearts", 0, 1, 60, "lost")],
)


def test_at_four_the_skat_dealer_sat_the_hand_out() -> None:
    table = game_stats("skat", [SKAT_FOUR])
    assert table.hands == 2
    records = by_player(table.records)
    # Ann played hand 2 only: −40, her best and worst; never "0, hand 1".
    ann = records[ANN]
    assert (ann.hands, ann.total) == (1, -40)
    assert ann.best == ann.worst == HandRef("F", "2026-04-02", 2, -40)
    # Bob played hand 1 only: +24.
    assert (records[BOB].hands, records[BOB].average) == (1, pytest.approx(24))
    # Cat and Dan defended both: 0 and 0.
    assert (records[CAT].hands, records[DAN].hands) == (2, 2)


def test_points_from_a_hand_sat_out_count_in_the_average_not_as_a_hand() -> None:
    # Seeger-Fabian at four (docs/rules/skat.md, docs/rulings.md): a lost game pays each other
    # player 30, the dealer sitting out too. Ann deals; Bob Null (23) lost: −2 × 23 − 50 = −96,
    # Ann, Cat and Dan +30. Then Bob deals; Cat diamonds with 1, won: (1 + 1) × 9 + 50 = 68.
    session = play(
        "S",
        "2026-04-03T20:00:00.000+00:00",
        "skat",
        ["Ann", "Bob", "Cat", "Dan"],
        [ANN, BOB, CAT, DAN],
        [{"game": "null", "declarer": 1, "result": "lost"}, skat("diamonds", 2, 1, 61, "won")],
        {"scoring": "seeger_fabian"},
    )
    assert session.state.totals == (30, -96, 98, 30)
    records = by_player(game_stats("skat", [session]).records)
    # Ann played hand 2 only (0) but holds 30: 30 over 1 hand; her best is hand 2's 0.
    ann = records[ANN]
    assert (ann.hands, ann.total, ann.average) == (1, 30, pytest.approx(30))
    assert ann.best == HandRef("S", "2026-04-03", 2, 0)
    # Bob played hand 1 only (−96), sat hand 2 out.
    assert (records[BOB].hands, records[BOB].total) == (1, -96)


def test_at_four_the_calabrasella_dealer_took_no_cards() -> None:
    # Foster: "If four play, the dealer takes no cards." Ann deals deal 1 (Bob stands, 20 of
    # 35: 20 − 15 = +5); Bob deals deal 2, which everyone passes (thrown in): no hand.
    session = play(
        "K",
        "2026-04-04T20:00:00.000+00:00",
        "calabrasella",
        ["Ann", "Bob", "Cat", "Dan"],
        [ANN, BOB, CAT, DAN],
        [{"event": "played", "player": 1, "points": 20}, {"event": "all_passed"}],
    )
    table = game_stats("calabrasella", [session])
    assert table.hands == 1
    records = by_player(table.records)
    assert (records[ANN].hands, records[BOB].hands, records[CAT].hands) == (0, 1, 1)
    assert records[ANN].best is None and records[ANN].average is None
    assert records[BOB].best == HandRef("K", "2026-04-04", 1, 5)


def test_a_session_of_passed_games_has_no_winner() -> None:
    passed = play(
        "N",
        "2026-04-05T20:00:00.000+00:00",
        "skat",
        ["Ann", "Bob", "Cat"],
        [ANN, BOB, CAT],
        [{"game": "passed"}, {"game": "passed"}],
    )
    assert passed.winners == ()
    assert game_stats("skat", [passed]).hands == 0
