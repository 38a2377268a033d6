"""A player's statistics page shows their rating and its history as a chart, once they have
finished a session; every word of it a message."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from companion.store import Store
from tests.service.test_ratings import player, tarot_session
from tests.web.test_every_word_translated import Brackets, untranslated


def test_the_rating_and_its_chart_on_the_players_page(app: Flask, db_path: Path) -> None:
    with Store(db_path, migrate=True) as store:
        tarot_session(store, ["P1", "P2", "P3", "P4"])
        tarot_session(store, ["P1", "P3", "P2", "P4"])
        tarot_session(store, ["P1", "P3", "P2", "P5"], ended=False)
        first, unrated = player(store, "P1"), player(store, "P5")
    client = app.test_client()
    html = client.get(f"/stats/player/{first}").get_data(as_text=True)
    assert 'id="rating-title"' in html and "<svg" in html
    assert "Sessions rated</dt><dd>2<" in html
    assert 'id="rating-title"' not in client.get(f"/stats/player/{unrated}").get_data(as_text=True)
    app.config["TEST_CATALOGUE"] = Brackets()
    assert untranslated(client.get(f"/stats/player/{first}").get_data(as_text=True)) == []
