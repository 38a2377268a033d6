"""The benchmark's floor: the least a durable save must do, served only when the benchmark asks.

`POST /_bench/floor` reads a small form (a hand number, a seat and points) through the strict
parser, inserts one row into a table of its own in a `BEGIN IMMEDIATE` transaction taken and
committed by the store's own write path (the same connection settings, the same group commit:
`Store._write`), and answers a few bytes. CSRF is checked as on every form: a real save cannot
skip it either. `GET /_bench/commits` says how many commits this process made durable and with
how many fsyncs, so the benchmark can show the group commit at work.

None of it exists in normal serving: `register_if_asked` adds the routes only when the app's
config has `BENCH_FLOOR` or the environment `COMPANION_BENCH_FLOOR=1` (which only
`bench/bench_save.py` sets, for the server it starts on a temporary database).
"""

from __future__ import annotations

import os

from flask import Blueprint, Flask, Response, abort, jsonify, request

from companion.durability import committer_for
from companion.parsing import read_count, read_number, read_seat
from companion.store import Store, now_utc
from companion.web import get_store

ENVIRONMENT_FLAG = "COMPANION_BENCH_FLOOR"
FLOOR_SEATS = 4

bp = Blueprint("bench_floor", __name__)

_TABLE = ("CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, number INTEGER NOT"
          " NULL, seat INTEGER NOT NULL, points REAL NOT NULL, created_at TEXT NOT NULL)")


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


@bp.post("/_bench/floor")
def floor() -> Response:
    """One small form read strictly, one durable INSERT, a few bytes back."""
    number = read_count(request.form.get("number"))
    seat = read_seat(request.form.get("seat"), FLOOR_SEATS)
    points = read_number(request.form.get("points"))
    if number is None or seat is None or points is None:
        abort(422)
    # The store's own write path, on purpose: the floor must pay exactly what a save pays to
    # commit (BEGIN IMMEDIATE, the same pragmas, the shared fsync).
    with get_store()._write() as conn:
        conn.execute("INSERT INTO bench_floor (number, seat, points, created_at)"
                     " VALUES (?, ?, ?, ?)", (number, seat, points, now_utc()))
    return Response(f"saved {number}", mimetype="text/plain")


@bp.get("/_bench/commits")
def commits() -> Response:
    """This process's durable commits and the fsyncs they took, with its process id."""
    counts = committer_for(get_store().path).counts()
    return jsonify(pid=os.getpid(), commits=counts.commits, syncs=counts.syncs)
