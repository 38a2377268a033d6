"""Tarocchini: the pile count (hand-counted piles, the crick referee, the hand-count check) and
the score pad (hands by the cards and by the points, its referee, its options).

Every total is worked out by hand in the comment or id from the text (seed 002, "Tarocchini"),
docs/rulings.md "The tarot family" and the decisions in docs/rules/tarocchini.md:
    sets: three/four tarocchi (Angelo, Mondo, Begato, Matto) 18/36, Kings 17/34, Queens 14/28,
        Knights 13/26, Jacks 12/24;
    card points: Angelo, Mondo, Begato, Matto, Kings 5, Queens 4, Knights 3, Jacks 2, every
        other card 1 (option: −1 a pair, +6 for the last trick);
    cricche: 10 for three cards, +5 for each more; three or more cricche: doubled.
Cards are written as the app's codes: "21T" the Angelo, "20T" the Mondo, "19T" the Sole,
"18T" the Luna, "1T" the Begato, "EX" the Matto, "CS" the Knight of Spades.
"""

from __future__ import annotations

import itertools
import re

import pytest

from companion.contract.registry import get
from companion.contract.values import HandResult, State
from companion.engine.replay import Checked, make_setup
from companion.games.tarocchini import (
    COUNTING_CARDS,
    MATTO,
    PACK,
    PLAIN_PIPS,
    Counting,
    CrickClaim,
    ExtraCards,
    Options,
    PileError,
    RunName,
    StandIn,
    TrumpRun,
    count_pile,
    hand_count_problem,
    judge_cricche,
    judge_crick,
    pile_problems,
    possible_totals,
)
from companion.games.tarocchini import pile_rules as tarocchini_rules
from companion.kit.cards import Card, parse
from tests.games.piles_entry import by_cards, by_points, check_at


def cards(codes: str) -> tuple[Card, ...]:
    """Cards from their codes, in the order written."""
    return tuple(parse(code, tarot=True) for code in codes.split())


def card(code: str) -> Card:
    """One card from its code."""
    return parse(code, tarot=True)


def pile(codes: str) -> frozenset[Card]:
    """A pile's counting cards."""
    return frozenset(cards(codes))


PAIRS = Options(counting=Counting.IN_PAIRS)

PILES = [
    pytest.param(
        "KS QH", 10, Options(), 17, id="no combination: K♠ 5 + Q♥ 4 + 8 other cards × 1 = 17"
    ),
    pytest.param(
        "KS KH KC QD",
        12,
        Options(),
        44,
        id="three Kings 17; card points 3 × 5 + 4 + 8 × 1 = 27; 17 + 27 = 44",
    ),
    pytest.param(
        "21T 20T 1T EX",
        4,
        Options(),
        71,
        id="four tarocchi 36; card points 4 × 5 = 20; grande Angelo Mondo, Matto for Sole, "
        "Begato for Luna: 4 cards 15; 36 + 20 + 15 = 71",
    ),
    pytest.param(
        "21T 20T 19T 18T 17T 16T 14T",
        7,
        Options(),
        40,
        id="grande Angelo Mondo Sole Luna 17 16, stops where 15 is missing: 6 cards, "
        "10 + 3 × 5 = 25; 14 does not count; card points 5 + 5 + 5 × 1 = 15; 40",
    ),
    pytest.param(
        "21T 20T 19T 18T 17T 16T 14T 13T EX",
        9,
        Options(),
        69,
        id="the Matto for 15 ends the run: 7 cards 10 + 4 × 5 = 30, not 14 or 13; three "
        "tarocchi 18; card points 3 × 5 + 6 × 1 = 21; 18 + 21 + 30 = 69",
    ),
    pytest.param(
        "21T 20T 19T 18T 17T 16T 14T 13T EX",
        9,
        Options(trump_run=TrumpRun.GOES_ON),
        79,
        id="option Pisarri: the Matto for 15 and the run goes on to 13: 9 cards "
        "10 + 6 × 5 = 40; 18 + 21 + 40 = 79",
    ),
    pytest.param(
        "21T 20T 19T 18T 16T 15T 1T",
        7,
        Options(),
        67,
        id="the Begato for 17, the text's 16 below the Luna, does not end the run: Angelo "
        "Mondo Sole Luna Begato 16 15, 7 cards 30; tarocchi 18; card points "
        "3 × 5 + 4 × 1 = 19; 67",
    ),
    pytest.param(
        "KS QS JS AS EX",
        5,
        Options(),
        37,
        id="Spades K Q, Matto for the Knight, J, Ace: 5 cards 10 + 2 × 5 = 20; card points "
        "5 + 4 + 2 + 1 + 5 = 17; 37",
    ),
    pytest.param(
        "KH QH CH KC CC JC AS AD EX",
        9,
        Options(),
        89,
        id="three cricche doubled: Hearts K Q C 10, Clubs K C J 10, Aces A♠ A♦ and the "
        "Matto 10: (10 + 10 + 10) × 2 = 60; card points 5+4+3+5+3+2+1+1+5 = 29; 89",
    ),
    pytest.param(
        "AS AH AD KS QS CS",
        6,
        Options(),
        35,
        id="A♠ to the Aces (A♠ A♥ A♦ 10) rather than Spades (K Q C 10 either way): "
        "10 + 10 = 20; card points 5 + 4 + 3 + 3 × 1 = 15; 35",
    ),
    pytest.param(
        "KS KH KD QS QH QD JS JH JD",
        9,
        Options(),
        136,
        id="Kings 17 + Queens 14 + Jacks 12 = 43; Spades, Hearts, Diamonds K Q J 10 each, "
        "three cricche (30) × 2 = 60; card points 3 × 5 + 3 × 4 + 3 × 2 = 33; 136",
    ),
    pytest.param(
        "KS KH KD QS QH QD JS JH JD",
        9,
        Options(criccone=True),
        179,
        id="option criccone: three sets doubled, 43 × 2 = 86; 86 + 33 + 60 = 179",
    ),
    pytest.param(
        "2T 3T 1T EX",
        4,
        Options(),
        27,
        id="Moretti 2 3, the Begato and the Matto for 4 and 5: 4 cards 15; card points "
        "1 + 1 + 5 + 5 = 12; two tarocchi only; 27",
    ),
    pytest.param(
        "2T 3T 4T 5T 1T EX",
        6,
        Options(),
        39,
        id="the Moretti up to six cards with both contatori: 10 + 3 × 5 = 25; card points "
        "4 × 1 + 5 + 5 = 14; two tarocchi only; 39",
    ),
    pytest.param(
        "KS KH KC QD",
        12,
        PAIRS,
        38,
        id="in pairs: 27 − 6 pairs = 21, no last trick; three Kings 17; 38",
    ),
    pytest.param(
        "KS KH KC QD",
        11,
        PAIRS,
        38,
        id="in pairs, odd size: 26 − 5 pairs = 21 (the odd card keeps its 1); 17 + 21 = 38",
    ),
]


@pytest.mark.parametrize(("codes", "size", "options", "total"), PILES)
def test_hand_counted_piles(codes: str, size: int, options: Options, total: int) -> None:
    assert count_pile(pile(codes), size, options).total == total


def test_the_last_trick_counts_six_in_pairs_only() -> None:
    # "KS KH KC QD", 12 cards: 27 − 6 pairs + 6 for the last trick = 27; 17 + 27 = 44.
    assert count_pile(pile("KS KH KC QD"), 12, PAIRS, took_last_trick=True).total == 44
    # As written the last trick is worth nothing: 44 as in the table above.
    assert count_pile(pile("KS KH KC QD"), 12, took_last_trick=True).total == 44


def test_the_whole_pack_counts_118_as_written_and_93_in_pairs() -> None:
    # The table over the 62 cards: 4 tarocchi-trumps × 5 (Angelo, Mondo, Begato, Matto) +
    # 4 Kings × 5 + 4 Queens × 4 + 4 Knights × 3 + 4 Jacks × 2 + 42 others × 1 = 118; in pairs
    # 118 − 31 + 6 = 93, the published total.
    everything = frozenset(PACK)
    assert count_pile(everything, 62).card_points.total == 118
    assert count_pile(everything, 62, PAIRS, took_last_trick=True).card_points.total == 93


def test_the_whole_pack_counts_every_set_and_crick() -> None:
    # Sets: 36 + 34 + 28 + 26 + 24 = 148. Cricche: the grande Angelo … 6, 16 cards,
    # 10 + 13 × 5 = 75; each suit K Q C J A, 20; the Moretti 2–5 with both contatori as one
    # more each, 25: 75 + 80 + 25 = 180. (The Aces in their own crick with both contatori, 25,
    # would leave the suits 15 each and the Moretti 15: 75 + 60 + 15 + 25 = 175.) Six cricche:
    # 180 × 2 = 360; 148 + 118 + 360 = 626.
    counted = count_pile(frozenset(PACK), 62)
    assert (counted.sets_points, counted.cricche_points, counted.total) == (148, 360, 626)


def test_the_working_shows_every_step() -> None:
    # The Hearts/Clubs/Aces pile above: the Matto stands for the first missing Ace, A♥.
    counted = count_pile(pile("KH QH CH KC CC JC AS AD EX"), 9)
    assert counted.lines == (
        "Card points: 3 × 5 (K♥ K♣ Matto) + 4 (Q♥) + 2 × 3 (C♥ C♣) + 2 (J♣) + 2 × 1 = 29",
        "Crick of Hearts: K♥, Q♥, C♥ → 10",
        "Crick of Clubs: K♣, C♣, J♣ → 10",
        "Crick of the Aces: A♠, Matto for A♥, A♦ → 10",
        "3 cricche: (10 + 10 + 10) × 2 = 60",
        "Total: 0 sets + 29 card points + 60 cricche = 89",
    )


def test_the_working_of_sets_and_pairs() -> None:
    counted = count_pile(pile("KS KH KC QD"), 12, PAIRS, took_last_trick=True)
    assert counted.lines == (
        "Kings: K♠ K♥ K♣ → 17",
        "Card points: 3 × 5 (K♠ K♥ K♣) + 4 (Q♦) + 8 × 1 = 27",
        "In pairs: 27 − 6 pairs + 6 for the last trick = 27",
        "Total: 17 sets + 27 card points + 0 cricche = 44",
    )


def test_the_grande_shows_the_contatore_and_where_it_stood() -> None:
    (crick,) = count_pile(pile("21T 20T 19T 18T 17T 16T 14T 13T EX"), 9).cricche
    assert crick.line == (
        "Crick of the grande: Angelo, Mondo, Sole, Luna, 17T, 16T, Matto for 15T → 10 + 4 × 5 = 30"
    )
    assert crick.stand_ins == (StandIn(MATTO, card("15T")),)


def test_the_contatori_as_one_more_moretto() -> None:
    # The four Moretti and both contatori: six cards, 10 + 3 × 5 = 25 (the Matto first).
    (crick,) = count_pile(pile("2T 3T 4T 5T 1T EX"), 6).cricche
    assert crick.line == (
        "Crick of the Moretti: 2T, 3T, 4T, 5T, Matto as one more, Begato as "
        "one more → 10 + 3 × 5 = 25"
    )


def test_the_contatore_goes_where_it_scores_most() -> None:
    # K♠ Q♠ J♠ already make Spades (10); A♥ A♦ alone make nothing. The Matto for the Knight
    # of Spades adds 5 (K Q C J = 15); for a third Ace it makes the Aces' crick, 10: the Aces.
    # 10 + 10 = 20 (two cricche, not doubled).
    counted = count_pile(pile("KS QS JS AH AD EX"), 6)
    assert [(c.run.name, c.points) for c in counted.cricche] == [
        (RunName.SPADES, 10),
        (RunName.ACES, 10),
    ]


def test_a_tie_goes_to_the_first_run() -> None:
    # Angelo Mondo Sole Luna (15) and the Moretti 2 3 4 (10), with the Matto: for 17 it adds 5
    # to the grande, for 5T it adds 5 to the Moretti; the grande comes first: the Matto stands
    # for 17: 20 + 10.
    counted = count_pile(pile("21T 20T 19T 18T 2T 3T 4T EX"), 8)
    grande, moretti = counted.cricche
    assert (grande.points, moretti.points) == (20, 10)
    assert grande.stand_ins == (StandIn(MATTO, card("17T")),)


def test_a_contatore_with_nowhere_to_go_stays_out() -> None:
    # Spades K Q C J A is whole (20) and nothing else can take the Matto.
    (spades,) = count_pile(pile("KS QS CS JS AS EX"), 6).cricche
    assert (spades.points, spades.stand_ins) == (20, ())


def test_the_count_does_not_depend_on_the_order_of_the_cards() -> None:
    # The Hearts/Clubs/Aces pile, 89, in every order of a few of its cards and reversed.
    written = cards("KH QH CH KC CC JC AS AD EX")
    orders = [
        written[::-1],
        *((*first, *written[4:]) for first in itertools.permutations(written[:4])),
    ]
    counts = {count_pile(order, 9).lines for order in orders}
    assert len(counts) == 1
    assert count_pile(written[::-1], 9).total == 89


# --- The crick referee ---------------------------------------------------------------------


def claim(run: RunName, codes: str, *stand_ins: tuple[str, str | None]) -> CrickClaim:
    """A claimed crick: its own cards, and (contatore, card stood for) pairs."""
    return CrickClaim(
        run, cards(codes), tuple(StandIn(card(c), card(f) if f else None) for c, f in stand_ins)
    )


def refusal(claimed: CrickClaim, pile_codes: str | None = None) -> str:
    """The one message refusing a claim (judged against the pile when one is given)."""
    verdict = judge_crick(claimed, pile(pile_codes) if pile_codes else None)
    assert not verdict.allowed
    assert len(verdict.refusals) == 1, verdict.refusals
    return verdict.refusals[0]


ALLOWED = [
    pytest.param(
        claim(RunName.SPADES, "KS QS AS", ("EX", "CS")), 15, id="K Q, Matto for C, A: 4 cards 15"
    ),
    pytest.param(
        claim(RunName.GRANDE, "21T 19T 18T 17T", ("1T", "20T")),
        20,
        id="Begato for the Mondo, a grande card: the run goes on, 5 cards 20",
    ),
    pytest.param(
        claim(RunName.GRANDE, "21T 20T 19T 18T 16T", ("EX", "17T")),
        25,
        id="Matto for 17, the text's 16: the run goes on to 16, 6 cards 25",
    ),
    pytest.param(
        claim(RunName.ACES, "AS AH AD AC", ("EX", None), ("1T", None)),
        25,
        id="four Aces and both contatori: six cards, 10 + 3 × 5 = 25",
    ),
    pytest.param(
        claim(RunName.MORETTI, "2T 3T", ("1T", "5T")), 10, id="two Moretti and the Begato: 10"
    ),
]


@pytest.mark.parametrize(("claimed", "points"), ALLOWED)
def test_a_crick_the_text_allows_is_scored(claimed: CrickClaim, points: int) -> None:
    verdict = judge_crick(claimed)
    assert verdict.allowed
    assert [crick.points for crick in verdict.cricche] == [points]


REFUSED = [
    pytest.param(
        claim(RunName.GRANDE, "20T 19T", ("EX", "21T")),
        "Matto cannot stand in for Angelo: the contatori never replace the Angelo or a King",
        id="the text: no contatore for the Angel",
    ),
    pytest.param(
        claim(RunName.HEARTS, "QH CH", ("1T", "KH")),
        "Begato cannot stand in for K♥: the contatori never replace the Angelo or a King",
        id="the text: no contatore for a King",
    ),
    pytest.param(
        claim(RunName.SPADES, "KS", ("EX", "QS"), ("1T", "CS")),
        "too many contatori: a crick of Spades needs 2 cards of its own, and this one has only K♠",
        id="decision: two cards of its own",
    ),
    pytest.param(
        claim(RunName.ACES, "AS", ("EX", None), ("1T", None)),
        "too many contatori: a crick of the Aces needs 2 cards of its own, and this "
        "one has only A♠",
        id="the text: two Aces plus a third",
    ),
    pytest.param(claim(RunName.SPADES, "KS QS QS"), "Q♠ is in the crick twice", id="a card twice"),
    pytest.param(
        claim(RunName.SPADES, "KS QS", ("EX", "QS")),
        "Q♠ is in the crick twice",
        id="a contatore for a card already there",
    ),
    pytest.param(
        claim(RunName.SPADES, "KS QS", ("EX", "CS"), ("EX", "JS")),
        "Matto stands in twice: a contatore stands in once only",
        id="the text: a contatore used once cannot be used twice",
    ),
    pytest.param(
        claim(RunName.SPADES, "KS QS", ("KH", "CS")),
        "K♥ is not a contatore: only the Matto and the Begato stand in for other cards",
        id="only the contatori are wild",
    ),
    pytest.param(
        claim(RunName.SPADES, "KS QS 7S"), "7♠ is not a card of Spades", id="a card of no crick"
    ),
    pytest.param(
        claim(RunName.SPADES, "QS CS JS"),
        "a crick of Spades needs K♠ itself: the contatori never stand in for the Angelo or a King",
        id="no King",
    ),
    pytest.param(
        claim(RunName.SPADES, "KS QS"),
        "a crick of Spades needs 3 cards at least; this one has 2",
        id="two cards",
    ),
    pytest.param(
        claim(RunName.GRANDE, "21T 20T 19T 18T 17T 15T", ("EX", "16T")),
        "15T does not count in the grande: the run stops where a contatore stands in for 16T",
        id="the text: a contatore in the trumps ends the sequence",
    ),
    pytest.param(
        claim(RunName.GRANDE, "21T 20T 19T 17T"),
        "17T does not count in the grande: the run stops where Luna is missing",
        id="decision: the numeri run down from the Luna",
    ),
    pytest.param(
        claim(RunName.SPADES, "KS QS", ("EX", None)),
        "Matto must stand in for a missing card of Spades",
        id="a contatore as one more only in the Moretti and the Aces",
    ),
]


@pytest.mark.parametrize(("claimed", "message"), REFUSED)
def test_a_crick_the_text_forbids_is_refused(claimed: CrickClaim, message: str) -> None:
    assert refusal(claimed) == message


def test_the_option_lets_a_contatore_fill_any_gap_in_the_trumps() -> None:
    # Pisarri: the Matto for 16 and the run goes on to 15: Angelo … 17, Matto, 15: 7 cards 30.
    claimed = claim(RunName.GRANDE, "21T 20T 19T 18T 17T 15T", ("EX", "16T"))
    verdict = judge_crick(claimed, options=Options(trump_run=TrumpRun.GOES_ON))
    assert [crick.points for crick in verdict.cricche] == [30]


def test_claims_against_the_pile() -> None:
    # The Matto may not stand for the Queen the pile holds; the Begato is not in the pile.
    assert refusal(claim(RunName.SPADES, "KS CS", ("EX", "QS")), pile_codes="KS QS CS EX") == (
        "Matto cannot stand in for Q♠: Q♠ is in the pile itself"
    )
    assert refusal(claim(RunName.SPADES, "KS QS", ("1T", "CS")), pile_codes="KS QS EX") == (
        "Begato is not in this pile"
    )


def test_cricche_claimed_together() -> None:
    # One contatore in two cricche, one Ace in two cricche, the Aces claimed as two cricche.
    spades = claim(RunName.SPADES, "KS QS AS", ("EX", "CS"))
    hearts = claim(RunName.HEARTS, "KH QH", ("EX", "CH"))
    aces = claim(RunName.ACES, "AS AH AD")
    assert judge_cricche((spades, hearts)).refusals == (
        "Matto stands in twice: a contatore stands in once only",
    )
    assert judge_cricche((spades, aces)).refusals == (
        "A♠ is in two cricche: a card counts in one crick only",
    )
    assert judge_cricche(
        (claim(RunName.ACES, "AS AH", ("EX", None)), claim(RunName.ACES, "AD AC", ("1T", None)))
    ).refusals == ("there is one crick of the Aces only, and it is claimed twice",)
    allowed = judge_cricche((spades, claim(RunName.ACES, "AH AD AC")))
    assert [crick.points for crick in allowed.cricche] == [15, 10]


# --- A count entered by hand -----------------------------------------------------------------


def test_a_hand_count_is_possible_only_as_the_cards_allow() -> None:
    # "AS AH AD KS QS CS", 6 cards: A♠ in the Aces, 35 (the best); A♠ in Spades, the Aces
    # A♥ A♦ make nothing: 15 + 15 = 30. Nothing else.
    assert possible_totals(pile("AS AH AD KS QS CS"), 6) == {30, 35}
    assert hand_count_problem(30, pile("AS AH AD KS QS CS"), 6) is None
    assert hand_count_problem(33, pile("AS AH AD KS QS CS"), 6) == (
        "33 cannot be this pile's count: its 6 cards count 35 with the contatori placed at best"
    )


def test_a_hand_count_may_leave_a_contatore_out() -> None:
    # "KS QS JS AS EX": 37 with the Matto for the Knight, 32 without it (Spades 15).
    assert possible_totals(pile("KS QS JS AS EX"), 5) == {32, 37}


def test_a_hand_count_in_pairs_with_the_last_trick_unknown() -> None:
    # "KS KH KC QD", 12 cards in pairs: 38, or 44 with the last trick.
    assert possible_totals(pile("KS KH KC QD"), 12, PAIRS) == {38, 44}
    assert possible_totals(pile("KS KH KC QD"), 12, PAIRS, took_last_trick=False) == {38}


# --- The pile itself -----------------------------------------------------------------------


def test_the_grid_asks_for_42_counting_cards() -> None:
    # 21 trumps + the Matto + 16 courts + 4 Aces = 42; the 20 Sixes to Tens count 1 each.
    assert len(COUNTING_CARDS) == 42
    assert len(PLAIN_PIPS) == 20 and all(6 <= c.rank <= 10 for c in PLAIN_PIPS)


PILE_PROBLEMS = [
    pytest.param(
        "KS QS", 1, "the pile holds 1 cards, fewer than the 2 marked", id="fewer cards than marked"
    ),
    pytest.param(
        "KS",
        22,
        "a pile of 22 cards with these marked leaves 21 other cards, but "
        "only 20 Sixes to Tens are left in the pack: mark the other "
        "counting cards",
        id="more plain cards than the pack has",
    ),
]


@pytest.mark.parametrize(("codes", "size", "message"), PILE_PROBLEMS)
def test_a_pile_the_pack_cannot_make(codes: str, size: int, message: str) -> None:
    assert pile_problems(pile(codes), size) == (message,)
    with pytest.raises(PileError, match=re.escape(message)):
        count_pile(pile(codes), size)


def test_a_card_of_the_78_not_in_the_bolognese_pack() -> None:
    assert pile_problems(pile("5S KS"), 10) == (
        "5♠ is not a card of the Bolognese pack (no 2 to 5 in the suits)",
    )


# --- The score pad ---------------------------------------------------------------------------
# A hand at three (Ann deals: tricks of 3, her pile holds her 2 discards, so 3k + 2 cards):
#   Bob, 18 cards, K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦: Kings 17 + Queens 14 + Jacks 12 = 43; card points
#     3 × 5 + 3 × 4 + 3 × 2 + 9 × 1 = 42; Spades, Hearts, Diamonds K Q J 10 each, three
#     cricche doubled 60: 145.
#   Cat, 15 cards, Angelo Mondo Sole Luna 17 16 14 13 and the Matto: tarocchi (Angelo, Mondo,
#     Matto) 18; card points 3 × 5 + 12 × 1 = 27; the grande with the Matto for 15, where the
#     run ends (the text): 7 cards 10 + 4 × 5 = 30: 75.
#   Ann, 29 cards, the other 24: the Begato, the Moretti, 6–12 and 15, K♣ Q♣ J♣, the four
#     Knights and the four Aces: Knights 26; card points 5 + 5 + 4 + 4 × 3 + 2 + 21 × 1 = 49;
#     Clubs K Q C J A 20, the Moretti with the Begato as one more 20 (or the Aces 15 and the
#     Moretti 15: the same), the Aces A♠ A♥ A♦ 10; three cricche (20 + 20 + 10) × 2 = 100:
#     175.

BOB_CARDS = "KS KH KD QS QH QD JS JH JD"
CAT_CARDS = "21T 20T 19T 18T 17T 16T 14T 13T EX"
IN_PAIRS = {"counting": "in_pairs"}
BOB_LAST = {"last_trick": "1"}


def three_at_table(options: dict[str, str] | None = None, players: int = 3) -> State:
    """A table of Ann, Bob, Cat (and more), Ann dealing the first hand."""
    setup, problems = make_setup("tarocchini", PLAYERS[:players], options or {})
    assert not problems
    return State(setup)


PLAYERS = ("Ann", "Bob", "Cat", "Dee", "Eve", "Fay", "Gus")


def checked(
    raw: dict[str, str], options: dict[str, str] | None = None, players: int = 3
) -> Checked:
    return check_at(get("tarocchini"), three_at_table(options, players), raw)


def scored(raw: dict[str, str], options: dict[str, str] | None = None) -> HandResult:
    state = three_at_table(options)
    answer = check_at(get("tarocchini"), state, raw)
    assert answer.ok, answer.problems
    return get("tarocchini").score(state, answer.entry)


def refused(
    raw: dict[str, str], options: dict[str, str] | None = None, players: int = 3
) -> dict[str, str]:
    answer = checked(raw, options, players)
    assert not answer.ok
    return {problem.field: problem.message for problem in answer.problems}


THE_HAND = by_cards([29, 18, None], {1: BOB_CARDS, 2: CAT_CARDS}, 0)

HANDS = [
    pytest.param(THE_HAND, None, (175, 145, 75), id="as written: 175, 145, 75 (above)"),
    pytest.param(
        by_points([175, 145, 75]),
        None,
        (175, 145, 75),
        id="the same hand by the points scores the same",
    ),
    pytest.param(
        by_cards([29, 18, None], {1: BOB_CARDS, 2: CAT_CARDS}, 0, **BOB_LAST),
        IN_PAIRS,
        (161, 142, 68),
        id="in pairs, Bob took the last trick: Ann 49 − 14 pairs = 35, 26 + 35 + 100 "
        "= 161; Bob 42 − 9 + 6 = 39, 43 + 39 + 60 = 142; Cat 27 − 7 = 20, "
        "18 + 20 + 30 = 68",
    ),
    pytest.param(
        by_points([161, 142, 68], **BOB_LAST),
        IN_PAIRS,
        (161, 142, 68),
        id="in pairs by the points, the same",
    ),
    pytest.param(
        THE_HAND,
        {"criccone": "y"},
        (175, 188, 75),
        id="criccone: Bob's three sets doubled, 43 × 2 = 86; 86 + 42 + 60 = 188",
    ),
    pytest.param(
        THE_HAND,
        {"trump_run": "goes_on"},
        (175, 145, 85),
        id="Pisarri: Cat's Matto for 15 and the run goes on to 13 (12 is Ann's): 9 "
        "cards 10 + 6 × 5 = 40; 18 + 27 + 40 = 85",
    ),
]


@pytest.mark.parametrize(("raw", "options", "expected"), HANDS)
def test_a_hand_scores_each_pile_its_count(raw, options, expected) -> None:
    assert scored(raw, options).points == expected


def test_the_highest_count_wins_the_hand_or_it_is_a_draw() -> None:
    assert scored(THE_HAND).headline == "Ann wins the hand with 175"
    # The text: "If tied, the game ends in a draw between the players with the same score".
    assert scored(by_points([150, 150, 95])).headline == "A draw between Ann and Bob with 150"


def test_the_working_shows_each_pile_and_folds_to_one_line() -> None:
    result = scored(THE_HAND)
    assert "Bob's pile, 18 cards:" in result.lines
    assert (
        "Card points: 3 × 5 (K♠ K♥ K♦) + 3 × 4 (Q♠ Q♥ Q♦) + 3 × 2 (J♠ J♥ J♦) + 9 × 1 = 42"
        in result.lines
    )
    assert (
        "Crick of the grande: Angelo, Mondo, Sole, Luna, 17T, 16T, Matto for 15T → 10 + 4 × 5 = 30"
    ) in result.lines
    assert "All piles: 175 + 145 + 75 = 395" in result.lines
    assert get("tarocchini").describe(three_at_table().setup, checked(THE_HAND).entry) == (
        "; ".join(result.facts["piles"])
    )
    assert result.facts["piles"] == [
        "Ann 29 cards: sets 26, card points 49, cricche 100 (Clubs, Moretti, Aces) → 175",
        "Bob 18 cards: sets 43, card points 42, cricche 60 (Spades, Hearts, Diamonds) → 145",
        "Cat 15 cards: sets 18, card points 27, cricche 30 (grande) → 75",
    ]


def test_the_in_pairs_working_shows_the_last_trick() -> None:
    lines = scored(
        by_cards([29, 18, None], {1: BOB_CARDS, 2: CAT_CARDS}, 0, **BOB_LAST), IN_PAIRS
    ).lines
    assert "In pairs: 42 − 9 pairs + 6 for the last trick = 39" in lines
    assert "In pairs: 27 − 7 pairs = 20" in lines


def test_the_last_trick_is_asked_only_counting_in_pairs() -> None:
    game = get("tarocchini")
    assert "last_trick" not in {f.name for f in game.fields(three_at_table().setup)}
    assert "last_trick" in {f.name for f in game.fields(three_at_table(IN_PAIRS).setup)}
    assert "last_trick" in refused(by_points([161, 142, 68]), IN_PAIRS)


DEALS = [
    pytest.param(2, 30, 2, id="2: 30 each, 2 aside"),
    pytest.param(3, 20, 2, id="3: 20 each, 2 aside"),
    pytest.param(4, 15, 2, id="4: 15 each and 2 for the dealer, the published deal"),
    pytest.param(5, 12, 2, id="5: 12 each, 2 aside"),
    pytest.param(6, 10, 2, id="6: 10 each, 2 aside"),
    pytest.param(7, 8, 6, id="7: 8 each, 62 − 56 = 6 aside"),
]


@pytest.mark.parametrize(("players", "hand", "aside"), DEALS)
def test_the_deal_leaves_the_dealer_two_cards_or_more(players: int, hand: int, aside: int) -> None:
    rules = tarocchini_rules(players)
    assert (rules.trick_size, rules.tricks, rules.discards) == (players, hand, aside)


# --- The referee of the pad ----------------------------------------------------------------


def test_the_piles_must_hold_the_pack() -> None:
    # 29 + 18 + 14 = 61, not 62.
    found = refused(by_cards([29, 18, 14], {1: BOB_CARDS, 2: CAT_CARDS}, 0))
    assert found["size_2"].startswith(
        "The piles hold 61 cards (Ann 29 + Bob 18 + Cat 14); the pack has 62"
    )


def test_a_size_tricks_cannot_make() -> None:
    # Tricks of three: Bob's 17 is not 3k; Ann (the dealer) 3k + 2.
    found = refused(by_cards([29, 17, 16], {1: BOB_CARDS, 2: CAT_CARDS}, 0))
    assert found["size_1"].startswith("Bob's pile of 17 cards cannot be")
    assert "size_2" in found


def test_at_seven_the_dealer_holds_six_discards() -> None:
    # Tricks of seven; the dealer Ann keeps 6 discards: 6 + 7 × 8 = 62 is her pile alone, and
    # a pile of 6 is hers only.
    assert checked(by_cards([62, 0, 0, 0, 0, 0, 0], {}, 0), players=7).ok
    found = refused(by_cards([56, 6, 0, 0, 0, 0, 0], {}, 0), players=7)
    assert "Bob's pile of 6 cards cannot be" in found["size_1"]


def test_in_tricks_a_blank_pile_never_takes_the_dealers_discards() -> None:
    # THE_HAND in tricks won, Bob's left blank: Ann (the dealer) 9 tricks × 3 + her 2 discards
    # = 29, Cat 5 × 3 = 15, Bob the rest 62 − 29 − 15 = 18: the hand above, 175, 145, 75.
    raw = by_cards([9, None, 5], {1: BOB_CARDS, 2: CAT_CARDS}, 0, unit="tricks")
    assert scored(raw).points == (175, 145, 75)


def test_in_tricks_at_four_the_dealers_pile_keeps_its_discards() -> None:
    # Four players, tricks of 4, Ann deals: Ann 1 trick + 2 discards = 6, Bob 2 = 8, Cat 1 = 4,
    # Dee blank, the rest 62 − 18 = 44 (11 tricks: 1 + 2 + 1 + 11 = 15, the hand's tricks).
    in_tricks = checked(by_cards([1, 2, 1, None], {}, 3, unit="tricks"), players=4)
    in_cards = checked(by_cards([6, 8, 4, 44], {}, 3), players=4)
    assert in_tricks.ok, in_tricks.problems
    state = three_at_table(players=4)
    assert (
        get("tarocchini").score(state, in_tricks.entry).points
        == get("tarocchini").score(state, in_cards.entry).points
    )


def test_every_counting_card_is_in_a_pile() -> None:
    raw = by_cards([29, 18, None], {1: BOB_CARDS, 2: CAT_CARDS}, 0)
    raw["card_EX"] = ""
    assert "Excuse" in refused(raw)["card_EX"]


def test_more_counting_cards_than_cards_in_a_pile() -> None:
    # Cat's 9 counting cards in a pile of 6 (Ann 32 = 30 + 2, Bob 24).
    found = refused(by_cards([32, 24, 6], {1: BOB_CARDS, 2: CAT_CARDS}, 0))
    assert found["size_2"].startswith("Cat's pile holds 9 counting cards")


def test_the_last_tricks_taker_holds_a_trick() -> None:
    # Ann's pile is only her 2 discards (Bob holds 24 counting cards in 30, Cat 18 in 30).
    raw = by_cards([2, 30, 30], {2: f"{CAT_CARDS} {BOB_CARDS}"}, 1, last_trick="0")
    assert refused(raw, IN_PAIRS)["last_trick"] == (
        "Ann took the last trick, so Ann's pile holds its 3 cards at least beside the dealer's "
        "2 discards, not 2 cards in all."
    )


def with_cards(counts: list[int], **extra: str) -> dict[str, str]:
    """The hand by the points, with the cards tapped as well (the form keeps both)."""
    return {**THE_HAND, **by_points(counts, **extra)}


def test_a_count_by_hand_the_cards_allow() -> None:
    # Cat may leave the Matto out (the text: "may"): the grande Angelo … 16, 6 cards 25:
    # 18 + 27 + 25 = 70.
    assert scored(with_cards([175, 145, 70])).points == (175, 145, 70)


def test_a_count_by_hand_the_cards_make_impossible() -> None:
    found = refused(with_cards([175, 145, 77]))
    assert found == {
        "count_2": "Cat's count: 77 cannot be this pile's count: its 15 cards "
        "count 75 with the contatori placed at best (the cards "
        "tapped)."
    }


def test_a_count_with_a_crick_the_text_does_not_allow_is_refused() -> None:
    # 85 is Cat's grande running on past the Matto (Pisarri); as written the run ends there.
    assert "count_2" in refused(with_cards([175, 145, 85]))
    assert checked(with_cards([175, 145, 85]), {"trump_run": "goes_on"}).ok


def test_counts_below_the_card_points_are_refused() -> None:
    # As written every card's points make 118 (test above), sets and cricche only add.
    found = refused(by_points([40, 40, 30]))
    assert found["count_2"].startswith(
        "The counts make 110 together; the pack's card points alone make 118 as written"
    )
    assert checked(by_points([40, 40, 38])).ok
    # In pairs at least 118 − 31 pairs + 6 = 93.
    assert "count_2" in refused(by_points([40, 40, 12], **BOB_LAST), IN_PAIRS)
    assert checked(by_points([40, 40, 13], **BOB_LAST), IN_PAIRS).ok


def test_the_grid_names_the_trumps_as_the_working_does() -> None:
    layout = get("tarocchini").pile_layout(three_at_table().setup)
    trumps = [cell.label for cell in layout.rows[0]]
    # 21 trumps and the Matto in the pack's order: the Begato, 2T … 17T, Luna, Sole, Mondo, Angelo.
    assert trumps[0] == "Begato" and trumps[-5:] == ["Luna", "Sole", "Mondo", "Angelo", "Matto"]
    assert sum(len(row) for row in layout.rows) == 42


@pytest.mark.parametrize(
    ("options", "most"),
    [
        pytest.param(None, 626, id="as written: the whole pack in one pile, 626 (test above)"),
        pytest.param(
            {"criccone": "y"}, 774, id="criccone: the sets 148 × 2 = 296; 296 + 118 + 360"
        ),
        pytest.param(IN_PAIRS, 601, id="in pairs: 148 + 93 + 360"),
    ],
)
def test_a_count_by_hand_goes_up_to_the_whole_pack(options, most) -> None:
    assert checked(by_points([most, 0, 0], **BOB_LAST), options).ok
    assert "count_0" in refused(by_points([most + 1, 0, 0], **BOB_LAST), options)


# ---------------------------------------------------------------- extra cards, as written

AS_WRITTEN_EXTRAS = Options(extra_cards=ExtraCards.AS_WRITTEN)


@pytest.mark.parametrize(
    ("codes", "published", "as_written"),
    [
        # The text: "If the King and at least two face cards of the same suit ..., the 1, or
        # Ace, of the same suit is considered an extra card." K Q C J A of Spades: published,
        # every card over three, 10 + 2 × 5 = 20; as written only the Ace, 10 + 1 × 5 = 15.
        pytest.param("KS QS CS JS AS", 20, 15, id="K Q C J A: the Ace alone is extra"),
        # K Q C J without the Ace: published 10 + 5 = 15 (the fourth court); as written 10.
        pytest.param("KS QS CS JS", 15, 10, id="K Q C J: the fourth court is not extra"),
        # The grande: "If the Angel and at least [two] of the next three grande are in the trick
        # pile, all consecutive numbered atouts are considered the extra cards": Angelo, Mondo,
        # Sole, Luna, 17, 16: published 10 + 3 × 5 = 25; as written the numeri 17 and 16 only,
        # 10 + 2 × 5 = 20.
        pytest.param("21T 20T 19T 18T 17T 16T", 25, 20, id="the grande's fourth card"),
        # The Moretti and the Aces name no head: "up to 6 total cards ... are the extra cards"
        # reads the same either way: 2 3 4 5 is 10 + 5 = 15.
        pytest.param("2T 3T 4T 5T", 15, 15, id="the Moretti alike"),
    ],
)
def test_as_written_only_the_cards_the_text_names_are_extra(
    codes: str, published: int, as_written: int
) -> None:
    size = len(codes.split())
    assert count_pile(pile(codes), size).cricche_points == published
    assert count_pile(pile(codes), size, AS_WRITTEN_EXTRAS).cricche_points == as_written


def test_as_written_the_matto_stands_for_the_ace_not_the_fourth_court() -> None:
    # K♠ Q♠ J♠ and the Matto: published, the Matto for the Knight makes K Q C J, 15 (the first
    # card it can stand for that scores the most); as written the Knight adds nothing, so the
    # Matto stands for the Ace, the one extra card the text names: 10 + 5 = 15. Card points
    # K 5 + Q 4 + J 2 + Matto 5 = 16, no set: 31 in all either way.
    counted = count_pile(pile("KS QS JS EX"), 4, AS_WRITTEN_EXTRAS)
    assert [crick.line for crick in counted.cricche] == [
        "Crick of Spades: K♠, Q♠, J♠, Matto for A♠ → 10 + 1 × 5 = 15"
    ]
    assert counted.total == 31
    published = count_pile(pile("KS QS JS EX"), 4)
    assert (
        published.cricche[0].line == "Crick of Spades: K♠, Q♠, Matto for C♠, J♠ → 10 + 1 × 5 = 15"
    )


def test_the_option_is_offered_with_the_published_count_by_default() -> None:
    (option,) = [f for f in get("tarocchini").options(3) if f.name == "extra_cards"]
    assert option.default == "over_three"
    assert [c.value for c in option.choices] == ["over_three", "as_written"]
