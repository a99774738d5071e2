"""The runner under load: a bot's time starts when its request is written to its stream, and
engine work runs off the thread that times the bots while other remote matches run.

The remote seats here are real ``RemoteSeat``s on a real ``Hub``; the test plays the
stream's writer (``on_the_wire``, as the Play handler calls it) and the bot (moves through
``Hub.receive``), with trio's MockClock, so that holding a request back costs no wall time.
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

import pytest
import trio
import trio.testing

import engine
from arena._hub import BotSession, Hub, RemoteSeat, on_the_wire
from arena._seats import UNSENT_GRACE
from arena.v1 import arena_service_pb2 as pb
from engine import Game, Termination
from scheduler import _runner
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._timecontrol import TimeControl
from tests.support import duel

CONTROL = TimeControl.per_move(0.1, margin=0.05)


class Wire:
    """A bot stream's outbox that a test task drains, as the Play handler's writer would."""

    def __init__(self) -> None:
        self.send, self.receive = trio.open_memory_channel[Any](1000)

    def put(self, item: Any) -> None:
        self.send.send_nowait(item)


def session_on(hub: Hub, name: str) -> tuple[BotSession, Wire]:
    wire = Wire()
    session = BotSession(name, frozenset(), 0, wire)  # type: ignore[arg-type]
    hub.connect(session)
    return session, wire


async def answer_all(hub: Hub, session: BotSession, wire: Wire, hold: float = 0.0,
                     think: float = 0.0, write: bool = True) -> None:
    """Answer every decision request with its first legal action: each is held ``hold`` s in
    the outbox before it is written, and answered ``think`` s after (``write``: else never
    written)."""
    async for item in wire.receive:
        if not hasattr(item, "decision_id"):  # MatchStarted / MatchEnded: nothing to answer
            continue
        await trio.sleep(hold)
        if not write:
            continue
        message = on_the_wire(item)
        if message is None:
            continue
        await trio.sleep(think)
        request = message.decision_request
        hub.receive(session, pb.PlayRequest(move=pb.Move(
            match_id=request.match_id, decision_id=request.decision_id,
            action_id=request.legal[0].id)))


def remote_seats(hub: Hub, bots: trio.Nursery, names: tuple[str, ...], hold: float = 0.0,
                 think: float = 0.0, write: bool = True) -> list[RemoteSeat]:
    """A remote seat per name, each answered by an ``answer_all`` task in ``bots``."""
    seats = []
    for name in names:
        session, wire = session_on(hub, name)
        seats.append(RemoteSeat(session))
        bots.start_soon(answer_all, hub, session, wire, hold, think, write)
    return seats


def remote_match(hold: float, think: float, write: bool = True) -> MatchRecord:
    """A one-round duel of two remote seats, its requests handled as ``answer_all`` says."""
    async def main() -> MatchRecord:
        hub = Hub()
        async with trio.open_nursery() as bots:
            seats = remote_seats(hub, bots, ("a", "b"), hold, think, write)
            record = await run_match(MatchSpec("m", "duel", 3, {"rounds": 1}), seats, CONTROL)
            bots.cancel_scope.cancel()
        return record

    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_a_request_held_back_in_the_outbox_does_not_count_against_the_bot() -> None:
    # Held 0.5 s before it is written (five times the move time), answered 0.01 s after.
    record = remote_match(hold=0.5, think=0.01)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason
    used = [a.time_used for step in record.steps for a in step]
    assert used and all(u == pytest.approx(0.01) for u in used), used


def test_the_time_after_the_request_is_written_is_the_bots() -> None:
    record = remote_match(hold=0.0, think=0.2)  # past 0.1 s and the 0.05 s margin
    assert record.result is not None
    assert record.result.termination is Termination.TIMEOUT
    assert "did not answer within 0.100 s" in record.result.reason


def test_a_request_never_written_still_times_out_after_the_grace() -> None:
    async def main() -> tuple[MatchRecord, float]:
        began = trio.current_time()
        hub = Hub()
        async with trio.open_nursery() as bots:
            seats = remote_seats(hub, bots, ("a", "b"), write=False)
            record = await run_match(MatchSpec("m", "duel", 3, {"rounds": 1}), seats, CONTROL)
            bots.cancel_scope.cancel()
        return record, trio.current_time() - began

    record, took = trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert record.result is not None and record.result.termination is Termination.TIMEOUT
    timeout = 0.1 + 0.05 + CONTROL.first_move_extra
    assert took == pytest.approx(timeout + max(timeout, UNSENT_GRACE))


class _ThreadsState(duel.DuelState):
    """The duel, noting the thread every step is applied on."""

    threads: list[int] = []

    def _apply(self, choices: dict[int, Any]) -> None:
        self.threads.append(threading.get_ident())
        super()._apply(choices)


THREADS = Game(dataclasses.replace(duel.GAME.info, name="duel-threads"), _ThreadsState)


@pytest.fixture
def threads_game():
    engine.register(THREADS)
    _ThreadsState.threads = []
    try:
        yield _ThreadsState.threads
    finally:
        engine.unregister("duel-threads")


def test_engine_work_runs_off_the_loop_thread_while_other_remote_matches_run(
        threads_game: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    # Any step is long enough to offload (a duel's steps take microseconds, far below the
    # default threshold; what is tested is that the work then leaves the loop's thread).
    monkeypatch.setattr(_runner, "OFFLOAD_AFTER", 0.0)

    async def main() -> tuple[int, list[MatchRecord]]:
        hub = Hub()
        records: list[MatchRecord] = []
        async with trio.open_nursery() as bots:
            async def one(match_id: str) -> None:
                seats = remote_seats(hub, bots, (f"{match_id}-a", f"{match_id}-b"),
                                     think=0.001)
                records.append(await run_match(
                    MatchSpec(match_id, "duel-threads", 3, {"rounds": 3}), seats, CONTROL))

            async with trio.open_nursery() as matches:
                matches.start_soon(one, "m1")
                matches.start_soon(one, "m2")
            bots.cancel_scope.cancel()
        return threading.get_ident(), records

    loop_thread, records = trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert all(r.result is not None and r.result.termination is Termination.NORMAL
               for r in records)
    assert len(threads_game) == 2 * 6  # 3 rounds of a call and a bid, two matches
    # Every step while the other match ran was off the loop thread; the last steps of the
    # match that finished second, alone by then, may run inline.
    assert sum(t != loop_thread for t in threads_game) >= 6
    assert threads_game[:4] and all(t != loop_thread for t in threads_game[:4])


def test_a_lone_match_runs_its_engine_inline_and_offload_true_forces_the_worker(
        threads_game: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_runner, "OFFLOAD_AFTER", 0.0)  # alone, even so: no one to hold up
    async def main(offload: bool | None) -> int:
        hub = Hub()
        async with trio.open_nursery() as bots:
            seats = remote_seats(hub, bots, ("a", "b"))
            await run_match(MatchSpec("m", "duel-threads", 3, {"rounds": 2}), seats, CONTROL,
                            offload=offload)
            bots.cancel_scope.cancel()
        return threading.get_ident()

    loop_thread = trio.run(main, None)
    assert threads_game and set(threads_game) == {loop_thread}
    threads_game.clear()
    loop_thread = trio.run(main, True)
    assert threads_game and loop_thread not in threads_game
