"""A club night's results as documents: the ranking as rows (the CSV export, the command line)
and the whole event as data (the JSON export), for the followers' pages and `companion event
export` alike."""

from __future__ import annotations

import csv
import io
from typing import Any

from companion.kit.formatting import number
from companion.service.events import Room
from companion.service.movements import Lineup


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
        "name": event.name,
        "game": event.game,
        "options": dict(event.options),
        "table_size": event.table_size,
        "rounds": event.rounds,
        "deals_each": event.deals_each,
        "minutes": event.minutes,
        "method": event.method,
        "created_at": event.created_at,
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
