"""The single-agent wrapper passes Gymnasium's check_env and plays whole episodes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

env_checker = pytest.importorskip("gymnasium.utils.env_checker",
                                  reason="the envs extra is not installed")

import bots  # noqa: E402
import engine  # noqa: E402
import engine.envs  # noqa: E402
from tests.engine.envs._helpers import GAMES, SHORT  # noqa: E402


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore:.*not having a spec")  # made directly, not by gym.make
def test_check_env_passes(game: str) -> None:
    env_checker.check_env(engine.envs.gymnasium_env(game, 2, **SHORT[game]))


def play(env: engine.envs.ArenaGymEnv, seed: int) -> tuple[float, bool, bool, int]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        assert env.observation_space.contains(observation)
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            return reward, terminated, truncated, steps


def test_callable_opponents_play_the_other_seats() -> None:
    asked: list[int] = []

    def first_legal(observation: Any, legal: Sequence[engine.Action], time_left: float) -> int:
        asked.append(observation.seat)
        assert time_left == 1.0
        return legal[0].id

    env = engine.envs.gymnasium_env("race", 3, [first_legal, "random"], seat=1)
    reward, terminated, truncated, steps = play(env, 2)
    result = env.match.state.result()
    assert terminated and not truncated and result.termination is engine.Termination.NORMAL
    assert reward == engine.envs.rewards(result)[1]
    assert set(asked) == {0}
    assert steps > 10 and len(asked) > 10 and steps + len(asked) < env.match.steps


def test_an_episode_is_reproducible_from_its_seed() -> None:
    env = engine.envs.gymnasium_env("galaxies", 3, **SHORT["galaxies"])
    first = play(env, 9), env.match.state.snapshot()
    second = play(env, 9), env.match.state.snapshot()
    assert first == second
    play(env, 10)
    assert env.match.state.snapshot() != first[1]


def test_an_illegal_index_ends_the_episode_as_a_loss() -> None:
    env = engine.envs.gymnasium_env("sector41", 2)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_bad_opponents_are_named() -> None:
    with pytest.raises(ValueError, match="3 players need 2 opponents"):
        engine.envs.gymnasium_env("race", 3, ["random"])
    with pytest.raises(ValueError, match="an opponent is 'random' or a callable"):
        engine.envs.gymnasium_env("race", 2, ["greedy"])
    with pytest.raises(ValueError, match="seat must be 0..1"):
        engine.envs.gymnasium_env("race", 2, seat=2)


def test_a_bad_player_count_is_named_before_the_opponents() -> None:
    with pytest.raises(engine.PlayerCountError, match="2..4 players, got 7"):
        engine.envs.gymnasium_env("race", 7)


def builtin_policy(kind: str, game: str, players: int, seat: int
                   ) -> Callable[[Any, Sequence[engine.Action], float], int]:
    """A reference bot of ``bots`` as an opponent: it reads the wire forms of the engine's
    observation and actions (what docs/envs.md shows a caller doing)."""
    from arena import _codec
    from arena.v1 import arena_service_pb2 as pb
    from arena.v1 import game_pb2

    static = _codec.static_data(game, engine.get(game).static_data)
    bot = bots.builtin(kind)(pb.MatchStarted(
        match_id="gym", game=game, your_seat=seat, bot_seed=1, static_data=static,
        seats=[pb.Seat(seat=s, bot_name=f"seat {s}") for s in range(players)]))

    def choose(observation: Any, legal: Sequence[engine.Action], time_left: float) -> int:
        return bot.choose(_codec.observation(game, observation),
                          [game_pb2.Action(id=a.id, text=a.text,
                                           detail=_codec.action_detail(game, a.detail))
                           for a in legal], time_left)
    return choose


def test_a_reference_bot_plays_the_other_seat() -> None:
    env = engine.envs.gymnasium_env("race", 2, [builtin_policy("race-greedy", "race", 2, 1)])
    rewards = [play(env, seed)[0] for seed in range(4)]
    assert rewards.count(-1.0) >= 3  # a random learner loses to the greedy bot
