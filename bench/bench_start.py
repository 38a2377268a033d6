"""Benchmark a start: how soon a server answers, and whether several processes start (issue 40).

Run from the project root:  .venv/bin/python bench/bench_start.py   (about 3 minutes here)

1. A start after a source edit that changes no game's version, over 5,000 sessions (French
   Tarot and Skat, 20 hands each, their results stored: `bench_stats.build`): the time from
   launching `companion serve` to its first 200 on /healthz, and that it replays nothing (it
   prints no rebuild).
2. A start after French Tarot's version changed (the version recorded in the file set to 0,
   which a bump does to the same effect): the time to /healthz, the time of the first page
   of a stale session (replayed when opened), the progress lines printed, and how long the
   background rebuild takes.
3. gunicorn with `-k gthread --threads 8` on a new file: 20 concurrent first requests to 20
   game pages, from a fresh process each time, `--runs` times (20); all 200 counts as a pass.
4. `gunicorn -w 4` on a new file, `--runs` times: every worker boots, no traceback.

It prints a table (Markdown) and exits 0. See bench/README.md, "A start that answers at once".
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))
sys.path.insert(0, str(PROJECT_ROOT / "bench"))

from bench_stats import build  # noqa: E402

from tests.test_gunicorn import (  # noqa: E402
    GUNICORN,
    all_at_once,
    fetch,
    free_port,
    game_pages,
    gunicorn,
)

SESSIONS = 5_000
RUNS = 20
ANSWER_SECONDS = 60.0  # how long a start may take before it counts as failed
REBUILD_SECONDS = 600.0


@dataclass(frozen=True)
class Start:
    """One `companion serve` start: seconds to /healthz, to a stale pad's first page (None
    when not asked), to the end of the rebuild (None when none ran), and what it printed."""

    healthz: float
    first_pad: float | None
    rebuilt: float | None
    printed: str


def serve_once(database: Path, pad: str | None) -> Start:
    """Launch `companion serve` on `database`, time /healthz (and the pad `pad`), wait for any
    rebuild it prints to finish, then stop it."""
    port = free_port()
    log = database.with_suffix(".log")
    environment = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(database)]
    base = f"http://127.0.0.1:{port}"
    with log.open("wb") as out:
        launched = time.monotonic()
        server = subprocess.Popen(
            command, cwd=PROJECT_ROOT, env=environment, stdout=out, stderr=out
        )
    try:
        healthz = until(lambda: fetch(base + "/healthz") == 200, ANSWER_SECONDS) - launched
        first_pad = None
        if pad is not None:
            asked = time.monotonic()
            assert fetch(base + pad) == 200
            first_pad = time.monotonic() - asked
        rebuilt = None
        if "Bringing stored results up to date" in log.read_text():
            done = until(lambda: "Stored results up to date" in log.read_text(), REBUILD_SECONDS)
            rebuilt = done - launched
        return Start(healthz, first_pad, rebuilt, log.read_text())
    finally:
        server.terminate()
        server.wait(30)


def until(condition: object, seconds: float) -> float:
    """Poll `condition` every 20 ms for at most `seconds`: the moment it held."""
    assert callable(condition)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return time.monotonic()
        time.sleep(0.02)
    raise TimeoutError(f"not within {seconds} s")


def stale_pad(database: Path) -> str:
    """Mark French Tarot's stored results as another version's; a pad of one of its sessions."""
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE results_versions SET version = 0 WHERE game = 'french-tarot'")
        (token,) = conn.execute(
            "SELECT id FROM sessions WHERE game = 'french-tarot' ORDER BY created_at DESC"
        ).fetchone()
    return f"/s/{token}"


def threaded_runs(folder: Path, runs: int) -> int:
    """Fresh gunicorn processes with threaded workers that answered 20 first requests at once
    with 20 × 200."""
    passed = 0
    for run in range(runs):
        log = folder / f"threads-{run}.log"
        with gunicorn(
            folder / f"threads-{run}.sqlite3", log, "-k", "gthread", "--threads", "8"
        ) as base:
            statuses = all_at_once(base, game_pages())
        passed += statuses == [200] * len(statuses) and "Traceback" not in log.read_text()
    return passed


def worker_runs(folder: Path, runs: int) -> int:
    """Starts of `gunicorn -w 4` on a new file where all four workers booted, no traceback."""
    passed = 0
    for run in range(runs):
        log = folder / f"workers-{run}.log"
        try:
            with gunicorn(folder / f"workers-{run}.sqlite3", log, "-w", "4") as base:
                until(lambda log=log: log.read_text().count("Booting worker") >= 4, ANSWER_SECONDS)
                time.sleep(1.0)
                answered = fetch(base + "/healthz") == 200
        except (AssertionError, TimeoutError):
            answered = False
        text = log.read_text()
        passed += answered and text.count("Booting worker") == 4 and "Traceback" not in text
    return passed


def progress_lines(printed: str) -> list[str]:
    return re.findall(r"^(?:Bringing|Stored results).*$", printed, re.MULTILINE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=SESSIONS)
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        database = folder / "club.sqlite3"
        built = time.monotonic()
        build(database, args.sessions, lean=False)  # with their hands: a bump derives them again
        print(f"built {args.sessions:,} sessions in {time.monotonic() - built:.1f} s", flush=True)
        serve_once(database, None)  # the first start settles the file (WAL, statistics marks)
        unchanged = serve_once(database, None)
        bumped = serve_once(database, stale_pad(database))
        threads = threaded_runs(folder, args.runs) if GUNICORN else None
        workers = worker_runs(folder, args.runs) if GUNICORN else None
    print()
    print("| measured | figure | target |")
    print("|---|---|---|")
    replayed = "replays nothing" if unchanged.rebuilt is None else "REPLAYED"
    print(
        f"| start, {args.sessions:,} sessions, no version changed: first /healthz | "
        f"{unchanged.healthz:.2f} s ({replayed}) | ≤ 2 s, nothing replayed |"
    )
    print(
        f"| start after French Tarot's version bump: first /healthz | {bumped.healthz:.2f} s | ≤ 2 s |"
    )
    assert bumped.first_pad is not None
    print(
        f"| … a stale session's first page (replayed when opened) | "
        f"{bumped.first_pad * 1000:.0f} ms, 200 | answers (tests/web/test_cold_pad.py: right) |"
    )
    rebuilt = f"{bumped.rebuilt:.1f} s" if bumped.rebuilt is not None else "none printed"
    print(f"| … background rebuild done (from launch) | {rebuilt} | progress printed |")
    if threads is not None and workers is not None:
        print(
            f"| gunicorn -k gthread --threads 8: 20 first requests at once, all 200 | "
            f"{threads} of {args.runs} | all |"
        )
        print(
            f"| gunicorn -w 4 on a new file: every worker boots | {workers} of {args.runs} | all |"
        )
    print()
    print("Printed by the start after the bump:")
    for line in progress_lines(bumped.printed):
        print(f"    {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
