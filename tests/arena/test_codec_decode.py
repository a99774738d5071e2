"""Observations sent to a bot decode back into the engine's dataclasses, for every game."""

from __future__ import annotations

import dataclasses
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


@pytest.mark.parametrize("game", ["galaxies", "race", "sector41", "sol"])
def test_the_bytes_written_are_protobufs_own_serialization(game: str) -> None:
    """The codec writes a request's observation without building a message: what it writes
    parses, and serializes back to the same bytes (fields in order, packed, no defaults)."""
    for seed in range(2):
        for value in _observations(game, 2, seed, 120):
            data = _codec.observation_bytes(game, value)
            assert game_pb2.Observation.FromString(data).SerializeToString() == data
    static = _codec.static_data(game, engine.get(game).static_data)
    assert static.SerializeToString() == static.SerializeToString(deterministic=True)
    assert static.WhichOneof("game") == game


def test_a_value_that_does_not_fit_its_field_names_its_dataclass() -> None:
    value = _observations("race", 2, 0, 0)[0]
    broken = dataclasses.replace(value, round="three")
    with pytest.raises(_codec.CodecError, match="Observation as arena.v1.RaceObservation"):
        _codec.observation_bytes("race", broken)


def test_negative_and_large_integers_are_written_as_protobuf_does() -> None:
    value = _observations("sector41", 2, 0, 0)[0]
    odd = dataclasses.replace(value, tile_types=(-1, 0, 127, 128, 300, 2**31 - 1, -2**31),
                              vortex_cell=-5, turn=2**32 - 1)
    message = _codec.observation("sector41", odd).sector41
    assert list(message.tile_types) == [-1, 0, 127, 128, 300, 2**31 - 1, -2**31]
    assert (message.vortex_cell, message.turn) == (-5, 2**32 - 1)
    data = _codec.observation_bytes("sector41", odd)
    assert game_pb2.Observation.FromString(data).SerializeToString() == data
    for cell in (-1, -16, -17, 1023, 1024, -2**31):  # in and out of the table of small ones
        data = _codec.observation_bytes("sector41", dataclasses.replace(odd, vortex_cell=cell))
        assert game_pb2.Observation.FromString(data).sector41.vortex_cell == cell
        assert game_pb2.Observation.FromString(data).SerializeToString() == data


@dataclasses.dataclass(frozen=True)
class _SeatValue:
    seat: int
    bot_name: str


@dataclasses.dataclass(frozen=True)
class _StartValue:
    """A dataclass in the shape of ``MatchStarted``: a map, repeated messages, unset ones."""

    match_id: str
    game: str
    options: dict[str, str]
    seats: tuple[_SeatValue, ...]
    your_seat: int
    time_control: None
    static_data: None
    bot_seed: int


def test_maps_and_repeated_messages_are_written_as_protobuf_does() -> None:
    from arena.v1 import arena_service_pb2 as pb

    value = _StartValue("m1", "race", {"b": "2", "a": "1", "é": ""},
                        (_SeatValue(0, "x"), _SeatValue(1, "")), 1, None, None, 2**63 - 1)
    message = pb.MatchStarted.FromString(_codec.encode_bytes(value, pb.MatchStarted.DESCRIPTOR))
    assert dict(message.options) == value.options
    assert [(s.seat, s.bot_name) for s in message.seats] == [(0, "x"), (1, "")]
    assert (message.your_seat, message.bot_seed) == (1, 2**63 - 1)
    assert not message.HasField("time_control")


@dataclasses.dataclass
class _ChangingSeat:
    seat: int
    bot_name: str


def test_only_a_kept_tuple_is_written_once() -> None:
    """An ``engine.Kept`` tuple's bytes are kept by the tuple (the engine hands the same one
    again while its items stay the same); any other tuple is written each time, so that a
    value in it that changed is written as it is now."""
    from arena.v1 import arena_service_pb2 as pb

    def seats(value: _StartValue) -> list[tuple[int, str]]:
        data = _codec.encode_bytes(value, pb.MatchStarted.DESCRIPTOR)
        return [(s.seat, s.bot_name) for s in pb.MatchStarted.FromString(data).seats]

    kept = engine.Kept((_SeatValue(0, "x"), _SeatValue(1, "y")))
    value = _StartValue("m1", "race", {}, kept, 0, None, None, 1)
    assert seats(value) == seats(value) == [(0, "x"), (1, "y")]
    write = _codec._kept_messages(b"\x2a", lambda item: item.bot_name.encode())
    assert write(kept) is write(kept) and write(kept) == b"\x2a\x01x\x2a\x01y"
    changing = (_ChangingSeat(0, "x"), _ChangingSeat(1, "y"))
    plain = dataclasses.replace(value, seats=changing)  # type: ignore[arg-type]
    assert seats(plain) == [(0, "x"), (1, "y")]
    changing[1].bot_name = "z"
    assert seats(plain) == [(0, "x"), (1, "z")]
