"""Benchmark the score pad over real HTTP against a floor measured in the same run.

Run from the project root:  .venv/bin/python bench/bench_save.py

It starts the real server (`python -m companion serve`, waitress) on a temporary database with
the benchmark's floor route switched on (`COMPANION_BENCH_FLOOR=1`: `POST /_bench/floor`, the
least a durable save must do), and times saving a French Tarot hand against that floor: one
client alternating the two, then 50 clients (50 sessions, each its own keep-alive connection)
without and with think time, once with one worker process and once with two. Then the bytes of
the pad's first load as the wire carries them, and whether a save stays flat over 1000 hands.
It prints a table and exits 0. See bench/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import re
import statistics
import sys
import tempfile
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))  # run as a script: the shared server helper is in tests/

import brotli  # noqa: E402  (Flask-Compress brings it: the server speaks br)
from flask_compress.compat import compression  # noqa: E402  (and zstd, through its own import)

from bench import slow_sync  # noqa: E402  (beside this script; imported as bench.bench_save too)
from tests.live_server import HOST, running_server  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
GZIP_LEVEL = 6

SINGLE_TARGET = 1.5  # one client: a save's median at most 1.5× the floor's
THROUGHPUT_TARGET = 1.0  # 50 clients: saves/s at least the floor's
P99_TARGET = 2.0  # 50 clients: a save's p99 at most 2× the floor's
FIRST_LOAD_TARGET = 30 * 1024  # bytes, gzipped, HTML + every CSS and JS file it links
FLAT_TARGET = 1.25  # "flat": hands 991–1000 within 25 % of hands 1–10 (room for noise only)

# Valid 4-player hands (contract, card points of the taker's side, bouts), cycled; the taker is
# seat (hand number − 1) % 4, so every hand is accepted and scored.
HANDS = (
    ("garde", "47", "2"),
    ("petite", "45", "1"),
    ("garde_sans", "40", "3"),
    ("garde_contre", "60", "1"),
)


# ---------------------------------------------------------------- the server


# ---------------------------------------------------------------- the client


@dataclass
class Answer:
    """One response, read in full, and how long the round trip took."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes
    seconds: float


@dataclass
class Client:
    """A keep-alive HTTP client that keeps the server's cookies and sends its CSRF token."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""
    # Each session's blank form as this client last received it (its digest, the `blank_form`
    # field): a browser posts it back with the form, as the benchmark does.
    blank_forms: dict[str, str] = field(default_factory=dict)

    def learn_blank_form(self, token: str, html: bytes) -> None:
        """Keep the blank form a page or answer of session `token` carries, if it has one."""
        match = re.search(rb'name="blank_form" value="([^"]+)"', html)
        if match:
            self.blank_forms[token] = match.group(1).decode()

    def __post_init__(self) -> None:
        self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)

    def request(
        self,
        method: str,
        path: str,
        form: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        """Send one request on the kept-alive connection and read the whole answer."""
        sent = {"Connection": "keep-alive", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.csrf and method != "GET":
            sent["X-CSRFToken"] = self.csrf
        body = None
        if form is not None:
            body = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        self.connection.request(method, path, body=body, headers=sent)
        response = self.connection.getresponse()
        data = response.read()
        seconds = time.perf_counter() - start
        self._keep_cookies(response.headers)
        return Answer(response.status, response.headers, data, seconds)

    def _keep_cookies(self, headers: http.client.HTTPMessage) -> None:
        for line in headers.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(line)
            for name, morsel in jar.items():
                self.cookies[name] = morsel.value

    def close(self) -> None:
        self.connection.close()


def csrf_token(html: bytes) -> str:
    """The CSRF token a page carries (the body's hx-headers, or a form's hidden input)."""
    match = re.search(rb'"X-CSRFToken": "([^"]+)"', html) or re.search(
        rb'name="csrf_token" value="([^"]+)"', html
    )
    if match is None:
        raise RuntimeError("no CSRF token on the page")
    return match.group(1).decode()


def create_session(client: Client) -> str:
    """Start a 4-player French Tarot session through /new; returns its token."""
    page = client.request("GET", "/new")
    client.csrf = csrf_token(page.body)
    form = {
        "csrf_token": client.csrf,
        "game": "french-tarot",
        "players": str(len(PLAYERS)),
        "opt-french-tarot-hands": "0",
    }
    form.update({f"name-{seat}": name for seat, name in enumerate(PLAYERS)})
    answer = client.request("POST", "/new", form=form)
    location = answer.headers.get("Location", "")
    if answer.status != 303 or "/s/" not in location:
        raise RuntimeError(f"could not start a session: {answer.status} {answer.body[:300]!r}")
    token = urlsplit(location).path.rsplit("/", 1)[-1]
    client.learn_blank_form(token, decoded(client.request("GET", f"/s/{token}")))
    return token


def hand_form(number: int) -> dict[str, str]:
    """The entry form of hand `number` (from 1), always a valid hand."""
    contract, points, bouts = HANDS[(number - 1) % len(HANDS)]
    return {
        "contract": contract,
        "taker": str((number - 1) % len(PLAYERS)),
        "counted_side": "taker",
        "points": points,
        "bouts": bouts,
        "petit_au_bout": "none",
        "chelem": "none",
        "expected_number": str(number),
    }


BROWSER_ENCODINGS = "gzip, deflate, br, zstd"
"""What a phone's browser accepts (Chrome since 2024, Firefox): the server compresses a save's
answer and the pad's first load as it would for it."""


def save_hand(client: Client, token: str, number: int) -> float:
    """Save hand `number` the way htmx on a phone does (its answer compressed); returns the
    seconds it took."""
    form = hand_form(number)
    if token in client.blank_forms:
        form["blank_form"] = client.blank_forms[token]
    answer = client.request(
        "POST",
        f"/s/{token}/hands",
        form=form,
        headers={"HX-Request": "true", "Accept-Encoding": BROWSER_ENCODINGS},
    )
    body = decoded(answer)
    if answer.status != 200 or f'id="hand-{number}"'.encode() not in body:
        raise RuntimeError(f"hand {number} was not saved: {answer.status} {body[:300]!r}")
    client.learn_blank_form(token, body)  # an answer that draws a new form carries its own
    return answer.seconds


def decoded(answer: Answer) -> bytes:
    """An answer's body as it was before the server compressed it."""
    encoding = answer.headers.get("Content-Encoding", "identity")
    if encoding == "br":
        return brotli.decompress(answer.body)
    if encoding == "gzip":
        return gzip.decompress(answer.body)
    if encoding == "deflate":
        return zlib.decompress(answer.body)
    if encoding == "zstd":
        return compression.zstd.decompress(answer.body)
    return answer.body


def floor_form(number: int) -> dict[str, str]:
    """The floor's small form: a hand number, a seat and points (as small as a hand's)."""
    return {"number": str(number), "seat": str((number - 1) % len(PLAYERS)), "points": "47"}


def save_floor(client: Client, number: int) -> float:
    """One durable INSERT through the floor route; returns the seconds it took."""
    answer = client.request(
        "POST",
        "/_bench/floor",
        form=floor_form(number),
        headers={"Accept-Encoding": BROWSER_ENCODINGS},
    )
    if answer.status != 200:
        raise RuntimeError(f"the floor answered {answer.status}: {answer.body[:200]!r}")
    return answer.seconds


# ---------------------------------------------------------------- the measurements

CLIENT_PROCESSES = 5  # 50 clients = 5 processes × 10 threads: the client is not one GIL


def percentile(samples: list[float], share: float) -> float:
    """The `share` percentile (0.99 for p99), by the inclusive method."""
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[round(share * 100) - 1]


@dataclass(frozen=True)
class Timings:
    """Round trips of one kind of request, and how many finished per second of the run."""

    seconds: list[float]
    per_second: float = 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def p99(self) -> float:
        return percentile(self.seconds, 0.99)


@dataclass(frozen=True)
class ServerCounts:
    """What the server's workers did, summed: the commits made durable through the store's
    group commit, the fsyncs they took, and the CPU seconds used (`GET /_bench/commits`)."""

    commits: int = 0
    syncs: int = 0
    cpu_seconds: float = 0.0

    def __sub__(self, before: ServerCounts) -> ServerCounts:
        return ServerCounts(
            self.commits - before.commits,
            self.syncs - before.syncs,
            self.cpu_seconds - before.cpu_seconds,
        )


@dataclass(frozen=True)
class Pair:
    """A save and the floor measured the same way in the same run, with what the server did
    meanwhile (save phase, floor phase; measured for the crowds only)."""

    save: Timings
    floor: Timings
    save_server: ServerCounts = ServerCounts()
    floor_server: ServerCounts = ServerCounts()

    def cpu_per_request(self, kind: str) -> float:
        """Server CPU seconds per request of the save's or the floor's phase."""
        timings, server = (
            (self.save, self.save_server) if kind == "save" else (self.floor, self.floor_server)
        )
        return server.cpu_seconds / len(timings.seconds)


def measure_single(client: Client, token: str, count: int, warmup: int, first: int) -> Pair:
    """Alternate a hand save and a floor save on one connection; the first `warmup` pairs are
    not counted. Hands are numbered from `first`."""
    saves: list[float] = []
    floors: list[float] = []
    for index in range(warmup + count):
        number = first + index
        saved, floored = save_hand(client, token, number), save_floor(client, number)
        if index >= warmup:
            saves.append(saved)
            floors.append(floored)
    return Pair(Timings(saves), Timings(floors))


@dataclass(frozen=True)
class Seat:
    """One of the 50 clients: its session and the next hand number it saves there."""

    token: str
    number: int


@dataclass(frozen=True)
class Crowd:
    """What every client of a crowd shares: the server, its cookie and token, the timing."""

    port: int
    cookies: dict[str, str]
    csrf: str
    kind: str  # "save" or "floor"
    start_at: float  # time.time() when every client starts
    stop_at: float
    think: tuple[float, float]  # seconds between a client's requests, uniform in this range


def one_client(crowd: Crowd, seat: Seat, seed: int) -> tuple[list[float], int]:
    """One phone of the crowd: requests until the crowd stops, pausing its think time; returns
    its round trips and the next hand number."""
    import random

    pause = random.Random(seed)
    client = Client(crowd.port, cookies=dict(crowd.cookies), csrf=crowd.csrf)
    number = seat.number
    times: list[float] = []
    try:
        time.sleep(max(0.0, crowd.start_at - time.time()))
        while time.time() < crowd.stop_at:
            if crowd.kind == "save":
                times.append(save_hand(client, seat.token, number))
            else:
                times.append(save_floor(client, number))
            number += 1
            if crowd.think[1] > 0:
                time.sleep(pause.uniform(*crowd.think))
    finally:
        client.close()
    return times, number


def client_process(crowd: Crowd, seats: list[Seat], seed: int) -> list[tuple[list[float], int]]:
    """One client process: a thread per seat."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(seats)) as threads:
        return list(
            threads.map(
                lambda pair: one_client(crowd, *pair),
                [(seat, seed * 1000 + index) for index, seat in enumerate(seats)],
            )
        )


def server_counts(port: int, workers: int) -> ServerCounts:
    """Durable commits, fsyncs and CPU seconds so far, summed over the server's workers (asked
    on fresh connections until each worker has answered)."""
    import json

    seen: dict[int, ServerCounts] = {}
    for _ in range(200):
        client = Client(port)
        try:
            answer = json.loads(client.request("GET", "/_bench/commits").body)
        finally:
            client.close()
        seen[answer["pid"]] = ServerCounts(
            answer["commits"], answer["syncs"], answer["cpu_seconds"]
        )
        if len(seen) >= workers:
            break
    return ServerCounts(
        sum(c.commits for c in seen.values()),
        sum(c.syncs for c in seen.values()),
        sum(c.cpu_seconds for c in seen.values()),
    )


def run_crowd(
    crowd: Crowd, seats: list[Seat], workers: int
) -> tuple[Timings, list[Seat], ServerCounts]:
    """Run the crowd (50 seats over the client processes); returns its timings, the seats with
    their next hand numbers, and what the server did meanwhile (commits, fsyncs, CPU)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    before = server_counts(crowd.port, workers)
    share = [seats[index::CLIENT_PROCESSES] for index in range(CLIENT_PROCESSES)]
    with ProcessPoolExecutor(
        CLIENT_PROCESSES, mp_context=multiprocessing.get_context("fork")
    ) as processes:
        results = list(
            processes.map(
                client_process, [crowd] * CLIENT_PROCESSES, share, range(CLIENT_PROCESSES)
            )
        )
    after = server_counts(crowd.port, workers)
    times: list[float] = []
    next_seats: dict[str, Seat] = {}
    for group, answers in zip(share, results, strict=True):
        for seat, (taken, number) in zip(group, answers, strict=True):
            times.extend(taken)
            next_seats[seat.token] = Seat(seat.token, number)
    elapsed = crowd.stop_at - crowd.start_at
    return (
        Timings(times, len(times) / elapsed),
        [next_seats[s.token] for s in seats],
        after - before,
    )


def measure_crowd(
    client: Client, seats: list[Seat], workers: int, seconds: float, think: tuple[float, float]
) -> tuple[Pair, list[Seat]]:
    """The floor then the save with 50 clients each, the same way; returns both."""

    def crowd(kind: str) -> Crowd:
        start = time.time() + 1.0  # the client processes and their connections are ready
        return Crowd(
            client.port, dict(client.cookies), client.csrf, kind, start, start + seconds, think
        )

    floor, _, floor_counts = run_crowd(crowd("floor"), seats, workers)
    save, seats, save_counts = run_crowd(crowd("save"), seats, workers)
    return Pair(save, floor, save_counts, floor_counts), seats


@dataclass(frozen=True)
class Asset:
    """One file of the pad's first load: its path, its bytes and the bytes on the wire."""

    path: str
    raw: int
    wire: int
    encoding: str


def linked_assets(html: bytes) -> list[str]:
    """Every stylesheet and script the page links (a print-only one would be downloaded too)."""
    styles = re.findall(rb'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', html)
    scripts = re.findall(rb'<script[^>]+src="([^"]+)"', html)
    return [path.decode() for path in [*styles, *scripts]]


def fetch(client: Client, path: str) -> tuple[int, int, str, bytes]:
    """A file as the wire carries it to a phone's browser (`BROWSER_ENCODINGS`) and as it is."""
    wire = client.request("GET", path, headers={"Accept-Encoding": BROWSER_ENCODINGS})
    plain = client.request("GET", path, headers={"Accept-Encoding": "identity"})
    if wire.status != 200 or plain.status != 200:
        raise RuntimeError(f"{path} answered {wire.status}")
    encoding = wire.headers.get("Content-Encoding", "none")
    return len(plain.body), len(wire.body), encoding, plain.body


def first_load(client: Client, token: str) -> list[Asset]:
    """The pad's HTML and every CSS and JS file it links, as sent compressed and as they are."""
    raw, wire, encoding, html = fetch(client, f"/s/{token}")
    assets = [Asset(f"/s/{token[:6]}…", raw, wire, encoding)]
    for path in linked_assets(html):
        assets.append(Asset(path, *fetch(client, path)[:3]))
    return assets


@dataclass(frozen=True)
class Flatness:
    """Save timings of every hand of one long session, hand 1 first."""

    seconds: list[float]

    def window(self, first: int) -> float:
        """The median save time of hands `first` to `first` + 9 (numbered from 1)."""
        return statistics.median(self.seconds[first - 1 : first + 9])

    @property
    def ratio(self) -> float:
        return self.window(len(self.seconds) - 9) / self.window(1)


def measure_flatness(client: Client, token: str, hands: int) -> Flatness:
    """Save `hands` hands in one session, timing each."""
    return Flatness([save_hand(client, token, number) for number in range(1, hands + 1)])


# ---------------------------------------------------------------- the report


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


@dataclass(frozen=True)
class DiskSync:
    """How long this disk takes to make an appended page durable, measured in the run's folder
    (the server's database is there): what one fsync of the log costs a save alone."""

    median: float
    p99: float
    added: float = 0.0  # seconds the what-if's slower disk adds to each sync (slow_sync.py)


def measure_disk_sync(folder: Path, count: int = 300, slower: SlowerDisk | None = None) -> DiskSync:
    """Append 4 KB and fdatasync it, `count` times, as a commit's log append and sync does
    (through the slower disk's own fdatasync when the run has one, as the servers sync)."""
    import os

    sync = getattr(os, "fdatasync", os.fsync)
    if slower is not None:
        sync = slow_sync.slowed_fdatasync(slower.library, slower.delay_ms)
    path = folder / "sync-probe.bin"
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    times = []
    try:
        for _ in range(count):
            os.write(descriptor, b"\0" * 4096)
            started = time.perf_counter()
            sync(descriptor)
            times.append(time.perf_counter() - started)
    finally:
        os.close(descriptor)
        path.unlink()
    timings = Timings(times)
    return DiskSync(timings.median, timings.p99, 0.0 if slower is None else slower.delay_ms / 1000)


@dataclass(frozen=True)
class SlowerDisk:
    """The what-if of a run with `--sync-delay-ms`: the preload library built for it and the
    delay every sync of the servers gets."""

    library: Path
    delay_ms: float

    def environment(self) -> dict[str, str]:
        return slow_sync.environment(self.library, self.delay_ms)


def slower_disk(arguments: argparse.Namespace, folder: Path) -> SlowerDisk | None:
    """The slower disk the arguments ask for, built in `folder`; None for this disk as it is."""
    if not arguments.sync_delay_ms:
        return None
    return SlowerDisk(slow_sync.build(folder), arguments.sync_delay_ms)


def disk_lines(disk: DiskSync, runs: list[Run], clients: int) -> list[str]:
    """The disk's sync time, and what share of the floor's server time it is under load: the
    most that sharing syncs between saves could win on this machine."""
    slowed = (
        f" (WHAT-IF: this disk's own, then {ms(disk.added)} ms more, bench/slow_sync.c)"
        if disk.added
        else ""
    )
    lines = [
        f"  This disk: fdatasync of a 4 KB append {ms(disk.median)} ms median, "
        f"p99 {ms(disk.p99)} ms{slowed}."
    ]
    for run in runs:
        floor_cpu = run.crowd.cpu_per_request("floor")
        lines.append(
            f"  {run.workers} worker{'s' if run.workers > 1 else ''}, {clients} clients: "
            f"the floor costs the server {ms(floor_cpu)} ms of CPU a request, the save "
            f"{ms(run.crowd.cpu_per_request('save'))} ms; one sync is "
            f"{disk.median / floor_cpu:.0%} of the floor's CPU."
        )
    return lines


def checkpoints(hands: int) -> list[int]:
    """The first hand of each 10-hand window shown: the start, every quarter, the end."""
    starts = {1, *(hands * quarter // 4 - 9 for quarter in (1, 2, 3)), hands - 9}
    return sorted(start for start in starts if 1 <= start <= hands - 9)


def per_fsync(counts: ServerCounts) -> str:
    return f"{counts.commits / counts.syncs:.1f}" if counts.syncs else "–"


def pair_rows(label: str, pair: Pair, crowd: bool) -> list[str]:
    """The save and the floor of one measurement, then their ratios against the targets."""
    rows = []
    for name, timings, counts in (
        ("save", pair.save, pair.save_server),
        ("floor", pair.floor, pair.floor_server),
    ):
        rate = f"{timings.per_second:>9.0f}" if crowd else f"{'':>9}"
        server = f"{per_fsync(counts):>14}{ms(pair.cpu_per_request(name)):>9}" if crowd else ""
        rows.append(
            f"  {label:<30}{name:<7}{len(timings.seconds):>7}{rate}"
            f"{ms(timings.median):>10}{ms(timings.p99):>10}{server}"
        )
        label = ""
    median = pair.save.median / pair.floor.median
    p99 = pair.save.p99 / pair.floor.p99
    if not crowd:
        rows.append(
            f"  {'':<30}ratio  median {median:.2f}× (target ≤ {SINGLE_TARGET}×: "
            f"{verdict(median <= SINGLE_TARGET)}), p99 {p99:.2f}×"
        )
        return rows
    rate = pair.save.per_second / pair.floor.per_second
    cpu = pair.cpu_per_request("save") / pair.cpu_per_request("floor")
    rows.append(
        f"  {'':<30}ratio  saves/s {rate:.2f}× (target ≥ {THROUGHPUT_TARGET}×: "
        f"{verdict(rate >= THROUGHPUT_TARGET)}), p99 {p99:.2f}× (target ≤ "
        f"{P99_TARGET}×: {verdict(p99 <= P99_TARGET)}), median {median:.2f}×, "
        f"server CPU a request {cpu:.2f}×"
    )
    return rows


@dataclass(frozen=True)
class Run:
    """Everything one server configuration measured."""

    workers: int
    single: Pair
    crowd: Pair
    thinking: Pair


def report(
    runs: list[Run],
    loads: dict[str, list[Asset]],
    flat: Flatness,
    think: str,
    elapsed: float,
    clients: int = 50,
    disk: DiskSync | None = None,
) -> str:
    """The numbers as a small plain-text table."""
    lines = [
        "(1) A save (POST /s/<t>/hands, htmx) against the floor (POST /_bench/floor), "
        "measured in the same run",
        f"  {'':<30}{'':<7}{'n':>7}{'per s':>9}{'median':>10}{'p99':>10}"
        f"{'commits/fsync':>14}{'CPU':>9}",
        f"  {'':<30}{'':<7}{'':>7}{'':>9}{'ms':>10}{'ms':>10}{'':>14}{'ms/req':>9}",
    ]
    for run in runs:
        lines.append(f" {run.workers} worker{'s' if run.workers > 1 else ''} × 8 threads")
        lines += pair_rows("1 client, alternating", run.single, crowd=False)
        lines += pair_rows(f"{clients} clients, no think time", run.crowd, crowd=True)
        lines += pair_rows(f"{clients} clients, think {think}", run.thinking, crowd=True)
    if len(runs) == 2:
        one, two = runs
        lines.append(
            f"  two workers vs one, {clients} clients without think time: saves/s "
            f"{two.crowd.save.per_second / one.crowd.save.per_second:.2f}×, save p99 "
            f"{two.crowd.save.p99 / one.crowd.save.p99:.2f}×"
        )
    if disk is not None:
        lines += disk_lines(disk, runs, clients)
    lines += [
        "",
        f"(2) Pad first load as the wire carries it (Accept-Encoding: {BROWSER_ENCODINGS})",
    ]
    for label, assets in loads.items():
        total = sum(asset.wire for asset in assets)
        lines.append(f"    {label}")
        lines.extend(
            f"      {asset.path:<34}{asset.raw:>9,} B{asset.wire:>9,} B {asset.encoding}"
            for asset in assets
        )
        lines.append(
            f"      {'total':<34}{sum(a.raw for a in assets):>9,} B{total:>9,} B"
            f"  = {total / 1024:.1f} KB  (target ≤ {FIRST_LOAD_TARGET // 1024} KB: "
            f"{verdict(total <= FIRST_LOAD_TARGET)})"
        )
    lines += [
        "",
        f"(3) Saving hands in one session of {len(flat.seconds)} hands (median of 10), "
        "warm (the server's cache of replayed sessions in use)",
        *(
            f"    hands {start}–{start + 9}:".ljust(24) + f"{ms(flat.window(start)):>8} ms"
            for start in checkpoints(len(flat.seconds))
        ),
        f"    ratio last 10 / first 10: {flat.ratio:.2f}×  "
        f"(target flat, ≤ {FLAT_TARGET}×: {verdict(flat.ratio <= FLAT_TARGET)})",
        "",
        f"Whole run: {elapsed:.0f} s",
    ]
    return "\n".join(lines)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--saves",
        type=int,
        default=300,
        help="save/floor pairs timed from one client (default 300)",
    )
    parser.add_argument(
        "--warmup",
        type=int,
        default=30,
        help="save/floor pairs run first and not counted (default 30)",
    )
    parser.add_argument(
        "--clients",
        type=int,
        default=50,
        help="concurrent clients, each saving to its own session (default 50)",
    )
    parser.add_argument(
        "--seconds", type=float, default=8.0, help="length of each crowd measurement (default 8)"
    )
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(0.05, 0.2),
        metavar=("LOW", "HIGH"),
        help="think time between a client's requests, seconds (default 0.05 0.2)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        nargs="+",
        default=[1, 2],
        help="server worker processes to measure (default 1 2)",
    )
    parser.add_argument(
        "--hands", type=int, default=1000, help="hands in the long session of (3) (default 1000)"
    )
    parser.add_argument(
        "--sync-delay-ms",
        type=float,
        default=0.0,
        metavar="MS",
        help="what-if: every fsync of the servers takes MS ms longer, as on a "
        "slower disk (needs gcc; default 0, this disk as it is)",
    )
    return parser.parse_args(argv)


def measure_server(
    workers: int,
    arguments: argparse.Namespace,
    folder: Path,
    extras: bool,
    slower: SlowerDisk | None = None,
) -> tuple[Run, dict[str, list[Asset]], Flatness | None]:
    """Start a server with `workers` processes (on the slower disk if given) and measure (1) on
    it; (2) and (3) too when `extras`."""
    database = folder / f"bench-{workers}.sqlite3"
    environment = {"COMPANION_BENCH_FLOOR": "1", **(slower.environment() if slower else {})}
    with running_server(
        database,
        folder / f"server-{workers}.log",
        options=("--workers", str(workers)),
        environment=environment,
    ) as url:
        client = Client(urlsplit(url).port or 0)
        try:
            single = measure_single(
                client, create_session(client), arguments.saves, arguments.warmup, 1
            )
            seats = [Seat(create_session(client), 1) for _ in range(arguments.clients)]
            crowd, seats = measure_crowd(client, seats, workers, arguments.seconds, (0.0, 0.0))
            thinking, _ = measure_crowd(
                client, seats, workers, arguments.seconds, tuple(arguments.think)
            )
            loads: dict[str, list[Asset]] = {}
            flat = None
            if extras:
                loads["empty pad (a new session)"] = first_load(client, create_session(client))
                long_session = create_session(client)
                flat = measure_flatness(client, long_session, arguments.hands)
                loads[f"pad after {arguments.hands} hands"] = first_load(client, long_session)
        finally:
            client.close()
    return Run(workers, single, crowd, thinking), loads, flat


def main(argv: list[str] | None = None) -> int:
    """Run every measurement against fresh servers and print the table."""
    arguments = parse_arguments(argv)
    started = time.perf_counter()
    runs: list[Run] = []
    loads: dict[str, list[Asset]] = {}
    flat: Flatness | None = None
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        slower = slower_disk(arguments, Path(folder))
        disk = measure_disk_sync(Path(folder), slower=slower)
        for index, workers in enumerate(arguments.workers):
            extras = index == len(arguments.workers) - 1
            run, found, measured = measure_server(workers, arguments, Path(folder), extras, slower)
            runs.append(run)
            loads.update(found)
            flat = measured or flat
    assert flat is not None
    low, high = arguments.think
    think = f"{low * 1000:.0f}–{high * 1000:.0f} ms"
    print(report(runs, loads, flat, think, time.perf_counter() - started, arguments.clients, disk))
    return 0


if __name__ == "__main__":
    sys.exit(main())
