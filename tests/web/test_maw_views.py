"""Maw on the pad: a misdeal entered through the form shows its lines and passes the deal."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Sequence

from flask.testing import FlaskClient

from companion.service.exchange import score_document

FOUR = ("Ann", "Bob", "Cat", "Dan")


def start_maw(client: FlaskClient, penalty: str, names: Sequence[str] = FOUR) -> str:
    data = {"game": "maw", "players": str(len(names)), "opt-maw-misdeal_penalty": penalty}
    data |= {f"name-{seat}": name for seat, name in enumerate(names)}
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def played(tricks: Sequence[int]) -> dict[str, str]:
    """A deal played as the form posts it: hearts, nobody robbed, these tricks, no claim."""
    return {
        "deal": "played",
        "trump": "H",
        "robbed": "none",
        "first_three": "none",
        "jink": "none",
        **{f"tricks_{seat}": str(won) for seat, won in enumerate(tricks)},
    }


def plain(html: str) -> str:
    """The words a reader sees: tags dropped, entities decoded, white space collapsed."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_a_misdeal_is_saved_with_its_lines_and_the_deal_passes(client: FlaskClient) -> None:
    # The text: a misdeal forfeits the deal, "dealing passes to the left"; its option, "another
    # dealer's stake". Ann deals first (ante 2, dealer's stake 2): she leaves her stake 2 and
    # adds another 2, −4; the pool 0 + 2 + 2 = 4. Bob deals next: 4 + 4 × 2 + 2 = 14.
    url = start_maw(client, "stake")
    response = client.post(f"{url}/hands", data={"deal": "misdeal"}, follow_redirects=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert (
        "Ann misdealt and loses the deal, which passes to Bob; the dealer&#39;s stake stays "
        "in the pool" in html
    )
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
    assert 'id="err-deal"' in html and 'aria-describedby="err-deal help-deal"' in html
    assert client.get(f"{url}/export.json").get_json()["hands"] == []


def test_the_winner_named_is_the_settlement_s_leader(client: FlaskClient) -> None:
    # Three players, ante 2, dealer's stake 2: each pool 3 × 2 + 2 = 8. Ann deals, Cat takes
    # three (Ann −4, Bob −2, Cat +6); Bob deals, Ann takes three (+6, −4, −2); Cat deals,
    # spoiled (−2, −2, −4). Totals 0, −8, 0; the pool of 8 goes back as Ann 2, Bob 2, Cat 4:
    # Ann +2, Bob −6, Cat +4. Cat alone wins, with 4 (not "Ann and Cat with 0").
    url = start_maw(client, "none", ("Ann", "Bob", "Cat"))
    for tricks in ((1, 1, 3), (3, 1, 1), (2, 2, 1)):
        assert client.post(f"{url}/hands", data=played(tricks)).status_code == 303
    assert client.post(f"{url}/end").status_code == 303
    pad = client.get(url).get_data(as_text=True)
    assert "Session ended. Leading: Cat with 4." in plain(pad)
    standings = pad.split('id="standings"', 1)[1].split("</section>", 1)[0]
    assert re.findall(r'class="seat leader">\s*<span class="name">(\w+)<', standings) == ["Cat"]
    summary = plain(client.get(f"{url}/summary").get_data(as_text=True))
    assert "Winner: Cat with 4." in summary
    assert "Ann +2 · Bob −6 · Cat +4" in summary
    scored, problems = score_document(client.get(f"{url}/export.json").get_json())
    assert problems == []
    assert scored["outcome"]["winners"] == ["Cat"]
    assert scored["settlement"]["nets"] == {"Ann": 2, "Bob": -6, "Cat": 4}
