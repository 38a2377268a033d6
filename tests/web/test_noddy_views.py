"""Noddy's own entry partial on the pad, without JavaScript: the boxes are typed card codes,
each refusal shows beside its box, and a saved hand shows the points found in its cards."""

from __future__ import annotations

import io
import json
import re

from flask.testing import FlaskClient

# Worked by hand (docs/rulings.md "Noddy: as written"); Ann deals, Bob counts first. Turn-up 5♠.
# Bob 7♥ 8♥ 9♥: 7+8=15 2, flush 3 = 5, and his Go 1 = 6. Ann 5♥ 10♣ K♣: four fifteens 8,
# two twenty-fives 4, the pair of Fives 2 = 14.
HAND = {
    "turn_up": "5s",
    "p0_card1": "5h",
    "p0_card2": "10c",
    "p0_card3": "kc",
    "p1_card1": "7h",
    "p1_card2": "8h",
    "p1_card3": "9h",
    "last_card": "1",
}


def start_noddy(client: FlaskClient) -> str:
    response = client.post(
        "/new",
        data={
            "game": "noddy",
            "players": "2",
            "name-0": "Ann",
            "name-1": "Bob",
            "opt-noddy-target": "31",
            "opt-noddy-scoring": "as-written",
        },
    )
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def test_the_pad_draws_a_box_per_card_and_the_keypad(client: FlaskClient) -> None:
    html = client.get(start_noddy(client)).get_data(as_text=True)
    for box in ("turn_up", "p0_card1", "p0_card3", "p1_card2", "p1_points"):
        assert f'name="{box}"' in html
    assert 'data-rank="10"' in html and 'data-suit="H"' in html
    assert "Bob<small>counts first</small>" in html


def test_typed_cards_are_scored_and_saved(client: FlaskClient) -> None:
    url = start_noddy(client)
    response = client.post(f"{url}/hands", data=HAND, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "5♥ + K♣ = 15: 2" in html
    assert "flush 7♥-8♥-9♥: 3" in html
    assert "Ann: 0 + 14 = 14 of 31" in html
    assert "Bob: 5 + 1 = 6 of 31" in html


def test_a_card_twice_is_refused_beside_its_box(client: FlaskClient) -> None:
    url = start_noddy(client)
    response = client.post(f"{url}/hands", data={**HAND, "p1_card3": "10C"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="err-p1_card3"' in html
    assert "10♣ (the Ten of Clubs) is entered twice: it is already Ann&#39;s second card" in html
    assert 'aria-describedby="err-p1_card3"' in html


def test_a_count_no_hand_makes_is_refused_beside_the_quick_entry(client: FlaskClient) -> None:
    # Parlett's scoring, 5♠ turned up: the one thing worth 1 is the Jack of the turn-up suit,
    # and beside a Five it makes a fifteen too (5 + J), so no hand counts 1
    # (tests/games/test_noddy.py). Ann's 1 is refused on her points box, the rest kept typed.
    response = client.post(
        "/new",
        data={
            "game": "noddy",
            "players": "2",
            "name-0": "Ann",
            "name-1": "Bob",
            "opt-noddy-target": "31",
            "opt-noddy-scoring": "parlett",
        },
    )
    url = response.headers["Location"]
    response = client.post(
        f"{url}/hands", data={"turn_up": "5s", "p0_points": "1", "p1_points": "2", "last_card": "1"}
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="err-p0_points"' in html
    assert "No Noddy hand counts 1 with the turn-up 5♠: count it again, or enter the cards." in html
    assert 'aria-describedby="err-p0_points"' in html
    kept = re.search(r'<input[^>]*name="p1_points"[^>]*>', html)
    assert kept is not None and 'value="2"' in kept.group(0)
    assert client.get(f"{url}/export.json").get_json()["hands"] == []


def points(ann: str, bob: str, last: str) -> dict[str, str]:
    """A hand entered as each player's points; `last`: the seat that played the last card."""
    return {"turn_up": "5s", "p0_points": ann, "p1_points": bob, "last_card": last}


def test_a_correction_that_ends_the_game_earlier_leaves_later_hands_counting_nothing(
    client: FlaskClient,
) -> None:
    # As written, to 31. Hand 1: Ann deals; Bob 10, Ann 10 + 1 for the Go = 11. Hand 2 as
    # first entered: 10 and 10, Bob's Go (Ann 21, Bob 21). Hand 3: 4 and 4, Ann's Go (Ann
    # 26, Bob 25): the game goes on. Hand 2 corrected to Ann 20, Bob 2: Bob deals, Ann
    # counts first, 11 + 20 = 31, the target exactly: Ann wins after hand 2, and hand 3,
    # entered before the correction, counts nothing (totals 31 and 10, not 35 and 14).
    url = start_noddy(client)
    for hand in (points("10", "10", "0"), points("10", "10", "1"), points("4", "4", "0")):
        assert client.post(f"{url}/hands", data=hand).status_code == 303
    page = client.get(f"{url}/hands/2").get_data(as_text=True)
    based_on = re.search(r'name="based_on" value="(\d+)"', page)
    assert based_on is not None
    response = client.post(
        f"{url}/hands/2", data={**points("20", "2", "1"), "based_on": based_on.group(1)}
    )
    assert response.status_code == 303, response.data
    html = client.get(url).get_data(as_text=True)
    assert (
        "The game was over after hand 2 (Ann reaches 31 and wins): this hand does not count"
    ) in html
    assert "Ann reaches 31 and wins" in html
    row = html.split('id="hand-3"', 1)[1].split("</tbody>", 1)[0]
    assert "<summary><span><strong>After the game</strong> · Turn-up 5♠" in row
    assert "<strong>After the game</strong> · " in client.get(f"{url}/summary").get_data(
        as_text=True
    )
    refused = client.post(f"{url}/hands", data=points("1", "1", "0"), follow_redirects=True)
    assert "This session has ended" in refused.get_data(as_text=True)
    exported = client.get(f"{url}/export.json").get_json()
    assert len(exported["hands"]) == 3  # hand 3 stays in the history
    # and the export reads back whole: the same three hands, hand 3 counting nothing
    answer = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(exported).encode()), "noddy.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 303, answer.get_data(as_text=True)
    again = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "this hand does not count" in again and "Ann reaches 31 and wins" in again
