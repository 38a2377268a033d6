"""Sign-offs: another phone's word on a saved hand (a house option)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.store.database import Part
from companion.store.records import Author, StaleWrite
from companion.store.rows import effective_row_id, name_key, now_utc


class Verdict(StrEnum):
    """Another phone's word on a saved hand, under the sign-off house option."""

    AGREED = "agreed"
    DISPUTED = "disputed"


@dataclass(frozen=True)
class SignOff:
    """The latest word on a hand row: agreed or disputed, by whom, when."""

    verdict: Verdict
    by: str | None
    at: str


class SameAuthor(ValueError):
    """A phone tried to agree to (or dispute) a hand it saved itself, or one saved under the
    name it holds now (`name`: that name; None when it is the very phone)."""

    def __init__(self, message: str, name: str | None = None) -> None:
        super().__init__(message)
        self.name = name


def same_name(one: str | None, other: str | None) -> bool:
    """Whether two names given by phones are one player's (case and spaces do not count)."""
    return one is not None and other is not None and name_key(one) == name_key(other)


class SignOffs(Part):
    """Sign-offs (`store.sign_offs`, over the store's one connection)."""

    def add(self, token: str, number: int, based_on: Any, verdict: Verdict, by: Author) -> None:
        """Another phone's word on hand `number` as the phone saw it (`based_on`: its row id).

        StaleWrite when that row is no longer hand `number` (corrected or undone since);
        SameAuthor when the phone that saved the row is the one answering, or when the
        answer is given under the name the row was saved under (a name taken over by another
        phone is still the same player).
        """
        with self._write() as conn:
            current = effective_row_id(conn, token, number)
            if current is None or current != based_on:
                raise StaleWrite(f"hand {number} changed since", current)
            device, entered_by = conn.execute(
                "SELECT device, entered_by FROM hands WHERE id = ?", (current,)
            ).fetchone()
            if device is not None and device == by.device:
                raise SameAuthor(f"hand {number} was saved by this phone")
            if same_name(entered_by, by.name):
                raise SameAuthor(f"hand {number} was saved under this name", entered_by)
            conn.execute(
                "INSERT INTO sign_offs (session_id, row_id, verdict, entered_by, device,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (token, current, verdict.value, by.name, by.device, now_utc()),
            )

    def latest(self, token: str) -> dict[int, SignOff]:
        """The latest word on each hand row of the session that has one, by row id. A word
        given under the name the row was saved under (written before one phone per name) is
        no word at all: a hand is never shown agreed by the player who entered it."""
        rows = self.db.execute(
            "SELECT sign_offs.row_id, sign_offs.verdict, sign_offs.entered_by,"
            " sign_offs.created_at, hands.entered_by FROM sign_offs"
            " JOIN hands ON hands.id = sign_offs.row_id"
            " WHERE sign_offs.session_id = ? ORDER BY sign_offs.id",
            (token,),
        ).fetchall()
        return {
            row_id: SignOff(Verdict(verdict), by, at)
            for row_id, verdict, by, at, author in rows
            if not same_name(author, by)
        }
