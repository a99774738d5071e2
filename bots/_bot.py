"""What a bot is: one object per match, asked ``choose(observation, legal, time_left)``."""

from __future__ import annotations

import os
import random
import zlib
from collections.abc import Callable, Sequence
from typing import Protocol

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2


class Request(Protocol):
    """What a bot is asked with: the ``DecisionRequest`` message, or (a bot playing inside
    the arena's process) an object with the same fields that encodes the observation and the
    legal actions only when they are read."""

    @property
    def observation(self) -> game_pb2.Observation: ...

    @property
    def legal(self) -> Sequence[game_pb2.Action]: ...

    @property
    def time_left_ms(self) -> int: ...


class Bot:
    """Base class of bots. The SDK makes one instance per match and calls ``choose``.

    ``match`` is the MatchStarted message: game, options, seats, your seat, time control and
    the game's static data. ``rng`` is seeded from the match's ``bot_seed`` and the seat (from
    the match id if the arena gives no bot seed), so a bot that draws only from it plays a
    reproducible (``--seed``) tournament the same way every time.

    ``games`` names the games the bot can play (empty: every game). The SDK declares them in
    its Hello, so a ladder gives the bot only those; a tournament refuses a bot that does not
    play its game.
    """

    games: tuple[str, ...] = ()

    def __init__(self, match: pb.MatchStarted) -> None:
        self.match = match
        if match.bot_seed:
            self.rng = random.Random(f"{match.bot_seed}/{match.your_seat}")
        else:
            self.rng = random.Random(zlib.crc32(f"{match.match_id}/{match.your_seat}".encode()))

    def decide(self, request: Request) -> int:
        """The answer to one request: by default ``choose`` of its observation, legal
        actions and time left. A bot that needs less than all of it overrides this to read
        only that (in the arena's process, what is not read is never encoded)."""
        return self.choose(request.observation, request.legal, request.time_left_ms / 1000)

    def choose(
        self,
        observation: game_pb2.Observation,
        legal: Sequence[game_pb2.Action],
        time_left: float,
    ) -> int:
        """Return the id of one of ``legal``; ``time_left`` is in seconds."""
        raise NotImplementedError

    @staticmethod
    def best(legal: Sequence[game_pb2.Action], score: Callable[[game_pb2.Action], float]) -> int:
        """The id of the legal action with the highest ``score`` (the first of equals)."""
        best, best_score = legal[0].id, float("-inf")
        for action in legal:
            value = score(action)
            if value > best_score:
                best, best_score = action.id, value
        return best

    def finish(self, ended: pb.MatchEnded) -> None:
        """Called once when the match ends (optional)."""


def failure(error: BaseException) -> str:
    """A bot's exception in one line, with the line of the bot's own code it came from:
    ``ValueError: bad (at my_bot.py:9 in choose)``. That line is the innermost frame
    outside Python's library, the installed packages and this SDK (so an ``IndexError``
    from ``random.choice`` names the call in the bot, not ``random.py``); the innermost
    frame if every frame is one of those."""
    # Imported here: a launched bot that never fails starts without them (18M instructions).
    import sysconfig
    import traceback

    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return text
    # Where a bot's own code is not: Python's library, the installed packages, this SDK.
    not_the_bots = (*{sysconfig.get_paths()[key] for key in ("stdlib", "purelib", "platlib")},
                    os.path.dirname(os.path.abspath(__file__)) + os.sep)
    own = [f for f in frames if not f.filename.startswith(not_the_bots)] or frames
    frame = own[-1]
    return f"{text} (at {os.path.basename(frame.filename)}:{frame.lineno} in {frame.name})"
