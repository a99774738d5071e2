"""``arena watch`` follows a running Sol match (a spectator: public information only)."""

from __future__ import annotations

import subprocess

import trio

import arena
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BotPool, BotSpec
from scheduler._timecontrol import TimeControl
from tests.scheduler.test_watch import CLI, ROOT, until
from tests.support.harness import RANDOM_PROCESS, GatedSeat, run_in_arena


def test_a_sol_match_is_followed_to_its_end() -> None:
    async def main(hosted: arena.Arena) -> tuple[str, object]:
        pool = BotPool([BotSpec.parse(f"a={RANDOM_PROCESS}"),
                        BotSpec.parse(f"b={RANDOM_PROCESS}")], hosted)
        gate = trio.Event()
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            seats = [GatedSeat(await pool.seat("a"), gate), GatedSeat(await pool.seat("b"), gate)]
            played: list[object] = []

            async def play() -> None:
                played.append(await run_match(
                    MatchSpec("sunwatch", "sol", 3, {"turn_limit": 8}), seats,
                    TimeControl.per_move(5), feeds=hosted.hub.feeds))

            nursery.start_soon(play)
            await until(lambda: "sunwatch" in hosted.hub.feeds)
            watcher = await trio.lowlevel.open_process(
                [*CLI, "watch", "sunwatch", "--address", hosted.address],
                cwd=ROOT, stdout=subprocess.PIPE)
            feed = hosted.hub.feeds["sunwatch"]
            await until(lambda: bool(feed.watchers))
            gate.set()
            assert watcher.stdout is not None
            output = b""
            async for chunk in watcher.stdout:
                output += chunk
            await watcher.wait()
            pool.stop()
        return output.decode(), played[0]

    output, record = run_in_arena(main)
    lines = output.splitlines()
    assert lines[0] == "sunwatch (sol): seat 0 a, seat 1 b"
    assert len([line for line in lines if line.startswith("  [")]) >= len(record.steps)  # type: ignore[attr-defined]
    assert lines[-1].startswith("ended:") and "turn_limit" in lines[-1], lines[-1]
