"""The revokes a hand's tricks prove (`companion.kit.revokes`), under each duty to follow."""

from __future__ import annotations

from companion.kit.cards import Card, Suit, parse
from companion.kit.revokes import (
    MUST_FOLLOW,
    FollowRule,
    LedTrick,
    Revoke,
    find_revokes,
    revoke_words,
)
from companion.kit.tricks import TrickRanking


def cards(text: str) -> tuple[Card, ...]:
    """Cards from codes, in play order: "6S 10S QS 2S"."""
    return tuple(parse(code) for code in text.split())


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
