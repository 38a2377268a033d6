"""Marmalade's score pad: one entry is one trick; its winner pegs what docs/rulings.md gives it, and
the first peg in the board's last hole wins.

Every number below is worked out by hand in the comment or id beside it from docs/rulings.md
("Marmalade": the winner pegs 5 if the trick was won with a trump, else 2; plus 2 for each trump
in the trick, the winning one included, and 1 for each court card; a board of 121 holes, 61 as
an option; within a trick the highest trump wins, else the highest card of the suit led) and the
text's "Highest Cards" (red suits King, Queen, Jack, Ace, 2 … 10; black suits King, Queen, Jack,
10 … 2, Ace). Seats: Ann 0, Bob 1, Cat 2, Dan 3; Ann, listed first, leads the first trick.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import State
from companion.engine.replay import check_entry
from companion.games.marmalade import REFEREE, hole_x
from tests.games.tables import after, assert_refused_on, score_one, table, verdict

GAME = get("marmalade")
NAMES = ["Ann", "Bob", "Cat", "Dan"]
ANN, BOB, CAT, DAN = range(4)

# A trick worth 16 at four players, the most four cards can be worth: won with a trump (5),
# four trumps (4 × 2 = 8) of which three are the trump courts (3 × 1 = 3): 5 + 8 + 3 = 16.
BIG = {"won_with": "trump", "trumps": 4, "courts": 3}


def hearts(**options: Any):
    """Four players, Hearts turned up as trumps."""
    return table("marmalade", NAMES, trump="H", **options)


def won(seat: int, counts: dict[str, Any] = BIG) -> dict[str, Any]:
    """A trick entered the quick way: who won it and its counts."""
    return {"winner": seat, **counts}


# ---------------------------------------------------------------- the pegs of one trick

PEGS = [
    # Hearts trumps, Ann leads KS, Bob 3H, Cat 10S, Dan 2S: the Three of Hearts is the only
    # trump, so Bob wins with a trump: 5 + 1 trump × 2 + 1 court (KS) × 1 = 8.
    pytest.param(
        {"cards": "KS 3H 10S 2S"},
        BOB,
        8,
        (
            "Won with a trump: 5",
            "1 trump × 2 = 2",
            "1 court card × 1 = 1",
            "5 + 2 + 1 = 8 holes",
            "Bob: hole 0 + 8 = hole 8",
        ),
        id="trump win: 5 + 2 a trump + 1 a court = 8",
    ),
    # No Heart played; Spades led, black order King, Queen, Jack, 10 … 2, Ace: Cat's King of
    # Spades wins without a trump: 2 + 0 trumps + 2 courts (QS, KS) = 4.
    pytest.param(
        {"cards": "QS 2S KS AS"},
        CAT,
        4,
        (
            "Won without a trump: 2",
            "0 trumps × 2 = 0",
            "2 court cards × 1 = 2",
            "2 + 0 + 2 = 4 holes",
            "Cat: hole 0 + 4 = hole 4",
        ),
        id="plain win: 2 + 2 courts = 4",
    ),
    # Three Hearts: red order King, Queen, Jack, Ace, 2 … 10: Cat's King of Hearts is the
    # highest trump: 5 + 3 trumps × 2 = 6 + the King, a court, 1 (a trump court counts both
    # ways) = 12.
    pytest.param(
        {"cards": "2H 10H KH 5C"},
        CAT,
        12,
        (
            "Won with a trump: 5",
            "3 trumps × 2 = 6",
            "1 court card × 1 = 1",
            "5 + 6 + 1 = 12 holes",
            "Cat: hole 0 + 12 = hole 12",
        ),
        id="trumps counted, the winning one included: 5 + 6 + 1 = 12",
    ),
    # The quick way: Dan won without a trump, three court cards: 2 + 0 + 3 = 5.
    pytest.param(
        won(DAN, {"won_with": "plain", "trumps": 0, "courts": 3}),
        DAN,
        5,
        (
            "Won without a trump: 2",
            "0 trumps × 2 = 0",
            "3 court cards × 1 = 3",
            "2 + 0 + 3 = 5 holes",
            "Dan: hole 0 + 5 = hole 5",
        ),
        id="courts counted, the quick way: 2 + 3 = 5",
    ),
    # The quick way, with a trump: 5 + 2 trumps × 2 = 4 + 0 courts = 9.
    pytest.param(
        won(ANN, {"won_with": "trump", "trumps": 2, "courts": 0}),
        ANN,
        9,
        (
            "Won with a trump: 5",
            "2 trumps × 2 = 4",
            "0 court cards × 1 = 0",
            "5 + 4 + 0 = 9 holes",
            "Ann: hole 0 + 9 = hole 9",
        ),
        id="trumps counted, the quick way: 5 + 4 = 9",
    ),
]


@pytest.mark.parametrize(("raw", "winner", "holes", "lines"), PEGS)
def test_the_winner_pegs_the_trick(
    raw: dict[str, Any], winner: int, holes: int, lines: tuple[str, ...]
) -> None:
    result = score_one(hearts(), raw)
    assert result.points == tuple(holes if seat == winner else 0 for seat in range(4))
    assert result.lines[-len(lines) :] == lines
    assert result.facts["winner"] == winner


def test_the_cards_say_who_won_and_why() -> None:
    # Bob's Three of Hearts, the only trump, wins trick 1 (see above); the referee's words lead
    # the arithmetic.
    result = score_one(hearts(), {"cards": "KS 3H 10S 2S"})
    assert result.lines[0].startswith("Bob wins with the Three of Hearts: Hearts are trumps")
    assert result.headline == "Bob pegs 8 to hole 8"


def test_a_stated_leader_changes_whose_card_is_whose() -> None:
    # The same cards led by Cat: Cat KS, Dan 3H, Ann 10S, Bob 2S: Dan's Three of Hearts wins.
    result = score_one(hearts(), {"cards": "KS 3H 10S 2S", "leader": CAT})
    assert result.facts["winner"] == DAN
    assert result.points == (0, 0, 0, 8)


def test_the_winner_of_the_last_trick_leads_the_next() -> None:
    # "Play continues with the person who won the last trick". Trick 1: Bob wins (above), so
    # Bob leads trick 2: Bob 2S, Cat 5S, Dan KS, Ann AS; no Heart, Spades led: Dan's King wins
    # without a trump: 2 + 0 + 1 court = 3.
    setup = hearts()
    state = after(setup, [{"cards": "KS 3H 10S 2S"}])
    assert GAME.dealer(State(setup)) == ANN  # the first player listed leads the first trick
    assert GAME.dealer(state) == BOB
    state = after(setup, [{"cards": "KS 3H 10S 2S"}, {"cards": "2S 5S KS AS"}])
    assert state.totals == (0, 8, 0, 3)
    assert GAME.dealer(state) == DAN


def test_the_pegs_run_on_from_trick_to_trick() -> None:
    # Bob 8 (trick 1 above), then Bob again the quick way 5 + 2 + 0 = 7: hole 8 + 7 = hole 15.
    setup = hearts()
    state = after(
        setup,
        [{"cards": "KS 3H 10S 2S"}, won(BOB, {"won_with": "trump", "trumps": 1, "courts": 0})],
    )
    assert state.totals == (0, 15, 0, 0)
    assert state.hands[-1].result.lines[-1] == "Bob: hole 8 + 7 = hole 15"
    assert GAME.outcome(state).finished is False
    assert GAME.outcome(state).winners == (BOB,)


# ---------------------------------------------------------------- the end of the board


def test_the_peg_stops_in_hole_121_and_the_game_ends() -> None:
    # Ann wins seven tricks of 16 (see BIG): 7 × 16 = 112. Then a trick won with a trump, two
    # trumps and a court: 5 + 4 + 1 = 10: 112 + 10 = 122, one past the last hole: the peg stops
    # in hole 121, 9 holes pegged, and Ann wins.
    setup = hearts()
    state = after(setup, [won(ANN)] * 7)
    assert state.totals == (112, 0, 0, 0)
    state = after(
        setup, [*[won(ANN)] * 7, won(ANN, {"won_with": "trump", "trumps": 2, "courts": 1})]
    )
    last = state.hands[-1].result
    assert last.points == (9, 0, 0, 0)
    assert state.totals == (121, 0, 0, 0)
    assert last.lines[-1] == (
        "Ann: hole 112 + 10 = 122, past the last hole: the peg stops in hole 121 (9 holes)"
    )
    assert last.headline == "Ann pegs 9 to hole 121, the last hole, and wins"
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == (ANN,)
    assert outcome.text == "Ann reached hole 121, the last hole, and wins."


def test_the_short_board_ends_at_61() -> None:
    # 61 holes: Bob wins three tricks of 16: 48; a fourth of 16 would take him to 64, past 61:
    # he stops in hole 61 with 13 holes pegged.
    setup = hearts(board="61")
    state = after(setup, [won(BOB)] * 4)
    assert [hand.result.points[BOB] for hand in state.hands] == [16, 16, 16, 13]
    assert state.totals == (0, 61, 0, 0)
    assert GAME.outcome(state).winners == (BOB,)


def test_a_trick_that_lands_exactly_in_the_last_hole_wins() -> None:
    # 61 holes: Cat 3 × 16 = 48, then a trick won with a trump holding four trumps and no
    # court: 5 + 4 × 2 + 0 = 13: 48 + 13 = 61 exactly, nothing capped.
    setup = hearts(board="61")
    state = after(
        setup, [*[won(CAT)] * 3, won(CAT, {"won_with": "trump", "trumps": 4, "courts": 0})]
    )
    assert state.totals == (0, 0, 61, 0)
    assert state.hands[-1].result.lines[-1] == "Cat: hole 48 + 13 = hole 61"
    assert GAME.outcome(state).finished


def test_the_first_to_the_last_hole_wins_mid_deal_and_no_trick_follows() -> None:
    # At four players a deal is 52 / 4 = 13 tricks; on the 61-hole board Bob is in hole 61
    # after the fourth trick (above), nine tricks before the deal's end. The game is over
    # there: the fifth trick is refused, on the hand as a whole.
    setup = hearts(board="61")
    state = after(setup, [won(BOB)] * 4)
    assert len(state.hands) == 4 < 52 // 4
    checked = check_entry(GAME, state, won(ANN, {"won_with": "plain", "trumps": 0, "courts": 0}))
    assert_refused_on(checked, None, "Bob reached the last hole (61) and won")


# ---------------------------------------------------------------- refusals, each on its field


REFUSALS = [
    # Bob's Three of Hearts wins (above), not Ann.
    pytest.param(
        {"cards": "KS 3H 10S 2S", "winner": ANN},
        "winner",
        "The cards give the trick to Bob, not Ann",
        id="a winner the cards deny",
    ),
    pytest.param(
        {"cards": "KS 3H 10S 2S", "won_with": "plain"},
        "won_with",
        "won with a trump",
        id="a plain win the cards deny",
    ),
    pytest.param(
        {"cards": "QS 2S KS AS", "won_with": "trump"},
        "won_with",
        "won without a trump",
        id="a trump win the cards deny",
    ),
    # KS 3H 10S 2S holds one Heart and one court.
    pytest.param(
        {"cards": "KS 3H 10S 2S", "trumps": 2},
        "trumps",
        "The cards hold 1 trump, not 2",
        id="trumps the cards deny",
    ),
    pytest.param(
        {"cards": "KS 3H 10S 2S", "courts": 0},
        "courts",
        "The cards hold 1 court card, not 0",
        id="courts the cards deny",
    ),
    pytest.param(
        {"cards": "KS 3H KS 2S"}, "cards", "The King of Spades is played twice", id="a card twice"
    ),
    pytest.param(
        {"cards": "KS 3H 10S"},
        "cards",
        "3 cards were given; a trick of Marmalade at 4 players has 4",
        id="too few cards",
    ),
    pytest.param(
        {"cards": "KS 3H 10S 2S 4D"},
        "cards",
        "5 cards were given; a trick of Marmalade at 4 players has 4",
        id="too many cards",
    ),
    pytest.param({"cards": "KS 3H 1X 2S"}, "cards", "'1X' is not a card", id="not a card"),
    pytest.param(
        {"won_with": "plain", "trumps": 0, "courts": 1},
        "winner",
        "Choose who won the trick, or type its cards",
        id="no winner, no cards",
    ),
    pytest.param(
        {"winner": BOB, "trumps": 0, "courts": 1},
        "won_with",
        "Say whether the trick was won with a trump",
        id="no way of winning",
    ),
    pytest.param(
        {"winner": BOB, "won_with": "plain", "courts": 1},
        "trumps",
        "Enter the trumps in the trick",
        id="no trumps counted",
    ),
    pytest.param(
        {"winner": BOB, "won_with": "plain", "trumps": 0},
        "courts",
        "Enter the court cards in the trick",
        id="no courts counted",
    ),
    pytest.param(
        won(BOB, {"won_with": "trump", "trumps": 0, "courts": 1}),
        "trumps",
        "A trick won with a trump holds at least 1 trump",
        id="a trump win, no trump",
    ),
    # "the highest trump wins": a trick holding a trump is won by one.
    pytest.param(
        won(BOB, {"won_with": "plain", "trumps": 1, "courts": 1}),
        "won_with",
        "With 1 trump in it the trick was won with a trump",
        id="a trump that lost",
    ),
    # Four trumps and four courts in four cards: every card a trump court, and there are 3.
    pytest.param(
        won(BOB, {"won_with": "trump", "trumps": 4, "courts": 4}),
        "courts",
        "would need 4 trump courts; the pack has 3",
        id="four trump courts",
    ),
    # One card each: a trick of four cards holds at most four trumps.
    pytest.param(
        won(BOB, {"won_with": "trump", "trumps": 5, "courts": 0}),
        "trumps",
        "between 0 and 4",
        id="more trumps than cards",
    ),
]


@pytest.mark.parametrize(("raw", "field", "phrase"), REFUSALS)
def test_a_trick_that_cannot_be_is_refused_on_its_field(
    raw: dict[str, Any], field: str, phrase: str
) -> None:
    assert_refused_on(verdict(hearts(), raw), field, phrase)


TEN = [f"P{seat}" for seat in range(10)]


def test_ten_court_cards_without_a_trump_are_refused() -> None:
    # The pack's court cards: J, Q, K of 4 suits, 12; 3 of them are trumps, so 9 are not. Ten
    # cards with no trump would need 10 of those 9.
    result = verdict(
        table("marmalade", TEN, trump="H"), won(0, {"won_with": "plain", "trumps": 0, "courts": 10})
    )
    assert [(problem.field, problem.message) for problem in result.problems] == [
        (
            "courts",
            "10 court cards and 0 trumps would need at least 10 court cards outside the "
            "trump suit; the pack has 9 (the King, Queen and Jack of the other three "
            "suits).",
        )
    ]


@pytest.mark.parametrize(
    ("counts", "holes"),
    [
        # No trump, the 9 other courts and a pip: 2 + 9 × 1 = 11.
        pytest.param({"won_with": "plain", "trumps": 0, "courts": 9}, 11, id="9 courts, no trump"),
        # A trump court and the 9 others: 10 − 1 = 9 outside the trumps; 5 + 1 × 2 + 10 × 1 = 17.
        pytest.param(
            {"won_with": "trump", "trumps": 1, "courts": 10}, 17, id="10 courts, one a trump"
        ),
    ],
)
def test_ten_court_cards_with_the_courts_the_pack_has(counts: dict[str, Any], holes: int) -> None:
    setup = table("marmalade", TEN, trump="H")
    assert score_one(setup, won(0, counts)).points[0] == holes


def test_a_board_that_is_not_offered_is_refused() -> None:
    from companion.engine.replay import make_setup

    _, problems = make_setup("marmalade", NAMES, {"board": "100"})
    assert [problem.field for problem in problems] == ["board"]


# ---------------------------------------------------------------- the table and the picture


def test_two_players_and_more_and_the_table_notes() -> None:
    # "2+ players": two up to the pad's ten seats; a trick of two cards at two players: Ann
    # leads 5D, Bob 9D, Spades trumps (the default): red order … 2 … 10: the Five beats the
    # Nine, 2 + 0 + 0 = 2.
    assert GAME.player_counts == tuple(range(2, 11)) == REFEREE.player_counts
    setup = table("marmalade", ["Ann", "Bob"])
    assert score_one(setup, {"cards": "5D 9D"}).points == (2, 0)
    assert GAME.table_notes(State(hearts(board="61"))) == ("Hearts ♥ are trumps", "61 holes")


def test_the_board_picture_puts_each_peg_in_its_hole() -> None:
    # 61 holes drawn from x = 14 (the start) to x = 322 (hole 61): hole h at 14 + 308 h / 61.
    # Bob pegs 8 (trick 1 above), then 16: hole 24 at 14 + 308 × 24 / 61 = 14 + 121.18 = 135.2.
    setup = hearts(board="61")
    state = after(setup, [{"cards": "KS 3H 10S 2S"}, won(BOB)])
    picture = GAME.board_picture(state)
    assert picture.holes == 61
    assert [lane.hole for lane in picture.lanes] == [0, 24, 0, 0]
    assert [lane.peg_x for lane in picture.lanes] == [14.0, 135.2, 14.0, 14.0]
    assert [lane.leads for lane in picture.lanes] == [False, True, False, False]
    assert hole_x(61, 61) == 322.0
    # Streets of thirty: hole 30 numbered; 60 stands beside 61, whose number is shown instead.
    assert [tick.label for tick in picture.ticks if tick.label] == ["30", "61"]
    assert picture.words == (
        "The board of 61 holes: Ann at hole 0, Bob at hole 24, Cat at hole 0, Dan at hole 0."
    )


def test_each_trick_is_described_in_one_line() -> None:
    setup = hearts()
    assert GAME.describe(setup, {"cards": "ks 3h 10s 2s", "leader": CAT}) == (
        "Cards KS 3H 10S 2S · Cat led"
    )
    assert GAME.describe(setup, won(DAN, {"won_with": "plain", "trumps": 0, "courts": 3})) == (
        "Dan won without a trump · 0 trumps, 3 court cards"
    )
