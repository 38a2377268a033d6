"""Benchmark a club room on the server as it runs: tables of four phones, each phone on its own
kept-alive connection polling the live view every second, one save a table a minute.

Run from the project root:  .venv/bin/python bench/bench_room.py   (about 4 minutes here)

It starts the real server on a temporary database (`python -m companion serve`, as the README
starts it; `--server gunicorn` runs the README's gunicorn command instead), makes one French
Tarot session a table over HTTP, then:

- an idle save: one phone saves `--idle-saves` hands at a table of its own, nothing else on the
  server; their median and p99 are the yardstick;
- for each room size (`--tables`, 50 and 100 by default): every phone opens its connection and
  loads its pad during a ramp of `--ramp` seconds, then for `--seconds` seconds polls
  `/s/<token>/live?seen=<version>` every second (never two polls at once, as htmx's poller);
  one phone a table saves a hand at a moment drawn at random within each minute. A poll with
  no answer within `--give-up` seconds, or whose connection fails, is unanswered.

It reports, per room: the polls sent and unanswered, the poll median, p99 and worst, the ticks a
phone missed because its last poll was still waiting, the save median and p99 against the idle
save's, and the CPU the server used (cores, from /proc). It reports; it does not gate.
See bench/README.md ("the room").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))  # run as a script: the shared server helper is in tests/

from bench.bench_save import (  # noqa: E402
    Client,
    create_session,
    hand_form,
    percentile,
)
from tests.live_server import HOST, free_port, start_server, stop, wait_until_healthy  # noqa: E402

PHONES_A_TABLE = 4
POLL_SECONDS = 1.0  # templates/pad/_live.html: hx-trigger="every 1s"
SAVE_EVERY_SECONDS = 60.0
POLL_P99_TARGET = 0.100  # issue 35: every poll answered, p99 ≤ 100 ms
LIVE_VERSION = re.compile(rb"/live\?seen=([^\"&]+)")

# The README's gunicorn command ("Several processes, with gunicorn"), less its address.
GUNICORN_OPTIONS = ("-k", "gthread", "--threads", "8", "-w", "2")


# ---------------------------------------------------------------- one phone's connection


@dataclass
class Reply:
    """One answer read in full."""

    status: int
    headers: dict[str, str]
    body: bytes


class Connection:
    """One kept-alive HTTP/1.1 connection, as a phone's browser keeps one to the pad: a request
    at a time, reopened only when the server closed it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opened = 0  # connections this phone had to open (1 when keep-alive held)

    async def request(
        self, method: str, path: str, headers: Mapping[str, str], body: bytes = b""
    ) -> Reply:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
            self.opened += 1
        assert self.reader is not None and self.writer is not None
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        try:
            return await self._reply()
        except BaseException:
            self.close()
            raise

    async def _reply(self) -> Reply:
        assert self.reader is not None
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body = await self._chunks()
        else:
            body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Reply(status, headers, body)

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        body = b""
        while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
            body += await self.reader.readexactly(size)
            await self.reader.readuntil(b"\r\n")
        await self.reader.readuntil(b"\r\n")
        return body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.writer = None


# ---------------------------------------------------------------- the room


@dataclass
class Table:
    """A table's session and what its saving phone needs to post a hand as a browser does."""

    token: str
    cookie: str
    csrf: str
    blank_form: str
    next_number: int = 1


@dataclass
class Tally:
    """What the room's phones saw."""

    polls: list[float] = field(default_factory=list)  # seconds, answered polls
    unanswered: int = 0
    unloaded: int = 0  # phones whose pad did not load within the give-up time
    missed_ticks: int = 0
    saves: list[float] = field(default_factory=list)
    failed_saves: int = 0
    connections_opened: int = 0
    updates: int = 0  # polls that brought another phone's save


@dataclass
class Phone:
    """One phone at a table: its connection and the live version it last saw."""

    table: Table
    saves: bool  # the table's one saving phone
    connection: Connection
    seen: str = ""

    def learn_version(self, body: bytes) -> bool:
        match = LIVE_VERSION.search(body)
        if match is None:
            return False
        self.seen = match.group(1).decode()
        return True

    async def load_pad(self) -> None:
        reply = await self.connection.request("GET", f"/s/{self.table.token}", self.headers())
        if reply.status != 200 or not self.learn_version(reply.body):
            raise RuntimeError(f"the pad did not load: {reply.status}")

    async def poll(self, tally: Tally, give_up: float) -> None:
        path = f"/s/{self.table.token}/live?seen={self.seen}&form=&typing="
        started = time.perf_counter()
        try:
            reply = await asyncio.wait_for(
                self.connection.request("GET", path, self.headers(hx=True)), give_up
            )
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            tally.unanswered += 1
            return
        if reply.status != 200:
            tally.unanswered += 1
            return
        tally.polls.append(time.perf_counter() - started)
        if reply.body and self.learn_version(reply.body):
            tally.updates += 1

    async def save(self, tally: Tally, give_up: float) -> None:
        table = self.table
        form = hand_form(table.next_number) | {"blank_form": table.blank_form}
        body = urlencode(form).encode()
        headers = self.headers(hx=True) | {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": table.csrf,
        }
        started = time.perf_counter()
        try:
            reply = await asyncio.wait_for(
                self.connection.request("POST", f"/s/{table.token}/hands", headers, body),
                give_up,
            )
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            tally.failed_saves += 1
            return
        if reply.status != 200 or f'id="hand-{table.next_number}"'.encode() not in reply.body:
            tally.failed_saves += 1
            return
        tally.saves.append(time.perf_counter() - started)
        table.next_number += 1
        self.learn_version(reply.body)
        if blank := re.search(rb'name="blank_form" value="([^"]+)"', reply.body):
            table.blank_form = blank.group(1).decode()

    def headers(self, *, hx: bool = False) -> dict[str, str]:
        """What the phone's browser sends (uncompressed answers: the client reads them as
        they come; the server's compression is measured by bench_save.py)."""
        sent = {"Connection": "keep-alive", "Cookie": self.table.cookie}
        if hx:
            sent["HX-Request"] = "true"
        return sent


async def run_phone(
    phone: Phone,
    tally: Tally,
    times: tuple[float, float, float],
    save_at: float | None,
    give_up: float,
) -> None:
    """Load the pad at a moment of the ramp, then poll every second until `ends`; save once a
    minute from `save_at` if this is the table's saving phone. `times`: the ramp's length,
    the moment the polls start and the moment they end."""
    ramp, starts, ends = times
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, random.uniform(starts - ramp, starts) - loop.time()))
    try:
        await asyncio.wait_for(phone.load_pad(), give_up)
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError, RuntimeError):
        tally.unloaded += 1  # its polls ask for everything (no version seen) until answered
    tick = loop.time() + POLL_SECONDS  # htmx's `every 1s` counts from the page's load
    warming = Tally()  # the polls before `starts` warm the server up; they are not counted
    while tick < ends:
        await asyncio.sleep(max(0.0, tick - loop.time()))
        counted = tally if tick >= starts else warming
        if save_at is not None and loop.time() >= save_at:
            await phone.save(counted, give_up)
            save_at += SAVE_EVERY_SECONDS
        await phone.poll(counted, give_up)
        tick += POLL_SECONDS
        while tick < loop.time():  # the poll took longer than a tick: htmx skips the tick
            tick += POLL_SECONDS
            counted.missed_ticks += 1
    tally.connections_opened += phone.connection.opened
    phone.connection.close()


async def run_room(
    port: int, tables: list[Table], seconds: float, ramp: float, give_up: float
) -> Tally:
    """Every table's four phones, at once, for `seconds` after a ramp of `ramp` seconds."""
    tally = Tally()
    loop = asyncio.get_running_loop()
    starts = loop.time() + ramp
    ends = starts + seconds
    runs = []
    for table in tables:
        save_at = starts + random.uniform(0.0, SAVE_EVERY_SECONDS)
        for seat in range(PHONES_A_TABLE):
            phone = Phone(table, seat == 0, Connection(port))
            runs.append(
                run_phone(
                    phone, tally, (ramp, starts, ends), save_at if seat == 0 else None, give_up
                )
            )
    await asyncio.gather(*runs)
    return tally


def new_table(port: int) -> Table:
    """A new session, started through /new as a phone starts one."""
    client = Client(port)
    try:
        token = create_session(client)
    finally:
        client.close()
    cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    return Table(token, cookie, client.csrf, client.blank_forms[token])


# ---------------------------------------------------------------- the server and its CPU


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process and its children still running (gunicorn's workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@contextmanager
def server(kind: str, database: Path, log: Path, options: list[str]) -> Iterator[tuple[int, int]]:
    """The server the README starts (`serve`) or its gunicorn command: its port and pid."""
    if kind == "serve":
        process, url = start_server(database, log, options=options)
    else:
        port = free_port()
        gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent))
        if gunicorn is None:
            raise SystemExit("gunicorn is not installed in this environment")
        command = [gunicorn, *GUNICORN_OPTIONS, *options, "-b", f"{HOST}:{port}"]
        with log.open("a") as output:
            process = subprocess.Popen(
                [*command, "companion:create_app()"],
                cwd=PROJECT_ROOT,
                stdout=output,
                stderr=subprocess.STDOUT,
                env={**os.environ, "COMPANION_DB": str(database)},
            )
        url = f"http://{HOST}:{port}"
        wait_until_healthy(url, process, 30.0)
    try:
        yield urlsplit(url).port or 0, process.pid
    finally:
        stop(process)


# ---------------------------------------------------------------- the measurements


@dataclass
class Room:
    tables: int
    tally: Tally
    seconds: float
    server_cpu: float  # cores


def idle_saves(port: int, count: int, give_up: float) -> list[float]:
    """`count` saves at a table of their own, one after another, by a phone as the room's
    phones save, nothing else on the server."""
    phone = Phone(new_table(port), True, Connection(port))
    tally = Tally()

    async def save_all() -> None:
        await phone.load_pad()
        for _ in range(count):
            await phone.save(tally, give_up)
        phone.connection.close()

    asyncio.run(save_all())
    if tally.failed_saves:
        raise RuntimeError(f"{tally.failed_saves} idle saves failed")
    return tally.saves


def measure_room(port: int, pid: int, count: int, args: argparse.Namespace) -> Room:
    tables = [new_table(port) for _ in range(count)]
    before = cpu_seconds(pid)
    started = time.perf_counter()
    tally = asyncio.run(run_room(port, tables, args.seconds, args.ramp, args.give_up))
    seconds = time.perf_counter() - started
    return Room(count, tally, seconds, (cpu_seconds(pid) - before) / seconds)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


def report(kind: str, options: list[str], idle: list[float], rooms: list[Room]) -> str:
    idle_p50, idle_p99 = statistics.median(idle), percentile(idle, 0.99)
    command = "companion serve" if kind == "serve" else "gunicorn " + " ".join(GUNICORN_OPTIONS)
    lines = [
        f"The room on `{command}{' ' + ' '.join(options) if options else ''}`: "
        f"{PHONES_A_TABLE} phones a table, each on its own connection polling every "
        f"{POLL_SECONDS:g} s, a save a table a minute",
        f"  idle save: {len(idle)} saves, median {ms(idle_p50)} ms, p99 {ms(idle_p99)} ms",
        f"  {'tables':>6} {'phones':>6} {'polls':>7} {'unanswered':>10} {'missed':>6} "
        f"{'poll p50':>8} {'p99':>7} {'worst':>8} {'saves':>5} {'failed':>6} {'save p50':>8} "
        f"{'p99':>7} {'p99/idle':>8} {'conns':>5} {'CPU':>5}",
    ]
    for room in rooms:
        tally = room.tally
        polls, saves = tally.polls or [0.0], tally.saves or [0.0]
        poll_p99 = percentile(polls, 0.99)
        lines.append(
            f"  {room.tables:>6} {room.tables * PHONES_A_TABLE:>6} {tally.unloaded:>8} "
            f"{len(tally.polls) + tally.unanswered:>7,} {tally.unanswered:>10,} "
            f"{tally.missed_ticks:>6,} {ms(statistics.median(polls)):>8} {ms(poll_p99):>7} "
            f"{ms(max(polls)):>8} {len(tally.saves):>5} {tally.failed_saves:>6} "
            f"{ms(statistics.median(saves)):>8} {ms(percentile(saves, 0.99)):>7} "
            f"{percentile(saves, 0.99) / idle_p99:>7.1f}× {tally.connections_opened:>5} "
            f"{room.server_cpu:>5.2f}"
        )
        met = tally.unloaded == tally.unanswered == 0 and poll_p99 <= POLL_P99_TARGET
        lines.append(
            f"  {'':>6} every poll answered, p99 ≤ {POLL_P99_TARGET * 1000:.0f} ms: "
            f"{'met' if met else 'OVER'}"
        )
    lines.append(
        "  (ms; unloaded: phones whose pad did not load within the give-up time; missed: "
        "ticks a phone skipped because its last poll was still waiting; conns: "
        "connections the phones opened, one each when keep-alive held; CPU: the server's cores)"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100])
    parser.add_argument("--seconds", type=float, default=60.0, help="measured, after the ramp")
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds the phones join over")
    parser.add_argument("--give-up", type=float, default=10.0, help="a poll unanswered after")
    parser.add_argument("--idle-saves", type=int, default=50)
    parser.add_argument("--server", choices=("serve", "gunicorn"), default="serve")
    parser.add_argument(
        "--option", action="append", default=[], help="added to the server's command"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    random.seed(args.seed)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # 400 phones: 400 sockets here
    with tempfile.TemporaryDirectory(prefix="companion-room-") as folder:
        database, log = Path(folder) / "room.sqlite3", Path(folder) / "server.log"
        with server(args.server, database, log, args.option) as (port, pid):
            idle = idle_saves(port, args.idle_saves, args.give_up)
            rooms = [measure_room(port, pid, count, args) for count in args.tables]
        print(report(args.server, args.option, idle, rooms))
    return 0


if __name__ == "__main__":
    sys.exit(main())
