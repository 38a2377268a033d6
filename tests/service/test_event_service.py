"""Club nights over a real SQLite file: the ranking worked by hand for a Skat series and a
French Tarot tournament, read from the tables' stored results; a late correction updates the
ranking and the event log says so; a table whose stored results were dropped is replayed for
the room, which writes nothing."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.engine.replay import Checked
from companion.service.event_refusals import Refusal, RoundRefused
from companion.service.events import Events
from companion.service.service import Service
from companion.store import EventRecord, Store, TableRow


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def plan(game: str, size: int, rounds: int, deals_each: int, **options: Any) -> EventRecord:
    other = {"skat": 3, "french-tarot": 5}[game]
    return EventRecord(
        "", "", "Club", game, options, size, other, "mixed", rounds, deals_each, 0, "points",
        "mixed", "",
    )  # fmt: skip


def seat_round(store: Store, key: str, number: int, tables: Sequence[Sequence[int]]) -> None:
    """The director's draw of a round, set by hand (the tests know who sits where), started."""
    store.events.save_draw(key, number, 0, tables, (), 0, "drawn")
    service = Service(store)
    event = service.events.get(key)
    assert event is not None
    service.events.start(event)


def play(store: Store, key: str, round_number: int, table: int, raws: list[dict[str, Any]]) -> str:
    """Save hands at one table through the pad, as its phones do; its session's token."""
    row = next(r for r in store.events.tables(key) if (r.round, r.number) == (round_number, table))
    assert row.session is not None
    for raw in raws:
        pad = Service(store).sessions.load(row.session)
        assert pad is not None
        result = Service(store).hands.add(pad, raw)
        assert not isinstance(result, Checked), result
    return row.session


def trump(
    game: str, matadors: int, points: int, declarer: int, result: str = "won"
) -> dict[str, Any]:
    return {"game": game, "declarer": declarer, "matadors": matadors, "card_points": points,
            "result": result}  # fmt: skip


PASS = {"game": "passed"}


def test_a_skat_series_ranks_by_the_extended_seeger_fabian_leistung(store: Store) -> None:
    events = Service(store).events
    key, problems = events.create(
        plan("skat", 4, rounds=2, deals_each=1, scoring="seeger_fabian"),
        ["Ann", "Bob", "Cat", "Dan"],
    )
    assert key is not None and not problems
    # Series 1, seats Ann, Bob, Cat, Dan (entrants 1–4); the dealer sits out at four.
    seat_round(store, key, 1, [(1, 2, 3, 4)])
    play(store, key, 1, 1, [
        # Ann deals; Bob spades with 2, game 3: 3 × 11 = 33, won: 33 + 50 = +83.
        trump("spades", 2, 70, declarer=1),
        # Bob deals; Cat Null, lost: −2 × 23 − 50 = −96; Ann, Bob and Dan +30 each.
        {"game": "null", "declarer": 2, "result": "lost"},
        # Cat deals; Dan clubs with 1, game 2: 2 × 12 = 24, won: 24 + 50 = +74.
        trump("clubs", 1, 61, declarer=3),
        # Dan deals; Ann Grand with 1, game 2: 2 × 24 = 48, won: 48 + 50 = +98.
        trump("grand", 1, 80, declarer=0),
    ])  # fmt: skip
    # Series 1: Ann 30 + 98 = 128; Bob 83 + 30 = 113; Cat −96; Dan 30 + 74 = 104.
    # Series 2, seats Bob, Cat, Dan, Ann.
    seat_round(store, key, 2, [(2, 3, 4, 1)])
    play(store, key, 2, 1, [
        # Bob deals; Cat hearts with 1, game 2: 2 × 10 = 20, lost: −2 × 20 − 50 = −90;
        # Bob, Dan and Ann +30 each.
        trump("hearts", 1, 55, declarer=1, result="lost"),
        # Cat deals; Dan diamonds with 1, game 2: 2 × 9 = 18, won: 18 + 50 = +68.
        trump("diamonds", 1, 61, declarer=2),
        # Dan deals; everyone passes: nothing on the list.
        PASS,
        # Ann deals; Bob Grand with 1: 48 + 50 = +98.
        trump("grand", 1, 80, declarer=0),
    ])  # fmt: skip
    # Series 2: Bob 30 + 98 = 128; Cat −90; Dan 30 + 68 = 98; Ann 30.
    event = events.get(key)
    assert event is not None
    room = events.room(event)
    # Totals: Bob 113 + 128 = 241; Dan 104 + 98 = 202; Ann 128 + 30 = 158; Cat −96 − 90 = −186.
    assert [(line.place, room.entrants[line.entrant], line.rounds, line.total)
            for line in room.ranking] == [
        (1, "Bob", (113, 128), 241),
        (2, "Dan", (104, 98), 202),
        (3, "Ann", (128, 30), 158),
        (4, "Cat", (-96, -90), -186),
    ]  # fmt: skip
    assert [(t.row.deals, t.length, t.over) for t in room.tables] == [(4, 4, True), (4, 4, True)]
    # The counts a Skat list prints beside each name, games won and lost as declarer: Ann the
    # Grand of series 1; Bob the spades and the Grand of series 2; Cat the Null and the hearts
    # lost; Dan the clubs and the diamonds. The passed game is nobody's.
    assert room.records == {1: (1, 0), 2: (2, 0), 3: (0, 2), 4: (2, 0)}


# French Tarot, 4 players (tests/games/test_french_tarot.py): a garde made by the taker of
# seat `s` (2 bouts, 47 points: (25 + 6) × 2 = 62 from each defender, +186) or failed (1 bout,
# 40 points: (25 + 11) × 2 = 72 to each defender, −216).
def made(seat: int) -> dict[str, Any]:
    return {"contract": "garde", "taker": str(seat), "counted_side": "taker", "points": "47",
            "bouts": "2", "petit_au_bout": "none", "chelem": "none"}  # fmt: skip


def failed(seat: int) -> dict[str, Any]:
    return {**made(seat), "points": "40", "bouts": "1"}


def test_a_french_tarot_tournament_of_two_rounds(store: Store) -> None:
    events = Service(store).events
    key, _ = events.create(plan("french-tarot", 4, rounds=2, deals_each=1), list("ABCDEFGH"))
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    # Table 1: made 0, failed 1, made 2, failed 3:
    #   seat 0: 186 + 72 − 62 + 72 = 268; seat 1: −62 − 216 − 62 + 72 = −268;
    #   seat 2: −62 + 72 + 186 + 72 = 268; seat 3: −62 + 72 − 62 − 216 = −268.
    play(store, key, 1, 1, [made(0), failed(1), made(2), failed(3)])
    # Table 2: made 0, made 1, failed 2, failed 3:
    #   seat 0: 186 − 62 + 72 + 72 = 268; seat 1: −62 + 186 + 72 + 72 = 268;
    #   seat 2: −62 − 62 − 216 + 72 = −268; seat 3: −62 − 62 + 72 − 216 = −268.
    play(store, key, 1, 2, [made(0), made(1), failed(2), failed(3)])
    seat_round(store, key, 2, [(1, 5, 2, 6), (3, 7, 4, 8)])
    # Table 1 (A, E, B, F): made 0 three times, failed 1:
    #   seat 0: 3 × 186 + 72 = 630; seat 1: 3 × −62 − 216 = −402; seats 2, 3: −186 + 72 = −114.
    play(store, key, 2, 1, [made(0), made(0), made(0), failed(1)])
    # Table 2 (C, G, D, H): failed 0, made 1 three times:
    #   seat 0: −216 − 3 × 62 = −402 (a failed garde, then a defender three times);
    #   seat 1: 72 + 3 × 186 = 630; seats 2, 3: 72 − 3 × 62 = −114.
    play(store, key, 2, 2, [failed(0), made(1), made(1), made(1)])
    event = events.get(key)
    assert event is not None
    room = events.room(event)
    # A 268 + 630 = 898; G −268 + 630 = 362; F 268 − 114 = 154; C 268 − 402 = −134 and
    # E 268 − 402 = −134 (equal best round 268, equal last round −402: they share 4th);
    # B −268 − 114, D −268 − 114, H −268 − 114 = −382 (all equal: they share 6th).
    assert [(line.place, room.entrants[line.entrant], line.total) for line in room.ranking] == [
        (1, "A", 898), (2, "G", 362), (3, "F", 154), (4, "C", -134), (4, "E", -134),
        (6, "B", -382), (6, "D", -382), (6, "H", -382),
    ]  # fmt: skip
    assert room.ranking[0].rounds == (268, 630) and room.ranking[0].tables == (1, 1)


def test_a_late_correction_updates_the_ranking_and_the_log_says_so(store: Store) -> None:
    events = Service(store).events
    key, _ = events.create(plan("french-tarot", 4, rounds=1, deals_each=1), list("ABCD"))
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4)])
    token = play(store, key, 1, 1, [made(0), made(1), made(2), made(3)])
    event = events.get(key)
    assert event is not None
    # Everyone made a garde once: 186 − 3 × 62 = 0 each.
    assert [line.total for line in events.room(event).ranking] == [0, 0, 0, 0]
    pad = Service(store).sessions.load(token)
    assert pad is not None
    fixed = Service(store).hands.correct(pad, 1, failed(0))
    assert not isinstance(fixed, Checked)
    room = events.room(event, with_log=True)
    # Hand 1 now failed: A −216 − 186 = −402; B, C, D +72 each: 72 + 186 − 124 = 134.
    assert sorted(line.total for line in room.ranking) == [-402, 134, 134, 134]
    assert room.log[-1][1] == (
        "Round 1, table 1: hand 1 corrected after the round; the ranking is updated."
    )


def test_a_table_without_stored_results_is_replayed_and_nothing_written(store: Store) -> None:
    events = Service(store).events
    key, _ = events.create(plan("french-tarot", 4, rounds=1, deals_each=1), list("ABCD"))
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4)])
    token = play(store, key, 1, 1, [made(0), failed(1)])
    with store._write() as conn:
        conn.execute("DELETE FROM hand_results WHERE session_id = ?", (token,))
    assert not store.events.tables(key)[0].complete
    event = events.get(key)
    assert event is not None
    changes = store.db.conn.total_changes
    # A: 186 + 72 = 258; B: −62 − 216 = −278; C, D: −62 + 72 = 10.
    room = events.room(event)
    assert [line.total for line in room.ranking] == [258, 10, 10, -278]
    assert room.tables[0].row.deals == 2
    assert store.db.conn.total_changes == changes  # a page of the room writes nothing
    assert not store.events.tables(key)[0].complete  # the pad derives them when opened


def test_a_timed_round_is_over_when_its_time_is_up(store: Store) -> None:
    events = Service(store).events
    timed = plan("french-tarot", 4, rounds=1, deals_each=1)
    key, _ = events.create(EventRecord(**{**timed.__dict__, "minutes": 60}), list("ABCD"))
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4)])
    play(store, key, 1, 1, [made(0)])
    event = events.get(key)
    assert event is not None
    assert [(t.row.deals, t.over, t.idle) for t in events.room(event).tables] == [(1, False, False)]
    with store._write() as conn:  # the round began long before its 60 minutes
        conn.execute("UPDATE event_rounds SET started_at = '2020-01-01T19:00:00.000+00:00'")
    room = events.room(event)
    assert room.tables[0].over  # 1 deal of 4, but the 60 minutes are up


def test_a_draw_by_the_standings_seats_the_leaders_together(store: Store) -> None:
    events = Service(store).events
    by_standings = EventRecord(
        **{**plan("french-tarot", 4, rounds=2, deals_each=1).__dict__, "draw_order": "standings"}
    )
    key, _ = events.create(by_standings, list("ABCDEFGH"))
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    # Table 1: A made, B failed: A 186 + 72 = 258, B −62 − 216 = −278, C and D 10 each.
    play(store, key, 1, 1, [made(0), failed(1)])
    # Table 2: E made twice: E 372, F, G, H −124 each.
    play(store, key, 1, 2, [made(0), made(0)])
    event = events.get(key)
    assert event is not None
    seating = events.draw_next(event, seed=3, playing_confirmed=True)  # 2 of 4 deals played
    assert seating is not None
    # Standings: E 372, A 258, C 10, D 10 | F, G, H −124, B −278.
    assert sorted(seating.tables[0]) == [1, 3, 4, 5]
    assert sorted(seating.tables[1]) == [2, 6, 7, 8]


def test_an_undone_hand_leaves_the_ranking(store: Store) -> None:
    events = Service(store).events
    key, _ = events.create(plan("french-tarot", 4, rounds=1, deals_each=1), list("ABCD"))
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4)])
    token = play(store, key, 1, 1, [made(0), failed(1)])
    pad = Service(store).sessions.load(token)
    assert pad is not None
    assert Service(store).hands.undo_last(pad) == 2
    event = events.get(key)
    assert event is not None
    room = events.room(event)
    # Hand 2 taken back: A 186, B, C, D −62 each, after 1 deal.
    assert [line.total for line in room.ranking] == [186, -62, -62, -62]
    assert room.tables[0].row.deals == 1 and room.tables[0].row.complete


# ---------------------------------------------------------------- a round starts as drawn


def seated_as_drawn(store: Store, key: str, round_number: int) -> list[bool]:
    """For each table of the round: whether its session seats its row's entrants, in order."""
    entrants = store.events.entrants(key)
    found = []
    for row in store.events.tables(key):
        if row.round == round_number:
            assert row.session is not None
            record = store.sessions.get(row.session)
            assert record is not None
            found.append(list(record.setup.players) == [entrants[seat] for seat in row.seats])
    return found


def skat_night(store: Store, entrants: int = 9) -> tuple[Events, EventRecord]:
    events = Service(store).events
    key, problems = events.create(plan("skat", 3, rounds=2, deals_each=1), NAMES[:entrants])
    assert key is not None, problems
    event = events.get(key)
    assert event is not None
    return events, event


NAMES = [f"Player {number}" for number in range(1, 13)]


def test_a_start_refuses_a_draw_its_page_did_not_show(store: Store) -> None:
    events, event = skat_night(store)
    events.draw_next(event, seed=1)
    shown = store.events.rounds(event.key)[-1].draw_version
    events.swap(event, 1, 5)  # another tab swaps two players after the page was read
    with pytest.raises(RoundRefused) as refused:
        events.start(event, shown)
    assert refused.value.reason is Refusal.DRAW_CHANGED
    assert all(row.session is None for row in store.events.tables(event.key))
    now = store.events.rounds(event.key)[-1].draw_version
    assert now > shown
    events.start(event, now)
    assert seated_as_drawn(store, event.key, 1) == [True, True, True]


def test_a_draw_again_that_loses_to_the_start_says_the_round_started(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    events, event = skat_night(store)
    events.draw_next(event, seed=1)
    other = Service(store).events
    room = events.room

    def start_lands_meanwhile(event: EventRecord, **options: Any) -> Any:
        found = room(event, **options)
        other.start(event)  # the director's other tap, between the draw's reading and writing
        return found

    monkeypatch.setattr(events, "room", start_lands_meanwhile)
    with pytest.raises(RoundRefused) as refused:
        events.draw_next(event, seed=2)
    assert refused.value.reason is Refusal.STARTED
    assert seated_as_drawn(store, event.key, 1) == [True, True, True]


def test_a_swap_that_loses_to_the_start_says_the_round_started(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    events, event = skat_night(store)
    events.draw_next(event, seed=1)
    tables = store.events.tables

    def start_lands_meanwhile(key: str) -> list[TableRow]:
        found = tables(key)
        monkeypatch.setattr(store.events, "tables", tables)
        Service(store).events.start(event)
        return found

    monkeypatch.setattr(store.events, "tables", start_lands_meanwhile)
    with pytest.raises(RoundRefused) as refused:
        events.swap(event, 1, 5)
    assert refused.value.reason is Refusal.STARTED
    assert seated_as_drawn(store, event.key, 1) == [True, True, True]


def test_a_second_start_and_a_swap_of_one_player_are_refused_in_words(store: Store) -> None:
    events, event = skat_night(store)
    with pytest.raises(RoundRefused) as refused:
        events.start(event)
    assert refused.value.reason is Refusal.NOT_DRAWN
    events.draw_next(event, seed=1)
    with pytest.raises(RoundRefused) as refused:
        events.swap(event, 3, 3)
    assert refused.value.reason is Refusal.NOT_TWO_ENTRANTS
    events.start(event)
    with pytest.raises(RoundRefused) as refused:  # a second tap
        events.start(event)
    assert refused.value.reason is Refusal.STARTED


@pytest.mark.parametrize("trial", range(20))
def test_draw_again_and_swaps_racing_the_start_never_seat_a_pad_off_its_row(
    tmp_path: Path, trial: int
) -> None:
    """Two directors' phones on one file, each its own connection: one draws again and swaps
    as fast as it can while the other starts the round at a random moment; whatever lands
    first, every table's pad seats the players of its row."""
    path = tmp_path / "night.sqlite3"
    with Store(path, migrate=True) as store:
        events, event = skat_night(store, entrants=12)
        events.draw_next(event, seed=trial)
    chance = random.Random(trial)
    started = threading.Event()

    def redraw() -> None:
        with Store(path) as own:
            mine = Service(own).events
            while not started.is_set():
                try:
                    if chance.random() < 0.5:
                        mine.draw_next(event)
                    else:
                        mine.swap(event, chance.randrange(1, 13), chance.randrange(1, 13))
                except RoundRefused:
                    pass

    def start() -> None:
        time.sleep(chance.random() * 0.05)
        with Store(path) as own:
            while True:
                try:
                    Service(own).events.start(event)
                    break
                except RoundRefused as refused:
                    assert refused.reason is Refusal.DRAW_CHANGED
        started.set()

    threads = [threading.Thread(target=redraw), threading.Thread(target=start)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert started.is_set()
    with Store(path) as store:
        assert seated_as_drawn(store, event.key, 1) == [True, True, True, True]
