"""The one-seat toy: a session of one player scores, shows and ends with no shared change."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from companion.contract.registry import registered
from companion.contract.values import State
from companion.engine.replay import check_entry, make_setup, replay
from tests.toys.conftest import page_text, start_toy
from tests.toys.one_seat import GAME


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered(GAME):
        yield


def test_one_player_is_a_table() -> None:
    setup, problems = make_setup(GAME.slug, ["Wish"])
    assert problems == []
    # Rounds of 40 and 35: 40 + 35 = 75.
    replayed = replay(setup, [(1, {"hit": "40"}), (2, {"hit": 35})])
    assert replayed.problems == {}
    assert replayed.state.totals == (75,)
    assert GAME.outcome(replayed.state).winners == (0,)


def test_two_players_are_refused() -> None:
    _, problems = make_setup(GAME.slug, ["Ann", "Bob"])
    assert [p.field for p in problems] == ["players"]


def test_out_of_bounds_is_refused_on_its_field() -> None:
    setup, _ = make_setup(GAME.slug, ["Wish"])
    checked = check_entry(GAME, State(setup), {"hit": "101"})
    assert [(p.field, p.message) for p in checked.problems] == [
        ("hit", "Points hit must be between 0 and 100.")
    ]


def test_the_pad_takes_a_session_of_one(client: FlaskClient) -> None:
    url = start_toy(client, GAME.slug, ["Wish"])
    response = client.post(f"{url}/hands", data={"hit": "40", "expected_number": "1"})
    assert response.status_code == 303
    client.post(f"{url}/hands", data={"hit": "35", "expected_number": "2"})
    page = page_text(client, url)
    assert "+40" in page and "+35" in page
    assert ">75<" in page  # the running total after hand 2: 40 + 35
