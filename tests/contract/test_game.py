"""The Game contract's shared helpers: typed options."""

from __future__ import annotations

from companion.contract.game import typed_options
from companion.contract.values import Setup
from companion.games.french_tarot import Options, Partnership


def test_typed_options_read_each_setups_house_rules() -> None:
    alone = Setup("french-tarot", tuple("ABCDE"), {"hands": 0, "partnership": "alone"})
    called = Setup("french-tarot", tuple("ABCDE"), {"hands": 0, "partnership": "called_king"})
    assert typed_options(alone, Options).partnership is Partnership.ALONE
    assert typed_options(called, Options).partnership is Partnership.CALLED_KING
    assert typed_options(called, Options).hands == 0
