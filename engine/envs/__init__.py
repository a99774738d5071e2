"""The researchers' door: the games as PettingZoo, Gymnasium and OpenSpiel environments,
with fixed-size observation tensors and action masks. ``docs/envs.md`` is the manual.

An optional layer: ``import engine`` never imports it, and the adapters import their
library (the ``envs`` extra: ``pip install 'space-arena[envs]'``) only when called.

- ``action_space(game)``: the game's fixed-size action space (index <-> engine action id,
  masks); ``observation_encoder(game)``: its observation tensor (``encode``, ``layout``).
- ``pettingzoo_env(game, players, **options)``: an AEC environment.
- ``gymnasium_env(game, players, opponents, **options)``: one seat learns, callables play
  the others.
- ``openspiel_game(game, players, **options)``: a ``pyspiel`` game (registered as
  ``space_arena_<game>``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ._actions import ActionSpace
from ._games import tables
from ._match import SeatedMatch, rewards
from ._policies import Policy
from ._tensor import Encoder

if TYPE_CHECKING:
    from ._gymnasium import ArenaGymEnv
    from ._pettingzoo import ArenaAECEnv

__all__ = [
    "ActionSpace",
    "Encoder",
    "Policy",
    "SeatedMatch",
    "action_space",
    "gymnasium_env",
    "observation_encoder",
    "openspiel_game",
    "pettingzoo_env",
    "rewards",
]


def action_space(game: str) -> ActionSpace:
    """The fixed-size action space of ``game``."""
    return tables(game)[0]


def observation_encoder(game: str) -> Encoder:
    """The observation-tensor encoder of ``game`` (the same size for every player count)."""
    return tables(game)[1]


def _require(module: str) -> None:
    """ImportError naming the extra to install when an adapter's library is missing."""
    try:
        importlib.import_module(module)
    except ImportError as error:
        raise ImportError(f"{error}: engine.envs needs the 'envs' extra for this adapter "
                          "(pip install 'space-arena[envs]')") from error


def pettingzoo_env(game: str, players: int, *, render_mode: str | None = None,
                   tensors: bool = True, **options: object) -> ArenaAECEnv:
    """``game`` for ``players`` seats as a PettingZoo AEC environment (``options``: the
    game's match options, checked by the engine; ``tensors=False``: masks, no tensors)."""
    _require("pettingzoo")
    from ._pettingzoo import ArenaAECEnv

    return ArenaAECEnv(game, players, options, render_mode=render_mode, tensors=tensors)


def gymnasium_env(game: str, players: int,
                  opponents: Sequence[Policy | Callable[..., int] | str] | None = None, *,
                  seat: int = 0, **options: object) -> ArenaGymEnv:
    """``game`` as a single-agent Gymnasium environment: the agent plays ``seat``, the
    ``opponents`` (one per other seat, in seat order: a ``Policy`` such as a reference bot,
    or ``"random"``; default: all random) play the rest."""
    _require("gymnasium")
    from ._gymnasium import ArenaGymEnv

    return ArenaGymEnv(game, players, opponents, seat=seat, options=options)


def openspiel_game(game: str, players: int, **options: object) -> Any:
    """``game`` for ``players`` seats as a ``pyspiel.Game`` (registers the game first)."""
    _require("pyspiel")
    from ._openspiel import load

    return load(game, players, options)
