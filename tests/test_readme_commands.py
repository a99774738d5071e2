"""Every ``arena`` command of the README's "Using it" block runs as a newcomer would copy it,
and says what the README says it does (issue 34, item 1).

The commands run in a fresh folder with the README's Python bot as ``my_bot.py`` (and as
``new.py`` and ``old.py``, for ``sprt`` and ``gauntlet``) and this interpreter's folder first on
PATH (for ``python``). They are adapted in these ways only, each needed to run them at all or
in a test's time:

- placeholders become real values: ``t-1a2b3c4d`` a tournament of this run, ``MATCH_ID`` one
  of its matches, ``HOST:50051`` the address of the ``arena serve`` started here;
- ``...`` (the bots and flags of the tournament above) becomes the first tournament's bots
  with ``--rounds 2``;
- ``arena serve`` listens on free ports rather than 50051 and 50052 (this machine runs other
  tests);
- ``sprt`` gets ``--max-matches 4`` and ``gauntlet`` ``--max-deals 1``: they are built to play
  until a verdict, thousands of matches between two equal bots;
- the runs that ``--resume`` continues are interrupted by Ctrl-C (SIGINT) after their first
  match, as a user would stop them.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scheduler._store import Store
from tests.support.harness import ctrl_c_after_matches, recorded_matches

ROOT = Path(__file__).resolve().parent.parent
ARENA = [sys.executable, "-m", "scheduler.cli"]


def readme_commands() -> list[str]:
    """The ``arena`` commands of the first ``sh`` block under "## Using it", continuation
    lines joined and comments dropped."""
    readme = (ROOT / "README.md").read_text()
    section = readme.partition("\n## Using it\n")[2]
    assert section, "the README has no '## Using it' section"
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the README's 'Using it' section has no sh block"
    commands, current = [], ""
    for line in block[1].splitlines():
        code = line.split("  #")[0].rstrip() if not line.lstrip().startswith("#") else ""
        if not code.strip():
            continue
        current += " " + code.strip()
        if current.endswith("\\"):
            current = current[:-1]
            continue
        commands.append(current.strip())
        current = ""
    return [c for c in commands if c.startswith("arena ")]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Folder:
    """The newcomer's folder: runs the README's commands there, each at most once."""

    def __init__(self, path: Path, commands: list[str]) -> None:
        self.path = path
        self.commands = commands
        self.ran: set[str] = set()
        self.env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                          f"{os.environ.get('PATH', '')}"}
        self.substitutions: dict[str, str] = {}

    def find(self, start: str) -> str:
        found = ([c for c in self.commands if c == start]
                 or [c for c in self.commands if c.startswith(start)])
        assert len(found) == 1, f"{start!r}: {found} in the README's commands"
        return found[0]

    def argv(self, command: str, *extra: str) -> list[str]:
        self.ran.add(command)
        for placeholder, value in self.substitutions.items():
            command = command.replace(placeholder, value)
        words = shlex.split(command)
        assert words[0] == "arena"
        return [*ARENA, *words[1:], *extra]

    def run(self, start: str, *extra: str, codes: tuple[int, ...] = (0,)
            ) -> subprocess.CompletedProcess[str]:
        argv = self.argv(self.find(start), *extra)
        result = subprocess.run(argv, cwd=self.path, env=self.env, capture_output=True,
                                text=True, timeout=600)
        assert result.returncode in codes, (argv, result.stdout, result.stderr)
        return result

    def interrupted(self, start: str, *extra: str) -> str:
        """Start a command, Ctrl-C it after its first recorded match; its stderr."""
        process = subprocess.Popen(self.argv(self.find(start), *extra), cwd=self.path,
                                   env=self.env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True, start_new_session=True)
        db = self.path / "arena.sqlite"
        stderr = ctrl_c_after_matches(process, db, recorded_matches(db) + 1)
        assert process.returncode == 130, stderr
        return stderr


@pytest.fixture
def server(tmp_path: Path) -> Iterator[list[subprocess.Popen[str]]]:
    """Holds the ``arena serve`` a test starts, and stops it at the end."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _listening(process: subprocess.Popen[str], timeout: float = 60) -> str:
    """What ``arena serve`` writes on stderr up to the line in which it says where it
    listens (read as it comes, for up to ``timeout`` seconds)."""
    assert process.stderr is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stderr, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        if selector.select(timeout=max(0.0, deadline - time.monotonic())):
            line = process.stderr.readline()
            assert line, f"arena serve stopped: {seen}"
            seen += line
            if "arena listening on" in line:
                return seen
    raise AssertionError(f"arena serve did not say it listens: {seen}")


@pytest.mark.slow
def test_every_readme_command_runs_as_written(tmp_path: Path,
                                              server: list[subprocess.Popen[str]]) -> None:
    commands = readme_commands()
    assert len(commands) >= 20, commands
    folder = Folder(tmp_path, commands)
    tmp_path.chmod(0o755)  # a user's folder, as bots launched by a root arena may read it
    bot = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)[0]
    for script in ("my_bot.py", "new.py", "old.py"):
        (tmp_path / script).write_text(bot)
    db = tmp_path / "arena.sqlite"

    assert "sector41: Sector 41" in folder.run("arena games").stdout
    listed = folder.run("arena bots").stdout
    assert "builtin:sector41-greedy  (sector41)" in listed and "builtin:random" in listed

    first = folder.run("arena tournament --game sector41")
    tid = re.search(r"tournament (t-[0-9a-f]+): sector41, 12 matches", first.stderr)
    assert tid, first.stderr
    assert len(re.findall(r"^Finished match \d+ of 12 ", first.stdout, re.M)) == 12
    for name in ("mine", "random", "sector41-greedy"):
        assert re.search(rf"^\s+\d\s+{name}\s", first.stdout, re.M), first.stdout
    assert len(json.loads((tmp_path / "out.json").read_text())["matches"]) == 12
    assert len((tmp_path / "out.csv").read_text().splitlines()) == 4
    first_match = f"{tid[1]}-00003"
    folder.substitutions = {"t-1a2b3c4d-00003": first_match, "t-1a2b3c4d": tid[1],
                            "...": '--bot mine="python my_bot.py" --bot builtin:random '
                                   '--bot builtin:sector41-greedy --rounds 2'}

    gauntlet = folder.run("arena tournament --gauntlet mine")
    assert "8 matches" in gauntlet.stderr  # mine against each of two bots, 2 seats, 2 rounds
    assert all("mine" in line for line in gauntlet.stdout.splitlines()
               if line.startswith("Finished match"))

    # Two runs stopped by Ctrl-C: `--resume ID` goes on with the first, `--resume` with
    # the newest unfinished one.
    stopped = folder.interrupted("arena tournament --tc 10+0.1")
    clock = re.search(r"go on with `arena tournament --resume (t-[0-9a-f]+)`", stopped)
    assert clock, stopped
    stopped = folder.interrupted("arena tournament --policy default --max-strikes 3")
    strikes = re.search(r"go on with `arena tournament --resume (t-[0-9a-f]+)`", stopped)
    assert strikes, stopped
    folder.substitutions["t-1a2b3c4d"] = clock[1]
    resumed = folder.run("arena tournament --resume t-1a2b3c4d --concurrency 8")
    assert f"resuming tournament {clock[1]}" in resumed.stderr
    resumed = folder.run("arena tournament --resume")
    assert f"resuming tournament {strikes[1]}" in resumed.stderr
    with Store(str(db)) as store:
        for finished in (clock[1], strikes[1]):
            assert store.tournament(finished).finished
        assert store.tournament(clock[1]).config["clock"] == "10+0.1"
        assert store.tournament(strikes[1]).config["max_strikes"] == 3
    folder.substitutions["t-1a2b3c4d"] = tid[1]

    played = folder.run("arena play --game race")
    assert re.search(r"^result: 1\. random(-\d)? \(", played.stdout, re.M), played.stdout
    assert "recorded match play-" in played.stderr
    sol = folder.run("arena tournament --game sol --players 5")
    assert "3 seat(s) filled with builtin:random" in sol.stderr and "5 matches" in sol.stderr
    assert len(re.findall(r"^\s+\d\s+\S+\s+[+-]\d+\s", sol.stdout, re.M)) == 5
    galaxies = folder.run("arena tournament --game galaxies --players 4")
    assert "4 matches" in galaxies.stderr
    assert len(re.findall(r"^\s+\d\s+\S+\s+[+-]\d+\s", galaxies.stdout, re.M)) == 4

    mine = folder.run("arena matches --db arena.sqlite --bot mine").stdout.splitlines()
    with Store(str(db)) as store:
        with_mine = [r for r in store.matches(steps=False) if "mine" in r.seats]
    assert len(mine) == min(20, len(with_mine)) and all(" mine" in line for line in mine)

    replayed = folder.run("arena replay t-1a2b3c4d-00003")
    assert "replay matches the record" in replayed.stdout
    ratings = folder.run("arena ratings --db arena.sqlite").stdout
    for game in ("sector41:", "race:", "sol:", "galaxies:"):
        assert game in ratings
    anchored = folder.run("arena ratings --pgn out.pgn")
    assert "likelihood of superiority" in anchored.stdout
    assert '[TimeControl "0.2/move"]' in (tmp_path / "out.pgn").read_text()
    assert "seat 1" in folder.run("arena ratings --seat-advantage").stdout
    assert "bot mybot registered" in folder.run("arena bot add mybot").stdout

    port, metrics_port = free_port(), free_port()
    folder.substitutions.update({"--port 50051": f"--port {port}",
                                 "--metrics-port 50052": f"--metrics-port {metrics_port}"})
    serve = folder.argv(folder.find("arena serve --port"))
    server.append(subprocess.Popen(serve, cwd=tmp_path, env=folder.env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True))
    started = _listening(server[0])
    assert f"arena listening on 127.0.0.1:{port}" in started
    assert f"http://127.0.0.1:{metrics_port}/metrics" in started  # in its start line
    folder.substitutions.update({"HOST:50051": f"127.0.0.1:{port}", "MATCH_ID": first_match})
    live = folder.run("arena matches --live")
    assert live.stdout == "no running matches\n"
    watched = folder.run("arena watch MATCH_ID").stdout
    assert watched.startswith(f"{first_match} (sector41): seat 0 ") and "ended: " in watched

    sprt = folder.run("arena sprt", "--max-matches", "4", codes=(0, 1, 3))
    assert "new" in sprt.stdout and "old" in sprt.stdout
    # The gauntlet, stopped after its first match; `gauntlet --resume` gives its verdict.
    stopped = folder.interrupted("arena gauntlet --game sector41", "--max-deals", "1")
    assert "go on with `arena gauntlet --resume t-" in stopped, stopped
    verdict = folder.run("arena gauntlet --resume", codes=(0, 1, 3))
    assert "resuming gauntlet" in verdict.stderr
    assert "<testsuite" in (tmp_path / "verdict.xml").read_text()

    # The skill ladder over several player counts, on ports of its own.
    ladder = folder.argv(folder.find("arena serve --game sol"), "--port", str(free_port()),
                         "--metrics-port", "0")
    server.append(subprocess.Popen(ladder, cwd=tmp_path, env=folder.env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True))
    assert "ladder: sol" in _listening(server[-1])

    folder.run("arena report")
    assert (tmp_path / "report.html").read_text().lstrip().lower().startswith("<!doctype html")
    assert folder.ran == set(commands), set(commands) - folder.ran
