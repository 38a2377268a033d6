"""Wish Solitaire's log: won, or the cards left (even, 2–32), and the record over the deals."""

from __future__ import annotations

from companion.contract.registry import get
from companion.contract.values import State
from companion.engine.replay import check_entry, make_setup, replay
from companion.games.wish_solitaire import PACK_SIZE, record_of

GAME = get("wish-solitaire")
WON = {"result": "won"}


def lost(left: int) -> dict[str, object]:
    return {"result": "lost", "cards_left": left}


def test_the_pack_is_the_52_without_the_twos_to_sixes() -> None:
    # "Remove the 2s through 6s of all suits": 5 ranks × 4 suits = 20 out, 32 left, 8 piles of 4.
    assert PACK_SIZE == 52 - 5 * 4 == 8 * 4


def test_the_record_over_six_deals() -> None:
    setup, problems = make_setup("wish-solitaire", ["Wish"])
    assert problems == []
    # Deals: won, lost 6, won, won, lost 10, won → 4 of 6 won; best run of wins 2 (deals 3–4);
    # cards left 0 + 6 + 0 + 0 + 10 + 0 = 16 over 6 deals: 2.7 on average (16 / 6 = 2.67).
    deals = [WON, lost(6), WON, WON, lost(10), WON]
    replayed = replay(setup, list(enumerate(deals, start=1)))
    assert replayed.problems == {}
    assert replayed.state.totals == (4,)
    record = record_of(replayed.state)
    assert (record.deals, record.wins, record.best_run) == (6, 4, 2)
    assert GAME.table_notes(replayed.state) == ("4 of 6 won", "best run 2", "average left 2.7")


def test_cards_left_come_in_pairs_between_2_and_32() -> None:
    setup, _ = make_setup("wish-solitaire", ["Wish"])
    state = State(setup)
    assert [p.message for p in check_entry(GAME, state, lost(5)).problems] == [
        "Pairs come off two at a time, so 5 cards cannot be left: count again."
    ]
    assert [p.field for p in check_entry(GAME, state, lost(34)).problems] == ["cards_left"]
    assert [p.field for p in check_entry(GAME, state, lost(0)).problems] == ["cards_left"]
    assert check_entry(GAME, state, lost(32)).ok and check_entry(GAME, state, lost(2)).ok


def test_a_win_has_no_cards_left_to_give() -> None:
    setup, _ = make_setup("wish-solitaire", ["Wish"])
    checked = check_entry(GAME, State(setup), {"result": "won", "cards_left": "7"})
    assert checked.ok and checked.entry["cards_left"] is None  # cleared: it does not apply


def test_only_one_player() -> None:
    _, problems = make_setup("wish-solitaire", ["Ann", "Bob"])
    assert [p.field for p in problems] == ["players"]
