"""The records several of the store's aggregates read or write, as plain values: a session
and its seats, a hand's row, who wrote it, and a write based on a version that changed since.
A record or error only one aggregate writes lives beside it (`players.Player`,
`signoffs.SignOff`, `results.ResultRow`, `database.StoreFault`…).

No SQL here: rows.py reads rows into these records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.contract.values import Setup

HandAction = Literal["enter", "correct", "undo"]


@dataclass(frozen=True)
class Seat:
    """One seat at the table: its position in play order, its name and the people in it."""

    position: int
    name: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class SessionRecord:
    """A stored session: its token (the secret link), its setup, when it began and ended."""

    token: str
    setup: Setup
    created_at: str
    ended_at: str | None
    seats: tuple[Seat, ...]
    sign_off: bool = False  # each hand waits for another phone to agree (a house option)


@dataclass(frozen=True)
class HandRow:
    """One row of a session's hand history, exactly as stored."""

    id: int
    number: int
    action: HandAction
    entry: dict[str, Any]
    points: tuple[int, ...] | None
    supersedes: int | None
    created_at: str
    by: str | None = None  # the name the phone that wrote it gave itself
    device: str | None = None  # the phone that wrote it (its random id): not another's to agree


@dataclass(frozen=True)
class Author:
    """Who writes a row: the phone's name (if it gave one) and its random id."""

    name: str | None = None
    device: str | None = None


class StaleWrite(ValueError):
    """A write based on a version that is no longer the current one (another phone wrote
    since): refused, never applied over what is there now. `current` is what is there now."""

    def __init__(self, message: str, current: Any = None) -> None:
        super().__init__(message)
        self.current = current


ANY_VERSION = object()
"""A write that does not say which version it was based on (the command line, tests of the
store itself): applied as it is. Every write from a phone says it."""
