"""Race for the Galaxy numbers: engine speed (optionally against an older commit), clone
against deepcopy, greedy vs random, and race-mcts vs race-greedy.

Run ``python benchmarks/bench_race.py [--matches 200] [--games 300]``; add
``--against REV`` for the engine's random decisions/s in alternating rounds against commit
REV (checked out in a temporary worktree, one fresh interpreter per round: like against
like on a shared machine), and ``--mcts N [--playouts P] [--jobs J]`` for N two-player
matches of race-mcts (P playouts per searched decision) against race-greedy, seats
alternating. The bots play through the arena's match runner with in-process seats.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from pathlib import Path

from _checkout import checkout_of
from _common import greedy_vs_random, mcts_vs_greedy, random_playouts

import engine


def clone_vs_deepcopy(players: int, calls: int = 300) -> tuple[float, float]:
    """Microseconds per ``clone()`` and per ``copy.deepcopy`` of one mid-game state."""
    rng = random.Random(12345)
    state = engine.get("race").new_match(players, 12345)
    for _ in range(120):
        state.apply({s: rng.choice(d.legal).id for s, d in state.pending().items()})

    def per_call(fn: object, n: int) -> float:
        begin = time.process_time()
        for _ in range(n):
            fn(state)  # type: ignore[operator]
        return (time.process_time() - begin) / n * 1e6

    return per_call(lambda s: s.clone(), calls), per_call(copy.deepcopy, max(1, calls // 5))


def against(rev: str, rounds: int, games: int) -> None:
    """Random decisions/s here and at ``rev``, alternating fresh interpreters."""
    import run_all

    root = Path(__file__).resolve().parent.parent
    with checkout_of(rev, prefix="bench-race-") as baseline:
        for players in (2, 3, 4):
            new: list[float] = []
            old: list[float] = []
            for _ in range(rounds):
                new.append(run_all.probe(root, "race", players, games, 20)["decisions_per_s"])
                old.append(run_all.probe(baseline, "race", players, games, 20)["decisions_per_s"])
            ratios = sorted(n / o for n, o in zip(new, old, strict=True))
            print(f"engine, {players} players: {statistics.median(new):,.0f} decisions/s, "
                  f"at {rev}: {statistics.median(old):,.0f}; median ratio of the "
                  f"{rounds} alternating rounds {statistics.median(ratios):.2f}x", flush=True)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--against", metavar="REV", help="engine speed against this commit")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (--against)")
    parser.add_argument("--mcts", type=int, default=0, metavar="N",
                        help="also N matches of race-mcts against race-greedy")
    parser.add_argument("--playouts", type=int, default=32, help="race-mcts playouts per move")
    parser.add_argument("--jobs", type=int, default=1, help="processes for --mcts")
    args = parser.parse_args()
    if args.against:
        against(args.against, args.rounds, max(1, args.games // 30))
    for players, options in ((2, {}), (4, {}), (2, {"advanced": True})):
        games_s, decisions_s, _ = random_playouts("race", players, args.games, options)
        label = f"{players} players" + (" advanced" if options else "")
        print(f"engine, {label}: {games_s:.1f} random games/s ({1000 / games_s:.1f} ms/game), "
              f"{decisions_s:,.0f} decisions/s (CPU time, one core)")
    for players in (2, 4):
        clone_us, deep_us = clone_vs_deepcopy(players)
        print(f"clone, {players} players: {clone_us:.1f} us, deepcopy {deep_us:.1f} us "
              f"({deep_us / clone_us:.0f}x)")
    if args.matches:
        start = time.perf_counter()
        score, share = greedy_vs_random("race", "race-greedy", args.matches)
        print(f"race-greedy vs random, {args.matches} two-player matches (seats alternate): "
              f"{score:.1%} match score, {share:.1%} of the points "
              f"({time.perf_counter() - start:.1f} s)")
    if args.mcts:
        start = time.perf_counter()
        # Seeds 0.. and ids "mcts-K": the figures in docs/benchmarks.md were played so.
        score = mcts_vs_greedy("race", args.mcts, args.playouts, args.jobs, first=0,
                               match_prefix="mcts-", per_move=600)
        print(f"race-mcts ({args.playouts} playouts/move) vs race-greedy, {args.mcts} "
              f"two-player matches (seats alternate): {score:.1%} match score "
              f"({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
