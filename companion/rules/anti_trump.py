"""The anti-trump game, seed 003: three to six players, the 39-card pack without Hearts, nine
rounds of five tricks, bids before the play.

The trick referee lives here now; the score pad for the game (the bids, the exchanges, RULINGS.md
"The anti-trump game") joins it in this module later. The text: Diamonds are always trumps; the
first black card turned after the deal names the anti-trump suit (none if only Diamonds are
left); the other black suit is neutral; values run Ace high. "Trump > Leading Suit >
Anti-Trump": an anti-trump card cannot win unless it was led and every card of the trick is an
anti-trump. The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import Card, Suit, pack_39_no_hearts
from companion.rules.referee import (
    SUIT_NAMES,
    RankingReferee,
    register_referee,
    suit_of_choice,
    trump_field,
)
from companion.rules.values import Field
from companion.tricks import ACE_HIGH, TrickRanking, WinBy

TRUMP = Suit.DIAMONDS
"""The text: "Diamonds are the trump suit", every round."""
BLACK_SUITS = (Suit.CLUBS, Suit.SPADES)


def anti_trump_of(context: Mapping[str, Any]) -> Suit | None:
    """The round's anti-trump suit, or None when only Diamonds were left to turn."""
    return suit_of_choice(context.get("anti_trump"))


def anti_trump_alone(cards: Sequence[Card], anti: Suit | None) -> bool:
    """Whether every card of the trick is an anti-trump (it was led and nobody played another
    suit): the one case where the highest anti-trump takes the trick."""
    return anti is not None and all(card.suit is anti for card in cards)


class AntiTrumpReferee(RankingReferee):
    """The anti-trump game's tricks: Diamonds over the suit led, Ace high; an anti-trump card
    never wins unless the whole trick is anti-trumps."""

    slug = "anti-trump"
    name = "Anti-Trump"
    player_counts = (3, 4, 5, 6)

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """The round's anti-trump: the suit of the first black card turned after the deal."""
        return (trump_field(BLACK_SUITS, none_label="None (only Diamonds were left)",
                            name="anti_trump", label="Anti-trump suit"),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_39_no_hearts()

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        """This trick's ranking: Diamonds trump, Ace high, and the anti-trump cards unable to
        win (or to set the suit led) unless every card is an anti-trump."""
        anti = anti_trump_of(context)
        barred = frozenset() if anti is None or anti_trump_alone(cards, anti) else frozenset(
            card for card in cards if card.suit is anti)
        return TrickRanking(order=ACE_HIGH, trump=TRUMP, cannot_win=barred)

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        """Why the card won: a trump, the anti-trump alone, the neutral suit over an anti-trump
        lead, or the suit led."""
        anti = anti_trump_of(context)
        if by is WinBy.TRUMP:
            return ("Diamonds are always trumps: a Diamond beats every other card and the "
                    "highest Diamond wins, Ace high")
        if anti_trump_alone(cards, anti):
            return (f"the anti-trump ({SUIT_NAMES[card.suit]}) was led and nobody played "
                    "another suit, so the highest anti-trump takes the trick, Ace high")
        if anti is not None and cards[0].suit is anti:
            return (f"an anti-trump card cannot win once another suit is played to its lead; "
                    f"with no Diamond played, the highest card of the neutral suit "
                    f"({SUIT_NAMES[card.suit]}) wins, Ace high")
        barred = (f"; an anti-trump card ({SUIT_NAMES[anti]}) never wins here"
                  if anti is not None and any(c.suit is anti for c in cards) else "")
        return ("nobody played a Diamond, so the highest card of the suit led wins, Ace "
                f"high{barred}")


REFEREE = register_referee(AntiTrumpReferee())
