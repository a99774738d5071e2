"""The one place where asyncio (grpc.aio) and trio meet.

grpcio has no trio support (grpc/grpc#25050). The arena runs trio in the main thread (the
matches, the hub, the scheduler) and grpc.aio on an asyncio loop in one helper thread: one
thread for all streams, not one per stream. Crossing over is always a scheduled callback,
never a shared data structure: asyncio -> trio with ``TrioToken.run_sync_soon``, trio ->
asyncio with ``loop.call_soon_threadsafe``.

Why not trio in guest mode on the asyncio loop: measured here, a crossing there and back
cost about 140-215 us (guest mode waits for I/O in a worker thread, so every wake-up is a
thread hand-off plus a host callback), against about 80 us with two plain threads.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import outcome
import trio

T = TypeVar("T")


class AsyncioThread:
    """An asyncio loop running in its own thread for as long as the ``async with`` lasts."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="arena-grpc", daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    async def __aenter__(self) -> AsyncioThread:
        self._thread.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        await trio.to_thread.run_sync(self._thread.join)
        self.loop.close()

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` on the loop and wait for its result from trio."""
        token = trio.lowlevel.current_trio_token()
        done = trio.Event()
        box: list[outcome.Outcome[T]] = []

        def finished(future: Any) -> None:
            box.append(outcome.capture(future.result))
            token.run_sync_soon(done.set)

        asyncio.run_coroutine_threadsafe(coroutine, self.loop).add_done_callback(finished)
        with trio.CancelScope(shield=True):  # the coroutine cannot be un-run half way
            await done.wait()
        return box[0].unwrap()


class AsyncioOutbox:
    """A queue that trio code fills and an asyncio task drains (one per bot stream)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._queue: asyncio.Queue[Any] = asyncio.Queue()

    def put(self, item: Any) -> None:
        """Enqueue from any thread without blocking."""
        self._loop.call_soon_threadsafe(self._queue.put_nowait, item)

    async def get(self) -> Any:
        """Wait for the next item (asyncio side)."""
        return await self._queue.get()


class TrioInbox:
    """Hands calls from asyncio code to the trio run (``run_sync_soon`` on its token)."""

    def __init__(self, token: trio.lowlevel.TrioToken) -> None:
        self._token = token

    def call(self, fn: Callable[..., object], *args: Any) -> None:
        """Run ``fn(*args)`` soon in trio's thread; a finished run drops the call."""
        try:
            self._token.run_sync_soon(fn, *args)
        except trio.RunFinishedError:
            pass
