"""Start the gRPC arena on asyncio and run a trio main function beside it (guest mode)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import grpc
import trio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection

from ._bridge import TrioInbox, run_trio_guest
from ._hub import Hub
from ._service import MAX_MESSAGE_BYTES, SERVICE_NAME, ArenaServicer, Authenticator, Records
from ._service import handlers as service_handlers
from .metrics import Metrics

T = TypeVar("T")


@dataclass
class Arena:
    """What a trio main function gets: the hub of connected bots and where they connect."""

    hub: Hub
    auth: Authenticator
    address: str
    port: int
    metrics: Metrics | None


def run(
    main: Callable[[Arena], Awaitable[T]],
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    records: Records | None = None,
    metrics: Metrics | None = None,
) -> T:
    """Serve the arena on ``host:port`` (0: any free port) while ``main(arena)`` runs in trio.

    Returns what ``main`` returns; the server stops when it does.
    """
    return asyncio.run(_host(main, host, port, records, metrics))


async def _host(main: Callable[[Arena], Awaitable[T]], host: str, port: int,
                records: Records | None, metrics: Metrics | None) -> T:
    loop = asyncio.get_running_loop()
    started: asyncio.Future[tuple[trio.lowlevel.TrioToken, Hub, trio.MemorySendChannel[int]]]
    started = loop.create_future()
    auth = Authenticator(records)

    async def trio_side() -> T:
        hub = Hub(metrics)
        send, receive = trio.open_memory_channel[int](1)
        token = trio.lowlevel.current_trio_token()
        loop.call_soon_threadsafe(started.set_result, (token, hub, send))
        bound = await receive.receive()
        try:
            return await main(Arena(hub, auth, f"{host}:{bound}", bound, metrics))
        finally:
            hub.close_all()

    trio_run = asyncio.ensure_future(run_trio_guest(trio_side))
    await asyncio.wait([started, trio_run], return_when=asyncio.FIRST_COMPLETED)
    if not started.done():  # the trio side failed before it could start
        return trio_run.result()
    token, hub, port_channel = started.result()
    server = grpc.aio.server(options=[
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        ("grpc.so_reuseport", 0),
    ])
    server.add_generic_rpc_handlers(
        [service_handlers(ArenaServicer(hub, TrioInbox(token), auth, records))])
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
         reflection.SERVICE_NAME), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    await health.set("", health_pb2.HealthCheckResponse.SERVING)
    await health.set(SERVICE_NAME, health_pb2.HealthCheckResponse.SERVING)
    TrioInbox(token).call(port_channel.send_nowait, bound)
    try:
        return await trio_run
    finally:
        await server.stop(grace=1.0)
