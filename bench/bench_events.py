"""Benchmark a club night at tournament size: the room view and the ranking, and a save at a
table with 50 tables live against a save with one table.

Run from the project root:  .venv/bin/python bench/bench_events.py   (about a minute here)

It builds, on a temporary database, a French Tarot event of 200 entrants at 50 tables of four
whose round is 48 deals (12 each), every table played to the end through the pad (2,400 saved
hands, each with its stored result, as the phones save them), and a one-table event beside it.
Then, in-process through the app (Flask's test client: the server's own time, no network):

- the director's room view (`GET /e/<key>/room`: every table's progress and the ranking), the
  big screen (`GET /f/<follow>/screen/body`) and the ranking alone (`Events.room`), the
  median and the 95th percentile of `--repeats` requests, against the 50 ms target;
- a save at a table of the 50-table event against a save at the one-table event, the two
  alternating so that the machine's load falls on both alike; the median ratio against the
  1.5× target.

It prints a table and exits 0 (it reports; it does not gate). See bench/README.md.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))

from flask.testing import FlaskClient  # noqa: E402

from companion import create_app  # noqa: E402
from companion.engine.replay import Checked  # noqa: E402
from companion.service.service import Service  # noqa: E402
from companion.store import EventRecord, Store  # noqa: E402

ROOM_TARGET_MS = 50.0
SAVE_TARGET = 1.5
TABLES = 50
DEALS_EACH = 12  # 48 deals at a table of four

# Valid 4-player hands (contract, card points of the taker's side, bouts), cycled; the taker is
# seat (hand number − 1) % 4.
HANDS = (("garde", "47", "2"), ("petite", "45", "1"), ("garde_sans", "40", "3"))


def raw_hand(number: int) -> dict[str, str]:
    """The entry of hand `number` as the form posts it."""
    contract, points, bouts = HANDS[number % len(HANDS)]
    return {
        "contract": contract,
        "taker": str((number - 1) % 4),
        "counted_side": "taker",
        "points": points,
        "bouts": bouts,
        "petit_au_bout": "none",
        "chelem": "none",
    }


def build_event(
    store: Store, entrants: int, deals: int, rounds: int = 1
) -> tuple[str, str, list[str]]:
    """An event of `entrants` at tables of four, `rounds` rounds drawn, started and played
    `deals` hands at every table; its director's key, followers' key and the last round's
    tables' tokens."""
    events = Service(store).events
    plan = EventRecord(
        "", "", "Bench", "french-tarot", {}, 4, 5, "mixed", 5, DEALS_EACH, 0, "points",
        "mixed", "",
    )  # fmt: skip
    key, problems = events.create(plan, [f"Player {n}" for n in range(1, entrants + 1)])
    assert key is not None, problems
    event = events.get(key)
    assert event is not None
    for round_number in range(1, rounds + 1):
        events.draw_next(event, seed=round_number)
        events.start(event)
        tokens = [
            row.session
            for row in store.events.tables(key)
            if row.session and row.round == round_number
        ]
        for token in tokens:
            play_table(store, token, deals)
    return key, event.follow, tokens


def play_table(store: Store, token: str, deals: int) -> None:
    """Save `deals` hands at a table through the pad, as its phones do."""
    for number in range(1, deals + 1):
        pad = Service(store).sessions.load(token)
        assert pad is not None
        result = Service(store).hands.add(pad, raw_hand(number))
        assert not isinstance(result, Checked), result


def timed_ms(action: Callable[[], object], repeats: int) -> list[float]:
    """The times of `repeats` calls of `action`, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def get_ok(client: FlaskClient, path: str) -> Callable[[], object]:
    def action() -> object:
        response = client.get(path)
        assert response.status_code == 200, path
        return response

    return action


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


class Saver:
    """Saves the next hand at one table over the app, as its phone posts it."""

    def __init__(self, client: FlaskClient, token: str, next_number: int) -> None:
        self.client, self.token, self.number = client, token, next_number

    def __call__(self) -> object:
        data = raw_hand(self.number) | {"expected_number": str(self.number)}
        response = self.client.post(f"/s/{self.token}/hands", data=data)
        assert response.status_code in (200, 303), response.status_code
        self.number += 1
        return response


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=40, help="requests per measurement")
    parser.add_argument("--saves", type=int, default=40, help="saves of each kind")
    parser.add_argument(
        "--rounds", type=int, default=1, help="rounds played (5: every line of the ranking full)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        started = time.perf_counter()
        with Store(path, migrate=True) as store:
            key, follow, tokens = build_event(store, 4 * TABLES, 4 * DEALS_EACH, args.rounds)
            _, _, lone = build_event(store, 4, 4 * DEALS_EACH)
        built = time.perf_counter() - started
        app = create_app({"DATABASE": str(path), "TESTING": True, "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        room = client.get(f"/e/{key}/room").get_data(as_text=True)
        assert len(re.findall(r"48 of 48", room)) == TABLES  # the last round's tables
        with app.app_context():
            from companion.web.service_door import get_service

            events = get_service().events
            event = events.get(key)
            assert event is not None
            ranking = timed_ms(lambda: events.room(event), args.repeats)
        room_ms = timed_ms(get_ok(client, f"/e/{key}/room"), args.repeats)
        screen_ms = timed_ms(get_ok(client, f"/f/{follow}/screen/body"), args.repeats)
        many, one = Saver(client, tokens[0], 49), Saver(client, lone[0], 49)
        many_ms: list[float] = []
        one_ms: list[float] = []
        for _ in range(args.saves):
            many_ms += timed_ms(many, 1)
            one_ms += timed_ms(one, 1)
    ratio = statistics.median(many_ms) / statistics.median(one_ms)
    hands = args.rounds * TABLES * 4 * DEALS_EACH
    print(f"Club night at {TABLES} tables × {4 * DEALS_EACH} deals, {args.rounds} round(s) played "
          f"({4 * TABLES} entrants, {hands} hands; built in {built:.0f} s)")  # fmt: skip
    rows = [
        ("ranking (Events.room), median", statistics.median(ranking), p95(ranking)),
        ("room view GET /e/<key>/room, median", statistics.median(room_ms), p95(room_ms)),
        ("big screen GET /f/<follow>/screen/body", statistics.median(screen_ms), p95(screen_ms)),
    ]
    for name, median, high in rows:
        verdict = "met" if median <= ROOM_TARGET_MS else "OVER"
        print(
            f"  {name:<44} {median:7.1f} ms (p95 {high:6.1f})  ≤ {ROOM_TARGET_MS:.0f} ms  {verdict}"
        )
    verdict = "met" if ratio <= SAVE_TARGET else "OVER"
    print(
        f"  {'save, 50 tables live / one table, median':<44} {ratio:7.2f}×"
        f" ({statistics.median(many_ms):.1f} / {statistics.median(one_ms):.1f} ms)"
        f"  ≤ {SAVE_TARGET}×  {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
