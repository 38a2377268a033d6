"""The referee panel on the pad: from a session (names, table size) and from the rules page."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from tests.web.conftest import FOUR, start


def verdict_words(page: str) -> list[str]:
    return [html.unescape(w) for w in re.findall(r'verdict-words"><strong>([^<]*)', page)]


def test_a_maw_trick_without_a_session(client: FlaskClient) -> None:
    # Clubs trumps; Player 2 (seat 1) plays the Jack of trumps, second only to the Five.
    page = client.get("/referee/maw?players=4&trump=C&leader=0&cards=AH+JC+KC+5S")
    assert page.status_code == 200
    assert verdict_words(page.get_data(as_text=True)) == [
        "Player 2 wins with the Jack of Clubs: in Maw the Jack of trumps ranks second only to "
        "the Five"]


def test_a_session_s_referee_says_the_players_names(client: FlaskClient) -> None:
    url = start(client, FOUR)  # French Tarot: Ann, Bob, Cid, Dee
    pad = client.get(url).get_data(as_text=True)
    assert f'href="{url}/referee"' in pad
    # Bob leads the Five of Clubs; nobody plays an atout; the Excuse (Dee's) never wins:
    # Bob's Five is the highest club (the Two is lower; the Three of Diamonds is off-suit).
    page = client.get(f"{url}/referee?leader=1&cards=5C+2C+3D+EX").get_data(as_text=True)
    words = verdict_words(page)
    assert words and words[0].startswith("Bob wins with the Five of Clubs")
    assert "gives the winner a card worth half a point" in page


def test_a_trick_the_pack_cannot_have_is_refused_beside_the_cards(client: FlaskClient) -> None:
    page = client.get("/referee/skat?players=3&game=clubs&cards=2H+JC+AC")
    assert page.status_code == 422
    assert "The Two of Hearts is not in the pack Skat is played with." in html.unescape(
        page.get_data(as_text=True))


def test_the_panel_alone_for_htmx(client: FlaskClient) -> None:
    page = client.get("/referee/maw?players=4&trump=C&cards=AH+JC+KC+5S",
                      headers={"HX-Request": "true"}).get_data(as_text=True)
    assert page.lstrip().startswith("{#") is False and page.lstrip().startswith("<section")
    assert "<html" not in page


def test_rules_page_and_home_lead_to_the_referee(client: FlaskClient) -> None:
    assert "/referee/skat" in client.get("/rules/skat").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert "/referee/maw" in home and "/referee/whist" in home


def test_a_game_without_a_referee_is_not_found(client: FlaskClient) -> None:
    assert client.get("/referee/no-such-game").status_code == 404
