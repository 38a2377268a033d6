"""The JSON Schema of the session exchange format, generated from the games' own declarations.

The same `Field`s that build the pad's forms and that the parser reads describe here what a
document may hold: the envelope, the seats, each game's house rules for each player count, and
each hand's entry (a trick as its shared parts plus the game's own). Nothing is hand-written
per game, so the schema can never drift from what the engine accepts. Pure Python.
"""

from __future__ import annotations

from typing import Any

from companion.contract.game import Game, default_options
from companion.contract.registry import all_games
from companion.contract.values import MAX_SEATS, Field, FieldKind, Setup
from companion.service.envelope import (
    ACTIONS,
    HISTORY_KEYS,
    MAX_HANDS,
    MAX_HISTORY,
    MAX_ID,
    STAMP_LIMIT,
)
from companion.service.exchange import DOCUMENT_KEYS, FORMAT

SCHEMA_ID = "https://table-companion.invalid/schema/session-1.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


NUMBER = {"type": "integer", "minimum": 1, "maximum": MAX_HANDS}
MOMENT = {"type": "string", "format": "date-time", "maxLength": STAMP_LIMIT}
MOMENT_OR_NULL = {"anyOf": [MOMENT, {"type": "null"}]}
ROW_ID = {"type": "integer", "minimum": 1, "maximum": MAX_ID}
HISTORY_ROW = {
    "type": "object",
    "additionalProperties": False,
    "required": sorted(HISTORY_KEYS),
    "properties": {
        "id": ROW_ID,
        "action": {"enum": list(ACTIONS)},
        "number": NUMBER,
        "entry": {"type": "object"},
        "supersedes": {"anyOf": [ROW_ID, {"type": "null"}]},
        "at": MOMENT,
    },
}
"""A row of a document's history, as `envelope.row_problem` reads it."""


def session_schema() -> dict[str, Any]:
    """The whole format: one variant per game and player count, each with its own options and
    entry, so a document is valid exactly when its game, seats, options and hands fit."""
    return {
        "$schema": DIALECT,
        "$id": SCHEMA_ID,
        "title": "Table Companion session",
        "description": f"A session of any game, as exported by the pad ({FORMAT}).",
        "oneOf": [
            variant_schema(game, count) for game in all_games() for count in game.player_counts
        ],
    }


def variant_schema(game: Game, count: int) -> dict[str, Any]:
    """A document of `game` at `count` seats."""
    options = game.options(count)
    setup = Setup(game.slug, tuple(f"P{i + 1}" for i in range(count)), default_options(options))
    entry = {
        "type": "object",
        "additionalProperties": False,
        "properties": {spec.name: value_schema(spec, count) for spec in game.fields(setup)},
    }
    hand = {
        "type": "object",
        "additionalProperties": False,
        "required": ["number", "entry"],
        "properties": {"number": NUMBER, "entry": entry},
    }
    properties: dict[str, Any] = {
        "format": {"const": FORMAT},
        "game": {"const": game.slug},
        "players": {
            "type": "array",
            "minItems": count,
            "maxItems": count,
            "items": {"type": "string", "minLength": 1, "maxLength": 80},
        },
        "first_dealer": {"type": "integer", "minimum": 0, "maximum": count - 1},
        "options": {
            "type": "object",
            "additionalProperties": False,
            "properties": {o.name: value_schema(o, count) for o in options},
        },
        "created_at": MOMENT_OR_NULL,
        "ended_at": MOMENT_OR_NULL,
        "hands": {"type": "array", "maxItems": MAX_HANDS, "items": hand},
        "history": {"type": "array", "maxItems": MAX_HISTORY, "items": HISTORY_ROW},
    }
    assert tuple(properties) == DOCUMENT_KEYS, "the schema and the reader list the same keys"
    return {
        "title": f"{game.name}, {count} players",
        "type": "object",
        "additionalProperties": False,
        "required": ["format", "game", "players"],
        "properties": properties,
    }


def value_schema(spec: Field, count: int) -> dict[str, Any]:
    """One field's value as JSON: the typed form the pad exports (strings from forms read too,
    but a document written by a program should use these types)."""
    described: dict[str, Any] = {"title": spec.label}
    if spec.help:
        described["description"] = spec.help
    # Null everywhere: a field that does not apply to a hand (a pass has no points) is null.
    return described | {"anyOf": [_KINDS[spec.kind](spec, count), {"type": "null"}]}


def _choice(spec: Field, count: int) -> dict[str, Any]:
    return {"enum": [choice.value for choice in spec.choices]}


def _seat(spec: Field, count: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "maximum": count - 1}


def _number(spec: Field, count: int, kind: str, step: float) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": kind}
    if spec.minimum is not None:
        schema["minimum"] = spec.minimum
    if spec.maximum is not None:
        schema["maximum"] = spec.maximum
    if step != 1:
        schema["multipleOf"] = step
    return schema


def _integer(spec: Field, count: int) -> dict[str, Any]:
    return _number(spec, count, "integer", 1)


def _half(spec: Field, count: int) -> dict[str, Any]:
    return _number(spec, count, "number", 0.5)


def _boolean(spec: Field, count: int) -> dict[str, Any]:
    return {"type": "boolean"}


def _text(spec: Field, count: int) -> dict[str, Any]:
    return {"type": "string", "maxLength": spec.max_length}


def _card(spec: Field, count: int) -> dict[str, Any]:
    return {"type": "string", "pattern": "^[0-9A-Za-z]{1,4}$"}


def _tricks(spec: Field, count: int) -> dict[str, Any]:
    seat = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": count - 1}, {"type": "null"}]}
    parts: dict[str, Any] = {
        "cards": {
            "type": "array",
            "maxItems": count + 3,  # what the parser reads at most
            "items": {"type": "string", "pattern": "^[0-9A-Za-z]{1,4}$"},
        },
        "leader": seat,
        "won_by": seat,
        "to": seat,
    }
    parts |= {part.name: value_schema(part, count) for part in spec.parts}
    trick = {"type": "object", "additionalProperties": False, "properties": parts}
    return {"type": "array", "maxItems": int(spec.maximum or MAX_SEATS * 13), "items": trick}


_KINDS = {
    FieldKind.CHOICE: _choice,
    FieldKind.SEAT: _seat,
    FieldKind.INTEGER: _integer,
    FieldKind.HALF: _half,
    FieldKind.BOOLEAN: _boolean,
    FieldKind.TEXT: _text,
    FieldKind.CARD: _card,
    FieldKind.TRICKS: _tricks,
}
