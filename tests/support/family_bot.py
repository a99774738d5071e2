"""A launched bot with a child of its own, and a stand-in arena that launches it.

``python -m tests.support.family_bot family FILE`` writes its pid, its child's pid and its
limits to FILE, then idles. ``python -m tests.support.family_bot arena FILE`` launches that
bot as the arena does and idles, to be SIGKILLed.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import trio

from arena._launcher import BotProcess, Launch, Limits

PYTHON = sys.executable


def family(path: Path, limits: Limits = Limits()) -> BotProcess:
    """The family bot, launched as the arena launches bots ({name}: no arguments appended)."""
    command = (f"{shlex.quote(PYTHON)} -m tests.support.family_bot family "
               f"{shlex.quote(str(path))} {{name}}")
    argv, env, _ = Launch(limits).prepare("family", command, 0, [])
    return BotProcess("family", argv, env)


def _family_main(path: Path) -> None:
    child = subprocess.Popen([PYTHON, "-c", "import time; time.sleep(600)"])
    seen = {"pid": os.getpid(), "child": child.pid,
            "limits": Path("/proc/self/limits").read_text()}
    path.with_suffix(".tmp").write_text(json.dumps(seen))
    path.with_suffix(".tmp").replace(path)  # whole or not at all, for the reader
    time.sleep(600)


def _arena_main(path: Path) -> None:
    async def main() -> None:
        async with trio.open_nursery() as nursery:
            await nursery.start(family(path).run)
            await trio.sleep(600)

    trio.run(main)


if __name__ == "__main__":
    {"family": _family_main, "arena": _arena_main}[sys.argv[1]](Path(sys.argv[2]))
