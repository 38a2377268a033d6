"""Skitgubbe, seed 004: two to six players, 52 cards; a first phase of tricks to collect cards
and a second phase of beating to get rid of them; the last player holding cards is the goat.

The trick referee, and the score pad: the goat of each game (docs/rulings.md "Skitgubbe"). The
text is the specification; pagat.com fills its
gaps. First phase as written (docs/rulings.md): everyone plays a card to each trick, suits do not
count, Aces are low (A, 2 … 10, J, Q, K), equal highest cards play a private trick, and a card
of a rank already played may be sloughed to the trick, though never one of the highest rank
before its owner has played; option: pagat's first phase (two-card tricks, Aces high, a bounce
on equal cards). Second phase: Aces high, each card must beat the one before it (a higher card
of its suit, or a trump over any other suit; only a higher trump beats a trump), or the player
picks up instead. The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any

from companion.contract.game import Game
from companion.contract.referee import (
    SUIT_WORDS,
    CardJudgement,
    TrickReferee,
    Verdict,
    register_referee,
    suit_choices,
    trump_field,
)
from companion.contract.registry import register
from companion.contract.values import (
    Better,
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
    PLAIN_SUITS,
    QUEEN,
    SUIT_NAMES,
    Card,
    Suit,
    card_name,
    pack_52,
    rank_name,
)
from companion.kit.i18n import capital, t, tn
from companion.kit.tricks import ACE_HIGH, RankOrder


class Phase(StrEnum):
    """The two phases of a game."""

    FIRST = "first"
    SECOND = "second"


class FirstPhase(StrEnum):
    """How the first phase is played: the text's, or pagat's."""

    AS_WRITTEN = "as-written"
    PAGAT = "pagat"


ACES_LOW = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING))
"""The text's first phase, lowest first: "The suit order is A-2-3-4-5-6-7-8-9-10-J-Q-K"."""
PAGAT_PLAYS = 2  # pagat's first phase: "tricks of 2 cards"
MAX_LAID = 52  # the second phase: "any number" of cards, at most the whole pack

PLAY_ANY = t("any card may be played to a first-phase trick")
LEAD_ANY = t("any card, or a run of consecutive cards of one suit, may be led")
PICK_UP = t("(a run on top is picked up whole)")


def and_words(words: Sequence[str]) -> str:
    """Words joined by "and": "the Nine of Clubs and the Nine of Diamonds"."""
    joined = words[0]
    for more in words[1:]:
        joined = t("{first} and {second}", first=joined, second=more)
    return joined


def phase_of(context: Mapping[str, Any]) -> Phase:
    """The phase the trick belongs to (the first unless told)."""
    return Phase(context.get("phase") or Phase.FIRST)


def pagat(context: Mapping[str, Any]) -> bool:
    """Whether the session plays pagat's first phase (two-card tricks, Aces high)."""
    return context.get("first_phase") == FirstPhase.PAGAT


def plays_in_trick(player_count: int, context: Mapping[str, Any]) -> int:
    """How many cards are played (not sloughed) to a first-phase trick: one each, or one each
    of the tied players in a private trick, or two in pagat's first phase."""
    if pagat(context):
        return PAGAT_PLAYS
    return context.get("tied_players") or player_count


def sloughs_in(context: Mapping[str, Any]) -> int:
    """How many sloughed cards follow the played cards: one when the context names its owner."""
    return 1 if context.get("slough_by") else 0


def first_order(context: Mapping[str, Any]) -> RankOrder:
    """The first phase's order: Aces low as written, Aces high in pagat's."""
    return ACE_HIGH if pagat(context) else ACES_LOW


# ---------------------------------------------------------------- the first phase: sloughs


def judge_slough(
    slough: Card, index: int, plays: Sequence[Card], context: Mapping[str, Any]
) -> CardJudgement:
    """Whether the sloughed card (last in the list) may be sloughed when and by whom the
    context says: the text's three rules, or pagat's game, which has no sloughing."""
    if pagat(context):
        return CardJudgement(
            index, False, t("pagat's first phase (two-card tricks) has no sloughing")
        )
    played = len(plays)
    asked = context.get("slough_after")
    after = played if asked is None else min(asked, played)
    refusal = slough_refusal(
        slough,
        plays[:after],
        after < played,
        has_played=context["slough_by"] <= after,
        last_trick=bool(context.get("last_trick")),
    )
    if refusal:
        return CardJudgement(index, False, refusal)
    return CardJudgement(
        index,
        True,
        t(
            "{card} is of a rank played to the trick: it is put "
            "aside and goes to the trick's winner",
            card=card_name(slough),
        ),
    )


def slough_refusal(
    slough: Card, seen: Sequence[Card], during: bool, *, has_played: bool, last_trick: bool
) -> str:
    """Why a slough is not allowed ("" if it is): `seen` are the cards played before it,
    `during` says the trick was not finished yet."""
    if last_trick and during:
        return t(
            "no sloughing may be done in the last trick of the first phase until it has finished"
        )
    if slough.rank not in {card.rank for card in seen}:
        return t(
            "a slough must be of equal rank to a card played to the trick, and no {rank} "
            "has been played to it yet",
            rank=rank_name(slough),
        )
    top = max(ACES_LOW.strength(card.rank) for card in seen)
    if during and not has_played and ACES_LOW.strength(slough.rank) == top:
        return t(
            "{card} is of equal rank to the highest card played so far, and its owner has "
            "not played a card to this trick: under no circumstances may a player slough "
            "such a card until he has played his card in that trick",
            card=card_name(slough),
        )
    return ""


# ---------------------------------------------------------------- the first phase: the trick


def first_phase_verdict(cards: Sequence[Card], context: Mapping[str, Any]) -> Verdict:
    """The highest card (suits ignored) wins; equal highest cards tie; each card judged. The
    cards are the trick's played cards, then the sloughed card if the context names one."""
    count = len(cards) - sloughs_in(context)
    plays, sloughs = cards[:count], cards[count:]
    judged = [CardJudgement(i, True, PLAY_ANY) for i in range(len(plays))]
    judged += [judge_slough(card, count + i, plays, context) for i, card in enumerate(sloughs)]
    order = first_order(context)
    top = max(order.strength(card.rank) for card in plays)
    best = tuple(i for i, card in enumerate(plays) if order.strength(card.rank) == top)
    answer = slough_answer(cards[count], judged[count]) if sloughs else ""
    if len(best) > 1:
        return Verdict(
            None,
            None,
            tie_words([plays[i] for i in best], context),
            tied=best,
            judged=tuple(judged),
            answer=answer,
        )
    note = (
        t(
            "The winner takes every card played and sloughed to the trick (and to any "
            "private tricks it settles) and leads the next trick."
        )
        if not pagat(context)
        else t(
            "The winner takes the cards of the trick (and of any bounce it settles) and leads "
            "the next trick."
        )
    )
    return Verdict(
        best[0],
        plays[best[0]],
        win_words(context),
        notes=(note,),
        judged=tuple(judged),
        answer=answer,
    )


def slough_answer(slough: Card, judged: CardJudgement) -> str:
    """What a trick with a slough asks: whether the slough was allowed, and why."""
    if judged.allowed:
        return t("The slough of {card} is allowed: {why}.", card=card_name(slough), why=judged.why)
    return t("The slough of {card} is not allowed: {why}.", card=card_name(slough), why=judged.why)


def win_words(context: Mapping[str, Any]) -> str:
    """Why the highest card won, with the phase's order."""
    if pagat(context):
        return t(
            "the higher card wins, suits do not count; in pagat's first phase the Ace is "
            "high: Ace, King, Queen, Jack, Ten … Two"
        )
    return t(
        "the highest card wins, suits do not count; in the first phase (as written) the "
        "Ace is low: King, Queen, Jack, Ten … Two, Ace"
    )


def tie_words(tied: Sequence[Card], context: Mapping[str, Any]) -> str:
    """What the text (or pagat) says happens when the highest cards are equal."""
    names = capital(and_words([card_name(card) for card in tied]))
    if pagat(context):
        return t(
            "{cards} are equal: a bounce. The two players each play one more card, and "
            "the higher takes all the cards; another tie bounces again.",
            cards=names,
        )
    return t(
        "{cards} tie for the highest card: the tied players play a private trick, where "
        "only they play cards (anyone may slough to it); a tie there leads to further "
        "private tricks until a final winner takes all the cards of the original trick and "
        "the private tricks.",
        cards=names,
    )


# ---------------------------------------------------------------- the second phase: beating


def beats(card: Card, below: Card, trump: Suit) -> bool:
    """Whether `card` beats `below` in the second phase: a higher card of the same suit (Aces
    high), or a trump over any other suit."""
    if card.suit is below.suit:
        return ACE_HIGH.strength(card.rank) > ACE_HIGH.strength(below.rank)
    return card.suit is trump


def needed(below: Card, trump: Suit) -> str:
    """What beats `below`: a higher trump, or a higher card of its suit or a trump."""
    if below.suit is trump:
        return t("a higher trump")
    return t("a higher {suit} or a trump", suit=SUIT_WORDS[below.suit])


def judge_beat(index: int, cards: Sequence[Card], trump: Suit) -> CardJudgement:
    """Whether the card at `index` beats the card laid just before it."""
    card, below, led = cards[index], cards[index - 1], cards[0].suit
    if beats(card, below, trump):
        how = (
            t("a trump beats any other suit")
            if card.suit is not below.suit
            else t("a higher {suit}", suit=SUIT_WORDS[card.suit])
        )
        return CardJudgement(
            index, True, t("it beats {card}: {how}", card=card_name(below), how=how)
        )
    shown = {"card": card_name(below), "needed": needed(below, trump), "pick_up": PICK_UP}
    if card.suit not in (trump, led):
        return CardJudgement(
            index,
            False,
            t(
                "it does not beat {card}, which only {needed} "
                "beats; only trumps or {led}, the suit led, may be "
                "played to this trick: the player must pick up "
                "{card} instead {pick_up}",
                led=SUIT_NAMES[led],
                **shown,
            ),
        )
    return CardJudgement(
        index,
        False,
        t(
            "it does not beat {card}, which only {needed} beats: "
            "the player must pick up {card} instead {pick_up}",
            **shown,
        ),
    )


def second_phase_verdict(cards: Sequence[Card], trump: Suit) -> Verdict:
    """Each card judged against the one before it; the words name the card to beat, or the
    first card that failed to beat."""
    judged = (
        CardJudgement(0, True, LEAD_ANY),
        *(judge_beat(i, cards, trump) for i in range(1, len(cards))),
    )
    failed = next((j.index for j in judged if not j.allowed), None)
    notes = (
        t(
            "When the table holds as many cards as there were players with cards at the "
            "start of the trick (one player's run counting as one card), the trick ends: the "
            "cards are thrown out and whoever played the last card leads the next."
        ),
    )
    if failed is not None:
        below = cards[failed - 1]
        rule = t(
            "{card} does not beat {below} ({needed} was needed): instead the player must "
            "pick up {below} {pick_up}, and the next player must beat the card now on top.",
            card=capital(card_name(cards[failed])),
            below=card_name(below),
            needed=needed(below, trump),
            pick_up=PICK_UP,
        )
        return Verdict(None, None, rule, notes=notes, judged=judged)
    top = cards[-1]
    rule = t(
        "Each card beats the one before it. {card} is on top: the next player must beat "
        "it with {needed}, or pick it up {pick_up}.",
        card=capital(card_name(top)),
        needed=needed(top, trump),
        pick_up=PICK_UP,
    )
    return Verdict(None, None, rule, notes=notes, judged=judged)


# ---------------------------------------------------------------- the referee


class SkitgubbeReferee(TrickReferee):
    """Skitgubbe's tricks: the first phase's highest card (ties play again) and its sloughs,
    and the second phase's beating, card by card."""

    slug = "skitgubbe"
    name = t("Skitgubbe")
    player_counts = (2, 3, 4, 5, 6)

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (
            Field(
                "first_phase",
                t("The first phase"),
                FieldKind.CHOICE,
                choices=(
                    Choice(
                        FirstPhase.AS_WRITTEN.value,
                        t("As written: everyone plays to each trick, Aces low"),
                    ),
                    Choice(FirstPhase.PAGAT.value, t("pagat.com: two-card tricks, Aces high")),
                ),
                default=FirstPhase.AS_WRITTEN.value,
                help=t("The pad's rulings: as written; pagat's first phase as the option"),
            ),
        )

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """The phase; in the first, a private trick, the last trick, a slough; in the second,
        the trump suit (any number of cards may be laid, so their count is not asked)."""
        first, second = ("phase", (Phase.FIRST.value,)), ("phase", (Phase.SECOND.value,))
        return (
            Field(
                "phase",
                t("Phase"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Phase.FIRST.value, t("First phase: tricks to collect cards")),
                    Choice(Phase.SECOND.value, t("Second phase: beating")),
                ),
                default=Phase.FIRST.value,
            ),
            replace(
                trump_field(PLAIN_SUITS, label=t("Trump suit (the card put aside)")),
                shown_when=second,
            ),
            Field(
                "last_trick",
                t("The last trick of the first phase"),
                FieldKind.BOOLEAN,
                default=False,
                required=False,
                shown_when=first,
                help=t("The stock is empty: no sloughing until the trick has finished"),
            ),
            Field(
                "tied_players",
                t("A private trick between this many tied players"),
                FieldKind.INTEGER,
                minimum=2,
                maximum=player_count,
                required=False,
                shown_when=first,
                help=t("Blank for an ordinary trick, where everyone plays"),
            ),
            Field(
                "slough_by",
                t("A card sloughed by player (1 = the leader)"),
                FieldKind.INTEGER,
                minimum=1,
                maximum=player_count,
                required=False,
                shown_when=first,
                help=t("The sloughed card goes last in the list of cards"),
            ),
            Field(
                "slough_after",
                t("Sloughed when this many cards had been played"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=player_count,
                required=False,
                shown_when=first,
                help=t("Blank: after the trick's cards were all played"),
            ),
        )

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_52()

    def cards_in_trick(self, player_count: int, context: Mapping[str, Any]) -> int:
        """The first phase's cards played, and a slough (the second phase's usual trick, one
        card a player, where any number may be laid: `card_counts`)."""
        if phase_of(context) is Phase.SECOND:
            return player_count
        return plays_in_trick(player_count, context) + sloughs_in(context)

    def card_counts(self, player_count: int, context: Mapping[str, Any]) -> range:
        """The second phase lays any number of cards, one to the whole pack (runs, several
        turns round the table); a first-phase trick holds exactly its cards."""
        if phase_of(context) is Phase.SECOND:
            return range(1, MAX_LAID + 1)
        return super().card_counts(player_count, context)

    def judge(self, cards: Sequence[Card], context: Mapping[str, Any]) -> Verdict:
        if phase_of(context) is Phase.SECOND:
            return second_phase_verdict(cards, Suit(context["trump"]))
        return first_phase_verdict(cards, context)


REFEREE = register_referee(SkitgubbeReferee())


# ---------------------------------------------------------------- the score pad: the goat


GOATS = Scale(t("goat game"), t("goat games"), Better.LOWER, signed=False)
"""docs/rulings.md: the standing is the count of goat games per player, fewest best."""


class Skitgubbe(Game):
    """Skitgubbe's score pad: each game records the goat, the last player holding cards (and,
    if the players like, the trump of the second phase); the fewest goat games lead."""

    slug = "skitgubbe"
    name = t("Skitgubbe")
    player_counts = (2, 3, 4, 5, 6)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = GOATS
    turn_word = t("leads")
    turn_heading = t("First lead")
    summary = t(
        "Draw and take tricks, then beat or pick up: the last player left holding "
        "cards is the goat. The pad counts each player's goat games, fewest best, and "
        "referees the tricks of both phases."
    )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The goat of this game, and the trump of its second phase if noted."""
        return (
            Field("goat", t("The goat"), FieldKind.SEAT, help=t("The last player holding cards")),
            Field(
                "trump",
                t("Trump of the second phase"),
                FieldKind.CHOICE,
                choices=(*suit_choices(PLAIN_SUITS), Choice("unnoted", t("Not noted"))),
                default="unnoted",
                required=False,
                section=t("Also noted"),
            ),
        )

    def dealer(self, state: State) -> int:
        """Who leads the first trick of the next game: the loser of the last game, its goat
        (the text: "The winner of the last trick (or the loser of the last game in the case of
        the first trick) leads"); the first player listed leads the first game. The text names
        no dealer."""
        return state.hands[-1].entry["goat"] if state.hands else state.setup.first_dealer

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """A goat at the table (the parser checks it) is all a game's result needs."""
        return []

    def score(self, state: State, entry: Entry) -> HandResult:
        """One goat game for the goat, nothing for the others."""
        goat = entry["goat"]
        names = state.setup.players
        points = tuple(1 if seat == goat else 0 for seat in range(state.setup.player_count))
        before = state.totals[goat]
        line = tn(
            "{name}: {before} + 1 = {count} goat game",
            "{name}: {before} + 1 = {count} goat games",
            before + 1,
            name=names[goat],
            before=before,
        )
        return HandResult(
            points,
            (line,),
            t("{name} is the goat", name=names[goat]),
            facts={"goat": goat, "trump": entry.get("trump")},
        )

    def describe(self, setup: Setup, entry: Entry) -> str:
        trump = entry.get("trump")
        name = setup.players[entry["goat"]]
        if trump and trump != "unnoted":
            return t("{name} the goat · {suit} trumps", name=name, suit=SUIT_NAMES[Suit(trump)])
        return t("{name} the goat", name=name)


register(Skitgubbe())
