"""What is built once per table and kept: the one place the engine caches.

A table's setup never changes, and a game's entry fields, its phases and the parser prepared
for them follow from the setup alone; building them for every hand replayed (a game's fields
are a score of `Field`s with their words) costs more than reading a hand. So they are built
once per distinct (game, setup) and kept here, with `functools.lru_cache`: an equal setup
(the pad builds a new one per request) finds them built. Setup hashes by value for this.
"""

from __future__ import annotations

from functools import lru_cache

from companion.contract.game import Game, phases_of
from companion.contract.parsing import EntryReader
from companion.contract.values import Field, Phase, Setup

TABLES_KEPT = 512
"""Distinct (game, setup) pairs whose fields, phases and parser are kept (the least recently
used go first)."""


@lru_cache(maxsize=TABLES_KEPT)
def entry_fields(game: Game, setup: Setup) -> tuple[Field, ...]:
    """The fields of one hand at this table."""
    return tuple(game.fields(setup))


@lru_cache(maxsize=TABLES_KEPT)
def entry_phases(game: Game, setup: Setup) -> tuple[Phase, ...]:
    """The moments of one hand's entry at this table: a `PhasedGame`'s phases, else one phase
    of all its fields (`phases_of`)."""
    return phases_of(game, setup)


@lru_cache(maxsize=TABLES_KEPT)
def entry_reader(game: Game, setup: Setup) -> EntryReader:
    """The parser of one hand's entry at this table."""
    return EntryReader(entry_fields(game, setup), setup.player_count)
