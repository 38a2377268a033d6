"""The registry's first fill is safe when threads race it (issue 40: under gunicorn's threaded
workers 241 of 400 first requests failed when the games were imported on first use).

Each try runs in a fresh interpreter, where nothing has filled the registry yet: 20 threads
released at once each look up a different game (the 17 games, some twice). Before the lock,
a thread that came second found the registry marked filled but still empty (UnknownGame).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THREADS = 20
TRIES = 5

RACE = f"""
import threading
from companion.contract import registry

slugs = sorted(path.stem.replace("_", "-") for path in __import__("pathlib").Path(
    registry.__file__).parents[1].joinpath("games").glob("[!_]*.py"))
assert not registry._loaded, "the registry was filled before the race"
barrier = threading.Barrier({THREADS})
failures = []

def look_up(slug):
    barrier.wait()
    try:
        registry.get(slug)
        registry.all_games()
    except Exception as error:  # what a request would have turned into a 500 or a 404
        failures.append(f"{{slug}}: {{error!r}}")

threads = [threading.Thread(target=look_up, args=(slugs[i % len(slugs)],))
           for i in range({THREADS})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(30)
print(len(registry.all_games()), len(failures))
assert not failures, failures
"""


def test_twenty_threads_racing_the_first_look_up_all_find_their_game() -> None:
    for _ in range(TRIES):
        done = subprocess.run(
            [sys.executable, "-c", RACE],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        games, failures = map(int, done.stdout.split())
        assert (games, failures) == (17, 0)
