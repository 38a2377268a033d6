"""The pad's pages through Flask's test client: full pages, htmx fragments, errors, safety."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import flask_wtf.csrf
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.service.exchange import score_document
from companion.web.service_door import app_state
from tests.web.conftest import FOUR, GARDE_47, phone_app, start, stored_hands


def text_of(response) -> str:
    return response.get_data(as_text=True)


def standings(html: str) -> list[int]:
    """The totals shown in the standings, in seat order (true minus signs read back)."""
    block = html.split('id="standings"', 1)[1].split("</section>", 1)[0]
    return [int(t.replace("−", "-")) for t in re.findall(r'class="total">([^<]+)<', block)]


def test_home_and_new_session_pages_render(client: FlaskClient) -> None:
    assert client.get("/").status_code == 200
    # The page draws only the chosen game's seats: five name boxes for French Tarot at five.
    page = text_of(client.get("/new?game=french-tarot&players=5"))
    assert "French Tarot" in page and 'name="name-4"' in page


def test_a_started_session_is_remembered_on_the_home_page(client: FlaskClient) -> None:
    url = start(client)
    home = text_of(client.get("/"))
    assert url in home and "Ann, Bob, Cid, Dee" in home


def test_session_token_is_long_and_unguessable(client: FlaskClient) -> None:
    tokens = {start(client).rsplit("/", 1)[1] for _ in range(3)}
    assert len(tokens) == 3
    assert all(len(token) >= 32 for token in tokens)  # 24 random bytes = 192 bits


def test_no_js_post_saves_and_redirects_to_the_hand(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    response = client.post(pad_url + "/hands", data=GARDE_47)
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#hand-1")
    page = text_of(client.get(pad_url))
    # 4 players: Ann receives 3 × 62 = 186, each defender pays 62.
    assert standings(page) == [186, -62, -62, -62]
    assert "(25 + 6) × 2 = 62" in page
    assert [row.number for row in stored_hands(db_path, pad_url)] == [1]


def test_htmx_post_answers_a_fresh_form_with_out_of_band_updates(
    client: FlaskClient, pad_url: str
) -> None:
    """The server renders the next hand's form (the post's own target) at its defaults; the
    rest comes out of band: the new row, the standings, the saved message with its Undo."""
    response = client.post(pad_url + "/hands", data=GARDE_47, headers={"HX-Request": "true"})
    html = text_of(response)
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="entry"')  # the swap target, afresh
    assert 'id="next-heading">Hand 2' in html
    assert 'name="expected_number" value="2"' in html
    assert re.search(r'<input[^>]*name="points"[^>]*value=""', html)  # at its default: blank
    assert 'hx-swap-oob="beforeend:#hands"' in html and 'id="hand-1"' in html
    assert standings(html) == [186, -62, -62, -62]
    assert 'id="toast"' in html and "Hand 1 saved" in html and "Undo hand 1" in html
    assert "HX-Request" in response.headers["Vary"]
    assert response.headers["HX-Trigger-After-Swap"] == "hands-changed"  # an open chart redraws


def test_a_save_after_a_refusal_answers_a_clean_form(client: FlaskClient, pad_url: str) -> None:
    refused = client.post(
        pad_url + "/hands", data=GARDE_47 | {"points": "99"}, headers={"HX-Request": "true"}
    )
    assert refused.status_code == 422 and "points" in text_of(refused)
    saved = text_of(client.post(pad_url + "/hands", data=GARDE_47, headers={"HX-Request": "true"}))
    entry = saved.split('id="entry"', 1)[1].split("</section>", 1)[0]
    assert 'class="error"' not in entry and 'value="99"' not in entry


def blank_form_of(html: str) -> str | None:
    """The digest a blank entry form carries back with a save (None: the form was not drawn
    blank, as after a refusal)."""
    found = re.search(r'name="blank_form" value="([0-9a-f]+)"', html)
    return found.group(1) if found else None


def test_a_save_from_the_blank_form_leaves_the_form_in_place(
    client: FlaskClient, pad_url: str
) -> None:
    """The pad drew the blank form; saved from it, the answer draws no new form (the browser
    clears the one it has) and swaps the rest out of band, the next hand's number included."""
    digest = blank_form_of(text_of(client.get(pad_url)))
    assert digest is not None
    response = client.post(
        pad_url + "/hands", data=GARDE_47 | {"blank_form": digest}, headers={"HX-Request": "true"}
    )
    html = text_of(response)
    assert response.status_code == 200
    assert response.headers["HX-Reswap"] == "none"
    assert response.headers["HX-Trigger-After-Swap"] == "entry-saved, hands-changed"
    assert 'id="entry"' not in html and 'name="points"' not in html  # no new form
    assert re.search(r'id="next-heading" hx-swap-oob="true">Hand 2', html)
    assert re.search(r'id="expected-number" name="expected_number" value="2" hx-swap-oob', html)
    assert re.search(r'id="save-label" hx-swap-oob="true">Save hand 2<', html)
    assert 'hx-swap-oob="beforeend:#hands"' in html and 'id="hand-1"' in html
    # 4 players, garde, 47 points with 2 bouts: (25 + 6) × 2 = 62; Ann +186, each other −62.
    assert standings(html) == [186, -62, -62, -62]
    assert "(25 + 6) × 2 = 62" in html
    assert "Hand 1 saved" in html and "Undo hand 1" in html
    assert '<p id="no-hands" hx-swap-oob="delete">' in html  # the first hand: "No hands yet" goes
    assert 'id="settlement"' in html  # and the settlement's fold appears
    # Hand 2, from the same form: the same digest still names the next hand's blank form.
    second = client.post(
        pad_url + "/hands",
        data=GARDE_47 | {"blank_form": digest, "expected_number": "2"},
        headers={"HX-Request": "true"},
    )
    assert second.headers["HX-Reswap"] == "none"
    assert standings(text_of(second)) == [372, -124, -124, -124]  # twice the first hand
    assert 'id="undo-last"' in text_of(second) and "Undo hand 2" in text_of(second)
    assert 'id="no-hands"' not in text_of(second)  # gone already: nothing to delete
    assert 'id="settlement"' not in text_of(second)  # its fold stays; it follows by itself


def test_a_save_folds_the_table_to_its_latest_hands(client: FlaskClient, pad_url: str) -> None:
    """A pad left open stays folded to its latest hands (LATEST_HANDS, 10): from the 11th hand
    on, each save's answer says how many hands are folded away (the browser drops the rows)."""
    from companion.web.pad_page import LATEST_HANDS

    page = text_of(client.get(pad_url))
    assert f'id="hands" data-latest="{LATEST_HANDS}"' in page
    digest = blank_form_of(page)
    notes = []
    for number in range(1, LATEST_HANDS + 3):
        html = text_of(
            client.post(
                pad_url + "/hands",
                data=GARDE_47 | {"blank_form": digest, "expected_number": str(number)},
                headers={"HX-Request": "true"},
            )
        )
        notes.append(html.split('id="fold-note" hx-swap-oob="true">', 1)[1].split("</div>")[0])
    assert notes[:LATEST_HANDS] == [""] * LATEST_HANDS  # ten hands: nothing folded
    assert "The latest 10 hands." in notes[10] and "Show the 1 earlier hand<" in notes[10]
    assert "Show the 2 earlier hands" in notes[11]
    every = text_of(client.get(pad_url + "?hands=all"))
    assert "data-latest" not in every and "data-all" in every  # nothing dropped, note hidden


def test_a_save_naming_another_form_gets_a_fresh_form(client: FlaskClient, pad_url: str) -> None:
    response = client.post(
        pad_url + "/hands",
        data=GARDE_47 | {"blank_form": "0123456789abcdef"},
        headers={"HX-Request": "true"},
    )
    assert "HX-Reswap" not in response.headers
    assert text_of(response).lstrip().startswith('<section id="entry"')


def test_a_refused_form_is_not_blank_so_its_save_draws_the_form_afresh(
    client: FlaskClient, pad_url: str
) -> None:
    """A form drawn again as typed (a refusal) carries no digest: saved, it is replaced by the
    next hand's blank form, which does carry one."""
    refused = client.post(
        pad_url + "/hands", data=GARDE_47 | {"points": "99"}, headers={"HX-Request": "true"}
    )
    assert refused.status_code == 422 and blank_form_of(text_of(refused)) is None
    saved = text_of(client.post(pad_url + "/hands", data=GARDE_47, headers={"HX-Request": "true"}))
    assert saved.lstrip().startswith('<section id="entry"')
    assert blank_form_of(saved) == blank_form_of(text_of(client.get(pad_url)))


def test_full_page_and_fragment_share_the_entry_form(client: FlaskClient, pad_url: str) -> None:
    page = text_of(client.get(pad_url))
    assert page.startswith("<!doctype html>")
    assert 'name="contract"' in page and 'name="points"' in page


def test_impossible_hand_is_refused_beside_its_field_and_kept_as_typed(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    data = GARDE_47 | {"points": "95", "bouts": "2"}
    response = client.post(pad_url + "/hands", data=data)
    html = text_of(response)
    assert response.status_code == 422
    field = html.split('id="field-points"', 1)[1].split('class="field', 1)[0]
    assert "between 0 and 91" in field
    assert 'value="95"' in field  # kept as typed
    assert 'value="garde" checked' in html  # the rest of the form kept too
    assert stored_hands(db_path, pad_url) == []


def test_refereed_problem_shows_on_its_field_in_the_htmx_fragment(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    # Two bouts are worth 9 points by themselves (4.5 each), so 5 points with 2 bouts is impossible.
    data = GARDE_47 | {"points": "5"}
    response = client.post(pad_url + "/hands", data=data, headers={"HX-Request": "true"})
    html = text_of(response)
    assert response.status_code == 422
    assert "<html" not in html
    field = html.split('id="field-points"', 1)[1].split('class="field', 1)[0]
    assert 'class="error"' in field and "4.5" in field
    assert stored_hands(db_path, pad_url) == []


def test_preview_shows_the_arithmetic_without_saving(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    # 40.5 with 2 bouts fails the target 41 by 0.5, rounded to 1: −(25 + 1) × 2 = −52.
    data = GARDE_47 | {"taker": "1", "points": "40.5"}
    html = text_of(client.post(pad_url + "/preview", data=data))
    assert "× 2 = −52" in html or "× 2 = -52" in html
    assert "−156" in html  # Bob pays 3 × 52
    assert stored_hands(db_path, pad_url) == []


def test_preview_of_an_incomplete_hand_lists_what_is_missing(
    client: FlaskClient, pad_url: str
) -> None:
    html = text_of(client.post(pad_url + "/preview", data={"contract": "garde"}))
    assert "Not ready yet" in html and "Taker" in html


def test_a_pass_is_a_redeal_that_moves_the_deal(client: FlaskClient, pad_url: str) -> None:
    assert "Ann deals" in text_of(client.get(pad_url))
    client.post(pad_url + "/hands", data={"contract": "pass"})
    page = text_of(client.get(pad_url))
    assert standings(page) == [0, 0, 0, 0]
    assert "Bob deals" in page and "Hand <strong>2</strong>" in page


def test_fixing_an_earlier_hand_keeps_the_old_row_and_recomputes(
    client: FlaskClient, pad_url: str
) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    client.post(pad_url + "/hands", data=GARDE_47 | {"taker": "1"})
    edit = text_of(client.get(pad_url + "/hands/1"))
    assert 'value="47"' in edit
    # Hand 1 really was a Petite: (25 + 6) × 1 = 31 per defender, Ann +93.
    response = client.post(pad_url + "/hands/1", data=GARDE_47 | {"contract": "petite"})
    assert response.status_code == 303
    page = text_of(client.get(pad_url))
    # Ann 93 − 62 = 31; Bob −31 + 186 = 155; Cid and Dee −31 − 62 = −93.
    assert standings(page) == [31, 155, -93, -93]
    history = text_of(client.get(pad_url + "/history"))
    assert "Hand 1 entered</strong>" in history
    assert "Hand 1 corrected</strong>: Contract Garde → Petite" in history


def test_a_refused_correction_changes_nothing(client: FlaskClient, pad_url: str) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    response = client.post(pad_url + "/hands/1", data=GARDE_47 | {"bouts": "9"})
    assert response.status_code == 422
    assert "between 0 and 3" in text_of(response)
    assert standings(text_of(client.get(pad_url))) == [186, -62, -62, -62]


def test_undo_removes_the_last_hand_and_keeps_it_in_history(
    client: FlaskClient, pad_url: str
) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    client.post(pad_url + "/hands", data=GARDE_47)
    client.post(pad_url + "/undo")
    page = text_of(client.get(pad_url))
    assert standings(page) == [186, -62, -62, -62]
    assert "Hand <strong>2</strong>" in page
    assert "Hand 2 undone</strong>" in text_of(client.get(pad_url + "/history"))


def test_an_ended_session_takes_no_more_hands(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    assert client.post(pad_url + "/end").status_code == 303
    client.post(pad_url + "/hands", data=GARDE_47)
    assert len(stored_hands(db_path, pad_url)) == 1
    assert 'name="points"' not in text_of(client.get(pad_url))


def test_agreed_number_of_hands_ends_the_game(client: FlaskClient) -> None:
    url = start(client, hands="2")
    client.post(url + "/hands", data=GARDE_47)
    client.post(url + "/hands", data={"contract": "pass"})  # a redeal is not a hand played
    assert "Game over" not in text_of(client.get(url))
    client.post(url + "/hands", data=GARDE_47)
    page = text_of(client.get(url))
    assert "Game over" in page and "Ann" in page and 'name="points"' not in page


def test_summary_lists_rules_hands_totals_and_winner(client: FlaskClient, pad_url: str) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    sheet = text_of(client.get(pad_url + "/summary"))
    assert "Hands agreed" in sheet
    assert "Ann · Garde · 47 pts, 2 bouts" in sheet
    assert "Leading:" in sheet and "<td>186</td>" in sheet


def test_exports_round_trip_through_the_engine(client: FlaskClient, pad_url: str) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    client.post(pad_url + "/hands", data={"contract": "pass"})
    document = json.loads(text_of(client.get(pad_url + "/export.json")))
    result, problems = score_document(document)
    assert problems == []
    assert result["totals"] == {"Ann": 186, "Bob": -62, "Cid": -62, "Dee": -62}
    csv_text = text_of(client.get(pad_url + "/export.csv"))
    assert csv_text.splitlines()[-1].startswith("Total")


def test_player_names_are_escaped_everywhere(client: FlaskClient) -> None:
    url = start(client, ["<script>alert(1)</script>", "Bob", "Cid", "Dee"])
    client.post(url + "/hands", data=GARDE_47)
    for page in ("", "/summary", "/history", "/hands/1"):
        html = text_of(client.get(url + page))
        assert "<script>alert" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_new_session_problems_show_beside_their_fields(client: FlaskClient) -> None:
    data = {
        "game": "french-tarot",
        "players": "4",
        "name-0": "Ann",
        "name-1": "ann",
        "name-2": "",
        "name-3": "x" * 41,
    }
    response = client.post("/new", data=data)
    html = text_of(response)
    assert response.status_code == 422
    assert "ann is the same name as player 1" in html.split('id="err-name-1"', 1)[1][:200]
    assert "Enter the name of player 3" in html
    assert "40 characters" in html
    assert 'value="Ann"' in html  # kept as typed


def test_new_session_refuses_a_player_count_the_game_has_not(client: FlaskClient) -> None:
    response = client.post("/new", data={"game": "french-tarot", "players": "7"})
    assert response.status_code == 422
    assert "for 2, 3, 4, 5 players" in text_of(response)


def test_unknown_session_is_a_404_page(client: FlaskClient) -> None:
    response = client.get("/s/not-a-session")
    assert response.status_code == 404
    assert "no such page or session" in text_of(response)


def test_a_huge_request_is_refused_politely(client: FlaskClient, pad_url: str) -> None:
    response = client.post(pad_url + "/hands", data={"points": "1" * 100_000})
    assert response.status_code == 413


def test_csrf_is_required_on_every_form(db_path: Path) -> None:
    app = phone_app({"DATABASE": str(db_path), "TESTING": True})
    client = app.test_client()
    response = client.post("/new", data={"game": "french-tarot", "players": "4"})
    assert response.status_code == 400
    assert "expired" in text_of(response)
    page = text_of(client.get("/new"))
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    data = {"csrf_token": token, "game": "french-tarot", "players": "4"}
    data |= {f"name-{i}": n for i, n in enumerate(FOUR)}
    url = client.post("/new", data=data).headers["Location"]
    assert client.post(url + "/hands", data=GARDE_47).status_code == 400
    assert (
        client.post(url + "/hands", data=GARDE_47, headers={"X-CSRFToken": token}).status_code
        == 303
    )


def test_a_write_answers_with_the_token_it_was_checked_with(db_path: Path, monkeypatch) -> None:
    """The answer to a save reuses the token just checked (no new signature per save), and
    that token still opens the next write."""
    signed: list[str] = []
    sign = flask_wtf.csrf.URLSafeTimedSerializer.dumps
    monkeypatch.setattr(
        flask_wtf.csrf.URLSafeTimedSerializer,
        "dumps",
        lambda self, value: signed.append(self.salt) or sign(self, value),
    )
    app = phone_app({"DATABASE": str(db_path), "TESTING": True})
    client = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', text_of(client.get("/new"))).group(1)
    data = {"csrf_token": token, "game": "french-tarot", "players": "4"}
    data |= {f"name-{i}": n for i, n in enumerate(FOUR)}
    url = client.post("/new", data=data).headers["Location"]
    signed.clear()
    answer = client.post(
        url + "/hands",
        data=GARDE_47 | {"expected_number": "1"},
        headers={"X-CSRFToken": token, "HX-Request": "true"},
    )
    assert answer.status_code == 200
    assert b"wtf-csrf-token" not in signed  # only the session cookie was signed
    carried = set(re.findall(r'name="csrf_token" value="([^"]+)"', text_of(answer)))
    assert carried == {token}
    again = client.post(
        url + "/hands",
        data=GARDE_47 | {"expected_number": "2"},
        headers={"X-CSRFToken": token, "HX-Request": "true"},
    )
    assert again.status_code == 200 and 'id="hand-2"' in text_of(again)
    # A changed signature is refused. Not its last character: of a 27-character base64 HMAC it
    # carries 4 bits, so two letters there can decode alike (this test once passed a token so).
    changed = "A" if token[-10] != "A" else "B"
    assert (
        client.post(
            url + "/hands",
            data=GARDE_47 | {"expected_number": "3"},
            headers={"X-CSRFToken": token[:-10] + changed + token[-9:]},
        ).status_code
        == 400
    )


def test_an_acknowledged_hand_is_on_disk_without_any_cache(
    app: Flask, client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    app_state(app).cache.clear()
    rows = stored_hands(db_path, pad_url)
    assert [(row.number, row.entry["points"]) for row in rows] == [(1, 47)]
    assert standings(text_of(client.get(pad_url))) == [186, -62, -62, -62]


GARBAGE = [
    "",
    " ",
    "-1",
    "1e309",
    "nan",
    "inf",
    "0x10",
    "99999999999999999999",
    "é",
    "<b>",
    "none",
    "41.25",
    "3.5",
    "true",
    "[]",
    "{}",
    "\x00",
    "garde",
    "9" * 300,
]


@pytest.mark.parametrize("seed", range(6))
def test_no_input_of_any_kind_produces_a_500(client: FlaskClient, pad_url: str, seed: int) -> None:
    rng = random.Random(seed)
    names = [
        "contract",
        "taker",
        "counted_side",
        "points",
        "bouts",
        "petit_au_bout",
        "poignee_by",
        "poignee_level",
        "poignee_trumps",
        "poignee2_by",
        "poignee2_level",
        "poignee2_trumps",
        "chelem",
        "called_king",
        "partner",
        "unknown",
    ]
    for _ in range(40):
        data = {name: rng.choice(GARBAGE) for name in rng.sample(names, rng.randint(0, 10))}
        for path in ("/hands", "/preview", "/preview?hand=1", "/hands/1"):
            response = client.post(
                pad_url + path,
                data=data,
                headers={"HX-Request": "true"} if rng.random() < 0.5 else {},
            )
            assert response.status_code < 500, (path, data)
    for path in ("/s/" + "x" * 5000, "/s/%00", "/rules/nope", "/s/abc/hands/99999999999999"):
        assert client.get(path).status_code == 404


def test_a_form_left_open_while_another_device_saved_that_hand_is_not_saved_twice(
    app: Flask, client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    app.test_client().post(pad_url + "/hands", data=GARDE_47 | {"expected_number": "1"})
    response = client.post(
        pad_url + "/hands", data=GARDE_47 | {"expected_number": "1"}, headers={"HX-Request": "true"}
    )
    html = text_of(response)
    assert response.status_code == 422
    assert "Hand 1 was saved on another phone meanwhile." in html
    assert 'id="hand-1"' in html  # the table is brought up to date beside the kept form
    assert 'name="expected_number" value="2">This is the next hand' in html
    assert len(stored_hands(db_path, pad_url)) == 1
    assert (
        client.post(pad_url + "/hands", data=GARDE_47 | {"expected_number": "2"}).status_code == 303
    )


def test_a_taker_alone_survives_the_export_round_trip(client: FlaskClient) -> None:
    url = start(client, ["Ann", "Bob", "Cid", "Dee", "Eve"])
    # The form without a partner answer is refused: it must not silently mean "alone".
    assert client.post(url + "/hands", data=GARDE_47).status_code == 422
    # Partner "nobody": Ann alone, 4 shares: (25 + 6) × 2 = 62; Ann +248, the others −62.
    assert client.post(url + "/hands", data=GARDE_47 | {"partner": "none"}).status_code == 303
    document = json.loads(text_of(client.get(url + "/export.json")))
    assert document["hands"][0]["entry"]["partner"] is None
    result, problems = score_document(document)
    assert problems == []
    assert result["totals"] == {"Ann": 248, "Bob": -62, "Cid": -62, "Dee": -62, "Eve": -62}


@pytest.mark.parametrize(
    "typed", ["²", "③", "--1", "1e308", "1" * 40, "9" * 5000, "0x2f", "inf", "nan", "١٢"]
)
def test_an_odd_number_in_the_points_box_is_refused_on_its_field(
    client: FlaskClient, pad_url: str, typed: str
) -> None:
    """Each of these once answered 500: digit look-alikes, a double sign, an exponent beyond
    any score, numbers too long to read. Now: a clear refusal beside the points, nothing kept."""
    response = client.post(pad_url + "/hands", data=GARDE_47 | {"points": typed})
    assert response.status_code == 422
    html = text_of(response)
    assert re.search(r'id="err-points"[^>]*>(Enter a number\.|Card points must be between)', html)


def test_a_negative_leading_total_is_written_as_the_standings_write_it(app) -> None:
    # A game whose totals can all be below zero (the anti-trump game, a miss losing the
    # difference: Ann −4, Bob −2): the leader's total with a true minus sign, as on the
    # standings ("−2", not "-2").
    from types import SimpleNamespace

    from companion.contract.registry import get
    from companion.contract.values import Outcome, State
    from companion.engine.replay import make_setup
    from companion.web.pad_page import leading_words

    setup, _ = make_setup("anti-trump", ["Ann", "Bob", "Cat"])
    state = State(setup)
    state.__dict__["totals"] = (-4, -2, -3)
    pad = SimpleNamespace(
        outcome=Outcome(False, (1,)), game=get("anti-trump"), state=state, setup=setup
    )
    with app.test_request_context("/"):
        assert str(leading_words(pad)) == "Bob with −2"


def test_an_ended_session_cannot_be_undone_from_a_page_drawn_before(
    client, pad_url: str, db_path: Path
) -> None:
    # Phone B still shows "Undo hand 1"; phone A ends the session; B's undo must not take the
    # ended session's hand back (an ended pad offers no undo, and takes no hand).
    assert client.post(pad_url + "/hands", data=GARDE_47).status_code == 303
    row = re.search(r'name="based_on" value="(\d+)"', client.get(pad_url).get_data(as_text=True))
    assert client.post(pad_url + "/end").status_code == 303
    answer = client.post(pad_url + "/undo", data={"based_on": row.group(1)}, follow_redirects=True)
    assert "This session has ended: its hands can no longer be undone." in answer.get_data(
        as_text=True
    )
    assert [row.number for row in stored_hands(db_path, pad_url)] == [1]
