"""The season pages: a season made by its form (bad input refused beside its field, kept as
typed, nothing saved), evenings added by the director, the table with its dropped evenings
struck through, a line's evenings, print and the exports; the money of a night set by its form
and its cashier's sheet; every page all messages."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import jsonschema
from flask import Flask
from flask.testing import FlaskClient

from companion.engine.season import SeasonRule
from companion.service.season_format import season_schema
from companion.service.season_rules import form_values
from companion.store import Store
from tests.service.test_event_service import plan, play, seat_round
from tests.service.test_money_service import MONEY, TABLE_2
from tests.service.test_seasons import ORDERED, SERIES_1
from tests.web.test_every_word_translated import Brackets, untranslated

RULE = form_values(SeasonRule())


def evening(
    db_path: Path, names: str, *, skat: bool = False, name: str = "Club"
) -> tuple[str, str]:
    """A club night of one round played at one table of four (two for eight Skat players):
    its director's and followers' keys."""
    with Store(db_path, migrate=True) as store:
        from companion.service.service import Service

        game = "skat" if skat else "french-tarot"
        options = {"scoring": "seeger_fabian"} if skat else {}
        event_plan = replace(plan(game, 4, rounds=1, deals_each=1, **options), name=name)
        key, _ = Service(store).events.create(event_plan, list(names))
        assert key is not None
        tables = [(1, 2, 3, 4), (5, 6, 7, 8)] if len(names) == 8 else [(1, 2, 3, 4)]
        seat_round(store, key, 1, tables)
        play(store, key, 1, 1, SERIES_1 if skat else ORDERED)
        if len(names) == 8:
            play(store, key, 1, 2, TABLE_2)
        event = Service(store).events.get(key)
        assert event is not None
        return key, event.follow


def new_season(client: FlaskClient, **changes: str) -> str:
    data = {**RULE, "name": "Season 2025", "game": "french-tarot", "currency": "eur"} | changes
    response = client.post("/seasons", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def version(html: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', html)
    assert found is not None
    return found.group(1)


def test_a_bad_season_form_is_refused_beside_its_fields_and_kept_as_typed(
    client: FlaskClient, db_path: Path
) -> None:
    data = {**RULE, "name": "", "game": "chess", "currency": "EU", "minimum_evenings": "x7"}
    response = client.post("/seasons", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    for field in ("name", "game", "currency", "minimum_evenings"):
        assert f'id="err-{field}"' in html, field
    assert 'value="x7"' in html  # kept as typed
    with Store(db_path) as store:
        assert store.seasons.all() == []


def test_a_season_from_its_form_to_its_table_print_and_exports(
    client: FlaskClient, db_path: Path
) -> None:
    director = new_season(client, minimum_evenings="2", counting="best", best="1", score="placing")
    nights = [evening(db_path, names) for names in ("ABCD", "BACE")]
    for _, follow in nights:
        html = client.get(director).get_data(as_text=True)
        response = client.post(
            f"{director}/evenings", data={"event": follow, "version": version(html)}
        )
        assert response.status_code == 303
    # A stale page changes nothing and says so.
    response = client.post(
        f"{director}/evenings/remove", data={"event": nights[0][1], "version": "1"}
    )
    assert response.status_code == 303
    html = client.get(director).get_data(as_text=True)
    assert "The season changed since this page was read" in html
    # Placing points, the best evening counts: A 4 and 3 (3 dropped), B 3 and 4 (3 dropped);
    # C 2 and 2 (the first dropped); D 1 and E 1 at one evening each, listed apart.
    assert html.count("<del>") == 3
    assert '<del>3<span class="visually-hidden"> dropped</span></del>' in html
    follower = re.search(r'href="(/seasons/f/[^"/]+)"', html)
    assert follower is not None
    page = client.get(follower.group(1)).get_data(as_text=True)
    assert "Below the minimum of 2 evenings" in page and "<form" not in page
    assert director.split("/")[-1] not in page  # the director's key is never shown to followers
    player = re.search(r'href="(/seasons/f/[^"]+/player/\d+)"', page)
    assert player is not None
    assert "place 1 of 4, total 382" in client.get(player.group(1)).get_data(as_text=True)
    assert client.get(f"{follower.group(1)}/print").status_code == 200
    rows = list(
        csv.reader(
            io.StringIO(client.get(f"{follower.group(1)}/season.csv").get_data(as_text=True))
        )
    )
    assert rows[0] == [
        "place",
        "name",
        "guest",
        "played",
        "counted",
        "evening 1",
        "evening 2",
        "total",
    ]
    # A and B tie on 4 with one evening counted and a best of 4: B's last evening (4) beats A's.
    assert rows[1:3] == [
        ["1", "B", "", "2", "1", "(3)", "4", "4"],
        ["2", "A", "", "2", "1", "4", "(3)", "4"],
    ]
    document = json.loads(client.get(f"{follower.group(1)}/season.json").get_data(as_text=True))
    jsonschema.validate(document, season_schema())
    assert document["format"] == "table-companion/season@1"
    # D (4th at evening 1) and E (4th at evening 2) score 1 each: equal, listed by name.
    assert [line["name"] for line in document["apart"]] == ["D", "E"]


def test_the_money_of_a_night_its_form_and_its_cashiers_sheet(
    client: FlaskClient, db_path: Path
) -> None:
    key, _ = evening(db_path, "ABCDEFGH", skat=True)
    page = client.get(f"/e/{key}/money")
    assert page.status_code == 200
    bad = {**MONEY, "start_fee": "ten", "prizes": "", "version": "0"}
    response = client.post(f"/e/{key}/money", data=bad)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="err-start_fee"' in html and 'id="err-prizes"' in html and 'value="ten"' in html
    response = client.post(f"/e/{key}/money", data={**MONEY, "version": "0"})
    assert response.status_code == 303
    html = client.get(f"/e/{key}/money").get_data(as_text=True)
    assert "Paid in 82.50 = prizes 61.70 + kept 20.80" in html
    assert re.search(r">E</th><td>30.90 EUR<", html)
    stale = client.post(f"/e/{key}/money", data={**MONEY, "version": "0"})
    assert stale.status_code == 409
    assert "The money was changed since this page was read" in stale.get_data(as_text=True)


def test_every_season_page_is_all_messages(app: Flask, db_path: Path) -> None:
    app.config["TEST_CATALOGUE"] = Brackets()
    client = app.test_client()
    key, follow = evening(db_path, "PQRS", name="P11")
    director = new_season(client, name="P10")
    html = client.get(director).get_data(as_text=True)
    client.post(f"{director}/evenings", data={"event": follow, "version": version(html)})
    client.post(
        f"/e/{key}/money", data={**MONEY, "version": "0", "prize_kind": "fixed", "prizes": "5 2"}
    )
    html = client.get(director).get_data(as_text=True)
    follower = re.findall(r'href="(/seasons/f/[^"/]+)"', html)[0]
    player = re.findall(r'href="(/seasons/f/[^"]+/player/\d+)"', html)[0]
    pages = {
        "index": "/seasons", "director": director, "follower": follower, "player": player,
        "print": f"{follower}/print", "money": f"/e/{key}/money",
    }  # fmt: skip
    drawn = {name: client.get(path).get_data(as_text=True) for name, path in pages.items()}
    drawn["refused"] = client.post("/seasons", data={"name": ""}).get_data(as_text=True)
    left = {name: untranslated(page) for name, page in drawn.items()}
    assert left == {name: [] for name in drawn}
