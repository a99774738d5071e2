"""The games registered with pyspiel pass OpenSpiel's random simulation test, and its
information-set MCTS bot plays whole matches through them."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the envs extra is not installed")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import engine  # noqa: E402
import engine.envs  # noqa: E402
from tests.engine.envs._helpers import GAMES, SHORT, counts  # noqa: E402

#: Whole matches, but Sol's first 100 turns (some 400 moves: a random match takes some
#: 3 000, and the simulation test prints every seat's observation at each).
WHOLE: dict[str, dict[str, object]] = {
    "galaxies": {}, "race": {}, "sector41": {}, "sol": {"turn_limit": 100},
}
#: A few rounds of each game, for the IS-MCTS matches (a search at every move of seat 0).
ROUNDS: dict[str, dict[str, object]] = {
    "galaxies": {"turn_limit": 20}, "race": {}, "sector41": {"turn_limit": 40},
    "sol": {"turn_limit": 40},
}


#: What IS-MCTS passes (a new one, so the same draw, each time: the adapter draws its own).
SAMPLER = pyspiel.UniformProbabilitySampler(0.0, 1.0)


@pytest.mark.parametrize(("game", "players"),
                         [(game, n) for game in GAMES for n in counts(game)])
def test_random_sim_test_passes(game: str, players: int) -> None:
    options = WHOLE[game] if players == counts(game)[0] else SHORT[game]
    spiel_game = engine.envs.openspiel_game(game, players, **options)
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=False, verbose=False)


def test_the_registered_names_load_with_parameters() -> None:
    engine.envs.openspiel_game("sol", 2)  # registers space_arena_sol
    spiel_game = pyspiel.load_game("space_arena_sol(players=4,turn_limit=30)")
    assert spiel_game.num_players() == 4
    assert spiel_game.num_distinct_actions() == engine.envs.action_space("sol").size
    assert spiel_game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    state = spiel_game.new_initial_state()
    assert state.match.state.options["turn_limit"] == 30
    assert len(state.observation_tensor(1)) == engine.envs.observation_encoder("sol").size


@pytest.mark.parametrize("game", GAMES)
def test_the_information_state_tensor_is_the_observation_and_the_seats_own_moves(
        game: str) -> None:
    spiel_game = engine.envs.openspiel_game(game, 2, **SHORT[game])
    size = engine.envs.observation_encoder(game).size
    actions = engine.envs.action_space(game).size
    assert spiel_game.information_state_tensor_shape() == [size + actions]
    state = spiel_game.new_initial_state()
    rng = random.Random(1)
    mine = np.zeros(actions)
    for _ in range(60):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        if state.current_player() == 0:
            mine[action] += 1
        state.apply_action(action)
        tensor = np.array(state.information_state_tensor(0))
        assert np.array_equal(tensor[:size], state.observation_tensor(0))
        assert np.array_equal(tensor[size:], mine)  # the other seat's moves are not there
    assert mine.sum() > 3


def test_bad_players_and_options_are_named() -> None:
    with pytest.raises(engine.PlayerCountError, match="2..4 players, got 6"):
        engine.envs.openspiel_game("race", 6)
    with pytest.raises(pyspiel.SpielError, match="speed"):
        engine.envs.openspiel_game("race", 2, speed=3)


@pytest.mark.parametrize("game", GAMES)
def test_resampling_keeps_the_information_state_and_redraws_the_hidden(game: str) -> None:
    spiel_game = engine.envs.openspiel_game(game, 3, **SHORT[game])
    state = spiel_game.new_initial_state()
    rng = random.Random(2)
    changed = 0
    while not state.is_terminal():
        player = state.current_player()
        for _ in range(2):
            sampled = state.resample_from_infostate(player, SAMPLER)
            assert sampled.information_state_string(player) == \
                state.information_state_string(player)
            assert sampled.legal_actions() == state.legal_actions()
            assert np.array_equal(sampled.observation_tensor(player),
                                  state.observation_tensor(player))
            changed += sampled.match.state.snapshot() != state.match.state.snapshot()
        state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 0


def test_resampling_redraws_the_blind_choices_of_the_others() -> None:
    """Race's action selection: after seat 0 chose, each world resampled for seat 1 has a
    choice of seat 0's waiting, drawn anew (seat 1 cannot know the real one)."""
    state = engine.envs.openspiel_game("race", 2).new_initial_state()
    while state.match.state.pending().keys() != {0, 1}:
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[-1])
    real = state.match.buffer[0]
    drawn = {state.resample_from_infostate(1, SAMPLER).match.buffer[0] for _ in range(30)}
    assert len(drawn) > 1
    assert state.match.buffer[0] == real  # the real state is untouched


class Standing(mcts.Evaluator):  # type: ignore[misc]
    """The standing by the game's own order as the value (no rollouts: matches are long)."""

    def evaluate(self, state: object) -> np.ndarray:
        return np.array(engine.envs.rewards(state.match.state.result()))  # type: ignore

    def prior(self, state: object) -> list[tuple[int, float]]:
        legal = state.legal_actions()  # type: ignore[attr-defined]
        return [(action, 1 / len(legal)) for action in legal]


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays_a_whole_match(game: str) -> None:
    spiel_game = engine.envs.openspiel_game(game, 2, **ROUNDS[game])
    random_state = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(spiel_game, Standing(), uct_c=2.0, max_simulations=8,
                           random_state=random_state, allow_inconsistent_action_sets=True)
    state = spiel_game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = random_state.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    result = state.match.state.result()
    assert result.termination in (engine.Termination.NORMAL, engine.Termination.TURN_LIMIT)
    assert state.returns() == engine.envs.rewards(result) and moves > 20
