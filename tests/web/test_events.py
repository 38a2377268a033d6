"""The event form and the list of club nights (companion/web/events.py, issue 37): the
director's PIN refused beside its field and used to open the director's page on another
device; the rounds hidden at most the event's; Skat's 12 deals each when Skat is chosen after
another game; the house rules a club night decides itself left off the form."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion.store import Store
from tests.web.test_event_pages import EVENT, create


def test_a_bad_pin_is_refused_beside_its_field_with_the_rest_kept(
    client: FlaskClient, db_path: Path
) -> None:
    answer = client.post("/events/new", data=EVENT | {"pin": "12a4", "name": ""})
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert '<p class="error" id="err-pin">A PIN is 4 to 8 digits (or leave it empty).</p>' in html
    assert "Give the event a name." in html  # named with the rest, not after
    assert "Ann\nBob\nCid" in html  # the entrants kept as typed
    answer = client.post("/events/new", data=EVENT | {"hide_last": "3"})  # of 2 rounds
    assert answer.status_code == 422
    assert "At most the event&#39;s 2 rounds." in answer.get_data(as_text=True)
    with Store(db_path) as store:
        assert store.events.all() == []


def test_the_pin_opens_the_directors_page_on_another_device(
    client: FlaskClient, app: Flask
) -> None:
    director = create(client, pin="2468")
    other = app.test_client()  # another device: none of this one's cookies
    page = other.get("/events/open").get_data(as_text=True)
    follow = re.search(r'<option value="([^"]+)"[^>]*>Friday club', page)
    assert follow is not None and director.rsplit("/", 1)[1] not in page
    wrong = other.post("/events/open", data={"event": follow.group(1), "pin": "1357"})
    assert wrong.status_code == 422
    assert 'id="err-pin">That PIN is not this event’s.</p>' in wrong.get_data(as_text=True)
    right = other.post("/events/open", data={"event": follow.group(1), "pin": "2468"})
    assert right.status_code == 303 and right.headers["Location"] == director
    assert f'href="{director}"' in other.get("/events").get_data(as_text=True)
    for _ in range(5):
        other.post("/events/open", data={"event": follow.group(1), "pin": "0000"})
    paused = other.post("/events/open", data={"event": follow.group(1), "pin": "2468"})
    assert "Too many wrong PINs: try again in a few minutes." in paused.get_data(as_text=True)
    nonsense = other.post("/events/open", data={"event": "x" * 10_000, "pin": "9" * 10_000})
    assert nonsense.status_code == 422
    assert "Choose an event that has a PIN." in nonsense.get_data(as_text=True)


def test_skat_chosen_after_french_tarot_offers_twelve_deals_each(client: FlaskClient) -> None:
    # Found at the table: the form kept French Tarot's 1 deal each when Skat was chosen.
    redrawn = client.get(
        "/events/new",
        query_string={"game": "skat", "deals_game": "french-tarot", "deals_each": "1"},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)
    assert 'name="deals_each" inputmode="numeric" value="12"' in redrawn
    kept = client.get(
        "/events/new",
        query_string={"game": "skat", "deals_game": "skat", "deals_each": "9"},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)
    assert 'name="deals_each" inputmode="numeric" value="9"' in kept  # typed for Skat: kept


def test_the_form_leaves_off_what_a_club_night_decides_itself(
    client: FlaskClient, db_path: Path
) -> None:
    tarot = client.get("/events/new", query_string={"game": "french-tarot"}).get_data(as_text=True)
    assert "Hands agreed" not in tarot
    skat = client.get("/events/new", query_string={"game": "skat"}).get_data(as_text=True)
    assert "Fixed list" not in skat and "Stake" not in skat and "Scoring" in skat
    create(client)
    with Store(db_path) as store:
        (event,) = store.events.all()
        assert "hands" not in event.options  # the tables play the default: until closed


def test_round_1_seeded_by_rating_is_chosen_on_the_form(client: FlaskClient, db_path: Path) -> None:
    form = client.get("/events/new").get_data(as_text=True)
    assert 'name="seeding" value="random" checked' in form  # the draw stays the default
    assert 'name="seeding" value="rating">' in form
    refused = client.post("/events/new", data=EVENT | {"seeding": "best-first"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert '<p class="error" id="err-seeding">Choose one.</p>' in html
    with Store(db_path) as store:
        assert store.events.all() == []
    older = create(client)  # a form from before the choice: drawn at random
    assert "seeded by rating" not in client.get(older).get_data(as_text=True)
    director = create(client, seeding="rating", name="Seeded club")
    with Store(db_path) as store:
        assert {event.name: event.seeding for event in store.events.all()} == {
            "Friday club": "random", "Seeded club": "rating",
        }  # fmt: skip
    assert "round 1 seeded by rating" in client.get(director).get_data(as_text=True)
    assert client.post(f"{director}/draw").status_code == 303
    drawn = client.get(director).get_data(as_text=True)
    assert "Round 1 is seeded by rating: the players in order of their rating" in drawn


def test_the_seeding_is_offered_in_every_language(client: FlaskClient) -> None:
    for language, words in (
        ("de", "Nach Wertungszahl gesetzt"),
        ("fr", "Placée selon la cote"),
        ("it", "Per punteggio: i migliori distribuiti ai tavoli a serpentina"),
    ):
        page = client.get("/events/new", headers={"Accept-Language": language})
        assert words in page.get_data(as_text=True), language
