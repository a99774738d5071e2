"""The match runner with in-process seats: parallel asks, hidden information, the clock.

Time is trio's MockClock with autojump, so limits of seconds cost no wall time.
"""

from __future__ import annotations

import json

import pytest
import trio
import trio.testing

from arena import LocalRequest, Seat, SeatFault
from arena._hub import CLOSE
from arena.v1 import arena_service_pb2 as pb
from engine import Termination
from scheduler._runner import MatchSpec, run_match
from scheduler._timecontrol import Clock, FaultPolicy, TimeControl
from tests.support.harness import Collector


class ScriptedSeat(Seat):
    """Answers the first legal id after ``delays[k]`` seconds (0 beyond the list)."""

    def __init__(self, name: str, delays: list[float] | None = None) -> None:
        self.name = name
        self.delays = delays or []
        self.requests: list[pb.DecisionRequest] = []
        self.ended: pb.MatchEnded | None = None
        self.started: pb.MatchStarted | None = None

    async def start(self, match: pb.MatchStarted) -> None:
        self.started = match

    async def decide(self, request: pb.DecisionRequest | LocalRequest) -> int:
        # Kept as the message: a LocalRequest's observation is read from the live match.
        self.requests.append(request.message() if isinstance(request, LocalRequest) else request)
        k = len(self.requests) - 1
        await trio.sleep(self.delays[k] if k < len(self.delays) else 0)
        return request.legal[0].id

    async def end(self, ended: pb.MatchEnded) -> None:
        self.ended = ended


def play(seats, control=TimeControl.per_move(1.0), policy=FaultPolicy(), rounds=3, seed=4):
    async def main():
        return await run_match(MatchSpec("m", "duel", seed, {"rounds": rounds}), seats,
                               control, policy)
    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def secret_of(request: pb.DecisionRequest) -> int | None:
    return json.loads(request.observation.generic.json)["my_secret"]


def test_simultaneous_decisions_are_asked_in_parallel() -> None:
    both_asked = trio.Event()
    asked: list[int] = []

    class Rendezvous(ScriptedSeat):
        async def decide(self, request: pb.DecisionRequest) -> int:
            if request.kind == "bid":
                asked.append(request.seat)
                if len(asked) % 2 == 0:
                    both_asked.set()
                # Neither answers until both were asked: a sequential runner would hang here.
                await both_asked.wait()
            return await super().decide(request)

    record = play([Rendezvous("a"), Rendezvous("b")], rounds=1)
    assert record.result is not None and record.result.termination is Termination.NORMAL
    assert sorted(asked) == [0, 1]


def test_a_seat_sees_its_own_secret_and_never_the_others() -> None:
    seats = [ScriptedSeat("a"), ScriptedSeat("b")]
    play(seats, rounds=4, seed=11)
    for seat in seats:
        bids = [r for r in seat.requests if r.kind == "bid"]
        secrets = [secret_of(r) for r in bids]
        # What the seat is told about each finished round is its own secret, nothing else.
        told = [e for r in seat.requests for e in r.events if "secret" in e]
        assert told == [f"your secret was {s}" for s in secrets[:len(told)]]
        assert len(told) == 3


def test_changing_a_hidden_secret_leaves_the_other_observation_unchanged() -> None:
    from tests.support.duel import GAME

    state = GAME.new_match(3, 5, {"rounds": 2})
    before = [state.observation(s) for s in (1, 2, None)]
    state.secrets[0] = state.secrets[0] % 6 + 1  # a different secret, still 1..6
    after = [state.observation(s) for s in (1, 2, None)]
    assert before == after
    assert state.observation(0).my_secret == state.secrets[0]


def test_a_slow_seat_times_out_on_the_servers_clock() -> None:
    seats = [ScriptedSeat("slow", [0, 50.0]), ScriptedSeat("fast")]
    record = play(seats, control=TimeControl(move_time=2.0, margin=0.05, first_move_extra=0))
    assert record.result is not None
    assert record.result.termination is Termination.TIMEOUT
    assert record.result.ranks == (1, 0)
    assert seats[0].ended is not None and seats[0].ended.result.forfeited_seats == [0]


def test_the_first_move_allowance_and_margin_are_honoured() -> None:
    # 2.5 s on the first decision: within 2 s + 1 s allowance. 2.04 s later: within the margin.
    seats = [ScriptedSeat("a", [2.5, 2.04]), ScriptedSeat("b")]
    record = play(seats, control=TimeControl(move_time=2.0, margin=0.05, first_move_extra=1.0))
    assert record.result is not None and record.result.termination is Termination.NORMAL
    assert record.steps[0][0].time_used == pytest.approx(2.5)


def test_a_clock_runs_down_and_the_increment_is_added() -> None:
    control = TimeControl(move_time=None, base=5, increment=1, margin=0.05, first_move_extra=0)
    parsed = TimeControl.parse_clock("5+1")
    assert (parsed.base, parsed.increment, parsed.move_time) == (5, 1, None)
    clock = Clock(control)
    assert clock.limit() == 5
    clock.charge(3)
    assert clock.limit() == 3  # 5 - 3 + 1
    # Seat 0 is asked twice per round (the call in rounds 1 and 3, every bid): 4 + 4 > 5 + 1.
    seats = [ScriptedSeat("a", [4.0, 4.0, 4.0]), ScriptedSeat("b")]
    record = play(seats, control=control)
    assert record.result is not None
    assert record.result.termination is Termination.TIMEOUT
    assert record.faults[0].timeouts == 1


def test_default_policy_plays_on_and_max_strikes_forfeits() -> None:
    slow = [0, 9.0, 9.0, 9.0, 9.0]
    record = play([ScriptedSeat("slow", slow), ScriptedSeat("b")],
                  control=TimeControl(move_time=1.0, first_move_extra=0),
                  policy=FaultPolicy("default"))
    assert record.result is not None and record.result.termination is Termination.NORMAL
    assert record.faults[0].timeouts == 4
    record = play([ScriptedSeat("slow", slow), ScriptedSeat("b")],
                  control=TimeControl(move_time=1.0, first_move_extra=0),
                  policy=FaultPolicy("default", max_strikes=2))
    assert record.result is not None and record.result.termination is Termination.TIMEOUT
    assert record.faults[0].timeouts == 2


def test_a_resigning_seat_is_ranked_last_under_any_policy() -> None:
    class Resigner(ScriptedSeat):
        async def decide(self, request: pb.DecisionRequest) -> int:
            raise SeatFault(Termination.RESIGN, "a resigned")

    record = play([ScriptedSeat("a"), Resigner("b")], policy=FaultPolicy("default"))
    assert record.result is not None
    assert record.result.termination is Termination.RESIGN
    assert record.result.ranks == (0, 1)


def test_time_controls_reject_bad_values() -> None:
    with pytest.raises(ValueError, match="BASE\\+INC"):
        TimeControl.parse_clock("fast")
    with pytest.raises(ValueError, match="above 0"):
        TimeControl.per_move(0)
    with pytest.raises(ValueError, match="forfeit, default"):
        FaultPolicy("ignore")


def test_a_late_spectator_gets_the_public_log_so_far_then_every_step() -> None:
    feeds: dict = {}
    late = Collector()

    class JoinsLate(ScriptedSeat):
        async def decide(self, request: pb.DecisionRequest) -> int:
            if len(self.requests) == 2:  # before step 4 (a calls, both bid, b calls)
                feeds["m"].add(late)
            return await super().decide(request)

    async def main():
        return await run_match(MatchSpec("m", "duel", 4, {"rounds": 3}),
                               [JoinsLate("a"), ScriptedSeat("b")], TimeControl.per_move(1.0),
                               feeds=feeds)

    record = trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert feeds == {}  # the finished match left the live list
    kinds = [m.WhichOneof("message") if isinstance(m, pb.WatchMatchResponse) else m
             for m in late.items]
    updates = [m.update for m in late.items
               if isinstance(m, pb.WatchMatchResponse) and m.HasField("update")]
    assert kinds[0] == "match_started" and kinds[-2:] == ["match_ended", CLOSE]
    assert [u.step for u in updates] == list(range(3, len(record.steps) + 1))
    # On joining: the public log of the three steps so far (no seat's secret), then per step.
    assert list(updates[0].events) == [
        "round 1: multiplier 1", "bids (0, 0); scores [0, 0]", "round 2: multiplier 1"]
    assert list(updates[1].events) == ["bids (0, 0); scores [0, 0]"]
    assert not any("secret" in e for u in updates for e in u.events)


def test_a_seat_is_charged_until_its_answer_arrived_not_until_its_match_woke() -> None:
    class ArrivesEarly(ScriptedSeat):
        """Its answer arrives 0.1 s in, but the match's task only runs 2 s in."""

        async def decide(self, request: pb.DecisionRequest) -> int:
            self.arrived = trio.current_time() + 0.1
            with trio.CancelScope(shield=True):
                await trio.sleep(2.0)
            return request.legal[0].id  # no checkpoint: the answer is in, as a bot's would be

        def answered_at(self) -> float | None:
            return self.arrived

    record = play([ArrivesEarly("a"), ScriptedSeat("b")], control=TimeControl.per_move(1.0),
                  rounds=1)
    assert record.result.termination is Termination.NORMAL
    first = record.steps[0][0]
    assert first.seat == 0 and first.time_used == pytest.approx(0.1)
