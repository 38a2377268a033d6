"""Tarock, seed 002: the German tarot for four players, with the 54-card stripped pack; each
player's pile is counted in threes and the most points wins the hand.

The score pad follows the text's triplets ("one counting card and 2 low cards") as docs/rulings.md
"The tarot family: counting piles" counts them, on the shared pile entry (`families.piles`):
individual piles, as the text says; its rules page is docs/rules/tarock.md. The text strips the
pack and says "game play is exactly the same as Le Tarot Français", so a trick is judged as
French Tarot's as written: red pips Ace high, black pips Ten high, and the Excuse never wins,
going to the trick's winner only on the last trick. The decisions:
docs/referee.md.
"""

from __future__ import annotations

from companion.contract.referee import TarotReferee, register_referee
from companion.contract.registry import register
from companion.contract.values import Entry, HandResult, Scale, Setup, State
from companion.families.piles import (
    CountInThrees,
    PileCounting,
    PileGame,
    PileRules,
    hand_winner_words,
)
from companion.kit.cards import (
    ACE,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
    tarot_pack,
)
from companion.kit.counting import tarot_points
from companion.kit.i18n import t

RED_PIPS = (ACE, 2, 3, 4)
"""The text: "from the pip cards in the red suits, remove the 10 through 5 cards"."""
BLACK_PIPS = (7, 8, 9, 10)
"""The text: "from the pip cards in the black suits, remove the 6 through 1, or Ace"."""
KEEP_PIPS: dict[Suit, tuple[int, ...]] = {
    Suit.HEARTS: RED_PIPS,
    Suit.DIAMONDS: RED_PIPS,
    Suit.SPADES: BLACK_PIPS,
    Suit.CLUBS: BLACK_PIPS,
}

PACK: tuple[Card, ...] = tarot_pack(keep_pip=KEEP_PIPS)
"""The 54 cards: 8 in each suit (4 courts, 4 pips), 21 atouts and the Excuse."""

CARD_VALUE = tarot_points(5, {TAROT_KING: 5, TAROT_QUEEN: 4, TAROT_KNIGHT: 3, TAROT_JACK: 2}, 1)
"""The text: "The bouts are worth 5 points. The kings 5, the queens 4, the knights 3, the
jacks 2. The low cards are worth 1 point"."""
COUNTING_CARDS: tuple[Card, ...] = tuple(card for card in PACK if CARD_VALUE(card) > 1)
"""The text's "counting" cards: the bouts and the courts, 19 of them."""
PILES = PileRules(
    PACK, COUNTING_CARDS, trick_size=4, discards=6, discards_words=t("the 6 cards of the talon")
)
"""Play as French Tarot's for four: 12 tricks of four cards (48) and a talon of 6 that the
taker takes and discards, so it counts in the taker's pile: 54."""
COUNT = CountInThrees(PACK, COUNTING_CARDS, CARD_VALUE)
"""The text: "Each triplet is worth the value of the counting card … each triplet of low cards
is worth 1 point … Two low cards are worth 1 point and 1 low card would be worth 0" — the same
as the values less 2 per group of three, less 1 for a last group of one or two."""


class TarockReferee(TarotReferee):
    """Tarock's tricks: French Tarot's as written, in the 54-card pack."""

    slug = "tarock"
    name = t("Tarock")
    player_counts = (4,)
    cards = PACK
    exchange = t("a low card (not a bout or a court)")


REFEREE = register_referee(TarockReferee())


# ---------------------------------------------------------------- the score pad


class Tarock(PileGame):
    """Tarock's score pad: each of the four players' piles counted in threes; each scores what
    the pile counts, and the most points wins the hand. The talon counts in the pile of the
    player who took it."""

    slug = "tarock"
    name = t("Tarock")
    player_counts = (4,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("point"), t("points"))
    rules = PILES
    summary = t(
        "Four players, the 54-card pack; each player's pile is counted in threes and "
        "the most points wins the hand. Tap each court and bout into its pile, or enter "
        "the counts."
    )

    def counting(self, setup: Setup) -> PileCounting:
        return COUNT

    def score(self, state: State, entry: Entry) -> HandResult:
        counted = self.counted(state, entry)
        return HandResult(
            counted.points,
            counted.lines,
            hand_winner_words(state.setup.players, counted.points),
            facts={"counts": list(counted.points), "piles": list(counted.shorts)},
        )


register(Tarock())
