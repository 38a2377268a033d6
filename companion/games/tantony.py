"""Tantony for 4 players (partnerships, split partnership or individual) or 3 players.

Thirteen tricks at no trump (twelve at three players). Each trick is worth its runt: the lowest
card of the suit led. Whoever wins a trick may keep it or give it to any player who has fewer than
the quota (3 tricks, 4 at three players); whoever gets it leads to the next. At four players the
thirteenth trick is never placed: its runt, the Tantony card, goes to whoever won it.

The players enter the hand trick by trick (the runt and who got it, optionally the cards played,
which the referee then resolves), or all at once at the end from the face-up runts. Gaps in the
text are settled by docs/rulings.md ("Tantony"); docs/rules/tantony.md lists every decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from companion.contract.choices import choices
from companion.contract.figures import Figure, OwnFigures
from companion.contract.game import Game, leaders, typed_options
from companion.contract.referee import SUIT_WORDS, RankingReferee, register_referee
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
    ScoredHand,
    SeatGroup,
    Setup,
    State,
    TrickProgress,
    TrickRecord,
)
from companion.kit.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    Card,
    CardError,
    card_name,
    pack_36_no_seven_to_ten,
    pack_52,
    parse,
)
from companion.kit.i18n import Text, t, tn
from companion.kit.revokes import MUST_FOLLOW, Revoke, find_revokes, revoke_words
from companion.kit.tricks import (
    ACE_HIGH,
    TrickRanking,
    WinBy,
    anyone_followed,
    ends_of_suit_led,
    lowest_of_suit_led,
    seat_of,
    sorted_cards,
)


class Scoring(StrEnum):
    """How the four-player game adds up: sides, a half-partner on either hand, or alone."""

    PARTNERSHIP = "partnership"
    SPLIT_LEFT = "split_left"
    SPLIT_RIGHT = "split_right"
    INDIVIDUAL = "individual"


SCORING_LABELS: dict[Scoring, str] = {
    Scoring.PARTNERSHIP: t("Fixed partnerships: 1st & 3rd player against 2nd & 4th"),
    Scoring.SPLIT_LEFT: t("Split partnership: own runts plus the player on the left"),
    Scoring.SPLIT_RIGHT: t("Split partnership: own runts plus the player on the right"),
    Scoring.INDIVIDUAL: t("Everyone for themselves: plain individual scores"),
}


@dataclass(frozen=True)
class Options:
    """Tantony's house rules, typed: how the four-player game adds up."""

    scoring: Scoring = Scoring.PARTNERSHIP


RULING = t("The pad's rulings, Tantony")

NO_TRUMP = TrickRanking(order=ACE_HIGH)
"""Tantony's tricks: no trump; the highest card of the suit led wins (Two low, Ace high)."""

FOLLOW = MUST_FOLLOW
"""The text: "You must follow suit if you can, but may play any card if you can't": a card off the
suit led shows its player had none of that suit. A revoke has no penalty in the text."""

FOUR_PLAYER_VALUES: dict[int, int] = {
    **{rank: rank for rank in range(2, 11)},
    JACK: 15,
    QUEEN: 20,
    KING: 25,
    ACE: 30,
}
"""The text: "numerals Two to Ten count at face value, followed by Jack = 15, Queen = 20,
King = 25, Ace = 30"."""

THREE_PLAYER_VALUES: dict[int, int] = {
    **{rank: rank for rank in range(2, 7)},
    JACK: 10,
    QUEEN: 15,
    KING: 20,
    ACE: 25,
}
"""The text: "Numerals 2, 3, 4, 5 and 6 count at face value, followed by Jack 10, Queen 15,
King 20, Ace 25"."""

HANDS_IN_GAME = 4
"""At four players "a game is normally four hands"."""

SUDDEN_DEATH: dict[int, int] = {1: 60, 2: 120, 3: 180}
"""One side wins a double game early by reaching these totals after hands 1, 2 and 3."""
LAST_SUDDEN_DEATH = max(SUDDEN_DEATH)
"""The last hand after which a side can win by sudden death."""

DOUBLE_AFTER_FOUR = 240
"""Reaching this after the fourth hand also wins a double game."""

THREE_PLAYER_GAME = 300
"""At three players "Game is 300 points"."""


@dataclass(frozen=True)
class Table:
    """What differs between the four- and the three-player game: pack, values, quota, tricks."""

    words: str
    pack_name: str
    pack: tuple[Card, ...]
    values: Mapping[int, int]
    quota: int
    total_tricks: int
    tantony_card: bool  # the last trick is won, never placed (four players)

    @cached_property
    def codes(self) -> frozenset[str]:
        """The codes of every card in the pack."""
        return frozenset(self.by_code)

    @cached_property
    def by_code(self) -> Mapping[str, Card]:
        """Every card of the pack by its code ("QS"), as `cards.parse` reads it."""
        return {card.code: card for card in self.pack}

    def value(self, card: Card) -> int:
        """A card's worth as a runt."""
        return self.values[card.rank]

    def cards_worth(self, value: int) -> tuple[Card, ...]:
        """The cards of the pack worth `value` as a runt."""
        return self._worth.get(value, ())

    @cached_property
    def _worth(self) -> Mapping[int, tuple[Card, ...]]:
        worth: dict[int, tuple[Card, ...]] = {}
        for card in self.pack:
            worth[self.value(card)] = (*worth.get(self.value(card), ()), card)
        return worth

    def is_last_unplaced(self, number: int) -> bool:
        """Whether trick `number` is the one that is won, not placed (the Tantony card's)."""
        return self.tantony_card and number == self.total_tricks


FOUR_PLAYERS = Table(
    t("four-player"),
    t("52-card pack"),
    sorted_cards(pack_52(), ACE_HIGH),
    FOUR_PLAYER_VALUES,
    quota=3,
    total_tricks=13,
    tantony_card=True,
)
THREE_PLAYERS = Table(
    t("three-player"),
    t("36-card pack, which has no Sevens, Eights, Nines or Tens"),
    sorted_cards(pack_36_no_seven_to_ten(), ACE_HIGH),
    THREE_PLAYER_VALUES,
    quota=4,
    total_tricks=12,
    tantony_card=False,
)


def table_for(setup: Setup) -> Table:
    """The pack, values and quota of this table."""
    return table_for_count(setup.player_count)


def table_for_count(player_count: int) -> Table:
    """The pack, values and quota of a table of `player_count`."""
    return THREE_PLAYERS if player_count == 3 else FOUR_PLAYERS


def scoring(setup: Setup) -> Scoring:
    """How this table adds up; the three-player game is always individual."""
    if setup.player_count == 3:
        return Scoring.INDIVIDUAL
    return typed_options(setup, Options).scoring


def sides(setup: Setup) -> tuple[SeatGroup, ...]:
    """The fixed partnerships (seats in play order, so partners sit opposite), or none."""
    return sides_under(setup, scoring(setup))


def sides_under(setup: Setup, way: Scoring) -> tuple[SeatGroup, ...]:
    """`sides` when the table's way of scoring has been read already."""
    if way is not Scoring.PARTNERSHIP:
        return ()
    names = setup.players
    return (
        SeatGroup(f"{names[0]} & {names[2]}", (0, 2)),
        SeatGroup(f"{names[1]} & {names[3]}", (1, 3)),
    )


def half_partner(setup: Setup, seat: int) -> int:
    """In split partnership, the player whose runts also count for `seat`: left is seat + 1."""
    step = 1 if scoring(setup) is Scoring.SPLIT_LEFT else -1
    return (seat + step) % setup.player_count


def values_text(values: Sequence[int]) -> str:
    """The runt values in words: "2–10, 15, 20, 25 or 30" (runs of three or more collapsed)."""
    ordered = sorted(set(values))
    parts: list[str] = []
    start = 0
    for index in range(1, len(ordered) + 1):
        if index == len(ordered) or ordered[index] != ordered[index - 1] + 1:
            run = ordered[start:index]
            parts.extend([f"{run[0]}–{run[-1]}"] if len(run) >= 3 else [str(v) for v in run])
            start = index
    if len(parts) < 2:
        return "".join(parts)
    return t("{values} or {last}", values=", ".join(parts[:-1]), last=parts[-1])


# ---------------------------------------------------------------- one trick read against the pack


class Runt(NamedTuple):
    """The card that scores a trick, or only its value when the card was not written down."""

    value: int
    card: Card | None = None

    def __str__(self) -> str:
        return str(self.card) if self.card is not None else str(self.value)

    def counted(self) -> str:
        """The runt in an arithmetic line: "Q♥ 20", or just "20"."""
        return f"{self.card} {self.value}" if self.card is not None else str(self.value)


def read_card(token: str, table: Table) -> tuple[Card | None, str | None]:
    """A card code read against the pack in play, or why it is not one of its cards."""
    card = table.by_code.get(token)
    if card is not None:  # the usual case: a card's own code, as the parser upper-cases it
        return card, None
    try:
        card = parse(token)
    except CardError:
        return None, t(
            "{token} is not a card: write a card like 2S, 10H or QS, or just a runt's value.",
            token=token,
        )
    if card.code not in table.codes:
        return None, t("{card} is not in the {pack}.", card=str(card), pack=table.pack_name)
    return card, None


def read_runt(token: str, table: Table) -> tuple[Runt | None, str | None]:
    """A runt written as a card code ("QS") or as a value only ("20")."""
    if token.isdigit():
        value = int(token)
        if value not in table.values.values():
            return None, t(
                "no card is worth {value} in {table} Tantony: runts are worth {values}.",
                value=value,
                table=table.words,
                values=values_text(list(table.values.values())),
            )
        return Runt(value), None
    card, problem = read_card(token, table)
    if card is None:
        return None, problem
    return Runt(table.value(card), card), None


def read_cards(
    tokens: Sequence[str], table: Table, player_count: int
) -> tuple[tuple[Card, ...], str | None]:
    """The cards of a refereed trick: one distinct card of the pack from each player."""
    distinct = set(tokens)  # the usual case: a distinct code of the pack from each player
    if len(tokens) == player_count == len(distinct) and distinct <= table.codes:
        return tuple([table.by_code[code] for code in tokens]), None
    cards: list[Card] = []
    seen: set[str] = set()  # the codes so far: one code per card of the pack
    for token in tokens:
        card, problem = read_card(token, table)
        if card is None:
            return (), problem
        if card.code in seen:
            return (), t("{card} is entered twice.", card=str(card))
        seen.add(card.code)
        cards.append(card)
    if len(cards) != player_count:
        return (), tn(
            "{count} card is entered; each of the {players} players plays one card.",
            "{count} cards are entered; each of the {players} players plays one card.",
            len(cards),
            players=player_count,
        )
    return tuple(cards), None


# ---------------------------------------------------------------- a hand walked trick by trick


class ReadTrick(NamedTuple):
    """One trick as the referee understood it: who led, its runt, who got it, who won it."""

    number: int
    leader: int | None
    runt: Runt | None
    got: int | None  # the seat that got it (at four players, trick 13's winner)
    winner: int | None  # as entered, else from the cards; None when unknown
    placed: bool
    cards: tuple[Card, ...] = ()

    @property
    def ranking(self) -> TrickRanking:  # how its cards rank: the revoke check reads it
        return NO_TRUMP


@dataclass
class Tally:
    """The running state of a hand while its tricks are read, one after another."""

    player_count: int
    taken: list[int] = field(init=False)  # tricks got, the unplaced last trick included
    placed: list[int] = field(init=False)  # tricks placed with the seat: these meet the quota
    points: list[int] = field(init=False)
    # card code -> where it was first used: the trick's number, and whether as its runt only
    used: dict[str, tuple[int, bool]] = field(default_factory=dict)
    value_only: Counter[int] = field(default_factory=Counter)  # runts written as a value only

    def __post_init__(self) -> None:
        count = self.player_count
        self.taken, self.placed, self.points = [0] * count, [0] * count, [0] * count


@dataclass(frozen=True)
class WalkedHand:
    """A hand's tricks as read in order, with every per-trick problem and the running tally."""

    tricks: tuple[ReadTrick, ...]
    problems: tuple[Problem, ...]
    taken: tuple[int, ...]
    placed: tuple[int, ...]
    points: tuple[int, ...]
    used: frozenset[str]
    next_leader: int | None


HANDS_WALKED_KEPT = 16
"""Hands whose walk is kept (`walk`): the engine asks `validate` and then `score` about the same
hand, and both need its 52 cards refereed trick by trick."""


def walk(setup: Setup, first_leader: int | None, tricks: Sequence[TrickRecord]) -> WalkedHand:
    """Read the tricks in the order entered: each trick's leader is whoever got the one before.

    Never raises: a trick that cannot be read adds its problems and is counted as far as it can
    be, so the pad can still show the hand so far. The walk of a hand is kept for the next call
    about an equal hand (`functools.lru_cache`: every argument is a frozen value, the result
    too): without it a replay walks every hand twice, and Tantony replays at 2,000 hands/s
    instead of the 3,000 a long evening needs (bench/README.md).
    """
    return _walk(setup, first_leader, tuple(tricks))


@lru_cache(maxsize=HANDS_WALKED_KEPT)
def _walk(setup: Setup, first_leader: int | None, tricks: tuple[TrickRecord, ...]) -> WalkedHand:
    """`walk`, kept."""
    table = table_for(setup)
    tally = Tally(setup.player_count)
    read: list[ReadTrick] = []
    problems: list[Problem] = []
    leader = first_leader
    for number, entry in enumerate(tricks, start=1):
        trick, messages = read_trick(setup, table, number, entry, leader, tally)
        for part, message in messages:
            problems.append(
                Problem(
                    "tricks",
                    t("Trick {number}: {problem}", number=number, problem=message),
                    part,
                    number - 1,
                )
            )
        read.append(trick)
        leader = trick.got
    return WalkedHand(
        tuple(read),
        tuple(problems),
        tuple(tally.taken),
        tuple(tally.placed),
        tuple(tally.points),
        frozenset(tally.used),
        leader,
    )


def read_trick(
    setup: Setup, table: Table, number: int, entry: TrickRecord, leader: int | None, tally: Tally
) -> tuple[ReadTrick, list[tuple[str, str]]]:
    """One trick checked against the cards, the quota and the cards already used; then counted.

    Each problem comes with the part of the trick it concerns ("runt", "to", "won_by" or
    "cards"), so the pad can say it beside what was tapped or typed.
    """
    notes: list[tuple[str, str]] = []
    written = entry.part("runt")
    runt, problem = read_runt(written, table) if written else (None, None)
    if problem:
        notes.append(("runt", problem))
    cards, problem = (
        read_cards(entry.cards, table, setup.player_count) if entry.cards else ((), None)
    )
    if problem:
        notes.append(("cards", problem))
    lowest, highest = ends_of_suit_led(cards, NO_TRUMP) if cards else (0, 0)
    if cards:
        runt, problem = _runt_from_cards(table, cards, cards[lowest], runt)
        if problem:
            notes.append(("runt", problem))
    elif runt is None and not notes:
        notes.append(("runt", t("enter the runt, or the cards played.")))
    winner, problem = _winner(setup, cards, highest, leader, entry.won_by)
    if problem:
        notes.append(("won_by", problem))
    unplaced = table.is_last_unplaced(number)
    got, problem = (
        _last_trick_goes_to(setup, winner, entry.to)
        if unplaced
        else _placed_with(setup, table, entry.to, tally)
    )
    if problem:
        notes.append(("to", problem))
    notes += _used_before(runt, cards, tally)
    trick = ReadTrick(number, leader, runt, got, winner, not unplaced, cards)
    for message in _too_many_worth(table, _record(tally, table, number, trick), tally):
        notes.append(("runt", message))
    return trick, notes


def _runt_from_cards(
    table: Table, cards: tuple[Card, ...], card: Card, written: Runt | None
) -> tuple[Runt, str | None]:
    """The runt the cards make (`card`: the lowest of the suit led); a written one that differs."""
    if written is not None and (written.card is card or written.card == card):
        return written, None  # the runt written is the card's (`read_runt`)
    derived = Runt(table.value(card), card)
    if written is None:
        return derived, None
    if written.card is None and written.value == derived.value:
        return derived, None
    if not anyone_followed(cards):
        return derived, t(
            "the runt is {card} (nobody followed suit, so the card led is also "
            "the runt), not {written}.",
            card=str(card),
            written=str(written),
        )
    return derived, t(
        "the runt is {card} (the lowest {suit} played), not {written}.",
        card=str(card),
        suit=_suit_word(card),
        written=str(written),
    )


def _winner(
    setup: Setup, cards: tuple[Card, ...], index: int, leader: int | None, won_by: int | None
) -> tuple[int | None, str | None]:
    """Who won the trick: as entered, checked against the cards (`index`: the winning card's)
    when the leader is known (no cards: as entered)."""
    if not cards or leader is None:
        return won_by, None
    derived = seat_of(leader, index, setup.player_count)
    if won_by is None or won_by == derived:
        return derived, None
    card = cards[index]
    names = setup.players
    if anyone_followed(cards):
        return derived, t(
            "{winner} won it with the sow {card}, the highest {suit}, not {entered}.",
            winner=names[derived],
            card=str(card),
            suit=_suit_word(card),
            entered=names[won_by],
        )
    return derived, t(
        "{winner} won it with the hog {card}: nobody followed suit, not {entered}.",
        winner=names[derived],
        card=str(card),
        entered=names[won_by],
    )


def _placed_with(
    setup: Setup, table: Table, to: int | None, tally: Tally
) -> tuple[int | None, str | None]:
    """The seat a placed trick went to, refused when missing or already holding the quota."""
    if to is None:
        return None, t("say who got the trick.")
    if tally.placed[to] >= table.quota:
        return to, t(
            "{name} already has {quota} tricks, the quota.",
            name=setup.players[to],
            quota=table.quota,
        )
    return to, None


def _last_trick_goes_to(
    setup: Setup, winner: int | None, to: int | None
) -> tuple[int | None, str | None]:
    """Four players, trick 13: the Tantony card stays with whoever won it; it is never placed."""
    if winner is None and to is None:
        return None, t("say who won the last trick: the Tantony card goes to them.")
    if winner is None or to is None or to == winner:
        return winner if winner is not None else to, None
    return winner, t(
        "the thirteenth trick is never placed: the Tantony card stays with {name}, who won it.",
        name=setup.players[winner],
    )


def _used_before(runt: Runt | None, cards: tuple[Card, ...], tally: Tally) -> list[tuple[str, str]]:
    """This trick's cards (its runt and the cards played) already used earlier in the hand."""
    used = tally.used
    spent = [(card, "cards") for card in cards if card.code in used]
    if runt and runt.card and runt.card.code in used and runt.card not in cards:
        spent.append((runt.card, "runt"))
    return [
        (part, t("{card} was already {where}.", card=str(card), where=_where(used[card.code])))
        for card, part in spent
    ]


def _where(used: tuple[int, bool]) -> str:
    """Where a card was first used in the hand: "played in trick 3", "the runt of trick 3"."""
    number, as_runt = used
    if as_runt:
        return t("the runt of trick {number}", number=number)
    return t("played in trick {number}", number=number)


def _record(tally: Tally, table: Table, number: int, trick: ReadTrick) -> set[int]:
    """Count the trick for the seat that got it and mark its cards used; the values it spent."""
    runt, got = trick.runt, trick.got
    if got is not None:
        tally.taken[got] += 1
        if trick.placed:
            tally.placed[got] += 1
        if runt is not None:
            tally.points[got] += runt.value
    used, values = tally.used, table.values
    spent: set[int] = set()
    for card in trick.cards:
        if card.code not in used:
            used[card.code] = (number, False)
            spent.add(values[card.rank])
    if runt is not None:
        if runt.card is None:
            tally.value_only[runt.value] += 1
            spent.add(runt.value)
        elif runt.card.code not in used:
            used[runt.card.code] = (number, True)
            spent.add(runt.value)
    return spent


def _too_many_worth(table: Table, values: set[int], tally: Tally) -> list[str]:
    """Values this trick spent beyond the cards worth them (runts written as values only)."""
    if not tally.value_only:
        return []  # every runt named its card, and a card is used once: nothing can overrun
    messages: list[str] = []
    for value in sorted(values):
        worth = table.cards_worth(value)
        named = sum(1 for card in worth if card.code in tally.used)
        used = named + tally.value_only[value]
        if used > len(worth):
            messages.append(
                t(
                    "only {count} cards are worth {value} ({cards}), and this would "
                    "make {used} used in this hand.",
                    count=len(worth),
                    value=value,
                    cards=" ".join(map(str, worth)),
                    used=used,
                )
            )
    return messages


def _suit_word(card: Card) -> str:
    """A suit named in the singular: "spade"."""
    return SUIT_WORDS[card.suit]


# ---------------------------------------------------------------- words


def revokes(setup: Setup, walked: WalkedHand) -> tuple[Revoke, ...]:
    """The revokes the hand's cards prove: a player who did not follow a suit, then played it."""
    return find_revokes(walked.tricks, FOLLOW, setup.player_count)


def revoke_notes(setup: Setup, walked: WalkedHand) -> list[str]:
    """The revokes in words, each naming both tricks; noted, not refused: the text gives no
    penalty, so the table settles it."""
    return [revoke_words(revoke, setup.players) for revoke in revokes(setup, walked)]


def score_lines(setup: Setup, groups: Sequence[SeatGroup], walked: WalkedHand) -> list[str]:
    """A hand's arithmetic: each seat's runts added up, the Tantony card, the sides' totals."""
    lines = [_seat_line(setup, seat, walked.tricks) for seat in range(setup.player_count)]
    lines += [_tantony_line(setup, trick) for trick in walked.tricks if not trick.placed]
    lines += [_side_line(group, walked.points) for group in groups]
    return lines + revoke_notes(setup, walked)


def headline(setup: Setup, groups: Sequence[SeatGroup], points: Sequence[int]) -> str:
    """The hand in the table's words: the sides' points, or each seat's."""
    return _sides_words(groups, points) if groups else _seats_words(setup, points)


def _seat_line(setup: Setup, seat: int, tricks: Sequence[ReadTrick]) -> str:
    """One seat's runts added up: "Annie: 2♠ 2 + Q♥ 20 + 6♦ 6 = 28"."""
    runts = [trick.runt for trick in tricks if trick.got == seat and trick.runt]
    total = sum(runt.value for runt in runts)
    sum_words = " + ".join(runt.counted() for runt in runts) or t("no runt")
    return Text(
        "{name}: {runts} = {total}",
        {"name": setup.players[seat], "runts": sum_words, "total": total},
    )


def _trick_words(setup: Setup, trick: ReadTrick, proven: Sequence[Revoke] = ()) -> str:
    """One trick for the list of tricks so far: "2♠ (2) → Connie, won by Denny", with the
    revokes this trick proves."""
    runt = trick.runt.card if trick.runt and trick.runt.card else None
    value = trick.runt.value if trick.runt else 0
    words = (
        Text("{runt} ({value})", {"runt": str(runt), "value": value})
        if runt
        else t("a runt worth {value}", value=value)
    )
    got = setup.players[trick.got] if trick.got is not None else t("nobody yet")
    words = Text("{runt} → {got}", {"runt": words, "got": got})
    if trick.winner is not None and trick.winner != trick.got:
        words = t("{trick}, won by {name}", trick=words, name=setup.players[trick.winner])
    if trick.cards:
        words = Text(
            "{trick} · {cards}",
            {"trick": words, "cards": " ".join(str(card) for card in trick.cards)},
        )
    for revoke in proven:
        words = Text(
            "{trick} · {revoke}", {"trick": words, "revoke": revoke_words(revoke, setup.players)}
        )
    return words


def _tantony_line(setup: Setup, trick: ReadTrick) -> str:
    """The runt of the unplaced last trick and who won it."""
    value = trick.runt.value if trick.runt else 0
    name = setup.players[trick.got] if trick.got is not None else t("nobody")
    if trick.runt and trick.runt.card:
        return t(
            "Tantony card {card} ({value}) to {name}, who won the last trick",
            card=str(trick.runt.card),
            value=value,
            name=name,
        )
    return t("Tantony card ({value}) to {name}, who won the last trick", value=value, name=name)


def _side_line(group: SeatGroup, points: Sequence[int]) -> str:
    """A side's total: "Annie & Connie 28 + 31 = 59"."""
    parts = " + ".join(str(points[seat]) for seat in group.seats)
    return f"{group.name} {parts} = {sum(points[seat] for seat in group.seats)}"


def _sides_words(groups: Sequence[SeatGroup], points: Sequence[int]) -> str:
    """Both sides' points in one phrase: "Annie & Connie 59 – Benny & Denny 32"."""
    return " – ".join(f"{group.name} {sum(points[s] for s in group.seats)}" for group in groups)


def _seats_words(setup: Setup, points: Sequence[int]) -> str:
    """Every seat's points in one phrase: "Annie 28 · Benny 15 · Connie 31 · Denny 17"."""
    return " · ".join(f"{name} {value}" for name, value in zip(setup.players, points, strict=True))


def _progress_seat_line(setup: Setup, table: Table, walked: WalkedHand, seat: int) -> str:
    """One seat on the pad while tricks come in: "Connie 2/3 · 14"."""
    fields = {
        "name": setup.players[seat],
        "placed": walked.placed[seat],
        "quota": table.quota,
        "points": walked.points[seat],
    }
    if walked.taken[seat] > walked.placed[seat]:
        return t("{name} {placed}/{quota} + Tantony card · {points}", **fields)
    return Text("{name} {placed}/{quota} · {points}", fields)


@dataclass(frozen=True)
class TantonyProgress(TrickProgress):
    """The hand so far with what only Tantony has: the quota, the unplaced last trick, and the
    words over the runt grid and the players (drawn by Tantony's own partial)."""

    quota: int = 3
    last_trick: bool = False  # the next trick is not placed: it goes to whoever wins it
    runt_prompt: str = ""
    to_prompt: str = ""


def _quota_note(taken: int, placed: int, quota: int) -> str:
    """A seat's tricks against the quota: "2/3", and "3/3 + last" with the Tantony card."""
    if taken > placed:
        return t("{placed}/{quota} + last", placed=placed, quota=quota)
    return f"{placed}/{quota}"


# ---------------------------------------------------------------- the facts


def trick_facts(trick: ReadTrick) -> dict[str, Any]:
    """One trick as plain data: who led, won and got it, its runt's value and card (a code,
    None when only the value was written), the cards played, and whether it was placed."""
    runt = trick.runt
    return {
        "number": trick.number,
        "leader": trick.leader,
        "won_by": trick.winner,
        "to": trick.got,
        "placed": trick.placed,
        "runt_value": runt.value if runt else None,
        "runt_card": runt.card.code if runt and runt.card else None,
        "cards": [card.code for card in trick.cards],
    }


def tantony_facts(walked: WalkedHand) -> dict[str, Any] | None:
    """The Tantony card (four players): who holds it, its value and card; None at three."""
    last = next((trick for trick in walked.tricks if not trick.placed), None)
    if last is None:
        return None
    runt = last.runt
    return {
        "holder": last.got,
        "value": runt.value if runt else None,
        "card": runt.card.code if runt and runt.card else None,
    }


def hand_facts(way: Scoring, groups: Sequence[SeatGroup], walked: WalkedHand) -> dict[str, Any]:
    """A hand's results as plain data: each trick, each seat's points and tricks, the Tantony
    card at four players, and the fixed partnerships' points when they play as sides."""
    return {
        "scoring": way.value,
        "tricks": [trick_facts(trick) for trick in walked.tricks],
        "points": list(walked.points),
        "tricks_taken": list(walked.taken),
        "tantony": tantony_facts(walked),
        "sides": [
            {"seats": list(group.seats), "points": sum(walked.points[seat] for seat in group.seats)}
            for group in groups
        ],
    }


# ---------------------------------------------------------------- the end of the game


@dataclass(frozen=True)
class SideStanding:
    """The two fixed partnerships' running totals: who is ahead, by how much, or level."""

    ahead: SeatGroup
    high: int
    low: int
    everyone: tuple[int, ...]

    @property
    def level(self) -> bool:
        """Both sides on the same total."""
        return self.high == self.low

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats of the side ahead, or every seat when level."""
        return self.everyone if self.level else self.ahead.seats

    @classmethod
    def of(cls, state: State) -> SideStanding:
        """The standing after the hands of `state`."""
        return cls.of_totals(sides(state.setup), state.totals)

    @classmethod
    def of_totals(cls, partnerships: Sequence[SeatGroup], totals: Sequence[int]) -> SideStanding:
        """The standing of the two partnerships on these running totals."""
        first, second = partnerships
        return cls.of_sides(
            partnerships,
            sum(totals[seat] for seat in first.seats),
            sum(totals[seat] for seat in second.seats),
        )

    @classmethod
    def of_sides(
        cls, partnerships: Sequence[SeatGroup], first_total: int, second_total: int
    ) -> SideStanding:
        """The standing of the two partnerships on their totals."""
        first, second = partnerships
        ahead = first if first_total >= second_total else second
        return cls(
            ahead,
            max(first_total, second_total),
            min(first_total, second_total),
            tuple(sorted((*first.seats, *second.seats))),
        )


def partnership_outcome(state: State) -> Outcome:
    """Sudden death after hands 1–3 (60, 120, 180), else the higher total after hand 4."""
    # Every earlier hand is judged again: a corrected hand 1 that reaches 60 ended the game
    # then, whatever was entered after it (kept, it counts nothing: engine.after_the_end).
    partnerships, hands = sides(state.setup), state.hands
    first, second = (group.seats for group in partnerships)
    first_total = second_total = 0
    for played, hand in enumerate(hands[:LAST_SUDDEN_DEATH], start=1):
        points = hand.result.points
        first_total += sum(points[seat] for seat in first)
        second_total += sum(points[seat] for seat in second)
        target = SUDDEN_DEATH.get(played)
        if target is not None and max(first_total, second_total) >= target:
            standing = SideStanding.of_sides(partnerships, first_total, second_total)
            verdict = _sudden_death(standing, played, target)
            if verdict.finished or played == len(hands):
                return verdict
    # Up to the last sudden death the loop has added every hand; after it, the totals have.
    standing = (
        SideStanding.of_totals(partnerships, state.totals)
        if len(hands) > LAST_SUDDEN_DEATH
        else SideStanding.of_sides(partnerships, first_total, second_total)
    )
    if len(hands) >= HANDS_IN_GAME:
        return _after_four_hands(standing)
    return Outcome(False, standing.leaders)


def _sudden_death(standing: SideStanding, played: int, target: int) -> Outcome:
    """A side reached the target after hand `played`: a double game, unless both are level."""
    name, high, low = standing.ahead.name, standing.high, standing.low
    if standing.level:
        return Outcome(
            False,
            standing.leaders,
            t(
                "Both sides reached the target of {target} with {high}: play on",
                target=target,
                high=high,
            ),
        )
    if low >= target:
        return Outcome(
            True,
            standing.leaders,
            t(
                "{name} win a double game: {high} to {low} after hand {played}; both "
                "sides reached the target of {target} and the higher total wins",
                name=name,
                high=high,
                low=low,
                played=played,
                target=target,
            ),
        )
    return Outcome(
        True,
        standing.leaders,
        t(
            "{name} win a double game: {high} after hand {played} reached the target of {target}",
            name=name,
            high=high,
            played=played,
            target=target,
        ),
    )


def _after_four_hands(standing: SideStanding) -> Outcome:
    """The higher total wins a single game, or a double with 240 or more; level is a draw."""
    name, high, low = standing.ahead.name, standing.high, standing.low
    if standing.level:
        # A draw: the game is over and nobody won it (the statistics count no winner).
        return Outcome(True, (), t("Draw: {high} each after four hands", high=high))
    if high >= DOUBLE_AFTER_FOUR:
        return Outcome(
            True,
            standing.leaders,
            t(
                "{name} win a double game: {high} to {low} after four hands reached {double}",
                name=name,
                high=high,
                low=low,
                double=DOUBLE_AFTER_FOUR,
            ),
        )
    return Outcome(
        True,
        standing.leaders,
        t(
            "{name} win a single game: {high} to {low} after four hands",
            name=name,
            high=high,
            low=low,
        ),
    )


def split_scores(state: State) -> tuple[int, ...]:
    """Each player's own total plus their half-partner's (left or right, by the option)."""
    totals = state.totals
    return tuple(
        totals[seat] + totals[half_partner(state.setup, seat)]
        for seat in range(state.setup.player_count)
    )


def split_outcome(state: State) -> Outcome:
    """After four hands the highest split score wins; before that the split leaders lead."""
    setup, totals, split = state.setup, state.totals, split_scores(state)
    winners = leaders(split)
    if len(state.hands) < HANDS_IN_GAME:
        return Outcome(False, winners)
    parts = " · ".join(
        f"{setup.players[seat]} {totals[seat]} + {totals[half_partner(setup, seat)]} = "
        f"{split[seat]}"
        for seat in range(setup.player_count)
    )
    first = _first_place(setup, winners, split[winners[0]])
    if scoring(setup) is Scoring.SPLIT_LEFT:
        return Outcome(
            True,
            winners,
            t(
                "Split scores (own + the player on the left): {scores}. {first}",
                scores=parts,
                first=first,
            ),
        )
    return Outcome(
        True,
        winners,
        t(
            "Split scores (own + the player on the right): {scores}. {first}",
            scores=parts,
            first=first,
        ),
    )


def individual_outcome(state: State) -> Outcome:
    """Four players each for themselves: after four hands the highest total wins."""
    winners = leaders(state.totals)
    if len(state.hands) < HANDS_IN_GAME:
        return Outcome(False, winners)
    best = state.totals[winners[0]]
    return Outcome(
        True,
        winners,
        t("After four hands {result}", result=_first_place(state.setup, winners, best)),
    )


def three_player_outcome(state: State) -> Outcome:
    """Three players: over after the hand in which someone reaches 300; a tie on top plays on."""
    winners = leaders(state.totals)
    best = state.totals[winners[0]]
    played = len(state.hands)
    if best < THREE_PLAYER_GAME:
        return Outcome(False, winners)
    if len(winners) > 1:
        return Outcome(
            False,
            winners,
            t(
                "{names} are level at the top with {best}: play another round",
                names=state.setup.names_of(winners),
                best=best,
            ),
        )
    return Outcome(
        True,
        winners,
        t(
            "{name} wins with {best} after hand {played}, reaching {target}",
            name=state.setup.players[winners[0]],
            best=best,
            played=played,
            target=THREE_PLAYER_GAME,
        ),
    )


def _first_place(setup: Setup, winners: Sequence[int], best: int) -> str:
    """ "Connie wins with 131", or "Annie and Connie share first place with 120"."""
    if len(winners) == 1:
        return t("{name} wins with {best}", name=setup.players[winners[0]], best=best)
    return t("{names} share first place with {best}", names=setup.names_of(winners), best=best)


# ---------------------------------------------------------------- the game


def runts_counted(hand: ScoredHand, seat: int) -> Counter[str]:
    """The runts the seat got in a hand (every trick that went to it, the Tantony card
    included) and what they were worth: the statistics' own count."""
    got = [trick for trick in hand.result.facts.get("tricks", ()) if trick.get("to") == seat]
    return Counter(
        {"runts": len(got), "runt_points": sum(trick.get("runt_value") or 0 for trick in got)}
    )


def runt_figures(counts: Mapping[str, int], hands: int) -> tuple[Figure, ...]:
    """Runts a hand and the average runt's worth, over a player's hands."""
    runts = counts.get("runts", 0)
    return (
        Figure(t("Runts a hand"), runts / hands if hands else None),
        Figure(t("Average runt"), counts.get("runt_points", 0) / runts if runts else None),
    )


RUNT_FIGURES = OwnFigures(t("Runts"), runts_counted, runt_figures, lambda: ("runts", "runt_points"))
"""Tantony's own figures on the statistics pages."""


class Tantony(Game):
    """Tantony as the text has it, with the gaps settled by docs/rulings.md."""

    slug = "tantony"
    name = t("Tantony")
    player_counts = (3, 4)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS
    figures = RUNT_FIGURES
    options_type = Options
    summary = t(
        "Tricks at no trump worth their lowest card of the suit led (the runt); the "
        "winner keeps each trick or gives it to a player still short of the quota. Four "
        "hands in partnerships, split partnership or alone; three players play to 300."
    )
    turn_word = t("leads")
    turn_heading = t("First lead")

    def options(self, player_count: int) -> tuple[Field, ...]:
        """Four players: how the scores add up. Three players: nothing to choose."""
        if player_count != 4:
            return ()
        return (
            Field(
                "scoring",
                t("Scoring"),
                FieldKind.CHOICE,
                choices=choices(Scoring, SCORING_LABELS),
                default=Scoring.PARTNERSHIP.value,
                help=t(
                    "{ruling}: fixed partnerships as written; split partnership counts the "
                    "player on the left (option: on the right); option: plain individual scores",
                    ruling=RULING,
                ),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """One field: the tricks, each a runt and who got it (optionally the cards played)."""
        table = table_for(setup)
        return (
            Field(
                "tricks",
                t("Tricks"),
                FieldKind.TRICKS,
                choices=tuple(Choice(card.code, str(card)) for card in table.pack),
                minimum=table.total_tricks,
                maximum=table.total_tricks,
                parts=(
                    Field(
                        "runt",
                        t("Runt"),
                        FieldKind.CARD,
                        required=False,
                        help=t("the lowest card of the suit led, or just its value"),
                    ),
                ),
                help=t(
                    "Each trick's runt (the lowest card of the suit led) and who got it; add the "
                    "cards played, from the leader on, to have the trick refereed"
                ),
            ),
        )

    def read_hand(self, state: State, entry: Entry, leader: int | None = None) -> WalkedHand:
        """The hand being entered, read trick by trick from its first leader (the dealer's
        choice, unless the caller has already worked it out)."""
        if leader is None:
            leader = self.dealer(state)
        return walk(state.setup, leader, entry.get("tricks") or ())

    def validate_progress(self, state: State, entry: Entry) -> list[Problem]:
        """Every per-trick check on the tricks entered so far (a short hand is fine here)."""
        return list(self.read_hand(state, entry).problems)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """The per-trick checks, and a hand with the wrong number of tricks."""
        problems = list(self.read_hand(state, entry).problems)
        total = table_for(state.setup).total_tricks
        entered = len(entry.get("tricks") or ())
        if entered != total:
            problems.append(
                Problem(
                    "tricks",
                    tn(
                        "A hand has {total} tricks; {count} is entered.",
                        "A hand has {total} tricks; {count} are entered.",
                        entered,
                        total=total,
                    ),
                )
            )
        return problems

    def progress(self, state: State, entry: Entry) -> TantonyProgress:
        """The hand so far: next trick, its leader, tricks and points per seat, who may get it."""
        setup, table = state.setup, table_for(state.setup)
        walked = self.read_hand(state, entry)
        number = len(walked.tricks) + 1
        complete = number > table.total_tricks
        last = table.is_last_unplaced(number)
        if complete:
            open_seats: tuple[int, ...] = ()
        elif last:
            open_seats = tuple(range(setup.player_count))
        else:
            open_seats = tuple(
                seat for seat in range(setup.player_count) if walked.placed[seat] < table.quota
            )
        # Per-seat counts are in `taken` and `points` (the pad draws them); the lines add what
        # those cannot say: the sides' totals, who holds the Tantony card. The revokes proven
        # are warnings, set apart.
        lines = [_sides_words(sides(setup), walked.points)] if sides(setup) else []
        lines += [
            _progress_seat_line(setup, table, walked, seat)
            for seat in range(setup.player_count)
            if walked.taken[seat] > table.quota
        ]
        proven = revokes(setup, walked)
        if last:
            lines.append(
                t(
                    "Trick {number} is not placed: its runt, the Tantony card, goes to "
                    "whoever wins it",
                    number=number,
                )
            )
        return TantonyProgress(
            trick_number=number,
            total_tricks=table.total_tricks,
            leader=None if complete else walked.next_leader,
            taken=walked.taken,
            points=walked.points,
            open_seats=open_seats,
            used=walked.used,
            lines=tuple(lines),
            seat_notes=tuple(
                _quota_note(taken, placed, table.quota)
                for taken, placed in zip(walked.taken, walked.placed, strict=True)
            ),
            full_seats=tuple(
                seat for seat in range(setup.player_count) if walked.placed[seat] >= table.quota
            ),
            status_notes=(t("the last trick is not placed"),) if last else (),
            warnings=tuple(revoke_words(revoke, setup.players) for revoke in proven),
            quota=table.quota,
            last_trick=last,
            tricks=tuple(
                _trick_words(
                    setup, trick, [revoke for revoke in proven if revoke.played_in == trick.number]
                )
                for trick in walked.tricks
            ),
            runt_prompt=(
                t("The Tantony card (runt of the last trick)")
                if last
                else t("Runt of trick {number}", number=number)
            ),
            to_prompt=t("Won the last trick (keeps the Tantony card)")
            if last
            else t("Got the trick"),
        )

    def score(self, state: State, entry: Entry) -> HandResult:
        """Each seat scores the value of the runts it got; the lines add them up."""
        setup, walked = state.setup, self.read_hand(state, entry)
        way = scoring(setup)
        groups = sides_under(setup, way)
        return HandResult(
            walked.points,
            tuple(score_lines(setup, groups, walked)),
            headline(setup, groups, walked.points),
            facts=hand_facts(way, groups, walked),
        )

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line: each seat's points, and at four players who got the Tantony card."""
        walked = walk(setup, None, entry.get("tricks") or ())
        words = _seats_words(setup, walked.points)
        for trick in walked.tricks:
            if not trick.placed and trick.got is not None:
                words = Text(
                    "{words} · Tantony {runt} {name}",
                    {
                        "words": words,
                        "runt": str(trick.runt or "?"),
                        "name": setup.players[trick.got],
                    },
                )
        return words

    def dealer(self, state: State) -> int:
        """The seat that leads the first trick of the next hand.

        Hand 1: the dealer's left-hand opponent. Four players: one seat further left each hand.
        Three players: whoever won the last trick of the previous hand (as entered, else from
        its cards, else whoever got it).
        """
        setup = state.setup
        count = setup.player_count
        if count == 4 or not state.hands:
            return (setup.first_dealer + 1 + len(state.hands)) % count
        # The last trick's leader is whoever got the one before it, so no first leader is needed.
        tricks = walk(setup, None, state.hands[-1].entry.get("tricks") or ()).tricks
        seat = None
        if tricks:
            seat = tricks[-1].winner if tricks[-1].winner is not None else tricks[-1].got
        # An accepted hand always has a last trick that somebody got; the fallback is for safety.
        return seat if seat is not None else (setup.first_dealer + 1) % count

    def groups(self, setup: Setup) -> tuple[SeatGroup, ...]:
        """The fixed partnerships, with the players' names; none in the other ways of scoring."""
        return sides(setup)

    def outcome(self, state: State) -> Outcome:
        """Whether the game is over, who won and why (see the module and the rules page)."""
        setup = state.setup
        if setup.player_count == 3:
            return three_player_outcome(state)
        way = scoring(setup)
        if way is Scoring.PARTNERSHIP:
            return partnership_outcome(state)
        if way is Scoring.INDIVIDUAL:
            return individual_outcome(state)
        return split_outcome(state)


# ---------------------------------------------------------------- the trick referee


class TantonyReferee(RankingReferee):
    """Tantony's tricks: no trump; the highest card of the suit led (the sow) wins, or the card
    led when nobody follows (the hog)."""

    slug = "tantony"
    name = t("Tantony")
    player_counts = (3, 4)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return table_for_count(player_count).pack

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        return NO_TRUMP

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        if not anyone_followed(cards):
            return t("nobody followed suit, so the card led wins: the hog (it is also the runt)")
        return t("Tantony has no trump, so the highest card of the suit led wins (the sow)")

    def notes(
        self, cards: Sequence[Card], winner: int | None, context: Mapping[str, Any]
    ) -> tuple[str, ...]:
        """The runt and what the trick is worth: the runt's value (the text: "The scoring value
        of a trick is the value of the lowest card it contains of the suit led")."""
        runt = cards[lowest_of_suit_led(cards, NO_TRUMP)]
        worth = table_for_count(len(cards)).value(runt)
        return (
            tn(
                "The runt, the lowest card of the suit led, is {card}: the trick is worth "
                "{count} point.",
                "The runt, the lowest card of the suit led, is {card}: the trick is worth "
                "{count} points.",
                worth,
                card=card_name(runt),
            ),
        )


REFEREE = register_referee(TantonyReferee())


register(Tantony())
