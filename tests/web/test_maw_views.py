"""Maw on the pad: a misdeal entered through the form shows its lines and passes the deal."""

from __future__ import annotations

from flask.testing import FlaskClient


def start_maw(client: FlaskClient, penalty: str) -> str:
    response = client.post("/new", data={"game": "maw", "players": "4", "name-0": "Ann",
                                         "name-1": "Bob", "name-2": "Cat", "name-3": "Dan",
                                         "opt-maw-misdeal_penalty": penalty})
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def test_a_misdeal_is_saved_with_its_lines_and_the_deal_passes(client: FlaskClient) -> None:
    # The text: a misdeal forfeits the deal, "dealing passes to the left"; its option, "another
    # dealer's stake". Ann deals first (ante 2, dealer's stake 2): she leaves her stake 2 and
    # adds another 2, −4; the pool 0 + 2 + 2 = 4. Bob deals next: 4 + 4 × 2 + 2 = 14.
    url = start_maw(client, "stake")
    response = client.post(f"{url}/hands", data={"deal": "misdeal"}, follow_redirects=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Ann misdealt and loses the deal, which passes to Bob; the dealer&#39;s stake stays " \
           "in the pool" in html
    assert "Ann adds another dealer&#39;s stake for the misdeal: 2" in html
    assert "Ann: −2 dealer&#39;s stake − 2 misdeal = −4" in html
    assert "Pool after the misdeal: 0 + 2 + 2 = 4 (the pool carries)" in html
    assert "Pool: 4 (from a misdeal)" in html
    assert "Each antes 2, Bob adds 2 → 14" in html


def test_an_unknown_kind_of_deal_is_refused_beside_its_field(client: FlaskClient) -> None:
    url = start_maw(client, "none")
    response = client.post(f"{url}/hands", data={"deal": "redeal"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="err-deal"' in html and 'aria-describedby="err-deal"' in html
    assert client.get(f"{url}/export.json").get_json()["hands"] == []
