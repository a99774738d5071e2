"""What a cutechess or fastchess user expects of a tournament's output (issue 34, item 5): a
line per finished match and a periodic score line when stdout is a log, and PGN with the
tags those tools write."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from scheduler._store import Store
from tests.scheduler.test_cli import ARENA, ROOT, arena
from tests.support.harness import on_a_terminal


def test_a_logged_tournament_prints_each_match_and_the_score(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    # stdout is a pipe here: the lines come without --verbose. "slow" sleeps past its move
    # time at its first decision: a forfeit on time, named in its match's line.
    slow = f"{sys.executable} -m tests.support.scripted_bot sleep --at 1 --seconds 3"
    result = arena("tournament", "--game", "duel", "--bot", "builtin:random", "--bot",
                   "b=builtin:random", "--bot", f"slow={slow}", "--rounds", "2", "--option",
                   "rounds=1", "--move-time", "0.3", "--db", str(db), "--seed", "3")
    finished = re.findall(r"^Finished match (\d+) of 12 \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2) "
                          r"\{(.*)\}$", result.stdout, re.M)
    assert sorted(int(f[0]) for f in finished) == list(range(1, 13)), result.stdout
    with Store(str(db)) as store:
        by_number = {(r.index or 0) + 1: r for r in store.matches(steps=False)}
    for number, white, black, score, why in finished:
        record = by_number[int(number)]
        assert record.result is not None and [white, black] == record.seats
        first, second = record.result.ranks
        assert score == ("1/2-1/2" if first == second else "1-0" if first < second else "0-1")
        assert why == "normal" or why.startswith("slow loses on time"), why
    assert any(why.startswith("slow loses on time") for *_, why in finished)
    scores = re.findall(r"^Score after (\d+) of 12 matches: (.*)$", result.stdout, re.M)
    assert [done for done, _ in scores] == ["10", "12"]
    final = dict(re.findall(r"(\S+) (\d+-\d+-\d+) \(", scores[-1][1]))
    assert set(final) == {"random", "b", "slow"}
    for name, wdl in final.items():  # each bot met each other one 4 times in 8 matches
        assert sum(map(int, wdl.split("-"))) == 8, (name, wdl)
    assert result.stdout.index("Score after 12") < result.stdout.index("rank  bot")


def test_on_a_terminal_the_match_lines_come_with_verbose(tmp_path: Path) -> None:
    def run(db: str, *flags: str) -> str:
        shown, stderr, code = on_a_terminal(
            [*ARENA, "tournament", "--game", "duel", "--bot", "builtin:random", "--bot",
             "b=builtin:random", "--rounds", "1", "--option", "rounds=1", "--db",
             str(tmp_path / db), *flags], ROOT)
        assert code == 0, stderr
        return shown.replace("\r\n", "\n")  # a terminal's line ends

    quiet = run("q.sqlite")  # a progress line on stderr is enough on a terminal
    assert "Finished match" not in quiet and "Score after" not in quiet, quiet
    assert "rank  bot" in quiet
    verbose = run("v.sqlite", "--verbose")
    finished = re.findall(r"^Finished match ([12]) of 2 \((?:random|b) vs (?:random|b)\): "
                          r"(?:1-0|0-1|1/2-1/2) \{.+\}$", verbose, re.M)
    assert sorted(finished) == ["1", "2"], verbose
    assert re.search(r"^Score after 2 of 2 matches: ", verbose, re.M), verbose


def test_pgn_carries_event_date_round_time_control_and_termination(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    arena("tournament", "--game", "duel", "--bot", "builtin:random", "--bot", "b=builtin:random",
          "--rounds", "1", "--option", "rounds=1", "--tc", "5+0.25", "--db", str(db))
    pgn = tmp_path / "out.pgn"
    arena("ratings", "--db", str(db), "--pgn", str(pgn))
    games = [dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', block, re.M))
             for block in re.split(r"\n\n(?=\[)", pgn.read_text().strip())]
    with Store(str(db)) as store:
        records = {r.match_id: r for r in store.matches(steps=False)}
    assert len(games) == len(records) == 2
    for tags in games:
        record = records[tags["Site"]]
        assert list(tags)[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        assert tags["Event"] == f"duel {record.tournament_id}"
        assert re.fullmatch(r"\d{4}\.\d\d\.\d\d", tags["Date"])
        assert tags["Round"] == str((record.index or 0) + 1)
        assert tags["TimeControl"] == "5+0.25"
        assert tags["Termination"] == "normal"
