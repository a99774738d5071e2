"""``arena matches --live`` and ``arena watch``: a terminal follows a running match."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import trio

import arena
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BotPool, BotSpec
from scheduler._timecontrol import TimeControl
from tests.support.harness import RANDOM_PROCESS, GatedSeat, run_in_arena

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "scheduler.cli"]


async def until(condition: Callable[[], bool]) -> None:
    """Poll ``condition`` under a deadline (what it waits for happens in another process)."""
    with trio.fail_after(30):
        while not condition():
            await trio.sleep(0.01)


def test_a_running_match_is_listed_and_followed_to_its_end() -> None:
    async def main(hosted: arena.Arena) -> tuple[str, str, object]:
        pool = BotPool([BotSpec.parse(f"a={RANDOM_PROCESS}"),
                        BotSpec.parse(f"b={RANDOM_PROCESS}")], hosted)
        gate = trio.Event()  # the match waits until the watcher is in
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            seats = [GatedSeat(await pool.seat("a"), gate), GatedSeat(await pool.seat("b"), gate)]
            played: list[object] = []

            async def play() -> None:
                played.append(await run_match(
                    MatchSpec("followed", "duel", 3, {"rounds": 4}), seats,
                    TimeControl.per_move(5), feeds=hosted.hub.feeds))

            nursery.start_soon(play)
            await until(lambda: "followed" in hosted.hub.feeds)
            listed = await trio.run_process(
                [*CLI, "matches", "--live", "--address", hosted.address],
                cwd=ROOT, capture_stdout=True, capture_stderr=True)
            watcher = await trio.lowlevel.open_process(
                [*CLI, "watch", "followed", "--address", hosted.address],
                cwd=ROOT, stdout=subprocess.PIPE)
            feed = hosted.hub.feeds["followed"]
            await until(lambda: bool(feed.watchers))
            gate.set()
            assert watcher.stdout is not None
            output = b""
            async for chunk in watcher.stdout:
                output += chunk
            await watcher.wait()
            pool.stop()
        return listed.stdout.decode(), output.decode(), played[0]

    listed, output, record = run_in_arena(main)
    assert "followed  duel  seat 0 a, seat 1 b  running" in listed
    lines = output.splitlines()
    assert lines[0] == "followed (duel): seat 0 a, seat 1 b"
    assert len([line for line in lines if line.startswith("  [")]) >= len(record.steps)  # type: ignore[attr-defined]
    assert lines[-1].startswith("ended: a #") and "normal" in lines[-1]


def test_watching_without_a_server_names_the_address() -> None:
    result = subprocess.run([*CLI, "watch", "some-match", "--address", "127.0.0.1:1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "no arena answers at 127.0.0.1:1" in result.stderr
