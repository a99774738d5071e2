"""A seat is whoever answers a match's decisions: a remote bot stream or an in-process bot.

The match runner talks only to this interface. ``decide`` may take as long as the bot takes;
the runner enforces time by cancelling it (a trio cancel scope), so a seat never has to.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import trio

from arena.v1 import arena_service_pb2 as pb
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

    The runner makes one per request, with the cancel scope that enforces it. A seat whose
    request waits in a queue before it reaches the bot (a remote stream's outbox, behind other
    matches' work on the server's one thread) calls ``sent()`` when the request is written:
    the bot's time starts there, since the wait before it is the server's. Until then the
    scope holds a fallback deadline (``timeout`` plus at least ``UNSENT_GRACE`` more), so a
    request stuck behind a stream that nobody reads still ends.
    """

    __slots__ = ("scope", "asked", "timeout", "sent_at")

    def __init__(self, scope: trio.CancelScope, asked: float, timeout: float) -> None:
        self.scope = scope
        self.asked = asked  # trio's clock when the runner asked
        self.timeout = timeout
        self.sent_at: float | None = None  # trio's clock when the request was written
        scope.deadline = asked + timeout + max(timeout, UNSENT_GRACE)

    def sent(self) -> None:
        """The request is being written to the bot now: its time starts (once)."""
        if self.sent_at is None:
            self.sent_at = now = trio.current_time()
            self.scope.deadline = now + self.timeout

    @property
    def started(self) -> float:
        """When the bot's time started (when it was asked, if the request was never sent)."""
        return self.asked if self.sent_at is None else self.sent_at

    @property
    def ends(self) -> float:
        """When the decision times out, as things stand."""
        return self.scope.deadline


class Seat(ABC):
    """One bot at one seat of one match."""

    name: str
    # False for a seat answered over the network, whose time the server's one thread keeps
    # (the runner then keeps other matches' engine work off that thread).
    in_process: bool = True

    @abstractmethod
    async def start(self, match: pb.MatchStarted) -> None:
        """The match begins."""

    @abstractmethod
    async def decide(self, request: pb.DecisionRequest) -> int:
        """The chosen action id (raises SeatFault when no answer can come)."""

    async def decide_by(self, request: pb.DecisionRequest, deadline: Deadline) -> int:
        """``decide`` under ``deadline``; a seat that queues its request before it reaches
        the bot overrides this and calls ``deadline.sent()`` when it is written. By default
        the request reaches the bot at once (an in-process bot)."""
        deadline.sent()
        return await self.decide(request)

    @abstractmethod
    async def end(self, ended: pb.MatchEnded) -> None:
        """The match is over (called once, also after a fault)."""

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
