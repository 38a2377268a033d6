"""The reds-and-blacks toy: a trick game with its own pip order per suit, on the shared trick
machinery and the pad's generic trick panel, with no change to shared code or templates.

Red suits rank 10 lowest, then 9 … 2, the Ace, Jack, Queen and King; black suits 2 lowest to
the Ace. The highest card of the suit led wins and leads next; one point per trick. The first
leader is the player after the dealer: Bob, since Ann (seat 0) deals first.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.contract.registry import registered
from companion.contract.values import State
from companion.engine.replay import check_entry, make_setup, replay
from companion.kit.cards import parse
from companion.kit.tricks import resolve
from companion.web.game_pages import GENERIC, page_of
from tests.toys.conftest import page_text, start_toy
from tests.toys.suit_orders import GAME, RANKING

NAMES = ["Ann", "Bob", "Cat", "Dee"]

# Bob leads 10H 2H KS AH: hearts led, red order: the Ace is above 2 and 10 → the 4th card, Ann.
# Ann leads 2C AC 10C KC: clubs, black order: the Ace is highest → the 2nd card, Bob.
# Bob leads KD 3D QD JC: diamonds: the King tops the red order → the 1st card, Bob.
# Bob leads 9H 8H 7H 6H: red pips run upside down, the 6 is highest → the 4th card, Ann.
FOUR_TRICKS = ["10H 2H KS AH", "2C AC 10C KC", "KD 3D QD JC", "9H 8H 7H 6H"]

# Thirteen tricks with one card of each suit of a rank, spades first: spades are led every
# time and nobody else plays one, so the leader (Bob) wins all thirteen: Bob 13, the rest 0.
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SPADE_LED = [f"{r}S {r}H {r}D {r}C" for r in RANKS]


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered(GAME):
        yield


@pytest.mark.parametrize(
    ("played", "winner"),
    [
        ("10H 2H KS AH", 3),
        ("2C AC 10C KC", 1),
        ("KD 3D QD JC", 0),
        ("9H 8H 7H 6H", 3),
        ("2S 3S", 1),  # black: the 3 beats the 2
        ("2H 3H", 0),  # red: the 2 beats the 3
        ("10D AD", 1),  # red: the Ace is above every pip
        ("AD JD", 1),  # red: the Jack is above the Ace
    ],
)
def test_each_suit_keeps_its_own_order(played: str, winner: int) -> None:
    assert resolve(tuple(parse(code) for code in played.split()), RANKING).winner == winner


def tricks(*played: str) -> list[dict[str, Any]]:
    return [{"cards": cards} for cards in played]


def test_the_toy_gets_the_generic_pad_with_no_page_of_its_own() -> None:
    # The toy names no template and is in no page table: the web draws it with the generic
    # trick panel, and its whole-hand form is 13 blank rows (4 seats, 52 cards), one per trick.
    page = page_of(GAME)
    assert page is GENERIC
    setup, _ = make_setup(GAME.slug, NAMES)
    rows = page.blank_tricks(GAME, setup)
    assert len(rows) == 13
    assert rows[0] == {"cards": "", "leader": "", "won_by": "", "to": ""}
    assert page.missing_taps(GAME.progress(State(setup), {"tricks": ()}), {"cards": ""}) == {
        "cards": ["Enter the cards played, in order from the leader."]
    }


def test_the_hand_so_far_names_the_next_leader() -> None:
    setup, _ = make_setup(GAME.slug, NAMES)
    entry = check_entry(GAME, State(setup), {"tricks": tricks(*FOUR_TRICKS)}).entry
    progress = GAME.progress(State(setup), entry)
    assert progress.taken == (2, 2, 0, 0)
    assert progress.leader == 0  # Ann won the 4th trick
    assert progress.trick_number == 5


def test_a_whole_hand_scores_a_point_a_trick() -> None:
    setup, _ = make_setup(GAME.slug, NAMES)
    replayed = replay(setup, [(1, {"tricks": tricks(*SPADE_LED)})])
    assert replayed.problems == {}
    assert replayed.state.totals == (0, 13, 0, 0)


def test_a_card_played_twice_is_refused_on_its_trick() -> None:
    setup, _ = make_setup(GAME.slug, NAMES)
    checked = check_entry(GAME, State(setup), {"tricks": tricks("10H 2H KS AH", "AH 3C 4C 5C")})
    assert [(p.item, p.part, p.message) for p in checked.problems] == [
        (1, "cards", "Trick 2: A♥ was already played."),
        (None, None, "A hand has 13 tricks; 2 are entered."),
    ]


def post_trick(client: FlaskClient, url: str, so_far: list[str], cards: str) -> Any:
    """Type the next trick's cards on the generic trick panel and add it."""
    data = {"expected_number": "1", "action": "add", "next-cards": cards}
    for index, played in enumerate(so_far):
        data |= {
            f"tricks-{index}-cards": played,
            f"tricks-{index}-to": "",
            f"tricks-{index}-won_by": "",
            f"tricks-{index}-leader": "",
        }
    return client.post(f"{url}/tricks", data=data)


def test_the_pad_enters_tricks_with_the_generic_panel(client: FlaskClient) -> None:
    url = start_toy(client, GAME.slug, NAMES)
    page = page_text(client, url)
    assert 'name="next-cards"' in page and "Bob</strong> leads" in page
    for count, cards in enumerate(FOUR_TRICKS):
        assert post_trick(client, url, FOUR_TRICKS[:count], cards).status_code == 303
    text = html.unescape(re.sub(r"<[^>]+>", " ", page_text(client, url)))
    assert re.search(r"Trick\s+5\s+of 13 ·\s+Ann\s+leads", text)


def test_the_pad_refuses_a_trick_beside_its_cards(client: FlaskClient) -> None:
    url = start_toy(client, GAME.slug, NAMES)
    response = post_trick(client, url, [], "10H 2H KS")
    assert response.status_code == 422
    assert "3 cards are entered; each of the 4 players plays one." in response.get_data(
        as_text=True
    )


def test_the_pad_saves_a_whole_hand(client: FlaskClient) -> None:
    url = start_toy(client, GAME.slug, NAMES)
    data = {"expected_number": "1"}
    for index, played in enumerate(SPADE_LED):
        data |= {f"tricks-{index}-cards": played}
    assert client.post(f"{url}/hands", data=data).status_code == 303
    page = page_text(client, url)
    assert "+13" in page
