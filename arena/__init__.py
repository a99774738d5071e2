"""The arena: hosts matches of the engine games over gRPC for bots in any language.

Importing ``arena.v1`` (the generated protocol) must stay cheap for bots, so this package
re-exports nothing at import time beyond the names below, loaded on first use, and defers
protobuf's pure-Python message module (see ``_defer_pure_python_messages``).
"""

from __future__ import annotations

import sys
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


def _defer_pure_python_messages() -> None:
    """Load protobuf's pure-Python message module only if something uses it.

    ``google.protobuf.descriptor_pool`` (and ``internal.builder``) import
    ``internal.python_message`` whatever the implementation, though the generated code uses
    it only when protobuf runs in pure Python; with the usual C one (upb) nothing touches
    it, and its import (with ``text_format``, the decoder and the encoder it pulls in) was
    31M instructions of a launched Python bot's 200M start. A lazy module (the standard
    library's ``importlib.util.LazyLoader``) stands in for it: the first attribute read
    loads it, so the pure-Python implementation works as before. Put on its package too, so
    that ``from google.protobuf.internal import python_message`` finds it without reading
    anything of it.
    """
    name = "google.protobuf.internal.python_message"
    if name in sys.modules:
        return
    import importlib.util

    from google.protobuf import internal

    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    internal.python_message = module  # type: ignore[attr-defined]
    spec.loader.exec_module(module)


_defer_pure_python_messages()
