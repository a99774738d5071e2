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
import random
from collections.abc import Sequence

from arena._codec import decode
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from engine.sector41 import Sector41Observation, Sector41State, from_observation
from engine.sector41._policy import greedy_choice, playout_choice, position_value

from .sector41_greedy import Sector41GreedyBot


class Sector41MctsBot(Sector41GreedyBot):
    """Flat UCB1 Monte Carlo with determinization; ``playouts`` per decision."""

    games = ("sector41",)
    playouts = 12  # per decision with two or more choices (the README figure's budget)
    horizon = 2  # turns (all seats) a playout looks ahead
    exploration = 1.0
    candidates = 0  # 0: all
    crn = False
    rollout = "cheap"
    explore = 0.15

    def __init__(self, match: pb.MatchStarted) -> None:
        super().__init__(match)
        self.seat = match.your_seat

    def choose(
        self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action], time_left: float
    ) -> int:
        """The legal action id with the best mean playout value."""
        if len(legal) == 1:
            return legal[0].id
        if self.candidates:
            self.obs = observation.sector41
            self._prepare()
            scores = [self._score(a.detail.sector41) for a in legal]
            ranked = sorted(range(len(legal)), key=lambda j: (-scores[j], j))
            ids = [legal[j].id for j in ranked[: self.candidates]]
        else:
            ids = [a.id for a in legal]
        if len(ids) == 1:
            return ids[0]
        obs = decode(observation.sector41, Sector41Observation)
        count = [0] * len(ids)
        total = [0.0] * len(ids)
        if self.crn:
            rounds = max(1, self.playouts // len(ids))
            for _ in range(rounds):
                base = from_observation(obs, self.rng)
                seed = self.rng.getrandbits(32)
                for arm, aid in enumerate(ids):
                    count[arm] += 1
                    total[arm] += self._play(base.clone(), obs, aid, random.Random(seed))
        else:
            for k in range(max(self.playouts, len(ids))):
                if k < len(ids):
                    arm = k
                else:
                    log_k = math.log(k)
                    arm = max(range(len(ids)), key=lambda a: total[a] / count[a]
                              + self.exploration * math.sqrt(log_k / count[a]))
                count[arm] += 1
                total[arm] += self._play(from_observation(obs, self.rng), obs, ids[arm],
                                         self.rng)
        return ids[max(range(len(ids)), key=lambda a: (total[a] / count[a], -a))]

    def _play(self, state: Sector41State, obs: Sector41Observation, action_id: int,
              rng: random.Random) -> float:
        state.apply({self.seat: action_id})
        stop = obs.turn + self.horizon
        policy = greedy_choice if self.rollout == "greedy" else playout_choice
        explore = self.explore
        while state._decision is not None and state.turn <= stop:
            state._apply({state.current: state._decision.legal[policy(state, rng, explore)]})
        return position_value(state, self.seat)
