"""Hands saved, corrected and undone (`service.hands`) over a real SQLite file: each write keeps
the stored results true to the hands, so a session opens from them cold as warm and reads only
what it shows, older files included."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import entry_as_data
from companion.engine.replay import Checked, replay
from companion.service.loading import ReplayCache
from companion.service.service import Service
from companion.store import Store
from tests.web.conftest import GARDE_47

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
VALUES = re.compile(r"'(?:[^']|'')*'|-?\b\d+(?:\.\d+)?\b")
LATEST_HANDS = 10  # what the pad's table shows (web.pad_page.LATEST_HANDS)

# French Tarot, 4 players, Ann takes (tests/games/test_french_tarot.py):
# garde, 2 bouts, 47 points: target 41, made by 6, (25 + 6) × 2 = 62 from each defender.
GARDE_MADE = GARDE_47
MADE = (186, -62, -62, -62)
# garde, 1 bout, 40 points: target 51, failed by 11, (25 + 11) × 2 = 72 to each defender.
GARDE_FAILED = {**GARDE_MADE, "points": "40", "bouts": "1"}
FAILED = (-216, 72, 72, 72)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def new_session(store: Store) -> str:
    token, problems = Service(store).sessions.start("french-tarot", PLAYERS, {})
    assert token is not None and not problems
    return token


def play(store: Store, token: str, hands: int, raw: dict[str, Any] = GARDE_MADE) -> None:
    """Save `hands` hands through the pad, as the web pad does (results stored with each)."""
    for _ in range(hands):
        pad = Service(store).sessions.load(token)
        assert pad is not None
        result = Service(store).hands.add(pad, raw)
        assert not isinstance(result, Checked), result


def imported(store: Store, hands: int) -> str:
    """A session of `hands` made garde hands, written at once (as an import does: no stored
    results yet) and opened once (which derives and stores them)."""
    token = new_session(store)
    record = store.sessions.get(token)
    assert record is not None
    scored = replay(record.setup, [(n, GARDE_MADE) for n in range(1, hands + 1)]).state.hands
    rows = [(hand.number, entry_as_data(hand.entry), hand.result.points) for hand in scored]
    long = store.sessions.create_imported(record.setup, rows)
    assert Service(store).sessions.load(long) is not None
    return long


def times(points: tuple[int, ...], count: int) -> tuple[int, ...]:
    return tuple(p * count for p in points)


def plus(*rows: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(column) for column in zip(*rows, strict=True))


def test_a_saved_hand_stores_its_result_and_running_totals_in_the_same_write(store):
    token = new_session(store)
    play(store, token, 3)
    assert store.results.complete(token)
    summary = store.results.summary(token)
    assert summary.last is not None
    assert (summary.last.number, summary.last.position) == (3, 2)
    assert summary.last.totals == times(MADE, 3)  # three gardes made: 3 × 186, 3 × −62
    assert summary.last.played == 3


def test_a_pad_opened_cold_is_the_pad_replayed_from_its_hands(store):
    token = new_session(store)
    play(store, token, 25)
    cache = ReplayCache()
    warm = Service(store, cache).sessions.load(token)
    assert warm is not None
    truth = replay(warm.setup, [(row.number, row.entry) for row in store.hands.effective(token)])
    cold = Service(store).sessions.load(token)  # no cache: from the stored results
    assert cold is not None and cold.state.hands.known.keys() == {24}  # only the last read
    assert cold.state.totals == truth.state.totals == times(MADE, 25)
    assert cold.state.hands_played == truth.state.hands_played == 25
    assert cold.outcome == warm.outcome == get("french-tarot").outcome(truth.state)
    assert (
        cold.rows_from(5)
        == warm.rows_from(5)
        == list(zip(truth.state.hands, truth.state.running_totals(), strict=True))[5:]
    )
    assert cold.state == truth.state  # every hand, read in full, is the replayed one


def test_a_correction_rewrites_the_stored_results_after_it_in_its_transaction(store):
    token = new_session(store)
    play(store, token, 5)
    pad = Service(store).sessions.load(token)
    assert pad is not None
    corrected = Service(store).hands.correct(pad, 2, GARDE_FAILED)
    assert not isinstance(corrected, Checked)
    assert store.results.complete(token)  # no lazy re-derivation
    totals = [row.totals for row in store.results.rows(token, 0, 5)]
    after_two = plus(MADE, FAILED)  # (186 − 216, −62 + 72, ...) = (−30, 10, 10, 10)
    assert after_two == (-30, 10, 10, 10)
    assert totals == [
        MADE,
        after_two,
        plus(after_two, MADE),
        plus(after_two, times(MADE, 2)),
        plus(after_two, times(MADE, 3)),
    ]
    assert totals[-1] == (528, -176, -176, -176)  # −30 + 3 × 186; 10 − 3 × 62
    reopened = Service(store).sessions.load(token)
    assert reopened is not None and reopened.state.totals == (528, -176, -176, -176)
    assert reopened.hand(2).result.points == FAILED


def test_an_undo_drops_the_stored_result_of_the_last_hand(store):
    token = new_session(store)
    play(store, token, 3)
    pad = Service(store).sessions.load(token)
    assert pad is not None
    assert Service(store).hands.undo_last(pad) == 3
    assert store.results.complete(token)
    reopened = Service(store).sessions.load(token)
    assert reopened is not None
    assert (len(reopened.state.hands), reopened.state.totals) == (2, times(MADE, 2))
    assert reopened.next_number == 3


def test_results_derived_from_a_stale_view_are_not_kept_and_are_derived_afresh(store):
    token = new_session(store)
    play(store, token, 3)
    stale = Service(store).sessions.load(token)
    play(store, token, 1)  # another phone saves hand 4 meanwhile
    assert stale is not None
    # Based on the 3-hand view: its results are not kept (dropped from hand 2 on, never
    # wrong), and the write derives them again at once from the hands as they now stand, so
    # the statistics, which read only stored results, never find them missing.
    Service(store).hands.correct(stale, 2, GARDE_FAILED)
    assert store.results.complete(token)
    reopened = Service(store).sessions.load(token)
    assert reopened is not None
    assert reopened.state.totals == plus(times(MADE, 3), FAILED)  # hands 1, 3, 4 made; 2 failed


def test_a_save_keeps_its_session_warm_only_when_no_other_phone_wrote_in_between(store):
    token = new_session(store)
    play(store, token, 2)
    cache = ReplayCache()
    pad = Service(store, cache).sessions.load(token)
    assert pad is not None and not isinstance(
        Service(store, cache).hands.add(pad, GARDE_MADE), Checked
    )
    assert cache.get(token, store.hands.last_change(token)) is not None  # hand 3: kept warm
    stale = Service(store, cache).sessions.load(token)
    other = Service(store).sessions.load(token)  # another phone corrects hand 1 meanwhile
    assert stale is not None and other is not None
    Service(store).hands.correct(other, 1, GARDE_FAILED)
    assert not isinstance(Service(store, cache).hands.add(stale, GARDE_MADE), Checked)
    assert cache.get(token, store.hands.last_change(token)) is None  # hand 4: not kept
    reopened = Service(store, cache).sessions.load(token)
    assert reopened is not None  # hand 1 failed, hands 2-4 made
    assert reopened.state.totals == plus(FAILED, times(MADE, 3))


def test_an_older_file_gets_its_results_derived_once_on_first_open(tmp_path):
    path = tmp_path / "old.sqlite3"
    with Store(path, migrate=True) as old:
        token = new_session(old)
        for number in range(1, 4):
            raw = GARDE_FAILED if number == 2 else GARDE_MADE
            old.hands.add(token, number, raw, None)  # an older version stored no result
        # The file as an older version left it: hands, and no derived results at all (the
        # roster migration after m008 needs today's store to create a session, so the
        # cache is emptied rather than never made).
        old.db.execute("DELETE FROM hand_results")
        old.db.conn.commit()
    with Store(path, migrate=True) as upgraded:
        assert upgraded.results.summary(token).last is None
        pad = Service(upgraded).sessions.load(token)
        assert pad is not None and pad.state.totals == plus(times(MADE, 2), FAILED)
        assert upgraded.results.complete(token)
        assert [row.totals for row in upgraded.results.rows(token, 0, 3)] == [
            MADE,
            plus(MADE, FAILED),
            plus(times(MADE, 2), FAILED),
        ]


def statements_of_a_cold_save(store: Store, token: str) -> tuple[list[str], int]:
    """The SQL statements a cold save issues (load, save, the latest hands the page shows),
    without their values, and how many stored hands it reads."""
    statements: list[str] = []
    read = 0
    reader = store.results.rows

    def counting(*args: Any) -> Any:
        nonlocal read
        rows = reader(*args)
        read += len(rows)
        return rows

    store.results.rows = counting  # type: ignore[method-assign]
    store.db.conn.set_trace_callback(statements.append)
    try:
        pad = Service(store).sessions.load(token)
        assert pad is not None
        saved = Service(store).hands.add(pad, GARDE_MADE)
        assert not isinstance(saved, Checked)
        after = saved[1]
        list(after.rows_from(max(0, len(after.state.hands) - LATEST_HANDS)))  # as a page
    finally:
        store.db.conn.set_trace_callback(None)
        del store.results.rows
    return statements, read


def shapes(statements: list[str]) -> list[str]:
    """The statements without the values bound into them (the session, the hand number)."""
    return [VALUES.sub("?", statement) for statement in statements]


def test_saving_hand_1000_cold_issues_the_queries_saving_hand_11_does(store):
    short, long = imported(store, 10), imported(store, 999)
    short_statements, short_read = statements_of_a_cold_save(store, short)
    long_statements, long_read = statements_of_a_cold_save(store, long)
    assert shapes(long_statements) == shapes(short_statements)
    # The page shows hands 2–11 / 991–1000: the new hand was just scored and the one before it
    # came with the summary, so 8 hands are read in both (the latest 10 less those two).
    assert short_read == long_read == LATEST_HANDS - 2 == 8
    assert "FROM hands WHERE session_id = ? ORDER BY id" not in " ".join(
        shapes(long_statements)
    )  # the hands are not read, nor replayed


def test_a_session_holds_at_most_1000_hands_as_its_export_does(store):
    """Hand 1,000 is saved; hand 1,001 is refused, nothing written (the session format's cap,
    MAX_HANDS: an export of the session must import again)."""
    token = imported(store, 999)
    pad = Service(store).sessions.load(token)
    saved = Service(store).hands.add(pad, GARDE_MADE)
    assert not isinstance(saved, Checked)
    hand, after = saved
    assert hand.number == 1000
    refused = Service(store).hands.add(after, GARDE_MADE)
    assert isinstance(refused, Checked)
    assert [str(problem.message) for problem in refused.problems] == [
        "A session holds at most 1000 hands (so that its export can be read back): "
        "start a new session for the next one."
    ]
    assert len(Service(store).sessions.load(token).hands) == 1000
