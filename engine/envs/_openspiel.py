"""The games as OpenSpiel Python games: ``space_arena_<game>`` registered with ``pyspiel``.

Each game type is sequential (simultaneous choices are taken one seat after another, blind,
as in ``SeatedMatch``), imperfect-information, zero-sum with terminal rewards
(``engine.envs.rewards``), and of sampled chance: the engine draws its own randomness from
the match seed, which the game draws from its ``seed`` parameter, so there are no chance
nodes. Parameters: ``players`` and the game's match options. ``resample_from_infostate``
draws the hidden parts with the determinizers of ``_determinize`` (IS-MCTS needs it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from .. import _registry
from ._determinize import resample
from ._match import SeatedMatch

PREFIX = "space_arena_"
#: An upper bound on a match's moves, for ``GameInfo`` (the turn limits end every match
#: long before: a random Sol match, the longest, takes some 3 000).
MAX_GAME_LENGTH = 1_000_000


def load(game: str, players: int, options: Mapping[str, object]) -> Any:
    """The pyspiel game of ``game`` for ``players`` seats with these match options."""
    name = register(game)
    return pyspiel.load_game(name, {"players": players, **options})


def register(game: str) -> str:
    """Register ``game`` with pyspiel once; returns its registered name."""
    name = PREFIX + game
    if name in pyspiel.registered_names():
        return name
    meta = _registry.get(game).info
    params: dict[str, Any] = {"players": meta.min_players, "seed": 0}
    params.update({spec.name: spec.default for spec in meta.options})
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"Space Arena: {meta.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=meta.max_players,
        min_num_players=meta.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )

    # A class, not a closure: the registry keeps its creator until the process ends, and a
    # function released there (after Python's own shutdown) aborts the process; a class,
    # which refers to itself, is never released.
    creator = type(f"ArenaGame_{game}", (ArenaGame,), {"game_name": game, "game_type": game_type})
    pyspiel.register_game(game_type, creator)
    return name


class ArenaGame(pyspiel.Game):  # type: ignore[misc]
    """One of the arena's games, for one player count and set of options."""

    game_name: str  # set by ``register`` on a subclass per game
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game, game_type, params = self.game_name, self.game_type, dict(params or {})
        defaults = game_type.parameter_specification
        full = {key: params.get(key, value) for key, value in defaults.items()}
        players = int(full["players"])
        options = {k: v for k, v in full.items() if k not in ("players", "seed")}
        probe = SeatedMatch(game, players, options, 0)  # checks the players and options
        # (pyspiel's object is set up before any attribute of ours is)
        super().__init__(game_type, pyspiel.GameInfo(
            num_distinct_actions=probe.space.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        ), full)
        self.game, self.players, self.options = game, players, options
        self.encoder, self.space = probe.encoder, probe.space
        self._seeds = random.Random(int(full["seed"]))

    def new_initial_state(self) -> ArenaState:
        """A new match, its engine seed drawn from the game's ``seed`` parameter."""
        match = SeatedMatch(self.game, self.players, self.options, self._seeds.getrandbits(63))
        return ArenaState(self, match)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of an information state (perfect recall) or an observation."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return _Observer(self.encoder.size, self.space.size,
                         bool(iig_obs_type is not None and iig_obs_type.perfect_recall))

    def draw_seed(self) -> int:
        """A seed for a resampling (from the game's own generator)."""
        return self._seeds.getrandbits(63)


class ArenaState(pyspiel.State):  # type: ignore[misc]
    """A match in progress: ``match`` is the seated match, ``match.state`` the engine's."""

    def __init__(self, game: ArenaGame, match: SeatedMatch,
                 own: list[list[int]] | None = None) -> None:
        super().__init__(game)
        self.match = match
        # each seat's own moves (indices), for its information state
        self.own = own if own is not None else [[] for _ in range(match.players)]

    def current_player(self) -> int:
        """The seat to move, or TERMINAL."""
        seat = self.match.current()
        return int(pyspiel.PlayerId.TERMINAL) if seat < 0 else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.match.current():
            return []
        return self.match.legal_indices()

    def _apply_action(self, action: int) -> None:
        self.own[self.match.current()].append(int(action))
        self.match.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        match = self.match
        if player == match.current():
            decision = match.decision()
            for a, index in zip(decision.legal, match.space.indices(decision.legal),
                                strict=True):
                if index == action:
                    return f"{action}: {a.text}"
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the match has ended."""
        return self.match.is_over()

    def returns(self) -> list[float]:
        """The seats' rewards (0 until the end)."""
        return self.match.rewards()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None
                                ) -> ArenaState:
        """A state that ``player_id`` cannot tell from this one: hidden parts sampled (the
        engine's determinizer), the other seats' waiting blind choices redrawn.

        The draws come from the game's own generator, not ``probability_sampler``: IS-MCTS
        makes a new sampler, with the same first draw, for every resampling."""
        game: ArenaGame = self.get_game()
        rng = random.Random(game.draw_seed())
        match = self.match.clone()
        match.state = resample(match.game, match.state, player_id, rng)
        pending = match.state.pending()
        match.buffer = {seat: (choice if seat == player_id
                               else rng.choice(pending[seat].legal).id)
                        for seat, choice in self.match.buffer.items()}
        return ArenaState(game, match, [list(m) for m in self.own])

    def __str__(self) -> str:
        return self.match.text()


class _Observer:
    """pyspiel's PyObserver. An observation: the seat's tensor, and its observation as a
    string. An information state (perfect recall): the seat's tensor followed by how many
    times it has played each index of the action space (``own_moves``), and as a string its
    own moves in order and then its observation. The engines' observations carry the public
    history a player needs; what the seat itself did is what they may not (its past blind
    choices, say)."""

    def __init__(self, size: int, actions: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size + actions if perfect_recall else size, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["own_moves"] = self.tensor[size:]
        self.perfect_recall = perfect_recall

    def set_from(self, state: ArenaState, player: int) -> None:
        self.dict["observation"][:] = state.match.tensor(player)
        if self.perfect_recall:
            own = self.dict["own_moves"]
            own[:] = np.bincount(np.asarray(state.own[player], np.intp), minlength=len(own))

    def string_from(self, state: ArenaState, player: int) -> str:
        observation = repr(state.match.state.observation(player))
        if self.perfect_recall:
            return f"seat {player} moves {state.own[player]} saw {observation}"
        return observation
