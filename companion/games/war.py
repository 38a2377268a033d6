"""War, seed 002: two players turn up a card each; the higher takes both, unless it is a war.
A tarot pack may be used instead of the 52 cards.

The trick referee, and the score pad: a tally of games won. A "trick" is the two active
face-up cards, the first player's first. As written a
war starts when the two cards are of the same suit (docs/rulings.md "War"; option: the same rank);
otherwise the higher card takes both. With a tarot pack "the atouts are considered the same
suit as the other active face up card". The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from companion.contract.game import Game
from companion.contract.referee import TrickReferee, Verdict, register_referee
from companion.contract.registry import register
from companion.contract.values import (
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Scale,
    Setup,
    State,
)
from companion.kit.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_NAMES,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
    pack_52,
    parse,
    rank_plural,
    tarot_pack,
)
from companion.kit.i18n import t, tn
from companion.kit.tricks import RankOrder


class WarWhen(StrEnum):
    """What starts a war: the text's same suit, or the usual same rank."""

    SUIT = "suit"
    RANK = "rank"


class Pack(StrEnum):
    """The two packs the text allows."""

    STANDARD = "52"
    TAROT = "tarot"


class Aces(StrEnum):
    """Where the Aces rank: above the King (the usual War) or below the Two."""

    HIGH = "high"
    LOW = "low"


PIPS = (2, 3, 4, 5, 6, 7, 8, 9, 10)
ORDERS = {
    (Pack.STANDARD, Aces.HIGH): RankOrder((*PIPS, JACK, QUEEN, KING, ACE)),
    (Pack.STANDARD, Aces.LOW): RankOrder((ACE, *PIPS, JACK, QUEEN, KING)),
    (Pack.TAROT, Aces.HIGH): RankOrder(
        (*PIPS, TAROT_JACK, TAROT_KNIGHT, TAROT_QUEEN, TAROT_KING, ACE)
    ),
    (Pack.TAROT, Aces.LOW): RankOrder(
        (ACE, *PIPS, TAROT_JACK, TAROT_KNIGHT, TAROT_QUEEN, TAROT_KING)
    ),
}
"""The suit cards, lowest first: the usual order, the tarot's Knight between Jack and Queen."""
ORDER_WORDS = {
    (Pack.STANDARD, Aces.HIGH): t("Ace high, then King, Queen, Jack, Ten … Two"),
    (Pack.STANDARD, Aces.LOW): t("King high, then Queen, Jack, Ten … Two, Ace low"),
    (Pack.TAROT, Aces.HIGH): t("Ace high, then King, Queen, Knight, Jack, Ten … Two"),
    (Pack.TAROT, Aces.LOW): t("King high, then Queen, Knight, Jack, Ten … Two, Ace low"),
}
ATOUT_BASE = 100  # every atout ranks above every suit card (the same-rank option only)
WAR_WORDS = t(
    "each player lays one card face down and one face up, and the higher new "
    "face-up card takes every card on the table"
)


def is_atout(card: Card) -> bool:
    """Whether the card is one of the tarot's atouts; the Excuse counts as one (as for a
    poignée in French Tarot, seed 002)."""
    return card.suit in (Suit.TRUMP, Suit.EXCUSE)


def options_of(context: Mapping[str, Any]) -> tuple[WarWhen, Pack, Aces]:
    """The session's house rules, each at its default when not given."""
    return (
        WarWhen(context.get("war_when") or WarWhen.SUIT),
        Pack(context.get("pack") or Pack.STANDARD),
        Aces(context.get("aces") or Aces.HIGH),
    )


def strength(card: Card, pack: Pack, aces: Aces) -> int:
    """How high a card is: suit cards by the order, any atout above them (the Excuse as atout
    0, the lowest atout), the higher atout above the lower."""
    if is_atout(card):
        return ATOUT_BASE + card.rank
    return ORDERS[(pack, aces)].strength(card.rank)


def same_suit(first: Card, second: Card) -> bool:
    """The text's test for a war: the same suit, an atout counting as the other card's suit."""
    return first.suit is second.suit or is_atout(first) or is_atout(second)


class WarReferee(TrickReferee):
    """War's face-up pair: a war when the two cards are of the same suit (or, as an option, the
    same rank) or neither is higher; otherwise the higher card takes both."""

    slug = "war"
    name = t("War")
    player_counts = (2,)

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (
            Field(
                "war_when",
                t("A war starts on"),
                FieldKind.CHOICE,
                choices=(
                    Choice(WarWhen.SUIT.value, t("Two cards of the same suit (as written)")),
                    Choice(WarWhen.RANK.value, t("Two cards of the same rank")),
                ),
                default=WarWhen.SUIT.value,
                help=t("The pad's rulings: as written, the same suit"),
            ),
            Field(
                "pack",
                t("The pack"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Pack.STANDARD.value, t("52 cards")),
                    Choice(
                        Pack.TAROT.value, t("A tarot pack (atouts: same suit as the other card)")
                    ),
                ),
                default=Pack.STANDARD.value,
            ),
            Field(
                "aces",
                t("Aces"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Aces.HIGH.value, t("High, above the King")),
                    Choice(Aces.LOW.value, t("Low, below the Two")),
                ),
                default=Aces.HIGH.value,
            ),
        )

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return tarot_pack() if options_of(context)[1] is Pack.TAROT else pack_52()

    def cards_in_trick(self, player_count: int, context: Mapping[str, Any]) -> int:
        """The two active face-up cards."""
        return 2

    def read(self, token: str, context: Mapping[str, Any]) -> Card:
        return parse(token, tarot=options_of(context)[1] is Pack.TAROT)

    def judge(self, cards: Sequence[Card], context: Mapping[str, Any]) -> Verdict:
        """A war, or the higher card's win, and the rule that decided it."""
        first, second = cards
        when, pack, aces = options_of(context)
        war = self._war(first, second, when, pack, aces)
        if war:
            return Verdict(None, None, war, tied=(0, 1))
        winner = 0 if strength(first, pack, aces) > strength(second, pack, aces) else 1
        return Verdict(winner, cards[winner], self._win(cards[winner], when, pack, aces))

    @staticmethod
    def _war(first: Card, second: Card, when: WarWhen, pack: Pack, aces: Aces) -> str:
        """Why the pair is a war, or "" when one card takes both."""
        equal = strength(first, pack, aces) == strength(second, pack, aces)
        if when is WarWhen.RANK:
            return (
                t(
                    "It is a war: the two cards are {ranks}, and with the same-rank rule "
                    "equal ranks start a war; {war}.",
                    ranks=rank_plural(first),
                    war=WAR_WORDS,
                )
                if equal
                else ""
            )
        if is_atout(first) or is_atout(second):
            return t(
                "It is a war: with a tarot pack an atout counts as the same suit as the "
                "other face-up card, and two cards of the same suit start a war; {war}.",
                war=WAR_WORDS,
            )
        if same_suit(first, second):
            return t(
                "It is a war: both cards are {suit}, and as written two cards of the same "
                "suit start a war; {war}.",
                suit=SUIT_NAMES[first.suit],
                war=WAR_WORDS,
            )
        if equal:
            return t(
                "It is a war: the suits differ but both cards are {ranks}, so neither is "
                "higher; {war}.",
                ranks=rank_plural(first),
                war=WAR_WORDS,
            )
        return ""

    @staticmethod
    def _win(card: Card, when: WarWhen, pack: Pack, aces: Aces) -> str:
        """Why the higher card takes both."""
        if is_atout(card) and card.suit is Suit.EXCUSE:
            return t(
                "with the same-rank rule an atout is higher than any suit card, and the "
                "higher atout beats the lower (the Excuse counts as the lowest atout); it "
                "takes both cards"
            )
        if is_atout(card):
            return t(
                "with the same-rank rule an atout is higher than any suit card, and the "
                "higher atout beats the lower; it takes both cards"
            )
        order = ORDER_WORDS[(pack, aces)]
        if when is WarWhen.RANK:
            return t("the ranks differ, so the higher card takes both; {order}", order=order)
        return t("the suits differ, so the higher card takes both; {order}", order=order)


REFEREE = register_referee(WarReferee())


# ---------------------------------------------------------------- the score pad: a tally


class War(Game):
    """War as a tally of games: each game entered is who won it (the one who took every card);
    the standing is games won, the most first. The referee above settles each war."""

    slug = "war"
    name = t("War")
    player_counts = (2,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("game won"), t("games won"), signed=False)
    summary = t(
        "Two players turn up a card each; the higher takes both, unless it is a war. "
        "The pad keeps the tally of games won and referees each turn."
    )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """Who won the game: the player who took all the cards."""
        return (
            Field(
                "winner",
                t("The winner"),
                FieldKind.SEAT,
                help=t("The text: the game ends when one player has won all the cards"),
            ),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """A seat at the table (the parser checks it) is all a game's result needs."""
        return []

    def score(self, state: State, entry: Entry) -> HandResult:
        """One game won for the winner."""
        winner = entry["winner"]
        names = state.setup.players
        points = tuple(1 if seat == winner else 0 for seat in range(2))
        total = state.totals[winner] + 1
        line = tn(
            "{name}: {before} + 1 = {count} game won",
            "{name}: {before} + 1 = {count} games won",
            total,
            name=names[winner],
            before=state.totals[winner],
        )
        return HandResult(
            points, (line,), t("{name} won the game", name=names[winner]), facts={"winner": winner}
        )

    def describe(self, setup: Setup, entry: Entry) -> str:
        return t("{name} won", name=setup.players[entry["winner"]])


register(War())
