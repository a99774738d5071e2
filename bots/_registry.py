"""The reference bots by name, as ``builtin:NAME`` on the command line."""

from __future__ import annotations

import importlib

from ._bot import Bot

# name -> "module:class"; imported on first use.
_BUILTIN: dict[str, str] = {
    "random": "bots.random_bot:RandomBot",
    "galaxies-greedy": "bots.galaxies_greedy:GalaxiesGreedyBot",
    "race-greedy": "bots.race_greedy:RaceGreedyBot",
    "race-mcts": "bots.race_mcts:RaceMctsBot",  # imports the engine: loaded only when asked
    "sector41-greedy": "bots.sector41_greedy:Sector41GreedyBot",
    "sector41-mcts": "bots.sector41_mcts:Sector41MctsBot",
    "sol-greedy": "bots.sol_greedy:SolGreedyBot",
}


def builtin_names() -> list[str]:
    """Names of the reference bots."""
    return sorted(_BUILTIN)


def builtin(name: str) -> type[Bot]:
    """The reference bot class called ``name``; LookupError listing the names otherwise."""
    try:
        module, _, cls = _BUILTIN[name].partition(":")
    except KeyError:
        raise LookupError(
            f"unknown built-in bot {name!r}; built-in bots: {', '.join(builtin_names())}"
        ) from None
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]
