"""The registry of games: each game module registers one `Game`; everything else looks it up.

Game modules are found, not listed: on the first look-up every module of `companion.games` is
imported once, and each game module registers its game as it is imported. Adding a game is
adding a module there. The contract never imports a game by name (the games are a layer above
it): it finds them by the package's name, at run time.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from companion.contract.game import Game, missing_declarations

_GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No game is registered under that slug."""


def register(game: Game) -> Game:
    """Add a game to the registry; a duplicate slug or a missing declaration is refused."""
    missing = missing_declarations(game)
    if missing:
        raise TypeError(f"{type(game).__name__} must declare {', '.join(missing)}")
    if game.slug in _GAMES:
        raise ValueError(f"a game is already registered as {game.slug!r}")
    _GAMES[game.slug] = game
    return game


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """A game registered for the duration of a `with` block (toy games in tests)."""
    register(game)
    try:
        yield game
    finally:
        _GAMES.pop(game.slug, None)


def get(slug: str) -> Game:
    """The game registered under `slug`."""
    load_games()
    try:
        return _GAMES[slug]
    except KeyError:
        raise UnknownGame(slug) from None


def all_games() -> list[Game]:
    """Every registered game, by name."""
    load_games()
    return sorted(_GAMES.values(), key=lambda game: game.name)


GAMES_PACKAGE = "companion.games"
_loaded: list[bool] = []
_loading = threading.RLock()  # re-entered if a game module looks a game up as it loads
"""Held while the games are imported: a thread looking a game up meanwhile waits for all of
them rather than finding the registry half filled (a 500 on a pad, a 404 on a rules page)."""


def load_games() -> None:
    """Import every module of `companion.games` once, so that each game module registers its
    game (and its trick referee). Done on first look-up, not at import: the contract may be
    imported on its own (the values) without pulling every game in. Safe when threads race
    it: the first imports them under a lock, the others wait, and the registry counts as
    filled only once every module is in (the app also fills it before its first request)."""
    if _loaded:
        return
    with _loading:
        if _loaded:
            return
        games = importlib.import_module(GAMES_PACKAGE)
        for module in pkgutil.iter_modules(games.__path__):
            if not module.name.startswith("_"):
                importlib.import_module(f"{GAMES_PACKAGE}.{module.name}")
        _loaded.append(True)


def versions() -> dict[str, int]:
    """Each registered game's scoring version (`Game.version`) by slug: what the store keeps
    beside the results it derived (`store.results.keep_versions`)."""
    return {game.slug: game.version for game in all_games()}
