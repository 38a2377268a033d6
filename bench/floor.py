"""The benchmark's floor: the least a durable save must do, on the server the benchmark runs.

`POST /_bench/floor` reads a small form (a hand number, a seat and points) through the strict
parser, inserts one row into a table of its own in a `BEGIN IMMEDIATE` transaction and answers
a few bytes. CSRF is checked as on every form: a real save cannot skip it either.

Its commit is a plain `synchronous=FULL` one: each server thread keeps a connection of the
floor's own to the pad's file (WAL, like the store), and SQLite fsyncs the log at every COMMIT,
one fsync per request. That is the least a save must do; a save is read as a ratio to it,
measured in the same run (`bench/run.py`).

Nothing in `companion/` knows about it: the benchmark builds the app (`create_app`), adds the
floor (`with_floor`) and serves it with waitress in a process of its own (`python -m
bench.floor`, started by `floor_server`), as `companion serve` serves the pad.
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, request

from companion.contract.parsing import read_count, read_number, read_seat
from tests.live_server import HOST, free_port, stop, wait_until_healthy

PROJECT_ROOT = Path(__file__).resolve().parents[1]
FLOOR_SEATS = 4
BUSY_SECONDS = 10.0  # as long as the store waits for the write lock
SERVER_THREADS = 8  # as `companion serve` by default

bp = Blueprint("bench_floor", __name__)

_TABLE = (
    "CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, number INTEGER NOT"
    " NULL, seat INTEGER NOT NULL, points REAL NOT NULL, created_at TEXT NOT NULL)"
)
_INSERT = "INSERT INTO bench_floor (number, seat, points, created_at) VALUES (?, ?, ?, ?)"

_connections = threading.local()


def open_floor(path: str) -> sqlite3.Connection:
    """A connection of the floor's own to the pad's file: WAL as the store's, but every COMMIT
    synced by SQLite itself (`synchronous=FULL`); autocommit mode, so the transaction is the
    one the route begins."""
    conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    return conn


def with_floor(app: Flask) -> Flask:
    """`app` with the floor's table made in its database and the floor's route added."""
    with closing(open_floor(app.config["DATABASE"])) as conn:
        conn.execute(_TABLE)
    app.register_blueprint(bp)
    return app


def floor_connection() -> sqlite3.Connection:
    """This thread's floor connection to the app's database, opened on its first request."""
    path = current_app.config["DATABASE"]
    conn = getattr(_connections, path, None)
    if conn is None:
        conn = open_floor(path)
        setattr(_connections, path, conn)
    return conn


@bp.post("/_bench/floor")
def floor() -> Response:
    """One small form read strictly, one INSERT durably committed, a few bytes back."""
    number = read_count(request.form.get("number"))
    seat = read_seat(request.form.get("seat"), FLOOR_SEATS)
    points = read_number(request.form.get("points"))
    if number is None or seat is None or points is None:
        abort(422)
    conn = floor_connection()
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(_INSERT, (number, seat, points, datetime.now(UTC).isoformat()))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")  # synchronous=FULL: returns once the log is fsynced
    return Response(f"saved {number}", mimetype="text/plain")


# ---------------------------------------------------------------- the benchmark's server


def serve(database: Path, host: str, port: int, threads: int = SERVER_THREADS) -> None:
    """Serve the pad on `database`, with the floor, until stopped (waitress, one process)."""
    import waitress

    from companion import create_app
    from companion.contract.registry import all_games

    app = with_floor(create_app({"DATABASE": str(database)}))
    all_games()  # as `companion serve`: every game imported before the threads race for one
    waitress.serve(app, host=host, port=port, threads=threads)


@contextmanager
def floor_server(database: Path, log: Path) -> Iterator[str]:
    """The pad with its floor served on `database` by a process of its own (output in `log`);
    yields its base URL, stops it after."""
    port = free_port()
    command = [sys.executable, "-m", "bench.floor", "--db", str(database), "--port", str(port)]
    with log.open("w") as output:
        process = subprocess.Popen(
            command, cwd=PROJECT_ROOT, stdout=output, stderr=subprocess.STDOUT
        )
    base_url = f"http://{HOST}:{port}"
    try:
        wait_until_healthy(base_url, process, timeout=20.0)
        yield base_url
    finally:
        stop(process)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the database file")
    parser.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=SERVER_THREADS)
    arguments = parser.parse_args(argv)
    serve(arguments.db, arguments.host, arguments.port, arguments.threads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
