"""The movement planned at once and drawn from (service/movements.py, movement_view.py): the
numbers worked by hand in the comments; the planner's own figures are checked against them and
against a count of the tables, never against what it printed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

import pytest

from companion.engine.draw import Pair, pair
from companion.service.movement_view import Why, movement_view
from companion.service.movements import Lineup
from companion.service.service import Service
from companion.store import EntrantState, EventRecord
from tests.service.test_event_service import plan


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Service]:
    with Service.open(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def tarot_night(service: Service, count: int, rounds: int, size: int = 4) -> EventRecord:
    """A French Tarot night of `count` entrants (P1, P2, …) in the mixed order."""
    names = [f"P{n}" for n in range(1, count + 1)]
    key, problems = service.events.create(plan("french-tarot", size, rounds, 1), names)
    assert key is not None, problems
    event = service.events.get(key)
    assert event is not None
    return event


def skat_night(service: Service, count: int, rounds: int) -> EventRecord:
    """A Skat night at tables of 3 (P1, P2, …) in the mixed order."""
    names = [f"P{n}" for n in range(1, count + 1)]
    key, problems = service.events.create(plan("skat", 3, rounds, 1), names)
    assert key is not None, problems
    event = service.events.get(key)
    assert event is not None
    return event


def play_through(service: Service, event: EventRecord, seed: int) -> list[list[tuple[int, ...]]]:
    """Draw and start every round; each round's tables as drawn."""
    drawn = []
    for number in range(1, event.rounds + 1):
        seating = service.events.draw_next(event, seed, playing_confirmed=True)
        drawn.append(list(seating.tables))
        service.events.start(event)
        assert [r.round for r in service.movements.rounds(event.key)][-1] == number
    return drawn


def pair_counts(rounds: list[list[tuple[int, ...]]]) -> Counter[Pair]:
    return Counter(pair(a, b) for tables in rounds for t in tables for a, b in combinations(t, 2))


@pytest.mark.parametrize("seed", range(3))
def test_sixteen_at_tables_of_four_meet_everyone_exactly_once_over_five_rounds(
    service: Service, seed: int
) -> None:
    event = tarot_night(service, 16, rounds=5)
    drawn = play_through(service, event, seed)
    # 5 rounds × 4 tables × C(4, 2) = 6 pairs = 120 = C(16, 2): every pair exactly once.
    assert sorted(pair_counts(drawn).values()) == [1] * 120
    stored = service.movements.stored(event.key)
    assert stored is not None
    assert (stored.from_round, stored.repeats, stored.lower_bound, stored.exact) == (1, 0, 0, True)
    # Each round was drawn as the movement planned it when round 1 was drawn.
    assert [list(r.tables) for r in stored.rounds] == drawn


def test_eight_at_two_tables_of_four_repeat_four_pairs_in_round_two(service: Service) -> None:
    event = tarot_night(service, 8, rounds=2)
    service.events.draw_next(event, 5)
    stored = service.movements.stored(event.key)
    assert stored is not None
    # Round 2's two tables each take two players from each of round 1's tables: 1 + 1 pairs
    # met again at each, 4 in all, and no plan does better.
    assert (stored.repeats, stored.lower_bound, stored.third_meetings) == (4, 4, 0)
    view = movement_view(service.movements, event)
    assert (view.twice, view.more, len(view.again)) == (4, 0, 4)


def test_the_same_seed_plans_the_same_movement(service: Service) -> None:
    first, second = tarot_night(service, 12, 3), tarot_night(service, 12, 3)
    assert service.events.draw_next(first, 42) == service.events.draw_next(second, 42)
    one, two = service.movements.stored(first.key), service.movements.stored(second.key)
    assert one is not None and two is not None and one.rounds == two.rounds


def test_draw_again_plans_again_from_the_waiting_round(service: Service) -> None:
    event = tarot_night(service, 12, 3)
    service.events.draw_next(event, 1)
    service.events.start(event)
    service.events.draw_next(event, 2, playing_confirmed=True)  # round 2, as planned
    stored = service.movements.stored(event.key)
    assert stored is not None and (stored.from_round, stored.seed) == (1, 1)
    again = service.events.draw_next(event, 3)  # round 2 drawn again: planned from it
    stored = service.movements.stored(event.key)
    assert stored is not None and (stored.from_round, stored.seed) == (2, 3)
    assert len(stored.rounds) == 2 and stored.rounds[0].tables == again.tables
    round_one = [t.seats for t in service.movements.tables(event.key) if t.round == 1]
    # The round played is untouched, and the new rounds count its meetings.
    assert again.repeats == sum(
        1 for t in again.tables for a, b in combinations(t, 2)
        if any(a in seats and b in seats for seats in round_one)
    )  # fmt: skip


def test_a_pair_kept_apart_is_kept_apart_where_the_numbers_allow(service: Service) -> None:
    three = skat_night(service, 9, rounds=3)
    service.entrants.keep_apart(three, 1, 2)  # before anything is planned: kept for the plan
    drawn = play_through(service, three, 11)
    # The affine plane of order 3 has 4 rounds in which every pair meets once: over 3 of
    # them, P1 and P2 can meet in the round left out.
    assert pair_counts(drawn)[(1, 2)] == 0
    assert movement_view(service.movements, three).apart_together == ()


def test_kept_apart_over_four_rounds_costs_a_repeat(service: Service) -> None:
    four = skat_night(service, 9, rounds=4)
    service.entrants.keep_apart(four, 1, 2)
    drawn = play_through(service, four, 11)
    # 4 rounds × 3 tables × 3 pairs = 36 seatings of pairs; without P1–P2 only 35 pairs are
    # left, so at least one pair meets twice rather than seat the two together.
    assert pair_counts(drawn)[(1, 2)] == 0
    assert sum(count - 1 for count in pair_counts(drawn).values()) >= 1


def test_a_pair_kept_apart_that_cannot_be_is_named(service: Service) -> None:
    event = tarot_night(service, 4, rounds=2)
    service.entrants.keep_apart(event, 1, 2)
    play_through(service, event, 3)
    # One table of four seats everyone, every round: P1 and P2 sit together in both.
    (together,) = movement_view(service.movements, event).apart_together
    assert (together.first, together.second, together.rounds) == ("P1", "P2", (1, 2))
    stored = service.movements.stored(event.key)
    assert stored is not None and [r for r, *_ in stored.apart_broken] == [1, 2]


def test_start_cards_and_the_next_table(service: Service) -> None:
    event = tarot_night(service, 8, rounds=2)
    seating = service.events.draw_next(event, 9)
    view = movement_view(service.movements, event)
    table = seating.tables[0]
    player = table[1]  # seat 2 of table 1 in round 1
    card = view.card(player)
    assert (card.seats[0].table, card.seats[0].seat) == (1, 2)
    others = tuple(f"P{n}" for n in table if n != player)
    assert view.next_seat(player) == card.seats[0]
    assert card.seats[0].others == others
    service.events.start(event)
    after = movement_view(service.movements, event)  # round 1 started: the next is round 2
    assert after.next_round == 2 and after.next_seat(player) == after.card(player).seats[1]


def test_the_lineup_of_late_withdrawn_and_substituted_entrants() -> None:
    lineup = Lineup(
        {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"},
        {
            2: EntrantState(2, left_after=1),
            3: EntrantState(3, substitute="Zed", substitute_from=2, credited=False),
            4: EntrantState(4, joined_round=3, substitute="Yan", substitute_from=3, credited=True),
        },
    )
    assert lineup.playing(1) == [1, 2, 3] and lineup.playing(3) == [1, 3, 4]
    assert lineup.names_in(2) == {1: "Ann", 2: "Bob", 3: "Zed", 4: "Dan"}
    # Cat's rounds from 2 are Zed's and not credited: they count for nobody; Yan's are Dan's.
    assert lineup.ranked_seats(1, (1, 3)) == (1, 3)
    assert lineup.ranked_seats(2, (1, 3, 4)) == (1, -3, 4)
    assert lineup.ranked_seats(3, (3, 4)) == (-3, 4)
    assert (lineup.missed(4, 3), lineup.missed(4, 2), lineup.missed(1, 3)) == (2, 1, 0)


def test_a_player_withdrawn_has_no_next_table(service: Service) -> None:
    event = tarot_night(service, 9, rounds=2)
    service.events.draw_next(event, 4)
    service.events.start(event)
    service.entrants.withdraw(event, 9)
    view = movement_view(service.movements, event)
    assert view.next_seat(9) == view.card(9).seats[1]
    assert view.card(9).seats[1].why is Why.LEFT
