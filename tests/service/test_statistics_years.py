"""The statistics read from the yearly sums (`stat_years`, m014: `companion.service.yearly`)
equal the replaying statistics (`companion.engine.stats`, worked by hand in
tests/engine/test_stats.py) over sessions spread across five calendar years in two
decades, for spans of whole decades, whole years, days around them and inside one year;
after a session moves to another year, after two players are merged, and in a file open for
reading only with a year stale. And a
player's chart: a point per session up to `POINTS` sessions of a game, past that a point per
year, the average of its sessions' totals."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from bench.bench_stats import skat_entry, tarot_entry
from companion.contract.registry import versions
from companion.engine import stats
from companion.engine.replay import Checked
from companion.service import pad as service
from companion.service import statistics
from companion.service.seat_standings import standing_rows
from companion.service.yearly import NOTHING, Years
from companion.store import Store
from tests.service.test_statistics import NAMES, saved

STARTS = [
    f"{year}-{month:02}-15T20:00:00.000+00:00"
    for year in (2019, 2023, 2024, 2025, 2026)
    for month in (1, 6, 12)
]
SPANS = [
    (None, None),
    ("2024-03-05T00:00:00.000+00:00", "2026-02-01T00:00:00.000+00:00"),  # days round 2025
    ("2025-01-01T00:00:00.000+00:00", None),  # from a year's first moment
    (None, "2024-01-01T00:00:00.000+00:00"),  # to a year's end
    ("2024-02-01T00:00:00.000+00:00", "2024-12-01T00:00:00.000+00:00"),  # inside one year
    ("2023-07-01T00:00:00.000+00:00", "2024-07-01T00:00:00.000+00:00"),  # across one new year
    ("2019-06-01T00:00:00.000+00:00", None),  # days of 2019, years to 2029, a decade, years
    ("2010-01-01T00:00:00.000+00:00", "2030-01-01T00:00:00.000+00:00"),  # two whole decades
]


def spread(path: Path) -> None:
    """Fifteen sessions of French Tarot and Skat, one each of STARTS (moved in SQL, as an
    import or a repair may: the triggers mark the years)."""
    rng = random.Random(7)
    with Store(str(path), migrate=True) as store:
        store.keep_results_of(versions())
        for _ in STARTS:
            slug = rng.choice(["french-tarot", "skat"])
            saved(store, rng, slug, rng.sample(NAMES, 4 if slug == "french-tarot" else 3))
        tokens = [record.token for record in store.sessions_between(None, None)]
    with sqlite3.connect(path) as conn:
        for token, started in zip(tokens, STARTS, strict=True):
            conn.execute("UPDATE sessions SET created_at = ? WHERE id = ?", (started, token))


def same_as_replayed(store: Store) -> None:
    """Every game's and player's figures over every span equal the replayed ones."""
    for since, before in SPANS:
        plays = statistics.replayed(store, since, before)
        for slug in ("french-tarot", "skat"):
            found = statistics.game_stats(store, slug, since, before)
            assert found == stats.game_stats(slug, plays), (slug, since, before)
        for player in store.players():
            page = statistics.player_page(store, player.id, since, before)
            assert page.records == stats.player_stats(player.id, plays).records


def test_the_yearly_sums_are_the_replayed_figures(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        assert {year for _, year in store.stale_years()} == {2019, 2023, 2024, 2025, 2026}
        same_as_replayed(store)
        assert store.stale_years() == []  # summed once, kept
        same_as_replayed(store)  # read from the sums alone
        # A session moves from 2023 to 2025: both years are summed again.
        token = store.sessions_between(None, "2023-02-01T00:00:00.000+00:00")[0].token
        with store._write() as conn:
            conn.execute(
                "UPDATE sessions SET created_at = ? WHERE id = ?",
                ("2025-03-01T20:00:00.000+00:00", token),
            )
        assert store.stale_years()
        same_as_replayed(store)


def test_a_new_session_a_move_and_a_merge_mark_their_years(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        same_as_replayed(store)
        # A new session of three newcomers (this year: its year is marked), moved to 2024.
        known = {record.token for record in store.sessions_between(None, None)}
        saved(store, random.Random(3), "skat", ["Hal", "Ivy", "Jo"])
        assert store.stale_years()
        same_as_replayed(store)
        (token,) = {record.token for record in store.sessions_between(None, None)} - known
        with store._write() as conn:
            conn.execute(
                "UPDATE sessions SET created_at = ? WHERE id = ?",
                ("2024-08-01T20:00:00.000+00:00", token),
            )
        same_as_replayed(store)
        # Hal, who never sat with Ann, was Ann: his seat's figures move to her.
        players = {player.name: player.id for player in store.players()}
        source, target = players["Hal"], players["Ann"]
        store.merge_players(source, target)
        assert store.stale_years()
        same_as_replayed(store)


def test_a_hand_saved_corrected_or_undone_marks_its_year(tmp_path: Path) -> None:
    """A save, a correction and an undo mark the session's standing pending (m016), and
    nothing else; the next read works it out, which marks its year (m015): each time only
    that year is summed again, and the figures stay the replayed ones."""
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        same_as_replayed(store)
        assert store.stale_years() == []
        record = store.sessions_between(
            "2024-06-01T00:00:00.000+00:00", "2024-07-01T00:00:00.000+00:00"
        )[0]
        slug = record.setup.game
        draw = tarot_entry if slug == "french-tarot" else skat_entry
        rng = random.Random(11)
        for change in ("save", "correct", "undo"):
            pad = service.load(store, record.token)
            assert pad is not None
            if change == "save":
                while isinstance(service.add_hand(store, pad, draw(rng)), Checked):
                    pad = service.load(store, record.token)  # a refused draw: another
                    assert pad is not None
            elif change == "correct":
                number = pad.state.hands[-1].number
                while isinstance(service.correct_hand(store, pad, number, draw(rng)), Checked):
                    pass
            else:
                service.undo_last(store, pad)
            assert store.standings_pending() == [record.token], change
            assert store.stale_years() == [], change
            assert statistics.standings_settled(store)
            assert store.standings_pending() == []
            assert store.stale_years() == [(slug, 2024)], change
            same_as_replayed(store)


def test_a_standing_whose_hands_changed_while_worked_out_stays_pending(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        token = store.standings_pending()[0]
        pad = service.load(store, token)
        assert pad is not None
        rows = standing_rows(pad.game, pad.state)
        service.undo_last(store, pad)  # another phone, meanwhile
        assert not store.keep_standing(token, pad.change, rows)
        assert token in store.standings_pending()
        same_as_replayed(store)  # worked out again, from the hands as they now stand
        assert store.standings_pending() == []


def test_a_read_only_file_with_a_standing_pending_replays(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path), read_only=True) as store:
        pending = store.standings_pending()
        assert pending  # every session saved with a hand
        same_as_replayed(store)  # it cannot keep them: every session replayed
        assert store.standings_pending() == pending


def test_a_read_only_file_with_a_stale_year_reads_every_seat(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        assert statistics.standings_settled(store)  # each standing kept, each year stale
    with Store(str(path), read_only=True) as store:
        assert store.stale_years()
        same_as_replayed(store)  # nothing summed: it cannot write
        assert store.stale_years()


def test_the_years_of_a_span() -> None:
    everything = Years.of(None, None)
    assert (everything.first, everything.last) == (0, 9999)
    assert everything.edges == (NOTHING, NOTHING)  # nothing read seat by seat
    inside = Years.of("2024-03-05T00:00:00.000+00:00", "2026-02-01T00:00:00.000+00:00")
    assert (inside.first, inside.last) == (2025, 2025)
    assert inside.edges == (
        ("2024-03-05T00:00:00.000+00:00", "2025-01-01T00:00:00.000+00:00"),
        ("2026-01-01T00:00:00.000+00:00", "2026-02-01T00:00:00.000+00:00"),
    )
    exact = Years.of("2025-01-01T00:00:00.000+00:00", "2026-01-01T00:00:00.000+00:00")
    assert (exact.first, exact.last) == (2025, 2025)
    assert exact.edges[0][0] == exact.edges[0][1] and exact.edges[1][0] == exact.edges[1][1]
    none = Years.of("2024-02-01T00:00:00.000+00:00", "2024-12-01T00:00:00.000+00:00")
    assert none.first > none.last
    assert none.edges[0] == ("2024-02-01T00:00:00.000+00:00", "2024-12-01T00:00:00.000+00:00")


def test_past_the_points_a_player_s_chart_has_a_point_per_year(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        plays = statistics.replayed(store, None, None)
        for player in store.players():
            results = stats.player_stats(player.id, plays).results
            page = statistics.player_page(store, player.id, None, None)
            # Few sessions: a point per session, its day and total, game by game.
            for record in page.records:
                assert [
                    (p.label, p.sessions, p.total) for p in page.points if p.game == record.game
                ] == [(r.day[5:], 1, r.total) for r in results if r.game == record.game]
        monkeypatch.setattr(statistics, "POINTS", 1)
        for player in store.players():
            results = stats.player_stats(player.id, plays).results
            page = statistics.player_page(store, player.id, None, None)
            for record in page.records:
                mine = [r for r in results if r.game == record.game]
                points = [p for p in page.points if p.game == record.game]
                if record.sessions == 1:
                    assert [(p.sessions, p.total) for p in points] == [(1, mine[0].total)]
                    continue
                years = sorted({r.day[:4] for r in mine})
                assert [p.label for p in points] == years
                for point in points:
                    totals = [r.total for r in mine if r.day[:4] == point.label]
                    assert point.sessions == len(totals)
                    assert point.total == statistics.average(sum(totals), len(totals))


def test_an_average_is_rounded_half_away_from_zero() -> None:
    # 5 / 2 = 2.5 → 3; −5 / 2 = −2.5 → −3; 7 / 3 = 2.33 → 2; −40 / 3 = −13.3 → −13.
    assert [statistics.average(t, n) for t, n in [(5, 2), (-5, 2), (7, 3), (-40, 3)]] == [
        3,
        -3,
        2,
        -13,
    ]
