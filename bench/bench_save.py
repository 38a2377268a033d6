"""Benchmark the score pad over real HTTP: saving a hand, first-load bytes, and flatness.

Run from the project root:  .venv/bin/python bench/bench_save.py

It starts the real server (`python -m companion serve`, waitress) on a temporary database,
talks to it over one keep-alive `http.client.HTTPConnection` (with the session cookie the server
set and its CSRF token in `X-CSRFToken`), prints a table and exits 0. See bench/README.md.
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
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))  # run as a script: the shared server helper is in tests/

from tests.live_server import HOST, running_server  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
GZIP_LEVEL = 6

SAVE_RATIO_TARGET = 1.5  # a save should cost at most 1.5× a trivial request
FIRST_LOAD_TARGET = 30 * 1024  # bytes, gzipped, HTML + every CSS and JS file it links
FLAT_TARGET = 1.25  # "flat": hands 991–1000 within 25 % of hands 1–10 (room for noise only)

# Valid 4-player hands (contract, card points of the taker's side, bouts), cycled; the taker is
# seat (hand number − 1) % 4, so every hand is accepted and scored.
HANDS = (("garde", "47", "2"), ("petite", "45", "1"), ("garde_sans", "40", "3"),
         ("garde_contre", "60", "1"))


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

    def __post_init__(self) -> None:
        self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)

    def request(self, method: str, path: str, form: Mapping[str, str] | None = None,
                headers: Mapping[str, str] | None = None) -> Answer:
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
    match = (re.search(rb'"X-CSRFToken": "([^"]+)"', html)
             or re.search(rb'name="csrf_token" value="([^"]+)"', html))
    if match is None:
        raise RuntimeError("no CSRF token on the page")
    return match.group(1).decode()


def create_session(client: Client) -> str:
    """Start a 4-player French Tarot session through /new; returns its token."""
    page = client.request("GET", "/new")
    client.csrf = csrf_token(page.body)
    form = {"csrf_token": client.csrf, "game": "french-tarot", "players": str(len(PLAYERS)),
            "opt-french-tarot-hands": "0"}
    form.update({f"name-{seat}": name for seat, name in enumerate(PLAYERS)})
    answer = client.request("POST", "/new", form=form)
    location = answer.headers.get("Location", "")
    if answer.status != 303 or "/s/" not in location:
        raise RuntimeError(f"could not start a session: {answer.status} {answer.body[:300]!r}")
    return urlsplit(location).path.rsplit("/", 1)[-1]


def hand_form(number: int) -> dict[str, str]:
    """The entry form of hand `number` (from 1), always a valid hand."""
    contract, points, bouts = HANDS[(number - 1) % len(HANDS)]
    return {"contract": contract, "taker": str((number - 1) % len(PLAYERS)),
            "counted_side": "taker", "points": points, "bouts": bouts,
            "petit_au_bout": "none", "chelem": "none", "expected_number": str(number)}


def save_hand(client: Client, token: str, number: int) -> float:
    """Save hand `number` the way htmx does; returns the seconds it took."""
    answer = client.request("POST", f"/s/{token}/hands", form=hand_form(number),
                            headers={"HX-Request": "true"})
    if answer.status != 200 or f'id="hand-{number}"'.encode() not in answer.body:
        raise RuntimeError(f"hand {number} was not saved: {answer.status} {answer.body[:300]!r}")
    return answer.seconds


def health(client: Client) -> float:
    """One GET of the trivial route; returns the seconds it took."""
    answer = client.request("GET", "/healthz")
    if answer.status != 200:
        raise RuntimeError(f"/healthz answered {answer.status}")
    return answer.seconds


# ---------------------------------------------------------------- the measurements


def p90(samples: list[float]) -> float:
    """The 90th percentile (the 9th of 10 cut points)."""
    return statistics.quantiles(samples, n=10, method="inclusive")[8]


@dataclass(frozen=True)
class SaveVsHealth:
    """Save and /healthz timings taken side by side (interleaved) on one connection."""

    save: list[float]
    health: list[float]

    @property
    def ratio(self) -> float:
        return statistics.median(self.save) / statistics.median(self.health)


def measure_save_vs_health(client: Client, token: str, count: int, warmup: int) -> SaveVsHealth:
    """Alternate a hand save and a /healthz GET; the first `warmup` pairs are not counted."""
    saves: list[float] = []
    checks: list[float] = []
    for number in range(1, warmup + count + 1):
        saved, checked = save_hand(client, token, number), health(client)
        if number > warmup:
            saves.append(saved)
            checks.append(checked)
    return SaveVsHealth(saves, checks)


@dataclass(frozen=True)
class Asset:
    """One file of the pad's first load: its path, raw and gzipped sizes."""

    path: str
    raw: int
    gzipped: int


def linked_assets(html: bytes) -> list[str]:
    """Every stylesheet and script the page links (print.css included: it is downloaded too)."""
    styles = re.findall(rb'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', html)
    scripts = re.findall(rb'<script[^>]+src="([^"]+)"', html)
    return [path.decode() for path in [*styles, *scripts]]


def first_load(client: Client, token: str) -> list[Asset]:
    """The pad's HTML and every CSS and JS file it links, each gzipped at level 6."""
    page = client.request("GET", f"/s/{token}")
    assets = [Asset(f"/s/{token[:6]}…", len(page.body), len(gzip.compress(page.body, 6)))]
    for path in linked_assets(page.body):
        answer = client.request("GET", path)
        if answer.status != 200:
            raise RuntimeError(f"{path} answered {answer.status}")
        assets.append(Asset(path, len(answer.body), len(gzip.compress(answer.body, GZIP_LEVEL))))
    return assets


@dataclass(frozen=True)
class Flatness:
    """Save timings of every hand of one long session, hand 1 first."""

    seconds: list[float]

    def window(self, first: int) -> float:
        """The median save time of hands `first` to `first` + 9 (numbered from 1)."""
        return statistics.median(self.seconds[first - 1:first + 9])

    @property
    def first(self) -> float:
        return self.window(1)

    @property
    def last(self) -> float:
        return self.window(len(self.seconds) - 9)

    @property
    def ratio(self) -> float:
        return self.last / self.first


def measure_flatness(client: Client, token: str, hands: int) -> Flatness:
    """Save `hands` hands in one session, timing each."""
    return Flatness([save_hand(client, token, number) for number in range(1, hands + 1)])


# ---------------------------------------------------------------- the report


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def checkpoints(hands: int) -> list[int]:
    """The first hand of each 10-hand window shown: the start, every quarter, the end."""
    starts = {1, *(hands * quarter // 4 - 9 for quarter in (1, 2, 3)), hands - 9}
    return sorted(start for start in starts if 1 <= start <= hands - 9)


def report(saves: SaveVsHealth, loads: dict[str, list[Asset]], flat: Flatness,
           elapsed: float) -> str:
    """The numbers as a small plain-text table."""
    lines = [f"(1) Saving a hand vs GET /healthz, {len(saves.save)} of each, interleaved",
             f"    {'':<24}{'median':>12}{'p90':>12}",
             f"    {'POST /s/<token>/hands':<24}{ms(statistics.median(saves.save)):>12}"
             f"{ms(p90(saves.save)):>12}",
             f"    {'GET /healthz':<24}{ms(statistics.median(saves.health)):>12}"
             f"{ms(p90(saves.health)):>12}",
             f"    ratio of medians: {saves.ratio:.2f}×  (target ≤ {SAVE_RATIO_TARGET}×: "
             f"{verdict(saves.ratio <= SAVE_RATIO_TARGET)})",
             "",
             f"(2) Pad first load, each file gzipped at level {GZIP_LEVEL}"]
    for label, assets in loads.items():
        total = sum(asset.gzipped for asset in assets)
        lines.append(f"    {label}")
        lines.extend(f"      {asset.path:<34}{asset.raw:>9,} B raw{asset.gzipped:>9,} B gz"
                     for asset in assets)
        lines.append(f"      {'total':<34}{sum(a.raw for a in assets):>9,} B raw{total:>9,} B gz"
                     f"  = {total / 1024:.1f} KB  (target ≤ {FIRST_LOAD_TARGET // 1024} KB: "
                     f"{verdict(total <= FIRST_LOAD_TARGET)})")
    lines += ["",
              f"(3) Saving hands in one session of {len(flat.seconds)} hands (median of 10)",
              *(f"    hands {start}–{start + 9}:".ljust(24) + f"{ms(flat.window(start)):>12}"
                for start in checkpoints(len(flat.seconds))),
              f"    ratio last 10 / first 10: {flat.ratio:.2f}×  "
              f"(target flat, ≤ {FLAT_TARGET}×: {verdict(flat.ratio <= FLAT_TARGET)})",
              "",
              f"Whole run: {elapsed:.1f} s"]
    return "\n".join(lines)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=300,
                        help="hands timed against /healthz in (1) (default 300)")
    parser.add_argument("--warmup", type=int, default=30,
                        help="save/healthz pairs run first and not counted (default 30)")
    parser.add_argument("--hands", type=int, default=1000,
                        help="hands in the long session of (3) (default 1000)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the three measurements against a fresh server and print the table."""
    arguments = parse_arguments(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder, \
            running_server(Path(folder) / "bench.sqlite3", Path(folder) / "server.log") as url:
        port = urlsplit(url).port
        client = Client(port)
        try:
            fresh = create_session(client)
            loads = {"empty pad (a new session)": first_load(client, fresh)}
            saves = measure_save_vs_health(client, create_session(client), arguments.saves,
                                           arguments.warmup)
            long_session = create_session(client)
            flat = measure_flatness(client, long_session, arguments.hands)
            evening = create_session(client)
            for number in range(1, 21):
                save_hand(client, evening, number)
            loads["pad after 20 hands (an evening)"] = first_load(client, evening)
            loads[f"pad after {arguments.hands} hands"] = first_load(client, long_session)
        finally:
            client.close()
    print(report(saves, loads, flat, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
