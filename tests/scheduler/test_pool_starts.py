"""The bot pool starts the processes that are needed at once together, not one after another
(real processes that say Hello only once enough of them have started)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import trio

from arena._launcher import Launch
from scheduler._seating import BotPool, BotSpec, _DeadSeat

PYTHON = sys.executable
T = TypeVar("T")

# Leaves a mark in a folder, then (unless its mark is one of the first ``go_alone``) waits
# until the folder holds enough marks before it becomes a random bot: a process started only
# after another one's Hello would never see enough of them.
_BARRIER = r"""
import os, pathlib, sys, time
folder, enough, go_alone = pathlib.Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
(folder / str(os.getpid())).touch()
alone = len(list(folder.iterdir())) <= go_alone
deadline = time.monotonic() + 60
while not alone and len(list(folder.iterdir())) < enough:
    if time.monotonic() > deadline:
        sys.exit(f"only {len(list(folder.iterdir()))} of {enough} processes started")
    time.sleep(0.01)
os.execv(sys.executable, [sys.executable, "-m", "bots.run", "random"])
"""


def _barrier(folder: Path, enough: int, go_alone: int = 0) -> str:
    return (f"{PYTHON} -c {shlex.quote(_BARRIER)} {shlex.quote(str(folder))} {enough} "
            f"{go_alone}")


def _with_started(pool: BotPool, then: Callable[[], Awaitable[T]]) -> T:
    """Start ``pool`` (bounded in time), run ``then``, stop the pool's processes."""

    async def main() -> T:
        with trio.fail_after(90):
            async with trio.open_nursery() as nursery:
                try:
                    await pool.start(nursery)
                    return await then()
                finally:
                    pool.stop()

    return trio.run(main)


def test_the_first_processes_of_all_the_bots_start_together(tmp_path: Path) -> None:
    command = _barrier(tmp_path, 2)
    pool = BotPool([BotSpec.parse(f"a={command}"), BotSpec.parse(f"b={command}")],
                   launch=Launch(startup_timeout=30))

    async def started() -> list[int]:
        return [len(pool.instances[name]) for name in ("a", "b")]

    assert _with_started(pool, started) == [1, 1]


def test_the_processes_the_first_matches_need_start_together_before_any_match(
        tmp_path: Path) -> None:
    # two matches at once of the same two bots: four processes, none of them alone
    command = _barrier(tmp_path, 4)
    pool = BotPool([BotSpec.parse(f"a={command}"), BotSpec.parse(f"b={command}")],
                   launch=Launch(startup_timeout=30))

    async def started() -> list[int]:
        return [len(pool.instances[name]) for name in ("a", "b")]

    async def main() -> tuple[list[int], list[bool]]:
        with trio.fail_after(90):
            async with trio.open_nursery() as nursery:
                try:
                    await pool.start(nursery, [["a", "b"], ["b", "a"]])
                    counts = await started()
                    # both matches find their processes free: no new start, no dead seat
                    seats = [*await pool.seats(["a", "b"], deal=0),
                             *await pool.seats(["b", "a"], deal=0)]
                    return counts, [isinstance(seat, _DeadSeat) for seat in seats]
                finally:
                    pool.stop()

    counts, dead = trio.run(main)
    assert counts == [2, 2]
    assert dead == [False] * 4
    assert len(list(tmp_path.iterdir())) == 4


def test_matches_that_each_need_a_new_process_of_one_bot_start_them_together(
        tmp_path: Path) -> None:
    # the first process (the pool's start) goes alone; the next two wait for each other
    pool = BotPool([BotSpec.parse(f"a={_barrier(tmp_path, 3, go_alone=1)}")],
                   launch=Launch(startup_timeout=30))

    async def two_more() -> list[bool]:
        await pool.seat("a", deal=0)  # the first process is busy from now on
        seats = []

        async def take(deal: int) -> None:
            seats.append(await pool.seat("a", deal=deal))

        async with trio.open_nursery() as matches:
            matches.start_soon(take, 1)
            matches.start_soon(take, 2)
        return [isinstance(seat, _DeadSeat) for seat in seats]

    assert _with_started(pool, two_more) == [False, False]
    assert len(list(tmp_path.iterdir())) == 3


def test_a_match_that_needs_new_processes_of_two_bots_starts_them_together(
        tmp_path: Path) -> None:
    # the pool's first two processes go alone; a match's next two wait for each other
    command = _barrier(tmp_path, 4, go_alone=2)
    pool = BotPool([BotSpec.parse(f"a={command}"), BotSpec.parse(f"b={command}")],
                   launch=Launch(startup_timeout=30))

    async def second_match() -> list[bool]:
        await pool.seats(["a", "b"], deal=0)  # the first processes are busy from now on
        seats = await pool.seats(["b", "a"], deal=1)
        return [isinstance(seat, _DeadSeat) for seat in seats] + [
            seat.name == name for seat, name in zip(seats, ["b", "a"], strict=True)]

    assert _with_started(pool, second_match) == [False, False, True, True]
    assert len(list(tmp_path.iterdir())) == 4
