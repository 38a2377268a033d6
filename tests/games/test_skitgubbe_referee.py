"""Skitgubbe's referee: first-phase tricks (ties, private tricks, sloughs), pagat's first phase,
second-phase beating, and requests it answers or refuses.

Every expected verdict is worked out in the comment above it from the text (seed 004), which is
the specification, or from pagat.com's Skitgubbe where docs/rulings.md's option takes it. Indices
count from 0 = the card led. The orders, lowest first:
    first phase as written: "The suit order is A-2-3-4-5-6-7-8-9-10-J-Q-K" (suits ignored);
    pagat's first phase: 2 … 10, J, Q, K, A;
    second phase: "aces are high rather than low and trump cards are higher than all else".
A slough goes last in the list of cards; `slough_by` numbers the players in play order (1 = the
leader) and `slough_after` says how many cards had been played (blank: after the trick).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import judge_request, referee_for
from companion.games.skitgubbe import REFEREE

PAGAT = {"first_phase": "pagat"}


def answer(cards: str, players: int = 3, **request: Any) -> dict[str, Any]:
    """The verdict on one trick or one second-phase run of cards, through the request."""
    found, problems = judge_request(
        REFEREE, {"players": players, "cards": cards.split(), **request}
    )
    assert problems == [], problems
    return found["verdicts"][0]


def allowed(cards: str, players: int = 3, **request: Any) -> list[bool]:
    """Whether each card, in order, is allowed."""
    return [card["allowed"] for card in answer(cards, players, **request)["cards"]]


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    found, problems = judge_request(REFEREE, request)
    assert found == {}
    return [problem.message for problem in problems]


def test_the_referee_is_registered_for_two_to_six_players() -> None:
    # "Play with 2 to 6 players and a 52-card deck."
    assert referee_for("skitgubbe") is REFEREE
    assert REFEREE.player_counts == (2, 3, 4, 5, 6)
    assert len(REFEREE.pack(3, {})) == 52


# ---------------------------------------------------------------- the first phase, as written

FIRST = [
    # "each player plays a single card"; "The player who played the highest-ranked card
    # (ignore suits)": the King of Diamonds.
    pytest.param("5H 9C KD", 3, 2, id="the highest card wins"),
    # Aces low: "A-2-3-…": the Three beats the Two and the Ace.
    pytest.param("AS 2H 3C", 3, 2, id="Aces low"),
    pytest.param("2S AS", 2, 0, id="two players: the Two over the Ace"),
    # Suits are ignored: the King of Spades beats the Queen of Hearts led.
    pytest.param("QH KS 2H", 3, 1, id="suits do not count"),
    # Six players: the Jack is the highest of A, 10, J, 4, 9, 2.
    pytest.param("AD 10C JH 4S 9D 2C", 6, 2, id="six players: the Jack"),
]


@pytest.mark.parametrize(("cards", "players", "winner"), FIRST)
def test_the_highest_card_wins_the_first_phase(cards: str, players: int, winner: int) -> None:
    found = answer(cards, players)
    assert (found["winner"], found["card"], found["tied"]) == (winner, cards.split()[winner], [])
    # "Any card may be played": every played card is allowed.
    assert all(card["allowed"] for card in found["cards"])


def test_the_winner_s_words_and_what_he_takes() -> None:
    found = answer("5H 9C KD", names=["Ann", "Bob", "Cat"], leader=1)
    # Bob leads; the King (index 2) is Ann's: seat (1 + 2) % 3 = 0.
    assert found["winner_seat"] == 0
    assert found["words"] == (
        "Ann wins with the King of Diamonds: the highest card wins, suits "
        "do not count; in the first phase (as written) the Ace is low: "
        "King, Queen, Jack, Ten … Two, Ace"
    )
    assert found["notes"] == [
        "The winner takes every card played and sloughed to the trick "
        "(and to any private tricks it settles) and leads the next trick."
    ]


def test_equal_highest_cards_tie_and_play_a_private_trick() -> None:
    # "If two or more players tie for the highest card, they have a private trick": the Nines.
    found = answer("5H 9C 9D")
    assert (found["winner"], found["tied"]) == (None, [1, 2])
    assert found["words"].startswith(
        "The Nine of Clubs and the Nine of Diamonds tie for the "
        "highest card: the tied players play a private trick"
    )
    # Three Jacks of four: all three tie; the Two is out of it.
    assert answer("JH JC 2S JD", players=4)["tied"] == [0, 1, 3]


def test_a_private_trick_between_the_tied_players() -> None:
    # A private trick: "only they play cards": two cards at a three-player table; the Seven
    # beats the Four.
    context = {"tied_players": 2}
    assert REFEREE.cards_in_trick(3, context) == 2
    assert answer("4C 7S", context=context)["winner"] == 1
    # "A tie here leads to further private tricks": two Sevens again.
    again = answer("7C 7S", context=context)
    assert again["tied"] == [0, 1]
    assert "further private tricks" in again["rule"]


# ---------------------------------------------------------------- sloughs

SLOUGHS = [
    # "a player may slough a card of equal rank to a card that has been played to that trick":
    # after the Five of Hearts and the Nine of Clubs, player 3 (not yet played) sloughs the
    # Five of Spades: a Five was played and it is not the highest so far (the Nine): allowed.
    pytest.param(
        "5H 9C KD 5S", {"slough_by": 3, "slough_after": 2}, True, id="a lower rank before playing"
    ),
    # "Under no circumstances may a player slough a card of equal rank to the highest card
    # played in a trick until he has played his card in that trick": the Nine is the highest
    # so far and player 3 has not played: refused.
    pytest.param(
        "5H 9C KD 9S",
        {"slough_by": 3, "slough_after": 2},
        False,
        id="the highest rank before playing",
    ),
    # The same Nine sloughed by player 1, who has played (the Five): allowed.
    pytest.param(
        "5H 9C KD 9S",
        {"slough_by": 1, "slough_after": 2},
        True,
        id="the highest rank after playing",
    ),
    # After one card, the Five of Hearts is the highest so far; player 2 has not played and
    # sloughs the Five of Spades: refused.
    pytest.param(
        "5H 9C KD 5S",
        {"slough_by": 2, "slough_after": 1},
        False,
        id="the only card so far is the highest",
    ),
    # "or immediately afterwards": after the trick (slough_after blank) everyone has played,
    # so even the King, the highest rank, may be sloughed.
    pytest.param("5H 9C KD KS", {"slough_by": 2}, True, id="the highest rank after the trick"),
    # A slough must match a rank played: no Seven was played: refused.
    pytest.param("5H 9C KD 7S", {"slough_by": 1}, False, id="a rank nobody played"),
    # Nothing played yet: no rank to match: refused.
    pytest.param(
        "5H 9C KD 5S", {"slough_by": 1, "slough_after": 0}, False, id="before the first card"
    ),
    # The rank must have been played by then: the King comes third, the slough after two.
    pytest.param(
        "5H 9C KD KS", {"slough_by": 1, "slough_after": 2}, False, id="a rank played only later"
    ),
    # The last trick: "No sloughing may be done in this trick until after it has finished".
    pytest.param(
        "5H 9C KD 5S",
        {"slough_by": 1, "slough_after": 2, "last_trick": True},
        False,
        id="the last trick, during it",
    ),
    pytest.param(
        "5H 9C KD 5S", {"slough_by": 1, "last_trick": True}, True, id="the last trick, after it"
    ),
]


@pytest.mark.parametrize(("cards", "context", "ok"), SLOUGHS)
def test_a_slough(cards: str, context: dict[str, Any], ok: bool) -> None:
    found = answer(cards, context=context)
    # The played cards are always allowed; the slough (index 3) is judged by its rules.
    assert [card["allowed"] for card in found["cards"]] == [True, True, True, ok]
    # "they count for nothing": the King of Diamonds (index 2) still wins.
    assert found["winner"] == 2


def test_the_words_of_a_refused_slough() -> None:
    why = answer("5H 9C KD 9S", context={"slough_by": 3, "slough_after": 2})["cards"][3]["why"]
    assert why.startswith(
        "the Nine of Spades is of equal rank to the highest card played so "
        "far, and its owner has not played a card to this trick"
    )
    why = answer("5H 9C KD 7S", context={"slough_by": 1})["cards"][3]["why"]
    assert why == (
        "a slough must be of equal rank to a card played to the trick, and no Seven "
        "has been played to it yet"
    )


def test_a_slough_verdict_answers_whether_the_slough_was_allowed() -> None:
    # Asked about a slough, the verdict says whether it was allowed; who won follows in the
    # notes. The Seven of Spades after 5H 9C KD: no Seven was played, so it is not allowed;
    # the King of Diamonds (Aces low, the highest) still wins the trick.
    names = ["Ann", "Bob", "Cat"]
    found = answer("5H 9C KD 7S", context={"slough_by": 1}, names=names)
    assert found["words"] == (
        "The slough of the Seven of Spades is not allowed: a slough must be of equal rank to a "
        "card played to the trick, and no Seven has been played to it yet."
    )
    assert found["notes"][0].startswith("Cat wins with the King of Diamonds: the highest card")
    # The Five of Spades after the Five of Hearts was played: allowed.
    found = answer("5H 9C KD 5S", context={"slough_by": 1}, names=names)
    assert found["words"].startswith("The slough of the Five of Spades is allowed: ")
    # A tie with a slough: the slough is answered, the private trick follows in the notes.
    tied = answer("5H KC KD 5S", context={"slough_by": 1}, names=names)
    assert tied["words"].startswith("The slough of the Five of Spades is allowed")
    assert tied["notes"][0].startswith("The King of Clubs and the King of Diamonds tie")


def test_a_player_outside_a_private_trick_may_slough_its_top_rank_only_after_it() -> None:
    # Four players, a private trick between three (4C, 7S, 2D); player 4 plays no card to it.
    # During it, the Seven (the highest so far) may not be sloughed by player 4, who has not
    # played (our reading: he never does, so only once the trick is finished).
    during = {"tied_players": 3, "slough_by": 4, "slough_after": 2}
    assert allowed("4C 7S 2D 7H", players=4, context=during) == [True, True, True, False]
    after = {"tied_players": 3, "slough_by": 4}
    assert allowed("4C 7S 2D 7H", players=4, context=after) == [True, True, True, True]


# ---------------------------------------------------------------- pagat's first phase


def test_pagat_s_first_phase_is_two_card_tricks_aces_high() -> None:
    # pagat: "The first phase consists of tricks of 2 cards"; "A (highest) K Q … 2 (lowest)".
    assert REFEREE.cards_in_trick(4, PAGAT) == 2
    assert answer("KS AS", players=4, options=PAGAT)["winner"] == 1
    # As written the Ace is low, so the Two would win; under pagat the Ace beats the Two.
    assert answer("AS 2H", players=2)["winner"] == 1
    assert answer("AS 2H", players=2, options=PAGAT)["winner"] == 0
    assert "pagat's first phase the Ace is high" in answer("KS AS", options=PAGAT)["rule"]


def test_pagat_s_bounce() -> None:
    # pagat/Wikipedia: equal ranks "bounce": both play one more card each, the higher takes all.
    found = answer("9S 9H", players=4, options=PAGAT)
    assert (found["winner"], found["tied"]) == (None, [0, 1])
    assert "a bounce" in found["rule"]


def test_pagat_s_first_phase_has_no_sloughing() -> None:
    found = answer("5H 9C 5S", options=PAGAT, context={"slough_by": 1})
    assert [card["allowed"] for card in found["cards"]] == [True, True, False]
    assert found["cards"][2]["why"] == "pagat's first phase (two-card tricks) has no sloughing"


# ---------------------------------------------------------------- the second phase

SECOND = {"phase": "second", "trump": "D"}

BEATS = [
    # The text's own example, Diamonds trumps: "A set of 5-6-7 of spades will beat the 4 of
    # spades, but will be bested by the 8 of spades which will, in turn, be beaten by the 2 of
    # the trump suit."
    pytest.param("4S 5S 6S 7S 8S 2D", [True] * 6, id="the text's example"),
    # Aces high: the Ace of Spades beats the King.
    pytest.param("KS AS", [True, True], id="Aces high"),
    # A lower Spade does not beat the Five: the player must pick up instead.
    pytest.param("4S 5S 3S", [True, True, False], id="a lower card of the suit"),
    # "Only trump cards or cards of the suit led may be played": a Heart on a Spade: refused.
    pytest.param("4S 9H", [True, False], id="another plain suit"),
    # A trump beats a trump only when higher: the Three of Diamonds over the Two.
    pytest.param("4S 2D 3D", [True, True, True], id="a higher trump"),
    pytest.param("4S 3D 2D", [True, True, False], id="a lower trump"),
    # Once a trump is on top, even the Ace of the suit led does not beat it.
    pytest.param("4S 2D AS", [True, True, False], id="the suit led on a trump"),
    # Any card may be led, a trump too; only a higher trump beats it.
    pytest.param("5D 9S", [True, False], id="a plain card on a trump led"),
    pytest.param("2C", [True], id="a single card led"),
]


@pytest.mark.parametrize(("cards", "ok"), BEATS)
def test_second_phase_beating(cards: str, ok: list[bool]) -> None:
    found = answer(cards, context=SECOND)
    assert [card["allowed"] for card in found["cards"]] == ok
    assert (found["winner"], found["tied"]) == (None, [])


def test_second_phase_words() -> None:
    found = answer("4S 5S 6S 7S 8S 2D", context=SECOND)
    assert found["words"] == (
        "Each card beats the one before it. The Two of Diamonds is on "
        "top: the next player must beat it with a higher trump, or pick "
        "it up (a run on top is picked up whole)."
    )
    assert found["cards"][5]["why"] == (
        "it beats the Eight of Spades: a trump beats any other suit"
    )
    failed = answer("4S 5S 3S", context=SECOND)
    assert failed["words"].startswith(
        "The Three of Spades does not beat the Five of Spades (a "
        "higher spade or a trump was needed): instead the player "
        "must pick up the Five of Spades"
    )
    off = answer("4S 9H", context=SECOND)["cards"][1]["why"]
    assert "only trumps or Spades, the suit led, may be played to this trick" in off


def test_the_second_phase_takes_any_number_of_cards_without_asking() -> None:
    # The text's second phase: any number of cards may be laid (a run, several turns round the
    # table), so the referee does not ask how many; one card to the whole pack is a trick.
    assert "laid" not in {f.name for f in REFEREE.context_fields(3)}
    assert REFEREE.card_counts(3, SECOND) == range(1, 53)
    for cards in ("2C", "4S 5S", "4S 5S 6S 7S 8S 2D 3D"):
        assert len(answer(cards, context=SECOND)["cards"]) == len(cards.split())
    assert "Give between 1 and 52 cards, in the order they were laid." in refused(
        {"players": 3, "cards": [], "context": SECOND}
    )


def test_several_tricks_of_both_phases_in_one_request() -> None:
    found, problems = judge_request(
        REFEREE,
        {
            "players": 3,
            "tricks": [
                {"cards": ["5H", "9C", "KD"]},
                {"cards": ["4S", "5S", "3S"], "context": {"phase": "second", "trump": "D"}},
            ],
        },
    )
    assert problems == []
    # The King wins the first; in the second the Three of Spades fails to beat the Five.
    assert found["verdicts"][0]["winner"] == 2
    assert [c["allowed"] for c in found["verdicts"][1]["cards"]] == [True, True, False]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (
            {"players": 3, "cards": ["5H", "9C", "1T"]},
            "Trump 1 is not in the pack Skitgubbe is played with.",
        ),
        ({"players": 3, "cards": ["5H", "9C", "9C"]}, "The Nine of Clubs is played twice."),
        (
            {"players": 3, "cards": ["5H", "9C"]},
            "2 cards were given; a trick of Skitgubbe at 3 players has 3.",
        ),
        (
            {"players": 3, "cards": ["5H", "9C", "KD"], "context": {"slough_by": 2}},
            "3 cards were given; a trick of Skitgubbe at 3 players has 4.",
        ),
        (
            {"players": 3, "cards": ["5H", "9C", "KD"], "context": {"trumps": "D"}},
            "'trumps' is not part of the context of a trick of Skitgubbe.",
        ),
        (
            {"players": 3, "cards": ["5H", "9C", "KD"], "context": {"phase": "second"}},
            "Choose trump suit (the card put aside).",
        ),
        (
            {"players": 3, "cards": ["5H", "9C", "KD", "5S"], "context": {"slough_by": 4}},
            "A card sloughed by player (1 = the leader) must be between 1 and 3.",
        ),
        (
            {"players": 3, "cards": ["5H", "9C", "KD"], "options": {"first_phase": "pairs"}},
            "Choose one of: As written: everyone plays to each trick, Aces low, pagat.com: two-card "
            "tricks, Aces high.",
        ),
        ({"players": 7, "cards": ["5H"]}, "Skitgubbe is played by 2, 3, 4, 5, 6 players."),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)
