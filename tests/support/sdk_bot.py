"""Bots built on the SDK for its tests: ``python -m tests.support.sdk_bot MODE`` (SDK flags).

Logs at INFO, so that the SDK's reconnect messages show on stderr. ``fails-in-boom`` raises
when made for match "boom-start", and in every choose and finish of match "boom"; it plays
randomly elsewhere, as ``random`` does.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from bots import Bot, RandomBot, main


class FailsInBoom(RandomBot):
    """Random, but for the bugs of matches "boom-start" and "boom" (see the module)."""

    def __init__(self, match: pb.MatchStarted) -> None:
        if match.match_id == "boom-start":
            raise KeyError("a bug in the bot's constructor")
        super().__init__(match)

    def choose(self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
               time_left: float) -> int:
        if self.match.match_id == "boom":
            raise ZeroDivisionError("a bug in the bot")
        return super().choose(observation, legal, time_left)

    def finish(self, ended: pb.MatchEnded) -> None:
        if ended.match_id == "boom":
            raise ValueError("a bug in the bot's finish")


MODES: dict[str, type[Bot]] = {"fails-in-boom": FailsInBoom, "random": RandomBot}

if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    mode = sys.argv.pop(1)
    main(MODES[mode], mode)
