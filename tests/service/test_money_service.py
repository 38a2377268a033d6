"""The money of a club night over a real SQLite file: a Skat evening of eight on the
Seeger-Fabian list with start fees, lost-game fees counted from each table's stored hands and
a prize plan, the cashier's sheet worked by hand to the cent (paid in = prizes + kept); a
correction at a table changes the sheet; the form read strictly, each problem on its field."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.service.service import Service
from companion.store import EventRecord, StaleWrite, Store
from tests.service.test_event_service import plan, play, seat_round, trump
from tests.service.test_seasons import SERIES_1


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


# Table 2 (E, F, G, H), the dealer sitting out each deal in turn and taking the 30 of a lost game:
#   1. F hearts with 1, game 2 × 10 = 20, lost: −2 × 20 − 50 = −90; E, G, H +30.
#   2. G diamonds with 1, game 2 × 9 = 18, lost: −2 × 18 − 50 = −86; E, F, H +30.
#   3. F clubs with 1, game 2 × 12 = 24, lost: −2 × 24 − 50 = −98; E, G, H +30.
#   4. E grand with 1, game 2 × 24 = 48, won: 48 + 50 = +98.
# E 30 + 30 + 30 + 98 = 188; F −90 + 30 − 98 = −158; G 30 − 86 + 30 = −26; H 3 × 30 = 90.
# Lost games: F 2, G 1.
TABLE_2 = [
    trump("hearts", 1, 55, declarer=1, result="lost"),
    trump("diamonds", 1, 55, declarer=2, result="lost"),
    trump("clubs", 1, 55, declarer=1, result="lost"),
    trump("grand", 1, 80, declarer=0),
]
MONEY = {
    "start_fee": "10", "lost_fee": "0.50", "lost_higher_fee": "1,00", "lost_from": "2",
    "prize_kind": "percent", "paid_out": "75", "prizes": "50 30 20", "unit": "0.10",
    "currency": "eur",
}  # fmt: skip


def skat_evening(store: Store) -> EventRecord:
    events = Service(store).events
    key, _ = events.create(
        plan("skat", 4, rounds=1, deals_each=1, scoring="seeger_fabian"), list("ABCDEFGH")
    )
    assert key is not None
    seat_round(store, key, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    # Table 1 (A, B, C, D): SERIES_1, A 128, B 113, C −96 (a Null lost), D 104.
    play(store, key, 1, 1, SERIES_1)
    play(store, key, 1, 2, TABLE_2)
    event = events.get(key)
    assert event is not None
    return event


def test_the_cashiers_sheet_of_a_skat_evening_of_eight(store: Store) -> None:
    event = skat_evening(store)
    money = Service(store).money
    assert money.night(event).sheet is None  # no money set yet
    assert money.set(event, MONEY, based_on=0) == []
    night = money.night(event)
    # The ranking: E 188, A 128, B 113, D 104, H 90, G −26, C −96, F −158.
    names = night.names
    # Lost games: C 1 (table 1's Null), F 2, G 1.
    assert {names[n]: count for n, count in night.lost_games.items()} == {"C": 1, "F": 2, "G": 1}
    sheet = night.sheet
    assert sheet is not None and sheet.currency == "EUR"
    # Start fees 8 × 10.00 = 80.00. Lost-game fees 0.50 a game, 1.00 from the 2nd:
    # F 0.50 + 1.00 = 1.50; C 0.50; G 0.50: 2.50. Paid in 82.50.
    assert {names[p.player]: p.lost_game_fees for p in sheet.payments if p.lost_game_fees} == {
        "C": 50, "F": 150, "G": 50,
    }  # fmt: skip
    assert (sheet.start_fees, sheet.lost_game_fees, sheet.paid_in) == (8000, 250, 8250)
    # 75 % paid out as 50/30/20: 37.5 %, 22.5 %, 15 % of 82.50, each down to 10 cents:
    # 30.9375 → 30.90 (E), 18.5625 → 18.50 (A), 12.375 → 12.30 (B) = 61.70.
    assert [(p.place, [names[x] for x in p.players], p.each) for p in sheet.prizes] == [
        (1, ["E"], 3090), (2, ["A"], 1850), (3, ["B"], 1230),
    ]  # fmt: skip
    # Kept for the season: 25 % (20.625) and what rounding left (0.0375 + 0.0625 + 0.075):
    # 82.50 − 61.70 = 20.80.
    assert (sheet.prizes_paid, sheet.kept) == (6170, 2080)
    assert sheet.paid_in == sheet.prizes_paid + sheet.kept


def test_a_correction_at_a_table_changes_the_sheet(store: Store) -> None:
    event = skat_evening(store)
    money = Service(store).money
    money.set(event, MONEY)
    token = Service(store).events.room(event).tables[1].row.session
    assert token is not None
    pad = Service(store).sessions.load(token)
    assert pad is not None
    # Deal 3 corrected: F's clubs won after all (2 × 12 = 24 + 50 = +74): F loses one game only.
    Service(store).hands.correct(pad, 3, trump("clubs", 1, 61, declarer=1))
    night = money.night(event)
    assert {night.names[n]: c for n, c in night.lost_games.items()} == {"C": 1, "F": 1, "G": 1}
    assert night.sheet is not None and night.sheet.lost_game_fees == 150


def test_the_money_form_is_read_strictly_and_a_stale_one_refused(store: Store) -> None:
    event = skat_evening(store)
    money = Service(store).money
    wrong: dict[str, Any] = {
        **MONEY, "start_fee": "-5", "lost_from": "0", "paid_out": "120", "prizes": "60 50",
        "unit": "0", "currency": "euro",
    }  # fmt: skip
    problems = money.set(event, wrong, based_on=0)
    assert sorted(p.field for p in problems) == [
        "currency", "lost_from", "paid_out", "prizes", "start_fee", "unit",
    ]  # fmt: skip
    assert money.night(event).row is None  # nothing kept
    assert money.set(event, {**MONEY, "prize_kind": "fixed", "prizes": "50 25.50"}) == []
    night = money.night(event)
    assert night.row is not None and night.row.prizes == (5000, 2550)
    with pytest.raises(StaleWrite):
        money.set(event, MONEY, based_on=0)
