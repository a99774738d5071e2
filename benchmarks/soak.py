"""Soak: a tournament killed with SIGKILL at random points and resumed each time.

``python benchmarks/soak.py [--kills 20] [--seed 5]`` plays one seeded tournament
uninterrupted, then the same one again killed (with every bot it started) ``--kills`` times at
random moments and resumed after each, and compares: the distinct matches must equal the plan,
none recorded twice, and every match's actions and result the same as uninterrupted (the bots
are deterministic: process bots and built-in ones, seeded by the plan). Prints what it saw;
exits 1 if anything differs. ``tests/scheduler/test_soak.py`` runs it with a few kills.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]


def tournament_args(db: Path, seed: int) -> list[str]:
    """A tournament of process bots and built-in bots, 36 matches, fixed by ``seed``."""
    return ["tournament", "--game", "duel", "--option", "rounds=30", "--rounds", "3",
            "--concurrency", "2", "--seed", str(seed), "--db", str(db),
            "--bot", f"p={sys.executable} -m bots.run random",
            "--bot", f"q={sys.executable} -m bots.run random",
            "--bot", "r=builtin:random", "--bot", "s=builtin:random"]


def recorded(db: Path) -> list[tuple[Any, ...]]:
    """(index, actions, ranks, termination) of every recorded match, by index (the actions
    without the time each took, which no two runs share)."""
    if not db.exists():
        return []
    try:
        with sqlite3.connect(db, timeout=5) as connection:
            rows = list(connection.execute(
                "SELECT idx, steps, ranks, termination FROM matches ORDER BY idx, seq"))
    except sqlite3.OperationalError:  # the schema is not there yet
        return []
    return [(index, [[(seat, action) for seat, action, *_ in step] for step in json.loads(steps)],
             ranks, termination) for index, steps, ranks, termination in rows]


def run(args: list[str]) -> None:
    done = subprocess.run([*ARENA, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"arena {' '.join(args[:2])} failed: {done.stderr}")


def soak(folder: Path, kills: int, seed: int, rng: random.Random) -> dict[str, Any]:
    """Play the tournament straight and killed ``kills`` times; what each gave."""
    straight = folder / "straight.sqlite"
    run(tournament_args(straight, seed))
    expected = recorded(straight)
    killed_db = folder / "killed.sqlite"
    args = tournament_args(killed_db, seed)
    killed_at = []
    for n in range(kills):
        # Kill after a random number of further matches (0: while the first is played).
        before = len(recorded(killed_db))
        wait_for = before + rng.randint(0, 3)
        process = subprocess.Popen([*ARENA, *(args if n == 0 else
                                              ["tournament", "--resume", "--db", str(killed_db)])],
                                   cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 120
        while len(recorded(killed_db)) < wait_for and process.poll() is None:
            if time.monotonic() > deadline:
                break
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.2))  # somewhere inside the next match
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # the arena and every bot it started
        process.wait(timeout=30)
        killed_at.append(len(recorded(killed_db)))
        if len(recorded(killed_db)) == len(expected):
            break
    if len(recorded(killed_db)) < len(expected):
        run(["tournament", "--resume", "--db", str(killed_db)])
    got = recorded(killed_db)
    return {"planned": len(expected), "recorded": len(got),
            "distinct": len({row[0] for row in got}), "kills": len(killed_at),
            "matches_at_each_kill": killed_at, "identical": got == expected}


def main() -> None:
    """Run the soak and print what it found."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        seen = soak(Path(folder), args.kills, args.seed, random.Random(args.seed))
    for key, value in seen.items():
        print(f"{key}: {value}")
    ok = seen["identical"] and seen["recorded"] == seen["distinct"] == seen["planned"]
    print("soak passed" if ok else "soak FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
