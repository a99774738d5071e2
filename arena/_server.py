"""Start the gRPC arena (grpc.aio hosted in the trio run) and run a trio main function."""

from __future__ import annotations

import gc
import inspect
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import grpc
import trio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection

from ._bridge import AsyncioHost, open_asyncio_host
from ._front import Front, listen
from ._guard import ClientLimits, PeerGuard, connection_cap, peer_host
from ._hub import Hub
from ._service import (
    MAX_MESSAGE_BYTES,
    SERVICE_NAME,
    ArenaServicer,
    Authenticator,
    Records,
    refuse,
    within_call_budget,
)
from ._service import handlers as service_handlers
from .metrics import Metrics

T = TypeVar("T")
# A connection with no call open this long is closed (a client reconnects by itself): idle
# connections cost a file descriptor each and are what a flood of them is made of.
IDLE_CONNECTION_MS = 120_000
_LOOPBACK = "127.0.0.1"


class ListenError(OSError):
    """The server could not listen on the address it was given."""


@dataclass(frozen=True)
class ServerTls:
    """TLS of the server: its certificate chain and key (PEM), and optionally the CA whose
    client certificates it requires (mutual TLS: a bot without one is refused)."""

    certificate_chain: bytes
    private_key: bytes
    client_ca: bytes | None = None

    @staticmethod
    def from_files(cert: str, key: str, client_ca: str | None = None) -> ServerTls:
        """Read the PEM files; OSError naming the one that cannot be read."""
        def read(path: str, what: str) -> bytes:
            try:
                return Path(path).read_bytes()
            except OSError as error:
                raise OSError(f"cannot read the {what} {path!r}: {error.strerror}") from None
        return ServerTls(read(cert, "TLS certificate"), read(key, "TLS key"),
                         read(client_ca, "client CA") if client_ca else None)

    def credentials(self) -> grpc.ServerCredentials:
        """The gRPC server credentials."""
        return grpc.ssl_server_credentials(
            [(self.private_key, self.certificate_chain)], root_certificates=self.client_ca,
            require_client_auth=self.client_ca is not None)


@dataclass
class Arena:
    """What a trio main function gets: the hub of connected bots and where they connect."""

    hub: Hub
    auth: Authenticator
    address: str
    port: int
    metrics: Metrics | None
    clients: PeerGuard  # what clients hold and spend now (spectator streams, call budgets)
    health: HealthServicer | None = field(default=None, repr=False)
    host: AsyncioHost | None = field(default=None, repr=False)

    async def set_serving(self, serving: bool) -> None:
        """What the standard gRPC health check says of the arena service (SERVING, or
        NOT_SERVING while, say, its database refuses writes)."""
        if self.health is None or self.host is None:
            return
        status = (health_pb2.HealthCheckResponse.SERVING if serving
                  else health_pb2.HealthCheckResponse.NOT_SERVING)
        await self.host.run(self.health.set(SERVICE_NAME, status))


def run(
    main: Callable[[Arena], Awaitable[T]],
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    records: Records | None = None,
    metrics: Metrics | None = None,
    limits: ClientLimits = ClientLimits(),
    tls: ServerTls | None = None,
) -> T:
    """Serve the arena on ``host:port`` (0: any free port) while ``main(arena)`` runs in trio.

    Returns what ``main`` returns; the server stops when it does. ``limits``: what clients
    may hold and ask; ``tls``: serve over TLS only (plaintext clients are refused).

    Ctrl-C (and SIGTERM, which ``arena serve`` takes as Ctrl-C) stops it at a checkpoint
    of the main task, never in the middle of a task's step: raised there, it fell between a
    finished match's log line and its hand-over to the writer, and the match was lost.
    """
    return trio.run(serve, main, host, port, records, metrics, limits, tls,
                    restrict_keyboard_interrupt_to_checkpoints=True)


async def serve(main: Callable[[Arena], Awaitable[T]], host: str, port: int,
                records: Records | None, metrics: Metrics | None,
                limits: ClientLimits = ClientLimits(), tls: ServerTls | None = None) -> T:
    """The same as ``run``, from inside a trio run."""
    hub = Hub(metrics)
    auth = Authenticator()
    # Everything alive now (modules, protobuf descriptors, the codecs' compiled plans) is
    # kept out of the garbage collector's full passes while the arena serves: a full pass over
    # it held the one thread that times every bot for 280 ms under load (bench_load.py: the
    # last time losses at 100 matches), against 30-100 ms without it. (No collection first:
    # freezing is O(1), and garbage frozen with the rest is freed after the unfreeze.)
    gc.freeze()
    try:
        return await _serve(hub, auth, main, host, port, records, metrics, limits, tls)
    finally:
        gc.unfreeze()  # what was frozen may be freed again once it dies


async def _serve(hub: Hub, auth: Authenticator, main: Callable[[Arena], Awaitable[T]],
                 host: str, port: int, records: Records | None, metrics: Metrics | None,
                 limits: ClientLimits, tls: ServerTls | None) -> T:
    async with open_asyncio_host() as grpc_host:
        servicer = ArenaServicer(hub, grpc_host, auth, records, limits)
        front = None
        if limits.max_connections_per_host is not None:
            front = Front(limits.max_connections_per_host, connection_cap(fronted=True),
                          servicer.guard.first_note)
            listening = _listen(host, port)
            bound = listening[0].getsockname()[1]
            # gRPC on a private loopback port that only the front connects to.
            server, upstream, health = await grpc_host.run(
                _start(servicer, _LOOPBACK, 0, tls))
            front.upstream = (_LOOPBACK, upstream)
            servicer.guard.behind(front.origin)
            await grpc_host.run(front.start(listening))
        else:
            server, bound, health = await grpc_host.run(_start(servicer, host, port, tls))
        try:
            return await main(Arena(hub, auth, f"{host}:{bound}", bound, metrics,
                                    servicer.guard, health, grpc_host))
        finally:
            hub.close_all()
            await grpc_host.run(server.stop(grace=1.0))
            if front is not None:  # once gRPC has said its last
                await grpc_host.run(front.stop())
            servicer.close()


def _listen(host: str, port: int) -> list[socket.socket]:
    try:
        return listen(host, port)
    except OSError as error:
        raise ListenError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None


class GuardInterceptor(grpc.aio.ServerInterceptor):
    """Holds the standard services beside the arena's (health, reflection) to the arena's
    client limits: every call, and every message of a reflection stream, spends the peer
    host's call budget, and an open stream (``Health.Watch``, reflection) counts against the
    spectator stream caps until its handler returns. The arena's own methods check these
    themselves (``_service.handlers``)."""

    def __init__(self, guard: PeerGuard) -> None:
        self.guard = guard

    async def intercept_service(
            self, continuation: Callable[[grpc.HandlerCallDetails],
                                         Awaitable[grpc.RpcMethodHandler]],
            handler_call_details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
        """The handler, wrapped unless it is one of the arena service's."""
        handler = await continuation(handler_call_details)
        method = handler_call_details.method  # type: ignore[attr-defined]
        if handler is None or method.startswith(f"/{SERVICE_NAME}/"):
            return handler
        replace: Callable[..., grpc.RpcMethodHandler] = handler._replace  # type: ignore[attr-defined]
        if handler.unary_unary is not None:  # (grpc's handlers are named tuples)
            return replace(unary_unary=self._unary(handler.unary_unary))
        if handler.unary_stream is not None:
            return replace(unary_stream=self._stream(handler.unary_stream, False))
        if handler.stream_stream is not None:
            return replace(stream_stream=self._stream(handler.stream_stream, True))
        return handler  # no such method is served

    def _unary(self, behaviour: Callable[..., Any]) -> Callable[..., Any]:
        async def guarded(request: Any, context: grpc.aio.ServicerContext) -> Any:
            await within_call_budget(self.guard, context)
            return await behaviour(request, context)
        return guarded

    def _stream(self, behaviour: Callable[..., Any], streaming_requests: bool
                ) -> Callable[..., Any]:
        guard = self.guard

        async def counted(requests: AsyncIterator[Any],
                          context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            async for request in requests:
                await within_call_budget(guard, context)
                yield request

        async def opened(context: grpc.aio.ServicerContext) -> str:
            await within_call_budget(guard, context)
            peer = peer_host(guard.client(context.peer()))
            refused = guard.open_spectator(peer)
            if refused is not None:
                await refuse(guard, context, grpc.StatusCode.RESOURCE_EXHAUSTED,
                             f"{refused}; try later", "streams")
            return peer

        def requests(request: Any, context: grpc.aio.ServicerContext) -> Any:
            return counted(request, context) if streaming_requests else request

        if inspect.isasyncgenfunction(behaviour):
            async def yielding(request: Any, context: grpc.aio.ServicerContext
                               ) -> AsyncIterator[Any]:
                peer = await opened(context)
                try:
                    async for item in behaviour(requests(request, context), context):
                        yield item
                finally:
                    guard.close_spectator(peer)
            return yielding

        async def writing(request: Any, context: grpc.aio.ServicerContext) -> None:
            # A handler that writes with context.write (grpc_health's Watch).
            peer = await opened(context)
            try:
                await behaviour(requests(request, context), context)
            finally:
                guard.close_spectator(peer)
        return writing


async def _start(servicer: ArenaServicer, host: str, port: int,
                 tls: ServerTls | None) -> tuple[grpc.aio.Server, int, HealthServicer]:
    server = grpc.aio.server(interceptors=[GuardInterceptor(servicer.guard)], options=[
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        ("grpc.so_reuseport", 0),
        # Past this many connections gRPC refuses new ones instead of running out of file
        # descriptors (then nothing at all is accepted, a new bot's Hello included).
        ("grpc.max_allowed_incoming_connections", connection_cap()),
        ("grpc.max_connection_idle_ms", IDLE_CONNECTION_MS),
    ])
    server.add_generic_rpc_handlers([service_handlers(servicer)])
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
         reflection.SERVICE_NAME), server)
    try:
        address = f"{host}:{port}"
        bound = (server.add_secure_port(address, tls.credentials()) if tls is not None
                 else server.add_insecure_port(address))
    except RuntimeError:  # grpcio's word for any failure to bind
        bound = 0
    if not bound:
        why = "the port is taken or the host is not an address of this machine"
        if tls is not None:
            why += ", or the TLS certificate and key are not PEM or do not match"
        raise ListenError(f"cannot listen on {host}:{port}: {why}")
    await server.start()
    await health.set("", health_pb2.HealthCheckResponse.SERVING)
    await health.set(SERVICE_NAME, health_pb2.HealthCheckResponse.SERVING)
    return server, bound, health
