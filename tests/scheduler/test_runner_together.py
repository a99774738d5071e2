"""A step of simultaneous choices between launched bots is asked by one task that writes
every request, then waits on all their pipes at once (``_Match.ask_together``, over a
``PipeSet``); any other step is asked with a task per seat. Each rule of a step is played
here with real bot processes through both ways, so that each way is held to it (the duel
game: a public call by one seat, then a bid by every seat at once, each round)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import trio

from arena._pipes import PipeSet
from engine import Termination
from scheduler import _runner
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BotPool, BotSpec
from scheduler._timecontrol import FaultPolicy, TimeControl
from tests.support.harness import RANDOM_PROCESS, TEST_DEADLINE, alive, play_match, scripted, until

ROUNDS = {"rounds": 3}
# Each round of a duel of two: seat 0 or 1 calls (a step of its own), then both bid. Step 3
# of the record is the second round's bids, each process's third decision: the first step
# of bids may be asked a task per seat (a process that has just said Hello may still be
# writing its first messages, and only a pipe that takes a request at once is waited on
# together), later ones together.
BIDS = 3
BIDS_DECISION = 3


@dataclass
class Way:
    """How the test's matches are asked, and the steps (match id, index in its record)
    that ``ask_together`` asked."""

    together: bool
    steps: list[tuple[str, int]] = field(default_factory=list)

    def check(self, step: int, match_id: str = "test-match") -> None:
        """The step was asked the test's way."""
        assert ((match_id, step) in self.steps) == self.together, self.steps


@pytest.fixture(params=[True, False], ids=["together", "a task per seat"])
def way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Way:
    """Asks the steps of bids of the test's matches with ``ask_together``, or a task per
    seat (where no ``PipeSet`` can be had), noting which steps the first asked."""
    way = Way(request.param)
    ask_together = _runner._Match.ask_together

    async def noted(self: Any, *args: Any) -> None:
        way.steps.append((self.spec.match_id, len(self.record.steps)))
        await ask_together(self, *args)

    monkeypatch.setattr(_runner._Match, "ask_together", noted)
    if not way.together:
        monkeypatch.setattr(PipeSet, "available", staticmethod(lambda: False))
    return way


def test_two_seats_timing_out_in_the_same_step_both_forfeit(way: Way) -> None:
    # Both sleep through the same bids: whichever pipe is looked at first, both time out.
    sleeper = scripted("sleep", at=BIDS_DECISION, seconds=3)
    record = play_match([f"a={sleeper}", f"b={sleeper}"], options=ROUNDS,
                        control=TimeControl.per_move(0.3, 0.0))
    way.check(BIDS)
    assert record.result is not None
    assert record.result.termination is Termination.TIMEOUT, record.result.reason
    assert record.result.forfeited == (0, 1) and record.result.ranks == (0, 0)
    assert [f.timeouts for f in record.faults] == [1, 1]
    assert record.result.reason.count("did not answer") == 2


def test_a_forfeit_ends_the_ask_of_a_seat_still_thinking(way: Way) -> None:
    # Seat 1 thinks for 100 s on a 30 s clock; seat 0's illegal bid ends the match at once,
    # and seat 1, still in time, is charged nothing (waiting for it would time it out).
    record = play_match([f"cheat={scripted('illegal', at=BIDS_DECISION)}",
                         f"slow={scripted('sleep', at=BIDS_DECISION, seconds=100)}"],
                        options=ROUNDS, control=TimeControl.per_move(30.0, 0.0))
    way.check(BIDS)
    assert record.result is not None
    assert record.result.termination is Termination.ILLEGAL_ACTION, record.result.reason
    assert record.result.forfeited == (0,)
    assert record.faults[1].total == 0


def test_the_other_seats_answer_is_read_while_a_lost_bot_is_told_apart(way: Way) -> None:
    # Seat 1 closes its output at its bid and lives on: telling a crash from a disconnect
    # waits 2 s for its process. Seat 0 answers its bid after 0.2 s of a 1.5 s move: it is
    # charged until its answer came, not until the arena knew what seat 1 did.
    record = play_match([f"a={scripted('sleep', at=BIDS_DECISION, seconds=0.2)}",
                         f"gone={scripted('disconnect', at=BIDS_DECISION)}"], options=ROUNDS,
                        control=TimeControl.per_move(1.5, 0.0), policy=FaultPolicy("default"))
    way.check(BIDS)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason
    assert record.faults[1].disconnects == 1
    assert record.faults[0].total == 0
    bid = next(a for a in record.steps[BIDS] if a.seat == 0)
    assert 0.2 <= bid.time_used < 1.5 and not bid.defaulted


def test_a_resign_sent_out_of_turn_forfeits(way: Way) -> None:
    record = play_match([f"b={RANDOM_PROCESS}",
                         f"quitter={scripted('resign', at=BIDS_DECISION)}"], options=ROUNDS)
    way.check(BIDS)
    assert record.result is not None
    assert record.result.termination is Termination.RESIGN
    assert record.result.forfeited == (1,) and record.result.ranks == (0, 1)


def play_twice(bots: list[str], control: TimeControl) -> tuple[list[MatchRecord],
                                                               dict[str, list[int]]]:
    """Two matches of two rounds in turn from one pool (the default policy plays on after
    a timeout; the second round's bids are each bot's last decision): their records, and
    the pid of each bot's process in each."""
    specs = [BotSpec.parse(text) for text in bots]

    async def main() -> tuple[list[MatchRecord], dict[str, list[int]]]:
        records: list[MatchRecord] = []
        pids: dict[str, list[int]] = {spec.name: [] for spec in specs}
        with trio.fail_after(TEST_DEADLINE):
            pool = BotPool(specs)  # no --recover: a late process is replaced regardless
            async with trio.open_nursery() as nursery:
                await pool.start(nursery)
                for n in range(2):
                    seats = [await pool.seat(spec.name) for spec in specs]
                    for spec, seat in zip(specs, seats, strict=True):
                        pids[spec.name].append(seat.process.pid)  # type: ignore[attr-defined]
                    records.append(await run_match(
                        MatchSpec(f"m{n}", "duel", n, {"rounds": 2}), seats, control,
                        FaultPolicy("default")))
                pool.stop()
        return records, pids

    return trio.run(main)


def test_a_bot_cut_at_its_deadline_is_replaced_and_the_other_kept(way: Way) -> None:
    (late, after), pids = play_twice(
        [f"slow={scripted('sleep', at=BIDS_DECISION, seconds=2)}", f"b={RANDOM_PROCESS}"],
        TimeControl.per_move(0.3, 0.0))
    way.check(BIDS, "m0")
    # Its one timeout, in the last step: a step asked together cuts it at its deadline.
    assert late.faults[0].timeouts == 1 and late.faults[1].total == 0
    assert pids["slow"][1] != pids["slow"][0] and not alive(pids["slow"][0])
    assert pids["b"][1] == pids["b"][0]  # cut by nobody: it plays on
    assert after.result is not None and after.result.termination is Termination.NORMAL


def test_a_wait_shorter_than_one_under_way_ends_at_its_own_time(
        way: Way, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The waits of every match in the run are ended at their time by one alarm: match A's
    # bot holds its first decision on a 60 s clock; match B, started meanwhile on a 0.3 s
    # clock, has a bot that sleeps 100 s. B's seat times out at its own deadline (1.3 s with
    # the first move's extra second), not at A's.
    release = tmp_path / "release"
    monkeypatch.setenv("SCRIPTED_BOT_RELEASE", str(release))
    specs = [BotSpec.parse(text) for text in (
        f"held={scripted('hold', **{'hold-at': 1})}", f"b={RANDOM_PROCESS}",
        f"slow={scripted('sleep', at=1, seconds=100)}", f"c={RANDOM_PROCESS}")]
    records: dict[str, MatchRecord] = {}
    waited: list[float] = []

    async def play(match_id: str, seats: list[Any], seconds: float) -> None:
        records[match_id] = await run_match(MatchSpec(match_id, "duel", 1, ROUNDS), seats,
                                            TimeControl.per_move(seconds, 0.0))

    async def main() -> None:
        with trio.fail_after(TEST_DEADLINE):
            pool = BotPool(specs)
            async with trio.open_nursery() as nursery:
                await pool.start(nursery)
                seats = {spec.name: await pool.seat(spec.name) for spec in specs}
                nursery.start_soon(play, "A", [seats["held"], seats["b"]], 60.0)
                await until(lambda: Path(f"{release}.1.held").exists())
                asked = trio.current_time()
                await play("B", [seats["slow"], seats["c"]], 0.3)
                waited.append(trio.current_time() - asked)
                Path(f"{release}.1").touch()
                await until(lambda: "A" in records)
                pool.stop()

    trio.run(main)
    way.check(0, "B")
    late = records["B"]
    assert late.result is not None and late.result.termination is Termination.TIMEOUT
    assert late.faults[0].timeouts == 1
    assert late.steps == []  # it timed out at its first decision, the match's first step
    assert waited[0] < 30  # 1.3 s and what a loaded machine adds; not A's 60 s
    done = records["A"]
    assert done.result is not None and done.result.termination is Termination.NORMAL
