"""A search bot for Sector 41: flat Monte Carlo over determinized greedy playouts.

On each decision with a choice it ranks the legal actions by the greedy bot's own score (it
extends ``Sector41GreedyBot``) and searches the best ``candidates`` of them: it decodes its
protobuf observation into the engine's dataclass (``arena._codec.decode``) and plays rounds
of playouts, ``playouts`` in all. Each round samples one state consistent with what the seat
knows (``engine.sector41.from_observation``) and plays every candidate from a copy of it with
the same random numbers (common random numbers: the arms differ only by the action), every
seat following the greedy rule (``engine.sector41._policy.greedy_choice``, with a little
random exploration) for ``horizon`` turns, and scores the position (points ahead, plus
Glynium in reach). The candidate with the best mean wins, the greedy order breaking ties.
All randomness comes from the bot's seeded ``rng``, so a seeded match replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arena._codec import decode
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from engine.sector41 import Sector41Observation, Sector41State, from_observation
from engine.sector41._policy import greedy_choice, position_value

from .sector41_greedy import Sector41GreedyBot


class Sector41MctsBot(Sector41GreedyBot):
    """Determinized flat Monte Carlo over the greedy rule's best few actions."""

    games = ("sector41",)
    playouts = 24  # per decision with two or more candidates (docs/benchmarks.md's figure's)
    candidates = 4  # the greedy score's best few legal actions are searched
    horizon = 2  # turns (all seats) a playout looks ahead
    explore = 0.1  # chance of a random action at each rollout step

    def __init__(self, match: pb.MatchStarted) -> None:
        super().__init__(match)
        self.seat = match.your_seat

    def choose(
        self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action], time_left: float
    ) -> int:
        """The candidate action id with the best mean playout value."""
        if len(legal) == 1:
            return legal[0].id
        self.obs = observation.sector41
        self._prepare()
        scores = [self._score(a.detail.sector41) for a in legal]
        ranked = sorted(range(len(legal)), key=lambda j: (-scores[j], j))
        ids = [legal[j].id for j in ranked[: self.candidates]]
        if len(ids) == 1:
            return ids[0]
        obs = decode(observation.sector41, Sector41Observation)
        total = [0.0] * len(ids)
        for _ in range(max(1, self.playouts // len(ids))):
            sampled = from_observation(obs, self.rng)
            seed = self.rng.getrandbits(32)
            for arm, action_id in enumerate(ids):
                total[arm] += self._playout(sampled.clone(), obs.turn, action_id,
                                            random.Random(seed))
        # Every arm has as many playouts: the best total; ties go to the greedy order.
        return ids[max(range(len(ids)), key=lambda a: (total[a], -a))]

    def _playout(self, state: Sector41State, turn: int, action_id: int,
                 rng: random.Random) -> float:
        """Play ``action_id`` then the greedy rule for every seat; the value for this seat."""
        state.apply({self.seat: action_id})
        stop = turn + self.horizon
        explore = self.explore
        while state._decision is not None and state.turn <= stop:
            state._apply({state.current: state._decision.legal[greedy_choice(state, rng,
                                                                            explore)]})
        return position_value(state, self.seat)
