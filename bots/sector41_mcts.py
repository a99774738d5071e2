"""A search bot for Sector 41: flat Monte Carlo over determinized playouts, with UCB1.

On each decision it decodes its protobuf observation into the engine's dataclass
(``arena._codec.decode``), and spends a fixed budget of playouts (reproducible: the bot's
seeded RNG draws everything): each playout samples the hidden tiles consistent with what the
seat knows (``engine.sector41.from_observation``), applies the root action chosen by UCB1,
plays on with the engine's cheap greedy-ish policy for a few turns and scores the position
(points ahead, plus Glynium in reach). The action with the best mean wins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from arena._codec import decode
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from engine.sector41 import Sector41Observation, from_observation
from engine.sector41._policy import playout_choice, position_value

from ._bot import Bot


class Sector41MctsBot(Bot):
    """Flat UCB1 Monte Carlo with determinization; ``playouts`` per decision."""

    games = ("sector41",)
    playouts = 12  # per decision with two or more choices (the README figure's budget)
    horizon = 2  # turns (all seats) a playout looks ahead
    exploration = 1.0

    def __init__(self, match: pb.MatchStarted) -> None:
        super().__init__(match)
        self.seat = match.your_seat

    def choose(
        self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action], time_left: float
    ) -> int:
        """The legal action id with the best mean playout value."""
        ids = [a.id for a in legal]
        if len(ids) == 1:
            return ids[0]
        obs = decode(observation.sector41, Sector41Observation)
        count = [0] * len(ids)
        total = [0.0] * len(ids)
        for k in range(max(self.playouts, len(ids))):
            if k < len(ids):
                arm = k
            else:
                log_k = math.log(k)
                arm = max(range(len(ids)), key=lambda a: total[a] / count[a]
                          + self.exploration * math.sqrt(log_k / count[a]))
            count[arm] += 1
            total[arm] += self._playout(obs, ids[arm])
        return ids[max(range(len(ids)), key=lambda a: (total[a] / count[a], -a))]

    def _playout(self, obs: Sector41Observation, action_id: int) -> float:
        state = from_observation(obs, self.rng)
        state.apply({self.seat: action_id})
        stop = obs.turn + self.horizon
        rng = self.rng
        while state._decision is not None and state.turn <= stop:
            state._apply({state.current: state._decision.legal[playout_choice(state, rng)]})
        return position_value(state, self.seat)
