"""`Store`: the whole store, one object over one connection, made of one part per aggregate.

Each part (sessions.py, hands.py, drafts.py, signoffs.py, phone_names.py, players.py,
results.py, statistics.py, backups.py) is a small class over the same `Database` (database.py): its
connection and its one write path. `Store` is simply all of them together, so a caller
holds one object per request and writes `store.add_hand(...)` or `store.players()`; to
find a method, open the module of its aggregate. Mixins rather than
`store.sessions.create(...)`-style members because the parts share one connection and one
transaction path anyway, and the callers (the service, the command line, the tests) keep
the names they already use.
"""

from __future__ import annotations

from companion.store.backups import Backups
from companion.store.drafts import Drafts
from companion.store.events import Events
from companion.store.hands import Hands
from companion.store.phone_names import PhoneNames
from companion.store.players import Players
from companion.store.results import Results
from companion.store.sessions import Sessions
from companion.store.signoffs import SignOffs
from companion.store.statistics import Statistics


class Store(
    Sessions, Hands, Drafts, SignOffs, PhoneNames, Players, Results, Statistics, Backups, Events
):
    """Sessions, hands and the roster in one SQLite file. Open one per thread or request
    (`Store(path, migrate=True)`); close it after, or use it as a context manager."""
