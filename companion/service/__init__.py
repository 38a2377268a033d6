"""Between the store and the front ends: `Service` (service.py), the one door the web and the
command line reach the data through, one member per aggregate; the session format (export,
import, its schema); backups checked and restored.

The records and errors a front end meets, and where the file is by default, are named here
too, so a front end never imports the store: it catches `companion.service.StaleWrite`, not
the store's own name for it (`tests/test_layers.py`).
"""

from companion.store import (
    ANY_VERSION,
    BUSY_TIMEOUT_SECONDS,
    Author,
    EventRecord,
    FaultKind,
    NameHeld,
    NameTaken,
    Player,
    SameAuthor,
    SamePlayer,
    SatTogether,
    SeasonRecord,
    SessionRecord,
    SignOff,
    StaleWrite,
    StoreFault,
    TakeOver,
    Verdict,
    default_database_path,
)

__all__ = [
    "ANY_VERSION",
    "BUSY_TIMEOUT_SECONDS",
    "Author",
    "EventRecord",
    "FaultKind",
    "NameHeld",
    "NameTaken",
    "Player",
    "SameAuthor",
    "SamePlayer",
    "SatTogether",
    "SeasonRecord",
    "SessionRecord",
    "SignOff",
    "StaleWrite",
    "StoreFault",
    "TakeOver",
    "Verdict",
    "default_database_path",
]
