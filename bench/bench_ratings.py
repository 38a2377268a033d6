"""Benchmark rebuilding every rating against the least that rebuild must do, in the same run.

Run from the project root:  .venv/bin/python bench/bench_ratings.py

It builds databases of 1,000 and 10,000 finished sessions (French Tarot at four and Skat at
three, from a roster of 40 club players, as `bench_stats.build` writes them: each session with
its seats' kept standing and players, which is all the rating reads). Then it times, the
median of several runs going round the sizes in turn:

- **rebuild**: `service.ratings.all()`, every player's rating and history rebuilt from the
  stored results (`store.ratings.finished`, then `engine.rating.rebuild`), what a player's
  statistics page asks for;
- **floor**: the same rows read by the same query, then openskill's own model (the same
  parameters, `engine.rating.MODEL`) called once a session on its own rating objects, the
  ranks from the totals: no history kept, no conversion. The least a rebuild can do without
  keeping ratings stored.

Target (issue 38): rebuild ≤ 1.5× the floor at each size, and ≤ 1 s at 10,000 sessions (a
page that asks for it stays usable). It prints a table and exits 0. See bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))
sys.path.insert(0, str(PROJECT_ROOT / "bench"))

from bench_stats import build  # noqa: E402

from companion.engine.rating import MODEL, standing_ranks  # noqa: E402
from companion.service.ratings import lower_is_better  # noqa: E402
from companion.service.service import Service  # noqa: E402
from companion.store import Store  # noqa: E402

SIZES = (1_000, 10_000)
RATIO_TARGET, ABSOLUTE_TARGET, ABSOLUTE_AT = 1.5, 1.0, 10_000


def floor(store: Store) -> int:
    """The floor: the rows read, then the library's model once a session on its own rating
    objects (a newcomer's made when first seen); the count of players rated."""
    ratings: dict[int, Any] = {}
    lower = {}
    for session in store.ratings.finished():
        seats = [seat for seat in session.seats if seat.players]
        if len(seats) < 2:
            continue
        if session.game not in lower:
            lower[session.game] = lower_is_better(session.game)
        teams = [
            [ratings.get(player) or MODEL.rating() for player in seat.players] for seat in seats
        ]
        ranks = standing_ranks([seat.total for seat in seats], lower_is_better=lower[session.game])
        for seat, team in zip(seats, MODEL.rate(teams, ranks=list(ranks)), strict=True):
            ratings.update(zip(seat.players, team, strict=True))
    return len(ratings)


def timed(call: Callable[[], object]) -> float:
    began = time.perf_counter()
    call()
    return time.perf_counter() - began


KINDS = ("rebuild", "floor")


def measure(sizes: list[int], repeats: int, folder: Path) -> dict[int, dict[str, list[float]]]:
    """Each kind's times at each size; every run goes round the sizes in turn, so a moment of
    load on this shared machine falls on all of them alike."""
    stores: dict[int, Store] = {}
    for size in sizes:
        path = folder / f"club-{size}.sqlite3"
        began = time.perf_counter()
        build(path, size)
        print(
            f"  {size:>7,} sessions built in {time.perf_counter() - began:.1f} s", file=sys.stderr
        )
        stores[size] = Store(str(path))
        rated = len(Service(stores[size]).ratings.all().now)
        assert floor(stores[size]) == rated, "the floor rates the same players"
    seconds: dict[int, dict[str, list[float]]] = {s: {k: [] for k in KINDS} for s in sizes}
    for attempt in range(repeats + 1):  # the first warms up
        for size in sizes:
            store = stores[size]
            ratings = Service(store).ratings
            took = (timed(ratings.all), timed(partial(floor, store)))
            if attempt:
                for kind, value in zip(KINDS, took, strict=True):
                    seconds[size][kind].append(value)
    for store in stores.values():
        store.close()
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per size and kind")
    args = parser.parse_args(argv)
    sizes = sorted(args.sizes)
    with tempfile.TemporaryDirectory() as folder:
        results = measure(sizes, args.repeats, Path(folder))
    print(f"medians of {args.repeats} runs; ratio: rebuild / floor")
    print(f"{'sessions':>9}{'rebuild':>10}{'floor':>10}{'ratio':>8}{'per session':>13}")
    verdicts = []
    for size in sizes:
        rebuild, least = (statistics.median(results[size][kind]) for kind in KINDS)
        ratio = rebuild / least
        print(
            f"{size:>9,}{rebuild:>9.2f}s{least:>9.2f}s{ratio:>7.2f}×"
            f"{rebuild / size * 1e6:>10.0f} µs"
        )
        verdicts.append(ratio <= RATIO_TARGET)
        if size == ABSOLUTE_AT:
            verdicts.append(rebuild <= ABSOLUTE_TARGET)
    met = "met" if all(verdicts) else "OVER"
    print(
        f"targets: rebuild ≤ {RATIO_TARGET}× the floor, ≤ {ABSOLUTE_TARGET:.0f} s at"
        f" {ABSOLUTE_AT:,} sessions: {met}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
