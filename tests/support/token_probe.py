"""A launched bot that reports what its environment holds.

``python -m tests.support.token_probe REPORT``: writes the names of its environment variables
and whether a token is among them to REPORT as JSON (REPORT relative to where the arena runs:
a sandboxed bot starts in that folder, read-only, so it writes through ``ARENA_REPORTS``, a
folder the test makes writable by naming it), then becomes the random bot.
"""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    name = sys.argv[1]
    seen = {"variables": sorted(os.environ), "pid": os.getpid()}
    print("PROBE " + json.dumps({"name": name, **seen}), file=sys.stderr, flush=True)
    os.execv(sys.executable, [sys.executable, "-m", "bots.run", "random"])


if __name__ == "__main__":
    main()
