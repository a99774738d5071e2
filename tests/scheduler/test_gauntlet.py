"""`arena gauntlet`: the paired statistics against independent computations, the plan, and
real small gauntlets of a 3-player game through the command line."""

from __future__ import annotations

import json
import math
import os
import signal
import sqlite3
import subprocess
import xml.etree.ElementTree as ET
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist

import pytest

from scheduler._gauntlet import (
    DealTally,
    GauntletPlan,
    gauntlet_stats,
    match_score,
    shared_bot_seed,
)
from scheduler._stats import t95
from scheduler._store import Store
from tests.scheduler.test_cli import ARENA, ROOT, arena, finished_matches
from tests.scheduler.test_sprt_cli import check_junit
from tests.support.harness import wait_for_matches

Z95 = NormalDist().inv_cdf(0.975)


def test_the_t_quantile_is_the_tables_and_nears_the_normal() -> None:
    # Two-sided 95% quantiles of Student's t, as printed in the tables.
    for df, table in [(1, 12.7062), (2, 4.3027), (4, 2.7764), (9, 2.2622), (29, 2.0452)]:
        assert t95(df) == pytest.approx(table, abs=1e-4)
    assert Z95 < t95(1000) < Z95 + 0.003
    with pytest.raises(ValueError, match="at least 1 degree of freedom"):
        t95(0)


def test_match_score_is_the_share_of_opponents_beaten() -> None:
    assert [match_score((0, 1, 1), s) for s in range(3)] == [1.0, 0.25, 0.25]
    assert match_score((0, 0, 2, 3), 0) == pytest.approx(2.5 / 3)
    assert match_score((2, 1, 0), 0) == 0.0
    with pytest.raises(ValueError):
        match_score((0,), 0)


def test_stats_against_a_hand_computation() -> None:
    differences = [0.5, 0.25, 0.0, 0.75]
    stats = gauntlet_stats(differences, -0.05, 0.05)
    # By hand, exactly: mean 3/8; squared deviations 1/64 + 1/64 + 9/64 + 9/64 = 5/16.
    mean = Fraction(3, 8)
    squares = Fraction(5, 16)
    se = math.sqrt(squares / 3 / 4)  # sample variance / n
    assert stats.deals == 4 and stats.mean == pytest.approx(float(mean))
    # Student's t for 3 degrees of freedom, as the tables give it: 3.1824.
    assert stats.low == pytest.approx(float(mean) - 3.1824 * se, abs=1e-4)
    assert stats.high == pytest.approx(float(mean) + 3.1824 * se, abs=1e-4)
    assert stats.los == pytest.approx(NormalDist().cdf(float(mean) / se))
    # The LLR is the log of the ratio of the normal likelihoods of the four differences at
    # the two means, with variance (5/16 + 1/4) / 5 = 9/80: computed from the densities.
    sigma = math.sqrt(9 / 80)
    h1, h0 = NormalDist(0.05, sigma), NormalDist(-0.05, sigma)
    expected = sum(math.log(h1.pdf(d)) - math.log(h0.pdf(d)) for d in differences)
    assert stats.llr == pytest.approx(expected, rel=1e-12)
    assert stats.lower == pytest.approx(math.log(0.05 / 0.95))
    assert stats.upper == pytest.approx(math.log(0.95 / 0.05))
    assert stats.decision == "continue" and expected < stats.upper


def test_identical_bots_are_accepted_as_not_worse_after_24_deals() -> None:
    # D = 0 every deal: LLR = n (d1 - d0) (-d0 - d1) / (2 * (1/4) / (n + 1)) = n (n + 1) / 200
    # for [-0.05, 0], which first reaches ln 19 = 2.944 at n = 24 (600 / 200 = 3).
    assert gauntlet_stats([0.0] * 23, -0.05, 0.0).decision == "continue"
    decided = gauntlet_stats([0.0] * 24, -0.05, 0.0)
    assert decided.decision == "accept_h1" and decided.llr == pytest.approx(3.0)
    assert decided.low == decided.high == 0.0 and decided.los == 0.5
    worse = gauntlet_stats([-0.5, -0.25, -0.5, -0.75, -0.5, -0.5, -0.5, -0.5], -0.05, 0.0)
    assert worse.decision == "accept_h0" and worse.high < 0


def test_edges_no_deal_one_deal_and_bad_values() -> None:
    none = gauntlet_stats([], -0.05, 0.0)
    assert (none.llr, none.decision, none.los) == (0.0, "continue", 0.5)
    assert none.low == -math.inf and none.high == math.inf
    one = gauntlet_stats([1.0], -0.05, 0.0)
    assert one.low == -math.inf and one.decision == "continue"
    # One deal's variance is the prior's alone: (0 + 1/4) / 2; LLR = 0.05 * 2.05 / 0.25.
    assert one.llr == pytest.approx(0.05 * 2.05 / 0.25)
    for bad in ((0.0, 0.0), (0.1, -0.1), (-1.0, 0.0), (0.0, 1.5)):
        with pytest.raises(ValueError):
            gauntlet_stats([], *bad)
    with pytest.raises(ValueError, match=r"\[-1, 1\]"):
        gauntlet_stats([1.5], -0.05, 0.0)
    with pytest.raises(ValueError, match="alpha"):
        gauntlet_stats([], -0.05, 0.0, alpha=0.7)


def test_the_plan_seats_new_and_old_alike_in_every_seat() -> None:
    plan = GauntletPlan("g", "new", "old", ("f1", "f2"), deals=2, seed=9)
    matches = plan.matches()
    assert len(matches) == 2 * 3 * 2 and [m.index for m in matches] == list(range(12))
    for new, old in zip(matches[::2], matches[1::2], strict=True):
        assert (new.candidate, old.candidate) == ("new", "old")
        assert new.deal == old.deal and new.seat == old.seat
        assert new.seats[new.seat] == "new" and old.seats[old.seat] == "old"
        assert [s for s in new.seats if s != "new"] == [s for s in old.seats if s != "old"]
    first = [m.seats for m in matches[:6:2]]
    assert first == [("new", "f1", "f2"), ("f2", "new", "f1"), ("f1", "f2", "new")]
    assert plan.deal_seed(0) != plan.deal_seed(1)
    assert plan.deal_seed(0) == GauntletPlan("g", "a", "b", ("c", "d"), 1, 9).deal_seed(0)

    tally = DealTally("new", 3)
    ranks = {"new": (0, 1, 2), "old": (1, 0, 2)}  # new 1st from seat 0, old 2nd, ...
    done = [tally.add(m, _ranking(m.seats, ranks[m.candidate.split("-")[0]]))
            for m in matches[:6]]
    assert done == [False] * 5 + [True] and tally.matches == 6
    assert tally.differences == {0: pytest.approx(0.5)}  # 1 - 1/2 in each seat


def _ranking(seats: tuple[str, ...], by_place: tuple[int, ...]) -> tuple[int, ...]:
    """Ranks that put the candidate (not f1/f2) at place by_place[0]: f1 then f2 after."""
    candidate = next(s for s in seats if not s.startswith("f"))
    order = {candidate: by_place[0], "f1": by_place[1], "f2": by_place[2]}
    return tuple(order[s] for s in seats)


GAUNTLET = ["gauntlet", "--game", "galaxies", "--players", "3", "--concurrency", "1"]


def test_a_real_gauntlet_accepts_h1_and_its_verdict_recounts(tmp_path: Path) -> None:
    db, out, junit = tmp_path / "g.sqlite", tmp_path / "g.json", tmp_path / "g.xml"
    result = arena(*GAUNTLET, "--bot", "new=builtin:galaxies-greedy", "--bot",
                   "old=builtin:random", "--delta0", "-0.9", "--delta1", "-0.8",
                   "--max-deals", "5", "--seed", "2", "--db", str(db), "--json", str(out),
                   "--junit", str(junit), check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    verdict = json.loads(out.read_text())
    assert verdict["verdict"] == "accept_h1" and verdict["exit_code"] == 0
    assert verdict["field"] == ["random", "galaxies-greedy"] and verdict["players"] == 3
    assert verdict["llr"] >= verdict["llr_upper"] and verdict["deals"] >= 1
    assert "accept_h1" in result.stdout and result.stderr.count(" LLR ") == verdict["deals"]
    # Recount from the database, independently of the code: a deal is a seed; in each of
    # its matches the tested bot's share of opponents beaten; NEW's twin has OLD in its seat.
    with Store(db) as store:
        records = store.matches(game="galaxies")
    assert len(records) == verdict["matches"] == 6 * verdict["deals"]
    by_deal: dict[int, dict[tuple[int, str], float]] = defaultdict(dict)
    field_by: dict[tuple[int, int], list[list[str]]] = defaultdict(list)
    for record in records:
        assert record.result is not None
        who = "new" if "new" in record.seats else "old"
        seat = record.seats.index(who)
        mine = record.result.ranks[seat]
        others = [r for s, r in enumerate(record.result.ranks) if s != seat]
        by_deal[record.seed][seat, who] = sum(
            1 if mine < r else 0.5 if mine == r else 0 for r in others) / 2
        field_by[record.seed, seat].append([s for s in record.seats if s != who])
    assert all(len(v) == 2 and v[0] == v[1] for v in field_by.values())
    differences = [sum(d[s, "new"] - d[s, "old"] for s in range(3)) / 3
                   for d in by_deal.values()]
    assert sorted(differences) == pytest.approx(sorted(verdict["differences"]))
    mean = sum(differences) / len(differences)
    assert verdict["mean_difference"] == pytest.approx(mean)
    # The JUnit file as `arena sprt` writes it (the same checks of the common schema).
    check_junit(ET.parse(junit).getroot(), failed=False, verdict="accept_h1")


def test_a_worse_bot_fails_and_an_undecided_run_exits_3(tmp_path: Path) -> None:
    worse = arena(*GAUNTLET, "--bot", "new=builtin:random", "--bot",
                  "old=builtin:galaxies-greedy", "--delta0", "0.8", "--delta1", "0.9",
                  "--max-deals", "5", "--seed", "3", "--db", str(tmp_path / "w.sqlite"),
                  "--junit", str(tmp_path / "w.xml"), check=False)
    assert worse.returncode == 1, worse.stdout + worse.stderr
    assert "accept_h0" in worse.stdout
    check_junit(ET.parse(tmp_path / "w.xml").getroot(), failed=True, verdict="accept_h0")
    undecided = arena(*GAUNTLET, "--bot", "a=builtin:random", "--bot", "b=builtin:random",
                      "--max-deals", "1", "--seed", "4", "--db", str(tmp_path / "u.sqlite"),
                      "--json", str(tmp_path / "u.json"), check=False)
    assert undecided.returncode == 3, undecided.stdout + undecided.stderr
    verdict = json.loads((tmp_path / "u.json").read_text())
    assert verdict["verdict"] == "inconclusive" and verdict["deals"] == 1
    assert verdict["low"] is None and verdict["matches"] == 6


@pytest.mark.parametrize("flags, message", [
    (["--bot", "a=builtin:random"], "exactly two --bot"),
    (["--bot", "a=builtin:random", "--bot", "b=builtin:random", "--field", "builtin:random"],
     "needs 2 --field bots"),
    (["--bot", "a=builtin:random", "--bot", "b=builtin:random", "--delta0", "0.1"],
     "delta0 must be below delta1"),
    (["--bot", "a=builtin:random", "--bot", "a=builtin:random"], "unique"),
])
def test_usage_errors(tmp_path: Path, flags: list[str], message: str) -> None:
    db = tmp_path / "e.sqlite"
    result = arena(*GAUNTLET, *flags, "--db", str(db), check=False)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert not db.exists()


def _results(db: Path) -> dict[int, tuple[tuple[str, ...], tuple[int, ...]]]:
    """Each recorded match's seats and ranks by its index in the plan."""
    with Store(db) as store:
        return {r.index: (tuple(r.seats), tuple(r.result.ranks))
                for r in store.matches() if r.index is not None and r.result is not None}


def test_a_killed_gauntlet_resumes_to_the_verdict_of_an_uninterrupted_run(
        tmp_path: Path) -> None:
    db, fresh = tmp_path / "k.sqlite", tmp_path / "fresh.sqlite"
    plan = [*GAUNTLET, "--bot", "new=builtin:galaxies-greedy", "--bot", "old=builtin:random",
            "--max-deals", "6", "--seed", "5"]  # undecided after 6 deals: 36 matches, exit 3
    total = 36
    process = subprocess.Popen([*ARENA, *plan, "--db", str(db)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        wait_for_matches(process, db, 1)
        os.killpg(process.pid, signal.SIGKILL)  # mid-deal, most likely mid-twin-pair
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
    interrupted = finished_matches(db)
    assert 1 <= interrupted < total
    tid = sqlite3.connect(db).execute("SELECT id FROM tournaments").fetchone()[0]
    # `tournament --resume` sends it here; a flag that changes the plan or the test is refused.
    as_tournament = arena("tournament", "--resume", tid, "--db", str(db), check=False)
    assert as_tournament.returncode == 2, as_tournament.stderr
    assert (f"{tid} is a gauntlet: resume it with `arena gauntlet --resume {tid}`"
            in as_tournament.stderr)
    latest = arena("tournament", "--resume", "--db", str(db), check=False)
    assert latest.returncode == 2 and "no unfinished tournament" in latest.stderr
    changed = arena("gauntlet", "--resume", "--max-deals", "9", "--delta1", "0.1", "--db",
                    str(db), check=False)
    assert changed.returncode == 2 and "drop --delta1, --max-deals" in changed.stderr
    assert finished_matches(db) == interrupted
    resumed = arena("gauntlet", "--resume", "--db", str(db), "--json",
                    str(tmp_path / "r.json"), check=False)
    assert resumed.returncode == 3, resumed.stdout + resumed.stderr
    assert f"resuming gauntlet {tid}" in resumed.stderr
    whole = arena(*plan, "--db", str(fresh), "--json", str(tmp_path / "f.json"), check=False)
    assert whole.returncode == 3, whole.stdout + whole.stderr
    assert resumed.stdout == whole.stdout  # the summary line, figure for figure
    got, want = (json.loads((tmp_path / name).read_text()) for name in ("r.json", "f.json"))
    assert got.pop("command") != want.pop("command")
    assert got == want and got["matches"] == total and got["verdict"] == "inconclusive"
    # Every match as uninterrupted: the twins split by the kill had the same bot seeds.
    assert _results(db) == _results(fresh) and len(_results(db)) == total
    again = arena("gauntlet", "--resume", tid, "--db", str(db), check=False)
    assert again.returncode == 3 and "already finished" in again.stderr
    assert again.stdout == whole.stdout and finished_matches(db) == total
    stored = sqlite3.connect(db)
    with stored:  # as an older arena stored it: no test settings to decide with
        stored.execute("UPDATE tournaments SET finished = 0, config = json_remove(config, "
                       "'$.test')")
    older = arena("gauntlet", "--resume", "--db", str(db), check=False)
    assert older.returncode == 2 and "stored by an older arena" in older.stderr


def test_twins_share_a_bot_seed_that_a_resumed_run_gives_again() -> None:
    plan = GauntletPlan("galaxies", "new", "old", ("f1", "f2"), 3, seed=123)
    for reproducible in (True, False):
        seeds: dict[tuple[int, int], set[int]] = defaultdict(set)
        for m in plan.matches():
            seeds[m.deal, m.seat].add(shared_bot_seed(plan, m, reproducible))
        assert all(len(s) == 1 for s in seeds.values())  # NEW's match and its OLD twin
        assert len({s for v in seeds.values() for s in v}) == 9  # apart by deal and seat
    secret = [shared_bot_seed(plan, m, False) for m in plan.matches()]
    assert secret == [shared_bot_seed(plan, m, False) for m in plan.matches()]
    assert all(0 <= s < 2 ** 62 for s in secret)
    other = GauntletPlan("galaxies", "new", "old", ("f1", "f2"), 3, seed=124)
    assert secret != [shared_bot_seed(other, m, False) for m in other.matches()]
