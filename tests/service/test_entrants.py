"""The entrants as they come (service/entrants.py): a late entrant, a withdrawal, a substitute
credited or not, and the pairs kept apart; the rounds played stay, the rest is planned again,
the log says what changed, and the ranking follows docs/rulings.md ("Club night"). Every
figure is worked by hand in the comments."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.service.entrants import ChangeRefused, Refused
from companion.service.service import Service
from companion.store import EventRecord, Store
from tests.service.test_event_service import made, plan, play, seat_round


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def night(store: Store, names: list[str], rounds: int) -> EventRecord:
    service = Service(store)
    key, problems = service.events.create(plan("french-tarot", 4, rounds, 1), names)
    assert key is not None, problems
    event = service.events.get(key)
    assert event is not None
    return event


TWELVE = [f"P{n}" for n in range(1, 13)]


def seated(tables: tuple[tuple[int, ...], ...], byes: tuple[int, ...] = ()) -> list[int]:
    return sorted([seat for table in tables for seat in table] + list(byes))


def test_a_late_entrant_after_round_one_and_a_withdrawal_after_round_two(store: Store) -> None:
    service = Service(store)
    event = night(store, TWELVE, rounds=3)
    round_one = service.events.draw_next(event, 8)
    service.events.start(event)
    number = service.entrants.add_late(event, "Mo")
    assert number == 13
    stored = service.movements.stored(event.key)
    assert stored is not None and stored.from_round == 2
    # 13 at French Tarot tables of 4 (or 5): 4 + 4 + 5, everyone seated in rounds 2 and 3.
    for planned in stored.rounds:
        assert sorted(map(len, planned.tables)) == [4, 4, 5]
        assert seated(planned.tables, planned.byes) == list(range(1, 14))
    drawn = [row.seats for row in service.movements.tables(event.key) if row.round == 1]
    assert tuple(drawn) == round_one.tables  # round 1 stays as played
    round_two = service.events.draw_next(event, 99, playing_confirmed=True)
    assert round_two.tables == stored.rounds[0].tables  # drawn as re-planned
    service.events.start(event)
    service.entrants.withdraw(event, 5)
    stored = service.movements.stored(event.key)
    assert stored is not None and stored.from_round == 3
    # 12 left at three tables of 4, P5 not among them.
    (last,) = stored.rounds
    assert sorted(map(len, last.tables)) == [4, 4, 4]
    assert seated(last.tables, last.byes) == [n for n in range(1, 14) if n != 5]
    words = [str(w) for _, w in service.events.log_lines(event)]
    assert (
        "The director added Mo (no. 13), who plays from round 2; "
        "the rounds not started are planned again." in words
    )
    assert (
        "The director withdrew P5 (no. 5) after round 2; "
        "the rounds not started are planned again." in words
    )
    line = next(x for x in service.events.room(event).ranking if x.entrant == 13)
    assert line.rounds[0] is None  # round 1 missed: no figure, not a zero


def test_a_waiting_round_is_drawn_again_for_a_late_entrant(store: Store) -> None:
    service = Service(store)
    event = night(store, TWELVE, rounds=2)
    service.events.draw_next(event, 1)  # round 1 drawn, not started
    service.entrants.add_late(event, "Mo")
    (row,) = service.movements.rounds(event.key)
    tables = [t.seats for t in service.movements.tables(event.key)]
    assert row.started_at is None and seated(tuple(tables), row.byes) == list(range(1, 14))


def substituted_night(store: Store, credited: bool) -> Service:
    """Eight at two tables; A (no. 1) makes a garde at table 1 and E (no. 5) at table 2 in
    round 1; then Zed sits in A's seats and makes a garde in round 2, C (no. 3) at table 2."""
    service = Service(store)
    event = night(store, list("ABCDEFGH"), rounds=2)
    seat_round(store, event.key, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    play(store, event.key, 1, 1, [made(0)])
    play(store, event.key, 1, 2, [made(0)])
    service.entrants.substitute(event, 1, "Zed", credited)
    seat_round(store, event.key, 2, [(1, 5, 2, 6), (3, 7, 4, 8)])
    play(store, event.key, 2, 1, [made(0)])
    play(store, event.key, 2, 2, [made(0)])
    return service


def test_a_substitute_not_credited_counts_for_nobody(store: Store) -> None:
    service = substituted_night(store, credited=False)
    (event,) = service.events.all()
    room = service.events.room(event)
    assert room.tables_of(2)[0].names == ("Zed", "E", "B", "F")
    # A made garde is +186 to the taker, −62 to each defender.
    # Round 1: A 186, E 186, B C D F G H −62. Round 2: Zed 186 (nobody's), C 186; E B F G D H
    # −62. Totals: A 186; C −62 + 186 = 124; E 186 − 62 = 124 (C ahead: equal best round,
    # better last round); B D F G H −124, sharing 4th.
    assert [(x.place, room.entrants[x.entrant], x.rounds, x.total) for x in room.ranking] == [
        (1, "A", (186, None), 186), (2, "C", (-62, 186), 124), (3, "E", (186, -62), 124),
        (4, "B", (-62, -62), -124), (4, "D", (-62, -62), -124), (4, "F", (-62, -62), -124),
        (4, "G", (-62, -62), -124), (4, "H", (-62, -62), -124),
    ]  # fmt: skip
    words = [str(w) for _, w in service.events.log_lines(event)]
    assert (
        "The director seated Zed for A (no. 1) from round 2; those rounds count for nobody."
        in words
    )


def test_a_substitute_credited_counts_for_the_entrant(store: Store) -> None:
    service = substituted_night(store, credited=True)
    (event,) = service.events.all()
    room = service.events.room(event)
    # A 186 + Zed's 186 = 372.
    assert (room.ranking[0].entrant, room.ranking[0].rounds, room.ranking[0].total) == (
        1, (186, 186), 372,
    )  # fmt: skip


def refused(call: object) -> Refused:
    assert callable(call)
    with pytest.raises(ChangeRefused) as caught:
        call()
    return caught.value.reason


def test_changes_refused_in_words_and_nothing_saved(store: Store) -> None:
    service = Service(store)
    event = night(store, list("ABCD"), rounds=1)
    version = service.movements.version(event.key)
    service.entrants.add_late(event, "Eve", version)
    # The page's version is stale now: refused, and no sixth entrant.
    assert refused(lambda: service.entrants.add_late(event, "Fay", version)) is Refused.CHANGED
    assert refused(lambda: service.entrants.add_late(event, "x" * 41)) is Refused.NAME
    assert refused(lambda: service.entrants.add_late(event, "a")) is Refused.NAME_TWICE
    assert refused(lambda: service.entrants.add_late(event, "")) is Refused.NAME
    assert refused(lambda: service.entrants.withdraw(event, 99)) is Refused.NO_ENTRANT
    assert refused(lambda: service.entrants.keep_apart(event, 2, 2)) is Refused.SAME
    service.entrants.withdraw(event, 5)
    # Four left at French Tarot: one more withdrawn would leave no table.
    assert refused(lambda: service.entrants.withdraw(event, 4)) is Refused.TOO_FEW
    assert len(store.events.entrants(event.key)) == 5
    service.events.draw_next(event, 1)
    service.events.start(event)
    assert refused(lambda: service.entrants.add_late(event, "Gus")) is Refused.TOO_LATE
