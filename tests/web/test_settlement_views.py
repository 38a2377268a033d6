"""The settlement on the pad and the score sheet: who has won what, and the fewest payments.

Every expected number is worked out in a comment from the rules as the pad implements them:
    Skat (ISkO, docs/rulings.md "Skat"): base values ♦ 9, ♥ 10, ♠ 11, ♣ 12, Grand 24; Null 23;
        value = base × (matadors + game 1 + hand + schneider …); a lost game −2 × value;
        only the declarer's score is written; the list balances by differences: each player's
        net = n × own total − the sum of all totals (n players); at 4 players the dealer sits out;
        a fixed list counts every game dealt, a passed one included;
    Troggu (docs/rulings.md, the tarot family): the Tappist wins with 58 of 114 or more; each other
        player pays the stake (10 Rappen unless the session says otherwise); zero-sum;
    French Tarot: zero-sum, each hand's points already are what the players win or pay;
    Tantony: not zero-sum and not balanced: the pad shows no settlement.
Payments: as few as possible; a group of players whose nets add to zero squares itself.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Sequence

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import GARDE_47
from tests.web.conftest import start as start_tarot

THREE = ["Ann", "Bob", "Cid"]
FOUR = ["Ann", "Bob", "Cid", "Dan"]
FIVE = ["Annie", "Benny", "Connie", "Denny", "Emmy"]


# ---------------------------------------------------------------- helpers


def text_of(response) -> str:
    return response.get_data(as_text=True)


def plain(html: str) -> str:
    """The words a reader sees: tags dropped, entities decoded, white space collapsed."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def start(client: FlaskClient, game: str, names: Sequence[str], **options: str) -> str:
    """Start a session of `game` through the new-session form; returns the pad's URL."""
    data = {"game": game, "players": str(len(names))}
    data |= {f"name-{seat}": name for seat, name in enumerate(names)}
    data |= {f"opt-{game}-{key}": value for key, value in options.items()}
    response = client.post("/new", data=data)
    assert response.status_code == 303, plain(text_of(response))
    return response.headers["Location"]


def skat(
    game: str,
    declarer: int,
    result: str,
    *,
    matadors: int | None = None,
    without: bool = False,
    hand: bool = False,
    points: int | None = None,
) -> dict[str, str]:
    """A Skat game as the entry form posts it (bid 18, nothing announced, no schneider)."""
    data = {
        "game": game,
        "declarer": str(declarer),
        "bid": "18",
        "result": result,
        "announced": "none",
        "schneider": "none",
        "counted_side": "declarer",
        "with_matadors": "without" if without else "with",
        "card_points": "" if points is None else str(points),
    }
    if matadors is not None:
        data["matadors"] = str(matadors)
    if hand:
        data["hand"] = "y"  # a ticked checkbox
    return data


def save(client: FlaskClient, url: str, data: dict[str, str]) -> None:
    """Save a hand through the no-JS form; fails the test if it is refused."""
    response = client.post(url + "/hands", data=data)
    assert response.status_code == 303, plain(text_of(response))[-400:]


# ISkO, three players (Ann, Bob, Cid), worked out game by game:
#   1. Ann ♣ with 2, 75 card points: with 2, game 3 → 3 × 12 = 36; 75 ≥ 61 won: Ann +36.
#   2. Bob Grand hand with 1, 80: with 1, game 2, hand 3 → 3 × 24 = 72; won: Bob +72.
#   3. Cid ♥ without 3, 50: without 3, game 4 → 4 × 10 = 40; 50 < 61 lost: −2 × 40 = Cid −80.
#   4. Ann Null (not hand, not ouvert): 23, won: Ann +23.
# Totals: Ann 36 + 23 = 59, Bob 72, Cid −80; their sum 59 + 72 − 80 = 51.
# Nets: Ann 3 × 59 − 51 = 126; Bob 3 × 72 − 51 = 165; Cid 3 × (−80) − 51 = −291 (sum 0).
# (Pairwise: Ann wins 59 − (−80) = 139 from Cid and loses 72 − 59 = 13 to Bob: 126.)
# No two nets cancel, so three players need 3 − 1 = 2 payments: Cid pays Ann 126 and Bob 165.
FOUR_GAMES = [
    skat("clubs", 0, "won", matadors=2, points=75),
    skat("grand", 1, "won", matadors=1, hand=True, points=80),
    skat("hearts", 2, "lost", matadors=3, without=True, points=50),
    skat("null", 0, "won"),
]


def standings(html: str) -> list[int]:
    """Each seat's total in the standings, in seat order (true minus signs read back)."""
    block = html.split('id="standings"', 1)[1].split("</section>", 1)[0]
    return [int(t.replace("−", "-")) for t in re.findall(r'class="total">([^<]+)<', block)]


def settlement_on_pad(
    client: FlaskClient, url: str
) -> tuple[str, dict[str, str], list[tuple[str, str, str, str]]]:
    """The pad's settlement: the heading of its fold on the pad, and, as the fold fetches them
    when opened, each player's net as shown and the payments as (payer, payee, amount, unit
    words)."""
    block = text_of(client.get(url)).split('id="settlement"', 1)[1].split("</section>", 1)[0]
    heading = plain(re.search(r"<summary>(.*?)</summary>", block).group(1))
    body = settlement_body(client, url)
    nets = dict(re.findall(r'<th scope="row">([^<]+)</th><td>([^<]+)</td>', body))
    payments = re.findall(r"<li>(\w+) pays (\w+) <strong>([^<]+)</strong> ?(\w*)</li>", body)
    return heading, nets, payments


def settlement_body(client: FlaskClient, url: str) -> str:
    """The settlement as the pad's fold fetches it when opened."""
    return text_of(client.get(url + "/settlement", headers={"HX-Request": "true"}))


def in_cents(amount: str) -> int:
    """An amount as shown ("+2.52", "−5.82", "126") in hundredths when it has a decimal point."""
    sign = -1 if amount.startswith("−") else 1
    return sign * int(amount.lstrip("+−").replace(".", ""))


def assert_payments_square(nets: dict[str, str], payments: list[tuple[str, ...]]) -> None:
    """The nets add up to zero and the payments move exactly each player's net."""
    assert sum(in_cents(net) for net in nets.values()) == 0
    moved = dict.fromkeys(nets, 0)
    for payer, payee, amount, _ in payments:
        moved[payer] -= in_cents(amount)
        moved[payee] += in_cents(amount)
    assert moved == {name: in_cents(net) for name, net in nets.items()}


# ---------------------------------------------------------------- Skat


def test_a_skat_list_balances_by_differences_with_the_fewest_payments(client: FlaskClient) -> None:
    url = start(client, "skat", THREE)
    empty = text_of(client.get(url)).split('id="settlement"', 1)[1].split("</section>", 1)[0]
    assert "<details" not in empty and "pays" not in empty  # no hands yet: nothing to settle
    for game in FOUR_GAMES:
        save(client, url, game)
    page = text_of(client.get(url))
    assert standings(page) == [59, 72, -80]
    assert "with 2, game 3 → 3 × 12 = 36" in plain(page)
    assert "On the list: Cid −2 × 40 = −80" in plain(page)
    heading, nets, payments = settlement_on_pad(client, url)
    assert heading == "Settlement"
    assert nets == {"Ann": "+126", "Bob": "+165", "Cid": "−291"}
    assert payments == [("Cid", "Ann", "126", "points"), ("Cid", "Bob", "165", "points")]
    assert_payments_square(nets, payments)
    assert "Balanced as in Skat" in settlement_body(client, url)

    sheet = plain(text_of(client.get(url + "/summary")))
    assert "Settlement Ann +126 · Bob +165 · Cid −291" in sheet
    assert "Cid pays Ann 126 points; Cid pays Bob 165 points." in sheet


@pytest.mark.parametrize(
    ("stake", "nets", "ann", "bob", "rate"),
    [
        # Nets 126, 165, −291 points (see FOUR_GAMES) at the stake in cents a point. (At 1 cent a
        # point the pad does not write the rate out.)
        (1, {"Ann": "+1.26", "Bob": "+1.65", "Cid": "−2.91"}, "1.26", "1.65", None),
        (
            2,
            {"Ann": "+2.52", "Bob": "+3.30", "Cid": "−5.82"},
            "2.52",
            "3.30",  # 2 × 165 = 330
            "At 2 cents a point.",
        ),
        (
            100,
            {"Ann": "+126.00", "Bob": "+165.00", "Cid": "−291.00"},
            "126.00",
            "165.00",
            "At 100 cents a point.",
        ),
    ],
)
def test_a_skat_stake_settles_the_list_in_money(
    client: FlaskClient, stake: int, nets: dict[str, str], ann: str, bob: str, rate: str | None
) -> None:
    url = start(client, "skat", THREE, stake=str(stake))
    for game in FOUR_GAMES:
        save(client, url, game)
    page = text_of(client.get(url))
    assert standings(page) == [59, 72, -80]  # the list itself stays in points
    heading, shown, payments = settlement_on_pad(client, url)
    assert heading == "Settlement in money"
    assert shown == nets
    assert payments == [("Cid", "Ann", ann, ""), ("Cid", "Bob", bob, "")]
    assert_payments_square(shown, payments)
    if rate is not None:
        assert rate in plain(settlement_body(client, url))
    sheet = plain(text_of(client.get(url + "/summary")))
    assert "Settlement in money" in sheet
    assert re.search(rf"Cid pays Ann {re.escape(ann)} ?; Cid pays Bob {re.escape(bob)} ?\.", sheet)


def test_a_small_stake_shows_the_cents(client: FlaskClient) -> None:
    url = start(client, "skat", THREE, stake="1")
    # Ann loses ♦ with 1 with 50 card points: with 1, game 2 → 2 × 9 = 18; lost: −36.
    # Totals −36, 0, 0 (sum −36): Ann 3 × (−36) + 36 = −72; Bob and Cid 0 + 36 = +36 each.
    save(client, url, skat("diamonds", 0, "lost", matadors=1, points=50))
    _, nets, payments = settlement_on_pad(client, url)
    assert nets == {"Ann": "−0.72", "Bob": "+0.36", "Cid": "+0.36"}
    assert payments == [("Ann", "Bob", "0.36", ""), ("Ann", "Cid", "0.36", "")]


def test_four_at_a_skat_table_the_dealer_sits_out(client: FlaskClient) -> None:
    url = start(client, "skat", FOUR)
    # Ann (the first player listed) deals game 1 and sits it out.
    assert "Hand 1 · Ann deals · Ann sits out" in plain(text_of(client.get(url)))
    response = client.post(url + "/hands", data=skat("clubs", 0, "won", matadors=2, points=75))
    assert response.status_code == 422
    assert "Ann deals this game and sits it out" in plain(text_of(response))
    # Bob ♣ with 2, 75: 3 × 12 = 36, won. Bob deals game 2 and sits it out.
    save(client, url, skat("clubs", 1, "won", matadors=2, points=75))
    page = text_of(client.get(url))
    assert "Hand 2 · Bob deals · Bob sits out" in plain(page)
    # Totals 0, 36, 0, 0 (sum 36): Bob 4 × 36 − 36 = +108; the others 0 − 36 = −36 each, the
    # player who sat out included: each pays Bob 36.
    _, nets, payments = settlement_on_pad(client, url)
    assert nets == {"Ann": "−36", "Bob": "+108", "Cid": "−36", "Dan": "−36"}
    assert payments == [
        ("Ann", "Bob", "36", "points"),
        ("Cid", "Bob", "36", "points"),
        ("Dan", "Bob", "36", "points"),
    ]


def test_a_fixed_skat_list_counts_down_and_ends(client: FlaskClient) -> None:
    url = start(client, "skat", THREE, list_games="36")
    assert "36 of 36 games left" in plain(text_of(client.get(url)))
    # Ann ♣ with 2, 75: 36, won. One game dealt: 35 left.
    save(client, url, skat("clubs", 0, "won", matadors=2, points=75))
    assert "35 of 36 games left" in plain(text_of(client.get(url)))
    save(client, url, {"game": "passed"})  # a passed game counts on the list
    assert "34 of 36 games left" in plain(text_of(client.get(url)))
    for _ in range(33):
        save(client, url, {"game": "passed"})
    assert "1 of 36 games left" in plain(text_of(client.get(url)))
    save(client, url, {"game": "passed"})
    page = text_of(client.get(url))
    assert "Game over. The list of 36 games is complete: Ann leads with 36" in plain(page)
    assert 'name="game"' not in page  # no entry form
    # Ann 3 × 36 − 36 = +72; Bob and Cid −36 each.
    _, nets, payments = settlement_on_pad(client, url)
    assert nets == {"Ann": "+72", "Bob": "−36", "Cid": "−36"}
    assert payments == [("Bob", "Ann", "36", "points"), ("Cid", "Ann", "36", "points")]


# ---------------------------------------------------------------- zero-sum games


def test_a_troggu_tappist_is_paid_in_rappen(client: FlaskClient) -> None:
    url = start(client, "troggu", FIVE)
    # Annie, Tappist, takes 62 of 114: 58 or more wins. Each of the other 4 pays her the stake,
    # 10 Rappen: Annie +40, the others −10 each (the text's own example).
    save(
        client,
        url,
        {"contract": "tappist", "player": "0", "counted_side": "player", "points": "62"},
    )
    page = text_of(client.get(url))
    assert standings(page) == [40, -10, -10, -10, -10]
    heading, nets, payments = settlement_on_pad(client, url)
    assert heading == "Settlement in Rappen"
    assert nets == {"Annie": "+40", "Benny": "−10", "Connie": "−10", "Denny": "−10", "Emmy": "−10"}
    assert payments == [(name, "Annie", "10", "Rappen") for name in FIVE[1:]]
    assert_payments_square(nets, payments)
    assert "Balanced as in Skat" not in page  # zero-sum: nothing to balance
    sheet = plain(text_of(client.get(url + "/summary")))
    assert "Settlement in Rappen" in sheet
    assert (
        "Benny pays Annie 10 Rappen; Connie pays Annie 10 Rappen; Denny pays Annie 10 "
        "Rappen; Emmy pays Annie 10 Rappen." in sheet
    )


def test_a_troggu_stake_set_for_the_session_is_what_is_paid(client: FlaskClient) -> None:
    url = start(client, "troggu", FIVE[:3], stake="20")
    # Three players; Benny, Tappist, counted for the others 60: his side 114 − 60 = 54 < 57,
    # lost: he pays 20 Rappen to each of the other 2: Benny −40, Annie and Connie +20.
    save(
        client,
        url,
        {"contract": "tappist", "player": "1", "counted_side": "others", "points": "60"},
    )
    _, nets, payments = settlement_on_pad(client, url)
    assert nets == {"Annie": "+20", "Benny": "−40", "Connie": "+20"}
    assert payments == [("Benny", "Annie", "20", "Rappen"), ("Benny", "Connie", "20", "Rappen")]


def test_french_tarot_settles_with_the_fewest_payments(client: FlaskClient) -> None:
    url = start_tarot(client)
    # Garde, Ann takes, 2 bouts, 47 points: target 41, made by 6: (25 + 6) × 2 = 62 from each
    # defender: Ann +186, Bob, Cid, Dee −62 each.
    save(client, url, GARDE_47)
    _, nets, payments = settlement_on_pad(client, url)
    assert nets == {"Ann": "+186", "Bob": "−62", "Cid": "−62", "Dee": "−62"}
    assert payments == [
        ("Bob", "Ann", "62", "points"),
        ("Cid", "Ann", "62", "points"),
        ("Dee", "Ann", "62", "points"),
    ]
    # The same hand with Bob taking: Bob +186, the others −62. Totals: Ann 186 − 62 = 124,
    # Bob −62 + 186 = 124, Cid and Dee −124. Two pairs cancel (Ann with Cid, Bob with Dee), so
    # two payments square the table instead of three.
    save(client, url, GARDE_47 | {"taker": "1"})
    page = text_of(client.get(url))
    _, nets, payments = settlement_on_pad(client, url)
    assert nets == {"Ann": "+124", "Bob": "+124", "Cid": "−124", "Dee": "−124"}
    assert payments == [("Cid", "Ann", "124", "points"), ("Dee", "Bob", "124", "points")]
    assert_payments_square(nets, payments)
    assert "Balanced as in Skat" not in page
    sheet = plain(text_of(client.get(url + "/summary")))
    assert "Cid pays Ann 124 points; Dee pays Bob 124 points." in sheet


def test_a_square_table_says_so(client: FlaskClient) -> None:
    url = start_tarot(client)
    # Ann, then Bob, then Cid, then Dee each take the same Garde: each +186 − 3 × 62 = 0.
    for taker in range(4):
        save(client, url, GARDE_47 | {"taker": str(taker)})
    _, nets, payments = settlement_on_pad(client, url)
    assert nets == {"Ann": "0", "Bob": "0", "Cid": "0", "Dee": "0"} and payments == []
    assert "Everyone is square." in plain(settlement_body(client, url))


def test_tantony_shows_no_settlement(client: FlaskClient) -> None:
    url = start(client, "tantony", FOUR)
    # A whole hand: Ann 2♠ 3♠ 4♠ (9), Bob 2♥ 3♥ 4♥ (9), Cid 2♦ 3♦ 4♦ (9), Dan 2♣ 3♣ 4♣ (9);
    # the Tantony card 5♣ (5) to Dan, who won the last trick. Dan 14.
    runts = ["2S", "3S", "4S", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C", "4C", "5C"]
    data = {f"tricks-{i}-runt": runt for i, runt in enumerate(runts)}
    data |= {f"tricks-{i}-to": str(min(i // 3, 3)) for i in range(12)}
    data |= {"tricks-12-to": "", "tricks-12-won_by": "3"}
    data |= {
        f"tricks-{i}-{part}": ""
        for i in range(13)
        for part in ("won_by", "cards")
        if f"tricks-{i}-{part}" not in data
    }
    assert client.post(url + "/whole", data=data).status_code == 303
    page = text_of(client.get(url))
    assert standings(page)[2:] == [9, 9, 9, 14]  # after the two sides' totals (18, 23)
    assert "pays" not in page.split('id="settlement"', 1)[1].split("</section>", 1)[0]
    assert "Settlement" not in plain(text_of(client.get(url + "/summary")))


def test_the_settlement_is_fetched_by_its_fold_and_a_plain_browser_goes_to_the_summary(
    client: FlaskClient,
) -> None:
    url = start(client, "french-tarot", FOUR)
    save(client, url, GARDE_47)  # Ann +186, the others −62 each: each pays Ann 62
    fold = text_of(client.get(url)).split('id="settlement"', 1)[1].split("</section>", 1)[0]
    assert f'hx-get="{url}/settlement"' in fold and "pays" not in fold  # fetched when opened
    assert "Bob pays Ann <strong>62</strong>" in settlement_body(client, url)
    plain_browser = client.get(url + "/settlement")
    assert plain_browser.status_code == 303
    assert plain_browser.headers["Location"].endswith("/summary#settlement")
    assert 'id="settlement"' in text_of(client.get(url + "/summary"))
