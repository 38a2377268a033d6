"""Every benchmark target in one run, and one table of each target, its figure and its verdict.

Run from the project root:  .venv/bin/python bench/run.py

In order: a save against the durable-write floor over real HTTP, one client, one server
process, and the pad's first-load bytes (`bench_save.py`); the cold pads (`bench_cold.py`:
hand 999 of a 998-hand session saved (a session holds at most 1,000), and the pad
opened, each the first request on its
session since the server started, against a 10-hand one); then scoring from the stored entries,
cold and in-process (`bench_engine.py`, in a fresh process). It prints the table of targets
first, then each script's own detail, and exits 0: it reports, it does not gate. See
bench/README.md.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import bench_cold
import bench_save
from bench_save import FIRST_LOAD_TARGET, SINGLE_TARGET


@dataclass(frozen=True)
class Target:
    """One line of the table: what is measured, its figure, the target and whether it is met."""

    what: str
    figure: float
    target: str
    met: bool
    unit: str = "×"


def at_most(what: str, figure: float, limit: float, unit: str = "×") -> Target:
    return Target(what, figure, f"≤ {limit:g}{unit}", figure <= limit, unit)


def at_least(what: str, figure: float, floor: float, unit: str = "×") -> Target:
    return Target(what, figure, f"≥ {floor:,}{unit}", figure >= floor, unit)


def engine_targets(hands: int, repeats: int) -> tuple[list[Target], str]:
    """Scoring speed through bench_engine's own functions (another module: when its interface
    changed, the table says so instead of failing), measured in a fresh process: a replay
    allocates a lot, and in this process, which still holds what the other measurements made,
    the garbage collector's full passes cost more (French Tarot read 68,000–105,000 hands/s
    here against 107,000–119,000 alone, the same minute)."""
    try:
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            rates, report = pool.apply(engine_rates, (hands, repeats))
        return [
            at_least(f"scoring from the entries, {label}", rate, target, " hands/s")
            for label, rate, target in rates
        ], report
    except Exception:  # reported in the table, never hidden
        return [], "engine figures unavailable:\n" + traceback.format_exc(limit=2)


def engine_rates(hands: int, repeats: int) -> tuple[list[tuple[str, float, int]], str]:
    """Each table's scoring speed and its target, and bench_engine's own table (what the fresh
    process sends back)."""
    import bench_engine

    results = bench_engine.measure_all(bench_engine.scenarios(hands), 15, repeats)
    return (
        [(r["scenario"].label, r["rate"], r["scenario"].target) for r in results],
        bench_engine.report(results, repeats),
    )


def shown(target: Target) -> str:
    figure = f"{target.figure:,.0f}{target.unit}" if target.unit != "×" else f"{target.figure:.2f}×"
    return f"  {target.what:<72}{figure:>16}  {target.target:<18}{'met' if target.met else 'OVER'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--saves", type=int, default=300, help="save/floor pairs timed (default 300)"
    )
    parser.add_argument(
        "--sessions", type=int, default=7, help="cold sessions of each size per case (default 7)"
    )
    parser.add_argument(
        "--engine-hands", type=int, default=2000, help="hands per engine session (default 2000)"
    )
    parser.add_argument(
        "--engine-repeats", type=int, default=5, help="engine timed runs, best kept (default 5)"
    )
    parser.add_argument("--no-engine", action="store_true", help="skip the engine's figures")
    arguments = parser.parse_args(argv)
    started = time.perf_counter()
    loads_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        saved = bench_save.measure(arguments.saves, 30, Path(folder))
    cases, _ = bench_cold.measure_cold(arguments.sessions)
    engine, engine_detail = (
        ([], "engine: skipped")
        if arguments.no_engine
        else engine_targets(arguments.engine_hands, arguments.engine_repeats)
    )

    targets = [
        at_most("save/floor, 1 client, median (one process)", saved.single.ratio, SINGLE_TARGET),
        *engine,
        *(
            at_most(f"{case.label}: 998 hands / 10", case.ratio, case.target)
            for case in cases
            if case.target is not None
        ),
        *(
            at_most(
                f"first load, {label}",
                sum(asset.wire for asset in assets) / 1024,
                FIRST_LOAD_TARGET / 1024,
                " KB",
            )
            for label, assets in saved.loads.items()
        ),
    ]
    met = sum(target.met for target in targets)
    elapsed = time.perf_counter() - started
    print(
        f"One run: {met} of {len(targets)} targets met ({elapsed:.0f} s; load average "
        f"{loads_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores)"
    )
    print("\n".join(shown(target) for target in targets))
    print("\nDetail: the save against the floor, the first load (bench_save.py)")
    print(bench_save.report(saved))
    print("\nDetail: cold pads (bench_cold.py), medians")
    print(f"  {'':<34}{'10 hands':>11}{'998 hands':>12}{'ratio':>9}")
    print("\n".join(bench_cold.row(case) for case in cases))
    print("\nDetail: scoring from the entries (bench_engine.py)")
    print(engine_detail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
