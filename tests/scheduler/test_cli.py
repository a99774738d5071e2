"""The ``arena`` command line end to end: real processes, a real SQLite file."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scheduler._store import Store
from tests.support.harness import alive

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]
RANDOM = f"{sys.executable} -m bots.run random"


def arena(*args: str, timeout: float = 180, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([*ARENA, *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=timeout)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def finished_matches(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db, timeout=5) as connection:
            return connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    except sqlite3.OperationalError:
        return 0  # schema not created yet


def match_ids(db: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT tournament_id, idx FROM matches ORDER BY idx").fetchall()


def test_a_tournament_prints_standings_and_exports(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    result = arena("tournament", "--game", "duel", "--bot", f"proc={RANDOM}",
                   "--bot", "builtin:random", "--bot", "other=builtin:random", "--rounds", "2",
                   "--option", "rounds=4", "--db", str(db), "--json", str(tmp_path / "o.json"),
                   "--csv", str(tmp_path / "o.csv"), "--seed", "5")
    # 3 pairs x 2 seat orders x 2 rounds.
    assert "12 matches" in result.stderr
    assert re.search(r"^\s+1\s+\S+\s+[+-]\d+\s+\[", result.stdout, re.M), result.stdout
    exported = json.loads((tmp_path / "o.json").read_text())
    assert len(exported["matches"]) == 12
    assert {s["bot"] for s in exported["standings"]} == {"proc", "random", "other"}
    assert sum(s["matches"] for s in exported["standings"]) == 24
    csv_lines = (tmp_path / "o.csv").read_text().splitlines()
    assert csv_lines[0].startswith("game,rank,bot,elo,elo_low,elo_high,matches,score")
    assert len(csv_lines) == 4
    ratings = arena("ratings", "--db", str(db))
    assert "duel:" in ratings.stdout and "proc" in ratings.stdout
    for match in exported["matches"]:
        replay = arena("replay", match["match_id"], "--db", str(db), "--quiet")
        assert "replay matches the record" in replay.stdout


def test_resume_after_sigkill_loses_no_match_and_counts_none_twice(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    args = ["tournament", "--game", "duel", "--option", "rounds=40", "--rounds", "3",
            "--concurrency", "2", "--db", str(db), "--seed", "9"]
    for name in ("a", "b", "c", "d"):
        args += ["--bot", f"{name}={RANDOM}"]
    total = 4 * 3 // 2 * 2 * 3  # 6 pairs x 2 seat orders x 3 rounds = 36
    process = subprocess.Popen([*ARENA, *args], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while finished_matches(db) < 4:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no matches were recorded in time"
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)  # the tournament and every bot it started
    process.wait(timeout=30)
    interrupted = finished_matches(db)
    assert 4 <= interrupted < total
    resumed = arena("tournament", "--resume", "--db", str(db))
    assert "resuming tournament" in resumed.stderr
    ids = match_ids(db)
    assert len(ids) == total
    assert len(set(ids)) == total
    assert [i for _, i in ids] == list(range(total))
    # The same plan uninterrupted gives the same set of matches.
    fresh = tmp_path / "fresh.sqlite"
    arena(*[a if a != str(db) else str(fresh) for a in args])
    assert [i for _, i in match_ids(fresh)] == list(range(total))


@pytest.mark.parametrize("args, message", [
    (["tournament", "--game", "chess"], "unknown game 'chess'; known games:"),
    (["tournament", "--game", "duel", "--tc", "fast"], "bad time control 'fast'"),
    (["tournament", "--game", "duel", "--bot", "=oops"], "accepted: NAME=COMMAND or builtin:NAME"),
    (["tournament", "--game", "duel", "--bot", "builtin:nobody"], "unknown built-in bot 'nobody'"),
    (["tournament", "--game", "duel", "--players", "7"], "played by 2..4 players, got 7"),
    (["tournament", "--game", "duel", "--option", "rounds=0"], "option 'rounds' takes 1..50"),
    (["tournament", "--game", "duel", "--option", "speed=1"], "unknown option 'speed'"),
    (["tournament", "--game", "duel", "--gauntlet", "zed"], "gauntlet bot 'zed' is not among"),
    (["replay", "nope", "--db", "/nonexistent/x.sqlite"], "no database at"),
])
def test_bad_command_lines_say_what_is_accepted(args: list[str], message: str) -> None:
    result = arena(*args, check=False, timeout=60)
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr, result.stderr


def test_a_refused_tournament_leaves_no_database_behind(tmp_path: Path) -> None:
    db = tmp_path / "never.sqlite"
    result = arena("tournament", "--game", "duel", "--margin", "nan", "--db", str(db),
                   check=False, timeout=60)
    assert result.returncode == 2 and "margin must be a finite number" in result.stderr
    assert not db.exists()


def test_games_and_play(tmp_path: Path) -> None:
    games = arena("games")
    assert "duel: Secret Duel (test game), 2-4 players, simultaneous choices" in games.stdout
    assert "--option rounds=<int> (1..50), default 3" in games.stdout
    played = arena("play", "--game", "duel", "--players", "3", "--option", "rounds=2")
    assert "multiplier" in played.stdout and "result: 1." in played.stdout


def test_gauntlet_puts_the_challenger_in_every_match(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    arena("tournament", "--game", "duel", "--players", "3", "--gauntlet", "new",
          "--bot", "new=builtin:random", "--bot", "a=builtin:random", "--bot", "b=builtin:random",
          "--bot", "c=builtin:random", "--rounds", "1", "--db", str(db),
          "--json", str(tmp_path / "g.json"))
    matches = json.loads((tmp_path / "g.json").read_text())["matches"]
    assert len(matches) == 3 * 3  # C(3,2) opponent pairs x 3 rotations
    assert all("new" in m["seats"] for m in matches)
    seats_of_new = sorted(m["seats"].index("new") for m in matches)
    assert seats_of_new == [0, 0, 0, 1, 1, 1, 2, 2, 2]


@pytest.mark.parametrize("new, old, code, verdict", [
    ("builtin:sector41-greedy", "builtin:random", 0, "accept_h1"),
    ("builtin:random", "builtin:sector41-greedy", 1, "accept_h0"),
])
def test_sprt_stops_early_with_an_exit_code_for_ci(tmp_path: Path, new: str, old: str,
                                                   code: int, verdict: str) -> None:
    # A window wide enough for a lopsided pair to decide within a few dozen games.
    result = arena("sprt", "--game", "sector41", "--bot", new, "--bot", old, "--elo0", "-50",
                   "--elo1", "50", "--max-matches", "200", "--db", str(tmp_path / "s.sqlite"),
                   check=False)
    assert result.returncode == code, result.stdout + result.stderr
    assert verdict in result.stdout
    games = int(re.search(r"in (\d+) games", result.stdout)[1])
    assert games < 200  # it stopped early


def test_sprt_reports_the_decision_it_stopped_on(tmp_path: Path) -> None:
    # Wide hypotheses decide within a few games, while the other seat order of the same deal
    # is still being played: that match is recorded, but must not undo the decision.
    result = arena("sprt", "--game", "duel", "--bot", "builtin:random", "--bot",
                   "r2=builtin:random", "--max-matches", "400", "--elo0", "-200", "--elo1", "200",
                   "--concurrency", "4", "--db", str(tmp_path / "s.sqlite"), check=False)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    assert "continue" not in result.stdout
    resumed = arena("tournament", "--resume", "--db", str(tmp_path / "s.sqlite"), check=False)
    assert resumed.returncode == 2 and "no unfinished tournament" in resumed.stderr


def test_resume_takes_the_newest_unfinished_tournament_and_only_its_plan(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    plan = ["--game", "duel", "--bot", "a=builtin:random", "--bot", "b=builtin:random",
            "--rounds", "1", "--db", str(db)]
    arena("tournament", *plan, "--seed", "2")
    stored = sqlite3.connect(db)
    with stored:  # an unfinished tournament older than the finished one
        stored.execute("UPDATE tournaments SET finished = 0, created_at = 0 WHERE rowid = 1")
        stored.execute("DELETE FROM matches")
    arena("tournament", *plan, "--seed", "3")
    first = stored.execute("SELECT id FROM tournaments WHERE rowid = 1").fetchone()[0]
    refused = arena("tournament", "--resume", "--rounds", "3", "--db", str(db), check=False)
    assert refused.returncode == 2 and "drop --rounds" in refused.stderr
    resumed = arena("tournament", "--resume", "--concurrency", "1", "--db", str(db))
    assert f"resuming tournament {first}" in resumed.stderr
    assert stored.execute("SELECT COUNT(*) FROM matches WHERE tournament_id = ?",
                          (first,)).fetchone()[0] == 2
    with Store(db).claim(first):  # as a run of it in another process would
        busy = arena("tournament", "--resume", first, "--db", str(db), check=False)
    assert busy.returncode == 2 and "being played by another process" in busy.stderr
    with stored:  # a plan this version would not make
        stored.execute("UPDATE tournaments SET finished = 0 WHERE id = ?", (first,))
        stored.execute("UPDATE schedule SET seats = '[\"b\", \"b\"]' WHERE tournament_id = ?",
                       (first,))
    replanned = arena("tournament", "--resume", first, "--db", str(db), check=False)
    assert replanned.returncode == 2 and "planned differently" in replanned.stderr
    with stored:
        stored.execute("UPDATE tournaments SET config = '{\"game\": \"duel\", \"byes\": 1}' "
                       "WHERE id = ?", (first,))
    foreign = arena("tournament", "--resume", first, "--db", str(db), check=False)
    assert foreign.returncode == 2 and "unknown keys ['byes']" in foreign.stderr
    stored.close()


def test_a_file_that_is_no_arena_database_is_refused_by_name(tmp_path: Path) -> None:
    junk = tmp_path / "notes.sqlite"
    junk.write_text("not a database at all\n" * 100)
    result = arena("ratings", "--db", str(junk), check=False)
    assert result.returncode == 2
    assert f"cannot use {str(junk)!r} as the arena's database" in result.stderr


def test_ratings_export_every_game_and_bad_export_paths_fail_first(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite"
    for game, options in (("duel", "rounds=2"), ("sector41", "turn_limit=5")):
        arena("tournament", "--game", game, "--bot", "a=builtin:random", "--bot",
              "b=builtin:random", "--rounds", "1", "--option", options, "--db", str(db))
    arena("ratings", "--db", str(db), "--json", str(tmp_path / "r.json"),
          "--csv", str(tmp_path / "r.csv"))
    exported = json.loads((tmp_path / "r.json").read_text())
    assert {(s["game"], s["bot"]) for s in exported["standings"]} == {
        (g, b) for g in ("duel", "sector41") for b in ("a", "b")}
    assert {m["game"] for m in exported["matches"]} == {"duel", "sector41"}
    rows = (tmp_path / "r.csv").read_text().splitlines()[1:]
    assert sorted(r.split(",")[0] for r in rows) == ["duel", "duel", "sector41", "sector41"]
    before = finished_matches(db)
    bad = arena("tournament", "--game", "duel", "--bot", "a=builtin:random", "--bot",
                "b=builtin:random", "--db", str(db), "--csv", str(tmp_path / "no" / "x.csv"),
                check=False)
    assert bad.returncode == 2 and "--csv" in bad.stderr and "cannot write there" in bad.stderr
    assert finished_matches(db) == before  # refused before anything was played


@pytest.mark.parametrize("recover", [False, True])
def test_a_crashed_bot_process_is_restarted_only_with_recover(tmp_path: Path,
                                                               recover: bool) -> None:
    from scheduler._store import Store

    db = tmp_path / "c.sqlite"
    crashy = f"{sys.executable} -m tests.support.scripted_bot crash --at 3"
    arena("tournament", "--game", "duel", "--option", "rounds=5", "--rounds", "2",
          "--concurrency", "1", "--bot", f"crashy={crashy}", "--bot", "builtin:random",
          "--db", str(db), *(["--recover"] if recover else []))
    records = sorted(Store(db).matches(), key=lambda r: r.index or 0)
    assert len(records) == 4
    assert all(r.result is not None and r.result.termination.value == "crash" for r in records)
    acted = [sum(1 for step in r.steps for a in step if r.seats[a.seat] == "crashy")
             for r in records]
    # Each fresh process answers two decisions and dies at its third; a dead one answers none.
    assert acted[0] == 2
    assert acted[1:] == ([2, 2, 2] if recover else [0, 0, 0])


def test_killing_the_arena_kills_the_bots_it_started(tmp_path: Path) -> None:
    # One deal in both seat orders, at once: two matches that last (x never answers), so
    # the pool starts a process of each bot for each and no third match starts.
    silent = f"{sys.executable} -m tests.support.scripted_bot silent"
    process = subprocess.Popen(
        [*ARENA, "tournament", "--game", "duel", "--rounds", "1", "--move-time", "60",
         "--bot", f"x={silent}", "--bot", f"y={RANDOM}", "--db", str(tmp_path / "k.sqlite")],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(bot_pids(process.pid)) < 4:
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    bots = bot_pids(process.pid)
    assert len(bots) == 4  # two bots in two matches at once (--concurrency 2): a process each
    process.kill()  # SIGKILL: no cleanup code runs in the arena
    process.wait(timeout=30)
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in bots):
        assert time.monotonic() < deadline, f"bot processes {bots} outlived the arena"
        time.sleep(0.05)


def bot_pids(parent: int) -> list[int]:
    """Children of the arena process (the launched bots, after their wrapper exec'd)."""
    children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
    return [int(pid) for pid in children]


@pytest.mark.parametrize("command, shown", [
    ("no-such-bot-command --fast", "no program 'no-such-bot-command'"),
    (f"{sys.executable} -c \"import sys; sys.exit('bad config: depth')\"", "bad config: depth"),
])
def test_a_bot_that_cannot_start_is_one_error_with_its_stderr_and_leaves_nothing(
        tmp_path: Path, command: str, shown: str) -> None:
    db = tmp_path / "none.sqlite"
    result = arena("tournament", "--game", "duel", "--bot", f"broken={command}", "--bot",
                   "builtin:random", "--db", str(db), check=False)
    assert result.returncode == 4, result.stderr
    assert shown in result.stderr and "Traceback" not in result.stderr
    if "no program" not in shown:
        assert "bot 'broken' exited with code 1 before its Hello" in result.stderr
    assert not db.exists()  # neither an unfinished tournament nor an empty file
    logs = tmp_path / "logs"
    played = arena("play", "--game", "duel", "--bot", f"broken={command}", "--bot",
                   "builtin:random", "--bot-logs", str(logs), check=False)
    assert played.returncode == 4 and shown in played.stderr
    if "no program" not in shown:  # a program that ran: its stderr is kept
        assert shown in (logs / "broken.1.log").read_text()
    # sprt's 1 means "NEW is worse": a NEW that cannot start is an error, not a verdict
    tested = arena("sprt", "--game", "duel", "--bot", f"broken={command}", "--bot",
                   "old=builtin:random", "--db", str(tmp_path / "sprt.sqlite"), check=False)
    assert tested.returncode == 4 and shown in tested.stderr


@pytest.fixture
def busy_port():
    """A port on 127.0.0.1 that something else listens on."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


@pytest.mark.parametrize("args, message", [
    (["tournament", "--game", "race", "--players", "3", "--option", "advanced=true"],
     "option 'advanced' is the two-player advanced game"),
    (["tournament", "--game", "duel", "--memory-mb", "-5"], "'-5' must be 0 or more"),
    (["tournament", "--game", "duel", "--max-strikes", "3"], "give --policy default with it"),
    (["sprt", "--game", "duel", "--bot", "builtin:random", "--bot", "b=builtin:random",
      "--max-strikes", "2"], "give --policy default with it"),
    (["serve", "--port", "{busy}", "--metrics-port", "0"], "cannot listen on 127.0.0.1:"),
    (["serve", "--host", "999.1.1.1", "--metrics-port", "0"], "cannot listen on 999.1.1.1"),
    (["serve", "--port", "0", "--metrics-port", "{busy}"], "--metrics-port"),
])
def test_each_mistake_is_one_line_and_leaves_no_database(tmp_path: Path, busy_port: int,
                                                         args: list[str], message: str) -> None:
    db = tmp_path / "never.sqlite"
    args = [a.replace("{busy}", str(busy_port)) for a in args]
    result = arena(*args, "--db", str(db), check=False, timeout=60)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr, result.stderr
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and message in errors[0], result.stderr  # (argparse adds usage)
    assert not db.exists() and not Path(f"{db}.lock").exists()


def test_a_reader_that_stops_reading_is_no_error() -> None:
    process = subprocess.Popen([*ARENA, "games"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as `arena games | head -0` would
    try:
        assert process.wait(timeout=60) == 0
        assert "Traceback" not in process.stderr.read()
    finally:
        process.kill()


def test_a_damaged_database_gets_one_clear_error_from_every_command(tmp_path: Path) -> None:
    db = tmp_path / "damaged.sqlite"
    arena("tournament", "--game", "duel", "--bot", "builtin:random", "--bot", "b=builtin:random",
          "--rounds", "20", "--db", str(db))
    with sqlite3.connect(db) as connection:  # everything into the main file
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page:3 * page] = bytes(range(256)) * (page // 256)  # a table page turned to noise
    db.write_bytes(bytes(data))
    for args in (["ratings"], ["bot", "add", "x"], ["serve", "--port", "0", "--metrics-port",
                                                   "0"],
                 ["tournament", "--game", "duel", "--bot", "builtin:random", "--bot",
                  "b=builtin:random"]):
        result = arena(*args, "--db", str(db), check=False, timeout=60)
        assert result.returncode == 2, (args, result.stderr)
        assert "is damaged" in result.stderr or "as the arena's database" in result.stderr
        assert "Traceback" not in result.stderr


def test_a_read_only_database_is_read_and_a_write_to_it_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "ro.sqlite"
    arena("tournament", "--game", "duel", "--bot", "builtin:random", "--bot", "b=builtin:random",
          "--rounds", "1", "--db", str(db))
    # Immutable (chattr +i): not even root may write it, as a read-only mount would do.
    if subprocess.run(["chattr", "+i", str(db)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not allowed here (it needs root on a file system that has it)")
    try:
        assert "random" in arena("ratings", "--db", str(db)).stdout
        for args in (["bot", "add", "x"],
                     ["tournament", "--game", "duel", "--bot", "builtin:random", "--bot",
                      "b=builtin:random"]):
            refused = arena(*args, "--db", str(db), check=False)
            assert refused.returncode == 4, refused.stderr
            assert "attempt to write a readonly database" in refused.stderr
            assert "Traceback" not in refused.stderr
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=False)


def _pgn_results(text: str) -> list[tuple[str, str, str]]:
    """(White, Black, Result) of each game of a PGN file, read as Ordo or BayesElo read it."""
    games = []
    for block in re.split(r"\n\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', block, re.M))
        games.append((tags["White"], tags["Black"], tags["Result"]))
        assert block.rstrip().endswith(tags["Result"])  # the result token ends the movetext
    return games


def test_ratings_export_pgn_anchor_filter_and_groups_that_never_met(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    for pair in (("a", "b"), ("c", "d")):  # two tournaments: a and b never meet c or d
        arena("tournament", "--game", "duel", "--bot", f"{pair[0]}=builtin:random", "--bot",
              f"{pair[1]}=builtin:random", "--rounds", "2", "--db", str(db), "--seed", "4")
    pgn = tmp_path / "out.pgn"
    result = arena("ratings", "--db", str(db), "--pgn", str(pgn), "--anchor", "a",
                   "--anchor-elo", "1500")
    assert "2 groups that never met" in result.stderr
    assert "duel (group 1 of 2):" in result.stdout and "duel (group 2 of 2):" in result.stdout
    games = _pgn_results(pgn.read_text())
    records = Store(db).matches(steps=False)
    assert len(games) == len(records) == 8
    expected = sorted((r.seats[0], r.seats[1], "1/2-1/2" if r.result.ranks[0] == r.result.ranks[1]
                       else "1-0" if r.result.ranks[0] < r.result.ranks[1] else "0-1")
                      for r in records)
    assert sorted(games) == expected
    line_a = next(line for line in result.stdout.splitlines() if re.search(r"\s a\s", line))
    assert "+1500" in line_a  # anchored
    h2h = arena("ratings", "--db", str(db), "--head-to-head").stdout
    assert "likelihood of superiority" in h2h and re.search(r"^a\s+\s+\d-\d-\d", h2h, re.M)
    filtered = arena("ratings", "--db", str(db), "--min-games", "5")
    assert not re.search(r"^\s+\d+\s+[abcd]\s", filtered.stdout, re.M)  # each played 4
