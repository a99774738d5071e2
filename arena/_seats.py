"""A seat is whoever answers a match's decisions: a remote bot stream or an in-process bot.

The match runner talks only to this interface. ``decide`` may take as long as the bot takes;
the runner enforces time by cancelling it (a trio cancel scope), so a seat never has to.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from arena.v1 import arena_service_pb2 as pb
from engine import Termination


class SeatFault(Exception):
    """A seat could not give a usable answer: disconnected, crashed, malformed, resigned."""

    def __init__(self, termination: Termination, message: str) -> None:
        super().__init__(message)
        self.termination = termination


class Seat(ABC):
    """One bot at one seat of one match."""

    name: str

    @abstractmethod
    async def start(self, match: pb.MatchStarted) -> None:
        """The match begins."""

    @abstractmethod
    async def decide(self, request: pb.DecisionRequest) -> int:
        """The chosen action id (raises SeatFault when no answer can come)."""

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
