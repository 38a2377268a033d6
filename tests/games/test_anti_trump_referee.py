"""The anti-trump game's trick referee: hand-worked tricks and requests it answers or refuses.

Every expected winner is worked out in the comment above it from the text (seed 003, "Ranking
of cards"): indices count from 0 = the card led. The pack is Diamonds, Clubs and Spades;
"Diamonds are the trump suit"; one black suit is the round's anti-trump, the other neutral;
"Suit: Trump > Leading Suit > Anti-Trump"; "Value: A>K>Q>J>10>9>8>7>6>5>4>3>2". "An anti-trump
card cannot win a trick unless the leading suit is the anti-trump and any other suited card has
not been played in the trick, in which case the highest valued anti-trump takes the trick. If
the leading suit is the anti-trump and someone else plays a neutral or trump card, the trick is
won by highest value as normal" (our reading: a Diamond if any, else the highest neutral card).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import judge_request, referee_for
from companion.games.anti_trump import REFEREE
from companion.kit.cards import Suit, parse
from tests.games.referees import judged, refusals


def verdict(cards: str, anti: str, **request: Any) -> dict[str, Any]:
    """The verdict on one trick (one card a player, in play order from the leader)."""
    return judged(
        REFEREE,
        {
            "players": len(cards.split()),
            "cards": cards.split(),
            "context": {"anti_trump": anti},
            **request,
        },
    )


def refused(request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    return refusals(REFEREE, request)


def test_the_referee_is_registered_for_three_to_six_players() -> None:
    assert referee_for("anti-trump") is REFEREE
    assert REFEREE.player_counts == (3, 4, 5, 6)
    pack = REFEREE.pack(3, {})
    # The 39-card pack: 13 each of Diamonds, Clubs and Spades, no Hearts.
    assert len(pack) == 39 and all(card.suit is not Suit.HEARTS for card in pack)


TRICKS = [
    # "Trump > Leading Suit": Clubs anti-trump, Spades led; the Two of Diamonds beats the Ace.
    pytest.param("KS 2D AS", "C", 1, id="a Diamond over the suit led"),
    # Two Diamonds: Ace high, so the Ace of Diamonds over the Three.
    pytest.param("3D AD 2S", "C", 1, id="the higher Diamond, Ace high"),
    # Spades neutral and led: Ace high, the Ace over the King and the Two.
    pytest.param("KS AS 2S", "C", 1, id="the suit led, Ace high"),
    # The anti-trump led alone: "unless the leading suit is the anti-trump and any other suited
    # card has not been played ... the highest valued anti-trump takes the trick": the Nine.
    pytest.param("5C 9C 2C", "C", 1, id="the anti-trump led, alone: the highest anti-trump"),
    # The same with Spades the anti-trump and four players: Ace of Spades highest.
    pytest.param("5S AS 2S KS", "S", 1, id="the anti-trump alone, Spades"),
    # The anti-trump led, a neutral card played: the anti-trump Ace "cannot win"; no Diamond,
    # so the only neutral card, the Two of Spades, wins.
    pytest.param("AC KC 2S", "C", 2, id="the anti-trump led, a neutral card: the neutral wins"),
    # Two neutral cards to an anti-trump lead: the higher neutral, the Queen of Spades (Ace
    # high: Q > 3); the anti-trump King cannot win.
    pytest.param("AC 3S QS KC", "C", 2, id="the anti-trump led: the highest neutral"),
    # Spades anti-trump: led, then the Ace of Clubs (neutral) wins over both Spades.
    pytest.param("3S 4S AC", "S", 2, id="the anti-trump led, Spades: the neutral Club wins"),
    # The anti-trump led, a neutral and a Diamond: "trump" - the Three of Diamonds wins.
    pytest.param("AC 2S 3D", "C", 2, id="the anti-trump led, a Diamond wins"),
    # Neutral led; the anti-trump Ace thrown on it cannot win; 9 > 5.
    pytest.param("5S AC 9S", "C", 2, id="an anti-trump Ace played to a neutral lead"),
    pytest.param("5S AC 4S", "C", 0, id="an anti-trump Ace cannot beat the Five led"),
    # Diamonds led: the Two of Diamonds is the only trump, over both black Aces.
    pytest.param("2D AC AS", "C", 0, id="a Diamond led against two Aces"),
    # No anti-trump this round ("none", possible only at six players): both black suits are
    # neutral; Clubs led, the Ace and Three of Spades are off-suit, King of Clubs over 5, 2, 4.
    pytest.param("5C AS KC 2C 3S 4C", "none", 2, id="no anti-trump: the suit led"),
    # No anti-trump: Clubs led and alone, the Ace wins as in any trick.
    pytest.param("5C AC KC 2C 3C 4C", "none", 1, id="no anti-trump: Clubs led, the Ace"),
]


@pytest.mark.parametrize(("cards", "anti", "winner"), TRICKS)
def test_each_rule_names_its_winner(cards: str, anti: str, winner: int) -> None:
    found = verdict(cards, anti)
    assert (found["winner"], found["card"]) == (winner, cards.split()[winner])


def test_the_rule_in_words() -> None:
    assert verdict("KS 2D AS", "C")["rule"] == (
        "Diamonds are always trumps: a Diamond beats every other card and the highest Diamond "
        "wins, Ace high"
    )
    assert verdict("5C 9C 2C", "C")["rule"] == (
        "the anti-trump (Clubs) was led and nobody played another suit, so the highest "
        "anti-trump takes the trick, Ace high"
    )
    assert verdict("AC KC 2S", "C")["rule"] == (
        "an anti-trump card cannot win once another suit is played to its lead; with no "
        "Diamond played, the highest card of the neutral suit (Spades) wins, Ace high"
    )
    assert verdict("5S AC 9S", "C")["rule"].endswith(
        "Ace high; an anti-trump card (Clubs) never wins here"
    )
    assert verdict("5C AS KC 2C 3S 4C", "none")["rule"] == (
        "nobody played a Diamond, so the highest card of the suit led wins, Ace high"
    )


def test_the_ranking_bars_the_anti_trump_unless_it_is_alone() -> None:
    mixed = [parse(code) for code in ("AC", "KC", "2S")]
    assert REFEREE.ranking(mixed, {"anti_trump": "C"}).cannot_win == frozenset(mixed[:2])
    alone = [parse(code) for code in ("5C", "9C", "2C")]
    assert REFEREE.ranking(alone, {"anti_trump": "C"}).cannot_win == frozenset()
    assert REFEREE.ranking(mixed, {"anti_trump": "none"}).cannot_win == frozenset()


def test_a_request_answers_winner_seat_and_words() -> None:
    # Bob (seat 1) leads the anti-trump; the neutral Two of Spades (index 2) wins, played by
    # seat (1 + 2) % 3 = 0, Ann.
    found = verdict("AC KC 2S", "C", names=["Ann", "Bob", "Cat"], leader=1)
    assert (found["winner"], found["winner_seat"]) == (2, 0)
    assert found["words"].startswith("Ann wins with the Two of Spades: an anti-trump card")


def test_several_tricks_in_one_request() -> None:
    answer, problems = judge_request(
        REFEREE,
        {
            "players": 3,
            "context": {"anti_trump": "C"},
            "tricks": [
                {"cards": ["5C", "9C", "2C"]},
                {"cards": ["5C", "9C", "2C"], "context": {"anti_trump": "S"}},
            ],
        },
    )
    assert problems == []
    # Clubs anti-trump and alone: the Nine; Spades anti-trump: Clubs are neutral and led, the
    # Nine wins as the highest of the suit led all the same.
    assert [v["winner"] for v in answer["verdicts"]] == [1, 1]
    assert "nobody played a Diamond" in answer["verdicts"][1]["rule"]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (
            {"players": 3, "context": {"anti_trump": "C"}, "cards": ["KS", "2H", "AS"]},
            "The Two of Hearts is not in the pack Anti-Trump is played with.",
        ),
        (
            {"players": 3, "context": {"anti_trump": "C"}, "cards": ["KS", "KS", "AS"]},
            "The King of Spades is played twice.",
        ),
        (
            {"players": 4, "context": {"anti_trump": "C"}, "cards": ["KS", "2D", "AS"]},
            "3 cards were given; a trick of Anti-Trump at 4 players has 4.",
        ),
        (
            {
                "players": 3,
                "context": {"anti_trump": "C", "trump": "D"},
                "cards": ["KS", "2D", "AS"],
            },
            "'trump' is not part of the context of a trick of Anti-Trump.",
        ),
        (
            {"players": 3, "context": {"anti_trump": "D"}, "cards": ["KS", "2D", "AS"]},
            "Choose one of: Clubs ♣, Spades ♠.",
        ),
        (
            {
                "players": 6,
                "context": {"anti_trump": "D"},
                "cards": ["KS", "2D", "AS", "3S", "4S", "5S"],
            },
            "Choose one of: Clubs ♣, Spades ♠, None (only Diamonds were left).",
        ),
        ({"players": 3, "cards": ["KS", "2D", "AS"]}, "Choose anti-trump suit."),
        (
            {"players": 2, "context": {"anti_trump": "C"}, "cards": ["KS", "2D"]},
            "Anti-Trump is played by 3, 4, 5, 6 players.",
        ),
        (
            {
                "players": 3,
                "options": {"short_game": True},
                "context": {"anti_trump": "C"},
                "cards": ["KS", "2D", "AS"],
            },
            "'short_game' is not a house rule here.",
        ),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(request_: dict[str, Any], message: str) -> None:
    assert message in refused(request_)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_referee_offers_exactly_the_anti_trumps_the_pad_accepts(players: int) -> None:
    # "none" (only Diamonds left to turn) is possible only at six players: 39 - 5 x 6 = 9 cards
    # left, fewer than the 13 Diamonds; at five, 14 are left, so a black card is always there.
    from companion.contract.values import Setup
    from companion.games.anti_trump import AntiTrump

    setup = Setup("anti-trump", tuple(f"P{n}" for n in range(players)))
    pad = next(f for f in AntiTrump().fields(setup) if f.name == "anti_trump")
    (asked,) = REFEREE.context_fields(players)
    assert asked.choices == pad.choices
    assert ("none" in {c.value for c in asked.choices}) is (players == 6)


def test_no_anti_trump_is_refused_below_six_players() -> None:
    assert refused({"players": 3, "cards": ["5C", "AS", "KC"], "context": {"anti_trump": "none"}})
