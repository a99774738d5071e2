"""Launched bots: command lines, limits, signals, and what is left behind (real processes)."""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import trio

from arena import _launcher, _sandbox
from arena._launcher import BotProcess, Launch, Limits, parse_bot
from engine import Termination
from tests.support.family_bot import family
from tests.support.harness import RANDOM_PROCESS, alive, play_match, wait_until

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def prepared(command: str, name: str = "me", limits: Limits = Limits()
             ) -> tuple[list[str], dict[str, str]]:
    """argv and environment of a bot process launched without a sandbox."""
    argv, env, private = Launch(limits).prepare(name, command, 0, [])
    assert private is None
    return argv, env


def test_nothing_is_appended_and_the_environment_says_stdio_without_a_token(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_TOKEN", "arenas-own")
    argv, env = prepared("sh --fast", limits=Limits(100, 7))
    assert argv[argv.index("--") + 1:] == [shutil.which("sh"), "--fast"]
    assert "--memory-mb=100" in argv and "--cpu-seconds=7" in argv
    assert env["ARENA_TRANSPORT"] == "stdio" and env["ARENA_BOT_NAME"] == "me"
    assert "ARENA_TOKEN" not in env and "ARENA_ADDRESS" not in env


@pytest.mark.parametrize("told_not_to", [False, True])
def test_a_launch_writes_the_bytecode_of_the_packages_a_bot_imports(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, told_not_to: bool) -> None:
    # A launched bot cannot write bytecode: the arena writes it for the shared packages,
    # unless Python was told not to (PYTHONDONTWRITEBYTECODE).
    (tmp_path / "bots").mkdir()
    module = tmp_path / "bots" / "sdk.py"
    module.write_text("ANSWER = 42\n")
    monkeypatch.setattr(_sandbox, "PROJECT_ROOT", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", told_not_to)
    _sandbox.compile_shared_packages.cache_clear()
    try:
        prepared("sh --fast")
    finally:
        _sandbox.compile_shared_packages.cache_clear()
    assert Path(importlib.util.cache_from_source(str(module))).is_file() is not told_not_to


def test_the_name_placeholder_is_filled() -> None:
    argv, _ = prepared("sh run.sh {name}")
    assert argv[argv.index("--") + 1:] == [shutil.which("sh"), "run.sh", "me"]


def test_an_address_placeholder_is_refused_with_the_transport_to_use() -> None:
    with pytest.raises(ValueError, match="no address nor token.*stdin and stdout"):
        parse_bot("a=run.sh --address={address}")


@pytest.mark.parametrize("program", ["python", "python3"])
def test_python_is_the_arenas_own_interpreter_whatever_path_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, program: str) -> None:
    # as from a venv that is not activated: PATH's python is another one, without the SDK
    other = tmp_path / program
    other.write_text("#!/bin/sh\nexit 1\n")
    other.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert shutil.which(program) == str(other)
    argv, _ = prepared(f"{program} my_bot.py --fast")
    assert argv[argv.index("--") + 1:] == [sys.executable, "my_bot.py", "--fast"]
    argv, _ = prepared(f"{other} my_bot.py")  # by its path: that one
    assert argv[argv.index("--") + 1:] == [str(other), "my_bot.py"]


def test_a_missing_program_is_named() -> None:
    with pytest.raises(ValueError, match="no program 'no-such-bot-program'"):
        prepared("no-such-bot-program --fast")


def test_a_token_placeholder_is_refused_with_the_variable_to_read() -> None:
    with pytest.raises(ValueError, match="no address nor token"):
        parse_bot("a=run.sh --token={token}")


@pytest.mark.parametrize("spec, message", [
    ("nocommand", "accepted: NAME=COMMAND"),
    ("=cmd", "accepted: NAME=COMMAND"),
    ("bad name=cmd", "bad bot name 'bad name'"),
    # the rule a Hello's bot_name and `arena bot add` follow too: not every Unicode letter
    ("café=cmd", "bad bot name 'café'; accepted: 1 to 64 of A-Z a-z 0-9"),
])
def test_bad_bot_specs_say_what_is_accepted(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_bot(spec)


def report(path: Path) -> dict[str, Any] | None:
    """What the family bot wrote, once it has."""
    return json.loads(path.read_text()) if path.exists() else None


def kill_leftovers(*pids: int) -> None:
    """A failing test must not leave its processes behind either."""
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_braces_beside_the_placeholder_are_the_commands_own() -> None:
    argv, _ = prepared("sh --name {name} --opts '{\"depth\": 3}' ${HOME}")
    assert argv[argv.index("--") + 1:] == [shutil.which("sh"), "--name", "me", "--opts",
                                          '{"depth": 3}', "${HOME}"]


def test_a_shell_command_with_a_placeholder_and_a_variable_plays() -> None:
    command = ("sh -c 'exec \"$0\" -m bots.run random --name={name} ${NO_SUCH_VARIABLE}' "
               + shlex.quote(PYTHON))
    record = play_match([f"shell={command}", f"b={RANDOM_PROCESS}"], options={"rounds": 2})
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason


def test_a_command_that_does_not_split_is_refused_when_parsed() -> None:
    with pytest.raises(ValueError, match="bad command of bot 'a'.*No closing quotation"):
        parse_bot("a=python 'bot.py")


def run_family(path: Path, limits: Limits = Limits()) -> tuple[BotProcess, dict[str, Any]]:
    """Launch the family bot, wait for its report, then end it as the arena does."""
    bot = family(path, limits)

    async def main() -> dict[str, Any]:
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            with trio.fail_after(60):
                while (seen := report(path)) is None:
                    await trio.sleep(0.02)
            nursery.cancel_scope.cancel()
        return seen

    return bot, trio.run(main)


def limit(limits: str, name: str) -> list[str]:
    """Soft and hard value of one line of /proc/PID/limits."""
    line = next(line for line in limits.splitlines() if line.startswith(name))
    return line[len(name):].split()[:2]


def test_limits_apply_and_the_end_kills_the_bots_children_too(tmp_path: Path) -> None:
    bot, seen = run_family(tmp_path / "family.json", Limits(memory_mb=900, cpu_seconds=77))
    try:
        assert seen["pid"] == bot.pid
        assert limit(seen["limits"], "Max address space") == [str(900 << 20)] * 2
        assert limit(seen["limits"], "Max cpu time") == ["77", "82"]
        assert bot.returncode == -signal.SIGKILL
        wait_until(lambda: not alive(seen["child"]), "the bot's child to die")
    finally:
        kill_leftovers(seen["child"])


def run_to_exit(command: str) -> BotProcess:
    """Launch ``command`` as the arena launches a bot, and wait for it to end by itself."""
    bot = BotProcess("brief", *prepared(command, "brief"))

    async def main() -> None:
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            with trio.fail_after(60):
                await bot.exited.wait()

    trio.run(main)
    return bot


def test_a_bot_starts_with_the_default_signal_dispositions(tmp_path: Path) -> None:
    path = tmp_path / "status"
    command = f"sh -c 'cat /proc/$$/status > \"$1\"' sh {shlex.quote(str(path))}"
    assert run_to_exit(command).returncode == 0
    ignored = next(int(line.split()[1], 16) for line in path.read_text().splitlines()
                   if line.startswith("SigIgn:"))
    # The Python launcher ignores SIGPIPE and SIGXFSZ; a bot (a shell pipeline, say) must not.
    assert not ignored & (1 << (signal.SIGPIPE - 1)), hex(ignored)
    assert not ignored & (1 << (signal.SIGXFSZ - 1)), hex(ignored)


# A bot signalling its own process group (which holds the guardian too), as a cleanup does;
# exits 3 if its guardian child died of it within half a second.
_SIGNALS_ITS_GROUP = """
import os, signal, time
for signum in (signal.SIGUSR1, signal.SIGTERM):
    signal.signal(signum, signal.SIG_IGN)
me = os.getpid()
guardians = open(f"/proc/{me}/task/{me}/children").read().split()
os.killpg(0, signal.SIGUSR1)
os.killpg(0, signal.SIGTERM)
deadline = time.monotonic() + 0.5
while time.monotonic() < deadline:
    for pid in guardians:
        state = open(f"/proc/{pid}/stat").read().split(")")[-1].split()[0]
        if state == "Z":
            raise SystemExit(3)
"""


def test_a_bot_may_signal_its_own_group() -> None:
    command = f"{shlex.quote(PYTHON)} -c {shlex.quote(_SIGNALS_ITS_GROUP)} {{name}}"
    assert run_to_exit(command).returncode == 0


def test_killing_the_arena_kills_the_bots_children_too(tmp_path: Path) -> None:
    path = tmp_path / "family.json"
    stand_in = subprocess.Popen([PYTHON, "-m", "tests.support.family_bot", "arena", str(path)],
                                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    seen: dict[str, Any] = {}
    try:
        seen = wait_until(lambda: report(path) or stand_in.poll() is not None, "the bot")
        assert stand_in.poll() is None, "the stand-in arena ended"
        stand_in.kill()  # SIGKILL: no cleanup code runs in the arena
        stand_in.wait(timeout=30)
        wait_until(lambda: not alive(seen["pid"]), "the bot to die")
        wait_until(lambda: not alive(seen["child"]), "the bot's child to die")
    finally:
        stand_in.kill()
        stand_in.wait(timeout=30)
        if seen:
            kill_leftovers(seen["pid"], seen["child"])


def test_killing_a_bot_after_it_exited_signals_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    # Once reaped, its pid may be another process's (pid_max is small): BotPool.stop() kills
    # every bot, long after some have exited. Forcing a pid's reuse would take root and a
    # kernel knob, so the signal itself is what is watched.
    bot = run_to_exit("true {name}")
    assert bot.returncode == 0
    signalled: list[int] = []
    monkeypatch.setattr(_launcher.os, "killpg", lambda pid, signum: signalled.append(pid))
    bot.kill()
    assert signalled == []


def test_a_process_that_missed_its_deadline_is_replaced_before_its_next_match() -> None:
    from scheduler._runner import MatchSpec, run_match
    from scheduler._seating import BotPool, BotSpec
    from scheduler._timecontrol import FaultPolicy, TimeControl
    from tests.support.harness import scripted

    specs = [BotSpec.parse(f"slow={scripted('sleep', at=1, seconds=2)}"),
             BotSpec.parse("builtin:random")]

    async def main() -> tuple[list[int], list[Any]]:
        pool = BotPool(specs)  # no --recover: a late process is replaced regardless
        pids, results = [], []
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            for n in range(2):
                seats = [await pool.seat(s.name) for s in specs]
                pids.append(pool.instances["slow"][0].process.pid)
                record = await run_match(MatchSpec(f"m{n}", "duel", n, {"rounds": 2}), seats,
                                         TimeControl.per_move(0.3), FaultPolicy("default"))
                results.append(record)
            pool.stop()
        return pids, results

    (first, second), (late, after) = trio.run(main)
    assert late.faults[0].timeouts >= 1  # the default policy played on for it
    assert second != first and not alive(first)  # a fresh process took the next match
    assert after.result is not None and after.seats == ["slow", "random"]


@pytest.mark.parametrize("arguments, problem", [
    (["--memory-mb=64", "--cpu=1", "--", "true"], "unknown or malformed option '--cpu=1'"),
    (["--memory-mb", "64", "--", "true"], "unknown or malformed option '--memory-mb'"),
    (["--memory-mb=-1", "--", "true"], "unknown or malformed option '--memory-mb=-1'"),
    (["--memory-mb=64"], "no command given after --"),
])
def test_the_limits_wrapper_names_a_bad_option_and_what_it_accepts(
        arguments: list[str], problem: str) -> None:
    done = subprocess.run([PYTHON, "-I", "-S", str(ROOT / "arena" / "_limits.py"), *arguments],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert problem in done.stderr
    assert "--memory-mb=N" in done.stderr and "--cpu-seconds=N" in done.stderr
