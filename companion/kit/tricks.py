"""Trick machinery shared by the trick games: who won a trick, its lowest card, whose card is
whose (the revokes a hand's tricks prove are in `companion.kit.revokes`).

Nothing here knows a game. How cards rank in a trick is data (`TrickRanking`: rank orders per
suit, the trump suit, fixed top trumps, cards that cannot win, whether equal cards tie), built
by the game and passed in; the machinery answers who won and by which rule. Cards are always
listed in play order, starting with the card the leader led, and play goes to the left: the seat
after `s` is `s + 1` (modulo the number of players), passing over a seat that sits the hand out
(`seats_in_play`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from companion.kit.cards import (
    ACE,
    JACK,
    KING,
    PLAIN_SUITS,
    QUEEN,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
)


@dataclass(frozen=True)
class RankOrder:
    """How the ranks of a suit order in a trick: `ranks` from the lowest to the highest."""

    ranks: tuple[int, ...]
    # Each rank's place, looked up for every card of every trick refereed.
    _places: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError(f"a rank order lists each rank once: {self.ranks}")
        object.__setattr__(self, "_places", {rank: place for place, rank in enumerate(self.ranks)})

    def __contains__(self, rank: object) -> bool:
        return rank in self._places

    def strength(self, rank: int) -> int:
        """The rank's place in the order: 0 for the lowest; higher beats lower."""
        try:
            return self._places[rank]
        except (KeyError, TypeError):
            raise ValueError(f"rank {rank} has no place in {self.ranks}") from None


ACE_HIGH = RankOrder((2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING, ACE))
"""The usual order: Two lowest, then up to Ten, Jack, Queen, King, and the Ace highest."""

TAROT_COURTS = (TAROT_JACK, TAROT_KNIGHT, TAROT_QUEEN, TAROT_KING)
TAROT_TEN_HIGH = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, *TAROT_COURTS))
"""A tarot suit with its pips in number order: Ace lowest, Ten, then Jack, Knight, Queen,
King."""
TAROT_ACE_HIGH = RankOrder((10, 9, 8, 7, 6, 5, 4, 3, 2, ACE, *TAROT_COURTS))
"""A tarot suit with its pips reversed: Ten lowest, Ace the highest pip, then the courts (the
red suits of several tarot games)."""
TAROT_TRUMPS = RankOrder(tuple(range(1, 22)))
"""The atouts, 1 lowest to 21."""


def tarot_ranking(
    red: RankOrder,
    black: RankOrder,
    cannot_win: frozenset[Card] = frozenset(),
    trumps: RankOrder = TAROT_TRUMPS,
) -> TrickRanking:
    """A tarot trick: the atouts are trumps (in `trumps` order, 1 to 21 by default), red and
    black suits rank by their own orders, and `cannot_win` cards (the Excuse) never win."""
    orders = {
        Suit.HEARTS: red,
        Suit.DIAMONDS: red,
        Suit.SPADES: black,
        Suit.CLUBS: black,
        Suit.TRUMP: trumps,
    }
    return TrickRanking(order=black, suit_orders=orders, trump=Suit.TRUMP, cannot_win=cannot_win)


def sorted_cards(
    cards: Iterable[Card], order: RankOrder, suits: Sequence[Suit] = PLAIN_SUITS
) -> tuple[Card, ...]:
    """Cards suit by suit (in `suits` order), each suit from its lowest rank to its highest."""
    return tuple(
        sorted(cards, key=lambda card: (suits.index(card.suit), order.strength(card.rank)))
    )


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


class WinBy(StrEnum):
    """Why the winning card won: the rule of the ranking that put it on top."""

    TOP_TRUMP = "top trump"  # one of the game's fixed top trumps (Maw's Five, Skat's Jacks)
    TRUMP = "trump"  # the highest trump played
    SUIT_LED = "suit led"  # no trump: the highest card of the suit led


@dataclass(frozen=True)
class TrickRanking:
    """How cards rank in one trick: the game's data, built for the hand (or the trick) at hand.

    `order` ranks the pips of every suit not named in `suit_orders` (Tarot's and Maw's red and
    black suits rank differently). `trump` is the hand's trump suit, if any; `top_trumps` are
    fixed cards above every other trump, highest first, and count as trumps whatever their suit
    (Maw's Five and Jack of trumps and Ace of Hearts; Skat's Jacks). `cannot_win` cards never
    win and never set the suit led (the Excuse; a game whose card wins only in some tricks
    builds its ranking per trick). With `ties`, equal top cards tie (War's war) instead of the
    first of them winning.
    """

    order: RankOrder = ACE_HIGH
    suit_orders: Mapping[Suit, RankOrder] = field(default_factory=dict)
    trump: Suit | None = None
    top_trumps: tuple[Card, ...] = ()
    cannot_win: frozenset[Card] = frozenset()
    ties: bool = False
    # No trump, no special card, no tie: the highest card of the suit led wins (Tantony,
    # Whist at no trump), which `resolve` finds without the general rules.
    _plain: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "_plain",
            self.trump is None and not self.top_trumps and not self.cannot_win and not self.ties,
        )

    def order_of(self, suit: Suit) -> RankOrder:
        """The order the ranks of `suit` follow."""
        return self.suit_orders.get(suit, self.order)

    def suit_of(self, card: Card) -> Suit:
        """The suit a card belongs to in play: a top trump is a trump, whatever its face."""
        if self.top_trumps and card in self.top_trumps and self.trump is not None:
            return self.trump
        return card.suit

    def led(self, cards: Sequence[Card]) -> Suit | None:
        """The suit led: that of the first card that can set it (None if none can)."""
        if not self.cannot_win:
            return self.suit_of(cards[0]) if cards else None
        return next((self.suit_of(card) for card in cards if card not in self.cannot_win), None)

    def strength(self, card: Card, led: Suit | None) -> tuple[int, int] | None:
        """How strong `card` is in a trick where `led` was led; None: it cannot win this trick.

        Compared as tuples: any top trump beats any other trump, which beats the suit led.
        """
        if self.cannot_win and card in self.cannot_win:
            return None
        if self.top_trumps and card in self.top_trumps:
            return (3, len(self.top_trumps) - self.top_trumps.index(card))
        suit = self.suit_of(card)
        if self.trump is not None and suit is self.trump:
            return (2, self.order_of(suit).strength(card.rank))
        if suit is led:
            return (1, self.order_of(suit).strength(card.rank))
        return None


_WIN_BY = {3: WinBy.TOP_TRUMP, 2: WinBy.TRUMP, 1: WinBy.SUIT_LED}


@dataclass(frozen=True, slots=True)
class TrickVerdict:
    """Who won a trick, as a play-order index, and by which rule; or the cards that tied."""

    winner: int | None
    by: WinBy | None
    tied: tuple[int, ...] = ()


def resolve(cards: Sequence[Card], ranking: TrickRanking) -> TrickVerdict:
    """The winner of a trick whose cards are listed in play order from the leader."""
    if not cards:
        raise ValueError("a trick has at least one card")
    if ranking._plain:
        return TrickVerdict(_highest_of_suit_led(cards, ranking), WinBy.SUIT_LED)
    led = ranking.led(cards)
    strengths = {i: ranking.strength(card, led) for i, card in enumerate(cards)}
    contenders = {i: strength for i, strength in strengths.items() if strength is not None}
    if not contenders:
        return TrickVerdict(None, None)
    best = max(contenders.values())
    top = tuple(i for i, strength in contenders.items() if strength == best)
    if len(top) > 1 and ranking.ties:
        return TrickVerdict(None, None, top)
    return TrickVerdict(top[0], _WIN_BY[best[0]])


def _highest_of_suit_led(cards: Sequence[Card], ranking: TrickRanking) -> int:
    """Who wins under a plain ranking (`resolve`): the play-order index of the first of the
    highest cards of the suit led."""
    return _ends_of_suit_led(cards, ranking)[1]


def _ends_of_suit_led(cards: Sequence[Card], ranking: TrickRanking) -> tuple[int, int]:
    """Under a plain ranking (no trump, nothing special): the play-order indexes of the first
    of the lowest and of the highest cards of the suit led, in one pass."""
    led = cards[0].suit
    places = ranking.order_of(led)
    lowest = highest = 0
    weakest = strongest = places.strength(cards[0].rank)
    for index in range(1, len(cards)):
        card = cards[index]
        if card.suit is led:
            strength = places.strength(card.rank)
            if strength > strongest:
                highest, strongest = index, strength
            elif strength < weakest:
                lowest, weakest = index, strength
    return lowest, highest


def winning_index(cards: Sequence[Card], ranking: TrickRanking) -> int:
    """The play-order index of the card that wins (the first of equal cards when ties do not
    count; an error when nothing can win or the top cards tie)."""
    if ranking._plain and cards:
        return _highest_of_suit_led(cards, ranking)  # no verdict to build: it is always won
    verdict = resolve(cards, ranking)
    if verdict.winner is None:
        raise ValueError("no card wins this trick")
    return verdict.winner


def ends_of_suit_led(cards: Sequence[Card], ranking: TrickRanking) -> tuple[int, int]:
    """The play-order indexes of the lowest card of the suit led and of the card that wins
    (`lowest_of_suit_led` and `winning_index`), in one pass under a plain ranking."""
    if ranking._plain and cards:
        return _ends_of_suit_led(cards, ranking)
    return lowest_of_suit_led(cards, ranking), winning_index(cards, ranking)


def lowest_of_suit_led(cards: Sequence[Card], ranking: TrickRanking) -> int:
    """The play-order index of the lowest card of the suit led (the lead itself if nobody
    followed)."""
    if ranking._plain and cards:
        return _ends_of_suit_led(cards, ranking)[0]
    led = ranking.led(cards)
    order = ranking.order_of(led) if led is not None else ranking.order
    lowest: int | None = None
    weakest = 0
    for index, card in enumerate(cards):
        if ranking.suit_of(card) is led:
            strength = order.strength(card.rank)
            if lowest is None or strength < weakest:
                lowest, weakest = index, strength
    if lowest is None:
        raise ValueError("no card of the suit led")
    return lowest


def seats_in_play(player_count: int, sitting_out: int | None = None) -> tuple[int, ...]:
    """The seats that hold cards this hand, round the table in play order: every seat but the
    one sitting out (the dealer of Skat or Calabrasella at four players), if any."""
    return tuple(seat for seat in range(player_count) if seat != sitting_out)


def seat_of(leader: int, index: int, player_count: int, sitting_out: int | None = None) -> int:
    """The seat that played the `index`-th card of a trick led by `leader`: play goes left,
    passing over the seat sitting out, which neither leads nor plays (an error if it led)."""
    if sitting_out is None:
        return (leader + index) % player_count
    seats = seats_in_play(player_count, sitting_out)
    if leader not in seats:
        raise ValueError(f"seat {leader} sits out this hand and cannot lead")
    return seats[(seats.index(leader) + index) % len(seats)]


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A trick whose cards are known, in play order from the leader, resolved under `ranking`."""

    cards: tuple[Card, ...]
    ranking: TrickRanking = TrickRanking()

    @property
    def suit_led(self) -> Suit:
        """The suit of the lead."""
        return suit_led(self.cards)

    @property
    def followed(self) -> bool:
        """Whether anyone after the leader followed suit."""
        return anyone_followed(self.cards)

    @property
    def verdict(self) -> TrickVerdict:
        """Who won and by which rule (or which cards tied)."""
        return resolve(self.cards, self.ranking)

    @property
    def winning_index(self) -> int:
        """The play-order index of the winning card."""
        return winning_index(self.cards, self.ranking)

    @property
    def winning_card(self) -> Card:
        """The card that wins the trick."""
        return self.cards[self.winning_index]

    @property
    def lowest_index(self) -> int:
        """The play-order index of the lowest card of the suit led."""
        return lowest_of_suit_led(self.cards, self.ranking)

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
