"""A launched bot's connection over its standard streams (it has no network in its sandbox).

The same ``arena.v1`` messages as a gRPC Play stream, framed by ``arena._frames``: the bot
writes PlayRequests to its stdout, the arena writes PlayResponses to its stdin. Once the Hello
is accepted the connection is a ``BotSession`` like any other, so the hub routes its moves
and a ``RemoteSeat`` asks it; only the two loops that move bytes differ. No token: the
arena started the process, and nobody else holds its pipes.
"""

from __future__ import annotations

import contextlib
import math
import os
import select
from collections import deque
from collections.abc import Callable
from typing import Any

import grpc
import trio

import engine
from arena.v1 import arena_service_pb2 as pb

from ._frames import BINARY, Decoder, FrameError, encode
from ._hub import BOT_BACKLOG, CLOSE, BotSession, Hub, RemoteSeat, on_the_wire, shown
from ._service import SERVER_VERSION

PROTOCOL_VERSION = 1
_CHUNK = 1 << 16


class PipeRefused(Exception):
    """The bot's first message was refused (not a Hello, a protocol version or game the
    arena does not know): the bot was told why, and its input closed. ``hello``: the refused
    Hello, if the message was one."""

    def __init__(self, why: str, hello: pb.Hello | None = None) -> None:
        super().__init__(why)
        self.hello = hello


class PipeOutbox:
    """A session's queue of messages to the bot, drained by the connection's writer (trio on
    both sides, unlike a gRPC stream's). Bounded as a gRPC stream's: a bot that reads nothing
    is dropped rather than growing the arena.

    A message put while the writer is idle with nothing queued is written at once by
    ``write_now`` (the usual case: a bot is sent one request and answers it), which saves
    waking the writer task for it; what the pipe does not take then is queued as bytes."""

    def __init__(self, limit: int = BOT_BACKLOG) -> None:
        self.limit = limit
        self.dropped: str | None = None
        # Writes an item now; returns the bytes the pipe did not take (None: cannot now).
        self.write_now: Callable[[Any], bytes | None] | None = None
        self.idle = False  # the writer waits in ``take`` with nothing in hand
        self._items: deque[Any] = deque()
        self._ready = trio.Event()

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item: Any) -> None:
        """Enqueue (or write at once) without blocking."""
        if self.dropped is not None:
            return
        if len(self._items) >= self.limit:
            self.drop(f"{self.limit} messages were waiting to be read")
            return
        if self.idle and not self._items and self.write_now is not None and item is not CLOSE:
            rest = self.write_now(item)
            if rest is not None:
                if not rest:
                    return
                item = rest
        self._items.append(item)
        self._ready.set()

    def writes_at_once(self) -> bool:
        """Whether a message put now is written at once (``write_now``), not queued."""
        return (self.idle and not self._items and self.write_now is not None
                and self.dropped is None)

    def drop(self, reason: str) -> None:
        """Give up on the bot: the writer ends the connection."""
        if self.dropped is None:
            self.dropped = reason
            self._items.clear()
            self._items.append(CLOSE)
            self._ready.set()

    async def take(self) -> list[Any]:
        """Everything queued, waiting for at least one item."""
        while not self._items:
            self._ready = trio.Event()
            self.idle = True
            try:
                await self._ready.wait()
            finally:
                self.idle = False
        items = list(self._items)
        self._items.clear()
        return items


def hello_problem(request: pb.PlayRequest | None) -> str | None:
    """Why a launched bot's first message cannot open its session (None: it can)."""
    if request is None or request.WhichOneof("message") != "hello":
        return "the first message must be a Hello (PlayRequest.hello)"
    hello = request.hello
    if hello.protocol_version != PROTOCOL_VERSION:
        return (f"protocol version {hello.protocol_version} is not supported; this arena "
                f"speaks {PROTOCOL_VERSION}")
    unknown = sorted(set(hello.games) - set(engine.names()))
    if unknown:
        return (f"unknown game(s) {shown(', '.join(unknown))} in Hello.games; known: "
                f"{', '.join(engine.names())}")
    return None


class PipeConnection:
    """One launched process's session: ``open`` reads its Hello, ``run`` moves its messages
    until either side ends, ``close`` says goodbye and ends its input."""

    def __init__(self, name: str, send: trio.abc.SendStream, receive: trio.abc.ReceiveStream,
                 router: Hub) -> None:
        self.name = name
        self._send = send
        self._receive = receive
        self._router = router
        self._decoder: Decoder[pb.PlayRequest] = Decoder(pb.PlayRequest)
        self._early: list[pb.PlayRequest | None] = []  # what came with the Hello
        self._outbox = PipeOutbox()
        self.session: BotSession | None = None
        self._holders: set[str] = set()  # matches whose seats read the pipe (``until``)
        self._released = trio.Event()  # set when no match holds it
        self._reading = False  # a seat waits on the pipe
        self._turn = trio.Event()  # set for the seats waiting while another one reads
        self._waiting = 0
        self._idle: trio.CancelScope | None = None  # the reader's wait, while it reads
        self._ended = False
        # Asks whether the bot has written anything, for the out-of-turn check after every
        # step: a poll costs a third of a read that finds the pipe empty (1.0 against 2.6 us).
        self._poller: select.poll | None = None
        self._group: PipeSet | None = None  # a match's pipes waited on together, if in one

    @property
    def form(self) -> str:
        """The framing the bot chose (binary until it has written)."""
        return self._decoder.form or BINARY

    async def open(self) -> BotSession:
        """Wait for the Hello (the caller bounds the wait) and answer it; the session, or
        PipeRefused. EOFError if the bot closes its output first."""
        while not self._early:
            data = await self._receive.receive_some(_CHUNK)
            if not data:
                raise EOFError(f"bot {self.name!r} closed its output before its Hello")
            try:
                self._early = self._decoder.feed(data)
            except FrameError as error:
                await self._refuse(str(error))
        first = self._early.pop(0)
        problem = hello_problem(first)
        if problem is not None:
            await self._refuse(problem, first.hello if first is not None
                               and first.WhichOneof("message") == "hello" else None)
        assert first is not None
        hello = first.hello
        self.session = BotSession(self.name, frozenset(hello.games),
                                  hello.max_concurrent_matches, self._outbox,
                                  match_budget=hello.max_matches)
        self.session.version = hello.version[:64]
        self.session.binary = self.form == BINARY
        self.session.send(pb.PlayResponse(welcome=pb.Welcome(
            bot_name=self.name, protocol_version=PROTOCOL_VERSION,
            server_version=SERVER_VERSION)))
        return self.session

    async def _refuse(self, why: str, hello: pb.Hello | None = None) -> None:
        code = grpc.StatusCode.FAILED_PRECONDITION.value[0]
        try:
            await self._send.send_all(encode(pb.PlayResponse(error=pb.ProtocolError(
                code=code, message=why)), self.form))
            await self._send.aclose()
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        raise PipeRefused(why, hello)

    async def run(self) -> None:
        """Move messages both ways until the bot's output ends or the session is closed;
        then the session is disconnected (its open decisions fail)."""
        session = self.session
        assert session is not None
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._write, nursery.cancel_scope)
                for request in self._early:
                    self._router.receive(session, request)
                self._early = []
                session.reader = self
                await self._read()
                nursery.cancel_scope.cancel()
        finally:
            self._ended = True
            self._router.disconnect(session)
            fd = self._receive.fileno()  # type: ignore[attr-defined]
            if fd >= 0:  # wakes a seat waiting on the pipe: its decision has just failed
                trio.lowlevel.notify_closing(fd)
            if self._group is not None:  # or the match waiting on it with others
                self._group.wake()

    async def _read(self) -> None:
        """The reader of the pipe while no match holds it (between matches); a match's seat
        reads it itself (``until``, ``poll``) from its first decision to its end."""
        while not self._ended:
            if self._holders:
                await self._released.wait()
                continue
            fd = self._receive.fileno()  # type: ignore[attr-defined]
            if fd < 0:  # closed: the process has ended
                return
            with trio.CancelScope() as self._idle:
                try:
                    await trio.lowlevel.wait_readable(fd)
                except trio.ClosedResourceError:
                    return
            self._idle = None
            if not self._holders:  # else the seat that took the pipe meanwhile reads it
                self._pump()

    async def until(self, match_id: str, done: trio.Event) -> None:
        """Read and route what the bot sends until ``done`` is set: one wake-up per answer
        (see ``DirectReader``). Match ``match_id`` holds the pipe from now until ``release``;
        of several matches at once on one connection (a bot that takes them), one seat at a
        time waits on the pipe and the others for their answer or their turn."""
        self.hold(match_id)
        while not done.is_set():
            if self._reading:
                self._waiting += 1
                try:
                    await self._turn.wait()
                finally:
                    self._waiting -= 1
                continue
            fd = self._receive.fileno()  # type: ignore[attr-defined]
            if self._ended or fd < 0:
                self._end()
                return
            self._reading = True
            try:
                await trio.lowlevel.wait_readable(fd)
            except trio.ClosedResourceError:  # the process ended, or the connection (``run``)
                self._end()
                return
            finally:
                self._reading = False
                self._pass_turn()  # the others look again once this step is done
            self._pump()

    def hold(self, match_id: str) -> None:
        """Match ``match_id`` reads the pipe itself from now until ``release``."""
        if match_id not in self._holders:
            if not self._holders:
                self._released = trio.Event()
                if self._idle is not None:
                    self._idle.cancel()  # the reader's wait on the pipe ends at once
            self._holders.add(match_id)

    def alone_for(self, match_id: str) -> bool:
        """Whether match ``match_id`` may wait on the pipe beside others (``PipeSet``): no
        other match holds it, no seat waits on it, it is open, and a request put now is
        written at once (so that its deadline starts before the wait)."""
        holders = self._holders
        return (not self._reading and not self._ended
                and (not holders or (len(holders) == 1 and match_id in holders))
                and self.session is not None and not self.session.closed
                and self._receive.fileno() >= 0  # type: ignore[attr-defined]
                and self._outbox.writes_at_once())

    def _pass_turn(self) -> None:
        if self._waiting:
            self._turn.set()
            self._turn = trio.Event()

    def poll(self) -> None:
        """Route what the bot has sent meanwhile (a Resign out of turn), without waiting
        (nor reading under a seat that waits on the pipe: it routes what comes)."""
        if self._holders and not self._reading and not self._ended and self._written():
            self._pump()
            self._pass_turn()

    def _written(self) -> bool:
        """Whether the pipe has something to read, or has ended (True once it is closed)."""
        fd = self._receive.fileno()  # type: ignore[attr-defined]
        if fd < 0:
            return True
        if self._poller is None:
            self._poller = select.poll()
            self._poller.register(fd, select.POLLIN)
        return bool(self._poller.poll(0))

    def release(self, match_id: str) -> None:
        """Match ``match_id`` is over: once no match holds the pipe, the connection's reader
        reads it between matches again."""
        self._holders.discard(match_id)
        if not self._holders:
            self._released.set()

    def _pump(self) -> None:
        """Read once what the pipe holds and route it; at its end (or a broken stream) the
        session is disconnected and the reader stops."""
        session = self.session
        assert session is not None
        fd = self._receive.fileno()  # type: ignore[attr-defined]
        try:
            data = os.read(fd, _CHUNK) if fd >= 0 else b""
        except BlockingIOError:
            return
        except OSError:
            data = b""
        try:
            requests = self._decoder.feed(data) if data else None
        except FrameError as error:
            session.error(grpc.StatusCode.INVALID_ARGUMENT, f"malformed stream: {error}")
            session.outbox.drop(str(error))
            requests = None
        if requests is None:
            self._end()
            return
        route = self._router.receive
        for request in requests:
            route(session, request)

    def _end(self) -> None:
        """The pipe has ended: its open decisions fail, and the reader (if parked) returns,
        which ends ``run``."""
        self._ended = True
        self._released.set()
        self._pass_turn()
        if self.session is not None:
            self._router.disconnect(self.session)

    async def _write(self, done: trio.CancelScope) -> None:
        outbox = self._outbox
        form = self.form
        fd = self._send.fileno()  # type: ignore[attr-defined]

        def write_now(item: Any) -> bytes | None:
            message = on_the_wire(item)
            if message is None:
                return b""
            data = message if message.__class__ is bytes else encode(message, form)
            try:
                return data[os.write(fd, data):]
            except BlockingIOError:
                return data
            except OSError:
                return None  # the writer meets the error and ends the connection

        outbox.write_now = write_now
        try:
            while True:
                chunks = []
                closing = False
                for item in await outbox.take():
                    if item is CLOSE:
                        closing = True
                        break
                    if item.__class__ is bytes:  # what a write at once left over
                        chunks.append(item)
                        continue
                    message = on_the_wire(item)
                    if message is not None:
                        chunks.append(message if message.__class__ is bytes
                                      else encode(message, form))
                if chunks:
                    await self._send.send_all(b"".join(chunks))
                if closing:
                    await self._send.aclose()
                    return
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            done.cancel()  # the bot closed its input: it is gone

    def close(self, reason: str) -> None:
        """No more matches: say so, then end the bot's input (it should exit)."""
        if not self._reading:  # (a seat waiting on the pipe still reads its end)
            # A match cut short never released the pipe; the bot's end must be seen.
            self._holders.clear()
            self._released.set()
        if self.session is not None and not self.session.closed:
            self.session.send(pb.PlayResponse(session_ended=pb.SessionEnded(reason=reason)))
            self.session.outbox.put(CLOSE)


class _Alarm:
    """Wakes each ``PipeSet`` of a trio run whose wait has reached its time: one task sleeps
    until the earliest of them, where a cancel scope around every wait would cost trio as
    much as a turn of its loop (about 50k instructions to enter and leave one). Its task is a
    system task of the run (trio cancels it when the run ends): the waits are those of every
    match in the run, and a match has no nursery to hold it (a task per step is what a
    ``PipeSet`` saves)."""

    def __init__(self) -> None:
        self.waits: dict[PipeSet, float] = {}  # the waits under way and their times
        self._sleep: trio.CancelScope | None = None  # the task's, while it sleeps
        self._started = False

    def set(self, pipes: PipeSet, until: float) -> None:
        """Wake ``pipes`` once trio's clock reaches ``until`` (unless ``clear``ed before)."""
        self.waits[pipes] = until
        if not self._started:
            self._started = True
            trio.lowlevel.spawn_system_task(self._run, name="arena pipe alarm")
        elif self._sleep is not None and until < self._sleep.deadline:
            self._sleep.deadline = until

    def clear(self, pipes: PipeSet) -> None:
        """``pipes`` waits no more."""
        self.waits.pop(pipes, None)

    async def _run(self) -> None:
        while True:
            now = trio.current_time()
            for pipes, until in list(self.waits.items()):
                if until <= now:
                    del self.waits[pipes]
                    pipes.wake()
            with trio.CancelScope(deadline=min(self.waits.values(), default=math.inf)
                                  ) as self._sleep:
                await trio.sleep_forever()
            self._sleep = None


_ALARM: trio.lowlevel.RunVar[_Alarm] = trio.lowlevel.RunVar("pipe_alarm")


def _alarm() -> _Alarm:
    try:
        return _ALARM.get()
    except LookupError:
        alarm = _Alarm()
        _ALARM.set(alarm)
        return alarm


class PipeSet:
    """The pipes of one match's launched seats, for one task to wait on together: a step's
    requests are all written, then the task waits for whichever pipe has something, reads
    every one that has, and waits again for the rest, rather than a task per seat each
    waiting on its own pipe (which costs trio several turns of its loop a step). One epoll
    set of the pipes, whose descriptor trio waits on, and an eventfd in it that ends a wait
    at its time (``_Alarm``) or when a connection ends other than through its pipe (its
    writer failed). Linux only (``available``)."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self._epoll = select.epoll()
        self._wakeup = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
        self._epoll.register(self._wakeup, select.EPOLLIN)
        self._pipes: dict[int, PipeConnection] = {}  # by the pipe's descriptor
        self._alarm = _alarm()  # (made in a trio run: a match's first step)

    @staticmethod
    def available() -> bool:
        """Whether this system has what it takes (epoll and eventfd: Linux)."""
        return hasattr(select, "epoll") and hasattr(os, "eventfd")

    @staticmethod
    def pipe_of(seat: RemoteSeat, match_id: str) -> PipeConnection | None:
        """The pipe ``seat`` is asked over if a ``PipeSet`` of match ``match_id`` can wait on
        it now (a launched bot's that the match alone reads: ``PipeConnection.alone_for``);
        else None."""
        reader = seat.session.reader
        if isinstance(reader, PipeConnection) and reader.alone_for(match_id):
            return reader
        return None

    def add(self, pipe: PipeConnection) -> None:
        """Wait on ``pipe`` too (the match holds it, as ``until`` does, until it ends)."""
        fd = pipe._receive.fileno()  # type: ignore[attr-defined]
        known = self._pipes.get(fd)
        if known is not pipe:
            if known is not None:  # a pipe that has ended, its descriptor's number reused
                self._forget(fd)
            self._epoll.register(fd, select.EPOLLIN)
            self._pipes[fd] = pipe
            pipe._group = self
        pipe.hold(self.match_id)

    async def wait(self, until: float) -> None:
        """Wait until a pipe has something or trio's clock reaches ``until``, then read and
        route what every pipe holds (its answers stamped now)."""
        alarm = self._alarm
        alarm.set(self, until)
        try:
            await trio.lowlevel.wait_readable(self._epoll.fileno())
        finally:
            alarm.clear(self)
        for fd, _ in self._epoll.poll(0):
            pipe = self._pipes.get(fd)
            if pipe is None:  # the eventfd: the time, or a connection ended
                os.eventfd_read(self._wakeup)
            else:
                pipe._pump()
                if pipe._ended:  # its end would show in every wait from now on
                    self._forget(fd)

    def _forget(self, fd: int) -> None:
        with contextlib.suppress(OSError):  # (gone from the set already if closed)
            self._epoll.unregister(fd)
        pipe = self._pipes.pop(fd)
        if pipe._group is self:
            pipe._group = None

    def quiet(self, pipes: int) -> bool:
        """Whether it waits on ``pipes`` pipes, none of which has anything to read now (nor
        has ended), and no wake is pending: then none of those bots has written anything
        that was not read and routed."""
        return len(self._pipes) == pipes and not self._epoll.poll(0)

    def wake(self) -> None:
        """End a wait now (its time, or a connection's end that its pipe does not show)."""
        if self._wakeup >= 0:
            os.eventfd_write(self._wakeup, 1)

    def close(self) -> None:
        """The match is over (nobody waits)."""
        for pipe in self._pipes.values():
            if pipe._group is self:
                pipe._group = None
        self._pipes.clear()
        trio.lowlevel.notify_closing(self._epoll.fileno())
        self._epoll.close()
        os.close(self._wakeup)
        self._wakeup = -1
