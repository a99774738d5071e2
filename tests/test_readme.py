"""The README's Python bot example runs as written, as a launched bot in a real arena."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from engine import Termination
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
