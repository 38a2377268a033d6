"""Killed under load: the real server (waitress, loopback only) is killed with SIGKILL while
four clients save hands, three times over; after each restart every hand the server had
acknowledged is on disk, and the file is intact. Bounded: a few seconds of load per round."""

from __future__ import annotations

import http.client
import signal
import sqlite3
import threading
import time
from pathlib import Path

from bench.bench_save import Client, create_session, hand_form
from companion.store import Store
from tests.live_server import start_server, stop

CLIENTS = 4
ROUNDS = 3
LOAD_SECONDS = 1.5


def test_every_acknowledged_hand_survives_a_killed_server(tmp_path: Path) -> None:
    database = tmp_path / "pad.sqlite3"
    log = tmp_path / "server.log"
    process, base_url = start_server(database, log)
    port = int(base_url.rsplit(":", 1)[1])
    sessions = []
    for _ in range(CLIENTS):
        client = Client(port)
        sessions.append((create_session(client), client.csrf, dict(client.cookies)))
        client.close()
    acknowledged: dict[str, list[int]] = {token: [] for token, _, _ in sessions}
    try:
        for _ in range(ROUNDS):
            threads = []
            stop_at = time.monotonic() + LOAD_SECONDS * 4
            for token, csrf, cookies in sessions:
                first = max(acknowledged[token], default=0) + 1
                thread = threading.Thread(
                    target=_phone,
                    args=(port, token, csrf, cookies, first, acknowledged[token], stop_at),
                )
                thread.start()
                threads.append(thread)
            time.sleep(LOAD_SECONDS)
            process.send_signal(signal.SIGKILL)  # mid-load, no chance to clean up
            process.wait()
            for thread in threads:
                thread.join(timeout=30)
            process, base_url = start_server(database, log, port)
            port = int(base_url.rsplit(":", 1)[1])
            _assert_all_there(database, acknowledged)
    finally:
        stop(process)
    assert all(len(numbers) > 3 for numbers in acknowledged.values()), acknowledged


def _phone(
    port: int,
    token: str,
    csrf: str,
    cookies: dict[str, str],
    first: int,
    acknowledged: list[int],
    stop_at: float,
) -> None:
    client = Client(port, cookies=dict(cookies), csrf=csrf)
    try:
        number = first
        while time.monotonic() < stop_at:
            answer = client.request(
                "POST", f"/s/{token}/hands", form=hand_form(number), headers={"HX-Request": "true"}
            )
            if answer.status != 200:
                return
            acknowledged.append(number)
            number += 1
    except (OSError, http.client.HTTPException):
        return
    finally:
        client.close()


def _assert_all_there(database: Path, acknowledged: dict[str, list[int]]) -> None:
    """Every acknowledged hand is an effective hand of its session; the file checks out."""
    with sqlite3.connect(database) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with Store(database) as store:
        for token, numbers in acknowledged.items():
            stored = {row.number for row in store.hands.effective(token)}
            assert set(numbers) <= stored, (token, sorted(set(numbers) - stored))
            assert sorted(stored) == list(range(1, len(stored) + 1))  # no gap, no double
