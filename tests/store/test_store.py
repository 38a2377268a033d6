"""The store: sessions, seats, append-only hands, migrations and settings on a real SQLite file."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.contract.values import Setup
from companion.store import (
    MIGRATIONS,
    Author,
    HandConflict,
    NameTaken,
    ResultRow,
    ResultsWrite,
    SamePlayer,
    SatTogether,
    StaleWrite,
    Store,
    default_database_path,
    draft_version,
    split_members,
)

SETUP = Setup("french-tarot", ("Ann & Bob", "Cleo", "Dan + Eve", "Fay"), {"hands": 12}, 1)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "companion.sqlite3"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    with Store(db_path, migrate=True) as opened:
        yield opened


@pytest.fixture
def token(store: Store) -> str:
    return store.sessions.create(SETUP)


def raw_hand_rows(path: Path) -> list[tuple]:
    """Every hands row as SQLite holds it, bypassing the store."""
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT * FROM hands ORDER BY id").fetchall()


def numbers_and_entries(store: Store, token: str) -> list[tuple[int, dict]]:
    return [(row.number, row.entry) for row in store.hands.effective(token)]


# ---------------------------------------------------------------- paths and opening


def test_default_path_prefers_companion_db(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "here.db"))
    assert default_database_path() == tmp_path / "here.db"


def test_default_path_follows_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database_path() == tmp_path / "table-companion" / "companion.sqlite3"


def test_default_path_falls_back_to_local_share(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    expected = tmp_path / ".local" / "share" / "table-companion" / "companion.sqlite3"
    assert default_database_path() == expected


def test_opening_creates_parent_directories_and_sets_pragmas(store, db_path):
    assert db_path.is_file()
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # FULL (2): SQLite syncs the log at every COMMIT, so a saved hand survives a crash
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2
    assert store.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_index_on_hands_session_and_id(store):
    indexes = {tuple(index.columns) for index in store.db["hands"].indexes}
    assert ("session_id", "id") in indexes
    plan = store.db.execute(
        "EXPLAIN QUERY PLAN SELECT max(id) FROM hands WHERE session_id = ?", ("x",)
    ).fetchall()
    assert any("hands_session_id" in str(step) for step in plan)


# ---------------------------------------------------------------- sessions and seats


def test_create_and_get_session(store, token):
    record = store.sessions.get(token)
    assert record is not None
    assert record.token == token
    assert record.setup == SETUP
    assert record.ended_at is None
    assert record.created_at.endswith("+00:00")


def test_seats_keep_order_and_split_teams(store, token):
    seats = store.sessions.get(token).seats
    assert [seat.position for seat in seats] == [0, 1, 2, 3]
    assert [seat.name for seat in seats] == list(SETUP.players)
    assert [seat.members for seat in seats] == [("Ann", "Bob"), ("Cleo",), ("Dan", "Eve"), ("Fay",)]


@pytest.mark.parametrize(
    ("name", "members"),
    [
        ("Ann & Bob", ("Ann", "Bob")),
        ("Ann+Bob", ("Ann", "Bob")),
        ("  Cleo ", ("Cleo",)),
        ("Ann & ", ("Ann",)),
        ("&", ("&",)),
    ],
)
def test_split_members(name, members):
    assert split_members(name) == members


def test_unknown_token_is_none(store):
    assert store.sessions.get("no-such-token") is None


def test_tokens_are_distinct_and_long(store):
    tokens = {store.sessions.create(SETUP) for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(token) >= 32 for token in tokens)


def test_sessions_by_tokens_newest_first_skipping_unknown(store):
    first = store.sessions.create(SETUP)
    second = store.sessions.create(SETUP)
    third = store.sessions.create(SETUP)
    found = store.sessions.by_tokens([first, "unknown", third, second, first])
    assert [record.token for record in found] == [third, second, first]
    assert store.sessions.by_tokens([]) == []


def test_end_session_sets_ended_at_once(store, token):
    store.sessions.end(token)
    ended = store.sessions.get(token).ended_at
    assert ended is not None
    store.sessions.end(token)
    assert store.sessions.get(token).ended_at == ended


def test_end_unknown_session_raises(store):
    with pytest.raises(LookupError):
        store.sessions.end("unknown")


# ---------------------------------------------------------------- hands


def test_add_hand_returns_the_row(store, token):
    row = store.hands.add(token, 1, {"contract": "garde", "bouts": 2}, (186, -62, -62, -62)).row
    assert row.number == 1
    assert row.action == "enter"
    assert row.entry == {"contract": "garde", "bouts": 2}
    assert row.points == (186, -62, -62, -62)
    assert row.supersedes is None
    assert row.created_at.endswith("+00:00")


def test_add_hand_to_unknown_session_raises(store, db_path):
    with pytest.raises(LookupError):
        store.hands.add("unknown", 1, {}, None)
    assert raw_hand_rows(db_path) == []  # refused by the hand's link to its session: no row


def test_a_save_says_whether_its_derived_results_were_kept(store, token):
    """Results derived from the session as it stood (no hand yet: row 0) are kept with the
    hand; results derived from that same view after another hand was saved are not, and the
    cache then lacks hand 2 (the next load replays). Nor are results that would leave a gap:
    hand 3's, when the cache lacks hand 2's."""

    def write(number: int) -> ResultsWrite:
        return ResultsWrite(0, number, (ResultRow(number, number - 1, "{}", (1, -1, 0, 0), 1),))

    first = store.hands.add(token, 1, {"v": "a"}, None, results=write(1))
    assert first.results_kept and store.results.complete(token)
    stale = store.hands.add(token, 2, {"v": "b"}, None, results=write(2))
    assert not stale.results_kept and not store.results.complete(token)
    assert [row.number for row in store.results.rows(token, 0, 5)] == [1]
    since = store.hands.last_change(token)
    third = ResultsWrite(since, 3, (ResultRow(3, 2, "{}", (3, -3, 0, 0), 3),), before=2)
    assert not store.hands.add(token, 3, {"v": "c"}, None, results=third).results_kept
    assert [row.number for row in store.results.rows(token, 0, 5)] == [1]


ONE_ROW = (ResultRow(1, 0, "{}", (1, -1, 0, 0), 1),)


def test_results_of_another_scoring_version_are_dropped_for_that_game_only(store, token):
    """A game's cached results are kept while its version is the one recorded beside them;
    another version drops them, another game's stay."""
    other = store.sessions.create(Setup("whist", ("A", "B", "C", "D"), {}, 0))
    for session in (token, other):
        added = store.hands.add(session, 1, {"v": "a"}, None, results=ResultsWrite(0, 1, ONE_ROW))
        assert added.results_kept
    # A file whose versions were never recorded (new, or upgraded from the engine's digest).
    assert store.results.keep_versions({"french-tarot": 1, "whist": 1}) == ("french-tarot", "whist")
    assert not store.results.complete(token) and not store.results.complete(other)
    for session in (token, other):
        assert store.results.replace(session, store.hands.last_change(session), ONE_ROW)
    assert store.results.keep_versions({"french-tarot": 1, "whist": 1}) == ()  # the same: kept
    assert store.results.complete(token) and store.results.complete(other)
    assert store.results.keep_versions({"french-tarot": 2, "whist": 1}) == ("french-tarot",)
    assert not store.results.complete(token) and store.results.rows(token, 0, 5) == []
    assert store.results.complete(other)  # whist's version did not change
    assert store.results.keep_versions({"french-tarot": 2, "whist": 1}) == ()  # 2 now recorded


def test_a_correction_or_undo_drops_the_cached_results_from_its_hand_on(store, token):
    """The cache's invalidation: a correction (here one written without results, as the
    command line may) drops the cached results of its hand and every later one in its own
    transaction, an undo those of the hand it takes back; the hands before keep theirs."""

    def row(number: int) -> ResultRow:
        return ResultRow(number, number - 1, "{}", (number, -number, 0, 0), number)

    for number in range(1, 5):
        since = store.hands.last_change(token)
        store.hands.add(
            token,
            number,
            {"v": number},
            None,
            results=ResultsWrite(since, number, (row(number),), before=number - 1),
        )
    assert store.results.complete(token)
    store.hands.correct(token, 3, {"v": "c"}, None)
    assert [r.number for r in store.results.rows(token, 0, 9)] == [1, 2]
    assert not store.results.complete(token)  # hands 3 and 4 lack theirs: the next load replays
    assert store.results.replace(
        token, store.hands.last_change(token), [row(n) for n in range(1, 5)]
    )
    store.hands.undo_last(token)
    assert [r.number for r in store.results.rows(token, 0, 9)] == [1, 2, 3]
    assert store.results.complete(token)  # hands 1-3 count, each with its result


def test_a_read_only_file_never_shows_results_of_another_scoring_version(db_path, store, token):
    added = store.hands.add(token, 1, {"v": "a"}, None)
    store.results.keep_versions({"french-tarot": 1})
    assert store.results.replace(token, added.row.id, ONE_ROW)
    with Store(db_path, read_only=True) as reader:
        assert reader.results.keep_versions({"french-tarot": 1}) == ()
        assert reader.results.usable and reader.results.summary(token).complete
    with Store(db_path, read_only=True) as reader:
        assert reader.results.keep_versions({"french-tarot": 2}) == ("french-tarot",)
        assert not reader.results.usable
        assert not reader.results.summary(token).complete  # derived afresh
    assert store.results.keep_versions({"french-tarot": 1}) == ()  # the file itself was not touched


def test_a_session_read_before_still_shows_when_another_store_ended_it(db_path, store, token):
    assert store.sessions.get(token).ended_at is None  # read, and kept by this store
    with Store(db_path) as other:
        other.sessions.end(token)
        ended = other.sessions.get(token)
    again = store.sessions.get(token)
    assert again == ended and again.ended_at is not None
    assert store.sessions.get("no-such-token") is None


def test_adding_a_number_twice_is_a_conflict(store, token):
    store.hands.add(token, 1, {"n": 1}, None)
    with pytest.raises(HandConflict):
        store.hands.add(token, 1, {"n": "again"}, None)
    assert numbers_and_entries(store, token) == [(1, {"n": 1})]


def test_correct_supersedes_the_effective_row(store, token):
    first = store.hands.add(token, 1, {"v": "a"}, (1, -1, 0, 0)).row
    store.hands.add(token, 2, {"v": "b"}, None)
    corrected = store.hands.correct(token, 1, {"v": "a2"}, (2, -2, 0, 0))
    again = store.hands.correct(token, 1, {"v": "a3"}, None)
    assert corrected.action == "correct"
    assert corrected.supersedes == first.id
    assert again.supersedes == corrected.id
    assert numbers_and_entries(store, token) == [(1, {"v": "a3"}), (2, {"v": "b"})]


def test_correct_missing_hand_raises(store, token):
    with pytest.raises(LookupError):
        store.hands.correct(token, 1, {}, None)
    store.hands.add(token, 1, {}, None)
    store.hands.undo_last(token)
    with pytest.raises(LookupError):
        store.hands.correct(token, 1, {}, None)


def test_undo_takes_back_the_highest_numbered_hand(store, token):
    store.hands.add(token, 1, {"v": "a"}, None)
    second = store.hands.add(token, 2, {"v": "b"}, None).row
    undo = store.hands.undo_last(token)
    assert undo.action == "undo"
    assert undo.number == 2
    assert undo.supersedes == second.id
    assert numbers_and_entries(store, token) == [(1, {"v": "a"})]


def test_undo_of_a_corrected_hand_removes_the_hand(store, token):
    store.hands.add(token, 1, {"v": "a"}, None)
    corrected = store.hands.correct(token, 1, {"v": "a2"}, None)
    undo = store.hands.undo_last(token)
    assert undo.supersedes == corrected.id
    assert store.hands.effective(token) == []


def test_undone_number_can_be_entered_again(store, token):
    store.hands.add(token, 1, {"v": "a"}, None)
    store.hands.undo_last(token)
    store.hands.add(token, 1, {"v": "new"}, None)
    assert numbers_and_entries(store, token) == [(1, {"v": "new"})]


def test_undo_on_empty_session_is_none(store, token):
    assert store.hands.undo_last(token) is None
    store.hands.add(token, 1, {}, None)
    assert store.hands.undo_last(token) is not None
    assert store.hands.undo_last(token) is None


def test_history_keeps_every_row_in_order(store, token):
    store.hands.add(token, 1, {"v": "a"}, None)
    store.hands.add(token, 2, {"v": "b"}, None)
    store.hands.correct(token, 1, {"v": "a2"}, None)
    store.hands.undo_last(token)
    history = store.hands.history(token)
    assert [(row.action, row.number) for row in history] == [
        ("enter", 1),
        ("enter", 2),
        ("correct", 1),
        ("undo", 2),
    ]
    assert [row.id for row in history] == sorted(row.id for row in history)
    assert history[2].supersedes == history[0].id
    assert history[3].supersedes == history[1].id


def test_hands_are_kept_apart_by_session(store, token):
    other = store.sessions.create(SETUP)
    store.hands.add(token, 1, {"v": "mine"}, None)
    store.hands.add(other, 1, {"v": "theirs"}, None)
    assert numbers_and_entries(store, token) == [(1, {"v": "mine"})]
    assert store.hands.undo_last(other).number == 1
    assert numbers_and_entries(store, token) == [(1, {"v": "mine"})]


def test_nothing_in_hands_is_ever_updated(store, token, db_path):
    store.hands.add(token, 1, {"v": "a"}, (1, -1, 0, 0))
    store.hands.add(token, 2, {"v": "b"}, None)
    before = raw_hand_rows(db_path)
    store.hands.correct(token, 1, {"v": "a2"}, None)
    store.hands.undo_last(token)
    store.hands.add(token, 2, {"v": "b2"}, None)
    store.sessions.end(token)
    after = raw_hand_rows(db_path)
    assert after[: len(before)] == before
    assert len(after) == len(before) + 3


@pytest.mark.parametrize("statement", ["UPDATE hands SET entry = '{}'", "DELETE FROM hands"])
def test_the_database_refuses_to_rewrite_hands(store, token, statement):
    store.hands.add(token, 1, {"v": "a"}, None)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute(statement)


def test_last_change_is_the_latest_row_id(store, token):
    assert store.hands.last_change(token) == 0
    row = store.hands.add(token, 1, {}, None).row
    assert store.hands.last_change(token) == row.id
    undo = store.hands.undo_last(token)
    assert store.hands.last_change(token) == undo.id
    other = store.sessions.create(SETUP)
    store.hands.add(other, 1, {}, None)
    assert store.hands.last_change(token) == undo.id


# ---------------------------------------------------------------- durability and migrations


def test_data_survives_closing_and_reopening(db_path):
    with Store(db_path, migrate=True) as store:
        token = store.sessions.create(SETUP)
        store.hands.add(token, 1, {"v": "a"}, (3, -1, -1, -1))
        store.hands.correct(token, 1, {"v": "b"}, None)
    with Store(db_path) as store:
        assert store.sessions.get(token).setup == SETUP
        assert numbers_and_entries(store, token) == [(1, {"v": "b"})]
        assert len(store.hands.history(token)) == 2


def test_a_write_is_visible_to_another_connection_at_once(store, token, db_path):
    store.hands.add(token, 1, {"v": "a"}, None)
    with Store(db_path) as other:
        assert numbers_and_entries(other, token) == [(1, {"v": "a"})]


def test_migrate_twice_changes_nothing(store, token):
    applied = [m.name for m in MIGRATIONS.applied(store.db)]
    store.migrate()
    store.migrate()
    assert [m.name for m in MIGRATIONS.applied(store.db)] == applied
    assert store.pending_migrations() == []
    assert store.sessions.get(token) is not None


def test_migrate_upgrades_an_older_file(db_path):
    # A file made before the settings table existed (migrations from m002 on not applied).
    later = [m.name for m in MIGRATIONS._migrations][1:]
    assert later[0] == "m002_settings"
    with Store(db_path) as old:
        MIGRATIONS.apply(old.db, stop_before="m002_settings")
        assert old.pending_migrations() == later
        # The session and hand as the first schema wrote them (today's create_session writes
        # m007's sign-off, and add_hand clears m004's drafts).
        token = "old-session-token"
        old.db.execute(
            "INSERT INTO sessions (id, game, options, first_dealer, created_at, ended_at)"
            " VALUES (?, ?, '{}', 0, '2026-01-01T00:00:00', NULL)",
            (token, SETUP.game),
        )
        old.db.conn.executemany(
            "INSERT INTO seats (session_id, position, name, members) VALUES (?, ?, ?, ?)",
            [(token, seat, name, json.dumps([name])) for seat, name in enumerate(SETUP.players)],
        )
        old.db.execute(
            "INSERT INTO hands (session_id, number, action, entry, points, supersedes, created_at)"
            " VALUES (?, 1, 'enter', '{\"v\":\"kept\"}', NULL, NULL, '2026-01-01T00:00:00')",
            (token,),
        )
        old.db.conn.commit()
        assert not old.db["settings"].exists()
    with Store(db_path, migrate=True) as upgraded:
        assert upgraded.pending_migrations() == []
        assert numbers_and_entries(upgraded, token) == [(1, {"v": "kept"})]
        assert upgraded.secret_key()
        record = upgraded.sessions.get(token)
        assert record.setup.players == SETUP.players and record.sign_off is False


def test_fresh_file_lists_every_migration_as_pending(db_path):
    with Store(db_path) as fresh:
        assert fresh.pending_migrations() == [m.name for m in MIGRATIONS._migrations]


def test_secret_key_is_stable_across_reopen(db_path):
    with Store(db_path, migrate=True) as store:
        key = store.secret_key()
        assert store.secret_key() == key
    with Store(db_path, migrate=True) as store:
        assert store.secret_key() == key
    assert len(key) == 64


def test_backup_copies_a_consistent_file(store, token, tmp_path):
    store.hands.add(token, 1, {"v": "a"}, None)
    copy = store.backups.backup(tmp_path / "backups" / "copy.sqlite3")
    with Store(copy) as restored:
        assert numbers_and_entries(restored, token) == [(1, {"v": "a"})]
    store.hands.add(token, 2, {"v": "b"}, None)
    store.backups.backup(copy)
    with Store(copy) as restored:
        assert len(restored.hands.effective(token)) == 2


def test_hand_lookups_use_an_index_not_a_scan_of_the_session(db_path):
    # Saving hand 1000 must not read hands 1–999: the lookup by number has its own index.
    with Store(db_path, migrate=True) as store:
        plan = store.db.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM hands WHERE session_id = ? AND number = ? "
            "AND action != 'undo' ORDER BY id DESC LIMIT 1",
            ("t", 1),
        ).fetchall()
        assert "hands_session_number" in " ".join(str(step) for step in plan)
        plan = store.db.execute(
            "EXPLAIN QUERY PLAN SELECT 1 FROM hands WHERE session_id = ? AND action = 'undo' "
            "AND supersedes = ?",
            ("t", 1),
        ).fetchall()
        assert "hands_supersedes" in " ".join(str(step) for step in plan)


def test_tokens_never_start_with_a_dash(monkeypatch):
    # token_urlsafe may start with "-", which `companion export TOKEN` would read as an option.
    from companion.store import rows as store_module

    drawn = iter(["-K9x" + "a" * 28, "b" * 32])
    monkeypatch.setattr(store_module.secrets, "token_urlsafe", lambda n: next(drawn))
    assert store_module.new_token() == "b" * 32


# ---------------------------------------------------------------- drafts (a hand being entered)


def test_a_draft_is_kept_until_the_hand_is_saved(store, token):
    assert store.drafts.get(token) is None
    store.drafts.save(token, 1, {"tricks": [{"runt": "2S", "to": 0}]})
    store.drafts.save(token, 1, {"tricks": [{"runt": "2S", "to": 0}, {"runt": "5H", "to": 1}]})
    assert store.drafts.get(token) == (
        1,
        {"tricks": [{"runt": "2S", "to": 0}, {"runt": "5H", "to": 1}]},
    )
    store.hands.add(token, 1, {"v": 1}, None)
    assert store.drafts.get(token) is None


def test_a_save_that_read_no_draft_leaves_one_written_since(store, token):
    """A draft written after the saving phone read none is of the hand now saved: the pad
    ignores it (its number is no longer the next), as one written just after the save."""
    store.drafts.save(token, 1, {"tricks": []})
    store.hands.add(token, 1, {"v": 1}, None, drop_draft=False)
    assert store.drafts.get(token) == (1, {"tricks": []})


def test_a_save_based_on_another_draft_is_refused_with_nothing_written(store, token):
    shown = {"tricks": [{"runt": "7C", "to": 3}]}
    store.drafts.save(token, 1, shown)
    seen = draft_version(shown)
    now = {"tricks": [{"runt": "8C", "to": 3}]}  # another phone changed the trick since
    store.drafts.save(token, 1, now)
    with pytest.raises(StaleWrite) as refused:
        store.hands.add(token, 1, {"v": 1}, None, drafted=seen)
    assert refused.value.current == now
    assert store.hands.effective(token) == []
    assert store.drafts.get(token) == (1, now)
    store.hands.add(token, 1, {"v": 1}, None, drafted=draft_version(now))
    assert store.drafts.get(token) is None and len(store.hands.effective(token)) == 1


def test_a_save_whose_page_showed_no_draft_goes_through_only_without_one(store, token):
    # A draft of an earlier number (left after an undo) is no draft of this hand.
    store.drafts.save(token, 2, {"tricks": [{"runt": "2S", "to": 0}]})
    assert draft_version({}) == draft_version({"tricks": []}) == ""
    store.hands.add(token, 1, {"v": 1}, None, drafted="")
    store.drafts.save(token, 2, {"tricks": [{"runt": "2S", "to": 0}]})
    with pytest.raises(StaleWrite):
        store.hands.add(token, 2, {"v": 2}, None, drafted="")
    assert len(store.hands.effective(token)) == 1


def test_a_draft_survives_reopening_the_file(db_path):
    with Store(db_path, migrate=True) as store:
        token = store.sessions.create(SETUP)
        store.drafts.save(token, 3, {"tricks": []})
    with Store(db_path, migrate=True) as again:
        assert again.drafts.get(token) == (3, {"tricks": []})
        again.drafts.drop(token)
        assert again.drafts.get(token) is None


def test_a_draft_needs_a_session(store):
    with pytest.raises(LookupError):
        store.drafts.save("no-such-session", 1, {})


# ---------------------------------------------------------------- the roster (m009)


def roster(store: Store) -> dict[str, int]:
    """Each player's name and the sessions they sat in."""
    return {player.name: player.sessions for player in store.players.all()}


def seated(store: Store, token: str) -> dict[int, tuple[str, ...]]:
    """Who sits in each seat of a session, by the roster's names."""
    names = {player.id: player.name for player in store.players.all()}
    return {
        seat: tuple(names[i] for i in ids)
        for seat, ids in store.players.seat_players([token])[token].items()
    }


def test_an_older_file_gets_one_player_per_name_whatever_its_case_and_spaces(db_path):
    with Store(db_path) as old:
        MIGRATIONS.apply(old.db, stop_before="m009_players")
        for number, names in enumerate(
            (["Ann", "Bob"], ["ann ", "BOB", "Cleo  Lee"], ["cleo lee", "Ann & Dee"])
        ):
            token = f"old-{number}"
            old.db.execute(
                "INSERT INTO sessions (id, game, options, first_dealer, created_at)"
                " VALUES (?, 'war', '{}', 0, ?)",
                (token, f"2026-01-0{number + 1}"),
            )
            old.db.conn.executemany(
                "INSERT INTO seats (session_id, position, name, members) VALUES (?, ?, ?, ?)",
                [
                    (token, seat, name, json.dumps(list(split_members(name))))
                    for seat, name in enumerate(names)
                ],
            )
        old.db.conn.commit()
    with Store(db_path, migrate=True) as upgraded:
        # Named as first written; "Ann & Dee" is a team: Ann and a new player Dee.
        assert roster(upgraded) == {"Ann": 3, "Bob": 2, "Cleo Lee": 2, "Dee": 1}
        assert seated(upgraded, "old-2") == {0: ("Cleo Lee",), 1: ("Ann", "Dee")}
        assert upgraded.players.get(1).spellings == ("Ann",)  # one key, kept as first written


def test_a_new_session_links_its_seats_to_known_players(store, token):
    again = store.sessions.create(Setup("war", ("ANN", "cleo")))
    assert seated(store, again) == {0: ("Ann",), 1: ("Cleo",)}
    assert roster(store)["Ann"] == 2 and roster(store)["Bob"] == 1


def test_renaming_keeps_old_sheets_and_the_old_spelling(store, token):
    cleo = next(p for p in store.players.all() if p.name == "Cleo")
    store.players.rename(cleo.id, "Cleopatra", cleo.version)
    assert store.sessions.get(token).setup.players[1] == "Cleo"  # the sheet as typed then
    later = store.sessions.create(Setup("war", ("cleo", "Fay")))
    assert seated(store, later)[0] == ("Cleopatra",)  # the old spelling still names her
    with pytest.raises(StaleWrite):  # the version she had before the rename
        store.players.rename(cleo.id, "Cleo", cleo.version)
    fay = next(p for p in store.players.all() if p.name == "Fay")
    with pytest.raises(NameTaken):
        store.players.rename(fay.id, "CLEOPATRA", fay.version)


def test_merging_moves_seats_and_spellings(store, token):
    other = store.sessions.create(Setup("war", ("Cleo", "Fey")))
    fey = next(p for p in store.players.all() if p.name == "Fey")
    fay = next(p for p in store.players.all() if p.name == "Fay")
    with pytest.raises(SamePlayer):
        store.players.merge(fey.id, fey.id)
    cleo = next(p for p in store.players.all() if p.name == "Cleo")
    with pytest.raises(SatTogether) as together:
        store.players.merge(cleo.id, fay.id, cleo.version, fay.version)
    assert [record.token for record in together.value.sessions] == [token]
    with pytest.raises(StaleWrite):
        store.players.merge(fey.id, fay.id, fey.version, fay.version + 1)
    store.players.merge(fey.id, fay.id, fey.version, fay.version)
    assert "Fey" not in roster(store) and roster(store)["Fay"] == 2
    assert seated(store, other)[1] == ("Fay",)
    assert store.players.get(fay.id).spellings == ("Fay", "Fey")
    assert store.players.get(fay.id).version == fay.version + 1
    assert seated(store, store.sessions.create(Setup("war", ("fey", "Ann"))))[0] == ("Fay",)


def test_a_saved_hand_is_returned_as_stored_without_reading_it_back(store):
    """add_hand builds the row it returns from what it wrote: it must equal the row on disk."""
    token = store.sessions.create(Setup("war", ("Ann", "Bob")))
    returned = store.hands.add(
        token, 1, {"winner": 0, "note": "é"}, (1.0, -1), by=Author("Ann", "phone-1")
    ).row
    assert returned == store.hands.history(token)[-1]
    assert returned.points == (1, -1)


def test_corrected_numbers_since_a_hand_reads_only_from_there(store):
    token = store.sessions.create(Setup("war", ("Ann", "Bob")))
    for number in (1, 2, 3):
        store.hands.add(token, number, {"winner": 0}, (1, -1))
    store.hands.correct(token, 1, {"winner": 1}, (-1, 1))
    store.hands.correct(token, 3, {"winner": 1}, (-1, 1))
    assert store.hands.corrected_numbers(token) == {1, 3}
    assert store.hands.corrected_numbers(token, 2) == {3}  # hand 1 is not among those shown


def test_the_last_counting_hand_is_read_from_the_top_past_undone_ones(store, token):
    """What tells a complete cache (`store.results.complete`): the highest hand that counts. Hands
    1-3 entered, hand 3 corrected, then 3 and 2 undone: hand 1 is the last that counts (hand
    3's correction and its first row are both taken back, an undo takes a hand back whole);
    hand 2 entered again counts again."""
    from companion.store.results import last_counting_number

    conn = store.db.conn
    assert last_counting_number(conn, token) is None
    for number in (1, 2, 3):
        store.hands.add(token, number, {"v": number}, None)
    store.hands.correct(token, 3, {"v": "c"}, None)
    assert last_counting_number(conn, token) == 3
    store.hands.undo_last(token)
    store.hands.undo_last(token)
    assert last_counting_number(conn, token) == 1
    assert [row.number for row in store.hands.effective(token)] == [1]
    store.hands.add(token, 2, {"v": "again"}, None)
    assert last_counting_number(conn, token) == 2


def test_an_older_file_loses_each_hands_standing_and_keeps_each_seats(db_path):
    # m016: a file whose cached results kept a standing per hand, and the seats' standing.
    with Store(db_path) as old:
        MIGRATIONS.apply(old.db, stop_before="m016_standing_worked_out_when_read")
        old.db.execute(
            "INSERT INTO sessions (id, game, options, first_dealer, created_at)"
            " VALUES ('old', 'war', '{}', 0, '2026-01-01')"
        )
        old.db.execute(
            "INSERT INTO hand_results (session_id, number, position, hand, totals, played,"
            " standing) VALUES ('old', 1, 0, '{}', '[1, 0]', 1, '{\"hands\": 1}')"
        )
        old.db.execute(
            "INSERT INTO seat_standings (session_id, seat, total, won, hands, counts,"
            " session_hands) VALUES ('old', 0, 1, 1, 1, '{}', 1)"
        )
        old.db.conn.commit()
    with Store(db_path, migrate=True) as upgraded:
        assert "standing" not in upgraded.db["hand_results"].columns_dict
        assert upgraded.db.execute("SELECT totals FROM hand_results").fetchall() == [("[1, 0]",)]
        assert upgraded.db.execute("SELECT seat, total FROM seat_standings").fetchall() == [(0, 1)]


def test_an_older_file_loses_its_yearly_sums_and_derives_its_pending_standings_again(db_path):
    # m017: a file with the yearly sums, their triggers and a session's standing pending.
    with Store(db_path) as old:
        MIGRATIONS.apply(old.db, stop_before="m017_one_copy_of_each_statistic")
        old.db.execute("CREATE TABLE stat_years (game TEXT, year TEXT, player INT, summary TEXT)")
        old.db.execute(
            "CREATE TRIGGER stale_year_sessions_in AFTER INSERT ON sessions BEGIN"
            " UPDATE stat_years SET summary = NULL; END"
        )
        old.db.execute("CREATE TABLE standing_pending (session_id TEXT PRIMARY KEY)")
        for token in ("kept", "pending"):
            old.db.execute(
                "INSERT INTO sessions (id, game, options, first_dealer, created_at)"
                " VALUES (?, 'war', '{}', 0, '2026-01-01')",
                (token,),
            )
            old.db.execute(
                "INSERT INTO hand_results (session_id, number, position, hand, totals, played)"
                " VALUES (?, 1, 0, '{}', '[1, 0]', 1)",
                (token,),
            )
            old.db.execute(
                "INSERT INTO seat_standings (session_id, seat, total, won, hands, counts,"
                " session_hands) VALUES (?, 0, 1, 1, 1, '{}', 1)",
                (token,),
            )
        old.db.execute("INSERT INTO standing_pending VALUES ('pending')")
        old.db.conn.commit()
    with Store(db_path, migrate=True) as upgraded:
        names = {name for (name,) in upgraded.db.execute("SELECT name FROM sqlite_master")}
        assert not names & {"stat_years", "standing_pending", "stale_year_sessions_in"}
        for table in ("hand_results", "seat_standings"):
            kept = upgraded.db.execute(f"SELECT session_id FROM {table}").fetchall()
            assert kept == [("kept",)], table  # the pending one is derived again at start
