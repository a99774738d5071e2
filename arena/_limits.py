"""``python -I -S arena/_limits.py --memory-mb=M --cpu-seconds=S --parent=PID -- COMMAND...``:
exec under limits (a script of the standard library only, so that it starts fast: it reads
its few options itself, since importing argparse took more than half of its start).

A tiny exec wrapper rather than ``preexec_fn``, which is unsafe in a process with threads.
On Linux it also asks the kernel to SIGKILL the bot when the arena dies (``PR_SET_PDEATHSIG``,
kept across exec), so a killed arena leaves no bot behind even though each bot runs in a
process group of its own. The bot's own children get no such signal, so a guardian forked
before the exec (a child of the bot, in its process group) asks for one when the bot dies, and
then kills the whole group.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import sys

# Not imported at run time: typing alone took more instructions than the rest of the start.
TYPE_CHECKING = False
if TYPE_CHECKING:
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


# Each option's meaning (a whole number; 0: none), as ``--name=N``.
_OPTIONS = {
    "--memory-mb": "address-space limit in MB",
    "--cpu-seconds": "CPU time limit in seconds",
    "--parent": "pid of the arena (die with it)",
}


def _usage(problem: str) -> NoReturn:
    options = "; ".join(f"{name}=N: {what}" for name, what in _OPTIONS.items())
    print(f"{problem}\nusage: python -I -S _limits.py [--name=N ...] -- COMMAND [ARG ...] "
          f"({options}; 0 or absent: none)", file=sys.stderr)
    sys.exit(2)


def _parse(argv: list[str]) -> tuple[dict[str, int], list[str]]:
    """The options (by name, 0 when absent) and the command."""
    values = dict.fromkeys(_OPTIONS, 0)
    for i, arg in enumerate(argv):
        if arg == "--":
            command = argv[i + 1:]
            break
        name, equals, value = arg.partition("=")
        if name not in values or not equals or not value.isdigit():
            _usage(f"unknown or malformed option {arg!r}")
        values[name] = int(value)
    else:
        command = []
    if not command:
        _usage("no command given after --")
    return values, command


def main() -> None:
    options, command = _parse(sys.argv[1:])
    parent = options["--parent"]
    if parent and sys.platform.startswith("linux"):
        if not _die_with_parent(parent):  # the arena died before the request took effect
            os._exit(1)
        bot = os.getpid()
        if os.fork() == 0:
            _guard(bot)
    if options["--memory-mb"]:
        limit = options["--memory-mb"] * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if seconds := options["--cpu-seconds"]:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))
    # Python ignores these at startup, and an ignored signal stays ignored across exec.
    for signum in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(signum, signal.SIG_DFL)
    try:
        os.execvp(command[0], command)
    except OSError as error:
        sys.exit(f"cannot start bot command {command[0]!r}: {error}")


if __name__ == "__main__":
    main()
