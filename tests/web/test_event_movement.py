"""The movement's pages (web/event_movement.py): the director's figures in words, the print of
the movement and the start cards, the entrants and the pairs kept apart changed through their
forms (bad input beside its field, nothing saved; a page older than the plan refused), and a
player's next table on the followers' link."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_event_pages import EVENT, create
from tests.web.test_every_word_translated import Brackets, untranslated

TWELVE = "\n".join(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim",
                    "Lou"])  # fmt: skip


def version(client: FlaskClient, page: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', client.get(page).get_data(as_text=True))
    assert found is not None
    return found.group(1)


def drawn_night(client: FlaskClient) -> str:
    """A French Tarot night of 12 over 3 rounds, round 1 drawn (the movement planned)."""
    director = create(client, typed=TWELVE, rounds="3")
    assert client.post(f"{director}/draw", data={"round": "1"}).status_code == 303
    return director


def test_the_director_reads_the_repeats_next_to_the_bound(client: FlaskClient) -> None:
    director = drawn_night(client)
    html = client.get(director).get_data(as_text=True)
    # 12 at three tables of 4 over 3 rounds: 3 × 3 × 6 = 54 seatings of 66 pairs; round 2's
    # tables each take 2 + 1 + 1 from round 1's (1 pair met), as does round 3 from round 2's:
    # at least 3 + 3 = 6 repeats.
    figures = re.search(r'class="movement-figures"><strong>(.*?)</strong>', html)
    assert figures is not None
    assert figures.group(1).endswith("; with these numbers at least 6 must be.")
    assert "Which pairs meet again" in html and "No pair meets a third time." in html
    for page in ("movement", "start-cards", "entrants", "apart"):
        assert client.get(f"{director}/{page}").status_code == 200
    printed = client.get(f"{director}/movement").get_data(as_text=True)
    assert printed.count('<th scope="row">') == 3  # tables 1–3, round by round
    cards = client.get(f"{director}/start-cards").get_data(as_text=True)
    assert cards.count('class="start-card"') == 12


def test_a_late_entrant_through_the_form_and_bad_input_beside_its_field(
    client: FlaskClient,
) -> None:
    director = drawn_night(client)
    page = f"{director}/entrants"
    shown = version(client, page)
    bad = client.post(page, data={"action": "late", "name": "ann", "version": shown})
    assert bad.status_code == 422
    html = bad.get_data(as_text=True)
    assert 'id="err-late-name"' in html and "That name is an entrant" in html
    assert client.post(page, data={"action": "late", "name": "", "version": "x"}).status_code == 422
    assert client.post(page, data={"action": "sideways", "version": shown}).status_code == 422
    added = client.post(page, data={"action": "late", "name": "Mo", "version": shown})
    assert added.status_code == 303
    # The same page again (its version is stale now): refused in words, nothing saved.
    stale = client.post(page, data={"action": "late", "name": "Ned", "version": shown})
    assert stale.status_code == 422 and "The event changed since this page" in stale.get_data(
        as_text=True
    )
    listed = client.get(page).get_data(as_text=True)
    assert "Mo" in listed and "Ned" not in listed
    assert "Joined in round 1" not in listed  # round 1 not started: Mo plays it too


def test_withdraw_substitute_and_a_pair_apart_through_their_forms(client: FlaskClient) -> None:
    director = drawn_night(client)
    assert client.post(f"{director}/start").status_code == 303
    page = f"{director}/entrants"
    assert client.post(page, data={"action": "withdraw", "entrant": "99",
                                   "version": version(client, page)}).status_code == 422  # fmt: skip
    sent = {"action": "substitute", "entrant": "2", "name": "Zed", "credited": "yes"}
    assert client.post(page, data=sent | {"version": version(client, page)}).status_code == 303
    sent = {"action": "withdraw", "entrant": "3"}
    assert client.post(page, data=sent | {"version": version(client, page)}).status_code == 303
    listed = client.get(page).get_data(as_text=True)
    assert "Zed plays in this seat from round 2; those rounds count for this entrant." in listed
    assert "Withdrew after round 1: the later rounds have no figure." in listed
    apart = f"{director}/apart"
    same = client.post(apart, data={"action": "keep", "a": "4", "b": "4",
                                    "version": version(client, apart)})  # fmt: skip
    assert same.status_code == 422 and 'id="err-apart-b"' in same.get_data(as_text=True)
    kept = client.post(apart, data={"action": "keep", "a": "4", "b": "5",
                                    "version": version(client, apart)})  # fmt: skip
    assert kept.status_code == 303
    assert "Let Dee and Eve meet" in client.get(apart).get_data(as_text=True)
    log = client.get(director).get_data(as_text=True)
    assert "The director keeps Dee and Eve apart." in log
    follower = re.findall(r'href="(/f/[^"/]+)"', log)[0]
    printed = client.get(f"{follower}/print").get_data(as_text=True)
    assert "The entrants as they came" in printed and "never an average" in printed


def test_a_player_reads_their_next_table_on_the_followers_link(client: FlaskClient) -> None:
    director = drawn_night(client)
    html = client.get(director).get_data(as_text=True)
    follower = re.findall(r'href="(/f/[^"/]+)"', html)[0]
    table_one = re.search(r"<li>Table 1: (.*?)</li>", html)
    assert table_one is not None
    names = [seat.split(". ", 1)[1] for seat in table_one.group(1).split(", ")]
    number = int(table_one.group(1).split(". ", 1)[0])  # seat 1 of table 1
    line = client.get(f"{follower}/line/{number}").get_data(as_text=True)
    assert f"Your next table: 1, seat 1, with {', '.join(names[1:])}" in line
    polled = client.get(f"{follower}/line/{number}/next").get_data(as_text=True)
    assert "Your next table: 1, seat 1" in polled
    assert client.get(f"{follower}/line/99/next").status_code == 404


def test_the_movement_pages_are_all_messages(app: Flask) -> None:
    app.config["TEST_CATALOGUE"] = Brackets()
    client = app.test_client()
    director = create(client, name="P13", typed="\n".join(f"P{n}" for n in range(1, 10)))
    client.post(f"{director}/draw", data={"round": "1"})
    client.post(f"{director}/start")
    page = f"{director}/entrants"
    client.post(page, data={"action": "substitute", "entrant": "2", "name": "P20",
                            "version": version(client, page)})  # fmt: skip
    client.post(page, data={"action": "withdraw", "entrant": "3",
                            "version": version(client, page)})  # fmt: skip
    html = client.get(director).get_data(as_text=True)
    follower = re.findall(r'href="(/f/[^"/]+)"', html)[0]
    paths = ["", "/movement", "/start-cards", "/entrants", "/apart"]
    drawn = {path: client.get(f"{director}{path}").get_data(as_text=True) for path in paths}
    drawn["line"] = client.get(f"{follower}/line/1").get_data(as_text=True)
    drawn["print"] = client.get(f"{follower}/print").get_data(as_text=True)
    left = {name: untranslated(page) for name, page in drawn.items()}
    assert left == {name: [] for name in drawn}


def test_a_standings_night_changes_its_waiting_round(client: FlaskClient) -> None:
    director = create(client, typed=TWELVE, draw_order="standings")
    client.post(f"{director}/draw", data={"round": "1"})
    page = f"{director}/entrants"
    sent = {"action": "late", "name": "Mo", "version": version(client, page)}
    assert client.post(page, data=sent).status_code == 303
    html = client.get(director).get_data(as_text=True)
    assert "13. Mo" in html  # the waiting round 1 drawn again with Mo at a table
    assert EVENT["draw_order"] == "mixed"
