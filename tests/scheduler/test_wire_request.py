"""A launched bot that reads binary frames is sent its requests put together from bytes
(``_Match._frame``): the very bytes of the message serialized whole, in every game, so that
no bot can tell; and each seat's frame holds its own observation only."""

from __future__ import annotations

import dataclasses
import random

import pytest

import engine
from arena import LocalRequest, Seat, _codec
from arena._frames import BINARY, encode
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2, sector41_pb2
from scheduler._runner import MatchSpec, _Match
from scheduler._timecontrol import FaultPolicy, TimeControl


class _Framed(Seat):
    """A remote seat that takes binary frames (never asked here)."""

    in_process = False
    binary_wire = True

    def __init__(self, name: str) -> None:
        self.name = name

    async def start(self, match: pb.MatchStarted) -> None:
        pass

    async def decide(self, request: pb.DecisionRequest | LocalRequest) -> int:
        raise AssertionError("not asked")

    async def end(self, ended: pb.MatchEnded) -> None:
        pass


@pytest.mark.parametrize(("game", "players"), [("race", 2), ("race", 4), ("sector41", 2),
                                               ("sol", 3), ("galaxies", 2)])
def test_a_frame_is_the_message_serialized_whole(game: str, players: int) -> None:
    if game not in engine.names():
        pytest.skip(f"no {game} engine")
    match = _Match(MatchSpec("m-1", game, 11), [_Framed(f"b{i}") for i in range(players)],
                   TimeControl.per_move(0.25), FaultPolicy(), None)
    rng = random.Random(3)
    step, _ = match.step(None, False)
    frames = 0
    while step and frames < 400:
        for seat, (_decision, request) in step.items():
            assert isinstance(request, LocalRequest) and request.wire is not None
            whole = encode(pb.PlayResponse(decision_request=request.message()), BINARY)
            assert request.wire == whole
            parsed = pb.PlayResponse()
            parsed.MergeFromString(whole[1:] if whole[0] < 0x80 else whole[2:])
            assert parsed.decision_request.seat == seat
            frames += 1
        answers = {seat: _answer(seat, decision, rng) for seat, (decision, _) in step.items()}
        step, _ = match.step(answers, False)
    assert frames > 20


def _answer(seat: int, decision: engine.Decision, rng: random.Random):
    from scheduler._records import SeatAction

    return SeatAction(seat, rng.choice(decision.legal).id, 0.0)


@pytest.mark.parametrize("values", [
    dict(seat=0, index=0, location=0, row=None, col=None, asteroid=0, trapped=False,
         barren=False, shielded=False, towing=None),
    dict(seat=3, index=2, location=1, row=0, col=-1, asteroid=300, trapped=True,
         barren=False, shielded=True, towing=0),
    dict(seat=1, index=1, location=2, row=-2_000_000, col=8, asteroid=1, trapped=False,
         barren=True, shielded=False, towing=2),
])
def test_bytes_written_directly_are_the_serialized_message(values: dict) -> None:
    """Presence (an optional field set to 0 is written, an unset one is not), negative
    int32s (ten bytes), enums, bools and numbers past one byte, against protobuf itself."""
    cls = dataclasses.make_dataclass("Explorer", list(values), frozen=True)
    descriptor = sector41_pb2.Sector41Explorer.DESCRIPTOR
    value = cls(**values)
    assert _codec.to_bytes(value, descriptor) == \
        _codec.encode(value, descriptor).SerializeToString()
    result = dataclasses.make_dataclass("Result", ["scores", "ranks", "termination", "reason",
                                                   "forfeited_seats"])
    for scores in ([], [0.5, -1.25, 0.0], [3.0]):
        played = result(scores, [1, 2], 0, "", [])
        assert _codec.to_bytes(played, game_pb2.MatchResult.DESCRIPTOR) == \
            _codec.encode(played, game_pb2.MatchResult.DESCRIPTOR).SerializeToString()
