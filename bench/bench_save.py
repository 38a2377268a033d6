"""Benchmark a save over real HTTP against the durable-write floor measured in the same run.

Run from the project root:  .venv/bin/python bench/bench_save.py

It serves the pad (one waitress process, as `companion serve`) on a temporary database with
the benchmark's floor added (bench/floor.py: `POST /_bench/floor`, the least a durable save
must do), and times saving a French Tarot hand against that floor from one client, the two
alternating on one kept-alive connection. Then the bytes of the pad's first load as the wire
carries them, for a new session and for one of 1,000 hands. It prints a table and exits 0.
See bench/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
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

from bench.floor import floor_server  # noqa: E402
from companion.contract.registry import versions  # noqa: E402
from companion.contract.values import entry_as_data  # noqa: E402
from companion.engine.replay import make_setup, replay  # noqa: E402
from companion.service.service import Service  # noqa: E402
from companion.store import Store  # noqa: E402
from tests.live_server import HOST  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")

SINGLE_TARGET = 2.5  # one client: a save's median at most 2.5× the floor's (issue 40; 2.2× before)
FIRST_LOAD_TARGET = 30 * 1024  # bytes as sent: HTML + every CSS and JS file it links
LONG_SESSION = 1000  # hands in the session whose first load is measured too

# Valid 4-player hands (contract, card points of the taker's side, bouts), cycled; the taker is
# seat (hand number − 1) % 4, so every hand is accepted and scored.
HANDS = (
    ("garde", "47", "2"),
    ("petite", "45", "1"),
    ("garde_sans", "40", "3"),
    ("garde_contre", "60", "1"),
)


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


def percentile(samples: list[float], share: float) -> float:
    """The `share` percentile (0.99 for p99), by the inclusive method."""
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[round(share * 100) - 1]


@dataclass(frozen=True)
class Timings:
    """Round trips of one kind of request."""

    seconds: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def p99(self) -> float:
        return percentile(self.seconds, 0.99)


@dataclass(frozen=True)
class Pair:
    """A save and the floor measured the same way in the same run."""

    save: Timings
    floor: Timings

    @property
    def ratio(self) -> float:
        """The save's median over the floor's: the figure of the target."""
        return self.save.median / self.floor.median


def measure_single(client: Client, token: str, count: int, warmup: int) -> Pair:
    """Alternate a hand save and a floor save on one connection; the first `warmup` pairs are
    not counted."""
    saves: list[float] = []
    floors: list[float] = []
    for number in range(1, warmup + count + 1):
        saved, floored = save_hand(client, token, number), save_floor(client, number)
        if number > warmup:
            saves.append(saved)
            floors.append(floored)
    return Pair(Timings(saves), Timings(floors))


def written_session(store: Store, hands: int, *, results: bool = True) -> str:
    """A French Tarot session of `hands` valid hands (the cycle above), written at once;
    `results`: opened once through the pad, which stores its results (else it is a session
    as an older version left it, whose first open derives them)."""
    setup, problems = make_setup("french-tarot", PLAYERS, {"hands": "0"})
    assert not problems, problems
    raw = [
        (
            number,
            {key: value for key, value in hand_form(number).items() if key != "expected_number"},
        )
        for number in range(1, hands + 1)
    ]
    scored = replay(setup, raw).state.hands
    token = store.sessions.create_imported(
        setup, [(hand.number, entry_as_data(hand.entry), hand.result.points) for hand in scored]
    )
    if results:
        assert Service(store).sessions.load(token) is not None
    return token


def new_database(path: Path) -> Store:
    """A fresh pad database at `path`, its results noted as derived by these games' versions
    (else the server would drop the written ones at start, as after an upgrade)."""
    store = Store(path, migrate=True)
    store.results.keep_versions(versions())
    return store


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
class DiskSync:
    """How long this disk takes to make an appended page durable, measured in the run's folder
    (the server's database is there): what one fsync of the log costs a save alone."""

    median: float
    p99: float


def measure_disk_sync(folder: Path, count: int = 300) -> DiskSync:
    """Append 4 KB and fdatasync it, `count` times, as a commit's log append and sync does."""
    sync = getattr(os, "fdatasync", os.fsync)
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
    return DiskSync(timings.median, timings.p99)


@dataclass(frozen=True)
class Measured:
    """Everything one run of this script measured."""

    single: Pair
    loads: dict[str, list[Asset]]
    disk: DiskSync


def measure(saves: int, warmup: int, folder: Path) -> Measured:
    """Serve the pad with its floor on a fresh database in `folder` (a session of
    `LONG_SESSION` hands written first) and measure the save, the floor and the first loads."""
    disk = measure_disk_sync(folder)
    database = folder / "bench-save.sqlite3"
    with new_database(database) as store:
        long_session = written_session(store, LONG_SESSION)
    with floor_server(database, folder / "server.log") as url:
        client = Client(urlsplit(url).port or 0)
        try:
            single = measure_single(client, create_session(client), saves, warmup)
            loads = {
                "empty pad (a new session)": first_load(client, create_session(client)),
                f"pad of {LONG_SESSION:,} hands": first_load(client, long_session),
            }
        finally:
            client.close()
    return Measured(single, loads, disk)


# ---------------------------------------------------------------- the report


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def verdict(ok: bool) -> str:
    return "met" if ok else "OVER"


def report(measured: Measured) -> str:
    """The numbers as a small plain-text table."""
    single, disk = measured.single, measured.disk
    lines = [
        "(1) A save (POST /s/<t>/hands, htmx) against the floor (POST /_bench/floor), one "
        "client alternating the two, one server process",
        f"  {'':<8}{'n':>7}{'median ms':>11}{'p99 ms':>9}",
    ]
    for name, timings in (("save", single.save), ("floor", single.floor)):
        lines.append(
            f"  {name:<8}{len(timings.seconds):>7}{ms(timings.median):>11}{ms(timings.p99):>9}"
        )
    lines += [
        f"  ratio   median {single.ratio:.2f}× (target ≤ {SINGLE_TARGET}×: "
        f"{verdict(single.ratio <= SINGLE_TARGET)}), p99 "
        f"{single.save.p99 / single.floor.p99:.2f}×",
        f"  This disk: fdatasync of a 4 KB append {ms(disk.median)} ms median, "
        f"p99 {ms(disk.p99)} ms.",
        "",
        f"(2) Pad first load as the wire carries it (Accept-Encoding: {BROWSER_ENCODINGS})",
    ]
    for label, assets in measured.loads.items():
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
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Measure against a fresh server and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--saves", type=int, default=300, help="save/floor pairs timed (default 300)"
    )
    parser.add_argument(
        "--warmup", type=int, default=30, help="pairs run first, not counted (default 30)"
    )
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        print(report(measure(arguments.saves, arguments.warmup, Path(folder))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
