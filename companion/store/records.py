"""The store's records and errors: what goes in and comes out of it, as plain values.

No SQL here: the aggregates (sessions.py, hands.py, ...) read rows into these records.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from companion.contract.values import Setup
from companion.kit.i18n import t

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


class NameHeld(ValueError):
    """A phone named itself with a name another phone holds in the session: nothing changed.
    `holding` is that phone's hold (its row id), which a take-over must name."""

    def __init__(self, holding: int) -> None:
        super().__init__("another phone holds that name")
        self.holding = holding


@dataclass(frozen=True)
class TakeOver:
    """A name taken over from another phone in a session: which name, when, and whether the
    phone asking is the one that lost it or the one that took it."""

    name: str
    at: str
    from_device: str
    to_device: str


class StaleWrite(ValueError):
    """A write based on a version that is no longer the current one (another phone wrote
    since): refused, never applied over what is there now. `current` is what is there now."""

    def __init__(self, message: str, current: Any = None) -> None:
        super().__init__(message)
        self.current = current


ANY_VERSION = object()
"""A write that does not say which version it was based on (the command line, tests of the
store itself): applied as it is. Every write from a phone says it."""


class HandConflict(ValueError):
    """Hand `number` already has an effective row: someone else entered it first."""


@dataclass(frozen=True)
class AddedHand:
    """A hand just added: its row, and whether the derived results written with it were kept
    (False: another phone wrote since they were derived, so the next load derives afresh)."""

    row: HandRow
    results_kept: bool


@dataclass(frozen=True)
class Player:
    """One person on the roster: their name now, their version (it changes with every rename
    and merge, so a form can say which it saw), the sessions they sat in, and the spellings
    that name them (as first written)."""

    id: int
    name: str
    version: int
    sessions: int = 0
    spellings: tuple[str, ...] = ()


class NameTaken(ValueError):
    """A rename to a name (or spelling) of another player: `owner` is that player's id."""

    def __init__(self, owner: int) -> None:
        super().__init__("that name is another player's")
        self.owner = owner


class SamePlayer(ValueError):
    """A player merged into themself."""


class SatTogether(ValueError):
    """Two players who sat in the same session cannot be one person: `sessions` are those."""

    def __init__(self, sessions: tuple[SessionRecord, ...]) -> None:
        super().__init__("they sat in the same session")
        self.sessions = sessions


@dataclass(frozen=True)
class ResultRow:
    """A hand's derived result as kept: its number, its position in the effective history
    (None: refused when the session was replayed, `text` then says why), the scored hand as
    text, and the running totals and hands played after it."""

    number: int
    position: int | None
    text: str
    totals: tuple[int, ...] | None = None
    played: int | None = None


@dataclass(frozen=True)
class StandingRow:
    """One seat's standing as `seat_standings` keeps it: the session's total for the seat,
    whether it wins as the session stands, the hands it took part in, its best and worst
    hand (points and hand number; None before it took part in one), its own-figure counts
    (JSON text) and the hands anyone in the session took part in."""

    seat: int
    total: int
    won: bool
    hands: int
    best: int | None
    best_hand: int | None
    worst: int | None
    worst_hand: int | None
    counts: str
    session_hands: int


@dataclass(frozen=True)
class ResultsWrite:
    """The cached results a hand write keeps, in its own transaction: those of hand
    `from_number` and later are replaced by `rows`. `since` is the session's last hand row
    when they were derived; when another row was written since (another phone), they are left
    out and the next load replays. `before` is how many hands that count come before
    `from_number`: the cache must hold them all, so that it stays a prefix of the hands (by
    number) with no gap, and a cache holding the last hand holds them all. `standing` is the
    session's standing after the write, one row per seat (none before a hand counts), kept with
    the rows in the same transaction: the statistics read it."""

    since: int
    from_number: int
    rows: tuple[ResultRow, ...] = ()
    before: int = 0
    standing: tuple[StandingRow, ...] = ()


@dataclass(frozen=True)
class ResultsSummary:
    """What a pad needs of a session's cached results without reading them all: whether they
    cover every hand that counts, the last scored hand (None: no hand yet) and the refused
    ones."""

    complete: bool
    last: ResultRow | None
    refused: tuple[ResultRow, ...]


# ---------------------------------------------------------------- faults


class FaultKind(StrEnum):
    """Why the store could not do what it was asked: none of these is the player's fault."""

    DISK_FULL = "disk_full"
    READ_ONLY = "read_only"
    LOCKED = "locked"
    UNREADABLE = "unreadable"
    GONE = "gone"


_FAULT_WORDS = {
    FaultKind.DISK_FULL: t("the disk is full"),
    FaultKind.READ_ONLY: t("its file can only be read (it is read-only)"),
    FaultKind.LOCKED: t("another program held the file too long (it is locked)"),
    FaultKind.UNREADABLE: t("the file cannot be opened or is not a pad's database"),
    FaultKind.GONE: t(
        "its file was deleted or replaced while the pad was running (restart the pad; "
        "if the file is lost, restore a backup)"
    ),
}


class StoreFault(Exception):
    """The file could not be written or read; nothing was saved. `kind` says why."""

    def __init__(self, kind: FaultKind, detail: str = "") -> None:
        super().__init__(f"{_FAULT_WORDS[kind]}{': ' + detail if detail else ''}")
        self.kind = kind

    @property
    def words(self) -> str:
        """Why, in a player's words: "the disk is full"."""
        return _FAULT_WORDS[self.kind]
