"""The match runner and time controls at their edges: each test pins a fault they once had.

Time is trio's MockClock with autojump, so limits of seconds cost no wall time.
"""

from __future__ import annotations

import math

import pytest
import trio
import trio.testing

import bots
from arena import Seat, SeatFault
from arena.v1 import arena_service_pb2 as pb
from engine import Termination
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._timecontrol import Clock, FaultPolicy, TimeControl


class Timed(Seat):
    """Answers the first legal id after ``delays[k]`` seconds (``None``: never answers)."""

    def __init__(self, name: str, delays: list[float | None] | None = None) -> None:
        self.name = name
        self.delays = delays or []
        self.asked = 0
        self.ended: pb.MatchEnded | None = None

    async def start(self, match: pb.MatchStarted) -> None:
        pass

    async def decide(self, request: pb.DecisionRequest) -> int:
        k = self.asked
        self.asked += 1
        delay = self.delays[k] if k < len(self.delays) else 0.0
        if delay is None:
            await trio.sleep_forever()
        await trio.sleep(delay)
        return request.legal[0].id

    async def end(self, ended: pb.MatchEnded) -> None:
        self.ended = ended


def play(seats: list[Seat], control: TimeControl, policy: FaultPolicy = FaultPolicy(),
         rounds: int = 3) -> MatchRecord:
    async def main() -> MatchRecord:
        with trio.fail_after(10_000):  # mock seconds: a hang fails instead of blocking
            return await run_match(MatchSpec("m", "duel", 4, {"rounds": rounds}), seats,
                                   control, policy)
    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


PER_MOVE = TimeControl(move_time=1.0, margin=0.05, first_move_extra=0)


def test_two_seats_timing_out_in_the_same_step_both_forfeit() -> None:
    # Both seats are silent on the same simultaneous bid, so both run out at the same instant.
    # Trio runs the two tasks in either order; run it enough times to see both orders.
    for _ in range(20):
        seats = [Timed("a", [0, None]), Timed("b", [None])]
        record = play(seats, PER_MOVE, rounds=1)
        assert record.result is not None
        assert record.result.termination is Termination.TIMEOUT
        assert record.result.forfeited == (0, 1) and record.result.ranks == (0, 0)
        assert [f.timeouts for f in record.faults] == [1, 1]
        assert record.result.reason.count("did not answer") == 2


def test_a_seat_still_in_time_when_another_forfeits_is_not_charged_a_fault() -> None:
    class Crasher(Timed):
        async def decide(self, request: pb.DecisionRequest) -> int:
            if request.kind == "bid":
                await trio.sleep(0.5)
                raise SeatFault(Termination.CRASH, "a crashed")
            return await super().decide(request)

    record = play([Crasher("a"), Timed("b", [None])], PER_MOVE, rounds=1)
    assert record.result is not None
    assert record.result.termination is Termination.CRASH
    assert record.result.forfeited == (0,)
    assert record.faults[1].total == 0


@pytest.mark.parametrize("blocking", [False, True])
def test_an_answer_computed_past_the_limit_without_a_checkpoint_is_late(blocking: bool) -> None:
    # An in-process bot computes on the match's thread: no cancel can interrupt it. Asked
    # under a cancel scope or (``Seat.blocking``) without one, it is late all the same.
    class Blocking(Timed):
        async def decide(self, request: pb.DecisionRequest) -> int:
            await trio.lowlevel.checkpoint()
            clock.jump(5.0)  # five seconds of computing, with no checkpoint in between
            return request.legal[0].id

    Blocking.blocking = blocking
    clock = trio.testing.MockClock(autojump_threshold=0)

    async def main() -> MatchRecord:
        return await run_match(MatchSpec("m", "duel", 4, {"rounds": 1}),
                               [Blocking("slow"), Timed("b")], PER_MOVE)

    record = trio.run(main, clock=clock)
    assert record.result is not None
    assert record.result.termination is Termination.TIMEOUT
    assert record.result.forfeited == (0,)
    assert record.faults[0].timeouts == 1


def test_a_blocking_seat_stopped_by_another_seats_forfeit_is_not_charged() -> None:
    # Both seats answer at once without a cancel scope (``Seat.blocking``); whichever trio
    # runs first, the crash of one ends the step and the other is stopped at its checkpoint
    # (or has answered): never a fault of its own.
    class Answering(Timed):
        blocking = True

        async def decide(self, request: pb.DecisionRequest) -> int:
            await trio.lowlevel.checkpoint()
            return request.legal[0].id

    class Crashing(Answering):
        async def decide(self, request: pb.DecisionRequest) -> int:
            if request.kind == "bid":
                await trio.lowlevel.checkpoint()
                raise SeatFault(Termination.CRASH, "a crashed")
            return await super().decide(request)

    for first in range(2):
        seats: list[Seat] = [Answering("b"), Answering("b")]
        seats[first] = Crashing("a")
        record = play(seats, PER_MOVE, rounds=1)
        assert record.result is not None
        assert record.result.termination is Termination.CRASH
        assert record.result.forfeited == (first,)
        assert record.faults[1 - first].total == 0


def test_blocking_seats_of_a_simultaneous_step_are_each_timed_from_their_own_ask() -> None:
    # Two in-process bots bid at the same time, each computing 0.6 s of a 1 s move. They
    # cannot compute at once on one thread: the second must not be charged the first's time.
    class Thinking(Timed):
        blocking = True

        async def decide(self, request: pb.DecisionRequest) -> int:
            await trio.lowlevel.checkpoint()
            clock.jump(0.6)
            return request.legal[0].id

    clock = trio.testing.MockClock(autojump_threshold=0)

    async def main() -> MatchRecord:
        return await run_match(MatchSpec("m", "duel", 4, {"rounds": 2}),
                               [Thinking("a"), Thinking("b")], PER_MOVE)

    record = trio.run(main, clock=clock)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason
    assert [f.total for f in record.faults] == [0, 0]
    assert all(a.time_used == pytest.approx(0.6) for step in record.steps for a in step)


def test_the_margin_is_grace_not_a_fresh_allowance_on_an_empty_clock() -> None:
    # A 1+0 clock: the first move spends it all; every later move overdraws it by 0.04 s,
    # each within the 0.05 s margin on its own but far beyond it together.
    control = TimeControl(move_time=None, base=1.0, increment=0, margin=0.05,
                          first_move_extra=0)
    seats = [Timed("a", [1.0] + [0.04] * 20), Timed("b")]
    record = play(seats, control, rounds=10)
    assert record.result is not None
    assert record.result.termination is Termination.TIMEOUT
    assert record.result.forfeited == (0,)
    used = sum(a.time_used for step in record.steps for a in step if a.seat == 0)
    assert used <= 1.0 + 0.05 + 1e-9


def test_a_clock_overdrawn_within_the_margin_keeps_only_the_rest_of_it() -> None:
    clock = Clock(TimeControl(move_time=None, base=1.0, increment=0.5, margin=0.2,
                              first_move_extra=0))
    assert clock.timeout() == pytest.approx(1.2)
    clock.charge(1.6)  # 1 - 1.6 + 0.5: 0.1 s overdrawn, 0.1 s of the margin left
    assert clock.limit() == 0.0
    assert clock.timeout() == pytest.approx(0.1)
    clock.charge(0.1)  # -0.1 - 0.1 + 0.5
    assert clock.limit() == pytest.approx(0.3)
    assert clock.timeout() == pytest.approx(0.5)
    per_move = Clock(TimeControl(move_time=2.0, margin=0.05, first_move_extra=1.0))
    assert per_move.timeout() == pytest.approx(3.05)
    per_move.charge(3.0)
    assert per_move.timeout() == pytest.approx(2.05)


@pytest.mark.parametrize("field", ["move_time", "base", "increment", "margin",
                                   "first_move_extra"])
@pytest.mark.parametrize("value", [math.nan, math.inf])
def test_time_controls_reject_values_that_are_not_finite(field: str, value: float) -> None:
    fields = {"move_time": 1.0} if field != "base" else {"move_time": None}
    fields[field] = value
    with pytest.raises(ValueError, match=f"{field.replace('_', '[ _]')}.*{value}"):
        TimeControl(**fields)  # type: ignore[arg-type]


def test_a_clock_without_base_time_names_the_value_given() -> None:
    with pytest.raises(ValueError, match="above 0 s, got 0"):
        TimeControl.parse_clock("0+1")


class _BrokenStart(bots.Bot):
    def __init__(self, match: pb.MatchStarted) -> None:
        raise RuntimeError("cannot set up")


class _BrokenFinish(bots.RandomBot):
    def finish(self, ended: pb.MatchEnded) -> None:
        raise RuntimeError("cannot read the result")


@pytest.fixture
def broken_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    from bots import _registry

    here = __name__
    monkeypatch.setitem(_registry._BUILTIN, "broken-start", f"{here}:_BrokenStart")
    monkeypatch.setitem(_registry._BUILTIN, "broken-finish", f"{here}:_BrokenFinish")


@pytest.mark.usefixtures("broken_bots")
@pytest.mark.parametrize("policy", [FaultPolicy(), FaultPolicy("default")])
def test_a_builtin_bot_failing_to_start_is_a_crash_of_its_seat(policy: FaultPolicy) -> None:
    other = Timed("b")
    record = play([BuiltinSeat("x", "broken-start"), other], PER_MOVE, policy)
    assert record.result is not None
    assert record.faults[0].crashes == 1
    if policy.mode == "forfeit":
        assert record.result.termination is Termination.CRASH
        assert record.result.forfeited == (0,)
    else:  # dead from then on: every decision defaulted, the match played to its end
        assert record.result.termination is Termination.NORMAL
        assert all(a.defaulted for step in record.steps for a in step if a.seat == 0)
    assert "cannot set up" in record.result.reason
    assert other.ended is not None


@pytest.mark.usefixtures("broken_bots")
def test_a_builtin_bot_failing_to_see_the_result_leaves_the_match_intact() -> None:
    other = Timed("b")
    record = play([BuiltinSeat("x", "broken-finish"), other], PER_MOVE)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL
    assert other.ended is not None and list(other.ended.result.ranks) == list(record.result.ranks)


@pytest.mark.parametrize(("text", "base", "increment"), [
    (".5", 0.5, 0.0), ("10+.1", 10.0, 0.1), ("3.+0", 3.0, 0.0), (" 60 + 0.25 ", 60.0, 0.25)])
def test_clocks_are_read_as_cutechess_writes_them(text: str, base: float,
                                                  increment: float) -> None:
    parsed = TimeControl.parse_clock(text)
    assert (parsed.base, parsed.increment) == (base, increment)


@pytest.mark.parametrize("text", ["", "+1", "1+", "1+2+3", ".", "-1+0", "1e3"])
def test_clocks_that_are_no_base_plus_increment_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="accepted: BASE\\+INC"):
        TimeControl.parse_clock(text)


def test_a_bot_that_resigns_out_of_turn_forfeits_after_that_step() -> None:
    class ResignsAfterItsCall(Timed):
        def __init__(self, name: str) -> None:
            super().__init__(name)
            self.resignation: SeatFault | None = None

        async def decide(self, request: pb.DecisionRequest) -> int:
            if request.kind == "call":
                self.resignation = SeatFault(Termination.RESIGN, "quitter resigned")
            return await super().decide(request)

        def gave_up(self) -> SeatFault | None:
            fault, self.resignation = self.resignation, None
            return fault

    record = play([ResignsAfterItsCall("quitter"), Timed("b")], PER_MOVE)
    assert record.result is not None
    assert record.result.termination is Termination.RESIGN
    assert record.result.forfeited == (0,) and record.result.ranks == (1, 0)
    assert len(record.steps) == 1  # the call that came with it, and no bid after it


def test_max_strikes_forfeit_a_bot_that_crashed_as_well() -> None:
    class CrashesOnce(Timed):
        async def decide(self, request: pb.DecisionRequest) -> int:
            raise SeatFault(Termination.CRASH, "gone")

    policy = FaultPolicy("default", max_strikes=3)
    record = play([CrashesOnce("gone"), Timed("b")], PER_MOVE, policy, rounds=10)
    assert record.result is not None
    assert record.result.termination is Termination.CRASH
    assert record.result.forfeited == (0,)
    assert record.faults[0].crashes == 1  # one crash, then two defaults: three strikes
    played = [a for step in record.steps for a in step if a.seat == 0]
    assert len(played) == 2 and all(a.defaulted for a in played)
    unlimited = play([CrashesOnce("gone"), Timed("b")], PER_MOVE, FaultPolicy("default"),
                     rounds=10)
    assert unlimited.result is not None and unlimited.result.termination is Termination.NORMAL
