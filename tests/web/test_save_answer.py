"""The save's answer (companion/web/save_answer.py, pad/_saved.html) and the entry form's hidden
fields (companion/web/hidden_fields.py): one template in two shapes, each carrying this phone's
poller once, and the hidden fields the form draws are the ones documented."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from companion.web.hidden_fields import HIDDEN
from companion.web.live import POLLER_DRAWN
from tests.web.conftest import GARDE_47


def hidden_names(html: str) -> set[str]:
    """The names of the hidden inputs of the entry form in a page."""
    entry = html.split('id="entry-form"', 1)[1].split("</form>", 1)[0]
    return set(re.findall(r'<input type="hidden"[^>]* name="([a-z_]+)"', entry))


def save(client: FlaskClient, pad_url: str, number: int, blank: str | None) -> tuple[str, dict]:
    """Hand `number` saved through htmx (from the blank form whose digest is `blank`, if any):
    the answer's HTML and headers."""
    data = GARDE_47 | {HIDDEN.expected_number: str(number)}
    if blank is not None:
        data[HIDDEN.blank_form] = blank
    response = client.post(pad_url + "/hands", data=data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.get_data(as_text=True), dict(response.headers)


def test_the_entry_form_draws_the_documented_hidden_fields(
    client: FlaskClient, pad_url: str
) -> None:
    """French Tarot has no draft: its form carries the hand it is for and its blank digest."""
    drawn = hidden_names(client.get(pad_url).get_data(as_text=True))
    assert drawn == {"csrf_token", HIDDEN.expected_number, HIDDEN.blank_form}


def test_both_shapes_of_the_answer_carry_the_poller_once(client: FlaskClient, pad_url: str) -> None:
    """Drawn afresh (a form not drawn blank) or left in place, the answer draws this phone's
    poller in its own render; the live view's hook adds no second one, and the mark saying so
    never leaves the server."""
    page = client.get(pad_url).get_data(as_text=True)
    blank = re.search(rf'name="{HIDDEN.blank_form}" value="([0-9a-f]+)"', page).group(1)
    afresh, afresh_headers = save(client, pad_url, 1, None)
    in_place, in_place_headers = save(client, pad_url, 2, blank)
    assert 'id="entry"' in afresh and "HX-Reswap" not in afresh_headers
    assert 'id="entry"' not in in_place and in_place_headers["HX-Reswap"] == "none"
    for html, headers in ((afresh, afresh_headers), (in_place, in_place_headers)):
        assert html.count('<div id="live"') == 1
        assert POLLER_DRAWN not in headers
    assert hidden_names(afresh) >= {HIDDEN.expected_number, HIDDEN.blank_form}


def test_another_write_gets_its_poller_from_the_hook(client: FlaskClient) -> None:
    """A write whose answer draws no poller of its own (the bids of an anti-trump hand) gets one
    from the live view's hook; the form it answers with carries the draft's version."""
    url = client.post(
        "/new",
        data={"game": "anti-trump", "players": "3", "name-0": "A", "name-1": "B", "name-2": "C"},
    ).headers["Location"]
    bids = {"anti_trump": "C", "bid_0": "1", "bid_1": "2", "bid_2": "0", "phase": "bids"}
    answer = client.post(
        url + "/phase",
        data=bids | {HIDDEN.expected_number: "1"},
        headers={"HX-Request": "true"},
    )
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and POLLER_DRAWN not in answer.headers
    assert html.count('<div id="live"') == 1
    assert 'hx-swap-oob="true"' in html.rsplit('<div id="live"', 1)[1]
    assert hidden_names(html) >= {HIDDEN.expected_number, HIDDEN.draft_version}
