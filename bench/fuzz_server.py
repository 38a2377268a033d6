"""Fuzz the real server over loopback: 100,000 malformed requests, none may answer 500, and a
player's requests meanwhile must not slow down.

Run from the project root:  .venv/bin/python bench/fuzz_server.py [--requests 100000] [--workers 2]

It starts `companion serve` (waitress, 8 threads) on a temporary database, opens one session of
every game (through /new, with the CSRF token, as a phone does), then sends requests from eight
threads: POSTs to every form route of every session and to /new, with keys every game declares
and values a client should never send (digit look-alikes, exponents, 5,000-digit numbers,
markup, blanks); and GETs of odd paths and queries. A ninth thread plays a phone at the table:
`GET /healthz` every 20 ms, before the fuzz (the floor) and during it. The report gives the
count of each status, every 500 (there must be none), and the phone's median and p99 latency
during the fuzz against the floor. Loopback only; bounded in count and time; exits 1 on a 500.
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import quote, urlencode

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))

from bench.bench_save import Answer, Client, csrf_token  # noqa: E402
from companion.contract.registry import all_games  # noqa: E402
from tests.live_server import start_server, stop  # noqa: E402
from tests.web.test_fuzz import FIELDS, NASTY, ROUTES  # noqa: E402

THREADS = 8
PROBE_EVERY = 0.02
PACE = 0.004  # seconds between one thread's requests: a crowd, not a flood the cores cannot serve
TIME_LIMIT = 900.0  # seconds: the fuzz stops here whatever the count


def open_sessions(port: int) -> tuple[dict[str, str], str, dict[str, str]]:
    """One session of every game at its smallest table; its tokens, the CSRF token, cookies."""
    client = Client(port)
    client.csrf = csrf_token(client.request("GET", "/new").body)
    tokens = {}
    for game in all_games():
        count = min(game.player_counts)
        form = {"csrf_token": client.csrf, "game": game.slug, "players": str(count)}
        form |= {f"name-{i}": f"P{i}" for i in range(count)}
        answer = client.request("POST", "/new", form=form)
        tokens[game.slug] = answer.headers["Location"].rsplit("/", 1)[1]
    client.close()
    return tokens, client.csrf, client.cookies


def random_value(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(NASTY)
    if roll < 0.8:
        return str(rng.randint(-(10**12), 10**12))
    return "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(0, 30)))


DAYS = ["9999-12-31", "0001-01-01", "1969-12-31", "1970-01-01", "9998-12-31", "2026-02-30"]
BAD_DOCUMENTS = [
    b"[" * 100_000,
    b"9" * 5_000,
    b'{"format": "table-companion/session@1", "game": "whist", "players": ["A", "B", "C", "D"],'
    b' "hands": [{"number": 100000000000000000000, "entry": {}}]}',
    b'{"format": "table-companion/session@1", "ended_at": {"a": 1}, "history": "x"}',
    b"\xff\xfe\x00",
]


def surface_request(rng: random.Random, tokens: dict[str, str]) -> tuple[str, str, dict]:
    """A request to the surfaces issue 26 found 500s on: statistics with days, the settlement
    fold, the roster, the language's return path, the live view, sign-off and naming. (The
    import upload is sent by `upload`: it is multipart.)"""
    token = rng.choice(list(tokens.values()))
    day = rng.choice(DAYS) if rng.random() < 0.5 else random_value(rng)
    value = random_value(rng)
    choices = [
        ("GET", f"/stats?{urlencode({'from': day, 'to': rng.choice(DAYS)})}", {}),
        ("GET", f"/stats/game/whist?{urlencode({'to': day})}", {}),
        ("GET", f"/stats/player/1?{urlencode({'from': day})}", {}),
        ("GET", f"/s/{token}/settlement", {"__htmx": "1"}),
        ("POST", f"/players/{rng.randint(1, 30)}/rename", {"name": value, "version": "1"}),
        ("POST", f"/players/{rng.randint(1, 30)}/merge", {"into": value, "version": value}),
        (
            "GET",
            f"/language/fr?{urlencode({'next': '/' + value + rng.choice(['', chr(13) + chr(10)])})}",
            {},
        ),
        ("GET", f"/s/{token}/live?{urlencode({'seen': value, 'form': value, 'typing': '1'})}", {}),
        (
            "POST",
            f"/s/{token}/hands/{rng.randint(0, 10**6)}/sign-off",
            {"verdict": value, "based_on": value},
        ),
        ("POST", f"/s/{token}/name", {"name": value}),
    ]
    return rng.choice(choices)


def random_request(rng: random.Random, tokens: dict[str, str]) -> tuple[str, str, dict]:
    """A method, a path and a form nobody should send."""
    token = rng.choice(list(tokens.values()))
    if rng.random() < 0.3:
        return surface_request(rng, tokens)
    if rng.random() < 0.15:
        tail = random_value(rng).replace("/", "").replace("?", "").replace("#", "")
        path = rng.choice(
            [
                f"/s/{token}/hands/{tail}",
                f"/rules/{tail}",
                f"/s/{tail}",
                f"/new/fields?game={tail}&players={tail}",
            ]
        )
        return "GET", quote(path, safe="/?=&"), {}
    path = "/new" if rng.random() < 0.15 else f"/s/{token}{rng.choice(ROUTES)}"
    form = {rng.choice(FIELDS): random_value(rng) for _ in range(rng.randint(0, 12))}
    return "POST", path, form


def valid_request(rng: random.Random, tokens: dict[str, str]) -> tuple[str, str, dict]:
    """What players send (the control run): a pad page, a rules page, a live preview."""
    token = rng.choice(list(tokens.values()))
    return rng.choice(
        [
            ("GET", f"/s/{token}", {}),
            ("GET", "/rules/skat", {}),
            ("POST", f"/s/{token}/preview", {"points": "47"}),
        ]
    )


def fuzz(
    port: int,
    tokens: dict[str, str],
    csrf: str,
    cookies: dict[str, str],
    count: int,
    seed: int,
    statuses: Counter,
    failures: list[str],
    deadline: float,
    make=random_request,
) -> None:
    """Send `count` requests made by `make`; count the statuses and keep every 500."""
    rng = random.Random(seed)
    client = Client(port, cookies=dict(cookies), csrf=csrf)
    for _ in range(count):
        if time.monotonic() > deadline:
            break
        time.sleep(PACE)
        method, path, form = make(rng, tokens)
        form = {k: v.encode("utf-8", "replace").decode("utf-8") for k, v in form.items()}
        headers = {"HX-Request": "true"} if form.pop("__htmx", None) else {}
        try:
            if make is random_request and rng.random() < UPLOADS:
                method, path = "POST", "/import"
                answer = upload(client, rng)
            else:
                answer = client.request(method, path, form=form or None, headers=headers)
        except (OSError, http.client.HTTPException):
            client.close()
            client = Client(port, cookies=dict(cookies), csrf=csrf)
            statuses["connection"] += 1
            continue
        statuses[answer.status] += 1
        if answer.status >= 500 and answer.status not in (503, 507):
            failures.append(f"{answer.status} {method} {path} {form!r:.300}")
    client.close()


UPLOADS = 0.02
"""The share of fuzzed requests that upload a file to /import (multipart)."""


def upload(client: Client, rng: random.Random) -> Answer:
    """POST a bad document to /import as a file, the way a browser's form sends it."""
    from io import BytesIO

    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    raw = rng.choice([*BAD_DOCUMENTS, random_value(rng).encode("utf-8", "replace")])
    boundary, body = encode_multipart({"file": FileStorage(BytesIO(raw), "session.json")})
    sent = {
        "Connection": "keep-alive",
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "X-CSRFToken": client.csrf,
        "Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items()),
    }
    start = time.perf_counter()
    client.connection.request("POST", "/import", body=body, headers=sent)
    response = client.connection.getresponse()
    data = response.read()
    return Answer(response.status, response.headers, data, time.perf_counter() - start)


def probe(port: int, until: threading.Event, samples: list[float]) -> None:
    """A phone at the table: GET /healthz every 20 ms, timing each."""
    client = Client(port)
    while not until.is_set():
        samples.append(client.request("GET", "/healthz").seconds)
        time.sleep(PROBE_EVERY)
    client.close()


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98] if len(samples) > 1 else samples[0]


def crowd(
    ports: list[int],
    tokens: dict[str, str],
    csrf: str,
    cookies: dict[str, str],
    count: int,
    make,
    time_limit: float = TIME_LIMIT,
) -> tuple[Counter, list[str], list[float], float]:
    """Eight threads sending `count` requests made by `make` while a phone probes /healthz:
    the statuses, the 500s, the phone's latencies and the seconds it took. With several
    server processes (`ports`), the threads are shared out among them."""
    during: list[float] = []
    done = threading.Event()
    watcher = threading.Thread(target=probe, args=(ports[0], done, during))
    watcher.start()
    statuses: Counter = Counter()
    failures: list[str] = []
    deadline = time.monotonic() + time_limit
    started = time.perf_counter()
    workers = [
        threading.Thread(
            target=fuzz,
            args=(
                ports[seed % len(ports)],
                tokens,
                csrf,
                cookies,
                count // THREADS,
                seed,
                statuses,
                failures,
                deadline,
                make,
            ),
        )
        for seed in range(THREADS)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - started
    done.set()
    watcher.join()
    return statuses, failures, during, elapsed


def latency(name: str, samples: list[float], floor: list[float]) -> str:
    ms = 1000
    return (
        f"  {name:<28} median {statistics.median(samples) * ms:6.2f} ms  p99 "
        f"{p99(samples) * ms:6.2f} ms  ({len(samples)} samples, median "
        f"{statistics.median(samples) / statistics.median(floor):.2f}× the idle floor)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument(
        "--control",
        type=int,
        default=10_000,
        help="valid requests sent the same way first, for comparison",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes on the one database (each `companion serve`, 8 threads)",
    )
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, help="seconds, at most")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="fuzz-server-"))
    servers = [
        start_server(folder / "pad.sqlite3", folder / f"server-{n}.log")
        for n in range(args.workers)
    ]
    ports = [int(base_url.rsplit(":", 1)[1]) for _, base_url in servers]
    try:
        tokens, csrf, cookies = open_sessions(ports[0])
        floor: list[float] = []
        idle = threading.Event()
        threading.Timer(3.0, idle.set).start()
        probe(ports[0], idle, floor)
        _, _, control, control_seconds = crowd(
            ports, tokens, csrf, cookies, args.control, valid_request, args.time_limit
        )
        statuses, failures, during, elapsed = crowd(
            ports, tokens, csrf, cookies, args.requests, random_request, args.time_limit
        )
    finally:
        for process, _ in servers:
            stop(process)
    sent = sum(statuses.values())
    print(
        f"fuzzed requests: {sent} in {elapsed:.1f} s ({sent / elapsed:.0f}/s, {THREADS} "
        f"threads over {args.workers} server process(es), {PACE * 1000:.0f} ms between a "
        "thread's requests)"
    )
    for status, number in sorted(statuses.items(), key=lambda item: str(item[0])):
        print(f"  {status}: {number}")
    print(f"answers 500: {len(failures)}")
    for failure in failures[:20]:
        print(f"  {failure}")
    print("a phone's GET /healthz meanwhile:")
    print(latency("idle (the floor)", floor, floor))
    print(latency(f"{args.control} valid requests", control, floor))
    print(latency(f"{sent} fuzzed requests", during, floor))
    print(
        f"fuzz vs valid, median: {statistics.median(during) / statistics.median(control):.2f}×"
        f" (control took {control_seconds:.1f} s)"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
