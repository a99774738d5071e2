"""The single-agent Gymnasium environment of a game (``gymnasium_env``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._match import SeatedMatch
from ._spaces import observation_box


class ArenaGymEnv(gym.Env):  # type: ignore[type-arg]
    """One seat of a game learns; the other seats are played by ``opponents``.

    Observations are the learner's float32 tensor; actions are indices of the game's action
    space. ``action_masks()`` (the sb3-contrib convention) and ``info["action_mask"]`` give
    the legal ones. An illegal index ends the episode as a loss for the learner (reward -1,
    ``info["illegal_action"]``) instead of raising, so that unmasked learners and
    ``check_env`` can sample freely. The reward is 0 until the end, then the learner's
    ``engine.envs.rewards`` of the result; the game's turn limit truncates.

    ``opponents``: one per other seat in seat order, each a callable ``(observation, legal,
    time_left) -> action id`` (the bot SDK's shape: a reference bot from ``bots`` fits) or
    ``"random"``; None: all random. Random seats draw from the generator that ``reset(seed)``
    seeds, so an episode is reproducible from its seed.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, players: int,
                 opponents: Sequence[Callable[..., int] | str] | None = None, *,
                 seat: int = 0, options: Mapping[str, object] | None = None,
                 opponent_time: float = 1.0, render_mode: str | None = None) -> None:
        # A first match checks the game, the player count and the options first.
        self._match = SeatedMatch(game, players, options, 0)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, got {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported; use None or 'ansi'")
        chosen = list(opponents) if opponents is not None else ["random"] * (players - 1)
        if len(chosen) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents (one per other "
                             f"seat), got {len(chosen)}")
        for opponent in chosen:
            if opponent != "random" and not callable(opponent):
                raise ValueError(f"an opponent is 'random' or a callable (observation, legal, "
                                 f"time_left) -> action id, got {opponent!r}")
        others = [s for s in range(players) if s != seat]
        self._opponents = dict(zip(others, chosen, strict=True))
        self.game, self.players, self.seat = game, players, seat
        self.options = dict(options or {})
        self.opponent_time = opponent_time
        self.render_mode = render_mode
        self.observation_space = observation_box(self._match.encoder.size)
        self.action_space = spaces.Discrete(self._match.space.size)
        self._seeds = np.random.default_rng()
        self._ended = False

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new match (its engine seed and the random seats' draws come from ``seed``);
        the opponents play until the learner is asked."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self._match = SeatedMatch(self.game, self.players, self.options,
                                  int(self._seeds.integers(2**63)))
        self._ended = False  # by an illegal action
        self._play_opponents()
        return self._match.tensor(self.seat), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner plays ``action``; then the opponents until it is asked again."""
        match = self._match
        if self._ended or match.is_over():
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        if not self._legal(index):
            self._ended = True
            info = {**self._info(), "illegal_action": True}
            return match.tensor(self.seat), -1.0, True, False, info
        match.play(index)
        self._play_opponents()
        over = match.is_over()
        reward = match.rewards()[self.seat] if over else 0.0
        truncated = match.truncated()
        return match.tensor(self.seat), reward, over and not truncated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's action mask now (bool, as sb3-contrib's MaskablePPO reads it)."""
        return self._match.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        """With render_mode 'ansi': a line on where the match is."""
        return self._match.text() if self.render_mode == "ansi" else None

    @property
    def match(self) -> SeatedMatch:
        """The match being played (its engine state is ``match.state``)."""
        return self._match

    def _legal(self, index: int) -> bool:
        match = self._match
        return match.current() == self.seat and index in match.legal_actions()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._match.mask(self.seat)}

    def _play_opponents(self) -> None:
        match = self._match
        while not match.is_over():
            seat = match.current()
            if seat == self.seat:
                return
            decision = match.decision()
            opponent = self._opponents[seat]
            if opponent == "random":
                match.play_id(decision.legal[int(self._seeds.integers(len(decision.legal)))].id)
            else:
                assert callable(opponent)
                match.play_id(opponent(match.state.observation(seat), decision.legal,
                                       self.opponent_time))
