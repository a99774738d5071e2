"""Bots the arena starts itself: child processes that connect back over gRPC.

Each runs in its own process group (so a kill reaches its children too) under memory and CPU
limits, learns the arena's address and a one-time token from its arguments and environment,
and is killed when the arena is done with it.
"""

from __future__ import annotations

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

_PLACEHOLDER = re.compile(r"\{(address|token|name)\}")


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
    return name, command.strip()


def bot_argv(command: str, name: str, address: str, token: str, limits: Limits) -> list[str]:
    """The argv to run: the limits wrapper, then the command with the connection arguments.

    ``{address}``, ``{token}`` and ``{name}`` in the command are replaced; a command without
    them gets ``--address=A --token=T --name=N`` appended.
    """
    words = shlex.split(command)
    if not words:
        raise ValueError(f"bot {name!r} has an empty command")
    fields = {"address": address, "token": token, "name": name}
    if _PLACEHOLDER.search(command):
        # Not str.format: other braces (a shell's ${VAR}, JSON) are the command's own.
        words = [_PLACEHOLDER.sub(lambda m: fields[m[1]], w) for w in words]
    else:
        # ``--token=T`` form: a token may start with "-", which would read as a flag.
        words += [f"--address={address}", f"--token={token}", f"--name={name}"]
    wrapper = [sys.executable, "-m", "arena._limits", f"--memory-mb={limits.memory_mb}",
               f"--cpu-seconds={limits.cpu_seconds}", f"--parent={os.getpid()}", "--"]
    return wrapper + words


class BotProcess:
    """One started bot process; ``exited`` is set when it ends."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str],
                 stderr: IO[bytes] | int | None) -> None:
        self.name = name
        self.argv = argv
        self.env = env
        self.stderr = stderr
        self.exited = trio.Event()
        self.returncode: int | None = None
        self.pid: int | None = None

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Start the process and wait for it; cancelling kills its whole process group.

        Started from trio's own thread (not trio's worker threads, as ``open_process`` does)
        because the kernel's parent-death signal follows the thread that forked, and waited
        for through a pidfd, so that no thread sits in ``waitpid``.
        """
        process = subprocess.Popen(
            self.argv, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=self.stderr, start_new_session=True)
        self.pid = process.pid
        pidfd = os.pidfd_open(process.pid)
        task_status.started()
        try:
            await trio.lowlevel.wait_readable(pidfd)
        finally:
            self.kill()
            with trio.CancelScope(shield=True):
                await trio.lowlevel.wait_readable(pidfd)
            os.close(pidfd)
            self.returncode = process.wait()
            self.exited.set()

    def kill(self) -> None:
        """SIGKILL the process group (idempotent; nothing once the process is reaped, when
        its pid may have been handed to another process)."""
        if self.pid is not None and self.returncode is None:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def bot_environment(name: str, address: str, token: str) -> dict[str, str]:
    """The environment of a bot process: ours plus ARENA_ADDRESS/TOKEN/BOT_NAME."""
    env = dict(os.environ)
    env.update(ARENA_ADDRESS=address, ARENA_TOKEN=token, ARENA_BOT_NAME=name)
    # Launched Python bots import this checkout's packages even when it is not installed.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH", "")]))
    return env
