"""The season's exchange format (docs/season-format.md): the season's table as a JSON document
and as CSV rows, for a federation or a club's web page, and the document's JSON Schema
(docs/season.schema.json, checked by tests/service/test_season_format.py). Versioned as the
session format is: `format` names the version, "table-companion/season@1"; a change that
would make an older reader misread a document raises the number.

Figures are exact in the season (fractions); the document writes them as numbers: an integer
when whole, else a decimal to 2 places (placing points are multiples of ½ and averages are
rounded for display only, as on the page). Money is in integer cents with its currency.
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from typing import Any

from companion.engine.season import (
    Counting,
    EveningCell,
    EveningScore,
    Guests,
    SeasonLine,
    SeasonRule,
    TieBreak,
    Total,
)
from companion.service.season_rules import rule_data
from companion.service.seasons import SeasonView

FORMAT = "table-companion/season@1"
SCHEMA_ID = "https://table-companion.invalid/schema/season-1.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def figure_value(value: int | Fraction) -> int | float:
    """An exact figure as a JSON number: whole as an integer, else to 2 decimals."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return exact.numerator
    return round(float(exact), 2)


def figure_text(value: int | Fraction) -> str:
    """An exact figure as text: 12, -3, 2.5, 3.33."""
    shown = figure_value(value)
    return str(shown)


def cell_data(cell: EveningCell | None) -> dict[str, Any] | None:
    """One evening of a line: its figure, place, players ranked, score and whether dropped."""
    if cell is None:
        return None
    return {
        "figure": figure_value(cell.figure),
        "place": cell.place,
        "ranked": cell.ranked,
        "score": figure_value(cell.score),
        "dropped": cell.dropped,
    }


def line_data(view: SeasonView, line: SeasonLine) -> dict[str, Any]:
    """One player's line of the table."""
    return {
        "place": line.place,
        "player": line.player,
        "name": line.name,
        "guest": line.guest,
        "played": line.played,
        "counted": line.counted,
        "total": figure_value(line.total),
        "total_text": view.total_text(line.total),
        "evenings": [cell_data(cell) for cell in line.evenings],
    }


def season_document(view: SeasonView) -> dict[str, Any]:
    """The whole season as the format's document."""
    season = view.season
    return {
        "format": FORMAT,
        "name": season.name,
        "game": season.game,
        "currency": season.currency,
        "created_at": season.created_at,
        "rule": rule_data(view.rule),
        "evenings": [
            {
                "number": number,
                "name": evening.event.name,
                "date": evening.event.created_at,
                "closed": evening.event.closed_at is not None,
                "kept_cents": evening.kept,
            }
            for number, evening in enumerate(view.evenings, 1)
        ],
        "pot_cents": view.pot if view.has_money else None,
        "ranked": [line_data(view, line) for line in view.table.ranked],
        "apart": [line_data(view, line) for line in view.table.apart],
    }


def season_rows(view: SeasonView) -> list[list[str]]:
    """The table as CSV rows: a header, then place (blank: listed apart), name, guest,
    evenings played and counted, each evening's score ("" absent, "(12)" dropped), total."""
    numbers = range(1, len(view.evenings) + 1)
    rows = [
        ["place", "name", "guest", "played", "counted", *(f"evening {n}" for n in numbers), "total"]
    ]
    for line in (*view.table.ranked, *view.table.apart):
        cells = [
            "" if cell is None else f"({figure_text(cell.score)})" if cell.dropped else
            figure_text(cell.score)
            for cell in line.evenings
        ]  # fmt: skip
        rows.append(
            [
                "" if line.place is None else str(line.place), line.name,
                "yes" if line.guest else "", str(line.played), str(line.counted), *cells,
                view.total_text(line.total),
            ]
        )  # fmt: skip
    return rows


NUMBER = {"type": "number"}
COUNT = {"type": "integer", "minimum": 0}
CELL = {
    "anyOf": [
        {"type": "null"},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["figure", "place", "ranked", "score", "dropped"],
            "properties": {
                "figure": NUMBER,
                "place": {"type": "integer", "minimum": 1},
                "ranked": {"type": "integer", "minimum": 1},
                "score": NUMBER,
                "dropped": {"type": "boolean"},
            },
        },
    ]
}
LINE = {
    "type": "object",
    "additionalProperties": False,
    "required": [
        "place", "player", "name", "guest", "played", "counted", "total", "total_text", "evenings",
    ],
    "properties": {
        "place": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
        "player": {"type": "integer"},
        "name": {"type": "string"},
        "guest": {"type": "boolean"},
        "played": COUNT,
        "counted": COUNT,
        "total": NUMBER,
        "total_text": {"type": "string"},
        "evenings": {"type": "array", "items": CELL},
    },
}  # fmt: skip


def rule_schema() -> dict[str, Any]:
    """The season's rule as the document writes it (`season_rules.rule_data`)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [field.name for field in fields(SeasonRule)],
        "properties": {
            "minimum_evenings": COUNT,
            "counting": {"enum": [each.value for each in Counting]},
            "best": COUNT,
            "drop_past": COUNT,
            "drop_every": COUNT,
            "drop_cap": {"anyOf": [COUNT, {"type": "null"}]},
            "score": {"enum": [each.value for each in EveningScore]},
            "total": {"enum": [each.value for each in Total]},
            "prize_scale": {"type": "array", "items": COUNT},
            "tie_breaks": {"type": "array", "items": {"enum": [each.value for each in TieBreak]}},
            "guests": {"enum": [each.value for each in Guests]},
        },
    }


def season_schema() -> dict[str, Any]:
    """The JSON Schema of a season document (docs/season.schema.json)."""
    evening = {
        "type": "object",
        "additionalProperties": False,
        "required": ["number", "name", "date", "closed", "kept_cents"],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "name": {"type": "string"},
            "date": {"type": "string"},
            "closed": {"type": "boolean"},
            "kept_cents": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        },
    }
    return {
        "$schema": DIALECT,
        "$id": SCHEMA_ID,
        "title": "Table Companion season",
        "description": f"A club's season and its table, as exported ({FORMAT}).",
        "type": "object",
        "additionalProperties": False,
        "required": [
            "format", "name", "game", "currency", "created_at", "rule", "evenings",
            "pot_cents", "ranked", "apart",
        ],
        "properties": {
            "format": {"const": FORMAT},
            "name": {"type": "string"},
            "game": {"type": "string"},
            "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
            "created_at": {"type": "string"},
            "rule": rule_schema(),
            "evenings": {"type": "array", "items": evening},
            "pot_cents": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "ranked": {"type": "array", "items": LINE},
            "apart": {"type": "array", "items": LINE},
        },
    }  # fmt: skip
