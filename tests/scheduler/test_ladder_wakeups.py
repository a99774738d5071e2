"""The ladder never misses what it waits for: bots connecting, matches ending."""

from __future__ import annotations

import functools
from pathlib import Path

import trio
import trio.testing

import arena
from arena._hub import BotSession, Hub
from scheduler._ladder import run_ladder
from scheduler._store import Store
from scheduler._timecontrol import TimeControl
from tests.support.harness import Collector, run_in_arena


class _ConnectAtNextSpawn(trio.abc.Instrument):
    """Once armed, connects ``late`` in the step that spawns the next task: the ladder's
    step that found too few bots and starts the tasks that wait for a change, before they
    first run."""

    def __init__(self, hub: Hub, late: list[BotSession]) -> None:
        self.hub = hub
        self.late = late
        self.armed = False

    def task_spawned(self, task: trio.lowlevel.Task) -> None:
        if self.armed:
            self.connect()

    def connect(self) -> None:
        self.armed = False
        for session in self.late:
            self.hub.connect(session)


def test_bots_that_connect_as_the_ladder_begins_to_wait_are_paired(tmp_path: Path) -> None:
    # On a loaded CI machine the last two bots' Hellos were accepted in one step, just after
    # the ladder saw the first bot alone: it waited on for a change that had already come.
    store = Store(tmp_path / "wake.sqlite")
    first, *late = [BotSession(name, frozenset({"duel"}), 1, Collector())  # type: ignore[arg-type]
                    for name in ("a", "b", "c")]

    async def main(hosted: arena.Arena) -> list[str]:
        hook = _ConnectAtNextSpawn(hosted.hub, late)
        trio.lowlevel.add_instrument(hook)
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(functools.partial(
                    run_ladder, hosted, store, ["duel"], control=TimeControl.per_move(30.0),
                    max_matches=1))
                await trio.testing.wait_all_tasks_blocked()  # the ladder waits for bots
                hook.armed = True
                hosted.hub.connect(first)
                await trio.testing.wait_all_tasks_blocked()
                if hook.armed:  # the ladder started no task to wait: the others come now
                    hook.connect()
                    await trio.testing.wait_all_tasks_blocked()
                playing = sorted(s.name for s in (first, *late) if s.matches)
                nursery.cancel_scope.cancel()
        finally:
            trio.lowlevel.remove_instrument(hook)
        return playing

    try:
        assert len(run_in_arena(main)) == 2  # a match of two of the three bots started
    finally:
        store.close()
