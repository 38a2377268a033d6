"""What goes over the wire: compressed answers, and a long evening's pad folded to its latest
hands (the summary, history and export still hold every hand)."""

from __future__ import annotations

import gzip
import re

from flask.testing import FlaskClient

from companion.web.pad_page import LATEST_HANDS


def start_war(client: FlaskClient) -> str:
    """A War tally for Ann and Bob; returns the pad's URL."""
    response = client.post(
        "/new", data={"game": "war", "players": "2", "name-0": "Ann", "name-1": "Bob"}
    )
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def play(client: FlaskClient, pad_url: str, games: int) -> None:
    """`games` games of War, Ann winning every third one, Bob the rest."""
    for number in range(1, games + 1):
        winner = "0" if number % 3 == 0 else "1"
        response = client.post(f"{pad_url}/hands", data={"winner": winner})
        assert response.status_code == 303, response.data


def without_token(page: bytes) -> bytes:
    """A page with its CSRF tokens blanked out (the htmx header and the forms' hidden fields)."""
    page = re.sub(rb'"X-CSRFToken": ?"[^"]*"', b'"X-CSRFToken": ""', page)
    return re.sub(rb'name="csrf_token" value="[^"]*"', b'name="csrf_token" value=""', page)


def shown_hands(html: str) -> list[int]:
    """The hand numbers the pad's table shows."""
    return [int(n) for n in re.findall(r'<tbody id="hand-(\d+)"', html)]


def test_a_long_pad_shows_its_latest_hands_and_folds_the_rest(client: FlaskClient) -> None:
    pad_url = start_war(client)
    play(client, pad_url, LATEST_HANDS + 5)
    html = client.get(pad_url).get_data(as_text=True)
    assert shown_hands(html) == list(range(6, LATEST_HANDS + 6))
    assert "Show the 5 earlier hands" in html
    # the standings still count every game: Ann won games 3, 6, 9, 12, 15 (5 of 15), Bob 10
    block = html.split('id="standings"', 1)[1].split("</section>", 1)[0]
    assert LATEST_HANDS + 5 == 15
    assert re.findall(r'class="total">([^<]+)<', block) == ["5", "10"]


def test_every_hand_is_shown_when_asked_and_a_strange_query_is_ignored(client: FlaskClient) -> None:
    pad_url = start_war(client)
    play(client, pad_url, LATEST_HANDS + 2)
    every = client.get(f"{pad_url}?hands=all").get_data(as_text=True)
    assert shown_hands(every) == list(range(1, LATEST_HANDS + 3))
    assert "earlier hand" not in every
    for strange in ("ALL", "all%00", "1", "", "a" * 5000):
        html = client.get(f"{pad_url}?hands={strange}").get_data(as_text=True)
        assert shown_hands(html) == list(range(3, LATEST_HANDS + 3))


def test_a_short_pad_folds_nothing(client: FlaskClient) -> None:
    pad_url = start_war(client)
    play(client, pad_url, 3)
    html = client.get(pad_url).get_data(as_text=True)
    assert shown_hands(html) == [1, 2, 3]
    assert "earlier hand" not in html


def test_the_summary_keeps_every_hand(client: FlaskClient) -> None:
    pad_url = start_war(client)
    play(client, pad_url, LATEST_HANDS + 5)
    summary = client.get(f"{pad_url}/summary").get_data(as_text=True)
    numbers = [int(n) for n in re.findall(r'<tr><th scope="row">(\d+)</th>', summary)]
    assert numbers == list(range(1, LATEST_HANDS + 6))


def test_a_phone_that_accepts_zstd_gets_its_pages_in_zstd(client: FlaskClient) -> None:
    """What a phone's browser sends today (Chrome since 2024): a page, made at every request,
    is packed with zstd, the fastest to pack (the static files come in brotli: their tests)."""
    pad_url = start_war(client)
    packed = client.get(pad_url, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert packed.headers["Content-Encoding"] == "zstd"


def test_pages_go_out_compressed_to_a_browser_that_accepts_it(client: FlaskClient) -> None:
    pad_url = start_war(client)
    plain = client.get(pad_url)
    packed = client.get(pad_url, headers={"Accept-Encoding": "gzip"})
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == "gzip"
    # the same page, but for its CSRF token (signed with the second it was made in)
    assert without_token(gzip.decompress(packed.get_data())) == without_token(plain.get_data())
    assert len(packed.get_data()) * 2 < len(plain.get_data())
