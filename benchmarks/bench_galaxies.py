"""Tiny Epic Galaxies numbers: engine speed against an older commit, clone against deepcopy,
and the greedy bot against random.

Run ``python benchmarks/bench_galaxies.py [--against REV] [--rounds 5] [--games 30]
[--matches 200] [--quick]`` (``--baseline REV``, the old name, still works but is
deprecated). The speed figures are the pure engine with random legal actions
on one core (CPU time), for 2..5 players with Beyond the Black (the default) and without it.
``REV`` (by default the commit before the speed work of issue 17) is checked out in a
temporary ``git worktree`` and measured in a subprocess, alternating with the current code
round by round, so that both see the same machine; both must play identical matches (a digest
of every chosen action and result), or the run fails. The bots play through the arena's
match runner with in-process seats (the same protobuf messages a remote bot gets).

``measure(quick)`` gives the current code's figures as a dict (for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _checkout import checkout_of

ROOT = Path(__file__).resolve().parent.parent
# The commit before the speed work of issue 17: what "before" means in docs/benchmarks.md.
BASELINE = "b6c4a25"
PLAYERS = (2, 3, 4, 5)


def _engine(root: Path) -> Any:
    """The galaxies game of the checkout at ``root`` (imported from there)."""
    sys.path.insert(0, str(root))
    from engine.galaxies import GAME
    return GAME


def playouts(game: Any, players: int, expansion: bool, games: int) -> tuple[float, str]:
    """Decisions per second of CPU time over ``games`` seeded random matches, and a digest
    of every chosen action id and every result (equal digests: the same matches).

    Five matches of other seeds are played first, untimed: both engines keep tables of
    what they have built (legal lists, decisions), as a process playing many matches has."""
    decisions = 0
    options = {"expansion": expansion}
    for seed in range(10_000, 10_005):
        rng = random.Random(seed)
        state = game.new_match(players, seed, options)
        while pending := state.pending():
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    chosen: list[int] = []
    results = []
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_match(players, seed, options)
        while pending := state.pending():
            choices = {s: rng.choice(d.legal).id for s, d in pending.items()}
            state.apply(choices)
            decisions += len(pending)
            chosen.extend(choices.values())
        results.append(state.result())
    elapsed = time.process_time() - start
    digest = hashlib.sha256(repr((chosen, results)).encode()).hexdigest()
    return decisions / elapsed, digest


def _midgame(game: Any, seed: int = 3, players: int = 4, steps: int = 400) -> Any:
    rng = random.Random(seed)
    state = game.new_match(players, seed)
    for _ in range(steps):
        pending = state.pending()
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    return state


def clone_times(game: Any, quick: bool = False) -> tuple[float, float]:
    """Microseconds per ``clone()`` and per ``copy.deepcopy`` of a 4-player midgame state
    (the best of several batches, as timeit does)."""
    state = _midgame(game)
    best_clone = best_deep = float("inf")
    for _ in range(2 if quick else 5):
        start = time.perf_counter()
        for _ in range(200):
            state.clone()
        best_clone = min(best_clone, (time.perf_counter() - start) / 200)
        start = time.perf_counter()
        for _ in range(10):
            copy.deepcopy(state)
        best_deep = min(best_deep, (time.perf_counter() - start) / 10)
    return best_clone * 1e6, best_deep * 1e6


def _worker(root: Path, games: int) -> dict[str, Any]:
    """Every configuration once, on the code at ``root``."""
    game = _engine(root)
    out: dict[str, Any] = {}
    for expansion in (True, False):
        for players in PLAYERS:
            rate, digest = playouts(game, players, expansion, games)
            out[f"{players}{'e' if expansion else 'b'}"] = [rate, digest]
    out["clone"] = clone_times(game)
    return out


def measure(quick: bool) -> dict[str, float]:
    """The current code's figures: decisions/s per player count (Beyond the Black on, and
    the base game), and microseconds per clone and per deepcopy."""
    game = _engine(ROOT)
    games = 8 if quick else 30
    out: dict[str, float] = {}
    for expansion in (True, False):
        for players in PLAYERS:
            rate, _ = playouts(game, players, expansion, games)
            out[f"decisions_per_s_{players}p{'' if expansion else '_base'}"] = rate
    out["clone_us"], out["deepcopy_us"] = clone_times(game, quick)
    return out


def _run_side(root: Path, games: int) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, __file__, "--worker", str(root), "--games", str(games)],
        check=True, capture_output=True, text=True)
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def compare(baseline: str, rounds: int, games: int) -> None:
    """Print old and new decisions/s per configuration (the best of alternating rounds)
    and fail if any configuration played other matches."""
    with checkout_of(baseline, prefix="bench-galaxies-") as old_root:
        runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
        for r in range(rounds):
            sides = [("old", old_root), ("new", ROOT)]
            for name, root in sides if r % 2 == 0 else sides[::-1]:
                runs[name].append(_run_side(root, games))
    print(f"engine, random play, one core (CPU time), {games} games per configuration, "
          f"best of {rounds} alternating rounds; baseline {baseline}")
    ratios = []
    for key in runs["new"][0]:
        if key == "clone":
            continue
        # The best round of each side, as timeit takes the best: on a shared machine the
        # other rounds measure the neighbours' load.
        old = max(run[key][0] for run in runs["old"])
        new = max(run[key][0] for run in runs["new"])
        same = {run[key][1] for run in runs["old"] + runs["new"]}
        if len(same) != 1:
            raise SystemExit(f"{key}: the old and new code played different matches")
        ratios.append(new / old)
        players, kind = key[:-1], "Beyond the Black" if key[-1] == "e" else "base game"
        print(f"  {players} players, {kind}: {old:,.0f} -> {new:,.0f} decisions/s "
              f"({new / old:.2f}x), identical matches")
    print(f"  ratio new/old: {min(ratios):.2f}x-{max(ratios):.2f}x "
          f"(median {statistics.median(ratios):.2f}x)")
    for name in ("old", "new"):
        clone = min(run["clone"][0] for run in runs[name])
        deep = min(run["clone"][1] for run in runs[name])
        print(f"  {name}: clone {clone:.1f} us, copy.deepcopy {deep:.0f} us "
              f"({deep / clone:.0f}x), 4-player midgame state")


def main() -> None:
    """Print the benchmark figures."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", metavar="REV", default=BASELINE,
                        help=f"git revision to compare the engine with (default {BASELINE})")
    parser.add_argument("--baseline", metavar="REV",
                        help="deprecated: the old name of --against, which it overrides")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--games", type=int, default=30, help="random games per configuration")
    parser.add_argument("--matches", type=int, default=200, help="greedy vs random matches")
    parser.add_argument("--quick", action="store_true", help="2 rounds, 6 games, 20 matches")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        print(json.dumps(_worker(args.worker, args.games)))
        return
    if args.baseline is not None:
        print("bench_galaxies.py: --baseline is deprecated, use --against REV",
              file=sys.stderr)
        args.against = args.baseline
    if args.quick:
        args.rounds, args.games, args.matches = 2, 6, min(args.matches, 20)
    compare(args.against, args.rounds, args.games)
    if not args.matches:
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import greedy_vs_random
    for expansion in (True, False):
        start = time.perf_counter()
        score, share = greedy_vs_random("galaxies", "galaxies-greedy", args.matches,
                                        {"expansion": expansion})
        print(f"galaxies-greedy vs random, {args.matches} two-player matches, expansion "
              f"{'on' if expansion else 'off'} (seats alternate): {score:.1%} match score, "
              f"{share:.1%} of the points ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
