"""The arena: hosts matches of the engine games over gRPC for bots in any language.

Importing ``arena.v1`` (the generated protocol) must stay cheap for bots, so this package
re-exports nothing at import time beyond the names below, loaded on first use.
"""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "Arena": "arena._server",
    "run": "arena._server",
    "ListenError": "arena._server",
    "ServerTls": "arena._server",
    "Authenticator": "arena._service",
    "ClientLimits": "arena._guard",
    "Records": "arena._service",
    "PROTOCOL_VERSION": "arena._service",
    "Hub": "arena._hub",
    "RemoteSeat": "arena._hub",
    "Deadline": "arena._seats",
    "LocalRequest": "arena._seats",
    "Seat": "arena._seats",
    "StaleRequestError": "arena._seats",
    "SeatFault": "arena._seats",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'arena' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_EXPORTS[name]), name)
