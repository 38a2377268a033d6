"""Every word a page shows goes through the catalogues: none is left in English by accident.

The pages are drawn with a pseudo-language whose catalogue writes every message inside
⟦ ⟧. Any text left outside the brackets — in the page's text, its tooltips, aria-labels,
placeholders and button values — was never marked for translation (or was glued together from
messages in a way that loses them). Player names, numbers, card faces and the language names of
the switcher are the only words allowed outside. Every game is drawn: its new-session page, its
pad with hands saved (imported from an export), a refused entry, the summary and the history.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.contract.game import Game
from companion.contract.registry import all_games
from companion.kit.i18n import LANGUAGES
from tests.web.test_transfer import a_session_of, upload

OPEN, CLOSE = "⟦", "⟧"
INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
NAMES = (
    {f"P{seat}" for seat in range(1, 11)}
    | set(LANGUAGES.values())
    | {"Table Companion"}
    | {"Ann", "Bob"}  # the example team in the new-session help, "Ann & Bob"
    # Tarocchini's cards by their own Italian names, the same in every language
    | {"Matto", "Begato", "Angelo", "Mondo", "Sole", "Luna"}
)
CARD_FACE = re.compile(r"(?:10|[2-9AKQJ]|[0-9]{1,2})[♠♥♦♣]")
CARD_CODE = re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b")  # a card as typed: "QS", "10H"
MONTHS = re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b")
"""Dates are written by Flask-Babel from the locale's own data (CLDR), not the catalogues:
the pseudo-language is English underneath, so its dates are."""
PART = "\u2063"  # between two pieces of text: a message may run across markup
LETTERS = re.compile(r"[^\W\d_]{2,}")
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
HIDDEN_TAGS = ("script", "style")


class Brackets:
    """The pseudo-language: every message inside brackets, its fields filled in as they are."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"{OPEN}{singular if n == 1 else plural}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


class ShownText(HTMLParser):
    """The text a reader sees in a page, and the attributes a reader hears or hovers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0
        self.untranslated: list[str] = []  # the open tags whose text is not words

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # Not words at all: a script, a style, or what the page marks translate="no" (an
        # address written out under a QR code).
        if tag in HIDDEN_TAGS or values.get("translate") == "no":
            self.hidden += 1
            self.untranslated.append(tag)
        self.parts.extend(value for name, value in attrs if name in SHOWN_ATTRIBUTES and value)
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(values["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if self.untranslated and self.untranslated[-1] == tag:
            self.untranslated.pop()
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.parts.append(data)


def untranslated(html: str) -> list[str]:
    """The words of a page that no catalogue message carried.

    The page's pieces of text are joined first, so a message whose field is markup ("Hand
    <strong>2</strong>") is read whole; each piece left with a word outside every bracket is
    reported."""
    reader = ShownText()
    reader.feed(html)
    whole = PART.join(reader.parts)
    while INNERMOST.search(whole):
        whole = INNERMOST.sub(lambda found: PART * found.group().count(PART) + " ", whole)
    left: list[str] = []
    for outside, part in zip(whole.split(PART), reader.parts, strict=True):
        outside = MONTHS.sub(" ", CARD_CODE.sub(" ", CARD_FACE.sub(" ", outside)))
        words = [
            word
            for word in LETTERS.findall(outside)
            if word not in NAMES and not any(word in name for name in NAMES)
        ]
        if words:
            left.append(part.strip()[:120])
    return left


@pytest.fixture
def pseudo_app(app: Flask) -> Flask:
    app.config["TEST_CATALOGUE"] = Brackets()
    return app


@pytest.fixture
def pseudo_client(pseudo_app: Flask) -> FlaskClient:
    return pseudo_app.test_client()


def pages_of(client: FlaskClient, game: Game) -> dict[str, str]:
    """A game's pages as a player meets them, by name."""
    document, _totals = a_session_of(game)
    made = upload(client, document)
    assert made.status_code == 303, made.get_data(as_text=True)
    pad = made.headers["Location"]
    refused = client.post(
        f"{pad}/hands",
        data={
            "expected_number": str(len(document["hands"]) + 1),
            **{key: "999999" for key in ("points", "tricks", "taker", "winner")},
        },
    )
    pages = {
        "new": client.get(f"/new?game={game.slug}").get_data(as_text=True),
        "pad": client.get(pad).get_data(as_text=True),
        "summary": client.get(f"{pad}/summary").get_data(as_text=True),
        "history": client.get(f"{pad}/history").get_data(as_text=True),
    }
    if refused.status_code < 300 or refused.status_code >= 400:  # a redirect is no page
        pages["refused"] = refused.get_data(as_text=True)
    return pages


def test_the_home_and_import_pages_are_all_messages(pseudo_client: FlaskClient) -> None:
    for path in ("/", "/import", "/new"):
        assert untranslated(pseudo_client.get(path).get_data(as_text=True)) == [], path


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_page_of_a_game_is_all_messages(pseudo_client: FlaskClient, game: Game) -> None:
    left = {
        name: words
        for name, html in pages_of(pseudo_client, game).items()
        if (words := untranslated(html))
    }
    assert left == {}, left


def test_the_check_itself_finds_a_word_left_in_english() -> None:
    assert untranslated("<p>⟦Hand 3⟧ · P1</p>") == []
    assert untranslated('<p>⟦Hand {n}⟧</p><button title="Undo">↶</button>') == ["Undo"]
    assert untranslated("<p>⟦Ann takes ⟦a garde⟧⟧ K♠ 10♥ +31</p>") == []
    assert untranslated("<p>Total ⟦points⟧</p><script>var x = 'Hello';</script>") == [
        "Total ⟦points⟧"
    ]
    # a message with markup inside it is read whole; the words after it are not
    assert untranslated("<p>⟦Hand <strong>2</strong> saved⟧ Undo</p>") == ["saved⟧ Undo"]
    assert untranslated("<p>⟦Started Nov 23, 2026⟧ QS 10H</p>") == []


GAMES_WITH_OWN_FIGURES = ("french-tarot", "skat", "tantony", "troggu")
"""The games whose statistics pages add a table of their own (companion.engine.stats.OWN_COUNTS)."""


def roster_and_stats_of(client: FlaskClient, game: Game) -> dict[str, str]:
    """The roster, the statistics pages and the session's chart once a session of the game is
    saved (with its hands), by name."""
    pages_of(client, game)
    overview = client.get("/stats").get_data(as_text=True)
    player = re.search(r'href="/stats/player/(\d+)"', overview)
    pad = re.search(r'href="(/s/[A-Za-z0-9_-]+)', client.get("/").get_data(as_text=True))
    assert player and pad, "the session is counted and listed on this phone"
    return {
        "roster": client.get("/players").get_data(as_text=True),
        "overview": overview,
        "game": client.get(f"/stats/game/{game.slug}").get_data(as_text=True),
        "player": client.get(f"/stats/player/{player.group(1)}").get_data(as_text=True),
        "chart": client.get(f"{pad.group(1)}/chart").get_data(as_text=True),
        "chart fold": client.get(f"{pad.group(1)}/chart", headers={"HX-Request": "true"}).get_data(
            as_text=True
        ),
    }


@pytest.mark.parametrize("slug", (*GAMES_WITH_OWN_FIGURES, "whist"))
def test_the_roster_and_the_statistics_are_all_messages(
    pseudo_client: FlaskClient, slug: str
) -> None:
    game = next(game for game in all_games() if game.slug == slug)
    left = {
        name: words
        for name, html in roster_and_stats_of(pseudo_client, game).items()
        if (words := untranslated(html))
    }
    assert left == {}, left
