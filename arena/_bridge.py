"""The one place where asyncio (grpc.aio) and trio meet.

grpcio has no trio support (grpc/grpc#25050), so the gRPC server runs on an asyncio loop and
trio runs inside that loop in guest mode (``trio.lowlevel.start_guest_run``): both share one
thread, no thread per stream. Crossing over is always a scheduled callback, never a direct
call: asyncio -> trio with ``TrioToken.run_sync_soon``, trio -> asyncio with
``loop.call_soon_threadsafe``. Everything else in the arena is on one side only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import outcome
import trio

T = TypeVar("T")


async def run_trio_guest(async_fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Run ``async_fn(*args)`` as trio's main task inside the running asyncio loop."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[outcome.Outcome[T]] = loop.create_future()

    def finished(result: outcome.Outcome[T]) -> None:
        if not done.done():
            done.set_result(result)

    trio.lowlevel.start_guest_run(
        async_fn,
        *args,
        run_sync_soon_threadsafe=loop.call_soon_threadsafe,
        done_callback=finished,
        host_uses_signal_set_wakeup_fd=True,
    )
    return (await done).unwrap()


class AsyncioOutbox:
    """A queue that trio code fills and an asyncio task drains (one per bot stream)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._queue: asyncio.Queue[Any] = asyncio.Queue()

    def put(self, item: Any) -> None:
        """Enqueue from any context (trio's included) without blocking."""
        self._loop.call_soon_threadsafe(self._queue.put_nowait, item)

    async def get(self) -> Any:
        """Wait for the next item (asyncio side)."""
        return await self._queue.get()


class TrioInbox:
    """Hands calls from asyncio code to the trio run (``run_sync_soon`` on its token)."""

    def __init__(self, token: trio.lowlevel.TrioToken) -> None:
        self._token = token

    def call(self, fn: Callable[..., object], *args: Any) -> None:
        """Run ``fn(*args)`` soon in trio's context; a closed run drops the call."""
        try:
            self._token.run_sync_soon(fn, *args)
        except trio.RunFinishedError:
            pass
