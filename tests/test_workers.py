"""Two worker processes serve one session consistently: a hand saved through one is on the pad
served by the other, and a form (its CSRF token, its cookie) opened through one posts through the
other. The real server (`companion serve --workers 2`, loopback only)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_save import Client, create_session, hand_form
from companion.workers import default_workers
from tests.live_server import running_server

TRIES = 80  # fresh connections until both workers have been seen saving and reading


def _worker_of(client: Client) -> int:
    """The process id of the worker this connection landed on (the benchmark's route)."""
    return json.loads(client.request("GET", "/_bench/commits").body)["pid"]


def test_a_save_through_one_worker_is_seen_through_the_other(tmp_path: Path) -> None:
    with running_server(
        tmp_path / "pad.sqlite3",
        tmp_path / "server.log",
        options=("--workers", "2"),
        environment={"COMPANION_BENCH_FLOOR": "1"},
    ) as url:
        port = int(url.rsplit(":", 1)[1])
        opener = Client(port)
        token = create_session(opener)
        opener.close()
        saved_by: set[int] = set()
        read_by: set[int] = set()
        number = 0
        for _ in range(TRIES):
            writer = Client(port, cookies=dict(opener.cookies), csrf=opener.csrf)
            reader = Client(port, cookies=dict(opener.cookies))
            try:
                number += 1
                saved_by.add(_worker_of(writer))
                answer = writer.request(
                    "POST",
                    f"/s/{token}/hands",
                    form=hand_form(number),
                    headers={"HX-Request": "true"},
                )
                assert answer.status == 200, answer.body[:300]
                read_by.add(_worker_of(reader))
                page = reader.request("GET", f"/s/{token}?hands=all")
                assert f'id="hand-{number}"'.encode() in page.body  # the other's save is there
                assert f'value="{number + 1}"'.encode() in page.body  # and the next is next
            finally:
                writer.close()
                reader.close()
            if len(saved_by) == 2 and len(read_by) == 2:
                break
        assert len(saved_by) == 2 and len(read_by) == 2, (saved_by, read_by)


def test_the_default_is_the_cores_at_most_four() -> None:
    assert 1 <= default_workers() <= 4
