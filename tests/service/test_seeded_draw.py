"""Round 1 seeded by rating, through the service (docs/rulings.md, "Club night"): entrants rated
by two earlier evenings played through the service are dealt to the tables in a snake, with
the movement planned at once and drawn by the standings alike; newcomers without a rating come
last, one at each table; the movement planned ahead keeps the seeded round 1."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from companion.engine.seeding import Seeding
from companion.service.service import Service
from companion.store import Store
from tests.service.test_event_service import plan, play, seat_round
from tests.service.test_seasons import ORDERED


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def earlier_evening(store: Store, names: str) -> None:
    """A closed French Tarot evening of two tables of four, seated as named (entrants 1–4 and
    5–8), each playing ORDERED: its seats finish 1st to 4th."""
    service = Service(store)
    key, problems = service.events.create(plan("french-tarot", 4, 1, 1), list(names))
    assert key is not None, problems
    seat_round(store, key, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    play(store, key, 1, 1, ORDERED)
    play(store, key, 1, 2, ORDERED)
    event = service.events.get(key)
    assert event is not None
    service.director.close_evening(event)


def rated_best_first(store: Store) -> list[str]:
    """Two evenings: ABCD and EFGH, then AECG and BFDH, each table finishing in seat order.
    The players best-rated first by the library's own numbers (openskill called here on the
    same standings, the rating shown: μ − 3σ)."""
    earlier_evening(store, "ABCDEFGH")
    earlier_evening(store, "AECGBFDH")
    model = PlackettLuce()
    rating = {name: model.rating() for name in "ABCDEFGH"}
    for table in ("ABCD", "EFGH", "AECG", "BFDH"):
        rated = model.rate([[rating[name]] for name in table], ranks=[1, 2, 3, 4])
        rating |= {name: team[0] for name, team in zip(table, rated, strict=True)}
    shown = {name: r.mu - 3 * r.sigma for name, r in rating.items()}
    assert len(set(shown.values())) == 8  # r1 > r2 > … > r8: no tie to draw
    return sorted(shown, key=lambda name: -shown[name])


def seated(store: Store, key: str, round_number: int) -> list[set[str]]:
    names = store.events.entrants(key)
    return [
        {names[seat] for seat in row.seats}
        for row in store.events.tables(key)
        if row.round == round_number
    ]


def tonight(store: Store, entrants: Sequence[str], order: str) -> str:
    events = Service(store).events
    made = replace(plan("french-tarot", 4, 2, 1), draw_order=order, seeding=Seeding.RATING)
    key, problems = events.create(made, list(entrants))
    assert key is not None, problems
    return key


@pytest.mark.parametrize("order", ["mixed", "standings"])
def test_eight_rated_entrants_are_dealt_in_a_snake(store: Store, order: str) -> None:
    r = rated_best_first(store)
    key = tonight(store, [r[7], r[2], r[5], r[0], r[6], r[1], r[4], r[3]], order)
    events = Service(store).events
    event = events.get(key)
    assert event is not None and event.seeding == "rating"
    for seed in (1, 2):  # drawn, then drawn again: the same tables, the seats shuffled anew
        events.draw_next(event, seed=seed)
        # r1 → table 1, r2, r3 → table 2, r4, r5 → table 1, r6, r7 → table 2, r8 → table 1.
        assert seated(store, key, 1) == [{r[0], r[3], r[4], r[7]}, {r[1], r[2], r[5], r[6]}]
        assert events.room(event).rounds[0].repeats == 0


def test_newcomers_without_a_rating_come_last_one_at_each_table(store: Store) -> None:
    r = rated_best_first(store)
    key = tonight(store, ["Nia", r[5], r[0], "Oto", r[3], r[2], r[1], r[4]], "mixed")
    events = Service(store).events
    event = events.get(key)
    assert event is not None
    events.draw_next(event, seed=3)
    # r1 … r6, then Nia and Oto in a random order (7th and 8th): r1, r4, r5 and the 8th at
    # table 1; r2, r3, r6 and the 7th at table 2.
    one, two = seated(store, key, 1)
    assert one - {"Nia", "Oto"} == {r[0], r[3], r[4]}
    assert two - {"Nia", "Oto"} == {r[1], r[2], r[5]}
    assert len(one & {"Nia", "Oto"}) == len(two & {"Nia", "Oto"}) == 1


def test_the_movement_planned_ahead_keeps_the_seeded_round_1(store: Store) -> None:
    r = rated_best_first(store)
    key = tonight(store, [r[7], r[2], r[5], r[0], r[6], r[1], r[4], r[3]], "mixed")
    service = Service(store)
    event = service.events.get(key)
    assert event is not None
    movement = service.movements.plan_ahead(event, seed=5)
    assert movement.from_round == 1 and len(movement.rounds) == 2
    names = store.events.entrants(key)
    first = [{names[seat] for seat in table} for table in movement.rounds[0].tables]
    assert first == [{r[0], r[3], r[4], r[7]}, {r[1], r[2], r[5], r[6]}]
    # Round 2 planned after it: 8 at two tables of 4 meet at least 4 pairs again (each new
    # table takes 2 + 2 of round 1's tables: 1 + 1 pairs), and the plan reaches that.
    assert (movement.repeats, movement.lower_bound) == (4, 4)
    service.events.draw_next(event, seed=9)  # round 1 drawn as planned
    assert seated(store, key, 1) == first
