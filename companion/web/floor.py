"""The benchmark's floor: the least a durable save must do, served only when the benchmark asks.

`POST /_bench/floor` reads a small form (a hand number, a seat and points) through the strict
parser, inserts one row into a table of its own in a `BEGIN IMMEDIATE` transaction committed
durably on its own, and answers a few bytes. CSRF is checked as on every form: a real save
cannot skip it either.

Its commit is made durable by itself: each server thread keeps one connection of the floor's
own to the store's file (WAL, like the store) with `synchronous=FULL`, so SQLite fsyncs the log
at every COMMIT: one fsync per request, shared with nobody. That is the least a save must do
*alone*. It deliberately does not go through the store's group commit (`Store._write`,
companion/store/durability.py): sharing fsyncs between concurrent requests is what a save brings to
rise above one fsync per save under load, so a floor that shared them too would no longer be
the least a durable save must do, and "saves/s at least the floor's" could never be met by
design.

`GET /_bench/commits` says how many commits this process made durable through the store's group
commit and with how many fsyncs, so the benchmark can show the group commit at work, and the CPU
time this process has used, so it can show what a request costs the server under load.

None of it exists in normal serving: `register_if_asked` adds the routes only when the app's
config has `BENCH_FLOOR` or the environment `COMPANION_BENCH_FLOOR=1` (which only the benchmark
sets, for the server it starts on a temporary database).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time

from flask import Blueprint, Flask, Response, abort, jsonify, request

from companion.contract.parsing import read_count, read_number, read_seat
from companion.store import Store, now_utc
from companion.web import app_state

ENVIRONMENT_FLAG = "COMPANION_BENCH_FLOOR"
FLOOR_SEATS = 4

bp = Blueprint("bench_floor", __name__)

_TABLE = (
    "CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, number INTEGER NOT"
    " NULL, seat INTEGER NOT NULL, points REAL NOT NULL, created_at TEXT NOT NULL)"
)
_INSERT = "INSERT INTO bench_floor (number, seat, points, created_at) VALUES (?, ?, ?, ?)"

_connections = threading.local()


def asked_for(app: Flask) -> bool:
    """Whether this app serves the floor (the benchmark's server only)."""
    return bool(app.config.get("BENCH_FLOOR")) or os.environ.get(ENVIRONMENT_FLAG) == "1"


def register_if_asked(app: Flask) -> None:
    """Add the floor's routes and table when the benchmark asked for them; otherwise nothing."""
    if not asked_for(app):
        return
    with Store(app.config["DATABASE"]) as store, store._write() as conn:
        conn.execute(_TABLE)
    app.register_blueprint(bp)


def floor_connection() -> sqlite3.Connection:
    """This thread's connection of the floor's own: the store's file and journal (WAL), but
    every COMMIT synced by SQLite itself (`synchronous=FULL`), opened once per thread as the
    store's are (isolation_level None: the transaction is the one the route begins)."""
    path = app_state().path
    conn = getattr(_connections, path, None)
    if conn is None:
        conn = sqlite3.connect(path, timeout=app_state().busy_seconds, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        setattr(_connections, path, conn)
    return conn


@bp.post("/_bench/floor")
def floor() -> Response:
    """One small form read strictly, one INSERT durably committed on its own, a few bytes back."""
    number = read_count(request.form.get("number"))
    seat = read_seat(request.form.get("seat"), FLOOR_SEATS)
    points = read_number(request.form.get("points"))
    if number is None or seat is None or points is None:
        abort(422)
    conn = floor_connection()
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(_INSERT, (number, seat, points, now_utc()))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")  # synchronous=FULL: returns once the log is fsynced
    return Response(f"saved {number}", mimetype="text/plain")


@bp.get("/_bench/commits")
def commits() -> Response:
    """The CPU seconds this process has used (every thread), with its process id. The group
    commit is gone (SQLite syncs each commit itself), so there are no shared fsyncs to count:
    commits and syncs are 0, which the benchmark shows as "–"."""
    return jsonify(pid=os.getpid(), commits=0, syncs=0, cpu_seconds=time.process_time())
