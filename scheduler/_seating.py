"""Seats for a tournament's bots: reference bots in-process, others as launched processes."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO

import trio

import bots
from arena import Arena, Deadline, RemoteSeat, Seat, SeatFault
from arena._hub import BotSession
from arena._launcher import BotProcess, Limits, bot_argv, bot_environment, parse_bot
from arena._seats import Request
from arena.v1 import arena_service_pb2 as pb
from engine import Termination


class BotStartError(RuntimeError):
    """A launched bot that could not start playing, with the last lines of its stderr."""

    def __init__(self, message: str, stderr_tail: Sequence[str] = ()) -> None:
        lines = [line for line in stderr_tail if line.strip()][-8:]
        if lines:
            message += "; its last stderr lines:\n" + "\n".join(f"    {x}" for x in lines)
        super().__init__(message)


@dataclass(frozen=True)
class BotSpec:
    """A bot of a tournament: ``builtin:NAME``, ``NAME=builtin:KIND`` or ``NAME=COMMAND``."""

    name: str
    builtin: str | None = None
    command: str | None = None

    @staticmethod
    def parse(text: str) -> BotSpec:
        """Parse a --bot value; ValueError naming what is accepted."""
        if text.startswith("builtin:"):
            name, command = text.removeprefix("builtin:"), text
        else:
            name, command = parse_bot(text)
        if command.startswith("builtin:"):
            kind = command.removeprefix("builtin:")
            bots.builtin(kind)
            return BotSpec(name, builtin=kind)
        return BotSpec(name, command=command)


def process_command(kind: str) -> str:
    """The command that runs reference bot ``kind`` as its own process."""
    return f"{sys.executable} -m bots.run {kind}"


class BuiltinSeat(Seat):
    """A reference bot (``kind``), or any bot made by a factory such as a ``Bot`` class,
    called directly in the match's task (no transport)."""

    blocking = True

    def __init__(self, name: str, kind: str | Callable[[pb.MatchStarted], bots.Bot]) -> None:
        self.name = name
        self._cls = bots.builtin(kind) if isinstance(kind, str) else kind
        self._bot: bots.Bot | None = None
        self._broken: SeatFault | None = None

    async def start(self, match: pb.MatchStarted) -> None:
        """Make the bot for this match (a bot that fails to is a crash at its first decision:
        its bug must not end the match for the others)."""
        try:
            self._bot = self._cls(match)
        except Exception as error:  # noqa: BLE001 - a bot's bug is a crash of that seat
            self._broken = SeatFault(Termination.CRASH, f"{self.name} raised {error!r}")

    async def decide(self, request: Request) -> int:
        """Ask the bot (a checkpoint first, so that a cancelled match stops here)."""
        await trio.lowlevel.checkpoint()
        if self._broken is not None:
            raise self._broken
        assert self._bot is not None
        try:
            return self._bot.decide(request)
        except Exception as error:  # noqa: BLE001 - a bot's bug is a crash of that seat
            raise SeatFault(Termination.CRASH, f"{self.name} raised {error!r}") from error

    async def end(self, ended: pb.MatchEnded) -> None:
        """Let the bot see the result."""
        if self._bot is not None:
            # A bot's bug here must not keep the result from the others (nor from the record).
            with contextlib.suppress(Exception):
                self._bot.finish(ended)


class _DeadSeat(Seat):
    """A launched bot that is lost (exited, disconnected or never connected) and is not
    restarted: every decision is a crash."""

    def __init__(self, name: str, why: str) -> None:
        self.name = name
        self._why = why

    async def start(self, match: pb.MatchStarted) -> None:
        """Nothing to tell."""

    async def decide(self, request: Request) -> int:
        """Always a crash."""
        raise SeatFault(Termination.CRASH, self._why)

    async def end(self, ended: pb.MatchEnded) -> None:
        """Nothing to tell."""


@dataclass
class _Instance:
    """One process of a launched bot, its connection, and whether a match holds it."""

    process: BotProcess
    session: BotSession
    busy: bool = False
    late: bool = False  # missed a deadline: not trusted with another match (it may be stuck)


class _PooledSeat(RemoteSeat):
    """A seat on one instance of a launched bot: free for the next match once told the result,
    unless it missed a deadline (then the pool replaces its process before the next match)."""

    def __init__(self, instance: _Instance) -> None:
        super().__init__(instance.session, lambda: instance.process.exited)
        self._instance = instance

    async def decide(self, request: Request) -> int:
        """Ask the bot, timed from now (see ``decide_by``)."""
        asked = trio.current_time()
        try:
            return await super().decide(request)
        except trio.Cancelled:
            self._cut_short(request, asked)
            raise

    async def decide_by(self, request: Request, deadline: Deadline) -> int:
        """Ask the bot; a decision cut short at its deadline marks the process late (one cut
        short earlier, as when another seat forfeits, does not)."""
        try:
            return await super().decide_by(request, deadline)
        except trio.Cancelled:
            # At its deadline (or, never sent, the fallback: its stream reads nothing).
            if trio.current_time() >= deadline.ends:
                self._instance.late = True
            raise

    def _cut_short(self, request: Request, started: float) -> None:
        if trio.current_time() - started >= request.time_left_ms / 1000:
            self._instance.late = True

    async def end(self, ended: pb.MatchEnded) -> None:
        """Tell the bot the result; its process may take the next match."""
        await super().end(ended)
        if self._instance.late:
            self._instance.process.kill()  # a stopped or stuck process gets no second match
        self._instance.busy = False


class BotPool:
    """Starts the launched bots, keeps them connected (restarting if asked), hands out seats.

    A match gets a process of its own for each launched bot in it, as cutechess and fastchess
    run an engine per game: a bot in two matches at once runs twice, so that neither match
    shares its CPU with the other (a gauntlet's bot is in every match). A process is started
    when a match finds none free, and serves the bot's later matches. With ``game``, a
    process whose Hello does not include that game is refused.
    """

    def __init__(self, specs: Sequence[BotSpec], arena: Arena | None, *,
                 limits: Limits = Limits(), recover: bool = False,
                 connect_timeout: float = 60.0, stderr: IO[bytes] | int | None = None,
                 game: str | None = None) -> None:
        self.game = game
        self.specs = {spec.name: spec for spec in specs}
        self.arena = arena
        self.limits = limits
        self.recover = recover
        self.connect_timeout = connect_timeout
        self.stderr = stderr
        self.instances: dict[str, list[_Instance]] = {name: [] for name in self.specs}
        self._gone: dict[str, str] = {}  # bot -> why it plays no more (lost, no --recover)
        # Every session a bot's processes ever had: a dying one is never taken for a new one's.
        self._sessions: dict[str, set[BotSession]] = {name: set() for name in self.specs}
        self._locks = {name: trio.Lock() for name in self.specs}
        self._nursery: trio.Nursery | None = None

    async def start(self, nursery: trio.Nursery) -> None:
        """Launch one process of every command bot and wait until each has connected (a
        command that cannot play fails here, before any match)."""
        self._nursery = nursery
        launched = [s for s in self.specs.values() if s.command is not None]
        if launched and self.arena is None:
            raise ValueError("bots with commands need the gRPC arena")
        processes = [await self._launch(spec) for spec in launched]
        for spec, process in zip(launched, processes, strict=True):
            self.instances[spec.name].append(await self._connected(spec.name, process))

    async def _launch(self, spec: BotSpec) -> BotProcess:
        assert self.arena is not None and self._nursery is not None and spec.command
        token = self.arena.auth.issue(spec.name)
        argv = bot_argv(spec.command, spec.name, self.arena.address, self.limits)
        process = BotProcess(spec.name, argv,
                             bot_environment(spec.name, self.arena.address, token), self.stderr)
        await self._nursery.start(process.run)
        return process

    async def _connected(self, name: str, process: BotProcess) -> _Instance:
        """The instance once ``process`` has connected (its bot's processes are launched one
        at a time, so the bot's one session not seen before is this process's)."""
        assert self.arena is not None
        seen = self._sessions[name]
        result: list[_Instance] = []
        try:
            with trio.move_on_after(self.connect_timeout) as scope:
                async with trio.open_nursery() as race:

                    async def wait_session() -> None:
                        session = await self.arena.hub.wait_for_bot(  # type: ignore[union-attr]
                            name, lambda s: s not in seen and not s.closed)
                        seen.add(session)
                        result.append(_Instance(process, session))
                        race.cancel_scope.cancel()

                    async def wait_exit() -> None:
                        await process.exited.wait()
                        race.cancel_scope.cancel()

                    race.start_soon(wait_session)
                    race.start_soon(wait_exit)
        finally:
            if not result:  # also when cancelled: a process nobody holds is never killed
                process.kill()
        command = self.specs[name].command
        if result and self.game is not None and not result[0].session.plays(self.game):
            process.kill()
            raise BotStartError(f"bot {name!r} says it plays only "
                                f"{', '.join(sorted(result[0].session.games))}, not {self.game} "
                                f"(command: {command})")
        if result:
            return result[0]
        if scope.cancelled_caught:
            raise BotStartError(f"bot {name!r} did not connect within "
                                f"{self.connect_timeout:g} s (command: {command})",
                                process.stderr_tail)
        raise BotStartError(f"bot {name!r} exited with code {process.returncode} before "
                            f"connecting (command: {command})", process.stderr_tail)

    async def seat(self, name: str) -> Seat:
        """A seat for the next match of bot ``name``."""
        spec = self.specs[name]
        if spec.builtin is not None:
            return BuiltinSeat(name, spec.builtin)
        async with self._locks[name]:  # one launch at a time, however many matches wait
            instances = self.instances[name]
            for lost in [i for i in instances
                         if (i.late and not i.busy) or i.process.exited.is_set()
                         or i.session.closed]:
                instances.remove(lost)
                lost.process.kill()  # disconnected: its one-time token cannot bring it back
                if not self.recover and not lost.late:  # a late one is replaced regardless
                    how = (f"process exited (code {lost.process.returncode})"
                           if lost.process.exited.is_set() else "disconnected")
                    self._gone.setdefault(name, f"bot {name!r} {how}; run with --recover to "
                                                f"restart it")
            if name in self._gone:
                return _DeadSeat(name, self._gone[name])
            free = next((i for i in instances if not i.busy), None)
            if free is None:
                try:
                    free = await self._connected(name, await self._launch(spec))
                except BotStartError as error:
                    return _DeadSeat(name, str(error))
                instances.append(free)
            free.busy = True
            return _PooledSeat(free)

    def stop(self) -> None:
        """Kill every launched process."""
        for instances in self.instances.values():
            for instance in instances:
                instance.process.kill()
