"""docs/bots.md tells a bot author the truth: its JSON-lines transcript is what a real session
sends and receives, and its checklist of `arena bot validate` is the command's."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from scheduler._validate import CHECKS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "bots.md").read_text()
PYTHON = sys.executable


def _fields(message: Any) -> set[str]:
    """Every field name in a decoded JSON message, at any depth."""
    if isinstance(message, dict):
        return set(message) | {name for value in message.values() for name in _fields(value)}
    if isinstance(message, list):
        return {name for value in message for name in _fields(value)}
    return set()


def _shape(kinds: list[str]) -> str:
    """The message kinds in order, each run of decisions and moves folded into one (their
    number follows the bot's random choices)."""
    return re.sub(r"(?:< decisionRequest > move )+", "< decisionRequest > move ",
                  " ".join(kinds) + " ")


def test_the_transcript_is_a_real_sessions(tmp_path: Path) -> None:
    transcript = re.search(r"### A session, as a JSON-lines bot sees it.*?```text\n(.*?)```",
                           DOC, re.S)
    assert transcript, "docs/bots.md has no JSON-lines transcript"
    # One message a block: a line that opens with > or <, and the lines indented under it.
    documented = [(m[1], m[2], m[3]) for m in re.finditer(r'^([<>]) (\{"(\w+)".*(?:\n {3}.*)*)',
                                                           transcript[1], re.M)]
    log = tmp_path / "tap.log"
    bot = f"{PYTHON} tests/support/tap_bot.py {PYTHON} bots/examples/jsonl/bot.py"
    result = subprocess.run(
        [PYTHON, "-m", "scheduler.cli", "play", "--game", "race", "--option", "round_limit=1",
         "--seed", "3", "--sandbox", "none", "--bot", f"j={bot}"], cwd=ROOT,
        capture_output=True, text=True, timeout=120, env={**os.environ, "TAP_LOG": str(log)})
    assert result.returncode == 0, result.stderr
    lines = log.read_text().splitlines()
    real = [(line[0], json.loads(line[2:])) for line in lines if line[:1] in "<>"]
    # The same messages in the same order (as many decisions as the bot's choices make).
    assert _shape([f"{d} {next(iter(m))}" for d, m in real]) == \
        _shape([f"{d} {kind}" for d, _, kind in documented])
    assert lines[-2:] == ["  (end of input)", "  (exit status 0)"]
    assert transcript[1].endswith("  (end of input)\n  (exit status 0)\n")
    # Every field name the transcript shows is one a real message of its kind has.
    for direction, text, kind in documented:
        sent = set().union(*(_fields(m) for d, m in real if d == direction and kind in m))
        assert set(re.findall(r'"(\w+)":', text)) <= sent, text


def test_the_validate_checklist_names_every_check_in_order() -> None:
    section = DOC.split("## Checking a bot")[1]
    assert re.findall(r"^\| ([a-z ]+) \| ", section, re.M) == ["check", *CHECKS]
    assert re.findall(r"^(?:PASS|FAIL|SKIP) ([a-z ]+):", section, re.M) == list(CHECKS)
