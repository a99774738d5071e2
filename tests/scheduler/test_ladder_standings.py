"""The ladder's leaderboard is ranked by the skill's conservative ordinal (mu - 3 sigma) and
shows each bot's version; a tournament's standings stay ranked by Elo. The history is built
so that the two orders differ: ``lucky`` won its only two matches (the best Elo, but a wide
sigma), ``steady`` won 24 of 40 against ``weak`` (a narrow sigma)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import grpc
import pytest

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from engine import Result
from scheduler._records import MatchRecord
from scheduler._reports import ladder_order, standings
from scheduler._store import Store
from tests.scheduler.test_serve import ARENA, ROOT, _drain, _serve
from tests.scheduler.test_web import get
from tests.support.harness import wait_until

BY_ELO = ["lucky", "steady", "weak"]
BY_ORDINAL = ["steady", "weak", "lucky"]


def history(tournament_id: str | None = None) -> list[MatchRecord]:
    """The matches of the module's docstring, in the order they were played."""
    played = [(["steady", "weak"], [0, 1] if k % 5 < 3 else [1, 0]) for k in range(40)]
    played += [(["lucky", "weak"], [0, 1])] * 2
    return [MatchRecord(f"m{i:03d}", "duel", {}, i, seats, [], Result((0.0, 0.0), tuple(ranks)),
                        [], tournament_id=tournament_id, index=None if tournament_id is None
                        else i, started_at=1000.0 + i, ended_at=1000.5 + i)
            for i, (seats, ranks) in enumerate(played)]


def test_standings_are_ranked_by_elo_or_by_ordinal() -> None:
    ladder = history()
    by_elo = standings(ladder)
    assert [r.bot for r in by_elo] == BY_ELO
    assert [r.elo for r in by_elo] == sorted((r.elo for r in by_elo), reverse=True)
    by_ordinal = standings(ladder, order="ordinal")
    assert [r.bot for r in by_ordinal] == BY_ORDINAL and [r.rank for r in by_ordinal] == [1, 2, 3]
    assert [r.ordinal for r in by_ordinal] == sorted((r.ordinal for r in by_ordinal),
                                                     reverse=True)
    # The same figures either way: only the order differs.
    assert {r.bot: r for r in by_elo}["lucky"].ordinal == by_ordinal[2].ordinal
    assert ladder_order(ladder) == "ordinal" and ladder_order(history("t1")) == "elo"
    with pytest.raises(ValueError, match="ranked by elo or ordinal, not 'mu'"):
        standings(ladder, order="mu")  # type: ignore[arg-type]


def _ladder_db(path: Path, tournament_id: str | None = None) -> Path:
    with Store(path) as store:
        for record in history(tournament_id):
            store.record_match(record)
        store.add_bot("steady", "2.0-rc1")
    return path


def _ratings(db: Path, *flags: str) -> tuple[list[str], list[str]]:
    """The bots of `arena ratings` in the order shown, and its output's lines."""
    done = subprocess.run([*ARENA, "ratings", "--db", str(db), *flags], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    rows = [line.split() for line in lines if re.match(r"\s+\d+\s", line)]
    return [row[1] for row in rows], lines


def test_arena_ratings_ranks_a_ladder_by_ordinal_and_a_tournament_by_elo(tmp_path: Path
                                                                         ) -> None:
    db = _ladder_db(tmp_path / "ladder.sqlite")
    out = tmp_path / "standings.json"
    bots, lines = _ratings(db, "--json", str(out))
    assert bots == BY_ORDINAL and lines[0] == "duel: ranked by ordinal (mu - 3 sigma)"
    assert next(line for line in lines if " steady " in line).endswith(" 2.0-rc1")
    shown = json.loads(out.read_text())["standings"]
    assert [s["bot"] for s in shown] == BY_ORDINAL
    assert shown[0]["version"] == "2.0-rc1" and shown[1]["version"] == ""
    assert all(s["ordinal"] == s["mu"] - 3 * s["sigma"] for s in shown)
    bots, lines = _ratings(db, "--order", "elo")
    assert bots == BY_ELO and lines[0] == "duel: ranked by Elo"
    # A tournament's report (its matches carry its id) is ranked by Elo unless told.
    played = _ladder_db(tmp_path / "tournament.sqlite", "t1")
    assert _ratings(played)[0] == BY_ELO
    assert _ratings(played, "--order", "ordinal")[0] == BY_ORDINAL


def test_get_standings_and_the_web_page_rank_the_ladder_by_ordinal(tmp_path: Path) -> None:
    db = _ladder_db(tmp_path / "served.sqlite")
    server, address = _serve(db, "--game", "duel", "--no-ladder", "--web-port", "0")
    try:
        log = _drain(server)
        web = wait_until(lambda: next((m[1] for line in log
                                       if (m := re.search(r"web pages on (http://\S+)/", line))),
                                      None), "the web pages' address", 60)
        with grpc.insecure_channel(address) as channel:
            served = pb_grpc.ArenaServiceStub(channel).GetStandings(
                pb.GetStandingsRequest(game="duel"), timeout=60).standings
        status, page = get(f"{web}/")
    finally:
        server.kill()
        server.wait(timeout=30)
    assert [s.bot_name for s in served] == BY_ORDINAL and [s.rank for s in served] == [1, 2, 3]
    assert served[0].version == "2.0-rc1" and served[0].ordinal > served[1].ordinal
    assert status == 200
    text = page.decode()
    assert [text.index(f"<td>{bot}</td>") for bot in BY_ORDINAL] == sorted(
        text.index(f"<td>{bot}</td>") for bot in BY_ORDINAL)
    assert "<td>steady</td><td>2.0-rc1</td>" in text
