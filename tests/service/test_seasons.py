"""A club's season over a real SQLite file, built from events played through the service: five
French Tarot evenings and three Skat evenings, each table worked by hand (a drop rule, an
eligibility minimum, a tie-break); a correction at evening 2 moves the season's table. The
rule read from a form, each problem on its field."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from companion.engine.season import Counting, EveningScore, SeasonLine, TieBreak
from companion.service.season_rules import form_values, read_rule, rule_of
from companion.service.seasons import SeasonView, season_problems
from companion.service.service import Service
from companion.store import SeasonRecord, StaleWrite, Store
from tests.service.test_event_service import PASS, failed, made, plan, play, seat_round, trump


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def rule_form(**values: Any) -> dict[str, str]:
    """A season form's rule fields: the engine's defaults, then `values`."""
    base = form_values(rule_of({}))
    return {**base, **{key: str(value) for key, value in values.items()}}


def evening(
    store: Store, game: str, names: Sequence[str], hands: list[dict[str, Any]], **options: Any
) -> str:
    """One club night of one round at one table of four, seated as named, its hands played;
    its followers' key."""
    events = Service(store).events
    key, problems = events.create(plan(game, 4, rounds=1, deals_each=1, **options), list(names))
    assert key is not None, problems
    seat_round(store, key, 1, [(1, 2, 3, 4)])
    play(store, key, 1, 1, hands)
    event = events.get(key)
    assert event is not None
    return event.follow


def season(store: Store, game: str, **rule: Any) -> SeasonRecord:
    made_, problems = Service(store).seasons.create("2025", game, "eur", rule_form(**rule))
    assert made_ is not None, problems
    return made_


def lines(view: SeasonView, which: Sequence[SeasonLine]) -> list[tuple[Any, ...]]:
    return [
        (
            line.place, line.name, line.total,
            tuple(None if c is None else (c.score, c.dropped) for c in line.evenings),
        )
        for line in which
    ]  # fmt: skip


# French Tarot at four (tests/service/test_event_service.py): a made garde gives its taker
# +186 and each defender −62; a failed one −216 and +72. The four deals
#   made(0), made(0), made(1), failed(3)
# leave seat 0: 186 + 186 − 62 + 72 = 382; seat 1: −62 − 62 + 186 + 72 = 134;
# seat 2: 3 × −62 + 72 = −114; seat 3: 3 × −62 − 216 = −402: places 1, 2, 3, 4 by seat.
ORDERED = [made(0), made(0), made(1), failed(3)]


def test_five_french_tarot_evenings_with_drops_a_minimum_and_a_tie_break(store: Store) -> None:
    # Placing points (4 ranked: 4, 3, 2, 1 for places 1–4); at least 3 evenings; one evening
    # dropped per evening played past 3, at most 2; the default tie-break.
    made_season = season(
        store, "french-tarot", score="placing", minimum_evenings=3, counting="drops",
        drop_past=3, drop_every=1, drop_cap=2,
    )  # fmt: skip
    seasons = Service(store).seasons
    nights = [
        evening(store, "french-tarot", "ABCD", ORDERED),  # A 4, B 3, C 2, D 1
        evening(store, "french-tarot", "BAEC", ORDERED),  # B 4, A 3, E 2, C 1
        evening(store, "french-tarot", "ACDB", ORDERED),  # A 4, C 3, D 2, B 1
        evening(store, "french-tarot", "DBAC", ORDERED),  # D 4, B 3, A 2, C 1
        evening(store, "french-tarot", "CDBE", ORDERED),  # C 4, D 3, B 2, E 1
    ]
    for number, follow in enumerate(nights):
        assert seasons.add(made_season, follow, based_on=number + 1) is None
    view = seasons.view(made_season)
    assert [e.event.key for e in view.evenings] == [
        Service(store).events.followed(f).key  # type: ignore[union-attr]
        for f in nights
    ]
    # A played 4: 4, 3, 4, 2 → one drop, the 2 → 11 over 3 counted.
    # B played 5: 3, 4, 1, 3, 2 → two drops, the 1 and the 2 → 10.
    # C played 5: 2, 1, 3, 1, 4 → two drops, both 1s → 9 (best counted 4, last evening 4).
    # D played 4: 1, 2, 4, 3 → one drop, the 1 → 9 (best counted 4, last evening 3).
    # C and D tie on 9 with 3 counted and a best of 4: C's last evening (4) beats D's (3).
    # E played 2, below the minimum of 3: listed apart, 2 + 1 = 3.
    assert lines(view, view.table.ranked) == [
        (1, "A", 11, ((4, False), (3, False), (4, False), (2, True), None)),
        (2, "B", 10, ((3, False), (4, False), (1, True), (3, False), (2, True))),
        (3, "C", 9, ((2, False), (1, True), (3, False), (1, True), (4, False))),
        (4, "D", 9, ((1, True), None, (2, False), (4, False), (3, False))),
    ]
    assert lines(view, view.table.apart) == [
        (None, "E", 3, (None, (2, False), None, None, (1, False))),
    ]
    # Evening 2 corrected: hand 2 was made by seat 1 (A), not seat 0 (B). Seat 0 (B):
    # 186 − 62 − 62 + 72 = 134; seat 1 (A): −62 + 186 + 186 + 72 = 382: A 4, B 3.
    second = Service(store).events.followed(nights[1])
    assert second is not None
    token = Service(store).events.room(second).tables[0].row.session
    assert token is not None
    pad = Service(store).sessions.load(token)
    assert pad is not None
    Service(store).hands.correct(pad, 2, made(1))
    view = seasons.view(made_season)
    # A: 4, 4, 4, 2 → 12. B: 3, 3, 1, 3, 2 → drops 1 and 2 → 9, best counted 3.
    # B, C and D all 9 with 3 counted: C and D have a best of 4, B only 3; then C before D.
    assert [(line.place, line.name, line.total) for line in view.table.ranked] == [
        (1, "A", 12), (2, "C", 9), (3, "D", 9), (4, "B", 9),
    ]  # fmt: skip


# Skat at four on the Seeger-Fabian list (tests/service/test_event_service.py, series 1 and 2):
# SERIES_1 leaves seats 0–3 at 128, 113, −96, 104; SERIES_2 at 128, −90, 98, 30.
SERIES_1 = [
    trump("spades", 2, 70, declarer=1),
    {"game": "null", "declarer": 2, "result": "lost"},
    trump("clubs", 1, 61, declarer=3),
    trump("grand", 1, 80, declarer=0),
]
SERIES_2 = [
    trump("hearts", 1, 55, declarer=1, result="lost"),
    trump("diamonds", 1, 61, declarer=2),
    PASS,
    trump("grand", 1, 80, declarer=0),
]


def test_three_skat_evenings_count_the_best_two_of_the_points(store: Store) -> None:
    made_season = season(
        store, "skat", counting="best", best=2, minimum_evenings=2, tie_1="last-evening",
        tie_2="", tie_3="",
    )  # fmt: skip
    seasons = Service(store).seasons
    skat = {"scoring": "seeger_fabian"}
    for names, hands in (("ABCD", SERIES_1), ("BCEA", SERIES_2), ("EDAF", SERIES_1)):
        follow = evening(store, "skat", names, hands, **skat)
        assert seasons.add(made_season, follow) is None
    view = seasons.view(made_season)
    # A: 128, 30, −96 → the best two 158. B: 113, 128 → 241. C: −96, −90 → −186.
    # D: 104, 113 → 217. E: 98, 128 → 226. F: 104 at one evening: listed apart.
    assert [(line.place, line.name, line.total) for line in view.table.ranked] == [
        (1, "B", 241), (2, "E", 226), (3, "D", 217), (4, "A", 158), (5, "C", -186),
    ]  # fmt: skip
    assert [(line.name, line.total) for line in view.table.apart] == [("F", 104)]
    assert view.line(view.table.ranked[3].player).evenings[2].dropped  # type: ignore[union-attr]
    assert view.total_text(Fraction(-186)) == "-186"


def test_a_season_takes_only_its_games_evenings_and_a_stale_page_is_refused(
    store: Store,
) -> None:
    made_season = season(store, "skat")
    seasons = Service(store).seasons
    tarot = evening(store, "french-tarot", "ABCD", ORDERED)
    problem = seasons.add(made_season, tarot)
    assert problem is not None and problem.field == "event"
    follow = evening(store, "skat", "ABCD", SERIES_1, scoring="seeger_fabian")
    assert [e.follow for e in seasons.candidates(made_season)] == [follow]
    assert seasons.add(made_season, follow, based_on=1) is None
    other = season(store, "skat")
    assert seasons.add(other, follow) is not None  # another season's evening
    with pytest.raises(StaleWrite):
        seasons.remove(made_season, follow, based_on=1)
    assert seasons.remove(made_season, follow, based_on=2)
    assert seasons.view(made_season).table.ranked == ()


def test_a_rule_is_read_strictly_and_each_problem_is_on_its_field() -> None:
    rule, problems = read_rule(
        rule_form(
            minimum_evenings="-1", counting="most", score="prize", prize_scale="",
            tie_1="best-counted", tie_2="best-counted",
        )
    )  # fmt: skip
    assert rule is None
    assert sorted(p.field for p in problems) == [
        "counting", "minimum_evenings", "prize_scale", "tie_2",
    ]  # fmt: skip
    rule, problems = read_rule(
        rule_form(score="prize", prize_scale="25, 20 16", counting="best", best="7")
    )
    assert problems == [] and rule is not None
    assert (rule.score, rule.prize_scale, rule.counting, rule.best) == (
        EveningScore.PRIZE, (25, 20, 16), Counting.BEST, 7,
    )  # fmt: skip
    assert rule.tie_breaks == (
        TieBreak.MORE_COUNTED, TieBreak.BEST_COUNTED, TieBreak.LAST_EVENING,
    )  # fmt: skip
    assert [p.field for p in season_problems("", "chess", "EURO")] == ["name", "game", "currency"]


def test_guests_marked_by_the_director_are_marked_or_left_out(store: Store) -> None:
    listed = season(store, "french-tarot")
    left_out = season(store, "french-tarot", guests="left-out")
    seasons = Service(store).seasons
    first, second = (evening(store, "french-tarot", names, ORDERED) for names in ("ABCD", "ABCE"))
    seasons.add(listed, first)
    seasons.add(left_out, second)
    # E is entrant 4 of the second evening, D entrant 4 of the first.
    assert seasons.mark_guests(listed, first, ["4", "9", "x"], based_on=2)
    assert seasons.mark_guests(left_out, second, ["4"], based_on=2)
    assert not seasons.mark_guests(listed, second, ["4"], based_on=3)  # not its evening
    # Every evening's total: A 382, B 134, C −114, D (or E) −402.
    assert [(line.name, line.guest) for line in seasons.view(listed).table.ranked] == [
        ("A", False), ("B", False), ("C", False), ("D", True),
    ]  # fmt: skip
    assert [line.name for line in seasons.view(left_out).table.ranked] == ["A", "B", "C"]
