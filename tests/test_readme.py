"""The README's first command and its Python bot example run as written (the bot as a launched
bot in a real arena); its test command is the one CI runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Termination
from scheduler._store import Store
from tests.support.harness import play_match

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_bot_example_plays_a_match(tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert blocks, "the README has no Python example"
    script = tmp_path / "my_bot.py"
    script.write_text(blocks[0])
    record = play_match([f"mine={sys.executable} {script}", "builtin:random"],
                        options={"rounds": 3})
    assert record.result is not None and record.result.termination is Termination.NORMAL
    assert record.faults[0].total == 0


def test_the_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    commands = [line for line in re.findall(r"```sh\n(.*?)```", readme, re.S)
                if "pytest" in line]
    assert len(commands) == 1, "the README should show one test command"
    (command,) = commands
    assert command.strip() in ci.splitlines(), f"the README's test command {command.strip()!r} " \
                                               f"is not a line of .ci/run"


@pytest.mark.slow
def test_the_first_command_plays_the_reference_bots_into_arena_sqlite(tmp_path: Path) -> None:
    first = re.search(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert first and first[1].strip().endswith("&& .venv/bin/arena tournament"), first
    # As written but for --rounds 1 (its 4 rounds take minutes: the search bot's matches take
    # seconds of CPU each); the output is a pipe, as in a log.
    tmp_path.chmod(0o755)  # a user's folder, as bots launched by a root arena may read it
    done = subprocess.run([sys.executable, "-m", "scheduler.cli", "tournament",
                           "--rounds", "1"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^tournament t-[0-9a-f]+: sector41, 6 matches", done.stderr, re.M)
    if (os.cpu_count() or 1) >= 2:  # two matches at once, one bot of each thinking at a time
        assert "think at once" not in done.stderr, done.stderr
    assert len(re.findall(r"^Finished match \d+ of 6 ", done.stdout, re.M)) == 6, done.stdout
    ranked = re.findall(r"^\s+\d\s+(\S+)\s+[+-]\d+\s", done.stdout, re.M)
    assert sorted(ranked) == ["random", "sector41-greedy", "sector41-mcts"], done.stdout
    with Store(str(tmp_path / "arena.sqlite")) as store:
        assert len(store.matches(steps=False)) == 6
