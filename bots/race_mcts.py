"""``builtin:race-mcts``: determinized flat Monte Carlo search for Race for the Galaxy.

On each decision that shapes the game (action selection, what to develop or settle), the bot
decodes its observation into the engine's dataclass (``arena._codec``) and spends a fixed
number of playouts (``playouts``, default 32; the environment variable ``RACE_MCTS_PLAYOUTS``
overrides it) on the greedy heuristic's best ``candidates`` actions, chosen by UCB1 (fewer
arms, less noise per arm). Each playout samples a full state consistent with what the seat
knows (``engine.race.from_observation``), plays the candidate action, and plays on with a
cheap rough-greedy policy (``_rollout_choice``) for every seat until the game ends or
``horizon`` rounds have passed; it scores 1 for a win (1/2 for a tie) blended with the VP
margin (the margin alone at the horizon). The most visited action is played. Every other
decision goes to the greedy heuristic it extends.
All randomness comes from the bot's seeded ``rng``: a ``--seed`` tournament replays exactly.

It imports the engine, so it runs where the engine is installed (in-process or as a bot
process of this project); the registry loads it only when asked for.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence

from arena._codec import observation_from_message
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from arena.v1 import race_pb2 as race
from engine import Action
from engine.race import (
    CARDS,
    ActionCard,
    CardKind,
    DecisionKind,
    GoodType,
    Observation,
    RaceState,
    from_observation,
)

from .race_greedy import RaceGreedyBot

_SEARCHED = frozenset({
    race.RACE_DECISION_KIND_SELECT,
    race.RACE_DECISION_KIND_DEVELOP,
    race.RACE_DECISION_KIND_SETTLE,
})
_IS_DEV = tuple(c.kind is CardKind.DEVELOPMENT for c in CARDS)
# A rollout's value of placing a card: its VP (a six-cost development about 5) and its cost.
_PLACE_VALUE = tuple((5.0 if c.vp < 0 else c.vp) + 0.5 * c.cost for c in CARDS)
_EXPLORATION = 0.6  # UCB1 constant for values in [0, 1]
_MARGIN_SCALE = 20.0  # VP margin that counts as much as a win in a playout's value


class RaceMctsBot(RaceGreedyBot):
    """Flat Monte Carlo with UCB1 over determinized random playouts, greedy elsewhere."""

    games = ("race",)
    playouts = 32
    horizon = 3  # playouts stop this many rounds after the current one (or at the end)
    candidates = 3  # the greedy heuristic's best few actions are searched, not all of them

    def __init__(self, match: pb.MatchStarted, playouts: int | None = None) -> None:
        super().__init__(match)
        if playouts is None:
            playouts = int(os.environ.get("RACE_MCTS_PLAYOUTS", self.playouts))
        if playouts < 1:
            raise ValueError(f"race-mcts needs at least 1 playout per move, got {playouts}")
        self.playouts = playouts
        self.seat = match.your_seat

    def choose(
        self,
        observation: game_pb2.Observation,
        legal: Sequence[game_pb2.Action],
        time_left: float,
    ) -> int:
        """Search the decisions that shape the game; the greedy choice for the others."""
        if len(legal) == 1 or legal[0].detail.race.kind not in _SEARCHED:
            return super().choose(observation, legal, time_left)
        wire = observation.race
        ranked = sorted(legal, key=lambda a: -self.score(wire, a.detail.race))
        obs = observation_from_message("race", observation, Observation)
        return self.search(obs, [a.id for a in ranked[: self.candidates]])

    def search(self, obs: Observation, ids: Sequence[int]) -> int:
        """The most visited of ``ids`` after ``playouts`` UCB1-chosen playouts."""
        visits = [0] * len(ids)
        totals = [0.0] * len(ids)
        for n in range(self.playouts):
            if n < len(ids):
                k = n
            else:
                log_n = math.log(n)
                k = max(range(len(ids)), key=lambda j: totals[j] / visits[j]
                        + _EXPLORATION * math.sqrt(log_n / visits[j]))
            visits[k] += 1
            totals[k] += self.playout(obs, ids[k])
        best = max(range(len(ids)), key=lambda j: (visits[j], totals[j] / max(visits[j], 1)))
        return ids[best]

    def playout(self, obs: Observation, action_id: int) -> float:
        """One determinized random playout after ``action_id``: a value in [0, 1]."""
        rng = self.rng
        state: RaceState = from_observation(obs, rng)
        me = obs.seat
        choices = {s: (action_id if s == me else _rollout_choice(state, s, d.legal, rng))
                   for s, d in state.pending().items()}
        state.apply(choices)
        stop = obs.round + self.horizon
        while (pending := state.pending()) and state.round <= stop:
            state.apply({s: _rollout_choice(state, s, d.legal, rng) for s, d in pending.items()})
        result = state.result()
        mine = result.scores[me]
        best_other = max(s for i, s in enumerate(result.scores) if i != me)
        margin = max(-1.0, min(1.0, (mine - best_other) / _MARGIN_SCALE))
        if pending:  # stopped at the horizon: the VP margin is the estimate
            return (margin + 1.0) / 2.0
        if result.ranks[me] == 0:
            won = 1.0 if list(result.ranks).count(0) == 1 else 0.5
        else:
            won = 0.0
        return 0.7 * won + 0.3 * (margin + 1.0) / 2.0


def _rollout_choice(state: RaceState, seat: int, legal: Sequence[Action],
                    rng: random.Random) -> int:
    """The cheap rollout policy, a rough greedy: select an action the seat can use, place
    the most valuable card it can, stop discarding for VP; random for the rest."""
    if len(legal) == 1:
        return legal[0].id
    kind = legal[0].detail.kind
    if kind is DecisionKind.SELECT:
        return _rollout_select(state, seat, legal, rng)
    if kind is DecisionKind.DEVELOP or kind is DecisionKind.SETTLE:
        if rng.random() < 0.15:
            return rng.choice(legal).id
        best = max(legal[1:], key=lambda a: _PLACE_VALUE[a.detail.card] + rng.random())
        return best.id
    if kind is DecisionKind.CONSUME_HAND:
        return legal[0].id  # stop: cards are worth more than 1 VP in a rollout
    return rng.choice(legal).id


def _rollout_select(state: RaceState, seat: int, legal: Sequence[Action],
                    rng: random.Random) -> int:
    s = state.seats[seat]
    goods = sum(1 for e in s.tableau if e[1] >= 0)
    hand = s.hand
    wants: list[ActionCard] = []
    if goods >= 2 or (goods and rng.random() < 0.5):
        wants.append(ActionCard.CONSUME_2X)
    if any(not _IS_DEV[c] and CARDS[c].cost < len(hand) for c in hand):
        wants.append(ActionCard.SETTLE)
    if any(_IS_DEV[c] and CARDS[c].cost <= len(hand) for c in hand):
        wants.append(ActionCard.DEVELOP)
    if any(e[1] < 0 and CARDS[e[0]].good_type is GoodType.PRODUCTION for e in s.tableau):
        wants.append(ActionCard.PRODUCE)
    if len(hand) < 4 or not wants:
        wants.append(ActionCard.EXPLORE_5 if rng.random() < 0.6 else ActionCard.EXPLORE_1_1)
    want = rng.choice(wants)
    matching = [a for a in legal if want in a.detail.actions]
    return rng.choice(matching or list(legal)).id
