"""The referee panel on the pad: from a session (names, table size) and from the rules page."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import FOUR, start


def verdict_words(page: str) -> list[str]:
    return [html.unescape(w) for w in re.findall(r'verdict-words"><strong>([^<]*)', page)]


def test_a_maw_trick_without_a_session(client: FlaskClient) -> None:
    # Clubs trumps; Player 2 (seat 1) plays the Jack of trumps, second only to the Five.
    page = client.get("/referee/maw?players=4&trump=C&leader=0&cards=AH+JC+KC+5S")
    assert page.status_code == 200
    assert verdict_words(page.get_data(as_text=True)) == [
        "Player 2 wins with the Jack of Clubs: in Maw the Jack of trumps ranks second only to "
        "the Five"
    ]


def test_a_session_s_referee_says_the_players_names(client: FlaskClient) -> None:
    url = start(client, FOUR)  # French Tarot: Ann, Bob, Cid, Dee
    pad = client.get(url).get_data(as_text=True)
    assert f'href="{url}/referee"' in pad
    # Bob leads the Five of Clubs; nobody plays an atout; the Excuse (Dee's) never wins:
    # Bob's Five is the highest club (the Two is lower; the Three of Diamonds is off-suit).
    page = client.get(f"{url}/referee?leader=1&cards=5C+2C+3D+EX").get_data(as_text=True)
    words = verdict_words(page)
    assert words and words[0].startswith("Bob wins with the Five of Clubs")
    assert "gives the winner a card worth half a point" in page


def test_a_trick_the_pack_cannot_have_is_refused_beside_the_cards(client: FlaskClient) -> None:
    page = client.get("/referee/skat?players=3&game=clubs&cards=2H+JC+AC")
    assert page.status_code == 422
    assert "The Two of Hearts is not in the pack Skat is played with." in html.unescape(
        page.get_data(as_text=True)
    )


def test_the_panel_alone_for_htmx(client: FlaskClient) -> None:
    page = client.get(
        "/referee/maw?players=4&trump=C&cards=AH+JC+KC+5S", headers={"HX-Request": "true"}
    ).get_data(as_text=True)
    assert page.lstrip().startswith("{#") is False and page.lstrip().startswith("<section")
    assert "<html" not in page


def test_rules_page_and_home_lead_to_the_referee(client: FlaskClient) -> None:
    assert "/referee/skat" in client.get("/rules/skat").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert "/referee/maw" in home and "/referee/whist" in home


def test_a_game_without_a_referee_is_not_found(client: FlaskClient) -> None:
    assert client.get("/referee/no-such-game").status_code == 404


def start_game(client: FlaskClient, game: str, **options: str) -> str:
    """Start a four-player session of `game` (Ann, Bob, Cid, Dee; Ann deals first)."""
    data = {
        "game": game,
        "players": "4",
        **{f"name-{i}": n for i, n in enumerate(FOUR)},
        **{f"opt-{game}-{key}": value for key, value in options.items()},
    }
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def leader_chips(page: str) -> list[str]:
    return re.findall(r'name="leader" value="(\d+)"', page)


@pytest.mark.parametrize(
    ("game", "query", "words"),
    [
        # "At four players a trick has three cards (the dealer sits out)": Ann deals the first
        # hand; Cid leads, then Dee, then Bob. Skat, Diamonds trumps, Spades "Ace, Ten, King": the
        # Ace (Bob's) wins.
        pytest.param(
            "skat",
            "game=diamonds&leader=2&cards=KS+10S+AS",
            "Bob wins with the Ace of Spades",
            id="skat",
        ),
        # Calabrasella: "Three, Two, Ace, …": Bob's Three wins.
        pytest.param(
            "calabrasella",
            "leader=2&cards=KS+2S+3S",
            "Bob wins with the Three of Spades",
            id="calabrasella",
        ),
    ],
)
def test_a_session_s_dealer_sits_out_of_its_tricks(
    client: FlaskClient, game: str, query: str, words: str
) -> None:
    url = start_game(client, game)
    page = html.unescape(client.get(f"{url}/referee?{query}").get_data(as_text=True))
    assert verdict_words(page)[0].startswith(words)
    assert "Ann deals and sits this hand out." in page
    assert leader_chips(page) == ["1", "2", "3"]  # Ann, sitting out, cannot lead
    assert 'name="dealer"' not in page  # the session says who deals


def test_the_session_s_current_dealer_sits_out(client: FlaskClient) -> None:
    url = start_game(client, "skat")
    # Hand 1 (Ann deals): Bob plays Clubs with 2 and wins with 75 card points.
    saved = client.post(
        url + "/hands",
        data={
            "game": "clubs",
            "declarer": "1",
            "bid": "18",
            "result": "won",
            "announced": "none",
            "schneider": "none",
            "counted_side": "declarer",
            "with_matadors": "with",
            "matadors": "2",
            "card_points": "75",
        },
    )
    assert saved.status_code == 303
    # "The deal moves one seat on": Bob deals hand 2 and sits out. Dee leads, then Ann, then
    # Cid (Bob passed over); Diamonds trumps: Ann's Ace of Spades wins.
    page = html.unescape(
        client.get(f"{url}/referee?game=diamonds&leader=3&cards=KS+AS+10S").get_data(as_text=True)
    )
    assert "Bob deals and sits this hand out." in page
    assert leader_chips(page) == ["0", "2", "3"]
    assert verdict_words(page)[0].startswith("Ann wins with the Ace of Spades")


def test_without_a_session_the_panel_asks_who_deals(client: FlaskClient) -> None:
    # Player 1 deals and sits out; Player 3 leads, then Player 4, then Player 2: the Ace wins.
    page = client.get("/referee/skat?players=4&dealer=0&game=diamonds&leader=2&cards=KS+10S+AS")
    text = html.unescape(page.get_data(as_text=True))
    assert "Who deals (sits out)" in text
    assert verdict_words(text) == [
        "Player 2 wins with the Ace of Spades: nobody played a trump, so the highest card of "
        "the suit led wins: Ace, Ten, King, Queen, Nine, Eight, Seven"
    ]
    refused = client.get("/referee/skat?players=4&dealer=2&game=diamonds&leader=2&cards=KS+10S+AS")
    assert refused.status_code == 422
    assert "The dealer sits this hand out, so cannot lead." in refused.get_data(as_text=True)


def test_at_three_players_nobody_is_asked_to_deal(client: FlaskClient) -> None:
    page = client.get("/referee/skat?players=3&game=diamonds").get_data(as_text=True)
    assert 'name="dealer"' not in page and leader_chips(page) == ["0", "1", "2"]


def test_a_tarot_pack_whist_session_s_referee_uses_its_pack(client: FlaskClient) -> None:
    url = start_game(client, "whist", pack="tarot")
    # Seed 002: "the atouts are the trump suit": Dee's trump 2 wins over the Ace of Spades.
    page = html.unescape(
        client.get(f"{url}/referee?trump=none&cards=5S+10S+AS+2T").get_data(as_text=True)
    )
    assert verdict_words(page)[0].startswith("Dee wins with trump 2")
    assert 'name="pack"' not in page  # the session's own pack, not a choice
    # Black suits Ten high (French Tarot as written): Bob's Ten beats Ann's Ace led.
    page = html.unescape(
        client.get(f"{url}/referee?trump=none&cards=AS+10S+5S+2S").get_data(as_text=True)
    )
    assert verdict_words(page)[0].startswith("Bob wins with the Ten of Spades")
    # With a tarot pack no trump suit is turned up, so none is asked (the pad asks none
    # either), and one put in the query changes nothing: Dee's trump 2 beats the King of Hearts.
    asked = client.get(f"{url}/referee?trump=H&cards=5H+10H+KH+2T")
    assert asked.status_code == 200
    assert 'name="trump"' not in (page := html.unescape(asked.get_data(as_text=True)))
    assert verdict_words(page)[0].startswith("Dee wins with trump 2")


def test_the_session_s_pack_is_not_changed_by_the_query(client: FlaskClient) -> None:
    url = start_game(client, "whist", pack="tarot")
    page = client.get(f"{url}/referee?pack=52&trump=none&cards=5S+10S+AS+2T")
    assert verdict_words(html.unescape(page.get_data(as_text=True)))[0].startswith(
        "Dee wins with trump 2"
    )


def test_without_a_session_the_query_chooses_the_pack(client: FlaskClient) -> None:
    page = client.get("/referee/whist?pack=tarot&trump=none&cards=AS+10S+5S+2S")
    assert verdict_words(html.unescape(page.get_data(as_text=True)))[0].startswith(
        "Player 2 wins with the Ten of Spades"
    )


def test_a_house_rule_the_session_lacks_stays_a_choice(client: FlaskClient) -> None:
    url = start(client, FOUR)  # French Tarot: its suit order is the referee's option only
    # FFT order: every suit Ten high, so Bob's Ten of Hearts beats Ann's Ace.
    page = client.get(f"{url}/referee?suit_order=fft&cards=AH+10H+5H+2H").get_data(as_text=True)
    assert 'name="suit_order"' in page
    assert verdict_words(page)[0].startswith("Bob wins with the Ten of Hearts")


def test_skitgubbe_s_second_phase_takes_any_number_of_cards(client: FlaskClient) -> None:
    # Six cards laid by three players, with no count asked: each beats the one before, and the
    # Two of Diamonds (trumps) is on top.
    page = client.get(
        "/referee/skitgubbe?players=3&phase=second&trump=D&cards=4S+5S+6S+7S+8S+2D"
    ).get_data(as_text=True)
    assert 'name="laid"' not in page
    assert verdict_words(page)[0].startswith("Each card beats the one before it. The Two of")


def test_a_slough_is_answered_on_the_panel(client: FlaskClient) -> None:
    # 5H 9C KD, then the Seven of Spades sloughed by player 1: no Seven was played.
    page = client.get(
        "/referee/skitgubbe?players=3&phase=first&slough_by=1&cards=5H+9C+KD+7S"
    ).get_data(as_text=True)
    assert verdict_words(page)[0].startswith("The slough of the Seven of Spades is not allowed")
    assert "Player 3 wins with the King of Diamonds" in html.unescape(page)


def test_the_anti_trump_panel_offers_none_only_at_six(client: FlaskClient) -> None:
    assert 'value="none"' not in client.get("/referee/anti-trump?players=5").get_data(as_text=True)
    assert 'value="none"' in client.get("/referee/anti-trump?players=6").get_data(as_text=True)


def test_a_tarot_ace_typed_1_on_the_panel(client: FlaskClient) -> None:
    page = client.get("/referee/french-tarot?players=4&cards=10H+1H+5H+2H").get_data(as_text=True)
    assert verdict_words(page)[0].startswith("Player 2 wins with the Ace of Hearts")
