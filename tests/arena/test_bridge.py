"""The asyncio loop hosted by trio: hand-overs both ways, timers, threads, faults, shutdown."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import trio

from arena._bridge import AsyncioHost, _check_supported, open_asyncio_host


def hosted(body: Callable[[AsyncioHost], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        with trio.fail_after(10):
            async with open_asyncio_host() as host:
                return await body(host)

    return trio.run(main)


def test_run_returns_the_coroutine_result_and_raises_its_error() -> None:
    async def body(host: AsyncioHost) -> tuple[int, object]:
        async def double(x: int) -> int:
            await asyncio.sleep(0)
            return 2 * x

        async def fail() -> None:
            raise ValueError("from asyncio")

        with pytest.raises(ValueError, match="from asyncio"):
            await host.run(fail())
        async def running_loop() -> asyncio.AbstractEventLoop:
            return asyncio.get_running_loop()

        assert await host.run(running_loop()) is host.loop
        return await host.run(double(21)), asyncio.events._get_running_loop()

    value, outside = hosted(body)
    assert value == 42
    assert outside is None  # trio code never sees the loop as running


def test_asyncio_timers_fire_while_trio_is_idle() -> None:
    async def body(host: AsyncioHost) -> list[str]:
        order: list[str] = []

        async def later() -> None:
            await asyncio.sleep(0.05)
            order.append("asyncio timer")

        await host.run(later())
        order.append("trio resumed")
        return order

    assert hosted(body) == ["asyncio timer", "trio resumed"]


def test_a_worker_thread_result_wakes_the_loop() -> None:
    async def body(host: AsyncioHost) -> int:
        async def in_executor() -> int:
            return await asyncio.get_running_loop().run_in_executor(None, sum, range(10))

        return await host.run(in_executor())

    assert hosted(body) == 45


def test_outbox_items_arrive_in_order_and_asyncio_wakes_trio_directly() -> None:
    async def body(host: AsyncioHost) -> list[int]:
        outbox = host.outbox()
        received: list[int] = []
        all_in = trio.Event()

        async def drain() -> None:
            while (item := await outbox.get()) is not None:
                received.append(item)
            all_in.set()  # trio's API, called from an asyncio task

        task = host.loop.create_task(drain())
        host.wake()
        for i in range(100):
            outbox.put(i)
            if i % 10 == 0:
                await trio.lowlevel.checkpoint()
        outbox.put(None)
        await all_in.wait()
        assert task.done()
        return received

    assert hosted(body) == list(range(100))


def test_a_busy_asyncio_loop_does_not_starve_trio() -> None:
    async def body(host: AsyncioHost) -> int:
        spins = 0

        async def spin() -> None:
            nonlocal spins
            while True:
                spins += 1
                await asyncio.sleep(0)

        host.loop.create_task(spin())
        host.wake()
        await trio.sleep(0.05)  # returns although asyncio always has a ready callback
        return spins

    assert hosted(body) > 0


def test_a_failing_asyncio_callback_is_reported_and_the_loop_goes_on() -> None:
    async def body(host: AsyncioHost) -> tuple[list[str], int]:
        errors: list[str] = []
        host.loop.set_exception_handler(lambda loop, context: errors.append(
            repr(context.get("exception"))))
        host.loop.call_soon(lambda: 1 / 0)
        host.wake()

        async def answer() -> int:
            return 7

        return errors, await host.run(answer())

    errors, value = hosted(body)
    assert errors and "ZeroDivisionError" in errors[0]
    assert value == 7


def test_leaving_the_host_cancels_its_tasks_and_lets_them_clean_up() -> None:
    events: list[str] = []

    async def body(host: AsyncioHost) -> asyncio.AbstractEventLoop:
        started = trio.Event()

        async def forever() -> None:
            started.set()
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                await asyncio.sleep(0.01)  # cleanup that itself awaits
                events.append("cleaned up")
                raise

        host.loop.create_task(forever())
        host.wake()
        await started.wait()
        return host.loop

    loop = hosted(body)
    assert events == ["cleaned up"]
    assert loop.is_closed()


def test_a_loop_without_the_stepping_api_is_refused_clearly() -> None:
    with pytest.raises(RuntimeError, match="lacks _run_once, _ready"):
        _check_supported(object())  # type: ignore[arg-type]


def test_a_system_exit_inside_asyncio_ends_the_run_instead_of_being_swallowed() -> None:
    async def body(host: AsyncioHost) -> None:
        def leave() -> None:
            raise SystemExit(3)

        host.loop.call_soon(leave)
        host.wake()  # runs in the instrument hook, where trio would log and drop an error
        await trio.sleep_forever()

    with pytest.raises(BaseException) as caught:
        hosted(body)
    exits = [e for e in _leaves(caught.value) if isinstance(e, SystemExit)]
    assert exits and exits[0].code == 3


def _leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]


def test_an_abandoned_async_generator_of_asyncio_code_is_closed_by_asyncio() -> None:
    closed: list[bool] = []

    async def main() -> None:
        async with open_asyncio_host() as host:
            async def numbers():
                try:
                    yield 1
                    yield 2
                finally:  # cleanup that awaits: only the asyncio loop can run it
                    await asyncio.sleep(0)
                    closed.append(asyncio.get_running_loop() is host.loop)

            async def start_and_drop() -> None:
                generator = numbers()
                await generator.__anext__()
                del generator  # abandoned half way (CPython collects it here)

            await host.run(start_and_drop())
            with trio.fail_after(10):
                while not closed:
                    await host.run(asyncio.sleep(0))
                    await trio.sleep(0.01)  # host.run is shielded: here the deadline can fire

    trio.run(main)
    assert closed == [True]


# Ctrl-C landing in an asyncio callback that a timer ran (the signal is raised inside it).
# The server's shutdown then needs the loop once more, as serve() does to stop gRPC.
_CTRL_C_IN_ASYNCIO = """
import asyncio, signal, trio
from arena._bridge import open_asyncio_host

async def main():
    async with open_asyncio_host() as host:
        try:
            host.loop.call_later(0.01, signal.raise_signal, signal.SIGINT)
            host.wake()
            await trio.sleep_forever()
        finally:
            print(await host.run(asyncio.sleep(0.01, "shut down")))  # a timer of the loop

try:
    trio.run(main)
except* KeyboardInterrupt:
    print("interrupted")
"""

# A loop that failed (SystemExit in a callback), then asked to run more: an error, not a hang.
_RUN_AFTER_FAILURE = """
import asyncio, trio
from arena._bridge import open_asyncio_host

async def main():
    async with open_asyncio_host() as host:
        try:
            host.loop.call_soon(exit, 3)
            host.wake()
            await trio.sleep_forever()
        finally:
            try:
                await host.run(asyncio.sleep(0))
            except RuntimeError as error:
                print(error)

try:
    trio.run(main)
except BaseException:
    pass
"""


@pytest.mark.parametrize("script, printed", [
    (_CTRL_C_IN_ASYNCIO, "shut down\ninterrupted\n"),
    (_RUN_AFTER_FAILURE, "the asyncio loop stopped when a callback raised SystemExit(3)\n"),
])
def test_the_host_never_hangs_a_shutdown_that_needs_the_loop(script: str, printed: str) -> None:
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).parents[2],
                          capture_output=True, text=True, timeout=30)
    assert done.stdout == printed, done.stderr
