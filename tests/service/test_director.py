"""The evening directed (companion/service/director.py, issue 37), over a real SQLite file: a
table plays its round and no further, the director lengthens one table's round or lets a table
whose time is up finish its deal, closes a table, a round and the evening (each logged), and
the next round is drawn while tables play only once the director confirms it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.engine.replay import Checked
from companion.engine.round_clock import Clock, Zone
from companion.service.director import PinAnswer
from companion.service.event_refusals import Refusal, RoundRefused
from companion.service.service import Service
from companion.store import EventRecord, Store
from tests.service.test_event_service import made, plan, play, seat_round


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def two_tables(store: Store, minutes: int = 0) -> tuple[Service, EventRecord]:
    """French Tarot, 8 entrants at two tables of four, one deal each a round (4 deals a
    table), two rounds; round 1 started."""
    service = Service(store)
    timed = EventRecord(
        **{**plan("french-tarot", 4, rounds=2, deals_each=1).__dict__, "minutes": minutes}
    )
    key, _ = service.events.create(timed, list("ABCDEFGH"))
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    event = service.events.get(key)
    assert event is not None
    return service, event


def save(service: Service, token: str, raw: dict[str, Any]) -> Checked | None:
    """Save the next hand at a table: None when saved, else the refusal."""
    pad = service.sessions.load(token)
    assert pad is not None
    result = service.hands.add(pad, raw)
    return result if isinstance(result, Checked) else None


def refusal_words(refused: Checked | None) -> str:
    assert refused is not None, "the hand was saved"
    return " ".join(str(problem.message) for problem in refused.problems)


def log_words(service: Service, event: EventRecord) -> list[str]:
    return [str(words) for _, words in service.events.log_lines(event)]


def test_a_table_takes_no_fifth_deal_of_a_four_deal_round(store: Store) -> None:
    service, event = two_tables(store)
    token = play(store, event.key, 1, 1, [made(0), made(1), made(2), made(3)])
    words = refusal_words(save(service, token, made(0)))
    assert words == "This round is over for your table: 4 of 4 deals."
    assert len(store.hands.effective(token)) == 4


def test_the_director_lengthens_one_tables_round_by_a_deal(store: Store) -> None:
    service, event = two_tables(store)
    token = play(store, event.key, 1, 1, [made(0), made(1), made(2), made(3)])
    service.director.lengthen(event, 1, 1)
    assert save(service, token, made(0)) is None  # the fifth deal, allowed
    assert (
        refusal_words(save(service, token, made(1)))
        == "This round is over for your table: 5 of 5 deals."
    )
    room = service.events.room(event)
    assert [(t.row.deals, t.length) for t in room.tables_of(1)] == [(5, 5), (0, 4)]
    assert "Round 1, table 1: one more deal allowed by the director." in log_words(service, event)


def test_a_table_whose_time_is_up_finishes_its_deal_only_if_the_director_allows(
    store: Store,
) -> None:
    service, event = two_tables(store, minutes=60)
    token = play(store, event.key, 1, 1, [made(0)])
    with store._write() as conn:  # the round began long before its 60 minutes
        conn.execute("UPDATE event_rounds SET started_at = '2020-01-01T19:00:00.000+00:00'")
    assert refusal_words(save(service, token, made(1))) == (
        "Time is up for this round: your table has played 1 of 4 deals. "
        "Ask the director to allow the deal in progress."
    )
    service.director.allow_deal_in_progress(event, 1, 1)
    assert save(service, token, made(1)) is None  # deal 2, the one in progress
    assert save(service, token, made(2)) is not None  # deal 3: the time is still up
    assert (
        "Round 1, table 1: the deal in progress allowed after the time (up to 2 deals)."
        in log_words(service, event)
    )


def test_the_deal_in_progress_is_not_allowed_while_the_time_runs(store: Store) -> None:
    service, event = two_tables(store, minutes=60)
    with pytest.raises(RoundRefused) as refused:
        service.director.allow_deal_in_progress(event, 1, 1)
    assert refused.value.reason is Refusal.TIME_NOT_UP


def test_a_closed_table_takes_no_deal_and_the_room_says_closed(store: Store) -> None:
    service, event = two_tables(store)
    token = play(store, event.key, 1, 2, [made(0), made(1)])
    service.director.close_table(event, 1, 2)
    pad = service.sessions.load(token)
    assert pad is not None and pad.ended
    table = service.events.room(event).table(1, 2)
    assert table is not None and table.row.closed and table.over and table.row.deals == 2
    assert "Closed by the director: round 1 table 2." in log_words(service, event)
    with pytest.raises(RoundRefused) as refused:
        service.director.close_table(event, 1, 2)  # a second tap
    assert refused.value.reason is Refusal.NO_TABLE


def test_the_next_round_is_drawn_while_tables_play_only_once_confirmed(store: Store) -> None:
    service, event = two_tables(store)
    play(store, event.key, 1, 1, [made(0), made(1), made(2), made(3)])  # table 1 done
    play(store, event.key, 1, 2, [made(0)])  # table 2: 1 of 4
    with pytest.raises(RoundRefused) as refused:
        service.events.draw_next(event, seed=1)
    assert refused.value.reason is Refusal.TABLES_PLAYING
    assert [(t.row.round, t.row.number, t.row.deals) for t in refused.value.tables] == [(1, 2, 1)]
    assert store.events.rounds(event.key)[-1].round == 1  # nothing drawn
    service.events.draw_next(event, seed=1, playing_confirmed=True)
    service.events.start(event)
    live = service.events.room(event).live_tables
    # Round 2's two tables, and round 1's table 2, still playing, stays in the room.
    assert [(t.row.round, t.row.number) for t in live] == [(1, 2), (2, 1), (2, 2)]


def test_closing_a_round_closes_its_open_tables_as_they_stand(store: Store) -> None:
    service, event = two_tables(store)
    play(store, event.key, 1, 1, [made(0), made(1), made(2), made(3)])
    play(store, event.key, 1, 2, [made(0)])
    service.director.close_round(event, 1)
    tables = service.events.room(event).tables_of(1)
    assert [(t.row.closed, t.row.deals) for t in tables] == [(True, 4), (True, 1)]
    assert service.events.room(event).playing == 0


def test_the_closed_evening_is_final_and_takes_no_more_draws(store: Store) -> None:
    service, event = two_tables(store)
    play(store, event.key, 1, 1, [made(0)])
    service.director.close_evening(event)
    closed = service.events.get(event.key)
    assert closed is not None and closed.closed_at is not None
    assert all(t.row.closed for t in service.events.room(closed).tables)
    with pytest.raises(RoundRefused) as refused:
        service.events.draw_next(closed, seed=1, playing_confirmed=True)
    assert refused.value.reason is Refusal.CLOSED
    with pytest.raises(RoundRefused):
        service.director.close_evening(closed)
    assert log_words(service, closed)[-1] == (
        "The evening closed by the director (round 1 table 1, round 1 table 2 closed with it): "
        "the results are final."
    )


def test_the_room_shows_the_last_started_rounds_clock(store: Store) -> None:
    service, event = two_tables(store, minutes=60)
    started = datetime.now(UTC) - timedelta(minutes=55)  # 5 of its 60 minutes left
    with store._write() as conn:
        conn.execute("UPDATE event_rounds SET started_at = ?", (started.isoformat(),))
    shown = service.events.room(event).clock
    assert shown is not None and shown.round == 1
    assert shown.clock.zone is Zone.LAST_MINUTES
    assert 290 <= shown.clock.seconds_left <= 300  # 5 × 60, less the test's own seconds
    with store._write() as conn:
        conn.execute("UPDATE event_rounds SET started_at = '2020-01-01T19:00:00.000+00:00'")
    over = service.events.room(event).clock
    assert over is not None and over.clock == Clock(0, Zone.OVER)
    untimed_service, untimed = two_tables(store)
    assert untimed_service.events.room(untimed).clock is None


def test_a_second_tap_of_draw_the_next_round_draws_nothing_more(store: Store) -> None:
    # Found at the table: two taps of "Draw round 2" (or of its confirmation) drew round 2
    # twice, the second draw silently replacing the one the director was looking at.
    service, event = two_tables(store)
    service.events.draw_next(event, seed=1, playing_confirmed=True, fresh=2)
    drawn = store.events.tables(event.key)
    with pytest.raises(RoundRefused) as refused:
        service.events.draw_next(event, seed=2, playing_confirmed=True, fresh=2)
    assert refused.value.reason is Refusal.ALREADY_DRAWN
    assert store.events.tables(event.key) == drawn
    assert log_words(service, event).count("Round 2 drawn: 4 repeated meetings.") == 1
    service.events.draw_next(event, seed=2)  # "Draw again" asks for no new round: drawn again
    assert len([line for line in log_words(service, event) if "Round 2 drawn" in line]) == 2


def test_two_taps_at_once_of_draw_the_next_round_draw_it_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found trying an evening: two taps at once both read "round 2 not drawn" before either
    # wrote, and both drew it. The second is now refused in the draw's own transaction.
    service, event = two_tables(store)
    before = store.events.rounds(event.key)  # what the second tap read: round 1 only
    service.events.draw_next(event, seed=1, playing_confirmed=True, fresh=2)
    drawn = store.events.tables(event.key)
    stale, rounds = iter([before]), store.events.rounds  # its first read only was stale
    monkeypatch.setattr(store.events, "rounds", lambda key: next(stale, None) or rounds(key))
    with pytest.raises(RoundRefused) as refused:
        service.events.draw_next(event, seed=2, playing_confirmed=True, fresh=2)
    assert refused.value.reason is Refusal.ALREADY_DRAWN
    monkeypatch.undo()
    assert store.events.tables(event.key) == drawn
    assert len([line for line in log_words(service, event) if "Round 2 drawn" in line]) == 1


def table_token(store: Store, key: str, round_number: int, number: int) -> str:
    row = next(r for r in store.events.tables(key) if (r.round, r.number) == (round_number, number))
    assert row.session is not None
    return row.session


def test_the_ranking_is_hidden_from_the_followers_for_the_last_round_until_closed(
    store: Store,
) -> None:
    service, event = two_tables(store)  # two rounds; round 1 started
    service.director.hide_last(event, 1)
    event = service.events.get(event.key) or event
    assert event.hide_last == 1
    assert not service.events.room(event).ranking_hidden  # round 1 is not the last round
    seat_round(store, event.key, 2, [(1, 3, 5, 7), (2, 4, 6, 8)])
    assert service.events.room(event).ranking_hidden  # round 2 of 2 started
    assert "The running ranking hidden from the followers for the last round." in log_words(
        service, event
    )
    service.director.close_evening(event)
    closed = service.events.get(event.key)
    assert closed is not None and not service.events.room(closed).ranking_hidden


def test_hiding_more_rounds_than_the_event_has_is_refused(store: Store) -> None:
    service, event = two_tables(store)
    with pytest.raises(RoundRefused) as refused:
        service.director.hide_last(event, 3)
    assert refused.value.reason is Refusal.NOT_ROUNDS
    assert (service.events.get(event.key) or event).hide_last == 0


def test_a_table_calls_the_director_until_the_director_answers(store: Store) -> None:
    service, event = two_tables(store)
    token = table_token(store, event.key, 1, 2)
    service.director.call(token, "  A revoke\u200b at   trick 3 ")  # read as a name is read
    first = service.events.room(event).table(1, 2)
    assert first is not None and first.row.call_words == "A revoke at trick 3"
    assert first.row.called_at is not None
    seat = service.events.seat_of(token, 0)
    assert seat is not None and seat.called_at == first.row.called_at
    service.director.call(token, "Still waiting")  # again: new words, the first call's time
    again = service.events.room(event).table(1, 2)
    assert again is not None and again.row.call_words == "Still waiting"
    assert again.row.called_at == first.row.called_at
    service.director.clear_call(event, 1, 2)
    cleared = service.events.room(event).table(1, 2)
    assert cleared is not None and cleared.row.called_at is None
    assert log_words(service, event)[-3:] == [
        "Round 1, table 2 called the director: “A revoke at trick 3”.",
        "Round 1, table 2 called the director: “Still waiting”.",
        "Round 1, table 2: the director answered the call.",
    ]
    with pytest.raises(RoundRefused) as refused:
        service.director.clear_call(event, 1, 2)  # a second tap: nothing waiting
    assert refused.value.reason is Refusal.NO_TABLE


def test_closing_a_table_clears_its_call_and_a_closed_table_calls_no_more(store: Store) -> None:
    service, event = two_tables(store)
    token = table_token(store, event.key, 1, 1)
    service.director.call(token, "")
    service.director.close_table(event, 1, 1)
    table = service.events.room(event).table(1, 1)
    assert table is not None and table.row.called_at is None
    with pytest.raises(RoundRefused) as refused:
        service.director.call(token, "Come back")
    assert refused.value.reason is Refusal.NO_TABLE
    plain, _ = service.sessions.start("french-tarot", ["A", "B", "C", "D"], {})
    with pytest.raises(RoundRefused):
        service.director.call(plain, "")  # a plain session has no director


def test_the_pin_opens_the_directors_page_and_five_wrong_ones_pause_it(store: Store) -> None:
    service = Service(store)
    key, problems = service.events.create(plan("french-tarot", 4, 2, 1), list("ABCD"), "2468")
    assert problems == [] and key is not None
    event = service.events.get(key)
    assert event is not None
    assert service.director.pins() == [(event.follow, "Club", event.created_at)]
    (stored,) = store.db.execute("SELECT pin_hash FROM events").fetchone()
    assert "2468" not in stored  # only its salted hash is kept
    answer, opened = service.director.open_with_pin(event.follow, "2468")
    assert answer is PinAnswer.OPENED and opened is not None and opened.key == key
    answers = [service.director.open_with_pin(event.follow, "1111")[0] for _ in range(5)]
    assert answers == [PinAnswer.WRONG] * 5
    assert service.director.open_with_pin(event.follow, "2468") == (PinAnswer.PAUSED, None)
    with store._write() as conn:  # the pause of PIN_PAUSE has run out
        conn.execute("UPDATE events SET pin_locked_until = '2020-01-01T00:00:00+00:00'")
    answer, opened = service.director.open_with_pin(event.follow, "2468")
    assert answer is PinAnswer.OPENED and opened is not None
    assert log_words(service, event).count("A wrong PIN was tried for the director's page.") == 5


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "１２３４"])
def test_a_pin_is_four_to_eight_digits(store: Store, pin: str) -> None:
    key, problems = Service(store).events.create(plan("french-tarot", 4, 2, 1), list("ABCD"), pin)
    assert key is None
    assert [(p.field, str(p.message)) for p in problems] == [
        ("pin", "A PIN is 4 to 8 digits (or leave it empty).")
    ]


def test_an_event_without_a_pin_is_not_opened_by_one(store: Store) -> None:
    service = Service(store)
    key, _ = service.events.create(plan("french-tarot", 4, 2, 1), list("ABCD"))
    event = service.events.get(key or "")
    assert event is not None and service.director.pins() == []
    assert service.director.open_with_pin(event.follow, "") == (PinAnswer.NO_PIN, None)
    assert service.director.open_with_pin("no such key", "1234") == (PinAnswer.NO_PIN, None)
