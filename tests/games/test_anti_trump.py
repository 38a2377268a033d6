"""The anti-trump game's score pad: the schedule, the scoring presets, the end, every refusal.

Every number is worked by hand from the text (seed 003) or docs/rulings.md "The anti-trump game
(003)": "Each round consists of 5 tricks"; bids "between 0 (also known as nil) and 5"; nine
rounds exchanging 4, 4, 3, 3, 2, 2, 1, 1, 0 cards, left and right alternately; the short game
plays rounds 1, 3, 5, 7 and 9; default scoring: an exact bid 10 + bid, a miss 0; options: a
miss loses |bid − tricks|; one point a trick plus 10 for an exact bid. Seats are in play order
(to the left); the first player deals the first round and the deal passes to the left.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.contract.registry import get
from companion.contract.values import State
from companion.engine.replay import check_entry, check_phase, make_setup, replay
from companion.games.anti_trump import Length, Scoring
from tests.web.conftest import app, client, db_path  # noqa: F401  (fixtures, by name)

GAME = get("anti-trump")
THREE = ["Ann", "Bob", "Cat"]


def setup_of(names: list[str] = THREE, **options: Any) -> Any:
    setup, problems = make_setup("anti-trump", names, options)
    assert problems == []
    return setup


def round_entry(bids: tuple[int, ...], took: tuple[int, ...], anti: str = "C") -> dict[str, Any]:
    """One round as the players enter it: the anti-trump, a bid and the tricks of each seat."""
    entry: dict[str, Any] = {"anti_trump": anti}
    entry |= {f"bid_{seat}": bid for seat, bid in enumerate(bids)}
    entry |= {f"took_{seat}": n for seat, n in enumerate(took)}
    return entry


# Three players, every round: Ann bids 1 and takes 1 (exact), Bob bids 2 and takes 3 (missed
# by one), Cat bids 0 and takes 1 (missed by one). 1 + 3 + 1 = 5 tricks.
EVEN_ROUND = round_entry((1, 2, 0), (1, 3, 1))


def notes_before_round(setup: Any, played: int) -> tuple[str, ...]:
    """The pad's notes beside the deal once `played` rounds are in."""
    entries = [(n, EVEN_ROUND) for n in range(1, played + 1)]
    return GAME.table_notes(replay(setup, entries).state)


# ---------------------------------------------------------------- the schedule

NINE_ROUNDS = [
    # The chart: 4 cards left, 4 right, 3 left, 3 right, 2 left, 2 right, 1 left, 1 right, none.
    pytest.param(0, "Round 1 of 9 · 4 cards to the left", id="round 1: 4 cards left"),
    pytest.param(1, "Round 2 of 9 · 4 cards to the right", id="round 2: 4 cards right"),
    pytest.param(2, "Round 3 of 9 · 3 cards to the left", id="round 3: 3 cards left"),
    pytest.param(3, "Round 4 of 9 · 3 cards to the right", id="round 4: 3 cards right"),
    pytest.param(4, "Round 5 of 9 · 2 cards to the left", id="round 5: 2 cards left"),
    pytest.param(5, "Round 6 of 9 · 2 cards to the right", id="round 6: 2 cards right"),
    pytest.param(6, "Round 7 of 9 · 1 card to the left", id="round 7: 1 card left"),
    pytest.param(7, "Round 8 of 9 · 1 card to the right", id="round 8: 1 card right"),
    pytest.param(8, "Round 9 of 9 · no exchange", id="round 9: no exchange"),
]


@pytest.mark.parametrize(("played", "note"), NINE_ROUNDS)
def test_the_nine_rounds_show_their_exchange(played: int, note: str) -> None:
    assert notes_before_round(setup_of(), played)[0] == note


FIVE_ROUNDS = [
    # The short game plays the chart's rounds 1, 3, 5, 7 and 9: 4 left, 3 left, 2 left,
    # 1 left, none.
    pytest.param(0, "Round 1 of 5 · 4 cards to the left", id="short 1 = chart 1: 4 left"),
    pytest.param(
        1,
        "Round 2 of 5 (the chart's round 3) · 3 cards to the left",
        id="short 2 = chart 3: 3 left",
    ),
    pytest.param(
        2,
        "Round 3 of 5 (the chart's round 5) · 2 cards to the left",
        id="short 3 = chart 5: 2 left",
    ),
    pytest.param(
        3, "Round 4 of 5 (the chart's round 7) · 1 card to the left", id="short 4 = chart 7: 1 left"
    ),
    pytest.param(
        4, "Round 5 of 5 (the chart's round 9) · no exchange", id="short 5 = chart 9: no exchange"
    ),
]


@pytest.mark.parametrize(("played", "note"), FIVE_ROUNDS)
def test_the_short_game_shows_its_five_rounds(played: int, note: str) -> None:
    assert notes_before_round(setup_of(length=Length.SHORT_GAME.value), played)[0] == note


@pytest.mark.parametrize(
    ("length", "rounds"),
    [
        pytest.param(Length.NINE_ROUNDS, 9, id="nine rounds"),
        pytest.param(Length.SHORT_GAME, 5, id="short game: five"),
    ],
)
def test_the_game_ends_after_its_last_round(length: Length, rounds: int) -> None:
    setup = setup_of(length=length.value)
    before = replay(setup, [(n, EVEN_ROUND) for n in range(1, rounds)]).state
    assert not GAME.outcome(before).finished
    after = replay(setup, [(n, EVEN_ROUND) for n in range(1, rounds + 1)]).state
    outcome = GAME.outcome(after)
    assert outcome.finished
    # Ann is exact every round: 11 a round (10 + 1); Bob and Cat miss: 0.
    assert after.totals == (11 * rounds, 0, 0)
    assert outcome.winners == (0,)
    assert outcome.text == f"After {rounds} rounds Ann wins with {11 * rounds}"


def test_equal_highest_totals_share_first_place() -> None:
    setup = setup_of(length=Length.SHORT_GAME.value)
    # Ann exact with 1 (11) and Bob exact with 1 (11) every round; Cat bids 1, takes 3 (0).
    entries = [(n, round_entry((1, 1, 1), (1, 1, 3))) for n in range(1, 6)]
    state = replay(setup, entries).state
    outcome = GAME.outcome(state)
    assert state.totals == (55, 55, 0)  # 5 rounds × 11
    assert outcome.winners == (0, 1)
    assert outcome.text == "After 5 rounds Ann and Bob share first place with 55"


def test_the_bids_are_asked_from_the_dealers_left() -> None:
    setup = setup_of()
    names = ("took_0", "bid_2", "anti_trump", "bid_0", "bid_1", "took_1", "took_2")
    # Round 1: Ann (seat 0) deals, so Bob bids first, then Cat, then Ann.
    assert GAME.entry_order(State(setup), names) == (
        "anti_trump",
        "bid_1",
        "bid_2",
        "bid_0",
        "took_1",
        "took_2",
        "took_0",
    )
    # Round 2: Bob deals: Cat, Ann, Bob.
    after_one = replay(setup, [(1, EVEN_ROUND)]).state
    assert GAME.entry_order(after_one, names) == (
        "anti_trump",
        "bid_2",
        "bid_0",
        "bid_1",
        "took_2",
        "took_0",
        "took_1",
    )


# ---------------------------------------------------------------- the scoring presets

PRESETS = [
    pytest.param(Scoring.EXACT_OR_NOTHING, 2, 2, 12, id="default: exact 2 → 10 + 2 = 12"),
    pytest.param(Scoring.EXACT_OR_NOTHING, 0, 0, 10, id="default: exact nil → 10 + 0 = 10"),
    pytest.param(Scoring.EXACT_OR_NOTHING, 2, 3, 0, id="default: missed → 0"),
    pytest.param(
        Scoring.MISS_LOSES_DIFFERENCE,
        1,
        1,
        11,
        id="miss loses the difference: exact 1 → 10 + 1 = 11",
    ),
    pytest.param(
        Scoring.MISS_LOSES_DIFFERENCE,
        3,
        1,
        -2,
        id="miss loses the difference: bid 3, took 1 → −|3 − 1| = −2",
    ),
    pytest.param(
        Scoring.MISS_LOSES_DIFFERENCE, 0, 4, -4, id="miss loses the difference: nil, took 4 → −4"
    ),
    pytest.param(Scoring.TRICKS_PLUS_BONUS, 3, 3, 13, id="a point a trick: exact 3 → 3 + 10 = 13"),
    pytest.param(Scoring.TRICKS_PLUS_BONUS, 1, 3, 3, id="a point a trick: missed, took 3 → 3"),
    pytest.param(Scoring.TRICKS_PLUS_BONUS, 0, 0, 10, id="a point a trick: exact nil → 10"),
]


@pytest.mark.parametrize(("scoring", "bid", "took", "points"), PRESETS)
def test_each_scoring_preset(scoring: Scoring, bid: int, took: int, points: int) -> None:
    setup = setup_of(scoring=scoring.value)
    # Ann's bid and tricks as given; Bob and Cat share the other tricks, bidding what they take
    # (made), so only Ann's points are in question here.
    rest = 5 - took
    entry = round_entry((bid, rest - rest // 2, rest // 2), (took, rest - rest // 2, rest // 2))
    result = GAME.score(State(setup), check_entry(GAME, State(setup), entry).entry)
    assert result.points[0] == points


def test_a_round_shows_its_arithmetic_and_its_house_rule() -> None:
    setup = setup_of(scoring=Scoring.MISS_LOSES_DIFFERENCE.value)
    result = GAME.score(State(setup), check_entry(GAME, State(setup), EVEN_ROUND).entry)
    # Ann 1/1: 10 + 1 = 11; Bob 2/3 and Cat 0/1: missed by 1, −1 each. Listed from the
    # dealer's (Ann's) left: Bob, Cat, Ann.
    assert result.points == (11, -1, -1)
    assert result.lines == (
        "Round 1 of 9 · 4 cards to the left",
        "Clubs ♣ anti-trump",
        "Bob: bid 2, took 3, missed by 1: −1",
        "Cat: bid 0, took 1, missed by 1: −1",
        "Ann: bid 1, took 1, exact: 10 + 1 = +11",
        "House rule (the text has no scoring): Exact bid 10 + bid, missed bid −(difference)",
    )
    assert result.headline == "Round 1: Ann made their bid"


def test_the_house_rule_is_named_beside_the_deal() -> None:
    assert notes_before_round(setup_of(), 0)[1] == (
        "House rule (the text has no scoring): Exact bid 10 + bid, missed bid 0"
    )


# ---------------------------------------------------------------- the referee


def problems_of(
    entry: dict[str, Any], names: list[str] = THREE, **options: Any
) -> list[tuple[str | None, str]]:
    checked = check_entry(GAME, State(setup_of(names, **options)), entry)
    return [(p.field, p.message) for p in checked.problems]


TRICKS_NOT_FIVE = [
    # Ann 1, Bob 2, Cat 1: 4, a trick short of the five every round has. Added up in the
    # form's order, from the dealer Ann's left: Bob, Cat, Ann.
    pytest.param((1, 2, 1), "2 + 1 + 1 = 4", id="4 tricks: one short"),
    # Ann 2, Bob 3, Cat 1: 6, one too many.
    pytest.param((2, 3, 1), "3 + 1 + 2 = 6", id="6 tricks: one too many"),
    # 39 / 3 = 13 cards each would be 13 tricks; the text deals 5 each: 13 is refused.
    pytest.param((5, 5, 3), "5 + 3 + 5 = 13", id="13 tricks: the whole pack is not played"),
]


@pytest.mark.parametrize(("took", "sum_words"), TRICKS_NOT_FIVE)
def test_tricks_that_do_not_add_up_to_five_are_refused(
    took: tuple[int, ...], sum_words: str
) -> None:
    # The problem sits on the first tricks box of the form: Bob's (the dealer Ann's left).
    assert problems_of(round_entry((1, 1, 1), took)) == [
        (
            "took_1",
            f"The tricks add up to {sum_words}; a round has 5 tricks (every player "
            "holds 5 cards and plays one to each trick).",
        )
    ]


def test_six_players_also_play_five_tricks() -> None:
    six = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    # 6 × 5 = 30 cards dealt, 9 left over: still five tricks, one each for five players.
    assert problems_of(round_entry((1, 1, 1, 1, 1, 0), (1, 1, 1, 1, 1, 0)), six) == []
    assert [field for field, _ in problems_of(round_entry((1,) * 6, (1,) * 6), six)] == ["took_1"]


@pytest.mark.parametrize(
    "bid", [pytest.param(6, id="6: more than the 5 tricks"), pytest.param(-1, id="-1: below nil")]
)
def test_a_bid_outside_nil_to_five_is_refused_on_its_field(bid: int) -> None:
    # "bids a value between 0 (also known as nil) and 5"
    expected = [("bid_1", "Bob bids must be between 0 and 5.")]
    assert problems_of(round_entry((1, bid, 0), (1, 3, 1))) == expected
    # ... and the same when the bids alone are saved, before play.
    setup = setup_of()
    bids_phase = GAME.phases(setup)[0]
    checked = check_phase(
        GAME, State(setup), {"anti_trump": "S", "bid_0": 1, "bid_1": bid, "bid_2": 0}, bids_phase
    )
    assert [(p.field, p.message) for p in checked.problems] == expected


def test_no_anti_trump_is_offered_only_at_six_players() -> None:
    # After the deal 39 − 5 × 5 = 14 cards are left at five players, more than the 13
    # Diamonds, so a black card always turns up; at six, 9 are left and may all be Diamonds.
    five = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    refused = problems_of(round_entry((1, 1, 1, 1, 1), (1, 1, 1, 1, 1), anti="none"), five)
    assert refused == [("anti_trump", "Choose one of: Clubs ♣, Spades ♠.")]
    six = [*five, "Fay"]
    assert problems_of(round_entry((1,) * 5 + (0,), (1,) * 5 + (0,), anti="none"), six) == []


def test_the_anti_trump_must_be_recorded() -> None:
    entry = round_entry((1, 2, 0), (1, 3, 1))
    del entry["anti_trump"]
    assert problems_of(entry) == [("anti_trump", "Choose anti-trump suit.")]


def test_no_round_after_the_last() -> None:
    setup = setup_of(length=Length.SHORT_GAME.value)
    state = replay(setup, [(n, EVEN_ROUND) for n in range(1, 6)]).state
    checked = check_entry(GAME, state, EVEN_ROUND)
    assert [(p.field, p.message) for p in checked.problems] == [
        (None, "The game is over: all 5 rounds have been played.")
    ]


# ---------------------------------------------------------------- the two moments on the pad

BIDS = {"anti_trump": "C", "bid_0": "1", "bid_1": "2", "bid_2": "0"}
TOOK = {"took_0": "1", "took_1": "3", "took_2": "1"}


def start_anti_trump(client: FlaskClient, **options: str) -> str:  # noqa: F811
    data = {"game": "anti-trump", "players": "3"}
    data |= {f"name-{seat}": name for seat, name in enumerate(THREE)}
    data |= {f"opt-anti-trump-{key}": value for key, value in options.items()}
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def test_a_bid_entered_after_play_is_refused_on_its_field(client: FlaskClient) -> None:  # noqa: F811
    url = start_anti_trump(client)
    assert client.post(f"{url}/phase", data=BIDS | {"action": "end"}).status_code == 303
    # The bids are saved; a save of the tricks that carries a new bid for Bob is refused.
    response = client.post(f"{url}/hands", data=TOOK | {"bid_1": "3"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert (
        "Bob bids: the bids were saved before the tricks and cannot be entered with them; "
        "to change them, take them back first (“Change the bids”)."
    ) in page
    # The tricks alone are saved, with the bids saved before play: Ann 10 + 1 = +11.
    assert client.post(f"{url}/hands", data=TOOK).status_code == 303
    assert "Ann +11, Bob 0, Cat 0" in client.get(url).get_data(as_text=True)


def test_bids_sent_with_the_tricks_before_they_were_saved_are_refused(client: FlaskClient) -> None:  # noqa: F811
    url = start_anti_trump(client)
    response = client.post(f"{url}/hands", data=BIDS | TOOK)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert (
        "Ann bids: the bids are saved first (“Save the bids”), before the tricks are entered."
        in page
    )
    assert "+11" not in client.get(url).get_data(as_text=True)


def test_the_pad_shows_the_round_and_the_bids_while_tricks_are_entered(client: FlaskClient) -> None:  # noqa: F811
    url = start_anti_trump(client, scoring=Scoring.TRICKS_PLUS_BONUS.value)
    page = client.get(url).get_data(as_text=True)
    assert "Round 1 of 9 · 4 cards to the left" in page and "Save the bids" in page
    assert "House rule (the text has no scoring): 1 a trick, +10 for an exact bid" in page
    client.post(f"{url}/phase", data=BIDS | {"action": "end"})
    page = client.get(url).get_data(as_text=True)
    # Bids shown from the dealer's (Ann's) left; the tricks' form in place of the bids'.
    assert "Anti-trump suit: Clubs ♣ · Bob bids: 2 · Cat bids: 0 · Ann bids: 1" in page
    assert "Round 1 of 9 · 4 cards to the left" in page
    assert 'name="took_0"' in page and 'name="bid_0"' not in page
    client.post(f"{url}/hands", data=TOOK)
    # A point a trick, +10 exact: Ann 1 + 10 = 11, Bob 3, Cat 1.
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "<tbody><tr><td>11</td><td>3</td><td>1</td></tr></tbody>" in summary
    assert (
        "Scoring (a house rule: the text has none): <strong>1 a trick, +10 for an exact "
        "bid</strong>"
    ) in summary
