"""The holes issue 26's probes found in the web pad, each closed at its root: a settlement fold
of no hands, statistics' days at the calendar's ends, a roster write losing to a merge, a
language switch's return path with a line break, and pages showing session links that could be
cached. Every answer here is a clear one (a refusal beside its box, a stale write, home), never
a 500."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.store.players import Players
from tests.web.conftest import GARDE_47, start

STATS_PAGES = ("/stats", "/stats/game/french-tarot", "/stats/player/1")


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ---------------------------------------------------------------- the settlement fold


def test_the_settlement_fold_of_a_session_without_hands_says_there_is_nothing_yet(
    client: FlaskClient, pad_url: str
) -> None:
    answer = client.get(f"{pad_url}/settlement", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert "Nothing to settle yet." in answer.get_data(as_text=True)


# ---------------------------------------------------------------- statistics' days


@pytest.mark.parametrize("page", STATS_PAGES)
@pytest.mark.parametrize(
    ("key", "typed"),
    [("to", "9999-12-31"), ("from", "0001-01-01"), ("from", "1969-12-31"), ("to", "9999-01-01")],
)
def test_a_day_past_the_calendar_s_ends_is_refused_beside_its_box(
    client: FlaskClient, pad_url: str, page: str, key: str, typed: str
) -> None:
    answer = client.get(f"{page}?{key}={typed}")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert 'id="err-range-' + key + '"' in html
    assert "Choose a day from 1970-01-01 to 9998-12-31." in text(html)
    assert f'value="{typed}"' in html  # the form keeps what was typed


@pytest.mark.parametrize("page", STATS_PAGES)
def test_the_first_and_last_days_allowed_count(
    client: FlaskClient, pad_url: str, page: str
) -> None:
    assert client.post(f"{pad_url}/hands", data=GARDE_47).status_code == 303
    answer = client.get(f"{page}?from=1970-01-01&to=9998-12-31")
    assert answer.status_code == 200
    assert "err-range-" not in answer.get_data(as_text=True)


# ---------------------------------------------------------------- the roster's races


def two_players(client: FlaskClient) -> None:
    """Ann, Bob, Cid, Dee (ids 1-4) at one table and Ann2 (id 5) at another."""
    start(client)
    start(client, ["Ann2", "Bob", "Cid", "Dee"])


def lose_to_a_merge(monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    """The roster write `method` runs just after another phone merged Ann2 (5) into Ann (1)."""
    original = getattr(Players, method)

    def raced(self: Players, *args: object) -> None:
        original_merge(self, 5, 1)
        return original(self, *args)

    original_merge = Players.merge
    monkeypatch.setattr(Players, method, raced)


def test_a_rename_losing_to_a_merge_that_removed_the_player_is_a_stale_write(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    two_players(client)
    lose_to_a_merge(monkeypatch, "rename")
    answer = client.post("/players/5/rename", data={"name": "Annie", "version": "1"})
    assert answer.status_code == 409
    assert "merged into another player on another phone" in text(answer.get_data(as_text=True))
    roster = client.get("/players").get_data(as_text=True)
    assert "Annie" not in roster


def test_a_merge_losing_to_a_merge_that_removed_the_player_is_a_stale_write(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    two_players(client)
    lose_to_a_merge(monkeypatch, "merge")
    # Ann2 (5) into Bob (2, version 1): Ann2 is gone by the time the merge is written.
    answer = client.post("/players/5/merge", data={"into": "Bob", "version": "1"})
    assert answer.status_code == 409
    assert "nothing was merged" in text(answer.get_data(as_text=True))


# ---------------------------------------------------------------- the language's return path


@pytest.mark.parametrize(
    "target",
    ["/stats\r\nSet-Cookie: x=1", "/s/abc\n", "/\rx", "/a\tb", "/a b", "/\x00", "/\x7f", "/\u2028"],
)
def test_a_return_path_with_a_control_character_or_a_space_goes_home(
    client: FlaskClient, target: str
) -> None:
    answer = client.get("/language/fr", query_string={"next": target})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"


def test_a_plain_local_return_path_is_followed(client: FlaskClient) -> None:
    answer = client.get("/language/fr", query_string={"next": "/stats?from=2026-01-01"})
    assert answer.headers["Location"] == "/stats?from=2026-01-01"


# ---------------------------------------------------------------- no-store


def test_every_page_showing_a_session_link_is_never_stored(app: Flask) -> None:
    """A phone that opened a session with a hand: every page it can open that carries that
    session's link (its key) says no-store."""
    client = app.test_client()
    url = start(client)
    assert client.post(f"{url}/hands", data=GARDE_47).status_code == 303
    token = url.rsplit("/", 1)[1]
    pages = [
        "/",
        "/stats",
        "/stats/game/french-tarot",
        "/stats/player/1",
        "/players",
        "/new",
        "/import",
        "/rules/french-tarot",
        url,
        f"{url}/summary",
        f"{url}/history",
        f"{url}/chart",
    ]
    showing = []
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 200, page
        if token in answer.get_data(as_text=True):
            showing.append(page)
            assert "no-store" in answer.headers.get("Cache-Control", ""), page
    # The statistics' best hand links to the session for this phone: those pages are counted.
    assert {"/", url, "/stats/game/french-tarot", "/stats/player/1"} <= set(showing)
