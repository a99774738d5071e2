"""The arena's front door when connections are capped per host (``--max-connections-per-host``).

gRPC has no hook where a server may turn a connection away by its address (grpc/grpc#12737),
so with a per-host cap the arena accepts TCP itself, here in trio: a connection beyond its
host's share or the cap of all is closed at once (one log line a minute per host says so),
and the bytes of every other one are passed, untouched, to the gRPC server on a private
loopback port. TLS therefore still ends in gRPC, as without the front.

The front remembers, for each of its connections to the private port, the client's own
address (``Front.origin``), so that the per-host call budgets and stream caps see the real
client and not the front.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import socket
from collections import Counter
from collections.abc import Callable

import trio

log = logging.getLogger("arena.server")

_CHUNK = 1 << 16  # bytes read at once from either side of a connection
# What accept() may fail with when the process is out of descriptors or memory: the front
# waits a moment and accepts again (the connections that hold them will end).
_CAPACITY_ERRORS = {errno.EMFILE, errno.ENFILE, errno.ENOMEM, errno.ENOBUFS}
_CAPACITY_PAUSE = 0.1


def peer_name(address: tuple[str, int] | tuple[str, int, int, int]) -> str:
    """A socket address as gRPC names a peer (``ipv4:1.2.3.4:5``, ``ipv6:[::1]:5``); an IPv4
    client of a dual-stack socket (``::ffff:1.2.3.4``) is named as IPv4, as gRPC does."""
    host, port = address[0], address[1]
    if host.startswith("::ffff:") and "." in host:
        host = host[len("::ffff:"):]
    return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{host}:{port}"


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
        self._total = 0  # the same, all hosts together
        self._origins: dict[str, str] = {}  # front's own peer name -> the client's
        self.upstream: tuple[str, int] = ("127.0.0.1", 0)

    @property
    def connections(self) -> int:
        """Client connections joined to the server now."""
        return self._total

    def origin(self, peer: str) -> str:
        """The client behind a peer of the gRPC server (itself if it is not the front's)."""
        return self._origins.get(peer, peer)

    async def listen(self, host: str, port: int) -> list[trio.SocketListener]:
        """Listeners on ``host:port`` (0: any free port); OSError if it cannot listen there.

        ``::`` is every interface of both families, as gRPC takes it; with port 0 and a name
        of several addresses, only the first is kept, so that the port said is listened on."""
        bare = host.strip("[]")
        if bare in ("", "::"):
            try:
                return [await _dual_stack(port)]
            except OSError as error:
                if error.errno != errno.EAFNOSUPPORT:  # else a kernel without IPv6
                    raise
                bare = "0.0.0.0"
        listeners = await trio.open_tcp_listeners(port, host=bare)
        if port == 0:
            for extra in listeners[1:]:
                await extra.aclose()
            listeners = listeners[:1]
        return listeners

    async def serve(self, listeners: list[trio.SocketListener],
                    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Accept on ``listeners`` until cancelled."""
        async with trio.open_nursery() as nursery:
            for listener in listeners:
                nursery.start_soon(self._accept, listener, nursery)
            task_status.started()

    async def _accept(self, listener: trio.SocketListener, nursery: trio.Nursery) -> None:
        while True:
            try:
                client = await listener.accept()
            except OSError as error:
                if error.errno not in _CAPACITY_ERRORS:
                    raise
                if self._note("", "accept_failed"):  # a line a minute, as refusals
                    log.warning("cannot accept a connection: %s; retrying", error.strerror,
                                extra={"fields": {"event": "accept_failed"}})
                await trio.sleep(_CAPACITY_PAUSE)
                continue
            try:
                peer = peer_name(client.socket.getpeername())
            except OSError:  # gone already (reset before it was accepted)
                client.socket.close()
                continue
            host = peer.rsplit(":", 1)[0]
            refused = self._refusal(host)
            if refused is not None:
                if self._note(host, "connections"):
                    log.warning("closing connections of %s: %s", host, refused, extra={
                        "fields": {"event": "refused", "reason": "connections", "peer": host,
                                   "note": "further refusals of this host for this reason "
                                           "are not logged for a minute"}})
                client.socket.close()  # at once: nothing of it is read
                continue
            self._open[host] += 1
            self._total += 1
            nursery.start_soon(self._join, client, host, peer)

    def _refusal(self, host: str) -> str | None:
        if self._open[host] >= self.per_host:
            return (f"it has {self.per_host} connections open, the most one host may "
                    f"(--max-connections-per-host)")
        if self.connections >= self.total:
            return f"the arena holds {self.total} connections, the most it accepts"
        return None

    async def _join(self, client: trio.SocketStream, host: str, peer: str) -> None:
        own = None
        try:
            async with client:
                server = await trio.open_tcp_stream(*self.upstream)
                async with server:
                    own = peer_name(server.socket.getsockname())
                    # Known before the first byte reaches gRPC, so before any handler asks.
                    self._origins[own] = peer
                    async with trio.open_nursery() as nursery:
                        nursery.start_soon(_pump, client, server, nursery.cancel_scope)
                        nursery.start_soon(_pump, server, client, nursery.cancel_scope)
        except OSError:
            pass  # the upstream is gone (the server stopping): the client just sees a close
        finally:
            if own is not None:
                self._origins.pop(own, None)
            self._total -= 1
            self._open[host] -= 1
            if self._open[host] <= 0:
                del self._open[host]


async def _dual_stack(port: int) -> trio.SocketListener:
    """One socket on every interface, IPv6 and IPv4 (trio's own IPv6 listeners are IPv6
    only, and with port 0 each family would get a port of its own)."""
    sock = trio.socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        await sock.bind(("::", port))
        sock.listen()
    except OSError:
        sock.close()
        raise
    return trio.SocketListener(sock)


async def _pump(source: trio.SocketStream, sink: trio.SocketStream,
                both: trio.CancelScope) -> None:
    """Copy ``source`` to ``sink`` until either ends; then end both directions."""
    with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
        while data := await source.receive_some(_CHUNK):
            await sink.send_all(data)
    both.cancel()
