"""A pad nobody opened since the server started (its cache empty) shows what a warm one does:
the stored results stand in for the replay, on the pad, the summary and the export."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from companion.web import app_state
from tests.web.conftest import GARDE_47

HANDS = 23  # more than the 10 the pad's table shows, so the first thirteen fold away
CSRF_TOKEN = re.compile(r'(csrf_token" value="|"X-CSRFToken": ")[^"]+')
"""A CSRF token carries the second it was signed in: two fetches a second apart differ there."""


def without_tokens(page: str) -> str:
    return CSRF_TOKEN.sub(r"\1…", page)


def test_a_long_pad_reopened_cold_shows_what_it_showed_warm(app: Flask, client: FlaskClient,
                                                            pad_url: str) -> None:
    for _ in range(HANDS):
        assert client.post(pad_url + "/hands", data=GARDE_47).status_code == 303
    client.get(pad_url)  # shows (and so clears) the last save's message
    pages = (pad_url, pad_url + "?hands=all", pad_url + "/summary", pad_url + "/export.json")
    warm = [without_tokens(client.get(page).get_data(as_text=True)) for page in pages]
    app_state(app).cache.clear()
    cold = [without_tokens(client.get(page).get_data(as_text=True)) for page in pages]
    assert cold == warm
    # 23 gardes made by Ann: 23 × 186 = 4278, and 23 × −62 = −1426 for each defender.
    assert "4278" in cold[0] and "−1426" in cold[0]
    assert 'id="hand-14"' in cold[0] and 'id="hand-13"' not in cold[0]  # the latest 10
    assert 'id="hand-1"' in cold[1]  # every hand when asked
