"""Raw input (form strings, JSON values) read into typed entries: the one strict parser.

Every value a client sends goes through here before anything loops or allocates on it: numbers
are ASCII digits of bounded length, finite and within the field's bounds; seats are small ASCII
numbers below the table's size; card tokens are short ASCII codes; lists have a declared
maximum length. Nothing here raises on input: each fault becomes a `Problem` on its field.
Pure Python: no Flask, no SQL, no form-key conventions (the web layer gathers its keys first).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any

from companion.contract.values import (
    SHARED_TRICK_PARTS,
    Entry,
    Field,
    FieldKind,
    Problem,
    TrickRecord,
    trick_record,
)
from companion.kit.formatting import number as format_number
from companion.kit.i18n import in_sentence, join, t

NUMBER_TEXT = re.compile(r"[+-]?[0-9]{1,9}(?:[.,][0-9]{1,3})?")
"""A number as a person types it: ASCII digits, an optional sign and at most three decimals."""
SEAT_TEXT = re.compile(r"[0-9]{1,2}")
CARD_TEXT = re.compile(r"[0-9A-Za-z]{1,4}")  # "10S" and "21T" are the longest card codes
NUMBER_LIMIT = 10**9  # far beyond any score, and small enough that arithmetic stays exact
NOBODY_WORDS = ("none", "nobody", "-")
TRUE_WORDS = ("1", "true", "y", "yes", "on")
FALSE_WORDS = ("0", "false", "n", "no", "off")

MISSING = object()
"""The key was not sent at all (an untouched radio group posts nothing)."""


def is_blank(value: Any) -> bool:
    """Nothing was answered: no key, null, or only spaces."""
    return value is None or value is MISSING or (isinstance(value, str) and value.strip() == "")


# ---------------------------------------------------------------- the scalar parsers


def read_number(value: Any) -> float | None:
    """A finite number from JSON (int or float, never a bool) or from typed text, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return float(value) if abs(value) <= NUMBER_LIMIT else None
    if isinstance(value, float):
        return value if math.isfinite(value) and abs(value) <= NUMBER_LIMIT else None
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not NUMBER_TEXT.fullmatch(text):
        return None
    return float(text.replace(",", "."))


def read_seat(value: Any, player_count: int) -> int | None:
    """A seat number at this table from JSON (int) or text ("2"), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < player_count else None
    if not isinstance(value, str) or not SEAT_TEXT.fullmatch(value.strip()):
        return None
    seat = int(value.strip())
    return seat if seat < player_count else None


def read_count(value: Any, digits: int = 6) -> int | None:
    """A small whole number (a player count, a hand number) of at most `digits` ASCII digits,
    else None: "²", "③", "--1", "1e308" and a 30-digit number are all None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < 10**digits else None
    if not isinstance(value, str) or not re.fullmatch(f"[0-9]{{1,{digits}}}", value.strip()):
        return None
    return int(value.strip())


def read_card_token(value: Any) -> str | None:
    """A card-like token ("2S", "10h", "20"), upper-cased, else None; the game reads it."""
    if value.__class__ is str and 0 < len(value) <= 4 and value.isascii() and value.isalnum():
        return value.upper()  # the usual case, without the pattern: ASCII letters and digits
    if not isinstance(value, str) or not CARD_TEXT.fullmatch(value.strip()):
        return None
    return value.strip().upper()


def read_word(value: Any, allowed: Sequence[str]) -> str | None:
    """One of the `allowed` words exactly (a query's "hands=all"), else None."""
    return value if isinstance(value, str) and value in allowed else None


DIGEST_TEXT = re.compile(r"[0-9a-f]{16}")


def read_digest(value: Any) -> str | None:
    """A version digest a page carried back (16 lower-case hex digits, `store.draft_version`),
    else None."""
    return value if isinstance(value, str) and DIGEST_TEXT.fullmatch(value) else None


DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def read_date(value: Any) -> date | None:
    """A calendar day written as ISO YYYY-MM-DD in ASCII (what a date box sends), else None:
    "2026-02-30", "2026-1-5" and "20260105" are all None."""
    if not isinstance(value, str) or not DATE_TEXT.fullmatch(value.strip()):
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        return None


NAME_READ_LIMIT = 200
"""Characters of a typed name read at all; names are checked against their own limit after."""


def read_name(value: Any) -> str:
    """A typed name tidied: spaces at the ends dropped and runs of spaces made one ("" for
    anything that is not text). The caller checks that it is not blank and not too long."""
    if not isinstance(value, str):
        return ""
    return " ".join(value[:NAME_READ_LIMIT].split())


# ---------------------------------------------------------------- fields


def parse_values(
    fields: Sequence[Field], raw: Mapping[str, Any], player_count: int
) -> tuple[Entry, list[Problem]]:
    """Turn raw input (form strings or JSON values) into typed values, field by field.

    Never raises. A field that does not apply (see `Field.applies`) is set to None. A blank
    required field that applies is a problem; unknown keys are ignored. For a SEAT field that
    offers "nobody", None (JSON null) or "none" is that answer, while a missing key or "" is no
    answer at all — so typed entries (exports) read back exactly.
    """
    return EntryReader(fields, player_count).read(raw)


SLOW = object()
"""A fast reader's answer when the value needs the full parser (text from a form, a fault)."""


class EntryReader:
    """`parse_values` for one table's fields, prepared once and used for every hand.

    The fields are put in reading order once (CHOICE fields first, because `shown_when`
    conditions refer to them), and each field gets a fast reader for a value that is already
    typed and valid (a stored entry: a seat as an int, a choice as one of its values); any
    other value goes through the same parser as before, so the answers are the same.
    """

    def __init__(self, fields: Sequence[Field], player_count: int) -> None:
        self.fields = tuple(fields)
        self.player_count = player_count
        ordered = sorted(self.fields, key=lambda f: f.kind is not FieldKind.CHOICE)
        self._steps = tuple(
            (
                spec,
                spec.name,
                spec.shown_when,
                _fast_reader(spec, player_count),
                _blank_answer(spec, None, player_count),
                _blank_answer(spec, MISSING, player_count),
            )
            for spec in ordered
        )
        self._tricks = {
            spec.name: TrickReader(spec, player_count)
            for spec in self.fields
            if spec.kind is FieldKind.TRICKS
        }
        self._names = (
            tuple(spec.name for spec in self.fields) if ordered != list(self.fields) else None
        )
        self._tabled = _tabled_steps(self.fields, player_count)
        self._blank = dict.fromkeys(spec.name for spec in self.fields)

    def read(self, raw: Mapping[str, Any]) -> tuple[Entry, list[Problem]]:
        """The typed entry and the problems with it (see `parse_values`)."""
        if self._tabled is not None:
            # A stored entry: every value one the field takes as it is, found in its table.
            # Every field starts as None, in declared order: a block whose condition is not
            # met is left so, as the field by field path leaves it.
            # A stored entry holds every field (`entry_as_data`), so a field is read by
            # subscripts alone; a key missing goes the field by field way, as a value its
            # table does not list does (`type(sent)`: cheaper than `sent.__class__` in 3.11).
            values: Entry = self._blank.copy()
            try:
                for gate, allowed, block in self._tabled:
                    if gate is not None and values[gate] not in allowed:
                        continue
                    for name, by_type in block:
                        sent = raw[name]
                        values[name] = by_type[type(sent)][sent]
                return values, []
            except KeyError:  # a key missing, or a value its table does not list (typed
                pass  # text, a fault)
            except TypeError:  # an unhashable value (a list where a word belongs)
                pass
        return self._read_each(raw)

    def _read_each(self, raw: Mapping[str, Any]) -> tuple[Entry, list[Problem]]:
        """`read` field by field, each value through its fast reader or the full parser."""
        values: Entry = {}
        problems: list[Problem] = []
        player_count = self.player_count
        for spec, name, shown_when, fast, on_null, on_missing in self._steps:
            if shown_when is not None and values.get(shown_when[0]) not in shown_when[1]:
                values[name] = None
                continue
            sent = raw.get(name, MISSING)
            if sent is None:
                value = on_null
            elif sent is MISSING:
                value = on_missing
            else:
                value = SLOW if fast is None else fast(sent)
            if value is not SLOW:
                values[name] = value
                continue
            if spec.kind is FieldKind.TRICKS and not is_blank(sent):
                values[name], trick_problems = self._tricks[name].read(sent)
                problems.extend(trick_problems)
                continue
            value, problem = parse_one(spec, sent, player_count)
            values[name] = value
            if problem:
                problems.append(Problem(name, problem))
        if self._names is None:
            return values, problems
        return {name: values[name] for name in self._names}, problems


TABLE_LIMIT = 1024
"""The most typed values a field's table lists (a number field with a wider range is read
field by field)."""


TypedTable = dict[type, dict[Any, Any]]
"""Every typed value a field takes as it is, by its type and then by itself (so `True` is
never the seat 1), mapped to what `parse_one` makes of it."""

TabledBlock = tuple[str | None, frozenset[str], tuple[tuple[str, TypedTable], ...]]
"""Fields declared under the same condition: the field the condition names
(None: always), the values that open it (a set), and each field's name and table (the fields
read None when the condition is not met)."""


def _tabled_steps(fields: Sequence[Field], player_count: int) -> tuple[TabledBlock, ...] | None:
    """For `EntryReader.read`'s quick path, the fields in declared order, in blocks under the
    same condition, each with the table of every (type, value) it takes as it is, mapped to
    what `parse_one` makes of it (a null included when it is no fault; a key missing is read
    field by field); None when some field's values cannot be listed (free text, cards, tricks,
    a wide number) or a field's condition names a field not declared before it, so the quick
    path would not read as the full one does."""
    steps: list[tuple[str, tuple[str | None, frozenset[str]], TypedTable]] = []
    declared: set[str] = set()
    for spec in fields:
        table = _typed_table(spec, player_count)
        if table is None or spec.name in declared:
            return None
        if spec.shown_when is not None and spec.shown_when[0] not in declared:
            return None
        value = _blank_answer(spec, None, player_count)
        if value is not SLOW:
            table[(type(None), None)] = value
        condition = spec.shown_when if spec.shown_when is not None else (None, ())
        steps.append((spec.name, (condition[0], frozenset(condition[1])), _by_type(table)))
        declared.add(spec.name)
    # Fields under the same condition are read as one block wherever they are declared (Skat's
    # alternate between two conditions): fewer blocks to go through for every hand read. A
    # block's place is its condition's first field, so a condition's field is always read
    # before the fields it opens (each is declared after it, checked above), and the entry
    # keeps the declared order (`EntryReader.read` fills a copy of the blank entry).
    runs: dict[tuple[str | None, frozenset[str]], list[tuple[str, TypedTable]]] = {}
    for name, condition, table in steps:
        runs.setdefault(condition, []).append((name, table))
    return tuple((gate, allowed, tuple(run)) for (gate, allowed), run in runs.items())


def _by_type(table: dict[tuple[type, Any], Any]) -> TypedTable:
    """A table keyed by (type, value) as a `TypedTable`: looked up by type, then by value (two
    look-ups cheaper than making, hashing and comparing a pair for every field read)."""
    typed: TypedTable = {}
    for (kind, value), made in table.items():
        typed.setdefault(kind, {})[value] = made
    return typed


def _typed_table(spec: Field, player_count: int) -> dict[Any, Any] | None:
    """Every typed value `spec`'s fast reader takes, keyed by (type, value), with what it
    makes of it; None when they are too many to list or the kind has none."""
    reader = _fast_reader(spec, player_count)
    if reader is None:
        return None
    if spec.kind is FieldKind.CHOICE:
        candidates: list[Any] = [choice.value for choice in spec.choices]
    elif spec.kind is FieldKind.SEAT:
        candidates = list(range(player_count))
    elif spec.kind is FieldKind.BOOLEAN:
        candidates = [False, True]
    elif spec.kind in (FieldKind.INTEGER, FieldKind.HALF):
        if spec.minimum is None or spec.maximum is None:
            return None
        step = 1 if spec.kind is FieldKind.INTEGER else 0.5
        count = int((spec.maximum - spec.minimum) / step) + 1
        if count > TABLE_LIMIT:
            return None
        numbers = [spec.minimum + index * step for index in range(count)]
        candidates = [int(n) for n in numbers if n == int(n)]
        if spec.kind is FieldKind.HALF:
            candidates += [float(n) for n in numbers]
    else:
        return None
    table = {}
    for value in candidates:
        made = reader(value)
        if made is not SLOW:
            table[(value.__class__, value)] = made
    return table


def _blank_answer(spec: Field, blank: Any, player_count: int) -> Any:
    """What `parse_one` makes of a null or a missing value for this field, worked out once
    (None, False, the default); SLOW when that is a problem (a required field left blank)."""
    value, problem = parse_one(spec, blank, player_count)
    return SLOW if problem else value


def _fast_reader(spec: Field, player_count: int) -> Callable[[Any], Any] | None:
    """A reader that takes a typed, valid value as it is and answers SLOW for anything else.

    Each accepts only what `parse_one` would return unchanged: an int seat at this table, a
    choice's exact value, a whole number or half point within bounds, a bool.
    """
    low = spec.minimum if spec.minimum is not None else -NUMBER_LIMIT
    high = spec.maximum if spec.maximum is not None else NUMBER_LIMIT
    low, high = max(low, -NUMBER_LIMIT), min(high, NUMBER_LIMIT)
    if spec.kind is FieldKind.CHOICE:
        exact = frozenset(
            c.value
            for c in spec.choices
            if isinstance(c.value, str) and c.value == c.value.strip() and c.value
        )
        return lambda value: value if value.__class__ is str and value in exact else SLOW
    if spec.kind is FieldKind.SEAT:
        return lambda value: value if value.__class__ is int and 0 <= value < player_count else SLOW
    if spec.kind is FieldKind.INTEGER:
        return lambda value: value if value.__class__ is int and low <= value <= high else SLOW
    if spec.kind is FieldKind.HALF:
        return lambda value: (
            float(value)
            if value.__class__ is int and low <= value <= high
            else round(value * 2) / 2
            if value.__class__ is float and low <= value <= high and (value * 2).is_integer()
            else SLOW
        )
    if spec.kind is FieldKind.BOOLEAN:
        return lambda value: value if value.__class__ is bool else SLOW
    if spec.kind is FieldKind.CARD:
        return lambda value: (
            value.upper()
            if value.__class__ is str
            and 0 < len(value) <= 4
            and value.isascii()
            and value.isalnum()
            else SLOW
        )
    return None


def parse_one(spec: Field, value: Any, player_count: int) -> tuple[Any, str | None]:
    """One field's typed value and the problem with it, if any."""
    if spec.kind is FieldKind.SEAT and spec.none_label is not None and value is None:
        return None, None  # an explicit null (JSON) is the choice "nobody"
    if is_blank(value):
        if spec.kind is FieldKind.BOOLEAN:
            return False, None
        if spec.default is not None:
            return spec.default, None
        if spec.required:
            field = in_sentence(spec.label)
            if spec.kind in (FieldKind.SEAT, FieldKind.CHOICE):
                return None, t("Choose {field}.", field=field)
            return None, t("Enter {field}.", field=field)
        return None, None
    if spec.kind is FieldKind.TRICKS:
        return None, t("Enter the tricks one by one.")
    return _PARSERS[spec.kind](spec, value, player_count)


def _parse_choice(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    text = (
        str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else None
    )
    if text is not None and any(choice.value == text for choice in spec.choices):
        return text, None
    allowed = join([choice.label for choice in spec.choices])
    return None, t("Choose one of: {choices}.", choices=allowed)


def _parse_seat(spec: Field, value: Any, player_count: int) -> tuple[Any, str | None]:
    if (
        spec.none_label is not None
        and isinstance(value, str)
        and value.strip().lower() in NOBODY_WORDS
    ):
        return None, None
    seat = read_seat(value, player_count)
    if seat is None:
        return None, t("Choose a player at this table.")
    return seat, None


def _parse_number(spec: Field, value: Any, step: float) -> tuple[Any, str | None]:
    number = read_number(value)
    if number is None:
        return None, t("Enter a number.")
    if abs(number / step - round(number / step)) > 1e-9:
        if step == 1:
            return None, t("Enter a whole number.")
        return None, t("Enter a number in half points (like 40.5).")
    if (spec.minimum is not None and number < spec.minimum) or (
        spec.maximum is not None and number > spec.maximum
    ):
        return None, bounds_problem(spec)
    return (round(number) if step == 1 else round(number * 2) / 2), None


def bounds_problem(spec: Field) -> str:
    """A number outside the field's bounds: "Card points must be between 0 and 91."."""
    low = format_number(spec.minimum) if spec.minimum is not None else None
    high = format_number(spec.maximum) if spec.maximum is not None else None
    if low is not None and high is not None:
        return t("{field} must be between {low} and {high}.", field=spec.label, low=low, high=high)
    if low is not None:
        return t("{field} must be at least {low}.", field=spec.label, low=low)
    return t("{field} must be at most {high}.", field=spec.label, high=high)


def _parse_integer(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    return _parse_number(spec, value, 1)


def _parse_half(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    return _parse_number(spec, value, 0.5)


def _parse_boolean(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    if isinstance(value, bool):
        return value, None
    text = value.strip().lower() if isinstance(value, str) else None
    if text in TRUE_WORDS:
        return True, None
    if text in FALSE_WORDS:
        return False, None
    return None, t("Answer yes or no.")


def _parse_text(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    if not isinstance(value, str | int) or isinstance(value, bool):
        return None, t("Enter {field} as text.", field=in_sentence(spec.label))
    text = " ".join(str(value).split())
    if len(text) > spec.max_length:
        return None, t(
            "{field} must be at most {count} characters.", field=spec.label, count=spec.max_length
        )
    return text, None


def _parse_card(spec: Field, value: Any, _: int) -> tuple[Any, str | None]:
    token = read_card_token(value)
    if token is None:
        return None, t("{token} is not a card.", token=repr(str(value)[:12]))
    return token, None


_PARSERS: dict[FieldKind, Callable[[Field, Any, int], tuple[Any, str | None]]] = {
    FieldKind.CHOICE: _parse_choice,
    FieldKind.SEAT: _parse_seat,
    FieldKind.INTEGER: _parse_integer,
    FieldKind.HALF: _parse_half,
    FieldKind.BOOLEAN: _parse_boolean,
    FieldKind.TEXT: _parse_text,
    FieldKind.CARD: _parse_card,
}


# ---------------------------------------------------------------- tricks


def trick_keys(spec: Field) -> tuple[str, ...]:
    """Every part a trick of this TRICKS field may carry: the shared ones and the game's own."""
    return (*SHARED_TRICK_PARTS, *(part.name for part in spec.parts))


def parse_tricks(spec: Field, value: Any, player_count: int) -> tuple[Any, list[Problem]]:
    """A list of tricks, each a mapping of the shared parts and the game's own (`Field.parts`).

    The list's length is checked against the field's maximum before any trick is read. Every
    faulty trick is reported, each problem with the trick's index and the part concerned, so a
    form shows them all at once beside their boxes.
    """
    return TrickReader(spec, player_count).read(value)


class TrickReader:
    """`parse_tricks` for one TRICKS field at one table, prepared once (see `EntryReader`)."""

    def __init__(self, spec: Field, player_count: int) -> None:
        self.spec = spec
        self.player_count = player_count
        self.limit = int(spec.maximum) if spec.maximum is not None else None
        self._parts = tuple(
            (
                part,
                part.name,
                _fast_reader(part, player_count),
                _blank_answer(part, None, player_count),
                _blank_answer(part, MISSING, player_count),
            )
            for part in spec.parts
        )
        # A trick's seat as stored (an int at this table, or None) by (type, value).
        self._seats: dict[tuple[type, Any], int | None] = {
            (int, seat): seat for seat in range(player_count)
        }
        self._seats[(type(None), None)] = None
        self._codes, self._own_part, self._own_parts = _pack_codes(spec, self._parts)

    def read(self, value: Any) -> tuple[Any, list[Problem]]:
        """The tricks read, or None and every problem with them (see `parse_tricks`)."""
        spec = self.spec
        if not isinstance(value, list | tuple):
            return None, [Problem(spec.name, t("Enter the tricks one by one."))]
        if self.limit is not None and len(value) > self.limit:
            return None, [
                Problem(
                    spec.name,
                    t(
                        "A hand has at most {limit} tricks; {count} were entered.",
                        limit=self.limit,
                        count=len(value),
                    ),
                )
            ]
        try:
            plain = self._coded_tricks(value)
            if plain is None:
                plain = self._plain_tricks(value)
        except TypeError:  # an unhashable seat (a list where a number belongs)
            plain = None
        if plain is not None:
            return plain, []
        return self._each_trick(value)

    def _each_trick(self, value: list[Any] | tuple[Any, ...]) -> tuple[Any, list[Problem]]:
        """`read` trick by trick and part by part, every fault said."""
        spec = self.spec
        tricks = []
        problems = []
        for index, item in enumerate(value):
            trick, faults = self._each_part(item)
            if faults:
                problems.extend(
                    Problem(
                        spec.name,
                        t("Trick {number}: {problem}", number=index + 1, problem=message),
                        part,
                        index,
                    )
                    for part, message in faults
                )
            tricks.append(trick)
        return (None, problems) if problems else (tuple(tricks), [])

    def _coded_tricks(self, value: list[Any] | tuple[Any, ...]) -> tuple[TrickRecord, ...] | None:
        """Stored tricks as the store keeps a hand entered with its cards: every card, and the
        trick's own card part if it has one (Tantony's runt), one of the field's own card codes
        (its choices: the pack) or blank, every seat an int at this table or None. Read as
        `_plain_tricks` reads them, each trick's codes checked against the pack's set at once;
        None for anything else (typed text, a card outside the pack, a fault: the other readers
        say what)."""
        codes, own_part, own_parts = self._codes, self._own_part, self._own_parts
        if not codes or not value:
            return None
        count, in_pack = self.player_count, codes.issuperset
        most = count + 3
        tricks = []
        for item in value:
            if item.__class__ is not dict:
                return None
            get = item.get
            cards, leader, won_by, to = get("cards"), get("leader"), get("won_by"), get("to")
            parts = () if own_part is None else own_parts.get(get(own_part, MISSING), SLOW)
            if (
                cards.__class__ is not list
                or not 0 < len(cards) <= most
                or not in_pack(cards)
                or parts is SLOW
            ):
                return None
            # Each seat None or an int at this table (never a bool, a float or a text).
            if leader is not None and not (leader.__class__ is int and 0 <= leader < count):
                return None
            if won_by is not None and not (won_by.__class__ is int and 0 <= won_by < count):
                return None
            if to is not None and not (to.__class__ is int and 0 <= to < count):
                return None
            tricks.append(trick_record(tuple(cards), leader, won_by, to, parts))
        return tuple(tricks)

    def _plain_tricks(self, value: list[Any] | tuple[Any, ...]) -> tuple[TrickRecord, ...] | None:
        """Stored tricks whose every part is already typed and valid (lists of plain card codes,
        int seats, the game's own parts as their fast readers take them), read as `_each_trick`
        reads them; None for anything else.

        Every card code of the hand is checked at once: joined by spaces, the text is ASCII
        letters, digits and spaces only, and splits back into as many codes of 1 to 4
        characters as were given."""
        if not value:
            return None
        most, seats = self.player_count + 3, self._seats
        lists, rows = [], []
        for item in value:
            if item.__class__ is not dict:
                return None
            get = item.get
            cards = get("cards")
            if cards.__class__ is not list or not 0 < len(cards) <= most:
                return None
            leader, won_by, to = get("leader"), get("won_by"), get("to")
            leader = seats.get((leader.__class__, leader), SLOW)
            won_by = seats.get((won_by.__class__, won_by), SLOW)
            to = seats.get((to.__class__, to), SLOW)
            if leader is SLOW or won_by is SLOW or to is SLOW:
                return None
            parts = []
            for _, name, fast, on_null, on_missing in self._parts:
                sent = get(name, MISSING)
                part = (
                    on_null
                    if sent is None
                    else on_missing
                    if sent is MISSING
                    else SLOW
                    if fast is None
                    else fast(sent)
                )
                if part is SLOW:
                    return None
                parts.append((name, part))
            lists.append(cards)
            rows.append((leader, won_by, to, tuple(parts)))
        tokens = [token for cards in lists for token in cards]
        joined = " ".join(tokens)  # a TypeError for a number or a list among the codes
        if not (joined.isascii() and joined.replace(" ", "").isalnum()):
            return None
        codes = joined.upper().split(" ")
        if len(codes) != len(tokens) or "" in codes or max(map(len, codes)) > 4:
            return None
        tricks = []
        start = 0
        for cards, (leader, won_by, to, parts) in zip(lists, rows, strict=True):
            end = start + len(cards)
            tricks.append(trick_record(tuple(codes[start:end]), leader, won_by, to, parts))
            start = end
        return tuple(tricks)

    def _each_part(self, item: Any) -> tuple[TrickRecord, list[tuple[str | None, str]]]:
        """`_trick` part by part, every fault said."""
        if not isinstance(item, Mapping):
            return TrickRecord(), [(None, t("not a trick."))]
        player_count = self.player_count
        faults: list[tuple[str | None, str]] = []
        cards, problem = _card_tokens(item.get("cards"), player_count)
        if problem:
            faults.append(("cards", problem))
        seats: list[int | None] = []
        for key in ("leader", "won_by", "to"):
            seat = item.get(key)
            if seat is not None and not (seat.__class__ is int and 0 <= seat < player_count):
                seat, problem = _optional_seat(seat, player_count)
                if problem:
                    faults.append((key, problem))
            seats.append(seat)
        parts = []
        for part, name, fast, on_null, on_missing in self._parts:
            sent = item.get(name, MISSING)
            value = (
                on_null
                if sent is None
                else on_missing
                if sent is MISSING
                else SLOW
                if fast is None
                else fast(sent)
            )
            if value is SLOW:
                value, problem = parse_one(part, sent, player_count)
                if problem:
                    faults.append((name, problem))
            parts.append((name, value))
        return trick_record(cards, seats[0], seats[1], seats[2], tuple(parts)), faults


PartReader = tuple[Field, str, Callable[[Any], Any] | None, Any, Any]
"""A trick's own part as `TrickReader` reads it: the field, its name, its fast reader, and what
it reads when null and when missing."""


def _pack_codes(
    spec: Field, parts: Sequence[PartReader]
) -> tuple[frozenset[str], str | None, dict[Any, tuple[tuple[str, Any], ...]]]:
    """For `TrickReader._coded_tricks`: the field's card codes that read as themselves (its
    choices: the pack), the name of the trick's own part (None when it has none), and the
    trick's `parts` by every stored value of that part taken as it is (a code of the pack,
    null, missing). No codes (the quick path not taken) for more than one own part, a part
    that is not a card, or one that refuses a blank."""
    codes = frozenset(
        choice.value
        for choice in spec.choices
        if choice.value.__class__ is str and read_card_token(choice.value) == choice.value
    )
    if not parts:
        return codes, None, {}
    if len(parts) > 1:
        return frozenset(), None, {}
    part, name, fast, on_null, on_missing = parts[0]
    if part.kind is not FieldKind.CARD or fast is None or SLOW in (on_null, on_missing):
        return frozenset(), None, {}
    own_parts: dict[Any, tuple[tuple[str, Any], ...]] = {
        code: ((name, code),) for code in codes if fast(code) == code
    }
    own_parts[None], own_parts[MISSING] = ((name, on_null),), ((name, on_missing),)
    return codes, name, own_parts


def _optional_seat(value: Any, player_count: int) -> tuple[int | None, str | None]:
    if is_blank(value):
        return None, None
    seat = read_seat(value, player_count)
    if seat is None:
        return None, t("choose a player at this table.")
    return seat, None


def _card_tokens(value: Any, player_count: int) -> tuple[tuple[str, ...], str | None]:
    """Cards played, from a list or from text like "6S 10S QS 2S" (commas allowed).

    At most one card per player (and a few more for games with extra cards in a trick) is
    read, so a long paste cannot make the parser work for nothing.
    """
    if is_blank(value):
        return (), None
    if isinstance(value, str):
        tokens: list[Any] = value[:200].replace(",", " ").split()
    elif isinstance(value, list | tuple):
        tokens = list(value[: player_count + 4])
    else:
        return (), t("the cards played must be card codes like 6S 10S QS 2S.")
    if len(tokens) > player_count + 3:
        return (), t("{count} cards is more than one per player.", count=len(tokens))
    codes = []
    for token in tokens:
        code = read_card_token(token)
        if code is None:
            return (), t("{token} is not a card.", token=repr(str(token)[:12]))
        codes.append(code)
    return tuple(codes), None
