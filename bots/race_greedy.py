"""A greedy Race for the Galaxy bot that plays from the protobuf messages alone.

It values cards by printed VP, production and consume engines, settles or develops whenever a
good placement is affordable, consumes with 2x VP once it has goods to burn, and otherwise
explores. It never imports the engine: everything comes from the observation, the action
details and the static catalogue of ``MatchStarted``.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from arena.v1 import race_pb2 as race

from ._bot import Bot

_SIX_COST_VP = 5.0  # a typical end-of-game value of a six-cost development


class RaceGreedyBot(Bot):
    """Greedy heuristic: cheap VP first, production-consume engines, settle when affordable."""

    games = ("race",)

    def __init__(self, match: pb.MatchStarted) -> None:
        super().__init__(match)
        self.cards = {c.id: c for c in match.static_data.race.cards}
        self.price = {t.good: t.price for t in match.static_data.race.trade_prices}

    # -- card values --------------------------------------------------------------------------

    def value(self, cid: int) -> float:
        """How much a card is worth in the tableau, before its cost."""
        card = self.cards[cid]
        vp = _SIX_COST_VP if card.vp < 0 else float(card.vp)
        for p in card.powers:
            if p.kind in (race.RACE_POWER_KIND_CONSUME, race.RACE_POWER_KIND_CONSUME_SET):
                vp += 1.0 + 0.5 * p.vp * max(p.count, 1)
            elif p.kind == race.RACE_POWER_KIND_PRODUCE:
                vp += 1.5
            elif p.kind in (race.RACE_POWER_KIND_MILITARY, race.RACE_POWER_KIND_SETTLE_COST,
                            race.RACE_POWER_KIND_DEVELOP_COST):
                vp += 0.5 * p.value
            elif p.phase == 5 or p.kind == race.RACE_POWER_KIND_TRADE_BONUS:
                vp += 0.5
        return vp

    def keep_value(self, cid: int, hand_size: int) -> float:
        """How much a card in hand is worth: its tableau value for what it costs now."""
        card = self.cards[cid]
        cost = card.cost if not card.military else 0
        penalty = 0.8 if cost > hand_size else 0.0
        return self.value(cid) / (1.0 + cost) - penalty + (0.6 if card.military else 0.0)

    # -- choice -------------------------------------------------------------------------------

    def choose(
        self,
        observation: game_pb2.Observation,
        legal: Sequence[game_pb2.Action],
        time_left: float,
    ) -> int:
        """The legal action with the best heuristic score."""
        obs = observation.race
        return self.best(legal, lambda action: self.score(obs, action.detail.race))

    def score(self, obs: race.RaceObservation, d: race.RaceActionDetail) -> float:
        """The heuristic score of one action."""
        kind = d.kind
        hand = list(obs.hand)
        if kind == race.RACE_DECISION_KIND_SELECT:
            return sum(self.action_value(obs, a) for a in d.actions)
        if kind in (race.RACE_DECISION_KIND_DISCARD, race.RACE_DECISION_KIND_PAY):
            return -self.keep_value(d.card, len(hand))
        if kind == race.RACE_DECISION_KIND_KEEP:
            return self.keep_value(d.card, len(hand))
        if kind in (race.RACE_DECISION_KIND_DEVELOP, race.RACE_DECISION_KIND_SETTLE):
            if d.card < 0:
                return 0.0
            return self.value(d.card) + 1.0 - 0.25 * d.number
        if kind == race.RACE_DECISION_KIND_METHOD:
            spends_card = d.method in (
                race.RACE_SETTLE_METHOD_COLONY_SHIP,
                race.RACE_SETTLE_METHOD_CONTACT_COLONY_SHIP,
                race.RACE_SETTLE_METHOD_CONQUER_TACTICS,
            )
            return -float(d.number) - (1.5 if spends_card else 0.0)
        if kind in (race.RACE_DECISION_KIND_TRADE, race.RACE_DECISION_KIND_WINDFALL):
            return float(self.price.get(self.cards[d.card].good, 0))
        if kind == race.RACE_DECISION_KIND_CONSUME_POWER:
            power = self.cards[d.card].powers[d.power_index]
            return float(power.vp * max(power.count, 1) + power.cards)
        if kind == race.RACE_DECISION_KIND_CONSUME_GOOD:
            return -float(self.price.get(self.cards[d.card].good, 0))
        if kind == race.RACE_DECISION_KIND_CONSUME_HAND:
            if d.card < 0:
                return 0.0
            return 0.5 - self.keep_value(d.card, len(hand)) if len(hand) > 5 else -1.0
        if kind == race.RACE_DECISION_KIND_GAMBLE:
            return -abs(d.number - 2)
        return 0.0

    def action_value(self, obs: race.RaceObservation, action: int) -> float:
        """How useful an action card looks this round."""
        me = obs.players[obs.seat]
        hand = list(obs.hand)
        budget = len(hand) - 1
        goods = sum(1 for t in me.tableau if t.good)
        tableau = [self.cards[t.card] for t in me.tableau]
        consumers = sum(
            1 for c in tableau for p in c.powers
            if p.phase == 4 and p.kind != race.RACE_POWER_KIND_TRADE_BONUS
            and p.kind != race.RACE_POWER_KIND_TRADE_THIS_WORLD
        )
        empty_producers = sum(
            1 for t, c in zip(me.tableau, tableau, strict=True)
            if not t.good and c.good_type == race.RACE_GOOD_TYPE_PRODUCTION
        )
        owned = {t.card for t in me.tableau}
        settle = max(
            (self.value(c) for c in hand
             if self.cards[c].kind != race.RACE_CARD_KIND_DEVELOPMENT
             and ((self.cards[c].military and self.cards[c].cost <= me.military)
                  or (not self.cards[c].military and self.cards[c].cost <= budget))),
            default=0.0,
        )
        develop = max(
            (self.value(c) for c in hand
             if self.cards[c].kind == race.RACE_CARD_KIND_DEVELOPMENT and c not in owned
             and self.cards[c].cost - 1 <= budget),
            default=0.0,
        )
        if action == race.RACE_ACTION_CARD_SETTLE:
            return settle + (0.8 if settle else 0.0)
        if action == race.RACE_ACTION_CARD_DEVELOP:
            return develop + (0.5 if develop else 0.0)
        if action in (race.RACE_ACTION_CARD_SETTLE_2, race.RACE_ACTION_CARD_DEVELOP_2):
            return 0.5 if len(hand) > 6 else -1.0
        if action == race.RACE_ACTION_CARD_CONSUME_2X:
            return 1.6 * min(goods, consumers) if consumers else 0.0
        if action == race.RACE_ACTION_CARD_CONSUME_TRADE:
            return 2.5 if goods and len(hand) < 3 else 0.6 * min(goods, 1)
        if action == race.RACE_ACTION_CARD_PRODUCE:
            return 1.2 * empty_producers
        if action == race.RACE_ACTION_CARD_EXPLORE_5:
            return 2.0 if len(hand) < 3 else 0.3
        if action == race.RACE_ACTION_CARD_EXPLORE_1_1:
            return 1.8 if len(hand) < 4 else 0.4
        return 0.0
