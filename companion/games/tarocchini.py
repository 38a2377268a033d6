"""Tarocchini, seed 002: the Bolognese tarot for two to seven players, with the 62-card pack.

Three parts: the count of a pile (its sets, its card points as written or in pairs, and its
cricche, the seven sequences with the Matto and the Begato as wild cards; docs/rulings.md "The tarot
family"), the trick referee, and the score pad on the shared pile entry (`families.piles`):
each player's pile counted, the highest wins the hand. The trick referee, the text: play
"similar to the French tarot rules, including suit rankings"; the Matto (the Excuse) is the
lowest card and never wins; the Begato (trump 1) beats the Kings and the Angelo (trump 21) is
the highest card. Where it is silent, the published Bolognese game (Parlett, docs/rulings.md): the
four Moretti (trumps 2–5) are equal, the later one played beating the earlier, and the Matto
always stays with its owner. Every decision: docs/rules/tarocchini.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from itertools import product
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
    Problem,
    Scale,
    Setup,
    State,
)
from companion.families import piles
from companion.families.piles import Method, PileEntry, PileGame, PileRules, filled_in
from companion.kit.cards import (
    ACE,
    PLAIN_SUITS,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
    tarot_pack,
)
from companion.kit.formatting import number
from companion.kit.i18n import Text, join, pt, t, tn
from companion.kit.tricks import RankOrder, WinBy

PIPS = (ACE, 6, 7, 8, 9, 10)
"""The text: "remove the 2-5 pip cards of all suits"."""
PACK: tuple[Card, ...] = tarot_pack(keep_pip=dict.fromkeys(PLAIN_SUITS, PIPS))
"""The 62 cards of the Tarocco Bolognese: 10 in each suit, 21 trumps and the Matto."""

BEGATO, ANGELO = 1, 21
MORETTI = (2, 3, 4, 5)
"""The text: "the Moretti, which are 2 through 5 atouts"."""
TRUMP_NAMES = {
    BEGATO: t("the Begato"),
    18: t("the Luna"),
    19: t("the Sole"),
    20: t("the Mondo"),
    ANGELO: t("the Angelo"),
}

ORDER_WORDS = {
    True: t("red suits rank King, Queen, Knight, Jack, then the Ace, then the Six down to the Ten"),
    False: t(
        "black suits rank King, Queen, Knight, Jack, then the Ten down to the "
        "Six, and the Ace lowest"
    ),
}
"""French Tarot's suit order as written (the text: "including suit rankings"), in this pack."""


def trump_words(rank: int) -> Text:
    """A trump by its Bolognese name: "the Mondo (trump 20)", "a Moretto (trump 3)"."""
    if rank in TRUMP_NAMES:
        return t("{name} (trump {rank})", name=TRUMP_NAMES[rank], rank=rank)
    if rank in MORETTI:
        return t("a Moretto (trump {rank})", rank=rank)
    return t("trump {rank}, a numero di scavezzo", rank=rank)


def is_moretto(card: Card) -> bool:
    """Whether the card is one of the four Moretti, trumps 2 to 5."""
    return card.suit is Suit.TRUMP and card.rank in MORETTI


def trump_order(cards: Sequence[Card]) -> RankOrder:
    """The trumps of this trick, lowest first: the Begato, the Moretti, then 6 up to the Angelo.

    The Moretti are equal, so those played to this trick rank in play order, the later above
    the earlier (the others, not in the trick, keep their numbers below them).
    """
    played = tuple(card.rank for card in cards if is_moretto(card))
    unplayed = tuple(rank for rank in MORETTI if rank not in played)
    return RankOrder((BEGATO, *unplayed, *played, *range(6, ANGELO + 1)))


# ---------------------------------------------------------------------------------------------
# The pile count: sets, card points and cricche (docs/rulings.md "The tarot family"; the decisions:
# docs/rules/tarocchini.md). Pure: a pile's cards and size in, the total and its working out.


class Counting(StrEnum):
    """How the card points of a pile add up."""

    AS_WRITTEN = "as_written"
    IN_PAIRS = "in_pairs"


COUNTING_LABELS: dict[Counting, str] = {
    Counting.AS_WRITTEN: t("Card points summed as written"),
    Counting.IN_PAIRS: t("Card points counted in pairs (−1 a pair), 6 for the last trick"),
}


class TrumpRun(StrEnum):
    """What a contatore standing in the grande's numbered trumps does to the run."""

    ENDS = "ends"
    GOES_ON = "goes_on"


TRUMP_RUN_LABELS: dict[TrumpRun, str] = {
    TrumpRun.ENDS: t("A contatore in the trumps ends the run (the text)"),
    TrumpRun.GOES_ON: t("A contatore fills any gap in the trumps, the run goes on (Pisarri)"),
}


class ExtraCards(StrEnum):
    """Which cards of the grande and of a suit score 5 as extra cards."""

    OVER_THREE = "over_three"
    AS_WRITTEN = "as_written"


EXTRA_CARDS_LABELS: dict[ExtraCards, str] = {
    ExtraCards.OVER_THREE: t("Every card over the three that make the crick (the published count)"),
    ExtraCards.AS_WRITTEN: t(
        "As written: only the cards the text names, a suit's Ace and the grande's numbered trumps"
    ),
}


class SetKind(StrEnum):
    """The text's "associative combinations": three or four cards of one kind."""

    TAROCCHI = "tarocchi"
    KINGS = "kings"
    QUEENS = "queens"
    KNIGHTS = "knights"
    JACKS = "jacks"


class RunName(StrEnum):
    """The seven sequences (the text's cricche): the grande, one a suit, the Moretti, the Aces."""

    GRANDE = "grande"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    MORETTI = "moretti"
    ACES = "aces"


def trump(rank: int) -> Card:
    """The trump of that number in the Bolognese pack."""
    return Card(Suit.TRUMP, rank, tarot=True)


ANGELO_CARD, MONDO_CARD, SOLE_CARD, LUNA_CARD = trump(21), trump(20), trump(19), trump(18)
BEGATO_CARD = trump(BEGATO)
MATTO = EXCUSE
CONTATORI: tuple[Card, ...] = (MATTO, BEGATO_CARD)
"""The text: "The Matto and the Begato are collectively known as the contatori"."""

TAROCCHI: tuple[Card, ...] = (ANGELO_CARD, MONDO_CARD, BEGATO_CARD, MATTO)
"""docs/rulings.md: the four tarocchi are the Angel, the World, the Begato and the Matto."""

COURTS: dict[SetKind, int] = {
    SetKind.KINGS: TAROT_KING,
    SetKind.QUEENS: TAROT_QUEEN,
    SetKind.KNIGHTS: TAROT_KNIGHT,
    SetKind.JACKS: TAROT_JACK,
}
SET_CARDS: dict[SetKind, tuple[Card, ...]] = {
    SetKind.TAROCCHI: TAROCCHI,
    **{
        kind: tuple(Card(suit, rank, tarot=True) for suit in PLAIN_SUITS)
        for kind, rank in COURTS.items()
    },
}
SET_POINTS: dict[SetKind, tuple[int, int]] = {
    SetKind.TAROCCHI: (18, 36),
    SetKind.KINGS: (17, 34),
    SetKind.QUEENS: (14, 28),
    SetKind.KNIGHTS: (13, 26),
    SetKind.JACKS: (12, 24),
}
"""The text: "Three tarocchi is worth 18 points, but all four are worth 36 points", Kings 17/34,
Queens 14/28, Knights 13/26, Jacks 12/24."""
SET_WORDS: dict[SetKind, str] = {
    SetKind.TAROCCHI: t("Tarocchi"),
    SetKind.KINGS: t("Kings"),
    SetKind.QUEENS: pt("tarocchini", "Queens"),
    SetKind.KNIGHTS: t("Knights"),
    SetKind.JACKS: t("Jacks"),
}

COURT_POINTS: dict[int, int] = {TAROT_KING: 5, TAROT_QUEEN: 4, TAROT_KNIGHT: 3, TAROT_JACK: 2}
FIVE_POINT_TRUMPS = frozenset({ANGELO_CARD, MONDO_CARD, BEGATO_CARD, MATTO})
"""The text's table: Angelo, Mondo, Begato, Matto and Kings 5, Queens 4, Knights 3, Jacks 2;
the Sole, the Luna, the numeri, the Moretti and the pips 1."""

PAIR_DEDUCTION = 1
LAST_TRICK_BONUS = 6
"""docs/rulings.md: option "counting in pairs (−1 per pair) plus 6 for the last trick"."""

CRICK_BASE, CRICK_EXTRA = 10, 5
"""The text: a crick is "worth 10 points and all extra cards ... additional 5 points each"."""
MIN_CRICK = 3
"""Three cards make a crick. The Moretti and the Aces go "up to 6 total cards, including any
wild cards": the four and the two contatori."""
MIN_OWN_CARDS = 2
"""A crick holds two cards of its own at least (decision: "two Moretti and another that may be
considered wild", "two Aces plus a third"): so one contatore at most among its first three."""


def card_points(card: Card) -> int:
    """The text's card-point table: what one card counts."""
    if card in FIVE_POINT_TRUMPS:
        return 5
    if card.suit in PLAIN_SUITS:
        return COURT_POINTS.get(card.rank, 1)
    return 1


def label(card: Card) -> str:
    """A card as the pad writes it: "K♠", "Angelo", "Matto", "17T"."""
    if card == MATTO:
        return "Matto"
    if card.suit is Suit.TRUMP and card.rank in TRUMP_NAMES:
        return TRUMP_NAMES[card.rank].removeprefix("the ")
    return str(card)


def labels(cards: Sequence[Card]) -> str:
    """Cards as the pad writes them, space-separated."""
    return " ".join(label(card) for card in cards)


@dataclass(frozen=True)
class Options:
    """Tarocchini's house rules, typed; the defaults are the text (docs/rulings.md)."""

    counting: Counting = Counting.AS_WRITTEN
    criccone: bool = False
    """The published criccone: three or more sets double the sets' points too."""
    trump_run: TrumpRun = TrumpRun.ENDS
    """The text: a contatore standing in the trumps ends the run (unless for the 16 or a
    grande card); option, Pisarri's older count: it fills any gap and the run goes on."""
    extra_cards: ExtraCards = ExtraCards.OVER_THREE
    """The published count: every card of a crick over three is extra; option, as written:
    only the cards the text names ("the 1, or Ace", "all consecutive numbered atouts"), so a
    suit's fourth court and the grande's fourth card are not."""


# --- The sequences -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One of the seven sequences: its cards in order and how they make a crick.

    A ladder (the grande, a suit) has a head that must be there itself (the Angelo, the King),
    a core of three of which two make the crick with the head, and a tail of extra cards. The
    Moretti and the Aces are alike: any three of the four, up to six with the contatori.
    """

    name: RunName
    words: str
    head: Card | None
    core: tuple[Card, ...]
    tail: tuple[Card, ...] = ()
    tail_follows_core: bool = False
    """The grande's numbered trumps count only running down from the Luna, without a gap."""
    wild_stops: frozenset[Card] = frozenset()
    """Tail cards where a contatore standing in ends the run (the text, in the trumps)."""

    @property
    def alike(self) -> bool:
        """The Moretti and the Aces: equal cards, no head."""
        return self.head is None

    @property
    def members(self) -> tuple[Card, ...]:
        """Every card of the run, in order."""
        return (*((self.head,) if self.head else ()), *self.core, *self.tail)


RUN_SHORT: dict[RunName, str] = {
    RunName.GRANDE: t("grande"),
    RunName.SPADES: t("Spades"),
    RunName.HEARTS: t("Hearts"),
    RunName.DIAMONDS: t("Diamonds"),
    RunName.CLUBS: t("Clubs"),
    RunName.MORETTI: t("Moretti"),
    RunName.ACES: t("Aces"),
}
"""Each sequence named on a pile's one line ("cricche 25 (Spades, Moretti)")."""

NUMERI = tuple(trump(rank) for rank in range(17, 5, -1))
"""The numeri di scavezzo, 17 down to 6: the grande's extra cards below the Luna."""
WILD_GOES_ON = trump(17)
"""The text's "the 16 atouts": the Bolognese deck's 16 is the first numero below the Luna,
trump 17 in this pack's numbering (decision)."""
GRANDE = Run(
    RunName.GRANDE,
    t("the grande"),
    ANGELO_CARD,
    (MONDO_CARD, SOLE_CARD, LUNA_CARD),
    NUMERI,
    tail_follows_core=True,
    wild_stops=frozenset(NUMERI) - {WILD_GOES_ON},
)


def suit_run(suit: Suit) -> Run:
    """A suit's sequence: the King, two of Queen, Knight and Jack, and the Ace as an extra."""

    def card(rank: int) -> Card:
        return Card(suit, rank, tarot=True)

    return Run(
        RunName(suit.name.lower()),
        RUN_SHORT[RunName(suit.name.lower())],
        card(TAROT_KING),
        (card(TAROT_QUEEN), card(TAROT_KNIGHT), card(TAROT_JACK)),
        (card(ACE),),
    )


MORETTI_RUN = Run(RunName.MORETTI, t("the Moretti"), None, tuple(trump(r) for r in MORETTI))
ACES_RUN = Run(
    RunName.ACES, t("the Aces"), None, tuple(Card(suit, ACE, tarot=True) for suit in PLAIN_SUITS)
)
RUNS: dict[RunName, Run] = {
    run.name: run
    for run in (GRANDE, *(suit_run(suit) for suit in PLAIN_SUITS), MORETTI_RUN, ACES_RUN)
}
ACES: tuple[Card, ...] = ACES_RUN.core

COUNTING_CARDS: tuple[Card, ...] = tuple(
    card
    for card in PACK
    if card_points(card) > 1 or any(card in run.members for run in RUNS.values())
)
"""The cards a pile's grid asks for, in the pack's order: every card that counts more than 1
or makes a combination (the 21 trumps and the Matto, the courts and the Aces). The rest, the
Six to Ten of each suit, count 1 each from the pile's size."""
PLAIN_PIPS: frozenset[Card] = frozenset(PACK) - frozenset(COUNTING_CARDS)


@dataclass(frozen=True)
class StandIn:
    """A contatore standing in a crick: for a missing card, or (Moretti, Aces) as one more."""

    contatore: Card
    card: Card | None = None

    def words(self) -> Text:
        """ "Matto for Sole", "Begato as one more"."""
        if self.card is None:
            return t("{contatore} as one more", contatore=label(self.contatore))
        return t("{contatore} for {card}", contatore=label(self.contatore), card=label(self.card))


@dataclass(frozen=True)
class Crick:
    """A sequence made: its own cards and the contatori standing in, in the run's order."""

    run: Run
    cards: tuple[Card, ...]
    stand_ins: tuple[StandIn, ...] = ()
    named_extras: bool = False
    """As written: only the run's tail (a suit's Ace, the grande's numeri) is extra."""

    @property
    def size(self) -> int:
        """How many cards the crick holds, contatori included."""
        return len(self.cards) + len(self.stand_ins)

    @property
    def extra_cards(self) -> int:
        """The cards over the three that make it, 5 points each; as written, in a ladder only
        the cards of its tail that it holds (itself or by a contatore standing in)."""
        if not self.named_extras or self.run.alike:
            return self.size - MIN_CRICK
        held = {*self.cards, *(stand.card for stand in self.stand_ins)}
        return sum(card in held for card in self.run.tail)

    @property
    def points(self) -> int:
        """The text: 10 points, and 5 for each extra card."""
        return CRICK_BASE + CRICK_EXTRA * self.extra_cards

    @property
    def line(self) -> Text:
        """ "Crick of Spades: K♠ Q♠ Matto for C♠ A♠ → 10 + 1 × 5 = 15"."""
        by_card = {stand.card: stand for stand in self.stand_ins if stand.card is not None}
        words = [
            by_card[card].words() if card in by_card else label(card)
            for card in self.run.members
            if card in by_card or card in self.cards
        ]
        words += [stand.words() for stand in self.stand_ins if stand.card is None]
        sum_words = (
            f"{CRICK_BASE} + {self.extra_cards} × {CRICK_EXTRA} = {self.points}"
            if self.extra_cards
            else str(self.points)
        )
        return t(
            "Crick of {run}: {cards} → {sum}",
            run=self.run.words,
            cards=join(words, ", "),
            sum=sum_words,
        )


def run_reach(
    run: Run, own: frozenset[Card], stood_for: frozenset[Card], options: Options
) -> tuple[tuple[Card, ...], Text | str]:
    """The cards of a ladder that count, in order, and why it stops there ("" if it runs out).

    `own` are the run's cards in the pile, `stood_for` the cards contatori stand in for.
    """
    held = own | stood_for
    counted = [card for card in (run.head, *run.core) if card in held]
    if run.tail_follows_core and run.core[-1] not in held:
        return tuple(counted), t("{card} is missing", card=label(run.core[-1]))
    for card in run.tail:
        if card not in held:
            if run.tail_follows_core:
                return tuple(counted), t("{card} is missing", card=label(card))
            continue
        counted.append(card)
        if card in stood_for and card in run.wild_stops and options.trump_run is TrumpRun.ENDS:
            return tuple(counted), t("a contatore stands in for {card}", card=label(card))
    return tuple(counted), ""


def make_crick(
    run: Run, own: frozenset[Card], stand_ins: tuple[StandIn, ...], options: Options
) -> Crick | None:
    """The crick these cards and contatori make in this run, or None: no crick, or a
    contatore left standing for nothing. A search helper; claims go to `judge_crick`."""
    if run.alike:
        cards = tuple(card for card in run.core if card in own)
        size = len(cards) + len(stand_ins)
        if len(cards) < MIN_OWN_CARDS or size < MIN_CRICK:
            return None
        return Crick(run, cards, stand_ins, named_extras(options))
    if run.head not in own:
        return None
    stood_for = frozenset(stand.card for stand in stand_ins if stand.card is not None)
    reached, _ = run_reach(run, own & frozenset(run.members), stood_for, options)
    cards = tuple(card for card in reached if card in own)
    if not stood_for <= set(reached) or len(reached) < MIN_CRICK or len(cards) < MIN_OWN_CARDS:
        return None
    return Crick(run, cards, stand_ins, named_extras(options))


def named_extras(options: Options) -> bool:
    """Whether only the cards the text names are extra (the option "as written")."""
    return options.extra_cards is ExtraCards.AS_WRITTEN


# --- A crick as the players claim it --------------------------------------------------------


@dataclass(frozen=True)
class CrickClaim:
    """A crick as the players lay it out: the run, its own cards, the contatori standing in."""

    run: RunName
    cards: tuple[Card, ...]
    stand_ins: tuple[StandIn, ...] = ()


@dataclass(frozen=True)
class CrickVerdict:
    """The referee's answer: the cricche allowed, or the reasons they are refused."""

    cricche: tuple[Crick, ...]
    refusals: tuple[str, ...]

    @property
    def allowed(self) -> bool:
        """Nothing refused."""
        return not self.refusals


def judge_cricche(
    claims: Sequence[CrickClaim], pile: frozenset[Card] | None = None, options: Options = Options()
) -> CrickVerdict:
    """Judge the cricche a pile's owners claim: each as the text allows, and no contatore or
    card used in two of them. With the pile, every card must be in it and a contatore may only
    stand in for a card the pile lacks."""
    refusals = [reason for claim in claims for reason in claim_refusals(claim, pile, options)]
    refusals += used_twice(
        [(*claim.cards, *(s.card for s in claim.stand_ins if s.card)) for claim in claims],
        in_two_cricche,
    )
    refusals += used_twice(
        [tuple(s.contatore for s in claim.stand_ins) for claim in claims], stands_in_twice
    )
    runs = [claim.run for claim in claims]
    refusals += [
        t("there is one crick of {run} only, and it is claimed twice", run=RUNS[name].words)
        for name in dict.fromkeys(runs)
        if runs.count(name) > 1
    ]
    if refusals:
        return CrickVerdict((), tuple(dict.fromkeys(refusals)))
    return CrickVerdict(
        tuple(
            Crick(RUNS[c.run], in_order(RUNS[c.run], c.cards), c.stand_ins, named_extras(options))
            for c in claims
        ),
        (),
    )


def judge_crick(
    claim: CrickClaim, pile: frozenset[Card] | None = None, options: Options = Options()
) -> CrickVerdict:
    """Judge one crick as claimed (see `judge_cricche`)."""
    return judge_cricche((claim,), pile, options)


def in_two_cricche(card: str) -> Text:
    """ "K♠ is in two cricche: …", of a card's label."""
    return t("{card} is in two cricche: a card counts in one crick only", card=card)


def stands_in_twice(card: str) -> Text:
    """ "Matto stands in twice: …", of a contatore's label."""
    return t("{card} stands in twice: a contatore stands in once only", card=card)


def used_twice(groups: Sequence[Sequence[Card]], why: Callable[[str], Text]) -> list[str]:
    """ "Matto stands in twice: …" for each card found in more than one group (`why` says it
    of a card's label)."""
    seen: set[Card] = set()
    twice: list[str] = []
    for group in groups:
        for card in set(group):
            if card in seen:
                twice.append(why(label(card)))
            seen.add(card)
    return twice


def in_order(run: Run, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards in the run's order."""
    return tuple(card for card in run.members if card in cards)


def claim_refusals(claim: CrickClaim, pile: frozenset[Card] | None, options: Options) -> list[str]:
    """Why one claimed crick is not allowed, in the players' words (empty: it is)."""
    run = RUNS[claim.run]
    refusals = [*stand_in_refusals(claim, run), *card_refusals(claim, run)]
    if pile is not None:
        refusals += pile_refusals(claim, pile)
    if refusals:
        return refusals
    own = frozenset(claim.cards)
    size = len(claim.cards) + len(claim.stand_ins)
    if run.head is not None and run.head not in own:
        return [
            t(
                "a crick of {run} needs {head} itself: the contatori never stand in for the "
                "Angelo or a King",
                run=run.words,
                head=label(run.head),
            )
        ]
    if len(own) < MIN_OWN_CARDS:
        return [
            t(
                "too many contatori: a crick of {run} needs {least} cards of its own, and "
                "this one has only {cards}",
                run=run.words,
                least=MIN_OWN_CARDS,
                cards=labels(in_order(run, claim.cards)) or t("none"),
            )
        ]
    if size < MIN_CRICK:
        return [
            t(
                "a crick of {run} needs {least} cards at least; this one has {size}",
                run=run.words,
                least=MIN_CRICK,
                size=size,
            )
        ]
    return [] if run.alike else reach_refusals(claim, run, options)


def stand_in_refusals(claim: CrickClaim, run: Run) -> list[str]:
    """A stand-in that is no contatore, used twice, for the Angelo or a King, or for a card
    that is not of this run."""
    refusals: list[str] = []
    contatori = [stand.contatore for stand in claim.stand_ins]
    for stand in claim.stand_ins:
        if stand.contatore not in CONTATORI:
            refusals.append(
                t(
                    "{card} is not a contatore: only the Matto and the Begato stand "
                    "in for other cards",
                    card=label(stand.contatore),
                )
            )
        elif stand.card is not None and stand.card == run.head:
            refusals.append(
                t(
                    "{contatore} cannot stand in for {card}: the contatori never "
                    "replace the Angelo or a King",
                    contatore=label(stand.contatore),
                    card=label(stand.card),
                )
            )
        elif stand.card is not None and stand.card not in run.members:
            refusals.append(
                t(
                    "{contatore} cannot stand in for {card}: it is not a card of {run}",
                    contatore=label(stand.contatore),
                    card=label(stand.card),
                    run=run.words,
                )
            )
        elif stand.card is None and not run.alike:
            refusals.append(
                t(
                    "{contatore} must stand in for a missing card of {run}",
                    contatore=label(stand.contatore),
                    run=run.words,
                )
            )
    refusals += [
        stands_in_twice(label(card))
        for card in dict.fromkeys(contatori)
        if contatori.count(card) > 1
    ]
    return refusals


def card_refusals(claim: CrickClaim, run: Run) -> list[Text]:
    """A card that is not of this run, or a card there twice (itself or stood in for)."""
    named = [*claim.cards, *(stand.card for stand in claim.stand_ins if stand.card)]
    refusals = [
        t("{card} is not a card of {run}", card=label(card), run=run.words)
        for card in dict.fromkeys(claim.cards)
        if card not in run.members
    ]
    refusals += [
        t("{card} is in the crick twice", card=label(card))
        for card in dict.fromkeys(named)
        if named.count(card) > 1
    ]
    return refusals


def pile_refusals(claim: CrickClaim, pile: frozenset[Card]) -> list[Text]:
    """A card or contatore the pile does not hold; a contatore for a card the pile holds."""
    refusals = [
        t("{card} is not in this pile", card=label(card))
        for card in dict.fromkeys((*claim.cards, *(s.contatore for s in claim.stand_ins)))
        if card not in pile
    ]
    refusals += [
        t(
            "{contatore} cannot stand in for {card}: {card} is in the pile itself",
            contatore=label(stand.contatore),
            card=label(stand.card),
        )
        for stand in claim.stand_ins
        if stand.card in pile
    ]
    return refusals


def reach_refusals(claim: CrickClaim, run: Run, options: Options) -> list[str]:
    """A ladder's claimed card (or stand-in) beyond where the run stops."""
    stood_for = frozenset(stand.card for stand in claim.stand_ins if stand.card is not None)
    reached, why = run_reach(run, frozenset(claim.cards), stood_for, options)
    beyond = [
        card
        for card in run.members
        if (card in claim.cards or card in stood_for) and card not in reached
    ]
    return [
        t(
            "{card} does not count in {run}: the run stops where {why}",
            card=label(card),
            run=run.words,
            why=why,
        )
        for card in beyond
    ]


# --- The pile -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetFound:
    """Three or four cards of one kind in the pile, and what they score."""

    kind: SetKind
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        """The text's table: three or all four."""
        three, four = SET_POINTS[self.kind]
        return four if len(self.cards) == len(SET_CARDS[self.kind]) else three

    @property
    def line(self) -> Text:
        """ "Kings: K♠ K♥ K♣ → 17"."""
        return t(
            "{set}: {cards} → {points}",
            set=SET_WORDS[self.kind],
            cards=labels(self.cards),
            points=self.points,
        )


@dataclass(frozen=True)
class CardPoints:
    """The pile's card points and their arithmetic."""

    by_value: tuple[tuple[int, tuple[Card, ...]], ...]
    """The pile's cards worth more than 1, by value, highest first."""
    ones: int
    """Every other card of the pile, 1 each."""
    written: int
    pairs: int
    """Pairs deducted (counting in pairs), 0 as written."""
    last_trick: int
    total: int

    @property
    def lines(self) -> tuple[str, ...]:
        """ "Card points: 2 × 5 (K♠ Angelo) + 4 (Q♠) + 12 × 1 = 26", then the pairs."""
        terms = [
            f"{len(cards)} × {value} ({labels(cards)})"
            if len(cards) > 1
            else f"{value} ({labels(cards)})"
            for value, cards in self.by_value
        ]
        if self.ones:
            terms.append(f"{self.ones} × 1")
        lines = [
            t(
                "Card points: {terms} = {written}",
                terms=" + ".join(terms) or "0",
                written=self.written,
            )
        ]
        if self.pairs or self.last_trick:
            pairs = tn("{count} pair", "{count} pairs", self.pairs)
            lines.append(
                t(
                    "In pairs: {written} − {pairs} + {last} for the last trick = {total}",
                    written=self.written,
                    pairs=pairs,
                    last=self.last_trick,
                    total=self.total,
                )
                if self.last_trick
                else t(
                    "In pairs: {written} − {pairs} = {total}",
                    written=self.written,
                    pairs=pairs,
                    total=self.total,
                )
            )
        return tuple(lines)


@dataclass(frozen=True)
class PileCount:
    """A pile counted: its sets, card points and cricche, each with its working, and the
    total."""

    sets: tuple[SetFound, ...]
    sets_points: int
    sets_doubled: bool
    card_points: CardPoints
    cricche: tuple[Crick, ...]
    cricche_points: int
    cricche_doubled: bool
    total: int

    @property
    def lines(self) -> tuple[str, ...]:
        """Every line a player can check, down to the total."""
        lines: list[str] = [found.line for found in self.sets]
        if self.sets_doubled:
            lines.append(doubled_line(t("sets, criccone"), [s.points for s in self.sets]))
        lines += self.card_points.lines
        lines += [crick.line for crick in self.cricche]
        if self.cricche_doubled:
            lines.append(doubled_line(t("cricche"), [c.points for c in self.cricche]))
        lines.append(
            t(
                "Total: {sets} sets + {card_points} card points + {cricche} cricche = {total}",
                sets=self.sets_points,
                card_points=self.card_points.total,
                cricche=self.cricche_points,
                total=self.total,
            )
        )
        return tuple(lines)


def doubled_line(what: Text, points: Sequence[int]) -> Text:
    """ "3 cricche: (25 + 10 + 15) × 2 = 100"."""
    inside = " + ".join(str(p) for p in points)
    return t(
        "{count} {what}: ({inside}) × 2 = {total}",
        count=len(points),
        what=what,
        inside=inside,
        total=2 * sum(points),
    )


class PileError(ValueError):
    """A pile the pack cannot make (see `pile_problems`)."""


def pile_problems(cards: frozenset[Card], size: int) -> tuple[str, ...]:
    """Why these cards and this size cannot be a pile of the 62-card pack, in the players'
    words (empty: they can)."""
    strangers = sorted((card for card in cards if card not in PACK), key=lambda c: c.code)
    if strangers:
        return (
            t(
                "{card} is not a card of the Bolognese pack (no 2 to 5 in the suits)",
                card=label(strangers[0]),
            ),
        )
    if size < len(cards):
        return (
            t(
                "the pile holds {size} cards, fewer than the {marked} marked",
                size=size,
                marked=len(cards),
            ),
        )
    others = size - len(cards)
    plain_left = len(PLAIN_PIPS - cards)
    if others > plain_left:
        return (
            t(
                "a pile of {size} cards with these marked leaves {others} other cards, but "
                "only {left} Sixes to Tens are left in the pack: mark the other counting "
                "cards",
                size=size,
                others=others,
                left=plain_left,
            ),
        )
    return ()


def count_pile(
    cards: Iterable[Card], size: int, options: Options = Options(), *, took_last_trick: bool = False
) -> PileCount:
    """Count one pile: the sets, the card points and the cricche, the contatori placed where
    they score the most (on a tie, the first in the runs' order and their cards').

    `cards` are the pile's counting cards (any card of `PACK` may be given); the other cards,
    up to `size`, count 1 each. `took_last_trick` matters when counting in pairs.
    """
    pile = frozenset(cards)
    problems = pile_problems(pile, size)
    if problems:
        raise PileError(problems[0])
    sets = sets_in(pile)
    sets_points, sets_doubled = doubled_if_three([s.points for s in sets], options.criccone)
    points = count_card_points(pile, size, options, took_last_trick)
    cricche = best_cricche(pile, options)
    cricche_points, cricche_doubled = doubled_if_three([c.points for c in cricche], True)
    return PileCount(
        sets,
        sets_points,
        sets_doubled,
        points,
        cricche,
        cricche_points,
        cricche_doubled,
        sets_points + points.total + cricche_points,
    )


def sets_in(pile: frozenset[Card]) -> tuple[SetFound, ...]:
    """Every set of three or four of a kind in the pile."""
    found = (SetFound(kind, tuple(c for c in SET_CARDS[kind] if c in pile)) for kind in SetKind)
    return tuple(s for s in found if len(s.cards) >= MIN_CRICK)


def doubled_if_three(points: Sequence[int], doubles: bool) -> tuple[int, bool]:
    """The sum, doubled when three or more combinations score and the rule doubles them."""
    doubled = doubles and len(points) >= MIN_CRICK
    return sum(points) * (2 if doubled else 1), doubled


def count_card_points(
    pile: frozenset[Card], size: int, options: Options, took_last_trick: bool
) -> CardPoints:
    """The text's table summed as written, or (option) less 1 a pair, 6 for the last trick.

    Counting in pairs, a last odd card keeps its whole value (decision)."""
    values = sorted({card_points(card) for card in pile} - {1}, reverse=True)
    by_value = tuple(
        (value, tuple(sorted((c for c in pile if card_points(c) == value), key=PACK.index)))
        for value in values
    )
    ones = size - sum(len(cards) for _, cards in by_value)
    written = sum(value * len(cards) for value, cards in by_value) + ones
    if options.counting is Counting.AS_WRITTEN:
        return CardPoints(by_value, ones, written, 0, 0, written)
    pairs = size // 2
    last = LAST_TRICK_BONUS if took_last_trick else 0
    return CardPoints(by_value, ones, written, pairs, last, written - PAIR_DEDUCTION * pairs + last)


# --- Placing the contatori: every reading of the pile --------------------------------------


Use = tuple[RunName, Card | None] | None
"""Where one contatore goes: nowhere, or a run and the card it stands for."""


def best_cricche(pile: frozenset[Card], options: Options) -> tuple[Crick, ...]:
    """The cricche as the player counts them: the reading that scores the most."""
    return weighed_readings(pile, options)[0]


@lru_cache(maxsize=1024)
def weighed_readings(
    pile: frozenset[Card], options: Options
) -> tuple[tuple[Crick, ...], frozenset[int]]:
    """The best reading of the pile's cricche and every total the readings make, from one
    pass over them (kept: a phone's live preview asks again for the same pile as its
    players type, and a best placement may take a tenth of a second to find)."""
    best: tuple[Crick, ...] = ()
    best_points = -1
    totals = set()
    for cricche in readings(pile, options):
        points = crick_total(cricche)
        totals.add(points)
        if points > best_points:  # a tie keeps the first found, in the runs' order
            best, best_points = cricche, points
    return best, frozenset(totals or {0})


def crick_total(cricche: Sequence[Crick]) -> int:
    """The cricche's points, doubled at three or more (the text)."""
    return doubled_if_three([crick.points for crick in cricche], True)[0]


def readings(pile: frozenset[Card], options: Options) -> Iterator[tuple[Crick, ...]]:
    """Every way the pile's cricche may be counted: each contatore somewhere or unused, each
    Ace in its suit's crick or the Aces'; no contatore left standing for nothing, no Ace left
    out of a crick it could join."""
    contatori = [card for card in CONTATORI if card in pile]
    uses = wild_uses(pile)
    for homes in ace_homes(pile):
        owns = {
            name: frozenset(
                card for card in pile & frozenset(run.members) if homes.get(card, name) == name
            )
            for name, run in RUNS.items()
        }
        bare = {name: cached_crick(name, owns[name], (), options) for name in RUNS}
        for chosen in product(uses, repeat=len(contatori)):
            cricche = reading(pile, owns, bare, tuple(zip(contatori, chosen, strict=True)), options)
            if cricche is not None:
                yield cricche


def ace_homes(pile: frozenset[Card]) -> Iterator[dict[Card, RunName]]:
    """Each way to send the pile's Aces to their suit's crick or the Aces' crick; an Ace only
    one of them could take goes there."""
    aces_run_possible = sum(ace in pile for ace in ACES) >= MIN_OWN_CARDS
    forced: dict[Card, RunName] = {}
    choices: list[tuple[Card, tuple[RunName, ...]]] = []
    for ace in (ace for ace in ACES if ace in pile):
        suit = RUNS[RunName(ace.suit.name.lower())]
        suit_possible = suit.head in pile and any(card in pile for card in suit.core)
        homes = (
            *((suit.name,) if suit_possible else ()),
            *((RunName.ACES,) if aces_run_possible else ()),
        )
        if len(homes) > 1:
            choices.append((ace, homes))
        else:
            forced[ace] = homes[0] if homes else suit.name
    for picked in product(*(homes for _, homes in choices)):
        yield forced | {ace: home for (ace, _), home in zip(choices, picked, strict=True)}


def wild_uses(pile: frozenset[Card]) -> tuple[Use, ...]:
    """Where a contatore might go: unused, or for a card the pile lacks in a run it might make
    (the head there, a card of its own beside it), or one more Moretto or Ace. In the grande's
    numeri only the first two gaps: two contatori fill no more."""
    uses: list[Use] = [None]
    for run in RUNS.values():
        own = [card for card in run.members if card in pile]
        if len(own) < MIN_OWN_CARDS or (run.head is not None and run.head not in pile):
            continue
        gaps = [card for card in run.members if card not in pile and card != run.head]
        tail_gaps = [card for card in gaps if card in run.tail]
        if run.tail_follows_core:
            gaps = [card for card in gaps if card not in tail_gaps[len(CONTATORI) :]]
        uses += [(run.name, card) for card in gaps]
        if run.alike:
            uses.append((run.name, None))
    return tuple(uses)


def reading(
    pile: frozenset[Card],
    owns: Mapping[RunName, frozenset[Card]],
    bare: Mapping[RunName, Crick | None],
    placed: tuple[tuple[Card, Use], ...],
    options: Options,
) -> tuple[Crick, ...] | None:
    """The cricche of one reading, or None if it wastes a contatore or leaves an Ace out.

    `owns` are each run's own cards in this reading, `bare` its crick with no contatore."""
    targets = [use for _, use in placed if use is not None and use[1] is not None]
    if len(set(targets)) < len(targets):
        return None
    stand_ins: dict[RunName, tuple[StandIn, ...]] = {}
    for contatore, use in placed:
        if use is not None:
            stand_ins[use[0]] = (*stand_ins.get(use[0], ()), StandIn(contatore, use[1]))
    cricche: list[Crick] = []
    for name in RUNS:
        crick = (
            cached_crick(name, owns[name], stand_ins[name], options)
            if name in stand_ins
            else bare[name]
        )
        if crick is None and name in stand_ins:
            return None
        if crick is not None:
            cricche.append(crick)
    return None if ace_left_out(pile, cricche) else tuple(cricche)


@lru_cache(maxsize=4096)
def cached_crick(
    name: RunName, own: frozenset[Card], stand_ins: tuple[StandIn, ...], options: Options
) -> Crick | None:
    """`make_crick`, remembered: a pile's readings ask for the same crick many times."""
    return make_crick(RUNS[name], own, stand_ins, options)


def ace_left_out(pile: frozenset[Card], cricche: Sequence[Crick]) -> bool:
    """Whether an Ace of the pile counts nowhere though its suit's crick or the Aces' crick
    would take it: the text makes it an extra card."""
    made = {crick.run.name for crick in cricche}
    counted = {card for crick in cricche for card in crick.cards}
    return any(
        ace in pile
        and ace not in counted
        and (RunName(ace.suit.name.lower()) in made or RunName.ACES in made)
        for ace in ACES
    )


def possible_totals(
    cards: Iterable[Card],
    size: int,
    options: Options = Options(),
    *,
    took_last_trick: bool | None = None,
) -> frozenset[int]:
    """Every total a hand count of this pile may rightly reach: the sets and card points are
    fixed; the contatori may stand in anywhere the text allows, or not at all, and each Ace
    may join its suit's crick or the Aces'. `took_last_trick` None: either."""
    pile = frozenset(cards)
    counted = count_pile(pile, size, options, took_last_trick=bool(took_last_trick))
    fixed = counted.sets_points + counted.card_points.total
    bonuses = (
        {0, LAST_TRICK_BONUS}
        if (took_last_trick is None and options.counting is Counting.IN_PAIRS)
        else {0}
    )
    cricche = weighed_readings(pile, options)[1]
    return frozenset(fixed + bonus + points for bonus in bonuses for points in cricche)


def hand_count_problem(
    total: int,
    cards: Iterable[Card],
    size: int,
    options: Options = Options(),
    *,
    took_last_trick: bool | None = None,
) -> str | None:
    """Why a pile total counted by hand cannot be right for these cards (None: it can)."""
    pile = frozenset(cards)
    if total in possible_totals(pile, size, options, took_last_trick=took_last_trick):
        return None
    best = count_pile(pile, size, options, took_last_trick=bool(took_last_trick)).total
    return t(
        "{total} cannot be this pile's count: its {size} cards count {best} with the "
        "contatori placed at best",
        total=number(total),
        size=size,
        best=number(best),
    )


class TarocchiniReferee(TarotReferee):
    """Tarocchini's tricks: every trump over the suits, the Angelo highest, the Moretti equal
    (the later wins), French Tarot's suit order, and the Matto never wins."""

    slug = "tarocchini"
    name = t("Tarocchini")
    player_counts = (2, 3, 4, 5, 6, 7)
    cards = PACK
    excuse_name = t("the Matto")
    exchange = t("a low card (worth 1 point)")
    to_last_winner = False

    def trump_order(self, cards: Sequence[Card]) -> RankOrder:
        """This trick's order of the trumps: the Moretti as played."""
        return trump_order(cards)

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        """Why the card won, with the trumps by their Bolognese names."""
        if by is WinBy.TRUMP:
            return self._trump_rule(card, cards)
        if cards[0] == EXCUSE:
            return t(
                "nobody played a trump, so the highest {suit} wins (the Matto was led, so "
                "the next card set the suit); in Tarocchini the {order}",
                suit=SUIT_WORDS[card.suit],
                order=ORDER_WORDS[card.suit.is_red],
            )
        return t(
            "nobody played a trump, so the highest {suit} wins; in Tarocchini the {order}",
            suit=SUIT_WORDS[card.suit],
            order=ORDER_WORDS[card.suit.is_red],
        )

    @staticmethod
    def _trump_rule(card: Card, cards: Sequence[Card]) -> str:
        """The Angelo, the later of equal Moretti, or the highest trump played."""
        if card.rank == ANGELO:
            return t("the Angelo, trump 21, is the highest card in Tarocchini")
        if is_moretto(card) and any(is_moretto(c) for c in cards[: cards.index(card)]):
            return t(
                "in Tarocchini the four Moretti (trumps 2–5) are equal, and the later one "
                "played beats the earlier"
            )
        return t(
            "in Tarocchini every trump, from the Begato (trump 1) up to the Angelo (trump "
            "21), beats every suit card, and the highest trump played wins: {trump}",
            trump=trump_words(card.rank),
        )


REFEREE = register_referee(TarocchiniReferee())


# ---------------------------------------------------------------- the score pad

LAST = "last_trick"
LEFT_ASIDE = 2
"""French Tarot's deal always leaves a chien; the published Bolognese deal leaves the dealer
two cards to take and discard (15 each at four). So each player gets as many cards as leave at
least two aside (decision, docs/rules/tarocchini.md)."""
WRITTEN_PACK_POINTS = 118
"""Every card's points in the pack as written: the four 5-point tarocchi 20, Kings 20, Queens
16, Knights 12, Jacks 8, and the 42 other cards 1 each."""
FEWEST_PAIRS_POINTS = WRITTEN_PACK_POINTS - len(PACK) // 2 + LAST_TRICK_BONUS
"""In pairs, the least the piles' card points can make together: 31 pairs off, 6 for the last
trick (93, the published total)."""


@lru_cache(maxsize=16)
def most_a_pile_counts(options: Options) -> int:
    """The highest count a pile can make: the whole pack in one pile, with the last trick
    (626 as written: every set and crick and every card's points)."""
    return count_pile(COUNTING_CARDS, len(PACK), options, took_last_trick=True).total


def hand_size(player_count: int) -> int:
    """The cards each player is dealt: equal hands with at least two cards left aside."""
    return (len(PACK) - LEFT_ASIDE) // player_count


@lru_cache(maxsize=8)
def pile_rules(player_count: int) -> PileRules:
    """The pack and tricks at this table: a trick a card from each player, and the cards left
    from the deal (2, or 6 at seven) taken and discarded by the dealer, in the dealer's pile."""
    aside = len(PACK) - hand_size(player_count) * player_count
    return PileRules(
        PACK,
        COUNTING_CARDS,
        trick_size=player_count,
        discards=aside,
        to_dealer=True,
        discards_words=t("the dealer's {count} discards", count=aside),
    )


@dataclass(frozen=True)
class TarocchiniCounting:
    """The pile count above plugged into the shared piles (`piles.PileCounting`): each pile's
    sets, card points and cricche, with the working and a line for the summary.

    `last_trick` names the pile that took the last trick (counting in pairs, 6 more); the
    counts together are not fixed (the sets and cricche vary), so `pack_total` is None and a
    count by hand is checked against its own pile (`hand_count_problem`)."""

    options: Options
    last_trick: str | None = None

    def count(self, pile: piles.Pile) -> piles.PileCount:
        counted = count_pile(
            pile.cards, pile.size, self.options, took_last_trick=pile.name == self.last_trick
        )
        heading = tn(
            "{name}'s pile, {count} card:",
            "{name}'s pile, {count} cards:",
            pile.size,
            name=pile.name,
        )
        return piles.PileCount(counted.total, (heading, *counted.lines), folded(pile, counted))

    def pack_total(self, sizes: Sequence[int]) -> int | None:
        return None


def folded(pile: piles.Pile, counted: PileCount) -> str:
    """A pile on one line: "Ann 20 cards: sets 17, card points 41, cricche 10 (Spades) → 68"."""
    runs = join([RUN_SHORT[crick.run.name] for crick in counted.cricche], ", ")
    cricche = (
        t("cricche {points} ({runs})", points=counted.cricche_points, runs=runs)
        if runs
        else t("cricche {points}", points=counted.cricche_points)
    )
    return tn(
        "{name} {count} card: sets {sets}, card points {points}, {cricche} → {total}",
        "{name} {count} cards: sets {sets}, card points {points}, {cricche} → {total}",
        pile.size,
        name=pile.name,
        sets=counted.sets_points,
        points=counted.card_points.total,
        cricche=cricche,
        total=number(counted.total),
    )


class Tarocchini(PileGame):
    """Tarocchini's score pad: each player's pile counted (sets, card points, cricche), the
    highest count wins the hand; a session adds the hands up. The dealer's discards count in
    the dealer's pile. Entered by the cards or by the points."""

    slug = "tarocchini"
    name = t("Tarocchini")
    player_counts = (2, 3, 4, 5, 6, 7)
    zero_sum = False  # each pile scores its own count, never below 0
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("point"), t("points"), signed=False)
    options_type = Options
    rules = pile_rules(4)
    summary = t(
        "Two to seven players, the 62-card Bolognese pack; each pile counts its sets, "
        "card points and cricche, the highest wins the hand. Tap each counting card "
        "into its pile, or enter the counts."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (
            Field(
                "counting",
                t("Card points"),
                FieldKind.CHOICE,
                choices=choices(Counting, COUNTING_LABELS),
                default=Counting.AS_WRITTEN.value,
                help=t("The pad's rulings: as written; in pairs, ask who took the last trick"),
            ),
            Field(
                "criccone",
                t("Criccone: three or more sets double the sets"),
                FieldKind.BOOLEAN,
                default=False,
                help=t("The published game; the text doubles the cricche only"),
            ),
            Field(
                "trump_run",
                t("A contatore in the grande's numbered trumps"),
                FieldKind.CHOICE,
                choices=choices(TrumpRun, TRUMP_RUN_LABELS),
                default=TrumpRun.ENDS.value,
                help=t(
                    "The text: the run ends where a contatore stands in, unless for "
                    "the 16 or a grande card"
                ),
            ),
            Field(
                "extra_cards",
                t("Extra cards in a crick (5 each)"),
                FieldKind.CHOICE,
                choices=choices(ExtraCards, EXTRA_CARDS_LABELS),
                default=ExtraCards.OVER_THREE.value,
                help=t(
                    "The published count: every card over three; as written, only a suit's "
                    "Ace and the grande's numbered trumps"
                ),
            ),
        )

    def pile_rules(self, setup: Setup) -> PileRules:
        return pile_rules(setup.player_count)

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The shared pile fields, a count by hand up to the most a pile can make."""
        most = most_a_pile_counts(self.settings(setup))
        return tuple(
            replace(spec, maximum=most) if spec.name.startswith(piles.COUNT_PREFIX) else spec
            for spec in super().fields(setup)
        )

    def settings(self, setup: Setup) -> Options:
        return read_options(Options, setup.options)

    def counting(self, setup: Setup) -> TarocchiniCounting:
        return TarocchiniCounting(self.settings(setup))

    def own_fields(self, setup: Setup) -> tuple[Field, ...]:
        if self.settings(setup).counting is not Counting.IN_PAIRS:
            return ()
        return (
            Field(
                LAST,
                t("Took the last trick"),
                FieldKind.SEAT,
                help=t(
                    "{bonus} points for the last trick, counting in pairs; a count by "
                    "hand includes them",
                    bonus=LAST_TRICK_BONUS,
                ),
            ),
        )

    def own_problems(self, state: State, entry: Entry, entered: PileEntry) -> list[Problem]:
        setup = state.setup
        if entered.method is Method.POINTS:
            return [
                *self._floor_problems(setup, entered),
                *self._hand_count_problems(state, entry, entered),
            ]
        return self._last_trick_problems(state, entry, entered)

    def _floor_problems(self, setup: Setup, entered: PileEntry) -> list[Problem]:
        """The counts together make at least every card's points: sets and cricche only add."""
        counts = [count for count in entered.counts if count is not None]
        if len(counts) < len(entered.counts):
            return []
        in_pairs = self.settings(setup).counting is Counting.IN_PAIRS
        floor = FEWEST_PAIRS_POINTS if in_pairs else WRITTEN_PACK_POINTS
        if sum(counts) >= floor:
            return []
        how = (
            t(
                "in pairs at least {floor} ({written} − {pairs} pairs + {bonus} for the last "
                "trick)",
                floor=floor,
                written=WRITTEN_PACK_POINTS,
                pairs=len(PACK) // 2,
                bonus=LAST_TRICK_BONUS,
            )
            if in_pairs
            else t("{floor} as written", floor=floor)
        )
        return [
            piles_problem(
                len(counts) - 1,
                t(
                    "The counts make {sum} together; the pack's card points alone "
                    "make {how}, and sets and cricche only add to them, so a count "
                    "is wrong.",
                    sum=number(sum(counts)),
                    how=how,
                ),
            )
        ]

    def _hand_count_problems(self, state: State, entry: Entry, entered: PileEntry) -> list[Problem]:
        """With the cards tapped as well, each count by hand must be one the pile can make."""
        rules = self.pile_rules(state.setup)
        sizes = filled_in(entered.sizes, rules.size)
        counts = tuple(count for count in entered.counts if count is not None)
        if (
            sizes is None
            or len(entered.placed) < len(rules.grid)
            or len(counts) < len(entered.counts)
        ):
            return []
        names = self.pile_names(state.setup)
        as_cards = PileEntry(Method.CARDS, entered.placed, entered.sizes, entered.counts)
        if piles.card_problems(rules, as_cards, names, self.hand_dealer(state)):
            return []
        options = self.settings(state.setup)
        last = entry.get(LAST)
        problems = []
        for pile, (name, size, count) in enumerate(zip(names, sizes, counts, strict=True)):
            why = hand_count_problem(
                count, entered.cards_of(pile), size, options, took_last_trick=pile == last
            )
            if why:
                problems.append(
                    piles_problem(
                        pile, t("{name}'s count: {why} (the cards tapped).", name=name, why=why)
                    )
                )
        return problems

    def _last_trick_problems(self, state: State, entry: Entry, entered: PileEntry) -> list[Problem]:
        """The last trick's taker holds that trick's cards beside the dealer's discards."""
        last = entry.get(LAST)
        rules = self.pile_rules(state.setup)
        sizes = filled_in(entered.sizes, rules.size)
        if last is None or sizes is None:
            return []
        discards = rules.discards if last == self.hand_dealer(state) else 0
        if sizes[last] - discards >= rules.trick_size:
            return []
        name = self.pile_names(state.setup)[last]
        in_all = tn("{count} card", "{count} cards", sizes[last])
        if discards:
            return [
                Problem(
                    LAST,
                    t(
                        "{name} took the last trick, so {name}'s pile holds its "
                        "{trick} cards at least beside {discards}, not {cards} in "
                        "all.",
                        name=name,
                        trick=rules.trick_size,
                        discards=rules.discards_words,
                        cards=in_all,
                    ),
                )
            ]
        return [
            Problem(
                LAST,
                t(
                    "{name} took the last trick, so {name}'s pile holds its {trick} "
                    "cards at least, not {cards} in all.",
                    name=name,
                    trick=rules.trick_size,
                    cards=in_all,
                ),
            )
        ]

    def pile_layout(self, setup: Setup) -> piles.PileLayout:
        """The shared grid, its trumps by the names the working uses (Begato, Angelo, Matto)."""
        layout = super().pile_layout(setup)
        names = {piles.card_field_name(card): label(card) for card in COUNTING_CARDS}
        return replace(
            layout,
            rows=tuple(
                tuple(replace(cell, label=names[cell.field]) for cell in row) for row in layout.rows
            ),
        )

    def describe(self, setup: Setup, entry: Entry) -> str:
        """By the cards, each pile folded to one line with its count ("Bob 18 cards: sets 43,
        card points 42, cricche 60 (Spades, Hearts, Diamonds) → 145"); by the points, the
        counts as every pile game writes them."""
        entered = self.piles(setup, entry, None)
        sizes = filled_in(entered.sizes, self.pile_rules(setup).size)
        if entered.method is Method.POINTS or sizes is None:
            return super().describe(setup, entry)
        counting = self.hand_counting(setup, entry)
        try:
            return join(
                [
                    counting.count(piles.Pile(name, entered.cards_of(pile), size)).short
                    for pile, (name, size) in enumerate(
                        zip(self.pile_names(setup), sizes, strict=True)
                    )
                ],
                "; ",
            )
        except PileError:  # an entry the referee refused: as entered
            return super().describe(setup, entry)

    def hand_counting(self, setup: Setup, entry: Entry) -> TarocchiniCounting:
        """This hand's count: the session's options and who took the last trick."""
        last = entry.get(LAST)
        return TarocchiniCounting(
            self.settings(setup), None if last is None else self.pile_names(setup)[last]
        )

    def counted(self, state: State, entry: Entry) -> piles.CountedPiles:
        return piles.count_piles(
            self.pile_rules(state.setup),
            self.hand_counting(state.setup, entry),
            self.piles(state.setup, entry, self.hand_dealer(state)),
            self.pile_names(state.setup),
            self.hand_dealer(state),
        )

    def score(self, state: State, entry: Entry) -> HandResult:
        counted = self.counted(state, entry)
        names = self.pile_names(state.setup)
        return HandResult(
            counted.points,
            counted.lines,
            piles.hand_winner_words(names, counted.points, draw=True),
            facts={
                "counts": list(counted.points),
                "last_trick": entry.get(LAST),
                "piles": list(counted.shorts),
            },
        )


def piles_problem(pile: int, message: str) -> Problem:
    """A refusal on a pile's count field."""
    return Problem(piles.count_field_name(pile), message)


register(Tarocchini())
