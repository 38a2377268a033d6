"""Stored results are invalidated by each game's scoring version, never by the code's digest
(issue 40): a start after a game's version changed derives that game's sessions again, in the
background, to the totals a replay gives, and leaves every other game's stored results as they
are; a start with every version unchanged replays nothing, whatever else changed in the code.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from companion import create_app
from companion.contract.registry import get, versions
from companion.contract.values import Setup
from companion.engine.replay import Checked, Replay
from companion.engine.replay import replay as engine_replay
from companion.service import loading
from companion.service.service import Service
from companion.store import Store
from companion.web.service_door import app_state
from tests.service.test_hands import GARDE_MADE

GARDE = GARDE_MADE
"""Ann's garde made by 6 with two bouts: (25 + 6) × 2 = 62 a defender, Ann +186."""

SESSIONS: list[tuple[str, list[str], list[dict[str, str]]]] = [
    ("french-tarot", ["Ann", "Bob", "Cat", "Dan"], [GARDE] * 3),
    ("french-tarot", ["Dan", "Cat", "Bob", "Ann"], [GARDE] * 2),
    ("skitgubbe", ["Ann", "Bob", "Cat"], [{"goat": "1"}, {"goat": "0"}, {"goat": "1"}]),
    ("skitgubbe", ["Bob", "Cat"], [{"goat": "0"}] * 4),
]


def build(path: Path) -> dict[str, list[str]]:
    """The sessions saved through the pad, their results kept as they are saved; their
    tokens by game."""
    tokens: dict[str, list[str]] = {}
    with Store(str(path), migrate=True) as store:
        store.results.keep_versions(versions())
        for slug, names, hands in SESSIONS:
            token, problems = Service(store).sessions.start(slug, names, {})
            assert token is not None, problems
            for raw in hands:
                pad = Service(store).sessions.load(token)
                assert pad is not None
                done: Any = Service(store).hands.add(pad, raw)
                assert not isinstance(done, Checked), done.problems
            tokens.setdefault(slug, []).append(token)
        assert store.results.sessions_missing() == []
    return tokens


def cached_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every cached result row, with its SQLite rowid, by session."""
    rows: dict[str, list[tuple[Any, ...]]] = {}
    with sqlite3.connect(path) as conn:
        for row in conn.execute("SELECT session_id, rowid, * FROM hand_results ORDER BY rowid"):
            rows.setdefault(row[0], []).append(row)
    return rows


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The sessions the pad replays from their hands, counted by game (the rebuild's thread
    and the pages alike go through `loading.replay`)."""
    counted: Counter[str] = Counter()

    def counting(setup: Setup, entries: Sequence[tuple[int, Mapping[str, Any]]]) -> Replay:
        counted[setup.game] += 1
        return engine_replay(setup, entries)

    monkeypatch.setattr(loading, "replay", counting)
    return counted


def started(path: Path) -> int:
    """A server started on the file, its background rebuild waited for: how many sessions it
    found missing results."""
    app = create_app({"DATABASE": str(path), "TESTING": True})
    progress = app_state(app).rebuild
    assert progress is not None
    assert progress.wait(60)
    assert progress.done == progress.total
    return int(progress.total)


def test_a_new_version_of_one_game_derives_only_its_sessions_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replays: Counter[str]
) -> None:
    path = tmp_path / "club.sqlite3"
    tokens = build(path)
    before = cached_rows(path)
    monkeypatch.setattr(type(get("skitgubbe")), "version", get("skitgubbe").version + 1)
    assert started(path) == 2
    assert replays == Counter({"skitgubbe": 2})  # each skitgubbe session once, nothing else
    after = cached_rows(path)
    for token in tokens["french-tarot"]:
        assert after[token] == before[token]  # the very rows: not dropped, not written again
    with Store(str(path)) as store:
        assert store.results.sessions_missing() == []
        for token in tokens["skitgubbe"]:
            record = store.sessions.get(token)
            assert record is not None
            entries = [(row.number, row.entry) for row in store.hands.effective(token)]
            replayed = engine_replay(record.setup, entries).state
            pad = loading.load(store, token)  # from the rows the rebuild kept: no replay
            assert pad is not None and pad.state.totals == replayed.totals
            assert len(after[token]) == len(before[token]) == len(entries)
    assert replays == Counter({"skitgubbe": 2})  # the checks read the kept rows
    assert started(path) == 0  # the new version is recorded: the next start derives nothing


def test_a_start_with_every_version_unchanged_replays_nothing(
    tmp_path: Path, replays: Counter[str]
) -> None:
    path = tmp_path / "club.sqlite3"
    build(path)
    replays.clear()
    before = cached_rows(path)
    assert started(path) == 0
    assert started(path) == 0
    assert not replays
    assert cached_rows(path) == before
