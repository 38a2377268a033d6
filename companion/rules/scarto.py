"""Scarto, seed 002: the Piedmontese tarot for three players, with the whole 78-card pack.

The trick referee lives here now; the score pad for Scarto (the piles counted in threes, 26
subtracted from each: RULINGS.md "The tarot family") joins it in this module later. The text
gives the suit orders; it says nothing of how the Excuse is played, so that follows the
published Scarto (Parlett): it never wins, led it lets the next card set the suit, and its owner
keeps it, on the last trick too. The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import Card, tarot_pack
from companion.rules.referee import EXCUSE, SUIT_WORDS, TarotReferee, register_referee
from companion.tricks import WinBy

PACK: tuple[Card, ...] = tarot_pack()
"""The 78 cards: Scarto strips nothing ("any 78-card tarot deck will suffice")."""

RED_ORDER_WORDS = ("hearts and diamonds rank King, Queen, Knight, Jack, then the Ace down to "
                   "the Ten")
"""The text: "the King is stronger than Jack, which is stronger than the 1 or Ace, which is
stronger than the 10" (the King, Queen, Knight and Jack being the courts)."""
BLACK_ORDER_WORDS = ("spades and clubs rank King, Queen, Knight, Jack, then the Ten down to "
                     "the Ace")
"""The text: "the King is stronger than Jack, which is stronger than the 10, which is stronger
than the 1, or Ace"."""


class ScartoReferee(TarotReferee):
    """Scarto's tricks: any atout is stronger than the suits, 21 the strongest; the suit led
    ranks as the text says; the Excuse never wins and always stays with its owner."""

    slug = "scarto"
    name = "Scarto"
    player_counts = (3,)
    cards = PACK
    player_counts = (3,)
    exchange = "a low card (not a court or a bout)"
    to_last_winner = False



    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        """The text's words: atouts over the suit led, then the suit's own order."""
        if by is WinBy.TRUMP:
            return ("in Scarto every atout is stronger than every suit card (the 1 atout beats "
                    "the King), and the strongest atout wins")
        led = " (the Excuse was led, so the next card set the suit)" if cards[0] == EXCUSE else ""
        order = RED_ORDER_WORDS if card.suit.is_red else BLACK_ORDER_WORDS
        return (f"nobody played an atout, so the strongest {SUIT_WORDS[card.suit]} wins{led}; "
                f"in Scarto {order}")



REFEREE = register_referee(ScartoReferee())
