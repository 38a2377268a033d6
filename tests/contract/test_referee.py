"""The trick referee of every game already on the pad, and the request format they share.

Every expected winner is worked out in the comment above it from the rules text or the standard
rule docs/rulings.md names; indices count from 0 = the card led.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.referee import all_referees, describe_referee, judge_request, referee_for
from companion.kit.cards import parse


def verdict(slug: str, cards: str, players: int = 4, **request: Any) -> dict[str, Any]:
    """The verdict on one trick (cards in play order from the leader), through the request."""
    answer, problems = judge_request(
        referee_for(slug), {"players": players, "cards": cards.split(), **request}
    )
    assert problems == [], problems
    return answer["verdicts"][0]


def refused(slug: str, request: dict[str, Any]) -> list[str]:
    """The messages of a refused request."""
    answer, problems = judge_request(referee_for(slug), request)
    assert answer == {}
    return [problem.message for problem in problems]


TRICKS = [
    # French Tarot, as written: "If an atout is [played] ... the winner of the trick is the one
    # with the highest card of that suit or atouts": trump 2 beats the King of Hearts.
    pytest.param("french-tarot", "KH 5H 2T QH", {}, 2, id="tarot: any atout beats the suit led"),
    pytest.param("french-tarot", "2T 21T 5T 1T", {}, 1, id="tarot: atout 21 is the highest"),
    # Red suits as written: "1, or Ace, is the highest ranking pip and 10 is the lowest".
    pytest.param("french-tarot", "10H AH 5H 2H", {}, 1, id="tarot: red Ace over red pips"),
    # Black suits: "10 is the highest valued pip and 1, or Ace, is the lowest".
    pytest.param("french-tarot", "AS 10S 5S 2S", {}, 1, id="tarot: black Ten over black pips"),
    # Courts above pips: the Jack (the lowest court) beats the red Ace.
    pytest.param("french-tarot", "AH JH 10H 2C", {}, 1, id="tarot: a court over every pip"),
    # Option FFT: every suit Ten high, so in Hearts the Ten beats the Ace.
    pytest.param(
        "french-tarot",
        "10H AH 5H 2H",
        {"options": {"suit_order": "fft"}},
        0,
        id="tarot FFT: red Ten over red Ace",
    ),
    # "If the trick is led with the excuse, the next player determines the suit": Hearts; the
    # King of Hearts wins; the King of Spades is off-suit.
    pytest.param("french-tarot", "EX 5H KS KH", {}, 3, id="tarot: Excuse led, next sets suit"),
    # "the excuse may not win the trick": played last, the 5 of Clubs (led) still wins.
    pytest.param("french-tarot", "5C 2C 3D EX", {}, 0, id="tarot: Excuse played last never wins"),
    # Troggu: "A trick is won just like in French tarot" (its 62-card pack): trump 1 wins.
    pytest.param("troggu", "KH 1T QH CH", {}, 1, id="troggu: an atout wins"),
    # Tantony: no trump, the highest of the suit led (the sow): the text's own trick, the
    # Queen of Spades by Connie.
    pytest.param("tantony", "6S 10S QS 2S", {}, 2, id="tantony: the sow"),
    # Nobody follows: the card led wins (the hog).
    pytest.param("tantony", "6S 10H QD 2C", {}, 0, id="tantony: the hog"),
    # Skat, Hearts: the Jacks are the top trumps, Clubs, Spades, Hearts, Diamonds (ISkO).
    pytest.param(
        "skat",
        "AH JD 10H",
        {"players": 3, "context": {"game": "hearts"}},
        1,
        id="skat: a Jack over the Ace of trumps",
    ),
    pytest.param(
        "skat",
        "JD JC JS",
        {"players": 3, "context": {"game": "clubs"}},
        1,
        id="skat: the Jack of Clubs is the highest",
    ),
    # Hearts trumps, Spades led: the Seven of Hearts trumps the Ace of Spades.
    pytest.param(
        "skat",
        "AS 7H 10S",
        {"players": 3, "context": {"game": "hearts"}},
        1,
        id="skat: a trump over the suit led",
    ),
    # Suit order Ace, Ten, King: the Ten beats the King in Diamonds (a side suit in Clubs).
    pytest.param(
        "skat",
        "KD 10D 9D",
        {"players": 3, "context": {"game": "clubs"}},
        1,
        id="skat: the Ten over the King",
    ),
    # Grand: only the Jacks are trumps; a Jack of Diamonds beats the Ace of Hearts led.
    pytest.param(
        "skat",
        "AH JD 10H",
        {"players": 3, "context": {"game": "grand"}},
        1,
        id="skat grand: the Jacks alone are trumps",
    ),
    # Null: no trumps, Ace King Queen Jack Ten …: the Jack of Hearts beats the Ten of Hearts.
    pytest.param(
        "skat",
        "10H JH AS",
        {"players": 3, "context": {"game": "null"}},
        1,
        id="skat null: the Jack in its place, no trumps",
    ),
    # Calabrasella (Foster): Three, Two, Ace, King … Four; no trumps: the Three wins.
    pytest.param("calabrasella", "KH 3H AH", {"players": 3}, 1, id="calabrasella: the Three"),
    pytest.param(
        "calabrasella",
        "2H AH 3S",
        {"players": 3},
        0,
        id="calabrasella: the Two over the Ace, off-suit Three loses",
    ),
    # Maw, Clubs trumps: the Jack of trumps ranks second only to the Five: over the Ace of
    # Hearts (third) and the King of trumps.
    pytest.param("maw", "AH JC KC 5S", {"context": {"trump": "C"}}, 1, id="maw: Jack of trumps"),
    pytest.param(
        "maw",
        "AH JC 5C AC",
        {"context": {"trump": "C"}},
        2,
        id="maw: the Five of trumps is the highest",
    ),
    # The Ace of Hearts is a trump, third: over the Ace of trumps (Clubs) and the King.
    pytest.param(
        "maw",
        "KC AC AH 2C",
        {"context": {"trump": "C"}},
        2,
        id="maw: the Ace of Hearts over the Ace of trumps",
    ),
    # Diamonds trumps, Spades led: black pips "Ace is high and 10 is low": Ace > 2 > 10.
    pytest.param(
        "maw", "2S 10S AS KH", {"context": {"trump": "D"}}, 2, id="maw: black pips Ace high"
    ),
    # Red pips "The 10 is high and Ace is low" (Spades trumps): the Ten of Hearts beats the 2.
    pytest.param(
        "maw", "2H 10H 5H 3S", {"context": {"trump": "S"}}, 3, id="maw: a trump beats red pips"
    ),
    pytest.param(
        "maw", "2D 10D 5D 3C", {"context": {"trump": "S"}}, 1, id="maw: red pips Ten high"
    ),
    # Whist: "the highest trump suited card"; else the highest of the suit led, Ace high.
    pytest.param(
        "whist", "AH 2S KH 3S", {"context": {"trump": "S"}}, 3, id="whist: the higher of two trumps"
    ),
    pytest.param(
        "whist", "QH 2D AH KH", {"context": {"trump": "S"}}, 2, id="whist: no trump, Ace high"
    ),
    # Tarot pack: "the atouts are the trump suit": trump 1 beats the King of Hearts.
    pytest.param(
        "whist",
        "KH 1T EX CH",
        {"options": {"pack": "tarot"}},
        1,
        id="whist tarot: an atout wins",
    ),
]


@pytest.mark.parametrize(("slug", "cards", "request_", "winner"), TRICKS)
def test_each_rule_names_its_winner(
    slug: str, cards: str, request_: dict[str, Any], winner: int
) -> None:
    found = verdict(slug, cards, **{"players": 4, **request_})
    assert found["winner"] == winner
    assert found["card"] == cards.split()[winner]
    assert found["rule"]


def test_the_issue_s_own_example_reads_as_a_sentence() -> None:
    found = verdict(
        "maw", "AH JC KC 5S", names=["Ann", "Bob", "Cat", "Dan"], context={"trump": "C"}
    )
    assert found["words"] == (
        "Bob wins with the Jack of Clubs: in Maw the Jack of trumps ranks second only to the Five"
    )


def test_the_excuse_s_owner_keeps_it_and_owes_half_a_point() -> None:
    found = verdict("french-tarot", "5C 2C 3D EX")
    assert any("keeps it" in note and "half a point" in note for note in found["notes"])
    last = verdict("french-tarot", "5C 2C 3D EX", context={"last_trick": True})
    assert last["notes"] == [
        "The Excuse was played on the last trick: it goes to the trick's winner."
    ]


def test_tantony_names_the_runt_and_what_the_trick_is_worth() -> None:
    # The text's example: "Denny's Two is the runt and Connie's 'sow Queen' wins a trick worth
    # 2 points"; "If no one had been able to follow suit ... she would have won a trick worth 6".
    assert verdict("tantony", "6S 10S QS 2S")["notes"] == [
        "The runt, the lowest card of the suit led, is the Two of Spades: the trick is worth "
        "2 points."
    ]
    assert verdict("tantony", "6S 10H QD 2C")["notes"][0].endswith("worth 6 points.")
    # "the grand coup is to lead a hog Ace for a trick worth 30".
    assert verdict("tantony", "AS 10H QD 2C")["notes"][0].endswith("worth 30 points.")
    # Three players: "Jack 10", so a Jack runt makes a trick worth 10.
    found = verdict("tantony", "JS QS KS", players=3)
    assert found["notes"] == [
        "The runt, the lowest card of the suit led, is the Jack of Spades: the trick is worth "
        "10 points."
    ]


def test_the_winner_s_seat_follows_the_leader() -> None:
    # Bob (seat 1) leads; the 4th card (index 3) was played by seat (1 + 3) % 4 = 0, Ann.
    found = verdict(
        "whist", "AH 2S KH 3S", context={"trump": "S"}, leader=1, names=["Ann", "Bob", "Cat", "Dan"]
    )
    assert (found["winner"], found["winner_seat"]) == (3, 0)
    assert found["words"].startswith("Ann wins with the Three of Spades")


@pytest.mark.parametrize(
    ("slug", "request_", "message"),
    [
        (
            "maw",
            {"players": 4, "context": {"trump": "C"}, "cards": ["AH", "AH", "KC", "5S"]},
            "The Ace of Hearts is played twice.",
        ),
        (
            "maw",
            {"players": 4, "context": {"trump": "C"}, "cards": ["AH", "JC"]},
            "2 cards were given; a trick of Maw at 4 players has 4.",
        ),
        (
            "maw",
            {"players": 4, "context": {"trump": "C"}, "cards": ["AH", "ZZ", "KC", "5S"]},
            "'ZZ' is not a card.",
        ),
        (
            "skat",
            {"players": 3, "context": {"game": "clubs"}, "cards": ["2H", "JC", "AC"]},
            "The Two of Hearts is not in the pack Skat is played with.",
        ),
        (
            "maw",
            {"players": 11, "context": {"trump": "C"}, "cards": []},
            "Maw is played by 2, 3, 4, 5, 6, 7, 8, 9, 10 players.",
        ),
        (
            "maw",
            {"players": 4, "context": {"trump": "X"}, "cards": ["AH", "JC", "KC", "5S"]},
            "Choose one of: Spades ♠, Hearts ♥, Diamonds ♦, Clubs ♣.",
        ),
        (
            "maw",
            {"players": 4, "context": {"trumps": "C"}, "cards": ["AH", "JC", "KC", "5S"]},
            "'trumps' is not part of the context of a trick of Maw.",
        ),
        (
            "maw",
            {"players": "1" * 30, "cards": []},
            "Maw is played by 2, 3, 4, 5, 6, 7, 8, 9, 10 players.",
        ),
        (
            "whist",
            {
                "players": 4,
                "context": {"trump": "S"},
                "cards": ["AH", "2S", "KH", "3S"],
                "extra": 1,
            },
            "'extra' is not part of a referee request.",
        ),
    ],
)
def test_a_request_the_game_cannot_have_is_refused(
    slug: str, request_: dict[str, Any], message: str
) -> None:
    assert message in refused(slug, request_)


def test_several_tricks_in_one_request() -> None:
    answer, problems = judge_request(
        referee_for("skat"),
        {
            "players": 3,
            "context": {"game": "null"},
            "tricks": [
                {"cards": ["10H", "JH", "AS"]},
                {"cards": ["AS", "JD", "JC"], "context": {"game": "grand"}},
            ],
        },
    )
    assert problems == []
    # Null: the Jack over the Ten; Grand: the Jack of Clubs is the highest trump.
    assert [v["winner"] for v in answer["verdicts"]] == [1, 2]


@pytest.mark.parametrize("referee", all_referees(), ids=lambda r: r.slug)
def test_every_pack_reads_back_and_every_card_can_be_judged(referee) -> None:
    """Each card of every pack reads back from its code the game's way, and a trick of the
    right size built from the pack is judged without raising."""
    count = referee.player_counts[0]
    context = {
        f.name: (f.choices[0].value if f.choices else f.default)
        for f in referee.context_fields(count)
    }
    pack = referee.pack(count, context)
    assert all(referee.read(card.code, context) == card for card in pack)
    size = referee.cards_in_trick(count, context)
    for start in range(0, len(pack) - size + 1, size):
        referee.judge(pack[start : start + size], context)


def test_cards_read_as_codes() -> None:
    assert parse("5H").rank == 5


# ---------------------------------------------------------------- the dealer sitting out

NAMES = ["Ann", "Bob", "Cid", "Dee"]


@pytest.mark.parametrize(
    ("slug", "cards", "context", "winner"),
    [
        # "At four players a trick has three cards (the dealer sits out)". Ann (seat 0) deals, Cid
        # (2) leads: Cid, Dee, then Bob (Ann passed over). Diamonds trumps, Spades led: "Ace, Ten,
        # King" (ISkO), so Bob's Ace wins.
        pytest.param(
            "skat",
            "KS 10S AS",
            {"game": "diamonds"},
            "Bob wins with the Ace of Spades",
            id="skat at four: Bob's Ace, Ann sitting out",
        ),
        # Calabrasella (Foster): Three, Two, Ace, … ; Cid's King, Dee's Two, Bob's Three wins.
        pytest.param(
            "calabrasella",
            "KS 2S 3S",
            {},
            "Bob wins with the Three of Spades",
            id="calabrasella at four: Bob's Three, Ann sitting out",
        ),
    ],
)
def test_at_four_the_trick_passes_over_the_dealer(
    slug: str, cards: str, context: dict[str, Any], winner: str
) -> None:
    found = verdict(slug, cards, players=4, context=context, names=NAMES, leader=2, dealer=0)
    assert (found["winner"], found["winner_seat"]) == (2, 1)
    assert found["words"].startswith(winner)


def test_at_four_the_dealer_in_the_middle_is_passed_over() -> None:
    # Cid (2) deals; Bob (1) leads: Bob, Dee, Ann. Calabrasella: the Three (Ann's) wins.
    found = verdict("calabrasella", "KS 2S 3S", players=4, names=NAMES, leader=1, dealer=2)
    assert (found["winner_seat"], found["words"][:3]) == (0, "Ann")


def test_at_three_nobody_sits_out() -> None:
    # Three players, Bob (1) leads: Bob, Cid, Ann; the Three is Ann's: (1 + 2) mod 3 = 0.
    found = verdict("calabrasella", "KS 2S 3S", players=3, names=NAMES[:3], leader=1, dealer=0)
    assert found["winner_seat"] == 0


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"leader": 2}, "Say who deals: at 4 players of Skat the dealer sits out."),
        ({"leader": 0, "dealer": 0}, "The dealer sits this hand out, so cannot lead."),
        ({"leader": 1, "dealer": 4}, "The dealer is a seat at this table."),
    ],
)
def test_at_four_the_dealer_is_needed_and_cannot_lead(
    request_: dict[str, Any], message: str
) -> None:
    assert message in refused(
        "skat",
        {"players": 4, "context": {"game": "diamonds"}, "cards": ["KS", "10S", "AS"], **request_},
    )


def test_at_four_a_trick_of_four_cards_is_refused() -> None:
    assert refused(
        "skat",
        {
            "players": 4,
            "dealer": 0,
            "leader": 1,
            "context": {"game": "diamonds"},
            "cards": ["KS", "10S", "AS", "QS"],
        },
    ) == ["4 cards were given; a trick of Skat at 4 players has 3."]


def test_the_games_listing_says_where_the_dealer_sits_out() -> None:
    variants = describe_referee(referee_for("skat"))["variants"]
    assert [(v["players"], v["dealer_sits_out"], v["cards_in_trick"]) for v in variants] == [
        (3, False, 3),
        (4, True, 3),
    ]


# ---------------------------------------------------------------- Whist with a tarot pack

TAROT_WHIST = {"options": {"pack": "tarot"}}  # no trump is turned up: the atouts are trumps


def test_whist_with_a_tarot_pack_words_the_black_suits_ten_high() -> None:
    # The suits follow French Tarot as written: black "10 is the highest valued pip and 1, or
    # Ace, is the lowest": the Ten (card 2) beats the Ace led.
    found = verdict("whist", "AS 10S 5S 2S", **TAROT_WHIST)
    assert found["winner"] == 1
    assert "Ace high" not in found["rule"]
    assert found["rule"].endswith(
        "the black suits rank King, Queen, Knight, Jack, then the Ten highest of the pips"
    )


def test_whist_with_a_tarot_pack_words_the_red_suits_ace_high() -> None:
    # Red: "1, or Ace, is the highest ranking pip and 10 is the lowest": the Ace (card 2) wins.
    found = verdict("whist", "10H AH 5H 2H", **TAROT_WHIST)
    assert found["winner"] == 1
    assert found["rule"].endswith(
        "the red suits rank King, Queen, Knight, Jack, then the Ace highest of the pips"
    )


def test_whist_with_a_standard_pack_is_still_ace_high() -> None:
    assert verdict("whist", "QH 2D AH KH", context={"trump": "S"})["rule"].endswith("Ace high")


def test_whist_with_a_tarot_pack_refuses_a_trump_suit() -> None:
    # "If this is the case, the atouts are the trump suit": Hearts as trumps cannot be.
    assert refused(
        "whist",
        {
            "players": 4,
            "options": {"pack": "tarot"},
            "context": {"trump": "H"},
            "cards": ["5H", "10H", "KH", "2T"],
        },
    ) == ["With a tarot pack the atouts are the trumps: no trump suit is turned up."]


@pytest.mark.parametrize("pack", ["52", "tarot"])
def test_the_whist_referee_offers_exactly_the_trumps_the_pad_accepts(pack: str) -> None:
    # The pad asks the trump turned up (one of the four suits, never "no trump") only with a
    # 52-card pack; the referee asks the same field, and only then.
    from companion.contract.values import Setup
    from companion.games.whist import Whist

    whist = Whist()
    setup = Setup("whist", ("Ann", "Bob", "Cat", "Dan"), {"pack": pack})
    on_pad = [f.choices for f in whist.fields(setup) if f.name == "trump"]
    (asked,) = referee_for("whist").context_fields(4)
    assert asked.applies({"pack": pack}) is bool(on_pad)
    assert [c.value for c in asked.choices] == ["S", "H", "D", "C"]
    assert on_pad in ([], [asked.choices])
    if pack == "52":
        assert refused(
            "whist", {"players": 4, "cards": ["AH", "2S", "KH", "3S"], "context": {"trump": "none"}}
        ) == ["Choose one of: Spades ♠, Hearts ♥, Diamonds ♦, Clubs ♣."]


# ---------------------------------------------------------------- Troggu's Excuse


def test_troggu_s_excuse_is_exchanged_for_a_one_point_card() -> None:
    # Seed 002, Troggu: "Atouts 2-20 are worth 1 point each ... Pips are worth 1 point each":
    # no card is worth half a point, so the Excuse's owner gives a 1-point card.
    notes = verdict("troggu", "5C EX 6C 2T")["notes"]
    assert notes == [
        "The Excuse never wins: its owner keeps it among their own tricks and "
        "gives the winner a card worth 1 point in exchange (when they have one)."
    ]


@pytest.mark.parametrize(
    ("slug", "players", "cards"),
    [
        # Seed 002 writes the tarot Ace "1, or Ace": typed so, it is the Ace. Red pips rank the
        # Ace highest in each of these games (French Tarot and Tarock as written, Scarto's
        # "King ... Jack, which is stronger than the 1 or Ace, which is stronger than the 10",
        # Tarocchini's red King, Queen, Knight, Jack, Ace, 6 ... 10), so the Ace led wins.
        ("french-tarot", 4, "1H 2H 3H 4H"),
        ("tarock", 4, "1H 2H 3H 4H"),
        ("scarto", 3, "1H 2H 3H"),
        ("tarocchini", 3, "1H 6H 7H"),
    ],
)
def test_a_tarot_ace_typed_as_1_is_the_ace(slug: str, players: int, cards: str) -> None:
    found = verdict(slug, cards, players=players)
    assert (found["winner"], found["card"]) == (0, "AH")
