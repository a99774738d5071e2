"""A greedy Sol bot that plays from the protobuf messages alone.

It builds a node and a tower as deep as its sundivers reach, keeps sundivers on stations so
that they can be activated, activates towers whenever it has the energy and nodes when it
runs low, and hurls from the core. Movement steps are scored by a one-step look at a
potential of its own sundivers (how close they are to a deep station pattern, how many sit on
stations, how deep they are). It never imports the engine: the board graph, the rewards and
the effects come from the static data of ``MatchStarted``.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from arena.v1 import sol_pb2 as sol

from ._bot import Bot

_AK = sol.SolActionKind
_ST = sol.SolStation
# Depth of each ring: 0 in outer orbit, 4 in the core.
_DEPTH = {sol.SOL_RING_OUTER: 0, sol.SOL_RING_INNER: 1, sol.SOL_RING_CONVECTIVE: 2,
          sol.SOL_RING_RADIATIVE: 3, sol.SOL_RING_CORE: 4}
# Station base and bonus by depth (the printed reward table; outer orbit first).
_BASE = (1, 1, 2, 3, 5)
_BONUS = (0, 1, 1, 2, 3)


class SolGreedyBot(Bot):
    """Scores every legal action with a short heuristic and plays the best."""

    games = ("sol",)

    def __init__(self, match: pb.MatchStarted) -> None:
        super().__init__(match)
        static = match.static_data.sol
        self.seat = match.your_seat
        self.boards = {b.side: b for b in static.boards}
        self.side = 0

    def _load_board(self, side: int) -> None:
        board = self.boards[side]
        self.side = side
        size = len(board.spaces)
        self.depth = [_DEPTH[s.ring] for s in board.spaces]
        self.adj: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        for e in board.edges:
            gate = e.gate if e.HasField("gate") else -1
            self.adj[e.a].append((e.b, gate))
            self.adj[e.b].append((e.a, gate))
        ring_of = [s.ring for s in board.spaces]
        self.out = [[t for t, _ in self.adj[s] if self.depth[t] == self.depth[s] - 1]
                    for s in range(size)]
        self.beside = [[t for t, _ in self.adj[s] if ring_of[t] == ring_of[s]]
                       for s in range(size)]

    def choose(
        self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action], time_left: float
    ) -> int:
        """The id of the best-scored legal action."""
        obs = observation.sol
        if obs.side != self.side:
            self._load_board(obs.side)
        self.obs = obs
        me = obs.players[self.seat]
        self.me = me
        size = len(self.depth)
        self.mine = [0] * size
        self.station = [-1] * size
        self.owner = [-1] * size
        for sp in obs.spaces:
            self.mine[sp.space] = sp.sundivers[self.seat]
            if sp.HasField("station"):
                self.station[sp.space] = sp.station
                self.owner[sp.space] = sp.station_owner
        self.gates = {g.gate for g in obs.gates}
        self.own = [0, 0, 0]
        for s, kind in enumerate(self.station):
            if kind != -1 and self.owner[s] == self.seat:
                self.own[kind - 1] += 1
        self.divers = me.hold_sundivers + sum(self.mine)
        self.want_node = me.reserve_nodes > 0 and self.own[0] < 2 and self.divers >= 5
        self.want_tower = me.reserve_towers > 0 and self.own[2] < 2 and self.divers >= 6
        self.base_potential = self.potential(self.mine)
        scored = [(self.score(a.detail.sol) + self.rng.random() * 0.01, a.id) for a in legal]
        return max(scored)[1]

    # -- scores -------------------------------------------------------------------------

    def score(self, d: sol.SolActionDetail) -> float:
        """The heuristic score of one action."""
        k = d.kind
        if k == _AK.SOL_ACTION_KIND_ACTIVATE:
            return self.activation_value(d.station)
        if k == _AK.SOL_ACTION_KIND_CONVERT:
            return self.best_conversion()
        if k == _AK.SOL_ACTION_KIND_MOVE:
            return self.move_plan_value() + (0.1 if d.with_card else 0.0)
        if k == _AK.SOL_ACTION_KIND_PLAY_CARD:
            return 50.0
        if k in (_AK.SOL_ACTION_KIND_LAUNCH, _AK.SOL_ACTION_KIND_FLY,
                 _AK.SOL_ACTION_KIND_HURL):
            return self.step_gain(self.mine, d.kind, d.space, d.to_space, self.base_potential)
        if k == _AK.SOL_ACTION_KIND_CONVERSION:
            return self.conversion_value(d)
        if k == _AK.SOL_ACTION_KIND_ACTIVATE_STATION:
            return 1.0 + self.depth[d.space]
        if k == _AK.SOL_ACTION_KIND_BONUS_TAKE:
            return 1.0 if self.me.energy < 12 or d.amount > 1 else -1.0
        if k in (_AK.SOL_ACTION_KIND_ORBITAL_ACTIVATE, _AK.SOL_ACTION_KIND_MOTIVATE):
            return 1.0
        if k == _AK.SOL_ACTION_KIND_VESTIGIAL_KIND:
            return {_ST.SOL_STATION_NODE: 3.0, _ST.SOL_STATION_TOWER: 2.0}.get(
                d.station, 1.0 if not d.HasField("station") else 0.0)
        if k == _AK.SOL_ACTION_KIND_VESTIGIAL_STATION:
            return float(self.depth[d.space])
        if k == _AK.SOL_ACTION_KIND_KEEP:
            return 0.5 if d.suit != sol.SOL_SUIT_FLARE else 0.2
        return 0.0  # stop, done, decline, skip, pass: only when nothing better

    def activation_value(self, station: int) -> float:
        """What activating every reachable station of one type is worth now."""
        me, mine = self.me, self.mine
        energy = me.energy
        total = 0.0
        for s, kind in enumerate(self.station):
            if kind != station or not mine[s]:
                continue
            base, bonus = _BASE[self.depth[s]], _BONUS[self.depth[s]]
            amount = base + (bonus if self.owner[s] == self.seat else 0)
            if station == _ST.SOL_STATION_NODE:
                total += amount
            elif station == _ST.SOL_STATION_TOWER and energy >= base:
                got = min(amount, energy)
                energy -= got
                total += got
            elif station == _ST.SOL_STATION_FOUNDRY:
                total += 0.3 * amount
        if station == _ST.SOL_STATION_TOWER:
            return 4.0 * total
        if station == _ST.SOL_STATION_NODE:
            return total * (2.5 if me.energy < 6 else 1.0 if me.energy < 12 else 0.1)
        return 2.0 * total if self.divers < 7 and me.energy > 4 else 0.1

    def move_plan_value(self) -> float:
        """The gain of a greedy walk through this turn's movement points."""
        mine = list(self.mine)
        hold = self.me.hold_sundivers
        current = self.base_potential
        total = 0.0
        for _ in range(self.me.movement):
            best_gain, best = 0.0, None
            for step in self.steps(mine, hold):
                gain = self.step_gain(mine, *step, current)
                if gain > best_gain:
                    best_gain, best = gain, step
            if best is None:
                break
            kind, a, b = best
            total += best_gain
            if kind == _AK.SOL_ACTION_KIND_LAUNCH:
                hold -= 1
                mine[a] += 1
            else:
                mine[a] -= 1
                if kind == _AK.SOL_ACTION_KIND_FLY:
                    mine[b] += 1
            current = self.potential(mine)
        return total

    def steps(self, mine: list[int], hold: int) -> list[tuple[int, int, int]]:
        """The movement steps this bot could take with its sundivers at ``mine``."""
        out: list[tuple[int, int, int]] = []
        if hold:
            out += [(_AK.SOL_ACTION_KIND_LAUNCH, s, -1) for s in self.me.launch_spaces
                    if mine[s] < 5]
        for s, count in enumerate(mine):
            if not count:
                continue
            for t, gate in self.adj[s]:
                if (gate < 0 or gate in self.gates) and mine[t] < 5:
                    out.append((_AK.SOL_ACTION_KIND_FLY, s, t))
            if self.depth[s] == 4:
                out.append((_AK.SOL_ACTION_KIND_HURL, s, -1))
        return out

    def step_gain(self, mine: list[int], kind: int, a: int, b: int, before: float) -> float:
        """How much one movement step raises the potential of this bot's sundivers."""
        if kind == _AK.SOL_ACTION_KIND_HURL:
            return 7.0
        after = list(mine)
        if kind == _AK.SOL_ACTION_KIND_LAUNCH:
            after[a] += 1
            return self.potential(after) - before + 0.5
        after[a] -= 1
        after[b] += 1
        return self.potential(after) - before - 0.05

    def potential(self, mine: list[int]) -> float:
        """How promising a placement of this bot's sundivers is."""
        me = self.me
        value = 0.0
        station, depth = self.station, self.depth
        for s, count in enumerate(mine):
            if not count:
                continue
            value += 0.8 * depth[s] * count
            kind = station[s]
            extra = min(count, 3) - 1
            if kind == _ST.SOL_STATION_TOWER:
                value += (4.0 + 3.0 * depth[s]) * (1.0 + 0.4 * extra)
            elif kind == _ST.SOL_STATION_NODE:
                value += (3.0 + 2.0 * depth[s]) * (1.0 + 0.3 * extra)
        best_tower = best_node = 0.0
        towers_left = self.want_tower
        nodes_left = self.want_node
        del me
        for x, dx in enumerate(depth):
            if station[x] != -1:
                continue
            if nodes_left:
                a, b = self.beside[x]
                filled = (mine[a] > 0) + (mine[b] > 0)
                best_node = max(best_node, filled * filled * (1.0 + dx))
            if towers_left and dx >= 2:
                for y in self.out[x]:
                    for z in self.out[y]:
                        filled = (mine[x] > 0) + (mine[y] > 0) + (mine[z] > 0)
                        best_tower = max(best_tower, filled * filled * (1.0 + dx) * 0.8)
        return value + best_tower + best_node

    def best_conversion(self) -> float:
        """How good the best conversion open now is (from the bot's own pattern search)."""
        mine, station, depth = self.mine, self.station, self.depth
        best = -1.0
        for x, dx in enumerate(depth):
            if station[x] != -1:
                continue
            if self.want_node:
                a, b = self.beside[x]
                if mine[a] and mine[b]:
                    best = max(best, 10.0 + 4.0 * dx)
            if self.want_foundry() and mine[x] and any(mine[y] for y in self.beside[x]):
                best = max(best, 9.0)
            if self.want_tower and dx >= 2 and mine[x]:
                if any(mine[y] and any(mine[z] for z in self.out[y]) for y in self.out[x]):
                    best = max(best, 16.0 + 5.0 * dx)
        return best

    def conversion_value(self, d: sol.SolActionDetail) -> float:
        """How good one conversion is."""
        if not d.HasField("station"):
            gates = sum(1 for g in self.obs.gates if g.owner == self.seat)
            return 4.0 if gates < 2 else -1.0
        dx = self.depth[d.space]
        if d.station == _ST.SOL_STATION_TOWER and self.want_tower:
            return 16.0 + 5.0 * dx
        if d.station == _ST.SOL_STATION_NODE and self.want_node:
            return 10.0 + 4.0 * dx
        if d.station == _ST.SOL_STATION_FOUNDRY and self.want_foundry():
            return 9.0
        return -1.0

    def want_foundry(self) -> bool:
        """Whether a foundry of its own would help: sundivers are running out."""
        return (self.me.reserve_foundries > 0 and self.own[1] == 0 and self.own[0] > 0
                and self.divers < 7)
