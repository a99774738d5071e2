"""Sol through the ``arena`` command line: bot processes over gRPC for every player count,
then ``arena replay`` reproduces a recorded match."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.scheduler.test_cli import arena

GREEDY = f"{sys.executable} -m bots.run sol-greedy"
RANDOM = f"{sys.executable} -m bots.run random"


def test_sol_is_listed() -> None:
    games = arena("games")
    assert "sol: Sol: Last Days of a Star, 2-5 players" in games.stdout
    assert "vestigial" in games.stdout and "effects" in games.stdout


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_tournament_of_bot_processes_for_every_player_count(tmp_path: Path,
                                                              players: int) -> None:
    db = tmp_path / "sol.sqlite"
    bots = ["--bot", f"greedy={GREEDY}"]
    for k in range(players - 1):
        bots += ["--bot", f"random{k}={RANDOM}"]
    # A short turn limit keeps the processes' matches small; the engine's own end is tested
    # in tests/engine/sol.
    arena("tournament", "--game", "sol", "--players", str(players), *bots, "--rounds", "1",
          "--option", "turn_limit=16", "--move-time", "5",
          "--db", str(db), "--json", str(tmp_path / "o.json"), "--seed", str(players))
    matches = json.loads((tmp_path / "o.json").read_text())["matches"]
    assert len(matches) == players  # one group, every seat order
    for match in matches:
        assert sorted(match["seats"]) == sorted(["greedy", *(f"random{k}"
                                                          for k in range(players - 1))])
        assert match["termination"] == "turn_limit", match
    match = matches[0]
    replay = arena("replay", match["match_id"], "--db", str(db), "--quiet")
    assert "replay matches the record" in replay.stdout
