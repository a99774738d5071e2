"""A greedy Sector 41 bot: tow Glynium home, avoid known Black Holes, stay shielded.

It reads only the protobuf messages (the observation, the legal actions' details and the
static data in ``MatchStarted``), so it needs nothing of the engine. Each legal action gets a
score from a one-step look; the best wins, ties broken by the bot's seeded RNG.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from arena.v1 import sector41_pb2 as s41

from ._bot import Bot

_AK = s41.Sector41ActionKind
_TK = s41.Sector41TileKind
# Tiles that waste a turn or trap an Explorer: worth avoiding when something better exists.
_SLOW = {
    _TK.SECTOR41_TILE_KIND_NEBULA: 12,
    _TK.SECTOR41_TILE_KIND_BARREN_PLANET: 8,
    _TK.SECTOR41_TILE_KIND_ASTEROID_BELT: 10,
}
_DEADLY = {_TK.SECTOR41_TILE_KIND_BLACK_HOLE}


def _cheb(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Sector41GreedyBot(Bot):
    """Scores every legal action with a short heuristic and plays the best."""

    games = ("sector41",)

    def __init__(self, match: pb.MatchStarted) -> None:
        super().__init__(match)
        static = match.static_data.sector41
        self.points = (static.yellow_points or 1, static.blue_points or 2, static.red_points or 3)
        self.size = static.rows or 9
        self.seat = match.your_seat

    def choose(
        self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action], time_left: float
    ) -> int:
        """The id of the best-scored legal action."""
        self.obs = observation.sector41
        self._prepare()
        scored = [(self._score(a.detail.sector41) + self.rng.random() * 0.01, a.id) for a in legal]
        return max(scored)[1]

    # -- the board as the bot sees it ---------------------------------------------------

    def _prepare(self) -> None:
        obs = self.obs
        me = obs.players[self.seat]
        self.ship = (me.ship_row, me.ship_col)
        self.front = (min(max(me.ship_row, 0), self.size - 1),
                      min(max(me.ship_col, 0), self.size - 1))
        size = self.size
        py, pblue, pr = self.points
        self.value = {
            divmod(i, size): y * py + b * pblue + r * pr
            for i, (y, b, r) in enumerate(zip(obs.yellow, obs.blue, obs.red, strict=True))
            if y or b or r
        }
        self.loot = list(self.value)
        self.mine: dict[int, tuple[int, int] | None] = {}
        self.enemies: list[tuple[int, int]] = []
        board = s41.SECTOR41_LOCATION_BOARD
        for e in obs.explorers:
            where = (e.row, e.col) if e.location == board else None
            if e.seat == self.seat:
                if e.location in (board, s41.SECTOR41_LOCATION_SHIP):
                    self.mine[e.index] = where
            elif where is not None:
                self.enemies.append(where)

    def _home(self, rc: tuple[int, int]) -> int:
        return _cheb(rc, self.front) + 1

    def _shielded_after(self, mover: int, target: tuple[int, int]) -> bool:
        """Whether ``target`` would be a lone, shielded cell once ``mover`` stands there."""
        mine = [rc for i, rc in self.mine.items() if i != mover and rc is not None]
        crowd = mine + self.enemies + [target]
        if crowd.count(target) != 1:
            return False
        single = {rc for rc in [*mine, target] if crowd.count(rc) == 1}
        if self.front not in single:
            return False
        seen, todo = {self.front}, [self.front]
        while todo:
            r, c = todo.pop()
            for nxt in single:
                if nxt not in seen and _cheb(nxt, (r, c)) == 1:
                    seen.add(nxt)
                    todo.append(nxt)
        return target in seen

    # -- scoring ----------------------------------------------------------------------------

    def _score(self, d: s41.Sector41ActionDetail) -> float:
        kind = d.kind
        if kind in (_AK.SECTOR41_ACTION_KIND_EXPLORER_MOVE, _AK.SECTOR41_ACTION_KIND_TILE_MOVE,
                    _AK.SECTOR41_ACTION_KIND_ASTEROID_HOP):
            return self._move_score(d)
        if kind == _AK.SECTOR41_ACTION_KIND_TOW:
            return float(d.color) if d.HasField("color") else 0.0
        if kind in (_AK.SECTOR41_ACTION_KIND_STAY, _AK.SECTOR41_ACTION_KIND_SHIP_MOVE):
            return self._ship_score(d)
        if kind == _AK.SECTOR41_ACTION_KIND_FOLD:
            return -1.0
        if kind == _AK.SECTOR41_ACTION_KIND_STARBASE:
            if not d.HasField("target_seat"):
                return 0.0
            return 1.0 if d.target_seat != self.seat else -5.0
        if kind == _AK.SECTOR41_ACTION_KIND_STAR_GATE:
            return 0.0 if not d.HasField("target_explorer") else -1.0
        if kind == _AK.SECTOR41_ACTION_KIND_LOOP_DROP:
            return -self._home((d.to_row, d.to_col))
        if kind == _AK.SECTOR41_ACTION_KIND_GUARDIAN_MOVE:
            rc = (d.to_row, d.to_col)
            mine = sum(1 for where in self.mine.values() if where == rc)
            return self.enemies.count(rc) - 3 * mine - 0.5 * self.value.get(rc, 0)
        return 0.0

    def _ship_score(self, d: s41.Sector41ActionDetail) -> float:
        """Bring the ship's front cell close to an Explorer standing on Glynium."""
        shift = d.ship_shift if d.HasField("ship_shift") else 0
        me = self.obs.players[self.seat]
        pos = (me.ship_position + shift) % self.size
        along_row = me.ship_row in (-1, self.size)
        front = (self.front[0], pos) if along_row else (pos, self.front[1])
        carriers = [rc for rc in self.mine.values() if rc is not None and rc in self.value]
        targets = carriers or self.loot
        if not targets:
            return -abs(shift) * 0.1
        return -min(_cheb(rc, front) for rc in targets) - abs(shift) * 0.1

    def _move_score(self, d: s41.Sector41ActionDetail) -> float:
        if d.loop or d.to_kind in _DEADLY:
            return -1000.0
        src = self.mine.get(d.explorer) if d.HasField("explorer") else None
        active = self.obs.active_explorer if self.obs.HasField("active_explorer") else None
        towing = active is not None and any(
            e.seat == self.seat and e.index == active and e.HasField("towing")
            for e in self.obs.explorers
        )
        carrying = towing or (src is not None and self.value.get(src, 0) > 0
                              and d.kind == _AK.SECTOR41_ACTION_KIND_EXPLORER_MOVE)
        if d.to_ship:
            return 500.0 if carrying else -40.0
        target = (d.to_row, d.to_col)
        score = 0.0
        if carrying and not d.face_down and src is not None:
            score += 100 + 12 * (self._home(src) - self._home(target))
        elif carrying and towing:
            score += 100 - 12 * self._home(target)
        elif carrying:
            score -= 30  # a face-down target: the disc would stay behind
        gain = self.value.get(target, 0)
        if target != src:
            score += 15 * gain
        if not carrying and self.loot and not gain:
            score -= 2 * min(_cheb(target, rc) for rc in self.loot)
        if d.face_down:
            score += 4
        else:
            score -= _SLOW.get(d.to_kind, 0)
        if d.combat:
            score += 12
        exposed = any(_cheb(target, rc) == 1 for rc in self.enemies)
        if exposed and (carrying or gain):
            score += 10 if self._shielded_after(d.explorer, target) else -10
        return score
