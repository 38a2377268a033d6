"""The statistics pages and the session's chart through the web: the range read strictly with
each problem beside its box, bad ids 404, hands linked only for a phone that knows the session,
and the chart folded on the pad (fetched when opened) and inline on the printed summary."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import GARDE_47, phone_app, start

# Ann's garde, 47 with 2 bouts (conftest): made by 6, (25 + 6) × 2 = 62 a defender; Ann +186.
# Twice: Ann 372, each defender −124.


@pytest.fixture
def played(client: FlaskClient) -> str:
    """A French Tarot session of Ann, Bob, Cid and Dee with two of Ann's gardes."""
    url = start(client)
    for _ in range(2):
        assert client.post(f"{url}/hands", data=GARDE_47).status_code == 303
    return url


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_game_page_counts_the_session(client: FlaskClient, played: str) -> None:
    page = client.get("/stats/game/french-tarot")
    assert page.status_code == 200
    words = text(page.get_data(as_text=True))
    assert "1 session, 2 hands" in words
    # Ann: 1 session, won 1, 2 hands, 186 a hand, best and worst +186.
    assert "Ann 1 1 2 186 +186 hand 1" in words
    assert "Bob 1 0 2 −62 −62 hand 1" in words
    # Contracts made of those taken (Petite, Garde, Garde sans, Garde contre): Ann 2 of 2 gardes.
    assert "Ann — 2 of 2 — —" in words and "Bob — — — —" in words


def test_a_hand_links_to_its_session_only_on_a_phone_that_opened_it(
    app: Flask, client: FlaskClient, played: str
) -> None:
    token = played.rsplit("/", 1)[1]
    mine = client.get("/stats/game/french-tarot").get_data(as_text=True)
    assert f"/s/{token}?hands=all#hand-1" in mine
    other = app.test_client().get("/stats/game/french-tarot").get_data(as_text=True)
    assert token not in other and "hand 1," in other


def test_the_player_page_draws_the_results_over_time(client: FlaskClient, played: str) -> None:
    page = client.get("/stats/player/1")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "<svg" in html and "Ann on " in html and ": 372</title>" in html
    assert "A hand 186" in text(html)


def test_the_overview_links_games_and_players(client: FlaskClient, played: str) -> None:
    html = client.get("/stats").get_data(as_text=True)
    assert 'href="/stats/game/french-tarot"' in html and 'href="/stats/player/4"' in html
    assert 'href="/stats"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("query", "box", "message"),
    [
        ("from=2026-02-30", "from", "year-month-day"),
        ("to=23.11.2026", "to", "year-month-day"),
        ("from=%C2%B2026-01-01", "from", "year-month-day"),
        ("from=2026-05-01&to=2026-04-30", "to", "before the first"),
        ("to=" + "9" * 5000, "to", "year-month-day"),
    ],
)
def test_a_bad_range_is_refused_beside_its_box(
    client: FlaskClient, played: str, query: str, box: str, message: str
) -> None:
    for path in ("/stats", "/stats/game/french-tarot", "/stats/player/1"):
        page = client.get(f"{path}?{query}")
        html = page.get_data(as_text=True)
        assert page.status_code == 422, path
        assert re.search(rf'id="err-range-{box}"[^>]*>[^<]*{message}', html), path
        assert "Ann 1 1 2" not in text(html)  # nothing counted


def test_the_range_counts_the_days_given(client: FlaskClient, played: str, db_path) -> None:
    second = start(client, ["Ann", "Bob", "Cid", "Eve"])
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "UPDATE sessions SET created_at = '2025-06-01T20:00:00.000+00:00' WHERE id = ?",
            (second.rsplit("/", 1)[1],),
        )
    june = text(client.get("/stats?from=2025-06-01&to=2025-06-01").get_data(as_text=True))
    assert "Games 1 session" in june and "Players Ann Bob Cid Eve The roster" in june
    assert "from 2025-06-01 to 2025-06-01" in june
    everything = text(client.get("/stats").get_data(as_text=True))
    assert "2 sessions" in everything
    later = client.get("/stats/game/french-tarot?from=2025-06-02").get_data(as_text=True)
    assert "1 session, 2 hands" in text(later)


def test_the_days_are_the_servers_days(
    client: FlaskClient, played: str, db_path, clock_ahead_of_utc
) -> None:
    # Begun at 22:30 UTC on June 1st: 01:30 on June 2nd by the server's clock (UTC+3), which is
    # the table's: counted on the 2nd, not on the 1st, and so dated on the printed summary.
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "UPDATE sessions SET created_at = '2025-06-01T22:30:00.000+00:00' WHERE id = ?",
            (played.rsplit("/", 1)[1],),
        )
    first = text(client.get("/stats?from=2025-06-01&to=2025-06-01").get_data(as_text=True))
    second = text(client.get("/stats?from=2025-06-02&to=2025-06-02").get_data(as_text=True))
    assert "Games 1 session" in second and "Games 1 session" not in first
    assert "started Jun 2, 2025 01:30" in text(client.get("/").get_data(as_text=True))
    # A fresh app (this one keeps the session's record as it read it, before the change above).
    summary = (
        phone_app({"DATABASE": str(db_path), "TESTING": True})
        .test_client()
        .get(f"{played}/summary")
        .get_data(as_text=True)
    )
    assert "score sheet · 2025-06-02</title>" in summary and "Jun 2, 2025" in summary


@pytest.mark.parametrize(
    "path",
    [
        "/stats/player/abc",
        "/stats/player/0",
        "/stats/player/-1",
        "/stats/player/99999999999999999999999",
        "/stats/game/nope",
        "/stats/player/%C2%B2",
        "/s/nope/chart",
    ],
)
def test_bad_ids_are_not_found(client: FlaskClient, played: str, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_pad_folds_the_chart_and_fetches_it_when_opened(
    client: FlaskClient, played: str
) -> None:
    pad = client.get(played).get_data(as_text=True)
    fold = re.search(r'<details class="card chart-fold".*?</details>', pad, re.S).group(0)
    assert f'hx-get="{played}/chart"' in fold and 'hx-trigger="toggle"' in fold
    assert f'href="{played}/chart"' in fold  # the way without JavaScript
    assert "<svg" not in pad  # the first load carries no chart
    fragment = client.get(f"{played}/chart", headers={"HX-Request": "true"})
    # the fragment alone, with the chart's own stylesheet (the pad's first load has none)
    assert (
        fragment.get_data(as_text=True)
        .lstrip()
        .startswith('<link rel="stylesheet" href="/static/charts.css">\n<figure')
    )
    assert "Ann after hand 2: 372" in fragment.get_data(as_text=True)
    page = client.get(f"{played}/chart").get_data(as_text=True)
    assert "<!doctype html>" in page and "Back to the pad" in page


def test_the_summary_prints_the_chart(client: FlaskClient, played: str) -> None:
    summary = client.get(f"{played}/summary").get_data(as_text=True)
    assert summary.count("<svg") == 1 and "Dee after hand 2: −124" in summary


def test_a_session_without_hands_has_no_chart(client: FlaskClient) -> None:
    url = start(client)
    assert "No hands yet" in client.get(f"{url}/chart").get_data(as_text=True)
    assert "<svg" not in client.get(f"{url}/summary").get_data(as_text=True)
