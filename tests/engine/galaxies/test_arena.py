"""Tiny Epic Galaxies through the arena: the CLI with bot processes over gRPC for every player
count, replays of the recorded matches, a spectator following a match, and the Node.js bot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Termination
from scheduler._runner import MatchSpec
from tests.bots.test_node_bot import PYTHON_RANDOM, node_bot  # noqa: F401 - the fixture
from tests.support.harness import play_match, watched_match

ROOT = Path(__file__).resolve().parents[3]
CLI = [sys.executable, "-m", "scheduler.cli"]
GREEDY = f"{sys.executable} -m bots.run galaxies-greedy"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([*CLI, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_the_game_is_listed() -> None:
    listed = cli("games").stdout
    assert "galaxies: Tiny Epic Galaxies + Beyond the Black, 2-5 players" in listed
    assert "expansion" in listed and "turn_limit" in listed


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_tournament_of_bot_processes_for_every_player_count_replays(
        tmp_path: Path, players: int) -> None:
    db, out = tmp_path / "t.sqlite", tmp_path / "t.json"
    bots = [f"g{i}={GREEDY}" if i % 2 == 0 else f"r{i}={PYTHON_RANDOM}" for i in range(players)]
    # Two players play whole games; bigger tables stop at a small turn limit to stay quick.
    options = [] if players == 2 else ["--option", f"turn_limit={4 * players}"]
    cli("tournament", "--game", "galaxies", "--players", str(players),
        *[a for b in bots for a in ("--bot", b)], *options, "--rounds", "1",
        "--move-time", "5", "--seed", str(players), "--db", str(db),
        "--json", str(out))
    matches = json.loads(out.read_text())["matches"]
    assert len(matches) == players  # one group, every seat order
    expected = "normal" if players == 2 else "turn_limit"
    assert all(expected in json.dumps(m).lower() for m in matches), matches
    match = matches[-1]
    replay = cli("replay", match["match_id"], "--db", str(db), "--quiet")
    assert "replay matches the record" in replay.stdout


def test_a_spectator_follows_a_match_to_its_end() -> None:
    output, record, _ = watched_match([f"a={GREEDY}", f"b={PYTHON_RANDOM}"],
                                      MatchSpec("watched", "galaxies", 5, {"turn_limit": 6}))
    lines = output.splitlines()
    assert lines[0] == "watched (galaxies): seat 0 a, seat 1 b"
    events = [line for line in lines if line.startswith("  [")]
    assert "seat 0 keeps a secret mission" in events[1]  # public: which one stays secret
    assert not any(name in line for line in events for name in ("Charger", "Hoarder", "Elder"))
    assert "Turn limit 6 reached" in events[-1] and len(record.steps) > 6
    assert lines[-1].startswith("ended: ")


def test_the_node_bot_plays_galaxies(node_bot: str) -> None:  # noqa: F811
    record = play_match([f"node={node_bot}", f"greedy={GREEDY}"], game="galaxies",
                        options={"turn_limit": 10}, seed=3)
    assert record.result is not None
    assert record.result.termination is Termination.TURN_LIMIT, record.result.reason
    assert record.result.forfeited == ()
    assert any(a.seat == 0 for step in record.steps for a in step)
    assert all(faults.total == 0 for faults in record.faults), record.faults
