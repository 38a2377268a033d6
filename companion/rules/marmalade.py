"""Marmalade, seed 002: a trick game pegged on a cribbage board, two or more players, 52 cards,
the trump suit turned up before the deal.

The trick referee lives here now; the score pad for Marmalade (the race to the board's end,
RULINGS.md "Marmalade") joins it in this module later. The text's trick rule, as RULINGS.md
settles it: the highest trump wins, else the highest card of the suit led. Its "Highest Cards"
give the orders: red suits King, Queen, Jack, Ace, then 2 down to 10; black suits King, Queen,
Jack, then 10 down to 2, and the Ace lowest. The decisions:
docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import ACE, JACK, KING, PLAIN_SUITS, QUEEN, Card, Suit, pack_52
from companion.rules.referee import SUIT_NAMES, RankingReferee, register_referee, trump_field
from companion.rules.values import MAX_SEATS, Field
from companion.tricks import RankOrder, TrickRanking, WinBy

RED_ORDER = RankOrder((10, 9, 8, 7, 6, 5, 4, 3, 2, ACE, JACK, QUEEN, KING))
"""Red suits, lowest first (the text: "King, Queen, Jack, Ace, 2 through 10" from the top)."""
BLACK_ORDER = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING))
"""Black suits, lowest first (the text: "King, Queen, Jack, 10 through 2, 1 or Ace")."""
ORDER_WORDS = {True: "red suits rank King, Queen, Jack, Ace, then the Two down to the Ten",
               False: "black suits rank King, Queen, Jack, then the Ten down to the Two, and "
                      "the Ace lowest"}
COURTS = (JACK, QUEEN, KING)

WON_WITH_TRUMP, WON_WITHOUT_TRUMP, PER_TRUMP, PER_COURT = 5, 2, 2, 1
"""RULINGS.md "Marmalade": the winner pegs 5 for a trick won with a trump, else 2, plus 2 for
each trump in the trick (the winning one included) and 1 for each court card."""


def suit_orders() -> dict[Suit, RankOrder]:
    """Each suit's order: the red suits one way, the black suits the other."""
    return {suit: RED_ORDER if suit.is_red else BLACK_ORDER for suit in PLAIN_SUITS}


def pegs(cards: Sequence[Card], winner: int, trump: Suit) -> int:
    """The holes the trick's winner pegs: 5 (won with a trump) or 2, plus 2 for each trump and 1
    for each court card in the trick (a trump court counts as both)."""
    won = WON_WITH_TRUMP if cards[winner].suit is trump else WON_WITHOUT_TRUMP
    trumps = sum(card.suit is trump for card in cards)
    courts = sum(card.rank in COURTS for card in cards)
    return won + PER_TRUMP * trumps + PER_COURT * courts


class MarmaladeReferee(RankingReferee):
    """Marmalade's tricks: the highest trump, else the highest card of the suit led; red and
    black suits rank their pips in opposite directions below King, Queen, Jack."""

    slug = "marmalade"
    name = "Marmalade"
    player_counts = tuple(range(2, MAX_SEATS + 1))

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """The trump suit, turned up from the pack before the deal."""
        return (trump_field(PLAIN_SUITS),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_52()

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        """The hand's trump over the suit led, each suit in its colour's order."""
        return TrickRanking(order=BLACK_ORDER, suit_orders=suit_orders(),
                            trump=Suit(context["trump"]))

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        """Why the card won: the trump rule or the suit led, with the colour's order."""
        order = ORDER_WORDS[card.suit.is_red]
        if by is WinBy.TRUMP:
            return (f"{SUIT_NAMES[card.suit]} are trumps: a trump beats every other suit and "
                    f"the highest trump wins; in Marmalade the {order}")
        return (f"nobody played a trump, so the highest card of the suit led wins; in "
                f"Marmalade the {order}")

    def notes(self, cards: Sequence[Card], winner: int | None,
              context: Mapping[str, Any]) -> tuple[str, ...]:
        """What the winner pegs for this trick."""
        if winner is None:
            return ()
        trump = Suit(context["trump"])
        how = (f"won with a trump ({WON_WITH_TRUMP})" if cards[winner].suit is trump
               else f"won without a trump ({WON_WITHOUT_TRUMP})")
        return (f"The winner pegs {pegs(cards, winner, trump)}: {how}, {PER_TRUMP} for each "
                f"trump and {PER_COURT} for each court card in the trick.",)


REFEREE = register_referee(MarmaladeReferee())
