"""Ratings over a real SQLite file, rebuilt from the stored results: a player who wins every
table rises and one who loses every table falls, by the library's own numbers (openskill called
here on the same standings); an event's tables count once the director closes them; a session
not ended does not count; the same ratings come back after the stored results are derived
again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from companion.service.rebuild import RebuildProgress, rebuild_sessions
from companion.service.service import Service
from companion.store import Store
from tests.service.test_money_service import skat_evening
from tests.service.test_seasons import ORDERED


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def tarot_session(store: Store, names: list[str], *, ended: bool = True) -> str:
    """A French Tarot session of ORDERED's four deals: seats 0–3 finish 1st to 4th."""
    service = Service(store)
    token, problems = service.sessions.start("french-tarot", names, {})
    assert token is not None, problems
    for raw in ORDERED:
        pad = Service(store).sessions.load(token)
        assert pad is not None
        Service(store).hands.add(pad, raw)
    if ended:
        service.sessions.end(token)
    return token


def player(store: Store, name: str) -> int:
    found = store.players.named(name)
    assert found is not None
    return found.id


def test_two_tables_the_winner_rises_the_loser_falls_by_the_librarys_numbers(
    store: Store,
) -> None:
    tarot_session(store, ["Ann", "Bob", "Cat", "Dan"])  # Ann 1st, Bob, Cat, Dan 4th
    tarot_session(store, ["Ann", "Cat", "Bob", "Dan"])  # Ann 1st, Cat, Bob, Dan 4th
    tarot_session(store, ["Dan", "Ann", "Bob", "Cat"], ended=False)  # still playing
    model = PlackettLuce()
    ann, bob, cat, dan = ([model.rating()] for _ in range(4))
    ann, bob, cat, dan = model.rate([ann, bob, cat, dan], ranks=[1, 2, 3, 4])
    ann, cat, bob, dan = model.rate([ann, cat, bob, dan], ranks=[1, 2, 3, 4])
    ratings = Service(store).ratings
    for name, expected in (("Ann", ann), ("Bob", bob), ("Cat", cat), ("Dan", dan)):
        found = ratings.of(player(store, name))
        assert found is not None and found.matches == 2
        assert (found.rating.mu, found.rating.sigma) == (expected[0].mu, expected[0].sigma)
    first, last = ratings.of(player(store, "Ann")), ratings.of(player(store, "Dan"))
    assert first is not None and last is not None
    assert [s.rating.mu for s in first.steps] == sorted(s.rating.mu for s in first.steps)
    assert first.rating.mu > 25 > last.rating.mu
    assert [s.rating.mu for s in last.steps] == sorted(
        (s.rating.mu for s in last.steps), reverse=True
    )


def test_an_events_tables_count_once_closed_and_a_rebuild_gives_the_same(store: Store) -> None:
    event = skat_evening(store)  # table 1: A 128, B 113, C −96, D 104; 2: E 188, F −158, …
    assert Service(store).ratings.all().now == {}  # the tables still open
    Service(store).director.close_evening(event)
    model = PlackettLuce()
    one = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 4, 3])
    two = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 4, 3, 2])
    expected = dict(zip("ABCDEFGH", [team[0] for team in one + two], strict=True))
    rated = Service(store).ratings.all()
    assert {
        name: (rated.now[player(store, name)].mu, rated.now[player(store, name)].sigma)
        for name in "ABCDEFGH"
    } == {name: (r.mu, r.sigma) for name, r in expected.items()}
    # Every stored result dropped and derived again: the same ratings.
    with store._write() as conn:
        conn.execute("DELETE FROM hand_results")
        conn.execute("DELETE FROM seat_standings")
    missing = store.results.sessions_missing()
    rebuild_sessions(store, missing, RebuildProgress(len(missing)))
    assert Service(store).ratings.all() == rated
