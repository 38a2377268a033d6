"""Trick machinery: rank orders, the suit led, who followed, the winner, the lowest card, seats.

Every trick below is small enough to resolve at a glance; the expected index is worked out in
the comment (indices count from 0 = the card led).
"""

from __future__ import annotations

import pytest

from companion.kit.cards import ACE, JACK, KING, QUEEN, Card, Suit, parse
from companion.kit.tricks import (
    ACE_HIGH,
    MUST_FOLLOW,
    FollowRule,
    LedTrick,
    PlayedTrick,
    RankOrder,
    Revoke,
    TrickRanking,
    anyone_followed,
    find_revokes,
    followers,
    lowest_of_suit_led,
    revoke_words,
    seat_of,
    seats_in_play,
    sorted_cards,
    suit_led,
    winning_index,
)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from codes, in play order: "6S 10S QS 2S"."""
    return tuple(parse(code) for code in text.split())


# Ace low, King high: an order some games use, to show the order is data.
ACE_LOW = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING))


def test_ace_high_ranks_two_lowest_and_ace_highest() -> None:
    assert ACE_HIGH.strength(2) == 0
    assert ACE_HIGH.strength(ACE) == 12
    assert ACE_HIGH.strength(10) < ACE_HIGH.strength(JACK) < ACE_HIGH.strength(QUEEN)
    assert ACE_HIGH.strength(QUEEN) < ACE_HIGH.strength(KING) < ACE_HIGH.strength(ACE)


def test_a_rank_outside_the_order_is_an_error() -> None:
    stripped = RankOrder((2, 3, 4, 5, 6, JACK, QUEEN, KING, ACE))
    assert 7 not in stripped
    with pytest.raises(ValueError, match="rank 7"):
        stripped.strength(7)


def test_a_rank_order_lists_each_rank_once() -> None:
    with pytest.raises(ValueError, match="each rank once"):
        RankOrder((2, 3, 3))


def test_suit_led_and_followers() -> None:
    # Spade led; the 10 (index 1) and the 2 (index 3) follow, the Queen of hearts does not.
    trick = cards("6S 10S QH 2S")
    assert suit_led(trick) is Suit.SPADES
    assert followers(trick) == (1, 3)
    assert anyone_followed(trick)
    assert not anyone_followed(cards("6S 10H QD 2C"))


WINNERS = [
    # The highest spade is the Queen, played third (index 2).
    pytest.param("6S 10S QS 2S", ACE_HIGH, None, 2, id="highest of the suit led wins : Queen"),
    # Nobody follows: the card led (index 0) wins whatever its rank.
    pytest.param("6S 10H QD 2C", ACE_HIGH, None, 0, id="nobody followed : the lead wins"),
    # The King of hearts is off-suit and cannot win a spade trick: the 6 led wins.
    pytest.param("6S KH 2S 3S", ACE_HIGH, None, 0, id="off-suit cards never win : 6 led"),
    # Ace high: the Ace (index 3) beats the King (index 1).
    pytest.param("5D KD 9D AD", ACE_HIGH, None, 3, id="ace high : Ace beats King"),
    # Ace low: the King (index 1) beats the Ace.
    pytest.param("5D KD 9D AD", ACE_LOW, None, 1, id="ace low order as data : King beats Ace"),
    # Clubs trump: the only club (index 2), a Two, beats the Ace of the suit led.
    pytest.param("AS KS 2C 10S", ACE_HIGH, Suit.CLUBS, 2, id="a trump beats the suit led"),
    # Two trumps: the higher one (the 9, index 3) wins.
    pytest.param("AS 3C KS 9C", ACE_HIGH, Suit.CLUBS, 3, id="the highest trump wins"),
    # A trump suit named but none played: the highest spade, the Ace led, wins.
    pytest.param("AS KS 2H 10S", ACE_HIGH, Suit.CLUBS, 0, id="no trump played : suit led wins"),
]


@pytest.mark.parametrize(("played", "order", "trump", "expected"), WINNERS)
def test_winning_index(played: str, order: RankOrder, trump: Suit | None, expected: int) -> None:
    assert winning_index(cards(played), TrickRanking(order=order, trump=trump)) == expected


LOWEST = [
    # Spades played: 6, 10, Q, 2; the lowest is the 2 (index 3).
    pytest.param("6S 10S QS 2S", 3, id="the Two is lowest"),
    # Only the lead is a spade: it is also the lowest.
    pytest.param("6S 10H QD 2C", 0, id="nobody followed : the lead is lowest"),
    # The 2 of hearts is lower but off-suit; the lowest spade is the 5 (index 2).
    pytest.param("9S 2H 5S JS", 2, id="off-suit cards are ignored"),
]


@pytest.mark.parametrize(("played", "expected"), LOWEST)
def test_lowest_of_suit_led(played: str, expected: int) -> None:
    assert lowest_of_suit_led(cards(played), TrickRanking(order=ACE_HIGH)) == expected


@pytest.mark.parametrize(
    ("leader", "index", "count", "seat"),
    [
        # Seat 1 leads; the third card (index 2) is seat 1 + 2 = 3.
        pytest.param(1, 2, 4, 3, id="play goes left : seat 1 + 2"),
        # Seat 3 leads; index 2 wraps: (3 + 2) mod 4 = 1.
        pytest.param(3, 2, 4, 1, id="play goes left : wraps round a table of 4"),
        # Three players, seat 2 leads; index 1 is (2 + 1) mod 3 = 0.
        pytest.param(2, 1, 3, 0, id="play goes left : wraps round a table of 3"),
    ],
)
def test_seat_of(leader: int, index: int, count: int, seat: int) -> None:
    assert seat_of(leader, index, count) == seat


# Skat and Calabrasella: "At four players a trick has three cards (the dealer sits out)".
def test_the_seats_in_play_leave_out_the_dealer_sitting_out() -> None:
    assert seats_in_play(4, sitting_out=0) == (1, 2, 3)
    assert seats_in_play(4, sitting_out=2) == (0, 1, 3)
    assert seats_in_play(3) == (0, 1, 2)


@pytest.mark.parametrize(
    ("leader", "index", "out", "seat"),
    [
        # Seat 0 deals and sits out; seat 2 leads: 2, then 3, then round past 0 to seat 1.
        pytest.param(2, 2, 0, 1, id="the third card skips the dealer (seat 0)"),
        pytest.param(2, 1, 0, 3, id="the second card is the next seat"),
        # Seat 2 deals; seat 1 leads: 1, then 3 (seat 2 passed over), then 0.
        pytest.param(1, 1, 2, 3, id="the second card skips the dealer (seat 2)"),
        pytest.param(1, 2, 2, 0, id="the third card wraps to seat 0"),
        pytest.param(3, 0, 2, 3, id="the card led is the leader's"),
    ],
)
def test_seat_of_passes_over_the_seat_sitting_out(
    leader: int, index: int, out: int, seat: int
) -> None:
    assert seat_of(leader, index, 4, out) == seat


def test_the_seat_sitting_out_cannot_lead() -> None:
    with pytest.raises(ValueError, match="sits out"):
        seat_of(0, 1, 4, sitting_out=0)


def test_a_played_trick_names_its_winner_and_lowest_card() -> None:
    # Annie (seat 0) leads 6♠, Benny 10♠, Connie Q♠, Denny 2♠: Connie's Queen wins, 2♠ lowest.
    trick = PlayedTrick(cards("6S 10S QS 2S"), TrickRanking(order=ACE_HIGH))
    assert trick.followed
    assert trick.winning_card == parse("QS")
    assert trick.lowest_card == parse("2S")
    assert trick.winner(0) == 2
    # Led by Benny (seat 1) instead, the third card is Denny's (seat 3).
    assert trick.winner(1) == 3
    assert trick.seat(1, 3) == 0


def test_sorted_cards_go_suit_by_suit_from_two_to_ace() -> None:
    mixed = cards("AS 2C 10H 2S JH")
    assert [card.code for card in sorted_cards(mixed, ACE_HIGH)] == ["2S", "AS", "10H", "JH", "2C"]


def test_an_empty_trick_has_no_suit_led() -> None:
    with pytest.raises(ValueError):
        suit_led(())


# ---------------------------------------------------------------- revokes across a hand's tricks
# Four seats, 0 to 3; play goes left, so a trick led by seat 3 is played by 3, 0, 1, 2.

NO_TRUMP = TrickRanking()
DIAMONDS_TRUMP = TrickRanking(trump=Suit.DIAMONDS)
MAY_TRUMP = FollowRule(trump_instead=True)
"""A follower may trump instead of following (Maw's "If you can follow suit, you may discard
from that suit or the trump suit")."""
SPADES_WITH_TOP_TRUMPS = TrickRanking(trump=Suit.SPADES, top_trumps=cards("5S JS AH AS"))
"""Spoil Five's trumps with Spades turned: the Five, the Jack, the Ace of Hearts, the Ace."""
RENEGING = FollowRule(trump_instead=True, reneging=cards("5S JS AH"))
"""Spoil Five's reneging: the Five, the Jack and the Ace of Hearts may be kept back when a lower
trump is led."""


def hand(*tricks: tuple[int, str], ranking: TrickRanking = NO_TRUMP) -> list[LedTrick]:
    """A hand's tricks from (leader, cards in play order) pairs."""
    return [LedTrick(leader, cards(played), ranking) for leader, played in tricks]


def test_a_card_of_a_suit_shown_void_is_a_revoke() -> None:
    # Trick 1, led by 0: seat 2 plays 3C to a heart lead, so shows no hearts. Trick 2, led by 3
    # (3, 0, 1, 2): seat 2 plays 7H.
    tricks = hand((0, "2H 5H 3C 9H"), (3, "4S 6S 7S 7H"))
    assert find_revokes(tricks, MUST_FOLLOW, 4) == (Revoke(2, Suit.HEARTS, 1, 2, parse("7H")),)


def test_a_leader_who_leads_a_suit_shown_void_revokes() -> None:
    # Trick 1: seat 1 plays 3D to a heart lead. Trick 2: seat 1 leads 4H.
    tricks = hand((0, "2H 3D 5H 6H"), (1, "4H 7H 8H 9H"))
    assert find_revokes(tricks, MUST_FOLLOW, 4) == (Revoke(1, Suit.HEARTS, 1, 2, parse("4H")),)


def test_a_trump_where_trumping_is_allowed_shows_no_void() -> None:
    # The same two tricks with Diamonds trumps: seat 1's 3D trumped, as it may instead of
    # following, so leading 4H later proves nothing.
    tricks = hand((0, "2H 3D 5H 6H"), (1, "4H 7H 8H 9H"), ranking=DIAMONDS_TRUMP)
    assert find_revokes(tricks, MAY_TRUMP, 4) == ()


def test_neither_following_nor_trumping_shows_a_void_where_trumping_is_allowed() -> None:
    # Diamonds trumps; trick 1: seat 2 discards 3C to a heart lead (no heart, no trump), so
    # shows no hearts; trick 2, led by 2: seat 2 leads 4H.
    tricks = hand((0, "2H 5H 3C 6H"), (2, "4H 7H 8H 9H"), ranking=DIAMONDS_TRUMP)
    assert find_revokes(tricks, MAY_TRUMP, 4) == (Revoke(2, Suit.HEARTS, 1, 2, parse("4H")),)


def test_a_top_trump_kept_back_from_a_lower_trump_is_no_revoke() -> None:
    # Spades trumps. Trick 1: 2S led, seat 2 discards 4D, keeping back (say) the Ace of Hearts,
    # which may be withheld from a lower trump. Trick 2, led by 2: seat 2 leads the AH, a trump.
    tricks = hand((0, "2S 3S 4D 6S"), (2, "AH 7S 8S 9S"), ranking=SPADES_WITH_TOP_TRUMPS)
    assert find_revokes(tricks, RENEGING, 4) == ()


def test_a_plain_trump_after_not_following_trumps_is_a_revoke_despite_reneging() -> None:
    # As above, but seat 2 leads 7S in trick 2: a plain trump cannot be withheld.
    tricks = hand((0, "2S 3S 4D 6S"), (2, "7S AH 8S 9S"), ranking=SPADES_WITH_TOP_TRUMPS)
    assert find_revokes(tricks, RENEGING, 4) == (Revoke(2, Suit.SPADES, 1, 2, parse("7S")),)


def test_a_top_trump_may_not_be_kept_back_from_a_higher_one() -> None:
    # The Jack of trumps led in trick 1 (seat 0); seat 2 discards 4D, so may hold only the Five,
    # the one reneging card above the Jack. Its AH in trick 2 (led by 1: 1, 2, 3, 0) is a revoke.
    tricks = hand((0, "JS 3S 4D 6S"), (1, "7S AH 8S 9S"), ranking=SPADES_WITH_TOP_TRUMPS)
    assert find_revokes(tricks, RENEGING, 4) == (Revoke(2, Suit.SPADES, 1, 2, parse("AH")),)


def test_a_void_shown_and_never_contradicted_is_no_revoke() -> None:
    # Seat 2 shows no hearts in trick 1 and plays no heart after.
    tricks = hand((0, "2H 5H 3C 9H"), (3, "4S 6S 7S 8S"), (2, "4C 5C 6C 7C"))
    assert find_revokes(tricks, MUST_FOLLOW, 4) == ()


def test_two_revokes_in_one_hand() -> None:
    # Trick 1 (led by 0): seat 2 shows no hearts. Trick 2 (led by 3: 3, 0, 1, 2): seat 1 plays
    # 2D to a club lead, seat 2 plays 7H. Trick 3 (led by 2: 2, 3, 0, 1): seat 1 plays 9C.
    tricks = hand((0, "2H 5H 3C 9H"), (3, "4C 6C 2D 7H"), (2, "8S 10S QS 9C"))
    assert find_revokes(tricks, MUST_FOLLOW, 4) == (
        Revoke(2, Suit.HEARTS, 1, 2, parse("7H")),
        Revoke(1, Suit.CLUBS, 2, 3, parse("9C")),
    )


def test_each_void_proves_one_revoke() -> None:
    # Seat 2 shows no hearts in trick 1, plays 7H in trick 2 (a revoke), 8H in trick 3 (the same
    # lie, not a second one).
    tricks = hand((0, "2H 5H 3C 9H"), (3, "4S 6S 7S 7H"), (3, "4D 5D 6D 8H"))
    assert find_revokes(tricks, MUST_FOLLOW, 4) == (Revoke(2, Suit.HEARTS, 1, 2, parse("7H")),)


def test_a_trick_without_cards_or_leader_is_skipped() -> None:
    # Trick 2 has no cards entered, trick 3 an unknown leader: neither proves anything, and the
    # tricks keep their numbers.
    tricks = [
        *hand((0, "2H 5H 3C 9H")),
        LedTrick(3, ()),
        LedTrick(None, cards("6H 4S 5S 7S")),
        *hand((1, "8S 7H 9S 10S")),
    ]
    assert find_revokes(tricks, MUST_FOLLOW, 4) == (Revoke(2, Suit.HEARTS, 1, 4, parse("7H")),)


def test_a_free_card_shows_no_void() -> None:
    # The Excuse may be played at any time: seat 1's Excuse to an atout lead shows nothing.
    tarot = TrickRanking(trump=Suit.TRUMP, cannot_win=frozenset({parse("EX")}))
    tricks = [
        LedTrick(0, (parse("5T", tarot=True), parse("EX"), parse("7T", tarot=True)), tarot),
        LedTrick(
            1, (parse("9T", tarot=True), parse("10T", tarot=True), parse("11T", tarot=True)), tarot
        ),
    ]
    assert find_revokes(tricks, FollowRule(free=frozenset({parse("EX")})), 3) == ()
    assert find_revokes(tricks, MUST_FOLLOW, 3) == (
        Revoke(1, Suit.TRUMP, 1, 2, parse("9T", tarot=True)),
    )


def test_a_revoke_in_words_names_both_tricks() -> None:
    revoke = Revoke(1, Suit.HEARTS, 3, 7, parse("7H"))
    assert revoke_words(revoke, ["Annie", "Bob", "Connie", "Denny"]) == (
        "Bob revoked: Bob showed no Hearts in trick 3 and plays the Seven of Hearts in trick 7."
    )
