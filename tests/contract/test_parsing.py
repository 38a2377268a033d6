"""The strict parser: a table's reader reads each field as `parse_one` does, tricks alike
typed or typed in."""

from __future__ import annotations

import math
from typing import Any

import pytest

from companion.contract.parsing import (
    MISSING,
    EntryReader,
    TrickReader,
    parse_one,
    parse_values,
)
from companion.contract.values import Choice, Field, FieldKind, TrickRecord

FIELDS = (
    Field(
        "contract",
        "Contract",
        FieldKind.CHOICE,
        choices=(Choice("pass", "Pass"), Choice("garde", "Garde")),
    ),
    Field("taker", "Taker", FieldKind.SEAT, shown_when=("contract", ("garde",))),
    Field(
        "partner",
        "Partner",
        FieldKind.SEAT,
        none_label="Nobody",
        shown_when=("contract", ("garde",)),
    ),
    Field(
        "points",
        "Card points",
        FieldKind.HALF,
        minimum=0,
        maximum=91,
        shown_when=("contract", ("garde",)),
    ),
    Field(
        "bouts",
        "Bouts",
        FieldKind.INTEGER,
        minimum=0,
        maximum=3,
        shown_when=("contract", ("garde",)),
    ),
    Field("hand", "Hand", FieldKind.BOOLEAN),
    Field("runt", "Runt", FieldKind.CARD, required=False),
    Field("note", "Note", FieldKind.TEXT, required=False),
)

# Typed values as a stored entry holds them, text as a form posts it, and faults: each field
# is read with each of them. The readers must agree with `parse_one` on every one.
VALUES: tuple[Any, ...] = (
    None,
    MISSING,
    "",
    "  ",
    0,
    1,
    3,
    4,
    -1,
    91,
    92,
    10**10,
    40.5,
    40.25,
    -0.0,
    91.0,
    math.nan,
    math.inf,
    True,
    False,
    "garde",
    " garde ",
    "pass",
    "Garde",
    "2",
    " 2 ",
    "²",
    "none",
    "yes",
    "no",
    "y",
    "QS",
    "qs",
    "10h",
    "10HH1",
    "Q S",
    [],
    {},
    ("a",),
)


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_the_prepared_reader_reads_every_field_as_parse_one_does(value: Any) -> None:
    reader = EntryReader(FIELDS, 4)
    raw = {spec.name: value for spec in FIELDS} | {"contract": "garde"}
    if value is MISSING:
        raw = {"contract": "garde"}
    entry, problems = reader.read(raw)
    for spec in FIELDS[1:]:
        expected, problem = parse_one(spec, raw.get(spec.name, MISSING), 4)
        assert entry[spec.name] == expected
        assert (problem is None) == all(p.field != spec.name for p in problems)


def test_fields_that_do_not_apply_are_none_and_the_entry_keeps_the_fields_order() -> None:
    entry, problems = parse_values(FIELDS, {"contract": "pass", "taker": 9, "hand": True}, 4)
    assert problems == []
    assert list(entry) == [spec.name for spec in FIELDS]
    assert entry["taker"] is None and entry["hand"] is True


def test_the_trick_reader_reads_typed_and_typed_in_tricks_alike() -> None:
    spec = Field(
        "tricks",
        "Tricks",
        FieldKind.TRICKS,
        maximum=13,
        parts=(Field("runt", "Runt", FieldKind.CARD, required=False),),
    )
    typed = [{"cards": ["6S", "10S", "QS", "2S"], "to": 2, "won_by": 2, "runt": "2S"}]
    typed_in = [{"cards": "6s 10S, QS 2s", "to": "2", "won_by": " 2", "runt": "2s"}]
    expected = (TrickRecord(("6S", "10S", "QS", "2S"), None, 2, 2, (("runt", "2S"),)),)
    assert TrickReader(spec, 4).read(typed) == (expected, [])
    assert TrickReader(spec, 4).read(typed_in) == (expected, [])
    tricks, problems = TrickReader(spec, 4).read([{"cards": "6S", "to": 4, "runt": "²"}])
    assert tricks is None
    assert [(p.part, p.item) for p in problems] == [("to", 0), ("runt", 0)]
