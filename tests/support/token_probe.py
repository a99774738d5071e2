"""A launched bot that looks for its own one-time token where other local users can look.

``python -m tests.support.token_probe REPORT [bot arguments...]``: reads ARENA_TOKEN, scans the
command line of every process on the machine for it (what ``ps`` shows anyone), writes what
it found to REPORT as JSON, then becomes the random bot with the arguments it was given.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def _holders(token: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if token.encode() in cmdline:
            found.append(int(entry.name))
    return found


def main() -> None:
    report, *bot_args = sys.argv[1:]
    token = os.environ.get("ARENA_TOKEN", "")
    seen = {"pid": os.getpid(), "token_length": len(token),
            "in_own_environment": bool(token) and token.encode() in
            Path("/proc/self/environ").read_bytes(),
            "on_command_lines": _holders(token) if token else []}
    path = Path(report)
    path.with_suffix(".tmp").write_text(json.dumps(seen))
    path.with_suffix(".tmp").replace(path)
    os.execv(sys.executable, [sys.executable, "-m", "bots.run", "random", *bot_args])


if __name__ == "__main__":
    main()
