"""The goat-count toy: fewest is best, and a goat reads as a count ("1"), never "+1"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from companion.contract.registry import registered
from companion.engine.replay import make_setup, replay
from tests.toys.conftest import page_text, start_toy
from tests.toys.fewest_best import GAME


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered(GAME):
        yield


def test_fewest_goats_lead() -> None:
    setup, _ = make_setup(GAME.slug, ["Ann", "Bob", "Cat"])
    # Goats: Ann, Bob, Ann → Ann 2, Bob 1, Cat 0: Cat, with none, leads.
    replayed = replay(setup, [(1, {"goat": 0}), (2, {"goat": 1}), (3, {"goat": 0})])
    assert replayed.state.totals == (2, 1, 0)
    assert GAME.outcome(replayed.state).winners == (2,)


def test_a_tie_for_fewest_leads_together() -> None:
    setup, _ = make_setup(GAME.slug, ["Ann", "Bob", "Cat"])
    replayed = replay(setup, [(1, {"goat": 0})])
    assert GAME.outcome(replayed.state).winners == (1, 2)


def test_the_pad_writes_a_goat_as_a_count(client: FlaskClient) -> None:
    url = start_toy(client, GAME.slug, ["Ann", "Bob", "Cat"])
    client.post(f"{url}/hands", data={"goat": "0", "expected_number": "1"})
    client.post(f"{url}/hands", data={"goat": "1", "expected_number": "2"})
    client.post(f"{url}/hands", data={"goat": "0", "expected_number": "3"})
    page = page_text(client, url)
    assert "+1" not in page
    # The leader, by fewest goats: Cat with 0 (Ann 2, Bob 1).
    assert re.search(r'class="seat leader">\s*<span class="name">Cat</span>', page)
    assert "Fewest goats lead" in page
