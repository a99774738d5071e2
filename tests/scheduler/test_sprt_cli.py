"""`arena sprt` as CI runs it: exit codes, the JSON and JUnit verdicts, pairing by deal, the
live status line, --fail-below, and the model flags."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pytest

from scheduler._store import Store
from tests.scheduler.test_cli import ARENA, ROOT, arena

BOTS = ["--game", "duel", "--bot", "new=builtin:random", "--bot", "old=builtin:random"]


def run(tmp_path: Path, *flags: str) -> tuple[subprocess.CompletedProcess, dict, ET.Element]:
    out = tmp_path / "v.json"
    junit = tmp_path / "v.xml"
    result = arena("sprt", *BOTS, "--db", str(tmp_path / "s.sqlite"), "--json", str(out),
                   "--junit", str(junit), *flags, check=False)
    return result, json.loads(out.read_text()), ET.parse(junit).getroot()


def check_junit(root: ET.Element, failed: bool, verdict: str) -> None:
    # The common JUnit XML schema: testsuites > testsuite (properties first) > testcase,
    # with a failure element when the test failed; the counts agree with the cases.
    assert root.tag == "testsuites"
    suites = list(root)
    assert [s.tag for s in suites] == ["testsuite"]
    suite = suites[0]
    assert [child.tag for child in suite] == ["properties", "testcase", "system-out",
                                              "system-err"]
    for name in ("id", "package", "name", "timestamp", "hostname", "time"):
        assert suite.get(name), name  # required by Apache Ant's JUnit.xsd
    assert float(suite.get("time") or "") >= 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", suite.get("timestamp") or "")
    props = {p.get("name"): p.get("value") for p in suite.find("properties") or []}
    assert props["verdict"] == verdict and "--junit" in (props["command"] or "")
    cases = suite.findall("testcase")
    assert len(cases) == 1 and cases[0].get("name") and cases[0].get("classname")
    assert cases[0].get("time") is not None
    failures = cases[0].findall("failure")
    assert len(failures) == int(failed)
    for element in (root, suite):
        assert element.get("tests") == "1"
        assert element.get("failures") == str(int(failed)) and element.get("errors") == "0"
    if failed:
        assert failures[0].get("type") == verdict and verdict in (failures[0].text or "")


def test_h1_passes_with_json_and_junit(tmp_path: Path) -> None:
    # Equal bots against "NEW is at least 300 Elo worse": H1 within a few pairs.
    result, verdict, junit = run(tmp_path, "--elo0", "-400", "--elo1", "-300", "--seed", "3")
    assert result.returncode == 0, result.stdout + result.stderr
    assert verdict["verdict"] == "accept_h1" and verdict["exit_code"] == 0
    assert verdict["llr"] >= verdict["llr_upper"] == pytest.approx(2.944, abs=1e-3)
    assert verdict["model"] == "pentanomial" and verdict["elo_model"] == "logistic"
    assert verdict["wins"] + verdict["draws"] + verdict["losses"] == verdict["games"]
    assert "accept_h1" in result.stdout
    check_junit(junit, failed=False, verdict="accept_h1")


def test_h0_fails_and_the_pairs_are_the_two_seat_orders_of_a_deal(tmp_path: Path) -> None:
    # One match at a time: none ends after the decision (that one would be recorded, not
    # counted), so the database holds exactly the games the verdict is on.
    result, verdict, junit = run(tmp_path, "--elo0", "300", "--elo1", "400", "--seed", "4",
                                 "--concurrency", "1")
    assert result.returncode == 1, result.stdout + result.stderr
    assert verdict["verdict"] == "accept_h0"
    check_junit(junit, failed=True, verdict="accept_h0")
    # Recount from the database: a deal is a seed, played once from each seat.
    with Store(tmp_path / "s.sqlite") as store:
        records = store.matches(game="duel")
    by_deal: dict[int, list[float]] = defaultdict(list)
    for record in records:
        assert record.result is not None
        me, other = record.seats.index("new"), record.seats.index("old")
        mine, theirs = record.result.ranks[me], record.result.ranks[other]
        by_deal[record.seed].append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    pairs = [0] * 5
    for points in by_deal.values():
        assert len(points) <= 2
        if len(points) == 2:
            pairs[round(2 * sum(points))] += 1
    assert verdict["pentanomial"] == pairs
    assert sum(pairs) >= 1 and verdict["games"] == len(records)


def test_inconclusive_at_max_matches(tmp_path: Path) -> None:
    result, verdict, junit = run(tmp_path, "--max-matches", "6", "--seed", "5")
    assert result.returncode == 3, result.stdout + result.stderr
    assert verdict["verdict"] == "inconclusive" and verdict["games"] == 6
    assert sum(verdict["pentanomial"]) == 3 and verdict["unpaired_games"] == 0
    check_junit(junit, failed=True, verdict="inconclusive")
    # Not a terminal: a plain status line per completed pair on stderr.
    lines = [line for line in result.stderr.splitlines() if " LLR " in line]
    assert len(lines) == 3 and "\r" not in result.stderr
    assert lines[-1].startswith("6 games") and "pairs [" in lines[-1] and "LOS" in lines[-1]


@pytest.mark.parametrize("bound, code, outcome", [(-1000, 0, "pass"), (1000, 1, "fail")])
def test_fail_below_plays_every_match_and_judges_the_lower_bound(
        tmp_path: Path, bound: int, code: int, outcome: str) -> None:
    result, verdict, junit = run(tmp_path, "--fail-below", str(bound), "--max-matches", "20",
                                 "--seed", "6", "--elo0", "-400", "--elo1", "-300")
    assert result.returncode == code, result.stdout + result.stderr
    assert verdict["games"] == 20  # the SPRT would have stopped sooner: it does not here
    assert verdict["verdict"] == outcome and verdict["fail_below"] == bound
    assert (verdict["elo_low"] > bound) == (outcome == "pass")
    check_junit(junit, failed=code != 0, verdict=outcome)


def test_trinomial_and_normalized(tmp_path: Path) -> None:
    result, verdict, _ = run(tmp_path, "--model", "trinomial", "--elo-model", "normalized",
                             "--max-matches", "4", "--seed", "7")
    assert result.returncode == 3, result.stdout + result.stderr
    assert verdict["model"] == "trinomial" and verdict["elo_model"] == "normalized"
    assert "nElo" in result.stdout and "trinomial, normalized" in result.stdout
    bad = arena("sprt", *BOTS, "--model", "binomial", "--db", str(tmp_path / "b.sqlite"),
                check=False)
    assert bad.returncode == 2
    far = arena("sprt", *BOTS, "--elo-model", "normalized", "--elo0", "-300", "--db",
                str(tmp_path / "f.sqlite"), check=False)
    assert far.returncode == 2 and "within +-200" in far.stderr
    assert not (tmp_path / "f.sqlite").exists()  # refused before anything was created


def test_a_terminal_gets_one_line_rewritten_in_place(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    try:
        process = subprocess.run(
            [*ARENA, "sprt", *BOTS, "--max-matches", "6", "--seed", "8",
             "--db", str(tmp_path / "t.sqlite")],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=follower, text=True, timeout=120)
        os.close(follower)
        follower = -1
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the pty is closed once the child has gone
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        if follower != -1:
            os.close(follower)
        os.close(leader)
    shown = b"".join(chunks).decode()
    assert process.returncode == 3, process.stdout + shown
    assert shown.count("\r\x1b[K") == 6  # one rewrite per match
    assert shown.rstrip("\r\n").count("\n") == 0  # and a single line, ended once


def test_a_run_that_fails_is_an_error_in_the_verdict_files(tmp_path: Path) -> None:
    out, junit = tmp_path / "v.json", tmp_path / "v.xml"
    result = arena("sprt", "--game", "duel", "--bot", "broken=no-such-bot-command", "--bot",
                   "old=builtin:random", "--db", str(tmp_path / "s.sqlite"), "--json", str(out),
                   "--junit", str(junit), check=False)
    assert result.returncode == 4, result.stdout + result.stderr
    verdict = json.loads(out.read_text())
    assert verdict["verdict"] == "error" and verdict["exit_code"] == 4
    assert "no program 'no-such-bot-command'" in verdict["error"]
    root = ET.parse(junit).getroot()
    suite = root.find("testsuite")
    assert suite is not None and suite.get("errors") == "1" and suite.get("failures") == "0"
    case = suite.find("testcase")
    assert case is not None and case.find("failure") is None
    error = case.find("error")
    assert error is not None and "no-such-bot-command" in (error.get("message") or "")
