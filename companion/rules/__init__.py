"""The registry of games: each game module registers one `Game`; everything else looks it up."""

from __future__ import annotations

from companion.rules.base import Game

_GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No game is registered under that slug."""


def register(game: Game) -> Game:
    """Add a game to the registry; a second game with the same slug is a programming error."""
    if game.slug in _GAMES:
        raise ValueError(f"a game is already registered as {game.slug!r}")
    _GAMES[game.slug] = game
    return game


def get(slug: str) -> Game:
    """The game registered under `slug`."""
    try:
        return _GAMES[slug]
    except KeyError:
        raise UnknownGame(slug) from None


def all_games() -> list[Game]:
    """Every registered game, by name."""
    return sorted(_GAMES.values(), key=lambda game: game.name)


def _load_games() -> None:
    """Import the game modules so that each registers itself (kept at the bottom: no cycles)."""
    from companion.rules import (
        calabrasella,  # noqa: F401
        french_tarot,  # noqa: F401
        skat,  # noqa: F401
        tantony,  # noqa: F401
        troggu,  # noqa: F401
    )


_load_games()
