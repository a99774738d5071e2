"""The PettingZoo AEC environment of a game (``pettingzoo_env``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable

from ._match import SeatedMatch
from ._spaces import observation_box


class ArenaAECEnv(AECEnv):  # type: ignore[misc]
    """One of the arena's games as a PettingZoo AEC environment.

    Agents are ``player_0`` .. ``player_{n-1}`` (seat order). An agent's observation is a
    dict: ``observation`` (the seat's float32 tensor) and ``action_mask`` (int8, 1 at each
    legal index; all zeros when it is not that agent's turn). Simultaneous choices are taken
    one seat after another, lowest seat first, each blind to the others' (see
    ``docs/envs.md``). Rewards are 0 until the end, then ``engine.envs.rewards`` of the
    result; a match stopped by the game's turn limit is truncated rather than terminated.
    With ``tensors=False`` the observation is only the agent's seat number (a vector of
    one: PettingZoo wants none empty), for agents that use the mask alone (random, search
    through ``match.state``), at a fraction of the cost. Each agent's ``info`` has
    ``legal_actions``: the mask's nonzeros as a tuple (in the engine's order of its legal
    actions; empty when it is not that agent's turn), cheaper to draw from than the mask.
    """

    metadata = {"name": "space_arena_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int, options: Mapping[str, object] | None = None,
                 render_mode: str | None = None, tensors: bool = True) -> None:
        super().__init__()
        # A first match checks the game, the player count and the options, and gives the
        # spaces their sizes.
        self._match = SeatedMatch(game, players, options, 0)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported; use None or 'ansi'")
        self.game = game
        self.players = players
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.tensors = tensors
        self.metadata = {**self.metadata, "name": f"space_arena_{game}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = observation_box(self._match.encoder.size if tensors else 1)
        mask = spaces.Box(0, 1, (self._match.space.size,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self._match.space.size)
                              for agent in self.possible_agents}
        self._seeds = np.random.default_rng()
        self._seat_vectors = [np.full(1, seat, np.float32) for seat in range(players)]
        for vector in self._seat_vectors:  # handed out again and again: nobody changes them
            vector.flags.writeable = False
        # no match is being played until reset(): step() goes the dead agents' way, which
        # says to call reset() first
        self._ended = True
        if type(self) is ArenaAECEnv:
            self.__class__ = _BeforeReset

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: its engine seed is drawn from a generator seeded by ``seed`` (or
        continuing the last one when None)."""
        if type(self) is _BeforeReset:
            self.__class__ = ArenaAECEnv
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        match_seed = int(self._seeds.integers(2**63))
        self._match = SeatedMatch(self.game, self.players, self.options, match_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"legal_actions": _NONE} for agent in self.agents}
        self.agent_selection = agent = self.possible_agents[self._match.current()]
        self.infos[agent]["legal_actions"] = self._match.legal_actions()
        self._ended = False

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's tensor and action mask (new arrays; both are worked out once a step).
        With ``tensors=False`` the observation is the agent's seat vector, one read-only
        array per seat."""
        seat = self._seat_of[agent]
        match = self._match
        return {"observation": match.tensor(seat) if self.tensors else self._seat_vectors[seat],
                "action_mask": match.mask(seat)}

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool,
                                                  bool, dict[str, Any]]:
        """PettingZoo's ``last``: the selected agent's observation (None with ``observe``
        False), cumulative reward, termination, truncation and info."""
        # PettingZoo's own, with ``observe`` inlined: a Python call less on every step
        agent = self.agent_selection
        if observe:
            seat = self._seat_of[agent]
            match = self._match
            observation: dict[str, np.ndarray] | None = {
                "observation": match.tensor(seat) if self.tensors else self._seat_vectors[seat],
                "action_mask": match.mask(seat)}
        else:
            observation = None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable[str, Any, Any]:
        """PettingZoo's ``agent_iter``: the selected agent, until every agent is done (or
        ``max_iter`` agents)."""
        return _AgentIterable(self, max_iter)

    def step(self, action: int | None) -> None:
        """The selected agent plays ``action`` (an index of the action space)."""
        if self._ended:  # every agent is done: each steps out with None
            self.agent_selection  # noqa: B018 (before reset(): says to call it)
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{self.agent_selection} must choose an action index "
                             "(it is not done)")
        match = self._match
        seat = match.play(action if type(action) is int else int(action))
        infos = self.infos
        before = self.agent_selection
        if seat >= 0:
            # Rewards stay 0 until the end, so neither ``rewards`` nor the cumulative
            # rewards change here: PettingZoo's bookkeeping is done only when it does work.
            agent = self.possible_agents[seat]
            if agent != before:
                infos[before]["legal_actions"] = _NONE
                self.agent_selection = agent
            infos[agent]["legal_actions"] = match.legal_actions()
            return
        infos[before]["legal_actions"] = _NONE
        self._ended = True
        truncated = match.truncated()
        for agent_name, reward in zip(self.agents, match.rewards(), strict=True):
            self.rewards[agent_name] = reward
            self.terminations[agent_name] = not truncated
            self.truncations[agent_name] = truncated
        # the dead agents are stepped out in seat order
        self.agent_selection = self.agents[0]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With render_mode 'ansi': a line on where the match is."""
        return self._match.text() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""

    @property
    def match(self) -> SeatedMatch:
        """The match being played (its engine state is ``match.state``)."""
        return self._match


class _BeforeReset(ArenaAECEnv):
    """An ``ArenaAECEnv`` until its first ``reset()``, which makes it one again: reading an
    attribute that ``reset`` sets says to call it first (what PettingZoo's
    OrderEnforcingWrapper says, without the wrapper's cost on every step). A class of its
    own: a ``__getattr__`` on the environment's class would slow every attribute read of
    every step (Python does not specialize attribute reads on such a class)."""

    def __getattr__(self, name: str) -> Any:
        # called only for an attribute not set
        if name in _SET_BY_RESET:
            raise AttributeError(f"ArenaAECEnv.{name} is set by reset(): call reset() "
                                 "before agent_iter, last, observe or step")
        raise AttributeError(f"'ArenaAECEnv' object has no attribute {name!r}")


class _AgentIterable(AECIterable):  # type: ignore[misc]
    """``agent_iter``'s iterable: PettingZoo's, whose iterator is a generator (resuming one
    costs less than the call of PettingZoo's ``__next__``, a Python method, on every step)."""

    def __iter__(self) -> Iterator[str]:
        return _agents(self.env, self.max_iter)


def _agents(env: ArenaAECEnv, max_iter: int) -> Iterator[str]:
    """What PettingZoo's ``AECIterator`` yields: the selected agent while there are agents,
    at most ``max_iter`` times."""
    while env.agents and max_iter > 0:
        max_iter -= 1
        yield env.agent_selection


#: ``legal_actions`` of an agent not asked to choose.
_NONE: tuple[int, ...] = ()

#: The attributes a match has once ``reset`` made it.
_SET_BY_RESET = frozenset({"agents", "rewards", "_cumulative_rewards", "terminations",
                           "truncations", "infos", "agent_selection"})
