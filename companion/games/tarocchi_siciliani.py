"""Tarocchi Siciliani, seed 002: the Sicilian tarot for four players, with a 63-card pack; each
player's pile is counted in triplets and the most points wins the hand.

The score pad counts each pile as the text does (each triplet its cards less 2, a last one or
two cards less 1) with 5 for the last trick (docs/rulings.md "The tarot family"), on the shared pile
entry (`companion.families.piles`); its rules page is docs/rules/tarocchi-siciliani.md. The text
strips the pack and says "game play is exactly the same as Le Tarot Français", so a trick
is judged as French Tarot's as written: the red pips reversed (the lowest number highest),
the black pips Ten high, and the Excuse never wins, going to the trick's winner only on the
last trick. The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.contract.referee import (
    EXCUSE,
    SUIT_WORDS,
    TarotReferee,
    register_referee,
)
from companion.contract.registry import register
from companion.contract.values import (
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Scale,
    Setup,
    State,
)
from companion.families.piles import (
    CountInThrees,
    PileCounting,
    PileEntry,
    PileGame,
    PileRules,
    filled_in,
    hand_winner_words,
)
from companion.kit.cards import (
    SUIT_NAMES,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
    is_bout,
    tarot_pack,
)
from companion.kit.formatting import number
from companion.kit.i18n import t
from companion.kit.tricks import WinBy

DIAMOND_PIPS = tuple(range(4, 11))
"""The text: "from the diamond suited cards, remove the 3 through 1, or Ace"."""
OTHER_PIPS = tuple(range(5, 11))
"""The text: "from every other suit, remove the 4 through 1, or Ace"."""
KEEP_PIPS: dict[Suit, tuple[int, ...]] = {
    Suit.DIAMONDS: DIAMOND_PIPS,
    Suit.HEARTS: OTHER_PIPS,
    Suit.SPADES: OTHER_PIPS,
    Suit.CLUBS: OTHER_PIPS,
}

PACK: tuple[Card, ...] = tarot_pack(keep_pip=KEEP_PIPS)
"""The 63 cards: 11 diamonds, 10 in each other suit, 21 atouts and the Excuse."""

BOUT = 10
"""The text: "The bouts are worth 10 points"."""
HIGH_ATOUTS = (16, 17, 18, 19)
"""The text: "Atouts 19, 18, 17, and 16 are worth 5 points"."""
COURTS = {TAROT_KING: 5, TAROT_QUEEN: 4, TAROT_KNIGHT: 3, TAROT_JACK: 2}
"""The text: "The kings are worth 5 points. The queens 4. The knights 3. The jacks 2"."""
LAST_TRICK = 5
"""docs/rulings.md: 5 for the last trick (the text is silent)."""


def card_value(card: Card) -> int:
    """The text's table: "All other cards are worth 1 point"."""
    if is_bout(card):
        return BOUT
    if card.suit is Suit.TRUMP:
        return 5 if card.rank in HIGH_ATOUTS else 1
    return COURTS.get(card.rank, 1)


COUNTING_CARDS: tuple[Card, ...] = tuple(card for card in PACK if card_value(card) > 1)
"""The 23 cards worth more than 1: 3 bouts, atouts 16–19 and the 16 courts."""
PILES = PileRules(
    PACK,
    COUNTING_CARDS,
    trick_size=4,
    discards=3,
    discards_words=t("the 3 cards left from the deal"),
)
"""Play as French Tarot's for four: 15 tricks of four cards (60); the 3 cards left over are the
chien, which the taker takes and discards, so they count in the taker's pile: 63."""
COUNT = CountInThrees(PACK, COUNTING_CARDS, card_value)
"""The text: "Each triplet is worth the value of the cards minus 2. If there are any remaining
cards, subtract only 1 point from the value instead of 2"."""

PIP_WORDS: dict[Suit, str] = {
    Suit.DIAMONDS: t("the Four down to the Ten (red pips reversed, as in French Tarot)"),
    Suit.HEARTS: t("the Five down to the Ten (red pips reversed, as in French Tarot)"),
    Suit.SPADES: t("the Ten down to the Five"),
    Suit.CLUBS: t("the Ten down to the Five"),
}
"""Each suit's pips in this pack, strongest first, under French Tarot's order as written."""


class TarocchiSicilianiReferee(TarotReferee):
    """Tarocchi Siciliani's tricks: French Tarot's as written, in the 63-card pack."""

    slug = "tarocchi-siciliani"
    name = t("Tarocchi Siciliani")
    player_counts = (4,)
    cards = PACK
    exchange = t("a card worth 1 point")

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        """The atout rule as French Tarot's; the suit led with this pack's pips (no Aces)."""
        if by is WinBy.TRUMP:
            return super().rule(by, card, cards, context)
        fields = {
            "suit": SUIT_WORDS[card.suit],
            "game": self.name,
            "suits": SUIT_NAMES[card.suit],
            "pips": PIP_WORDS[card.suit],
        }
        if cards[0] == EXCUSE:
            return t(
                "nobody played an atout, so the highest {suit} wins (the Excuse was led, so "
                "the next card set the suit); in {game} {suits} rank King, Queen, Knight, "
                "Jack, then {pips}",
                **fields,
            )
        return t(
            "nobody played an atout, so the highest {suit} wins; in {game} {suits} rank "
            "King, Queen, Knight, Jack, then {pips}",
            **fields,
        )


REFEREE = register_referee(TarocchiSicilianiReferee())


# ---------------------------------------------------------------- the score pad

LAST = "last_trick"


def with_last_trick(counts: Sequence[int], last: int) -> tuple[int, ...]:
    """Each pile's count, and 5 for the player who won the last trick."""
    return tuple(count + (LAST_TRICK if seat == last else 0) for seat, count in enumerate(counts))


class TarocchiSiciliani(PileGame):
    """Tarocchi Siciliani's score pad: each of the four players' piles counted in triplets, and
    5 for the last trick; the most points wins the hand. The three cards left from the deal
    count in the pile of the player who took them."""

    slug = "tarocchi-siciliani"
    name = t("Tarocchi Siciliani")
    player_counts = (4,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("point"), t("points"))
    rules = PILES
    summary = t(
        "Four players, the 63-card pack; each pile is counted in triplets, 5 for the "
        "last trick, the most points wins the hand. Tap each counting card into its "
        "pile, or enter the counts."
    )

    def counting(self, setup: Setup) -> PileCounting:
        return COUNT

    def own_fields(self, setup: Setup) -> tuple[Field, ...]:
        return (
            Field(
                LAST,
                t("Won the last trick"),
                FieldKind.SEAT,
                help=t(
                    "5 points for the last trick (the pad's rulings); counts by hand leave it out"
                ),
            ),
        )

    def own_problems(self, state: State, entry: Entry, piles: PileEntry) -> list[Problem]:
        """The last trick's winner holds at least that trick's four cards (a pile left blank
        worked out first: it is the rest of the pack)."""
        last = entry.get(LAST)
        sizes = filled_in(piles.sizes, PILES.size)
        if last is None or sizes is None:
            return []
        size = sizes[last]
        if size < PILES.trick_size:
            name = state.setup.players[last]
            return [
                Problem(
                    LAST,
                    t(
                        "{name} won the last trick, so {name}'s pile holds at "
                        "least its {cards} cards, not {size}.",
                        name=name,
                        cards=PILES.trick_size,
                        size=size,
                    ),
                )
            ]
        return []

    def score(self, state: State, entry: Entry) -> HandResult:
        counted = self.counted(state, entry)
        names = state.setup.players
        last = entry[LAST]
        points = with_last_trick(counted.points, last)
        lines = (
            *counted.lines,
            t(
                "{name}: {count} + {bonus} for the last trick = {total}",
                name=names[last],
                count=number(counted.points[last]),
                bonus=LAST_TRICK,
                total=number(points[last]),
            ),
        )
        return HandResult(
            points,
            lines,
            hand_winner_words(names, points),
            facts={
                "counts": list(counted.points),
                "last_trick": last,
                "piles": list(counted.shorts),
            },
        )

    def describe(self, setup: Setup, entry: Entry) -> str:
        """The piles, one part each, and who won the last trick."""
        return t(
            "{piles}; last trick {name}",
            piles=super().describe(setup, entry),
            name=setup.players[entry[LAST]],
        )


register(TarocchiSiciliani())
