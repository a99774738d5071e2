"""The one place where asyncio (grpc.aio) and trio meet: an asyncio loop hosted by trio.

grpcio has no trio support (grpc/grpc#25050). The arena runs everything in one thread: trio
is the host, and grpc.aio's asyncio loop is stepped by it. A trio task waits until the
loop's selector (an epoll/kqueue descriptor, itself pollable) has events or its next timer is
due, then runs the loop's ready callbacks without blocking; and whenever a trio task step has
handed the loop new work (``AsyncioOutbox.put``, ``AsyncioHost.run``), a trio instrument runs
those callbacks right after that step. So a message crosses over without a thread hand-off,
and asyncio code may call trio's synchronous API (``Event.set``, ``reschedule``) directly: it
only ever runs between trio task steps, never beside one.

Measured with benchmarks/bench_arena.py roundtrip (docs/benchmarks.md): faster in every
alternating run than grpc.aio in a thread of its own (two thread wake-ups per decision);
trio's guest mode, which waits for I/O in a worker thread, was slower than that. The I/O
wait needs no cancel scope (a cost on every wake-up): asyncio timers have a task of their
own.

Stepping a loop from outside uses ``BaseEventLoop._run_once`` and its ``_ready``/``_scheduled``
queues, which CPython has kept since asyncio began; ``_check_supported`` fails with a clear
message on a loop that lacks them.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import sys
from collections import deque
from collections.abc import AsyncIterator, Coroutine
from typing import Any, TypeVar

import outcome
import trio

T = TypeVar("T")

# Callbacks run at one go before trio gets the thread back (then the host goes on at its next
# wake-up): keeps a flood of gRPC events from starving the matches.
_MAX_CALLBACKS = 256


def _noop() -> None:
    pass


def _check_supported(loop: asyncio.AbstractEventLoop) -> None:
    missing = [name for name in ("_run_once", "_ready", "_scheduled", "_selector", "_write_to_self",
                                 "_asyncgen_firstiter_hook", "_asyncgen_finalizer_hook")
               if not hasattr(loop, name)]
    if missing or not hasattr(getattr(loop, "_selector", None), "fileno"):
        raise RuntimeError(
            f"the arena steps a selector asyncio loop from trio, and {type(loop).__name__} "
            f"lacks {', '.join(missing) or '_selector.fileno'}; use CPython 3.11+ with the "
            "default selector event loop (Linux or macOS)")


@contextlib.asynccontextmanager
async def open_asyncio_host() -> AsyncIterator[AsyncioHost]:
    """Host a new asyncio loop in the current trio run for the duration of the block.

    Leaving the block cancels the asyncio tasks still running, lets them finish (5 s at
    most) and closes the loop.
    """
    host = AsyncioHost()
    async with trio.open_nursery() as nursery:
        await nursery.start(host._drive)
        await nursery.start(host._fire_timers)
        trio.lowlevel.add_instrument(host)
        try:
            yield host
        finally:
            try:
                if host.failure is None:  # else nothing steps the loop any more
                    await host.run(_cancel_tasks())
            finally:
                trio.lowlevel.remove_instrument(host)
                nursery.cancel_scope.cancel()
    host.loop.close()


async def _cancel_tasks() -> None:
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.wait(tasks, timeout=5.0)
    await asyncio.get_running_loop().shutdown_asyncgens()


class AsyncioHost(trio.abc.Instrument):
    """An asyncio loop stepped by a trio run, in the same thread (see ``open_asyncio_host``)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        _check_supported(self.loop)
        self._woken = False  # new work since the loop last ran
        self._timer_scope: trio.CancelScope | None = None
        # What escaped the loop (SystemExit from a callback): raised by the driver task.
        self.failure: BaseException | None = None
        self._runs: set[trio.Event] = set()  # run() calls waiting: woken if the loop fails
        self._timer_when = math.inf  # the asyncio time that scope wakes up at

    # -- trio side ------------------------------------------------------------------------

    def wake(self) -> None:
        """The loop has new work: run it after the current trio task step.

        Trio code runs only in task steps (abort callbacks, which run outside them, always
        lead to a step of the task they wake), so every hand-over is followed by a run.
        """
        self._woken = True

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` as an asyncio task and wait for its result from trio."""
        self._check_running(coroutine)
        done = trio.Event()
        box: list[outcome.Outcome[T]] = []

        def finished(future: asyncio.Future[T]) -> None:
            box.append(outcome.capture(future.result))
            done.set()

        self.loop.create_task(coroutine).add_done_callback(finished)
        self.wake()
        self._runs.add(done)
        try:
            with trio.CancelScope(shield=True):  # the coroutine cannot be un-run half way
                await done.wait()
        finally:
            self._runs.discard(done)
        if not box:  # the loop failed: nothing will run the coroutine on
            self._check_running(None)
        return box[0].unwrap()

    def _check_running(self, coroutine: Coroutine[Any, Any, Any] | None) -> None:
        if self.failure is not None:
            if coroutine is not None:
                coroutine.close()
            raise RuntimeError(f"the asyncio loop stopped when a callback raised "
                               f"{self.failure!r}") from self.failure

    def _fail(self, error: BaseException) -> None:
        """The loop cannot go on: remember why and wake whoever waits on it."""
        self.failure = error
        for done in self._runs:
            done.set()

    def outbox(self, limit: int = 0) -> AsyncioOutbox:
        """A new queue from trio code to an asyncio task (``limit``: see AsyncioOutbox)."""
        return AsyncioOutbox(self, limit)

    # -- stepping the loop ----------------------------------------------------------------

    # Ctrl-C must not land inside asyncio or gRPC code (it would kill this task mid-callback
    # and leave the loop unstepped): protected, trio hands it to the main task instead.
    @trio.lowlevel.enable_ki_protection
    async def _drive(self, task_status: Any = trio.TASK_STATUS_IGNORED) -> None:
        """Wait for the loop's I/O, run it; forever."""
        loop = self.loop
        selector = loop._selector.fileno()  # type: ignore[attr-defined]
        task_status.started()
        while True:
            if loop._ready:  # type: ignore[attr-defined]
                await trio.lowlevel.checkpoint()
            else:
                await trio.lowlevel.wait_readable(selector)
            if self.failure is not None:
                raise self.failure
            self._step_or_fail()

    @trio.lowlevel.enable_ki_protection  # as _drive
    async def _fire_timers(self, task_status: Any = trio.TASK_STATUS_IGNORED) -> None:
        """Sleep until the loop's next timer is due, run it; forever.

        A task of its own, so that the I/O wait above needs no cancel scope; ``_step``
        moves this one's deadline earlier when a sooner timer appears.
        """
        task_status.started()
        while True:
            timers = self.loop._scheduled  # type: ignore[attr-defined]
            self._timer_when = timers[0].when() if timers else math.inf
            with trio.CancelScope(deadline=self._trio_deadline(self._timer_when)) as scope:
                self._timer_scope = scope
                await trio.sleep_forever()
            self._step_or_fail()

    def _trio_deadline(self, when: float) -> float:
        if when == math.inf:
            return math.inf
        return trio.current_time() + max(0.0, when - self.loop.time())

    def _step_or_fail(self) -> None:
        try:
            self._step(poll=True)
        except BaseException as error:
            self._fail(error)
            raise

    def _step(self, poll: bool) -> None:
        """Run the loop's ready callbacks (and, if ``poll``, its pending I/O) without blocking.

        Never re-entered: asyncio callbacks run no trio task step, so no hook fires inside.
        """
        loop = self.loop
        ready = loop._ready  # type: ignore[attr-defined]
        if poll and not ready:
            loop.call_soon(_noop)  # a ready callback makes _run_once select with timeout 0
        # As run_forever does: async generators started here belong to asyncio, which closes
        # them (trio's hooks would finalize them outside any asyncio loop).
        trio_hooks = sys.get_asyncgen_hooks()
        sys.set_asyncgen_hooks(firstiter=loop._asyncgen_firstiter_hook,  # type: ignore[attr-defined]
                               finalizer=loop._asyncgen_finalizer_hook)  # type: ignore[attr-defined]
        asyncio._set_running_loop(loop)
        try:
            if poll:
                loop._run_once()  # type: ignore[attr-defined]
            for _ in range(_MAX_CALLBACKS):
                if not ready:
                    break
                handle = ready.popleft()
                if not handle._cancelled:
                    handle._run()
            else:
                loop._write_to_self()  # type: ignore[attr-defined]  # the driver goes on
        finally:
            asyncio._set_running_loop(None)
            sys.set_asyncgen_hooks(*trio_hooks)
            self._woken = False  # whatever callbacks handed over ran in the loop above
        timers = loop._scheduled  # type: ignore[attr-defined]
        if timers and timers[0].when() < self._timer_when and self._timer_scope is not None:
            self._timer_when = timers[0].when()
            self._timer_scope.deadline = self._trio_deadline(self._timer_when)

    def after_task_step(self, task: trio.lowlevel.Task) -> None:
        """Trio instrument hook: run what the step just handed to the loop."""
        if self._woken:
            try:
                self._step(poll=False)
            except BaseException as error:  # trio would log it and drop this hook
                self._fail(error)
                self.loop._write_to_self()  # type: ignore[attr-defined]  # the driver raises it


class OutboxDropped(Exception):
    """The arena gave up on the reader of an outbox; the message says why."""


_DROPPED = object()


class AsyncioOutbox:
    """A queue that trio code fills and one asyncio task drains (one per stream).

    ``drop(reason)`` gives up on the reader: its next ``get`` raises OutboxDropped and later
    items are discarded. With a ``limit``, a reader that falls that far behind (a client that
    stopped reading) is dropped instead of the queue growing without end. A deque and one
    waiting future rather than ``asyncio.Queue``: it has one reader, and every message of
    every match passes through here.
    """

    def __init__(self, host: AsyncioHost, limit: int = 0) -> None:
        self._host = host
        self._items: deque[Any] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self.limit = limit
        self.dropped: str | None = None  # why the reader was given up on
        # The handler task that reads it: cancelled on a drop if it is not waiting in ``get``
        # (it is stuck writing to a client that reads nothing, and would hold its stream).
        self.owner: asyncio.Task[Any] | None = None

    def __len__(self) -> int:
        """Items waiting to be read (the drop marker included)."""
        return len(self._items)

    def put(self, item: Any) -> None:
        """Enqueue without blocking (from trio code or from asyncio code, same thread)."""
        if self.dropped is not None:
            return
        if self.limit and len(self._items) >= self.limit:
            self.drop(f"{self.limit} messages were waiting to be read")
            return
        self._push(item)

    def drop(self, reason: str) -> None:
        """Give up on the reader (once; the first reason stays)."""
        if self.dropped is None:
            self.dropped = reason
            self._items.clear()  # nobody will read them
            owner = self.owner
            if self._waiter is None and owner is not None and not owner.done():
                owner.cancel()
            self._push(_DROPPED)  # wakes a waiting reader, which raises

    def _push(self, item: Any) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        self._host.wake()

    async def get(self) -> Any:
        """Wait for the next item (asyncio side); OutboxDropped once the reader was dropped."""
        while not self._items and self.dropped is None:
            self._waiter = self._host.loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        if self.dropped is not None:
            raise OutboxDropped(self.dropped)
        return self._items.popleft()
