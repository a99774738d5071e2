"""The bot SDK's transport: one Play stream, many matches, reconnect with backoff.

A bot author writes a ``Bot`` subclass; ``play(BotClass, address, name, token)`` does the rest.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import grpc

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc

from ._bot import Bot
from ._matches import Matches

PROTOCOL_VERSION = 1
FIRST_BACKOFF = 0.1  # seconds before the first reconnect; doubled on every failure
log = logging.getLogger("bots")

# Status codes after which retrying cannot help: the bot is misconfigured.
_FATAL = {grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.FAILED_PRECONDITION,
          grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.PERMISSION_DENIED}


@dataclass(frozen=True)
class ClientTls:
    """TLS of the bot's connection: the CA that signed the arena's certificate (PEM; None:
    the system's roots), and the bot's own certificate and key for an arena that asks for
    one (mutual TLS)."""

    root_ca: bytes | None = None
    certificate_chain: bytes | None = None
    private_key: bytes | None = None

    def credentials(self) -> grpc.ChannelCredentials:
        """The gRPC channel credentials."""
        return grpc.ssl_channel_credentials(self.root_ca, self.private_key,
                                            self.certificate_chain)


def _channel(address: str, tls: ClientTls | None) -> grpc.aio.Channel:
    if tls is None:
        return grpc.aio.insecure_channel(address)
    return grpc.aio.secure_channel(address, tls.credentials())


class BotRejected(Exception):
    """The arena refused the bot (bad token, protocol version, unknown game)."""


async def play_stream(
    factory: Callable[[pb.MatchStarted], Bot],
    address: str,
    name: str,
    token: str,
    games: Sequence[str] = (),
    max_matches: int | None = None,
    on_welcome: Callable[[], None] | None = None,
    *,
    max_concurrent: int = 1,
    tls: ClientTls | None = None,
    version: str = "",
) -> int:
    """Play over one connection until the arena closes it; returns the matches finished.

    ``games``: the games to ask for (default: those the bot class declares in ``games``, all
    if it declares none). ``on_welcome`` is called when the arena has accepted the Hello.
    ``max_concurrent``: the matches the arena may give this connection at once (0: no
    limit). One by default, since ``choose`` runs on this one thread: a second match would
    wait for the first's thinking. ``tls``: connect over TLS (None: plaintext). ``version``:
    the bot's version for the ladder (``Hello.version``; empty: not said).
    """
    matches = Matches(factory, max_matches, on_welcome)
    async with _channel(address, tls) as channel:
        # read()/write() on one task: a bot only writes in answer to what it reads, and this
        # costs less per message than request/response iterators.
        call = pb_grpc.ArenaServiceStub(channel).Play()
        try:
            await call.write(pb.PlayRequest(hello=pb.Hello(
                bot_name=name, token=token, protocol_version=PROTOCOL_VERSION,
                games=list(games or getattr(factory, "games", ())),
                max_concurrent_matches=max_concurrent, max_matches=max_matches or 0,
                version=version)))
            while not matches.done and (response := await call.read()) is not grpc.aio.EOF:
                answer = matches.handle(response)
                if answer is not None:
                    await call.write(answer)
        except grpc.aio.AioRpcError as error:
            if error.code() in _FATAL:
                raise BotRejected(f"{error.code().name}: {error.details()}") from error
            raise
        finally:
            call.cancel()
    return matches.finished


async def play(
    factory: Callable[[pb.MatchStarted], Bot],
    address: str,
    name: str,
    token: str,
    games: Sequence[str] = (),
    reconnect: bool = True,
    max_backoff: float = 30.0,
    *,
    max_concurrent: int = 1,
    tls: ClientTls | None = None,
    version: str = "",
) -> None:
    """Play forever, reconnecting with exponential backoff and jitter after a lost stream.

    With ``reconnect=False``: one connection; a failed or lost one raises AioRpcError.
    ``max_concurrent``, ``tls``, ``version``: as for ``play_stream``.
    """
    delay = FIRST_BACKOFF

    def welcomed() -> None:
        nonlocal delay
        delay = FIRST_BACKOFF  # the arena let the bot in: a later loss starts over

    while True:
        try:
            await play_stream(factory, address, name, token, games, on_welcome=welcomed,
                              max_concurrent=max_concurrent, tls=tls, version=version)
        except grpc.aio.AioRpcError as error:
            if not reconnect:
                raise
            # A warning, every step: a bot that cannot get in must not retry in silence.
            log.warning("connection failed or lost (%s: %s); retrying in %.1f s%s",
                        error.code().name, error.details(), delay, tls_hint(tls, error))
        if not reconnect:
            return
        await asyncio.sleep(delay * random.uniform(0.5, 1.5))
        delay = min(delay * 2, max_backoff)


def tls_hint(tls: ClientTls | None, error: grpc.aio.AioRpcError) -> str:
    """What a plaintext bot that cannot connect is told (a TLS arena looks unreachable)."""
    if tls is None and error.code() == grpc.StatusCode.UNAVAILABLE:
        return "; if the arena serves TLS, give --tls-ca"
    return ""
