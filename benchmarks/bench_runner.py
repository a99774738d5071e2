"""The match runner's own work per decision: ``python benchmarks/bench_runner.py [--quick]
[--rounds N] [--against REV]``.

The same matches are played twice: by a bare engine loop (``pending()``, ``apply()`` of
recorded random actions) and by ``run_match`` with in-process seats that answer those same
actions at once, as a reference bot does (``Seat.blocking``: no cancel scope per decision).
The difference divided by the decisions is the runner's work beyond the engine: the request
(a ``LocalRequest``, whose observation and legal actions are encoded only if the seat reads
them), the clock, the record. Measured alone, for comparison: what the request of a remote
seat costs to build (the observation and the legal actions as protobuf; an in-process bot
that reads all of it pays about as much), timed by a third loop that builds the requests and
nothing else. CPU time of one process; the best of ``--rounds`` alternating rounds. With
``--against REV`` the same probe runs on that commit too (a temporary git worktree; a commit
before ``LocalRequest`` encoded every request for every seat).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _checkout import checkout_of

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CASES = [("race", 2), ("sector41", 2)]

# Runs in a child interpreter rooted at the checkout being measured.
_PROBE = r"""
import collections, json, random, sys, time
sys.path.insert(0, ".")
import trio
import engine
from arena import Seat, _codec
from arena.v1 import arena_service_pb2 as pb
from scheduler._runner import MatchSpec, run_match
from scheduler._timecontrol import TimeControl

game, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rules = engine.get(game)

def recorded(seed):
    rng = random.Random(seed)
    state = rules.new_match(players, seed)
    steps = []
    while pending := state.pending():
        step = {s: rng.choice(d.legal).id for s, d in pending.items()}
        state.apply(step)
        steps.append(step)
    return steps

matches = [recorded(seed) for seed in range(games)]
decisions = sum(len(step) for steps in matches for step in steps)

def engine_only():
    begin = time.process_time()
    for seed, steps in enumerate(matches):
        state = rules.new_match(players, seed)
        for step in steps:
            state.pending()
            state.apply(step)
    return time.process_time() - begin

def requests_only():
    # What the runner adds for every decision that reaches a seat: its observation and
    # legal actions on the wire.
    begin = time.process_time()
    for seed, steps in enumerate(matches):
        state = rules.new_match(players, seed)
        for step in steps:
            for seat, decision in state.pending().items():
                request = pb.DecisionRequest(
                    match_id="m", decision_id=1, seat=seat, prompt=decision.prompt,
                    kind=decision.kind, observation=_codec.observation(
                        game, state.observation(seat)), time_left_ms=1000)
                add = request.legal.add
                for a in decision.legal:
                    if a.detail is None:
                        add(id=a.id, text=a.text)
                    else:
                        add(id=a.id, text=a.text, detail=_codec.action_detail(game, a.detail))
            state.apply(step)
    return time.process_time() - begin

class Replay(Seat):
    blocking = True  # answers without waiting, as an in-process reference bot does

    def __init__(self, name, ids):
        self.name, self.ids = name, ids
    async def start(self, match):
        pass
    async def decide(self, request):
        return self.ids.popleft()
    async def end(self, ended):
        pass

def with_runner():
    async def main():
        begin = time.process_time()
        for seed, steps in enumerate(matches):
            seats = [Replay(f"s{i}", collections.deque(step[i] for step in steps if i in step))
                     for i in range(players)]
            await run_match(MatchSpec(f"m{seed}", game, seed), seats, TimeControl.per_move(60))
        return time.process_time() - begin
    return trio.run(main)

best = {"engine": float("inf"), "requests": float("inf"), "runner": float("inf")}
for _ in range(3):
    best["engine"] = min(best["engine"], engine_only())
    best["requests"] = min(best["requests"], requests_only())
    best["runner"] = min(best["runner"], with_runner())
print(json.dumps({"decisions": decisions,
                  "engine_us": best["engine"] / decisions * 1e6,
                  "request_us": (best["requests"] - best["engine"]) / decisions * 1e6,
                  "runner_us": (best["runner"] - best["engine"]) / decisions * 1e6}))
"""


def probe(checkout: Path, game: str, players: int, games: int) -> dict[str, float]:
    """One measurement in a fresh interpreter rooted at ``checkout``."""
    done = subprocess.run([sys.executable, "-c", _PROBE, game, str(players), str(games)],
                          cwd=checkout, capture_output=True, text=True, timeout=1800,
                          check=False)
    if done.returncode:
        raise RuntimeError(f"runner probe {game}/{players} in {checkout} failed:\n"
                           f"{done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def best_of(checkout: Path, game: str, players: int, games: int, rounds: int
            ) -> dict[str, float]:
    """The least runner overhead over ``rounds`` probes (the machine is shared)."""
    results = [probe(checkout, game, players, games) for _ in range(rounds)]
    return min(results, key=lambda r: r["runner_us"])


def measure(quick: bool) -> dict[str, float]:
    """Runner overhead per decision (us) beyond the engine, and what a remote seat's request
    costs to encode, per game: ``runner_us_<game>``, ``remote_request_us_<game>``."""
    out: dict[str, float] = {}
    for game, players in CASES:
        r = best_of(ROOT, game, players, 3 if quick else 20, 1 if quick else 3)
        out[f"runner_us_{game}"] = r["runner_us"]
        out[f"remote_request_us_{game}"] = r["request_us"]
    return out


def _line(label: str, game: str, players: int, r: dict[str, float]) -> str:
    return (f"{label:>8} {game:>9} {players}p: engine {r['engine_us']:6.1f} us/decision; "
            f"runner's own work {r['runner_us']:6.1f} us/decision; a remote seat's request "
            f"(observation + legal actions as protobuf) costs {r['request_us']:6.1f} us to "
            f"build ({int(r['decisions'])} decisions)")


def main() -> None:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="3 matches per game, one round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", metavar="REV", help="also measure REV, alternating")
    args = parser.parse_args()
    games, rounds = (3, 1) if args.quick else (20, args.rounds)
    print(f"bench_runner, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    with contextlib.ExitStack() as stack:
        other = stack.enter_context(checkout_of(args.against)) if args.against else None
        for game, players in CASES:
            mine: list[dict[str, Any]] = []
            theirs: list[dict[str, Any]] = []
            for _ in range(rounds):
                mine.append(probe(ROOT, game, players, games))
                if other is not None:
                    theirs.append(probe(other, game, players, games))
            print(_line("this", game, players, min(mine, key=lambda r: r["runner_us"])),
                  flush=True)
            if theirs:
                print(_line(str(args.against)[:8], game, players,
                            min(theirs, key=lambda r: r["runner_us"])), flush=True)


if __name__ == "__main__":
    main()
