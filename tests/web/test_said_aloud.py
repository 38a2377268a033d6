"""Cards and figures in words for a screen reader (companion/web/said_aloud.py).

A card chip shows its symbol ("3♥", hidden from a screen reader) and holds its name in a
visually hidden span, as the kit's catalogues write it: "the Three of Hearts", in German
"die Herz-Drei", in French "le Trois de Cœur", in Italian "il Tre di Cuori" (core.po). A quota
"0/3" says "0 of 3 tricks"; "3 pts" says "3 points".

Tantony, four players (docs/rules/tantony.md): 2–10 face value, a quota of 3 placed tricks each;
Annie deals, Benny leads trick 1. Trick 1: the 3♥ as runt, given to Connie: 3 points to her,
her first trick of 3; whoever gets a trick leads the next, so Connie leads trick 2 of 13.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from companion.contract.values import Scale
from companion.kit.i18n import t
from companion.web.language import COOKIE
from companion.web.said_aloud import unit_said
from tests.web.test_trick_entry import HTMX, plain, post_trick, start, text_of

HIDDEN = '<span class="visually-hidden">{}</span>'


def runt_chip(html: str, code: str) -> str:
    """The label of the runt grid's radio for `code`."""
    found = re.search(rf'<label class="card-chip[^"]*"><input [^>]*value="{code}".*?</label>', html)
    assert found, code
    return found.group(0)


@pytest.mark.parametrize(
    ("language", "name", "hearts"),
    [
        ("en", "the Three of Hearts", "Hearts"),
        ("de", "die Herz-Drei", "Herz"),
        ("fr", "le Trois de Cœur", "Cœur"),
        ("it", "il Tre di Cuori", "Cuori"),
    ],
)
def test_a_runt_chip_says_its_card_by_name(
    client: FlaskClient, language: str, name: str, hearts: str
) -> None:
    url = start(client)
    client.set_cookie(COOKIE, language)
    html = text_of(client.get(url))
    chip = runt_chip(html, "3H")
    assert '<span aria-hidden="true">3♥</span>' in chip
    assert HIDDEN.format(name) in chip
    # Each suit's row is a radio group named by its suit: Spades, then Hearts, …
    assert f'<div class="suit-row" role="radiogroup" aria-label="{hearts}">' in html


def test_the_quota_and_the_points_are_said_in_words(client: FlaskClient) -> None:
    url = start(client)
    html = text_of(client.get(url))
    # Connie's chip under "Got the trick": 0 tricks placed of her 3.
    chip = re.search(r'id="next-to-2"><span>Connie.*?</label>', html)
    assert chip and '<span aria-hidden="true">0/3</span>' in chip.group(0)
    assert HIDDEN.format("0 of 3 tricks") in chip.group(0)
    strip = html.split('class="quota"', 1)[1].split("</div>", 1)[0]
    assert strip.count(HIDDEN.format("0 of 3 tricks,")) == 4
    assert strip.count(HIDDEN.format("0 points")) == 4


def test_the_trick_added_is_said_in_one_sentence(client: FlaskClient) -> None:
    url = start(client)
    answer = post_trick(client, url, [], runt="3H", to=2, headers=HTMX)
    assert answer.status_code == 200
    status = text_of(answer).split('class="trick-status"', 1)[1].split("</p>", 1)[0]
    said = "Trick 1 recorded: the Three of Hearts to Connie, 3 points. Connie has 1 of 3 tricks."
    assert HIDDEN.format(said) in status
    assert plain(status).endswith("Trick 2 of 13 · Connie leads")
    strip = text_of(answer).split('class="quota"', 1)[1].split("</div>", 1)[0]
    assert HIDDEN.format("1 of 3 tricks,") in strip and HIDDEN.format("3 points") in strip


def test_the_trick_added_is_said_in_german(client: FlaskClient) -> None:
    url = start(client)
    client.set_cookie(COOKIE, "de")
    answer = post_trick(client, url, [], runt="3H", to=2, headers=HTMX)
    said = "Stich 1 notiert: die Herz-Drei an Connie, 3 Punkte. Connie hat 1 von 3 Stichen."
    assert HIDDEN.format(said) in text_of(answer)


def test_a_refused_trick_is_not_said_as_recorded(client: FlaskClient) -> None:
    url = start(client)
    answer = post_trick(client, url, [], runt="3H", headers=HTMX)  # nobody got it
    assert answer.status_code == 422
    assert "recorded" not in text_of(answer)


def test_the_referees_card_buttons_are_named_in_words(client: FlaskClient) -> None:
    html = text_of(client.get("/referee/maw?players=4&cards=QH"))
    assert re.search(r'data-card="QH" aria-label="the Queen of Hearts">Q♥</button>', html)


def test_a_bare_total_is_said_with_its_unit() -> None:
    """The standings say "1 point", "−1 point", "186 points", "0 points": the game's own unit,
    singular for one either way."""
    scale = Scale(t("point"), t("points"))
    said = {count: str(unit_said(count, scale)) for count in (1, -1, 0, 186, -62)}
    assert said == {1: "point", -1: "point", 0: "points", 186: "points", -62: "points"}
