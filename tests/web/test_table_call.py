"""A club table's pad (companion/web/table_call.py and the pad's club parts, issue 37): it
calls the director, keeps its last hand's Fix and Undo in sight, shows no settlement between
its players, and asks an unnamed phone who holds it."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import GARDE_47
from tests.web.test_event_pages import started


def test_a_club_table_calls_the_director(client: FlaskClient) -> None:
    director, _, pads = started(client)
    pad = client.get(pads[0]).get_data(as_text=True)
    assert "<summary>Call the director</summary>" in pad
    answer = client.post(f"{pads[0]}/call", data={"words": "Revoke?"}, follow_redirects=True)
    html = answer.get_data(as_text=True)
    assert "The director is called: stay at your table." in html
    assert "The director is called (since " in html
    assert "“Revoke?”" in client.get(director).get_data(as_text=True)


def test_a_plain_session_or_a_closed_table_does_not_call(client: FlaskClient) -> None:
    director, _, pads = started(client)
    client.post(f"{director}/direct", data={"action": "close-table", "round": "1", "table": "1"})
    closed = client.post(f"{pads[0]}/call", data={"words": "x" * 5000}, follow_redirects=True)
    html = closed.get_data(as_text=True)
    assert "This table is not playing: only a table of a running round calls." in html
    assert "Call the director" not in html  # a closed table's pad offers no call
    assert client.post("/s/no-such-session/call").status_code in (303, 404)


def test_a_club_pad_shows_its_last_hands_fix_and_no_settlement(client: FlaskClient) -> None:
    _, _, pads = started(client)
    client.post(f"{pads[0]}/hands", data=GARDE_47)
    html = client.get(pads[0]).get_data(as_text=True)
    actions = html[html.index('id="undo-last"') :]
    assert f'href="{pads[0]}/hands/1">Fix hand 1</a>' in actions[: actions.index("</form>")]
    assert 'id="settlement-body"' not in html  # the night's money is the event's
    assert '<details class="who" id="who" open>' in html  # no name yet: asked openly
