"""`Service`: the one door the front ends (the web, the command line) reach the data through,
one member per aggregate, in the manner of the store's own (`store.hands`, `store.players`…).

- `service.sessions` (sessions.py): a session opened as the pad shows it, started, imported,
  exported, ended;
- `service.hands` (hands.py): a hand saved, corrected, undone, its versions and history;
- `service.drafts` (drafts.py): the hand being entered, its phases;
- `service.statistics` (statistics.py): the statistics pages' figures;
- `service.events` (events.py): the club nights, their draws, rooms and rankings;
- `service.movements` (movements.py): the movement planned at once, drawn from and shown;
- `service.entrants` (entrants.py): the entrants as they come, and the pairs kept apart;
- `service.director` (director.py): the director's controls of a running evening's tables,
  rounds and the evening itself;
- `service.seasons` (seasons.py): a club's seasons, their evenings and their table;
- `service.money` (money.py): a night's fees and prize plan, and its cashier's sheet;
- `service.ratings` (ratings.py): each player's rating, rebuilt from the finished sessions;
- `service.players`, `service.devices`, `service.phone_names`, `service.sign_offs`,
  `service.backups`: records the service adds no rule to (the roster, the sessions each phone
  opened, the names phones hold, the word of another phone on a hand, copies of the file),
  so these are the store's own parts, handed out as they are rather than passed through.

A front end holds one `Service` per thread (the web) or per command (the command line):
`Service.open(path)` opens it on its own connection, closed by `close` or a `with` block.
"""

from __future__ import annotations

import os
from types import TracebackType
from typing import Any, Self

from companion.service.director import Director
from companion.service.drafts import Drafts
from companion.service.entrants import Entrants
from companion.service.events import Events
from companion.service.hands import Hands
from companion.service.loading import ReplayCache
from companion.service.money import Money
from companion.service.ratings import Ratings
from companion.service.seasons import Seasons
from companion.service.sessions import Sessions
from companion.service.statistics import Statistics
from companion.store import Store


class Service:
    """The data of a front end's requests, by aggregate, over one store connection."""

    def __init__(self, store: Store, cache: ReplayCache | None = None) -> None:
        """`cache`: the sessions already opened, shared by a server's threads (none: every
        session is opened from its stored results)."""
        self._store = store
        self.sessions = Sessions(store, cache)
        self.hands = Hands(store, cache)
        self.drafts = Drafts(store)
        self.statistics = Statistics(store)
        self.events = Events(store, cache)
        self.director = Director(store, self.events)
        self.movements = self.events.movements
        self.entrants = Entrants(store, self.events)
        self.money = Money(store, self.events)
        self.seasons = Seasons(store, self.events, self.money)
        self.ratings = Ratings(store)
        self.players = store.players
        self.devices = store.devices
        self.phone_names = store.phone_names
        self.sign_offs = store.sign_offs
        self.backups = store.backups

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], cache: ReplayCache | None = None, **options: Any
    ) -> Self:
        """A service on its own connection to the file at `path` (the store's options:
        `migrate`, `read_only`, `busy_seconds`, `results_usable`, `expected_file`);
        StoreFault says why the file cannot be used."""
        return cls(Store(path, **options), cache)

    @property
    def read_only(self) -> bool:
        """Whether the file can only be read (every write raises StoreFault)."""
        return self._store.read_only

    @property
    def path(self) -> str:
        """The database file this service reads and writes."""
        return str(self._store.path)

    def close(self) -> None:
        """Close the connection."""
        self._store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
