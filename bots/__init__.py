"""Python bot SDK (over gRPC, or the standard streams of a launched bot) and reference bots.

The gRPC client (``play``, ``play_stream``, ``ClientTls``, ``BotRejected``) is loaded on first
use: a bot that the arena launched plays over its standard streams and never needs it.
"""

from __future__ import annotations

from typing import Any

from ._bot import Bot, failure
from ._main import main
from ._registry import builtin, builtin_names, builtin_note
from .random_bot import RandomBot

_GRPC_CLIENT = ("BotRejected", "ClientTls", "play", "play_stream")

__all__ = ["Bot", "BotRejected", "ClientTls", "RandomBot", "builtin", "builtin_names",
           "builtin_note", "failure", "main", "play", "play_stream"]


def __getattr__(name: str) -> Any:
    if name not in _GRPC_CLIENT:
        raise AttributeError(f"module 'bots' has no attribute {name!r}")
    from . import _client

    return getattr(_client, name)
