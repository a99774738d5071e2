"""Observation tensors: fixed size, built from the seat's observation only (no leak)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.envs import observation_encoder
from engine.envs._determinize import resample
from tests.engine.envs._helpers import GAMES, SHORT, counts, playout


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_gets_a_finite_vector_of_the_game_s_one_size(game: str) -> None:
    encoder = observation_encoder(game)
    for players in counts(game):
        for i, state in enumerate(playout(game, players, players, SHORT[game])):
            if i % 5:
                continue
            for seat in range(players):
                tensor = encoder.encode(state.observation(seat))
                assert tensor.shape == (encoder.size,) and tensor.dtype == np.float32
                assert np.isfinite(tensor).all() and tensor.any()


@pytest.mark.parametrize("game", GAMES)
def test_changing_what_a_seat_cannot_see_leaves_its_tensor_unchanged(game: str) -> None:
    """Other hands, deck orders, secret missions, face-down tiles are resampled: the seat's
    tensor stays the same, while the state (and where each seat holds its own secret, the
    other seats' tensors) change."""
    encoder = observation_encoder(game)
    players = 3
    rng = random.Random(5)
    hidden_changed = others_changed = 0
    for i, state in enumerate(playout(game, players, 11, SHORT[game])):
        if i % 7:
            continue
        for seat in range(players):
            mine = encoder.encode(state.observation(seat))
            for _ in range(2):
                other = resample(game, state, seat, rng)
                assert other.observation(seat) == state.observation(seat)
                assert np.array_equal(encoder.encode(other.observation(seat)), mine)
                hidden_changed += other.snapshot() != state.snapshot()
                others_changed += any(
                    not np.array_equal(encoder.encode(other.observation(q)),
                                       encoder.encode(state.observation(q)))
                    for q in range(players) if q != seat)
    assert hidden_changed > 0  # the resampling did change hidden things
    if game in ("race", "galaxies"):  # hands and missions: each seat sees its own
        assert others_changed > 0


def test_the_tensor_tells_states_apart() -> None:
    encoder = observation_encoder("race")
    seen = {encoder.encode(s.observation(0)).tobytes() for s in playout("race", 2, 1)}
    assert len(seen) > 50


@pytest.mark.parametrize("game", GAMES)
def test_the_layout_covers_the_vector(game: str) -> None:
    encoder = observation_encoder(game)
    layout = encoder.layout()
    assert layout and all(0 <= offset and offset + length <= encoder.size
                          for _, offset, length in layout)
    assert {"players[]"} <= {name for name, _, _ in layout}
