"""``python -m tests.support.pid_bot``: a random bot that writes ``{"pid": PID}`` to its log
(stderr) when each match starts, so that tests see which process played which match."""

from __future__ import annotations

import json
import os
import sys

from bots import main
from bots.random_bot import RandomBot


class PidBot(RandomBot):
    def __init__(self, match: object) -> None:
        super().__init__(match)  # type: ignore[arg-type]
        print(json.dumps({"pid": os.getpid()}), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(PidBot, "pid")
