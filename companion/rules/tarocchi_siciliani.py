"""Tarocchi Siciliani, seed 002: the Sicilian tarot for four players, with a 63-card pack.

The trick referee lives here now; the score pad for Tarocchi Siciliani (triplets, each worth its
cards less 2, and 5 for the last trick: RULINGS.md "The tarot family") joins it in this module
later. The text strips the pack and says "game play is exactly the same as Le Tarot Français",
so a trick is judged as French Tarot's as written: the red pips reversed (the lowest number
highest), the black pips Ten high, and the Excuse never wins, going to the trick's winner only
on the last trick. The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import Card, Suit, tarot_pack
from companion.rules.referee import (
    EXCUSE,
    SUIT_NAMES,
    SUIT_WORDS,
    TarotReferee,
    register_referee,
)
from companion.tricks import WinBy

DIAMOND_PIPS = tuple(range(4, 11))
"""The text: "from the diamond suited cards, remove the 3 through 1, or Ace"."""
OTHER_PIPS = tuple(range(5, 11))
"""The text: "from every other suit, remove the 4 through 1, or Ace"."""
KEEP_PIPS: dict[Suit, tuple[int, ...]] = {Suit.DIAMONDS: DIAMOND_PIPS, Suit.HEARTS: OTHER_PIPS,
                                          Suit.SPADES: OTHER_PIPS, Suit.CLUBS: OTHER_PIPS}

PACK: tuple[Card, ...] = tarot_pack(keep_pip=KEEP_PIPS)
"""The 63 cards: 11 diamonds, 10 in each other suit, 21 atouts and the Excuse."""

PIP_WORDS: dict[Suit, str] = {
    Suit.DIAMONDS: "the Four down to the Ten (red pips reversed, as in French Tarot)",
    Suit.HEARTS: "the Five down to the Ten (red pips reversed, as in French Tarot)",
    Suit.SPADES: "the Ten down to the Five",
    Suit.CLUBS: "the Ten down to the Five",
}
"""Each suit's pips in this pack, strongest first, under French Tarot's order as written."""



class TarocchiSicilianiReferee(TarotReferee):
    """Tarocchi Siciliani's tricks: French Tarot's as written, in the 63-card pack."""

    slug = "tarocchi-siciliani"
    name = "Tarocchi Siciliani"
    player_counts = (4,)
    cards = PACK
    exchange = "a card worth 1 point"




    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        """The atout rule as French Tarot's; the suit led with this pack's pips (no Aces)."""
        if by is WinBy.TRUMP:
            return super().rule(by, card, cards, context)
        led = " (the Excuse was led, so the next card set the suit)" if cards[0] == EXCUSE else ""
        return (f"nobody played an atout, so the highest {SUIT_WORDS[card.suit]} wins{led}; in "
                f"{self.name} {SUIT_NAMES[card.suit]} rank King, Queen, Knight, Jack, then "
                f"{PIP_WORDS[card.suit]}")



REFEREE = register_referee(TarocchiSicilianiReferee())
