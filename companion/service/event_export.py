"""A club night's results as documents (docs/evening-format.md): the ranking as rows (the CSV
export, the command line) and the whole event as data (the JSON export), for the followers'
pages, the director's and `companion event export` alike, and the document's JSON Schema
(docs/evening.schema.json, checked by tests/service/test_evening_format.py). Versioned as the
season format is: `format` names the version, "table-companion/evening@1"; a change that would
make an older reader misread a document raises the number."""

from __future__ import annotations

import csv
import io
from typing import Any

from companion.engine.draw import Fill, Order
from companion.engine.ranking import Method
from companion.engine.seeding import Seeding
from companion.kit.formatting import number
from companion.service.events import Room
from companion.service.movements import Lineup
from companion.service.season_format import DIALECT

FORMAT = "table-companion/evening@1"
SCHEMA_ID = "https://table-companion.invalid/schema/evening-1.json"


def ranking_rows(room: Room) -> list[list[str]]:
    """The ranking as rows of text: a header, then place, number, name, rounds, total, and
    for a game that counts them the contracts won and lost (`Room.records`)."""
    rounds = range(1, room.event.rounds + 1)
    counted = ["won", "lost"] if room.records else []
    rows = [["place", "number", "name", *(f"round {r}" for r in rounds), "total", *counted]]
    for line in room.ranking:
        figures = ["" if value is None else number(value) for value in line.rounds]
        record = [str(n) for n in room.records.get(line.entrant, (0, 0))] if counted else []
        rows.append(
            [str(line.place), str(line.entrant), room.entrants[line.entrant], *figures,
             number(line.total), *record]
        )  # fmt: skip
    return rows


def ranking_csv(room: Room) -> str:
    """The ranking list as CSV text (one row an entrant)."""
    out = io.StringIO()
    csv.writer(out).writerows(ranking_rows(room))
    return out.getvalue()


def entrant_entry(number: int, name: str, lineup: Lineup | None) -> dict[str, Any]:
    """An entrant as the document lists them, with how they came (a late entrant's first
    round, a withdrawal's last, a substitute and whether their rounds are credited)."""
    entry: dict[str, Any] = {"number": number, "name": name}
    state = lineup.states.get(number) if lineup else None
    if state is not None:
        entry |= {
            "joined_round": state.joined_round,
            "left_after": state.left_after,
            "substitute": state.substitute,
            "substitute_from": state.substitute_from,
            "credited": state.credited,
        }
    return entry


def event_document(room: Room, lineup: Lineup | None = None) -> dict[str, Any]:
    """The whole event as data: its settings, entrants (with how they came, given the
    `lineup`), every round's tables, the ranking."""
    event = room.event
    return {
        "format": FORMAT,
        "name": event.name,
        "game": event.game,
        "options": dict(event.options),
        "table_size": event.table_size,
        "other_size": event.other_size,
        "fill": event.fill,
        "rounds": event.rounds,
        "deals_each": event.deals_each,
        "minutes": event.minutes,
        "method": event.method,
        "draw_order": event.draw_order,
        "seeding": event.seeding,
        "created_at": event.created_at,
        "closed_at": event.closed_at,
        "entrants": [entrant_entry(n, name, lineup) for n, name in room.entrants.items()],
        "draws": [
            {
                "round": r.round,
                "byes": list(r.byes),
                "repeats": r.repeats,
                "started_at": r.started_at,
            }
            for r in room.rounds
        ],
        "tables": [
            {
                "round": x.row.round,
                "table": x.row.number,
                "seats": list(x.row.seats),
                "deals": x.row.deals,
                "length": x.length,
                "totals": None if x.row.totals is None else list(x.row.totals),
            }
            for x in room.tables
        ],
        "ranking": [
            {
                "place": line.place,
                "number": line.entrant,
                "rounds": list(line.rounds),
                "total": line.total,
                **record_of(room, line.entrant),
            }
            for line in room.ranking
        ],
    }


def record_of(room: Room, entrant: int) -> dict[str, int]:
    """An entrant's contracts won and lost, for a game that counts them (else nothing)."""
    if not room.records:
        return {}
    won, lost = room.records.get(entrant, (0, 0))
    return {"won": won, "lost": lost}


NUMBER = {"type": "number"}
COUNT = {"type": "integer", "minimum": 0}
POSITIVE = {"type": "integer", "minimum": 1}
NUMBERS = {"type": "array", "items": POSITIVE}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """A value of `schema`, or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def closed_object(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """An object of these properties and no other, those of `required` always there."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": properties,
    }


def evening_schema() -> dict[str, Any]:
    """The JSON Schema of an evening document (docs/evening.schema.json)."""
    entrant = closed_object(
        ["number", "name"],
        {
            "number": POSITIVE, "name": {"type": "string"}, "joined_round": POSITIVE,
            "left_after": nullable(POSITIVE), "substitute": nullable({"type": "string"}),
            "substitute_from": nullable(POSITIVE), "credited": {"type": "boolean"},
        },
    )  # fmt: skip
    draw = closed_object(
        ["round", "byes", "repeats", "started_at"],
        {"round": POSITIVE, "byes": NUMBERS, "repeats": COUNT,
         "started_at": nullable({"type": "string"})},
    )  # fmt: skip
    table = closed_object(
        ["round", "table", "seats", "deals", "length", "totals"],
        {"round": POSITIVE, "table": POSITIVE, "seats": NUMBERS, "deals": COUNT,
         "length": COUNT, "totals": nullable({"type": "array", "items": NUMBER})},
    )  # fmt: skip
    line = closed_object(
        ["place", "number", "rounds", "total"],
        {"place": POSITIVE, "number": POSITIVE,
         "rounds": {"type": "array", "items": nullable(NUMBER)}, "total": NUMBER,
         "won": COUNT, "lost": COUNT},
    )  # fmt: skip
    return {
        "$schema": DIALECT,
        "$id": SCHEMA_ID,
        "title": "Table Companion evening",
        "description": f"A club night: its settings, draws, tables and ranking ({FORMAT}).",
        **closed_object(
            [
                "format", "name", "game", "options", "table_size", "other_size", "fill",
                "rounds", "deals_each", "minutes", "method", "draw_order", "seeding",
                "created_at", "closed_at", "entrants", "draws", "tables", "ranking",
            ],
            {
                "format": {"const": FORMAT},
                "name": {"type": "string"},
                "game": {"type": "string"},
                "options": {"type": "object"},
                "table_size": POSITIVE,
                "other_size": nullable(POSITIVE),
                "fill": {"enum": [each.value for each in Fill]},
                "rounds": POSITIVE,
                "deals_each": POSITIVE,
                "minutes": COUNT,
                "method": {"enum": [each.value for each in Method]},
                "draw_order": {"enum": [each.value for each in Order]},
                "seeding": {"enum": [each.value for each in Seeding]},
                "created_at": {"type": "string"},
                "closed_at": nullable({"type": "string"}),
                "entrants": {"type": "array", "items": entrant},
                "draws": {"type": "array", "items": draw},
                "tables": {"type": "array", "items": table},
                "ranking": {"type": "array", "items": line},
            },
        ),
    }  # fmt: skip
