"""``python -m arena._limits --memory-mb M --cpu-seconds S -- COMMAND...``: exec under limits.

A tiny exec wrapper rather than ``preexec_fn``, which is unsafe in a process with threads.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memory-mb", type=int, default=0, help="address-space limit (0: none)")
    parser.add_argument("--cpu-seconds", type=int, default=0, help="CPU time limit (0: none)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
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
