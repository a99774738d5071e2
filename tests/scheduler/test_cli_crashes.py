"""A bot that raises in mid-match, as a newcomer meets it (issue 34, item 3): the tournament
says at once which line of the bot's code failed, on a terminal as in a log, and says once
where the whole traceback is kept (``--bot-logs``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.support.harness import on_a_terminal

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli"]
HINT = "arena: a crashed bot's whole stderr (its traceback) is kept with --bot-logs DIR"

# The README's Python bot, with a bug at its third decision of every match.
SDK_BOT = '''\
from bots import Bot, main

class MyBot(Bot):
    def choose(self, observation, legal, time_left):
        self.asked = getattr(self, "asked", 0) + 1
        if self.asked == 3:
            raise ValueError("a bug at decision 3")
        return legal[0].id

if __name__ == "__main__":
    main(MyBot, "mybot")
'''
SDK_LINE = 7

# A JSON-lines bot without the SDK: its bug ends the process, and Python prints the traceback
# (with the 3.11 markers under the failing expression).
RAW_BOT = f"{sys.executable} {ROOT / 'tests' / 'support' / 'broken_bot.py'} raises"
RAW_LINE = next(n for n, line in enumerate(
    (ROOT / "tests" / "support" / "broken_bot.py").read_text().splitlines(), 1)
    if 'request["no such field"]' in line)


def bots_in(folder: Path) -> list[str]:
    """The SDK bot written in ``folder``; the flags of a tournament of it against random."""
    folder.chmod(0o755)  # a user's folder: bots launched by a root arena read it
    (folder / "my_bot.py").write_text(SDK_BOT)
    return ["--game", "sector41", "--bot", f"mine={sys.executable} my_bot.py", "--bot",
            "builtin:random", "--rounds", "1", "--db", "c.sqlite"]


def test_on_a_terminal_a_crash_is_said_at_once_with_the_line_that_failed(
        tmp_path: Path) -> None:
    shown, stderr, code = on_a_terminal([*ARENA, "tournament", *bots_in(tmp_path)], tmp_path)
    assert code == 0, stderr
    assert "Finished match" not in shown and "rank  bot" in shown  # no -v: no match lines
    said = re.findall(r"^match t-[0-9a-f]+-0000[01]: (.*)$", stderr, re.M)
    assert said == [f"mine's code failed: 'ValueError: a bug at decision 3 "
                    f"(at my_bot.py:{SDK_LINE} in choose)'"] * 2, stderr
    assert stderr.count(HINT) == 1, stderr


def test_in_a_log_each_matchs_line_says_why_and_the_hint_comes_once(tmp_path: Path) -> None:
    # One match at a time: raw's second match comes after its process died.
    args = [*bots_in(tmp_path), "--bot", f"raw={RAW_BOT}", "--gauntlet", "random",
            "--concurrency", "1"]
    done = subprocess.run([*ARENA, "tournament", *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    why = re.findall(r"^Finished match \d of 4 \(.*\): \S+ \{(mine|raw) crashes: (.*)\}$",
                     done.stdout, re.M)
    assert [text for bot, text in why if bot == "mine"] == [
        f"mine's code failed: 'ValueError: a bug at decision 3 (at my_bot.py:{SDK_LINE} in "
        f"choose)'"] * 2, done.stdout
    # The dead process's last stderr lines: its traceback's end, without the ^^^ markers;
    # then (no --recover) it loses its other match at once, saying so.
    died, dead = sorted((text for bot, text in why if bot == "raw"),
                        key=lambda text: "--recover" in text)
    assert died.startswith("bot 'raw' process exited (exit code 1); its last stderr lines: ")
    assert f'broken_bot.py", line {RAW_LINE}, in parse' in died, died
    assert died.endswith("KeyError: 'no such field'") and "^" not in died, died
    assert dead == "bot 'raw' process exited (code 1); run with --recover to restart it"
    assert "match t-" not in done.stderr  # said once, in the match's line
    assert done.stderr.count(HINT) == 1, done.stderr
    kept = subprocess.run([*ARENA, "tournament", *args, "--bot-logs", "logs", "--db",
                           "kept.sqlite"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=180)
    assert kept.returncode == 0 and HINT not in kept.stderr, kept.stderr
    traces = "".join(log.read_text() for log in (tmp_path / "logs").glob("*mine*.log"))
    assert "Traceback (most recent call last)" in traces and "a bug at decision 3" in traces
