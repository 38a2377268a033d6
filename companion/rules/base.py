"""The Game contract: the values every game speaks in, and the class every game implements.

A game is data plus a few pure functions. The web layer, the store and the command line know
nothing game-specific: they ask a `Game` for its options and entry fields, hand it raw entries,
and show what it answers. Nothing here imports Flask or SQL.

Flow of one hand:
    raw mapping (form, JSON)  --parse_values(fields)-->  Entry + type problems
    Entry + State             --game.validate-->         rule problems (the referee)
    Entry + State             --game.score-->            HandResult (points and arithmetic)
    State                     --game.outcome-->          Outcome (over? who won? whose deal?)
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any, ClassVar

from companion.settlement import Settlement, settle

Entry = dict[str, Any]
"""A hand as the players entered it, after parsing: field name -> typed value (or None)."""


class FieldKind(StrEnum):
    """What kind of value a field holds; decides the form widget and the parser."""

    CHOICE = "choice"  # one value among `choices` (strings)
    SEAT = "seat"  # a seat number 0..players-1, or None when `none_label` allows nobody
    INTEGER = "integer"  # a whole number within minimum..maximum
    HALF = "half"  # a number in half units (40.5), within minimum..maximum
    BOOLEAN = "boolean"  # yes / no
    TEXT = "text"  # free text (names); escaped wherever it is shown
    TRICKS = "tricks"  # a list of tricks (`TrickEntry`), up to `maximum` of them; see parse_tricks


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
        return data


@dataclass(frozen=True)
class TrickEntry:
    """One trick as the score keeper wrote it down (a TRICKS field holds a tuple of them).

    Only the shape is checked when parsing; the game reads the tokens against its pack. `runt`
    is the card that scores the trick as written ("2S"), or just its value ("20") when only the
    value was noted; `to` is the seat that got the trick; `won_by` the seat that won it, when
    known (the winner may place it elsewhere); `cards` the cards played, in order from the
    leader, when the trick referee is used.
    """

    runt: str | None = None
    to: int | None = None
    won_by: int | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    """Something wrong with an entry: the field it concerns (None: the whole hand) and why.

    For a list-valued field (TRICKS), `item` is the index of the trick concerned and `part` the
    piece of it ("runt", "to", "won_by" or "cards"), so a form can show the problem beside the
    very box or button it is about.
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

    def option(self, name: str) -> Any:
        """The value of a house rule (games fill every default in at session start)."""
        return self.options[name]

    def names_of(self, seats: Sequence[int]) -> str:
        """Seats named in words: "Ann", "Ann and Bob", "Ann, Bob and Cat"."""
        names = [self.players[seat] for seat in seats]
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


@dataclass(frozen=True)
class HandResult:
    """What a hand scored: points per seat (in seat order), the arithmetic, and a headline."""

    points: tuple[int, ...]
    lines: tuple[str, ...]
    headline: str
    redeal: bool = False


@dataclass(frozen=True)
class ScoredHand:
    """A hand in the effective history: its number, what was entered, what it scored."""

    number: int
    entry: Entry
    result: HandResult


@dataclass(frozen=True)
class State:
    """A session so far: its setup and the scored hands in order. Everything else is derived."""

    setup: Setup
    hands: tuple[ScoredHand, ...] = ()

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
        state = State(self.setup, (*self.hands, hand))
        state.__dict__["totals"] = tuple(
            total + points for total, points in zip(self.totals, hand.result.points, strict=True))
        state.__dict__["hands_played"] = self.hands_played + (0 if hand.result.redeal else 1)
        return state


@dataclass(frozen=True)
class SeatGroup:
    """Seats whose points count together (a fixed partnership), with the name the pad shows."""

    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class TrickProgress:
    """A trick game's hand in progress, as the pad shows it while tricks are entered.

    `taken` and `points` are per seat; `quota` is how many tricks each seat must end up with
    (None: no quota); `open_seats` are the seats that may get the next trick; `used` the card
    codes already spent in this hand (the runt grid greys them); `last_trick` says the next
    trick is not placed but goes to whoever wins it.
    """

    trick_number: int
    total_tricks: int
    leader: int | None
    taken: tuple[int, ...]
    quota: int | None
    points: tuple[int, ...]
    open_seats: tuple[int, ...]
    used: frozenset[str]
    last_trick: bool
    lines: tuple[str, ...] = ()
    tricks: tuple[str, ...] = ()  # each trick entered, as the referee read it, in words
    runt_prompt: str = ""  # the game's words over the runt grid ("The Tantony card ...")
    to_prompt: str = ""  # and over the players ("Won the last trick ...")

    @property
    def closing_trick(self) -> bool:
        """The next trick is the hand's last one (whose winner leads the next hand)."""
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


class Game(ABC):
    """The contract every game implements. Subclasses are stateless: all state is passed in."""

    slug: ClassVar[str]
    name: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    zero_sum: ClassVar[bool] = True
    summary: ClassVar[str] = ""
    turn_word: ClassVar[str] = "deals"  # what the seat returned by `dealer` does: "leads"
    turn_heading: ClassVar[str] = "Dealer"  # that seat's column on the score sheet

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The house rules a session creator may switch, with their defaults (the standard rule)."""
        return ()

    @abstractmethod
    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The fields of one hand's entry for this setup."""

    @abstractmethod
    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """The referee: everything impossible about a parsed entry, each on its field."""

    @abstractmethod
    def score(self, state: State, entry: Entry) -> HandResult:
        """Points per seat and the arithmetic. Only called with an entry `validate` accepted."""

    def outcome(self, state: State) -> Outcome:
        """Whether the session is over. By default it never ends by itself: highest total leads."""
        return Outcome(finished=False, winners=leaders(state.totals), text="")

    def dealer(self, state: State) -> int:
        """The seat that deals the next hand: by default the deal moves one seat on every hand."""
        return (state.setup.first_dealer + len(state.hands)) % state.setup.player_count

    def validate_progress(self, state: State, entry: Entry) -> list[Problem]:
        """The referee on a hand still being entered, trick by trick (nothing to check by default).

        Trick games check each trick as it comes (quota, cards used twice); `validate` then
        adds what only a finished hand can be judged on (the number of tricks).
        """
        return []

    def progress(self, state: State, entry: Entry) -> TrickProgress | None:
        """A trick game's hand after the tricks entered so far (None: not a trick game)."""
        return None

    def table_notes(self, state: State) -> tuple[str, ...]:
        """Short facts the pad shows beside whose deal it is ("30 games left", "Tapp: 7 cards")."""
        return ()

    def groups(self, setup: Setup) -> tuple[SeatGroup, ...]:
        """Fixed partnerships whose totals the pad shows together (none by default)."""
        return ()

    def settlement(self, state: State) -> Settlement | None:
        """What each player has won or lost and who pays whom (fewest payments).

        A zero-sum game's totals already are each player's winnings; other games say how their
        list balances (Skat balances by differences) or return None when nothing is settled.
        """
        if not self.zero_sum:
            return None
        return settle(state.totals, "points")

    def describe(self, setup: Setup, entry: Entry) -> str:
        """A one-line description of an entry for the table of hands."""
        return ", ".join(f"{k}={v}" for k, v in entry.items() if v is not None)

    def describe_game(self) -> dict[str, Any]:
        """This game as plain data: counts, options per count and fields per count."""
        variants = []
        for count in self.player_counts:
            options = self.options(count)
            setup = Setup(self.slug, tuple(f"P{i + 1}" for i in range(count)),
                          default_options(options))
            variants.append({
                "players": count,
                "options": [o.describe() for o in options],
                "fields": [f.describe() for f in self.fields(setup)],
            })
        return {"slug": self.slug, "name": self.name, "players": list(self.player_counts),
                "zero_sum": self.zero_sum, "summary": self.summary, "variants": variants}


def leaders(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats holding the highest total (several on a tie; none when there are no seats)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def default_options(options: Sequence[Field]) -> dict[str, Any]:
    """Every option at its default: the standard rule."""
    return {option.name: option.default for option in options}


# ---------------------------------------------------------------- parsing raw input


def parse_values(fields: Sequence[Field], raw: Mapping[str, Any],
                 player_count: int) -> tuple[Entry, list[Problem]]:
    """Turn raw input (form strings or JSON values) into typed values, field by field.

    Never raises. A field that does not apply (see `Field.applies`) is set to None. A blank
    required field that applies is a problem; unknown keys are ignored. For a SEAT field that
    offers "nobody", None (JSON null) or "none" is that answer, while a missing key or "" is no
    answer at all — so typed entries (exports) read back exactly.
    """
    values: Entry = {}
    problems: list[Problem] = []
    # CHOICE fields first, because `shown_when` conditions refer to them.
    ordered = sorted(fields, key=lambda f: f.kind is not FieldKind.CHOICE)
    for spec in ordered:
        if not spec.applies(values):
            values[spec.name] = None
            continue
        sent = raw.get(spec.name, _MISSING)
        if spec.kind is FieldKind.TRICKS and sent is _MISSING:
            sent = tricks_from_form(spec.name, raw)
        if spec.kind is FieldKind.TRICKS and not _is_blank(sent):
            values[spec.name], trick_problems = parse_tricks(spec, sent, player_count)
            problems.extend(trick_problems)
            continue
        value, problem = _parse_one(spec, sent, player_count)
        values[spec.name] = value
        if problem:
            problems.append(Problem(spec.name, problem))
    return {spec.name: values[spec.name] for spec in fields}, problems


_MISSING = object()  # the key was not sent at all (an untouched radio group posts nothing)


def _is_blank(value: Any) -> bool:
    return value is None or value is _MISSING or (isinstance(value, str) and value.strip() == "")


def _parse_one(spec: Field, value: Any, player_count: int) -> tuple[Any, str | None]:
    """One field's typed value and the problem with it, if any."""
    if spec.kind is FieldKind.SEAT and spec.none_label is not None and value is None:
        return None, None  # an explicit null (JSON) is the choice "nobody"
    if _is_blank(value):
        if spec.kind is FieldKind.BOOLEAN:
            return False, None
        if spec.default is not None:
            return spec.default, None
        if spec.required:
            verb = "Choose" if spec.kind in (FieldKind.SEAT, FieldKind.CHOICE) else "Enter"
            return None, f"{verb} {spec.label[0].lower()}{spec.label[1:]}."
        return None, None
    parser = _PARSERS[spec.kind]
    return parser(spec, value, player_count)


def _parse_choice(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    text = str(value).strip()
    if any(choice.value == text for choice in spec.choices):
        return text, None
    allowed = ", ".join(choice.label for choice in spec.choices)
    return None, f"Choose one of: {allowed}."


def _parse_seat(spec: Field, value: Any, player_count: int) -> tuple[Any, str | None]:
    text = str(value).strip()
    if spec.none_label is not None and text.lower() in ("none", "nobody", "-"):
        return None, None
    if isinstance(value, bool) or not text.lstrip("-").isdigit():
        return None, "Choose a player."
    seat = int(text)
    if not 0 <= seat < player_count:
        return None, "Choose a player at this table."
    return seat, None


def _parse_number(spec: Field, value: Any, step: float) -> tuple[Any, str | None]:
    if isinstance(value, bool):
        return None, "Enter a number."
    try:
        number = float(str(value).strip().replace(",", "."))
    except ValueError:
        return None, "Enter a number."
    if not math.isfinite(number):
        return None, "Enter a number."
    if abs(number / step - round(number / step)) > 1e-9:
        unit = "a whole number" if step == 1 else "a number in half points (like 40.5)"
        return None, f"Enter {unit}."
    bounds = _bounds_text(spec)
    if spec.minimum is not None and number < spec.minimum:
        return None, f"{spec.label} must be {bounds}."
    if spec.maximum is not None and number > spec.maximum:
        return None, f"{spec.label} must be {bounds}."
    return (round(number) if step == 1 else round(number * 2) / 2), None


def _bounds_text(spec: Field) -> str:
    low = _format_number(spec.minimum) if spec.minimum is not None else None
    high = _format_number(spec.maximum) if spec.maximum is not None else None
    if low is not None and high is not None:
        return f"between {low} and {high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}"


def _format_number(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)


def _parse_integer(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    return _parse_number(spec, value, 1)


def _parse_half(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    return _parse_number(spec, value, 0.5)


def _parse_boolean(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    if isinstance(value, bool):
        return value, None
    text = str(value).strip().lower()
    if text in ("1", "true", "y", "yes", "on"):
        return True, None
    if text in ("0", "false", "n", "no", "off"):
        return False, None
    return None, "Answer yes or no."


def _parse_text(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    text = " ".join(str(value).split())
    if len(text) > spec.max_length:
        return None, f"{spec.label} must be at most {spec.max_length} characters."
    return text, None


TRICK_KEYS = ("runt", "to", "won_by", "cards")
CARD_TOKEN_LIMIT = 4  # "10S" is the longest card code; anything longer is not a card


def tricks_from_form(name: str, raw: Mapping[str, Any]) -> Any:
    """The tricks a form posted as `<name>-<i>-<key>` fields, as a list of mappings.

    Rows are read from 0 up to the first index with no key at all; a form that posted no row
    gives `_MISSING` (no answer), so a blank form is "not entered yet", not "no tricks".
    """
    rows: list[dict[str, Any]] = []
    while any(f"{name}-{len(rows)}-{key}" in raw for key in TRICK_KEYS):
        index = len(rows)
        rows.append({key: raw.get(f"{name}-{index}-{key}") for key in TRICK_KEYS})
    return rows if rows else _MISSING


def trick_as_strings(trick: TrickEntry) -> dict[str, str]:
    """One trick as the strings a form holds for it, by part (blank where nothing was said)."""
    return {"runt": trick.runt or "", "to": "" if trick.to is None else str(trick.to),
            "won_by": "" if trick.won_by is None else str(trick.won_by),
            "cards": " ".join(trick.cards)}


def tricks_to_form(name: str, tricks: Sequence[TrickEntry]) -> dict[str, str]:
    """Tricks as the form fields that post them back (`tricks_from_form` reads them)."""
    return {f"{name}-{index}-{part}": text for index, trick in enumerate(tricks)
            for part, text in trick_as_strings(trick).items()}


def parse_tricks(spec: Field, value: Any, player_count: int) -> tuple[Any, list[Problem]]:
    """A list of tricks, each a mapping of runt, to, won_by and cards (see `TrickEntry`).

    Every faulty trick is reported, each problem with the trick's index and the part of it
    concerned, so a form shows them all at once beside their boxes.
    """
    if not isinstance(value, list | tuple):
        return None, [Problem(spec.name, "Enter the tricks one by one.")]
    limit = int(spec.maximum) if spec.maximum is not None else None
    if limit is not None and len(value) > limit:
        return None, [Problem(spec.name, f"A hand has at most {limit} tricks; {len(value)} "
                                         "were entered.")]
    tricks = []
    problems = []
    for index, item in enumerate(value):
        trick, faults = _parse_trick(item, player_count)
        problems.extend(Problem(spec.name, f"Trick {index + 1}: {message}", part, index)
                        for part, message in faults)
        tricks.append(trick)
    return (None, problems) if problems else (tuple(tricks), [])


def _parse_trick(item: Any, player_count: int) -> tuple[TrickEntry, list[tuple[str | None, str]]]:
    """One trick's shape: a card-like runt, seats at this table, card-like cards played."""
    if not isinstance(item, Mapping):
        return TrickEntry(), [(None, "not a trick.")]
    faults: list[tuple[str | None, str]] = []
    runt = item.get("runt")
    runt_text = None if _is_blank(runt) else str(runt).strip().upper()
    if runt_text is not None and (len(runt_text) > CARD_TOKEN_LIMIT or not runt_text.isalnum()):
        faults.append(("runt", f"{str(runt)[:12]!r} is not a card."))
    seats = {}
    for key in ("to", "won_by"):
        seats[key], problem = _optional_seat(item.get(key), player_count)
        if problem:
            faults.append((key, problem))
    cards, problem = _card_tokens(item.get("cards"))
    if problem:
        faults.append(("cards", problem))
    return TrickEntry(runt_text, seats["to"], seats["won_by"], cards), faults


def _optional_seat(value: Any, player_count: int) -> tuple[int | None, str | None]:
    if _is_blank(value):
        return None, None
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit() or int(text) >= player_count:
        return None, "choose a player at this table."
    return int(text), None


def _card_tokens(value: Any) -> tuple[tuple[str, ...], str | None]:
    """Cards played, from a list or from text like "6S 10S QS 2S" (commas allowed)."""
    if _is_blank(value):
        return (), None
    if isinstance(value, str):
        tokens = value.replace(",", " ").split()
    elif isinstance(value, list | tuple) and all(isinstance(t, str) for t in value):
        tokens = [t.strip() for t in value]
    else:
        return (), "the cards played must be card codes like 6S 10S QS 2S."
    for token in tokens:
        if len(token) > CARD_TOKEN_LIMIT or not token.isalnum():
            return (), f"{token[:12]!r} is not a card."
    return tuple(token.upper() for token in tokens), None


def entry_as_data(entry: Mapping[str, Any]) -> dict[str, Any]:
    """An entry as plain JSON data (tricks become lists of mappings); parsing reads it back."""
    return json_ready(dict(entry))


def json_ready(value: Any) -> Any:
    """Any entry value as JSON data: dataclasses become mappings, tuples lists."""
    if is_dataclass(value) and not isinstance(value, type):
        return {key: json_ready(item) for key, item in asdict(value).items()}
    if isinstance(value, Mapping):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(item) for item in value]
    return value


_PARSERS = {
    FieldKind.CHOICE: _parse_choice,
    FieldKind.SEAT: _parse_seat,
    FieldKind.INTEGER: _parse_integer,
    FieldKind.HALF: _parse_half,
    FieldKind.BOOLEAN: _parse_boolean,
    FieldKind.TEXT: _parse_text,
}


def format_signed(number: int) -> str:
    """A result as a score sheet writes it: +31, −3 (a typographic minus), 0."""
    if number > 0:
        return f"+{number}"
    return f"\u2212{-number}" if number < 0 else "0"


def format_points(points: float) -> str:
    """Card points as a score keeper writes them: 47, 40.5."""
    return _format_number(points)
