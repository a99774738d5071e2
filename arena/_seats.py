"""A seat is whoever answers a match's decisions: a remote bot stream or an in-process bot.

The match runner talks only to this interface. ``decide`` may take as long as the bot takes;
the runner enforces time by cancelling it (a trio cancel scope), so a seat never has to.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

import trio

import engine
from arena import _codec
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from engine import Termination


class SeatFault(Exception):
    """A seat could not give a usable answer: disconnected, crashed, malformed, resigned."""

    def __init__(self, termination: Termination, message: str) -> None:
        super().__init__(message)
        self.termination = termination


# How long past its own timeout a request may wait unsent (its stream's queue backed up by a
# client that stopped reading, or an overloaded server) before it counts as the bot's timeout.
UNSENT_GRACE = 1.0


class Deadline:
    """One decision's time limit on the server's clock, which starts when its request is sent.

    The runner makes one per request, with the cancel scope that enforces it (or none, for
    a step whose seats one task waits on together). A seat whose request waits in
    a queue before it reaches the bot (a remote stream's outbox, behind other matches' work
    on the server's one thread) calls ``sent()`` when the request is written: the bot's time
    starts there, since the wait before it is the server's. Until then the deadline is a
    fallback (``timeout`` plus at least ``UNSENT_GRACE`` more), so a request stuck behind a
    stream that nobody reads still ends.
    """

    __slots__ = ("scope", "asked", "timeout", "sent_at", "_ends")

    def __init__(self, scope: trio.CancelScope | None, asked: float, timeout: float) -> None:
        """``scope``: the cancel scope that enforces it (its deadline kept in step with this
        one), or None: whoever waits for the answer reads ``ends``."""
        self._ends = fallback = _fallback(asked, timeout)
        if scope is not None and scope.deadline != fallback:
            scope.deadline = fallback
        self.scope = scope
        self.asked = asked  # trio's clock when the runner asked
        self.timeout = timeout
        self.sent_at: float | None = None  # trio's clock when the request was written

    @classmethod
    def enforced(cls, asked: float, timeout: float) -> Deadline:
        """A deadline with a new cancel scope to enforce it, made with its deadline (trio
        then registers it once, and once more when the request is written)."""
        return cls(trio.CancelScope(deadline=_fallback(asked, timeout)), asked, timeout)

    def sent(self) -> None:
        """The request is being written to the bot now: its time starts (once)."""
        if self.sent_at is None:
            self.sent_at = now = trio.current_time()
            self._ends = now + self.timeout
            if self.scope is not None:
                self.scope.deadline = self._ends

    @property
    def started(self) -> float:
        """When the bot's time started (when it was asked, if the request was never sent)."""
        return self.asked if self.sent_at is None else self.sent_at

    @property
    def ends(self) -> float:
        """When the decision times out, as things stand (a scope's deadline may be moved by
        whoever holds it: the CPU clock's watcher ends it early)."""
        return self._ends if self.scope is None else self.scope.deadline


def _fallback(asked: float, timeout: float) -> float:
    """A deadline's end until its request is written (see ``Deadline``)."""
    return asked + timeout + max(timeout, UNSENT_GRACE)


class StaleRequestError(RuntimeError):
    """A ``LocalRequest``'s observation read after its match moved on."""


class _LegalActions(Sequence[game_pb2.Action]):
    """A decision's legal actions as protobuf, each converted when first read (a bot that
    picks one at random reads one)."""

    __slots__ = ("_legal", "_encode", "_built")

    def __init__(self, legal: tuple[engine.Action, ...],
                 encode: Callable[[engine.Action], game_pb2.Action]) -> None:
        self._legal = legal
        self._encode = encode
        self._built: list[game_pb2.Action | None] = [None] * len(legal)

    def __len__(self) -> int:
        return len(self._legal)

    @overload
    def __getitem__(self, index: int) -> game_pb2.Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[game_pb2.Action]: ...

    def __getitem__(self, index: int | slice) -> game_pb2.Action | list[game_pb2.Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._legal)))]
        built = self._built[index]
        if built is None:
            built = self._built[index] = self._encode(self._legal[index])
        return built

    def __iter__(self) -> Iterator[game_pb2.Action]:
        return (self[i] for i in range(len(self._legal)))


class LocalRequest:
    """The decision request of an in-process seat: the fields of ``pb.DecisionRequest``
    that a bot reads, with the observation and the legal actions converted to protobuf only
    when read, so that a seat pays for the encoding it uses (a random bot reads one action,
    a replaying seat nothing). ``message()`` is the whole request as on the wire.

    The observation is taken from the match state when first read, so it must be read
    before the match moves on (the seat's answer and the others' of the same step): reading
    it later raises ``StaleRequestError``. A seat that keeps requests keeps ``message()``.
    """

    __slots__ = ("match_id", "decision_id", "seat", "prompt", "kind", "time_left_ms",
                 "events", "decision", "wire", "_game", "_observe", "_encode_action",
                 "_engine_observation", "_observation", "_legal")

    def __init__(self, game: str, match_id: str, decision_id: int, seat: int,
                 decision: engine.Decision, observe: Callable[[], Any],
                 encode_action: Callable[[engine.Action], game_pb2.Action], time_left_ms: int,
                 events: list[str]) -> None:
        self.match_id = match_id
        self.decision_id = decision_id
        self.seat = seat
        self.prompt = decision.prompt
        self.kind = decision.kind
        self.time_left_ms = time_left_ms
        self.events = events
        self.decision = decision
        # The request as a binary frame, built by the runner for a seat that sends it as is
        # (``Seat.binary_wire``); None otherwise.
        self.wire: bytes | None = None
        self._game = game
        self._observe = observe
        self._encode_action = encode_action
        self._engine_observation: Any = None
        self._observation: game_pb2.Observation | None = None
        self._legal: _LegalActions | None = None

    @property
    def engine_observation(self) -> Any:
        """The seat's observation as the engine's dataclass (what ``observation`` encodes)."""
        if self._engine_observation is None:
            self._engine_observation = self._observe()
        return self._engine_observation

    @property
    def observation(self) -> game_pb2.Observation:
        """The seat's observation as protobuf."""
        if self._observation is None:
            self._observation = _codec.observation(self._game, self.engine_observation)
        return self._observation

    @property
    def legal(self) -> Sequence[game_pb2.Action]:
        """The legal actions as protobuf."""
        if self._legal is None:
            self._legal = _LegalActions(self.decision.legal, self._encode_action)
        return self._legal

    def message(self) -> pb.DecisionRequest:
        """The whole request as protobuf (what a remote seat is sent)."""
        return pb.DecisionRequest(
            match_id=self.match_id, decision_id=self.decision_id, seat=self.seat,
            prompt=self.prompt, kind=self.kind, observation=self.observation,
            time_left_ms=self.time_left_ms, events=self.events, legal=list(self.legal))


# What a seat is asked with: the wire message (a remote seat) or its lazy in-process form.
Request = pb.DecisionRequest | LocalRequest


class Seat(ABC):
    """One bot at one seat of one match."""

    name: str
    # False for a seat answered over the network, whose time the server's one thread keeps
    # (the runner then keeps other matches' engine work off that thread).
    in_process: bool = True
    # True for a remote seat that sends its requests as binary frames: it is given the
    # ``LocalRequest`` with ``wire`` built (from bytes, not a message), else the message.
    binary_wire: bool = False
    # True for a seat whose ``decide`` computes the answer without waiting (a Python bot in
    # this process; it may begin with a checkpoint): no cancel scope could stop it, so the
    # runner checks its time when it returns and calls ``decide``, not ``decide_by``.
    blocking: bool = False

    @abstractmethod
    async def start(self, match: pb.MatchStarted) -> None:
        """The match begins."""

    @abstractmethod
    async def decide(self, request: Request) -> int:
        """The chosen action id (raises SeatFault when no answer can come). An in-process
        seat (``in_process``) is given a ``LocalRequest``, a remote one the message (or,
        ``binary_wire``, the ``LocalRequest`` with its frame)."""

    async def decide_by(self, request: Request, deadline: Deadline) -> int:
        """``decide`` under ``deadline``; a seat that queues its request before it reaches
        the bot overrides this and calls ``deadline.sent()`` when it is written. By default
        the request reaches the bot at once (an in-process bot)."""
        deadline.sent()
        return await self.decide(request)

    @abstractmethod
    async def end(self, ended: pb.MatchEnded) -> None:
        """The match is over (called once, also after a fault)."""

    def cpu_time(self) -> float | None:
        """CPU seconds the bot's process has used so far, for a CPU-time clock; None for a
        seat that cannot tell (the runner then keeps wall time)."""
        return None

    def answered_at(self) -> float | None:
        """When (trio's clock) the last answer arrived, if the seat saw it arrive before
        ``decide`` could return (a remote bot's move waits for the match's task to run):
        the runner charges the bot up to then. None: when ``decide`` returned."""
        return None

    def gave_up(self) -> SeatFault | None:
        """A fault the bot declared while it was not being asked (a Resign, or a report that
        its own code failed), given once; the runner looks after every step. (One declared
        while asked comes from ``decide``.)"""
        return None
