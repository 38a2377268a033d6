"""French Tarot (Le Tarot Français) for 2, 3, 4 and 5 players: the score pad and its referee.

The players enter the contract, the taker, the card points and bouts of one side, and the
bonuses; this module checks that the hand could have happened and scores it as the rules text
says, with the gaps settled by docs/rulings.md ("French Tarot"): the 5-player game follows the FFT
(15 cards each, a chien of 3, the taker calls a King).

Score of a hand, per defender (docs/rulings.md):
    s = ((25 + margin) × sign + petit au bout) × multiplier + poignées + chelem
and the taker's side receives it from every defender (zero sum).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from companion.contract.choices import choices
from companion.contract.figures import contracts_made
from companion.contract.game import Game, leaders, typed_options
from companion.contract.referee import TarotReferee, register_referee
from companion.contract.registry import register
from companion.contract.values import (
    POINTS,
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Outcome,
    Problem,
    Setup,
    State,
    by_value,
)
from companion.kit.cards import (
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    tarot_pack,
)
from companion.kit.counting import PointTable, tarot_points, total_points
from companion.kit.formatting import number
from companion.kit.formatting import number as format_points
from companion.kit.i18n import Text, capital, join, t, tn
from companion.kit.settlement import Settlement, settle
from companion.kit.tricks import TAROT_ACE_HIGH, TAROT_TEN_HIGH, RankOrder


class Contract(StrEnum):
    """The bids, lowest first, and the pass that sends the cards back for a redeal."""

    PASS = "pass"
    PETITE = "petite"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"


class Side(StrEnum):
    """The two sides of a hand: the taker (with a partner at 5) and the defence."""

    TAKER = "taker"
    DEFENCE = "defence"


class Chelem(StrEnum):
    """What happened about a chelem (every trick taken by one side)."""

    NONE = "none"
    ANNOUNCED_MADE = "announced_made"
    ANNOUNCED_FAILED = "announced_failed"
    UNANNOUNCED_MADE = "unannounced_made"
    DEFENCE_MADE = "defence_made"


class PoigneeLevel(StrEnum):
    """The three sizes of poignée (a show of trumps before the first trick)."""

    SINGLE = "single"
    DOUBLE = "double"
    TRIPLE = "triple"


class Partnership(StrEnum):
    """5 players: whether the taker calls a King for a partner (FFT) or plays alone."""

    CALLED_KING = "called_king"
    ALONE = "alone"


class PoigneeThresholds(StrEnum):
    """5 players: the FFT's poignée thresholds, or the text's own."""

    FFT = "fft"
    AS_WRITTEN = "as_written"


NO_PETIT = "none"
"""The `petit_au_bout` value when the Petit was not played in the last trick."""

PLAYED: tuple[str, ...] = (
    Contract.PETITE,
    Contract.GARDE,
    Contract.GARDE_SANS,
    Contract.GARDE_CONTRE,
)
"""The contracts that are actually played (everything but a pass)."""

PLAYED_SET: frozenset[str] = frozenset(PLAYED)
"""`PLAYED` as a set: what a hand's contract is looked up in."""

CONTRACT_LABELS: dict[Contract, str] = {
    Contract.PASS: t("Everyone passed — redeal"),
    Contract.PETITE: t("Petite"),
    Contract.GARDE: t("Garde"),
    Contract.GARDE_SANS: t("Garde sans le chien"),
    Contract.GARDE_CONTRE: t("Garde contre le chien"),
}

MULTIPLIERS: dict[Contract, int] = {
    Contract.PETITE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
"""The text: "For petite, multiply by 1 … for garde contre le chien, multiply by 6"."""

TARGETS: dict[int, int] = {3: 36, 2: 41, 1: 51, 0: 56}
"""Card points the taker's side needs, by the number of bouts it holds."""

PACK: tuple[Card, ...] = tarot_pack()
"""The 78 cards: 21 trumps, the Excuse, and Ace to 10 and four courts in each suit."""

# French Tarot (FFT), in half points so that the table is whole numbers: the bouts and the Kings
# 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, every other card (pips, trumps 2-20) 0.5.
BOUT_HALF_POINTS = 9
LEAST_HALF_POINTS = 1
HALF_POINTS: PointTable = tarot_points(
    BOUT_HALF_POINTS,
    {TAROT_KING: 9, TAROT_QUEEN: 7, TAROT_KNIGHT: 5, TAROT_JACK: 3},
    LEAST_HALF_POINTS,
)
"""The card-point table, in half points (a card of 4.5 points counts 9)."""

TOTAL_POINTS = total_points(PACK, HALF_POINTS) // 2
"""91: all the card points in the pack (182 half points)."""

BOUT_POINTS = BOUT_HALF_POINTS / 2
"""Each bout (the 1 and 21 of trumps, the Excuse) is worth 4.5 card points."""

LEAST_CARD_POINTS = LEAST_HALF_POINTS / 2
"""No card counts less than half a point: the least a pile of n cards can count is n / 2."""

EXCUSE_KEPT = 4
"""What the Excuse is worth net to a side that keeps it but gives back a half-point card."""

BASE_SCORE = 25
PETIT_AU_BOUT = 10

POIGNEE_BONUS: dict[PoigneeLevel, int] = {
    PoigneeLevel.SINGLE: 20,
    PoigneeLevel.DOUBLE: 30,
    PoigneeLevel.TRIPLE: 40,
}

POIGNEE_THRESHOLDS: dict[int, tuple[int, int, int]] = {
    2: (15, 18, 21),
    3: (13, 15, 18),
    4: (10, 13, 15),
    5: (8, 10, 13),  # FFT (docs/rulings.md): the text's 5-player deal cannot be dealt
}
"""Trumps (the Excuse counting as one) needed for a single, double and triple poignée."""

POIGNEE_THRESHOLDS_AS_WRITTEN_5 = (5, 8, 10)

ALL_TRUMPS = 22
"""21 trumps and the Excuse: the most a poignée can show."""

HAND_SIZES: dict[int, int] = {2: 36, 3: 24, 4: 18, 5: 15}
CHIEN_SIZES: dict[int, int] = {2: 6, 3: 6, 4: 6, 5: 3}
"""Cards per player and in the chien: the text's deals at 2-4 players, the FFT's at 5."""

UNSEEN_CHIEN_HOLDER: dict[Contract, Side] = {
    Contract.GARDE_SANS: Side.TAKER,
    Contract.GARDE_CONTRE: Side.DEFENCE,
}
"""Whose pile the unseen chien joins (the text and the FFT): the taker's in a garde sans, the
defence's in a garde contre. Its cards count at least half a point each."""

CHIEN_CONTRACT_WORDS: dict[Contract, str] = {
    Contract.GARDE_SANS: t("garde sans"),
    Contract.GARDE_CONTRE: t("garde contre"),
}

ECART_CONTRACTS: frozenset[Contract] = frozenset({Contract.PETITE, Contract.GARDE})
"""In a petite or a garde the taker takes the chien and lays aside as many cards, the écart,
which counts for the taker (the text and the FFT) and may hold no bout and no King: its cards
count at least half a point each, on top of the taker's bouts."""

CHELEM_BONUS: dict[Chelem, int] = {
    Chelem.NONE: 0,
    Chelem.ANNOUNCED_MADE: 400,
    Chelem.ANNOUNCED_FAILED: -200,
    Chelem.UNANNOUNCED_MADE: 200,
    Chelem.DEFENCE_MADE: -200,
}
"""Chelem bonus in the per-defender score (negative: it goes to the defence)."""

CHELEM_SIDES: dict[Chelem, Side] = {
    Chelem.ANNOUNCED_MADE: Side.TAKER,
    Chelem.UNANNOUNCED_MADE: Side.TAKER,
    Chelem.DEFENCE_MADE: Side.DEFENCE,
}
"""The side that took every trick, for each chelem made (one announced and failed is not
every trick, nor is no chelem)."""

CHELEM_WORDS: dict[Chelem, str] = {
    Chelem.ANNOUNCED_MADE: t("Chelem announced and made"),
    Chelem.ANNOUNCED_FAILED: t("Chelem announced and failed"),
    Chelem.UNANNOUNCED_MADE: t("Chelem made unannounced"),
    Chelem.DEFENCE_MADE: t("Chelem made by the defence"),
}

CHELEM_DESCRIBED: dict[Chelem, str] = {
    Chelem.ANNOUNCED_MADE: t("chelem announced and made"),
    Chelem.ANNOUNCED_FAILED: t("chelem announced and failed"),
    Chelem.UNANNOUNCED_MADE: t("chelem made unannounced"),
    Chelem.DEFENCE_MADE: t("chelem made by the defence"),
}
"""The chelem as the table of hands writes it, in the middle of a line."""

POIGNEE_LEVEL_WORDS: dict[str, str] = {
    PoigneeLevel.SINGLE: t("single"),
    PoigneeLevel.DOUBLE: t("double"),
    PoigneeLevel.TRIPLE: t("triple"),
}
POIGNEE_LEVEL_LABELS: dict[PoigneeLevel, str] = {
    PoigneeLevel.SINGLE: t("Single"),
    PoigneeLevel.DOUBLE: t("Double"),
    PoigneeLevel.TRIPLE: t("Triple"),
}
PETIT_DESCRIBED: dict[str, str] = {
    Side.TAKER: t("petit au bout (taker)"),
    Side.DEFENCE: t("petit au bout (defence)"),
}

KING_SUITS: tuple[tuple[str, str], ...] = (
    ("spades", "♠"),
    ("hearts", "♥"),
    ("diamonds", "♦"),
    ("clubs", "♣"),
)

FFT_RULING = t("The pad's rulings, French Tarot: the 5-player game follows the FFT")


# ---------------------------------------------------------------- the hand as the rules see it


@dataclass(slots=True)
class Poignee:
    """One poignée shown: who showed it, its level, and the trumps shown; never changed once
    made. With slots, as `Hand` is: read for every hand replayed, and only ever internal."""

    by: int
    level: PoigneeLevel
    trumps: int

    @property
    def bonus(self) -> int:
        return POIGNEE_BONUS[self.level]


@dataclass(slots=True)
class Hand:
    """A played hand seen from the taker's side, whichever side the points were counted for;
    never changed once `read_hand` made it.

    `points` and `bouts` are the taker side's (91 and 3 minus the counted ones when the defence
    was counted), worked out once by `read_hand`: nearly every rule reads them. Never shown,
    and its fields are read a score of times for every hand replayed (by the referee, then by
    the score): a class with slots, whose fields Python reads about eight times faster than a
    NamedTuple's (measured, 3.11), not frozen (a frozen dataclass is made field by field
    through `object.__setattr__`, several times slower).
    """

    contract: Contract
    taker: int
    partner: int | None
    called_king: str | None
    counted_side: Side
    counted_points: float
    counted_bouts: int
    petit_au_bout: str
    poignees: tuple[Poignee, ...]
    chelem: Chelem
    points: float
    bouts: int


# Enum members read for every hand replayed, as module globals: `Side.TAKER` is looked up
# through the enum's metaclass, about ten times a global's cost (measured).
TAKER, DEFENCE, NO_CHELEM, SINGLE = Side.TAKER, Side.DEFENCE, Chelem.NONE, PoigneeLevel.SINGLE

CONTRACTS = by_value(Contract)
SIDES = by_value(Side)
CHELEMS = by_value(Chelem)
POIGNEE_LEVELS = by_value(PoigneeLevel)

POIGNEE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("poignee_by", "poignee_level", "poignee_trumps"),
    ("poignee2_by", "poignee2_level", "poignee2_trumps"),
)
"""The entry's fields of the first and the second poignée: who showed it, level, trumps."""


def read_hand(setup: Setup, entry: Entry) -> Hand:
    """The played hand described by a parsed entry (blank poignée trumps = the threshold)."""
    get = entry.get
    poignees: tuple[Poignee, ...] = ()
    if get("poignee_by") is not None or get("poignee2_by") is not None:
        poignees = _read_poignees(setup, entry)
    counted_side = SIDES[get("counted_side") or TAKER]
    counted_points, counted_bouts = entry["points"], entry["bouts"]
    if counted_side is TAKER:
        points, bouts = counted_points, counted_bouts
    else:
        points, bouts = TOTAL_POINTS - counted_points, 3 - counted_bouts
    return Hand(
        CONTRACTS[entry["contract"]],
        entry["taker"],
        get("partner"),
        get("called_king"),
        counted_side,
        counted_points,
        counted_bouts,
        get("petit_au_bout") or NO_PETIT,
        poignees,
        CHELEMS[get("chelem") or NO_CHELEM],
        points,
        bouts,
    )


def _read_poignees(setup: Setup, entry: Entry) -> tuple[Poignee, ...]:
    """The poignées shown, in entry order (a blank count of trumps is the level's threshold)."""
    poignees = []
    thresholds = None
    for by_key, level_key, trumps_key in POIGNEE_KEYS:
        by = entry.get(by_key)
        if by is None:
            continue
        level = POIGNEE_LEVELS[entry.get(level_key) or SINGLE]
        trumps = entry.get(trumps_key)
        if trumps is None:  # `poignee_threshold(setup, level)`, the table's rules read once
            thresholds = thresholds or table_rules(setup).thresholds
            trumps = thresholds[LEVEL_INDEX[level]]
        poignees.append(Poignee(by, level, trumps))
    return tuple(poignees)


# ---------------------------------------------------------------- small rules


@dataclass(frozen=True)
class Options:
    """French Tarot's house rules, typed (defaults: the standard rules of docs/rulings.md)."""

    hands: int = 0  # the hands agreed; 0: play until the session is ended
    partnership: Partnership = Partnership.CALLED_KING
    poignee_thresholds: PoigneeThresholds = PoigneeThresholds.FFT


def house_rules(setup: Setup) -> Options:
    """This session's house rules."""
    return typed_options(setup, Options)


def plays_with_called_king(setup: Setup) -> bool:
    """Whether the taker calls a King for a partner: 5 players under the FFT rule."""
    return setup.player_count == 5 and house_rules(setup).partnership is Partnership.CALLED_KING


def poignee_threshold(setup: Setup, level: PoigneeLevel) -> int:
    """Trumps needed for a poignée of `level` at this table."""
    return table_rules(setup).thresholds[LEVEL_INDEX[level]]


def poignee_thresholds(setup: Setup) -> tuple[int, int, int]:
    """Trumps needed for a single, double and triple poignée at this table."""
    thresholds = POIGNEE_THRESHOLDS[setup.player_count]
    if (
        setup.player_count == 5
        and house_rules(setup).poignee_thresholds is PoigneeThresholds.AS_WRITTEN
    ):
        thresholds = POIGNEE_THRESHOLDS_AS_WRITTEN_5
    return thresholds


class TableRules(NamedTuple):
    """What the referee reads of a poignée at one table."""

    thresholds: tuple[int, int, int]  # `poignee_thresholds`
    most_trumps: int  # `max_poignee_trumps`


def table_rules(setup: Setup) -> TableRules:
    """This table's `TableRules`."""
    return TableRules(poignee_thresholds(setup), max_poignee_trumps(setup.player_count))


LEVEL_INDEX: dict[PoigneeLevel, int] = {level: index for index, level in enumerate(PoigneeLevel)}
"""Each poignée level's place in a row of thresholds (single, double, triple)."""


def max_poignee_trumps(player_count: int) -> int:
    """The most trumps one player can show: all 22, or a whole hand if it is smaller."""
    return min(ALL_TRUMPS, HAND_SIZES[player_count])


def target(bouts: int) -> int:
    """Card points the taker's side needs with `bouts` bouts."""
    return TARGETS[bouts]


def margin(points: float, bouts: int) -> int:
    """How far the contract was made or failed, half points rounded up for the side that scores."""
    return math.ceil(abs(points - TARGETS[bouts]))


def is_made(points: float, bouts: int) -> bool:
    """Whether the taker's side made its contract ("made by 0" is made)."""
    return points >= TARGETS[bouts]


def petit_value(petit_au_bout: str) -> int:
    """The petit au bout in the per-defender score, before the multiplier."""
    return PETIT_VALUES.get(petit_au_bout, 0)


PETIT_VALUES: dict[str, int] = {Side.TAKER: PETIT_AU_BOUT, Side.DEFENCE: -PETIT_AU_BOUT}
"""The petit au bout won by the taker's side counts +10, by the defence −10, else nothing."""


def contract_score(hand: Hand) -> int:
    """((25 + margin) × sign + petit au bout) × multiplier: the score before the bonuses."""
    base = BASE_SCORE + margin(hand.points, hand.bouts)
    if not is_made(hand.points, hand.bouts):
        base = -base
    return (base + petit_value(hand.petit_au_bout)) * MULTIPLIERS[hand.contract]


def poignee_score(hand: Hand) -> int:
    """Every poignée, to the side that won the hand, whoever showed it; not multiplied."""
    bonus = sum(poignee.bonus for poignee in hand.poignees)
    return bonus if is_made(hand.points, hand.bouts) else -bonus


def defender_score(hand: Hand) -> int:
    """What each defender pays the taker's side (negative: what each defender receives)."""
    return contract_score(hand) + CHELEM_BONUS[hand.chelem] + poignee_score(hand)


def shares(setup: Setup, hand: Hand) -> tuple[int, ...]:
    """Each seat's multiple of the per-defender score: the taker's side +, defenders −1 each
    (with a partner, the taker +2 and the partner +1; alone, the taker + one per defender)."""
    result = [-1] * setup.player_count
    if hand.partner is not None:
        result[hand.taker] = 2
        result[hand.partner] = 1
    else:
        result[hand.taker] = setup.player_count - 1
    return tuple(result)


def chien_points_for_taker(hand: Hand, player_count: int) -> float:
    """The most card points the chien can bring to the taker's side (none in a garde contre)."""
    if hand.contract is Contract.GARDE_CONTRE:
        return 0
    return BOUT_POINTS * CHIEN_SIZES[player_count]


def chien_points_for_defence(hand: Hand, player_count: int) -> float:
    """The most card points the chien can bring to the defence (only in a garde contre)."""
    if hand.contract is Contract.GARDE_CONTRE:
        return BOUT_POINTS * CHIEN_SIZES[player_count]
    return 0


def bouts_of(hand: Hand, side: Side) -> int:
    """The bouts `side` holds (the other side holds the rest of the three)."""
    return hand.bouts if side is Side.TAKER else 3 - hand.bouts


def points_of(hand: Hand, side: Side) -> float:
    """The card points of `side` (the other side holds the rest of the 91)."""
    return hand.points if side is Side.TAKER else TOTAL_POINTS - hand.points


def least_with_chien(chien: int, bouts: int) -> float:
    """The fewest points a side holding the chien and `bouts` bouts can count: its bouts 4.5
    each, lying in the chien if they can, and the chien's other cards half a point each."""
    return BOUT_POINTS * bouts + LEAST_CARD_POINTS * max(0, chien - bouts)


# ---------------------------------------------------------------- words


def _bouts(count: int) -> Text:
    return tn("{count} bout", "{count} bouts", count)


def _cards(count: int) -> Text:
    return tn("{count} card", "{count} cards", count)


def side_name(setup: Setup, hand: Hand, side: Side | str, *, start: bool = False) -> Text:
    """How the lines name a side: "Ann's side" or "the defence" ("The defence" at the `start`
    of a sentence)."""
    if side == Side.TAKER:
        name = setup.players[hand.taker]
        return t("{name}'s side", name=name[:1].upper() + name[1:] if start else name)
    return t("The defence") if start else t("the defence")


def king_label(suit: str | None) -> Text:
    """The words for a called King: "King of ♥"."""
    symbols = dict(KING_SUITS)
    return t("King of {suit}", suit=symbols.get(suit or "", suit))


# ---------------------------------------------------------------- the referee


def hand_problems(setup: Setup, entry: Entry, hand: Hand) -> list[Problem]:
    """Everything wrong with a played hand (`FrenchTarot.validate`), each on its field."""
    points = points_problems(setup, hand) or chien_problems(setup, hand)
    # The chelem is judged on the points, so only once the points are possible.
    chelem = [] if points else chelem_problems(setup, hand)
    # The petit au bout is judged against the chelem only once the chelem stands.
    petit = petit_problems(setup, hand) or (
        [] if points or chelem else petit_chelem_problems(setup, hand)
    )
    return [
        *points,
        *petit,
        *poignee_problems(setup, entry, hand),
        *partner_problems(setup, hand),
        *chelem,
    ]


def points_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """Card points the counted side cannot have with its bouts (each bout is 4.5 points)."""
    bouts = hand.counted_bouts
    lowest = BOUT_POINTS * bouts
    highest = TOTAL_POINTS - BOUT_POINTS * (3 - bouts)
    if lowest <= hand.counted_points <= highest:
        return []
    side = side_name(setup, hand, hand.counted_side)
    if hand.counted_points < lowest:
        return [
            Problem(
                "points",
                t(
                    "With {bouts} {side} has at least {lowest} points (each "
                    "bout is worth 4.5), not {given}.",
                    bouts=_bouts(bouts),
                    side=side,
                    lowest=format_points(lowest),
                    given=format_points(hand.counted_points),
                ),
            )
        ]
    if hand.counted_points > highest:
        other = 3 - bouts
        return [
            Problem(
                "points",
                t(
                    "With {bouts} for {side}, the other side holds "
                    "{other_bouts} worth {worth}, so {side} has at most "
                    "{highest} points, not {given}.",
                    bouts=_bouts(bouts),
                    side=side,
                    other_bouts=_bouts(other),
                    worth=format_points(BOUT_POINTS * other),
                    highest=format_points(highest),
                    given=format_points(hand.counted_points),
                ),
            )
        ]
    return []


def chien_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """Points the side holding the chien's cards cannot fall below: the unseen chien (garde
    sans, garde contre), or the taker's écart (petite, garde)."""
    if hand.contract in ECART_CONTRACTS:
        return ecart_problems(setup, hand)
    holder = UNSEEN_CHIEN_HOLDER.get(hand.contract)
    if holder is None:
        return []
    chien = CHIEN_SIZES[setup.player_count]
    least = least_with_chien(chien, bouts_of(hand, holder))
    if points_of(hand, holder) >= least:
        return []
    return [Problem("points", _chien_message(setup, hand, holder, chien, least))]


def ecart_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """The taker's side below its bouts plus an écart of half-point cards (it holds no bout)."""
    cards = CHIEN_SIZES[setup.player_count]
    least = BOUT_POINTS * hand.bouts + LEAST_CARD_POINTS * cards
    if points_of(hand, Side.TAKER) >= least:
        return []
    name = side_name(setup, hand, Side.TAKER)
    ecart_least = format_points(LEAST_CARD_POINTS * cards)
    words = t(
        "The taker's écart ({cards} cards, no bout, at least {least} points) counts for {name}",
        cards=cards,
        least=ecart_least,
        name=name,
    )
    if hand.bouts:
        bouts_worth = format_points(BOUT_POINTS * hand.bouts)
        words = t(
            "The taker's écart ({cards} cards, no bout, at least {least} points) counts "
            "for {name}, on top of {bouts} ({worth})",
            cards=cards,
            least=ecart_least,
            name=name,
            bouts=_bouts(hand.bouts),
            worth=bouts_worth,
        )
    return [Problem("points", _least_words(setup, hand, Side.TAKER, words, least))]


def _least_words(setup: Setup, hand: Hand, holder: Side, words: Text, least: float) -> Text:
    """The end of a refusal about the chien or the écart: "…, so Ann's side has at least 8
    (and the defence at most 83), not 5"."""
    name = side_name(setup, hand, holder)
    given = format_points(hand.counted_points)
    if hand.counted_side is holder:
        return t(
            "{words}, so {name} has at least {least}, not {given}.",
            words=words,
            name=name,
            least=format_points(least),
            given=given,
        )
    return t(
        "{words}, so {name} has at least {least} and {counted} at most {most}, not {given}.",
        words=words,
        name=name,
        least=format_points(least),
        counted=side_name(setup, hand, hand.counted_side),
        most=format_points(TOTAL_POINTS - least),
        given=given,
    )


def _chien_message(setup: Setup, hand: Hand, holder: Side, chien: int, least: float) -> Text:
    """Why the chien rules the points out: "With a garde contre the chien (6 cards, at least 3
    points) goes to the defence, so the defence has at least 3 and Ann's side at most 88, not 91."
    """
    name = side_name(setup, hand, holder)
    contract = CHIEN_CONTRACT_WORDS[hand.contract]
    chien_least = format_points(LEAST_CARD_POINTS * chien)
    if holder is Side.DEFENCE:
        words = t(
            "With a {contract} the chien ({chien} cards, at least {least} points) goes to "
            "the defence",
            contract=contract,
            chien=chien,
            least=chien_least,
        )
    else:
        words = t(
            "With a {contract} the chien ({chien} cards, at least {least} points) counts "
            "for {name}",
            contract=contract,
            chien=chien,
            least=chien_least,
            name=name,
        )
    bouts = bouts_of(hand, holder)
    if bouts:
        others = max(0, chien - bouts)
        words = tn(
            "{words}, which holds {count} bout: {worth} for it and, even with it in the "
            "chien, at least {rest} for the chien's other {cards}",
            "{words}, which holds {count} bouts: {worth} for them and, even with them in "
            "the chien, at least {rest} for the chien's other {cards}",
            bouts,
            words=words,
            worth=format_points(BOUT_POINTS * bouts),
            rest=format_points(LEAST_CARD_POINTS * others),
            cards=_cards(others),
        )
    return _least_words(setup, hand, holder, words, least)


def petit_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """The petit au bout won by a side that holds no bout (the Petit is a bout)."""
    if hand.petit_au_bout == Side.TAKER and hand.bouts == 0:
        winner = side_name(setup, hand, Side.TAKER, start=True)
    elif hand.petit_au_bout == Side.DEFENCE and hand.bouts == 3:
        winner = side_name(setup, hand, Side.DEFENCE, start=True)
    else:
        return []
    return [
        Problem(
            "petit_au_bout",
            t(
                "{side} has no bout, so it cannot have won the petit au "
                "bout: the Petit (1 of trumps) is a bout. Check the bouts "
                "or who won the last trick.",
                side=winner,
            ),
        )
    ]


def petit_chelem_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """The petit au bout given to the side that did not take every trick. Seed 002: "If the 1
    of atouts is played in the last trick, the winner of the trick gets 10 points", and a
    chelem's side won the last trick; when its Excuse is led last, the FFT counts the Petit in
    the trick before, which that side won too."""
    chelem_side = CHELEM_SIDES.get(hand.chelem)
    if chelem_side is None or hand.petit_au_bout in (NO_PETIT, chelem_side):
        return []
    return [
        Problem(
            "petit_au_bout",
            t(
                "{chelem_side} took every trick, the last one included, so the petit au "
                "bout is theirs: {other} cannot have won it. Check the chelem or who won "
                "the petit au bout.",
                chelem_side=capital(side_name(setup, hand, chelem_side, start=True)),
                other=side_name(setup, hand, hand.petit_au_bout),
            ),
        )
    ]


def poignee_problems(setup: Setup, entry: Entry, hand: Hand) -> list[Problem]:
    """Poignées that show too few or too many trumps, or that one player shows twice."""
    get = entry.get
    if (
        get("poignee_by") is None
        and get("poignee_trumps") is None
        and get("poignee2_by") is None
        and get("poignee2_trumps") is None
    ):
        return []  # the usual hand: no poignée shown, none half-entered
    problems: list[Problem] = []
    for by_key, level_key, trumps_key in POIGNEE_KEYS:
        by = entry.get(by_key)
        trumps = entry.get(trumps_key)
        if by is None:
            if trumps is not None:
                problems.append(
                    Problem(
                        trumps_key,
                        t(
                            "No one is marked as showing this poignée: choose who "
                            "showed it, or leave the trumps blank."
                        ),
                    )
                )
            continue
        level = POIGNEE_LEVELS[entry.get(level_key) or PoigneeLevel.SINGLE]
        problems.extend(
            _one_poignee_problems(
                setup,
                trumps_key,
                Poignee(
                    by, level, trumps if trumps is not None else poignee_threshold(setup, level)
                ),
            )
        )
    if problems:
        return problems
    if len(hand.poignees) == 2:
        first, second = hand.poignees
        if first.by == second.by:
            problems.append(
                Problem(
                    "poignee2_by",
                    t(
                        "{name} already showed a poignée: one player shows at most one.",
                        name=setup.players[first.by],
                    ),
                )
            )
        elif first.trumps + second.trumps > ALL_TRUMPS:
            problems.append(
                Problem(
                    "poignee2_trumps",
                    t(
                        "The two poignées show {first} + {second} = {total} "
                        "trumps, but there are only {all} (21 trumps and the "
                        "Excuse).",
                        first=first.trumps,
                        second=second.trumps,
                        total=first.trumps + second.trumps,
                        all=ALL_TRUMPS,
                    ),
                )
            )
    return problems


def _one_poignee_problems(setup: Setup, trumps_key: str, poignee: Poignee) -> list[Problem]:
    """One poignée's trumps against its level's threshold and the shower's hand size."""
    name = setup.players[poignee.by]
    needed = poignee_threshold(setup, poignee.level)
    most = max_poignee_trumps(setup.player_count)
    if poignee.trumps < needed:
        return [
            Problem(
                trumps_key,
                t(
                    "A {level} poignée at {players} players needs at least {needed} "
                    "trumps (the Excuse counts as one); {name} showed {trumps}.",
                    level=POIGNEE_LEVEL_WORDS[poignee.level],
                    players=setup.player_count,
                    needed=needed,
                    name=name,
                    trumps=poignee.trumps,
                ),
            )
        ]
    if poignee.trumps > most:
        reason = (
            t("each player holds {cards} cards", cards=HAND_SIZES[setup.player_count])
            if most < ALL_TRUMPS
            else t("there are 21 trumps and the Excuse")
        )
        return [
            Problem(
                trumps_key,
                t(
                    "{name} cannot show {trumps} trumps: {reason}, so at most {most}.",
                    name=name,
                    trumps=poignee.trumps,
                    reason=reason,
                    most=most,
                ),
            )
        ]
    return []


def partner_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """The taker named as their own partner."""
    if hand.partner is None or hand.partner != hand.taker:
        return []
    name = setup.players[hand.taker]
    return [
        Problem(
            "partner",
            t(
                "{name} is the taker and cannot also be the partner: choose "
                '"Nobody" if the called King was in {name}\'s own hand or '
                "the chien.",
                name=name,
            ),
        )
    ]


def chelem_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """A chelem (or its absence) that the taker side's card points contradict."""
    message = _chelem_message(setup, hand)
    return [Problem("chelem", message)] if message else []


def _chelem_message(setup: Setup, hand: Hand) -> str | None:
    """What the points say against the chelem marked, or None when they agree."""
    points = hand.points
    if 0 < points < TOTAL_POINTS and hand.chelem is Chelem.NONE:
        return None  # the usual hand: no chelem, and neither side took every trick
    side, shown = side_name(setup, hand, Side.TAKER), format_points(points)
    message = None
    if points == TOTAL_POINTS and hand.chelem in (Chelem.NONE, Chelem.DEFENCE_MADE):
        message = t(
            "91 points means the taker's side took every trick: mark the chelem "
            "({side} has {points}).",
            side=side,
            points=shown,
        )
    elif points == 0 and hand.chelem is not Chelem.DEFENCE_MADE:
        message = t(
            '0 points means the defence took every trick: mark "Defence took every '
            'trick" ({side} has 0).',
            side=side,
        )
    elif hand.chelem in (Chelem.ANNOUNCED_MADE, Chelem.UNANNOUNCED_MADE):
        lowest = TOTAL_POINTS - EXCUSE_KEPT - chien_points_for_defence(hand, setup.player_count)
        if points < lowest:
            message = (
                t(
                    "A chelem means {side} took every trick: the defence keeps at most "
                    "the Excuse (4 points net) and the chien, so {side} needs at least "
                    "{lowest} points, not {points}.",
                    side=side,
                    lowest=format_points(lowest),
                    points=shown,
                )
                if _chien_words(hand, Side.DEFENCE)
                else t(
                    "A chelem means {side} took every trick: the defence keeps at most "
                    "the Excuse (4 points net), so {side} needs at least {lowest} points, "
                    "not {points}.",
                    side=side,
                    lowest=format_points(lowest),
                    points=shown,
                )
            )
    elif hand.chelem is Chelem.DEFENCE_MADE:
        highest = EXCUSE_KEPT + chien_points_for_taker(hand, setup.player_count)
        if points > highest:
            message = (
                t(
                    "If the defence took every trick, {side} keeps at most the Excuse "
                    "(4 points net) and the chien, so at most {highest} points, not "
                    "{points}.",
                    side=side,
                    highest=format_points(highest),
                    points=shown,
                )
                if _chien_words(hand, Side.TAKER)
                else t(
                    "If the defence took every trick, {side} keeps at most the Excuse "
                    "(4 points net), so at most {highest} points, not {points}.",
                    side=side,
                    highest=format_points(highest),
                    points=shown,
                )
            )
    elif hand.chelem is Chelem.ANNOUNCED_FAILED and points >= TOTAL_POINTS:
        message = t("{side} has all 91 points, so the announced chelem was made.", side=side)
    return message


def _chien_words(hand: Hand, side: Side) -> str:
    """The words " and the chien" when the chien's cards count for `side` in this contract."""
    chien_side = Side.DEFENCE if hand.contract is Contract.GARDE_CONTRE else Side.TAKER
    return " and the chien" if side is chien_side else ""


# ---------------------------------------------------------------- the arithmetic lines


def score_lines(setup: Setup, hand: Hand) -> list[str]:
    """The arithmetic of a played hand, one checkable step per line."""
    lines: list[str] = []
    taker_side = side_name(setup, hand, Side.TAKER)
    points, bouts = hand.points, hand.bouts
    if hand.counted_side is Side.DEFENCE:
        lines.append(
            t(
                "Counted for the defence: {counted} points, {counted_bouts}; so {side} "
                "has 91 − {counted} = {points} points and 3 − {bouts_given} = {bouts}",
                counted=format_points(hand.counted_points),
                counted_bouts=_bouts(hand.counted_bouts),
                side=taker_side,
                points=format_points(points),
                bouts_given=hand.counted_bouts,
                bouts=_bouts(bouts),
            )
        )
    lines.append(
        t(
            "{contract} with {bouts}: target {target}",
            contract=CONTRACT_LABELS[hand.contract],
            bouts=_bouts(bouts),
            target=target(bouts),
        )
    )
    lines.append(_margin_line(side_name(setup, hand, Side.TAKER, start=True), points, bouts))
    lines.extend(_contract_lines(setup, hand))
    running = contract_score(hand)
    made = is_made(points, bouts)
    winner = taker_side if made else t("the defence")
    for poignee in hand.poignees:
        after = running + (poignee.bonus if made else -poignee.bonus)
        operator = "+" if made else "−"
        lines.append(
            t(
                "Poignée ({level}, {name}) {bonus} to {side}: {running} {operator} "
                "{bonus} = {after}",
                level=POIGNEE_LEVEL_WORDS[poignee.level],
                name=setup.players[poignee.by],
                bonus=poignee.bonus,
                side=winner,
                running=number(running),
                operator=operator,
                after=number(after),
            )
        )
        running = after
    if hand.chelem is not Chelem.NONE:
        bonus = CHELEM_BONUS[hand.chelem]
        after = running + bonus
        operator = "+" if bonus > 0 else "−"
        lines.append(
            t(
                "{chelem}: {running} {operator} {bonus} = {after}",
                chelem=CHELEM_WORDS[hand.chelem],
                running=number(running),
                operator=operator,
                bonus=abs(bonus),
                after=number(after),
            )
        )
    lines.append(_payment_line(setup, hand, defender_score(hand)))
    return lines


def _margin_line(taker_side: Text, points: float, bouts: int) -> Text:
    """The verdict, "Ann's side 47 points: made by 6", with any half-point rounding explained."""
    difference = abs(points - target(bouts))
    fields = {
        "side": taker_side,
        "points": format_points(points),
        "margin": margin(points, bouts),
        "difference": format_points(difference),
    }
    if difference != margin(points, bouts):
        if is_made(points, bouts):
            return t(
                "{side} {points} points: made by {margin} ({difference} rounded up for the "
                "side that scores)",
                **fields,
            )
        return t(
            "{side} {points} points: failed by {margin} ({difference} rounded up for the "
            "side that scores)",
            **fields,
        )
    if is_made(points, bouts):
        return t("{side} {points} points: made by {margin}", **fields)
    return t("{side} {points} points: failed by {margin}", **fields)


def _contract_lines(setup: Setup, hand: Hand) -> list[str]:
    """The petit au bout, then (25 + margin) × sign + petit, times the multiplier."""
    lines: list[str] = []
    petit = petit_value(hand.petit_au_bout)
    if petit:
        winner = side_name(setup, hand, hand.petit_au_bout)
        lines.append(t("Petit au bout 10 to {side}, before the multiplier", side=winner))
    base = f"25 + {margin(hand.points, hand.bouts)}"
    made = is_made(hand.points, hand.bouts)
    signed_base = f"({base})" if made else f"−({base})"
    if petit:
        operator = "+" if petit > 0 else "−"
        formula = f"({base if made else signed_base} {operator} 10)"
    else:
        formula = signed_base
    multiplier = MULTIPLIERS[hand.contract]
    lines.append(f"{formula} × {multiplier} = {number(contract_score(hand))}")
    return lines


def _payment_line(setup: Setup, hand: Hand, score: int) -> Text:
    """Who pays whom: the per-defender score, and the taker's (and partner's) shares of it."""
    if score == 0:
        return t("Nobody pays anything this hand")
    amount = abs(score)
    seat_shares = shares(setup, hand)
    defenders = [seat for seat, share in enumerate(seat_shares) if share < 0]
    taker_share = seat_shares[hand.taker]
    taker_pays = score < 0
    taker_name = setup.players[hand.taker]
    if taker_pays:
        taker_name = taker_name[:1].upper() + taker_name[1:]
    taker_fields = {
        "name": taker_name,
        "amount": amount,
        "share": taker_share,
        "total": taker_share * amount,
    }
    if taker_share == 1:
        taker_part = (
            t("{name} pays {amount}", **taker_fields)
            if taker_pays
            else t("{name} receives {amount}", **taker_fields)
        )
    else:
        taker_part = (
            t("{name} pays {share} × {amount} = {total}", **taker_fields)
            if taker_pays
            else t("{name} receives {share} × {amount} = {total}", **taker_fields)
        )
    if hand.partner is not None:
        taker_part = t(
            "{taker}, {partner} (partner) {amount}",
            taker=taker_part,
            partner=setup.players[hand.partner],
            amount=amount,
        )
    if len(defenders) == 1:
        defender_name = setup.players[defenders[0]]
        defender_part = (
            t("{name} receives {amount}", name=defender_name, amount=amount)
            if taker_pays
            else t(
                "{name} pays {amount}",
                amount=amount,
                name=defender_name[:1].upper() + defender_name[1:],
            )
        )
    else:
        defender_part = (
            t("each defender receives {amount}", amount=amount)
            if taker_pays
            else t("Each defender pays {amount}", amount=amount)
        )
    if taker_pays:
        return t("{payer}; {payee}", payer=taker_part, payee=defender_part)
    return t("{payer}; {payee}", payer=defender_part, payee=taker_part)


# ---------------------------------------------------------------- the facts


FACT_KEYS: tuple[str, ...] = (
    "contract",
    "taker",
    "partner",
    "called_king",
    "taker_alone",
    "counted_side",
    "points",
    "bouts",
    "target",
    "made",
    "margin",
    "base",
    "multiplier",
    "petit_au_bout",
    "contract_score",
    "poignee",
    "chelem",
    "chelem_bonus",
    "per_defender",
)
"""The keys of every hand's facts, a pass included (its keys but the contract are None)."""


def plain_points(points: float) -> int | float:
    """Card points as plain data: 47 as a whole number, 40.5 as it is."""
    return int(points) if float(points).is_integer() else points


def hand_facts(hand: Hand) -> dict[str, Any]:
    """A played hand's results as plain data (seats as numbers, sides as "taker"/"defence").

    `points` and `bouts` are the taker's side's; `base` is 25 + margin; `per_defender` is what
    each defender pays the taker's side (negative: what each defender receives).
    """
    made = is_made(hand.points, hand.bouts)
    return {
        "contract": hand.contract.value,
        "taker": hand.taker,
        "partner": hand.partner,
        "called_king": hand.called_king,
        "taker_alone": hand.partner is None,
        "counted_side": hand.counted_side.value,
        "points": plain_points(hand.points),
        "bouts": hand.bouts,
        "target": target(hand.bouts),
        "made": made,
        "margin": margin(hand.points, hand.bouts),
        "base": BASE_SCORE + margin(hand.points, hand.bouts),
        "multiplier": MULTIPLIERS[hand.contract],
        "petit_au_bout": None if hand.petit_au_bout == NO_PETIT else str(hand.petit_au_bout),
        "contract_score": contract_score(hand),
        "poignee": [
            {"by": p.by, "level": p.level.value, "trumps": p.trumps, "bonus": p.bonus}
            for p in hand.poignees
        ],
        "chelem": None if hand.chelem is Chelem.NONE else hand.chelem.value,
        "chelem_bonus": CHELEM_BONUS[hand.chelem],
        "per_defender": defender_score(hand),
    }


def pass_facts() -> dict[str, Any]:
    """Everyone passed: the same keys, nothing but the contract known."""
    return {**dict.fromkeys(FACT_KEYS), "contract": Contract.PASS.value}


# ---------------------------------------------------------------- the game


class FrenchTarot(Game):
    """French Tarot for 2 to 5 players, scored as the text says with the FFT filling the gaps."""

    slug = "french-tarot"
    name = t("French Tarot")
    player_counts = (2, 3, 4, 5)
    zero_sum = True
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS
    figures = contracts_made(
        t("Contracts made of those taken"),
        "taker",
        "contract",
        "made",
        lambda: tuple((c.value, CONTRACT_LABELS[c]) for c in Contract),
        Contract.PASS.value,
    )
    options_type = Options
    event_decides = frozenset({"hands"})  # a club night plays its rounds' deals
    summary = t(
        "The 78-card tarot: a taker bids Petite, Garde, Garde sans or Garde contre and "
        "plays against the others; card points and bouts decide the hand."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The number of hands agreed, and at 5 players the partnership and poignée thresholds."""
        options = [
            Field(
                "hands",
                t("Hands agreed"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=200,
                default=0,
                help=t("0 = play until you end the session"),
            )
        ]
        if player_count == 5:
            options.append(
                Field(
                    "partnership",
                    t("Partnership"),
                    FieldKind.CHOICE,
                    choices=(
                        Choice(Partnership.CALLED_KING.value, t("Taker calls a King (FFT)")),
                        Choice(
                            Partnership.ALONE.value,
                            t("No called partner: taker alone against four"),
                        ),
                    ),
                    default=Partnership.CALLED_KING.value,
                    help=t("{ruling}; option: taker alone against four", ruling=FFT_RULING),
                )
            )
            options.append(
                Field(
                    "poignee_thresholds",
                    t("Poignée thresholds"),
                    FieldKind.CHOICE,
                    choices=(
                        Choice(PoigneeThresholds.FFT.value, t("FFT: 8 / 10 / 13 trumps")),
                        Choice(
                            PoigneeThresholds.AS_WRITTEN.value, t("As written: 5 / 8 / 10 trumps")
                        ),
                    ),
                    default=PoigneeThresholds.FFT.value,
                    help=t("{ruling} (8/10/13); option: as written (5/8/10)", ruling=FFT_RULING),
                )
            )
        return tuple(options)

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """Contract, taker, (called King and partner), points, bouts, bonuses, chelem."""
        played = ("contract", PLAYED)
        fields = [
            Field(
                "contract",
                t("Contract"),
                FieldKind.CHOICE,
                choices=choices(Contract, CONTRACT_LABELS),
            ),
            Field("taker", t("Taker"), FieldKind.SEAT, shown_when=played),
        ]
        if plays_with_called_king(setup):
            fields += [
                Field(
                    "called_king",
                    t("Called King"),
                    FieldKind.CHOICE,
                    required=False,
                    choices=tuple(Choice(suit, king_label(suit)) for suit, symbol in KING_SUITS),
                    shown_when=played,
                ),
                Field(
                    "partner",
                    t("Partner (holds the called King)"),
                    FieldKind.SEAT,
                    none_label=t("Nobody — the King was in the taker's hand or the chien"),
                    shown_when=played,
                ),
            ]
        fields += [
            Field(
                "counted_side",
                t("Points counted for"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Side.TAKER.value, t("The taker's side")),
                    Choice(Side.DEFENCE.value, t("The defence")),
                ),
                default=Side.TAKER.value,
                shown_when=played,
            ),
            Field(
                "points",
                t("Card points"),
                FieldKind.HALF,
                minimum=0,
                maximum=TOTAL_POINTS,
                help=t("Of the side chosen above; the other side has 91 minus this"),
                shown_when=played,
            ),
            Field(
                "bouts",
                t("Bouts"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=3,
                help=t("Bouts (1 and 21 of trumps, the Excuse) of the side chosen above"),
                shown_when=played,
            ),
            Field(
                "petit_au_bout",
                t("Petit au bout won by"),
                FieldKind.CHOICE,
                choices=(
                    Choice(NO_PETIT, t("Nobody (not played in the last trick)")),
                    Choice(Side.TAKER.value, t("The taker's side")),
                    Choice(Side.DEFENCE.value, t("The defence")),
                ),
                default=NO_PETIT,
                shown_when=played,
            ),
            *_poignee_fields("poignee", t("Poignée"), played),
            *_poignee_fields("poignee2", t("Second poignée"), played),
            Field(
                "chelem",
                t("Chelem"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Chelem.NONE.value, t("No chelem")),
                    Choice(Chelem.ANNOUNCED_MADE.value, t("Announced and made")),
                    Choice(Chelem.ANNOUNCED_FAILED.value, t("Announced and failed")),
                    Choice(
                        Chelem.UNANNOUNCED_MADE.value,
                        t("Taker's side took every trick, unannounced"),
                    ),
                    Choice(Chelem.DEFENCE_MADE.value, t("Defence took every trick")),
                ),
                default=Chelem.NONE.value,
                shown_when=played,
                section=BONUSES,
            ),
        ]
        return tuple(fields)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Points possible for the bouts and the chien, petit au bout, poignées, partner, chelem."""
        if entry.get("contract") not in PLAYED_SET:
            return []
        setup = state.setup
        return hand_problems(setup, entry, read_hand(setup, entry))

    def score(self, state: State, entry: Entry) -> HandResult:
        """Zeros and a redeal for a pass; otherwise each seat's share of the defender score."""
        setup = state.setup
        if entry.get("contract") not in PLAYED_SET:
            return self._redeal(state)
        return played_result(setup, read_hand(setup, entry))

    def _redeal(self, state: State) -> HandResult:
        """Everyone passed: nobody scores and the next player deals."""
        setup = state.setup
        return HandResult(
            (0,) * setup.player_count,
            redeal_lines(setup, self.dealer(state)),
            t("All passed — redeal"),
            redeal=True,
            facts=pass_facts(),
        )

    def settlement(self, state: State) -> Settlement:
        """Every hand is paid between the players, so the totals are each player's net."""
        return settle(state.totals, "points")

    def table_notes(self, state: State) -> tuple[str, ...]:
        """Where the session stands when a number of hands was agreed: "hand 3 of 10" (a redeal
        does not count as a hand)."""
        agreed = house_rules(state.setup).hands
        played = state.hands_played
        if agreed <= 0 or played >= agreed:
            return ()
        return (t("hand {number} of {agreed}", number=played + 1, agreed=agreed),)

    def ends_by_itself(self, setup: Setup) -> bool:
        """Only when a number of hands was agreed."""
        return house_rules(setup).hands > 0

    def outcome(self, state: State) -> Outcome:
        """Finished once the agreed number of hands (redeals not counted) has been played."""
        totals = state.totals
        winners = leaders(totals)
        agreed = house_rules(state.setup).hands
        played = state.hands_played
        if agreed <= 0 or played < agreed or not winners:
            return Outcome(finished=False, winners=winners, text="")
        best = totals[winners[0]]
        names = state.setup.names_of(list(winners))
        if len(winners) == 1:
            text = t(
                "After {played} hands {names} wins with {best}",
                played=played,
                names=names,
                best=best,
            )
        else:
            text = t(
                "After {played} hands {names} share first place with {best}",
                played=played,
                names=names,
                best=best,
            )
        return Outcome(finished=True, winners=winners, text=text)

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line for the table of hands: taker, contract, points, bonuses."""
        if entry.get("contract") not in PLAYED_SET:
            return t("All passed — redeal")
        hand = read_hand(setup, entry)
        parts = [
            _describe_taker(setup, hand),
            CONTRACT_LABELS[hand.contract],
            t("{points} pts, {bouts}", points=format_points(hand.points), bouts=_bouts(hand.bouts)),
        ]
        if hand.petit_au_bout != NO_PETIT:
            parts.append(PETIT_DESCRIBED[hand.petit_au_bout])
        parts.extend(
            t(
                "poignée {level} ({name})",
                level=POIGNEE_LEVEL_WORDS[p.level],
                name=setup.players[p.by],
            )
            for p in hand.poignees
        )
        if hand.chelem is not Chelem.NONE:
            parts.append(CHELEM_DESCRIBED[hand.chelem])
        return join(parts, " · ")


def played_result(setup: Setup, hand: Hand) -> HandResult:
    """A played hand's result: each seat's share of the defender score, the arithmetic, the
    headline and the facts."""
    points = tuple(map(defender_score(hand).__mul__, shares(setup, hand)))
    return HandResult(
        points, tuple(score_lines(setup, hand)), headline(setup, hand), facts=hand_facts(hand)
    )


def headline(setup: Setup, hand: Hand) -> Text:
    """The hand in the table's words: "Ann · Garde · made by 6"."""
    if is_made(hand.points, hand.bouts):
        return t(
            "{taker} · {contract} · made by {margin}",
            taker=setup.players[hand.taker],
            contract=CONTRACT_LABELS[hand.contract],
            margin=margin(hand.points, hand.bouts),
        )
    return t(
        "{taker} · {contract} · failed by {margin}",
        taker=setup.players[hand.taker],
        contract=CONTRACT_LABELS[hand.contract],
        margin=margin(hand.points, hand.bouts),
    )


def redeal_lines(setup: Setup, dealer: int) -> tuple[str, ...]:
    """Everyone passed: no score, and the deal moves on from `dealer`."""
    next_dealer = (dealer + 1) % setup.player_count
    return (
        t("Everyone passed: no score, the cards are redealt"),
        t(
            "The deal moves on from {dealer} to {next}",
            dealer=setup.players[dealer],
            next=setup.players[next_dealer],
        ),
    )


def _describe_taker(setup: Setup, hand: Hand) -> str:
    """The taker as the table of hands shows them: "Ann", or at 5 players "Ann with Eve"."""
    name = setup.players[hand.taker]
    if not plays_with_called_king(setup):
        return name
    if hand.partner is None:
        if hand.called_king:
            return t("{name} alone ({king})", name=name, king=king_label(hand.called_king))
        return t("{name} alone", name=name)
    partner = setup.players[hand.partner]
    if hand.called_king:
        return t(
            "{name} with {partner} ({king})",
            name=name,
            partner=partner,
            king=king_label(hand.called_king),
        )
    return t("{name} with {partner}", name=name, partner=partner)


BONUSES = t("Poignées and chelem")


def _poignee_fields(
    prefix: str, label: str, shown_when: tuple[str, tuple[str, ...]]
) -> tuple[Field, ...]:
    """Who showed a poignée, its level, and the trumps shown (blank = the level's threshold)."""
    return (
        Field(
            f"{prefix}_by",
            t("{poignee} shown by", poignee=label),
            FieldKind.SEAT,
            none_label=t("No poignée"),
            required=False,
            shown_when=shown_when,
            section=BONUSES,
        ),
        Field(
            f"{prefix}_level",
            t("{poignee} level", poignee=label),
            FieldKind.CHOICE,
            choices=choices(PoigneeLevel, POIGNEE_LEVEL_LABELS),
            default=PoigneeLevel.SINGLE.value,
            shown_when=shown_when,
            section=BONUSES,
        ),
        Field(
            f"{prefix}_trumps",
            t("{poignee} trumps shown", poignee=label),
            FieldKind.INTEGER,
            minimum=0,
            maximum=ALL_TRUMPS,
            required=False,
            help=t("The Excuse counts as a trump; blank = the level's threshold"),
            shown_when=shown_when,
            section=BONUSES,
        ),
    )


# ---------------------------------------------------------------- the trick referee


class SuitOrder(StrEnum):
    """How the pips of each suit rank in a trick (docs/rulings.md, French Tarot)."""

    AS_WRITTEN = "as_written"  # red suits Ace high and Ten low; black suits Ten high
    FFT = "fft"  # every suit Ten high


class FrenchTarotReferee(TarotReferee):
    """French Tarot's tricks: atouts trump, the suit order as written (option: the FFT's),
    the Excuse never wins and what its owner owes."""

    slug = "french-tarot"
    name = t("French Tarot")
    player_counts = (2, 3, 4, 5)
    cards = PACK

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (
            Field(
                "suit_order",
                t("Suit order in tricks"),
                FieldKind.CHOICE,
                choices=(
                    Choice(
                        SuitOrder.AS_WRITTEN.value, t("As written: red suits Ace high, Ten low")
                    ),
                    Choice(SuitOrder.FFT.value, t("FFT: every suit Ten high")),
                ),
                default=SuitOrder.AS_WRITTEN.value,
                help=t("The pad's rulings: as written; option: the FFT's order"),
            ),
        )

    def suit_orders(self, context: Mapping[str, Any]) -> tuple[RankOrder, RankOrder]:
        if context.get("suit_order") == SuitOrder.FFT:
            return TAROT_TEN_HIGH, TAROT_TEN_HIGH
        return TAROT_ACE_HIGH, TAROT_TEN_HIGH


REFEREE = register_referee(FrenchTarotReferee())


register(FrenchTarot())
