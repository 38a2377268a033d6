"""Marmalade on the pad without a browser: the board drawn under the standings (its own
partial, through its `GamePage.standings`), sent again out of band after every trick.

Hearts trumps, 61 holes, Ann, Bob, Cat; Ann leads the first trick. Trick: Ann KS, Bob 3H, Cat
QH: Cat's Queen is the higher trump (red order King, Queen, Jack, Ace, 2 … 10): 5 + 2 trumps × 2
+ 2 courts (KS, QH) = 11 (docs/rulings.md "Marmalade"). Hole h of 61 is drawn at 14 + 308 h / 61:
11 → 14 + 55.54 = 69.5.
"""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.web.conftest import start

NAMES = ["Ann", "Bob", "Cat"]
HTMX = {"HX-Request": "true"}


def start_marmalade(client: FlaskClient, names: list[str] = NAMES) -> str:
    """A Marmalade session to 61 holes, Hearts trumps, started through the form."""
    data = {
        "game": "marmalade",
        "players": str(len(names)),
        "opt-marmalade-trump": "H",
        "opt-marmalade-board": "61",
    }
    data |= {f"name-{seat}": name for seat, name in enumerate(names)}
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def lanes(html: str) -> list[tuple[str, str]]:
    """Each lane of the board: (the seat's name, the hole its peg stands in)."""
    return re.findall(
        r'<g class="lane" data-seat="\d+" data-name="([^"]*)" data-hole="(\d+)"', html
    )


def test_the_board_stands_under_the_standings_and_moves_after_a_trick(client: FlaskClient) -> None:
    url = start_marmalade(client)
    page = client.get(url).get_data(as_text=True)
    assert 'data-holes="61"' in page
    assert lanes(page) == [("Ann", "0"), ("Bob", "0"), ("Cat", "0")]
    answer = client.post(f"{url}/hands", data={"cards": "KS 3H QH"}, headers=HTMX)
    assert answer.status_code == 200
    fragment = answer.get_data(as_text=True)
    standings = fragment[fragment.index('<section id="standings"') :]
    assert 'hx-swap-oob="true"' in standings[:120]
    assert lanes(standings) == [("Ann", "0"), ("Bob", "0"), ("Cat", "11")]
    # Cat's lane is the third: it starts 2 × 40 = 80 down, its row of holes 28 lower, at 108.
    assert 'cx="69.5" cy="108" r="7"' in standings


def test_a_game_without_a_picture_draws_no_board(client: FlaskClient) -> None:
    page = client.get(start(client)).get_data(as_text=True)
    assert 'id="standings"' in page
    assert 'id="board"' not in page


def test_names_on_the_board_are_escaped(client: FlaskClient) -> None:
    url = start_marmalade(client, ["<b>Ann</b>", "Bob & Co", "Cat"])
    page = client.get(url).get_data(as_text=True)
    board = page[page.index('id="board"') :]
    assert "<b>Ann</b>" not in board
    assert "&lt;b&gt;Ann&lt;/b&gt;" in board
    assert "Bob &amp; Co" in board


def test_no_trick_is_taken_after_the_last_hole(client: FlaskClient) -> None:
    # Bob wins five tricks with a trump, each holding 3 trumps and 3 courts (all three cards
    # trump courts): 5 + 6 + 3 = 14. Four of them: 56; the fifth: 56 + 14 = 70, past 61: the
    # peg stops in hole 61 and Bob wins; the pad takes no sixth trick.
    url = start_marmalade(client)
    quick = {"winner": "1", "won_with": "trump", "trumps": "3", "courts": "3"}
    for _ in range(5):
        assert client.post(f"{url}/hands", data=quick).status_code == 303
    page = client.get(url).get_data(as_text=True)
    assert lanes(page) == [("Ann", "0"), ("Bob", "61"), ("Cat", "0")]
    assert "Bob reached hole 61, the last hole, and wins." in page
    assert 'id="entry-form"' not in page
    refused = client.post(f"{url}/hands", data=quick, follow_redirects=True)
    assert "no more hands can be added" in refused.get_data(as_text=True)
