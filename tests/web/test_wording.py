"""Wording a table read wrong (issue 27): a one-player game and its counts said in the singular."""

from __future__ import annotations

import html

from flask.testing import FlaskClient


def test_a_one_player_game_does_not_ask_who_holds_the_phone(client: FlaskClient) -> None:
    # Wish Solitaire is played alone: there is no other player for the phone to be told from.
    response = client.post("/new", data={"game": "wish-solitaire", "players": "1", "name-0": "Ann"})
    assert response.status_code == 303, response.data
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Who holds this phone?" not in page
    assert "1 player<" in page and "1 players" not in page


def test_the_home_page_says_one_player_in_the_singular(client: FlaskClient) -> None:
    page = html.unescape(client.get("/").get_data(as_text=True))
    assert "1 players" not in page
    assert "<small>1 player</small>" in page  # Wish Solitaire
    assert "<small>2–7 players</small>" in page  # Tarocchini
