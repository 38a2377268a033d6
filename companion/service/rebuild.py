"""The start's rebuild of stored results, in the background (docs/design.md, "Stored results").

A start that finds a game's scoring at a new version drops that game's cached results
(`store.results.keep_versions`); every session missing some is then derived again here, by a daemon
thread on a connection of its own, while the server already answers. A page needs none of
it: a session opened before its turn is replayed and cached when opened (`loading.derive`).
The statistics say they are being brought up to date until it is done (`RebuildProgress`);
the sessions to derive are listed before the server answers (a quick query), so a start with
nothing to derive shows the statistics at once.
Each session is its own short write transaction, which a save never waits long behind, and
`store.results.replace` writes nothing for a session whose hands changed meanwhile.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.service.loading import keep_results
from companion.store import Store

PROGRESS_EVERY_SECONDS = 2.0
"""How often the rebuild prints how far it got."""


def say(line: str) -> None:
    """A line on the server's standard error, at once (the console of `companion serve`, the
    log of gunicorn)."""
    print(line, file=sys.stderr, flush=True)


@dataclass
class RebuildProgress:
    """How far the start's rebuild got: sessions derived again of the `total` found missing
    results. Read by the statistics pages; written only by the rebuild's thread."""

    total: int
    done: int = 0
    finished: threading.Event = field(default_factory=threading.Event)

    @property
    def running(self) -> bool:
        """Whether sessions may still lack their stored results."""
        return not self.finished.is_set()

    def wait(self, seconds: float) -> bool:
        """Wait until the rebuild is done, at most `seconds`; says whether it is."""
        return self.finished.wait(seconds)


def start_rebuild(
    path: str, file: tuple[int, int] | None, missing: Sequence[str]
) -> RebuildProgress:
    """Derive again, in a daemon thread, the results of the sessions `missing` them
    (`FileAtStart.missing`), on its own connection to the file at `path` (StoreFault, and
    nothing rebuilt, if the path no longer names `file`, the file the server opened).
    Returns its progress at once (finished already when nothing is missing)."""
    progress = RebuildProgress(len(missing))
    if not missing:
        progress.finished.set()
        return progress
    thread = threading.Thread(
        target=rebuild_in_background,
        args=(lambda: Store(path, expected_file=file), tuple(missing), progress),
        name="companion-rebuild",
        daemon=True,
    )
    thread.start()
    return progress


def rebuild_in_background(
    open_store: Callable[[], Store], missing: Sequence[str], progress: RebuildProgress
) -> None:
    """The rebuild's thread: each session missing results replayed and kept, progress printed
    every few seconds. A session that cannot be kept now (the file busy or full, a bug) is
    left for its first opening, which replays it; the thread never takes the server down."""
    try:
        with open_store() as store:
            rebuild_sessions(store, missing, progress)
    except Exception as fault:  # the file gone or unreadable: each session replays when opened
        say(f"Stored results were not brought up to date: {fault!r}")
    finally:
        progress.finished.set()


def rebuild_sessions(store: Store, missing: Sequence[str], progress: RebuildProgress) -> None:
    """Derive and keep each session of `missing` (one transaction each), counting them on
    `progress` and saying how far it got."""
    started = last_said = time.monotonic()
    say(f"Bringing stored results up to date: 0 of {len(missing)} sessions")
    for token in missing:
        try:
            keep_results(store, token)  # nothing when a page opened it meanwhile
        except Exception as error:  # one session's fault is not the server's
            say(f"A session is left to be replayed when opened: {error!r}")
        progress.done += 1
        if time.monotonic() - last_said >= PROGRESS_EVERY_SECONDS:
            last_said = time.monotonic()
            say(f"Bringing stored results up to date: {progress.done} of {len(missing)} sessions")
    seconds = time.monotonic() - started
    say(f"Stored results up to date: {len(missing)} sessions derived again in {seconds:.1f} s")
