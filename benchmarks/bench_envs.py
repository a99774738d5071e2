"""Steps per second of the researchers' adapters against the bare engine, per game.

``python benchmarks/bench_envs.py [--games N] [--rounds R] [--game G] [--target] [--json FILE]``

A step is one seat's decision. Each loop plays random two-player matches on one core, in CPU
time, doing what a user's loop must: choose a legal action, play it, see the match end and
its returns. The loops: the bare engine (``pending``/``apply`` with a random legal id); the
PettingZoo AEC loop without tensors (``tensors=False``: the action mask only) and with them,
the agent drawing among the mask's legal indices (from a bool view of the mask: numpy's
``nonzero`` of an int8 array is ten times slower), and without tensors also drawing from
``info["legal_actions"]`` (after ``last()``, and after ``last(observe=False)``, which makes
no observation and no mask); the same AEC loop over an environment
that plays nothing (PettingZoo's protocol, a mask of the game's size and the agent's draw
from it: the floor of any AEC adapter, so that floor + engine bounds what any adapter can
reach); two loops between the engine and the AEC one, to see where a step's time goes (the
engine with each decision decoded into indices; the adapters' ``SeatedMatch`` with masks
and the agent's draw, without PettingZoo); the Gymnasium wrapper (the learner and its random
opponent); and the OpenSpiel game (``legal_actions``/``apply_action``). The bare engine
plays the matches the AEC environment's ``reset(seed)`` deals. Drawing from
``info["legal_actions"]`` (the engine's order) plays the engine loop's very moves; the loops
that draw from the mask's sorted indices play others: each loop counts its own steps. Each
figure is the best of ``--rounds`` rounds, which go round the loops in turn. ``--target``
runs only the loops of the issue's target (the engine, the floor, the two loops between and
the AEC loops without tensors): a fifth of the time, so more rounds on a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from pettingzoo import AECEnv

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
import engine.envs  # noqa: E402

GAMES = ["galaxies", "race", "sector41", "sol"]
_EMPTY = np.zeros(0, dtype=np.float32)


def _deal(seed: int) -> int:
    """The engine seed the AEC environment's ``reset(seed)`` draws: the same deals."""
    return int(np.random.default_rng(seed).integers(2**63))


def _draw(rng: random.Random, mask: np.ndarray) -> int:
    """A random legal index of ``mask``: from a bool view's nonzero (numpy's nonzero of an
    int8 array is ten times slower: 24 us for Sol's mask of 13 322)."""
    return rng.choice(mask.view(np.bool_).nonzero()[0].tolist())  # type: ignore[no-any-return]


def bare(game: str, seeds: range) -> int:
    """The engine alone: random legal ids."""
    rules = engine.get(game)
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.new_match(2, _deal(seed))
        while pending := state.pending():
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
            steps += len(pending)
        engine.envs.rewards(state.result())  # the returns, as the adapters give them
    return steps


def decoded(game: str, seeds: range) -> int:
    """The engine with each decision decoded into action-space indices, a random index's
    action played: the table work of the adapters alone."""
    rules, space = engine.get(game), engine.envs.action_space(game)
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.new_match(2, _deal(seed))
        while pending := state.pending():
            choices = {}
            for seat, decision in pending.items():
                indices = space.decode(decision.legal)
                choices[seat] = decision.legal[indices.index(rng.choice(indices))].id
            state.apply(choices)
            steps += len(pending)
        engine.envs.rewards(state.result())
    return steps


def seated(game: str, seeds: range) -> int:
    """The adapters' match (``SeatedMatch``) without PettingZoo: a seat at a time, its mask,
    the agent's draw from it."""
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        match = engine.envs.SeatedMatch(game, 2, {}, _deal(seed))
        while (seat := match.current()) >= 0:
            match.play(_draw(rng, match.mask(seat)))
            steps += 1
        match.rewards()
    return steps


def aec(game: str, seeds: range, tensors: bool) -> int:
    """The PettingZoo AEC loop over the game's environment."""
    return aec_loop(engine.envs.pettingzoo_env(game, 2, tensors=tensors), seeds)


def aec_loop(env: AECEnv, seeds: range) -> int:
    """The AEC loop (agent_iter, last, step) with random masked indices; steps played."""
    steps = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = random.Random(seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(_draw(rng, observation["action_mask"]))
            steps += 1
    return steps


def aec_legal(game: str, seeds: range, observe: bool) -> int:
    """The AEC loop without tensors, the agent drawing from ``info["legal_actions"]``; with
    ``observe`` False it calls ``last(observe=False)``: no observation, no mask."""
    env = engine.envs.pettingzoo_env(game, 2, tensors=False)
    steps = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = random.Random(seed)
        for _ in env.agent_iter():
            _, _, terminated, truncated, info = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(info["legal_actions"]))
            steps += 1
    return steps


class _Floor(AECEnv):  # type: ignore[misc]
    """PettingZoo's protocol alone: two agents, a mask of the game's size with a few legal
    indices, nothing played; ``length`` steps a match."""

    metadata = {"name": "floor_v0"}

    def __init__(self, size: int, length: int) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        self._size, self._length = size, length
        self._mask = np.zeros(size, dtype=np.int8)
        self._mask[::max(1, size // 8)] = 1

    def reset(self, seed: int | None = None, options: object = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self.agent_selection = "player_0"
        self._steps = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": _EMPTY, "action_mask": self._mask.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._steps += 1
        if self._steps >= self._length:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = "player_1" if agent == "player_0" else "player_0"


def floor(game: str, seeds: range, length: int) -> int:
    """The same AEC loop over ``_Floor`` (``length`` steps a match: a match of the game's)."""
    return aec_loop(_Floor(engine.envs.action_space(game).size, length), seeds)


def gymnasium(game: str, seeds: range) -> int:
    """The Gymnasium wrapper: seat 0 random masked indices, seat 1 the random opponent."""
    env = engine.envs.gymnasium_env(game, 2)
    steps = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = random.Random(seed)
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
            _, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        steps += env.match.steps
    return steps


def openspiel(game: str, seeds: range) -> int:
    """The pyspiel game: legal_actions and apply_action (no tensors, no strings)."""
    spiel_game = engine.envs.openspiel_game(game, 2)
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


#: The loops of the issue's target (``--target``).
TARGET = ("engine", "aec_protocol_alone", "decoded", "seated", "aec_mask_only", "aec_legal",
          "aec_legal_unobserved")


def measure(game: str, games: int, rounds: int, target: bool = False) -> dict[str, float]:
    """The row of one game: steps per CPU second of each loop (with ``target``, of the
    target's loops only), the best of ``rounds``. The rounds go round the loops in turn, so
    that the machine's load, which changes by the second on a shared machine, weighs on
    each loop alike."""
    seeds = range(games)
    length = bare(game, range(1))  # also imports and first-use caches before any clock runs
    loops: dict[str, Callable[[], int]] = {
        "engine": lambda: bare(game, seeds),
        "aec_protocol_alone": lambda: floor(game, seeds, length),
        "decoded": lambda: decoded(game, seeds),
        "seated": lambda: seated(game, seeds),
        "aec_mask_only": lambda: aec(game, seeds, False),
        "aec_legal": lambda: aec_legal(game, seeds, True),
        "aec_legal_unobserved": lambda: aec_legal(game, seeds, False),
        "aec": lambda: aec(game, seeds, True),
        "gymnasium": lambda: gymnasium(game, seeds),
        "openspiel": lambda: openspiel(game, seeds),
    }
    if target:
        loops = {name: loops[name] for name in TARGET}
    row = dict.fromkeys(loops, 0.0)
    for _ in range(rounds):
        for name, loop in loops.items():
            start = time.process_time()
            steps = loop()
            row[name] = max(row[name], steps / (time.process_time() - start))
    return row


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="matches per loop (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per loop (default 3)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game")
    parser.add_argument("--target", action="store_true",
                        help="only the loops of the 2x target (no tensors, Gymnasium, OpenSpiel)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"bench_envs {started}: microseconds per step (CPU), 2 players, {args.games} "
          f"matches, best of {args.rounds} rounds; floor = (protocol alone + engine) / engine, "
          f"the best any AEC adapter can do; own = AEC mask only - protocol alone - engine, "
          f"the adapter's own work")
    figures: dict[str, object] = {"when": started}
    for game in args.game or GAMES:
        row = measure(game, args.games, args.rounds, args.target)
        us = {name: 1e6 / value for name, value in row.items()}
        others = "" if args.target else (
            f"  AEC {us['aec']:6.1f}  gymnasium {us['gymnasium']:6.1f}  openspiel "
            f"{us['openspiel']:5.1f}")
        own = us["aec_mask_only"] - us["aec_protocol_alone"] - us["engine"]
        bound = (us["aec_protocol_alone"] + us["engine"]) / us["engine"]
        row["adapter_own_us"] = own
        row["best_possible_ratio"] = bound
        figures[game] = row
        print(f"{game:>9}: engine {us['engine']:5.1f}  protocol alone "
              f"{us['aec_protocol_alone']:5.1f}  AEC mask only {us['aec_mask_only']:5.1f} "
              f"({us['aec_mask_only'] / us['engine']:.2f}x, floor {bound:.1f}x; own "
              f"{own:4.1f} = {own / us['engine']:.1f}x engine){others}\n"
              f"{'':>9}  drawing from info['legal_actions']: {us['aec_legal']:5.1f} "
              f"({us['aec_legal'] / us['engine']:.2f}x), with last(observe=False) "
              f"{us['aec_legal_unobserved']:5.1f} "
              f"({us['aec_legal_unobserved'] / us['engine']:.2f}x)\n"
              f"{'':>9}  an AEC step: engine {us['engine']:4.1f}, decoding "
              f"{us['decoded'] - us['engine']:+4.1f}, seats, mask and draw "
              f"{us['seated'] - us['decoded']:+4.1f}, PettingZoo's protocol "
              f"{us['aec_mask_only'] - us['seated']:+4.1f}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
