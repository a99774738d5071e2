"""The flags of launched bots, as a user meets them (the CLI as a process): the sandbox's
levels, the bots' environment, the warning about wall clocks on a busy machine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]
RANDOM = f"{sys.executable} -m bots.run random"


def arena(*args: str, cwd: Path, env: dict[str, str] | None = None
          ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARENA, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=180, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


def without_bwrap(tmp_path: Path) -> dict[str, str]:
    """A PATH with this Python and the basic tools but no bwrap."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in ("prlimit", "setpriv", "sh"):
        for where in ("/usr/bin", "/bin"):
            if Path(where, tool).exists():
                (folder / tool).symlink_to(Path(where, tool))
                break
    return {"PATH": f"{folder}:{Path(sys.executable).parent}"}


def test_required_refuses_to_start_without_bwrap_and_leaves_nothing(tmp_path: Path) -> None:
    done = arena("tournament", "--game", "duel", "--bot", f"a={RANDOM}", "--bot",
                 "builtin:random", "--sandbox", "required", cwd=tmp_path,
                 env=without_bwrap(tmp_path))
    assert done.returncode == 2, done.stderr
    assert "--sandbox required, but bubblewrap is not installed" in done.stderr
    assert not (tmp_path / "arena.sqlite").exists()


def test_auto_plays_on_without_bwrap_with_one_warning_line(tmp_path: Path) -> None:
    done = arena("tournament", "--game", "duel", "--rounds", "1", "--option", "rounds=1",
                 "--bot", f"a={RANDOM}", "--bot", "builtin:random", cwd=tmp_path,
                 env=without_bwrap(tmp_path))
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if "WITHOUT a sandbox" in line]
    assert len(warnings) == 1 and "--sandbox required" in warnings[0]


@pytest.mark.parametrize("value, message", [
    ("NOEQUALS", "accepted: NAME=VALUE"),
    ("ARENA_TOKEN=x", "the ARENA_ variables are the arena's own"),
    ("9LIVES=x", "accepted: NAME=VALUE"),
])
def test_a_bad_bot_env_says_what_is_accepted(tmp_path: Path, value: str, message: str) -> None:
    done = arena("tournament", "--game", "duel", "--bot", f"a={RANDOM}", "--bot",
                 "builtin:random", "--bot-env", value, cwd=tmp_path)
    assert done.returncode == 2 and message in done.stderr, done.stderr


def test_wall_clocks_warn_when_more_bots_think_at_once_than_there_are_cores(
        tmp_path: Path) -> None:
    cores = os.cpu_count() or 1
    args = ["tournament", "--game", "duel", "--rounds", "1", "--option", "rounds=1",
            "--bot", f"a={RANDOM}", "--bot", f"b={RANDOM}", "--sandbox", "none"]
    busy = arena(*args, "--concurrency", str(cores), cwd=tmp_path)
    assert busy.returncode == 0, busy.stderr
    assert "a bot may lose on time waiting for a core; give --clock cpu" in busy.stderr
    calm = arena(*args, "--concurrency", str(cores), "--clock", "cpu", "--db", "b.sqlite",
                 cwd=tmp_path)
    assert calm.returncode == 0 and "--clock cpu" not in calm.stderr, calm.stderr


def test_in_a_game_played_in_turn_one_bot_a_match_counts_as_thinking(tmp_path: Path) -> None:
    # Sector 41's seats decide one after another: as many matches as cores keep every core
    # busy with one bot each (the first README command, 2 matches on 2 cores, says nothing),
    # one match more may make a bot wait.
    cores = os.cpu_count() or 1
    args = ["tournament", "--game", "sector41", "--rounds", "1", "--option", "turn_limit=2",
            "--bot", f"a={RANDOM}", "--bot", f"b={RANDOM}", "--sandbox", "none"]
    fits = arena(*args, "--concurrency", str(cores), cwd=tmp_path)
    assert fits.returncode == 0 and "--clock cpu" not in fits.stderr, fits.stderr
    busy = arena(*args, "--concurrency", str(cores + 1), "--db", "b.sqlite", cwd=tmp_path)
    assert busy.returncode == 0, busy.stderr
    assert (f"up to {cores + 1} bot processes think at once on {cores} cores" in busy.stderr
            ), busy.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="only an arena run as root drops each bot to a "
                                              "user of its own")
def test_a_bot_folder_its_own_user_cannot_read_is_named_at_once(tmp_path: Path) -> None:
    from arena import _sandbox

    if _sandbox.unavailable() is not None:
        pytest.skip(f"no sandbox here: {_sandbox.unavailable()}")
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    (folder / "bot.py").write_text("")
    done = arena("tournament", "--game", "duel", "--bot", f"a={sys.executable} {folder}/bot.py",
                 "--bot", "builtin:random", "--sandbox", "required", cwd=tmp_path)
    assert done.returncode == 4, done.stderr
    assert f"{folder} is not readable by the sandbox's user" in done.stderr
    assert "chmod o+rX" in done.stderr


def test_a_bot_that_never_says_hello_is_awaited_aloud_then_given_up(tmp_path: Path) -> None:
    silent = f"{sys.executable} -c 'import time; time.sleep(600)'"
    done = arena("tournament", "--game", "duel", "--bot", f"quiet={silent}", "--bot",
                 "builtin:random", "--startup-timeout", "7", "--sandbox", "none", cwd=tmp_path)
    assert done.returncode == 4, done.stderr
    assert "still waiting for bot 'quiet' to say Hello on its stdout" in done.stderr
    assert "sent no Hello on its stdout within 7 s (--startup-timeout" in done.stderr
    assert not (tmp_path / "arena.sqlite").exists()


@pytest.mark.parametrize("command", [
    ["tournament"], ["play"], ["sprt"], ["gauntlet"], ["bot", "validate", "b", "cmd"]])
@pytest.mark.parametrize("value, message", [("0", "'0' must be 1 or more"),
                                            ("-3", "'-3' must be 1 or more"),
                                            ("lots", "'lots' is not a number")])
def test_every_command_that_launches_bots_refuses_a_bad_tmp_size(
        tmp_path: Path, command: list[str], value: str, message: str) -> None:
    done = arena(*command, "--tmp-mb", value, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"argument --tmp-mb: {message}" in done.stderr, done.stderr
    assert not list(tmp_path.iterdir())


def test_a_stored_run_from_before_the_tmp_limit_gets_the_default_and_none_is_unbounded(
        ) -> None:
    from scheduler._tournament import TournamentConfig

    stored = TournamentConfig("duel", ("builtin:random", "b=builtin:random")).to_dict()
    del stored["tmp_mb"]  # as an older arena wrote it
    config = TournamentConfig.from_dict(stored)
    assert config.tmp_mb == 256 and config.launch().limits.tmp_mb == 256
    with pytest.raises(ValueError, match="never unbounded; accepted: 1 or more"):
        TournamentConfig.from_dict({**stored, "tmp_mb": 0}).check()
