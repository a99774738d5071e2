"""CPU-time clocks for launched bots (``--clock cpu``): waiting costs a bot nothing, thinking
does, and a bot that waits past the wall-time cap still times out (real processes)."""

from __future__ import annotations

import pytest

from engine import Termination
from scheduler._runner import CPU_CLOCK_WALL_EXTRA, CPU_CLOCK_WALL_FACTOR
from tests.support.harness import play_against_random, scripted


def test_waiting_is_free_on_a_cpu_clock_and_charged_on_a_wall_clock() -> None:
    # Sleeps 1 s at its second decision, with 0.5 s a move: no CPU used, 1 s waited.
    sleeper = scripted("sleep", at=2, seconds=1.0)
    on_wall = play_against_random(sleeper, 0.5, cpu_clock=False)
    assert on_wall.result is not None and on_wall.result.termination is Termination.TIMEOUT
    on_cpu = play_against_random(sleeper, 0.5, cpu_clock=True)
    assert on_cpu.result is not None
    assert on_cpu.result.termination is Termination.NORMAL, on_cpu.result.reason
    mine = [a for step in on_cpu.steps for a in step if a.seat == 0]
    assert all(a.cpu_used is not None and a.cpu_used < 0.5 for a in mine)
    assert max(a.time_used for a in mine) >= 1.0  # both figures are recorded


def test_thinking_past_the_limit_is_a_timeout_on_a_cpu_clock() -> None:
    record = play_against_random(scripted("spin", at=2, seconds=3.0), 0.3, cpu_clock=True)
    assert record.result is not None and record.result.termination is Termination.TIMEOUT
    assert "of CPU time" in record.result.reason


@pytest.mark.parametrize("move_time", [0.2])
def test_waiting_past_the_wall_cap_is_a_timeout_on_a_cpu_clock(move_time: float) -> None:
    cap = move_time * CPU_CLOCK_WALL_FACTOR + CPU_CLOCK_WALL_EXTRA
    sleeper = scripted("sleep", at=2, seconds=cap + 3)
    record = play_against_random(sleeper, move_time, cpu_clock=True)
    assert record.result is not None and record.result.termination is Termination.TIMEOUT
    assert f"{cap:.3f} s of wall time" in record.result.reason
