"""The values every game speaks in: fields, entries, problems, setups, results, states, tricks.

Plain frozen data, no behaviour beyond small derived properties. The Game contract
(`companion.contract.game`) is written in these terms; the parser (`contract.parsing`) produces
them from raw input. Nothing here imports Flask or SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from enum import Enum, StrEnum
from functools import cache, cached_property
from itertools import islice
from operator import add
from typing import Any, TypeVar, overload

from companion.kit.formatting import number, signed
from companion.kit.i18n import t

T = TypeVar("T")
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


@dataclass(frozen=True)
class TrickRecord:
    """One trick as the score keeper wrote it down; every trick game uses the same record.

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


def trick_record(
    cards: tuple[str, ...],
    leader: int | None,
    won_by: int | None,
    to: int | None,
    parts: tuple[tuple[str, Any], ...],
) -> TrickRecord:
    """`TrickRecord(cards, leader, won_by, to, parts)` made without the frozen dataclass's
    checked assignments (the parser makes one per trick of every hand replayed)."""
    record = _new_object(TrickRecord)
    fields = record.__dict__
    fields["cards"], fields["leader"], fields["won_by"] = cards, leader, won_by
    fields["to"], fields["parts"] = to, parts
    return record


_new_object = object.__new__


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

    @cached_property  # read several times per hand; kept in the instance dict once read
    def player_count(self) -> int:
        return len(self.players)

    def option(self, name: str) -> Any:
        """The value of a house rule (games fill every default in at session start)."""
        return self.options[name]

    def names_of(self, seats: Sequence[int]) -> str:
        """Seats named in words: "Ann", "Ann and Bob", "Ann, Bob and Cat"."""
        names = [self.players[seat] for seat in seats]
        if len(names) < 2:
            return "".join(names)
        return t("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and copied without what it remembers (prepared parsers hold functions)."""
        return {name: value for name, value in self.__dict__.items() if name != "_memo"}

    def remember(self, key: Hashable, make: Callable[[], T]) -> T:
        """A value derived from this setup alone (a game's fields, its parser), made once.

        A setup is frozen, so what is derived from it never changes: it is kept with the setup,
        and shared by every equal setup (the pad builds a new one per request), so a session's
        fields are built once per process. `key` names the value and what made it (the game).
        """
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = _setup_memo(self)
            self.__dict__["_memo"] = memo  # the instance dict: frozen only guards the fields
        try:
            return memo[key]
        except KeyError:
            value = memo[key] = make()
            return value


SETUP_MEMO_LIMIT = 512
"""Distinct setups whose derived values are kept for equal setups (then the store starts over)."""

_SETUP_MEMOS: dict[Hashable, dict[Hashable, Any]] = {}


def _setup_memo(setup: Setup) -> dict[Hashable, Any]:
    """The memo shared by every setup equal to `setup` (its own when an option is unhashable)."""
    try:
        key = (setup.game, setup.players, tuple(sorted(setup.options.items())), setup.first_dealer)
        hash(key)
    except TypeError:
        return {}
    memo = _SETUP_MEMOS.get(key)
    if memo is None:
        if len(_SETUP_MEMOS) >= SETUP_MEMO_LIMIT:
            _SETUP_MEMOS.clear()
        memo = _SETUP_MEMOS.setdefault(key, {})
    return memo


class Later:
    """A value worked out only when first read (`HandResult.lines`): the call that makes it."""

    __slots__ = ("args", "function")

    def __init__(self, function: Callable[..., Any], *args: Any) -> None:
        self.function = function
        self.args = args

    def make(self) -> Any:
        return self.function(*self.args)


class LaterFrom:
    """A field made when first read, by a function given once for every hand of a game
    (`hand_result_from`) and called on the arguments each hand result keeps: one for each
    of a game's deferred fields, not a `Later` for each hand (a replay makes one per hand)."""

    __slots__ = ("function",)

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function


LATER_ARGUMENTS = "_later_arguments"
"""Where a hand result made by `hand_result_from` keeps what its `LaterFrom` fields are made
from (its instance dict, beside the fields: not a field itself)."""


class _Deferred:
    """A frozen dataclass field that may be given as `Later(...)`: made when first read, then
    kept, so every caller reads a plain value. `empty` makes the default (a fresh one each);
    `convert` turns what the later call made into the field's type (a list of lines: a tuple).
    """

    def __init__(
        self, empty: Callable[[], Any] | None = None, convert: Callable[[Any], Any] | None = None
    ) -> None:
        self.empty = empty
        self.convert = convert

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            if self.empty is None:
                raise AttributeError(self.name)  # dataclasses: a field without a default
            return _EMPTY
        value = instance.__dict__[self.name]
        kind = value.__class__
        if kind is Later:
            value = value.make()
        elif kind is LaterFrom:
            value = value.function(*instance.__dict__[LATER_ARGUMENTS])
        else:
            return value
        if self.convert is not None:
            value = self.convert(value)
        instance.__dict__[self.name] = value
        return value

    def __set__(self, instance: Any, value: Any) -> None:
        if value is _EMPTY:
            value = self.empty() if self.empty is not None else None
        instance.__dict__[self.name] = value


_EMPTY = object()
"""What a deferred field holds when it was not given: its `empty` value, made per instance."""


@cache
def deferred_fields(kind: type) -> frozenset[str]:
    """The fields of a dataclass that may be given as `Later(...)` (made when first read)."""
    return frozenset(
        name for name, attribute in vars(kind).items() if isinstance(attribute, _Deferred)
    )


@dataclass(frozen=True)
class HandResult:
    """What a hand scored: points per seat (in seat order), the arithmetic, and a headline.

    `carry` is what the hand hands on to the next one (Maw's pool after this deal); the next
    hand reads it from the state (`Game.carried`) instead of replaying the session. `facts`
    are the hand's results as data beside the words (made or failed, the margin, a game's
    value, each trick's winner), for the command line's answer and for statistics.

    `lines`, `headline` and `facts` may be given as `Later(function, *args)`: they are then
    worked out when first read (a session replayed cold scores every hand but shows few of
    them), and read as plain values by every caller (the lines as a tuple, whatever the
    function made).
    """

    points: tuple[int, ...]
    lines: tuple[str, ...] = _Deferred(convert=tuple)  # type: ignore[assignment]
    headline: str = _Deferred()  # type: ignore[assignment]
    redeal: bool = False
    carry: Any = None
    facts: Mapping[str, Any] = _Deferred(dict)  # type: ignore[assignment]


def hand_result(points: tuple[int, ...], lines: Any, headline: Any, facts: Any) -> HandResult:
    """`HandResult(points, lines, headline, facts=facts)` made without the frozen dataclass's
    checked assignments (a replay makes one per hand); each of `lines`, `headline` and `facts`
    may be a `Later(...)`, read as `HandResult` reads it."""
    result = _new_object(HandResult)
    fields = result.__dict__
    fields["points"], fields["lines"], fields["headline"] = points, lines, headline
    fields["redeal"], fields["carry"], fields["facts"] = False, None, facts
    return result


def hand_result_from(
    points: tuple[int, ...],
    arguments: tuple[Any, ...],
    lines: LaterFrom,
    headline: LaterFrom,
    facts: LaterFrom,
    *,
    redeal: bool = False,
) -> HandResult:
    """`hand_result(points, Later(lines.function, *arguments), …)` for each of the three
    fields, without making three `Later`s: each is made when first read, by its function on
    `arguments`, which the result keeps. `redeal` as `HandResult`'s."""
    result = _new_object(HandResult)
    fields = result.__dict__
    fields["points"], fields["lines"], fields["headline"] = points, lines, headline
    fields["redeal"], fields["carry"], fields["facts"] = redeal, None, facts
    fields[LATER_ARGUMENTS] = arguments
    return result


@dataclass(frozen=True)
class ScoredHand:
    """A hand in the effective history: its number, what was entered, what it scored."""

    number: int
    entry: Entry
    result: HandResult


def scored_hand(number: int, entry: Entry, result: HandResult) -> ScoredHand:
    """`ScoredHand(number, entry, result)` made without the frozen dataclass's checked
    assignments (a replay makes one per hand): the same fields, the same object."""
    hand = _new_object(ScoredHand)
    fields = hand.__dict__
    fields["number"], fields["entry"], fields["result"] = number, entry, result
    return hand


class Hands(Sequence[ScoredHand]):
    """The first `length` hands of an append-only list shared by a session's successive states.

    `State.with_hand` appends in O(1): the new state's hands are the parent's list with one
    more hand, read up to a longer length; the parent still reads only its own. When a state is
    extended a second time (a preview, a correction, another thread), the second child finds its
    place taken and copies the hands it keeps. Reads like a tuple: indexing, slicing (a tuple),
    iteration, equality with a tuple of the same hands.
    """

    __slots__ = ("_items", "_length")

    def __init__(self, items: list[ScoredHand], length: int) -> None:
        self._items = items
        self._length = length

    @classmethod
    def extended(cls, hands: Sequence[ScoredHand], hand: ScoredHand) -> Hands:
        """`hands` and then `hand`, sharing `hands`' list when nothing was appended to it yet."""
        if isinstance(hands, Hands):
            items, length = hands._items, hands._length
            if len(items) == length:
                items.append(hand)
                if items[length] is hand:  # appended here, not by a sibling at the same moment
                    # `cls(items, length + 1)` without the call to `__init__` (one per hand
                    # replayed): the same two slots.
                    longer = _new_object(cls)
                    longer._items, longer._length = items, length + 1
                    return longer
            return cls([*items[:length], hand], length + 1)
        return cls([*hands, hand], len(hands) + 1)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> ScoredHand: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[ScoredHand, ...]: ...

    def __getitem__(self, index: int | slice) -> ScoredHand | tuple[ScoredHand, ...]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step == 1:
                return tuple(self._items[start:stop])
            return tuple(self._items[i] for i in range(start, stop, step))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("hand index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[ScoredHand]:
        return islice(self._items, self._length)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._length and all(
            mine == theirs for mine, theirs in zip(self, other, strict=True)
        )

    __hash__ = None  # type: ignore[assignment]  # equal to a tuple, so never a dict key

    def __repr__(self) -> str:
        return repr(tuple(self))


@dataclass(frozen=True)
class State:
    """A session so far: its setup and the scored hands in order. Everything else is derived.

    `hands` is any sequence of hands (a tuple, or the shared `Hands` that `with_hand` builds).
    """

    setup: Setup
    # Any sequence: a tuple, or the pad's hands read from the store only when looked at.
    hands: Sequence[ScoredHand] = ()

    # Derived once per state and carried forward by `with_hand`, so appending hand 1000 costs
    # what appending hand 10 does (cached_property writes the instance dict, frozen or not).
    @cached_property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total after the last hand."""
        totals = [0] * self.setup.player_count
        for hand in self.hands:
            for seat, points in enumerate(hand.result.points):
                totals[seat] += points
        return tuple(totals)

    @cached_property
    def hands_played(self) -> int:
        """The hands that were played out (a redeal is not a hand played)."""
        return sum(1 for hand in self.hands if not hand.result.redeal)

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
        # Made as `State(setup, hands)` is, without the frozen dataclass's checked assignments
        # (one state per hand of a replay), its derived values carried forward.
        state = _new_object(State)
        fields = state.__dict__
        fields["setup"] = self.setup
        fields["hands"] = Hands.extended(self.hands, hand)
        fields["totals"] = tuple(map(add, totals, result.points))
        fields["hands_played"] = self.hands_played + (0 if result.redeal else 1)
        return state


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
    return json_ready(dict(entry))


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
