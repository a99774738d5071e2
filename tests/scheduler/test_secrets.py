"""What a bot must never learn: seeds while they matter, and another bot's one-time token.

The attacks are the ones a hostile bot author (who has the source and every public call) or
a hostile local user (who can run ``ps``) would try.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import grpc
import trio

import arena
from arena import _sandbox
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from engine import Result
from scheduler._pairings import Pairing
from scheduler._records import MatchRecord
from scheduler._reports import StoreRecords
from scheduler._runner import MatchSpec, bot_seed
from scheduler._store import Store
from scheduler._tournament import TournamentConfig, match_seed
from tests.scheduler.test_serve import run_ladder
from tests.support.harness import run_in_arena

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]


def _arena(*args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([*ARENA, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def _seeds(db: Path) -> list[int]:
    return [r.seed for r in Store(db).matches()]


def _stream_values(stream_seed: int, words: int = 4096) -> set[int]:
    """Every 62-bit value ``random.Random(stream_seed).getrandbits(62)`` can give at any point
    of its first ``words`` outputs (CPython builds it from two 32-bit words, low word first):
    what an attacker who guessed a stream would compare a revealed seed against."""
    rng = random.Random(stream_seed)
    out = [rng.getrandbits(32) for _ in range(words)]
    return {low | (high >> 2) << 32 for low, high in zip(out, out[1:], strict=False)}


def test_a_launched_bot_has_no_token_nor_the_arenas_environment(tmp_path: Path) -> None:
    probe = f"{sys.executable} -m tests.support.token_probe"
    env = {**os.environ, "ORGANISERS_SECRET": "hush", "ARENA_TOKEN": "the-arenas-own"}
    logs = tmp_path / "logs"
    result = subprocess.run(
        [*ARENA, "tournament", "--game", "duel", "--rounds", "1", "--option", "rounds=2",
         "--db", str(tmp_path / "t.sqlite"), "--bot-logs", str(logs),
         "--bot-env", "FOR_BOTS=yes", *[f"--bot={name}={probe} {name}" for name in "ab"]],
        cwd=ROOT, capture_output=True, text=True, timeout=180, env=env)
    assert result.returncode == 0, result.stderr
    reports = [json.loads(line.removeprefix("PROBE ")) for log in logs.glob("*.log")
               for line in log.read_text().splitlines() if line.startswith("PROBE ")]
    assert {r["name"] for r in reports} == {"a", "b"}
    for report in reports:
        names = set(report["variables"])
        assert "ARENA_TOKEN" not in names and "ARENA_ADDRESS" not in names, names
        assert {"ARENA_TRANSPORT", "ARENA_BOT_NAME", "FOR_BOTS"} <= names
        if _sandbox.unavailable() is None:  # sandboxed: nothing of the arena's own
            assert "ORGANISERS_SECRET" not in names, names


def test_an_unseeded_tournament_draws_seeds_nobody_can_rebuild(tmp_path: Path) -> None:
    runs = []
    for n in range(2):
        db = tmp_path / f"{n}.sqlite"
        result = _arena("tournament", "--game", "duel", "--rounds", "2", "--db", str(db),
                        "--bot", "builtin:random", "--bot", "other=builtin:random")
        assert result.returncode == 0, result.stderr
        runs.append(set(_seeds(db)))
    assert runs[0].isdisjoint(runs[1])
    # The plan is public (two bots, two rounds): an attacker rebuilds every match seed that
    # a small tournament seed would give, and finds none of the real ones.
    guessed = {match_seed(s, Pairing(0, ("other", "random"), r))
               for s in range(2000) for r in range(2)}
    assert guessed.isdisjoint(runs[0] | runs[1])


def test_a_seeded_tournament_replays_identically_bots_choices_included(tmp_path: Path) -> None:
    runs = []
    for n in range(2):
        db = tmp_path / f"{n}.sqlite"
        result = _arena("tournament", "--game", "duel", "--rounds", "2", "--db", str(db),
                        "--seed", "7", "--bot", "builtin:random",
                        "--bot", f"proc={sys.executable} -m bots.run random")
        assert result.returncode == 0, result.stderr
        runs.append(sorted((r.index, r.seed, r.actions(), r.result.ranks if r.result else None)
                           for r in Store(db).matches()))
    assert runs[0] == runs[1]
    assert len({seed for _, seed, _, _ in runs[0]}) == 2  # two rounds, two deals


def _ladder_seeds(db: Path, matches: int) -> tuple[list[int], list[str]]:
    run_ladder(db, {"p": ["random"], "q": ["random"]}, "--game", "duel", "--max-matches",
               str(matches))
    records = Store(db).matches()
    return [r.seed for r in records], [r.match_id for r in records]


def test_two_fresh_ladders_draw_seeds_that_no_stream_explains(tmp_path: Path) -> None:
    first, ids = _ladder_seeds(tmp_path / "one.sqlite", 3)
    second, _ = _ladder_seeds(tmp_path / "two.sqlite", 3)
    assert len(first) == len(second) == 3
    assert set(first).isdisjoint(second)
    # With the source, an attacker replays the streams a fixed or small seed would give
    # (the ladder's used to be random.Random(0)) and looks for the revealed seeds in them.
    explained = set().union(*(_stream_values(s) for s in range(8)))
    assert explained.isdisjoint(first + second)
    # Match ids are a counter and fresh random bits: the same ladder position never repeats.
    assert all(i.startswith("ladder-duel-") for i in ids) and len(set(ids)) == len(ids)


def test_a_seat_rotations_seed_is_withheld_while_its_partner_runs(tmp_path: Path) -> None:
    store = Store(tmp_path / "deals.sqlite")
    config = TournamentConfig(game="duel", bots=("builtin:random", "b=builtin:random"),
                              rounds=1, seed=12345)
    schedule = list(config.schedule())
    assert len(schedule) == 2 and len({match_seed(config.seed, p) for p in schedule}) == 1
    tid = store.create_tournament(config.to_dict(), config.schedule().pairs())

    def record(pairing: Pairing) -> MatchRecord:
        return MatchRecord(f"{tid}-{pairing.index:05d}", "duel", {},
                           match_seed(config.seed, pairing), list(pairing.seats),
                           result=Result((1.0, 0.0), (0, 1)), tournament_id=tid,
                           index=pairing.index)

    first, second = (record(p) for p in schedule)
    store.record_match(first)

    async def main(hosted: arena.Arena) -> tuple[int, int]:
        def get() -> int:
            with grpc.insecure_channel(hosted.address) as channel:
                stub = pb_grpc.ArenaServiceStub(channel)
                reply = stub.GetMatch(pb.GetMatchRequest(match_id=first.match_id), timeout=10)
                return int(reply.match.seed)

        while_partner_runs = await trio.to_thread.run_sync(get)
        await trio.to_thread.run_sync(store.record_match, second)
        return while_partner_runs, await trio.to_thread.run_sync(get)

    withheld, revealed = run_in_arena(main, records=StoreRecords(store))
    assert withheld == 0
    assert revealed == first.seed != 0


def test_bot_seeds_are_fresh_for_every_seat_unless_the_run_is_reproducible() -> None:
    spec = MatchSpec("m", "duel", 1)
    assert len({bot_seed(spec, seat) for seat in (0, 1, 0, 1)}) == 4  # nobody predicts one
    fixed = MatchSpec("m", "duel", 1, bot_seed=3)
    assert bot_seed(fixed, 0) == bot_seed(fixed, 0) != bot_seed(fixed, 1)
    assert all(bot_seed(s, 0) > 0 for s in (spec, fixed))  # 0 means "none" on the wire
