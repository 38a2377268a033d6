"""Between the store and the front ends: a session's pad (store + engine), export and import,
the session format's schema, and `Service` (service.py), the one door the web goes through.

The records and errors a front end meets are re-exported here, so a view never imports the
store: it catches `companion.service.StaleWrite`, not the store's own name for it.
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
    SessionRecord,
    SignOff,
    StaleWrite,
    StoreFault,
    TakeOver,
    Verdict,
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
    "SessionRecord",
    "SignOff",
    "StaleWrite",
    "StoreFault",
    "TakeOver",
    "Verdict",
]
