"""The statistics read in SQL from each seat's kept standing (`companion.service.statistics`)
equal the replaying statistics (`companion.engine.stats`, whose worked examples are in
tests/engine/test_stats.py) over sessions of random valid French Tarot and Skat hands saved,
corrected and undone through the pad, some by players seated twice or in no hand at all;
over spans of days and years, after a session moves to another year, after two players are
merged. A save, a correction and an undo keep the standing in their own transaction, a page
writes nothing, and a player's chart has a point per session up to `POINTS` sessions of a
game, past that a point per year."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from bench.bench_stats import skat_entry, tarot_entry
from companion.engine import stats
from companion.engine.replay import Checked
from companion.service import statistics
from companion.service.seat_standings import standing_rows_of
from companion.service.service import Service
from companion.store import Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
STARTS = [
    f"{year}-{month:02}-15T20:00:00.000+00:00"
    for year in (2019, 2023, 2024, 2025, 2026)
    for month in (1, 6, 12)
]
SPANS = [
    (None, None),
    ("2024-03-05T00:00:00.000+00:00", "2026-02-01T00:00:00.000+00:00"),
    ("2025-01-01T00:00:00.000+00:00", None),
    (None, "2024-01-01T00:00:00.000+00:00"),
    ("2024-02-01T00:00:00.000+00:00", "2024-12-01T00:00:00.000+00:00"),
    ("2023-07-01T00:00:00.000+00:00", "2024-07-01T00:00:00.000+00:00"),
]


def saved(store: Store, rng: random.Random, slug: str, names: list[str]) -> None:
    """A session of up to eight accepted hands (a refused draw is skipped), with now and
    then a correction of an earlier hand or an undo of the last."""
    token, problems = Service(store).sessions.start(slug, names, {})
    assert token is not None, problems
    draw = tarot_entry if slug == "french-tarot" else skat_entry
    for _ in range(rng.randrange(9)):
        pad = Service(store).sessions.load(token)
        assert pad is not None
        roll = rng.random()
        if roll < 0.1 and pad.state.hands:
            Service(store).hands.undo_last(pad)
        elif roll < 0.25 and pad.state.hands:
            number = rng.choice(pad.state.hands).number
            Service(store).hands.correct(pad, number, draw(rng))  # a refusal saves nothing
        else:
            Service(store).hands.add(pad, draw(rng))


def same_as_replayed(store: Store, spans: list[tuple[str | None, str | None]]) -> None:
    """Every game's and player's figures over every span equal the replayed ones."""
    for since, before in spans:
        plays = statistics.replayed(store, since, before)
        for slug in ("french-tarot", "skat"):
            found = Service(store).statistics.game(slug, since, before)
            assert found == stats.game_stats(slug, plays), (slug, since, before)
        for player in store.players.all():
            page = Service(store).statistics.player_page(player.id, since, before)
            assert page.records == stats.player_stats(player.id, plays).records
        counted = Service(store).statistics.overview(since, before)
        assert dict(counted.games) == dict(stats.games_played(plays))
        assert {p.id for p in counted.players} == {p for play in plays for p in play.players()}


def spread(path: Path) -> None:
    """Fifteen sessions of French Tarot and Skat, one each of STARTS (moved in SQL, as an
    import or a repair may)."""
    rng = random.Random(7)
    with Store(str(path), migrate=True) as store:
        for _ in STARTS:
            slug = rng.choice(["french-tarot", "skat"])
            saved(store, rng, slug, rng.sample(NAMES, 4 if slug == "french-tarot" else 3))
        tokens = [record.token for record in store.sessions.between(None, None)]
    with sqlite3.connect(path) as conn:
        for token, started in zip(tokens, STARTS, strict=True):
            conn.execute("UPDATE sessions SET created_at = ? WHERE id = ?", (started, token))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_stored_statistics_are_the_replayed_ones(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    with Store(str(tmp_path / "club.sqlite3"), migrate=True) as store:
        for _ in range(10):
            slug = rng.choice(["french-tarot", "skat"])
            names = rng.sample(NAMES, 4 if slug == "french-tarot" else 3)
            if rng.random() < 0.2:
                names[-1] = names[0]  # one player in two seats: counted in the first
            saved(store, rng, slug, names)
        plays = statistics.replayed(store, None, None)
        assert sum(len(play.state.hands) for play in plays) > 20  # hands enough to compare
        same_as_replayed(store, [(None, None)])


def test_spans_a_move_and_a_merge(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        same_as_replayed(store, SPANS)
        # A session moves from 2023 to 2025.
        token = store.sessions.between(None, "2023-02-01T00:00:00.000+00:00")[0].token
        with store._write() as conn:
            conn.execute(
                "UPDATE sessions SET created_at = ? WHERE id = ?",
                ("2025-03-01T20:00:00.000+00:00", token),
            )
        same_as_replayed(store, SPANS)
        # Three newcomers; then Hal, who never sat with Ann, was Ann: his figures move to her.
        saved(store, random.Random(3), "skat", ["Hal", "Ivy", "Jo"])
        players = {player.name: player.id for player in store.players.all()}
        store.players.merge(players["Hal"], players["Ann"])
        same_as_replayed(store, SPANS)


def kept_standing_is_replayed(store: Store, token: str) -> None:
    """The session's kept standing is the standing of its hands replayed afresh."""
    pad = Service(store).sessions.load(token)
    assert pad is not None
    assert tuple(store.statistics.standing(token)) == standing_rows_of(pad.game, pad.state)


def test_a_save_a_correction_and_an_undo_keep_the_standing(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        record = store.sessions.between(
            "2024-06-01T00:00:00.000+00:00", "2024-07-01T00:00:00.000+00:00"
        )[0]
        draw = tarot_entry if record.setup.game == "french-tarot" else skat_entry
        rng = random.Random(11)
        for change in ("save", "save", "correct", "undo", "undo"):
            pad = Service(store).sessions.load(record.token)
            assert pad is not None
            if change == "save":
                while isinstance(Service(store).hands.add(pad, draw(rng)), Checked):
                    pass  # a refused draw: another
            elif change == "correct":
                number = pad.state.hands[0].number
                while isinstance(Service(store).hands.correct(pad, number, draw(rng)), Checked):
                    pass
            else:
                Service(store).hands.undo_last(pad)
            assert store.results.complete(record.token), change
            kept_standing_is_replayed(store, record.token)
            same_as_replayed(store, [(None, None)])


def test_a_save_that_lost_a_race_is_derived_again_at_once(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    with Store(str(path), migrate=True) as store:
        token, _ = Service(store).sessions.start("skat", ["Ann", "Bob", "Cat"], {})
        assert token is not None
        rng = random.Random(5)
        pad = Service(store).sessions.load(token)
        assert pad is not None
        while isinstance(Service(store).hands.add(pad, skat_entry(rng)), Checked):
            pass
        stale = Service(store).sessions.load(token)
        other = Service(store).sessions.load(token)
        assert stale is not None and other is not None
        # Another phone corrects hand 1 after this phone read the pad: this phone's hand 2
        # was scored on the old hand 1, so its results are left out of the save's
        # transaction and the session is derived again before the answer.
        while isinstance(Service(store).hands.correct(other, 1, skat_entry(rng)), Checked):
            pass
        while isinstance(Service(store).hands.add(stale, skat_entry(rng)), Checked):
            pass
        assert store.results.complete(token)
        kept_standing_is_replayed(store, token)


def test_a_page_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        before = store.db.execute("PRAGMA data_version").fetchone()
        changes = store.db.conn.total_changes
        same_as_replayed(store, SPANS[:2])
        for player in store.players.all():
            Service(store).statistics.player_page(player.id, None, None)
        assert store.db.conn.total_changes == changes
        assert store.db.execute("PRAGMA data_version").fetchone() == before


def test_a_read_only_file_whose_results_another_version_derived_replays(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path), read_only=True, results_usable=False) as store:
        same_as_replayed(store, SPANS[:3])


def test_past_the_points_a_player_s_chart_has_a_point_per_year(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.sqlite3"
    spread(path)
    with Store(str(path)) as store:
        plays = statistics.replayed(store, None, None)
        for player in store.players.all():
            results = stats.player_stats(player.id, plays).results
            page = Service(store).statistics.player_page(player.id, None, None)
            # Few sessions: a point per session, its day and total, game by game.
            for record in page.records:
                assert [
                    (p.label, p.sessions, p.total) for p in page.points if p.game == record.game
                ] == [(r.day[5:], 1, r.total) for r in results if r.game == record.game]
        monkeypatch.setattr(statistics, "POINTS", 1)
        for player in store.players.all():
            results = stats.player_stats(player.id, plays).results
            page = Service(store).statistics.player_page(player.id, None, None)
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
