"""The live view (companion/web/live.py): a phone that shows the latest version gets an empty
answer that swaps nothing; one that does not gets what changed, out of band, and keeps what it typed."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.store import Store
from tests.web.conftest import start

GARDE_41 = {"taker": "0", "contract": "garde", "bouts": "2", "points": "41", "side": "taker"}
"""A Garde made by 0 with two bouts: (25 + 0) × 2 = 50 from each defender, +150 for Ann."""


def shown_version(html: str) -> str:
    """The version the page's poller holds."""
    return re.search(r'/live\?seen=([^"&]+)"', html).group(1)


def nothing_new(answer: Any) -> bool:
    """Whether a poll's answer is "nothing changed": empty, swapping nothing."""
    return (
        answer.status_code == 200 and answer.headers.get("HX-Reswap") == "none" and not answer.data
    )


def test_a_phone_up_to_date_gets_an_empty_answer(client: FlaskClient) -> None:
    pad_url = start(client)
    seen = shown_version(client.get(pad_url).get_data(as_text=True))
    answer = client.get(f"{pad_url}/live?seen={seen}")
    assert answer.status_code == 200
    assert answer.headers["HX-Reswap"] == "none"  # htmx swaps nothing
    assert answer.headers["Content-Length"] == "0"  # waitress keeps the connection
    assert answer.get_data() == b""


def test_a_poll_sends_no_cookie_back(client: FlaskClient) -> None:
    # The phone's cookie (its device, kept 400 days) is sent again only when it changes: before,
    # every poll re-signed it, a third of the poll's time (bench/README.md, "the room").
    pad_url = start(client)
    client.post(f"{pad_url}/who", data={"name": "Ann"})  # the phone holds a name: a cookie
    seen = shown_version(client.get(pad_url).get_data(as_text=True))
    answer = client.get(f"{pad_url}/live?seen={seen}")
    assert nothing_new(answer)
    assert "Set-Cookie" not in answer.headers


def test_a_hand_saved_elsewhere_reaches_a_phone_that_typed_nothing(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    seen = shown_version(bob.get(pad_url).get_data(as_text=True))
    assert ann.post(f"{pad_url}/hands", data=GARDE_41).status_code == 303
    answer = bob.get(f"{pad_url}/live?seen={seen}&form=1&typing=")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert shown_version(html) != seen
    assert re.search(r'id="standings"[^>]*hx-swap-oob="true"', html)
    assert re.search(r'class="total">\+?150<', html)  # Ann's total after the Garde
    assert re.search(r'<section id="entry"[^>]*hx-swap-oob="true"', html)  # a fresh form
    assert 'name="expected_number" value="2"' in html
    assert nothing_new(bob.get(f"{pad_url}/live?seen={shown_version(html)}"))


def test_a_phone_that_typed_keeps_its_form_and_is_told(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    seen = shown_version(bob.get(pad_url).get_data(as_text=True))
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    html = bob.get(f"{pad_url}/live?seen={seen}&form=1&typing=1").get_data(as_text=True)
    assert 'id="entry"' not in html  # what Bob typed stays
    note = html.split('id="live-note"', 1)[1]
    assert "The hands changed on another phone: the next is hand 2." in note
    assert "Start hand 2" in note


def test_an_empty_answer_is_not_compressed(client: FlaskClient) -> None:
    # Compressed, "nothing" was a body of one byte, and the connection closed after it.
    pad_url = start(client)
    seen = shown_version(client.get(pad_url).get_data(as_text=True))
    answer = client.get(f"{pad_url}/live?seen={seen}", headers={"Accept-Encoding": "br, gzip"})
    assert answer.headers["Content-Length"] == "0"
    assert "Content-Encoding" not in answer.headers
    assert answer.get_data() == b""


def test_the_preview_leaves_the_pollers_version_alone(app: Flask) -> None:
    # Bob's page shows no hand; Ann saves hand 1; Bob's form then asks for a preview (a new
    # form does, on load). Had its answer carried the new version, Bob's poller would say it
    # shows hand 1, and the next poll would be an empty answer: hand 1 never shown.
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    bob.get(pad_url)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    preview = bob.post(f"{pad_url}/preview", data=GARDE_41, headers={"HX-Request": "true"})
    assert preview.status_code == 200
    assert "/live?seen=" not in preview.get_data(as_text=True)


def test_an_undo_elsewhere_is_seen_too(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    seen = shown_version(bob.get(pad_url).get_data(as_text=True))
    assert ann.post(f"{pad_url}/undo", data={}).status_code in (302, 303)
    html = bob.get(f"{pad_url}/live?seen={seen}").get_data(as_text=True)
    assert shown_version(html) != seen
    assert "No hands yet" in html


def test_a_strange_version_is_never_up_to_date(client: FlaskClient) -> None:
    pad_url = start(client)
    for strange in ("", "x", "1-2", "9" * 40, "0-0-0%00"):
        assert client.get(f"{pad_url}/live?seen={strange}").status_code == 200


def test_an_unknown_session_is_a_404(client: FlaskClient) -> None:
    assert client.get("/s/nothing-here/live?seen=0-0-0-0").status_code == 404


def test_the_version_follows_the_hands_the_draft_and_the_end(db_path) -> None:
    from companion.engine.replay import make_setup

    with Store(str(db_path), migrate=True) as store:
        setup, _ = make_setup("war", ["Ann", "Bob"], {})
        token = store.sessions.create(setup)
        fresh = store.sessions.live_version(token)
        assert fresh == "0-0-0-0-0"
        store.drafts.save(token, 1, {"winner": 0})
        drafted = store.sessions.live_version(token)
        assert drafted != fresh
        store.drafts.save(token, 1, {"winner": 1})
        assert store.sessions.live_version(token) not in (fresh, drafted)
        store.drafts.drop(token)
        store.hands.add(token, 1, {"winner": 0}, (1, 0))
        saved = store.sessions.live_version(token)
        assert saved.startswith(f"{store.hands.last_change(token)}-0-")
        store.sessions.end(token)
        assert store.sessions.live_version(token).endswith("-1")


# ---------------------------------------------------------------- joining by QR


def test_the_pad_offers_its_link_and_qr_code_folded(client: FlaskClient) -> None:
    pad_url = start(client)
    html = client.get(pad_url).get_data(as_text=True)
    join = html.split('id="join"', 1)[1].split("</details>", 1)[0]
    assert f'value="http://localhost{pad_url}"' in join  # the link as this phone reached it
    assert f'src="{pad_url}/qr.svg"' in join
    assert 'data-copy="join-link"' in join


def test_the_qr_code_is_the_session_link(client: FlaskClient) -> None:
    from companion.web.join import qr_svg

    pad_url = start(client)
    answer = client.get(f"{pad_url}/qr.svg")
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    assert answer.get_data(as_text=True) == qr_svg(f"http://localhost{pad_url}")
    other_host = client.get(f"{pad_url}/qr.svg", base_url="http://192.168.1.20:8000")
    assert other_host.get_data(as_text=True) == qr_svg(f"http://192.168.1.20:8000{pad_url}")


def test_no_qr_code_for_an_unknown_session(client: FlaskClient) -> None:
    assert client.get("/s/nothing-here/qr.svg").status_code == 404


def test_a_phones_own_save_carries_the_new_version(client: FlaskClient) -> None:
    pad_url = start(client)
    html = client.post(f"{pad_url}/hands", data=GARDE_41, headers={"HX-Request": "true"}).get_data(
        as_text=True
    )
    poller = html.rsplit('<div id="live"', 1)[1]
    assert 'hx-swap-oob="true"' in poller
    seen = shown_version(poller)
    assert nothing_new(client.get(f"{pad_url}/live?seen={seen}"))  # not news to itself


def test_a_correction_elsewhere_leaves_the_form_alone(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    seen = shown_version(bob.get(pad_url).get_data(as_text=True))
    fixed = ann.post(f"{pad_url}/hands/1", data={**GARDE_41, "points": "51"})
    assert fixed.status_code in (302, 303)
    html = bob.get(f"{pad_url}/live?seen={seen}&form=2&typing=1").get_data(as_text=True)
    assert 'id="entry"' not in html and 'id="live-note"' not in html  # hand 2 is untouched
    assert re.search(r'class="total">\+?210<', html)  # made by 10: (25 + 10) × 2 × 3 = 210


# ---------------------------------------------------------------- no hand twice

GARDE_51 = {**GARDE_41, "points": "51"}
"""A Garde made by 10: (25 + 10) × 2 = 70 from each defender, +210 for Ann."""


def test_a_stale_save_shows_both_hands_and_two_choices(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    bob.get(pad_url)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    answer = bob.post(
        f"{pad_url}/hands",
        data={**GARDE_51, "expected_number": "1"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    choice = html.split('id="stale-choice"', 1)[1].split("</div>\n</div>", 1)[0]
    assert "Hand 1 was saved on another phone meanwhile." in choice
    saved, typed = choice.split("Typed here", 1)
    assert re.search(r"Ann <strong>\+150</strong>", saved)  # the Garde made by 0, saved there
    assert re.search(r"Ann <strong>\+210</strong>", typed)  # the Garde made by 10, typed here
    assert "That was the same hand: discard mine" in choice
    assert 'name="expected_number" value="2">This is the next hand: save it as hand 2' in choice
    assert "Save hand" not in html.split('id="entry"', 1)[1].split("</section>", 1)[0]
    assert 'id="expected-number"' not in html  # a plain Save cannot go through


def test_the_next_hand_choice_saves_it_as_the_next_hand(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    assert (
        bob.post(f"{pad_url}/hands", data={**GARDE_51, "expected_number": "1"}).status_code == 422
    )
    saved = bob.post(f"{pad_url}/hands", data={**GARDE_51, "expected_number": "2"})
    assert saved.status_code == 303
    html = bob.get(pad_url).get_data(as_text=True)
    block = html.split('id="standings"', 1)[1].split("</section>", 1)[0]
    # Ann: 150 + 210 = 360; each defender −50 − 70 = −120
    assert re.findall(r'class="total[^"]*">([^<]+)<', block) == ["360", "−120", "−120", "−120"]


def test_a_stale_save_of_a_phased_hand_says_why_above_the_next_bids(app: Flask) -> None:
    # The anti-trump game: bids, then tricks. Phone A saves hand 1's bids and tricks; phone B,
    # still on hand 1's tricks form, saves its own. There is no two-way choice (the next hand
    # starts with its bids), so the reason must stand above the bids form B now gets: it was
    # drawn nowhere (an audit of several phones).
    a, b = app.test_client(), app.test_client()
    url = a.post(
        "/new",
        data={
            "game": "anti-trump",
            "players": "3",
            "name-0": "Ann",
            "name-1": "Bob",
            "name-2": "Cat",
        },
    ).headers["Location"]
    a.post(
        url + "/phase",
        data={
            "anti_trump": "C",
            "bid_0": "1",
            "bid_1": "2",
            "bid_2": "0",
            "phase": "bids",
            "expected_number": "1",
        },
    )
    tricks = {"took_0": "2", "took_1": "2", "took_2": "1", "expected_number": "1"}
    assert a.post(url + "/hands", data=tricks).status_code == 303
    answer = b.post(
        url + "/hands",
        data={**tricks, "took_0": "1", "took_2": "2"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "Hand 1 has already been saved from another device; the next hand is 2." in " ".join(
        page.replace("&#39;", "'").split()
    )
    assert 'name="expected_number" value="2"' in page  # the next hand's bids, ready


def said_on(html: str) -> str:
    """What the poller of a live answer carries for the screen reader to say once."""
    found = re.search(r'<div id="live"[^>]*data-say="([^"]*)"', html)
    return found.group(1) if found else ""


def test_what_another_phone_did_is_said_once_in_words(app: Flask) -> None:
    """Ann's Garde made by 0 (+150, −50 each) saved, corrected, then undone on her phone."""
    ann, bob = app.test_client(), app.test_client()
    pad_url = start(ann)
    page = bob.get(pad_url).get_data(as_text=True)
    assert "data-say" not in page  # a page as drawn says nothing
    seen = shown_version(page)
    ann.post(f"{pad_url}/hands", data=GARDE_41)
    html = bob.get(f"{pad_url}/live?seen={seen}&form=1&typing=").get_data(as_text=True)
    saved = "Hand 1 saved on another phone: Ann +150, Bob −50, Cid −50, Dee −50."
    assert said_on(html) == saved
    # Bob had typed: the note is part of the one saying, not a region of its own.
    typed = bob.get(f"{pad_url}/live?seen={seen}&form=1&typing=1").get_data(as_text=True)
    assert said_on(typed) == (
        f"{saved} The hands changed on another phone: the next is hand 2. "
        "What you typed here is kept."
    )
    assert 'role="status"' not in typed.split('id="live-note"', 1)[1].split(">", 1)[0]
    seen = shown_version(html)
    ann.post(f"{pad_url}/hands/1", data={**GARDE_41, "points": "51"})
    html = bob.get(f"{pad_url}/live?seen={seen}&form=2").get_data(as_text=True)
    assert said_on(html) == "A hand was changed on another phone."
    seen = shown_version(html)
    ann.post(f"{pad_url}/undo", data={})
    html = bob.get(f"{pad_url}/live?seen={seen}&form=2").get_data(as_text=True)
    assert said_on(html) == "Hand 1 undone on another phone."
