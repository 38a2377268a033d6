"""The evening directed (`service.director`): the director's controls of the tables, the rounds
and the evening (docs/rulings.md, "Club night").

- A table plays its round (`events.table_seat` refuses a new deal past it); the director may
  lengthen one table's round by a deal, or let a table whose time is up finish the deal in
  progress.
- Only the director closes a table, a round (its unfinished tables closed as they stand: the
  deals played count) or the evening (every table still open, and the results become final).
- Each is written to the event's log, in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from enum import Enum

from werkzeug.security import check_password_hash

from companion.contract.names import read_name
from companion.service.event_refusals import Refusal, RoundRefused, refuse_if_closed
from companion.service.event_tables import Table
from companion.service.events import Events
from companion.store import EventRecord, Store, TableRow

CALL_WORDS_LIMIT = 120
"""The most characters a table's words to the director keep."""


class PinAnswer(Enum):
    """What a try of an event's PIN opened."""

    OPENED = "opened"  # the right PIN: the director's page
    WRONG = "wrong"  # a wrong PIN (counted)
    PAUSED = "paused"  # too many wrong PINs in a row: refused for a few minutes
    NO_PIN = "no pin"  # no such event, or it has no PIN


class Director:
    """What the director does to a running evening, over its tables."""

    def __init__(self, store: Store, events: Events) -> None:
        self._store = store
        self._events = events

    def lengthen(self, event: EventRecord, round_number: int, number: int) -> None:
        """One deal more in one table's round. Refused when there is no such started table
        still open, or when the evening is closed."""
        self._open_table(event, round_number, number)
        self._direct(event, round_number, number, lengthen=True, allow=None)

    def allow_deal_in_progress(self, event: EventRecord, round_number: int, number: int) -> None:
        """Let a table whose round's time is up save the deal it is playing (one more than
        it has). Refused when its time is not up, or it has played its round."""
        table = self._open_table(event, round_number, number)
        if not table.limit.time_up or table.row.deals >= table.length:
            raise RoundRefused(Refusal.TIME_NOT_UP)
        self._direct(event, round_number, number, lengthen=False, allow=table.row.deals + 1)

    def close_table(self, event: EventRecord, round_number: int, number: int) -> None:
        """Close one table as it stands: its pad takes no more deals."""
        self._open_table(event, round_number, number)
        self._store.director.close(event.key, [(round_number, number)], evening=False)

    def close_round(self, event: EventRecord, round_number: int) -> None:
        """Close every table of a round still open (the deals played count)."""
        refuse_if_closed(event)
        tables = [row for row in self._open_rows(event) if row.round == round_number]
        if not tables:
            raise RoundRefused(Refusal.NO_TABLE)
        self._store.director.close(event.key, places(tables), evening=False)

    def close_evening(self, event: EventRecord) -> None:
        """Close the evening: every table still open is closed, and the results are final."""
        refuse_if_closed(event)
        self._store.director.close(event.key, places(self._open_rows(event)), evening=True)

    def hide_last(self, event: EventRecord, rounds: int) -> None:
        """Hide the running ranking from the followers for the last `rounds` rounds (0: show
        it in every round); it is revealed when the evening is closed. Refused (`NOT_ROUNDS`)
        for more rounds than the event has."""
        refuse_if_closed(event)
        if not 0 <= rounds <= event.rounds:
            raise RoundRefused(Refusal.NOT_ROUNDS)
        self._store.director.hide_last(event.key, rounds)

    def call(self, token: str, words: object) -> None:
        """A club table's pad calls the director, with its players' words (maybe none).
        Refused when the session is no club table still playing, or the evening is closed."""
        found = self._store.events.table_of_session(token)
        if found is None:
            raise RoundRefused(Refusal.NO_TABLE)
        table = self._open_table(found.event, found.round, found.table)
        said = read_name(words)[:CALL_WORDS_LIMIT]
        self._store.director.call(found.event.key, table.row.round, table.row.number, said)

    def clear_call(self, event: EventRecord, round_number: int, number: int) -> None:
        """The director has answered a table's call. Refused when none is waiting."""
        try:
            self._store.director.clear_call(event.key, round_number, number)
        except LookupError:
            raise RoundRefused(Refusal.NO_TABLE) from None

    def pins(self) -> list[tuple[str, str, str]]:
        """The events a director can open with a PIN: (followers' key, name, created at)."""
        return self._store.director.pins()

    def open_with_pin(self, follow: str, pin: str) -> tuple[PinAnswer, EventRecord | None]:
        """Try an event's PIN (the event named by its followers' key): the event on the
        right PIN; every try counted, and refused a while after too many wrong ones."""
        record = self._store.director.pin_of(follow)
        if record is None or record.pin_hash is None:
            return PinAnswer.NO_PIN, None
        now = datetime.now(UTC)
        if record.locked_until and datetime.fromisoformat(record.locked_until) > now:
            return PinAnswer.PAUSED, None
        right = check_password_hash(record.pin_hash, pin)
        self._store.director.pin_tried(record.key, right=right, now=now)
        if not right:
            return PinAnswer.WRONG, None
        return PinAnswer.OPENED, self._events.get(record.key)

    def _open_rows(self, event: EventRecord) -> list[TableRow]:
        """The started tables not yet closed."""
        rows = self._store.events.tables(event.key)
        return [row for row in rows if row.session and not row.closed]

    def _open_table(self, event: EventRecord, round_number: int, number: int) -> Table:
        """A started table still open, or refused."""
        refuse_if_closed(event)
        table = self._events.room(event).table(round_number, number)
        if table is None or not table.row.session or table.row.closed:
            raise RoundRefused(Refusal.NO_TABLE)
        return table

    def _direct(
        self,
        event: EventRecord,
        round_number: int,
        number: int,
        *,
        lengthen: bool,
        allow: int | None,
    ) -> None:
        try:
            self._store.director.direct_table(
                event.key, round_number, number, lengthen=lengthen, allow=allow
            )
        except LookupError:
            raise RoundRefused(Refusal.NO_TABLE) from None


def places(rows: Sequence[TableRow]) -> list[tuple[int, int]]:
    """Tables as (round, number), as the store closes them."""
    return [(row.round, row.number) for row in rows]
