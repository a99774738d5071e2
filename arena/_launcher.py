"""Bots the arena starts itself: child processes that connect back over gRPC.

Each runs in its own process group (so a kill reaches its children too) under memory and CPU
limits, learns the arena's address from its arguments and environment and its one-time token
from its environment only (a command line is readable by every local user: ``ps``), and is
killed when the arena is done with it.
"""

from __future__ import annotations

import collections
import os
import re
import shlex
import signal
import subprocess
import sys
from dataclasses import dataclass
from typing import IO

import trio

from ._hub import BOT_NAME, BOT_NAME_RULE

_PLACEHOLDER = re.compile(r"\{(address|name)\}")
TOKEN_VARIABLE = "ARENA_TOKEN"
_TAIL_LINES = 20  # stderr lines kept per process, to explain a failure
_LINE_LIMIT = 500  # characters kept of one line
_CHUNK = 65536
_DRAIN_SECONDS = 0.5


@dataclass(frozen=True)
class Limits:
    """Resource limits of a bot process (0: none)."""

    memory_mb: int = 2048
    cpu_seconds: int = 0


def parse_bot(spec: str) -> tuple[str, str]:
    """``NAME=COMMAND`` -> (name, command); ValueError naming the accepted form."""
    name, sep, command = spec.partition("=")
    name = name.strip()
    if not sep or not name or not command.strip():
        raise ValueError(f"bad bot {spec!r}; accepted: NAME=COMMAND or builtin:NAME")
    if not BOT_NAME.fullmatch(name):
        raise ValueError(f"bad bot name {name!r}; accepted: {BOT_NAME_RULE}")
    try:  # now, not when the bot is launched in the middle of a tournament
        shlex.split(command)
    except ValueError as error:
        raise ValueError(f"bad command of bot {name!r}: {error}") from None
    if "{token}" in command:
        raise ValueError(f"bot {name!r}: {{token}} is not filled in: a token on a command line "
                         f"is readable by every local user (ps), so a launched bot reads its "
                         f"one-time token from the {TOKEN_VARIABLE} environment variable")
    return name, command.strip()


def bot_argv(command: str, name: str, address: str, limits: Limits) -> list[str]:
    """The argv to run: the limits wrapper, then the command with the connection arguments.

    ``{address}`` and ``{name}`` in the command are replaced; a command without them gets
    ``--address=A --name=N`` appended. The token is never on it (``bot_environment``).
    """
    words = shlex.split(command)
    if not words:
        raise ValueError(f"bot {name!r} has an empty command")
    fields = {"address": address, "name": name}
    if _PLACEHOLDER.search(command):
        # Not str.format: other braces (a shell's ${VAR}, JSON) are the command's own.
        words = [_PLACEHOLDER.sub(lambda m: fields[m[1]], w) for w in words]
    else:
        words += [f"--address={address}", f"--name={name}"]
    wrapper = [sys.executable, "-m", "arena._limits", f"--memory-mb={limits.memory_mb}",
               f"--cpu-seconds={limits.cpu_seconds}", f"--parent={os.getpid()}", "--"]
    return wrapper + words


class BotProcess:
    """One started bot process; ``exited`` is set when it ends.

    Its stderr goes to ``stderr`` (a binary file, ``subprocess.DEVNULL``, or None for ours)
    through a pipe that the arena reads, so that the last lines are at hand
    (``stderr_tail``) to explain a bot that failed to start, whatever the sink.
    """

    def __init__(self, name: str, argv: list[str], env: dict[str, str],
                 stderr: IO[bytes] | int | None) -> None:
        self.name = name
        self.argv = argv
        self.env = env
        self.stderr = stderr
        self.exited = trio.Event()
        self.returncode: int | None = None
        self.pid: int | None = None
        self._tail: collections.deque[str] = collections.deque(maxlen=_TAIL_LINES)
        self._drained = trio.Event()

    @property
    def stderr_tail(self) -> list[str]:
        """The last lines the process wrote to stderr (each cut to a sane length)."""
        return list(self._tail)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Start the process and wait for it; cancelling kills its whole process group.

        Started from trio's own thread (not trio's worker threads, as ``open_process`` does)
        because the kernel's parent-death signal follows the thread that forked, and waited
        for through a pidfd, so that no thread sits in ``waitpid``.
        """
        process = subprocess.Popen(
            self.argv, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, start_new_session=True)
        self.pid = process.pid
        pidfd = os.pidfd_open(process.pid)
        assert process.stderr is not None
        pipe = trio.lowlevel.FdStream(os.dup(process.stderr.fileno()))
        process.stderr.close()
        task_status.started()
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._copy_stderr, pipe)
                try:
                    await trio.lowlevel.wait_readable(pidfd)
                    # What it wrote before it ended (a child of its own may hold the pipe).
                    with trio.move_on_after(_DRAIN_SECONDS):
                        await self._drained.wait()
                finally:
                    nursery.cancel_scope.cancel()
        finally:
            self.kill()
            with trio.CancelScope(shield=True):
                await trio.lowlevel.wait_readable(pidfd)
                await pipe.aclose()
            os.close(pidfd)
            self.returncode = process.wait()
            self.exited.set()

    async def _copy_stderr(self, pipe: trio.lowlevel.FdStream) -> None:
        partial = b""
        try:
            while chunk := await pipe.receive_some(_CHUNK):
                if self.stderr is None:
                    os.write(2, chunk)
                elif not isinstance(self.stderr, int):
                    self.stderr.write(chunk)
                    self.stderr.flush()
                lines = (partial + chunk).split(b"\n")
                partial = lines.pop()[-_LINE_LIMIT:]
                self._tail.extend(line[:_LINE_LIMIT].decode(errors="replace")
                                  for line in lines[-_TAIL_LINES:])
        finally:
            if partial:
                self._tail.append(partial.decode(errors="replace"))
            self._drained.set()

    def kill(self) -> None:
        """SIGKILL the process group (idempotent; nothing once the process is reaped, when
        its pid may have been handed to another process)."""
        if self.pid is not None and self.returncode is None:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def bot_environment(name: str, address: str, token: str) -> dict[str, str]:
    """The environment of a bot process: ours plus ARENA_ADDRESS/TOKEN/BOT_NAME (the token
    only here: a process's environment is readable by its own user alone)."""
    env = dict(os.environ)
    env.update({"ARENA_ADDRESS": address, TOKEN_VARIABLE: token, "ARENA_BOT_NAME": name})
    # Launched Python bots import this checkout's packages even when it is not installed.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH", "")]))
    return env
