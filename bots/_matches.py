"""A bot's side of one session, whatever carries it: a ``Bot`` per match, and the answers.

Both transports use it: the gRPC stream of a remote bot (``bots._client``) and the standard
streams of a bot the arena launched (``bots._stdio``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from arena.v1 import arena_service_pb2 as pb

from ._bot import Bot, failure

if TYPE_CHECKING:
    import logging


def configure_logging() -> None:
    """The log of a bot process: WARNING and up on stderr, as ``bots: the bot failed ...``."""
    import logging

    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")


class SessionRefused(Exception):
    """The arena refused the bot's Hello (bad token, protocol version, game)."""


class Matches:
    """Turns what the arena sends into what the bot answers.

    The bot's own code raising costs only that match (reported as a failure: the arena counts
    a crash of this seat), not the session and every other match on it. ``done`` once the
    arena ended the session, or ``max_matches`` matches were played (a match the arena
    started anyway is played to its end first).

    ``logging`` is imported when the SDK first logs (a launched bot that never fails starts
    without it: 25M instructions, a seventh of its start); ``log_setup``, if given, is
    called then, once. With ``reuse_moves`` every move is the same ``PlayRequest``, filled in
    anew (half the instructions of making one), for a caller that serializes each answer
    before it hands over the next message.
    """

    def __init__(self, factory: Callable[[pb.MatchStarted], Bot],
                 max_matches: int | None = None,
                 on_welcome: Callable[[], None] | None = None,
                 log_setup: Callable[[], None] | None = None,
                 reuse_moves: bool = False) -> None:
        self.factory = factory
        self.max_matches = max_matches
        self.on_welcome = on_welcome
        self._log_setup = log_setup
        self._move = pb.PlayRequest(move=pb.Move()) if reuse_moves else None
        self.finished = 0
        self.welcomed = False
        self.done = False
        self._bots: dict[str, Bot] = {}
        self._playing: set[str] = set()

    def _log(self) -> logging.Logger:
        import logging

        if self._log_setup is not None:
            self._log_setup()
            self._log_setup = None
        return logging.getLogger("bots")

    @property
    def idle(self) -> bool:
        """No match in progress."""
        return not self._playing

    def handle(self, response: pb.PlayResponse) -> pb.PlayRequest | None:
        """The answer to one message from the arena, if it calls for one."""
        kind = response.WhichOneof("message")
        if kind == "decision_request":
            request = response.decision_request
            bot = self._bots.get(request.match_id)
            if bot is None:
                return None
            try:
                answer = self._move if self._move is not None else pb.PlayRequest()
                move = answer.move
                # First: a value that is no id (None, a float, -1) raises here, as the bot's
                # failure, whatever the answer held before.
                move.action_id = bot.decide(request)
                move.match_id = request.match_id
                move.decision_id = request.decision_id
                return answer
            except Exception as error:  # noqa: BLE001 - also a value that is no id
                self._log().exception("the bot failed in match %s", request.match_id)
                return _failed(request.match_id, error)
        if kind == "match_started":
            started = response.match_started
            self._playing.add(started.match_id)
            try:
                self._bots[started.match_id] = self.factory(started)
            except Exception as error:  # noqa: BLE001
                self._log().exception("the bot failed to start match %s", started.match_id)
                return _failed(started.match_id, error)
        elif kind == "match_ended":
            self._ended(response.match_ended)
        elif kind == "welcome":
            self.welcomed = True
            if self.on_welcome is not None:
                self.on_welcome()
        elif kind == "error":
            if not self.welcomed:
                raise SessionRefused(response.error.message)
            self._log().warning("arena refused a message: %s", response.error.message)
        elif kind == "session_ended":
            self.done = True
        return None

    def _ended(self, ended: pb.MatchEnded) -> None:
        bot = self._bots.pop(ended.match_id, None)
        if bot is not None:
            try:
                bot.finish(ended)
            except Exception:  # noqa: BLE001
                self._log().exception("the bot failed at the end of match %s", ended.match_id)
        if ended.match_id in self._playing:  # also one the bot failed to start: it was played
            self._playing.discard(ended.match_id)
            self.finished += 1
            if (self.max_matches is not None and self.finished >= self.max_matches
                    and not self._playing):
                self.done = True


def _failed(match_id: str, error: Exception) -> pb.PlayRequest:
    return pb.PlayRequest(resign=pb.Resign(match_id=match_id, failure=failure(error)))
