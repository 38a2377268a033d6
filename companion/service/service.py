"""`Service`: everything a front end reads or writes, for one request, in one object.

A view asks `Service` (the web builds one per request over its thread's store and the app's
cache of opened sessions) and never sees the store: `service.load(token)`,
`service.add_hand(pad, raw, by=...)`, `service.players()`. Each method is a thin door to the
pad's operations (pad.py and its modules) or to a read of the store, so what a view may do
with the data is listed here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.contract.values import Phase, Problem, ScoredHand
from companion.engine.replay import Checked
from companion.engine.stats import GameStats
from companion.service import drafts, exchange, hands, loading, statistics
from companion.service.events import EventsService
from companion.service.loading import Pad, ReplayCache
from companion.service.statistics import Overview, PlayerName, PlayerPage
from companion.store import (
    ANY_VERSION,
    Author,
    HandRow,
    Player,
    SessionRecord,
    SignOff,
    Store,
    TakeOver,
    Verdict,
)


class Service:
    """The data of one request: sessions, their hands and drafts, devices, the roster."""

    def __init__(self, store: Store, cache: ReplayCache | None = None) -> None:
        self._store = store
        self._cache = cache

    @property
    def events(self) -> EventsService:
        """The club nights: events, their draws, rooms and rankings (service/events.py)."""
        return EventsService(self._store, self._cache)

    @property
    def read_only(self) -> bool:
        """Whether the file can only be read (every write raises StoreFault)."""
        return self._store.read_only

    # -- sessions

    def load(self, token: str) -> Pad | None:
        """The session behind a token as the pad shows it, or None."""
        return loading.load(self._store, token, self._cache)

    def session(self, token: str) -> SessionRecord | None:
        """The session's record (setup, seats, start and end), or None."""
        return self._store.sessions.get(token)

    def start_session(
        self,
        slug: str,
        players: list[str],
        options: Mapping[str, Any],
        first_dealer: int = 0,
        *,
        sign_off: bool = False,
    ) -> tuple[str | None, list[Problem]]:
        """A new session (its token), or None and the problems with what was chosen."""
        return hands.start_session(
            self._store, slug, players, options, first_dealer, sign_off=sign_off
        )

    def import_document(self, data: Any) -> tuple[str | None, list[dict[str, Any]]]:
        """An exported session imported (its new token), or None and the problems."""
        return hands.import_document(self._store, data)

    def export_document(self, pad: Pad) -> dict[str, Any]:
        """The session in the exchange format."""
        store = self._store
        return exchange.export_session(
            pad.record, store.hands.effective(pad.token), store.hands.history(pad.token)
        )

    def end_session(self, token: str) -> None:
        """Mark the session ended (LookupError for an unknown token)."""
        self._store.sessions.end(token)

    def live_version(self, token: str) -> str | None:
        """What a watching phone compares to learn whether anything it shows changed."""
        return self._store.sessions.live_version(token)

    def history(self, token: str) -> list[HandRow]:
        """Every row ever written for the session, in the order written."""
        return self._store.hands.history(token)

    def corrected_numbers(self, token: str, from_number: int = 0) -> frozenset[int]:
        """The hands (from `from_number` on) whose row in force is a correction."""
        return self._store.hands.corrected_numbers(token, from_number)

    def sessions_between(self, since: str | None, before: str | None) -> list[SessionRecord]:
        """The sessions begun in that span, oldest first (what the statistics count)."""
        return self._store.sessions.between(since, before)

    def statistics_overview(self, since: str | None, before: str | None) -> Overview:
        """The games and players of the sessions begun in the span (from stored results)."""
        return statistics.overview(self._store, since, before)

    def game_stats(self, slug: str, since: str | None, before: str | None) -> GameStats:
        """One game's statistics over the sessions begun in the span (from stored results)."""
        return statistics.game_stats(self._store, slug, since, before)

    def player_page(self, player: int, since: str | None, before: str | None) -> PlayerPage:
        """A player's records and chart points over the span (from stored results)."""
        return statistics.player_page(self._store, player, since, before)

    def seat_players(self, tokens: Sequence[str]) -> dict[str, dict[int, tuple[int, ...]]]:
        """Who sat in each seat of these sessions: token -> seat -> the players in it."""
        return self._store.players.seat_players(tokens)

    # -- devices (the sessions a phone opened)

    def remember(self, device: str, token: str, keep: int) -> None:
        """Note that `device` opened `token` (unless it is already its latest, or the file
        is read-only: a page view then writes nothing)."""
        store = self._store
        if not store.read_only and store.devices.latest(device) != token:
            store.devices.remember(device, token, keep)

    def sessions_of_device(self, device: str) -> list[SessionRecord]:
        """The sessions `device` opened, newest first."""
        return self._store.devices.sessions(device)

    def tokens_of_device(self, device: str) -> frozenset[str]:
        """The sessions `device` opened (whose links it may be shown)."""
        return self._store.devices.tokens(device)

    # -- hands

    def add_hand(
        self,
        pad: Pad,
        raw: Mapping[str, Any],
        *,
        by: Author | None = None,
        drafted: Any = ANY_VERSION,
    ) -> tuple[ScoredHand, Pad] | Checked:
        """Referee, score and save the next hand (`hands.add_hand`)."""
        return hands.add_hand(self._store, pad, raw, self._cache, by=by, drafted=drafted)

    def correct_hand(
        self,
        pad: Pad,
        number: int,
        raw: Mapping[str, Any],
        based_on: Any = ANY_VERSION,
        *,
        by: Author | None = None,
    ) -> ScoredHand | Checked:
        """Save a corrected hand `number` (`hands.correct_hand`)."""
        return hands.correct_hand(self._store, pad, number, raw, based_on, by=by)

    def undo_last(
        self, pad: Pad, based_on: Any = ANY_VERSION, *, by: Author | None = None
    ) -> int | None:
        """Undo the last hand; its number, or None when there was none."""
        return hands.undo_last(self._store, pad, based_on, by=by)

    def hand_to_fix(self, pad: Pad, number: int) -> ScoredHand | None:
        """Hand `number` as a correction opens it (`hands.hand_to_fix`)."""
        return hands.hand_to_fix(self._store, pad, number)

    def row_of(self, pad: Pad, number: int) -> int | None:
        """The version of hand `number` a phone is shown (its row's id)."""
        return hands.row_of(self._store, pad, number)

    def sign_offs(self, pad: Pad) -> dict[int, tuple[int, SignOff | None]]:
        """Each saved hand's row and the latest word on it (None: none yet), by number."""
        words = self._store.sign_offs.latest(pad.token)
        return {
            row.number: (row.id, words.get(row.id))
            for row in self._store.hands.effective(pad.token)
        }

    def sign_off(
        self, token: str, number: int, based_on: Any, verdict: Verdict, by: Author
    ) -> None:
        """Another phone's word on hand `number` (StaleWrite, SameAuthor: see the store)."""
        self._store.sign_offs.add(token, number, based_on, verdict, by)

    # -- one phone per name

    def name_of_device(self, token: str, device: str) -> str | None:
        """The name `device` holds in the session, or None."""
        return self._store.phone_names.of_device(token, device)

    def hold_name(self, token: str, device: str, name: str, take_over: int | None = None) -> None:
        """`device` holds `name` in the session (NameHeld: see the store)."""
        self._store.phone_names.hold(token, device, name, take_over)

    def release_name(self, token: str, device: str) -> None:
        """`device` holds no name in the session any more."""
        self._store.phone_names.release(token, device)

    def takeovers(self, token: str) -> list[TakeOver]:
        """Every name taken over from another phone in the session, oldest first."""
        return self._store.phone_names.takeovers(token)

    # -- the hand being entered

    def draft(self, pad: Pad) -> dict[str, Any]:
        """The raw entry of the hand being entered, or {}."""
        return drafts.draft(self._store, pad)

    def shown_draft_version(self, pad: Pad) -> str:
        """The version of the hand being entered a page shows ("": none)."""
        return drafts.shown_draft_version(self._store, pad)

    def with_earlier_phases(self, pad: Pad, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A posted entry completed with the phases already ended (the bids)."""
        return drafts.with_earlier_phases(self._store, pad, raw)

    def save_draft(
        self, pad: Pad, raw: Mapping[str, Any], seen: Mapping[str, Any] | None = None
    ) -> Checked:
        """Referee the hand being entered and keep it if it stands (`drafts.save_draft`)."""
        return drafts.save_draft(self._store, pad, raw, seen)

    def drop_draft(self, pad: Pad, seen: Mapping[str, Any] | None = None) -> None:
        """Forget the hand being entered."""
        drafts.drop_draft(self._store, pad, seen)

    def end_phase(self, pad: Pad, raw: Mapping[str, Any], phase: Phase) -> Checked:
        """Referee a phase that ends before the hand does and keep it in the draft."""
        return drafts.end_phase(self._store, pad, raw, phase)

    def reopen_phase(self, pad: Pad, phase: Phase, shown: Any = ANY_VERSION) -> None:
        """Take back an ended phase and every later one."""
        drafts.reopen_phase(self._store, pad, phase, shown)

    # -- the roster

    def players(self) -> list[Player]:
        """Every player, those who sat in most sessions first."""
        return self._store.players.all()

    def player_names(self, ids: Sequence[int]) -> dict[int, PlayerName]:
        """These players by id, by name only (what the statistics pages print)."""
        return self._store.statistics.player_names(ids)

    def player(self, player_id: int) -> Player | None:
        """One player of the roster, or None."""
        return self._store.players.get(player_id)

    def rename_player(self, player_id: int, name: str, based_on: Any = ANY_VERSION) -> None:
        """A player's new name (LookupError, StaleWrite, NameTaken: see the store)."""
        self._store.players.rename(player_id, name, based_on)

    def merge_players(
        self,
        source: int,
        target: int,
        source_version: Any = ANY_VERSION,
        target_version: Any = ANY_VERSION,
    ) -> None:
        """Make two players one (SamePlayer, LookupError, StaleWrite, SatTogether)."""
        self._store.players.merge(source, target, source_version, target_version)


def open_store(
    path: str,
    *,
    busy_seconds: float,
    read_only: bool,
    results_usable: bool,
    expected_file: tuple[int, int] | None = None,
) -> Store:
    """A connection to the file for one server thread (a front end keeps it, opaque, and wraps
    it in a `Service` per request): read-only when asked, else when the file cannot be written.
    `expected_file`: the file the server opened at its start (StoreFault if it is gone)."""
    return Store(
        path,
        busy_seconds=busy_seconds,
        read_only=True if read_only else None,
        results_usable=results_usable,
        expected_file=expected_file,
    )
