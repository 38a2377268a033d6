"""A session's derived state kept beside its hands: each scored hand as exact data, and the
hands read back lazily, only those a page or a game looks at.

Pure: no SQL. The store keeps the text this module writes; the pad hands `StoredHands` a
callable that reads rows, so the rules see a plain `Sequence` of scored hands.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from functools import cache
from operator import attrgetter
from typing import Any, overload

from companion.contract.values import JSON_SCALARS, Problem, ScoredHand
from companion.kit.i18n import Text, from_recipe

# ---------------------------------------------------------------- exact data


_SCALARS = JSON_SCALARS
"""What `as_data` keeps as it is: most of a hand (its containers ask before calling it)."""


def as_data(value: Any) -> Any:
    """Any value the engine produces (a scored hand, its entry, its carry and facts) as JSON
    data that `from_data` reads back to an equal value of the same types: tuples stay tuples,
    enums enums, dataclasses and named tuples what they were (JSON alone would turn them into
    lists or text, and a game comparing `carry.kind is Kind.X` would then behave
    differently)."""
    kind = value.__class__
    if kind in _SCALARS:
        return value
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer_for(kind)
    return writer(value)


def _writer_for(kind: type) -> Callable[[Any], Any]:
    """How `as_data` writes a value of class `kind`, worked out once per class (every saved
    hand holds the same few): a TypeError for a class that cannot be kept exactly."""
    if kind is tuple:
        return _tuple_data
    if issubclass(kind, Text):  # a message: kept with its recipe, to be said in any language
        return _text_data
    if issubclass(kind, Enum):
        name = _qualified(kind)
        return lambda value: {"$enum": name, "value": value.value}
    if is_dataclass(kind) or is_record(kind):
        return _dataclass_writer(kind)
    writer = _CONTAINER_WRITERS.get(kind)
    if writer is None:
        raise TypeError(f"a {kind.__name__} cannot be kept as exact data")
    return writer


def _tuple_data(value: tuple[Any, ...]) -> Any:
    return {"$tuple": _items_data(value)}


def _items_data(items: Iterable[Any]) -> list[Any]:
    return [item if item.__class__ in _SCALARS else as_data(item) for item in items]


def _text_data(value: Text) -> Any:
    return {"$text": value.recipe()}


def is_record(kind: type) -> bool:
    """Whether `kind` is a record of named fields made as a named tuple (`typing.NamedTuple`:
    a tuple class with `_fields`), which is kept as a dataclass is."""
    return issubclass(kind, tuple) and isinstance(getattr(kind, "_fields", None), tuple)


def _dataclass_writer(kind: type) -> Callable[[Any], Any]:
    """Writes a dataclass (or a named tuple) of class `kind`: its qualified name and the fields
    its constructor takes (named once per class, not once per hand)."""
    name = _qualified(kind)
    kept = (
        tuple(spec.name for spec in fields(kind) if spec.init)
        if is_dataclass(kind)
        else tuple(kind._fields)  # type: ignore[attr-defined]
    )
    read = attrgetter(*kept) if len(kept) > 1 else lambda value: (getattr(value, kept[0]),)

    def write(value: Any) -> Any:
        return {"$data": name, "fields": dict(zip(kept, _items_data(read(value)), strict=True))}

    return write


def _dict_data(value: dict[Any, Any]) -> Any:
    """A mapping: as it is when its keys are words that cannot be taken for a mark (the
    commonest, checked while writing), else as "$dict" pairs."""
    written = {}
    for key, item in value.items():
        if key.__class__ is not str or key.startswith("$"):
            return {"$dict": [[as_data(key), as_data(item)] for key, item in value.items()]}
        written[key] = item if item.__class__ in _SCALARS else as_data(item)
    return written


_CONTAINER_WRITERS: dict[type, Callable[[Any], Any]] = {
    list: _items_data,
    frozenset: lambda value: {"$frozenset": _items_data(value)},
    dict: _dict_data,
}

_WRITERS: dict[type, Callable[[Any], Any]] = {}
"""Each class met so far and how `as_data` writes it (see `_writer_for`)."""


def from_data(data: Any) -> Any:
    """The value `as_data` wrote."""
    kind = data.__class__
    if kind is list:
        return [from_data(item) for item in data]
    if kind is not dict:
        return data
    # A kept value's mark is its first key (JSON keeps the order `as_data` wrote); a plain
    # mapping's keys never start with "$" (`as_data` writes such a mapping as "$dict").
    for mark in data:
        reader = _READERS.get(mark)
        if reader is not None:
            return reader(data)
        break
    return {key: from_data(item) for key, item in data.items()}


def _read_dataclass(data: dict[str, Any]) -> Any:
    """A kept dataclass made again."""
    kind = _resolve(data["$data"])
    return kind(**{name: from_data(item) for name, item in data["fields"].items()})


def _qualified(kind: type) -> str:
    return f"{kind.__module__}:{kind.__qualname__}"


@cache  # a few dataclasses and enums, named again in every stored hand
def _resolve(name: str) -> Any:
    """The dataclass or enum a qualified name stands for: only from the app's own modules (or
    one already imported, where a game registered from elsewhere lives), never any module a
    file names, and never anything but a dataclass or an enum."""
    module_name, _, qualname = name.partition(":")
    module = sys.modules.get(module_name)
    if module is None:
        if module_name.split(".")[0] != "companion":
            raise ValueError(f"stored data names an unknown module: {module_name}")
        module = importlib.import_module(module_name)
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part, None)
    if not isinstance(found, type) or not (
        is_dataclass(found) or is_record(found) or issubclass(found, Enum)
    ):
        raise ValueError(f"stored data names no dataclass, named tuple or enum: {name}")
    return found


_READERS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "$tuple": lambda data: tuple([from_data(item) for item in data["$tuple"]]),
    "$frozenset": lambda data: frozenset([from_data(item) for item in data["$frozenset"]]),
    "$dict": lambda data: {from_data(key): from_data(item) for key, item in data["$dict"]},
    "$text": lambda data: from_recipe(data["$text"]),
    "$enum": lambda data: _resolve(data["$enum"])(data["value"]),
    "$data": lambda data: _read_dataclass(data),
}
"""How each kind of kept value is read back, by its mark."""


def hand_as_text(hand: ScoredHand) -> str:
    """A scored hand (its typed entry and its whole result) as the text the store keeps."""
    return _dump(as_data(hand))


def hand_from_text(text: str) -> ScoredHand:
    """The scored hand `hand_as_text` wrote."""
    hand = from_data(json.loads(text))
    assert isinstance(hand, ScoredHand)
    return hand


def problems_as_text(problems: Sequence[Problem]) -> str:
    """Why a stored hand was refused on replay, as the store keeps it."""
    return _dump(as_data(tuple(problems)))


def problems_from_text(text: str) -> tuple[Problem, ...]:
    return tuple(from_data(json.loads(text)))


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""One encoder for every hand kept (`json.dumps` with options builds one per call). `as_data`
writes fresh lists and mappings, never one inside itself, so there is no cycle to look for."""


def _dump(data: Any) -> str:
    return _ENCODER.encode(data)


# ---------------------------------------------------------------- the hands, read when needed


@dataclass(frozen=True)
class KnownHand:
    """One hand of the effective history with what followed from it: the running totals and
    the count of hands played after it."""

    hand: ScoredHand
    totals: tuple[int, ...]
    played: int


Loader = Callable[[int, int], Sequence[tuple[int, KnownHand]]]
"""Reads the hands at positions start..stop-1 of the effective history: (position, hand)."""

BACKWARD_WINDOW = 32
"""Hands read at once when a position not yet read is asked for: the ones before it too,
since a page reads from the end (the latest hands, the last hand's carry)."""

FORWARD_CHUNK = 256
"""Hands read at once while every hand is walked (the summary, a game scanning them all)."""


class StoredHands(Sequence[ScoredHand]):
    """A session's scored hands in order, read from the store only when looked at.

    It knows its length without reading anything, so a game that looks at the count, the
    totals or the last hand never loads the rest. `known` is shared by every slice and every
    later version of the same history (positions before `count` never change while the
    history only grows), so a hand is read and decoded once.
    """

    def __init__(
        self,
        count: int,
        loader: Loader,
        known: dict[int, KnownHand] | None = None,
        *,
        prefix: bool = False,
    ) -> None:
        self._count = count
        self._loader = loader
        self.known: dict[int, KnownHand] = {} if known is None else known
        self._prefix = prefix  # cut from a longer history whose hands `known` also holds

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> ScoredHand: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ScoredHand]: ...

    def __getitem__(self, index: int | slice) -> ScoredHand | Sequence[ScoredHand]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._count)
            if start == 0 and step == 1:  # a prefix: the session as it stood before a hand
                return StoredHands(max(stop, 0), self._loader, self.known, prefix=True)
            return tuple(self[position] for position in range(start, stop, step))
        position = index + self._count if index < 0 else index
        if not 0 <= position < self._count:
            raise IndexError("hand position out of range")
        return self.at(position).hand

    def at(self, position: int) -> KnownHand:
        """The hand at `position` with its running totals (read with the ones before it)."""
        if position not in self.known:
            self._read(max(0, position - BACKWARD_WINDOW + 1), position + 1)
        return self.known[position]

    def rows(self, start: int) -> LatestRows:
        """The hands from `start` to the end with their running totals, read when looked at
        (all in one read when walked)."""
        return LatestRows(self, start)

    def span(self, start: int, stop: int) -> list[KnownHand]:
        """The hands at positions start..stop-1 with their running totals, in one read."""
        self._read(start, stop)
        return [self.known[position] for position in range(start, stop)]

    def __iter__(self) -> Iterator[ScoredHand]:
        for start in range(0, self._count, FORWARD_CHUNK):
            stop = min(start + FORWARD_CHUNK, self._count)
            self._read(start, stop)
            for position in range(start, stop):
                yield self.known[position].hand

    def plus(self, known: KnownHand) -> StoredHands:
        """This history with one more hand after it (just scored: nothing is read again)."""
        # A prefix shares `known` with the longer history it was cut from: it must not
        # write over that history's next hand, so it grows on a copy of what was read.
        grown = dict(self.known) if self._prefix or self._count in self.known else self.known
        grown[self._count] = known
        return StoredHands(self._count + 1, self._loader, grown)

    def _read(self, start: int, stop: int) -> None:
        """Read the positions of start..stop-1 not yet known (one call for the whole span)."""
        missing = [position for position in range(start, stop) if position not in self.known]
        if missing:
            self.known.update(self._loader(missing[0], missing[-1] + 1))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # equal to a tuple of the same hands

    def __repr__(self) -> str:
        return f"StoredHands({self._count} hands, {len(self.known)} read)"


class LatestRows(Sequence[tuple[ScoredHand, tuple[int, ...]]]):
    """The table of hands from one position on: (hand, running totals after it). Counting
    them or looking at the last reads nothing more; walking them reads them in one go."""

    def __init__(self, hands: StoredHands, start: int) -> None:
        self._hands = hands
        self._start = start

    def __len__(self) -> int:
        return max(0, len(self._hands) - self._start)

    @overload
    def __getitem__(self, index: int) -> tuple[ScoredHand, tuple[int, ...]]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[ScoredHand, tuple[int, ...]]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError("row out of range")
        known = self._hands.at(self._start + position)
        return known.hand, known.totals

    def __iter__(self) -> Iterator[tuple[ScoredHand, tuple[int, ...]]]:
        for known in self._hands.span(self._start, len(self._hands)):
            yield known.hand, known.totals

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]
