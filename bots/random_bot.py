"""The random reference bot: any game, a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import game_pb2

from ._bot import Bot, Request


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    def choose(
        self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action], time_left: float
    ) -> int:
        """A random legal id."""
        return self.rng.choice(legal).id

    def decide(self, request: Request) -> int:
        """A random legal id, without reading the observation (unless a subclass chooses
        otherwise: then its ``choose`` is asked, as for any bot)."""
        if type(self).choose is not RandomBot.choose:
            return super().decide(request)
        return self.rng.choice(request.legal).id
