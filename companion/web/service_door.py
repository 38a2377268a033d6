"""The web's one door to the data: each server thread's `Service` for this app, and what the app
keeps between requests to make it (`AppState`).

Every blueprint asks `get_service()` here (never the store: `tests/test_layers.py`); the app
factory (`init_web`, companion/web/__init__.py) sets the state up once with `start_state`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from flask import Flask, current_app

from companion.service import BUSY_TIMEOUT_SECONDS
from companion.service.loading import ReplayCache
from companion.service.rebuild import RebuildProgress
from companion.service.service import Service

STATE_KEY = "companion"
"""Where the app keeps its `AppState` (`app.extensions[STATE_KEY]`)."""


@dataclass
class AppState:
    """What one app keeps between requests: the replayed sessions its threads share, each
    server thread's service (its SQLite connection must stay on the thread that opened it),
    and how far the start's rebuild of stored results got (the statistics pages say it)."""

    path: str
    busy_seconds: float
    read_only: bool = False
    results_usable: bool = True  # False: a read-only file's results are another version's
    file: tuple[int, int] | None = None  # the file opened at start: every connection's own
    cache: ReplayCache = field(default_factory=ReplayCache)
    services: threading.local = field(default_factory=threading.local)
    rebuild: RebuildProgress | None = None  # the start's rebuild of stored results, if any


def start_state(app: Flask) -> AppState:
    """Give the app its state, read from its configuration (once, by the app factory)."""
    state = AppState(
        app.config["DATABASE"],
        app.config.get("DATABASE_BUSY_SECONDS", BUSY_TIMEOUT_SECONDS),
        app.config.get("DATABASE_READ_ONLY", False),
        app.config.get("DERIVED_RESULTS_USABLE", True),
        app.config.get("DATABASE_FILE"),
    )
    app.extensions[STATE_KEY] = state
    return state


def app_state(app: Flask | None = None) -> AppState:
    """The state of this app (the current one by default)."""
    state: AppState = (app or current_app).extensions[STATE_KEY]
    return state


def get_service() -> Service:
    """This server thread's door to the data for this app: one connection per thread, opened
    once and reused, which spares every request the set-up, and the app's shared cache of
    opened sessions. Each write is its own committed transaction."""
    state = app_state()
    service = getattr(state.services, "service", None)
    if service is None:
        service = state.services.service = Service.open(
            state.path,
            state.cache,
            busy_seconds=state.busy_seconds,
            # read-only when the app is; else when the file cannot be written
            read_only=True if state.read_only else None,
            results_usable=state.results_usable,
            expected_file=state.file,
        )
    return service
