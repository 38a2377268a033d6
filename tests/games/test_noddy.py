"""Noddy's pad: every combination worked by hand, the order of pegging, the bust, Parlett's
option and the referee. Ann is listed first, so she deals the first hand and Bob counts first.

Card values (text: "Aces are low"; courts count 10, as in cribbage): A 1, 2-10 their pips,
J Q K 10.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import HandResult, Problem, State
from companion.engine.replay import check_entry, make_setup, replay
from companion.games.noddy import PACK, Scoring, count_hand, possible_counts
from companion.kit.cards import parse

GAME = get("noddy")
ANN, BOB = 0, 1


def cards(text: str) -> list[Any]:
    return [parse(code) for code in text.split()]


def counted(
    held: str, turn_up: str, scoring: Scoring = Scoring.AS_WRITTEN
) -> tuple[int, list[str]]:
    """A hand's count and its lines, as the pad finds them."""
    found = count_hand(cards(held), parse(turn_up), scoring)
    return sum(c.points for c in found), [c.words for c in found]


def entry(
    turn_up: str,
    ann: str = "",
    bob: str = "",
    *,
    ann_points: int | None = None,
    bob_points: int | None = None,
    last: int | None = None,
    hitter: bool = False,
) -> dict[str, Any]:
    """A hand as typed: the turn-up, each player's cards (or points), the last card."""
    raw: dict[str, Any] = {
        "turn_up": turn_up,
        "p0_points": ann_points,
        "p1_points": bob_points,
        "last_card": last,
        "hitter": hitter,
    }
    for seat, held in ((ANN, ann), (BOB, bob)):
        for index, code in enumerate(held.split()):
            raw[f"p{seat}_card{index + 1}"] = code
    return raw


def setup_for(**options: str) -> Any:
    setup, problems = make_setup("noddy", ["Ann", "Bob"], options)
    assert problems == []
    return setup


def play(hands: list[dict[str, Any]], **options: str) -> Any:
    replayed = replay(setup_for(**options), list(enumerate(hands, start=1)))
    assert replayed.problems == {}, replayed.problems
    return replayed.state


def last_result(state: State) -> HandResult:
    return state.hands[-1].result


def problems_of(raw: dict[str, Any], **options: str) -> list[Problem]:
    return list(check_entry(GAME, State(setup_for(**options)), raw).problems)


# ---------------------------------------------------------------- each combination, as written


@pytest.mark.parametrize(
    ("held", "turn_up", "points", "lines"),
    [
        pytest.param(
            "5H KC 2D",
            "9S",
            2,
            ["5♥ + K♣ = 15: 2"],
            id="fifteen: 5+K=15 is 2, no other set makes 15 or 25",
        ),
        pytest.param(
            "9C 8D 5H",
            "3S",
            2,
            ["3♠ + 5♥ + 8♦ + 9♣ = 25: 2"],
            id="twenty-five: 3+5+8+9=25 is 2, no set makes 15",
        ),
        pytest.param("7C 7D 2H", "KS", 2, ["pair 7♣ 7♦: 2"], id="pair: 2"),
        pytest.param("4C 4D 4H", "KS", 6, ["prial 4♣ 4♦ 4♥: 6"], id="prial (three of a kind): 6"),
        pytest.param(
            "4C 4D 4H",
            "4S",
            12,
            ["double prial 4♣ 4♦ 4♥ 4♠: 12"],
            id="double prial (four of a kind): 12; 4s make 8, 12, 16, never 15",
        ),
        pytest.param("2C 3D 4H", "7S", 1, ["run 2-3-4: 1"], id="run of three: 1"),
        pytest.param("2C 3D 4H", "5S", 2, ["run 2-3-4-5: 2"], id="run of four: 2"),
        pytest.param("AC 2D 3H", "7S", 1, ["run A-2-3: 1"], id="Aces are low: A-2-3 is a run"),
        pytest.param("QC KD AH", "7S", 0, [], id="Aces are low: Q-K-A is no run"),
        pytest.param(
            "2H 3H 4H",
            "7S",
            3,
            ["flush 2♥-3♥-4♥: 3"],
            id="flush (a sequence in one suit) of three: 3",
        ),
        pytest.param("2H 3H 4H", "5H", 4, ["flush 2♥-3♥-4♥-5♥: 4"], id="flush of four: 4"),
        pytest.param(
            "2H 7H 9H",
            "KS",
            0,
            [],
            id="as written, three of a suit out of sequence are no flush (no 15 or 25)",
        ),
        pytest.param(
            "2H 3H 4H",
            "5S",
            3,
            ["flush 2♥-3♥-4♥: 3"],
            id="a run of four holding a flush of three counts the flush, 3 > 2",
        ),
        pytest.param(
            "2C 3D 3H",
            "4S",
            4,
            ["pair 3♦ 3♥: 2", "run 2-3-4: 1", "run 2-3-4: 1"],
            id="double run 2-3-3-4: two runs of three 1+1 and the pair 2",
        ),
        pytest.param(
            "2H 3H 3C",
            "4H",
            6,
            ["pair 3♣ 3♥: 2", "flush 2♥-3♥-4♥: 3", "run 2-3-4: 1"],
            id="double run with one flush: flush 3, run 1, pair 2",
        ),
        pytest.param(
            "JS 2D 4C",
            "6S",
            1,
            ["J♠, the Jack of the turn-up suit: 1"],
            id="Jack of the turn-up suit in hand: 1",
        ),
        pytest.param("JH 2D 4C", "6S", 0, [], id="a Jack of another suit: nothing"),
        pytest.param(
            "5C 5D 5H",
            "5S",
            20,
            [
                "5♣ + 5♦ + 5♥ = 15: 2",
                "5♣ + 5♦ + 5♠ = 15: 2",
                "5♣ + 5♥ + 5♠ = 15: 2",
                "5♦ + 5♥ + 5♠ = 15: 2",
                "double prial 5♣ 5♦ 5♥ 5♠: 12",
            ],
            id="the most a hand counts as written: four fifteens 8 + double prial 12",
        ),
        pytest.param(
            "10S JS QS",
            "5S",
            16,
            [
                "5♠ + 10♠ = 15: 2",
                "5♠ + J♠ = 15: 2",
                "5♠ + Q♠ = 15: 2",
                "5♠ + 10♠ + J♠ = 25: 2",
                "5♠ + 10♠ + Q♠ = 25: 2",
                "5♠ + J♠ + Q♠ = 25: 2",
                "flush 10♠-J♠-Q♠: 3",
                "J♠, the Jack of the turn-up suit: 1",
            ],
            id="10-J-Q of spades, 5 turned: fifteens 6, twenty-fives 6, flush 3, Jack 1",
        ),
    ],
)
def test_each_combination_as_written(
    held: str, turn_up: str, points: int, lines: list[str]
) -> None:
    assert counted(held, turn_up) == (points, lines)


# ---------------------------------------------------------------- Parlett's scoring


@pytest.mark.parametrize(
    ("held", "turn_up", "points"),
    [
        pytest.param("2C 3D 4H", "7S", 3, id="run of three: 1 per card, 3"),
        pytest.param("2C 3D 4H", "5S", 4, id="run of four: 4"),
        pytest.param("2H 7H 9H", "KS", 3, id="three in hand of one suit: flush 3 (no 15, no 25)"),
        pytest.param("2H 7H 9H", "KH", 4, id="and the turn-up of that suit: flush 4"),
        pytest.param("2H 7H 9C", "KH", 0, id="two in hand and the turn-up: no flush"),
        pytest.param("2H 3H 4H", "7S", 6, id="2-3-4 of hearts: run 3 and flush 3"),
        pytest.param("2H 3H 4H", "5H", 8, id="2-3-4-5 of hearts: run 4 and flush 4"),
        pytest.param("2C 3D 3H", "4S", 8, id="double run: 3 + 3 and the pair 2"),
        pytest.param(
            "10S JS QS",
            "5S",
            20,
            id="the most in Parlett's: fifteens 6, twenty-fives 6, run 3, flush 4, Jack 1",
        ),
    ],
)
def test_parletts_runs_and_flushes(held: str, turn_up: str, points: int) -> None:
    assert counted(held, turn_up, Scoring.PARLETT)[0] == points


# ---------------------------------------------------------------- a whole hand, pegged in order


def test_a_hand_pegs_the_non_dealer_then_the_dealer_then_go() -> None:
    # Ann deals. Bob: 7♥ 8♥ 9♥ + 5♠: 7+8=15 2, flush 3 = 5. Ann: 5♥ 10♣ K♣ + 5♠: fifteens
    # 5+10, 5+K twice each 8, twenty-fives 5+10+K twice 4, pair of Fives 2 = 14. Bob's Go 1.
    state = play([entry("5S", "5H 10C KC", "7H 8H 9H", last=BOB)])
    result = last_result(state)
    assert result.points == (14, 6)
    assert result.lines[0].startswith("Bob (not the dealer) counts 7♥ 8♥ 9♥")
    assert "Bob: 0 + 5 = 5 of 31" in result.lines
    assert result.lines.index("Bob: 0 + 5 = 5 of 31") < result.lines.index("Ann: 0 + 14 = 14 of 31")
    assert result.lines[-2:] == ("Last card: Bob, Go: 1", "Bob: 5 + 1 = 6 of 31")
    assert not GAME.outcome(state).finished


def test_the_deal_alternates_and_the_non_dealer_counts_first() -> None:
    # Hand 2: Bob deals, so Ann counts first.
    state = play(
        [
            entry("5S", ann_points=0, bob_points=0, last=ANN),
            entry("5S", ann_points=3, bob_points=4, last=BOB),
        ]
    )
    assert GAME.dealer(State(state.setup, state.hands[:1])) == BOB
    lines = last_result(state).lines
    assert lines[0] == "Ann (not the dealer) counts 3 (entered as points)"
    assert GAME.table_notes(state) == ("Game to 31: going past it loses", "Bob counts first")


def test_hitter_pegs_two() -> None:
    # Text: 2 "if the card makes it exactly ... called the 'Hitter'".
    state = play([entry("5S", ann_points=0, bob_points=0, last=ANN, hitter=True)])
    assert last_result(state).points == (2, 0)
    assert "Last card: Ann, the Hitter: 2" in last_result(state).lines


# Target 21. Bob (not the dealer) holds 3♦ 4♣ A♠ with 9♥ turned up: no set makes 15 or 25
# (3+4+A+9 = 17 at most; 9+4+A = 14, 9+3+4 = 16), no pair, no run (A-3-4 lacks the Two): 0.
# Ann holds 10♠ 5♥ 2♣: 10+5 = 15, 2; 10+5+9 = 24, 10+2+9 = 21, all four 26: no 25; 9-10 is
# no run; 5♥ 9♥ no flush: 2. The six cards played count 10+5+2+3+4+1 = 25 in all.
COUNT_25 = {"turn_up": "9H", "ann": "10S 5H 2C", "bob": "3D 4C AS"}


def test_a_hitter_the_cards_cannot_make_is_refused() -> None:
    # The usual reading: the Hitter makes the count exactly 31, and 25 never reaches it.
    refused = problems_of(
        entry(COUNT_25["turn_up"], COUNT_25["ann"], COUNT_25["bob"], last=ANN, hitter=True),
        target="21",
    )
    assert [(p.field, p.message) for p in refused] == [
        (
            "hitter",
            "The six cards played count 25 in all, so no last card made exactly 31: it was Go, "
            "not the Hitter.",
        )
    ]


def test_as_written_the_hitter_makes_exactly_the_set_score() -> None:
    # The text: the last card "makes it exactly the set score": at 21 the count of 25 passes 21,
    # so the Hitter is possible. Bob 0; Ann 2 + the Hitter 2 = 4.
    hand = entry(COUNT_25["turn_up"], COUNT_25["ann"], COUNT_25["bob"], last=ANN, hitter=True)
    state = play([hand], target="21", hitter_count="set-score")
    assert last_result(state).points == (4, 0)
    assert "Last card: Ann, the Hitter: 2" in last_result(state).lines
    setup = setup_for(target="21", hitter_count="set-score")
    (asked,) = [f for f in GAME.fields(setup) if f.name == "hitter"]
    assert asked.label == "Hitter: the last card made exactly 21"
    # By default the question names 31, whatever the set score.
    (asked,) = [f for f in GAME.fields(setup_for(target="21")) if f.name == "hitter"]
    assert asked.label == "Hitter: the last card made exactly 31"
    # As written at 15 the count of 25 passes 15 too; a pile of 13 does not (A A 2 2 3 4 = 13).
    low = entry("9H", "AS AH 2C", "2D 3D 4C", last=ANN, hitter=True)
    assert [p.field for p in problems_of(low, target="15", hitter_count="set-score")] == ["hitter"]


def test_knave_noddy_two_to_the_dealer_first() -> None:
    # A Jack turned up: 2 to Ann, the dealer, before any count. Bob's 2♦ 4♣ 8♥ with J♠:
    # no set makes 15 or 25 (6, 10, 12, 12, 14, 18, 14, 16, 20, 22, 24), no run: 0, and his
    # Go 1. Ann's 3♦ 6♣ 9♥ with J♠: 6+9=15 2, 6+9+J=25 2, nothing else: 4.
    state = play([entry("JS", "3D 6C 9H", "2D 4C 8H", last=BOB)])
    result = last_result(state)
    assert result.lines[0] == "Turn-up J♠: Knave Noddy, 2 to Ann (the dealer)"
    assert result.lines[1] == "Ann: 0 + 2 = 2 of 31"
    assert result.points == (2 + 4, 0 + 1)


def test_reaching_the_target_exactly_wins_and_stops_the_hand() -> None:
    # Target 15: Bob counts first and reaches 15 exactly; Ann's 14 and the last card are not
    # pegged, though Ann would have passed him.
    state = play([entry("5S", ann_points=14, bob_points=15, last=ANN)], target="15")
    result = last_result(state)
    assert result.points == (0, 15)
    assert "Bob reaches 15 exactly and wins" in result.lines
    assert "Not pegged, the game is over: Ann's count" in result.lines
    assert "Not pegged, the game is over: Ann's last card" in result.lines
    assert GAME.outcome(state).winners == (BOB,)


def test_going_past_the_target_loses_as_written() -> None:
    # Text: "If the player exceeds the set score, the other player wins": Bob counts 16 of 15.
    state = play([entry("5S", ann_points=2, bob_points=16)], target="15")
    result = last_result(state)
    assert result.points == (0, 16)
    assert "Bob goes past 15 (16) and loses: Ann wins" in result.lines
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == (ANN,)
    assert outcome.text == "Bob went past 15 (16): Ann wins"


def test_past_the_target_by_the_last_card_loses() -> None:
    # Target 21: Bob 10, Ann 20, then Ann's Hitter 2 makes 22, one past: Bob wins.
    state = play([entry("5S", ann_points=20, bob_points=10, last=ANN, hitter=True)], target="21")
    assert last_result(state).points == (22, 10)
    assert GAME.outcome(state).winners == (BOB,)


def test_parletts_option_has_no_bust() -> None:
    # Parlett: the first to reach the target wins, past it or not: Bob's 16 of 15 wins.
    state = play([entry("5S", ann_points=2, bob_points=16)], target="15", scoring="parlett")
    assert last_result(state).points == (0, 16)
    assert GAME.outcome(state).winners == (BOB,)
    assert "Bob reaches 15 (16) and wins" in last_result(state).lines


def test_knave_noddy_can_end_the_game_before_the_counts() -> None:
    # Hand 1 (Ann deals): Bob 0, Ann 20 and Go 1 → Ann 21. Hand 2 (Bob deals): Ann 8 → 29,
    # Bob 0 and Go 1. Hand 3 (Ann deals): the J♠ turned gives Ann 2 → 31 exactly: she wins
    # before either count.
    state = play(
        [
            entry("5S", ann_points=20, bob_points=0, last=ANN),
            entry("5S", ann_points=8, bob_points=0, last=BOB),
            entry("JS", ann_points=5, bob_points=5, last=BOB),
        ]
    )
    assert state.totals == (31, 1)
    assert last_result(state).points == (2, 0)
    assert GAME.outcome(state).winners == (ANN,)
    assert last_result(state).headline == "Ann reaches 31 and wins"


def test_the_last_card_is_needed_while_the_game_is_open() -> None:
    problems = problems_of(entry("5S", ann_points=3, bob_points=4))
    assert [p.field for p in problems] == ["last_card"]
    assert "Go" in problems[0].message and "Hitter" in problems[0].message


def test_the_last_card_is_not_needed_when_the_counts_end_the_game() -> None:
    assert problems_of(entry("5S", ann_points=0, bob_points=15), target="15") == []


# ---------------------------------------------------------------- the referee


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        pytest.param(
            entry("5S", "5H 10C KC", "5S 8H 9H", last=BOB),
            "p1_card1",
            "5♠ (the Five of Spades) is entered twice: it is already the turn-up",
            id="a card in hand that is the turn-up",
        ),
        pytest.param(
            entry("5S", "5H 7D KC", "8H 9H 7D", last=BOB),
            "p1_card3",
            "7♦ (the Seven of Diamonds) is entered twice: it is already Ann's second card",
            id="a card in both hands",
        ),
        pytest.param(
            entry("5S", "5H 5H KC", "8H 9H 7D", last=BOB),
            "p0_card2",
            "5♥ (the Five of Hearts) is entered twice: it is already Ann's first card",
            id="a card twice in one hand",
        ),
        pytest.param(
            entry("1X", "5H 6D KC", "8H 9H 7D", last=BOB),
            "turn_up",
            "“1X” is not a card of the pack",
            id="a token that names no card",
        ),
        pytest.param(
            entry("5S", "11H 6D KC", "8H 9H 7D", last=BOB),
            "p0_card1",
            "“11H” is not a card of the pack",
            id="a rank no card has",
        ),
        pytest.param(
            entry("5S", "5H 6D", "8H 9H 7D", last=BOB),
            "p0_card3",
            "Enter Ann's third card, or Ann's points instead of the cards",
            id="a hand of two cards",
        ),
        pytest.param(
            entry("5S", "", "8H 9H 7D", last=BOB),
            "p0_card1",
            "Enter Ann's three cards, or Ann's points instead of the cards",
            id="a hand with no cards: one refusal, on its first box",
        ),
        pytest.param(
            entry("5S", "5H 6D KC", "8H 9H 7D", ann_points=4, last=BOB),
            "p0_points",
            "Ann's cards are entered too: clear the cards or the points",
            id="cards and points both",
        ),
        pytest.param(
            entry("5S", bob="8H 9H 7D", ann_points=21, last=BOB),
            "p0_points",
            "between 0 and 20",
            id="more points than any hand counts",
        ),
    ],
)
def test_the_referee_refuses_on_the_field(raw: dict[str, Any], field: str, words: str) -> None:
    problems = problems_of(raw)
    assert [p.field for p in problems] == [field]
    assert words in problems[0].message


def test_five_of_a_rank_is_refused_naming_the_rank() -> None:
    # 7♠ turned, Ann 7♥ 7♦ 7♣, Bob 7♠: a fifth Seven, and the 7♠ twice; both on Bob's box.
    problems = problems_of(entry("7S", "7H 7D 7C", "7S 8H 9H", last=BOB))
    assert {p.field for p in problems} == {"p1_card1"}
    messages = " ".join(p.message for p in problems)
    assert "7♠ would be a fifth of the Sevens: a pack has four." in messages
    assert "7♠ (the Seven of Spades) is entered twice" in messages


def test_noddy_is_for_two_players() -> None:
    # Text: "The game is played with 2 players."
    for names in (["Ann"], ["Ann", "Bob", "Cat"]):
        _, problems = make_setup("noddy", names)
        assert [p.field for p in problems] == ["players"]


@pytest.mark.parametrize("target", ["15", "21", "31"])
def test_the_target_is_chosen_at_the_start(target: str) -> None:
    # Text: "players choose the point values that are either 15, 21, or 31".
    assert GAME.settings(setup_for(target=target)).target == int(target)


def test_an_unknown_target_is_refused() -> None:
    _, problems = make_setup("noddy", ["Ann", "Bob"], {"target": "61"})
    assert [p.field for p in problems] == ["target"]


# ---------------------------------------------------------------- a typed count a hand can make


def every_hand_counts(scoring: Scoring, turn_up: str) -> set[int]:
    """The counts of all 20,825 hands of three beside the turn-up, none skipped."""
    up = parse(turn_up)
    rest = [card for card in PACK if card != up]
    return {sum(c.points for c in count_hand(held, up, scoring)) for held in combinations(rest, 3)}


@pytest.mark.parametrize(
    ("scoring", "turn_up"),
    [
        pytest.param(Scoring.AS_WRITTEN, "10H", id="as written, a Ten of Hearts turned up"),
        pytest.param(Scoring.PARLETT, "5D", id="Parlett's, a Five of Diamonds turned up"),
    ],
)
def test_the_hands_kept_make_the_counts_of_every_hand(scoring: Scoring, turn_up: str) -> None:
    # The pad counts one hand per way the suits fall (the other suits alike) and keeps the
    # counts per rank of the turn-up; counting every hand beside a turn-up of another suit
    # finds the same set.
    assert possible_counts(scoring, parse(turn_up)) == every_hand_counts(scoring, turn_up)


@pytest.mark.parametrize(
    ("scoring", "held", "turn_up", "points"),
    [
        pytest.param(
            Scoring.AS_WRITTEN,
            "7C 7D 7S",
            "7H",
            12,
            id="as written, 7♥ up: 7-7-7 is a double prial 12 (7s make 14, 21, 28)",
        ),
        pytest.param(
            Scoring.AS_WRITTEN,
            "5C 5D 5S",
            "10H",
            16,
            id="as written, 10♥ up: 5-5-5 prial 6, 5+10 thrice 6, 5+5+5=15 2, 5+5+5+10=25 2",
        ),
        pytest.param(
            Scoring.AS_WRITTEN,
            "5C 5D 5H",
            "5S",
            20,
            id="as written, 5♠ up: 5-5-5, four fifteens 8 and a double prial 12",
        ),
        pytest.param(
            Scoring.PARLETT,
            "JS 4H 6D",
            "2S",
            1,
            id="Parlett's, 2♠ up: J♠ 4♥ 6♦ has no 15 or 25, no pair, run or flush; "
            "the Jack of the turn-up suit 1",
        ),
    ],
)
def test_a_count_some_hand_makes_is_possible(
    scoring: Scoring, held: str, turn_up: str, points: int
) -> None:
    assert counted(held, turn_up, scoring)[0] == points
    assert points in possible_counts(scoring, parse(turn_up))


@pytest.mark.parametrize(
    ("turn_up", "points"),
    [
        # Parlett's scoring (docs/rulings.md): runs and flushes score 1 per card, so at least 3; a pair
        # 2, each fifteen or twenty-five 2; the one thing worth 1 is the text's "Jack of the same
        # suit as the turn up card ... 1 point". With a Five turned up that Jack makes 5 + J = 15
        # beside it (2 more, courts count 10); with a Jack turned up it is the turn-up itself and
        # cannot be in hand. Either way no hand counts exactly 1.
        pytest.param("5S", 1, id="Parlett's, a Five up: the Jack of its suit brings a fifteen"),
        pytest.param("JH", 1, id="Parlett's, a Jack up: the Jack of its suit is the turn-up"),
    ],
)
def test_a_count_no_hand_makes_with_the_turn_up_is_impossible(turn_up: str, points: int) -> None:
    assert points not in possible_counts(Scoring.PARLETT, parse(turn_up))


def test_an_impossible_typed_count_is_refused_on_its_quick_entry() -> None:
    # Parlett's, 5♠ up: no hand counts 1 (above). Bob's 2 is possible: 2♥ 2♦ 4♣ is a pair 2,
    # and with the 5♠ no set makes 15 or 25 (4, 6, 7, 9, 8, 9, 11, 13), no run, no flush.
    problems = problems_of(entry("5S", ann_points=1, bob_points=2, last=BOB), scoring="parlett")
    assert [p.field for p in problems] == ["p0_points"]
    assert problems[0].message == (
        "No Noddy hand counts 1 with the turn-up 5♠: count it again, or enter the cards."
    )


def test_the_same_count_is_accepted_where_a_hand_makes_it() -> None:
    # Parlett's, 2♠ up: J♠ 4♥ 6♦ counts 1 (above). 3♥ 3♦ 8♣ counts 2: the pair 2; with the
    # 2♠ its sets make 6, 11, 11, 5, 5, 10, 14, 8, 13, 13, 16 (no 15 or 25); no run, no flush.
    assert problems_of(entry("2S", ann_points=1, bob_points=2, last=BOB), scoring="parlett") == []
