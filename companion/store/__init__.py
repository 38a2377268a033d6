"""The embedded store: sessions, their seats and their hands in one SQLite file (sqlite-utils).

Pure persistence: no Flask and no game logic. A `Setup` goes in and comes back out; hands are
stored as the players entered them (the truth); their scored results are kept beside them as
a cache the engine can always rebuild (results.py).

The package, by aggregate: database.py (the connection, migrations, the one write path),
records.py (records and errors), rows.py (rows in and out), migrations.py, and one module per
aggregate, composed into `Store` in store.py. This module only re-exports.
"""

from companion.store.database import (
    BUSY_TIMEOUT_SECONDS,
    FaultKind,
    StoreFault,
    default_database_path,
    fault_of,
)
from companion.store.drafts import draft_version
from companion.store.event_writes import DrawnAlready
from companion.store.events import (
    DrawChanged,
    EventRecord,
    LateChange,
    LogRow,
    RoundRow,
    SeatRow,
    TableRow,
)
from companion.store.hands import AddedHand, HandConflict
from companion.store.migrations import MIGRATIONS
from companion.store.movements import (
    Change,
    EntrantState,
    MovementRow,
    PlanChanged,
    PlannedRound,
)
from companion.store.phone_names import NameHeld, TakeOver
from companion.store.players import NameTaken, Player, SamePlayer, SatTogether
from companion.store.ratings import FinishedSeat, FinishedSession
from companion.store.records import (
    ANY_VERSION,
    Author,
    HandAction,
    HandRow,
    Seat,
    SessionRecord,
    StaleWrite,
)
from companion.store.results import ResultRow, ResultsSummary, ResultsWrite
from companion.store.rows import name_key, new_token, now_utc, split_members
from companion.store.seasons import Evening, EventTaken, MoneyRow, SeasonRecord
from companion.store.signoffs import SameAuthor, SignOff, Verdict
from companion.store.statistics import StandingRow
from companion.store.store import Store

__all__ = [
    "ANY_VERSION",
    "BUSY_TIMEOUT_SECONDS",
    "MIGRATIONS",
    "AddedHand",
    "Author",
    "Change",
    "DrawChanged",
    "DrawnAlready",
    "EntrantState",
    "Evening",
    "EventRecord",
    "EventTaken",
    "FaultKind",
    "FinishedSeat",
    "FinishedSession",
    "HandAction",
    "HandConflict",
    "HandRow",
    "LateChange",
    "LogRow",
    "MoneyRow",
    "MovementRow",
    "NameHeld",
    "NameTaken",
    "PlanChanged",
    "PlannedRound",
    "Player",
    "ResultRow",
    "ResultsSummary",
    "ResultsWrite",
    "RoundRow",
    "SameAuthor",
    "SamePlayer",
    "SatTogether",
    "SeasonRecord",
    "Seat",
    "SeatRow",
    "SessionRecord",
    "SignOff",
    "StaleWrite",
    "StandingRow",
    "Store",
    "StoreFault",
    "TableRow",
    "TakeOver",
    "Verdict",
    "default_database_path",
    "draft_version",
    "fault_of",
    "name_key",
    "new_token",
    "now_utc",
    "split_members",
]
