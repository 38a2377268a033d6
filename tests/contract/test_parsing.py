"""The strict parser: a table's prepared reader answers as the field-by-field parser does."""

from __future__ import annotations

import math
from typing import Any

import pytest

from companion.contract.parsing import (
    MISSING,
    SLOW,
    EntryReader,
    TrickReader,
    _fast_reader,
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


@pytest.mark.parametrize("spec", FIELDS, ids=lambda spec: spec.kind.value)
def test_a_fast_reader_takes_only_what_the_parser_would_return_unchanged(spec: Field) -> None:
    fast = _fast_reader(spec, 4)
    for value in VALUES:
        if fast is None or value is MISSING:
            continue
        answer = fast(value)
        if answer is SLOW:
            continue
        expected, problem = parse_one(spec, value, 4)
        assert problem is None, (spec.name, value)
        assert answer == expected and type(answer) is type(expected), (spec.name, value)
        if isinstance(answer, float):  # -0.0 is read as 0.0, as the parser rounds it
            assert math.copysign(1, answer) == math.copysign(1, expected), (spec.name, value)


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


# ---------------------------------------------------------------- the reader's quick path

QUICK_FIELDS = (
    Field(
        "contract",
        "Contract",
        FieldKind.CHOICE,
        choices=(Choice("pass", "Pass"), Choice("garde", "Garde"), Choice(" odd", "Odd")),
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
        "Points",
        FieldKind.HALF,
        minimum=0,
        maximum=91,
        shown_when=("contract", ("garde",)),
    ),
    Field("bouts", "Bouts", FieldKind.INTEGER, minimum=0, maximum=3, required=False),
    Field(
        "side", "Side", FieldKind.CHOICE, choices=(Choice("a", "A"), Choice("b", "B")), default="a"
    ),
    Field("hand", "Hand", FieldKind.BOOLEAN),
)
"""A table of every kind the quick path lists: a gate, seats (one with nobody), half points,
a small whole number, a choice with a default, a yes/no."""

INTERLEAVED_FIELDS = (
    *QUICK_FIELDS,
    Field(
        "chelem",
        "Chelem",
        FieldKind.CHOICE,
        choices=(Choice("none", "No"), Choice("made", "Made")),
        default="none",
        shown_when=("contract", ("garde",)),
    ),
    Field("bid", "Bid", FieldKind.INTEGER, minimum=18, maximum=30, shown_when=("side", ("b",))),
    Field("king", "King", FieldKind.SEAT, shown_when=("contract", ("garde",))),
)
"""`QUICK_FIELDS` with the same conditions coming back after others (as Skat's fields do): the
quick path reads each condition's fields as one block, the field-by-field path in order."""

ODD_VALUES = (
    None,
    "",
    " ",
    "garde",
    "GARDE",
    " odd",
    "pass",
    "b",
    0,
    1,
    3,
    4,
    -1,
    True,
    False,
    1.0,
    40.5,
    40.25,
    91,
    91.5,
    "2",
    "40.5",
    "yes",
    "none",
    [1],
    {"a": 1},
    float("nan"),
    -0.0,
    10**12,
)

STORED_VALUES: dict[str, tuple[Any, ...]] = {
    "contract": ("garde", "garde", "pass"),
    "taker": (0, 1, 3),
    "partner": (None, 0, 2),
    "points": (0, 40, 40.5, 91.0),
    "bouts": (None, 0, 3),
    "side": ("a", "b"),
    "hand": (True, False),
    "chelem": ("none", "made"),
    "bid": (18, 30),
    "king": (0, 3),
}
"""Values a stored entry of `QUICK_FIELDS` holds, field by field (40 as a whole number too)."""


@pytest.mark.parametrize(
    ("fields", "blocks"),
    [(QUICK_FIELDS, 2), (INTERLEAVED_FIELDS, 3)],
    ids=["in order", "conditions interleaved"],
)
def test_the_quick_path_reads_as_the_field_by_field_path(
    fields: tuple[Field, ...], blocks: int
) -> None:
    """Typed stored values, typed faults, text and nonsense (a bool for a seat, a float for a
    whole number, a list, NaN) all read the same by `read` as by the field-by-field reader;
    the fields under one condition are read as one block wherever they are declared (blocks:
    always, contract garde, and side b for the interleaved table), in the declared order."""
    import random

    from companion.contract.parsing import MISSING, EntryReader

    reader = EntryReader(fields, 4)
    assert reader._tabled is not None  # the quick path is the one taken
    assert len(reader._tabled) == blocks
    rng = random.Random(15)
    for _ in range(5000):
        raw = {spec.name: rng.choice((*ODD_VALUES, MISSING)) for spec in fields}
        raw = {name: value for name, value in raw.items() if value is not MISSING}
        quick, slow = reader.read(raw), reader._read_each(raw)
        assert repr(quick) == repr(slow), raw  # repr: 40 and 40.0, NaN and NaN told apart
    # Mostly stored values, so that whole entries are read on the quick path, a fault now
    # and then (the block that meets it falls back to the field-by-field reader).
    for _ in range(5000):
        raw = {
            spec.name: rng.choice(STORED_VALUES[spec.name])
            if rng.random() < 0.97
            else rng.choice((*ODD_VALUES, MISSING))
            for spec in fields
        }
        raw = {name: value for name, value in raw.items() if value is not MISSING}
        quick, slow = reader.read(raw), reader._read_each(raw)
        assert repr(quick) == repr(slow), raw
        assert list(quick[0]) == [spec.name for spec in fields]  # the declared order


TRICK_VALUES = (
    None,
    0,
    3,
    4,
    -1,
    True,
    False,
    1.0,
    "2",
    "",
    [1],
    "QS",
    "qs",
    "10H",
    " QS",
    "QS ",
    "12345",
    "Q S",
    "É",
    7,
    "KS",
    ("QS",),
)
"""Parts of a stored trick and of a mistyped one: seats, nobody, card codes and near misses."""


PACK_CHOICES = (Choice("QS", "Q♠"), Choice("10H", "10♥"), Choice("2C", "2♣"), Choice("AD", "A♦"))
"""A TRICKS field's own cards (Tantony lists its pack): `_stored_trick` draws from these and
from near misses, so the quick path over the pack's codes is taken and refused."""


@pytest.mark.parametrize("choices", [(), PACK_CHOICES], ids=["no pack", "a pack"])
def test_stored_tricks_read_as_the_trick_by_trick_reading(choices: tuple[Choice, ...]) -> None:
    """Tricks read on the quick paths (typed seats, lists of plain codes; codes of the field's
    own pack) are the tricks the trick-by-trick reading makes, and anything they do not take
    gets the same answer and faults."""
    import contextlib
    import random

    from companion.contract.parsing import TrickReader

    spec = Field(
        "tricks",
        "Tricks",
        FieldKind.TRICKS,
        maximum=13,
        choices=choices,
        parts=(Field("runt", "Runt", FieldKind.CARD, required=False),),
    )
    reader, rng = TrickReader(spec, 4), random.Random(15)
    coded = 0
    for _ in range(3000):
        tricks = [_stored_trick(rng) for _ in range(rng.choice((1, 2, 4)))]
        assert repr(reader.read(tricks)) == repr(reader._each_trick(tricks)), tricks
        with contextlib.suppress(TypeError):  # an unhashable part: the quick path says so
            coded += reader._coded_tricks(tricks) is not None
    assert (coded > 100) == bool(choices)  # the pack's quick path is taken, and only with one


def _stored_trick(rng: Any) -> dict[str, Any]:
    """A trick as stored (some parts left out), now and then with one part or card mistyped."""
    item: dict[str, Any] = {
        key: rng.choice((None, 0, 3)) for key in ("leader", "won_by", "to") if rng.random() < 0.9
    }
    if rng.random() < 0.9:
        item["runt"] = rng.choice((None, "QS", "20", "AD", "qs"))
    if rng.random() < 0.95:
        item["cards"] = [
            rng.choice(("QS", "10h", "2C", "AD", "10H", "QS"))
            for _ in range(rng.choice((0, 1, 4, 4, 4, 7, 8)))
        ]
    if rng.random() < 0.3:
        key = rng.choice(("leader", "won_by", "to", "runt", "cards", "card"))
        if key == "card" and item.get("cards"):
            item["cards"][rng.randrange(len(item["cards"]))] = rng.choice(TRICK_VALUES)
        else:
            item[key] = rng.choice(TRICK_VALUES)
    return item
