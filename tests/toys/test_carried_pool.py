"""The pot-luck toy: a pool carried from deal to deal, read without replaying the session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from companion.contract.registry import registered
from companion.contract.values import HandResult, ScoredHand, State
from companion.engine.replay import make_setup, replay
from tests.toys.carried_pool import GAME
from tests.toys.conftest import page_text, start_toy


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered(GAME):
        yield


def test_a_spoiled_deal_carries_the_pool() -> None:
    setup, _ = make_setup(GAME.slug, ["Ann", "Bob", "Cat"], {"ante": "2"})
    # Deal 1: nobody wins: each antes 2, the pool is 0 + 3 × 2 = 6 and carries.
    # Deal 2: Bob wins: the pool is 6 + 3 × 2 = 12; Bob +12 − 2 = +10, the others −2.
    replayed = replay(setup, [(1, {"winner": None}), (2, {"winner": 1})])
    first, second = replayed.state.hands
    assert first.result.points == (-2, -2, -2) and first.result.carry == 6
    assert second.result.points == (-2, 10, -2) and second.result.carry == 0
    assert replayed.state.totals == (-4, 8, -4)
    assert GAME.table_notes(replayed.state) == ("Pool: 0",)


def test_the_next_deal_reads_the_carry_not_the_history() -> None:
    setup, _ = make_setup(GAME.slug, ["Ann", "Bob"], {"ante": "3"})
    # A state whose only hand left 50 in the pool: the next deal starts from 50 + 2 × 3 = 56.
    earlier = ScoredHand(1, {"winner": None}, HandResult((0, 0), ("x",), "x", carry=50))
    result = GAME.score(State(setup, (earlier,)), {"winner": 0})
    assert result.points == (53, -3)


def test_the_pad_shows_the_pool(client: FlaskClient) -> None:
    url = start_toy(client, GAME.slug, ["Ann", "Bob", "Cat"])
    client.post(f"{url}/hands", data={"winner": "none", "expected_number": "1"})
    assert "Pool: 6" in page_text(client, url)
    client.post(f"{url}/hands", data={"winner": "1", "expected_number": "2"})
    page = page_text(client, url)
    assert "Pool: 0" in page and "+10" in page
