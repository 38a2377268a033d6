"""WTForms built from a game's declared fields, so the web form and the engine share one source.

WTForms renders and holds what was typed (kept as typed when a hand is refused) and Flask-WTF
checks the CSRF token; the engine's `parse_values` and the game's referee judge the values, and
their problems are put back on the form fields so one macro shows them next to the field.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import has_request_context
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectField, StringField
from wtforms import Field as WtfField
from wtforms.fields.choices import SelectChoice

from companion.contract.parsing import trick_keys
from companion.contract.values import Entry, Field, FieldKind, Problem, TrickRecord
from companion.kit.formatting import number as format_points
from companion.web.language import catalogue, current_language, said

NOBODY = "none"
CHIP_LIMIT = 8  # up to this many choices show as tap targets; more become a drop-down


@dataclass(frozen=True)
class FormField:
    """A declared field beside its WTForms field, with the widget the pad draws for it."""

    spec: Field
    wtf: WtfField
    widget: str  # "chips", "select", "number", "text" or "checkbox"
    changed: bool  # holds something other than its default (a folded section then opens)


def seat_choices(spec: Field, players: Sequence[str]) -> list[tuple[str, str]]:
    """A SEAT field's choices: every player, then "nobody" when the field allows it."""
    choices = [(str(seat), name) for seat, name in enumerate(players)]
    if spec.none_label is not None:
        choices.append((NOBODY, spec.none_label))
    return choices


def choices_for(spec: Field, players: Sequence[str]) -> list[tuple[str, str]]:
    """The (value, label) pairs a CHOICE, SEAT or small INTEGER field offers."""
    if spec.kind is FieldKind.SEAT:
        return seat_choices(spec, players)
    if spec.kind is FieldKind.INTEGER and _is_small_range(spec):
        low, high = int(spec.minimum or 0), int(spec.maximum or 0)  # both set: a small range
        return [(str(n), str(n)) for n in range(low, high + 1)]
    return [(choice.value, choice.label) for choice in spec.choices]


def _is_small_range(spec: Field) -> bool:
    """A required whole number with a handful of values (bouts 0–3) is quicker as tap targets."""
    return (
        spec.required
        and spec.minimum is not None
        and spec.maximum is not None
        and spec.maximum - spec.minimum < CHIP_LIMIT
    )


def widget_for(spec: Field, players: Sequence[str]) -> str:
    """How the pad draws a field: tap targets for short lists, a drop-down for long ones."""
    if spec.kind in (FieldKind.CHOICE, FieldKind.SEAT) or (
        spec.kind is FieldKind.INTEGER and _is_small_range(spec)
    ):
        return "chips" if len(choices_for(spec, players)) <= CHIP_LIMIT else "select"
    if spec.kind in (FieldKind.INTEGER, FieldKind.HALF):
        return "number"
    if spec.kind is FieldKind.BOOLEAN:
        return "checkbox"
    return "text"


def shown_label(label: str) -> str:
    """A label as WTForms will print it: in the reader's language during a request.

    WTForms writes a field's options and labels in Python, where the templates' translating
    `finalize` never sees them, so they are said here, when the form is built for a request.
    """
    return said(label) if has_request_context() else str(label)


def _wtf_field(spec: Field, players: Sequence[str]) -> WtfField:
    """The unbound WTForms field for a declared field (no WTForms validators: the engine judges)."""
    widget = widget_for(spec, players)
    label = shown_label(spec.label)
    if widget == "chips":
        choices = [
            SelectChoice(value, shown_label(text)) for value, text in choices_for(spec, players)
        ]
        return RadioField(label, choices=choices, validate_choice=False)
    if widget == "select":
        pairs = [("", "—"), *choices_for(spec, players)]
        return SelectField(
            label,
            choices=[SelectChoice(v, shown_label(text)) for v, text in pairs],
            validate_choice=False,
        )
    if widget == "checkbox":
        return BooleanField(label)
    return StringField(label)


def form_class_for(specs: Sequence[Field], players: Sequence[str]) -> type[FlaskForm]:
    """The WTForms class of these fields at this table, made once and reused by every request
    (a form class is a template of fields: binding it to a request's data is per request).
    Its labels are in the reader's language, so the language is part of what it is kept by."""
    language = (current_language(), id(catalogue())) if has_request_context() else None
    return form_class(tuple(specs), tuple(players), language)


@functools.lru_cache(maxsize=256)
def form_class(
    specs: tuple[Field, ...], players: tuple[str, ...], language: object
) -> type[FlaskForm]:
    """The WTForms class of these fields, kept per fields, table and `language` (the labels
    are drawn in the language of the request that first asks)."""
    return type("EntryForm", (FlaskForm,), {spec.name: _wtf_field(spec, players) for spec in specs})


def build_form(
    specs: Sequence[Field],
    players: Sequence[str],
    *,
    formdata: Any = None,
    data: Mapping[str, Any] | None = None,
) -> tuple[FlaskForm, list[FormField]]:
    """A bound form for these fields, and the fields in declared order with their widgets.

    With `formdata` it holds what was posted (as typed); otherwise `data` fills it.
    """
    specs = [spec for spec in specs if spec.kind is not FieldKind.TRICKS]  # see trick_rows
    form = form_class_for(specs, players)(formdata=formdata, data=dict(data or {}))
    defaults = defaults_as_form_data(specs)
    fields = [
        FormField(
            spec,
            form[spec.name],
            widget_for(spec, players),
            _differs(form[spec.name].data, defaults[spec.name]),
        )
        for spec in specs
    ]
    return form, fields


def _differs(value: Any, default: Any) -> bool:
    """Whether a form value is other than the field's default (blank counts as default)."""
    if value in (None, "", False):
        return False
    return str(value) != str(default)


def entry_to_form_data(specs: Sequence[Field], entry: Entry) -> dict[str, Any]:
    """A stored entry as the strings a form shows, so an old hand opens for editing as entered."""
    data: dict[str, Any] = {}
    for spec in specs:
        value = entry.get(spec.name)
        if spec.kind is FieldKind.TRICKS:
            continue  # drawn by the trick panel, not by WTForms
        if spec.kind is FieldKind.SEAT:
            data[spec.name] = (
                (NOBODY if spec.none_label is not None else "") if value is None else str(value)
            )
        elif spec.kind is FieldKind.BOOLEAN:
            data[spec.name] = bool(value)
        elif spec.kind is FieldKind.HALF and value is not None:
            data[spec.name] = format_points(value)
        else:
            data[spec.name] = "" if value is None else str(value)
    return data


def defaults_as_form_data(specs: Sequence[Field]) -> dict[str, Any]:
    """A fresh entry form: each field at its default; a required field without one left blank."""
    data = entry_to_form_data(specs, {spec.name: spec.default for spec in specs})
    for spec in specs:
        if spec.required and spec.default is None:
            data[spec.name] = ""
    return data


def attach_problems(fields: Sequence[FormField], problems: Sequence[Problem]) -> list[str]:
    """Put each problem on its form field; returns the messages that concern no single field."""
    by_name = {field.spec.name: field for field in fields}
    general: list[str] = []
    for field in fields:
        field.wtf.errors = []
    for problem in problems:
        target = by_name.get(problem.field or "")
        if target is None:
            general.append(problem.message)
        else:
            target.wtf.errors.append(problem.message)
    return general


def form_values(formdata: Mapping[str, Any], specs: Sequence[Field]) -> dict[str, Any]:
    """The posted values of these fields by field name; fields not sent at all are absent.

    A TRICKS field posts one key per trick and part (`tricks-3-runt`): they are gathered into
    the list of mappings the parser reads.
    """
    values = {spec.name: formdata[spec.name] for spec in specs if spec.name in formdata}
    for spec in specs:
        if spec.kind is FieldKind.TRICKS and spec.name not in values:
            rows = tricks_from_form(spec, formdata)
            if rows:
                values[spec.name] = rows
    return values


# ---------------------------------------------------------------- tricks as form keys
# A trick travels in a form as one key per trick and part: `<field>-<index>-<part>`.


def tricks_from_form(spec: Field, formdata: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The tricks a form posted as `<name>-<i>-<part>` keys, as a list of mappings.

    Rows are read from 0 up to the first index with no key at all, and never beyond the
    field's maximum plus one (so the parser, not this loop, says a hand has too many tricks).
    """
    parts = trick_keys(spec)
    limit = int(spec.maximum or 0) + 1
    rows: list[dict[str, Any]] = []
    while len(rows) < limit and any(f"{spec.name}-{len(rows)}-{p}" in formdata for p in parts):
        index = len(rows)
        rows.append({part: formdata.get(f"{spec.name}-{index}-{part}") for part in parts})
    return rows


def trick_as_strings(spec: Field, trick: TrickRecord) -> dict[str, str]:
    """One trick as the strings a form holds for it, by part (blank where nothing was said)."""
    data = trick.as_data()
    strings = {part: _as_form_text(data.get(part)) for part in trick_keys(spec)}
    strings["cards"] = " ".join(trick.cards)
    return strings


def tricks_to_form(spec: Field, tricks: Sequence[TrickRecord]) -> dict[str, str]:
    """Tricks as the form fields that post them back (`tricks_from_form` reads them)."""
    return {
        f"{spec.name}-{index}-{part}": text
        for index, trick in enumerate(tricks)
        for part, text in trick_as_strings(spec, trick).items()
    }


def _as_form_text(value: Any) -> str:
    """A typed value as a form box holds it ("" for nothing)."""
    return "" if value is None else str(value)


def trick_field(specs: Sequence[Field]) -> Field | None:
    """The TRICKS field of a game's entry, if it is a trick-by-trick game."""
    return next((spec for spec in specs if spec.kind is FieldKind.TRICKS), None)
