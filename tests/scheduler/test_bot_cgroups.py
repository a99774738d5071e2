"""A cgroup per launched bot process (``arena._cgroups``): a CPU clock charges what the bot's
child processes compute, and nothing a bot starts outlives it, even a process that left its
session (real processes, a real cgroup v2 folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena import _cgroups
from engine import Termination
from tests.support.harness import play_against_random, scripted

pytestmark = pytest.mark.skipif(
    _cgroups.tree() is None,
    reason="no cgroup v2 folder this process may make and move processes into (the launcher "
           "then counts the bot's own process only)")


def test_a_cpu_clock_charges_what_a_child_process_computes() -> None:
    # At its second decision a child computes 0.3 s of CPU while the bot's process waits.
    record = play_against_random(scripted("spin-child", at=2, seconds=0.3), 5.0, cpu_clock=True)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason
    mine = [a for step in record.steps for a in step if a.seat == 0]
    assert max(a.cpu_used or 0.0 for a in mine) >= 0.3


def test_a_child_computing_past_the_limit_is_a_timeout() -> None:
    # 1 s of CPU in the child, well within the wall cap (1.9 s) on an idle core: only the
    # child's CPU time, counted, makes this a timeout there.
    record = play_against_random(scripted("spin-child", at=2, seconds=1.0), 0.3, cpu_clock=True)
    assert record.result is not None and record.result.termination is Termination.TIMEOUT
    assert "of CPU time" in record.result.reason


def test_a_process_that_left_its_session_dies_with_the_bot(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    pid_file = tmp_path / "escaped.pid"
    monkeypatch.setenv("SCRIPTED_BOT_LOG", str(pid_file))
    escaped = None
    try:
        record = play_against_random(scripted("escape", at=1), 5.0, cpu_clock=True)
        assert record.result is not None
        escaped = int(pid_file.read_text())
        assert _wait_gone(escaped), \
            f"process {escaped}, started in a session of its own, outlived its bot"
    finally:
        if escaped is not None:
            try:
                os.kill(escaped, 9)
            except ProcessLookupError:
                pass


def _wait_gone(pid: int, seconds: float = 30.0) -> bool:
    """Whether ``pid`` ends (or is a zombie) within ``seconds``, polled through a pidfd."""
    import select

    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([pidfd], [], [], seconds)[0])
    finally:
        os.close(pidfd)
