"""Trick machinery shared by the trick games: who won a trick, its lowest card, whose card is whose,
and the revokes a hand's tricks prove under the game's duty to follow (`FollowRule`).

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
from typing import NamedTuple, Protocol

from companion.kit.cards import (
    ACE,
    JACK,
    KING,
    PLAIN_SUITS,
    QUEEN,
    SUIT_NAMES,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
    card_name,
)
from companion.kit.i18n import Text, t


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


# ---------------------------------------------------------------- revokes across a hand's tricks


@dataclass(frozen=True)
class FollowRule:
    """What a card off the suit led proves about its player's hand, as a game's text words the
    duty to follow (a game whose text has no such duty states no rule and gets no check).

    By default a card not of the suit led shows that its player had none of that suit: "You must
    follow suit if you can, but may play any card if you can't". With `trump_instead` a player
    who can follow may trump instead, so only a card that neither follows nor trumps shows a
    void. `reneging` cards (top trumps) may be kept back when a lower trump is led, so a void
    shown in trumps leaves those stronger than the card led still possible. `free` cards may be
    played at any time (an Excuse) and show nothing. Suits are the ranking's (`suit_of`): a top
    trump is a trump, a tarot's atouts are a suit.
    """

    trump_instead: bool = False
    reneging: tuple[Card, ...] = ()
    free: frozenset[Card] = frozenset()


MUST_FOLLOW = FollowRule()
"""Follow suit if you can, else play any card: any card off the suit led shows a void."""


class TrickLed(Protocol):
    """What the revoke check reads of a trick (`LedTrick` is the plain one; a game's own
    record of a trick may serve as it is)."""

    @property
    def leader(self) -> int | None: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def ranking(self) -> TrickRanking: ...


@dataclass(frozen=True, slots=True)
class LedTrick:
    """One trick of a hand as the revoke check reads it: its leader's seat (None when not known:
    the trick is then skipped), its cards in play order from the leader (none: not entered) and
    how they rank."""

    leader: int | None
    cards: tuple[Card, ...]
    ranking: TrickRanking = TrickRanking()


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke proven across tricks: `seat` showed no `suit` in trick `shown_in` (counted from
    1) and played `card` of that suit in trick `played_in`."""

    seat: int
    suit: Suit
    shown_in: int
    played_in: int
    card: Card


class _Void(NamedTuple):
    """A suit a seat showed it had none of, in which trick, and the cards of that suit it may
    still have kept back (a reneging privilege). A named tuple: one is made for every card
    that does not follow, and a frozen dataclass sets each field through a call."""

    trick: int
    kept: frozenset[Card] = frozenset()


def find_revokes(
    tricks: Sequence[TrickLed], rule: FollowRule, player_count: int
) -> tuple[Revoke, ...]:
    """The revokes the tricks of a hand prove, in the order they come to light.

    A player who did not follow (as `rule` reads it) showed a void in the suit led; a later card
    of that suit from them, other than one they may have kept back, proves they had one. Each
    void proves one revoke; a void shown again after it may prove another.
    """
    voids: dict[tuple[int, Suit], list[_Void]] = {}
    found: list[Revoke] = []
    for number, trick in enumerate(tricks, start=1):
        if trick.leader is None or not trick.cards:
            continue
        ranking = trick.ranking
        led = ranking.led(trick.cards)
        suits = [ranking.suit_of(card) for card in trick.cards]
        if not voids and all(suit is led for suit in suits):
            continue  # no void shown before it, and everyone followed: it neither proves nor shows
        for index, card in enumerate(trick.cards):
            seat, suit = seat_of(trick.leader, index, player_count), suits[index]
            shown = voids.get((seat, suit))
            proof = shown and next((void for void in shown if not _kept(card, void)), None)
            if proof:
                found.append(Revoke(seat, suit, proof.trick, number, card))
                del voids[(seat, suit)]
            if suit is not led and led is not None and _shows_void(card, suit, ranking, rule):
                voids.setdefault((seat, led), []).append(
                    _Void(number, _kept_back(trick.cards, led, ranking, rule))
                )
    return tuple(found)


def _kept(card: Card, void: _Void) -> bool:
    """Whether `card` may be one the void's player kept back (no card when none may be: a card
    is hashed, in Python, only to look it up among some)."""
    return bool(void.kept) and card in void.kept


def _shows_void(card: Card, suit: Suit, ranking: TrickRanking, rule: FollowRule) -> bool:
    """Whether a card off the suit led shows its player had none of the suit led."""
    if rule.free and card in rule.free:
        return False
    return not (rule.trump_instead and ranking.trump is not None and suit is ranking.trump)


def _kept_back(
    cards: Sequence[Card], led: Suit, ranking: TrickRanking, rule: FollowRule
) -> frozenset[Card]:
    """The reneging cards a player who did not follow trumps may still hold: those stronger than
    the trump that was led."""
    if not rule.reneging or led is not ranking.trump:
        return frozenset()
    lead = next(card for card in cards if ranking.suit_of(card) is led)
    led_strength = ranking.strength(lead, led)
    return frozenset(
        card
        for card in rule.reneging
        if (ranking.strength(card, led) or (0, 0)) > (led_strength or (0, 0))
    )


def suit_words(suit: Suit) -> Text:
    """A suit named as a card's name names it ("Hearts"); a tarot's atouts are "trumps"."""
    return SUIT_NAMES.get(suit) or t("trumps")


def revoke_words(revoke: Revoke, names: Sequence[str]) -> Text:
    """A revoke as the pad says it, with both tricks so a typing slip can be found:
    "Bob revoked: Bob showed no Hearts in trick 3 and plays the Seven of Hearts in trick 7."."""
    return t(
        "{name} revoked: {name} showed no {suit} in trick {shown} and plays {card} in "
        "trick {played}.",
        name=names[revoke.seat],
        suit=suit_words(revoke.suit),
        shown=revoke.shown_in,
        card=card_name(revoke.card),
        played=revoke.played_in,
    )
