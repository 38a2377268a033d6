"""Noddy, seed 002: two players, three cards each and a turn-up; each counts the combinations of
his three cards with the turn-up, the last card of the play pegs Go or the Hitter, and the first
to reach the target chosen at the start (15, 21 or 31) wins.

The score pad follows the text as docs/rulings.md settles it ("Noddy: as written"): a run of 3 is 1,
of 4 is 2; a flush (a sequence in one suit) of 3 is 3, of 4 is 4, +1 per card above 4; fifteen or
twenty-five 2; Knave Noddy 2 to the dealer; the Jack of the turn-up suit 1; Go 1, Hitter 2; going
past the target loses. Option: Parlett's scoring (1 per card for runs and flushes, no bust).
The pad finds every combination itself from the cards entered, or takes a hand's points as
typed. The decisions (the counting order, what "past the target" means): docs/rules/noddy.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise, product
from typing import Any

from companion.contract.choices import choices
from companion.contract.game import Game, leaders
from companion.contract.registry import register
from companion.contract.values import (
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Outcome,
    Problem,
    Scale,
    Setup,
    State,
)
from companion.kit import i18n
from companion.kit.cards import (
    ACE,
    JACK,
    KING,
    PLAIN_SUITS,
    QUEEN,
    RANK_PLURALS,
    Card,
    CardError,
    card_name,
    pack_52,
    parse,
)
from companion.kit.i18n import Text, t, tn

# ---------------------------------------------------------------- the game's words


class Scoring(StrEnum):
    """How runs and flushes score and whether going past the target loses."""

    AS_WRITTEN = "as-written"
    PARLETT = "parlett"


SCORING_LABELS = {
    Scoring.AS_WRITTEN: t(
        "As written: run 1/2, flush (a sequence in one suit) 3/4; past the target loses"
    ),
    Scoring.PARLETT: t("Parlett: 1 per card for runs and flushes; the first to the target wins"),
}


class HitterCount(StrEnum):
    """What the Hitter's last card makes exactly: 31, or (as written) the set score."""

    THIRTY_ONE = "31"
    AS_WRITTEN = "set-score"


HITTER_LABELS = {
    HitterCount.THIRTY_ONE: t("31: the count of the cards played reaches exactly 31 (Parlett)"),
    HitterCount.AS_WRITTEN: t(
        "As written: the count of the cards played reaches exactly the set score (15, 21 or 31)"
    ),
}


class Kind(StrEnum):
    """The combinations a hand of three cards and the turn-up can hold."""

    COUNT = "count"  # cards adding up to fifteen or twenty-five
    PAIR = "pair"
    PRIAL = "prial"
    DOUBLE_PRIAL = "double prial"
    RUN = "run"
    FLUSH = "flush"
    NODDY = "noddy"  # the Jack of the turn-up suit in hand


class Step(StrEnum):
    """The moments of a hand at which points are pegged, in the order they are pegged."""

    KNAVE_NODDY = "knave noddy"
    NON_DEALER = "non-dealer"
    DEALER = "dealer"
    LAST_CARD = "last card"


# ---------------------------------------------------------------- tables

PLAYERS = 2
"""The text: "The game is played with 2 players"."""

TARGETS = (15, 21, 31)
"""The text: "players choose the point values that are either 15, 21, or 31"."""

DEFAULT_TARGET = 31
"""Thirty-one up is Parlett's and the usual game; 15 and 21 are the text's other choices."""

HAND_CARDS = 3
"""The text: "Deal three cards to both players"."""

PACK = pack_52()
"""The text: "A 52-card deck"."""

COUNTS = (15, 25)
"""The text: "If the points of the cards ... are worth 15 or 25 ... the player scores 2 points"."""

COUNT_POINTS = 2

PAIR_POINTS = {2: 2, 3: 6, 4: 12}
"""The text: "A basic pair is worth 2 points. Pair royal ... 6 points. Double pair royal ... 12"
(two, three and four cards of one rank)."""

PAIR_KINDS = {2: Kind.PAIR, 3: Kind.PRIAL, 4: Kind.DOUBLE_PRIAL}

SHORTEST_SEQUENCE = 3
"""Runs and flushes start at three cards ("Three cards are worth ...")."""

WRITTEN_RUN_POINTS = {3: 1, 4: 2}
"""The text: a run of "Three cards are worth 1 point. Four cards are worth 2 points"."""

WRITTEN_FLUSH_POINTS = {3: 3, 4: 4}
"""The text: a flush of "Three cards are worth 3 point. Four cards are worth 4 points"."""

ABOVE_FOUR = 4
"""The text: "Runs and flushes more than 4 cards are worth 1 point for every card above 4"."""

KNAVE_NODDY_POINTS = 2
"""The text: if the turn-up "is a Jack, the dealer scores 'Knave Noddy' and moves the peg 2"."""

NODDY_POINTS = 1
"""The text: "a Jack of the same suit as the turn up card, that player scores 1 point"."""

GO_POINTS = 1
HITTER_POINTS = 2
"""The text: the last card "pegs 1 point for the 'Go' or 2 if the card makes it exactly ...
called the 'Hitter'"."""

PLAY_LIMIT = 31
"""The count of the cards played that the Hitter makes exactly (Parlett; see the rules page);
the house rule "as written" makes it the set score instead."""

RANK_LETTERS = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}

RANKS = tuple(range(ACE, KING + 1))
"""Ace (1, low) to King (13): the ranks of the 52."""


def card_place(name: str, index: int) -> Text:
    """Where a card of a hand lies, in words: "Ann's second card"."""
    return (
        t("{name}'s first card", name=name),
        t("{name}'s second card", name=name),
        t("{name}'s third card", name=name),
    )[index]


def card_missing(name: str, index: int) -> Text:
    """The refusal of a hand with one of its three cards left blank."""
    return (
        t("Enter {name}'s first card, or {name}'s points instead of the cards.", name=name),
        t("Enter {name}'s second card, or {name}'s points instead of the cards.", name=name),
        t("Enter {name}'s third card, or {name}'s points instead of the cards.", name=name),
    )[index]


# ---------------------------------------------------------------- typed options


@dataclass(frozen=True)
class Options:
    """A session's house rules: the target and the way of scoring (the text's by default)."""

    target: int = DEFAULT_TARGET
    scoring: Scoring = Scoring.AS_WRITTEN
    hitter_count: HitterCount = HitterCount.THIRTY_ONE

    @property
    def hitter_limit(self) -> int:
        """The count the Hitter's last card makes exactly: 31, or the set score as written."""
        return self.target if self.hitter_count is HitterCount.AS_WRITTEN else PLAY_LIMIT

    @property
    def bust(self) -> bool:
        """Whether going past the target loses (as written) or wins (Parlett's)."""
        return self.scoring is Scoring.AS_WRITTEN


# ---------------------------------------------------------------- reading the entry


TURN_UP = "turn_up"


def card_field(seat: int, index: int) -> str:
    """The name of a seat's card field: `p0_card1` .. `p1_card3`."""
    return f"p{seat}_card{index + 1}"


def points_field(seat: int) -> str:
    """The name of a seat's quick entry (its hand's points typed instead of its cards)."""
    return f"p{seat}_points"


LAST_CARD = "last_card"
HITTER = "hitter"


@dataclass(frozen=True)
class SeatHand:
    """One player's hand as entered: three cards, or the points it counts (a quick entry)."""

    cards: tuple[Card, ...] = ()
    points: int | None = None


@dataclass(frozen=True)
class Hand:
    """A hand of Noddy in the game's terms."""

    turn_up: Card
    seats: tuple[SeatHand, ...]
    last_card: int | None
    hitter: bool


def read_card(token: Any) -> Card | None:
    """A card of the 52 from an entered token, or None when it names none."""
    if not isinstance(token, str):
        return None
    try:
        card = parse(token)
    except CardError:
        return None
    return card if card in PACK else None


def read_hand(entry: Entry) -> Hand:
    """The entry as a `Hand` (only for an entry the referee accepted)."""
    seats = []
    for seat in range(PLAYERS):
        points = entry.get(points_field(seat))
        cards = tuple(
            card
            for index in range(HAND_CARDS)
            if (card := read_card(entry.get(card_field(seat, index)))) is not None
        )
        seats.append(SeatHand(() if points is not None else cards, points))
    turn_up = read_card(entry[TURN_UP])
    assert turn_up is not None, "score() is only called with an accepted entry"
    return Hand(turn_up, tuple(seats), entry.get(LAST_CARD), bool(entry.get(HITTER)))


# ---------------------------------------------------------------- the combinations


@dataclass(frozen=True)
class Combination:
    """One scoring combination found in a hand: its kind, its cards and its points."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int

    @property
    def words(self) -> str:
        """The combination as the pad shows it: "5♥ + K♣ = 15: 2", "run 7-8-9: 1"."""
        if self.kind is Kind.COUNT:  # cards and numbers only: the same in every language
            total = sum(pip_value(card) for card in self.cards)
            return f"{' + '.join(map(str, self.cards))} = {total}: {self.points}"
        if self.kind is Kind.RUN:
            return t(
                "run {ranks}: {points}",
                ranks="-".join(rank_letter(card) for card in self.cards),
                points=self.points,
            )
        if self.kind is Kind.FLUSH:
            return t(
                "flush {cards}: {points}", cards="-".join(map(str, self.cards)), points=self.points
            )
        if self.kind is Kind.NODDY:
            return t(
                "{card}, the Jack of the turn-up suit: {points}",
                card=str(self.cards[0]),
                points=self.points,
            )
        shown = {"cards": " ".join(map(str, self.cards)), "points": self.points}
        if self.kind is Kind.PAIR:
            return t("pair {cards}: {points}", **shown)
        if self.kind is Kind.PRIAL:
            return t("prial {cards}: {points}", **shown)
        return t("double prial {cards}: {points}", **shown)


def pip_value(card: Card) -> int:
    """What a card counts towards fifteen and twenty-five: Ace 1 (Aces are low), the courts 10."""
    return min(card.rank, 10)


def rank_letter(card: Card) -> str:
    """A rank as a run writes it: A, 2 … 10, J, Q, K."""
    return RANK_LETTERS.get(card.rank, str(card.rank))


def ordered(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards lowest first (Aces low), then by suit, so lines read the same every time."""
    return tuple(sorted(cards, key=lambda card: (card.rank, card.suit.value)))


def counts(cards: Sequence[Card]) -> list[Combination]:
    """Every set of two or more cards adding up to fifteen or twenty-five: 2 each."""
    found = []
    for size in range(2, len(cards) + 1):
        for group in combinations(ordered(cards), size):
            if sum(pip_value(card) for card in group) in COUNTS:
                found.append(Combination(Kind.COUNT, group, COUNT_POINTS))
    return found


def pairs(cards: Sequence[Card]) -> list[Combination]:
    """Two, three or four cards of one rank: a pair (2), a prial (6), a double prial (12)."""
    by_rank = Counter(card.rank for card in cards)
    return [
        Combination(
            PAIR_KINDS[size], ordered([c for c in cards if c.rank == rank]), PAIR_POINTS[size]
        )
        for rank, size in sorted(by_rank.items())
        if size >= 2
    ]


def is_sequence(cards: Sequence[Card]) -> bool:
    """Three or more cards of consecutive ranks, each rank once (Aces low: A-2-3, never Q-K-A)."""
    ranks = sorted(card.rank for card in cards)
    return len(ranks) >= SHORTEST_SEQUENCE and all(high - low == 1 for low, high in pairwise(ranks))


def one_suit(cards: Sequence[Card]) -> bool:
    return len({card.suit for card in cards}) == 1


def sequences(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every longest sequence: the sets of cards in sequence that no longer one contains. A
    doubled rank makes two (7-8-8-9 holds 7-8-9 twice), as each is made of different cards."""
    found = [
        ordered(group)
        for size in range(len(cards), SHORTEST_SEQUENCE - 1, -1)
        for group in combinations(cards, size)
        if is_sequence(group)
    ]
    return [group for group in found if not any(set(group) < set(longer) for longer in found)]


def above_four(length: int) -> int:
    """The text's "+1 for every card above 4" for a run or flush of this length."""
    return max(0, length - ABOVE_FOUR)


def written_run_points(length: int) -> int:
    """As written: a run of 3 is 1, of 4 is 2, and 1 more for every card above 4."""
    return WRITTEN_RUN_POINTS[min(length, ABOVE_FOUR)] + above_four(length)


def written_flush_points(length: int) -> int:
    """As written: a flush of 3 is 3, of 4 is 4, and 1 more for every card above 4."""
    return WRITTEN_FLUSH_POINTS[min(length, ABOVE_FOUR)] + above_four(length)


def written_sequence(group: tuple[Card, ...]) -> Combination:
    """A sequence as written: a flush when its cards are all of one suit, else a run; a run
    that holds a shorter flush counts as that flush when the flush is worth more (the player
    announces the better)."""
    if one_suit(group):
        return Combination(Kind.FLUSH, group, written_flush_points(len(group)))
    best = Combination(Kind.RUN, group, written_run_points(len(group)))
    for size in range(len(group) - 1, SHORTEST_SEQUENCE - 1, -1):
        for part in combinations(group, size):
            if is_sequence(part) and one_suit(part) and written_flush_points(size) > best.points:
                best = Combination(Kind.FLUSH, part, written_flush_points(size))
    return best


def written_runs(cards: Sequence[Card]) -> list[Combination]:
    """As written: each longest sequence scores once, as a run or as a flush."""
    return [written_sequence(group) for group in sequences(cards)]


def parlett_runs(cards: Sequence[Card]) -> list[Combination]:
    """Parlett's: each longest sequence of any suits scores 1 per card."""
    return [Combination(Kind.RUN, group, len(group)) for group in sequences(cards)]


def parlett_flush(held: Sequence[Card], turn_up: Card) -> list[Combination]:
    """Parlett's flush: the three cards in hand of one suit score 3, or 4 with the turn-up of
    that suit too (as in cribbage, two in hand and the turn-up are no flush)."""
    if not one_suit(held):
        return []
    flush = ordered([*held, turn_up]) if turn_up.suit is held[0].suit else ordered(held)
    return [Combination(Kind.FLUSH, flush, len(flush))]


def noddy(held: Sequence[Card], turn_up: Card) -> list[Combination]:
    """The Jack of the turn-up suit held in hand: 1."""
    return [
        Combination(Kind.NODDY, (card,), NODDY_POINTS)
        for card in held
        if card.rank == JACK and card.suit is turn_up.suit
    ]


def count_hand(held: Sequence[Card], turn_up: Card, scoring: Scoring) -> list[Combination]:
    """Every combination of three cards in hand with the turn-up, as the pad lists them:
    fifteens and twenty-fives, pairs, runs and flushes, then the Jack of the turn-up suit."""
    cards = [*held, turn_up]
    found = counts(cards) + pairs(cards)
    if scoring is Scoring.PARLETT:
        found += parlett_runs(cards) + parlett_flush(held, turn_up)
    else:
        found += written_runs(cards)
    return found + noddy(held, turn_up)


MOST_A_HAND_COUNTS = {Scoring.AS_WRITTEN: 20, Scoring.PARLETT: 20}
"""The most three cards and a turn-up count, found by counting every hand of the pack once
(every count from 0 to it occurs with some turn-up). As written: 5-5-5 with a Five turned up, a
double prial 12 and four fifteens 8. Parlett's: 10♠ J♠ Q♠ with the 5♠ turned up, three fifteens
6, three twenty-fives 6, a run of three 3, a flush of four 4, the Jack of the turn-up suit 1. A
typed hand is bounded by it; `possible_counts` then says which counts its turn-up allows."""


def hands_beside(turn_up: Card) -> Iterator[tuple[Card, ...]]:
    """Every hand of three cards beside this turn-up, once for each way its suits fall.

    The counting only asks whether cards share a suit and whether it is the turn-up's, so the
    three other suits are alike: a hand is drawn with them named in the order they first
    appear (a hand of ♥ ♦ stands for ♣ ♥ and the rest). That leaves about 5,000 hands of the
    20,825 beside a turn-up (a test counts all 20,825 and finds the same counts)."""
    suits = (turn_up.suit, *(suit for suit in PLAIN_SUITS if suit is not turn_up.suit))
    seen: set[frozenset[Card]] = set()
    for ranks in combinations_with_replacement(RANKS, HAND_CARDS):
        for labels in suit_patterns():
            held = frozenset(
                Card(suits[label], rank) for rank, label in zip(ranks, labels, strict=True)
            )
            if len(held) == HAND_CARDS and turn_up not in held and held not in seen:
                seen.add(held)
                yield ordered(held)


def suit_patterns() -> Iterator[tuple[int, ...]]:
    """The suits of three cards as labels: 0 the turn-up's suit, 1-3 the others in the order
    they first appear (so 0 1 1 and 0 2 2 are one pattern, and only 0 1 1 is made)."""
    for labels in product(range(len(PLAIN_SUITS)), repeat=HAND_CARDS):
        newest = 0
        for label in labels:
            if label > newest + 1:
                break
            newest = max(newest, label)
        else:
            yield labels


@cache
def counts_beside(scoring: Scoring, turn_up_rank: int) -> frozenset[int]:
    """Every count a hand makes beside a turn-up of this rank, by the pad's own counting of
    each hand (the suit of the turn-up changes nothing: the suits are alike). Worked out the
    first time a typed count is checked against such a turn-up (a quarter of a second), then
    kept."""
    turn_up = Card(PLAIN_SUITS[0], turn_up_rank)
    return frozenset(
        sum(combination.points for combination in count_hand(held, turn_up, scoring))
        for held in hands_beside(turn_up)
    )


def possible_counts(scoring: Scoring, turn_up: Card) -> frozenset[int]:
    """The counts some hand of three cards makes with this turn-up under this scoring."""
    return counts_beside(scoring, turn_up.rank)


# ---------------------------------------------------------------- the pegging, in order


@dataclass(frozen=True)
class Peg:
    """Points pegged at one moment of the hand, with the lines that explain them."""

    step: Step
    seat: int
    points: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Pegged:
    """A hand pegged in order: each seat's points, the lines, and how the game ended if it did."""

    points: tuple[int, ...]
    lines: tuple[str, ...]
    winner: int | None = None
    past: int | None = None  # the seat that went past the target (as written)
    unpegged: tuple[Step, ...] = ()


def non_dealer(dealer: int) -> int:
    return 1 - dealer


def hand_count_peg(
    step: Step, seat: int, hand: Hand, names: Sequence[str], scoring: Scoring
) -> Peg:
    """A player's count of his hand: the combinations found in his cards, or the typed points."""
    seat_hand = hand.seats[seat]
    who = (
        t("{name} (the dealer)", name=names[seat])
        if step is Step.DEALER
        else t("{name} (not the dealer)", name=names[seat])
    )
    if seat_hand.points is not None:
        return Peg(
            step,
            seat,
            seat_hand.points,
            (t("{who} counts {points} (entered as points)", who=who, points=seat_hand.points),),
        )
    found = count_hand(seat_hand.cards, hand.turn_up, scoring)
    shown = {"who": who, "held": " ".join(map(str, seat_hand.cards)), "turn_up": str(hand.turn_up)}
    if not found:
        return Peg(
            step, seat, 0, (t("{who} counts {held} with the turn-up {turn_up}: nothing", **shown),)
        )
    return Peg(
        step,
        seat,
        sum(c.points for c in found),
        (t("{who} counts {held} with the turn-up {turn_up}:", **shown), *(c.words for c in found)),
    )


def pegs(hand: Hand, dealer: int, names: Sequence[str], scoring: Scoring) -> list[Peg]:
    """What is pegged in a hand, in the order it is pegged (see the rules page): Knave Noddy,
    the non-dealer's count, the dealer's count, then Go or the Hitter."""
    found = []
    if hand.turn_up.rank == JACK:
        found.append(
            Peg(
                Step.KNAVE_NODDY,
                dealer,
                KNAVE_NODDY_POINTS,
                (
                    t(
                        "Turn-up {card}: Knave Noddy, {points} to {name} (the dealer)",
                        card=str(hand.turn_up),
                        points=KNAVE_NODDY_POINTS,
                        name=names[dealer],
                    ),
                ),
            )
        )
    found.append(hand_count_peg(Step.NON_DEALER, non_dealer(dealer), hand, names, scoring))
    found.append(hand_count_peg(Step.DEALER, dealer, hand, names, scoring))
    if hand.last_card is not None:
        name = names[hand.last_card]
        points, line = (
            (
                HITTER_POINTS,
                t("Last card: {name}, the Hitter: {points}", name=name, points=HITTER_POINTS),
            )
            if hand.hitter
            else (GO_POINTS, t("Last card: {name}, Go: {points}", name=name, points=GO_POINTS))
        )
        found.append(Peg(Step.LAST_CARD, hand.last_card, points, (line,)))
    return found


def ends_game(total: int, options: Options) -> bool:
    """Whether a total ends the game: reaching the target, or (as written) going past it."""
    return total >= options.target


def peg_in_order(
    peg_list: Sequence[Peg], totals: Sequence[int], names: Sequence[str], options: Options
) -> Pegged:
    """Peg each moment in turn against the target; the first total to reach the target (or,
    as written, to go past it) ends the game, and what comes after is not pegged."""
    points = [0] * PLAYERS
    running = list(totals)
    lines: list[str] = []
    for index, peg in enumerate(peg_list):
        lines.extend(peg.lines)
        before = running[peg.seat]
        running[peg.seat] += peg.points
        points[peg.seat] += peg.points
        lines.append(
            t(
                "{name}: {before} + {points} = {after} of {target}",
                name=names[peg.seat],
                before=before,
                points=peg.points,
                after=running[peg.seat],
                target=options.target,
            )
        )
        if ends_game(running[peg.seat], options):
            rest = tuple(later.step for later in peg_list[index + 1 :])
            winner, past = ending(peg.seat, running[peg.seat], options)
            lines.append(ending_words(winner, past, running[peg.seat], names, options))
            lines.extend(unpegged_words(peg_list[index + 1 :], names))
            return Pegged(tuple(points), tuple(lines), winner, past, rest)
    return Pegged(tuple(points), tuple(lines))


def ending(seat: int, total: int, options: Options) -> tuple[int, int | None]:
    """The winner, and the seat that went past the target (None when it was reached)."""
    if options.bust and total > options.target:
        return non_dealer(seat), seat  # the other seat of two
    return seat, None


def ending_words(
    winner: int, past: int | None, total: int, names: Sequence[str], options: Options
) -> str:
    """How the game ended, in words."""
    if past is not None:
        return t(
            "{past} goes past {target} ({total}) and loses: {winner} wins",
            past=names[past],
            target=options.target,
            total=total,
            winner=names[winner],
        )
    if total == options.target:
        return t(
            "{winner} reaches {target} exactly and wins",
            winner=names[winner],
            target=options.target,
        )
    return t(
        "{winner} reaches {target} ({total}) and wins",
        winner=names[winner],
        target=options.target,
        total=total,
    )


def unpegged_words(rest: Sequence[Peg], names: Sequence[str]) -> list[str]:
    """What the end of the game left unpegged."""
    return [unpegged_line(peg.step, names[peg.seat]) for peg in rest]


def unpegged_line(step: Step, name: str) -> Text:
    """One moment the end of the game left unpegged."""
    if step is Step.LAST_CARD:
        return t("Not pegged, the game is over: {name}'s last card", name=name)
    if step is Step.KNAVE_NODDY:
        return t("Not pegged, the game is over: {name}'s Knave Noddy", name=name)
    return t("Not pegged, the game is over: {name}'s count", name=name)


def play_is_reached(hand_pegs: Sequence[Peg], totals: Sequence[int], options: Options) -> bool:
    """Whether the counts leave the game open, so the play's last card is pegged."""
    running = list(totals)
    for peg in hand_pegs:
        running[peg.seat] += peg.points
        if ends_game(running[peg.seat], options):
            return False
    return True


# ---------------------------------------------------------------- the referee


@dataclass(frozen=True)
class Entered:
    """A card entered in a field: the field, the card, and where it lies in words."""

    field: str
    card: Card
    place: str


def card_fields(setup: Setup) -> list[tuple[str, str]]:
    """Every card field with its place in words, in the order of the form."""
    places: list[tuple[str, str]] = [(TURN_UP, t("the turn-up"))]
    for seat, name in enumerate(setup.players):
        places += [
            (card_field(seat, index), card_place(name, index)) for index in range(HAND_CARDS)
        ]
    return places


def unreadable_cards(setup: Setup, entry: Entry) -> list[Problem]:
    """Each token that names no card of the 52."""
    return [
        Problem(
            name,
            t(
                "“{token}” is not a card of the pack: write its rank and suit, like 10H, QS or AC.",
                token=entry[name],
            ),
        )
        for name, _ in card_fields(setup)
        if entry.get(name) is not None and read_card(entry[name]) is None
    ]


def entered_cards(setup: Setup, entry: Entry) -> list[Entered]:
    """The readable cards entered, in the order of the form."""
    return [
        Entered(name, card, place)
        for name, place in card_fields(setup)
        if (card := read_card(entry.get(name))) is not None
    ]


def cards_twice(entered: Sequence[Entered]) -> list[Problem]:
    """A card entered twice (across both hands and the turn-up): on each later field, naming
    the card and where it was entered first."""
    first: dict[Card, Entered] = {}
    problems = []
    for item in entered:
        if item.card in first:
            problems.append(
                Problem(
                    item.field,
                    t(
                        "{card} ({name}) is entered twice: it is "
                        "already {place}, and a pack has one.",
                        card=str(item.card),
                        name=card_name(item.card),
                        place=first[item.card].place,
                    ),
                )
            )
        else:
            first[item.card] = item
    return problems


def five_of_a_rank(entered: Sequence[Entered]) -> list[Problem]:
    """A fifth card of one rank: on its field, naming the rank (a pack has four of each)."""
    seen: Counter[int] = Counter()
    problems = []
    for item in entered:
        seen[item.card.rank] += 1
        if seen[item.card.rank] > len({card.suit for card in PACK}):
            problems.append(
                Problem(
                    item.field,
                    t(
                        "{card} would be a fifth of the {ranks}: a pack has four.",
                        card=str(item.card),
                        ranks=RANK_PLURALS[item.card.rank],
                    ),
                )
            )
    return problems


def hands_incomplete(setup: Setup, entry: Entry) -> list[Problem]:
    """Each player's hand needs its three cards, or its points instead, never both."""
    problems = []
    for seat, name in enumerate(setup.players):
        names = [card_field(seat, index) for index in range(HAND_CARDS)]
        typed = [field for field in names if entry.get(field) is not None]
        if entry.get(points_field(seat)) is not None:
            if typed:
                problems.append(
                    Problem(
                        points_field(seat),
                        t(
                            "{name}'s cards are entered too: clear the cards or the points.",
                            name=name,
                        ),
                    )
                )
            continue
        if not typed:
            problems.append(
                Problem(
                    names[0],
                    t(
                        "Enter {name}'s three cards, or {name}'s points instead of the cards.",
                        name=name,
                    ),
                )
            )
            continue
        problems += [
            Problem(field, card_missing(name, index))
            for index, field in enumerate(names)
            if field not in typed
        ]
    return problems


def impossible_counts(entry: Entry, options: Options) -> list[Problem]:
    """A hand's typed count that no three cards make with the turn-up entered, under the
    session's scoring: refused on that quick entry (a hand whose cards are typed too is
    already refused by `hands_incomplete`)."""
    turn_up = read_card(entry.get(TURN_UP))
    if turn_up is None:
        return []
    possible = possible_counts(options.scoring, turn_up)
    return [
        Problem(
            points_field(seat),
            t(
                "No Noddy hand counts {points} with the turn-up "
                "{card}: count it again, or enter the cards.",
                points=points,
                card=str(turn_up),
            ),
        )
        for seat in range(PLAYERS)
        if (points := entry.get(points_field(seat))) is not None
        and points not in possible
        and not cards_typed(entry, seat)
    ]


def cards_typed(entry: Entry, seat: int) -> bool:
    """Whether any of a seat's card boxes holds something."""
    return any(entry.get(card_field(seat, index)) is not None for index in range(HAND_CARDS))


def last_card_missing(state: State, entry: Entry, options: Options) -> list[Problem]:
    """When the counts leave the game open, the play's last card must be said (Go or Hitter)."""
    if entry.get(LAST_CARD) is not None:
        return []
    hand = read_hand(entry)
    setup = state.setup
    counted = pegs(hand, noddy_dealer(state), setup.players, options.scoring)
    if not play_is_reached(counted, state.totals, options):
        return []
    return [
        Problem(
            LAST_CARD,
            t(
                "The counts leave the game open, so the cards were played: "
                "who played the last card? It pegs 1 for Go, or 2 for the "
                "Hitter."
            ),
        )
    ]


def hitter_impossible(setup: Setup, entry: Entry, options: Options) -> list[Problem]:
    """A Hitter the cards cannot have made: with both hands entered as cards, the count of the
    play never passes the six cards' sum (Ace 1, courts 10), so a sum below the count the
    Hitter makes exactly (31, or the set score as written) rules it out."""
    if not entry.get(HITTER) or entry.get(LAST_CARD) is None:
        return []
    hand = read_hand(entry)
    if any(len(seat.cards) != HAND_CARDS for seat in hand.seats):
        return []  # a typed count hides the cards
    total = sum(pip_value(card) for seat in hand.seats for card in seat.cards)
    limit = options.hitter_limit
    if total >= limit:
        return []
    return [
        Problem(
            HITTER,
            t(
                "The six cards played count {total} in all, so no last card made exactly "
                "{limit}: it was Go, not the Hitter.",
                total=total,
                limit=limit,
            ),
        )
    ]


def noddy_dealer(state: State) -> int:
    """Whose deal the next hand is: the first player listed deals first, then it alternates."""
    return (state.setup.first_dealer + len(state.hands)) % PLAYERS


# ---------------------------------------------------------------- the words


def headline(pegged: Pegged, names: Sequence[str], options: Options) -> str:
    """The hand in a few words: who won, or each player's points this hand."""
    if pegged.past is not None and pegged.winner is not None:
        return t(
            "{past} goes past {target}: {winner} wins",
            past=names[pegged.past],
            target=options.target,
            winner=names[pegged.winner],
        )
    if pegged.winner is not None:
        return t(
            "{winner} reaches {target} and wins", winner=names[pegged.winner], target=options.target
        )
    return i18n.join(
        [
            tn("{name} {count} point", "{name} {count} points", points, name=name)
            for name, points in zip(names, pegged.points, strict=True)
        ]
    )


def describe_seat(entry: Entry, seat: int) -> str:
    """A seat's hand as the table of hands shows it: its cards, or its typed points."""
    points = entry.get(points_field(seat))
    if points is not None:
        return t("{points} pts", points=points)
    return " ".join(
        str(card)
        for index in range(HAND_CARDS)
        if (card := read_card(entry.get(card_field(seat, index)))) is not None
    )


# ---------------------------------------------------------------- the game


class Noddy(Game):
    """Noddy as the text has it, with docs/rulings.md's values; Parlett's scoring as an option."""

    slug = "noddy"
    name = t("Noddy")
    player_counts = (PLAYERS,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("point"), t("points"), signed=False)
    options_type = Options
    summary = t(
        "Cribbage's ancestor for two: three cards each and a turn-up, to 15, 21 or 31. "
        "Enter the cards and the pad finds the fifteens, pairs, runs and flushes."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (
            Field(
                "target",
                t("Game to"),
                FieldKind.CHOICE,
                choices=tuple(Choice(str(target), str(target)) for target in TARGETS),
                default=str(DEFAULT_TARGET),
                help=t("The text: the players choose 15, 21 or 31"),
            ),
            Field(
                "scoring",
                t("Scoring"),
                FieldKind.CHOICE,
                choices=choices(Scoring, SCORING_LABELS),
                default=Scoring.AS_WRITTEN.value,
                help=t("The pad's rulings: as written; option: Parlett's scoring"),
            ),
            Field(
                "hitter_count",
                t("The Hitter"),
                FieldKind.CHOICE,
                choices=choices(HitterCount, HITTER_LABELS),
                default=HitterCount.THIRTY_ONE.value,
                help=t(
                    'The text: the last card "makes it exactly the set score"; read as 31 '
                    "(Parlett, cribbage), or as written"
                ),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The turn-up, each player's three cards (or his hand's points), and the last card."""
        pack = tuple(Choice(card.code, str(card)) for card in PACK)
        most = MOST_A_HAND_COUNTS[self.settings(setup).scoring]
        specs = [
            Field(
                TURN_UP,
                t("Turn-up"),
                FieldKind.CARD,
                choices=pack,
                help=t("The card turned up after the deal, like JS or 10H"),
            )
        ]
        for seat, name in enumerate(setup.players):
            specs += [
                Field(
                    card_field(seat, index),
                    t("{name}, card {number}", name=name, number=index + 1),
                    FieldKind.CARD,
                    choices=pack,
                    required=False,
                )
                for index in range(HAND_CARDS)
            ]
            specs.append(
                Field(
                    points_field(seat),
                    t("{name}'s points", name=name),
                    FieldKind.INTEGER,
                    minimum=0,
                    maximum=most,
                    required=False,
                    help=t("Quick entry: the hand's count, instead of the cards"),
                )
            )
        specs += [
            Field(
                LAST_CARD,
                t("Who played the last card"),
                FieldKind.SEAT,
                none_label=t("Nobody"),
                help=t("Go: 1 point. Nobody: the counts ended the game"),
            ),
            Field(
                HITTER,
                t(
                    "Hitter: the last card made exactly {limit}",
                    limit=self.settings(setup).hitter_limit,
                ),
                FieldKind.BOOLEAN,
                help=t("2 points instead of 1"),
            ),
        ]
        return tuple(specs)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Cards that name no card, a card twice, a fifth of a rank, a hand half entered, a
        typed count no hand makes with the turn-up, and the last card when the play is
        reached."""
        setup = state.setup
        problems = unreadable_cards(setup, entry)
        entered = entered_cards(setup, entry)
        problems += cards_twice(entered) + five_of_a_rank(entered)
        options = self.settings(setup)
        problems += hands_incomplete(setup, entry) + impossible_counts(entry, options)
        if problems:
            return problems
        return last_card_missing(state, entry, options) + hitter_impossible(setup, entry, options)

    def score(self, state: State, entry: Entry) -> HandResult:
        """Peg the hand in order against the target (see `peg_in_order`)."""
        setup = state.setup
        options = self.settings(setup)
        hand = read_hand(entry)
        dealer = noddy_dealer(state)
        pegged = peg_in_order(
            pegs(hand, dealer, setup.players, options.scoring), state.totals, setup.players, options
        )
        return HandResult(
            pegged.points,
            pegged.lines,
            headline(pegged, setup.players, options),
            facts={
                "winner": pegged.winner,
                "past": pegged.past,
                "dealer": dealer,
                "unpegged": [step.value for step in pegged.unpegged],
            },
        )

    def outcome(self, state: State) -> Outcome:
        """Over when a total reaches the target; as written, a total past it loses."""
        options = self.settings(state.setup)
        names = state.setup.players
        totals = state.totals
        for seat, total in enumerate(totals):
            if options.bust and total > options.target:
                winner = non_dealer(seat)
                return Outcome(
                    True,
                    (winner,),
                    t(
                        "{past} went past {target} ({total}): {winner} wins",
                        past=names[seat],
                        target=options.target,
                        total=total,
                        winner=names[winner],
                    ),
                )
        reached = [seat for seat, total in enumerate(totals) if total >= options.target]
        if reached:
            winner = max(reached, key=lambda seat: totals[seat])
            return Outcome(
                True,
                (winner,),
                t(
                    "{winner} reaches {target} and wins",
                    winner=names[winner],
                    target=options.target,
                ),
            )
        return Outcome(False, leaders(totals))

    def dealer(self, state: State) -> int:
        return noddy_dealer(state)

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The target, and who counts first this hand."""
        options = self.settings(state.setup)
        game = (
            t("Game to {target}: going past it loses", target=options.target)
            if options.bust
            else t("Game to {target}", target=options.target)
        )
        first = state.setup.players[non_dealer(noddy_dealer(state))]
        return (game, t("{name} counts first", name=first))

    def describe(self, setup: Setup, entry: Entry) -> str:
        shown = {
            "card": str(read_card(entry.get(TURN_UP))),
            "seats": i18n.join(
                [
                    i18n.join([name, describe_seat(entry, seat)], " ")
                    for seat, name in enumerate(setup.players)
                ],
                "; ",
            ),
        }
        last = entry.get(LAST_CARD)
        if last is None:
            return t("Turn-up {card}; {seats}", **shown)
        if entry.get(HITTER):
            return t("Turn-up {card}; {seats}; Hitter {name}", name=setup.players[last], **shown)
        return t("Turn-up {card}; {seats}; Go {name}", name=setup.players[last], **shown)


register(Noddy())
