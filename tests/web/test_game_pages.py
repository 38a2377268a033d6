"""Each game's own part of the pad, found by its slug (`companion/web/game_pages.py`): the
partials it draws and how its trick panel's taps become a trick."""

from __future__ import annotations

import pytest

from companion.contract.registry import all_games, get
from companion.contract.values import State
from companion.engine.replay import make_setup
from companion.kit.resources import templates_dir
from companion.web.game_pages import GENERIC, PILES, page_of


def test_every_partial_a_game_names_is_a_template() -> None:
    for game in all_games():
        page = page_of(game)
        for partial in (page.standings, page.entry, page.trick, page.whole_hand):
            assert not partial or (templates_dir() / partial).is_file(), (game.slug, partial)


@pytest.mark.parametrize(
    ("slug", "entry", "standings"),
    [
        ("noddy", "pad/_noddy_cards.html", None),
        ("marmalade", "", "pad/_marmalade_board.html"),
        ("tarock", "pad/_piles.html", None),
        ("scarto", "pad/_piles.html", None),
        ("skat", "", None),
    ],
)
def test_a_game_page_is_found_by_slug_or_family(slug: str, entry: str, standings: str | None):
    page = page_of(get(slug))
    assert (page.entry, page.standings) == (entry, standings)


def test_the_pile_family_shares_one_page_and_other_games_the_generic() -> None:
    assert page_of(get("tarocchini")) is PILES
    assert page_of(get("whist")) is GENERIC


@pytest.mark.parametrize(
    ("players", "owners"),
    [
        # 3 players: 12 tricks, 4 runts in front of each.
        (["Ann", "Bob", "Cat"], ["0"] * 4 + ["1"] * 4 + ["2"] * 4),
        # 4 players: 13 tricks, 3 runts each; the odd 13th goes to its winner, unplaced.
        (["Ann", "Bob", "Cat", "Dan"], ["0"] * 3 + ["1"] * 3 + ["2"] * 3 + ["3"] * 3 + [""]),
    ],
)
def test_tantony_lays_the_whole_hand_out_as_the_runts_lie(players, owners) -> None:
    game = get("tantony")
    setup, _ = make_setup("tantony", players)
    rows = page_of(game).blank_tricks(game, setup)
    assert [row["to"] for row in rows] == owners
    assert all(row["runt"] == row["won_by"] == "" for row in rows)


def test_tantony_asks_for_the_runt_and_who_got_the_trick() -> None:
    game = get("tantony")
    setup, _ = make_setup("tantony", ["Ann", "Bob", "Cat", "Dan"])
    progress = game.progress(State(setup), {"tricks": ()})
    page = page_of(game)
    assert page.missing_taps(progress, {"runt": "", "to": ""}) == {
        "runt": ["Tap the runt: the lowest card of the suit led in this trick."],
        "to": ["Tap who got the trick."],
    }
    assert page.missing_taps(progress, {"runt": "5H", "to": "2"}) == {}
    # Not the last trick: the tap of who got it stays as tapped, nobody's "won_by" is guessed.
    assert page.trick_from_taps(progress, {"runt": "5H", "to": "2"}) == {"runt": "5H", "to": "2"}
    # Who won is asked on the players' row for a trick that is not a closing one.
    assert page.problem_part(progress, "won_by") == "to"
    assert page.problem_part(progress, "runt") == "runt"
