"""Tarocchini, seed 002: the Bolognese tarot for two to seven players, with the 62-card pack.

The trick referee lives here now; the score pad for Tarocchini (card points, the combinations
and the cricche: RULINGS.md "The tarot family") joins it in this module later. The text: play
"similar to the French tarot rules, including suit rankings"; the Matto (the Excuse) is the
lowest card and never wins; the Begato (trump 1) beats the Kings and the Angelo (trump 21) is
the highest card. Where it is silent, the published Bolognese game (Parlett, RULINGS.md): the
four Moretti (trumps 2–5) are equal, the later one played beating the earlier, and the Matto
always stays with its owner. The decisions: docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import ACE, PLAIN_SUITS, Card, Suit, tarot_pack
from companion.rules.referee import EXCUSE, SUIT_WORDS, TarotReferee, register_referee
from companion.tricks import RankOrder, WinBy

PIPS = (ACE, 6, 7, 8, 9, 10)
"""The text: "remove the 2-5 pip cards of all suits"."""
PACK: tuple[Card, ...] = tarot_pack(keep_pip=dict.fromkeys(PLAIN_SUITS, PIPS))
"""The 62 cards of the Tarocco Bolognese: 10 in each suit, 21 trumps and the Matto."""

BEGATO, ANGELO = 1, 21
MORETTI = (2, 3, 4, 5)
"""The text: "the Moretti, which are 2 through 5 atouts"."""
TRUMP_NAMES = {BEGATO: "the Begato", 18: "the Luna", 19: "the Sole", 20: "the Mondo",
               ANGELO: "the Angelo"}

ORDER_WORDS = {True: "red suits rank King, Queen, Knight, Jack, then the Ace, then the Six "
                     "down to the Ten",
               False: "black suits rank King, Queen, Knight, Jack, then the Ten down to the "
                      "Six, and the Ace lowest"}
"""French Tarot's suit order as written (the text: "including suit rankings"), in this pack."""


def trump_words(rank: int) -> str:
    """A trump by its Bolognese name: "the Mondo (trump 20)", "a Moretto (trump 3)"."""
    if rank in TRUMP_NAMES:
        return f"{TRUMP_NAMES[rank]} (trump {rank})"
    if rank in MORETTI:
        return f"a Moretto (trump {rank})"
    return f"trump {rank}, a numero di scavezzo"


def is_moretto(card: Card) -> bool:
    """Whether the card is one of the four Moretti, trumps 2 to 5."""
    return card.suit is Suit.TRUMP and card.rank in MORETTI


def trump_order(cards: Sequence[Card]) -> RankOrder:
    """The trumps of this trick, lowest first: the Begato, the Moretti, then 6 up to the Angelo.

    The Moretti are equal, so those played to this trick rank in play order, the later above
    the earlier (the others, not in the trick, keep their numbers below them).
    """
    played = tuple(card.rank for card in cards if is_moretto(card))
    unplayed = tuple(rank for rank in MORETTI if rank not in played)
    return RankOrder((BEGATO, *unplayed, *played, *range(6, ANGELO + 1)))


class TarocchiniReferee(TarotReferee):
    """Tarocchini's tricks: every trump over the suits, the Angelo highest, the Moretti equal
    (the later wins), French Tarot's suit order, and the Matto never wins."""

    slug = "tarocchini"
    name = "Tarocchini"
    player_counts = (2, 3, 4, 5, 6, 7)
    cards = PACK
    excuse_name = "the Matto"
    exchange = "a low card (worth 1 point)"
    to_last_winner = False



    def trump_order(self, cards: Sequence[Card]) -> RankOrder:
        """This trick's order of the trumps: the Moretti as played."""
        return trump_order(cards)

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        """Why the card won, with the trumps by their Bolognese names."""
        if by is WinBy.TRUMP:
            return self._trump_rule(card, cards)
        led = " (the Matto was led, so the next card set the suit)" if cards[0] == EXCUSE else ""
        return (f"nobody played a trump, so the highest {SUIT_WORDS[card.suit]} wins{led}; in "
                f"Tarocchini the {ORDER_WORDS[card.suit.is_red]}")

    @staticmethod
    def _trump_rule(card: Card, cards: Sequence[Card]) -> str:
        """The Angelo, the later of equal Moretti, or the highest trump played."""
        if card.rank == ANGELO:
            return "the Angelo, trump 21, is the highest card in Tarocchini"
        if is_moretto(card) and any(is_moretto(c) for c in cards[:cards.index(card)]):
            return ("in Tarocchini the four Moretti (trumps 2–5) are equal, and the later one "
                    "played beats the earlier")
        return ("in Tarocchini every trump, from the Begato (trump 1) up to the Angelo (trump "
                f"21), beats every suit card, and the highest trump played wins: "
                f"{trump_words(card.rank)}")



REFEREE = register_referee(TarocchiniReferee())
