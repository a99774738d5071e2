"""``arena matches --live`` and ``arena watch``: a terminal follows a running match."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import trio

import arena
from scheduler._runner import MatchSpec
from tests.support.harness import RANDOM_PROCESS, watched_match

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "scheduler.cli"]


def test_a_running_match_is_listed_and_followed_to_its_end() -> None:
    async def listed(hosted: arena.Arena) -> str:
        done = await trio.run_process([*CLI, "matches", "--live", "--address", hosted.address],
                                      cwd=ROOT, capture_stdout=True, capture_stderr=True)
        return done.stdout.decode()

    output, record, live = watched_match(
        [f"a={RANDOM_PROCESS}", f"b={RANDOM_PROCESS}"],
        MatchSpec("followed", "duel", 3, {"rounds": 4}), listed)
    assert "followed  duel  seat 0 a, seat 1 b  running" in live
    lines = output.splitlines()
    assert lines[0] == "followed (duel): seat 0 a, seat 1 b"
    assert len([line for line in lines if line.startswith("  [")]) >= len(record.steps)
    assert lines[-1].startswith("ended: a #") and "normal" in lines[-1]


def test_watching_without_a_server_names_the_address() -> None:
    result = subprocess.run([*CLI, "watch", "some-match", "--address", "127.0.0.1:1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "no arena answers at 127.0.0.1:1" in result.stderr
