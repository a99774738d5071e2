"""Observations sent to a bot decode back into the engine's dataclasses, for every game."""

from __future__ import annotations

import random

import pytest

import engine
from arena import _codec
from arena.v1 import game_pb2


def _observations(game: str, players: int, seed: int, steps: int) -> list[object]:
    state = engine.get(game).new_match(players, seed)
    rng = random.Random(seed)
    seen = [state.observation(seat) for seat in (*range(players), None)]
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            break
        state.apply({seat: rng.choice(d.legal).id for seat, d in pending.items()})
        seen.extend(state.observation(seat) for seat in (*range(players), None))
    return seen


@pytest.mark.parametrize("game", ["galaxies", "race", "sector41", "sol"])
def test_every_observation_of_a_random_match_decodes_to_itself(game: str) -> None:
    for seed in range(3):
        for value in _observations(game, 3, seed, 150):
            message = _codec.observation(game, value)
            back = _codec.observation_from_message(game, message, type(value))
            assert back == value


def test_decoding_names_a_message_of_another_game() -> None:
    value = _observations("race", 2, 0, 0)[0]
    message = _codec.observation("race", value)
    with pytest.raises(_codec.CodecError, match="'sector41'"):
        _codec.observation_from_message("sector41", message, type(value))
    assert isinstance(message, game_pb2.Observation)
