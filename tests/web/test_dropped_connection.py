"""What lets a pad survive a dropped connection, on the server's side: every page carries the
"not saved" words and the Retry (static/app.js shows them), a save retried after its answer was
lost is refused as stale instead of saved twice, and the correction form, sent by htmx, lands
on its hand. The browser side is tests/e2e/test_installed_in_browser.py."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from tests.web.conftest import GARDE_47, stored_hands

HTMX = {"HX-Request": "true"}


def test_every_page_carries_the_words_for_a_lost_server(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert (
        '<template id="not-saved"><p>Not saved — the pad could not reach its server; your entry '
        'is kept.</p><button type="button" class="small-btn" data-retry>Retry</button></template>'
    ) in html
    assert '<p id="lost-server" class="banner warn" role="status" hidden>' in html
    french = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Non enregistré — le carnet n’a pas pu joindre son serveur" in french
    assert "data-retry>Réessayer</button>" in french


def test_a_save_sent_twice_with_the_same_version_is_saved_once(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    """The first try reached the server (its answer was lost); the retry carries the same
    `expected_number`, 1: hand 1 is on disk exactly as typed, so the retry is told so and sent
    to the pad (no "another phone", no choice to make), nothing written twice."""
    first = client.post(pad_url + "/hands", data=GARDE_47 | {"expected_number": "1"}, headers=HTMX)
    assert first.status_code == 200
    retry = client.post(pad_url + "/hands", data=GARDE_47 | {"expected_number": "1"}, headers=HTMX)
    assert retry.status_code == 204
    assert retry.headers["HX-Refresh"] == "true"
    assert [hand.number for hand in stored_hands(db_path, pad_url)] == [1]
    page = client.get(pad_url).get_data(as_text=True)
    assert "Hand 1 is saved, as typed here (it was not saved twice)." in page
    assert "another phone" not in page


def test_a_stale_save_of_a_different_hand_still_asks(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    """Only the very hand saved counts as a retry: other points for hand 1 get the choice."""
    client.post(pad_url + "/hands", data=GARDE_47 | {"expected_number": "1"}, headers=HTMX)
    other = client.post(
        pad_url + "/hands", data=GARDE_47 | {"points": "50", "expected_number": "1"}, headers=HTMX
    )
    assert other.status_code == 422
    assert "Hand 1 was saved on another phone meanwhile." in other.get_data(as_text=True)
    assert [hand.number for hand in stored_hands(db_path, pad_url)] == [1]


def test_a_correction_sent_by_htmx_goes_to_its_hand(
    client: FlaskClient, pad_url: str, db_path: Path
) -> None:
    client.post(pad_url + "/hands", data=GARDE_47)
    response = client.post(pad_url + "/hands/1", data=GARDE_47 | {"points": "50"}, headers=HTMX)
    assert response.status_code == 204
    assert response.headers["HX-Redirect"] == pad_url + "#hand-1"
    assert [hand.entry["points"] for hand in stored_hands(db_path, pad_url)] == [50]
    # Without JavaScript, the same post is a 303 to the same place.
    again = client.post(pad_url + "/hands/1", data=GARDE_47 | {"points": "51"})
    assert again.status_code == 303
    assert again.headers["Location"] == pad_url + "#hand-1"
