"""The live view keeps its promise at a table: one phone saves 50 hands while three others watch,
and for every save and every watching phone the time until that phone shows the hand is
measured; the 99th percentile of the 150 must be at most two seconds.

Each phone notes, on its own clock, the moment a hand's row first appears on it (a
MutationObserver: no polling by the test); the saving phone's own row marks the save. Every
context runs in one Chromium on one machine, so the clocks are one clock.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, start_game

pytestmark = pytest.mark.e2e

SAVES = 50
WATCHERS = 3
P99_LIMIT_MS = 2_000
PAUSE_MS = 250  # between a save's answer and the next tap: a brisk table, no flood
NOTE_ROWS = """() => {
  window.seenRows = {};
  const note = () => {
    for (const row of document.querySelectorAll('tbody.hand[id^="hand-"]')) {
      if (!(row.id in window.seenRows)) window.seenRows[row.id] = Date.now();
    }
  };
  note();
  new MutationObserver(note).observe(document.body, {childList: true, subtree: true});
}"""


@pytest.fixture
def watchers(browser: Browser, server: str) -> Iterator[list[Page]]:
    """Three more phones at the table, each its own context (cookies)."""
    contexts = [
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=server)
        for _ in range(WATCHERS)
    ]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def p99(samples: list[float]) -> float:
    """The 99th percentile, nearest rank: no more than 1 % of the samples are above it."""
    ordered = sorted(samples)
    return ordered[math.ceil(0.99 * len(ordered)) - 1]


def test_fifty_saves_reach_three_watching_phones_within_two_seconds(
    page: Page, watchers: list[Page], screens: Path
) -> None:
    pad_url = start_game(page, "War", ["Ann", "Bob"])
    for phone in [page, *watchers]:
        if phone is not page:
            phone.goto(pad_url)
        phone.evaluate(NOTE_ROWS)
    for number in range(1, SAVES + 1):
        page.locator("#field-winner label.chip").nth(number % 2).click()
        page.get_by_role("button", name=f"Save hand {number}").click()
        expect(page.locator("#toast")).to_contain_text(f"Hand {number} saved")
        page.wait_for_timeout(PAUSE_MS)
    for phone in watchers:
        expect(phone.locator(f"#hand-{SAVES}")).to_be_attached(timeout=10_000)

    saved = page.evaluate("() => window.seenRows")
    latencies = [
        seen[f"hand-{number}"] - saved[f"hand-{number}"]
        for seen in (phone.evaluate("() => window.seenRows") for phone in watchers)
        for number in range(1, SAVES + 1)
    ]
    summary = (
        f"{len(latencies)} updates: median {statistics.median(latencies):.0f} ms, "
        f"p99 {p99(latencies):.0f} ms, max {max(latencies):.0f} ms, "
        f"over 2 s: {sum(1 for ms in latencies if ms > P99_LIMIT_MS)}"
    )
    (screens / "live-latency.txt").write_text(summary + "\n")
    print(summary)
    assert len(latencies) == SAVES * WATCHERS
    assert p99(latencies) <= P99_LIMIT_MS, summary
