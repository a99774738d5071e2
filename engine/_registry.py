"""The one registry of games. Built-in games are imported on first use, never silently."""

from __future__ import annotations

import importlib

from ._core import Game, UnknownGameError

# name -> module that defines ``GAME``; imported lazily so that ``import engine`` stays cheap.
_BUILTIN: dict[str, str] = {
    "galaxies": "engine.galaxies",
    "race": "engine.race",
    "sector41": "engine.sector41",
    "sol": "engine.sol",
}
_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (tests register their own small games this way)."""
    _games[game.info.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game added with ``register`` (tests clean up with this)."""
    _games.pop(name, None)


def get(name: str) -> Game:
    """The game called ``name``; UnknownGameError listing the known names otherwise."""
    if name not in _games and name in _BUILTIN:
        register(importlib.import_module(_BUILTIN[name]).GAME)
    try:
        return _games[name]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {name!r}; known games: {', '.join(names())}"
        ) from None


def names() -> list[str]:
    """Every known game name, sorted."""
    return sorted(set(_BUILTIN) | set(_games))


def games() -> list[Game]:
    """Every known game, sorted by name."""
    return [get(name) for name in names()]
