"""Benchmark a cold pad over real HTTP: saving and opening a session of 1,000 hands (the most a
session holds: 998 written, then its 999th and 1,000th saved) nobody opened since the server
started, against a 10-hand one.

Run from the project root:  .venv/bin/python bench/bench_cold.py

The sessions are written to a temporary database first (through the pad, so their results are
stored as the server stores them), then the real server is started on it: every session's
first request is cold (no cache). See bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bench_save import Client, csrf_token, new_database, save_hand, written_session

from tests.live_server import running_server

COLD_TARGET = 1.2  # a cold save of hand 999 within 1.2× a cold save of hand 11
LONG, SHORT = 998, 10  # two hands are saved after LONG: the session then holds the most, 1,000


def opened(client: Client, token: str, number: int) -> float:
    """GET the pad; returns the seconds it took (checking it shows hand `number`)."""
    answer = client.request("GET", f"/s/{token}")
    if answer.status != 200 or f'id="hand-{number}"'.encode() not in answer.body:
        raise RuntimeError(f"the pad of {token} did not show hand {number}: {answer.status}")
    return answer.seconds


def paired(
    sessions: int, long: Callable[[int], float], short: Callable[[int], float]
) -> tuple[list[float], list[float]]:
    """Time `long(i)` and `short(i)` for each pair of sessions, alternating which goes first."""
    longs, shorts = [], []
    for i in range(sessions):
        if i % 2:
            shorts.append(short(i))
            longs.append(long(i))
        else:
            longs.append(long(i))
            shorts.append(short(i))
    return longs, shorts


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


@dataclass(frozen=True)
class Case:
    """One case measured on sessions of both sizes: their times, and the target of the long
    one's median against the short one's (None: shown, not a target)."""

    label: str
    longs: list[float]
    shorts: list[float]
    target: float | None = None

    @property
    def ratio(self) -> float:
        return statistics.median(self.longs) / statistics.median(self.shorts)


def row(case: Case) -> str:
    long, short = statistics.median(case.longs), statistics.median(case.shorts)
    mark = (
        ""
        if case.target is None
        else f"  (target ≤ {case.target}×: "
        + ("ok)" if case.ratio <= case.target else "OVER TARGET)")
    )
    return f"  {case.label:<34}{ms(short):>11}{ms(long):>12}{case.ratio:>8.2f}×{mark}"


REBUILT = "Stored results up to date"
"""What the server prints when its start's rebuild is done (`companion/service/rebuild.py`)."""


def rebuilt(log: Path, seconds: float = 120.0) -> None:
    """Wait until the server has derived again the sessions missing stored results (the older
    sessions): timed while it ran, a cold save would measure the rebuild beside it."""
    deadline = time.monotonic() + seconds
    while REBUILT not in log.read_text(errors="replace"):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server's rebuild did not finish in {seconds:.0f} s")
        time.sleep(0.05)


def measure_cold(count: int) -> tuple[list[Case], float]:
    """Write `count` sessions of each size and case, start the server on them, and time every
    case; returns the cases and the seconds the writing took."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        database = Path(folder) / "bench.sqlite3"
        with new_database(database) as store:
            save_long = [written_session(store, LONG) for _ in range(count)]
            save_short = [written_session(store, SHORT) for _ in range(count)]
            open_long = [written_session(store, LONG) for _ in range(count)]
            open_short = [written_session(store, SHORT) for _ in range(count)]
            old_long = [written_session(store, LONG, results=False) for _ in range(count)]
            old_short = [written_session(store, SHORT, results=False) for _ in range(count)]
        written = time.perf_counter() - started
        log = Path(folder) / "server.log"
        with running_server(database, log) as url:
            rebuilt(log)  # the older sessions, derived again in the background at the start
            client = Client(urlsplit(url).port)
            try:
                client.csrf = csrf_token(client.request("GET", "/new").body)
                cases = [
                    Case(
                        "save the next hand, cold",
                        *paired(
                            count,
                            lambda i: save_hand(client, save_long[i], LONG + 1),
                            lambda i: save_hand(client, save_short[i], SHORT + 1),
                        ),
                        COLD_TARGET,
                    ),
                    Case(
                        "save the hand after, warm",
                        *paired(
                            count,
                            lambda i: save_hand(client, save_long[i], LONG + 2),
                            lambda i: save_hand(client, save_short[i], SHORT + 2),
                        ),
                    ),
                    Case(
                        "open the pad, cold",
                        *paired(
                            count,
                            lambda i: opened(client, open_long[i], LONG),
                            lambda i: opened(client, open_short[i], SHORT),
                        ),
                        COLD_TARGET,
                    ),
                    Case(
                        "open it again, warm",
                        *paired(
                            count,
                            lambda i: opened(client, open_long[i], LONG),
                            lambda i: opened(client, open_short[i], SHORT),
                        ),
                    ),
                    Case(
                        "first open of an older session",
                        *paired(
                            count,
                            lambda i: opened(client, old_long[i], LONG),
                            lambda i: opened(client, old_short[i], SHORT),
                        ),
                    ),
                ]
            finally:
                client.close()
        with running_server(database, Path(folder) / "server.log") as url:
            client = Client(urlsplit(url).port)
            try:
                cases.append(
                    Case(
                        "older session, cold after a restart",
                        *paired(
                            count,
                            lambda i: opened(client, old_long[i], LONG),
                            lambda i: opened(client, old_short[i], SHORT),
                        ),
                    )
                )
            finally:
                client.close()
    return cases, written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sessions",
        type=int,
        default=7,
        help="sessions of each size per case; medians are over them (default 7)",
    )
    arguments = parser.parse_args(argv)
    count = arguments.sessions
    started = time.perf_counter()
    cases, written = measure_cold(count)
    lines = [
        f"Cold pads: {count} sessions of each size and case, medians (written in {written:.0f} s)",
        f"  {'':<34}{'10 hands':>11}{'998 hands':>12}{'ratio':>9}",
        *(row(case) for case in cases),
    ]
    print("\n".join(lines))
    print(f"(all in {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
