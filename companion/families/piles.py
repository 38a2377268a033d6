"""Piles of won cards, counted at the end of a hand: the entry and the count shared by the
tarot games that score each player's (or side's) pile — Scarto, Tarock, Tarocchi Siciliani, and
any later pile game with a count of its own (Tarocchini's sets and cricche). Pure Python.

A hand is entered one of two ways (`Method`):
- **by the cards**: each counting card is put in the pile that holds it (one CHOICE field per
  card whose choices are the piles, so a card is in one pile only by construction), and each
  pile's size in cards is given (one may be left blank: it is the rest of the pack). The pad
  counts every pile with the game's `PileCounting` and shows the groups;
- **by the points**: each pile's count as the players made it by hand (one may be left blank
  where the pack's total is fixed).

Both give the same score where both apply. The referee refuses piles that do not add up to the
pack, a size that tricks of the game cannot make, more counting cards than cards in a pile, and
counts by hand that no pile sizes can make; each refusal names the pile and the card.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import product
from typing import Any, ClassVar, Protocol

from companion.contract.choices import choices
from companion.contract.game import Game, leaders
from companion.contract.values import (
    Choice,
    Entry,
    Field,
    FieldKind,
    Problem,
    Setup,
    State,
)
from companion.kit.cards import Card, Suit, card_name
from companion.kit.counting import PointTable
from companion.kit.formatting import MINUS, number
from companion.kit.i18n import Text, capital, join, t, tn

METHOD = "method"
UNIT = "unit"
DISCARDS_TO = "discards_to"
CARD_PREFIX = "card_"
SIZE_PREFIX = "size_"
COUNT_PREFIX = "count_"
LOW_WORD = t("low")
"""How a group's working names a card off the grid (its rank does not matter to the count)."""


class Method(StrEnum):
    """How a hand's piles are entered."""

    CARDS = "cards"
    POINTS = "points"


METHOD_LABELS = {Method.CARDS: t("By the cards"), Method.POINTS: t("By the points")}


class Unit(StrEnum):
    """What a pile's size is given in: its cards, or the tricks it won (the pad works out the
    cards: a trick's cards each, and the discards for the pile that took them)."""

    CARDS = "cards"
    TRICKS = "tricks"


UNIT_LABELS = {Unit.CARDS: t("Cards"), Unit.TRICKS: t("Tricks won")}


# ---------------------------------------------------------------- what a pile is


@dataclass(frozen=True)
class Pile:
    """One pile as entered: whose it is, the counting cards in it, and its size in cards."""

    name: str
    cards: tuple[Card, ...]
    size: int

    @property
    def low(self) -> int:
        """The cards in the pile that are not on the grid (each counts the low value)."""
        return self.size - len(self.cards)


@dataclass(frozen=True)
class PileCount:
    """What a pile counts, with its working: one line per kind of group, and the pile folded
    to one line (`short`) for the table of hands and the printed summary."""

    points: int
    lines: tuple[str, ...]
    short: str


class PileCounting(Hashable, Protocol):
    """The hook a pile game plugs its count into (threes here; Tarocchini's sets and cricche).

    `count` counts one pile; `pack_total` is what all the piles count together when they have
    these sizes (None: the total is not fixed, so counts by hand are only checked one by one).
    """

    def count(self, pile: Pile) -> PileCount: ...

    def pack_total(self, sizes: Sequence[int]) -> int | None: ...


@dataclass(frozen=True)
class PileRules:
    """What a pile game's pack and tricks say about its piles.

    `grid` holds the counting cards (tapped on the grid); every other card of `pack` counts
    the low value. A trick holds `trick_size` cards; `discards` cards (the dealer's discards,
    a talon) count for one pile beside its tricks: for the dealer's pile when `to_dealer`,
    otherwise for whichever pile took them. `discards_words` name them in the referee's words.
    """

    pack: tuple[Card, ...]
    grid: tuple[Card, ...]
    trick_size: int
    discards: int = 0
    to_dealer: bool = False
    discards_words: str = ""

    @property
    def size(self) -> int:
        return len(self.pack)

    @property
    def tricks(self) -> int:
        """The tricks of a hand: the pack without the discards, a trick at a time."""
        return (self.size - self.discards) // self.trick_size


# ---------------------------------------------------------------- counting in threes


def group_less(size: int, full: int = 2, short: int = 1, group: int = 3) -> int:
    """What counting `size` cards in groups takes off: `full` per whole group, `short` for a
    last group of one or two (docs/rulings.md "The tarot family: counting piles")."""
    return full * (size // group) + (short if size % group else 0)


@dataclass(frozen=True)
class CountInThrees:
    """Counting in threes: each group of three counts its cards' values less 2, a last group
    of one or two less 1 (docs/rulings.md "The tarot family"). Grid cards count `value`, every other
    card `low`. The count comes out the same however the cards are grouped; the working groups
    each counting card with low cards, as players do."""

    pack: tuple[Card, ...]
    grid: tuple[Card, ...]
    value: PointTable
    low: int = 1

    def count(self, pile: Pile) -> PileCount:
        groups = pile_groups(pile.cards, pile.low, self.value)
        points = (
            sum(self.value(card) for card in pile.cards)
            + self.low * pile.low
            - group_less(pile.size)
        )
        lines = (
            self._heading(pile),
            *self._group_lines(groups),
            t("{pile} counts {sum}", pile=pile.name, sum=self._sum(groups)),
        )
        cards = " ".join(str(card) for card in pile.cards) or t("no counting cards")
        return PileCount(
            points,
            lines,
            tn(
                "{pile} {count} card: {cards} → {points}",
                "{pile} {count} cards: {cards} → {points}",
                pile.size,
                pile=pile.name,
                cards=cards,
                points=number(points),
            ),
        )

    def pack_total(self, sizes: Sequence[int]) -> int | None:
        values = sum(self.value(card) for card in self.grid) + self.low * (
            len(self.pack) - len(self.grid)
        )
        return values - sum(group_less(size) for size in sizes)

    def _heading(self, pile: Pile) -> str:
        full, over = divmod(pile.size, 3)
        cards = tn("{count} card", "{count} cards", pile.size)
        groups = tn("{count} group of three", "{count} groups of three", full)
        if over:
            return t(
                "{pile}'s pile: {cards}, {groups}, and {over} over",
                pile=pile.name,
                cards=cards,
                groups=groups,
                over=over,
            )
        return t("{pile}'s pile: {cards}, {groups}", pile=pile.name, cards=cards, groups=groups)

    def _group_value(self, group: tuple[Card | None, ...]) -> tuple[str, int]:
        """A group's working ("5 + 1 + 1 − 2") and its value."""
        values = [self.value(card) if card else self.low for card in group]
        less = 2 if len(group) == 3 else 1
        return (" + ".join(number(v) for v in values) + f" {MINUS} {less}", sum(values) - less)

    def _group_lines(self, groups: list[tuple[Card | None, ...]]) -> list[str]:
        """One line per group, runs of identical groups folded ("6 × low low low")."""
        lines: list[str] = []
        for group, times in fold(groups):
            working, value = self._group_value(group)
            words = join([str(card) if card else LOW_WORD for card in group], " ")
            # Symbols and numbers only around the words: the layout is the same in every
            # language, so it is a Text that is never looked up (not a message to translate).
            if times == 1:
                lines.append(
                    Text(
                        "{group} → {working} = {value}",
                        {"group": words, "working": working, "value": number(value)},
                    )
                )
            else:
                lines.append(
                    Text(
                        "{times} × {group} → ({working}) × {times} = {value}",
                        {
                            "times": times,
                            "group": words,
                            "working": working,
                            "value": number(value * times),
                        },
                    )
                )
        return lines

    def _sum(self, groups: list[tuple[Card | None, ...]]) -> str:
        parts = [self._group_value(group)[1] * times for group, times in fold(groups)]
        total = sum(parts)
        if len(parts) <= 1:
            return number(total)
        return " + ".join(number(p) for p in parts) + f" = {number(total)}"


def pile_groups(
    cards: Sequence[Card], low: int, value: PointTable
) -> list[tuple[Card | None, ...]]:
    """A pile laid out in groups of three (a last group of one or two), each counting card
    with low cards while they last: the counting cards, highest first, take the first place of
    each group, then the second, then the third; low cards (None) fill what is left."""
    size = len(cards) + low
    shapes = [3] * (size // 3) + ([size % 3] if size % 3 else [])
    slots: list[list[Card | None]] = [[] for _ in shapes]
    ordered = iter(sorted(cards, key=lambda card: -value(card)))
    for place in range(3):
        for index, shape in enumerate(shapes):
            if place < shape:
                slots[index].append(next(ordered, None))
    return [tuple(group) for group in slots]


def fold(groups: Sequence[tuple[Card | None, ...]]) -> list[tuple[tuple[Card | None, ...], int]]:
    """Runs of identical groups as (group, times)."""
    folded: list[tuple[tuple[Card | None, ...], int]] = []
    for group in groups:
        if folded and folded[-1][0] == group:
            folded[-1] = (group, folded[-1][1] + 1)
        else:
            folded.append((group, 1))
    return folded


@dataclass(frozen=True)
class CountCardsOnly:
    """Counting the counting cards alone, each at its value (Scarto as written: "each player
    counts the face cards"); the other cards and the groups count nothing."""

    grid: tuple[Card, ...]
    value: PointTable

    def count(self, pile: Pile) -> PileCount:
        points = sum(self.value(card) for card in pile.cards)
        working = " + ".join(f"{card} {self.value(card)}" for card in pile.cards) or t("nothing")
        cards = " ".join(str(card) for card in pile.cards) or t("no counting cards")
        return PileCount(
            points,
            (
                t(
                    "{pile}'s counting cards: {working} = {points}",
                    pile=pile.name,
                    working=working,
                    points=number(points),
                ),
            ),
            Text(
                "{pile}: {cards} → {points}",
                {"pile": pile.name, "cards": cards, "points": number(points)},
            ),
        )

    def pack_total(self, sizes: Sequence[int]) -> int | None:
        return sum(self.value(card) for card in self.grid)


# ---------------------------------------------------------------- the fields


def card_field_name(card: Card) -> str:
    return CARD_PREFIX + card.code


def size_field_name(pile: int) -> str:
    return f"{SIZE_PREFIX}{pile}"


def count_field_name(pile: int) -> str:
    return f"{COUNT_PREFIX}{pile}"


def pile_fields(
    rules: PileRules, names: Sequence[str], *, count_maximum: int, rest_allowed: bool
) -> tuple[Field, ...]:
    """The entry of a pile game: the method, each pile's size and count, each counting card.

    The sizes and the cards apply whichever the method (they are only read by the cards; a
    form hides them by the points); the counts apply by the points only. `rest_allowed`: a
    count may be left blank where the pack's total is fixed.
    """
    piles = tuple(Choice(str(index), name) for index, name in enumerate(names))
    method = Field(
        METHOD,
        t("Entered"),
        FieldKind.CHOICE,
        choices=choices(Method, METHOD_LABELS),
        default=Method.CARDS.value,
        help=t(
            "By the cards: tap each counting card into its pile and give each "
            "pile's size; by the points: each pile's count made by hand."
        ),
    )
    unit = Field(
        UNIT,
        t("Pile sizes in"),
        FieldKind.CHOICE,
        choices=choices(Unit, UNIT_LABELS),
        default=Unit.CARDS.value,
        help=t(
            "Tricks won: the pad works out the cards ({size} a trick, and "
            "{discards} for the pile that took them)",
            size=rules.trick_size,
            discards=rules.discards_words,
        )
        if rules.discards
        else t("Tricks won: the pad works out the cards ({size} a trick)", size=rules.trick_size),
    )
    discards = (
        (
            Field(
                DISCARDS_TO,
                t("{discards} went to", discards=capital(rules.discards_words)),
                FieldKind.CHOICE,
                choices=piles,
                required=False,
                shown_when=(UNIT, (Unit.TRICKS.value,)),
                help=t("Blank: to the dealer's pile")
                if rules.to_dealer
                else t("Blank: to the pile whose tricks are left blank"),
            ),
        )
        if rules.discards
        else ()
    )
    sizes = tuple(
        Field(
            size_field_name(index),
            t("{name}'s pile", name=name),
            FieldKind.INTEGER,
            minimum=0,
            maximum=rules.size,
            required=False,
            help=t("One pile may be left blank: it is the rest of the pack."),
        )
        for index, name in enumerate(names)
    )
    counts = tuple(
        Field(
            count_field_name(index),
            t("{name}'s count", name=name),
            FieldKind.INTEGER,
            minimum=0,
            maximum=count_maximum,
            required=not rest_allowed,
            shown_when=(METHOD, (Method.POINTS.value,)),
            help=t("One count may be left blank: it is the rest of the pack.")
            if rest_allowed
            else "",
        )
        for index, name in enumerate(names)
    )
    cards = tuple(
        Field(card_field_name(card), str(card), FieldKind.CHOICE, choices=piles, required=False)
        for card in rules.grid
    )
    return (method, unit, *discards, *sizes, *counts, *cards)


# ---------------------------------------------------------------- reading the entry


@dataclass(frozen=True)
class PileEntry:
    """A hand's piles as entered, in the games' terms rather than field names."""

    method: Method
    placed: Mapping[Card, int]  # each counting card tapped, to its pile
    sizes: tuple[int | None, ...]  # in cards (given in tricks: worked out)
    counts: tuple[int | None, ...]
    unit: Unit = Unit.CARDS
    tricks: tuple[int | None, ...] = ()  # as given, when the sizes were given in tricks
    discards_to: int | None = None

    def cards_of(self, pile: int) -> tuple[Card, ...]:
        return tuple(card for card, owner in self.placed.items() if owner == pile)


def read_piles(rules: PileRules, entry: Entry, pile_count: int, dealer: int | None) -> PileEntry:
    """The piles of a parsed entry, their sizes in cards (worked out from tricks if given so).

    `dealer` is who dealt the hand, whose pile takes the discards where the rules say so; None
    where it is not known (a stored hand described on its own), see `cards_from_tricks`."""
    placed = {
        card: int(entry[card_field_name(card)])
        for card in rules.grid
        if entry.get(card_field_name(card)) is not None
    }
    given = tuple(entry.get(size_field_name(i)) for i in range(pile_count))
    unit = Unit(entry.get(UNIT) or Unit.CARDS)
    holder = entry.get(DISCARDS_TO)
    holder = int(holder) if holder is not None else None
    sizes = given if unit is Unit.CARDS else cards_from_tricks(rules, given, holder, dealer)
    return PileEntry(
        Method(entry.get(METHOD) or Method.CARDS),
        placed,
        sizes,
        tuple(entry.get(count_field_name(i)) for i in range(pile_count)),
        unit,
        given if unit is Unit.TRICKS else (),
        holder,
    )


def cards_from_tricks(
    rules: PileRules, tricks: Sequence[int | None], named: int | None, dealer: int | None
) -> tuple[int | None, ...]:
    """Each pile's cards from the tricks it won: a trick's cards each, and the discards for
    the pile that took them (`discards_pile`). A blank stays blank: it is the rest of the pack
    in cards, so it holds the discards when they are its own, and only then.

    Where the discards go to the dealer and the dealer is not known (None), only a pile named
    for them says where they lie; with none named no size is known (all None)."""
    holder = discards_pile(rules, named, dealer)
    if rules.to_dealer and holder is None:
        return (None,) * len(tricks)
    return tuple(
        None
        if count is None
        else count * rules.trick_size + (rules.discards if pile == holder else 0)
        for pile, count in enumerate(tricks)
    )


def discards_pile(rules: PileRules, named: int | None, dealer: int | None) -> int | None:
    """The pile that holds the discards when sizes are given in tricks: the dealer's wherever
    the rules give them to the dealer (whichever pile is left blank, and whatever pile is
    named: the referee refuses another), otherwise the pile named (None: the blank pile's)."""
    if rules.to_dealer and dealer is not None:
        return dealer
    return named


def filled_in(values: Sequence[int | None], total: int) -> tuple[int, ...] | None:
    """The values with one blank worked out as the rest of `total` (None: more than one blank,
    or the rest would be negative)."""
    blanks = [i for i, value in enumerate(values) if value is None]
    if len(blanks) > 1:
        return None
    rest = total - sum(value for value in values if value is not None)
    if blanks and rest < 0:
        return None
    return tuple(rest if value is None else value for value in values)


# ---------------------------------------------------------------- what tricks can make


def size_fits(rules: PileRules, size: int, holds_discards: bool) -> bool:
    """Whether whole tricks (and the discards, for the pile that holds them) make `size`."""
    tricks = size - (rules.discards if holds_discards else 0)
    return tricks >= 0 and tricks % rules.trick_size == 0


def discard_holders(rules: PileRules, sizes: Sequence[int], dealer: int) -> list[int] | None:
    """The pile that holds the discards for these sizes (None: no pile can).

    With the discards going to the dealer it is the dealer's pile; otherwise the one pile
    whose size is not whole tricks. A game without discards has none.
    """
    if not rules.discards:
        return [] if all(size_fits(rules, size, False) for size in sizes) else None
    if rules.to_dealer:
        return (
            [dealer]
            if all(size_fits(rules, size, seat == dealer) for seat, size in enumerate(sizes))
            else None
        )
    for holder in range(len(sizes)):
        if all(size_fits(rules, size, seat == holder) for seat, size in enumerate(sizes)):
            return [holder]
    return None


def possible_sizes(rules: PileRules, pile_count: int, dealer: int) -> list[tuple[int, ...]]:
    """Every way the hand's tricks (and the discards) can be shared among the piles."""
    holders = [dealer] if rules.to_dealer or not rules.discards else range(pile_count)
    ways: set[tuple[int, ...]] = set()
    for tricks in product(range(rules.tricks + 1), repeat=pile_count - 1):
        if sum(tricks) > rules.tricks:
            continue
        shares = (*tricks, rules.tricks - sum(tricks))
        for holder in holders:
            ways.add(
                tuple(
                    share * rules.trick_size + (rules.discards if seat == holder else 0)
                    for seat, share in enumerate(shares)
                )
            )
    return sorted(ways)


@lru_cache(maxsize=64)
def possible_totals(
    rules: PileRules, counting: PileCounting, pile_count: int, dealer: int
) -> frozenset[int] | None:
    """Every total all the piles can count together (None: the count has no fixed total)."""
    if counting.pack_total((rules.size, *[0] * (pile_count - 1))) is None:
        return None  # no fixed total (Tarocchini's count): no need to share out the tricks
    totals = {counting.pack_total(sizes) for sizes in possible_sizes(rules, pile_count, dealer)}
    if None in totals:
        return None
    return frozenset(total for total in totals if total is not None)


# ---------------------------------------------------------------- the referee


def pile_problems(
    rules: PileRules, counting: PileCounting, piles: PileEntry, names: Sequence[str], dealer: int
) -> list[Problem]:
    """Everything impossible about the piles as entered, each on its field, naming the pile
    and the card."""
    if piles.method is Method.POINTS:
        return count_problems(rules, counting, piles, names, dealer)
    return card_problems(rules, piles, names, dealer)


def card_problems(
    rules: PileRules, piles: PileEntry, names: Sequence[str], dealer: int
) -> list[Problem]:
    """By the cards: every counting card in a pile, sizes that tricks make and that add up to
    the pack, no pile holding more counting cards than cards."""
    problems = unplaced_problems([card for card in rules.grid if card not in piles.placed])
    unit_problems = trick_unit_problems(rules, piles, names, dealer)
    if unit_problems:
        return problems + unit_problems
    sizes = filled_in(piles.sizes, rules.size)
    if sizes is None:
        return problems + _unfilled(rules, piles, names)
    problems += _size_problems(rules, sizes, piles, names, dealer)
    for pile, size in enumerate(sizes):
        cards = piles.cards_of(pile)
        if len(cards) > size:
            held = tn("{count} counting card", "{count} counting cards", len(cards))
            problems.append(
                Problem(
                    size_field_name(pile),
                    t(
                        "{pile}'s pile holds {held} ({cards}) but only {size} in all.",
                        pile=names[pile],
                        held=held,
                        cards=" ".join(str(c) for c in cards),
                        size=tn("{count} card", "{count} cards", size),
                    ),
                )
            )
    return problems


def trick_unit_problems(
    rules: PileRules, piles: PileEntry, names: Sequence[str], dealer: int
) -> list[Problem]:
    """Sizes in tricks: more tricks than the hand has; the discards said to go to a pile that
    cannot take them (the dealer's, where they go to the dealer); or nobody to take them (where
    they go to the dealer, the dealer always does)."""
    if piles.unit is not Unit.TRICKS:
        return []
    given = [count for count in piles.tricks if count is not None]
    if sum(given) > rules.tricks:
        last = max(i for i, count in enumerate(piles.tricks) if count is not None)
        return [
            Problem(
                size_field_name(last),
                t(
                    "The piles won {count} tricks; a hand has {tricks}.",
                    count=sum(given),
                    tricks=rules.tricks,
                ),
            )
        ]
    if not rules.discards:
        return []
    if not rules.to_dealer and piles.discards_to is None and None not in piles.tricks:
        return [
            Problem(
                DISCARDS_TO,
                t(
                    "Say whose pile took {discards} (or leave one pile's "
                    "tricks blank: it is the rest of the pack).",
                    discards=rules.discards_words,
                ),
            )
        ]
    if rules.to_dealer and piles.discards_to not in (None, dealer):
        return [
            Problem(
                DISCARDS_TO,
                t(
                    "{discards} count for the dealer, {dealer}, not for {player}.",
                    discards=capital(rules.discards_words),
                    dealer=names[dealer],
                    player=names[piles.discards_to],
                ),
            )
        ]
    return []


FEW_UNPLACED = 3
"""Up to this many cards in no pile are each named beside their card; more are named once."""


def unplaced_problems(cards: Sequence[Card]) -> list[Problem]:
    """Counting cards in no pile: each beside its card when a few, else one list on the first
    (a fresh grid would otherwise say the same thing nineteen times)."""
    if len(cards) <= FEW_UNPLACED:
        return [
            Problem(
                card_field_name(card),
                t(
                    "Tap {card} ({symbol}) into the pile that holds it: every counting "
                    "card is in some pile at the end of the hand.",
                    card=card_name(card),
                    symbol=str(card),
                ),
            )
            for card in cards
        ]
    return [
        Problem(
            card_field_name(cards[0]),
            t(
                "{count} counting cards are in no pile yet ({cards}): tap each into the "
                "pile that holds it.",
                count=len(cards),
                cards=" ".join(str(card) for card in cards),
            ),
        )
    ]


def _unfilled(rules: PileRules, piles: PileEntry, names: Sequence[str]) -> list[Problem]:
    """Why the sizes cannot be worked out: two blanks, or more cards than the pack."""
    blanks = [i for i, size in enumerate(piles.sizes) if size is None]
    if len(blanks) > 1:
        return [
            Problem(
                size_field_name(pile),
                t(
                    "Give the size of {pile}'s pile: only one pile may be left blank for "
                    "the pad to work out.",
                    pile=names[pile],
                ),
            )
            for pile in blanks[1:]
        ]
    given = sum(size for size in piles.sizes if size is not None)
    last = max((i for i, size in enumerate(piles.sizes) if size is not None), default=0)
    return [
        Problem(
            size_field_name(last),
            t(
                "The piles given hold {count} cards: more than the pack's {size}.",
                count=given,
                size=rules.size,
            ),
        )
    ]


def _size_problems(
    rules: PileRules, sizes: Sequence[int], piles: PileEntry, names: Sequence[str], dealer: int
) -> list[Problem]:
    """Sizes that do not add up to the pack, or that tricks of the game cannot make."""
    if sum(sizes) != rules.size:
        last = len(sizes) - 1
        if rules.discards:
            return [
                Problem(
                    size_field_name(last),
                    t(
                        "The piles hold {count} cards ({sizes}); the pack has {size}, "
                        "{discards} among them.",
                        count=sum(sizes),
                        sizes=_sizes_words(sizes, names),
                        size=rules.size,
                        discards=rules.discards_words,
                    ),
                )
            ]
        return [
            Problem(
                size_field_name(last),
                t(
                    "The piles hold {count} cards ({sizes}); the pack has {size}.",
                    count=sum(sizes),
                    sizes=_sizes_words(sizes, names),
                    size=rules.size,
                ),
            )
        ]
    if discard_holders(rules, sizes, dealer) is not None:
        return []
    problems = [
        Problem(
            size_field_name(pile),
            _size_words(rules, size, names[pile], rules.to_dealer and pile == dealer),
        )
        for pile, size in enumerate(sizes)
        if not _could_fit(rules, size, pile, dealer)
    ]
    if not problems:  # each size fits alone, but two piles would need the discards
        odd = [p for p, size in enumerate(sizes) if not size_fits(rules, size, False)]
        problems = [
            Problem(
                size_field_name(p),
                t(
                    "{pile}'s pile of {size} cards is not whole tricks, and only one "
                    "pile holds {discards}.",
                    pile=names[p],
                    size=size,
                    discards=rules.discards_words,
                ),
            )
            for p, size in enumerate(sizes)
            if p in odd[1:]
        ]
    return problems


def _could_fit(rules: PileRules, size: int, pile: int, dealer: int) -> bool:
    """Whether tricks make this pile alone: the dealer's with the discards where they go to
    the dealer, any pile with or without them otherwise."""
    if rules.to_dealer:
        return size_fits(rules, size, pile == dealer)
    return size_fits(rules, size, False) or size_fits(rules, size, bool(rules.discards))


def _size_words(rules: PileRules, size: int, name: str, holds: bool) -> str:
    """Why tricks cannot make a pile of `size` (`holds`: the dealer's, with the discards)."""
    trick = rules.trick_size
    if holds:
        return t(
            "{pile}'s pile of {size} cards cannot be: it holds {discards} and tricks of "
            "{trick} cards, so {first}, {second}, {third} … cards.",
            pile=name,
            size=size,
            discards=rules.discards_words,
            trick=trick,
            first=rules.discards,
            second=rules.discards + trick,
            third=rules.discards + 2 * trick,
        )
    if rules.discards and not rules.to_dealer:
        return t(
            "{pile}'s pile of {size} cards cannot be: tricks of {trick} cards make piles "
            "of 0, {trick}, {double} … cards, or {more} more with {discards}.",
            pile=name,
            size=size,
            trick=trick,
            double=2 * trick,
            more=rules.discards,
            discards=rules.discards_words,
        )
    return t(
        "{pile}'s pile of {size} cards cannot be: tricks of {trick} cards make piles of "
        "0, {trick}, {double} … cards.",
        pile=name,
        size=size,
        trick=trick,
        double=2 * trick,
    )


def _sizes_words(sizes: Sequence[int], names: Sequence[str]) -> str:
    return " + ".join(f"{names[pile]} {size}" for pile, size in enumerate(sizes))


def count_problems(
    rules: PileRules, counting: PileCounting, piles: PileEntry, names: Sequence[str], dealer: int
) -> list[Problem]:
    """By the points: a count for each pile (one may be blank where the total is fixed), and
    counts together that the pack can make."""
    totals = possible_totals(rules, counting, len(names), dealer)
    blanks = [pile for pile, count in enumerate(piles.counts) if count is None]
    fixed = totals is not None and len(totals) == 1
    allowed = 1 if fixed else 0
    problems = [
        Problem(
            count_field_name(pile),
            t("Enter {pile}'s count: only one count may be left blank.", pile=names[pile])
            if allowed
            else t("Enter {pile}'s count.", pile=names[pile]),
        )
        for pile in blanks[allowed:]
    ]
    if problems or totals is None:
        return problems
    # A blank is left only where the total is fixed; with none, the counts come back as given.
    counts = filled_in(piles.counts, min(totals))
    last = max((i for i, count in enumerate(piles.counts) if count is not None), default=0)
    given = sum(count for count in piles.counts if count is not None)
    if counts is None:
        return [
            Problem(
                count_field_name(last),
                t(
                    "The counts given make {given}: more than the pack's {total}.",
                    given=given,
                    total=min(totals),
                ),
            )
        ]
    together = sum(counts)
    if together not in totals:
        return [
            Problem(
                count_field_name(last),
                t(
                    "The counts make {together} together ({counts}); the pack counts "
                    "{totals} in all, so a count is wrong.",
                    together=together,
                    counts=_sizes_words(counts, names),
                    totals=_totals_words(totals),
                ),
            )
        ]
    return []


def _totals_words(totals: frozenset[int]) -> str:
    ordered = sorted(totals)
    if len(ordered) == 1:
        return number(ordered[0])
    return t(
        "{values} or {last}",
        values=", ".join(number(each) for each in ordered[:-1]),
        last=number(ordered[-1]),
    )


# ---------------------------------------------------------------- the count of a hand


@dataclass(frozen=True)
class CountedPiles:
    """Every pile's count, with the working lines and the total against the pack's."""

    points: tuple[int, ...]
    lines: tuple[str, ...]
    shorts: tuple[str, ...]


def count_piles(
    rules: PileRules, counting: PileCounting, piles: PileEntry, names: Sequence[str], dealer: int
) -> CountedPiles:
    """What each pile counts (an entry the referee accepted), and how."""
    if piles.method is Method.POINTS:
        return _by_points(rules, counting, piles, names, dealer)
    sizes = filled_in(piles.sizes, rules.size)
    assert sizes is not None, "the referee accepts only sizes it can work out"
    counts = [
        counting.count(Pile(names[pile], piles.cards_of(pile), size))
        for pile, size in enumerate(sizes)
    ]
    total = sum(count.points for count in counts)
    pack = counting.pack_total(sizes)
    together = " + ".join(number(count.points) for count in counts)
    check = (
        t("All piles: {sum} = {total}", sum=together, total=number(total))
        if pack is None
        else t(
            "All piles: {sum} = {total}, the pack's {pack} with piles of these sizes",
            sum=together,
            total=number(total),
            pack=number(pack),
        )
    )
    lines = (*(line for count in counts for line in count.lines), check)
    return CountedPiles(
        tuple(count.points for count in counts), lines, tuple(count.short for count in counts)
    )


def _by_points(
    rules: PileRules, counting: PileCounting, piles: PileEntry, names: Sequence[str], dealer: int
) -> CountedPiles:
    """The counts made by hand, one blank worked out as the rest of a fixed total."""
    totals = possible_totals(rules, counting, len(names), dealer)
    counts = piles.counts
    if totals is not None and len(totals) == 1 and None in counts:
        counts = filled_in(counts, min(totals)) or counts
    given = " − ".join(number(c) for c in piles.counts if c is not None)
    lines = [
        t("{name} counted {count} by hand", name=name, count=number(typed))
        if typed is not None
        else t(
            "{name}: the rest, {totals} − {given} = {count}",
            name=name,
            totals=_totals_words(totals or frozenset()),
            given=given,
            count=number(count or 0),
        )
        for name, typed, count in zip(names, piles.counts, counts, strict=True)
    ]
    points = tuple(int(count or 0) for count in counts)
    if totals is not None:
        lines.append(
            t(
                "All piles: {sum} = {total}, as the pack counts ({totals})",
                sum=" + ".join(number(p) for p in points),
                total=number(sum(points)),
                totals=_totals_words(totals),
            )
        )
    return CountedPiles(
        points,
        tuple(lines),
        tuple(f"{name} {number(points[pile])}" for pile, name in enumerate(names)),
    )


# ---------------------------------------------------------------- the web grid


@dataclass(frozen=True)
class GridCell:
    """One counting card on the pile grid: its field, its label, whether it is red."""

    field: str
    label: str
    red: bool


def grid_label(card: Card) -> str:
    """A card as the pile grid writes it: "K♠", "21T", and the Excuse by its name."""
    return t("Excuse") if card.suit is Suit.EXCUSE else str(card)


@dataclass(frozen=True)
class PileLayout:
    """What the shared pile partial draws: the piles, each pile's size and count fields, and
    the counting cards in rows (atouts first, then one row per suit)."""

    piles: tuple[tuple[str, str], ...]  # (value, name)
    size_fields: tuple[str, ...]
    count_fields: tuple[str, ...]
    rows: tuple[tuple[GridCell, ...], ...]
    method_field: str = METHOD
    unit_field: str = UNIT
    discards_field: str | None = None
    cards_value: str = Method.CARDS.value

    @property
    def field_names(self) -> frozenset[str]:
        """Every field the layout draws itself (the game's own fields are drawn as usual)."""
        cells = (cell.field for row in self.rows for cell in row)
        own = (self.method_field, self.unit_field, *filter(None, (self.discards_field,)))
        return frozenset((*own, *self.size_fields, *self.count_fields, *cells))


def pile_layout(rules: PileRules, names: Sequence[str]) -> PileLayout:
    """The grid and the pile rows for a pile game's entry form."""
    rows: dict[Suit, list[GridCell]] = {}
    for card in rules.grid:
        rows.setdefault(card.suit if card.suit is not Suit.EXCUSE else Suit.TRUMP, []).append(
            GridCell(card_field_name(card), grid_label(card), card.suit.is_red)
        )
    atouts_first = sorted(rows.items(), key=lambda item: item[0] is not Suit.TRUMP)
    return PileLayout(
        tuple((str(i), name) for i, name in enumerate(names)),
        tuple(size_field_name(i) for i in range(len(names))),
        tuple(count_field_name(i) for i in range(len(names))),
        tuple(tuple(row) for _, row in atouts_first),
        discards_field=DISCARDS_TO if rules.discards else None,
    )


def as_data(piles: PileEntry) -> dict[str, Any]:
    """The piles as facts (JSON data): the method, sizes, counts and where each card lay."""
    return {
        "method": piles.method.value,
        "unit": piles.unit.value,
        "sizes": list(piles.sizes),
        "counts": list(piles.counts),
        "cards": {card.code: pile for card, pile in piles.placed.items()},
    }


def hand_winner_words(
    names: Sequence[str],
    points: Sequence[int],
    *,
    show: Callable[[float], str] = number,
    draw: bool = False,
) -> str:
    """Who won a pile game's hand, the most points: "Ann wins the hand with 27"; a tie is
    "Ann and Bob tie for the hand with 27", or "A draw between …" (Tarocchini's words)."""
    winners = [names[seat] for seat in leaders(points)]
    best = show(max(points))
    if len(winners) == 1:
        return t("{name} wins the hand with {points}", name=winners[0], points=best)
    together: str = winners[0]
    for name in winners[1:]:
        together = t("{names} and {last}", names=together, last=name)
    return (
        t("A draw between {names} with {points}", names=together, points=best)
        if draw
        else t("{names} tie for the hand with {points}", names=together, points=best)
    )


# ---------------------------------------------------------------- the pile game's hook


class PileGame(Game):
    """The shared part of every pile game's score pad: the entry by the cards or by the
    points, its referee, the count with its working, the grid partial.

    A game declares `rules` (its `PileRules`) and `counting(setup)` (its `PileCounting`:
    threes, or a count of its own), and may add fields of its own (`own_fields`, `own_problems`:
    Tarocchi Siciliani's last trick); its `score` turns `counted(state, entry)` into points.
    Piles are the players by default; a game with sides names them in `pile_names`.
    """

    rules: ClassVar[PileRules]

    @abstractmethod
    def counting(self, setup: Setup) -> PileCounting:
        """How this session counts a pile."""

    def pile_names(self, setup: Setup) -> tuple[str, ...]:
        """Whose piles are counted: the players by default."""
        return setup.players

    def pile_rules(self, setup: Setup) -> PileRules:
        """The pack and tricks at this table: `rules` by default (a game whose tricks change
        with the number of players, Tarocchini's, answers per table)."""
        return self.rules

    def own_fields(self, setup: Setup) -> tuple[Field, ...]:
        """The game's fields beside the piles (none by default)."""
        return ()

    def own_problems(self, state: State, entry: Entry, piles: PileEntry) -> list[Problem]:
        """The game's own refusals beside the piles' (none by default)."""
        return []

    def hand_dealer(self, state: State) -> int:
        """Who dealt the hand being entered (the discards may count for that pile)."""
        return self.dealer(state)

    def pile_totals(self, setup: Setup) -> frozenset[int] | None:
        """Every total the piles can count together at this table."""
        return possible_totals(
            self.pile_rules(setup),
            self.counting(setup),
            len(self.pile_names(setup)),
            setup.first_dealer,
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        totals = self.pile_totals(setup)
        most = max(totals) if totals else self.pile_rules(setup).size * 10
        return (
            *self.own_fields(setup),
            *pile_fields(
                self.pile_rules(setup),
                self.pile_names(setup),
                count_maximum=most,
                rest_allowed=totals is not None and len(totals) == 1,
            ),
        )

    def piles(self, setup: Setup, entry: Entry, dealer: int | None) -> PileEntry:
        """The hand's piles (`dealer`: who dealt it, None where not known, see `read_piles`)."""
        return read_piles(self.pile_rules(setup), entry, len(self.pile_names(setup)), dealer)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        piles = self.piles(state.setup, entry, self.hand_dealer(state))
        return [
            *self.own_problems(state, entry, piles),
            *pile_problems(
                self.pile_rules(state.setup),
                self.counting(state.setup),
                piles,
                self.pile_names(state.setup),
                self.hand_dealer(state),
            ),
        ]

    def counted(self, state: State, entry: Entry) -> CountedPiles:
        """Every pile's count, with its working (an entry `validate` accepted)."""
        return count_piles(
            self.pile_rules(state.setup),
            self.counting(state.setup),
            self.piles(state.setup, entry, self.hand_dealer(state)),
            self.pile_names(state.setup),
            self.hand_dealer(state),
        )

    def pile_layout(self, setup: Setup) -> PileLayout:
        """What the shared partial `pad/_piles.html` draws."""
        return pile_layout(self.pile_rules(setup), self.pile_names(setup))

    def describe(self, setup: Setup, entry: Entry) -> str:
        """The hand folded to one part per pile ("Ann 27 cards: K♠ Q♥ → 9; …"), for the table
        of hands and the printed summary; sizes in tricks that need the dealer, who is not
        known here, in tricks ("By the tricks: Ann 8 tricks: K♠; …")."""
        piles = self.piles(setup, entry, None)
        names = self.pile_names(setup)
        if piles.method is Method.POINTS:
            counts = join(
                [
                    Text(
                        "{name} {count}",
                        {"name": name, "count": t("rest") if count is None else number(count)},
                    )
                    for name, count in zip(names, piles.counts, strict=True)
                ],
                "; ",
            )
            return t("By the points: {counts}", counts=counts)
        rules = self.pile_rules(setup)
        sizes = filled_in(piles.sizes, rules.size)
        unfinished = len(piles.placed) < len(rules.grid) or piles.tricks.count(None) > 1
        if sizes is None and piles.unit is Unit.TRICKS and not unfinished:
            return tricks_words(piles, names)
        if sizes is None or unfinished:
            return t("By the cards (unfinished)")
        counting = self.counting(setup)
        return join(
            [
                counting.count(Pile(name, piles.cards_of(pile), size)).short
                for pile, (name, size) in enumerate(zip(names, sizes, strict=True))
            ],
            "; ",
        )


def tricks_words(piles: PileEntry, names: Sequence[str]) -> str:
    """A hand by the cards with its sizes in tricks, as entered: "By the tricks: Ann 8 tricks:
    K♠; Bob the rest: no counting cards; …" (for a hand whose dealer is not known)."""
    parts = []
    for pile, (name, count) in enumerate(zip(names, piles.tricks, strict=True)):
        cards = " ".join(str(card) for card in piles.cards_of(pile)) or t("no counting cards")
        parts.append(
            t("{pile} the rest: {cards}", pile=name, cards=cards)
            if count is None
            else tn(
                "{pile} {count} trick: {cards}",
                "{pile} {count} tricks: {cards}",
                count,
                pile=name,
                cards=cards,
            )
        )
    return t("By the tricks: {piles}", piles=join(parts, "; "))
