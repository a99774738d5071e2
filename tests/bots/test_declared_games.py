"""A bot declares the games it plays; the ladder gives it only those, a tournament refuses it
for another, and the SDK refuses to ask for one its bot cannot play."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import trio

import arena
import bots
from engine import Termination
from scheduler._store import Store
from tests.bots.test_sdk import TOKEN, OneToken
from tests.scheduler.test_serve import run_ladder
from tests.support.harness import grpc_bot, run_in_arena

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]


def test_reference_bots_declare_their_games() -> None:
    assert bots.builtin("sector41-greedy").games == ("sector41",)
    assert bots.builtin("race-greedy").games == ("race",)
    assert bots.builtin("random").games == ()  # every game


def test_a_greedy_bot_process_says_which_game_it_plays_in_its_hello() -> None:
    async def hello(hosted: arena.Arena) -> frozenset[str]:
        bot = grpc_bot(f"{sys.executable} -m bots.run sector41-greedy", "greedy",
                       hosted.address, TOKEN)
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            session = await hosted.hub.wait_for_bot("greedy")
            nursery.cancel_scope.cancel()
        return session.games

    assert run_in_arena(hello, records=OneToken()) == frozenset({"sector41"})


def test_the_sdk_refuses_a_game_its_bot_does_not_play() -> None:
    done = subprocess.run([sys.executable, "-m", "bots.run", "sector41-greedy", "--game", "race"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--game race: sector41-greedy plays only sector41" in done.stderr


@pytest.mark.parametrize("bot, message", [
    ("builtin:sector41-greedy", "bot 'sector41-greedy' (builtin:sector41-greedy) plays only "
                                "sector41, not duel"),
    (f"g={sys.executable} -m bots.run sector41-greedy", "bot 'g' says it plays only sector41, "
                                                         "not duel"),
])
def test_a_tournament_refuses_a_bot_for_a_game_it_does_not_play(tmp_path: Path, bot: str,
                                                                 message: str) -> None:
    done = subprocess.run([*ARENA, "tournament", "--game", "duel", "--bot", bot, "--bot",
                           "builtin:random", "--db", str(tmp_path / "t.sqlite")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_two_game_ladder_gives_a_bot_only_the_games_it_declares(tmp_path: Path) -> None:
    db = tmp_path / "ladder.sqlite"
    # No --game anywhere: the greedy bots declare sector41 themselves, random plays anything.
    run_ladder(db, {"s1": ["sector41-greedy"], "s2": ["sector41-greedy"], "r1": ["random"],
                    "r2": ["random"]},
               "--game", "sector41", "--game", "duel", "--max-matches", "6", "--concurrency", "2",
               "--move-time", "5", timeout=300)
    records = Store(db).matches()
    assert len(records) == 6
    for record in records:
        assert record.result is not None
        # played out (two greedy bots may stall a Sector 41 into its turn limit), no crash
        assert record.result.termination in (Termination.NORMAL, Termination.TURN_LIMIT), \
            record.result.reason
        if record.game == "duel":
            assert not {"s1", "s2"} & set(record.seats), record.seats
