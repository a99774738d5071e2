"""Python bot SDK (a gRPC client of the arena) and the reference bots."""

from ._bot import Bot
from ._client import BotRejected, ClientTls, main, play, play_stream
from ._registry import builtin, builtin_names, builtin_note
from .random_bot import RandomBot

__all__ = ["Bot", "BotRejected", "ClientTls", "RandomBot", "builtin", "builtin_names",
           "builtin_note", "main", "play", "play_stream"]
