"""The revokes a hand's tricks prove under a game's duty to follow (`FollowRule`): a player
who showed a void in a suit and later played a card of it. Nothing here knows a game: the
tricks come with their leader, their cards in play order and how those rank
(`companion.kit.tricks`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from companion.kit.cards import SUIT_NAMES, Card, Suit, card_name
from companion.kit.i18n import Text, t
from companion.kit.tricks import TrickRanking, seat_of

PLAIN = TrickRanking()
"""A trick's ranking when none is given: no trump, the usual order (`LedTrick`)."""


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
    ranking: TrickRanking = PLAIN


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
