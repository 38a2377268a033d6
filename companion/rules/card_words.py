"""Words about cards that several trick games say, each translatable: a rank's name ("Nine"),
its plural ("the two Sevens", "a fifth of the Kings"), and a card's name starting a sentence.

`companion.cards.card_name` names a whole card; these are the pieces the games need beside it.
"""

from __future__ import annotations

from typing import Any

from companion.cards import ACE, JACK, KING, QUEEN, TAROT_KING, TAROT_KNIGHT, TAROT_QUEEN, Card
from companion.i18n import Catalogue, Text, say, t

PIP_NAMES: dict[int, Text] = {
    ACE: t("Ace"), 2: t("Two"), 3: t("Three"), 4: t("Four"), 5: t("Five"), 6: t("Six"),
    7: t("Seven"), 8: t("Eight"), 9: t("Nine"), 10: t("Ten")}
RANK_NAMES: dict[int, Text] = {**PIP_NAMES, JACK: t("Jack"), QUEEN: t("Queen"),
                               KING: t("King")}
TAROT_RANK_NAMES: dict[int, Text] = {**PIP_NAMES, JACK: t("Jack"), TAROT_KNIGHT: t("Knight"),
                                     TAROT_QUEEN: t("Queen"), TAROT_KING: t("King")}
"""A suit card's rank in words, in the 52-card pack and in a tarot pack (Knight between Jack
and Queen)."""

PIP_PLURALS: dict[int, Text] = {
    ACE: t("Aces"), 2: t("Twos"), 3: t("Threes"), 4: t("Fours"), 5: t("Fives"), 6: t("Sixes"),
    7: t("Sevens"), 8: t("Eights"), 9: t("Nines"), 10: t("Tens")}
RANK_PLURALS: dict[int, Text] = {**PIP_PLURALS, JACK: t("Jacks"), QUEEN: t("Queens"),
                                 KING: t("Kings")}
TAROT_RANK_PLURALS: dict[int, Text] = {**PIP_PLURALS, JACK: t("Jacks"),
                                       TAROT_KNIGHT: t("Knights"), TAROT_QUEEN: t("Queens"),
                                       TAROT_KING: t("Kings")}


def rank_name(card: Card) -> Text:
    """A suit card's rank in words: "Nine", "Knight"."""
    return (TAROT_RANK_NAMES if card.tarot else RANK_NAMES)[card.rank]


def rank_plural(card: Card) -> Text:
    """A suit card's rank in the plural: "Sixes", "Knights"."""
    return (TAROT_RANK_PLURALS if card.tarot else RANK_PLURALS)[card.rank]


class Capitalised(Text):
    """Words that start a sentence ("The Nine of Hearts does not beat …"): the first letter
    capitalised in English and in every language the words are said in."""

    __slots__ = ()

    def __new__(cls, words: str) -> Capitalised:
        text = str.__new__(cls, words[:1].upper() + words[1:])
        text.template, text.params = "{words}", {"words": words}
        text.plural, text.count = None, None
        return text

    def said_in(self, catalogue: Catalogue) -> str:
        said = str(say(self.params["words"], catalogue))
        return said[:1].upper() + said[1:]

    def __reduce__(self) -> tuple[Any, ...]:
        return (Capitalised, (self.params["words"],))
