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
# What each is and how strong, as measured (200 two-player matches, seats alternating; the
# benchmark scripts in benchmarks/ and the tables in docs/benchmarks.md).
_NOTES: dict[str, str] = {
    "random": "a uniformly random legal action: the baseline every bot should beat",
    "galaxies-greedy": "one-step heuristic; 100% match score against random",
    "race-greedy": "one-step heuristic; 99% match score against random",
    "race-mcts": "flat Monte Carlo, 32 playouts a decision; 71.5% against race-greedy "
                 "(about 10 s a match)",
    "sector41-greedy": "one-step heuristic; 96% match score against random",
    "sector41-mcts": "flat Monte Carlo over greedy playouts; 95% against sector41-greedy "
                     "(about 4 s of CPU a match)",
    "sol-greedy": "one-step heuristic; 96% match score against random",
}


def builtin_names() -> list[str]:
    """Names of the reference bots."""
    return sorted(_BUILTIN)


def builtin_note(name: str) -> str:
    """What reference bot ``name`` does and how strong it measured (for ``arena bots``)."""
    builtin(name)  # the LookupError listing the names
    return _NOTES[name]


def builtin(name: str) -> type[Bot]:
    """The reference bot class called ``name``; LookupError listing the names otherwise."""
    try:
        module, _, cls = _BUILTIN[name].partition(":")
    except KeyError:
        raise LookupError(
            f"unknown built-in bot {name!r}; built-in bots: {', '.join(builtin_names())}"
        ) from None
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]
