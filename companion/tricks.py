"""Trick machinery shared by the trick games: who won a trick, its lowest card, whose card is whose.

Nothing here knows a game. How ranks order within a suit is data (`RankOrder`), passed in by the
game; a trump suit, when the game has one, is passed in too. Cards are always listed in play
order, starting with the card the leader led, and play goes to the left: the seat after `s` is
`s + 1` (modulo the number of players).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.cards import ACE, JACK, KING, PLAIN_SUITS, QUEEN, Card, Suit


@dataclass(frozen=True)
class RankOrder:
    """How the ranks of a suit order in a trick: `ranks` from the lowest to the highest."""

    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError(f"a rank order lists each rank once: {self.ranks}")

    def __contains__(self, rank: object) -> bool:
        return rank in self.ranks

    def strength(self, rank: int) -> int:
        """The rank's place in the order: 0 for the lowest; higher beats lower."""
        try:
            return self.ranks.index(rank)
        except ValueError:
            raise ValueError(f"rank {rank} has no place in {self.ranks}") from None


ACE_HIGH = RankOrder((2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING, ACE))
"""The usual order: Two lowest, then up to Ten, Jack, Queen, King, and the Ace highest."""


def sorted_cards(cards: Iterable[Card], order: RankOrder,
                 suits: Sequence[Suit] = PLAIN_SUITS) -> tuple[Card, ...]:
    """Cards suit by suit (in `suits` order), each suit from its lowest rank to its highest."""
    return tuple(sorted(cards, key=lambda card: (suits.index(card.suit),
                                                 order.strength(card.rank))))


def suit_led(cards: Sequence[Card]) -> Suit:
    """The suit of the first card played: the one the others must follow."""
    if not cards:
        raise ValueError("a trick has at least one card")
    return cards[0].suit


def followers(cards: Sequence[Card]) -> tuple[int, ...]:
    """The play-order indices of the cards after the lead that are of the suit led."""
    led = suit_led(cards)
    return tuple(index for index, card in enumerate(cards) if index > 0 and card.suit is led)


def anyone_followed(cards: Sequence[Card]) -> bool:
    """Whether any player after the leader played a card of the suit led."""
    return bool(followers(cards))


def winning_index(cards: Sequence[Card], order: RankOrder, trump: Suit | None = None) -> int:
    """The play-order index of the card that wins: the highest trump if any trump was played,
    otherwise the highest card of the suit led."""
    trumps = [i for i, card in enumerate(cards) if trump is not None and card.suit is trump]
    led = suit_led(cards)
    candidates = trumps or [i for i, card in enumerate(cards) if card.suit is led]
    return max(candidates, key=lambda i: order.strength(cards[i].rank))


def lowest_of_suit_led(cards: Sequence[Card], order: RankOrder) -> int:
    """The play-order index of the lowest card of the suit led (the lead itself if nobody
    followed)."""
    led = suit_led(cards)
    candidates = [i for i, card in enumerate(cards) if card.suit is led]
    return min(candidates, key=lambda i: order.strength(cards[i].rank))


def seat_of(leader: int, index: int, player_count: int) -> int:
    """The seat that played the `index`-th card of a trick led by `leader` (play goes left)."""
    return (leader + index) % player_count


@dataclass(frozen=True)
class PlayedTrick:
    """A trick whose cards are known, in play order from the leader, resolved under `order`."""

    cards: tuple[Card, ...]
    order: RankOrder
    trump: Suit | None = None

    @property
    def suit_led(self) -> Suit:
        """The suit of the lead."""
        return suit_led(self.cards)

    @property
    def followed(self) -> bool:
        """Whether anyone after the leader followed suit."""
        return anyone_followed(self.cards)

    @property
    def winning_index(self) -> int:
        """The play-order index of the winning card."""
        return winning_index(self.cards, self.order, self.trump)

    @property
    def winning_card(self) -> Card:
        """The card that wins the trick."""
        return self.cards[self.winning_index]

    @property
    def lowest_index(self) -> int:
        """The play-order index of the lowest card of the suit led."""
        return lowest_of_suit_led(self.cards, self.order)

    @property
    def lowest_card(self) -> Card:
        """The lowest card of the suit led."""
        return self.cards[self.lowest_index]

    def seat(self, leader: int, index: int) -> int:
        """The seat that played the `index`-th card when `leader` led (one card per player)."""
        return seat_of(leader, index, len(self.cards))

    def winner(self, leader: int) -> int:
        """The seat that wins the trick when `leader` led it."""
        return self.seat(leader, self.winning_index)
