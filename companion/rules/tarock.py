"""Tarock, seed 002: the German tarot for four players, with the 54-card stripped pack.

The trick referee lives here now; the score pad for Tarock (triplets of one counting card and
two low cards: RULINGS.md "The tarot family") joins it in this module later. The text strips the
pack and says "game play is exactly the same as Le Tarot Français", so a trick is judged as
French Tarot's as written: red pips Ace high, black pips Ten high, and the Excuse never wins,
going to the trick's winner only on the last trick. The decisions:
docs/referee.md.
"""

from __future__ import annotations

from companion.cards import ACE, Card, Suit, tarot_pack
from companion.rules.referee import TarotReferee, register_referee

RED_PIPS = (ACE, 2, 3, 4)
"""The text: "from the pip cards in the red suits, remove the 10 through 5 cards"."""
BLACK_PIPS = (7, 8, 9, 10)
"""The text: "from the pip cards in the black suits, remove the 6 through 1, or Ace"."""
KEEP_PIPS: dict[Suit, tuple[int, ...]] = {Suit.HEARTS: RED_PIPS, Suit.DIAMONDS: RED_PIPS,
                                          Suit.SPADES: BLACK_PIPS, Suit.CLUBS: BLACK_PIPS}

PACK: tuple[Card, ...] = tarot_pack(keep_pip=KEEP_PIPS)
"""The 54 cards: 8 in each suit (4 courts, 4 pips), 21 atouts and the Excuse."""


class TarockReferee(TarotReferee):
    """Tarock's tricks: French Tarot's as written, in the 54-card pack."""

    slug = "tarock"
    name = "Tarock"
    player_counts = (4,)
    cards = PACK
    exchange = "a low card (not a bout or a court)"






REFEREE = register_referee(TarockReferee())
