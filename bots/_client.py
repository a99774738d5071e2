"""The bot SDK's transport: one Play stream, many matches, reconnect with backoff.

A bot author writes a ``Bot`` subclass; ``play(BotClass, address, name, token)`` does the rest.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc

from ._bot import Bot

PROTOCOL_VERSION = 1
# Exit codes of a bot process (the Node example's too): 1 the connection failed or was lost,
# 2 a bad command line, 3 the arena refused the bot (token, protocol version, game).
EXIT_REFUSED = 3
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
) -> int:
    """Play over one connection until the arena closes it; returns the matches finished.

    ``games``: the games to ask for (default: those the bot class declares in ``games``, all
    if it declares none). ``on_welcome`` is called when the arena has accepted the Hello.
    ``max_concurrent``: the
    matches the arena may give this connection at once (0: no limit). One by default, since
    ``choose`` runs on this one thread: a second match would wait for the first's thinking.
    ``tls``: connect over TLS (None: plaintext).
    """
    bots: dict[str, Bot] = {}
    playing: set[str] = set()
    finished = 0
    async with _channel(address, tls) as channel:
        # read()/write() on one task: a bot only writes in answer to what it reads, and this
        # costs less per message than request/response iterators.
        call = pb_grpc.ArenaServiceStub(channel).Play()
        try:
            await call.write(pb.PlayRequest(hello=pb.Hello(
                bot_name=name, token=token, protocol_version=PROTOCOL_VERSION,
                games=list(games or declared_games(factory)),
                max_concurrent_matches=max_concurrent, max_matches=max_matches or 0)))
            while (response := await call.read()) is not grpc.aio.EOF:
                kind = response.WhichOneof("message")
                # The bot's own code raising costs only that match (reported as a failure:
                # the arena counts a crash of this seat), not the connection and every other
                # match on it.
                if kind == "decision_request":
                    request = response.decision_request
                    bot = bots.get(request.match_id)
                    if bot is None:
                        continue
                    try:
                        action = bot.decide(request)
                        answer = pb.PlayRequest(move=pb.Move(
                            match_id=request.match_id, decision_id=request.decision_id,
                            action_id=action))
                    except Exception as error:  # noqa: BLE001 - also a value that is no id
                        log.exception("the bot failed in match %s", request.match_id)
                        answer = _failed(request.match_id, error)
                    await call.write(answer)
                elif kind == "match_started":
                    started = response.match_started
                    playing.add(started.match_id)
                    try:
                        bots[started.match_id] = factory(started)
                    except Exception as error:  # noqa: BLE001
                        log.exception("the bot failed to start match %s", started.match_id)
                        await call.write(_failed(started.match_id, error))
                elif kind == "match_ended":
                    match_id = response.match_ended.match_id
                    bot = bots.pop(match_id, None)
                    if bot is not None:
                        try:
                            bot.finish(response.match_ended)
                        except Exception:  # noqa: BLE001
                            log.exception("the bot failed at the end of match %s", match_id)
                    if match_id in playing:  # also one the bot failed to start: it was played
                        playing.discard(match_id)
                        finished += 1
                        # The arena was told the budget; one it started anyway is played.
                        if max_matches is not None and finished >= max_matches and not playing:
                            break
                elif kind == "welcome" and on_welcome is not None:
                    on_welcome()
                elif kind == "error":
                    log.warning("arena refused a message: %s", response.error.message)
        except grpc.aio.AioRpcError as error:
            if error.code() in _FATAL:
                raise BotRejected(f"{error.code().name}: {error.details()}") from error
            raise
        finally:
            call.cancel()
    return finished


def _failed(match_id: str, error: Exception) -> pb.PlayRequest:
    return pb.PlayRequest(resign=pb.Resign(match_id=match_id,
                                           failure=f"{type(error).__name__}: {error}"))


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
) -> None:
    """Play forever, reconnecting with exponential backoff and jitter after a lost stream.

    With ``reconnect=False``: one connection; a failed or lost one raises AioRpcError.
    ``max_concurrent``, ``tls``: as for ``play_stream``.
    """
    delay = FIRST_BACKOFF

    def welcomed() -> None:
        nonlocal delay
        delay = FIRST_BACKOFF  # the arena let the bot in: a later loss starts over

    while True:
        try:
            await play_stream(factory, address, name, token, games, on_welcome=welcomed,
                              max_concurrent=max_concurrent, tls=tls)
        except grpc.aio.AioRpcError as error:
            if not reconnect:
                raise
            # A warning, every step: a bot that cannot get in must not retry in silence.
            log.warning("connection failed or lost (%s: %s); retrying in %.1f s%s",
                        error.code().name, error.details(), delay, _tls_hint(tls, error))
        if not reconnect:
            return
        await asyncio.sleep(delay * random.uniform(0.5, 1.5))
        delay = min(delay * 2, max_backoff)


def declared_games(factory: Callable[[pb.MatchStarted], Bot]) -> tuple[str, ...]:
    """The games a bot class says it plays (``Bot.games``; empty: every game)."""
    return tuple(getattr(factory, "games", ()))


def main(factory: Callable[[pb.MatchStarted], Bot], default_name: str) -> None:
    """Command line of a bot process: ``--address --token --name`` or ARENA_* variables."""
    parser = argparse.ArgumentParser(
        description=f"Run the {default_name} bot against an arena.",
        epilog="exit codes: 0 done; 1 the connection failed or was lost (with --once or "
               "--max-matches); 2 a bad command line; 3 the arena refused the bot (bad "
               "token, protocol version or game)")
    parser.add_argument("--address", default=os.environ.get("ARENA_ADDRESS", "127.0.0.1:50051"),
                        help="host:port of the arena (env ARENA_ADDRESS)")
    parser.add_argument("--token", default=os.environ.get("ARENA_TOKEN", ""),
                        help="the bot's token (env ARENA_TOKEN)")
    parser.add_argument("--name", default=os.environ.get("ARENA_BOT_NAME", default_name),
                        help="bot name (env ARENA_BOT_NAME)")
    parser.add_argument("--game", action="append", default=[],
                        help="a game this bot plays (repeatable; default: the games the bot "
                             "declares, or every game)")
    parser.add_argument("--once", action="store_true",
                        help="exit when the connection ends instead of reconnecting")
    parser.add_argument("--max-matches", type=_at_least(1), default=None,
                        help="exit after finishing this many matches (implies --once)")
    parser.add_argument("--max-concurrent-matches", type=_at_least(0), default=1,
                        help="matches the arena may give this bot at once (default 1: "
                             "choose() of one match would hold up the others; 0: no limit)")
    parser.add_argument("--tls-ca", default=os.environ.get("ARENA_TLS_CA"), metavar="FILE",
                        help="connect over TLS, trusting this CA (PEM) for the arena's "
                             "certificate (env ARENA_TLS_CA)")
    parser.add_argument("--tls-cert", default=os.environ.get("ARENA_TLS_CERT"), metavar="FILE",
                        help="with --tls-ca: this bot's certificate (PEM), for an arena that "
                             "asks for one (env ARENA_TLS_CERT)")
    parser.add_argument("--tls-key", default=os.environ.get("ARENA_TLS_KEY"), metavar="FILE",
                        help="the key of --tls-cert (PEM; env ARENA_TLS_KEY)")
    args = parser.parse_args(_token_joined(sys.argv[1:]))
    tls = _tls(parser, args)
    os.environ.pop("ARENA_TOKEN", None)  # read: the bot's own child processes need not have it
    declared = declared_games(factory)
    for game in args.game:
        if declared and game not in declared:
            parser.error(f"--game {game}: {default_name} plays only {', '.join(declared)}")
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    try:
        if args.max_matches is not None:
            asyncio.run(play_stream(factory, args.address, args.name, args.token, args.game,
                                    args.max_matches,
                                    max_concurrent=args.max_concurrent_matches, tls=tls))
        else:
            asyncio.run(play(factory, args.address, args.name, args.token, args.game,
                             reconnect=not args.once,
                             max_concurrent=args.max_concurrent_matches, tls=tls))
    except BotRejected as error:
        print(f"{args.name}: the arena refused this bot: {error}", file=sys.stderr)
        raise SystemExit(EXIT_REFUSED) from None
    except grpc.aio.AioRpcError as error:  # only without reconnecting: --once, --max-matches
        raise SystemExit(f"{args.name}: the connection to the arena failed: "
                         f"{error.code().name}: {error.details()}{_tls_hint(tls, error)}"
                         ) from None
    except KeyboardInterrupt:
        pass


def _tls_hint(tls: ClientTls | None, error: grpc.aio.AioRpcError) -> str:
    """What a plaintext bot that cannot connect is told (a TLS arena looks unreachable)."""
    if tls is None and error.code() == grpc.StatusCode.UNAVAILABLE:
        return "; if the arena serves TLS, give --tls-ca"
    return ""


def _token_joined(argv: list[str]) -> list[str]:
    """``--token VALUE`` as ``--token=VALUE``: a token may start with ``-`` (they are random
    URL-safe text), which argparse would take for an option."""
    out: list[str] = []
    values = iter(argv)
    for arg in values:
        if arg == "--":
            out += [arg, *values]
            break
        if arg == "--token":
            following = next(values, None)
            out.append(arg if following is None else f"--token={following}")
        else:
            out.append(arg)
    return out


def _tls(parser: argparse.ArgumentParser, args: argparse.Namespace) -> ClientTls | None:
    """The TLS flags read into ClientTls (a usage error names a file that cannot be read)."""
    if not (args.tls_ca or args.tls_cert or args.tls_key):
        return None
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    files = {}
    for flag in ("tls_ca", "tls_cert", "tls_key"):
        path = getattr(args, flag)
        try:
            files[flag] = Path(path).read_bytes() if path else None
        except OSError as error:
            parser.error(f"--{flag.replace('_', '-')} {path}: {error.strerror}")
    return ClientTls(files["tls_ca"], files["tls_cert"], files["tls_key"])


def _at_least(low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text.lstrip("-").isdigit() or int(text) < low:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= {low}")
        return int(text)
    return parse
