"""A launched bot that reads binary frames is sent its requests put together from bytes
(``_Match._frame``): the very bytes of the message serialized whole, in every game, so that
no bot can tell; and each seat's frame holds its own observation only."""

from __future__ import annotations

import random

import pytest

import engine
from arena import LocalRequest, Seat
from arena._frames import BINARY, encode
from arena.v1 import arena_service_pb2 as pb
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
