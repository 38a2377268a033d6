"""The app under gunicorn (README.md, "Several processes, with gunicorn"), started for real on
a file that does not exist yet, on a free port of 127.0.0.1 (issue 40).

- Threaded workers (`-k gthread --threads 8`): 20 first requests at once, to 20 game pages
  (each game's rules page, then the statistics of the first three), all answered 200; three
  times, each from a fresh process. Before the registry was filled at start, or under a lock,
  a thread that came second found it marked filled but empty: 241 of 400 such requests failed.
- Four workers (`-w 4`) starting together on a new file: all four boot (each migrates, or waits
  for the one migrating) and the log holds no traceback; three times. Before the migrations
  were serialised, about one start in four failed ("database is locked").

- The README's own command (issue 35): 400 connections held open at once, each asked twice,
  every one answered.

bench/bench_start.py runs the first two twenty times (the issue's counts); bench/bench_room.py
measures a room of polling phones on the README's command (`--server gunicorn`).
"""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.contract.registry import all_games
from tests.live_server import answers_on_held_connections
from tests.test_serving import ANSWER_SECONDS, ROOM

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = shutil.which("gunicorn", path=str(Path(sys.executable).parent))
START_SECONDS = 60.0  # a worker's start, on a busy machine
REQUEST_SECONDS = 30.0
TRIES = 3
REQUESTS = 20

pytestmark = pytest.mark.skipif(GUNICORN is None, reason="gunicorn is not installed")


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fetch(url: str) -> int:
    """The status of a GET (an error status too; 0 when nothing answered)."""
    try:
        with urllib.request.urlopen(url, timeout=REQUEST_SECONDS) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def wait_until_answering(base: str, server: subprocess.Popen[bytes]) -> None:
    """Poll /healthz (every 0.1 s, for at most START_SECONDS) until it answers 200."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        assert server.poll() is None, "gunicorn stopped"
        if fetch(base + "/healthz") == 200:
            return
        time.sleep(0.1)
    raise AssertionError("gunicorn did not answer /healthz in time")


@contextmanager
def gunicorn(database: Path, log: Path, *options: str) -> Iterator[str]:
    """gunicorn serving `create_app()` over `database` on a free port: its base URL. Its log
    goes to `log`; it is stopped (and waited for) when the block ends."""
    assert GUNICORN is not None
    port = free_port()
    environment = {**os.environ, "COMPANION_DB": str(database), "PYTHONPATH": str(ROOT)}
    command = [GUNICORN, *options, "-b", f"127.0.0.1:{port}", "companion:create_app()"]
    with log.open("wb") as out:
        server = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=out, stderr=out)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_answering(base, server)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)


def game_pages() -> list[str]:
    """Twenty pages that each look a game up: every rules page, then statistics pages."""
    slugs = [game.slug for game in all_games()]
    pages = [f"/rules/{slug}" for slug in slugs] + [f"/stats/game/{slug}" for slug in slugs]
    return pages[:REQUESTS]


def all_at_once(base: str, pages: list[str]) -> list[int]:
    """Every page fetched by its own thread, released together: their statuses."""
    barrier = threading.Barrier(len(pages))

    def fetch_together(page: str) -> int:
        barrier.wait(REQUEST_SECONDS)
        return fetch(base + page)

    with ThreadPoolExecutor(len(pages)) as pool:
        return list(pool.map(fetch_together, pages))


@pytest.mark.parametrize("attempt", range(TRIES))
def test_threaded_workers_answer_twenty_first_requests_at_once(
    tmp_path: Path, attempt: int
) -> None:
    pages = game_pages()
    assert len(set(pages)) == REQUESTS
    log = tmp_path / "gunicorn.log"
    with gunicorn(tmp_path / "new.sqlite3", log, "-k", "gthread", "--threads", "8") as base:
        statuses = all_at_once(base, pages)
    assert statuses == [200] * REQUESTS, dict(zip(pages, statuses, strict=True))
    assert "Traceback" not in log.read_text(errors="replace")


@pytest.mark.parametrize("attempt", range(TRIES))
def test_four_workers_all_start_on_a_new_file(tmp_path: Path, attempt: int) -> None:
    log = tmp_path / "gunicorn.log"
    with gunicorn(tmp_path / "new.sqlite3", log, "-w", "4") as base:
        assert [fetch(base + "/healthz") for _ in range(8)] == [200] * 8
        deadline = time.monotonic() + START_SECONDS
        while log.read_text(errors="replace").count("Booting worker") < 4:
            assert time.monotonic() < deadline, "not every worker booted"
            time.sleep(0.1)
        time.sleep(1.0)  # a worker that failed after booting says so at once
        text = log.read_text(errors="replace")
    assert text.count("Booting worker") == 4, text
    assert "Traceback" not in text and "Worker failed to boot" not in text, text


def readme_command_options() -> list[str]:
    """The options of the README's gunicorn command, less its address (`-b`) and its app."""
    line = next(
        line for line in (ROOT / "README.md").read_text().splitlines() if "bin/gunicorn " in line
    )
    words = shlex.split(line)
    options = words[words.index(next(w for w in words if w.endswith("bin/gunicorn"))) + 1 : -1]
    where = options.index("-b")
    return options[:where] + options[where + 2 :]


def test_the_readme_command_answers_a_room_of_four_hundred_held_connections(
    tmp_path: Path,
) -> None:
    # Issue 35: 100 tables of four phones, each polling on a connection of its own.
    options = readme_command_options()
    assert options[:2] == ["-k", "gthread"]
    with gunicorn(tmp_path / "room.sqlite3", tmp_path / "gunicorn.log", *options) as base:
        answered = answers_on_held_connections(base, ROOM, 2, ANSWER_SECONDS)
    assert answered == [ROOM, ROOM]
