"""The AEC environments pass PettingZoo's own API and seed tests."""

from __future__ import annotations

import random

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test", reason="the envs extra is not installed")

import pettingzoo  # noqa: E402
import pettingzoo.utils.env  # noqa: E402

import engine.envs  # noqa: E402
from engine.envs._games import _TABLES  # noqa: E402
from tests.engine.envs._helpers import GAMES, SHORT, counts  # noqa: E402

CASES = [(game, players) for game in GAMES for players in counts(game)]
# A dict observation holding the action mask is PettingZoo's own convention (its classic
# games do it, exempted by name from these two warnings of api_test).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_api_test_passes_for_every_game_and_player_count(game: str, players: int) -> None:
    """Whole matches (api_test plays one to its end within its cycles: a random Sol match
    takes some 3 000 moves)."""
    env = engine.envs.pettingzoo_env(game, players)
    pettingzoo_test.api_test(env, num_cycles=100_000)


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes_to_a_turn_limit(game: str) -> None:
    pettingzoo_test.api_test(engine.envs.pettingzoo_env(game, 3, **SHORT[game]),
                             num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_seed_test_passes(game: str) -> None:
    pettingzoo_test.seed_test(lambda: engine.envs.pettingzoo_env(game, 2, **SHORT[game]),
                              num_cycles=100)


def test_playing_before_reset_says_to_reset_first() -> None:
    env = engine.envs.pettingzoo_env("race", 2)
    with pytest.raises(AttributeError, match=r"agent_selection is set by reset\(\)"):
        env.step(0)
    with pytest.raises(AttributeError, match=r"agents is set by reset\(\)"):
        list(env.agent_iter())
    with pytest.raises(AttributeError, match="has no attribute 'nonsense'"):
        env.nonsense  # noqa: B018


def test_an_illegal_index_is_refused_with_the_legal_ones_and_nothing_is_played() -> None:
    env = engine.envs.pettingzoo_env("sol", 2, tensors=False)
    env.reset(seed=3)
    agent = env.agent_selection
    legal = np.flatnonzero(env.observe(agent)["action_mask"])
    illegal = next(i for i in range(env.action_space(agent).n) if i not in legal)
    with pytest.raises(ValueError, match=rf"index {illegal} is not legal .* legal indices: "
                                         rf"{legal[0]}"):
        env.step(illegal)
    assert env.match.steps == 0 and env.agent_selection == agent
    env.step(int(legal[-1]))
    assert env.match.steps == 1


def play_to_the_end(env: engine.envs.ArenaAECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_a_whole_race_ends_with_the_result_as_rewards() -> None:
    env = engine.envs.pettingzoo_env("race", 3)
    totals = play_to_the_end(env, 4)
    result = env.match.state.result()
    assert result.termination is engine.Termination.NORMAL
    assert sum(totals.values()) == pytest.approx(0.0)
    best = min(range(3), key=lambda s: result.ranks[s])
    assert totals[f"player_{best}"] == max(totals.values()) > 0
    assert totals == dict(zip(env.possible_agents, engine.envs.rewards(result), strict=True))


def test_the_turn_limit_truncates() -> None:
    env = engine.envs.pettingzoo_env("sector41", 2, turn_limit=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
        else:
            env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert env.match.truncated()


def test_simultaneous_choices_are_taken_blind_in_seat_order() -> None:
    """Race's action selection: seats 0, 1, 2 choose in turn; seat 1 observes the same
    before and after seat 0's choice (the choice waits in a buffer), and only seat 1 has a
    mask then."""
    env = engine.envs.pettingzoo_env("race", 3)
    env.reset(seed=3)
    while env.match.state.pending().keys() != {0, 1, 2}:  # the setup discards first
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert env.agent_selection == "player_0"
    before = env.observe("player_1")["observation"]
    env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"])[-1]))
    assert env.agent_selection == "player_1"
    assert np.array_equal(env.observe("player_1")["observation"], before)
    assert env.observe("player_0")["action_mask"].sum() == 0
    assert env.match.state.pending().keys() == {0, 1, 2}  # the engine has not seen it yet


def test_bad_arguments_are_named() -> None:
    with pytest.raises(engine.PlayerCountError, match="2..4 players, got 7"):
        engine.envs.pettingzoo_env("race", 7)
    with pytest.raises(engine.OptionError, match="unknown option 'speed'"):
        engine.envs.pettingzoo_env("race", 2, speed=3)
    env = engine.envs.pettingzoo_env("race", 2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="action index 0 is not legal"):
        env.step(0)


@pytest.mark.filterwarnings("ignore:Observation is a single number")  # by design here
@pytest.mark.filterwarnings("ignore:Observation numpy array is all zeros")  # seat 0's
def test_without_tensors_the_masks_are_the_same_and_the_observation_the_seat() -> None:
    full = engine.envs.pettingzoo_env("sector41", 2, turn_limit=20)
    bare = engine.envs.pettingzoo_env("sector41", 2, turn_limit=20, tensors=False)
    pettingzoo_test.api_test(bare, num_cycles=200)
    for env in (full, bare):
        env.reset(seed=6)
    for agent in bare.agent_iter():
        assert agent == full.agent_selection
        observation, reward, terminated, truncated, _ = bare.last()
        assert observation["observation"].tolist() == [int(agent[-1])]
        assert np.array_equal(observation["action_mask"], full.observe(agent)["action_mask"])
        assert (reward, terminated, truncated) == full.last()[1:4]
        action = None if terminated or truncated else \
            int(np.flatnonzero(observation["action_mask"])[-1])
        bare.step(action)
        full.step(action)
    assert not full.agents


@pytest.mark.parametrize("game", GAMES)
def test_each_mask_is_the_seat_asked_legal_indices_and_the_index_plays_its_action(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Against an action space made afresh (no lookups shared with the environment's): the
    agent asked has exactly its decision's legal indices set, the others none; a mask the
    caller changes is its own; the engine gets the action of each index played (for Race's
    simultaneous choices, all at once); the seat-number observation is read-only."""
    players = 3
    env = engine.envs.pettingzoo_env(game, players, tensors=False, **SHORT[game])
    fresh = _TABLES[game](notes=False)[0]
    state_type = type(env.match.state)
    applied: list[dict[int, int]] = []
    original = state_type.apply

    def apply(state: engine.GameState, choices: dict[int, int]) -> None:
        applied.append(dict(choices))
        original(state, choices)
    monkeypatch.setattr(state_type, "apply", apply)
    env.reset(seed=2)
    rng = random.Random(2)
    waiting: dict[int, int] = {}
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        decision = env.match.state.pending()[seat]
        legal = sorted(set(fresh.indices(decision.legal)))
        mask = observation["action_mask"]
        assert mask.nonzero()[0].tolist() == legal
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        mask[:] = 0  # the caller's own array
        assert env.observe(agent)["action_mask"].nonzero()[0].tolist() == legal
        assert observation["observation"].tolist() == [seat]
        assert not observation["observation"].flags.writeable
        index = rng.choice(legal)
        waiting[seat] = fresh.action_id(decision, index)
        before = len(applied)
        env.step(index)
        if len(applied) > before:  # the engine moved: it got every waiting choice
            assert applied[-1] == waiting
            waiting = {}
    assert applied and not waiting and not env.agents


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("players", "short"), [(2, False), (3, True)])
def test_each_info_holds_the_mask_nonzeros_as_legal_actions(game: str, players: int,
                                                          short: bool) -> None:
    """At every step of random matches (a whole two-player one), every agent's
    ``info["legal_actions"]`` holds its mask's nonzeros, each once (empty for the agents not
    asked); the agent draws from it, every other step after ``last(observe=False)``."""
    env = engine.envs.pettingzoo_env(game, players, tensors=False,
                                     **(SHORT[game] if short else {}))
    rng = random.Random(players)
    env.reset(seed=players)
    steps = 0
    for agent in env.agent_iter():
        observe = steps % 2 == 0
        observation, _, terminated, truncated, info = env.last(observe)
        assert (observation is None) is not observe and info is env.infos[agent]
        for other in env.agents:
            legal = env.infos[other]["legal_actions"]
            assert type(legal) is tuple and len(set(legal)) == len(legal)
            mask = env.observe(other)["action_mask"]
            assert sorted(legal) == np.flatnonzero(mask).tolist()
            assert bool(legal) == (other == agent and not (terminated or truncated))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(info["legal_actions"]))
            steps += 1
    assert steps == env.match.steps > 10 and env.match.is_over()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("tensors", [False, True])
def test_last_and_agent_iter_are_pettingzoos_own_and_observations_handed_out_stay(
        game: str, tensors: bool) -> None:
    """The environment's own ``last`` and ``agent_iter`` (cheaper than the inherited ones)
    give what PettingZoo's give, at every step of a random match: the same agent, reward,
    flags and info object, and an observation equal to ``observe``'s, a new dict of new
    arrays at every call (the seat-number vector excepted: read-only, one per seat). Every
    observation handed out is kept to the end and found unchanged then: the environment
    never writes into one it gave away, so a replay buffer may hold them as they are. Each
    is checked against tables made afresh (no lookups shared with the environment's) and
    the engine's own observation: one kept from an earlier step would differ."""
    env = engine.envs.pettingzoo_env(game, 3, tensors=tensors, **SHORT[game])
    space, encoder = _TABLES[game](notes=False)
    env.reset(seed=5)
    ours = iter(env.agent_iter())
    # PettingZoo's iterator, over the same environment, asked in step with ours
    theirs = iter(pettingzoo.utils.env.AECIterable(env, 2**63))
    rng = random.Random(5)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    for agent in ours:
        assert agent == next(theirs)
        got = env.last()
        again = env.last()
        expected = pettingzoo.AECEnv.last(env)
        assert got[1:] == expected[1:] and got[4] is env.infos[agent]
        seat = env.possible_agents.index(agent)
        decision = env.match.state.pending().get(seat)
        legal = [] if decision is None else sorted(set(space.indices(decision.legal)))
        assert np.flatnonzero(got[0]["action_mask"]).tolist() == legal
        tensor = encoder.encode(env.match.state.observation(seat)) if tensors else [seat]
        assert np.array_equal(got[0]["observation"], tensor)
        assert env.last(observe=False) == (None, *expected[1:])
        for observation in (got[0], again[0], expected[0]):
            assert observation.keys() == {"observation", "action_mask"}
            assert np.array_equal(observation["observation"], expected[0]["observation"])
            assert np.array_equal(observation["action_mask"], expected[0]["action_mask"])
        assert got[0] is not again[0]
        assert got[0]["action_mask"] is not again[0]["action_mask"]
        assert (got[0]["observation"] is not again[0]["observation"]) is tensors
        kept.append((got[0], {k: v.copy() for k, v in got[0].items()}))
        _, _, terminated, truncated, info = got
        env.step(None if terminated or truncated else rng.choice(info["legal_actions"]))
    with pytest.raises(StopIteration):
        next(theirs)
    assert len(kept) > 20
    for observation, copy in kept:
        for key in copy:
            assert np.array_equal(observation[key], copy[key]), key


def test_agent_iter_stops_at_max_iter_and_starts_afresh_each_time() -> None:
    env = engine.envs.pettingzoo_env("race", 2, tensors=False)
    env.reset(seed=0)
    agents = env.agent_iter(3)
    # nothing stepped: the selected agent, three times, and again from a new iterator
    assert list(agents) == [env.agent_selection] * 3
    assert list(agents) == [env.agent_selection] * 3
    assert list(env.agent_iter(0)) == []
    assert isinstance(agents, pettingzoo.utils.env.AECIterable)
