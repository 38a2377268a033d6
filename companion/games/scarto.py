"""Scarto, seed 002: the Piedmontese tarot for three players, with the whole 78-card pack;
each player counts the pile they won in threes and subtracts 26, so a hand sums to zero.

The score pad follows docs/rulings.md "The tarot family: counting piles" (every card off the text's
list counts 1; as an option the text as written, the counting cards alone) on the shared pile
entry (`families.piles`); its rules page is docs/rules/scarto.md. The trick referee: the text
gives the suit orders; it says nothing of how the Excuse is played, so that follows the
published Scarto (Parlett): it never wins, led it lets the next card set the suit, and its owner
keeps it, on the last trick too. The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.contract.choices import choices
from companion.contract.game import read_options
from companion.contract.referee import EXCUSE, SUIT_WORDS, TarotReferee, register_referee
from companion.contract.registry import register
from companion.contract.values import (
    Entry,
    Field,
    FieldKind,
    HandResult,
    Scale,
    Setup,
    State,
)
from companion.families.piles import (
    CountCardsOnly,
    CountInThrees,
    PileCounting,
    PileGame,
    PileRules,
    hand_winner_words,
)
from companion.kit.cards import TAROT_JACK, TAROT_KING, TAROT_KNIGHT, TAROT_QUEEN, Card, tarot_pack
from companion.kit.counting import tarot_points
from companion.kit.formatting import number, signed
from companion.kit.i18n import t
from companion.kit.tricks import WinBy


class Count(StrEnum):
    """How a pile counts: in threes (docs/rulings.md), or the counting cards alone (as written)."""

    THREES = "threes"
    AS_WRITTEN = "as-written"


COUNT_LABELS = {
    Count.THREES: t("In threes, every other card 1 (the pad's rulings)"),
    Count.AS_WRITTEN: t("As written: counting cards only"),
}

PACK: tuple[Card, ...] = tarot_pack()
"""The 78 cards: Scarto strips nothing ("any 78-card tarot deck will suffice")."""

CARD_VALUE = tarot_points(5, {TAROT_KING: 5, TAROT_QUEEN: 4, TAROT_KNIGHT: 3, TAROT_JACK: 2}, 1)
"""The text: "Roi (King) is worth 5 points. Dame (Queen) 4. Cavalier (Knight) 3. Valet (Jack)
2. The bouts are worth 5 points"; every other card 1 (docs/rulings.md)."""
COUNTING_CARDS: tuple[Card, ...] = tuple(card for card in PACK if CARD_VALUE(card) > 1)
"""The 19 cards the text lists: 16 courts and the 3 bouts."""
SUBTRACT = 26
"""The text: "Players then subtract 26 from their points" (78 = 3 × 26)."""
PILES = PileRules(
    PACK,
    COUNTING_CARDS,
    trick_size=3,
    discards=3,
    to_dealer=True,
    discards_words=t("the dealer's 3 discards"),
)
"""25 tricks of three cards; "the last 3 remaining cards are placed in the dealer's hand who
then selects 3 cards" to discard, which count for the dealer."""

RED_ORDER_WORDS = t(
    "hearts and diamonds rank King, Queen, Knight, Jack, then the Ace down to the Ten"
)
"""The text: "the King is stronger than Jack, which is stronger than the 1 or Ace, which is
stronger than the 10" (the King, Queen, Knight and Jack being the courts)."""
BLACK_ORDER_WORDS = t(
    "spades and clubs rank King, Queen, Knight, Jack, then the Ten down to the Ace"
)
"""The text: "the King is stronger than Jack, which is stronger than the 10, which is stronger
than the 1, or Ace"."""


class ScartoReferee(TarotReferee):
    """Scarto's tricks: any atout is stronger than the suits, 21 the strongest; the suit led
    ranks as the text says; the Excuse never wins and always stays with its owner."""

    slug = "scarto"
    name = t("Scarto")
    player_counts = (3,)
    cards = PACK
    player_counts = (3,)
    exchange = t("a low card (not a court or a bout)")
    to_last_winner = False

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        """The text's words: atouts over the suit led, then the suit's own order."""
        if by is WinBy.TRUMP:
            return t(
                "in Scarto every atout is stronger than every suit card (the 1 atout beats "
                "the King), and the strongest atout wins"
            )
        order = RED_ORDER_WORDS if card.suit.is_red else BLACK_ORDER_WORDS
        if cards[0] == EXCUSE:
            return t(
                "nobody played an atout, so the strongest {suit} wins (the Excuse was led, "
                "so the next card set the suit); in Scarto {order}",
                suit=SUIT_WORDS[card.suit],
                order=order,
            )
        return t(
            "nobody played an atout, so the strongest {suit} wins; in Scarto {order}",
            suit=SUIT_WORDS[card.suit],
            order=order,
        )


REFEREE = register_referee(ScartoReferee())


# ---------------------------------------------------------------- the score pad


@dataclass(frozen=True)
class Options:
    """Scarto's house rules; the defaults are docs/rulings.md's."""

    count: Count = Count.THREES


def counting_for(options: Options) -> PileCounting:
    """How a pile counts under these rules."""
    if options.count is Count.AS_WRITTEN:
        return CountCardsOnly(COUNTING_CARDS, CARD_VALUE)
    return CountInThrees(PACK, COUNTING_CARDS, CARD_VALUE)


def scores(counts: Sequence[int]) -> tuple[int, ...]:
    """Each player's count less 26 (the text)."""
    return tuple(count - SUBTRACT for count in counts)


def score_lines(names: Sequence[str], counts: Sequence[int]) -> list[str]:
    """ "Ann: 31 − 26 = +5" per player."""
    return [
        t(
            "{name}: {count} − {subtract} = {score}",
            name=name,
            count=number(count),
            subtract=SUBTRACT,
            score=signed(count - SUBTRACT),
        )
        for name, count in zip(names, counts, strict=True)
    ]


class Scarto(PileGame):
    """Scarto's score pad: each player's pile counted in threes, less 26; the dealer's three
    discards count in the dealer's pile. Entered by the cards or by the points."""

    slug = "scarto"
    name = t("Scarto")
    player_counts = (3,)
    zero_sum = False  # in threes each hand sums to zero; "as written" it does not (71 − 78)
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("point"), t("points"))
    options_type = Options
    rules = PILES
    summary = t(
        "Three players, the whole tarot; each pile is counted in threes and 26 taken "
        "off. Tap each court and bout into its pile, or enter the counts."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (
            Field(
                "count",
                t("Counting the piles"),
                FieldKind.CHOICE,
                choices=choices(Count, COUNT_LABELS),
                default=Count.THREES.value,
                help=t("The pad's rulings: in threes, every other card 1, so a hand sums to zero"),
            ),
        )

    def counting(self, setup: Setup) -> PileCounting:
        return counting_for(read_options(Options, setup.options))

    def score(self, state: State, entry: Entry) -> HandResult:
        counted = self.counted(state, entry)
        names = state.setup.players
        points = scores(counted.points)
        return HandResult(
            points,
            (*counted.lines, *score_lines(names, counted.points)),
            hand_winner_words(names, points, show=signed),
            facts={"counts": list(counted.points), "piles": list(counted.shorts)},
        )


register(Scarto())
