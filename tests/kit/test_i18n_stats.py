"""The roster, the statistics and the charts said in French, German and Italian through the
compiled catalogues (companion/translations/<lang>/stats.po), word for word as translated there,
and the pages drawn in the browser's language."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from babel.support import Translations
from flask.testing import FlaskClient

from companion.contract.registry import get
from companion.engine.charts import session_chart
from companion.engine.stats import Figure, own_figures
from companion.kit.i18n import say, tn
from companion.store import Player, SatTogether, SessionRecord
from companion.web.players import stale_words, taken_words, together_words
from companion.web.stats import DayRange
from tests.engine.test_stats import SESSION_B
from tests.web.conftest import GARDE_47, phone_app, start
from tests.web.test_players import players
from tests.web.test_stats_pages import text

NBSP = "\u00a0"  # French writes a no-break space before a colon (as ui.po does)
ANN, BOB = Player(1, "Ann", 1), Player(2, "Bob", 1)


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    """A phone on a pad of its own (as tests/web/conftest.py makes them)."""
    return phone_app(
        {"DATABASE": str(tmp_path / "pad.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False}
    ).test_client()


@pytest.fixture(scope="module")
def said(compiled_catalogues: dict[str, Translations]) -> dict[str, Translations]:
    return compiled_catalogues


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("fr", "1 partie", "3 parties"),
        ("de", "1 Partie", "3 Partien"),
        ("it", "1 partita", "3 partite"),
    ],
)
def test_sessions_are_counted_in_each_language(
    said: dict[str, Translations], language: str, one: str, three: str
) -> None:
    catalogue = said[language]
    assert tn("{count} session", "{count} sessions", 1).said_in(catalogue) == one
    assert tn("{count} session", "{count} sessions", 3).said_in(catalogue) == three


@pytest.mark.parametrize(
    ("language", "range_words", "figure"),
    [
        ("fr", "les parties du 2026-01-01 au 2026-12-31", "2 sur 3"),
        ("de", "die Partien vom 2026-01-01 bis 2026-12-31", "2 von 3"),
        ("it", "le partite dal 2026-01-01 al 2026-12-31", "2 su 3"),
    ],
)
def test_the_range_and_a_figure_in_each_language(
    said: dict[str, Translations], language: str, range_words: str, figure: str
) -> None:
    catalogue = said[language]
    days = DayRange(date(2026, 1, 1), date(2026, 12, 31))
    assert say(days.words, catalogue) == range_words
    # A contract made twice out of three times taken.
    assert say(Figure("Garde", 2, 3).text, catalogue) == figure


@pytest.mark.parametrize(
    ("language", "headings"),
    [
        ("fr", ["Rappen gagnés", "Rappen payés"]),
        ("de", ["Rappen gewonnen", "Rappen bezahlt"]),
        ("it", ["Rappen vinti", "Rappen pagati"]),
    ],
)
def test_troggu_figures_keep_the_rappen(
    said: dict[str, Translations], language: str, headings: list[str]
) -> None:
    figures = own_figures("troggu", {"won": 30, "paid": 20}, 2)
    assert [say(figure.heading, said[language]) for figure in figures] == headings


@pytest.mark.parametrize(
    ("language", "titles"),
    [
        # Session B (tests/engine/test_stats.py): Ann +52 then −180, running 52 and −128.
        ("fr", [f"Ann après la donne 1{NBSP}: 52", f"Ann après la donne 2{NBSP}: −128"]),
        ("de", ["Ann nach Runde 1: 52", "Ann nach Runde 2: −128"]),
        ("it", ["Ann dopo la mano 1: 52", "Ann dopo la mano 2: −128"]),
    ],
)
def test_the_chart_points_in_each_language(
    said: dict[str, Translations], language: str, titles: list[str]
) -> None:
    catalogue = said[language]
    svg = session_chart(SESSION_B.state, lambda message: say(message, catalogue))
    assert re.findall(r"<title>(Ann [^<]*)</title>", svg) == titles


@pytest.mark.parametrize(
    ("language", "stale", "taken", "together"),
    [
        (
            "fr",
            f"Ce joueur a été renommé ou fusionné sur un autre téléphone après l’ouverture de cette "
            f"page (maintenant{NBSP}: Ann), donc rien n’a été changé. Votre nom est gardé ici{NBSP}: "
            "enregistrez à nouveau pour l’appliquer.",
            f"Anne désigne déjà Ann{NBSP}: si c’est la même personne, fusionnez-les plutôt.",
            "Ann et Bob ont joué dans la même partie ({game}, 2026-02-05) et dans 2 autres"
            + NBSP
            + ": ce sont deux personnes, ils ne peuvent donc pas être fusionnés.",
        ),
        (
            "de",
            "Dieser Spieler wurde nach dem Öffnen dieser Seite auf einem anderen Handy umbenannt oder "
            "zusammengeführt (jetzt: Ann), daher wurde nichts geändert. Der eingegebene Name bleibt "
            "hier stehen: erneut speichern, um ihn zu übernehmen.",
            "Anne ist schon ein Name von Ann: Ist es dieselbe Person, stattdessen zusammenführen.",
            "Ann und Bob saßen in derselben Partie ({game}, 2026-02-05) und in 2 weiteren: Es sind zwei "
            "Personen, sie können also nicht zusammengeführt werden.",
        ),
        (
            "it",
            "Questo giocatore è stato rinominato o unito su un altro telefono dopo l’apertura di questa "
            "pagina (ora: Ann), quindi non è cambiato nulla. Il nome scritto resta qui: salva di nuovo "
            "per applicarlo.",
            "Anne è già un nome di Ann: se sono la stessa persona, uniscili invece.",
            "Ann e Bob hanno giocato nella stessa partita ({game}, 2026-02-05) e in altre 2: sono due "
            "persone, quindi non si possono unire.",
        ),
    ],
)
def test_the_roster_refusals_in_each_language(
    said: dict[str, Translations], language: str, stale: str, taken: str, together: str
) -> None:
    catalogue = said[language]
    # Three sessions shared: the first is named, "and 2 more".
    shared = tuple(
        SessionRecord(token, SESSION_B.setup, "2026-02-05T20:00:00.000+00:00", None, ())
        for token in ("a", "b", "c")
    )
    assert say(stale_words(ANN), catalogue) == stale
    assert say(taken_words("Anne", ANN), catalogue) == taken
    # The game's name is its own module's word, said in the language by its part.
    game = say(get("french-tarot").name, catalogue)
    assert say(together_words(ANN, BOB, SatTogether(shared)), catalogue) == together.format(
        game=game
    )


def test_the_statistics_page_in_french(client: FlaskClient) -> None:
    url = start(client)
    for _ in range(2):
        assert client.post(f"{url}/hands", data=GARDE_47).status_code == 303
    page = client.get("/stats/game/french-tarot", headers={"Accept-Language": "fr"})
    words = text(page.get_data(as_text=True))
    # Ann's two gardes (tests/web/test_stats_pages.py): one session of two hands, Ann +186 a hand.
    assert "1 partie, 2 donnes" in words
    assert "Joueur Parties Gagné Donnes Par donne Meilleure donne Pire donne" in words
    assert "Ann 1 1 2 186 +186 donne 1," in words
    assert "Contrats réussis sur ceux pris" in words and "Ann — 2 sur 2 — —" in words


def test_the_roster_and_its_flash_in_french(client: FlaskClient) -> None:
    start(client)
    french = {"Accept-Language": "fr"}
    ann, version = players(client)["Ann"]
    html = client.get(f"/players?edit={ann}", headers=french).get_data(as_text=True)
    assert "Renommer ou fusionner" in html and "Même personne que" in html
    assert "1 partie<" in html
    renamed = client.post(
        f"/players/{ann}/rename",
        headers=french,
        data={"name": "Anne", "version": str(version)},
        follow_redirects=True,
    )
    assert (
        "Ann s’appelle maintenant Anne. Les parties déjà jouées gardent les noms tels que saisis."
    ) in renamed.get_data(as_text=True)
