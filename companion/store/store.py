"""`Store`: the whole store, one connection to the file with one member per aggregate.

In the manner of sqlite-utils' `Database` and its tables: `store.sessions`, `store.hands`,
`store.drafts`, `store.sign_offs`, `store.devices`, `store.phone_names`, `store.players`,
`store.results`, `store.statistics`, `store.backups`, `store.events`, `store.director` (the
director's word on an event), `store.movements`, `store.seasons` (a club's seasons and each
night's money) and `store.ratings` (the finished sessions a rating reads) are each a `Part`
(database.py) over the store's one connection and its one write path, so a caller writes
`store.hands.add(...)` or `store.players.all()`, and a method is found in the module its
member names. What spans the file (opening, migrating, closing, the secret key) is the
store's own (`Database`).
"""

from __future__ import annotations

import os
from typing import Any

from companion.store.backups import Backups
from companion.store.database import Database
from companion.store.devices import Devices
from companion.store.drafts import Drafts
from companion.store.event_director import EventDirector
from companion.store.events import Events
from companion.store.hands import Hands
from companion.store.movements import Movements
from companion.store.phone_names import PhoneNames
from companion.store.players import Players
from companion.store.ratings import Ratings
from companion.store.results import Results
from companion.store.seasons import Seasons
from companion.store.sessions import Sessions
from companion.store.signoffs import SignOffs
from companion.store.statistics import Statistics


class Store(Database):
    """Sessions, hands, the roster and the club nights in one SQLite file. Open one per thread
    or request (`Store(path, migrate=True)`); close it after, or use it as a context manager.

    `results_usable`: False when the file's cached results were derived by another version of
    a game's scoring and cannot be dropped (`Results.keep_versions`)."""

    def __init__(
        self, path: str | os.PathLike[str], *, results_usable: bool = True, **options: Any
    ) -> None:
        super().__init__(path, **options)
        self.sessions = Sessions(self)
        self.hands = Hands(self)
        self.drafts = Drafts(self)
        self.sign_offs = SignOffs(self)
        self.devices = Devices(self)
        self.phone_names = PhoneNames(self)
        self.players = Players(self)
        self.results = Results(self, usable=results_usable)
        self.statistics = Statistics(self)
        self.backups = Backups(self)
        self.events = Events(self)
        self.director = EventDirector(self)
        self.movements = Movements(self)
        self.seasons = Seasons(self)
        self.ratings = Ratings(self)
