"""The seasons' store: m022's tables, a season's evenings in date order, an event in one season
at most, a night's money kept with its version, and every write refused when based on an older
version."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store import EventRecord, EventTaken, MoneyRow, SeasonRecord, StaleWrite, Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def event(store: Store, name: str) -> str:
    plan = EventRecord(
        "", "", name, "skat", {}, 4, 3, "mixed", 1, 1, 0, "points", "mixed", ""
    )  # fmt: skip
    return store.events.create(plan, ["Ann", "Bob", "Cat", "Dan"]).key


def season(store: Store) -> SeasonRecord:
    return store.seasons.create(
        SeasonRecord("", "", "2025", "skat", {"minimum_evenings": 2}, "EUR", 0, "")
    )


def test_m022_makes_the_seasons_tables(store: Store) -> None:
    tables = {row[0] for row in store.db.execute("SELECT name FROM sqlite_master")}
    assert {"seasons", "season_events", "event_money"} <= tables


def test_a_season_keeps_its_rule_and_its_evenings_in_date_order(store: Store) -> None:
    made = season(store)
    assert made.key and made.follow and made.key != made.follow and made.version == 1
    assert store.seasons.get(made.key) == made
    assert store.seasons.followed(made.follow) == made
    first, second = event(store, "Week 1"), event(store, "Week 2")
    store.seasons.add_evening(made.key, second, based_on=1)
    store.seasons.add_evening(made.key, first, based_on=2)
    assert [e.event.name for e in store.seasons.evenings(made.key)] == ["Week 1", "Week 2"]
    assert store.seasons.season_of(first) == store.seasons.get(made.key)
    store.seasons.set_guests(made.key, first, [3, 1, 3], based_on=3)
    assert store.seasons.evenings(made.key)[0].guests == (1, 3)
    store.seasons.remove_evening(made.key, second, based_on=4)
    assert [e.event.name for e in store.seasons.evenings(made.key)] == ["Week 1"]
    assert store.seasons.get(made.key).version == 5  # type: ignore[union-attr]


def test_an_event_belongs_to_one_season_and_an_old_version_is_refused(store: Store) -> None:
    one, other = season(store), season(store)
    night = event(store, "Week 1")
    store.seasons.add_evening(one.key, night)
    with pytest.raises(EventTaken):
        store.seasons.add_evening(other.key, night)
    with pytest.raises(StaleWrite):
        store.seasons.remove_evening(one.key, night, based_on=1)
    with pytest.raises(LookupError):
        store.seasons.remove_evening(other.key, night)


def test_a_nights_money_is_kept_in_cents_with_its_version(store: Store) -> None:
    night = event(store, "Week 1")
    assert store.seasons.money(night) is None
    money = MoneyRow(night, "EUR", 1000, (50, 100, 4), "percent", 75, (50, 30, 20), 10)
    stored = store.seasons.set_money(money, based_on=0)
    assert stored.version == 1 and store.seasons.money(night) == stored
    with pytest.raises(StaleWrite):
        store.seasons.set_money(money, based_on=0)
    fixed = MoneyRow(night, "EUR", 500, None, "fixed", None, (3000, 1000), 1)
    assert store.seasons.set_money(fixed, based_on=1) == store.seasons.money(night)
    assert store.seasons.money(night).lost_fee is None  # type: ignore[union-attr]
