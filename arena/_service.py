"""The gRPC service (asyncio side): validates everything, then hands over to the trio hub.

A bad request gets a status code and a message naming what was wrong and what is accepted;
nothing a client sends can raise out of a handler. The handlers run on the asyncio loop that
trio hosts (``_bridge``), between trio task steps, so they call the hub directly; what may
block (the results store, token hashing) runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

import grpc

import engine
from arena.v1 import arena_service_pb2 as pb

from . import _codec
from ._bridge import AsyncioHost, OutboxDropped
from ._guard import ClientLimits, PeerGuard, peer_host
from ._hub import (
    BOT_BACKLOG,
    BOT_NAME,
    BOT_NAME_RULE,
    CLOSE,
    SPECTATOR_BACKLOG,
    BotSession,
    Hub,
    on_the_wire,
    shown,
)

PROTOCOL_VERSION = 1
SERVER_VERSION = "0.1.0"
HELLO_TIMEOUT = 10.0
MAX_MESSAGE_BYTES = 1 << 20
SERVICE_NAME = "arena.v1.ArenaService"
# Token checks (scrypt, ~10 ms each) waiting at once before new Hellos are turned away.
MAX_PENDING_TOKEN_CHECKS = 16
# Threads reading the results store (SQLite in WAL mode lets them read at once).
STORE_READERS = 4
T = TypeVar("T")
log = logging.getLogger("arena.server")


class Records(Protocol):
    """What the service reads from the results store (implemented by the scheduler)."""

    def check_token(self, name: str, token: str) -> bool:
        """Whether ``token`` is the registered token of bot ``name``."""

    def standings(self, game: str, tournament_id: str) -> list[pb.Standing]:
        """Rated standings of a game (and tournament)."""

    def match_record(self, match_id: str) -> pb.MatchRecord | None:
        """A finished match's record."""

    def list_matches(self, game: str, limit: int) -> list[pb.MatchSummary]:
        """Recent matches, newest first."""


class Authenticator:
    """One-time tokens of the bots the arena launched (registered bots are in the store)."""

    def __init__(self) -> None:
        self._one_time: dict[str, str] = {}

    def issue(self, name: str) -> str:
        """A fresh token for a launched bot (replaces any earlier one of that name)."""
        token = secrets.token_urlsafe(24)
        self._one_time[name] = token
        return token

    def check_one_time(self, name: str, token: str) -> bool:
        """Accept a launched bot's token, once."""
        expected = self._one_time.get(name)
        if expected is not None and secrets.compare_digest(expected, token):
            del self._one_time[name]
            return True
        return False


def _lenient(message: Any) -> Callable[[bytes], Any]:
    """A deserializer giving None for bytes that are no ``message`` (each handler says so)."""
    def parse(data: bytes) -> Any:
        try:
            return message.FromString(data)
        except Exception:  # noqa: BLE001 - protobuf raises DecodeError or others on garbage
            return None
    return parse


_lenient_play_request = _lenient(pb.PlayRequest)


def game_description(game: engine.Game) -> pb.GameDescription:
    """The wire description of one game."""
    info = game.info
    options = []
    for spec in info.options:
        if isinstance(spec.default, bool):
            accepted = "true or false"
        elif isinstance(spec.default, int):
            accepted = f"{spec.minimum}..{spec.maximum}"
        else:
            accepted = ", ".join(spec.choices) or "text"
        options.append(pb.GameOption(name=spec.name, default_value=str(spec.default).lower()
                                     if isinstance(spec.default, bool) else str(spec.default),
                                     description=spec.description, accepted=accepted))
    return pb.GameDescription(
        name=info.name, title=info.title, min_players=info.min_players,
        max_players=info.max_players, options=options, simultaneous=info.simultaneous,
        static_data=_codec.static_data(info.name, game.static_data),
    )


class ArenaServicer:
    """Implements arena.v1.ArenaService on grpc.aio."""

    def __init__(self, hub: Hub, host: AsyncioHost, auth: Authenticator,
                 records: Records | None, limits: ClientLimits = ClientLimits()) -> None:
        self.hub = hub
        self.host = host
        self.auth = auth
        self.records = records
        self.guard = PeerGuard(limits)
        self._games: pb.ListGamesResponse | None = None
        # A few threads for store reads, one for token checks: a flood of bad tokens must not
        # hold up standings or records (each thread keeps its own SQLite connection); the
        # per-peer call budget keeps one client from holding all the readers.
        self._worker = ThreadPoolExecutor(STORE_READERS, thread_name_prefix="arena-records")
        self._token_worker = ThreadPoolExecutor(1, thread_name_prefix="arena-tokens")
        self._pending_token_checks = 0

    def close(self) -> None:
        """Stop the worker threads (after the server stopped)."""
        self._worker.shutdown(wait=True)
        self._token_worker.shutdown(wait=True)

    async def _blocking(self, fn: Callable[..., T], *args: Any,
                        worker: ThreadPoolExecutor | None = None) -> T:
        """Run ``fn(*args)`` in a worker thread: never block the loop both sides share."""
        return await asyncio.get_running_loop().run_in_executor(
            worker or self._worker, fn, *args)

    # -- the bot stream -------------------------------------------------------------------

    async def Play(self, requests: AsyncIterator[pb.PlayRequest | None],
                   context: grpc.aio.ServicerContext) -> AsyncIterator[pb.PlayResponse]:
        """One bot connection: Hello, then any number of matches.

        Messages are read with ``context.read()``, not through ``requests``: one async
        generator less for every move on the server's one thread.
        """
        # Read first, while the call is surely live: grpcio crashes (SIGSEGV) on peer() of a
        # call that has ended, as this one may have by the time its handler ends.
        peer = self.guard.client(context.peer())
        try:
            first = await asyncio.wait_for(context.read(), HELLO_TIMEOUT)
        except TimeoutError:
            await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED,
                                f"no Hello within {HELLO_TIMEOUT:.0f} s of opening the stream")
        if first is grpc.aio.EOF:
            return
        hello = await self._check_hello(first, context)
        outbox = self.host.outbox(BOT_BACKLOG)
        session = BotSession(hello.bot_name, frozenset(hello.games),
                             hello.max_concurrent_matches, outbox,
                             match_budget=hello.max_matches)
        session.version = hello.version
        self.hub.connect(session)
        games = sorted(hello.games) or ["any"]
        log.info("bot %s connected from %s for %s", session.name, peer, ", ".join(games),
                 extra={"fields": {"event": "bot_connected", "bot": session.name,
                                   "peer": peer, "games": games,
                                   "max_concurrent_matches": session.max_matches}})
        reader = asyncio.create_task(self._pump(context, session))
        try:
            yield pb.PlayResponse(welcome=pb.Welcome(
                bot_name=session.name, protocol_version=PROTOCOL_VERSION,
                server_version=SERVER_VERSION))
            try:
                get = outbox.get
                while (item := await get()) is not CLOSE:
                    if (item := on_the_wire(item)) is not None:
                        yield item
            except OutboxDropped as dropped:
                await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED,
                                    f"the arena closed the stream of bot {session.name!r}: "
                                    f"{dropped}")
        finally:
            reader.cancel()
            self.hub.disconnect(session)
            log.info("bot %s left (%s)", session.name, peer,
                     extra={"fields": {"event": "bot_left", "bot": session.name,
                                       "peer": peer, "games": games,
                                       "matches": session.taken,
                                       "dropped": outbox.dropped or ""}})

    async def _pump(self, context: grpc.aio.ServicerContext, session: BotSession) -> None:
        receive = self.hub.receive
        with contextlib.suppress(grpc.RpcError, asyncio.CancelledError):
            while (request := await context.read()) is not grpc.aio.EOF:
                receive(session, request)
        session.outbox.put(CLOSE)

    async def _refuse(self, context: grpc.aio.ServicerContext, code: grpc.StatusCode,
                      message: str, reason: str, **fields: Any) -> None:
        """Abort the call; log the refusal once per peer, reason and minute (a hostile
        client's flood is one line a minute, not one a call)."""
        await refuse(self.guard, context, code, message, reason, **fields)

    async def _check_hello(self, first: Any, context: grpc.aio.ServicerContext) -> pb.Hello:
        if first is None or first.WhichOneof("message") != "hello":
            await self._refuse(context, grpc.StatusCode.FAILED_PRECONDITION,
                               "the first message of a Play stream must be Hello", "no_hello")
        hello = first.hello
        name = shown(hello.bot_name)
        if hello.protocol_version != PROTOCOL_VERSION:
            await self._refuse(
                context, grpc.StatusCode.FAILED_PRECONDITION,
                f"protocol version {hello.protocol_version} is not supported; "
                f"this arena speaks version {PROTOCOL_VERSION}", "version", bot=name,
                version=hello.protocol_version)
        if not BOT_NAME.fullmatch(hello.bot_name):
            await self._refuse(
                context, grpc.StatusCode.INVALID_ARGUMENT,
                f"Hello.bot_name {name} is not accepted; accepted: {BOT_NAME_RULE}", "bot_name",
                bot=name)
        unknown = sorted(set(hello.games) - set(engine.names()))
        if unknown:
            await self._refuse(
                context, grpc.StatusCode.INVALID_ARGUMENT,
                f"unknown game(s) {shown(', '.join(unknown))} in Hello.games; "
                f"games: {', '.join(engine.names())}", "game", bot=name)
        if len(hello.version) > 64 or not hello.version.isprintable():
            await self._refuse(
                context, grpc.StatusCode.INVALID_ARGUMENT,
                f"Hello.version {shown(hello.version)} is not accepted; accepted: empty, or "
                f"1 to 64 printable characters", "version_text", bot=name)
        if not hello.token or not await self._token_ok(hello.bot_name, hello.token, context):
            await self._refuse(
                context, grpc.StatusCode.UNAUTHENTICATED,
                f"bad or missing token for bot {hello.bot_name!r} (register it with "
                f"`arena bot add NAME` and send the printed token)", "token", bot=name)
        return hello

    async def _token_ok(self, name: str, token: str, context: grpc.aio.ServicerContext) -> bool:
        if self.auth.check_one_time(name, token):
            return True
        return await self._registered(name, token, context)

    async def _registered(self, name: str, token: str,
                          context: grpc.aio.ServicerContext) -> bool:
        """Whether ``token`` is bot ``name``'s registered token (checked in the token thread,
        within the limits of token checks)."""
        if self.records is None:
            return False
        if self._pending_token_checks >= MAX_PENDING_TOKEN_CHECKS:
            await self._refuse(
                context, grpc.StatusCode.UNAVAILABLE,
                f"the arena is checking {MAX_PENDING_TOKEN_CHECKS} tokens already; retry with "
                f"backoff (the bot SDK does)", "token_checks")
        peer = peer_host(self.guard.client(context.peer()))
        if not self.guard.begin_token_check(peer):
            await self._refuse(
                context, grpc.StatusCode.RESOURCE_EXHAUSTED,
                f"{peer} has {self.guard.limits.token_checks_per_peer} Hellos being checked "
                f"already; retry with backoff (the bot SDK does)", "token_checks")
        self._pending_token_checks += 1
        try:
            return await self._blocking(self.records.check_token, name, token,
                                        worker=self._token_worker)
        finally:
            self._pending_token_checks -= 1
            self.guard.end_token_check(peer)

    # -- unary calls ----------------------------------------------------------------------

    async def ListGames(self, request: pb.ListGamesRequest,
                        context: grpc.aio.ServicerContext) -> pb.ListGamesResponse:
        """Every hosted game."""
        if self._games is None:
            self._games = pb.ListGamesResponse(
                games=[game_description(g) for g in engine.games()])
        return self._games

    async def _require_game(self, name: str, context: grpc.aio.ServicerContext) -> None:
        if name not in engine.names():
            await context.abort(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"unknown game {shown(name)}; games: {', '.join(engine.names())}")

    async def _require_id(self, what: str, value: str,
                          context: grpc.aio.ServicerContext) -> None:
        limit = self.guard.limits.max_id_length
        if len(value) > limit:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                f"{what} {shown(value)} is too long; accepted: at most "
                                f"{limit} characters")

    async def _require_records(self, context: grpc.aio.ServicerContext) -> Records:
        if self.records is None:
            await context.abort(grpc.StatusCode.FAILED_PRECONDITION,
                                "this arena runs without a results store")
        assert self.records is not None
        return self.records

    async def GetStandings(self, request: pb.GetStandingsRequest,
                           context: grpc.aio.ServicerContext) -> pb.GetStandingsResponse:
        """Ratings of one game."""
        await self._require_game(request.game, context)
        await self._require_id("tournament_id", request.tournament_id, context)
        records = await self._require_records(context)
        return pb.GetStandingsResponse(standings=await self._blocking(
            records.standings, request.game, request.tournament_id))

    async def GetMatch(self, request: pb.GetMatchRequest,
                       context: grpc.aio.ServicerContext) -> pb.GetMatchResponse:
        """One finished match's record."""
        await self._require_id("match_id", request.match_id, context)
        records = await self._require_records(context)
        record = await self._blocking(records.match_record, request.match_id)
        if record is None:
            await context.abort(grpc.StatusCode.NOT_FOUND,
                                f"no finished match {shown(request.match_id)}")
        return pb.GetMatchResponse(match=record)

    async def ListMatches(self, request: pb.ListMatchesRequest,
                          context: grpc.aio.ServicerContext) -> pb.ListMatchesResponse:
        """Recent matches, or the running ones."""
        if request.game:
            await self._require_game(request.game, context)
        if request.limit > 1000:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                f"limit {request.limit} is too large; accepted: 0..1000")
        if request.live:
            return pb.ListMatchesResponse(
                matches=self.hub.live_matches(request.game, request.limit or 50))
        records = await self._require_records(context)
        return pb.ListMatchesResponse(matches=await self._blocking(
            records.list_matches, request.game, request.limit or 50))

    async def ListBots(self, request: pb.ListBotsRequest,
                       context: grpc.aio.ServicerContext) -> pb.ListBotsResponse:
        """The connected bots, with their fault streaks and ladder pauses: to a registered
        bot (its name and token in the request), or to anyone with ``public_bots``."""
        if not self.guard.limits.public_bots and not (
                request.bot_name and request.token
                and await self._registered(request.bot_name, request.token, context)):
            await self._refuse(
                context, grpc.StatusCode.UNAUTHENTICATED,
                "ListBots needs a registered bot's bot_name and token (this arena does not run "
                "with --public-bots)", "list_bots", bot=shown(request.bot_name))
        return pb.ListBotsResponse(bots=self.hub.bots())

    async def WatchMatch(self, request: pb.WatchMatchRequest,
                         context: grpc.aio.ServicerContext) -> AsyncIterator[pb.WatchMatchResponse]:
        """A live match's public messages; a finished one's header and result.

        The stream counts against the spectator limits until this handler returns (a client
        that reads nothing keeps it open), not only while its match runs."""
        await self._require_id("match_id", request.match_id, context)
        peer = peer_host(self.guard.client(context.peer()))
        refused = self.guard.open_spectator(peer)
        if refused is not None:
            await self._refuse(context, grpc.StatusCode.RESOURCE_EXHAUSTED,
                               f"{refused}; try later", "streams")
        try:
            async for item in self._watch(request, context):
                yield item
        finally:
            self.guard.close_spectator(peer)

    async def _watch(self, request: pb.WatchMatchRequest,
                     context: grpc.aio.ServicerContext) -> AsyncIterator[pb.WatchMatchResponse]:
        outbox = self.host.outbox(SPECTATOR_BACKLOG)
        outbox.owner = asyncio.current_task()
        refused = self.hub.watch(request.match_id, outbox)
        if refused is not None:
            await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, f"{refused}; try later")
        first = await outbox.get()
        if first is None:
            record = (await self._blocking(self.records.match_record, request.match_id)
                      if self.records else None)
            if record is None:
                await context.abort(grpc.StatusCode.NOT_FOUND,
                                    f"no live or finished match {shown(request.match_id)}")
            assert record is not None
            yield pb.WatchMatchResponse(match_started=pb.MatchStarted(
                match_id=record.match_id, game=record.game, options=record.options,
                seats=record.seats))
            yield pb.WatchMatchResponse(match_ended=pb.MatchEnded(
                match_id=record.match_id, result=record.result))
            return
        try:
            item = first
            while item is not CLOSE:
                yield item
                item = await outbox.get()
        except OutboxDropped as dropped:
            await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED,
                                f"the arena closed this spectator stream: {dropped}")
        finally:
            self.hub.unwatch(request.match_id, outbox)


async def refuse(guard: PeerGuard, context: grpc.aio.ServicerContext, code: grpc.StatusCode,
                 message: str, reason: str, **fields: Any) -> None:
    """Abort the call with ``code`` and ``message``; log it (at warning) the first time in a
    minute that this peer host is refused for ``reason``. Never logs a token."""
    peer = guard.client(context.peer())
    if guard.first_note(peer_host(peer), reason):
        log.warning("refused %s: %s", peer, message, extra={"fields": {
            "event": "refused", "reason": reason, "peer": peer, "code": code.name,
            **fields, "note": "further refusals of this host for this reason are not logged "
                              "for a minute"}})
    await context.abort(code, message)


async def within_call_budget(guard: PeerGuard, context: grpc.aio.ServicerContext) -> None:
    """Spend one call of the peer host's budget; RESOURCE_EXHAUSTED when none is left."""
    refused = guard.over_budget(peer_host(guard.client(context.peer())))
    if refused is not None:
        await refuse(guard, context, grpc.StatusCode.RESOURCE_EXHAUSTED, refused, "rate_limit")


def handlers(servicer: ArenaServicer) -> grpc.GenericRpcHandler:
    """The method handlers; every request parses leniently, so that garbage bytes get
    INVALID_ARGUMENT naming the message expected (Play: a protocol error on the stream)."""
    async def refuse_garbage(message: Any, request: Any,
                             context: grpc.aio.ServicerContext) -> None:
        if message is None:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                f"the request is not a {request.DESCRIPTOR.full_name}")

    async def within_budget(context: grpc.aio.ServicerContext) -> None:
        await within_call_budget(servicer.guard, context)

    def unary(method: Any, request: Any, response: Any) -> grpc.RpcMethodHandler:
        async def call(message: Any, context: grpc.aio.ServicerContext) -> Any:
            await within_budget(context)
            await refuse_garbage(message, request, context)
            return await method(message, context)
        return grpc.unary_unary_rpc_method_handler(
            call, request_deserializer=_lenient(request),
            response_serializer=response.SerializeToString)

    async def watch(message: Any, context: grpc.aio.ServicerContext) -> Any:
        await within_budget(context)
        await refuse_garbage(message, pb.WatchMatchRequest, context)
        async for item in servicer.WatchMatch(message, context):
            yield item

    return grpc.method_handlers_generic_handler(SERVICE_NAME, {
        "Play": grpc.stream_stream_rpc_method_handler(
            servicer.Play, request_deserializer=_lenient_play_request,
            response_serializer=pb.PlayResponse.SerializeToString),
        "ListGames": unary(servicer.ListGames, pb.ListGamesRequest, pb.ListGamesResponse),
        "GetStandings": unary(servicer.GetStandings, pb.GetStandingsRequest,
                              pb.GetStandingsResponse),
        "GetMatch": unary(servicer.GetMatch, pb.GetMatchRequest, pb.GetMatchResponse),
        "ListMatches": unary(servicer.ListMatches, pb.ListMatchesRequest,
                             pb.ListMatchesResponse),
        "ListBots": unary(servicer.ListBots, pb.ListBotsRequest, pb.ListBotsResponse),
        "WatchMatch": grpc.unary_stream_rpc_method_handler(
            watch, request_deserializer=_lenient(pb.WatchMatchRequest),
            response_serializer=pb.WatchMatchResponse.SerializeToString),
    })
