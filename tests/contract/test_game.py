"""The Game contract's shared helpers: a reading kept between validate and score, typed options."""

from __future__ import annotations

from companion.contract.game import LastRead, typed_options
from companion.contract.values import Setup
from companion.games.french_tarot import Options, Partnership


def test_the_last_reading_is_reused_only_for_the_very_same_objects_and_detail() -> None:
    kept = LastRead()
    tricks, copy = ("a", "b"), tuple(["a", "b"])  # equal, but another object
    readings = []

    def read(name: str) -> str:
        readings.append(name)
        return name

    assert kept.get((tricks,), 1, lambda: read("first")) == "first"
    assert kept.get((tricks,), 1, lambda: read("again")) == "first"
    assert kept.get((tricks,), 2, lambda: read("other leader")) == "other leader"
    assert kept.get((copy,), 2, lambda: read("other tricks")) == "other tricks"
    assert readings == ["first", "other leader", "other tricks"]


def test_typed_options_are_read_once_per_setup() -> None:
    alone = Setup("french-tarot", tuple("ABCDE"), {"hands": 0, "partnership": "alone"})
    called = Setup("french-tarot", tuple("ABCDE"), {"hands": 0, "partnership": "called_king"})
    assert typed_options(alone, Options).partnership is Partnership.ALONE
    assert typed_options(alone, Options) is typed_options(alone, Options)
    assert typed_options(called, Options).partnership is Partnership.CALLED_KING
