"""The statistics pages on the benchmark's database (bench/bench_stats.py, with its hands and
stored results: `build(..., lean=False)`) give the figures the replayed hands give: every
game's page and every player's records, over the whole history and over a span of days."""

from __future__ import annotations

from pathlib import Path

from bench.bench_stats import FIXED, build
from companion.engine import stats
from companion.service import statistics
from companion.service.service import Service
from companion.store import Store

SPANS = [(None, None), ("2020-01-11T00:00:00.000+00:00", "2020-01-21T00:00:00.000+00:00")]
"""The whole history, and ten days of it: the sessions begin at 2020-01-01 19:00 UTC, one
every 16 hours, so the 11th at 00:00 is 221 hours in (session 14 begins 224 hours in) and
the 21st at 00:00 is 461 hours in (session 28 begins 448 hours in): sessions 14 to 28."""


def test_the_benchmarks_pages_are_the_replayed_figures(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    build(path, 60, lean=False)
    with Store(str(path)) as store:
        players = store.players.all()
        assert FIXED in {player.name for player in players}
        for since, before in SPANS:
            plays = statistics.replayed(store, since, before)
            assert len(plays) == (60 if since is None else 15)
            for slug in ("french-tarot", "skat"):
                found = Service(store).statistics.game(slug, since, before)
                assert found == stats.game_stats(slug, plays)
            for player in players:
                page = Service(store).statistics.player_page(player.id, since, before)
                assert page.records == stats.player_stats(player.id, plays).records
