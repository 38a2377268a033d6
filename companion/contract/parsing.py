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
)
from companion.kit.formatting import number as format_number
from companion.kit.i18n import in_sentence, join, t

NUMBER_TEXT = re.compile(r"[+-]?[0-9]{1,9}(?:[.,][0-9]{1,3})?")
"""A number as a person types it: ASCII digits, an optional sign and at most three decimals."""
SEAT_TEXT = re.compile(r"[0-9]{1,2}")
NUMBER_LIMIT = 10**9  # far beyond any score, and small enough that arithmetic stays exact
NOBODY_WORDS = ("none", "nobody", "-")
TRUE_WORDS = ("1", "true", "y", "yes", "on")
FALSE_WORDS = ("0", "false", "n", "no", "off")

MISSING = object()
"""The key was not sent at all (an untouched radio group posts nothing)."""

# The kinds read for every field of every hand, as module globals: an enum member is looked up
# through the enum's class, about ten times a global's cost (measured, 3.11).
CHOICE, SEAT, BOOLEAN, TRICKS = (
    FieldKind.CHOICE,
    FieldKind.SEAT,
    FieldKind.BOOLEAN,
    FieldKind.TRICKS,
)


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
    if not isinstance(value, str):
        return None
    text = value.strip()  # one to four ASCII letters and digits ("10S", "21T" the longest)
    return text.upper() if 0 < len(text) <= 4 and text.isascii() and text.isalnum() else None


def read_word(value: Any, allowed: Sequence[str]) -> str | None:
    """One of the `allowed` words exactly (a query's "hands=all"), else None."""
    return value if isinstance(value, str) and value in allowed else None


AMOUNT_TEXT = re.compile(r"([0-9]{1,7})(?:[.,]([0-9]{1,2}))?")


def read_cents(value: Any) -> int | None:
    """An amount of money as typed, whole units and at most two decimals after "." or ","
    ("12", "12.5", "0,50"), in cents (1250, 50), else None: no sign, no exponent."""
    found = AMOUNT_TEXT.fullmatch(value.strip()) if isinstance(value, str) else None
    if found is None:
        return None
    return int(found[1]) * 100 + int((found[2] or "0").ljust(2, "0"))


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


class EntryReader:
    """`parse_values` for one table's fields, prepared once and used for every hand.

    The fields are put in reading order once (CHOICE fields first, because `shown_when`
    conditions refer to them); every value is then read by `parse_one` (a TRICKS field by its
    `TrickReader`), and the entry keeps the declared order.
    """

    def __init__(self, fields: Sequence[Field], player_count: int) -> None:
        self.fields = tuple(fields)
        self.player_count = player_count
        self._order = tuple(sorted(self.fields, key=lambda f: f.kind is not CHOICE))
        self._tricks = {
            spec.name: TrickReader(spec, player_count)
            for spec in self.fields
            if spec.kind is TRICKS
        }

    def read(self, raw: Mapping[str, Any]) -> tuple[Entry, list[Problem]]:
        """The typed entry and the problems with it (see `parse_values`)."""
        values: Entry = {}
        problems: list[Problem] = []
        for spec in self._order:
            name = spec.name
            if spec.shown_when is not None and not spec.applies(values):
                values[name] = None
                continue
            sent = raw.get(name, MISSING)
            if spec.kind is TRICKS and not is_blank(sent):
                values[name], trick_problems = self._tricks[name].read(sent)
                problems.extend(trick_problems)
                continue
            value, problem = parse_one(spec, sent, self.player_count)
            values[name] = value
            if problem:
                problems.append(Problem(name, problem))
        return {spec.name: values[spec.name] for spec in self.fields}, problems


def parse_one(spec: Field, value: Any, player_count: int) -> tuple[Any, str | None]:
    """One field's typed value and the problem with it, if any."""
    kind = spec.kind
    if kind is SEAT and spec.none_label is not None and value is None:
        return None, None  # an explicit null (JSON) is the choice "nobody"
    if is_blank(value):
        if kind is BOOLEAN:
            return False, None
        if spec.default is not None:
            return spec.default, None
        if spec.required:
            field = in_sentence(spec.label)
            if kind is SEAT or kind is CHOICE:
                return None, t("Choose {field}.", field=field)
            return None, t("Enter {field}.", field=field)
        return None, None
    if kind is TRICKS:
        return None, t("Enter the tricks one by one.")
    return _PARSERS[kind](spec, value, player_count)


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
    """`parse_tricks` for one TRICKS field at one table."""

    def __init__(self, spec: Field, player_count: int) -> None:
        self.spec = spec
        self.player_count = player_count
        self.limit = int(spec.maximum) if spec.maximum is not None else None

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
        tricks = []
        problems: list[Problem] = []
        for index, item in enumerate(value):
            trick, faults = self._trick(item)
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

    def _trick(self, item: Any) -> tuple[TrickRecord, list[tuple[str | None, str]]]:
        """One trick read part by part, every fault said with the part it concerns."""
        if not isinstance(item, Mapping):
            return TrickRecord(), [(None, t("not a trick."))]
        player_count = self.player_count
        faults: list[tuple[str | None, str]] = []
        cards, problem = _card_tokens(item.get("cards"), player_count)
        if problem:
            faults.append(("cards", problem))
        seats: list[int | None] = []
        for key in ("leader", "won_by", "to"):
            seat, problem = _optional_seat(item.get(key), player_count)
            if problem:
                faults.append((key, problem))
            seats.append(seat)
        parts = []
        for part in self.spec.parts:
            value, problem = parse_one(part, item.get(part.name, MISSING), player_count)
            if problem:
                faults.append((part.name, problem))
            parts.append((part.name, value))
        return TrickRecord(cards, seats[0], seats[1], seats[2], tuple(parts)), faults


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
