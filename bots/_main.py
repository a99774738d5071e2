"""``bots.main``: the command line of a bot process, on either transport.

A bot the arena launched (ARENA_TRANSPORT=stdio) plays over its standard streams and never
loads gRPC (a sandboxed bot has no network, and starts faster without it); a bot run by hand
against a server connects over gRPC with ``--address`` and ``--token``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from arena.v1 import arena_service_pb2 as pb

from ._bot import Bot
from ._matches import configure_logging

if TYPE_CHECKING:
    import argparse

    from ._client import ClientTls

# Exit codes of a bot process (the Node example's too): 1 the connection failed or was lost,
# 2 a bad command line, 3 the arena refused the bot (token, protocol version, game).
EXIT_REFUSED = 3


def declared_games(factory: Callable[[pb.MatchStarted], Bot]) -> tuple[str, ...]:
    """The games a bot class says it plays (``Bot.games``; empty: every game)."""
    return tuple(getattr(factory, "games", ()))


def main(factory: Callable[[pb.MatchStarted], Bot], default_name: str) -> None:
    """Command line of a bot process: ``--address --token --name`` or ARENA_* variables."""
    name = os.environ.get("ARENA_BOT_NAME", default_name)
    version = os.environ.get("ARENA_BOT_VERSION", "")
    launched = os.environ.get("ARENA_TRANSPORT") == "stdio"
    if launched and not sys.argv[1:] and _version_problem(version) is None:
        # As the arena launches a bot: nothing to parse, and argparse (with what it loads to
        # lay out its help) is not imported: 19M instructions, a ninth of the start.
        os.environ.pop("ARENA_TOKEN", None)
        _main_stdio(factory, name, list(declared_games(factory)), None, version)
        return
    import argparse

    parser = argparse.ArgumentParser(
        description=f"Run the {default_name} bot against an arena.", allow_abbrev=False,
        epilog="Launched by the arena (ARENA_TRANSPORT=stdio in its environment), the bot "
               "plays over stdin/stdout and ignores --address, --token and the TLS flags. "
               "Exit codes: 0 done; 1 the connection failed or was lost (with --once or "
               "--max-matches; launched: the arena went away); 2 a bad command line; 3 the "
               "arena refused the bot (bad token, protocol version or game)")
    parser.add_argument("--address", default=os.environ.get("ARENA_ADDRESS", "127.0.0.1:50051"),
                        help="host:port of the arena (env ARENA_ADDRESS)")
    parser.add_argument("--token", default=os.environ.get("ARENA_TOKEN", ""),
                        help="the bot's token (env ARENA_TOKEN)")
    parser.add_argument("--name", default=name,
                        help="bot name (env ARENA_BOT_NAME)")
    parser.add_argument("--version", type=_version, default=version,
                        help="the bot's version, shown on the ladder's leaderboard; a new one "
                             "keeps the bot's name and history and widens its rating's "
                             "uncertainty (1 to 64 printable characters; env "
                             "ARENA_BOT_VERSION; default: none)")
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
    os.environ.pop("ARENA_TOKEN", None)  # read: the bot's own child processes need not have it
    declared = declared_games(factory)
    for game in args.game:
        if declared and game not in declared:
            parser.error(f"--game {game}: {default_name} plays only {', '.join(declared)}")
    games = args.game or list(declared)
    if launched:
        _main_stdio(factory, args.name, games, args.max_matches, args.version)
    else:
        configure_logging()
        _main_grpc(factory, args, games, _tls(parser, args))


def _main_stdio(factory: Callable[[pb.MatchStarted], Bot], name: str, games: list[str],
                max_matches: int | None, version: str) -> None:
    import gc

    from ._matches import SessionRefused
    from ._stdio import play_stdio

    if "logging" in sys.modules:  # the bot's own code logs: in the SDK's format from now on
        configure_logging()
    try:
        play_stdio(factory, name, games, max_matches, version, log_setup=configure_logging)
    except SessionRefused as error:
        print(f"{name}: the arena refused this bot: {error}", file=sys.stderr)
        raise SystemExit(EXIT_REFUSED) from None
    except EOFError as error:
        raise SystemExit(f"{name}: {error}") from None
    except KeyboardInterrupt:
        pass
    # The session is over: what is left lives until the process ends, and frozen, the
    # collector does not go through it all once more at exit (14M instructions, 9% of a
    # random bot's start).
    gc.freeze()


def _main_grpc(factory: Callable[[pb.MatchStarted], Bot], args: argparse.Namespace,
               games: list[str], tls: ClientTls | None) -> None:
    import asyncio

    import grpc

    from ._client import BotRejected, play, play_stream, tls_hint

    try:
        if args.max_matches is not None:
            asyncio.run(play_stream(factory, args.address, args.name, args.token, games,
                                    args.max_matches,
                                    max_concurrent=args.max_concurrent_matches, tls=tls,
                                    version=args.version))
        else:
            asyncio.run(play(factory, args.address, args.name, args.token, games,
                             reconnect=not args.once,
                             max_concurrent=args.max_concurrent_matches, tls=tls,
                             version=args.version))
    except BotRejected as error:
        print(f"{args.name}: the arena refused this bot: {error}", file=sys.stderr)
        raise SystemExit(EXIT_REFUSED) from None
    except grpc.aio.AioRpcError as error:  # only without reconnecting: --once, --max-matches
        raise SystemExit(f"{args.name}: the connection to the arena failed: "
                         f"{error.code().name}: {error.details()}{tls_hint(tls, error)}"
                         ) from None
    except KeyboardInterrupt:
        pass


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
    files: dict[str, bytes | None] = {}
    for flag in ("tls_ca", "tls_cert", "tls_key"):
        path = getattr(args, flag)
        try:
            if path:
                with open(path, "rb") as file:
                    files[flag] = file.read()
            else:
                files[flag] = None
        except OSError as error:
            parser.error(f"--{flag.replace('_', '-')} {path}: {error.strerror}")
    from ._client import ClientTls

    return ClientTls(files["tls_ca"], files["tls_cert"], files["tls_key"])


def _version_problem(text: str) -> str | None:
    """What is wrong with ``text`` as ``Hello.version`` (None: nothing), said here rather
    than by the arena after connecting."""
    if len(text) > 64 or not text.isprintable():
        return f"{text[:70]!r} is not accepted: a version is 1 to 64 printable characters"
    return None


def _version(text: str) -> str:
    """``--version`` (and ARENA_BOT_VERSION), refused by name if the arena would refuse it."""
    import argparse

    problem = _version_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _at_least(low: int) -> Callable[[str], int]:
    import argparse

    def parse(text: str) -> int:
        if not text.lstrip("-").isdigit() or int(text) < low:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= {low}")
        return int(text)
    return parse
