"""The shared engine's, Skat's and Tantony's messages said in French, German and Italian.

Each expected sentence is the translation written in the catalogues (companion/translations/
<lang>/core.po, skat.po, tantony.po), filled with fields computed by hand from the rules.
"""

from __future__ import annotations

import pytest

from companion.contract.parsing import parse_one
from companion.contract.referee import read_trick_cards
from companion.contract.values import Field, FieldKind, Setup
from companion.games import skat
from companion.games.tantony import FOUR_PLAYERS, _first_place, read_cards
from companion.kit import settlement
from companion.kit.cards import Card, Suit, card_name
from companion.kit.i18n import capital, t


@pytest.fixture(scope="module")
def said(compiled_catalogues):
    return lambda text, lang: text.said_in(compiled_catalogues[lang])


CARD_POINTS = Field("card_points", t("Card points"), FieldKind.INTEGER, minimum=0, maximum=120)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "Points des cartes : entre 0 et 120."),
        ("de", "Kartenpunkte: zwischen 0 und 120."),  # one word for "Card points" in every game
        ("it", "Punti carta: tra 0 e 120."),
    ],
)
def test_a_number_out_of_bounds_is_refused_in_each_language(said, lang, expected):
    # Skat's card points run 0 to 120; 121 is outside.
    _, problem = parse_one(CARD_POINTS, "121", 3)
    assert problem == "Card points must be between 0 and 120."
    assert said(problem, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "À saisir : Points des cartes."),
        ("de", "Bitte angeben: Kartenpunkte."),
        ("it", "Da inserire: Punti carta."),
    ],
)
def test_a_blank_required_field_is_named_in_each_language(said, lang, expected):
    _, problem = parse_one(CARD_POINTS, "", 3)
    assert problem == "Enter card points."
    assert said(problem, lang) == expected


DEES_COUNT = Field(
    "count_3", t("{name}'s count", name="Dee"), FieldKind.INTEGER, minimum=0, maximum=70
)
D_COUNT = Field("count_3", t("{name}'s count", name="D"), FieldKind.INTEGER, minimum=0, maximum=70)


@pytest.mark.parametrize(
    ("field", "lang", "expected"),
    [
        # The label is a player's name then words: the name keeps its capital in every language
        # (core.po: "Enter {field}." and "{name}'s count").
        (DEES_COUNT, "en", "Enter Dee's count."),
        (D_COUNT, "en", "Enter D's count."),
        (DEES_COUNT, "fr", "À saisir : Compte de Dee."),
        (D_COUNT, "de", "Bitte angeben: Zählung von D."),
        (D_COUNT, "it", "Da inserire: Conteggio di D."),
    ],
)
def test_a_blank_field_named_after_a_player_keeps_the_name_as_written(said, field, lang, expected):
    _, problem = parse_one(field, "", 4)
    assert (problem if lang == "en" else said(problem, lang)) == expected


@pytest.mark.parametrize(
    ("card", "lang", "expected"),
    [
        (Card(Suit.CLUBS, 11), "fr", "le Valet de Trèfle"),
        (Card(Suit.CLUBS, 11), "de", "der Kreuz-Bube"),
        (Card(Suit.CLUBS, 11), "it", "il Fante di Fiori"),
        (Card(Suit.HEARTS, 12), "fr", "la Dame de Cœur"),
        (Card(Suit.HEARTS, 12), "de", "die Herz-Dame"),
        (Card(Suit.HEARTS, 12), "it", "la Donna di Cuori"),
    ],
)
def test_card_names_read_naturally(said, card, lang, expected):
    assert said(card_name(card), lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("fr", "L'As de Pique"), ("de", "Das Pik-Ass"), ("it", "L'Asso di Picche")],
)
def test_a_card_name_opening_a_sentence_takes_a_capital(said, lang, expected):
    assert said(capital(card_name(Card(Suit.SPADES, 1))), lang) == expected


GRAND_HAND_SCHNEIDER = {
    "game": "grand",
    "declarer": 0,
    "bid": 18,
    "matadors": 2,
    "with_matadors": "with",
    "hand": True,
    "ouvert": False,
    "announced": "schneider",
    "counted_side": "declarer",
    "card_points": 95,
    "schneider": "schneider",
    "result": "won",
}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        # ISkO: with 2, game 3, hand 4, schneider 5, schneider announced 6; Grand's base is 24.
        (
            "fr",
            "Grand Hand, Schneider annoncé: mit 2, jeu 3, Hand 4, Schneider 5, "
            "Schneider annoncé 6 → 6 × 24 = 144",
        ),
        (
            "de",
            "Grand Hand, Schneider angesagt: mit 2, Spiel 3, Hand 4, Schneider 5, "
            "Schneider angesagt 6 → 6 × 24 = 144",
        ),
        (
            "it",
            "Grand Hand, Schneider annunciato: mit 2, gioco 3, Hand 4, Schneider 5, "
            "Schneider annunciato 6 → 6 × 24 = 144",
        ),
    ],
)
def test_a_skat_value_line_keeps_the_german_words(said, lang, expected):
    play = skat.read_play(GRAND_HAND_SCHNEIDER)
    line = skat.value_line(play, skat.valuation(play))
    assert line == (
        "Grand hand, schneider announced: with 2, game 3, hand 4, schneider 5, "
        "schneider announced 6 → 6 × 24 = 144"
    )
    assert said(line, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "Gagné : 95 points de cartes (61 requis)"),
        ("de", "Gewonnen: 95 Augen (61 nötig)"),
        ("it", "Vinto: 95 punti carta (61 necessari)"),
    ],
)
def test_a_skat_verdict_line(said, lang, expected):
    # 95 card points; 61 win (docs/rulings.md, Skat).
    play = skat.read_play(GRAND_HAND_SCHNEIDER)
    assert said(skat.verdict_line(play, skat.valuation(play)), lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "Annie et Connie partagent la première place avec 120"),
        ("de", "Annie und Connie teilen sich den ersten Platz mit 120"),
        ("it", "Annie e Connie condividono il primo posto con 120"),
    ],
)
def test_a_tantony_tie_for_first_place(said, lang, expected):
    setup = Setup("tantony", ("Annie", "Benny", "Connie", "Denny"), {"scoring": "individual"})
    line = _first_place(setup, (0, 2), 120)
    assert line == "Annie and Connie share first place with 120"
    assert said(line, lang) == expected


# ---------------------------------------------------------------- counts (every plural form)


@pytest.mark.parametrize(
    ("cents", "lang", "expected"),
    [
        (1, "fr", "À 1 centime le point."),
        (3, "fr", "À 3 centimes le point."),
        (1, "de", "1 Cent pro Punkt."),
        (3, "de", "3 Cent pro Punkt."),
        (1, "it", "A 1 centesimo al punto."),
        (3, "it", "A 3 centesimi al punto."),
    ],
)
def test_a_stake_per_point_is_counted_in_each_language(said, cents, lang, expected):
    # A Skat list played for money at `cents` a point (settle_list's stake).
    rate = settlement.settle_list([10, 0, 0], cents).rate
    assert rate == (f"At {cents} cent a point." if cents == 1 else f"At {cents} cents a point.")
    assert said(rate, lang) == expected


@pytest.mark.parametrize(
    ("cards", "lang", "expected"),
    [
        (["JC"], "fr", "1 carte donnée ; un pli de Skat à 3 joueurs en a 3."),
        (["JC", "JS"], "fr", "2 cartes données ; un pli de Skat à 3 joueurs en a 3."),
        (["JC"], "de", "1 Karte angegeben; ein Stich bei Skat zu 3 Spielern hat 3."),
        (["JC", "JS"], "de", "2 Karten angegeben; ein Stich bei Skat zu 3 Spielern hat 3."),
        (["JC"], "it", "1 carta indicata; una presa di Skat in 3 giocatori ne ha 3."),
        (["JC", "JS"], "it", "2 carte indicate; una presa di Skat in 3 giocatori ne ha 3."),
    ],
)
def test_a_short_skat_trick_is_refused_in_each_language(said, cards, lang, expected):
    # A Skat trick holds 3 cards, one from each player in the game (the dealer at four sits out).
    _, problems = read_trick_cards(skat.REFEREE, 3, {}, cards)
    assert len(problems) == 1
    assert said(problems[0].message, lang) == expected


@pytest.mark.parametrize(
    ("tokens", "lang", "expected"),
    [
        (["2S"], "fr", "1 carte saisie ; chacun des 4 joueurs joue une carte."),
        (["2S", "3S", "4S"], "fr", "3 cartes saisies ; chacun des 4 joueurs joue une carte."),
        (["2S"], "de", "1 Karte eingegeben; jeder der 4 Spieler spielt eine Karte."),
        (["2S", "3S", "4S"], "de", "3 Karten eingegeben; jeder der 4 Spieler spielt eine Karte."),
        (["2S"], "it", "1 carta inserita; ognuno dei 4 giocatori gioca una carta."),
        (["2S", "3S", "4S"], "it", "3 carte inserite; ognuno dei 4 giocatori gioca una carta."),
    ],
)
def test_a_tantony_trick_short_of_cards_is_counted_in_each_language(said, tokens, lang, expected):
    # Four-player Tantony: each of the four players plays one card to a trick.
    _, problem = read_cards(tokens, FOUR_PLAYERS, 4)
    assert problem is not None
    assert said(problem, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "fr",
            "Annie a 25 points de cartes, 30 ou moins : Annie est Schneider. Choisissez "
            "Schneider (ou Schwarz si Annie n'a fait aucun pli).",
        ),
        (
            "de",
            "Annie hat 25 Augen, 30 oder weniger: Annie ist Schneider. Schneider wählen "
            "(oder Schwarz, wenn Annie keinen Stich gemacht hat).",
        ),
        (
            "it",
            "Annie ha 25 punti carta, 30 o meno: Annie è Schneider. Scegli Schneider "
            "(o Schwarz se Annie non ha fatto prese).",
        ),
    ],
)
def test_a_skat_schneider_refusal_keeps_the_german_words(said, lang, expected):
    # 25 card points is 30 or fewer: the declarer is schneider (docs/rulings.md, Skat), not marked.
    entry = {
        **GRAND_HAND_SCHNEIDER,
        "announced": "none",
        "card_points": 25,
        "schneider": "none",
        "result": "lost",
    }
    setup = Setup("skat", ("Annie", "Benny", "Connie"), {})
    problems = skat.schneider_problems(setup, skat.read_play(entry))
    assert [p.field for p in problems] == ["schneider"]
    assert said(problems[0].message, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"), [("fr", "Points des cartes"), ("de", "Augen"), ("it", "Punti carta")]
)
def test_skat_says_card_points_in_its_own_words(said, lang, expected):
    # German Skat players count "Augen"; the common label elsewhere is "Kartenpunkte".
    from companion.contract.registry import get
    from companion.engine.replay import make_setup

    setup, _ = make_setup("skat", ["Ann", "Bob", "Cat"])
    label = next(spec.label for spec in get("skat").fields(setup) if spec.name == "card_points")
    assert said(label, lang) == expected
    assert said(t("Card points"), "de") == "Kartenpunkte"
