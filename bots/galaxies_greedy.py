"""A greedy Tiny Epic Galaxies bot that plays from the protobuf messages alone.

It upgrades its empire whenever it can pay, keeps its ships in orbit of planets it can
finish soon, advances the ship nearest to colonising, follows useful actions while culture
lasts, and hires pilots and explores with the expansion. It never imports the engine:
everything comes from the observation, the action details and ``MatchStarted``'s static data.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import galaxies_pb2 as g
from arena.v1 import game_pb2

from ._bot import Bot

_K = g
_MISSION_TASTE = {"Industrialist": 3.0, "Conqueror": 2.5, "Hoarder": 2.0, "Elder": 1.5,
                  "Explorer": 1.5, "Trader": 1.0, "Noble": 1.0, "Charger": 1.0, "Seeker": 1.0}


class GalaxiesGreedyBot(Bot):
    """Greedy heuristic: upgrade, orbit, advance to colonise, follow when cheap."""

    games = ("galaxies",)

    def __init__(self, match: pb.MatchStarted) -> None:
        super().__init__(match)
        data = match.static_data.galaxies
        self.planets = {p.id: p for p in data.planets}
        self.missions = {m.id: m for m in data.missions}
        self.empire = list(data.empire)
        self.cards = {c.id: c for c in data.exploration_cards}
        self.pilots = {p.id: p for p in data.pilots}

    def choose(
        self,
        observation: game_pb2.Observation,
        legal: Sequence[game_pb2.Action],
        time_left: float,
    ) -> int:
        """The legal action with the best heuristic score."""
        obs = observation.galaxies
        return self.best(legal, lambda action: self.score(obs, action.detail.galaxies))

    # -- what the bot sees --------------------------------------------------------------------

    def me(self, obs: g.GalaxiesObservation) -> g.GalaxiesPlayer:
        """This bot's player view."""
        return obs.players[obs.your_seat]

    def upgrade_cost(self, me: g.GalaxiesPlayer) -> int:
        """The printed cost of the next empire level (99 at the top)."""
        if me.empire_level >= len(self.empire):
            return 99
        return int(self.empire[me.empire_level].cost)

    def can_upgrade(self, me: g.GalaxiesPlayer) -> bool:
        """Whether the next level is affordable (all energy or all culture)."""
        cost = self.upgrade_cost(me)
        return me.energy >= cost or me.culture >= cost

    def orbiting(self, me: g.GalaxiesPlayer, track: int | None) -> list[g.GalaxiesShip]:
        """My ships in orbit (on tracks of ``track``, any when None)."""
        return [s for s in me.ships if s.location == g.GALAXIES_SHIP_LOCATION_ORBIT
                and (track is None or self.planets[s.planet].track == track)]

    def yield_of(self, me: g.GalaxiesPlayer, resource: int) -> int:
        """Roughly what an Acquire die gives me."""
        total = 0
        for s in me.ships:
            if s.location == g.GALAXIES_SHIP_LOCATION_GALAXY:
                total += resource == g.GALAXIES_RESOURCE_ENERGY
            elif s.location in (g.GALAXIES_SHIP_LOCATION_SURFACE, g.GALAXIES_SHIP_LOCATION_ORBIT):
                total += self.planets[s.planet].resource == resource
            elif s.location == g.GALAXIES_SHIP_LOCATION_EXPLORING:
                total += resource == g.GALAXIES_RESOURCE_CULTURE
        return total

    def advance_value(self, me: g.GalaxiesPlayer, track: int | None, amount: int = 1) -> float:
        """The best advance among my orbiting ships on ``track``."""
        best = 0.0
        for s in self.orbiting(me, track):
            planet = self.planets[s.planet]
            left = planet.advances - s.position
            best = max(best, 4.0 + planet.vp * 1.5 if left <= amount else 3.0 + 0.3 * planet.vp)
        return best

    def face_value(self, obs: g.GalaxiesObservation, face: int) -> float:
        """How much a die showing ``face`` is worth to me now."""
        me = self.me(obs)
        if face == g.GALAXIES_DIE_FACE_UTILIZE:
            return 9.0 if self.can_upgrade(me) else (2.0 if me.colonies else 0.1)
        if face == g.GALAXIES_DIE_FACE_DIPLOMACY:
            return self.advance_value(me, g.GALAXIES_TRACK_DIPLOMACY)
        if face == g.GALAXIES_DIE_FACE_ECONOMY:
            return self.advance_value(me, g.GALAXIES_TRACK_ECONOMY)
        if face == g.GALAXIES_DIE_FACE_MOVE:
            home = sum(1 for s in me.ships if s.location in (
                g.GALAXIES_SHIP_LOCATION_GALAXY, g.GALAXIES_SHIP_LOCATION_SURFACE))
            return 5.0 if home else 0.5
        if face == g.GALAXIES_DIE_FACE_ENERGY:
            room = 7 - me.energy
            return 1.3 * min(self.yield_of(me, g.GALAXIES_RESOURCE_ENERGY), room)
        if face == g.GALAXIES_DIE_FACE_CULTURE:
            room = 7 - me.culture
            return 1.2 * min(self.yield_of(me, g.GALAXIES_RESOURCE_CULTURE), room)
        return 0.0

    def planet_value(self, planet_id: int, orbit: bool) -> float:
        """How good it is to put a ship there."""
        planet = self.planets[planet_id]
        if orbit:
            return 3.0 + planet.vp / planet.advances * 2.0
        return 1.0 + (1.0 if planet.ability.startswith("gain") else 0.0)

    # -- the score of one action ----------------------------------------------------------------

    def score(self, obs: g.GalaxiesObservation, d: g.GalaxiesActionDetail) -> float:
        """The heuristic score of one action."""
        kind = d.kind
        me = self.me(obs)
        if kind == _K.GALAXIES_ACTION_KIND_CHOOSE_MISSION:
            return _MISSION_TASTE.get(self.missions[d.mission].name, 0.0)
        if kind == _K.GALAXIES_ACTION_KIND_ACTIVATE:
            return self.face_value(obs, d.face)
        if kind == _K.GALAXIES_ACTION_KIND_END_TURN:
            return 0.0
        if kind == _K.GALAXIES_ACTION_KIND_REROLL:
            best = max((self.face_value(obs, f) for f in obs.dice), default=0.0)
            return 1.5 if d.amount == 0 and best < 3.0 else -1.0
        if kind == _K.GALAXIES_ACTION_KIND_REROLL_DIE:
            return 2.5 - self.face_value(obs, d.face)
        if kind == _K.GALAXIES_ACTION_KIND_ROLL:
            return 0.0
        if kind == _K.GALAXIES_ACTION_KIND_CONVERT:
            return -0.5
        if kind in (_K.GALAXIES_ACTION_KIND_CONVERT_SPEND, _K.GALAXIES_ACTION_KIND_SET_DIE,
                    _K.GALAXIES_ACTION_KIND_DISCARD_DIE):
            return -self.face_value(obs, d.face)
        if kind in (_K.GALAXIES_ACTION_KIND_SET_FACE, _K.GALAXIES_ACTION_KIND_CHOOSE_FACE):
            return self.face_value(obs, d.face)
        if kind == _K.GALAXIES_ACTION_KIND_HIRE:
            return 6.0
        if kind == _K.GALAXIES_ACTION_KIND_HIRE_PILOT:
            return len(self.pilots[d.pilot].badges)
        if kind == _K.GALAXIES_ACTION_KIND_HIRE_WITH:
            return -float(d.amount)
        if kind == _K.GALAXIES_ACTION_KIND_REPLACE_SHIP:
            ship = me.ships[d.ship]
            return 1.0 if ship.location == g.GALAXIES_SHIP_LOCATION_ORBIT else 0.0
        if kind == _K.GALAXIES_ACTION_KIND_FOLLOW:
            if obs.following == g.GALAXIES_DIE_FACE_MOVE:
                return -1.0
            worth = self.face_value(obs, obs.following)
            return worth - (2.5 if me.culture - d.amount < 2 else 1.5) * d.amount
        if kind == _K.GALAXIES_ACTION_KIND_DECLINE:
            return 0.0
        if kind == _K.GALAXIES_ACTION_KIND_MOVE_SHIP:
            ship = me.ships[d.ship]
            if ship.location == g.GALAXIES_SHIP_LOCATION_GALAXY:
                return 2.0
            if ship.location == g.GALAXIES_SHIP_LOCATION_SURFACE:
                return 1.5
            if ship.location == g.GALAXIES_SHIP_LOCATION_EXPLORING:
                return 1.0
            return -float(ship.position)
        if kind == _K.GALAXIES_ACTION_KIND_ORBIT:
            return self.planet_value(d.planet, True)
        if kind == _K.GALAXIES_ACTION_KIND_LAND:
            return self.planet_value(d.planet, False)
        if kind == _K.GALAXIES_ACTION_KIND_GO_HOME:
            return 0.0
        if kind == _K.GALAXIES_ACTION_KIND_EXPLORE:
            return 2.5 if obs.exploration_deck_size > 6 else 1.0
        if kind in (_K.GALAXIES_ACTION_KIND_TAKE_DISCARD, _K.GALAXIES_ACTION_KIND_KEEP):
            card = self.cards[d.card]
            return 1.0 + card.vp * 1.5 + (0.5 if card.effect != g.GALAXIES_CARD_EFFECT_NONE
                                          else 0.0)
        if kind == _K.GALAXIES_ACTION_KIND_DRAW:
            return 1.5
        if kind == _K.GALAXIES_ACTION_KIND_PASS_ON:
            return 1.2
        if kind == _K.GALAXIES_ACTION_KIND_ADVANCE:
            ship = me.ships[d.ship]
            planet = self.planets[ship.planet]
            finishes = ship.position + d.amount >= planet.advances
            return (10.0 + planet.vp if finishes else 0.0) + ship.position
        if kind == _K.GALAXIES_ACTION_KIND_REGRESS:
            if d.seat == obs.your_seat:
                return -float(me.ships[d.ship].position)
            ship = obs.players[d.seat].ships[d.ship]
            return float(ship.position)
        if kind == _K.GALAXIES_ACTION_KIND_UPGRADE:
            # Pay with the resource there is more of.
            return 20.0 + (me.energy - d.amount if d.resource == g.GALAXIES_RESOURCE_ENERGY
                           else me.culture) * 0.1
        if kind == _K.GALAXIES_ACTION_KIND_USE_COLONY:
            return 3.0
        if kind == _K.GALAXIES_ACTION_KIND_TAKE_FROM:
            return float(obs.players[d.seat].vp)
        if kind == _K.GALAXIES_ACTION_KIND_CONVERT_AMOUNT:
            return -abs(d.amount - 1.5)
        if kind == _K.GALAXIES_ACTION_KIND_CHOOSE_PLANET:
            return self.planets[d.planet].vp
        if kind == _K.GALAXIES_ACTION_KIND_PAY:
            return 1.0
        return 0.0
