"""The shared engine's, Skat's and Tantony's messages said in French, German and Italian.

Each expected sentence is the translation written in the catalogues (companion/translations/
<lang>/core.po, skat.po, tantony.po), filled with fields computed by hand from the rules.
"""

from __future__ import annotations

import pytest
from babel.support import Translations

from companion import catalogues
from companion.cards import Card, Suit, card_name
from companion.i18n import capital, t
from companion.parsing import parse_one
from companion.rules import skat
from companion.rules.tantony import _first_place
from companion.rules.values import Field, FieldKind, Setup


@pytest.fixture(scope="module")
def said():
    catalogues.compile_all()
    loaded = {lang: Translations.load(str(catalogues.TRANSLATIONS), [lang])
              for lang in ("fr", "de", "it")}
    return lambda text, lang: text.said_in(loaded[lang])


CARD_POINTS = Field("card_points", t("Card points"), FieldKind.INTEGER, minimum=0, maximum=120)


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Points de cartes : entre 0 et 120."),
    ("de", "Augen: zwischen 0 und 120."),
    ("it", "Punti carta: tra 0 e 120."),
])
def test_a_number_out_of_bounds_is_refused_in_each_language(said, lang, expected):
    # Skat's card points run 0 to 120; 121 is outside.
    _, problem = parse_one(CARD_POINTS, "121", 3)
    assert problem == "Card points must be between 0 and 120."
    assert said(problem, lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "À saisir : Points de cartes."),
    ("de", "Bitte angeben: Augen."),
    ("it", "Da inserire: Punti carta."),
])
def test_a_blank_required_field_is_named_in_each_language(said, lang, expected):
    _, problem = parse_one(CARD_POINTS, "", 3)
    assert problem == "Enter card points."
    assert said(problem, lang) == expected


@pytest.mark.parametrize(("card", "lang", "expected"), [
    (Card(Suit.CLUBS, 11), "fr", "le Valet de Trèfle"),
    (Card(Suit.CLUBS, 11), "de", "der Kreuz-Bube"),
    (Card(Suit.CLUBS, 11), "it", "il Fante di Fiori"),
    (Card(Suit.HEARTS, 12), "fr", "la Dame de Cœur"),
    (Card(Suit.HEARTS, 12), "de", "die Herz-Dame"),
    (Card(Suit.HEARTS, 12), "it", "la Donna di Cuori"),
])
def test_card_names_read_naturally(said, card, lang, expected):
    assert said(card_name(card), lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "L'As de Pique"), ("de", "Das Pik-Ass"), ("it", "L'Asso di Picche")])
def test_a_card_name_opening_a_sentence_takes_a_capital(said, lang, expected):
    assert said(capital(card_name(Card(Suit.SPADES, 1))), lang) == expected


GRAND_HAND_SCHNEIDER = {"game": "grand", "declarer": 0, "bid": 18, "matadors": 2,
                        "with_matadors": "with", "hand": True, "ouvert": False,
                        "announced": "schneider", "counted_side": "declarer",
                        "card_points": 95, "schneider": "schneider", "result": "won"}


@pytest.mark.parametrize(("lang", "expected"), [
    # ISkO: with 2, game 3, hand 4, schneider 5, schneider announced 6; Grand's base is 24.
    ("fr", "Grand Hand, Schneider annoncé: mit 2, jeu 3, Hand 4, Schneider 5, "
           "Schneider annoncé 6 → 6 × 24 = 144"),
    ("de", "Grand Hand, Schneider angesagt: mit 2, Spiel 3, Hand 4, Schneider 5, "
           "Schneider angesagt 6 → 6 × 24 = 144"),
    ("it", "Grand Hand, Schneider annunciato: mit 2, gioco 3, Hand 4, Schneider 5, "
           "Schneider annunciato 6 → 6 × 24 = 144"),
])
def test_a_skat_value_line_keeps_the_german_words(said, lang, expected):
    play = skat.read_play(GRAND_HAND_SCHNEIDER)
    line = skat.value_line(play, skat.valuation(play))
    assert line == ("Grand hand, schneider announced: with 2, game 3, hand 4, schneider 5, "
                    "schneider announced 6 → 6 × 24 = 144")
    assert said(line, lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Gagné : 95 points de cartes (61 requis)"),
    ("de", "Gewonnen: 95 Augen (61 nötig)"),
    ("it", "Vinta: 95 punti carta (61 necessari)"),
])
def test_a_skat_verdict_line(said, lang, expected):
    # 95 card points; 61 win (RULINGS.md, Skat).
    play = skat.read_play(GRAND_HAND_SCHNEIDER)
    assert said(skat.verdict_line(play, skat.valuation(play)), lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Annie et Connie se partagent la première place avec 120"),
    ("de", "Annie und Connie teilen sich den ersten Platz mit 120"),
    ("it", "Annie e Connie sono primi a pari merito con 120"),
])
def test_a_tantony_tie_for_first_place(said, lang, expected):
    setup = Setup("tantony", ("Annie", "Benny", "Connie", "Denny"),
                  {"scoring": "individual"})
    line = _first_place(setup, (0, 2), 120)
    assert line == "Annie and Connie share first place with 120"
    assert said(line, lang) == expected
