"""Python bot SDK (a gRPC client of the arena) and the reference bots."""

from ._bot import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
