"""Cards and packs: the French-suited 52-card pack, its stripped packs, and the 78-card tarot.

A card is a frozen value: a suit and a rank. Ranks are plain numbers (Ace = 1, Jack = 11,
Knight = 12 in the tarot, Queen = 12/13, King = 13/14) with names for display; how a rank *orders*
in a trick is game data, kept in the games, never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from companion.kit.i18n import Text, t


class Suit(Enum):
    """A suit. TRUMP holds the tarot's atouts 1–21; EXCUSE holds the Excuse (the Fool) alone."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TRUMP = "T"
    EXCUSE = "X"

    # A member is only ever equal to itself, so its identity is its hash: hashed in C, for the
    # cards of every trick refereed (Enum's own hash is written in Python).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The symbol printed on a card face (♠ ♥ ♦ ♣), or a letter for tarot trumps."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and Diamonds are red; several games rank red pips differently."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.TRUMP: "T",
    Suit.EXCUSE: "★",
}

PLAIN_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

ACE = 1
JACK = 11
QUEEN = 12
KING = 13
# The tarot has a Knight between Jack and Queen, so its courts are numbered one higher.
TAROT_JACK = 11
TAROT_KNIGHT = 12
TAROT_QUEEN = 13
TAROT_KING = 14

_PLAIN_RANK_LETTERS = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K", 10: "10"}
_TAROT_RANK_LETTERS = {
    ACE: "A",
    TAROT_JACK: "J",
    TAROT_KNIGHT: "C",
    TAROT_QUEEN: "Q",
    TAROT_KING: "K",
    10: "10",
}


@dataclass(frozen=True, order=True)
class Card:
    """One card. `tarot` tells which numbering the courts use (the tarot has a Knight)."""

    suit: Suit
    rank: int
    tarot: bool = False

    def __str__(self) -> str:
        return self.label

    @cached_property  # every arithmetic line names its cards; a card never changes
    def label(self) -> str:
        """How the card is shown: "Q♥", "10♠", "21T", "Excuse"."""
        if self.suit is Suit.EXCUSE:
            return "Excuse"
        if self.suit is Suit.TRUMP:
            return f"{self.rank}T"
        letters = _TAROT_RANK_LETTERS if self.tarot else _PLAIN_RANK_LETTERS
        return f"{letters.get(self.rank, str(self.rank))}{self.suit.symbol}"

    @cached_property  # read in every trick the referee checks; a card never changes
    def code(self) -> str:
        """The ASCII code that `parse` reads back: "QS", "10H", "21T", "EX"."""
        if self.suit is Suit.EXCUSE:
            return "EX"
        if self.suit is Suit.TRUMP:
            return f"{self.rank}T"
        letters = _TAROT_RANK_LETTERS if self.tarot else _PLAIN_RANK_LETTERS
        return f"{letters.get(self.rank, str(self.rank))}{self.suit.value}"


SUIT_NAMES: dict[Suit, Text] = {
    Suit.SPADES: t("Spades"),
    Suit.HEARTS: t("Hearts"),
    Suit.DIAMONDS: t("Diamonds"),
    Suit.CLUBS: t("Clubs"),
}
"""The plain suits by name, as a card's name and a trump choice say them."""

_PIP_WORDS = {
    2: t("Two"),
    3: t("Three"),
    4: t("Four"),
    5: t("Five"),
    6: t("Six"),
    7: t("Seven"),
    8: t("Eight"),
    9: t("Nine"),
    10: t("Ten"),
}
_RANK_WORDS = {ACE: t("Ace"), JACK: t("Jack"), QUEEN: t("Queen"), KING: t("King"), **_PIP_WORDS}
_TAROT_RANK_WORDS = {
    ACE: t("Ace"),
    TAROT_JACK: t("Jack"),
    TAROT_KNIGHT: t("Knight"),
    TAROT_QUEEN: t("Queen"),
    TAROT_KING: t("King"),
    **_PIP_WORDS,
}

_PIP_PLURALS = {
    2: t("Twos"),
    3: t("Threes"),
    4: t("Fours"),
    5: t("Fives"),
    6: t("Sixes"),
    7: t("Sevens"),
    8: t("Eights"),
    9: t("Nines"),
    10: t("Tens"),
}
RANK_PLURALS = {
    ACE: t("Aces"),
    JACK: t("Jacks"),
    QUEEN: t("Queens"),
    KING: t("Kings"),
    **_PIP_PLURALS,
}
_TAROT_RANK_PLURALS = {
    ACE: t("Aces"),
    TAROT_JACK: t("Jacks"),
    TAROT_KNIGHT: t("Knights"),
    TAROT_QUEEN: t("Queens"),
    TAROT_KING: t("Kings"),
    **_PIP_PLURALS,
}
"""A plain card's rank in the plural ("the two Sevens", "a fifth of the Kings")."""

# One sentence per rank, so each language gives the rank its own article and gender ("la Dame
# de Cœur", "der Kreuz-Bube") around the suit's name.
_PIP_NAMES = {
    2: t("the Two of {suit}"),
    3: t("the Three of {suit}"),
    4: t("the Four of {suit}"),
    5: t("the Five of {suit}"),
    6: t("the Six of {suit}"),
    7: t("the Seven of {suit}"),
    8: t("the Eight of {suit}"),
    9: t("the Nine of {suit}"),
    10: t("the Ten of {suit}"),
}
_CARD_NAMES = {
    ACE: t("the Ace of {suit}"),
    JACK: t("the Jack of {suit}"),
    QUEEN: t("the Queen of {suit}"),
    KING: t("the King of {suit}"),
    **_PIP_NAMES,
}
_TAROT_CARD_NAMES = {
    ACE: t("the Ace of {suit}"),
    TAROT_JACK: t("the Jack of {suit}"),
    TAROT_KNIGHT: t("the Knight of {suit}"),
    TAROT_QUEEN: t("the Queen of {suit}"),
    TAROT_KING: t("the King of {suit}"),
    **_PIP_NAMES,
}


def card_name(card: Card) -> Text:
    """A card in words, as a referee says it: "the Jack of Clubs", "trump 21", "the Excuse"
    (`companion.kit.i18n.capital` for the start of a sentence)."""
    if card.suit is Suit.EXCUSE:
        return t("the Excuse")
    if card.suit is Suit.TRUMP:
        return t("trump {number}", number=card.rank)
    names = _TAROT_CARD_NAMES if card.tarot else _CARD_NAMES
    return Text(names[card.rank].template, {"suit": SUIT_NAMES[card.suit]})


def rank_name(card: Card) -> Text:
    """A plain card's rank in words, alone: "Jack", "Seven" (not for trumps or the Excuse)."""
    words = _TAROT_RANK_WORDS if card.tarot else _RANK_WORDS
    return words[card.rank]


def rank_plural(card: Card) -> Text:
    """A plain card's rank in the plural: "Sixes", "Knights"."""
    return (_TAROT_RANK_PLURALS if card.tarot else RANK_PLURALS)[card.rank]


class CardError(ValueError):
    """A card code that names no card."""


def parse(code: str, *, tarot: bool = False) -> Card:
    """Read a card code such as "QS", "10h", "ah", "21T" or "EX" (the Excuse). In a tarot
    pack the Ace may also be typed "1H": the tarot texts write it "1, or Ace"."""
    text = code.strip().upper()
    if text in ("EX", "EXCUSE", "FOOL"):
        return Card(Suit.EXCUSE, 0, tarot=True)
    if len(text) < 2:
        raise CardError(t("{code} is not a card", code=repr(code)))
    rank_text, suit_letter = text[:-1], text[-1]
    if suit_letter == "T":
        if rank_text.isdigit() and 1 <= int(rank_text) <= 21:
            return Card(Suit.TRUMP, int(rank_text), tarot=True)
        raise CardError(t("{code} is not a trump: trumps run 1T to 21T", code=repr(code)))
    try:
        suit = Suit(suit_letter)
    except ValueError:
        raise CardError(t("{code} has no suit: end with S, H, D or C", code=repr(code))) from None
    letters = _TAROT_RANK_LETTERS if tarot else _PLAIN_RANK_LETTERS
    by_letter = {letter: rank for rank, letter in letters.items()}
    if rank_text in by_letter:
        return Card(suit, by_letter[rank_text], tarot=tarot)
    lowest = ACE if tarot else 2  # a plain pack's Ace is only ever "A"
    if rank_text.isdigit() and lowest <= int(rank_text) <= 10:
        return Card(suit, int(rank_text), tarot=tarot)
    raise CardError(t("{code} has no rank a card can have", code=repr(code)))


def plain_pack(
    ranks: tuple[int, ...] = tuple(range(1, 14)), suits: tuple[Suit, ...] = PLAIN_SUITS
) -> tuple[Card, ...]:
    """A French-suited pack holding `ranks` in each of `suits`."""
    return tuple(Card(suit, rank) for suit in suits for rank in ranks)


def pack_52() -> tuple[Card, ...]:
    """The full 52-card pack."""
    return plain_pack()


def pack_32_seven_to_ace() -> tuple[Card, ...]:
    """The 32-card pack: Seven to Ten, the courts and the Ace in each suit (Skat's)."""
    return plain_pack((ACE, 7, 8, 9, 10, JACK, QUEEN, KING))


def pack_36_no_seven_to_ten() -> tuple[Card, ...]:
    """The 36-card pack: the 52 without Sevens, Eights, Nines and Tens (three-player Tantony)."""
    return plain_pack((ACE, 2, 3, 4, 5, 6, JACK, QUEEN, KING))


def pack_39_no_hearts() -> tuple[Card, ...]:
    """The 39-card pack: Diamonds, Clubs and Spades, 13 each (the anti-trump game)."""
    return plain_pack(suits=(Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES))


def pack_40_no_eight_to_ten() -> tuple[Card, ...]:
    """The 40-card pack: the 52 without Eights, Nines and Tens (Calabrasella)."""
    return plain_pack((ACE, 2, 3, 4, 5, 6, 7, JACK, QUEEN, KING))


def tarot_pack(keep_pip: dict[Suit, tuple[int, ...]] | None = None) -> tuple[Card, ...]:
    """The 78-card tarot: 21 trumps, the Excuse, and 14 cards in each plain suit.

    `keep_pip` strips a pack: for each suit it names, only those pip ranks (Ace–10) stay;
    courts always stay.
    """
    courts = (TAROT_JACK, TAROT_KNIGHT, TAROT_QUEEN, TAROT_KING)
    cards: list[Card] = []
    for suit in PLAIN_SUITS:
        pips = keep_pip.get(suit, tuple(range(1, 11))) if keep_pip else tuple(range(1, 11))
        cards.extend(Card(suit, rank, tarot=True) for rank in (*pips, *courts))
    cards.extend(Card(Suit.TRUMP, rank, tarot=True) for rank in range(1, 22))
    cards.append(Card(Suit.EXCUSE, 0, tarot=True))
    return tuple(cards)


def is_bout(card: Card) -> bool:
    """The three oudlers/bouts of the tarot: trump 1 (the Petit), trump 21, and the Excuse."""
    return card.suit is Suit.EXCUSE or (card.suit is Suit.TRUMP and card.rank in (1, 21))
