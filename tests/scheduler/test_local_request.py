"""In-process seats are asked with a ``LocalRequest``: the same request a remote seat gets,
encoded only as far as it is read, and never read from a match that has moved on."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
import trio
import trio.testing

import engine
from arena import LocalRequest, Seat, StaleRequestError, _codec
from arena.v1 import arena_service_pb2 as pb
from engine import Termination
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._timecontrol import TimeControl
from tests.support.duel import DuelState


class Keeper(Seat):
    """Answers the last legal id and keeps every request it was given, as given."""

    def __init__(self, name: str, in_process: bool) -> None:
        self.name = name
        self.in_process = in_process
        self.requests: list[pb.DecisionRequest | LocalRequest] = []
        self.messages: list[pb.DecisionRequest] = []

    async def start(self, match: pb.MatchStarted) -> None:
        pass

    async def decide(self, request: pb.DecisionRequest | LocalRequest) -> int:
        self.requests.append(request)
        self.messages.append(request.message() if isinstance(request, LocalRequest)
                             else request)
        return request.legal[-1].id

    async def end(self, ended: pb.MatchEnded) -> None:
        pass


def play(seats: Sequence[Seat], game: str = "duel", options: dict | None = None) -> MatchRecord:
    async def main() -> MatchRecord:
        with trio.fail_after(10_000):  # mock seconds: a hang fails instead of blocking
            return await run_match(MatchSpec("m", game, 7, {"rounds": 3} if options is None
                                             else options), seats,
                                   TimeControl.per_move(5))
    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


@pytest.mark.parametrize(("game", "options"), [("duel", {"rounds": 3}), ("race", {}),
                                               ("sector41", {})])
def test_an_in_process_seat_reads_what_a_remote_seat_is_sent(game: str, options: dict) -> None:
    remote = [Keeper("a", in_process=False), Keeper("b", in_process=False)]
    local = [Keeper("a", in_process=True), Keeper("b", in_process=True)]
    record = play(remote, game, options)
    play(local, game, options)
    for far, near in zip(remote, local, strict=True):
        assert all(isinstance(r, pb.DecisionRequest) for r in far.requests)
        assert all(isinstance(r, LocalRequest) for r in near.requests)
        assert len(near.messages) == len(far.messages) > 3
        for sent, built in zip(far.messages, near.messages, strict=True):
            assert built == sent
    # And what was sent is the engine's own view, encoded on its own: replayed step by step.
    sent = {m.decision_id: m for seat in remote for m in seat.messages}
    state = engine.get(game).new_match(2, 7, options)
    decision_id = 0
    for step in record.steps:
        for seat, decision in state.pending().items():
            decision_id += 1
            message = sent[decision_id]
            assert message.seat == seat and message.prompt == decision.prompt
            assert message.observation == _codec.observation(game, state.observation(seat))
            assert [(a.id, a.text) for a in message.legal] == [
                (a.id, a.text) for a in decision.legal]
            assert [a.detail for a in message.legal] == [
                _codec.action_detail(game, a.detail) for a in decision.legal]
        state.apply({a.seat: a.action_id for a in step})
    assert decision_id == len(sent)


def test_an_observation_read_after_the_match_moved_on_is_refused() -> None:
    class Forgetful(Keeper):
        async def decide(self, request: pb.DecisionRequest | LocalRequest) -> int:
            self.requests.append(request)
            return request.legal[-1].id

    keeper, forgetful = Keeper("a", in_process=True), Forgetful("b", in_process=True)
    play([keeper, forgetful])
    unread = forgetful.requests[0]
    assert isinstance(unread, LocalRequest)
    with pytest.raises(StaleRequestError, match=f"decision {unread.decision_id} of match m "
                                                "was read after the match moved on"):
        unread.observation  # noqa: B018 - the read is what is tested
    # What needs no live state is still there; what was read in time stays readable.
    assert [a.id for a in unread.legal] == [a.id for a in unread.decision.legal]
    read = keeper.requests[0]
    assert isinstance(read, LocalRequest)
    assert read.observation == keeper.messages[0].observation


def test_a_random_bot_in_process_never_has_its_observation_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: DuelState, seat: int | None) -> object:
        raise AssertionError("the observation was built")

    monkeypatch.setattr(DuelState, "observation", refuse)
    record = play([BuiltinSeat("r0", "random"), BuiltinSeat("r1", "random")])
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason

    class Reader(Keeper):
        async def decide(self, request: pb.DecisionRequest | LocalRequest) -> int:
            request.observation  # noqa: B018 - the control: this read reaches the game
            return await super().decide(request)

    with pytest.raises(ExceptionGroup) as raised:
        play([BuiltinSeat("r0", "random"), Reader("reader", in_process=True)])
    assert raised.group_contains(AssertionError, match="the observation was built", depth=None)
