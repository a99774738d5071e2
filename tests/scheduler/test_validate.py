"""``arena bot validate`` run as a user runs it: a process, its checklist and exit status.

Good bots pass every check; each deliberately broken bot (``tests/support/broken_bot.py``)
fails exactly the check its flaw breaks, and no other.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scheduler._validate import CHECKS

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
BROKEN = f"{PYTHON} tests/support/broken_bot.py"


def validate(*args: str) -> subprocess.CompletedProcess[str]:
    """``arena bot validate ARGS``; its own bot processes die with it (on a timeout too)."""
    return subprocess.run([PYTHON, "-m", "scheduler.cli", "bot", "validate", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def verdicts(output: str) -> dict[str, str]:
    """check name -> PASS/FAIL/SKIP, read from the checklist (every check exactly once)."""
    found = re.findall(r"^(PASS|FAIL|SKIP) ([a-z ]+): ", output, re.M)
    assert [name for _, name in found] == list(CHECKS), output
    return {name: status for status, name in found}


def test_the_reference_python_bot_passes_every_check_in_every_game() -> None:
    result = validate(f"{PYTHON} -m bots.run random")
    assert result.returncode == 0, result.stdout + result.stderr
    assert set(verdicts(result.stdout).values()) == {"PASS"}
    # Every game at every player count, two seeds each: 4 + 3 + 3 + 4 counts.
    assert "playing 28 matches against builtin:random" in result.stdout
    for game, limit in (("galaxies", "turn_limit=4"), ("race", "round_limit=4"),
                        ("sector41", "turn_limit=4"), ("sol", "turn_limit=4")):
        assert f"{game} {limit}" in result.stdout
    assert re.search(r"^ +28\. sol, 5 players, seed 2, seat 4: \d+ answers", result.stdout,
                     re.M), result.stdout
    assert "8 passed, 0 failed, 0 not reached" in result.stdout


def test_the_json_lines_example_passes() -> None:
    result = validate(f"{PYTHON} bots/examples/jsonl/bot.py", "--game", "race")
    assert result.returncode == 0, result.stdout + result.stderr
    assert set(verdicts(result.stdout).values()) == {"PASS"}
    assert "playing 6 matches" in result.stdout  # race: 2 to 4 players, two seeds each


@pytest.mark.parametrize(("mode", "failed", "why", "flags"), [
    ("illegal", "legal actions", r"action id 999 is not legal .*; legal ids: 0", ()),
    ("mute", "handshake", r"sent no Hello on its stdout within 1 s", ("--startup-timeout", "1")),
    ("slow", "answers in time", r"seat 0 \(bot\) did not answer within 0\.200 s", ()),
    ("crash", "plays its matches", r"process exited \(exit code 1\)", ()),
    ("one-match", "match end", r"after the match before ended, its process exited \(code 0\)",
     ()),
    ("linger", "session end", r"still running 0\.5 s \(--grace\) after SessionEnded", ()),
    ("exit3", "exit code", r"3; a bot exits 0", ()),
    ("unknown-game", "games declared",
     r"unknown game\(s\) 'chess' in Hello\.games; known: galaxies, race, sector41, sol", ()),
    ("race-only", "games declared", r"declares race, not sector41 \(--game\)", ()),
])
def test_a_broken_bot_fails_exactly_the_check_it_breaks(
        mode: str, failed: str, why: str, flags: tuple[str, ...]) -> None:
    result = validate(f"{BROKEN} {mode}", "--game", "sector41", "--move-time", "0.2",
                      "--grace", "0.5", *flags)
    assert result.returncode == 1, result.stdout + result.stderr
    found = verdicts(result.stdout)
    assert [name for name, status in found.items() if status == "FAIL"] == [failed]
    line = next(x for x in result.stdout.splitlines() if x.startswith(f"FAIL {failed}: "))
    assert re.search(why, line), line
    # What the bot did before its flaw was seen to work.
    assert found["handshake"] == ("FAIL" if mode == "mute" else "PASS")
    if failed not in ("handshake", "games declared"):
        assert found["games declared"] == "PASS"
    if mode == "slow":  # a tournament kills a process that missed a deadline: no session end
        assert found["session end"] == found["exit code"] == "SKIP"
        assert "a process that missed a deadline is killed" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (("--game", "chess"), r"unknown game 'chess'.*galaxies, race, sector41, sol"),
    (("--sandbox", "maybe"), r"invalid choice: 'maybe'"),
    (("--bot-env", "ARENA_X=1"), r"the ARENA_ variables are the arena's own"),
])
def test_usage_errors_exit_2_naming_what_is_accepted(args: tuple[str, ...], message: str
                                                     ) -> None:
    result = validate(f"{PYTHON} -m bots.run random", *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert re.search(message, result.stderr, re.I), result.stderr


def test_a_command_that_does_not_exist_is_a_usage_error() -> None:
    result = validate("no-such-bot-program --fast")
    assert result.returncode == 2
    assert "no program 'no-such-bot-program' (not on PATH, nor a file)" in result.stderr
