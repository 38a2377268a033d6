"""Whist, seed 002: four players in two partnerships, a trump turned by the dealer, thirteen
tricks; or a tarot pack, whose atouts are trumps.

The trick referee lives here now; the score pad for Whist (odd tricks, honours, rubbers) joins
it in this module. Decisions are on docs/rules pages as the game arrives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from companion.cards import PLAIN_SUITS, Card, Suit, pack_52, parse, tarot_pack
from companion.rules.referee import (
    EXCUSE,
    SUIT_NAMES,
    RankingReferee,
    register_referee,
    suit_of_choice,
    trump_field,
)
from companion.rules.values import Choice, Field, FieldKind
from companion.tricks import (
    ACE_HIGH,
    TAROT_ACE_HIGH,
    TAROT_TEN_HIGH,
    TrickRanking,
    WinBy,
    tarot_ranking,
)


class Pack(StrEnum):
    """The two packs the text allows."""

    STANDARD = "52"
    TAROT = "tarot"


class WhistReferee(RankingReferee):
    """Whist's tricks: the highest trump, else the highest card of the suit led, Ace high. With
    a tarot pack the atouts are the trumps (the text), the suits rank as French Tarot's as
    written, and the Excuse never wins (our decision: the text says nothing of it)."""

    slug = "whist"
    name = "Whist"
    player_counts = (4,)

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (Field("pack", "The pack", FieldKind.CHOICE,
                      choices=(Choice(Pack.STANDARD.value, "52 cards, a trump turned up"),
                               Choice(Pack.TAROT.value, "A tarot pack: the atouts are trumps")),
                      default=Pack.STANDARD.value),)

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        return (trump_field(PLAIN_SUITS, none_label="No trump (tarot pack: the atouts)"),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return tarot_pack() if context.get("pack") == Pack.TAROT else pack_52()

    def read(self, token: str, context: Mapping[str, Any]) -> Card:
        return parse(token, tarot=context.get("pack") == Pack.TAROT)

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        if any(card.tarot for card in cards):
            return tarot_ranking(TAROT_ACE_HIGH, TAROT_TEN_HIGH, frozenset({EXCUSE}))
        return TrickRanking(order=ACE_HIGH, trump=suit_of_choice(context.get("trump")))

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        if by is WinBy.TRUMP and card.suit is Suit.TRUMP:
            return "with a tarot pack the atouts are the trumps, and the highest atout wins"
        if by is WinBy.TRUMP:
            return (f"{SUIT_NAMES[card.suit]} are trumps: any trump beats the suit led, and the "
                    "highest trump wins")
        return "nobody played a trump, so the highest card of the suit led wins, Ace high"


REFEREE = register_referee(WhistReferee())
