"""Benchmark the statistics pages against one plain SQL pass over the rows each reads.

Run from the project root:  .venv/bin/python bench/bench_stats.py

It builds databases of 100, 10,000 and 100,000 sessions (French Tarot at four and Skat at
three, 20 hands each, every one valid and scored), seated from a roster of 40 club players,
one session every 16 hours; "Zoe" sits in exactly 20 of them, spread over the whole history.
Each session is written in bulk through the store's own row functions (`insert_session`,
`keep_standing`) with the standing its 20 scored hands make, one row per seat, as a save
keeps it. The statistics pages read nothing else, so the timed databases leave out the hands
and their cached results (100,000 sessions of them would be gigabytes); `build(...,
lean=False)` writes them too, and tests/service/test_statistics_bench.py checks the pages
against the replayed hands of such a database.

Then it times, for each page (the overall page, Zoe's page, a regular's page — seated in a
tenth of every session — and the Skat page, half the sessions): the page served through the
Flask test client (server-side, no network), the service's figures for it alone, and one plain
SQL pass over the rows it reads (a count and a sum per player, or per game; per game for the
front page), each the median of several runs going round the sizes in turn. Targets (issue
40): each page's figures ≤ 3× its plain SQL pass at 10,000 and at 100,000 sessions, and
every page well under 200 ms at 10,000. It prints a table and exits 0. See bench/README.md.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))

from companion import create_app  # noqa: E402
from companion.contract.registry import get, versions  # noqa: E402
from companion.contract.values import Setup, entry_as_data  # noqa: E402
from companion.engine.replay import make_setup, replay  # noqa: E402
from companion.service.loading import known_hands, result_rows  # noqa: E402
from companion.service.seat_standings import standing_rows_of  # noqa: E402
from companion.service.service import Service  # noqa: E402
from companion.store import ResultRow, StandingRow, Store  # noqa: E402
from companion.store.results import insert_results  # noqa: E402
from companion.store.rows import dump, insert_hand, new_token  # noqa: E402
from companion.store.sessions import insert_session  # noqa: E402
from companion.store.statistics import JOINED, SPAN, keep_standing, seated, span  # noqa: E402

SIZES = (100, 10_000, 100_000)
HANDS = 20
ROSTER = tuple(f"Player {number:02}" for number in range(1, 41))
FIXED = "Zoe"  # sits in exactly FIXED_SESSIONS sessions, whatever the club's size
FIXED_SESSIONS = 20
RATIO_TARGET, ABSOLUTE_TARGET, ABSOLUTE_AT = 3.0, 0.200, 10_000
TEMPLATES = 6  # scored sessions of each game, seated anew each time
START = datetime(2020, 1, 1, 19, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Template:
    """A scored session ready to be written under any names: its game, its hands as the
    store keeps them (number, entry text, points), its stored results and its standing."""

    slug: str
    seats: int
    hands: tuple[tuple[int, str, tuple[int, ...]], ...]
    results: tuple[ResultRow, ...]
    standing: tuple[StandingRow, ...]


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
    standing = standing_rows_of(get(slug), state)
    return Template(slug, seats, hands, result_rows(known_hands(state), {}), standing)


def setup_of(slug: str, names: tuple[str, ...]) -> Setup:
    setup, problems = make_setup(slug, list(names), {})
    assert not problems, problems
    return setup


def build(path: Path, sessions: int, *, lean: bool = True) -> None:
    """A database of `sessions` sessions written in bulk with their standings (and, unless
    `lean`, their hands and stored results)."""
    templates = [template("french-tarot", 4, seed) for seed in range(TEMPLATES)] + [
        template("skat", 3, 100 + seed) for seed in range(TEMPLATES)
    ]
    rng = random.Random(sessions)
    every = sessions // FIXED_SESSIONS
    with Store(str(path), migrate=True) as store:
        store.results.keep_versions(versions())  # this version's scoring derived them
        for first in range(0, sessions, 500):
            with store._write() as conn:  # bench code: one transaction per 500 sessions
                for index in range(first, min(first + 500, sessions)):
                    chosen = templates[rng.randrange(len(templates))]
                    names = rng.sample(ROSTER, chosen.seats)
                    if index % every == every // 2:
                        names[0] = FIXED
                    started = START + timedelta(hours=16 * index)
                    write_session(conn, chosen, tuple(names), started, lean=lean)


def write_session(
    conn: Any, chosen: Template, names: tuple[str, ...], started: datetime, *, lean: bool
) -> None:
    """One session of `chosen` under `names`, begun at `started`, with its standing (and,
    unless `lean`, its hands and stored results)."""
    token = new_token()
    at = started.isoformat(timespec="milliseconds")
    insert_session(conn, token, setup_of(chosen.slug, names), ended=True, sign_off=False)
    conn.execute("UPDATE sessions SET created_at = ?, ended_at = ? WHERE id = ?", (at, at, token))
    if not lean:
        for number, entry, points in chosen.hands:
            insert_hand(conn, token, number, "enter", entry, points, None, at=at)
        insert_results(conn, token, chosen.results)
    keep_standing(conn, token, chosen.standing)


PAGES = ("/stats", "Zoe's page", "a regular's page", "/stats/game/skat")
"""What is timed: the overall page, a player whose own history is the same at every size, a
player seated in a tenth of every session, and the page of a game played in half of them."""


def urls(path: Path) -> dict[str, str]:
    """Each page's address in the database at `path` (the players' ids are the roster's)."""
    with Store(str(path)) as store:
        ids = {player.name: player.id for player in store.players.all()}
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


GAME_ROWS = f"({seated(game=True)}) AS x{JOINED}"
PLAYER_ROWS = f"({seated(player=True)}) AS x{JOINED}"
PLAIN = {
    "/stats": (f"SELECT s.game, count(*) FROM sessions AS s WHERE {SPAN} GROUP BY s.game", ()),
    "Zoe's page": (
        f"SELECT x.game, count(*), sum(ss.total) FROM {PLAYER_ROWS} GROUP BY x.game",
        (FIXED,),
    ),
    "a regular's page": (
        f"SELECT x.game, count(*), sum(ss.total) FROM {PLAYER_ROWS} GROUP BY x.game",
        (ROSTER[0],),
    ),
    "/stats/game/skat": (
        f"SELECT x.player, count(*), sum(ss.total) FROM {GAME_ROWS} GROUP BY x.player",
        ("skat",),
    ),
}
"""One plain SQL pass over the rows each page reads (the same seats, each player's first, as
the page's queries: `store/statistics.py`): a count and a sum, grouped as the page groups
them. A name stands for the player's id, "skat" for itself."""


@dataclass
class Sized:
    """One database of the benchmark: its test client, its pages' addresses, a connection of
    its own for the plain passes, the roster's ids and the service's figures for each page."""

    client: Any
    addresses: dict[str, str]
    conn: sqlite3.Connection
    ids: dict[str, int]
    figures: dict[str, Callable[[], object]]


def figures_of(path: Path, ids: dict[str, int]) -> dict[str, Callable[[], object]]:
    """What the service works out for each page (its figures, no template)."""
    statistics = Service.open(str(path)).statistics
    return {
        "/stats": lambda: statistics.overview(None, None),
        "Zoe's page": lambda: statistics.player_page(ids[FIXED], None, None),
        "a regular's page": lambda: statistics.player_page(ids[ROSTER[0]], None, None),
        "/stats/game/skat": lambda: statistics.game("skat", None, None),
    }


def plain_pass(sized: Sized, page: str) -> float:
    """The seconds of the page's plain SQL pass."""
    sql, names = PLAIN[page]
    began = time.perf_counter()
    values = [sized.ids.get(name, name) for name in names]
    sized.conn.execute(sql, [*span(None, None), *values]).fetchall()
    return time.perf_counter() - began


def timed(call: Callable[[], object]) -> float:
    began = time.perf_counter()
    call()
    return time.perf_counter() - began


KINDS = ("page", "figures", "plain SQL")


def measure(
    sizes: list[int], repeats: int, folder: Path
) -> dict[int, dict[str, dict[str, list[float]]]]:
    """Each page's times at each size, of each kind. The databases are built first, then
    every run goes round the sizes in turn, so a moment of load on this shared machine falls
    on all of them alike."""
    prepared: dict[int, Sized] = {}
    for size in sizes:
        path = folder / f"club-{size}.sqlite3"
        began = time.perf_counter()
        build(path, size)
        built = time.perf_counter() - began
        began = time.perf_counter()
        app = create_app({"DATABASE": str(path), "TESTING": True})  # nothing to rebuild
        print(
            f"  {size:>7,} sessions built in {built:.1f} s;"
            f" the app started on them in {time.perf_counter() - began:.2f} s",
            file=sys.stderr,
        )
        with Store(str(path)) as store:
            ids = {player.name: player.id for player in store.players.all()}
        conn = sqlite3.connect(path)
        prepared[size] = Sized(app.test_client(), urls(path), conn, ids, figures_of(path, ids))
    seconds = {size: {page: {kind: [] for kind in KINDS} for page in PAGES} for size in sizes}
    for attempt in range(repeats + 2):  # the first two warm up
        for page in PAGES:
            for size in sizes:
                sized = prepared[size]
                took = (
                    once(sized.client, sized.addresses[page]),
                    timed(sized.figures[page]),
                    plain_pass(sized, page),
                )
                if attempt >= 2:
                    for kind, value in zip(KINDS, took, strict=True):
                        seconds[size][page][kind].append(value)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeats", type=int, default=15, help="timed runs per page and kind")
    args = parser.parse_args(argv)
    sizes = sorted(args.sizes)
    with tempfile.TemporaryDirectory() as folder:
        results = measure(sizes, args.repeats, Path(folder))
    print(f"medians of {args.repeats} runs, in ms; ratio: the page's figures / its plain pass")
    print(f"{'page':<20}{'sessions':>9}{'page':>10}{'figures':>10}{'plain SQL':>11}{'ratio':>8}")
    verdicts = []
    for name in PAGES:
        for size in sizes:
            page, figures, plain = (statistics.median(results[size][name][k]) for k in KINDS)
            ratio = figures / plain
            print(
                f"{name:<20}{size:>9,}{page * 1000:>10.1f}{figures * 1000:>10.1f}"
                f"{plain * 1000:>11.2f}{ratio:>7.2f}×"
            )
            if size >= ABSOLUTE_AT:
                verdicts.append(ratio <= RATIO_TARGET)
            if size == ABSOLUTE_AT:
                verdicts.append(page < ABSOLUTE_TARGET)
    met = "met" if all(verdicts) else "OVER"
    print(
        f"targets: figures ≤ {RATIO_TARGET}× the plain pass at {ABSOLUTE_AT:,} sessions and"
        f" more, every page < {ABSOLUTE_TARGET * 1000:.0f} ms at {ABSOLUTE_AT:,}: {met}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
