"""The Python API (issue 34, item 6): agents as functions, Bot classes or built-in names,
played in-process, each match returned as the store's record."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import engine
from arena.v1 import game_pb2
from bots import Bot, RandomBot
from engine import Termination
from scheduler import MatchRecord, TournamentResult, play, tournament
from scheduler._store import Store

ROOT = Path(__file__).resolve().parents[2]


def first(observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
          time_left: float) -> int:
    return legal[0].id


def replayed(record: MatchRecord) -> engine.Result:
    """The result of the record's actions replayed on a fresh engine."""
    state = engine.get(record.game).new_match(len(record.seats), record.seed, record.options)
    for step in record.actions():
        state.apply(step)
    return state.result()


def test_a_function_plays_with_what_a_bot_gets_and_the_record_replays() -> None:
    seen: list[tuple[object, int, float]] = []

    def watcher(observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
                time_left: float) -> int:
        seen.append((observation, len(legal), time_left))
        return legal[-1].id

    record = play("duel", [watcher, RandomBot, "builtin:random"], seed=5,
                  options={"rounds": 3}, move_time=2.0)
    assert record.seats == ["watcher", "RandomBot", "random"]
    assert record.result is not None and record.result.termination is Termination.NORMAL
    assert replayed(record) == record.result
    assert record.match_id.startswith("play-") and record.seed == 5
    assert record.tournament_id is None and len(record.faults) == 3
    assert seen and all(isinstance(o, game_pb2.Observation) and n > 0 and 0 < t <= 3.0
                        for o, n, t in seen)
    # The seat's own actions: the function's choice is what was applied.
    mine = [a.action_id for step in record.steps for a in step if a.seat == 0]
    assert len(mine) == len(seen)
    again = play("duel", [watcher, RandomBot, "builtin:random"], seed=5,
                 options={"rounds": 3}, move_time=2.0)
    assert again.actions() == record.actions()  # a seed fixes the deal and the bots' draws


def test_a_function_that_raises_or_cheats_loses_its_seat_only() -> None:
    def broken(observation: object, legal: object, time_left: float) -> int:
        raise RuntimeError("oops")

    def cheat(observation: object, legal: object, time_left: float) -> int:
        return 999

    crashed = play("duel", {"broken": broken, "ok": first}, seed=1)
    assert crashed.result is not None
    assert crashed.result.termination is Termination.CRASH
    assert crashed.result.forfeited == (0,)
    # Nothing prints a function's traceback: its reason names the line that raised.
    raised = broken.__code__.co_firstlineno + 1
    assert crashed.result.reason == (f"broken raised RuntimeError: oops (at test_api.py:{raised} "
                                     f"in broken)")
    assert crashed.faults[0].crashes == 1
    illegal = play("duel", {"ok": first, "cheat": cheat}, seed=1)
    assert illegal.result is not None
    assert illegal.result.termination is Termination.ILLEGAL_ACTION
    assert illegal.result.forfeited == (1,)


def test_a_tournament_plans_as_the_cli_and_records_in_a_database(tmp_path: Path) -> None:
    class Last(Bot):
        def choose(self, observation: object, legal: Sequence[game_pb2.Action],
                   time_left: float) -> int:
            return legal[-1].id

    db = tmp_path / "api.sqlite"
    result = tournament("duel", [first, Last, "random", first], players=3, rounds=2,
                        seed=4, options={"rounds": 1}, db=db)
    assert isinstance(result, TournamentResult) and result.tournament_id is not None
    # 4 groups of 3 of the 4 agents, each in 3 seat rotations, 2 rounds.
    assert len(result.records) == 24
    assert {s.bot for s in result.standings} == {"first", "Last", "random", "first-2"}
    assert "rank  bot" in result.table()
    for record in result.records:
        assert record.result is not None and replayed(record) == record.result
    with Store(str(db)) as store:
        stored = {r.match_id: r for r in store.matches(tournament_id=result.tournament_id)}
        assert store.tournament(result.tournament_id).finished
    assert {r.match_id for r in result.records} == set(stored)
    sample = result.records[0]
    assert stored[sample.match_id].steps == sample.steps
    assert stored[sample.match_id].index == sample.index == 0
    refused = subprocess.run([sys.executable, "-m", "scheduler.cli", "--game-module",
                              "tests.support.duel", "tournament", "--resume",
                              result.tournament_id, "--db", str(db)],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "was played from Python" in refused.stderr
    unstored = tournament("duel", {"a": first, "b": "random"}, seed=4, options={"rounds": 1})
    assert unstored.tournament_id is None and len(unstored.records) == 2
    assert all(r.tournament_id is None for r in unstored.records)


@pytest.mark.parametrize("call, error, message", [
    (lambda: play("duel", [first, "nobody"]), LookupError, "unknown built-in bot 'nobody'"),
    (lambda: play("duel", [first, RandomBot.__new__(RandomBot)]), TypeError,
     "give the Bot class RandomBot, not an instance"),
    (lambda: play("duel", [first, 42]), TypeError, "an agent is a function"),
    (lambda: play("chess", [first, first]), engine.EngineError, "unknown game 'chess'"),
    (lambda: play("duel", {"a": first, "b": "sol-greedy"}), ValueError,
     "plays only sol, not duel"),
    (lambda: tournament("duel", [first], players=3), ValueError,
     "a 3-player game needs at least 3 bots"),
])
def test_bad_arguments_say_what_is_accepted(call: object, error: type[Exception],
                                            message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        call()  # type: ignore[operator]


def test_the_example_script_runs() -> None:
    result = subprocess.run([sys.executable, "examples/agents.py"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "race, match play-" in result.stdout and "sector41, 6 matches:" in result.stdout
    for name in ("first_legal", "shortest", "race-greedy", "greedy", "picky", "first"):
        assert name in result.stdout


@pytest.mark.parametrize("page, heading", [("README.md", "## Writing a bot"),
                                           ("docs/running.md", "## Python: agents as functions")])
def test_the_documented_example_runs_as_written(page: str, heading: str,
                                                tmp_path: Path) -> None:
    # The page's Python block under the heading, copied into a fresh folder and run there.
    section = (ROOT / page).read_text().partition(f"\n{heading}\n")[2].split("\n## ")[0]
    blocks = [b for b in re.findall(r"```python\n(.*?)```", section, re.S)
              if "from scheduler import" in b]
    assert len(blocks) == 1, f"{page}: no single Python API example under {heading!r}"
    (tmp_path / "example.py").write_text(blocks[0])
    result = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "['first_legal', " in result.stdout  # the function's name, as the seat's
    standings = re.findall(r"^\s+\d\s+(first|greedy)\s+[+-]\d+\s", result.stdout, re.M)
    assert sorted(standings) == ["first", "greedy"], result.stdout
