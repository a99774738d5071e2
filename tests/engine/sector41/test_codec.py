"""The arena's codec accepts every Sector 41 value: observations, action details, static data."""

from __future__ import annotations

import random

from arena import _codec
from arena.v1 import sector41_pb2
from engine.sector41 import GAME, ActionKind, Direction, Layout, Sector41ActionDetail, build

from .helpers import do, stay


def test_static_data_encodes() -> None:
    message = _codec.static_data("sector41", GAME.static_data).sector41
    assert message.rows == 9 and len(message.tile_types) == 30
    wind = [t for t in message.tile_types if t.name == "SOLAR_WIND_CORNER"][0]
    assert list(wind.arrows) == [sector41_pb2.SECTOR41_DIRECTION_N,
                                 sector41_pb2.SECTOR41_DIRECTION_E]
    assert sum(t.count for t in message.tile_types) == 81


def test_observations_and_every_action_detail_encode() -> None:
    kinds = set()
    for players in (2, 3, 4):
        state = GAME.new_match(players, 4)
        rng = random.Random(players)
        for step in range(600):
            if state.is_over():
                break
            if step % 25 == 0:
                for seat in (None, *range(players)):
                    message = _codec.observation("sector41", state.observation(seat)).sector41
                    assert len(message.tile_types) == 81 and message.turn == state.turn
                    assert message.HasField("your_seat") == (seat is not None)
            (decision,) = state.pending().values()
            for action in decision.legal:
                detail = _codec.action_detail("sector41", action.detail).sector41
                kinds.add(detail.kind)
            state.apply({decision.seat: rng.choice(decision.legal).id})
    assert len(kinds) >= 6


def test_fields_read_back() -> None:
    state = build(Layout(tiles={"E2": ("SOLAR_WIND_CORNER", 1)}, explorers={(0, 0): "E1"},
                         discs={"E1": (1, 0, 0)}))
    stay(state)
    message = _codec.observation("sector41", state.observation(0)).sector41
    static = _codec.static_data("sector41", GAME.static_data).sector41
    design = static.tile_types[message.tile_types[9 + 4]]
    assert design.kind == sector41_pb2.SECTOR41_TILE_KIND_SOLAR_WIND and design.count == 3
    assert message.rotations[9 + 4] == 1 and message.face_up[9 + 4]
    assert message.yellow[4] == 1
    assert message.players[1].edge == sector41_pb2.SECTOR41_EDGE_SOUTH
    (decision,) = state.pending().values()
    detail = _codec.action_detail("sector41", decision.legal[0].detail).sector41
    assert detail.kind == sector41_pb2.SECTOR41_ACTION_KIND_EXPLORER_MOVE
    assert detail.direction == sector41_pb2.SECTOR41_DIRECTION_N and detail.to_ship
    do(state, "Explorer 1 S onto E2")
    (decision,) = state.pending().values()
    detail = _codec.action_detail("sector41", decision.legal[0].detail).sector41
    assert detail.kind == sector41_pb2.SECTOR41_ACTION_KIND_TOW and not detail.HasField("color")


def test_details_encoded_once_per_value_stay_independent() -> None:
    stay_detail = Sector41ActionDetail(ActionKind.STAY)
    first = _codec.action_detail("sector41", stay_detail)
    first.sector41.explorer = 3  # a caller changes its own message
    move = _codec.action_detail("sector41", Sector41ActionDetail(
        ActionKind.EXPLORER_MOVE, explorer=1, direction=Direction.E))
    again = _codec.action_detail("sector41", Sector41ActionDetail(ActionKind.STAY))
    assert again.sector41.kind == sector41_pb2.SECTOR41_ACTION_KIND_STAY
    assert not again.sector41.HasField("explorer")
    assert move.sector41.explorer == 1
    assert move.sector41.direction == sector41_pb2.SECTOR41_DIRECTION_E
