"""``python -I -S arena/_limits.py --memory-mb M --cpu-seconds S -- COMMAND...``: exec under
limits (a script of the standard library only, so that it starts fast).

A tiny exec wrapper rather than ``preexec_fn``, which is unsafe in a process with threads.
On Linux it also asks the kernel to SIGKILL the bot when the arena dies (``PR_SET_PDEATHSIG``,
kept across exec), so a killed arena leaves no bot behind even though each bot runs in a
process group of its own. The bot's own children get no such signal, so a guardian forked
before the exec (a child of the bot, in its process group) asks for one when the bot dies, and
then kills the whole group.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import signal
import sys
from typing import NoReturn

_PR_SET_PDEATHSIG = 1
# The guardian's parent-death signal. The bot may send it (or any signal) to its own process
# group, the guardian included: the guardian acts only once the bot is gone, and ignores the
# signals a bot's cleanup sends its group (``kill 0``).
_GUARD_SIGNAL = signal.SIGUSR1
_IGNORED_BY_GUARD = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT,
                     signal.SIGUSR2)


def _die_with_parent(parent: int, signum: int = signal.SIGKILL) -> bool:
    """Have the kernel send ``signum`` when ``parent`` dies; False if it has died already."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) != 0:
        return True
    return os.getppid() == parent


def _kill_group() -> None:
    os.killpg(0, signal.SIGKILL)


def _guard(bot: int) -> NoReturn:
    """The guardian's life: kill the bot's process group when the bot dies. It lets go of the
    bot's stdin and stdout (the bot's connection): a bot that closes its output must be seen
    to have closed it."""
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    def parent_died(*_: object) -> None:
        if os.getppid() != bot:  # else the bot sent it
            _kill_group()

    for signum in _IGNORED_BY_GUARD:
        signal.signal(signum, signal.SIG_IGN)
    signal.signal(_GUARD_SIGNAL, parent_died)
    if not _die_with_parent(bot, _GUARD_SIGNAL):
        _kill_group()
    while True:
        signal.pause()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--memory-mb", type=int, default=0, help="address-space limit (0: none)")
    parser.add_argument("--cpu-seconds", type=int, default=0, help="CPU time limit (0: none)")
    parser.add_argument("--parent", type=int, default=0, help="pid of the arena (die with it)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    if args.parent and sys.platform.startswith("linux"):
        if not _die_with_parent(args.parent):  # the arena died before the request took effect
            os._exit(1)
        bot = os.getpid()
        if os.fork() == 0:
            _guard(bot)
    if args.memory_mb:
        limit = args.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if args.cpu_seconds:
        resource.setrlimit(resource.RLIMIT_CPU, (args.cpu_seconds, args.cpu_seconds + 5))
    # Python ignores these at startup, and an ignored signal stays ignored across exec.
    for signum in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(signum, signal.SIG_DFL)
    try:
        os.execvp(command[0], command)
    except OSError as error:
        sys.exit(f"cannot start bot command {command[0]!r}: {error}")


if __name__ == "__main__":
    main()
