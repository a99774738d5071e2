"""The arena's front door when connections are capped per host (``--max-connections-per-host``).

gRPC has no hook where a server may turn a connection away by its address (grpc/grpc#12737),
so with a per-host cap the arena accepts TCP itself: a connection beyond its host's share or
the cap of all is closed at once (one log line a minute per host says so), and the bytes of
every other one are passed, untouched, to the gRPC server on a private loopback port. TLS
therefore still ends in gRPC, as without the front.

The front runs on the asyncio loop that hosts grpc.aio (``_bridge``), as protocol callbacks:
bytes that arrive are written on from the callback that received them, with no task switch
and no task per connection (``benchmarks/bench_arena.py front``: a round trip 1.25x the one
without the front, against 1.36x with a trio task for each direction, in one loaded run each).

The front remembers, for each of its connections to the private port, the client's own
address (``Front.origin``), so that the per-host call budgets and stream caps see the real
client and not the front.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import Counter
from collections.abc import Callable
from typing import Any

from ._guard import peer_host

log = logging.getLogger("arena.server")


def peer_name(address: tuple[Any, ...]) -> str:
    """A socket address as gRPC names a peer (``ipv4:1.2.3.4:5``, ``ipv6:[::1]:5``); an IPv4
    client of a dual-stack socket (``::ffff:1.2.3.4``) is named as IPv4, as gRPC does."""
    host, port = address[0], address[1]
    if host.startswith("::ffff:") and "." in host:
        host = host[len("::ffff:"):]
    return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{host}:{port}"


def listen(host: str, port: int) -> list[socket.socket]:
    """Listening sockets on ``host:port`` (0: any free port); OSError if it cannot listen.

    ``::`` (or nothing) is every interface of both families, as gRPC takes it; with port 0
    and a name of several addresses only the first is used, so that the port said is the
    one listened on."""
    bare = host.strip("[]")
    if bare in ("", "::"):
        if socket.has_dualstack_ipv6():
            return [socket.create_server(("::", port), family=socket.AF_INET6,
                                         dualstack_ipv6=True)]
        bare = "0.0.0.0"
    found = socket.getaddrinfo(bare, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    if port == 0:
        found = found[:1]
    listening: list[socket.socket] = []
    try:
        for family, _, _, _, address in found:
            listening.append(socket.create_server(address[:2], family=family))
    except OSError:
        for sock in listening:
            sock.close()
        raise
    return listening


class Front:
    """Accepts clients on the public address, holds each host to ``per_host`` connections
    and all to ``total``, and joins the rest to the gRPC server at ``upstream``."""

    def __init__(self, per_host: int, total: int, note: Callable[[str, str], bool]) -> None:
        """``note(host, reason)``: whether a refusal is worth a log line (the peer guard's
        ``first_note``: once a minute per host)."""
        self.per_host = per_host
        self.total = total
        self._note = note
        self._open: Counter[str] = Counter()  # connections open now, per client host
        self._joined: set[_Client] = set()
        self._origins: dict[str, str] = {}  # front's own peer name -> the client's
        self._servers: list[asyncio.Server] = []
        self.upstream: tuple[str, int] = ("127.0.0.1", 0)

    @property
    def connections(self) -> int:
        """Client connections joined to the server now."""
        return len(self._joined)

    def origin(self, peer: str) -> str:
        """The client behind a peer of the gRPC server (itself if it is not the front's)."""
        return self._origins.get(peer, peer)

    async def start(self, listening: list[socket.socket]) -> None:
        """Accept on ``listening`` (on the running asyncio loop) until ``stop``."""
        loop = asyncio.get_running_loop()
        for sock in listening:
            self._servers.append(await loop.create_server(lambda: _Client(self), sock=sock))

    async def stop(self) -> None:
        """Accept no more and close every connection."""
        for server in self._servers:
            server.close()
        for client in list(self._joined):
            client.abort()
        for server in self._servers:
            await server.wait_closed()

    def _admit(self, client: _Client, host: str) -> bool:
        if self._open[host] >= self.per_host:
            refused = (f"it has {self.per_host} connections open, the most one host may "
                       f"(--max-connections-per-host)")
        elif len(self._joined) >= self.total:
            refused = f"the arena holds {self.total} connections, the most it accepts"
        else:
            self._open[host] += 1
            self._joined.add(client)
            return True
        if self._note(host, "connections"):
            log.warning("closing connections of %s: %s", host, refused, extra={"fields": {
                "event": "refused", "reason": "connections", "peer": host,
                "note": "further refusals of this host for this reason are not logged for a "
                        "minute"}})
        return False

    def _release(self, client: _Client, host: str, own: str | None) -> None:
        self._joined.discard(client)
        if own is not None:
            self._origins.pop(own, None)
        self._open[host] -= 1
        if self._open[host] <= 0:
            del self._open[host]


class _Client(asyncio.Protocol):
    """A client's connection; its bytes go to ``_Upstream``'s and back."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.transport: asyncio.Transport | None = None
        self.upstream: asyncio.Transport | None = None
        self.host = ""
        self.own: str | None = None  # the front's peer name at the gRPC server
        self.connecting: asyncio.Task[None] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        try:
            peer = peer_name(transport.get_extra_info("peername"))
        except (TypeError, IndexError):  # gone already (reset before it was accepted)
            transport.abort()
            return
        self.host = peer_host(peer)
        if not self.front._admit(self, self.host):
            transport.abort()  # at once: nothing of it is read
            return
        self.transport = transport
        transport.pause_reading()  # until the gRPC side is there to take it
        self.connecting = asyncio.get_running_loop().create_task(self._connect(peer))

    async def _connect(self, peer: str) -> None:
        assert self.transport is not None
        try:
            upstream, _ = await asyncio.get_running_loop().create_connection(
                lambda: _Upstream(self), *self.front.upstream)
        except OSError:  # the server is stopping: the client just sees a close
            self.transport.abort()
            return
        if self.transport.is_closing():  # the client left meanwhile
            upstream.abort()
            return
        self.upstream = upstream
        # Known before the first byte reaches gRPC, so before any handler asks.
        self.own = peer_name(upstream.get_extra_info("sockname"))
        self.front._origins[self.own] = peer
        self.transport.resume_reading()

    def data_received(self, data: bytes) -> None:
        assert self.upstream is not None  # reading resumes only once it is there
        self.upstream.write(data)

    def eof_received(self) -> bool:
        return False  # close: a gRPC connection is not half closed

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is None:
            return  # refused
        if self.upstream is not None:
            self.upstream.close()
        elif self.connecting is not None:
            self.connecting.cancel()
        self.front._release(self, self.host, self.own)

    def abort(self) -> None:
        """Close at once, both sides."""
        if self.transport is not None:
            self.transport.abort()

    # Flow control: a side that cannot take more stops the reading of the other.
    def pause_writing(self) -> None:
        if self.upstream is not None:
            self.upstream.pause_reading()

    def resume_writing(self) -> None:
        if self.upstream is not None:
            self.upstream.resume_reading()


class _Upstream(asyncio.Protocol):
    """The front's connection to the gRPC server for one client."""

    def __init__(self, client: _Client) -> None:
        self.client = client

    def data_received(self, data: bytes) -> None:
        client = self.client.transport
        if client is not None and not client.is_closing():
            client.write(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.client.transport is not None:
            self.client.transport.close()

    def pause_writing(self) -> None:
        if self.client.transport is not None:
            self.client.transport.pause_reading()

    def resume_writing(self) -> None:
        if self.client.transport is not None:
            self.client.transport.resume_reading()
