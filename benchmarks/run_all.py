"""Every benchmark in one run, one table: ``python benchmarks/run_all.py [--quick] [--json F]``.

Engines: random play's decisions per second on one core (CPU time) and ``clone()`` against
``copy.deepcopy`` of the same mid-game state, per game and player count. With ``--against
REV`` the same probe also runs on that commit (checked out in a temporary git worktree) in
alternating rounds, and the table shows the ratio: like against like on a shared machine.
Each side's figure is its fastest round (as ``timeit`` reports the best of its repeats: other
load on a shared machine only ever slows a round down), and the median of the rounds beside it.
With ``--instructions`` (needs valgrind) each side's random play is also counted in machine
instructions under cachegrind: the same games, minus a run of none (the interpreter start
and the imports; neither run counts the interpreter's teardown), so the ratio does not move
with other load the way seconds do on a shared machine; it leaves out what instructions
cannot show (cache misses, branches).
Arena: the pinned decision round trip against a raw grpc.aio ping-pong (each side's fastest
of the same alternating rounds, and the median round's ratio), over gRPC and over a launched
bot's pipes; the match runner's own work per decision; Race tournaments with launched bot
processes (with and without the sandbox) against in-process bots, with ``--against REV``
also that commit's launched bots in the same run; what the sandbox adds to a process's start.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _checkout import checkout_of  # noqa: E402

# Runs in a child process with the checkout being measured as its working directory and
# first import path; it uses only the engine contract, which every commit of ours shares.
_PROBE = r"""
import copy, json, os, random, sys, time
sys.path.insert(0, ".")
import engine

def play(rules, players, games):
    # In a function, as any caller's loop is: at module level every name the loop reads is a
    # dict lookup (about 1,000 instructions a decision, 4% of a Galaxies decision's count).
    decisions = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_match(players, seed)
        while pending := state.pending():
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
            decisions += len(pending)
    return decisions

def per_call(fn, state, clones):
    begin = time.process_time()
    for _ in range(clones):
        fn(state)
    return (time.process_time() - begin) / clones

def main(game, players, games, clones):
    rules = engine.get(game)
    start = time.process_time()
    decisions = play(rules, players, games)
    elapsed = time.process_time() - start
    if not clones:  # ``--instructions``: the play alone is counted, not the interpreter's
        os._exit(0)  # teardown (which the timer above leaves out too)
    rng = random.Random(12345)
    state = rules.new_match(players, 12345)
    for _ in range(120):
        pending = state.pending()
        if not pending:
            break
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    print(json.dumps({"decisions_per_s": decisions / elapsed,
                      "clone_us": per_call(lambda s: s.clone(), state, clones) * 1e6,
                      "deepcopy_us": per_call(copy.deepcopy, state, clones) * 1e6}))

main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
"""

_INSTRUCTIONS = re.compile(r"I\s+refs:\s+([\d,]+)")

ENGINE_CASES = [("sector41", 2), ("sector41", 4), ("race", 2), ("race", 4),
                ("sol", 2), ("sol", 5), ("galaxies", 2), ("galaxies", 5)]


def probe(checkout: Path, game: str, players: int, games: int, clones: int) -> dict[str, float]:
    """One engine measurement in a fresh interpreter rooted at ``checkout``."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", _PROBE, game, str(players), str(games),
                           str(clones)], cwd=checkout, env=env, capture_output=True, text=True,
                          timeout=1800, check=False)
    if done.returncode:
        raise RuntimeError(f"engine probe {game}/{players} in {checkout} failed:\n"
                           f"{done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def instructions(checkout: Path, game: str, players: int, games: int) -> int:
    """Machine instructions of ``games`` random matches in a fresh interpreter rooted at
    ``checkout``, counted by cachegrind (one pass: the count does not vary run to run)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise RuntimeError("--instructions needs valgrind (its cachegrind tool) on PATH; "
                           "on Debian: apt-get install valgrind")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run([valgrind, "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", sys.executable, "-c", _PROBE,
                           game, str(players), str(games), "0"], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=3600, check=False)
    found = _INSTRUCTIONS.search(done.stderr)
    if done.returncode or found is None:
        raise RuntimeError(f"cachegrind on {game}/{players} in {checkout} failed "
                           f"(exit {done.returncode}):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def engines(quick: bool, baseline: Path | None, only_games: list[str] | None = None,
            rounds: int | None = None, count: bool = False) -> list[dict[str, Any]]:
    """The engine rows from alternating rounds of this tree and the baseline's: each side's
    fastest round (``decisions_per_s``, ``speedup``) and the median round (``median_*``);
    with ``count``, each side's instructions of play (``instructions``, ``instructions_ratio``:
    the baseline's over this tree's)."""
    default_rounds, games, clones = (1, 4, 50) if quick else (5, 20, 300)
    rounds = rounds if rounds is not None else default_rounds
    rows = []
    idle: dict[tuple[Path, str], int] = {}  # instructions of a run of no game, by side
    for game, players in ENGINE_CASES:
        if only_games and game not in only_games:
            continue
        if not (ROOT / "engine" / game).is_dir():
            continue
        new: list[dict[str, float]] = []
        old: list[dict[str, float]] = []
        for _ in range(rounds):
            new.append(probe(ROOT, game, players, games, clones))
            if baseline is not None and (baseline / "engine" / game).is_dir():
                old.append(probe(baseline, game, players, games, clones))
        row: dict[str, Any] = {"game": game, "players": players, "rounds": rounds}
        for prefix, side in (("", new), ("before_", old)):
            if not side:
                continue
            row[f"{prefix}decisions_per_s"] = max(m["decisions_per_s"] for m in side)
            row[f"{prefix}median_decisions_per_s"] = statistics.median(
                m["decisions_per_s"] for m in side)
            for key in ("clone_us", "deepcopy_us"):
                row[f"{prefix}{key}"] = min(m[key] for m in side)
        row["deepcopy_over_clone"] = row["deepcopy_us"] / row["clone_us"]
        if old:
            row["speedup"] = row["decisions_per_s"] / row["before_decisions_per_s"]
            row["median_speedup"] = (row["median_decisions_per_s"]
                                     / row["before_median_decisions_per_s"])
        if count:
            sides = [("", ROOT)] + ([("before_", baseline)] if old and baseline is not None else [])
            for prefix, checkout in sides:
                if (checkout, game) not in idle:
                    idle[checkout, game] = instructions(checkout, game, 2, 0)
                row[f"{prefix}instructions"] = (instructions(checkout, game, players, games)
                                                - idle[checkout, game])
            if "before_instructions" in row:
                row["instructions_ratio"] = row["before_instructions"] / row["instructions"]
        rows.append(row)
        print(_engine_line(row), flush=True)
    return rows


def _engine_line(row: dict[str, Any]) -> str:
    line = (f"{row['game']:>9} {row['players']}p  {row['decisions_per_s']:>9,.0f} decisions/s"
            f"  clone {row['clone_us']:>7.1f} us, deepcopy {row['deepcopy_us']:>8.1f} us "
            f"({row['deepcopy_over_clone']:.1f}x)")
    if "speedup" in row:
        line += (f"  before {row['before_decisions_per_s']:>9,.0f}/s: "
                 f"{row['speedup']:.2f}x faster (median round {row['median_speedup']:.2f}x)")
    if "instructions" in row:
        line += f"  {row['instructions'] / 1e6:,.0f}M instructions"
    if "instructions_ratio" in row:
        line += (f" (before {row['before_instructions'] / 1e6:,.0f}M: "
                 f"{row['instructions_ratio']:.2f}x fewer)")
    return line


_THROUGHPUT = r"""
import json, sys
sys.path.insert(0, "."); sys.path.insert(0, "benchmarks")
import bench_arena
print(json.dumps(bench_arena.throughput("race", int(sys.argv[1]), {})))
"""


def _throughput_of(checkout: Path, matches: int) -> dict[str, float]:
    """Race tournament figures of ``bench_arena.throughput`` in the tree at ``checkout``."""
    done = subprocess.run([sys.executable, "-c", _THROUGHPUT, str(matches)], cwd=checkout,
                          capture_output=True, text=True, timeout=3600, check=False)
    if done.returncode:
        raise RuntimeError(f"throughput in {checkout} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def arena_figures(quick: bool, rounds: int | None = None,
                  baseline: Path | None = None) -> dict[str, float]:
    """Arena vs raw (pinned), the runner's own work per decision, launched processes vs
    in-process; with ``baseline``, its launched bots' figures measured in the same run."""
    import bench_arena

    out = bench_arena.measure(quick, rounds)
    if baseline is not None:
        # Best of three rounds, as this tree's own figures (see ``bench_arena.throughput``).
        runs = [_throughput_of(baseline, 8 if quick else 40) for _ in range(1 if quick else 3)]
        before = {key: (min if key.endswith("_us") else max)(run[key] for run in runs)
                  for key in runs[0]}
        out["before_processes_over_in_process"] = before["processes"] / before["in-process"]
        out["before_processes_server_cpu_us_per_decision"] = before["processes_server_us"]
        out["before_processes_bots_cpu_us_per_decision"] = before["processes_bots_us"]
    try:
        import bench_runner
    except ImportError:
        pass
    else:
        out.update(bench_runner.measure(quick))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="few games and rounds (a smoke run)")
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE")
    parser.add_argument("--against", metavar="REV",
                        help="also measure the engines at this commit, alternating rounds")
    parser.add_argument("--rounds", type=int, metavar="N",
                        help="alternating rounds per side, engines and the pinned round trip "
                             "(default 5, 1 with --quick)")
    parser.add_argument("--only", choices=("engines", "arena"), help="one part only")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each engine's instructions of play under valgrind's "
                             "cachegrind (slow: minutes a game; steady on a loaded machine)")
    parser.add_argument("--game", action="append", choices=sorted({g for g, _ in ENGINE_CASES}),
                        help="measure only this game's engine (repeatable)")
    args = parser.parse_args()
    if args.rounds is not None and args.rounds < 1:
        parser.error(f"--rounds must be at least 1, not {args.rounds}")
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"run_all on {os.cpu_count()} CPUs, {started}"
          + (f", engines against {args.against}" if args.against else ""))
    figures: dict[str, Any] = {"when": started, "against": args.against, "quick": args.quick}
    with contextlib.ExitStack() as stack:
        baseline = stack.enter_context(checkout_of(args.against)) if args.against else None
        if args.only in (None, "engines"):
            figures["engines"] = engines(args.quick, baseline, args.game, args.rounds,
                                         args.instructions)
        if args.only in (None, "arena"):
            figures["arena"] = arena_figures(args.quick, args.rounds, baseline)
            for key, value in figures["arena"].items():
                print(f"{key:>44}: {value:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
