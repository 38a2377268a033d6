"""Sessions (`service.sessions`): a session opened as the pad shows it, started, imported,
exported and ended.

A session is opened from its stored results (loading.py), through the app's cache of opened
sessions when the request has one; every hand of an import is refereed and scored first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.contract.values import Problem, entry_as_data
from companion.engine.replay import make_setup
from companion.service import exchange
from companion.service.loading import Pad, ReplayCache, keep_results, load
from companion.store import SessionRecord, Store


class Sessions:
    """The sessions of the file, as the front ends open, start, import, export and end them."""

    def __init__(self, store: Store, cache: ReplayCache | None = None) -> None:
        self._store = store
        self._cache = cache

    def load(self, token: str) -> Pad | None:
        """The session behind a token as the pad shows it (its last hand and totals read from
        its stored results, the other hands when looked at), or None."""
        return load(self._store, token, self._cache)

    def get(self, token: str) -> SessionRecord | None:
        """The session's record alone (setup, seats, start and end), or None: a page that
        needs no score (the session's settings, its link) reads no hand."""
        return self._store.sessions.get(token)

    def start(
        self,
        slug: str,
        players: list[str],
        options: Mapping[str, Any],
        first_dealer: int = 0,
        *,
        sign_off: bool = False,
    ) -> tuple[str | None, list[Problem]]:
        """A new session of game `slug`: its token, or None and the problems with what was
        chosen. `sign_off`: each hand waits for another phone to agree (a house option)."""
        setup, problems = make_setup(slug, players, options, first_dealer)
        if problems:
            return None, problems
        return self._store.sessions.create(setup, sign_off=sign_off), []

    def import_document(self, data: Any) -> tuple[str | None, list[dict[str, Any]]]:
        """An exported session imported: every hand is refereed and scored by the engine
        first; any problem (the document's, or a hand's, with the hand and field at fault)
        imports nothing. Returns the new session's token, or None and the problems."""
        replayed, problems = exchange.replay_document(data)
        if replayed is None or problems:
            return None, problems
        rows = [
            (hand.number, entry_as_data(hand.entry), hand.result.points)
            for hand in replayed.state.hands
        ]
        ended = data.get("ended_at") is not None  # a mapping: replay_document read it
        token = self._store.sessions.create_imported(replayed.state.setup, rows, ended=ended)
        keep_results(self._store, token)  # the statistics read them: kept now, not when opened
        return token, []

    def export_document(self, token: str) -> dict[str, Any] | None:
        """The session in the exchange format (its hands in force and its whole history), or
        None when there is no such session."""
        record = self._store.sessions.get(token)
        if record is None:
            return None
        hands = self._store.hands
        return exchange.export_session(record, hands.effective(token), hands.history(token))

    def end(self, token: str) -> bool:
        """Mark the session ended (LookupError for an unknown token). A club table's session
        is not ended here: only the director closes it (`service.director`); False then."""
        if self._store.events.table_of_session(token) is not None:
            return False
        self._store.sessions.end(token)
        return True

    def live_version(self, token: str) -> str | None:
        """What a watching phone compares to learn whether anything it shows changed (None:
        no such session)."""
        return self._store.sessions.live_version(token)
