"""The pad's language: the phone's choice (a cookie), else its browser's, else English; the
switcher at the foot of each page; the pages, refusals, flashes and form labels said in it.

The French, German and Italian words asserted here are the ones written in
companion/translations/<lang>/ui.po for these messages.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.contract.values import Choice, Field, FieldKind
from companion.kit.i18n import t
from companion.web.forms import build_form
from companion.web.language import COOKIE, NEXT_LIMIT, day, lowered, strong, with_markup
from tests.web.conftest import GARDE_47, start

MINUS = "\u2212"


def text_of(response) -> str:
    return response.get_data(as_text=True)


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found, page[:200]
    return found.group(1)


# ---------------------------------------------------------------- which language


def test_without_cookie_or_browser_language_the_pad_speaks_english(client: FlaskClient) -> None:
    page = text_of(client.get("/"))
    assert html_lang(page) == "en" and "Start a new session" in page


@pytest.mark.parametrize(
    ("accept", "lang", "words"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "de", "Neue Partie beginnen"),
        ("fr-CH, fr;q=0.9", "fr", "Commencer une nouvelle partie"),
        ("it", "it", "Inizia una nuova partita"),
        # Spanish is not offered: the browser's next choice, French, is.
        ("es-ES,es;q=0.9,fr;q=0.5", "fr", "Commencer une nouvelle partie"),
        # Nothing the pad speaks but English.
        ("es-ES,pt;q=0.8", "en", "Start a new session"),
    ],
    ids=["german browser", "swiss french", "italian", "spanish then french", "only others"],
)
def test_the_browser_language_is_the_best_match(
    client: FlaskClient, accept: str, lang: str, words: str
) -> None:
    page = text_of(client.get("/", headers={"Accept-Language": accept}))
    assert html_lang(page) == lang and words in page


def test_the_phones_choice_wins_over_its_browser(client: FlaskClient) -> None:
    client.set_cookie(COOKIE, "it")
    page = text_of(client.get("/", headers={"Accept-Language": "fr"}))
    assert html_lang(page) == "it" and "Inizia una nuova partita" in page


def test_an_unknown_cookie_falls_back_to_the_browser(client: FlaskClient) -> None:
    client.set_cookie(COOKIE, "xx")
    page = text_of(client.get("/", headers={"Accept-Language": "de"}))
    assert html_lang(page) == "de"


# ---------------------------------------------------------------- the switcher


def test_the_footer_offers_every_other_language_and_marks_this_one(client: FlaskClient) -> None:
    page = text_of(client.get("/new", headers={"Accept-Language": "fr"}))
    footer = page.split('<footer class="languages"', 1)[1].split("</footer>", 1)[0]
    assert 'aria-label="Langue"' in footer
    assert '<strong lang="fr">Français</strong>' in footer
    for code, name in (("en", "English"), ("de", "Deutsch"), ("it", "Italiano")):
        assert f'href="/language/{code}?next=/new">{name}</a>' in footer


def test_choosing_a_language_sets_the_cookie_and_goes_back(client: FlaskClient) -> None:
    response = client.get("/language/de?next=/new")
    assert response.status_code == 303 and response.headers["Location"] == "/new"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=de;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = text_of(client.get("/new", headers={"Accept-Language": "fr"}))
    assert html_lang(page) == "de" and "Partie beginnen" in page


def test_an_unknown_language_is_ignored(client: FlaskClient) -> None:
    response = client.get("/language/xx?next=/new")
    assert response.status_code == 303 and response.headers["Location"] == "/new"
    assert "Set-Cookie" not in response.headers
    assert html_lang(text_of(client.get("/new"))) == "en"


def test_back_to_keeps_the_query_of_a_local_path(client: FlaskClient) -> None:
    response = client.get("/language/it", query_string={"next": "/new?game=skat&players=3"})
    assert response.headers["Location"] == "/new?game=skat&players=3"


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/x",
        "https://evil.example/",
        "/\\evil.example",
        "\\\\evil.example",
        "evil.example",
        "javascript:alert(1)",
        "/" + "a" * NEXT_LIMIT,
        "",
    ],
    ids=[
        "scheme-relative",
        "absolute",
        "backslash",
        "double backslash",
        "relative",
        "javascript",
        "over-long",
        "empty",
    ],
)
def test_choosing_goes_back_only_to_a_local_path(client: FlaskClient, target: str) -> None:
    response = client.get("/language/fr", query_string={"next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert response.headers["Set-Cookie"].startswith(f"{COOKIE}=fr;")


# ---------------------------------------------------------------- what is said in it


def test_a_refusal_is_said_beside_its_field_in_the_readers_language(client: FlaskClient) -> None:
    form = {
        "game": "french-tarot",
        "players": "4",
        "name-0": "",
        "name-1": "Bob",
        "name-2": "Bob",
        "name-3": "Dee",
    }
    response = client.post("/new", data=form, headers={"Accept-Language": "fr"})
    page = text_of(response)
    assert response.status_code == 422
    assert re.search(r'id="err-name-0">Saisissez le nom du joueur 1\.</p>', page)
    assert re.search(
        r'id="err-name-2">Bob est le même nom que celui du joueur 2\u00a0: donnez à chaque place '
        r"son propre nom\.</p>",
        page,
    )
    assert "Nombre de joueurs" in page and "Commencer la partie" in page


def test_flashes_are_said_in_the_readers_language(client: FlaskClient) -> None:
    url = start(client)
    client.set_cookie(COOKIE, "de")
    client.post(f"{url}/hands", data=GARDE_47)
    # GARDE_47: the Garde made by 6, (25 + 6) × 2 = 62 from each defender, 3 × 62 to Ann.
    assert (
        f"Runde 1 gespeichert: Ann +186, Bob {MINUS}62, Cid {MINUS}62, Dee {MINUS}62."
        in text_of(client.get(url))
    )
    client.post(f"{url}/undo", data={})
    assert "Runde 1 zurückgenommen (sie bleibt im Verlauf)." in text_of(client.get(url))


def test_a_flash_is_said_in_the_language_chosen_before_it_shows(client: FlaskClient) -> None:
    """Saved in English, shown after the phone chose German: said in German, not as it was."""
    url = start(client)
    client.post(f"{url}/hands", data=GARDE_47)  # no htmx: the flash waits for the next page
    client.get(f"/language/de?next={url}")
    # GARDE_47: the Garde made by 6, (25 + 6) × 2 = 62 from each defender, 3 × 62 to Ann.
    page = text_of(client.get(url))
    assert f"Runde 1 gespeichert: Ann +186, Bob {MINUS}62, Cid {MINUS}62, Dee {MINUS}62." in page
    assert "Hand 1 saved" not in page


def test_the_pad_and_its_summary_in_italian(client: FlaskClient) -> None:
    url = start(client)
    client.set_cookie(COOKIE, "it")
    pad = text_of(client.get(url))
    assert "Mano <strong>1</strong>" in pad and "Salva la mano 1" in pad
    assert "Ancora nessuna mano." in pad and "Termina la partita" in pad
    sheet = text_of(client.get(f"{url}/summary"))
    assert "<small>foglio dei punti</small>" in sheet and "4 giocatori · 0 mani" in sheet
    assert "Nessuna mano." in sheet and ">Stampa</button>" in sheet


def test_an_error_page_is_said_in_the_readers_language(client: FlaskClient) -> None:
    response = client.get("/s/no-such-session", headers={"Accept-Language": "fr"})
    page = text_of(response)
    assert response.status_code == 404 and "<h1>Introuvable</h1>" in page
    assert "Retour à l’accueil" in page


def test_form_choices_drawn_by_wtforms_are_said_when_the_form_is_built(app: Flask) -> None:
    """WTForms writes a drop-down's options in Python: they are said at build time."""
    suits = [t("Spades"), t("Hearts"), t("Diamonds"), t("Clubs")]
    many = (*suits, t("yes"), t("no"), t("Hand"), t("Total"), t("Print"))  # 9: a drop-down
    few = Field(
        "suit",
        t("Hand"),
        FieldKind.CHOICE,
        tuple(Choice(str(i), label) for i, label in enumerate(suits)),
    )
    long = Field(
        "word",
        t("Total"),
        FieldKind.CHOICE,
        tuple(Choice(str(i), label) for i, label in enumerate(many)),
    )
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        _, (chips, select) = build_form([few, long], ["Ann", "Bob"])
        assert [sub.label.text for sub in chips.wtf] == ["Pik", "Herz", "Karo", "Kreuz"]
        assert '<option value="8">Drucken</option>' in select.wtf()
    with app.test_request_context("/"):
        _, (chips, _select) = build_form([few, long], ["Ann", "Bob"])
        assert [sub.label.text for sub in chips.wtf] == ["Spades", "Hearts", "Diamonds", "Clubs"]


# ---------------------------------------------------------------- the templates' helpers


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("en", "hands"),
        ("fr", "donnes"),
        ("it", "mani"),
        ("de", "Runden"),  # a German noun keeps its capital in the middle of a sentence
    ],
)
def test_a_label_lowered_for_the_middle_of_a_sentence(
    app: Flask, accept: str, expected: str
) -> None:
    with app.test_request_context("/", headers={"Accept-Language": accept}):
        assert lowered(t("Hands")) == expected


def test_markup_fields_are_kept_and_every_other_field_escaped(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        shown = with_markup(t("This phone: {name}", name=strong("<b>Ann</b>")))
        assert shown == "Ce téléphone\u00a0: <strong>&lt;b&gt;Ann&lt;/b&gt;</strong>"
        plain = with_markup(t("{who} with {total}", who="<i>Bob</i>", total=3))
        assert plain == "&lt;i&gt;Bob&lt;/i&gt; avec 3"


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        # CLDR's medium date of each language: month abbreviated in French and Italian, numeric
        # in German, month first in English.
        ("en", "Nov 23, 2026"),
        ("fr", "23 nov. 2026"),
        ("de", "23.11.2026"),
        ("it", "23 nov 2026"),
    ],
)
def test_a_day_is_written_the_readers_way(app: Flask, accept: str, expected: str) -> None:
    with app.test_request_context("/", headers={"Accept-Language": accept}):
        assert day("2026-11-23T21:14:05.123456+00:00") == expected
        assert day("not a moment") == "" and day(None) == ""
