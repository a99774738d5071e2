"""Finding one's way in the ``arena`` command line, as a newcomer meets it (issue 34, item 4):
built-in bots listed, a database's matches listed, ``play`` recorded, a mistyped flag
answered by its own command, seats filled, and Ctrl-C saying how to go on."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import bots
from scheduler._store import Store
from tests.scheduler.test_cli import ARENA, ROOT, arena
from tests.support.harness import ctrl_c_after_matches


def test_bots_lists_every_builtin_with_its_games_and_strength() -> None:
    listed = arena("bots").stdout
    for name in bots.builtin_names():
        assert f"builtin:{name}  (" in listed, listed
    assert "builtin:random  (every game)" in listed
    assert "builtin:sol-greedy  (sol)" in listed
    assert "96% match score against random" in listed


def test_a_mistyped_flag_gets_its_commands_usage_and_a_suggestion() -> None:
    result = arena("tournament", "--round", "1", check=False, timeout=60)
    assert result.returncode == 2
    # Its own usage (not the top level's), and no abbreviation taken for --rounds.
    assert result.stderr.startswith("usage: arena tournament"), result.stderr
    assert "unrecognized arguments: --round 1 (did you mean --rounds?)" in result.stderr
    nested = arena("bot", "add", "x", "--dbb", "f.sqlite", check=False, timeout=60)
    assert nested.returncode == 2 and nested.stderr.startswith("usage: arena bot add")
    assert "(did you mean --db?)" in nested.stderr
    command = arena("tournamnt", check=False, timeout=60)
    assert command.returncode == 2 and "(did you mean tournament?)" in command.stderr
    choice = arena("tournament", "--policy", "forfiet", check=False, timeout=60)
    assert choice.stderr.startswith("usage: arena tournament")
    assert "(did you mean forfeit?)" in choice.stderr


def test_play_tells_the_truth_in_its_help() -> None:
    shown = " ".join(arena("play", "--help").stdout.split())
    assert "in-process random bots" in shown and "--db FILE" in shown
    assert "reference bots" not in shown


def test_play_records_with_db_and_matches_lists_filters_and_replays(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    played = arena("play", "--game", "duel", "--players", "3", "--bot", "mine=builtin:random",
                   "--option", "rounds=2", "--db", str(db))
    # One bot for three seats: two in-process random bots fill the rest, said on stderr.
    assert "2 seat(s) filled with builtin:random (random, random-2)" in played.stderr
    with Store(str(db)) as store:
        (record,) = store.matches()
    assert record.seats == ["mine", "random", "random-2"] and record.match_id in played.stderr
    arena("tournament", "--game", "duel", "--bot", "builtin:random", "--bot", "b=builtin:random",
          "--rounds", "1", "--option", "rounds=1", "--db", str(db))
    listed = arena("matches", "--db", str(db)).stdout.splitlines()
    assert len(listed) == 3 and listed[-1].startswith(f"{record.match_id}  duel  seat 0 mine")
    assert "[normal]" in listed[-1]
    assert arena("matches", "--db", str(db), "--bot", "mine").stdout.splitlines() == listed[-1:]
    assert len(arena("matches", "--db", str(db), "--bot", "b").stdout.splitlines()) == 2
    assert arena("matches", "--db", str(db), "--game", "sol").stdout == "no finished matches " \
                                                                         "with these filters\n"
    tid = listed[0].split()[0].rsplit("-", 1)[0]
    assert len(arena("matches", "--db", str(db), "--tournament", tid).stdout.splitlines()) == 2
    unknown = arena("matches", "--db", str(db), "--tournament", "t-nope", check=False)
    assert unknown.returncode == 2 and "no tournament 't-nope'" in unknown.stderr
    server_only = arena("matches", "--bot", "b", check=False)
    assert server_only.returncode == 2 and "give --db FILE" in server_only.stderr
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))  # bound but not listening: no arena answers there
        address = f"127.0.0.1:{holder.getsockname()[1]}"
        nobody = arena("matches", "--address", address, check=False, timeout=60)
        unwatched = arena("watch", record.match_id, "--address", address, check=False,
                          timeout=60)
    assert nobody.returncode == 2, nobody.stderr
    assert (f"no arena answers at {address} (start one with `arena serve`, or give --address "
            f"HOST:PORT; a database's matches: --db FILE, e.g. --db arena.sqlite)"
            ) in nobody.stderr
    assert unwatched.returncode == 2, unwatched.stderr
    assert (f"; a recorded match: arena replay {record.match_id} --db FILE (--html OUT for "
            f"its board))") in unwatched.stderr
    replayed = arena("replay", record.match_id, "--db", str(db), "--quiet")
    assert "replay matches the record" in replayed.stdout


def test_a_tournament_fills_a_game_with_fewer_bots_than_seats(tmp_path: Path) -> None:
    result = arena("tournament", "--game", "duel", "--players", "4", "--bot", "builtin:random",
                   "--bot", "b=builtin:random", "--rounds", "1", "--option", "rounds=1",
                   "--db", str(tmp_path / "f.sqlite"))
    assert "2 seat(s) filled with builtin:random (random-2, random-3)" in result.stderr
    assert "4 matches" in result.stderr  # one group of four, in its four seat rotations
    for name in ("random", "b", "random-2", "random-3"):
        assert f" {name} " in result.stdout, result.stdout


@pytest.mark.parametrize("command", ["tournament", "play"])
@pytest.mark.parametrize("game, players, error", [
    ("sol", "9", "arena: error: game 'sol' is played by 2..5 players, got 9"),
    ("chess", "2", "arena: error: unknown game 'chess'; known games: "),
])
def test_a_refused_game_or_player_count_fills_no_seat_first(command: str, game: str,
                                                            players: str, error: str) -> None:
    result = arena(command, "--game", game, "--players", players, "--bot", "builtin:random",
                   check=False, timeout=60)
    assert result.returncode == 2 and result.stderr.startswith(error), result.stderr
    assert "filled" not in result.stderr


def test_ctrl_c_says_how_to_resume(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    # A bot that stops answering at its 5th decision (after a match or two) under a long
    # move time: the tournament is surely still playing when Ctrl-C comes.
    slow = f"{sys.executable} -m tests.support.scripted_bot sleep --at 5 --seconds 600"
    process = subprocess.Popen(
        [*ARENA, "tournament", "--game", "duel", "--bot", f"slow={slow}", "--bot",
         "builtin:random", "--rounds", "3", "--option", "rounds=1", "--move-time", "600",
         "--concurrency", "1", "--db", str(db)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    stderr = ctrl_c_after_matches(process, db, 1)
    assert process.returncode == 130, stderr
    with Store(str(db)) as store:
        tid = store.latest_tournament(unfinished=True, kind="tournament")
    assert (f"arena: interrupted (every finished match is recorded); go on with "
            f"`arena tournament --resume {tid} --db {db}`") in stderr, stderr


def test_seat_terms_that_cannot_be_fitted_are_a_warning_not_a_traceback(tmp_path: Path) -> None:
    db = tmp_path / "one.sqlite"
    arena("play", "--game", "duel", "--players", "3", "--option", "rounds=2", "--seed", "2",
          "--db", str(db))
    # One match, each bot in one seat: the seat terms (which have no prior) are unbounded.
    result = arena("ratings", "--seat-advantage", "--db", str(db))
    assert "arena: warning: no seat terms for duel (1 match(es))" in result.stderr
    assert "Traceback" not in result.stderr
    for name in ("random", "random-2", "random-3"):
        assert re.search(rf"^\s+\d\s+{name}\s", result.stdout, re.M), result.stdout
