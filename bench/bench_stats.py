"""Benchmark the statistics pages against the size of the club's history.

Run from the project root:  .venv/bin/python bench/bench_stats.py

It builds databases of 100, 1,000 and 10,000 sessions (French Tarot at four and Skat at three,
20 hands each, every one valid and scored), written in bulk through the store's own row
functions (`insert_session`, `insert_hand`, `insert_results`) with each session's stored
results (the scored hands) as the pad keeps them; then every session's standing is worked out
(`standings_settled`: what the first statistics page does for the sessions saved since the
page was last read; its time is printed). The sessions
are a few scored templates, seated from a roster of 40 club players, one session every 16
hours; "Zoe" sits in exactly 20 of them, spread over the whole history. Then it times the
pages server-side through the Flask test client (the median of several requests after a
warm-up): the overall page, Zoe's page (a player whose own history does not grow with the
club's), a regular's page (whose history grows with it: a tenth of every session) and the
Skat page. Targets (issue 28): every page at 10,000 sessions ≤ 1.5× the time at 100, and
under 200 ms. It prints a table and exits 0. See bench/README.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))

from companion import create_app  # noqa: E402
from companion.contract.registry import versions  # noqa: E402
from companion.contract.values import Setup, entry_as_data  # noqa: E402
from companion.engine.replay import make_setup, replay  # noqa: E402
from companion.service import statistics as statistics_service  # noqa: E402
from companion.service.loading import known_hands, result_rows  # noqa: E402
from companion.store import ResultRow, Store  # noqa: E402
from companion.store.results import insert_results  # noqa: E402
from companion.store.rows import dump, insert_hand, new_token  # noqa: E402
from companion.store.sessions import insert_session  # noqa: E402

SIZES = (100, 1_000, 10_000)
HANDS = 20
ROSTER = tuple(f"Player {number:02}" for number in range(1, 41))
FIXED = "Zoe"  # sits in exactly FIXED_SESSIONS sessions, whatever the club's size
FIXED_SESSIONS = 20
RATIO_TARGET, ABSOLUTE_TARGET = 1.5, 0.200
TEMPLATES = 6  # scored sessions of each game, seated anew each time
START = datetime(2020, 1, 1, 19, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Template:
    """A scored session ready to be written under any names: its game, its hands as the
    store keeps them (number, entry text, points) and its stored results."""

    slug: str
    seats: int
    hands: tuple[tuple[int, str, tuple[int, ...]], ...]
    results: tuple[ResultRow, ...]


def tarot_entry(rng: random.Random) -> dict[str, Any]:
    return {
        "contract": rng.choice(["petite", "garde", "garde_sans", "garde_contre"]),
        "taker": str(rng.randrange(4)),
        "counted_side": "taker",
        "points": str(rng.randrange(20, 75)),
        "bouts": str(rng.randrange(4)),
        "petit_au_bout": "none",
        "chelem": "none",
    }


def skat_entry(rng: random.Random) -> dict[str, Any]:
    won = rng.random() < 0.7
    return {
        "game": rng.choice(["diamonds", "hearts", "spades", "clubs", "grand"]),
        "declarer": str(rng.randrange(3)),
        "matadors": str(rng.randrange(1, 4)),
        "card_points": str(rng.randrange(61, 90) if won else rng.randrange(31, 60)),
        "result": "won" if won else "lost",
    }


def template(slug: str, seats: int, seed: int) -> Template:
    """A session of `HANDS` valid hands drawn at random (a refused draw is drawn again)."""
    rng = random.Random(seed)
    draw = tarot_entry if slug == "french-tarot" else skat_entry
    setup = setup_of(slug, ROSTER[:seats])
    entries: list[dict[str, Any]] = []
    while len(entries) < HANDS:
        candidate = draw(rng)
        trial = replay(setup, list(enumerate([*entries, candidate], start=1)))
        if not trial.problems:
            entries.append(candidate)
    state = replay(setup, list(enumerate(entries, start=1))).state
    hands = tuple(
        (hand.number, dump(entry_as_data(hand.entry)), tuple(hand.result.points))
        for hand in state.hands
    )
    return Template(slug, seats, hands, result_rows(known_hands(state), {}))


def setup_of(slug: str, names: tuple[str, ...]) -> Setup:
    setup, problems = make_setup(slug, list(names), {})
    assert not problems, problems
    return setup


def build(path: Path, sessions: int) -> None:
    """A database of `sessions` sessions written in bulk, their results stored."""
    templates = [template("french-tarot", 4, seed) for seed in range(TEMPLATES)] + [
        template("skat", 3, 100 + seed) for seed in range(TEMPLATES)
    ]
    rng = random.Random(sessions)
    every = sessions // FIXED_SESSIONS
    with Store(str(path), migrate=True) as store:
        store.keep_results_of(versions())
        for first in range(0, sessions, 500):
            with store._write() as conn:  # bench code: one transaction per 500 sessions
                for index in range(first, min(first + 500, sessions)):
                    chosen = templates[rng.randrange(len(templates))]
                    names = rng.sample(ROSTER, chosen.seats)
                    if index % every == every // 2:
                        names[0] = FIXED
                    write_session(conn, chosen, tuple(names), START + timedelta(hours=16 * index))


def write_session(conn: Any, chosen: Template, names: tuple[str, ...], started: datetime) -> None:
    """One session of `chosen` under `names`, begun at `started`, with its stored results."""
    token = new_token()
    at = started.isoformat(timespec="milliseconds")
    insert_session(conn, token, setup_of(chosen.slug, names), ended=True, sign_off=False)
    conn.execute("UPDATE sessions SET created_at = ?, ended_at = ? WHERE id = ?", (at, at, token))
    for number, entry, points in chosen.hands:
        insert_hand(conn, token, number, "enter", entry, points, None, at=at)
    insert_results(conn, token, chosen.results)


PAGES = ("/stats", "Zoe's page", "a regular's page", "/stats/game/skat")
"""What is timed: the overall page, a player whose own history is the same at every size, a
player seated in a tenth of every session, and the page of a game played in half of them."""


def urls(path: Path) -> dict[str, str]:
    """Each page's address in the database at `path` (the players' ids are the roster's)."""
    with Store(str(path)) as store:
        ids = {player.name: player.id for player in store.players()}
    return {
        "/stats": "/stats",
        "Zoe's page": f"/stats/player/{ids[FIXED]}",
        "a regular's page": f"/stats/player/{ids[ROSTER[0]]}",
        "/stats/game/skat": "/stats/game/skat",
    }


def once(client: Any, url: str) -> float:
    """The seconds of one GET of `url`, server-side (the Flask test client: no network)."""
    began = time.perf_counter()
    answer = client.get(url)
    took = time.perf_counter() - began
    if answer.status_code != 200:
        raise RuntimeError(f"{url}: {answer.status_code}")
    return took


def measure(sizes: list[int], repeats: int, folder: Path) -> dict[int, dict[str, list[float]]]:
    """Each page's times at each size. The databases are built first, then every
    request goes round the sizes in turn, so a moment of load on this shared machine falls on
    all of them alike (the ratio is what is judged)."""
    clients: dict[int, tuple[Any, dict[str, str]]] = {}
    for size in sizes:
        path = folder / f"club-{size}.sqlite3"
        began = time.perf_counter()
        build(path, size)
        built = time.perf_counter() - began
        began = time.perf_counter()
        with Store(str(path)) as store:
            statistics_service.standings_settled(store)  # every session's: each is pending
        settled = time.perf_counter() - began
        began = time.perf_counter()
        app = create_app({"DATABASE": str(path), "TESTING": True})  # nothing to rebuild
        print(
            f"  {size:>6,} sessions built in {built:.1f} s; their standings worked out in"
            f" {settled:.1f} s; the app started on them in {time.perf_counter() - began:.2f} s",
            file=sys.stderr,
        )
        clients[size] = (app.test_client(), urls(path))
    seconds: dict[int, dict[str, list[float]]] = {
        size: {page: [] for page in PAGES} for size in sizes
    }
    for attempt in range(repeats + 2):  # the first two warm up
        for page in PAGES:
            for size in sizes:
                client, addresses = clients[size]
                took = once(client, addresses[page])
                if attempt >= 2:
                    seconds[size][page].append(took)
    return seconds


def row(name: str, times: list[float]) -> str:
    """One page's line of the table: its time at each size, the ratio and the verdict."""
    ratio = times[-1] / times[0]
    verdict = "met" if ratio <= RATIO_TARGET and times[-1] < ABSOLUTE_TARGET else "OVER"
    cells = "".join(f"{seconds * 1000:>9.1f} ms" for seconds in times)
    return f"{name:<20}{cells}{ratio:>8.2f}×  {verdict}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeats", type=int, default=41, help="timed requests per page")
    args = parser.parse_args(argv)
    sizes = sorted(args.sizes)
    with tempfile.TemporaryDirectory() as folder:
        results = measure(sizes, args.repeats, Path(folder))
    smallest, largest = sizes[0], sizes[-1]
    for label, pick in (("median", statistics.median), ("fastest", min)):
        heading = f"{label} of {args.repeats}"
        print(f"{heading:<20}" + "".join(f"{n:>12,}" for n in sizes) + f"{'ratio':>9}  target")
        for name in PAGES:
            print(row(name, [pick(results[size][name]) for size in sizes]))
    print(
        f"ratio: {largest:,} sessions / {smallest:,}; target ≤ {RATIO_TARGET}× and "
        f"< {ABSOLUTE_TARGET * 1000:.0f} ms at {largest:,} for every page, "
        "judged on the medians (the fastest: the pages' own cost, without this shared "
        "machine's bursts of load)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
