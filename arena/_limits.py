"""``python -m arena._limits --memory-mb M --cpu-seconds S -- COMMAND...``: exec under limits.

A tiny exec wrapper rather than ``preexec_fn``, which is unsafe in a process with threads.
On Linux it also asks the kernel to SIGKILL the bot when the arena dies (``PR_SET_PDEATHSIG``,
kept across exec), so a killed arena leaves no bot behind even though each bot runs in a
process group of its own.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import signal
import sys

_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        return
    if os.getppid() != parent:  # the arena died before the request took effect
        os._exit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memory-mb", type=int, default=0, help="address-space limit (0: none)")
    parser.add_argument("--cpu-seconds", type=int, default=0, help="CPU time limit (0: none)")
    parser.add_argument("--parent", type=int, default=0, help="pid of the arena (die with it)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    if args.parent:
        _die_with_parent(args.parent)
    if args.memory_mb:
        limit = args.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if args.cpu_seconds:
        resource.setrlimit(resource.RLIMIT_CPU, (args.cpu_seconds, args.cpu_seconds + 5))
    try:
        os.execvp(command[0], command)
    except OSError as error:
        sys.exit(f"cannot start bot command {command[0]!r}: {error}")


if __name__ == "__main__":
    main()
