"""The Game contract's shared helpers (typed options) and its optional capabilities: each
protocol is answered by exactly the games that have it."""

from __future__ import annotations

import pytest

from companion.contract.game import (
    PhasedGame,
    SettledGame,
    TrickGame,
    entry_order,
    phases_of,
    settlement_of,
    typed_options,
)
from companion.contract.registry import all_games, get
from companion.contract.values import Setup, State
from companion.games.french_tarot import Options, Partnership
from tests.toys import bids_first, carried_pool, fewest_best, one_seat, suit_orders

TOYS = (one_seat.GAME, fewest_best.GAME, carried_pool.GAME, bids_first.GAME, suit_orders.GAME)


def test_typed_options_read_each_setups_house_rules() -> None:
    alone = Setup("french-tarot", tuple("ABCDE"), {"hands": 0, "partnership": "alone"})
    called = Setup("french-tarot", tuple("ABCDE"), {"hands": 0, "partnership": "called_king"})
    assert typed_options(alone, Options).partnership is Partnership.ALONE
    assert typed_options(called, Options).partnership is Partnership.CALLED_KING
    assert typed_options(called, Options).hands == 0


@pytest.mark.parametrize(
    ("capability", "slugs"),
    [
        (TrickGame, {"tantony", "toy-reds"}),
        (PhasedGame, {"anti-trump", "toy-bids"}),
        (SettledGame, {"calabrasella", "french-tarot", "maw", "skat", "troggu"}),
    ],
    ids=lambda value: getattr(value, "__name__", ""),
)
def test_each_capability_is_had_by_exactly_its_games(capability: type, slugs: set[str]) -> None:
    """Tantony's hand is entered trick by trick; the anti-trump game's bids are saved before
    play; five games settle who pays whom. Every other game and toy has none of these."""
    games = [*all_games(), *TOYS]
    assert len(games) == 17 + 5
    assert {game.slug for game in games if isinstance(game, capability)} == slugs


def test_a_game_without_phases_is_entered_in_one_phase_of_all_its_fields() -> None:
    """War is no `PhasedGame`: one phase, the whole hand, its fields in the order declared."""
    war = get("war")
    setup = Setup("war", ("A", "B"), {})
    names = tuple(spec.name for spec in war.fields(setup))
    (phase,) = phases_of(war, setup)
    assert (phase.name, phase.fields) == ("hand", names)
    assert entry_order(war, State(setup), tuple(reversed(names))) == tuple(reversed(names))
    assert settlement_of(war, State(setup)) is None


def test_a_phased_game_is_entered_in_its_own_phases() -> None:
    """The bids toy: the bids of three players, then the tricks each took."""
    setup = Setup("toy-bids", ("A", "B", "C"), {})
    phases = phases_of(bids_first.GAME, setup)
    assert [(phase.name, phase.fields) for phase in phases] == [
        ("bids", ("bid_0", "bid_1", "bid_2")),
        ("play", ("took_0", "took_1", "took_2")),
    ]
