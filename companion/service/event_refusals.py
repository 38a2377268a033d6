"""Why the director's change to a round or a table was refused (`Refusal`, raised as
`RoundRefused`), and the checks every such change starts with: a round waiting to start, an
evening not yet closed. The pages say each reason in words."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from companion.service.event_tables import Table
from companion.store import EventRecord, RoundRow


class Refusal(Enum):
    """Why a change the director asked of a round was not made (the page says it in words)."""

    ALL_DRAWN = "all drawn"  # every round of the event is drawn
    NOT_DRAWN = "not drawn"  # no round is drawn yet
    STARTED = "started"  # the round drawn has started (before this change, or long before)
    DRAW_CHANGED = "draw changed"  # a draw again or a swap landed since the page was read
    NOT_TWO_ENTRANTS = "not two entrants"  # a swap of one player, or of someone not entered
    NO_SESSION = "no session"  # a table's players make no session of the game
    ALREADY_DRAWN = "already drawn"  # the new round asked for was drawn meanwhile
    TABLES_PLAYING = "tables playing"  # the next round drawn while tables still play: confirm
    NO_TABLE = "no table"  # no such started table still open (closed, or not started)
    TIME_NOT_UP = "time not up"  # the deal in progress allowed where the time is not up
    CLOSED = "closed"  # the evening is closed: its results are final
    NOT_ROUNDS = "not rounds"  # a count of rounds the event does not have


class RoundRefused(Exception):
    """A change to a round refused, and why."""

    def __init__(self, reason: Refusal, tables: Sequence[Table] = ()) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.tables = tuple(tables)  # TABLES_PLAYING: the tables still playing


def waiting_round(rounds: Sequence[RoundRow]) -> int:
    """The number of the round drawn and waiting to start; refused when none is drawn, or when
    the last one drawn has started (a second tap of Start, a swap after it)."""
    if not rounds:
        raise RoundRefused(Refusal.NOT_DRAWN)
    if rounds[-1].started_at is not None:
        raise RoundRefused(Refusal.STARTED)
    return rounds[-1].round


def refuse_if_closed(event: EventRecord) -> None:
    """Refused (`Refusal.CLOSED`) once the director has closed the evening."""
    if event.closed_at is not None:
        raise RoundRefused(Refusal.CLOSED)
