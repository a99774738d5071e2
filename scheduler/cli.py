"""The ``arena`` command line: tournaments, the server, bots, games, matches and ratings."""

from __future__ import annotations

import argparse
import contextlib
import gc
import ipaddress
import logging
import os
import secrets
import shlex
import signal
import sqlite3
import sys
import threading
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import grpc
import trio

import arena
import bots
import engine
from arena import _sandbox
from arena._guard import connection_cap, raise_open_files_limit
from arena._hub import printable
from arena._launcher import Launch
from arena.metrics import Metrics
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from arena.v1 import game_pb2

from ._ray_backend import (
    RayUnavailable,
    WorkerLost,
    connect,
    import_ray,
    play_tournament_on_ray,
)
from ._records import MatchRecord, places
from ._reports import (
    ORDERS,
    StoreRecords,
    anchored,
    groups,
    head_to_head,
    head_to_head_table,
    ladder_order,
    pgn_time_control,
    seat_lines,
    seats_csv,
    standings,
    standings_and_seats,
    table,
    to_csv,
    to_json,
    to_pgn,
)
from ._runner import MatchSpec, run_match
from ._seating import BotPool, BotSpec, BotStartError, process_command
from ._store import Store, StoreError, TournamentBusy, TournamentRow
from ._timecontrol import FaultPolicy, TimeControl
from ._tournament import (
    StoreWriteError,
    TournamentConfig,
    check_plan,
    fill_seats,
    how_to_go_on,
    play_tournament,
    secure_seed,
)

if TYPE_CHECKING:  # imported where used: `arena` without a gauntlet does not load it
    from ._gauntlet import GauntletPlan

E = TypeVar("E", bound=BaseException)
DEFAULT_GAME = "sector41"
DEFAULT_DB = "arena.sqlite"
# Said once, at a tournament's first crash: a match's reason has a bot's last stderr lines or
# its one-line account of its failure, never its whole traceback.
_CRASH_HINT = ("arena: a crashed bot's whole stderr (its traceback) is kept with "
               "--bot-logs DIR")
DEFAULT_ADDRESS = "127.0.0.1:50051"
# Beside the gRPC port: Prometheus's exporter ports (9100-9999) are all taken, 9100 by
# node_exporter, which often runs on the same host.
DEFAULT_METRICS_PORT = 50052
log = logging.getLogger("arena.server")


class UsageError(Exception):
    """A bad command line value; printed as ``arena: error: ...`` with exit code 2."""


class RunError(Exception):
    """The run could not go on (a bot that cannot start); ``arena: error: ...``, exit 4."""


EXIT_CODES = """exit codes:
  0    done (sprt, gauntlet: NEW is not worse, H1 accepted; with --fail-below, the
       interval's lower bound clears it)
  1    sprt, gauntlet: NEW is worse (H0 accepted; with --fail-below, it does not clear it);
       replay: the result differs from the record; bot validate: a check did not pass
  2    a usage error: a bad flag, value or file, named on stderr
  3    sprt, gauntlet: no decision within --max-matches / --max-deals (--json/--junit FILE
       hold every verdict)
  4    the run failed: a bot could not start (its last stderr lines are shown), or the
       database refused a write (the match is kept for --resume)
  130  interrupted by Ctrl-C (SIGINT) or SIGTERM (every finished match is recorded)"""


class _Parser(argparse.ArgumentParser):
    """An argument parser that takes no abbreviations (``--round`` is not ``--rounds``: a
    typo must not become another flag) and refuses an unknown flag itself, with its own
    usage and the closest flags it knows, rather than the top-level usage."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """Parse; an argument this parser (or its subcommand's) does not know is an error
        here, where the usage and the flags to suggest are this command's."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}{self._suggest(extras)}")
        return parsed, extras

    def error(self, message: str) -> Any:
        """Exit 2 with this command's usage and ``message``, which names the closest choice
        to a mistyped one (``tournamnt``: did you mean tournament?)."""
        import difflib
        import re

        typo = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if typo:
            choices = re.findall(r"'([^']*)'", typo[2])
            if close := difflib.get_close_matches(typo[1], choices, n=1):
                message += f" (did you mean {close[0]}?)"
        super().error(message)

    def _suggest(self, extras: Sequence[str]) -> str:
        import difflib

        known = [o for action in self._actions for o in action.option_strings]
        close = [match for extra in extras if extra.startswith("-")
                 for match in difflib.get_close_matches(extra.partition("=")[0], known, n=1)]
        return f" (did you mean {' or '.join(dict.fromkeys(close))}?)" if close else ""


def _found(error: BaseException, kind: type[E]) -> E | None:
    """The ``kind`` exception that is ``error`` or in its exception groups (as trio raises
    them), if any."""
    if isinstance(error, kind):
        return error
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            if (found := _found(inner, kind)) is not None:
                return found
    return None


@contextlib.contextmanager
def _run_errors(on_failure: Any = None) -> Iterator[None]:
    """A run's failures as one line each: a bot that cannot start or a refused database write
    (RunError; ``on_failure()`` first for the bot), a server that cannot listen (UsageError)."""
    try:
        yield
    except BaseException as error:
        if (cannot_listen := _found(error, arena.ListenError)) is not None:
            raise UsageError(f"{cannot_listen}; give another --port (0: any free one) or "
                             f"--host") from None
        if (usage := _found(error, UsageError)) is not None and usage is not error:
            raise usage from None
        if (refused := _found(error, StoreWriteError)) is not None:
            raise RunError(str(refused)) from None
        if (lost := _found(error, WorkerLost)) is not None:
            raise RunError(str(lost)) from None
        failed = _found(error, BotStartError)
        if failed is None:
            raise
        if on_failure is not None:
            on_failure()
        raise RunError(f"{failed}\n(--bot-logs DIR keeps the whole stderr of every bot)"
                       ) from None


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"bad --option {pair!r}; accepted: NAME=VALUE")
        options[key] = value
    return options


PUBLIC_CONNECTIONS_PER_HOST = 128


def connections_per_host(host: str, given: int | None) -> int | None:
    """The per-host connection cap of ``serve`` (None: no cap). Unless given (0: none), a
    server that listens beyond this machine caps each host at ``PUBLIC_CONNECTIONS_PER_HOST``
    (so that one host cannot take every connection), and a loopback one, whose clients are
    all this machine, has none (and no front's cost)."""
    if given is not None:
        return given or None
    try:
        loopback = ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        loopback = host == "localhost"
    return None if loopback else PUBLIC_CONNECTIONS_PER_HOST


def _positive(kind: type) -> Any:
    """An argparse type: a number of ``kind`` above 0."""
    return _number(kind, above=0)


def _number(kind: type, *, above: float | None = None, at_least: float | None = None) -> Any:
    """An argparse type: a number of ``kind`` above or at least a bound."""
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if above is not None and not value > above:
            raise argparse.ArgumentTypeError(f"{text!r} must be above {above:g}")
        if at_least is not None and not value >= at_least:
            raise argparse.ArgumentTypeError(f"{text!r} must be {at_least:g} or more")
        return value
    return parse


def _seed(args: argparse.Namespace) -> int:
    """``--seed``, or a seed from the OS's secure random source."""
    return int(args.seed) if args.seed is not None else secure_seed()


def default_bots(game: str) -> list[str]:
    """The reference bots of a game, each as its own process: random and the game's greedy."""
    names = ["random"] + [n for n in bots.builtin_names() if n.startswith(f"{game}-")]
    return [f"{name}={process_command(name)}" for name in names]


def _seated(game: str, bot_texts: Sequence[str], players: int) -> list[str]:
    """The bots with random ones added for the seats they leave empty (said on stderr, once
    the game and its player count are known to be good)."""
    try:
        engine.get(game).info.check_players(players)
        seated, added = fill_seats(bot_texts, players)
    except (ValueError, LookupError, engine.EngineError) as error:
        raise UsageError(str(error)) from None
    if added:
        print(f"--players {players} with {len(bot_texts)} bot(s): {len(added)} seat(s) filled "
              f"with builtin:random ({', '.join(added)}); give more --bot values to choose "
              f"them", file=sys.stderr)
    return seated


# What --bot takes, and its default: in a tournament, in sprt and gauntlet, in play.
_FILLED = ("repeatable (default: the game's reference bots, random and the game's own, each as a "
           "process); seats left over get in-process random bots")
_NEW_OLD = "exactly two: NEW first, then OLD"
_PLAYED = ("repeatable (default: in-process random bots, builtin:random, one per seat); seats "
           "left over get in-process random bots too")


def _add_match_flags(p: argparse.ArgumentParser, bots_given: str = _FILLED) -> None:
    """The flags of a match; ``bots_given``: what ``--bot`` takes and its default."""
    p.add_argument("--game", default=DEFAULT_GAME, help=f"game name (default {DEFAULT_GAME})")
    p.add_argument("--players", type=int, default=2, help="players per match (default 2)")
    p.add_argument("--bot", action="append", default=[], metavar="NAME=COMMAND",
                   help=f"a bot: NAME=COMMAND (a process), builtin:KIND or NAME=builtin:KIND "
                        f"(`arena bots` lists the kinds); {bots_given}")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (see `arena games`)")
    p.add_argument("--move-time", type=_positive(float), default=None, metavar="SECONDS",
                   help="fixed time per decision (default 0.5)")
    p.add_argument("--tc", default=None, metavar="BASE+INC",
                   help="a clock instead: base seconds + increment per move, e.g. 10+0.1")
    p.add_argument("--margin", type=float, default=0.05,
                   help="grace seconds beyond the limit (default 0.05)")
    p.add_argument("--policy", choices=("forfeit", "default"), default="forfeit",
                   help="on a fault: forfeit (default) or play a default action and strike")
    p.add_argument("--max-strikes", type=_positive(int), default=None,
                   help="with --policy default: strikes that forfeit")
    p.add_argument("--seed", type=int, default=None,
                   help="seed for a reproducible run (default: drawn from the OS's secure "
                        "random source; whoever knows --seed knows every deal, so a "
                        "competition must not publish it)")
    p.add_argument("--recover", action="store_true", help="restart a bot process that crashed")
    p.add_argument("--memory-mb", type=_number(int, at_least=0), default=2048,
                   help="address-space limit per bot process, MB (0: none; default 2048)")
    p.add_argument("--cpu-seconds", type=_number(int, at_least=0), default=0,
                   help="CPU-time limit per bot process, s (0: none)")
    p.add_argument("--bot-logs", metavar="DIR",
                   help="keep each bot process's stderr in DIR: <match id>.<bot>.log while it "
                        "plays a match, <bot>.<n>.log otherwise (1 MB each at most)")
    p.add_argument("--sandbox", choices=_sandbox.LEVELS, default=_sandbox.AUTO,
                   help="run each bot process in a sandbox (bubblewrap: no network, no other "
                        "process, no file of the arena's): auto (default) where bwrap works, "
                        "with a warning elsewhere; required: refuse to run without it; none: "
                        "trusted bots, which can read everything your user can")
    p.add_argument("--bot-env", action="append", default=[], metavar="NAME=VALUE",
                   help="a variable of the bot processes' environment, which holds nothing "
                        "else of yours in a sandbox (repeatable)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="charge a bot process's decisions the wall time (default) or the CPU "
                        "time it used, capped at 3x the limit + 1 s of wall time (a busy "
                        "machine then costs no bot its time)")
    p.add_argument("--max-processes", type=_number(int, at_least=0), default=64,
                   help="processes and threads per sandboxed bot (0: none; default 64)")
    p.add_argument("--tmp-mb", type=_number(int, at_least=1), default=256,
                   help="size of a sandboxed bot's /tmp (its only writable folder, kept in "
                        "memory), and of its /dev/shm, MB each (never unbounded; default "
                        "256; no effect with --sandbox none)")
    p.add_argument("--startup-timeout", type=_positive(float), default=60.0,
                   metavar="SECONDS", help="time a bot process has to say Hello once started "
                                           "(default 60; what is awaited is said after 5 s)")
    p.add_argument("--grace", type=_number(float, at_least=0), default=2.0, metavar="SECONDS",
                   help="time a bot process has to exit once told its session is over, "
                        "before it is killed (default 2)")


def _add_verdict_flags(p: argparse.ArgumentParser) -> None:
    """The flags `sprt` and `gauntlet` share: error rates, verdict files, concurrency, db."""
    p.add_argument("--alpha", type=float, default=0.05, help="false H1 rate (default 0.05)")
    p.add_argument("--beta", type=float, default=0.05, help="false H0 rate (default 0.05)")
    p.add_argument("--json", metavar="FILE", help="write the verdict and statistics as JSON")
    p.add_argument("--junit", metavar="FILE", help="write the verdict as a JUnit XML file")
    p.add_argument("--concurrency", type=_positive(int), default=2)
    p.add_argument("--db", default=DEFAULT_DB)


def _add_backend_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where matches run: local (default; trio, --concurrency at once) or "
                        "ray (each match a Ray task on a worker, which starts its bots; "
                        "needs the ray extra)")
    p.add_argument("--ray-address", metavar="ADDR",
                   help="with --backend ray: the cluster to join (HOST:PORT of its head, or "
                        "auto; default RAY_ADDRESS if set, else a local Ray on at most "
                        "2 CPUs)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``arena``."""
    parser = _Parser(prog="arena", description=__doc__, epilog=EXIT_CODES,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game-module", action="append", default=[], metavar="MODULE",
                        help="import MODULE and register its GAME (your own game; repeatable)")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("tournament", help="a round robin (or gauntlet) between bots")
    _add_match_flags(p)
    p.add_argument("--rounds", type=_positive(int), default=4, help="repetitions (default 4)")
    p.add_argument("--concurrency", type=_positive(int), default=2,
                   help="matches at once, each with processes of its own for its "
                        "bots (default 2)")
    p.add_argument("--gauntlet", metavar="NAME", help="every match includes this bot")
    p.add_argument("--max-matches", type=_positive(int), default=None,
                   help="cap: sample the groups in a balanced way when there are more")
    p.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file (default {DEFAULT_DB})")
    p.add_argument("--resume", nargs="?", const="latest", metavar="TOURNAMENT_ID",
                   help="continue a killed tournament (default: the latest one)")
    p.add_argument("--json", metavar="FILE", help="export standings and matches as JSON")
    p.add_argument("--csv", metavar="FILE", help="export standings as CSV")
    p.add_argument("--metrics-port", type=int, default=None, help="serve /metrics here")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="a line per finished match and a score line every 10 on stdout, as "
                        "cutechess prints them (the default when stdout is not a terminal)")
    _add_backend_flags(p)

    p = sub.add_parser("serve", help="the gRPC arena for remote bots, with a live ladder")
    p.add_argument("--host", default="127.0.0.1", help="listen address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=50051, help="gRPC port (default 50051)")
    p.add_argument("--metrics-port", type=int, default=DEFAULT_METRICS_PORT,
                   help=f"/metrics port (default {DEFAULT_METRICS_PORT}, beside the gRPC port; "
                        f"9100 is node_exporter's; 0: off)")
    p.add_argument("--metrics-host", default=None,
                   help="listen address of /metrics (default: the same as --host)")
    p.add_argument("--public-bots", action="store_true",
                   help="let anyone list the connected bots (ListBots); without it, a caller "
                        "must send a registered bot's name and token")
    p.add_argument("--log-level", default="info", type=str.lower,
                   choices=("debug", "info", "warning", "error"),
                   help="log what happens at this level and above (default info)")
    p.add_argument("--log-format", default="text", choices=("text", "json"),
                   help="text lines, or one JSON object a line (default text)")
    p.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file (default {DEFAULT_DB})")
    p.add_argument("--game", action="append", default=[], help="ladder game (repeatable)")
    p.add_argument("--players", default="2", metavar="COUNTS",
                   help="players per ladder match: a count (2), a list (2,4) or a range "
                        "(2-5); the matchmaking mixes them (default 2)")
    p.add_argument("--move-time", type=_positive(float), default=None, metavar="SECONDS")
    p.add_argument("--tc", default=None, metavar="BASE+INC")
    p.add_argument("--margin", type=float, default=0.05)
    p.add_argument("--concurrency", type=_positive(int), default=4)
    p.add_argument("--no-ladder", action="store_true", help="serve without pairing bots")
    p.add_argument("--max-matches", type=_positive(int), default=None,
                   help="stop after this many ladder matches")
    p.add_argument("--ladder-start-bots", type=_positive(int), default=None, metavar="N",
                   help="start the ladder's first match once N bots are connected (default: "
                        "as soon as a match can be played)")
    p.add_argument("--tls-cert", metavar="FILE",
                   help="serve over TLS with this certificate chain (PEM); plaintext clients "
                        "are refused")
    p.add_argument("--tls-key", metavar="FILE", help="the key of --tls-cert (PEM)")
    p.add_argument("--tls-client-ca", metavar="FILE",
                   help="with --tls-cert: require bot certificates signed by this CA (PEM)")
    limits = arena.ClientLimits()
    p.add_argument("--max-spectators", type=_positive(int), default=limits.max_spectators,
                   help=f"open WatchMatch streams in all (default {limits.max_spectators})")
    p.add_argument("--max-spectators-per-peer", type=_positive(int),
                   default=limits.max_spectators_per_peer,
                   help=f"open WatchMatch streams per client host "
                        f"(default {limits.max_spectators_per_peer})")
    p.add_argument("--calls-per-second", type=_positive(float),
                   default=limits.calls_per_second,
                   help=f"unary calls a client host may make per second, after a burst of "
                        f"--call-burst (default {limits.calls_per_second:g})")
    p.add_argument("--call-burst", type=_positive(int), default=limits.call_burst,
                   help=f"(default {limits.call_burst})")
    p.add_argument("--max-connections-per-host", type=_number(int, at_least=0), metavar="N",
                   default=None,
                   help=f"connections one client host may hold open; more are closed at once "
                        f"(the arena then accepts connections itself and passes their bytes "
                        f"to gRPC: docs/operations.md gives the cost). Default: "
                        f"{PUBLIC_CONNECTIONS_PER_HOST} when --host is not a loopback address, "
                        f"else none; 0: none (behind a proxy that hides the clients' "
                        f"addresses)")
    p.add_argument("--web-port", type=_number(int, at_least=0), default=None, metavar="PORT",
                   help="also serve web pages of the live and finished matches and the "
                        "standings here, over HTTPS with --tls-cert (0: any free port; "
                        "docs/viewer.md)")
    p.add_argument("--web-host", default="127.0.0.1",
                   help="the web pages' listen address (default 127.0.0.1)")
    p.add_argument("--spectator-delay", type=_number(int, at_least=0), default=0, metavar="N",
                   help="the web pages show a match in play N moves behind (default 0)")
    p.add_argument("--web-connections", type=_positive(int), default=64,
                   help="open web connections in all (default 64)")
    p.add_argument("--web-connections-per-host", type=_positive(int), default=8,
                   help="open web connections per client host (default 8)")
    p.add_argument("--web-idle-timeout", type=_positive(float), default=15.0, metavar="SECONDS",
                   help="a web connection that sends nothing for this long is dropped "
                        "(default 15)")

    p = sub.add_parser("bot", help="register bots for `arena serve`; check a bot process")
    bot_sub = p.add_subparsers(dest="bot_command", required=True)
    q = bot_sub.add_parser(
        "validate", help="start a bot process as a tournament does and check it plays by the "
                         "rules of the launch contract",
        description="Start COMMAND as a tournament starts a bot (its stdin/stdout, the "
                    "sandbox), take its Hello, play it short matches of each game it declares "
                    "(or --game) against builtin:random at every player count (seeds 1 and "
                    "2, from the first seat then the last; each match cut short by the game's "
                    "own turn or round limit), end its session, and print one line per check: "
                    "handshake, games declared, answers in time, legal actions, plays its "
                    "matches, match end, session end, exit code. The first fault ends the "
                    "play: checks not reached are SKIP.",
        epilog="exit codes: 0 every check passed; 1 a check failed or was not reached; 2 a "
               "usage error")
    q.add_argument("bot_cmd", metavar="COMMAND",
                   help="the bot's command line, one argument (quote it), as in --bot "
                        "NAME=COMMAND")
    q.add_argument("--game", default=None,
                   help="play only this game (default: every game the bot declares)")
    q.add_argument("--name", dest="bot_name", default="bot",
                   help="the bot's name ({name}, ARENA_BOT_NAME; default bot)")
    q.add_argument("--move-time", type=_positive(float), default=0.5, metavar="SECONDS",
                   help="fixed time per decision (default 0.5, as a tournament's)")
    q.add_argument("--margin", type=_number(float, at_least=0), default=0.05,
                   help="grace seconds beyond the limit (default 0.05)")
    q.add_argument("--sandbox", choices=_sandbox.LEVELS, default=_sandbox.AUTO,
                   help="as a tournament's --sandbox (default auto)")
    q.add_argument("--bot-env", action="append", default=[], metavar="NAME=VALUE",
                   help="a variable of the bot's environment (repeatable)")
    q.add_argument("--memory-mb", type=_number(int, at_least=0), default=2048,
                   help="address-space limit, MB (0: none; default 2048)")
    q.add_argument("--max-processes", type=_number(int, at_least=0), default=64,
                   help="processes and threads in the sandbox (0: none; default 64)")
    q.add_argument("--tmp-mb", type=_number(int, at_least=1), default=256,
                   help="size of the sandbox's /tmp and of its /dev/shm, MB each (default "
                        "256; no effect with --sandbox none)")
    q.add_argument("--startup-timeout", type=_positive(float), default=60.0,
                   metavar="SECONDS", help="time the bot has to say Hello (default 60)")
    q.add_argument("--grace", type=_number(float, at_least=0), default=2.0, metavar="SECONDS",
                   help="time the bot has to exit once its session is over (default 2)")
    q.set_defaults(clock="wall")
    q = bot_sub.add_parser("add", help="register a bot and print its token (once); with "
                                       "--version, a registered bot's new version")
    q.add_argument("name")
    q.add_argument("--version", dest="bot_version", metavar="VERSION",
                   help="the bot's version; for a registered bot, a new version: same name, "
                        "token and history, its skill's uncertainty widened")
    q.add_argument("--db", default=DEFAULT_DB)
    q = bot_sub.add_parser("list", help="registered bots")
    q.add_argument("--db", default=DEFAULT_DB)
    q = bot_sub.add_parser("remove", help="unregister a bot")
    q.add_argument("name")
    q.add_argument("--db", default=DEFAULT_DB)

    p = sub.add_parser("sprt", help="play NEW against OLD until an SPRT decides (for CI)")
    _add_match_flags(p, _NEW_OLD)
    p.add_argument("--elo0", type=float, default=-10.0,
                   help="H0: NEW is this much worse or more (default -10)")
    p.add_argument("--elo1", type=float, default=0.0,
                   help="H1: NEW is at least this good (default 0)")
    p.add_argument("--max-matches", type=_positive(int), default=2000,
                   help="give up undecided after this many matches, rounded up to an even "
                        "number: each deal is played from both seats (default 2000)")
    p.add_argument("--model", choices=("pentanomial", "trinomial"), default="pentanomial",
                   help="test game pairs (one deal from both seats, the default) or games")
    p.add_argument("--elo-model", choices=("logistic", "normalized"), default="logistic",
                   help="unit of --elo0, --elo1, --fail-below and the reported Elo "
                        "(default logistic)")
    p.add_argument("--fail-below", type=float, metavar="ELO",
                   help="no SPRT: play --max-matches and pass when the 95%% interval's lower "
                        "bound is above ELO")
    _add_verdict_flags(p)
    _add_backend_flags(p)

    p = sub.add_parser("gauntlet", help="NEW and OLD play the same k-player deals against a "
                                        "field; a sequential test on their score difference "
                                        "(for CI)")
    _add_match_flags(p, _NEW_OLD)
    p.set_defaults(players=3)
    p.add_argument("--field", action="append", default=[], metavar="NAME=COMMAND",
                   help="a reference bot of the field (as --bot; players - 1 of them, seated "
                        "in this order; default: the game's reference bots, in-process)")
    p.add_argument("--delta0", type=float, default=-0.05,
                   help="H0: NEW's match score is this much below OLD's (default -0.05)")
    p.add_argument("--delta1", type=float, default=0.0,
                   help="H1: NEW's match score is at least this much above OLD's (default 0)")
    p.add_argument("--max-deals", type=_positive(int), default=200,
                   help="give up undecided after this many deals (each is 2 x players "
                        "matches; default 200)")
    p.add_argument("--resume", nargs="?", const="latest", metavar="GAUNTLET_ID",
                   help="play the missing matches of an interrupted gauntlet (default: the "
                        "newest unfinished one), then its verdict over all of them; only "
                        "--concurrency, --json, --junit, --bot-logs and --db may be given")
    _add_verdict_flags(p)

    sub.add_parser("games", help="every game with its player counts and options")

    p = sub.add_parser(
        "play", help="one match with a readable move log",
        description="Play one match, printing every action and public event as it happens. "
                    "A builtin:KIND bot is called in this process; a NAME=COMMAND bot is "
                    "started as a process and plays over gRPC, as in a tournament. Without "
                    "--bot, in-process random bots; more --bot values than --players: a "
                    "seat each. With --db the match is recorded (`arena replay`, `arena "
                    "report`, `arena matches --db`).")
    _add_match_flags(p, _PLAYED)
    p.add_argument("--db", metavar="FILE",
                   help="record the match in this SQLite file (default: not recorded)")

    p = sub.add_parser("replay", help="re-simulate a recorded match and check its result")
    p.add_argument("match_id", help="a match id in --db, or a record file of `arena export`")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--quiet", action="store_true", help="only the verdict")
    p.add_argument("--html", metavar="FILE", help="also write the match's replay viewer, one "
                                                  "self-contained HTML file (docs/viewer.md)")

    p = sub.add_parser("export", help="one recorded match as a JSON file (docs/viewer.md)")
    p.add_argument("match_id")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the JSON file")
    p.add_argument("--public", action="store_true",
                   help="only what a spectator saw: no seed, no action texts, public events")

    p = sub.add_parser("matches", help="recent (or running) matches of an arena server, or "
                                       "of a database with --db")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--address", default=None,
                       help=f"host:port of `arena serve` (default {DEFAULT_ADDRESS})")
    where.add_argument("--db", metavar="FILE",
                       help="list the matches recorded in this SQLite file instead (no server)")
    p.add_argument("--game", default="", help="one game (default: all)")
    p.add_argument("--live", action="store_true", help="the matches in progress (a server's)")
    p.add_argument("--tournament", metavar="ID", help="with --db: one tournament's matches")
    p.add_argument("--bot", metavar="NAME", help="with --db: the matches this bot played")
    p.add_argument("--limit", type=_positive(int), default=20,
                   help="how many, newest first (default 20)")

    sub.add_parser("bots", help="the built-in bots (builtin:KIND): their games and strength")

    p = sub.add_parser("watch", help="follow a match of an arena server, public moves only")
    p.add_argument("match_id")
    p.add_argument("--address", default=DEFAULT_ADDRESS,
                   help=f"host:port of `arena serve` (default {DEFAULT_ADDRESS})")

    p = sub.add_parser("ratings", help="standings from a database")
    p.add_argument("--game", default=None, help="game (default: every game in the database)")
    p.add_argument("--tournament", default=None, help="one tournament id")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--csv", metavar="FILE")
    p.add_argument("--pgn", metavar="FILE",
                   help="export the two-player results as PGN (for Ordo or BayesElo)")
    p.add_argument("--anchor", metavar="BOT", help="shift the ratings so that BOT is at "
                                                  "--anchor-elo")
    p.add_argument("--anchor-elo", type=float, default=0.0, help="(default 0)")
    p.add_argument("--min-games", type=_number(int, at_least=0), default=0,
                   help="show only bots with at least this many rated matches")
    p.add_argument("--head-to-head", action="store_true",
                   help="also print each pair's wins-draws-losses and the LOS matrix")
    p.add_argument("--order", choices=ORDERS, default=None,
                   help="rank by the maximum-likelihood Elo or by the skill's ordinal (mu - 3 "
                        "sigma; default: by ordinal when every match shown is a ladder's, "
                        "by Elo when any is a tournament's)")
    p.add_argument("--seat-advantage", action="store_true",
                   help="fit what seat 1 is worth over each other seat (with its 95%% "
                        "interval) along with the ratings; --json gets a \"seat_advantage\" "
                        "object (by game, player count, seat), --csv FILE a second file "
                        "FILE-stem.seats.csv (a line per game, player count and seat)")

    p = sub.add_parser("report", help="one self-contained HTML file from a database")
    p.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file (default {DEFAULT_DB})")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the HTML file")
    p.add_argument("--tournament", default=None, metavar="ID", help="one tournament")
    p.add_argument("--game", default=None, help="one game (default: every game)")
    p.add_argument("--logs", type=_number(int, at_least=0), default=100, metavar="N",
                   help="the newest N matches carry their move log (each seat's choices "
                        "once the deal is played out; default 100) and a link to their replay "
                        "viewer, a page each in FILE-stem-viewers/")
    p.add_argument("--no-viewers", action="store_true", help="no replay viewer pages")
    return parser


def _time_control(args: argparse.Namespace) -> TimeControl:
    """The time control of the match flags (also checks the fault flags, given with them)."""
    if getattr(args, "max_strikes", None) is not None and getattr(args, "policy", "") != "default":
        raise UsageError("--max-strikes counts the defaults of --policy default; give "
                         "--policy default with it (under forfeit, the first fault loses)")
    if args.tc and args.move_time:
        raise UsageError("give either --move-time or --tc, not both")
    try:
        if args.tc:
            return TimeControl.parse_clock(args.tc, args.margin)
        return TimeControl.per_move(args.move_time or 0.5, args.margin)
    except ValueError as error:
        raise UsageError(str(error)) from None


def _open_store(path: str, must_exist: bool = False) -> Store:
    if must_exist and not Path(path).exists():
        raise UsageError(f"no database at {path!r} (give --db FILE)")
    try:
        return Store(path)
    except (StoreError, sqlite3.DatabaseError) as error:
        raise UsageError(f"cannot use {path!r} as the arena's database: {error} "
                         f"(give --db with a new file or one the arena wrote)") from None


def _server_tls(args: argparse.Namespace) -> arena.ServerTls | None:
    """``--tls-cert/--tls-key/--tls-client-ca`` read, or None for plaintext."""
    if not (args.tls_cert or args.tls_key or args.tls_client_ca):
        return None
    if not (args.tls_cert and args.tls_key):
        raise UsageError("TLS needs both --tls-cert and --tls-key (--tls-client-ca is optional)")
    try:
        return arena.ServerTls.from_files(args.tls_cert, args.tls_key, args.tls_client_ca)
    except OSError as error:
        raise UsageError(str(error)) from None


def _import_unsaved(store: Store, rate: Callable[[Any], Any] | None = None,
                    logged: bool = False) -> None:
    """Record the matches an earlier run kept beside the database when it refused them
    (``rate``: a ladder's, rated as ``Store.import_unsaved`` says); said on stderr, or in the
    server's log (``logged``: in its format)."""
    try:
        added = store.import_unsaved(rate)
    except (sqlite3.Error, OSError) as error:
        raise UsageError(f"{store.unsaved_path} holds matches the database refused, and they "
                         f"cannot be written yet: {error}") from None
    if added and logged:
        log.info("recorded %d match(es) kept in %s", added, store.unsaved_path,
                 extra={"fields": {"event": "kept_matches_recorded", "matches": added,
                                   "path": str(store.unsaved_path)}})
    elif added:
        print(f"recorded {added} match(es) kept in {store.unsaved_path}", file=sys.stderr)


def _records(store: Store) -> StoreRecords:
    try:
        return StoreRecords(store)
    except ValueError as error:
        raise UsageError(f"--db {store.path}: {error}") from None


# What a stored tournament fixed when it was planned: not to be given again with --resume.
_PLANNED = ("game", "players", "bot", "option", "move_time", "tc", "margin", "policy",
            "max_strikes", "seed", "recover", "memory_mb", "cpu_seconds", "rounds", "gauntlet",
            "max_matches")
# The same for a gauntlet: its plan, and the test that decides when it stops.
_GAUNTLET_PLANNED = (*_PLANNED[:13], "field", "delta0", "delta1", "max_deals", "alpha", "beta")


def _resume_row(args: argparse.Namespace, store: Store, command: str,
                planned: Sequence[str]) -> TournamentRow:
    """The stored run ``--resume`` names (default: the newest unfinished one of ``command``,
    "tournament" or "gauntlet"), free to play; UsageError if a flag in ``planned`` is given
    (the plan is stored) or the run is of the other kind."""
    defaults = build_parser().parse_args([command])
    given = [f"--{d.replace('_', '-')}" for d in planned
             if getattr(args, d) != getattr(defaults, d)]
    if given:
        raise UsageError(f"--resume plays the stored plan as it was made; drop {', '.join(given)} "
                         f"(only --concurrency may change), or start a new {command}")
    if args.resume == "latest":
        tid = store.latest_tournament(unfinished=True, kind=command)
        if tid is None:
            raise UsageError(f"no unfinished {command} to resume in {args.db!r}")
    else:
        tid = args.resume
    try:
        row = store.tournament(tid)
    except LookupError as error:
        raise UsageError(f"cannot resume: {error}") from None
    kind = row.config.get("kind", "tournament")
    if kind == "sprt":
        raise UsageError(f"{tid} is an sprt run; {how_to_go_on(kind, tid)}")
    if kind == "python":
        raise UsageError(f"{tid} was played from Python (scheduler.tournament): the command "
                         f"line cannot play its agents; run it again from Python")
    if kind != command:
        raise UsageError(f"{tid} is a {kind}: {how_to_go_on(kind, tid, _named_db(args))}")
    try:
        with store.claim(tid):
            pass  # free now; the run holds it while it plays
    except TournamentBusy as error:
        raise UsageError(str(error)) from None
    if row.finished:
        print(f"{command} {tid} is already finished; nothing to play", file=sys.stderr)
    else:
        print(f"resuming {command} {tid}", file=sys.stderr)
    return row


def _resumed(args: argparse.Namespace, store: Store) -> tuple[str, TournamentConfig]:
    """The tournament ``--resume`` names (default: the newest unfinished one) and its config.

    Only ``--concurrency`` may change; a flag that would change the plan is refused.
    """
    row = _resume_row(args, store, "tournament", _PLANNED)
    try:
        config = _stored_config(args, row.config)
        check_plan(config.schedule(), row)
    except (ValueError, LookupError, engine.EngineError) as error:
        raise UsageError(f"cannot resume: {error}") from None
    return row.id, config


def _stored_config(args: argparse.Namespace, data: dict[str, Any]) -> TournamentConfig:
    """A stored run's config, with ``--concurrency`` if given (checked)."""
    config = TournamentConfig.from_dict(data)
    if args.concurrency != build_parser().parse_args([args.command]).concurrency:
        config = replace(config, concurrency=args.concurrency)
    config.check()
    return config


def _metrics(port: int | None, host: str = "127.0.0.1", say: bool = True
             ) -> tuple[Metrics | None, str | None]:
    """The metrics, served on ``host:port`` if ``port`` (None: no metrics) and where."""
    if port is None:
        return None, None
    metrics = Metrics(games=tuple(engine.names()))
    if not port:
        return metrics, None
    try:
        bound = metrics.serve(port, host)
    except OSError as error:
        raise UsageError(f"--metrics-port {port}: cannot listen on {host} there "
                         f"({error.strerror}); give a free port, or 0 for none") from None
    url = f"http://{_url_host(host)}:{bound}/metrics"
    if say:
        print(f"metrics on {url}", file=sys.stderr)
    return metrics, url


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def cmd_tournament(args: argparse.Namespace) -> int:
    """Plan (or resume) and play a tournament, then print the standings."""
    from ._progress import Progress

    _check_exports(args)
    _check_backend(args)
    # Listening first: a busy port must not leave a planned, empty tournament behind.
    metrics, _ = _metrics(args.metrics_port)
    created: str | None = None  # the tournament this command planned
    if args.resume:
        store = _open_store(args.db)
        _import_unsaved(store)
        tid, config = _resumed(args, store)
        _check_backend(args, join=True)
    else:
        control = _time_control(args)
        config = TournamentConfig(
            game=args.game, bots=tuple(_seated(args.game, args.bot or default_bots(args.game),
                                               args.players)),
            players=args.players, rounds=args.rounds, concurrency=args.concurrency,
            move_time=control.move_time, clock=args.tc, margin=args.margin,
            seed=_seed(args), reproducible=args.seed is not None,
            options=_options(args.option), policy=args.policy,
            max_strikes=args.max_strikes, gauntlet=args.gauntlet, max_matches=args.max_matches,
            recover=args.recover, memory_mb=args.memory_mb, cpu_seconds=args.cpu_seconds,
            **_launch_config(args))
        try:
            config.check()
        except (ValueError, LookupError, engine.EngineError) as error:
            raise UsageError(str(error)) from None
        schedule = config.schedule()
        _check_backend(args, join=True)
        store = _open_store(args.db)  # only now: a refused command leaves no file behind
        tid = store.create_tournament(config.to_dict(), schedule.pairs())
        created = tid
        print(f"tournament {tid}: {config.game}, {len(schedule)} matches, "
              f"{config.time_control().describe()}; {schedule.note}", file=sys.stderr)

    def forget() -> None:  # a tournament that could not start leaves nothing behind
        if created is not None and store.forget_unplayed_tournament(created):
            print(f"tournament {created} removed: no match was played", file=sys.stderr)
        store.close()  # main() then removes the file if this command made it and it is empty

    total = len(store.tournament(tid).schedule)  # the stored plan: no planning again
    shown = args.verbose or not sys.stdout.isatty()  # a log, as cutechess writes it
    launched = any(spec.command is not None for spec in config.bot_specs())
    progress = Progress(total, len(store.finished_indices(tid)),
                        matches=sys.stdout if shown else None,
                        crash_hint=None if args.bot_logs or not launched else _CRASH_HINT)
    for recorded in store.matches(tournament_id=tid, steps=False) if args.resume else ():
        progress.account(recorded)  # the score lines of a resumed run count every match
    with _run_errors(forget), _resumable("tournament", tid, args):
        _play(args, store, tid, config, metrics=metrics, progress=progress)
    records = store.matches(tournament_id=tid, steps=bool(args.json))  # JSON counts steps
    rows = standings(records)
    print(table(rows))
    _export(args, {config.game: rows}, records)
    return 0


def _launch_config(args: argparse.Namespace) -> dict[str, Any]:
    """The TournamentConfig fields of the launch flags, the sandbox checked (UsageError for
    ``required`` where there is none; ``auto`` warns once there)."""
    _check_sandbox(args.sandbox)
    return {"sandbox": args.sandbox, "bot_env": tuple(args.bot_env),
            "cpu_clock": args.clock == "cpu", "max_processes": args.max_processes,
            "tmp_mb": args.tmp_mb}


def _check_sandbox(level: str) -> None:
    try:
        sandboxed = _sandbox.resolve(level)
    except _sandbox.SandboxUnavailable as error:
        raise UsageError(str(error)) from None
    if level == _sandbox.AUTO and not sandboxed:
        print(_sandbox.warning(), file=sys.stderr)
    elif sandboxed and (missing := _sandbox.without_seccomp()):
        print(missing, file=sys.stderr)


def _launch(args: argparse.Namespace, config: TournamentConfig, store: Store) -> Launch:
    """How a command's bot processes start: the config's limits and sandbox, the store's
    files and the log folder hidden from them."""
    logs = os.path.abspath(args.bot_logs) if args.bot_logs else None
    hidden = (*store.private_paths(), *([logs] if logs else []))
    try:
        return config.launch(hidden, logs, args.grace, args.startup_timeout)
    except _sandbox.SandboxUnavailable as error:
        raise UsageError(str(error)) from None


def _warn_wall_clock(config: TournamentConfig) -> None:
    """One line when bots on wall clocks may wait for a core: more bot processes at once
    than the machine has cores (``--clock cpu`` charges only the CPU time they use). In a
    game whose seats decide in turn, one bot of a match thinks at a time."""
    launched = sum(spec.command is not None for spec in config.bot_specs())
    deciding = config.players if engine.get(config.game).info.simultaneous else 1
    at_once = config.concurrency * min(launched, deciding)
    cores = os.cpu_count() or 1
    if not config.cpu_clock and at_once > cores:
        print(f"arena: warning: up to {at_once} bot processes think at once on {cores} "
              f"cores with wall clocks: a bot may lose on time waiting for a core; give "
              f"--clock cpu (or less --concurrency)", file=sys.stderr)


def _check_backend(args: argparse.Namespace, *, join: bool = False) -> None:
    """Refuse a backend that cannot run here: no Ray installed (checked first of all), and
    with ``join``, a Ray cluster that cannot be joined (joined or started then, before the
    tournament is planned; Ray shuts it down at exit)."""
    if args.ray_address and args.backend != "ray":
        raise UsageError("--ray-address is for --backend ray; give both, or neither")
    if args.backend == "ray":
        try:
            ray = import_ray(args.ray_address)
            if join:
                connect(ray, args.ray_address, args.concurrency)
        except RayUnavailable as error:
            raise UsageError(str(error)) from None


def _play(args: argparse.Namespace, store: Store, tid: str, config: TournamentConfig,
          **hooks: Any) -> None:
    """Play tournament ``tid`` on the backend of ``--backend`` (``hooks``: ``metrics``,
    ``progress`` and ``stop``, as ``play_tournament`` takes them)."""
    _warn_wall_clock(config)
    if args.backend == "ray":
        logs = str(Path(args.bot_logs).resolve()) if args.bot_logs else None
        try:
            play_tournament_on_ray(store, tid, address=args.ray_address, bot_logs=logs,
                                   game_modules=tuple(args.game_module), **hooks)
        except RayUnavailable as error:
            raise UsageError(str(error)) from None
        return
    launch = _launch(args, config, store)

    async def main() -> int:
        return await play_tournament(store, tid, launch=launch, **hooks)

    # What is alive now (modules, descriptors, codecs) is kept out of the collector's full
    # passes, which held the thread that times every bot (see arena._server.serve).
    gc.freeze()
    try:  # Ctrl-C at a checkpoint, never between a match's end and its record (see arena.run)
        trio.run(main, restrict_keyboard_interrupt_to_checkpoints=True)
    finally:
        gc.unfreeze()


def _check_exports(args: argparse.Namespace) -> None:
    """Refuse an export path that cannot be written before any match is played."""
    for flag in ("json", "csv", "pgn"):
        path = getattr(args, flag, None)
        if not path:
            continue
        folder = Path(path).resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK) or Path(path).is_dir():
            raise UsageError(f"--{flag} {path!r}: cannot write there (no such folder, not "
                             f"writable, or a folder); give a file path in a writable folder")


def seats_csv_path(csv_path: str) -> Path:
    """Where ``--csv FILE --seat-advantage`` writes the seat terms: FILE's stem + .seats.csv."""
    path = Path(csv_path)
    return path.with_name(f"{path.stem if path.suffix == '.csv' else path.name}.seats.csv")


def _export(args: argparse.Namespace, by_game: dict[str, Any], records: Any,
            seats: dict[str, Any] | None = None) -> None:
    """The ``--json`` and ``--csv`` exports (with ``seats``, the seat terms by game too)."""
    if getattr(args, "json", None):
        Path(args.json).write_text(to_json(by_game, records, seats))
        print(f"wrote {args.json}", file=sys.stderr)
    if getattr(args, "csv", None):
        Path(args.csv).write_text(to_csv(by_game))
        print(f"wrote {args.csv}", file=sys.stderr)
        if seats is not None:
            path = seats_csv_path(args.csv)
            path.write_text(seats_csv(seats))
            print(f"wrote {path}", file=sys.stderr)


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the arena over gRPC with a live ladder among connected bots."""
    from ._ladder import run_ladder
    from ._logging import configure
    from ._matchmaking import parse_counts
    from ._writer import elo_rater

    configure(args.log_level, args.log_format)
    tls = _server_tls(args)
    store = _open_store(args.db)
    _import_unsaved(store, elo_rater, logged=True)  # rated as if they had been written then
    aborted = store.abort_interrupted()
    if aborted:
        log.warning("%d ladder match(es) the last server left unfinished are recorded as "
                    "aborted (not rated): %s", len(aborted), ", ".join(aborted[:5]),
                    extra={"fields": {"event": "aborted_on_start", "matches": aborted}})
    games = args.game or engine.names()
    try:
        counts = parse_counts(args.players)
        for game in games:
            for count in counts:
                engine.get(game).info.check_players(count)
    except (ValueError, engine.EngineError) as error:
        raise UsageError(str(error)) from None
    control = _time_control(args)
    metrics_host = args.metrics_host or args.host
    metrics, metrics_url = _metrics(args.metrics_port if args.metrics_port else 0,
                                    metrics_host, say=False)
    raised = raise_open_files_limit()
    limits = arena.ClientLimits(
        max_spectators=args.max_spectators, max_spectators_per_peer=args.max_spectators_per_peer,
        calls_per_second=args.calls_per_second, call_burst=args.call_burst,
        public_bots=args.public_bots,
        max_connections_per_host=connections_per_host(args.host, args.max_connections_per_host))

    records = _records(store)

    async def main(hosted: arena.Arena) -> int:
        ladder = "off" if args.no_ladder else ", ".join(games)
        log.info("arena listening on %s%s; ladder: %s", hosted.address, " (TLS)" if tls else "",
                 ladder, extra={"fields": {
                     "event": "start", "address": hosted.address, "tls": tls is not None,
                     "mutual_tls": bool(tls and tls.client_ca), "ladder": ladder,
                     "players": list(counts), "concurrency": args.concurrency,
                     "time_control": control.describe(), "max_matches": args.max_matches,
                     "db": store.path, "metrics": metrics_url or "off",
                     "open_files": raised, "public_bots": args.public_bots,
                     "calls_per_second": limits.calls_per_second,
                     "call_burst": limits.call_burst, "max_spectators": limits.max_spectators,
                     "max_spectators_per_peer": limits.max_spectators_per_peer,
                     "max_connections": connection_cap(
                         fronted=limits.max_connections_per_host is not None),
                     "max_connections_per_host": limits.max_connections_per_host}})
        with _web_pages(args, hosted, records, games):
            if args.no_ladder:
                await trio.sleep_forever()
            return await run_ladder(hosted, store, games, players=counts, control=control,
                                    concurrency=args.concurrency, metrics=metrics,
                                    max_matches=args.max_matches,
                                    start_bots=args.ladder_start_bots or 0)

    why = "stopped"
    try:
        with _run_errors():
            played = arena.run(main, host=args.host, port=args.port, records=records,
                               metrics=metrics, limits=limits, tls=tls)
        why = f"done: {played} ladder match(es) played (--max-matches)"
    except BaseException as error:
        why = ("interrupted (SIGINT or SIGTERM)" if _interrupted(error)
               else f"failed: {error}")
        raise
    finally:
        log.info("arena %s", why, extra={"fields": {"event": "stop"}})
    return 0


@contextlib.contextmanager
def _web_pages(args: argparse.Namespace, hosted: arena.Arena, records: StoreRecords,
               games: list[str]) -> Iterator[None]:
    """The web pages of `serve --web-port` while the block runs (nothing without it); over
    HTTPS with the arena's certificate when it has one. Entered on the arena's thread."""
    if args.web_port is None:
        yield
        return
    from ._web import LiveWeb, WebLimits, WebServer, tls_context

    token = trio.lowlevel.current_trio_token()

    def in_arena(fn: Callable[[], Any]) -> Any:
        return trio.from_thread.run_sync(fn, trio_token=token)

    limits = WebLimits(connections=args.web_connections,
                       connections_per_host=args.web_connections_per_host,
                       socket_timeout=args.web_idle_timeout)
    try:
        tls = tls_context(args.tls_cert, args.tls_key) if args.tls_cert else None
        web = WebServer(args.web_host, args.web_port,
                        LiveWeb(hosted.hub, in_arena, records, games, args.spectator_delay,
                                limits), tls)
    except ValueError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"--web-port {args.web_port}: {error.strerror}") from None
    host = f"[{args.web_host}]" if ":" in args.web_host else args.web_host
    scheme = "https" if tls else "http"
    print(f"web pages on {scheme}://{host}:{web.port}/", file=sys.stderr, flush=True)
    try:
        yield
    finally:
        web.close()


def cmd_bot(args: argparse.Namespace) -> int:
    """Register, list or remove bots; validate a bot process."""
    if args.bot_command == "validate":
        return _validate_bot(args)
    store = _open_store(args.db)
    if args.bot_command == "add":
        version = args.bot_version
        try:
            if version is not None and args.name in store.bot_names():
                new = store.add_version(args.name, version)
                print(f"bot {args.name} is version {version}"
                      f"{'' if new else ' already'}; its token is unchanged")
                return 0
            token = store.add_bot(args.name, version)
        except ValueError as error:
            raise UsageError(str(error)) from None
        print(f"bot {args.name} registered; its token (shown only now):\n{token}")
    elif args.bot_command == "list":
        for name in store.bot_names():
            print(name)
    else:
        try:
            store.remove_bot(args.name)
        except LookupError as error:
            raise UsageError(str(error)) from None
        print(f"bot {args.name} removed")
    return 0


def _validate_bot(args: argparse.Namespace) -> int:
    """``arena bot validate``: 0 if every check passes, else 1."""
    from arena._launcher import command_words, parse_bot

    from ._validate import Validation

    try:
        name, command = parse_bot(f"{args.bot_name}={args.bot_cmd}")
        command_words(command, name)
        if args.game is not None:
            engine.get(args.game)
        config = TournamentConfig(args.game or DEFAULT_GAME, (f"{name}={command}",),
                                  memory_mb=args.memory_mb, **_launch_config(args))
        launch = config.launch(grace=args.grace, startup_timeout=args.startup_timeout)
        control = TimeControl.per_move(args.move_time, args.margin)
    except (ValueError, LookupError, engine.EngineError) as error:
        raise UsageError(str(error)) from None
    validation = Validation(command, launch, control, args.game, name)
    with _run_errors():
        return 0 if validation.run() else 1


def cmd_games(args: argparse.Namespace) -> int:
    """Print every game."""
    for game in engine.games():
        info = game.info
        print(f"{info.name}: {info.title}, {info.min_players}-{info.max_players} players"
              f"{', simultaneous choices' if info.simultaneous else ''}")
        for spec in info.options:
            bounds = (f" ({spec.minimum}..{spec.maximum})" if spec.minimum is not None else
                      f" ({'|'.join(spec.choices)})" if spec.choices else "")
            print(f"    --option {spec.name}=<{type(spec.default).__name__}>{bounds}, "
                  f"default {spec.default}: {spec.description}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """One match, printing every public event and action as it happens."""
    try:
        # Named as the seats a tournament fills: random, random-2, ...
        bot_texts = _seated(args.game, args.bot, args.players) if args.bot else \
            fill_seats([], args.players)[0]
        specs = [BotSpec.parse(t) for t in bot_texts]
        game = engine.get(args.game)
        options = game.new_match(len(specs), 0, _options(args.option)).options
    except (ValueError, LookupError, engine.EngineError) as error:
        raise UsageError(str(error)) from None
    control = _time_control(args)
    policy = FaultPolicy(args.policy, args.max_strikes)
    seed = _seed(args)
    store = _open_store(args.db) if args.db else None  # refused now, not after the match
    match_id = f"play-{secrets.token_hex(4)}"

    config = TournamentConfig(game.name, tuple(bot_texts), len(specs),
                              memory_mb=args.memory_mb, cpu_seconds=args.cpu_seconds,
                              **_launch_config(args))
    try:
        config.bot_environment()
    except ValueError as error:
        raise UsageError(str(error)) from None
    logs = os.path.abspath(args.bot_logs) if args.bot_logs else None
    hidden = (*(store.private_paths() if store is not None else ()), *([logs] if logs else []))
    try:
        launch = config.launch(hidden, logs, args.grace, args.startup_timeout)
    except _sandbox.SandboxUnavailable as error:
        raise UsageError(str(error)) from None

    async def main() -> int:
        pool = BotPool(specs, launch=launch, recover=args.recover, game=game.name)
        async with trio.open_nursery() as nursery:
            await pool.start(nursery, [[s.name for s in specs]])
            seats = await pool.seats([s.name for s in specs])
            spec = MatchSpec(match_id, game.name, seed, options,
                             bot_seed=0 if args.seed is not None else None)
            record = await run_match(spec, seats, control, policy, cpu_clock=config.cpu_clock)
            pool.stop()
        state = game.new_match(len(seats), seed, options)
        shown = 0
        for number, step in enumerate(record.actions(), 1):
            pending = state.pending()
            for seat, action_id in step.items():
                text = pending[seat].action(action_id).text
                print(f"{number:4d}. {specs[seat].name} (seat {seat}): {text}")
            state.apply(step)
            for event in state.events_since(shown):
                print(f"      {event.text}")
            shown = state.event_count
        assert record.result is not None
        print(_result_text(record.seats, record.result))
        if store is not None:
            store.record_match(record)
            print(f"recorded match {match_id} in {args.db} (`arena replay {match_id} --db "
                  f"{args.db}`)", file=sys.stderr)
        return 0

    with _run_errors():
        return trio.run(main)


def _result_text(seats: Sequence[str], result: engine.Result) -> str:
    why = f" [{result.termination.value}{': ' + result.reason if result.reason else ''}]"
    return printable("result: " + places(seats, result.ranks, result.scores) + why)


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-simulate from seed and actions; exit 1 if the result differs from the record."""
    from ._viewer import match_page

    record, reveal = _recorded(args.match_id, args.db)
    if not reveal and Path(args.match_id).is_file():
        raise UsageError(f"{args.match_id} is a public record (no seed): it cannot be "
                         f"replayed; export the match again without --public once its deal "
                         f"has been played out")
    if args.html:
        try:
            page = match_page(record, reveal)
        except ValueError as error:
            raise UsageError(str(error)) from None
        _write_file(args.html, page, "--html")
    game = engine.get(record.game)
    state = game.new_match(len(record.seats), record.seed, record.options)
    for number, step in enumerate(record.actions(), 1):
        if not args.quiet:
            pending = state.pending()
            for seat, action_id in step.items():
                print(f"{number:4d}. {record.seats[seat]}: {pending[seat].action(action_id).text}")
        state.apply(step)
    recorded = record.result
    assert recorded is not None
    replayed = state.result().with_forfeits(
        {seat: recorded.termination for seat in recorded.forfeited}, recorded.reason)
    same = replayed.scores == recorded.scores and replayed.ranks == recorded.ranks
    print(_result_text(record.seats, recorded))
    print("replay matches the record" if same else
          f"REPLAY DIFFERS: replayed scores {replayed.scores}, ranks {replayed.ranks}")
    return 0 if same else 1


def cmd_export(args: argparse.Namespace) -> int:
    """Write one recorded match as a JSON record (public while its deal is being played)."""
    from ._export import dumps, export_record

    record, reveal = _recorded(args.match_id, args.db)
    try:
        data = export_record(record, reveal and not args.public)
    except ValueError as error:
        raise UsageError(str(error)) from None
    _write_file(args.output, dumps(data), "-o")
    if reveal and args.public:
        print("a public record: no seed, no action texts, public events only", file=sys.stderr)
    elif not reveal:
        print(f"a public record: match {record.match_id}'s deal is still being played in "
              f"tournament {record.tournament_id}, so its seed and choices stay secret",
              file=sys.stderr)
    return 0


def _recorded(match_id: str, db: str) -> tuple[MatchRecord, bool]:
    """Match ``match_id`` of ``db``, or the record file ``match_id`` (as `arena export` writes
    it); whether its seed and choices may be shown (its deal is spent)."""
    from ._export import deal_is_spent, load_record

    if Path(match_id).is_file():
        try:
            return load_record(match_id)
        except ValueError as error:
            raise UsageError(str(error)) from None
    store = _open_store(db, must_exist=True)
    record = store.match(match_id)
    if record is None:
        raise UsageError(f"no match {match_id!r} in {db!r} (nor a record file of that name)")
    return record, deal_is_spent(store, record)


def _write_file(path: str, text: str, flag: str) -> None:
    """Write ``text`` to ``path``; a UsageError naming ``flag`` if it cannot be written."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{flag} {path!r}: {error.strerror}") from None
    print(f"wrote {path}", file=sys.stderr)


def cmd_ratings(args: argparse.Namespace) -> int:
    """Standings from a database: a table per game (and per group of bots that met); one
    export holds every game."""
    _check_exports(args)
    store = _open_store(args.db, must_exist=True)
    records = store.matches(game=args.game, tournament_id=args.tournament,
                            steps=bool(args.json))  # JSON counts steps
    by_game = {}
    by_game_seats: dict[str, Any] = {}  # the seat terms of each table, with --seat-advantage
    for game in sorted({r.game for r in records}):
        of_game = [r for r in records if r.game == game]
        met = groups(of_game)
        if len(met) > 1:
            print(f"arena: warning: the {game} bots fall into {len(met)} groups that never "
                  f"met, directly or through others; each group is rated apart, and ratings "
                  f"of different groups cannot be compared", file=sys.stderr)
        for number, group in enumerate(met, 1):
            of_group = [r for r in of_game if r.seats[0] in group]
            order = args.order or ladder_order(of_group)
            try:
                rows, seats = standings_and_seats(of_group, args.seat_advantage,
                                                  store.versions(), order)
            except ValueError as error:
                if not args.seat_advantage:
                    raise
                # The seat terms have no prior: a few matches (one, with each bot in one
                # seat) leave them unbounded. The ratings stand without them.
                print(f"arena: warning: no seat terms for {game} ({len(of_group)} "
                      f"match(es)): {error}; its ratings are fitted without them",
                      file=sys.stderr)
                rows, seats = standings_and_seats(of_group, False, store.versions(), order)
            if args.anchor:
                try:
                    rows = anchored(rows, args.anchor, args.anchor_elo)
                except ValueError as error:
                    if len(met) == 1:
                        raise UsageError(str(error)) from None
            rows = [r for r in rows if r.matches >= args.min_games]
            title = game if len(met) == 1 else f"{game} (group {number} of {len(met)})"
            by_game[title] = rows
            by_game_seats[title] = seats
            print(f"{title}: ranked by "
                  f"{'ordinal (mu - 3 sigma)' if order == 'ordinal' else 'Elo'}")
            print(table(rows))
            if seats:
                print(seat_lines(seats))
            if args.head_to_head:
                print(head_to_head_table([r.bot for r in rows], head_to_head(of_game)))
    if not by_game:
        print("no finished matches")
    _export(args, by_game, records, by_game_seats if args.seat_advantage else None)
    if args.pgn:
        Path(args.pgn).write_text(to_pgn(records, _pgn_time_controls(store, records)))
        print(f"wrote {args.pgn}", file=sys.stderr)
    return 0


def _pgn_time_controls(store: Store, records: Sequence[Any]) -> dict[str, str]:
    """The PGN TimeControl of each tournament of ``records`` (by id)."""
    controls = {}
    for tid in {r.tournament_id for r in records if r.tournament_id}:
        try:
            stored = store.tournament(tid).config
            known = TournamentConfig.__dataclass_fields__  # a gauntlet stores more keys
            config = TournamentConfig.from_dict({k: v for k, v in stored.items() if k in known})
            controls[tid] = pgn_time_control(config.time_control())
        except (LookupError, ValueError):
            continue  # a tournament this version cannot read: its TimeControl is "?"
    return controls


def cmd_report(args: argparse.Namespace) -> int:
    """Write the HTML report of a database (or of one tournament or game in it)."""
    from ._html_report import build_report

    folder = Path(args.output).resolve().parent
    if not folder.is_dir() or Path(args.output).is_dir():
        raise UsageError(f"-o {args.output!r}: no such folder, or a folder; give a file path")
    store = _open_store(args.db, must_exist=True)
    viewers = {}
    if not args.no_viewers and args.logs:
        from ._viewer import write_viewers

        output = Path(args.output)
        viewers = write_viewers(store, store.matches(args.game, args.tournament, args.logs),
                                output.with_name(f"{output.stem}-viewers"))
    try:
        page = build_report(store, args.tournament, args.game, args.logs, viewers)
    except LookupError as error:
        raise UsageError(f"--tournament: {error}") from None
    try:
        Path(args.output).write_text(page, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"-o {args.output!r}: {error.strerror}") from None
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def _seats(seats: Sequence[Any]) -> str:
    return ", ".join(f"seat {s.seat} {s.bot_name}" for s in seats)


def _outcome(result: Any, seats: Sequence[Any]) -> str:
    listed = ", ".join(
        f"{s.bot_name} #{rank + 1} ({score:g})"
        for s, rank, score in zip(seats, result.ranks, result.scores, strict=False))
    termination = game_pb2.Termination.Name(result.termination).removeprefix("TERMINATION_")
    reason = f"; {result.reason}" if result.reason else ""
    return f"{listed}; {termination.lower()}{reason}"


@contextlib.contextmanager
def _remote(address: str, otherwise: str = "") -> Iterator[pb_grpc.ArenaServiceStub]:
    """A client of a running arena; a refusal becomes a usage error naming the address (and
    ``otherwise``, what else the command can do, when no arena answers)."""
    with grpc.insecure_channel(address) as channel:
        try:
            yield pb_grpc.ArenaServiceStub(channel)
        except grpc.RpcError as error:
            code = error.code()  # type: ignore[attr-defined]
            details = error.details()  # type: ignore[attr-defined]
            if code == grpc.StatusCode.UNAVAILABLE:
                raise UsageError(f"no arena answers at {address} (start one with "
                                 f"`arena serve`, or give --address HOST:PORT{otherwise})"
                                 ) from None
            raise UsageError(f"{address}: {code.name}: {details}") from None


def cmd_bots(args: argparse.Namespace) -> int:
    """Print every built-in bot with the games it plays and a note on its strength."""
    for name in bots.builtin_names():
        games = bots.builtin(name).games
        print(f"builtin:{name}  ({', '.join(games) if games else 'every game'})")
        print(f"    {bots.builtin_note(name)}")
    return 0


def _local_matches(args: argparse.Namespace) -> int:
    """``arena matches --db``: a database's matches, newest first, filtered."""
    if args.live:
        raise UsageError("--live lists a server's running matches; a database holds finished "
                         "ones: drop --live, or give --address instead of --db")
    store = _open_store(args.db, must_exist=True)
    if args.tournament is not None:
        try:
            store.tournament(args.tournament)
        except LookupError as error:
            raise UsageError(f"--tournament: {error}") from None
    records = store.matches(game=args.game or None, tournament_id=args.tournament,
                            steps=False)
    shown = [r for r in records if args.bot is None or args.bot in r.seats][:args.limit]
    for record in shown:
        seats = ", ".join(f"seat {i} {name}" for i, name in enumerate(record.seats))
        assert record.result is not None  # the store keeps finished matches only
        print(f"{record.match_id}  {record.game}  {seats}  "
              f"{_result_text(record.seats, record.result).removeprefix('result: ')}")
    if not shown:
        filtered = args.game or args.tournament is not None or args.bot is not None
        print("no finished matches" + (" with these filters" if filtered else ""))
    return 0


def cmd_matches(args: argparse.Namespace) -> int:
    """Recent or running matches of a server, or (``--db``) of a database."""
    if args.db is not None:
        return _local_matches(args)
    if args.tournament is not None or args.bot is not None:
        raise UsageError("--tournament and --bot filter a database's matches: give --db FILE "
                         "(a server lists by --game only)")
    with _remote(args.address or DEFAULT_ADDRESS,
                 f"; a database's matches: --db FILE, e.g. --db {DEFAULT_DB}") as stub:
        response = stub.ListMatches(pb.ListMatchesRequest(
            game=args.game, limit=args.limit, live=args.live), timeout=30)
    for match in response.matches:
        state = _outcome(match.result, match.seats) if match.HasField("result") else "running"
        print(printable(f"{match.match_id}  {match.game}  {_seats(match.seats)}  {state}"))
    if not response.matches:
        print("no running matches" if args.live else "no finished matches")
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    """Print a match's public log as it is played (a finished one: its header and result)."""
    seats: Sequence[Any] = ()
    with _remote(args.address, f"; a recorded match: arena replay {args.match_id} --db FILE "
                               f"(--html OUT for its board)") as stub:
        for response in stub.WatchMatch(pb.WatchMatchRequest(match_id=args.match_id)):
            kind = response.WhichOneof("message")
            if kind == "match_started":
                started = response.match_started
                seats = started.seats
                print(printable(f"{started.match_id} ({started.game}): {_seats(seats)}"),
                      flush=True)
            elif kind == "update":
                for line in response.update.events:
                    print(printable(f"  [{response.update.step}] {line}"), flush=True)
            elif kind == "match_ended":
                print(printable(f"ended: {_outcome(response.match_ended.result, seats)}"),
                      flush=True)
    return 0


def _import_game(module: str) -> engine.Game:
    import importlib

    try:
        game = importlib.import_module(module).GAME
    except ModuleNotFoundError as error:
        raise UsageError(f"--game-module {module!r}: {error}") from None
    except AttributeError:
        raise UsageError(f"--game-module {module!r} defines no GAME") from None
    if not isinstance(game, engine.Game):
        raise UsageError(f"--game-module {module!r}: GAME is not an engine.Game")
    return game


def cmd_sprt(args: argparse.Namespace) -> int:
    """Exit 0 when NEW is not worse (H1, or --fail-below passed), 1 when it is, 3 undecided."""
    import time

    from ._ratings import pairwise_outcomes
    from ._sprt import PairTally, sprt_bounds, sprt_counts
    from ._tournament import same_deal
    from ._verdict import Verdict

    if len(args.bot) != 2:
        raise UsageError("sprt takes exactly two --bot values: NEW first, then OLD")
    _check_backend(args)
    control = _time_control(args)
    try:
        sprt_bounds(args.alpha, args.beta)
        sprt_counts([0] * 5, args.elo0, args.elo1, args.alpha, args.beta, args.elo_model)
        config = TournamentConfig(
            game=args.game, bots=tuple(args.bot), players=2, rounds=(args.max_matches + 1) // 2,
            concurrency=args.concurrency, move_time=control.move_time, clock=args.tc,
            margin=args.margin, seed=_seed(args), reproducible=args.seed is not None,
            options=_options(args.option), policy=args.policy, max_strikes=args.max_strikes,
            recover=args.recover, memory_mb=args.memory_mb, cpu_seconds=args.cpu_seconds,
            **_launch_config(args))
        config.check()
    except (ValueError, LookupError, engine.EngineError) as error:
        raise UsageError(str(error)) from None
    new, old = (spec.name for spec in config.bot_specs())
    deals = same_deal(config)  # a match's index -> the indices of its deal (both seat orders)
    _check_backend(args, join=True)
    store = _open_store(args.db)
    # "kind": `tournament --resume` would play the rest of its schedule as a tournament.
    tid = store.create_tournament({**config.to_dict(), "kind": "sprt"},
                                  config.schedule().pairs())
    tally = PairTally()
    live = sys.stderr.isatty()
    started = time.time()

    def verdict(finished: bool, error: str | None = None) -> Verdict:
        return Verdict(
            args.game, new, old, args.model, args.elo_model, args.elo0, args.elo1, args.alpha,
            args.beta, args.fail_below, tally,
            tally.test(args.model, args.elo0, args.elo1, args.alpha, args.beta, args.elo_model),
            tally.estimate(args.model, args.elo_model),
            shlex.join(["arena", *sys.argv[1:]]), finished, started, time.time() - started,
            error)

    def stop(record: Any) -> bool:
        paired = False
        for i, _, score in pairwise_outcomes(record.result.ranks):
            paired = tally.add(min(deals[record.index]),
                               score if record.seats[i] == new else 1 - score)
        now = verdict(False)
        if live:  # one line, rewritten in place
            print(f"\r\x1b[K{now.status()}", end="", file=sys.stderr, flush=True)
        elif paired:  # a plain line per completed pair
            print(now.status(), file=sys.stderr, flush=True)
        return args.fail_below is None and now.sprt.decision != "continue"

    def run() -> None:
        _play(args, store, tid, config, stop=stop)

    with _resumable("sprt", tid, args):
        return _play_ci_test(args, store, tid, run, verdict, lambda: tally.games > 0)


def _play_ci_test(args: argparse.Namespace, store: Store, tid: str,
                  run: Callable[[], None],
                  verdict: Callable[[bool, str | None], Any], printed: Callable[[], bool]
                  ) -> int:
    """Run ``run()`` (the matches of `sprt` or `gauntlet`) to its
    verdict: the summary on stdout, ``--json``/``--junit`` written (also when the run
    fails, exit 4), the exit status of ``verdict(finished, error)``; ``printed()``: whether
    a status line was left open on a terminal."""
    def write(result: Any) -> None:
        if args.json:
            result.write_json(args.json)
        if args.junit:
            result.write_junit(args.junit)

    try:
        with _run_errors():
            run()
    except RunError as error:  # CI shows the failed run too (exit 4)
        write(verdict(True, str(error)))
        raise
    finally:
        if sys.stderr.isatty() and printed():
            print(file=sys.stderr, flush=True)
    # Decided or not, a test run is over: --resume must not pick it up as a tournament.
    store.finish_tournament(tid)
    result = verdict(True, None)
    print(result.summary())
    write(result)
    return int(result.exit_code)


def _field(game: str, players: int) -> list[str]:
    """The default field: the game's reference bots in-process, cycled to ``players - 1``
    seats, each under a name of its own."""
    kinds = ["random"] + [n for n in bots.builtin_names() if n.startswith(f"{game}-")]
    out = []
    for i in range(players - 1):
        kind = kinds[i % len(kinds)]
        repeat = i // len(kinds)
        out.append(f"{kind if not repeat else f'{kind}-{repeat + 1}'}=builtin:{kind}")
    return out


# The flags of the gauntlet's test, stored with it (--resume decides as the first run would).
_TEST = ("delta0", "delta1", "alpha", "beta")


def _new_gauntlet(args: argparse.Namespace
                  ) -> tuple[str, TournamentConfig, GauntletPlan, TimeControl, Store]:
    """Check the flags of a new gauntlet and store its plan: its id, config, plan, time
    control and the store."""
    from ._betting import gauntlet_stats
    from ._gauntlet import GauntletPlan

    if len(args.bot) != 2:
        raise UsageError("gauntlet takes exactly two --bot values: NEW first, then OLD")
    field_texts = args.field or _field(args.game, args.players)
    if len(field_texts) != args.players - 1:
        raise UsageError(f"--players {args.players} needs {args.players - 1} --field bots "
                         f"besides the one tested, got {len(field_texts)}")
    control = _time_control(args)
    try:
        gauntlet_stats([], args.delta0, args.delta1, args.alpha, args.beta)
        config = TournamentConfig(
            game=args.game, bots=(*args.bot, *field_texts), players=args.players,
            concurrency=args.concurrency, move_time=control.move_time, clock=args.tc,
            margin=args.margin, seed=_seed(args), reproducible=args.seed is not None,
            options=_options(args.option), policy=args.policy, max_strikes=args.max_strikes,
            recover=args.recover, memory_mb=args.memory_mb, cpu_seconds=args.cpu_seconds,
            **_launch_config(args))
        config.check()  # names, games the bots play, options, time control, policy
    except (ValueError, LookupError, engine.EngineError) as error:
        raise UsageError(str(error)) from None
    specs = config.bot_specs()
    plan = GauntletPlan(args.game, specs[0].name, specs[1].name,
                        tuple(s.name for s in specs[2:]), args.max_deals, config.seed,
                        config.options)
    store = _open_store(args.db)
    # Kept as a tournament (its matches are in reports); "kind" sends `tournament --resume`
    # to `gauntlet --resume`, which plans it again from this and checks the stored plan.
    tid = store.create_tournament({**config.to_dict(), "kind": "gauntlet",
                                   "deals": args.max_deals,
                                   "test": {k: getattr(args, k) for k in _TEST}},
                                  [(m.index, m.seats) for m in plan.matches()])
    return tid, config, plan, control, store


def cmd_gauntlet(args: argparse.Namespace) -> int:
    """Exit 0 when NEW is not worse than OLD against the field (H1), 1 when it is, 3
    undecided at --max-deals."""
    import time

    from ._betting import gauntlet_stats
    from ._gauntlet import DealTally, GauntletPlan, GauntletVerdict, play_gauntlet

    if args.resume:
        store = _open_store(args.db)
        _import_unsaved(store)
        row = _resume_row(args, store, "gauntlet", _GAUNTLET_PLANNED)
        tid, stored = row.id, dict(row.config)
        stored.pop("kind")
        deals = stored.pop("deals")
        if "test" not in stored:  # the verdict would rest on settings guessed now
            raise UsageError(f"cannot resume: gauntlet {tid} was stored by an older arena, "
                             f"without its --delta0/--delta1/--alpha/--beta; run it again")
        args = argparse.Namespace(**{**vars(args), **stored.pop("test")})
        try:
            config = _stored_config(args, stored)
        except (ValueError, LookupError, engine.EngineError) as error:
            raise UsageError(f"cannot resume: {error}") from None
        control = config.time_control()
        specs = config.bot_specs()
        plan = GauntletPlan(config.game, specs[0].name, specs[1].name,
                            tuple(s.name for s in specs[2:]), deals, config.seed,
                            config.options)
        if tuple((m.index, m.seats) for m in plan.matches()) != row.schedule:
            raise UsageError(f"cannot resume: gauntlet {tid} was planned differently by the "
                             f"version of the arena that created it; resume it with that "
                             f"version")
    else:
        tid, config, plan, control, store = _new_gauntlet(args)
        specs = config.bot_specs()
    tally = DealTally(plan.new, plan.players)
    live = sys.stderr.isatty()
    started = time.time()

    def verdict(finished: bool, error: str | None = None) -> GauntletVerdict:
        # The deals 0, 1, 2... as far as all are complete: the test's bets are made in deal
        # order, and its error bound holds for that order whenever it stops; a deal that
        # ends before an earlier one waits (the order of completion may depend on results).
        differences: list[float] = []
        while len(differences) in tally.differences:
            differences.append(tally.differences[len(differences)])
        return GauntletVerdict(
            plan, args.delta0, args.delta1, args.alpha, args.beta, tally,
            gauntlet_stats(differences, args.delta0, args.delta1, args.alpha, args.beta),
            shlex.join(["arena", *sys.argv[1:]]), finished, started, time.time() - started,
            error)

    def stop(match: Any, record: Any) -> bool:
        if not tally.add(match, record.result.ranks):
            return False
        now = verdict(False)
        print(f"\r\x1b[K{now.status()}" if live else now.status(), end="" if live else "\n",
              file=sys.stderr, flush=True)
        return now.stats.decision != "continue"

    # A resumed run counts what was recorded first, in the plan's order, as the first run
    # did as it played: a deal that decided the test ends it there, as it would have.
    planned = plan.matches()
    recorded = sorted((r for r in store.matches(tournament_id=tid, steps=False)
                       if r.result is not None and r.index is not None),
                      key=lambda r: int(r.index or 0))
    decided = any(stop(planned[r.index or 0], r) for r in recorded)
    done = {r.index for r in recorded if r.index is not None}

    def run() -> None:
        if decided or len(done) == len(planned):
            return  # nothing left to play: the verdict of what is recorded
        _warn_wall_clock(config)
        launch = _launch(args, config, store)

        async def main() -> int:
            pool = BotPool(specs, launch=launch, recover=config.recover, game=config.game)
            return await play_gauntlet(store, tid, plan, pool, control, config.fault_policy(),
                                       concurrency=config.concurrency,
                                       reproducible=config.reproducible, stop=stop, done=done,
                                       cpu_clock=config.cpu_clock)

        trio.run(main, restrict_keyboard_interrupt_to_checkpoints=True)  # as in _play

    try:
        # Two runs of one gauntlet would play its matches twice.
        with store.claim(tid), _resumable("gauntlet", tid, args):
            return _play_ci_test(args, store, tid, run, verdict,
                                 lambda: bool(tally.differences))
    except TournamentBusy as error:
        raise UsageError(str(error)) from None


COMMANDS = {"tournament": cmd_tournament, "sprt": cmd_sprt, "serve": cmd_serve, "bot": cmd_bot,
            "games": cmd_games, "play": cmd_play, "replay": cmd_replay, "ratings": cmd_ratings,
            "matches": cmd_matches, "watch": cmd_watch, "report": cmd_report,
            "gauntlet": cmd_gauntlet, "bots": cmd_bots, "export": cmd_export}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``arena`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    db = getattr(args, "db", None)
    fresh_db = db is not None and db != ":memory:" and not Path(db).exists()
    with _sigterm_as_ctrl_c():
        return _main(parser, args, db, fresh_db)


def _main(parser: argparse.ArgumentParser, args: argparse.Namespace, db: str | None,
          fresh_db: bool) -> int:
    try:
        for module in args.game_module:
            engine.register(_import_game(module))
        return COMMANDS[args.command](args)
    except UsageError as error:
        _forget_empty(db if fresh_db else None)
        parser.exit(2, f"arena: error: {error}\n")
    except RunError as error:
        _forget_empty(db if fresh_db else None)
        parser.exit(4, f"arena: error: {error}\n")
    except sqlite3.Error as error:  # a write refused where no command expected one
        parser.exit(4, f"arena: error: the database {db!r} refused: {error} (check that the "
                       f"file and its folder are writable and the disk has room)\n")
    except BrokenPipeError:  # `arena ratings | head`: the reader has what it wanted
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the exit's flush fails no more
        return 0
    except BaseException as error:
        if not _interrupted(error):
            raise
        then = f"; {error.then}" if isinstance(error, _Interrupted) else ""
        if args.command == "serve":  # its stderr is its log, in the format it was given
            log.warning("interrupted (every finished match is recorded)%s", then,
                        extra={"fields": {"event": "interrupted"}})
        else:
            print(f"arena: interrupted (every finished match is recorded){then}",
                  file=sys.stderr, flush=True)
        return 130
    return 0


@contextlib.contextmanager
def _sigterm_as_ctrl_c() -> Iterator[None]:
    """SIGTERM (what Kubernetes, systemd and ``docker stop`` send) takes the path of Ctrl-C:
    the same handler runs (trio's inside a trio run, so it never lands in protected code), and
    the command stops as cleanly as it does on Ctrl-C. Python's default would end the process
    at once, with the finished matches that wait in memory.

    A process started with SIGINT ignored (a shell script's background job, ``arena serve &``,
    as some CI runners start commands) gets Python's Ctrl-C handler back meanwhile: trio puts
    its own in place only over that one, and without it a SIGTERM was a KeyboardInterrupt
    raised wherever the process was, in the middle of a gRPC callback too (exit 1, the
    finished matches waiting in memory lost). SIGINT then stops the command as well, as
    SIGTERM does."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread (a test may call main() elsewhere)
        return

    def as_ctrl_c(signum: int, frame: types.FrameType | None) -> None:
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):
            handler(signal.SIGINT, frame)
        else:  # code the command ran set SIGINT aside again: stop here all the same
            raise KeyboardInterrupt

    previous_int = signal.getsignal(signal.SIGINT)
    if previous_int in (signal.SIG_IGN, signal.SIG_DFL):
        signal.signal(signal.SIGINT, signal.default_int_handler)
    previous = signal.signal(signal.SIGTERM, as_ctrl_c)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        if previous_int in (signal.SIG_IGN, signal.SIG_DFL):
            signal.signal(signal.SIGINT, previous_int)


def _forget_empty(db: str | None) -> None:
    """Remove a database this command created if it holds nothing (an error stopped it)."""
    if db is None or not Path(db).exists():
        return
    try:
        with Store(db, check=False) as store:
            empty = store.is_empty()
    except (StoreError, sqlite3.DatabaseError):
        return
    if empty:
        for suffix in ("", "-journal", "-wal", "-shm", ".lock"):
            Path(db + suffix).unlink(missing_ok=True)


class _Interrupted(KeyboardInterrupt):
    """Ctrl-C in a run: ``then`` says how to go on (the command that resumes it)."""

    def __init__(self, then: str) -> None:
        super().__init__(then)
        self.then = then


@contextlib.contextmanager
def _resumable(command: str, tid: str, args: argparse.Namespace) -> Iterator[None]:
    """Ctrl-C in run ``tid`` of ``command`` (tournament, gauntlet; sprt, which has no
    resume) as an ``_Interrupted`` that says how to go on."""
    try:
        yield
    except BaseException as error:
        if not _interrupted(error):
            raise
        raise _Interrupted(how_to_go_on(command, tid, _named_db(args))) from None


def _named_db(args: argparse.Namespace) -> str | None:
    """The database given on the command line (None: the default one)."""
    return None if args.db == DEFAULT_DB else args.db


def _interrupted(error: BaseException) -> bool:
    """Whether ``error`` is Ctrl-C, alone or in exception groups (as trio delivers it)."""
    if isinstance(error, BaseExceptionGroup):
        return all(_interrupted(e) for e in error.exceptions)
    return isinstance(error, KeyboardInterrupt)


if __name__ == "__main__":
    sys.exit(main())
