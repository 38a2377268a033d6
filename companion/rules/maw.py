"""Maw (Spoil Five), seed 002: two to ten players, five tricks a deal, a trump turned up.

The trick referee lives here now; the score pad for Maw (the pool, robbing, jinking) joins it
in this module. RULINGS.md settles what the text leaves open ("Maw").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import ACE, JACK, KING, PLAIN_SUITS, QUEEN, Card, Suit, pack_52
from companion.rules.referee import RankingReferee, register_referee, trump_field
from companion.tricks import RankOrder, TrickRanking, WinBy

RED_ORDER = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING))
"""Red suits (the text): courts as usual, "the 10 is high and Ace is low for the pips"."""
BLACK_ORDER = RankOrder((10, 9, 8, 7, 6, 5, 4, 3, 2, ACE, JACK, QUEEN, KING))
"""Black suits (the text): courts as usual, "the Ace is high and 10 is low for the pips"."""
ACE_OF_HEARTS = Card(Suit.HEARTS, ACE)


def top_trumps(trump: Suit) -> tuple[Card, ...]:
    """The text's "always the highest of the trumps (in order)": the Five of trumps (the five
    fingers), the Jack of trumps, the Ace of Hearts, the Ace of trumps if trumps are not
    Hearts."""
    tops = [Card(trump, 5), Card(trump, JACK), ACE_OF_HEARTS]
    if trump is not Suit.HEARTS:
        tops.append(Card(trump, ACE))
    return tuple(tops)


TOP_WORDS = ("the Five of trumps (the five fingers) is the highest card of all",
             "the Jack of trumps ranks second only to the Five",
             "the Ace of Hearts is always a trump, third after the Five and the Jack",
             "the Ace of trumps ranks fourth, after the Five, the Jack and the Ace of Hearts")


class MawReferee(RankingReferee):
    """Maw's tricks: the four top trumps, then the trump suit, then the suit led; red pips
    rank Ten high, black pips Ace high."""

    slug = "maw"
    name = "Maw"
    player_counts = tuple(range(2, 11))

    def context_fields(self, player_count: int) -> tuple:
        return (trump_field(PLAIN_SUITS),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_52()

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        trump = Suit(context["trump"])
        orders = {suit: RED_ORDER if suit.is_red else BLACK_ORDER for suit in PLAIN_SUITS}
        return TrickRanking(order=BLACK_ORDER, suit_orders=orders, trump=trump,
                            top_trumps=top_trumps(trump))

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        trump = Suit(context["trump"])
        if by is WinBy.TOP_TRUMP:
            return f"in Maw {TOP_WORDS[top_trumps(trump).index(card)]}"
        colour = "red" if card.suit.is_red else "black"
        pips = ("the Ten high and the Ace low" if card.suit.is_red
                else "the Ace high and the Ten low")
        if by is WinBy.TRUMP:
            return (f"a trump beats every other suit, and below the top trumps the {colour} "
                    f"trump suit ranks King, Queen, Jack, then its pips with {pips}")
        return (f"nobody played a trump, so the highest card of the suit led wins; a {colour} "
                f"suit ranks King, Queen, Jack, then its pips with {pips}")


REFEREE = register_referee(MawReferee())
