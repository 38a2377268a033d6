"""Benchmark the movement planned at once (`engine/movement.py`): how long `plan` takes for a
club night's numbers, and how many repeat meetings it leaves against the lower bound.

Run from the project root:  .venv/bin/python bench/bench_movement.py   (a few seconds; 30 s with --draw)

For each case (entrants, table sizes, rounds) it plans the whole movement with `--seeds` seeds,
in-process and on one core, and prints the median time, the repeat meetings (each meeting of a
pair beyond its first; the range over the seeds when they differ), the lower bound, the third
meetings, and whether the rounds came from an exact design. The target: 200 entrants at tables
of 4 over 10 rounds planned in ≤ 2 s. With `--draw` it also prints the repeats of today's
round-by-round draw (`engine/draw.py`, each round drawn against the ones before) for the same
numbers. It prints a table and exits 0 (it reports; it does not gate). See bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))

from companion.engine.draw import Fill, Pair, draw, meetings, table_sizes  # noqa: E402
from companion.engine.movement import Movement, plan  # noqa: E402

TARGET_SECONDS = 2.0
TARGET_CASE = "200 at tables of 4, 10 rounds"

CASES: tuple[tuple[str, int, list[int], int], ...] = (
    (TARGET_CASE, 200, [4] * 50, 10),
    ("100 at tables of 4, 8 rounds", 100, [4] * 25, 8),
    ("16 at tables of 4, 5 rounds", 16, [4] * 4, 5),
    ("25 at tables of 5, 6 rounds", 25, [5] * 5, 6),
    ("15 at tables of 3, 7 rounds", 15, [3] * 5, 7),
    ("21 at tables of 3, 10 rounds", 21, [3] * 7, 10),
    ("12 at tables of 4, 3 rounds", 12, [4] * 3, 3),
    ("13 French Tarot (4, 4, 5), 4 rounds", 13, table_sizes(13, 4, 5, Fill.MIXED)[0], 4),
    ("8 at tables of 4, 2 rounds", 8, [4] * 2, 2),
    ("20 at tables of 4, 5 rounds", 20, [4] * 5, 5),
    ("9 at tables of 4 (a bye), 6 rounds", 9, [4] * 2, 6),
)


def timed_plan(count: int, sizes: list[int], rounds: int, seed: int) -> tuple[float, Movement]:
    """One plan and its time in seconds."""
    start = time.perf_counter()
    movement = plan(range(1, count + 1), sizes, rounds, seed=seed)
    return time.perf_counter() - start, movement


def drawn_repeats(count: int, sizes: list[int], rounds: int, seed: int) -> int:
    """The repeat meetings of the same numbers drawn round by round (each pair's meetings
    beyond its first)."""
    met: Counter[Pair] = Counter()
    byes: Counter[int] = Counter()
    for number in range(rounds):
        seating = draw(
            range(1, count + 1), sizes, seed=seed * 100 + number, met=met, byes_so_far=byes
        )
        met.update(meetings(seating.tables))
        byes.update(seating.byes)
    return sum(times - 1 for times in met.values())


def spread(values: list[int]) -> str:
    """One figure, or the range when the seeds differ."""
    return str(values[0]) if min(values) == max(values) else f"{min(values)}–{max(values)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="plans per case (seeds 1 … n)")
    parser.add_argument(
        "--draw", action="store_true", help="also the repeats of the round-by-round draw"
    )
    args = parser.parse_args(argv)
    seeds = range(1, args.seeds + 1)
    print(f"Movement planned at once, {args.seeds} seeds a case (median time)")
    header = f"  {'case':<38} {'time':>8} {'repeats':>8} {'bound':>6} {'third':>6} {'exact':>6}"
    print(header + ("  draw's repeats" if args.draw else ""))
    target_met = None
    for name, count, sizes, rounds in CASES:
        runs = [timed_plan(count, sizes, rounds, seed) for seed in seeds]
        seconds = statistics.median(elapsed for elapsed, _ in runs)
        plans = [movement for _, movement in runs]
        line = (
            f"  {name:<38} {seconds:6.2f} s {spread([m.repeats for m in plans]):>8}"
            f" {spread([m.lower_bound for m in plans]):>6}"
            f" {spread([m.third_meetings for m in plans]):>6}"
            f" {'yes' if all(m.exact for m in plans) else 'no':>6}"
        )
        if args.draw:
            line += f"  {spread([drawn_repeats(count, sizes, rounds, seed) for seed in seeds]):>8}"
        print(line)
        if name == TARGET_CASE:
            target_met = seconds <= TARGET_SECONDS
    verdict = "met" if target_met else "OVER"
    print(f"  target: {TARGET_CASE} in ≤ {TARGET_SECONDS:.0f} s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
