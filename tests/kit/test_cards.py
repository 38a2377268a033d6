"""Cards and packs: every card reads back from its code, packs have their sizes, bouts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.kit.cards import (
    Card,
    CardError,
    Suit,
    is_bout,
    pack_32_seven_to_ace,
    pack_36_no_seven_to_ten,
    pack_39_no_hearts,
    pack_40_no_eight_to_ten,
    pack_52,
    parse,
    tarot_pack,
)

PACKS: list[tuple[str, Callable[[], tuple[Card, ...]], int]] = [
    # 13 ranks × 4 suits
    ("52", pack_52, 52),
    # Seven to Ace: 8 ranks × 4 suits
    ("32 (Skat)", pack_32_seven_to_ace, 32),
    # 52 without Seven, Eight, Nine, Ten: 9 ranks × 4 suits
    ("36 (Tantony)", pack_36_no_seven_to_ten, 36),
    # 13 ranks × 3 suits (no Hearts)
    ("39 (anti-trump)", pack_39_no_hearts, 39),
    # 52 without Eights, Nines, Tens: 10 ranks × 4 suits
    ("40 (Calabrasella)", pack_40_no_eight_to_ten, 40),
    # 14 × 4 suits + 21 trumps + the Excuse
    ("78 (tarot)", tarot_pack, 78),
]


@pytest.mark.parametrize(
    ("pack", "size"), [pytest.param(make, size, id=name) for name, make, size in PACKS]
)
def test_pack_size_and_no_duplicates(pack: Callable[[], tuple[Card, ...]], size: int) -> None:
    cards = pack()
    assert len(cards) == size
    assert len(set(cards)) == size


@pytest.mark.parametrize("pack", [pytest.param(make, id=name) for name, make, _ in PACKS])
def test_every_card_reads_back_from_its_code(pack: Callable[[], tuple[Card, ...]]) -> None:
    for card in pack():
        assert parse(card.code, tarot=card.tarot) == card
        assert parse(card.code.lower(), tarot=card.tarot) == card


def test_the_anti_trump_pack_has_no_hearts() -> None:
    assert {card.suit for card in pack_39_no_hearts()} == {Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES}


def test_a_stripped_tarot_keeps_its_courts() -> None:
    # Keeping only Ace and Ten of Spades drops 8 pips: 78 − 8 = 70.
    cards = tarot_pack({Suit.SPADES: (1, 10)})
    assert len(cards) == 70
    assert parse("CS", tarot=True) in cards


def test_codes_players_type() -> None:
    assert parse("QS") == Card(Suit.SPADES, 12)
    assert parse(" ah ") == Card(Suit.HEARTS, 1)
    assert parse("10h") == Card(Suit.HEARTS, 10)
    assert parse("21T") == Card(Suit.TRUMP, 21, tarot=True)
    assert parse("excuse") == parse("EX") == parse("fool")
    assert parse("KD", tarot=True) == Card(Suit.DIAMONDS, 14, tarot=True)


def test_a_tarot_ace_may_be_typed_as_the_texts_write_it() -> None:
    # Seed 002's tarot games write "1, or Ace" (French Tarot, Scarto, Tarocchini, Tarocchi
    # Siciliani, Tarock): "1H" is the Ace of Hearts in a tarot pack, and reads back as "AH".
    assert parse("1H", tarot=True) == parse("AH", tarot=True) == Card(Suit.HEARTS, 1, tarot=True)
    assert parse(" 1s ", tarot=True).code == "AS"


def test_cards_print_as_players_write_them() -> None:
    assert str(parse("QS")) == "Q♠"
    assert str(parse("CH", tarot=True)) == "C♥"
    assert str(parse("7T")) == "7T"
    assert str(parse("EX")) == "Excuse"


@pytest.mark.parametrize(
    "code", ["", "S", "Z", "1S", "11S", "0T", "22T", "T", "KZ", "QQ", "10", "CS", "-3H", "1.5T"]
)
def test_codes_that_name_no_card_raise(code: str) -> None:
    # "CS" is the tarot's Knight of Spades: a plain pack has no Knight.
    with pytest.raises(CardError):
        parse(code)


def test_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a trump"):
        parse("22T")


@pytest.mark.parametrize(
    ("code", "bout"),
    [
        ("1T", True),
        ("21T", True),
        ("EX", True),
        ("2T", False),
        ("20T", False),
        ("KS", False),
        ("AH", False),
    ],
)
def test_is_bout(code: str, bout: bool) -> None:
    assert is_bout(parse(code, tarot=True)) is bout


def test_the_tarot_has_three_bouts() -> None:
    assert sorted(card.code for card in tarot_pack() if is_bout(card)) == ["1T", "21T", "EX"]
