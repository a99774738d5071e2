"""What clients may hold and ask of the server, per peer host and in all.

A hostile or broken client must not grow the server's memory or take the threads that other
clients (and the matches) need: every open spectator stream counts until its handler returns,
unary calls and token checks are rate-limited per peer host, and the tables kept per peer
are bounded themselves. The standard services beside the arena's (health checks, reflection)
are held to the same budgets and stream caps (``_server.GuardInterceptor``).
"""

from __future__ import annotations

import ipaddress
import resource
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class ClientLimits:
    """The limits (``arena serve`` flags of the same names); a peer is a host address."""

    max_spectators: int = 1000  # open WatchMatch streams, all peers together
    max_spectators_per_peer: int = 50
    calls_per_second: float = 10.0  # unary calls a peer may make, sustained...
    call_burst: int = 50  # ...after a burst of this many
    token_checks_per_peer: int = 4  # Hellos of one peer whose token is being checked at once
    max_id_length: int = 128  # characters of a match or tournament id in a request
    public_bots: bool = False  # ListBots without a registered bot's token
    # Connections one host may hold open (None: no cap per host; the arena then accepts
    # through a front of its own, ``_front``, since gRPC cannot refuse one by its address).
    max_connections_per_host: int | None = None

    def __post_init__(self) -> None:
        for name in ("max_spectators", "max_spectators_per_peer", "call_burst",
                     "token_checks_per_peer", "max_id_length", "max_connections_per_host"):
            if getattr(self, name) is not None and getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)}")
        if not self.calls_per_second > 0:
            raise ValueError(f"calls_per_second must be above 0, got {self.calls_per_second}")


_PEERS_KEPT = 10_000  # peers whose call budget is remembered (the least recent are forgotten)
NOTE_EVERY_SECONDS = 60.0  # a refusal of one peer for one reason is logged once in this time
# File descriptors kept out of reach of incoming connections: the database, its journal, the
# bots' processes and pipes, the metrics server, the log (see ``connection_cap``).
RESERVED_FILES = 256


def raise_open_files_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit; the new soft limit.

    Every connection takes a descriptor: with the usual soft limit of 1024 (or 20,000), idle
    connections ran the server out of them and a new bot's Hello timed out."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return hard
    return soft


def connection_cap(fronted: bool = False) -> int:
    """Incoming connections the server accepts at once: what the open-files limit leaves
    after ``RESERVED_FILES`` (it refuses more, instead of failing to accept anything).

    ``fronted``: connections come through the arena's own front (a per-host cap), where each
    takes three descriptors (the client's, the front's to gRPC, and gRPC's end of that)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1_000_000
    return max(16, (soft - RESERVED_FILES) // (3 if fronted else 1))


def peer_host(peer: str) -> str:
    """The host a gRPC peer string counts as in every per-host limit: ``ipv4:127.0.0.1:5000``
    -> ``ipv4:127.0.0.1``; an IPv6 peer (``ipv6:%5B2001:db8::7%5D:5000``, as gRPC writes it,
    or with bare brackets) by its /64 network, ``ipv6:[2001:db8::]/64``: a site is commonly
    given a whole /64, from which one client could otherwise connect as ever new hosts."""
    if peer.startswith("ipv4:"):
        return peer.rsplit(":", 1)[0]
    if peer.startswith("ipv6:"):
        address = peer[5:].rsplit(":", 1)[0].replace("%5B", "[").replace("%5D", "]")
        try:  # (a zone, ``%25eth0`` or ``%eth0``, is not part of the network)
            network = ipaddress.IPv6Network((address.strip("[]").split("%")[0], 64),
                                            strict=False)
        except ValueError:
            return peer.rsplit(":", 1)[0]
        return f"ipv6:[{network.network_address}]/64"
    return peer  # unix sockets and the like: the whole string


def _itself(peer: str) -> str:
    return peer


class PeerGuard:
    """Counts what each peer holds and spends (one per server; used on the asyncio thread)."""

    def __init__(self, limits: ClientLimits, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self._clock = clock
        self._budgets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # calls, at
        self._spectators: Counter[str] = Counter()
        self._token_checks: Counter[str] = Counter()
        self._noted: OrderedDict[tuple[str, str], float] = OrderedDict()
        self._origin: Callable[[str], str] = _itself

    def behind(self, origin: Callable[[str], str]) -> None:
        """Connections come through a front: ``origin`` names the client behind a peer."""
        self._origin = origin

    def client(self, peer: str) -> str:
        """The client's address behind a gRPC peer (``context.peer()``): the peer itself, or
        with a front, the client the front joined (every budget here is the client host's)."""
        return self._origin(peer)

    @property
    def spectators(self) -> int:
        """Spectator streams open now."""
        return sum(self._spectators.values())

    def allow_call(self, host: str) -> bool:
        """Spend one unary call of ``host``'s budget; False when it has none left."""
        now = self._clock()
        calls, at = self._budgets.pop(host, (float(self.limits.call_burst), now))
        calls = min(float(self.limits.call_burst),
                    calls + (now - at) * self.limits.calls_per_second)
        allowed = calls >= 1.0
        self._budgets[host] = (calls - 1.0 if allowed else calls, now)
        while len(self._budgets) > _PEERS_KEPT:
            self._budgets.popitem(last=False)
        return allowed

    def over_budget(self, host: str) -> str | None:
        """Spend one call of ``host``'s budget; or say why it has none left."""
        if self.allow_call(host):
            return None
        return (f"{host} made more than {self.limits.call_burst} calls at "
                f"{self.limits.calls_per_second:g} a second; retry with backoff")

    def first_note(self, host: str, reason: str) -> bool:
        """Whether a refusal of ``host`` for ``reason`` is the first in
        ``NOTE_EVERY_SECONDS`` (and so worth a log line: a flood logs one line a minute)."""
        now = self._clock()
        key = (host, reason)
        last = self._noted.pop(key, None)
        first = last is None or now - last >= NOTE_EVERY_SECONDS
        self._noted[key] = now if first or last is None else last
        while len(self._noted) > _PEERS_KEPT:
            self._noted.popitem(last=False)
        return first

    def open_spectator(self, host: str) -> str | None:
        """Count a new spectator stream of ``host``; or say why it is refused."""
        if self._spectators[host] >= self.limits.max_spectators_per_peer:
            return (f"{host} has {self.limits.max_spectators_per_peer} spectator streams "
                    f"open already")
        if self.spectators >= self.limits.max_spectators:
            return f"this arena serves {self.limits.max_spectators} spectators already"
        self._spectators[host] += 1
        return None

    def close_spectator(self, host: str) -> None:
        """A spectator stream's handler returned."""
        self._spectators[host] -= 1
        if self._spectators[host] <= 0:
            del self._spectators[host]

    def begin_token_check(self, host: str) -> bool:
        """Count a token check of ``host``; False when it has its share under way."""
        if self._token_checks[host] >= self.limits.token_checks_per_peer:
            return False
        self._token_checks[host] += 1
        return True

    def end_token_check(self, host: str) -> None:
        """A token check ended."""
        self._token_checks[host] -= 1
        if self._token_checks[host] <= 0:
            del self._token_checks[host]
