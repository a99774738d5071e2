"""The SDK over standard streams: how a bot that the arena launched plays (it has no network).

The arena sets ARENA_TRANSPORT=stdio; ``bots.main`` then plays here instead of over gRPC,
with the same bot code. Messages are framed by ``arena._frames`` (binary). The bot's own
prints must not break the stream, so the stream keeps the original stdout and fd 1 is
pointed at stderr, the bot's log.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

from arena._frames import BINARY, Decoder, FrameError, encode
from arena.v1 import arena_service_pb2 as pb

from ._bot import Bot
from ._matches import Matches

PROTOCOL_VERSION = 1
_CHUNK = 1 << 16


def play_stdio(factory: Callable[[pb.MatchStarted], Bot], name: str,
               games: Sequence[str] = (), max_matches: int | None = None,
               version: str = "", log_setup: Callable[[], None] | None = None) -> int:
    """Play over stdin/stdout until the arena ends the session (or ``max_matches`` are
    done); returns the matches finished (``version``: the bot's ``Hello.version``;
    ``log_setup``: see ``Matches``).
    SessionRefused if the Hello is refused; EOFError if the input ends mid-session (the
    arena went away)."""
    sys.stdout.flush()
    out = os.dup(1)
    os.dup2(2, 1)  # print() now goes to stderr
    matches = Matches(factory, max_matches, log_setup=log_setup, reuse_moves=True)
    decoder: Decoder[pb.PlayResponse] = Decoder(pb.PlayResponse, form=BINARY)

    def send(message: pb.PlayRequest) -> None:
        data = encode(message, BINARY)
        while data:
            data = data[os.write(out, data):]

    send(pb.PlayRequest(hello=pb.Hello(
        bot_name=name, protocol_version=PROTOCOL_VERSION, games=list(games),
        max_concurrent_matches=1, max_matches=max_matches or 0, version=version)))
    try:
        while not matches.done:
            data = os.read(0, _CHUNK)
            if not data:
                if matches.done or (matches.welcomed and matches.idle):
                    break
                raise EOFError("the arena closed the bot's input in the middle of a session")
            try:
                responses = decoder.feed(data)
            except FrameError as error:
                raise EOFError(f"the arena's stream broke: {error}") from None
            for response in responses:
                if response is None:
                    continue
                answer = matches.handle(response)
                if answer is not None:
                    send(answer)
    finally:
        os.close(out)
    return matches.finished
