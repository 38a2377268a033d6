"""The values every game speaks in: fields, entries, problems, setups, results, states, tricks.

Plain frozen data, no behaviour beyond small derived properties. The Game contract
(`companion.contract.game`) is written in these terms; the parser (`contract.parsing`) produces
them from raw input. Nothing here imports Flask or SQL.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from enum import Enum, StrEnum
from operator import add
from typing import Any, NamedTuple, TypeVar

from companion.kit.formatting import number, signed
from companion.kit.i18n import t

E = TypeVar("E", bound=Enum)

Entry = dict[str, Any]
"""A hand as the players entered it, after parsing: field name -> typed value (or None)."""

MAX_SEATS = 10
"""The most seats any game may declare (Maw is played by up to ten)."""


def by_value(enum_type: type[E]) -> dict[Any, E]:
    """An enum's members by their value: `CONTRACTS[text]` reads what `Contract(text)` does, as
    one dict look-up (a game reads its words from every hand it replays)."""
    return {member.value: member for member in enum_type}


class FieldKind(StrEnum):
    """What kind of value a field holds; decides the form widget and the parser."""

    CHOICE = "choice"  # one value among `choices` (strings)
    SEAT = "seat"  # a seat number 0..players-1, or None when `none_label` allows nobody
    INTEGER = "integer"  # a whole number within minimum..maximum
    HALF = "half"  # a number in half units (40.5), within minimum..maximum
    BOOLEAN = "boolean"  # yes / no
    TEXT = "text"  # free text (names); escaped wherever it is shown
    CARD = "card"  # one card-like token ("2S", "10H", "21T", or a bare value "20"); the game
    #               reads it against its pack
    TRICKS = "tricks"  # a list of tricks (`TrickRecord`), up to `maximum` of them


class Better(StrEnum):
    """Which way a game's totals are better: most points, or fewest (goats, penalty points)."""

    HIGHER = "higher"
    LOWER = "lower"


@dataclass(frozen=True)
class Scale:
    """What a game's points are called and how they read.

    `signed`: a hand's result is a gain or a loss, written +31 / −3; a count (one goat game, one
    deal won) is written as it is. `better` says whether the highest or the lowest total leads.
    """

    singular: str
    plural: str
    better: Better = Better.HIGHER
    signed: bool = True

    def show(self, points: int) -> str:
        """One hand's points as this scale writes them: +31 / −3, or a plain count (1)."""
        return signed(points) if self.signed else number(points)

    def best(self, totals: Sequence[int]) -> int | None:
        """The best of these totals, by this scale's direction (None for no seats)."""
        if not totals:
            return None
        return max(totals) if self.better is Better.HIGHER else min(totals)


POINTS = Scale(t("point"), t("points"))
"""The usual scale: points, the most leads, each hand written with its sign."""


@dataclass(frozen=True)
class Choice:
    """One choice of a CHOICE field: the stored value and the words a player reads."""

    value: str
    label: str


@dataclass(frozen=True)
class Field:
    """One thing a score keeper writes down for a hand (or chooses for a session).

    `shown_when` = (other field, values): this field only applies when the other field holds one
    of those values; otherwise it is ignored and cleared. The same class describes session
    options (house rules), whose `default` is the standard rule and whose `help` cites the ruling.
    A TRICKS field lists in `parts` the game's own parts of a trick (Tantony's runt) beside the
    parts every trick has (see `TrickRecord`).
    """

    name: str
    label: str
    kind: FieldKind
    choices: tuple[Choice, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    default: Any = None
    required: bool = True
    help: str = ""
    # SEAT only: the label of the choice "nobody" (stored as None). A required SEAT with a
    # none_label must still be answered: a player, or "nobody" said explicitly.
    none_label: str | None = None
    shown_when: tuple[str, tuple[str, ...]] | None = None
    max_length: int = 60  # TEXT only
    section: str = ""  # a heading to group rarer fields under (the pad folds them away)
    parts: tuple[Field, ...] = ()  # TRICKS only: the game's own parts of each trick

    def applies(self, values: Mapping[str, Any]) -> bool:
        """Whether this field matters given the other values of the same entry."""
        if self.shown_when is None:
            return True
        other, wanted = self.shown_when
        return values.get(other) in wanted

    def choice_label(self, value: Any) -> str:
        """The words for a stored CHOICE value (the value itself when unknown)."""
        for choice in self.choices:
            if choice.value == value:
                return choice.label
        return str(value)

    def describe(self) -> dict[str, Any]:
        """This field as plain JSON-able data (for `companion games --json` and the API)."""
        data: dict[str, Any] = {"name": self.name, "label": self.label, "type": self.kind.value}
        if self.choices:
            data["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.kind is FieldKind.HALF:
            data["step"] = 0.5
        if self.kind is FieldKind.SEAT:
            data["nobody"] = self.none_label
        data["required"] = self.required
        if self.default is not None:
            data["default"] = self.default
        if self.help:
            data["help"] = self.help
        if self.section:
            data["section"] = self.section
        if self.shown_when:
            data["shown_when"] = {"field": self.shown_when[0], "values": list(self.shown_when[1])}
        if self.kind is FieldKind.TRICKS:
            data["trick_parts"] = [*TRICK_PARTS, *(part.describe() for part in self.parts)]
        return data


@dataclass(frozen=True)
class Phase:
    """One moment of a hand's entry: bids before play, tricks after, or the whole hand at once.

    `fields` names the entry fields written down at this moment; a hand in several phases is
    kept as a draft between them, so the bids saved on one phone are on every phone.
    """

    name: str
    label: str
    fields: tuple[str, ...]
    action: str = ""  # the words on the button that ends the phase ("Save the bids")


class TrickRecord(NamedTuple):
    """One trick as the score keeper wrote it down; every trick game uses the same record (a
    named tuple: a frozen dataclass sets each field through a call, for every trick read).

    `cards` are the cards played, as codes in play order from the leader (when the referee is
    used); `leader` the seat that led, when written; `won_by` the seat that won it; `to` the seat
    that got it (a game where the winner may give a trick away says so). `parts` holds the
    game's own parts by name (Tantony's runt), as its TRICKS field declares them.
    """

    cards: tuple[str, ...] = ()
    leader: int | None = None
    won_by: int | None = None
    to: int | None = None
    parts: tuple[tuple[str, Any], ...] = ()

    def part(self, name: str) -> Any:
        """The game's own part `name` of this trick (None when not written)."""
        for key, value in self.parts:
            if key == name:
                return value
        return None

    def as_data(self) -> dict[str, Any]:
        """The trick as flat JSON data: the shared parts, then the game's own by name."""
        data: dict[str, Any] = {"cards": list(self.cards), "won_by": self.won_by, "to": self.to}
        if self.leader is not None:  # written only when known, so older records read the same
            data["leader"] = self.leader
        data.update(dict(self.parts))
        return data


SHARED_TRICK_PARTS = ("cards", "leader", "won_by", "to")
"""The parts every trick has (`TrickRecord`), in the order forms and exports list them."""

TRICK_PARTS: tuple[dict[str, Any], ...] = (
    {"name": "cards", "type": "cards", "help": t("card codes in play order from the leader")},
    {"name": "leader", "type": "seat"},
    {"name": "won_by", "type": "seat"},
    {"name": "to", "type": "seat", "help": t("who got the trick, when not its winner")},
)
"""The parts every trick has, as `Field.describe` lists them for a TRICKS field."""


@dataclass(frozen=True)
class Problem:
    """Something wrong with an entry: the field it concerns (None: the whole hand) and why.

    For a list-valued field (TRICKS), `item` is the index of the trick concerned and `part` the
    piece of it ("cards", "to", "won_by", or one of the game's own parts), so a form can show the
    problem beside the very box or button it is about.
    """

    field: str | None
    message: str
    part: str | None = None
    item: int | None = None


@dataclass(frozen=True)
class Setup:
    """What is fixed for a whole session: the game, the seats in play order, the house rules."""

    game: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    first_dealer: int = 0

    @property
    def player_count(self) -> int:
        return len(self.players)

    def __hash__(self) -> int:
        """Equal setups hash alike (their options as a set of pairs), so a setup can key a
        cache of what is built from it (`companion.engine.cached`)."""
        return hash((self.game, self.players, frozenset(self.options.items()), self.first_dealer))

    def option(self, name: str) -> Any:
        """The value of a house rule (games fill every default in at session start)."""
        return self.options[name]

    def names_of(self, seats: Sequence[int]) -> str:
        """Seats named in words: "Ann", "Ann and Bob", "Ann, Bob and Cat"."""
        names = [self.players[seat] for seat in seats]
        if len(names) < 2:
            return "".join(names)
        return t("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class HandResult:
    """What a hand scored: points per seat (in seat order), the arithmetic, and a headline.

    `carry` is what the hand hands on to the next one (Maw's pool after this deal); the next
    hand reads it from the state (`Game.carried`) instead of replaying the session. `facts`
    are the hand's results as data beside the words (made or failed, the margin, a game's
    value, each trick's winner), for the command line's answer and for statistics.
    """

    points: tuple[int, ...]
    lines: tuple[str, ...]
    headline: str
    redeal: bool = False
    carry: Any = None
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoredHand:
    """A hand in the effective history: its number, what was entered, what it scored."""

    number: int
    entry: Entry
    result: HandResult


@dataclass(frozen=True)
class State:
    """A session so far: its setup and the scored hands in order. Everything else is derived.

    `totals` (each seat's running total after the last hand) and `hands_played` (the hands
    played out: a redeal is not one) are counted from the hands when not given; `with_hand`
    carries them forward, so appending hand 1000 costs what appending hand 10 does.
    """

    setup: Setup
    # Read only as a sequence: a tuple here, or the service's lazily read stored hands.
    hands: Sequence[ScoredHand] = ()
    # None when not given: counted from the hands by `__post_init__`, so never None after it.
    totals: tuple[int, ...] = field(default=None, compare=False, repr=False)  # type: ignore[arg-type]
    hands_played: int = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        # Derived fields of a frozen dataclass, set once here (the documented way).
        if self.totals is None:
            object.__setattr__(self, "totals", count_totals(self.setup.player_count, self.hands))
        if self.hands_played is None:
            played = sum(1 for hand in self.hands if not hand.result.redeal)
            object.__setattr__(self, "hands_played", played)

    def running_totals(self) -> list[tuple[int, ...]]:
        """The totals after each hand, one tuple per hand (for the table of hands)."""
        totals = [0] * self.setup.player_count
        rows: list[tuple[int, ...]] = []
        for hand in self.hands:
            totals = [t + p for t, p in zip(totals, hand.result.points, strict=True)]
            rows.append(tuple(totals))
        return rows

    def with_hand(self, hand: ScoredHand) -> State:
        """This state with one more hand appended (its totals carried forward, not recounted)."""
        result, totals = hand.result, self.totals
        if len(result.points) != len(totals):
            raise ValueError(
                f"hand {hand.number} scores {len(result.points)} seats, not {len(totals)}"
            )
        return State(
            self.setup,
            tuple(self.hands) + (hand,),  # noqa: RUF005 (a third of the cost of unpacking)
            tuple(map(add, totals, result.points)),
            self.hands_played + (0 if result.redeal else 1),
        )


def count_totals(player_count: int, hands: Sequence[ScoredHand]) -> tuple[int, ...]:
    """Each seat's total over `hands`."""
    totals = [0] * player_count
    for hand in hands:
        for seat, points in enumerate(hand.result.points):
            totals[seat] += points
    return tuple(totals)


@dataclass(frozen=True)
class SeatGroup:
    """Seats whose points count together (a fixed partnership), with the name the pad shows."""

    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class TrickProgress:
    """A trick game's hand in progress, as the pad shows it while tricks are entered.

    `taken` and `points` are per seat; `open_seats` are the seats that may get the next trick;
    `used` the card codes already spent in this hand (a card grid greys them); `seat_notes`,
    when given, is what the pad shows per seat instead of the bare count ("2/3" against a
    quota). A game with more to say subclasses this (Tantony's quota and unplaced last trick)
    and the pad draws it in the game's own partial (`GamePage.trick`, companion/web/game_pages.py).
    """

    trick_number: int
    total_tricks: int
    leader: int | None
    taken: tuple[int, ...]
    points: tuple[int, ...]
    open_seats: tuple[int, ...]
    used: frozenset[str]
    lines: tuple[str, ...] = ()
    tricks: tuple[str, ...] = ()  # each trick entered, as the referee read it, in words
    seat_notes: tuple[str, ...] = ()
    full_seats: tuple[int, ...] = ()  # seats that can take no more tricks (marked on the pad)
    status_notes: tuple[str, ...] = ()  # beside "Trick 4 of 13 · Ann leads"
    warnings: tuple[str, ...] = ()  # what the tricks prove against the rules (a revoke), set apart

    @property
    def closing_trick(self) -> bool:
        """The next trick is the hand's last one (whose winner may lead the next hand)."""
        return self.trick_number == self.total_tricks

    @property
    def complete(self) -> bool:
        """Every trick of the hand is in."""
        return self.trick_number > self.total_tricks


@dataclass(frozen=True)
class Outcome:
    """Where the session stands: finished or not, the winners (seats), and the words for it."""

    finished: bool
    winners: tuple[int, ...] = ()
    text: str = ""


def entry_as_data(entry: Mapping[str, Any]) -> dict[str, Any]:
    """An entry as plain JSON data (tricks become flat mappings); parsing reads it back."""
    return {key: json_ready(item) for key, item in entry.items()}


JSON_SCALARS = frozenset({str, int, float, bool, type(None)})
"""The classes JSON keeps as they are: most of an entry or a stored hand, so asked first."""


def json_ready(value: Any) -> Any:
    """Any entry value as JSON data: tricks and other dataclasses become mappings, tuples lists."""
    if value.__class__ in JSON_SCALARS:
        return value
    if isinstance(value, TrickRecord):
        return json_ready(value.as_data())
    if is_dataclass(value) and not isinstance(value, type):
        return {key: json_ready(item) for key, item in asdict(value).items()}
    if isinstance(value, Mapping):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(item) for item in value]
    return value
