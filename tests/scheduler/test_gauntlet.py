"""`arena gauntlet`: the paired statistics against independent computations, the plan, and
real small gauntlets of a 3-player game through the command line."""

from __future__ import annotations

import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from statistics import NormalDist

import pytest

from scheduler._betting import BettingTest, gauntlet_stats
from scheduler._gauntlet import DealTally, GauntletPlan, match_score, shared_bot_seed
from scheduler._store import Store
from tests.scheduler.test_cli import ARENA, ROOT, arena, finished_matches
from tests.scheduler.test_sprt_cli import check_junit
from tests.support.harness import wait_for_matches


def test_match_score_is_the_share_of_opponents_beaten() -> None:
    assert [match_score((0, 1, 1), s) for s in range(3)] == [1.0, 0.25, 0.25]
    assert match_score((0, 0, 2, 3), 0) == pytest.approx(2.5 / 3)
    assert match_score((2, 1, 0), 0) == 0.0
    with pytest.raises(ValueError):
        match_score((0,), 0)


def test_stats_against_a_hand_computation() -> None:
    differences = [0.5, -0.25]
    stats = gauntlet_stats(differences, -0.05, 0.05)
    # Deal 1: no deal seen, mean 0, variance 1/4 (the virtual deal); gap 0.1 both ways: the
    # bets are 0.1 / (0.25 + 0.01). Deal 2: mean 1/2, variance (0 + 1/4) / 2 = 1/8; the bet
    # on "not worse" uses the gap to the mean, 0.55: 0.55 / (0.125 + 0.3025) = 1.29, above
    # the cap 0.9 / (1 - 0.05) (a deal of -1 would take 1.29 * 0.95 > 1: ruin); the other
    # bets on the gap 0.1, 0.1 / (0.125 + 0.01), below its cap 0.9 / 0.95.
    b1, b0 = 0.1 / 0.26, 0.1 / 0.26
    c1, c0 = 0.9 / 0.95, 0.1 / (0.125 + 0.01)
    assert stats.log_e1 == pytest.approx(math.log((1 + b1 * 0.55) * (1 + c1 * -0.2)))
    assert stats.log_e0 == pytest.approx(math.log((1 - b0 * 0.45) * (1 - c0 * -0.3)))
    assert stats.deals == 2 and stats.mean == pytest.approx(0.125)
    assert stats.bound1 == stats.bound0 == pytest.approx(math.log(20))
    # LOS: the variance with the virtual deal, (9/32 + 1/4) / 3 per deal, and n = 2:
    # se² = variance * 3 / 2 / 2.
    assert stats.los == pytest.approx(NormalDist().cdf(0.125 / math.sqrt(17 / 32 / 4)))
    assert stats.decision == "continue"


def _in_sequence(differences: list[float], m: float) -> bool:
    """Whether m is in the 95% confidence sequence at the end of ``differences``: written
    out from the formulas (the interval's bets; both bettors short of 2 / 0.05)."""
    level = math.log(40)
    up = down = 0.0
    for i, d in enumerate(differences):
        seen = differences[:i]
        mean = sum(seen) / i if i else 0.0
        variance = (sum((x - mean) ** 2 for x in seen) + 0.25) / (i + 1)
        bet = math.sqrt(2 * level / (variance * (i + 1) * math.log(i + 2)))
        up += math.log1p(min(bet, 0.9 / (1 + m)) * (d - m))
        down += math.log1p(-min(bet, 0.9 / (1 - m)) * (d - m))
    return up < level and down < level


def test_the_interval_is_the_confidence_sequence_on_a_grid() -> None:
    rng = random.Random(7)
    grid = [k / 500 - 1 for k in range(1, 1000)]
    for n in (1, 2, 5, 40, 120):
        differences = [max(-1.0, min(1.0, rng.gauss(0.1, 0.3))) for _ in range(n)]
        stats = gauntlet_stats(differences, -0.05, 0.0)
        inside = [m for m in grid if _in_sequence(differences, m)]
        assert inside[0] - 0.002 <= stats.low <= inside[0] + 1e-12
        assert inside[-1] - 1e-12 <= stats.high <= inside[-1] + 0.002
        assert len(inside) == round((inside[-1] - inside[0]) * 500) + 1  # no holes
    # Two equal deals: no zero-width interval and no certainty (the example).
    two = gauntlet_stats([0.25, 0.25], -0.05, 0.0)
    assert two.low < 0 < 0.25 < two.high and 0.5 < two.los < 0.9


def _wrong_rate(shape: Callable[[random.Random], float], delta0: float, delta1: float,
                wrong: str, runs: int, rng: random.Random) -> float:
    errors = 0
    for _ in range(runs):
        test = BettingTest(delta0, delta1)
        while test.add(shape(rng)) == "continue" and len(test.differences) < 3000:
            pass
        errors += test.decision == wrong
    return errors / runs


def test_error_rates_hold_when_most_deals_are_identical() -> None:
    # The cases, where a normal SPRT with an estimated variance decided wrongly 11%
    # to 33% of the time at a nominal 5%: each mean exactly at the bound that makes the
    # decision wrong. 300 runs: 5% + 3 binomial standard errors is 8.8%.
    rng = random.Random(33)
    cases: list[tuple[Callable[[random.Random], float], float, float, str]] = [
        (lambda r: -0.5 if r.random() < 0.10 else 0.0, -0.05, 0.0, "accept_h1"),
        (lambda r: -1.0 if r.random() < 0.05 else 0.0, -0.05, 0.0, "accept_h1"),
        (lambda r: -0.05 / 0.12 if r.random() < 0.12 else 0.0, -0.05, 0.0, "accept_h1"),
        (lambda r: 0.5 if r.random() < 0.10 else 0.0, 0.0, 0.05, "accept_h0"),
    ]
    for shape, delta0, delta1, wrong in cases:
        assert _wrong_rate(shape, delta0, delta1, wrong, 300, rng) <= 0.088


def test_identical_bots_are_accepted_as_not_worse_after_67_deals() -> None:
    # All 0: the bettor on "not worse" gains ln(1 + bet * 0.05) a deal; no test with 5%
    # error can accept before 59 deals (a NEW losing a whole deal in 5% of them, 5% worse,
    # shows 59 zeros in a row with probability 0.95^59 < 5%).
    assert gauntlet_stats([0.0] * 66, -0.05, 0.0).decision == "continue"
    decided = gauntlet_stats([0.0] * 67, -0.05, 0.0)
    assert decided.decision == "accept_h1" and decided.log_e1 >= math.log(20)
    assert decided.log_e0 == 0.0 and decided.los == 0.5
    assert decided.low < 0 < decided.high
    worse = gauntlet_stats([-0.5] * 12, -0.05, 0.0)
    assert worse.decision == "accept_h0" and worse.high < 0


def test_the_interval_covers_at_the_stop() -> None:
    # Normal differences at the bound: the interval printed when the test stops holds the
    # true mean in at least 95% of the runs (200 runs: at most 10 misses).
    rng = random.Random(5)
    misses = 0
    for _ in range(200):
        test = BettingTest(-0.05, 0.0)
        while test.add(max(-1.0, min(1.0, rng.gauss(-0.05, 0.25)))) == "continue":
            pass
        low, high = test.interval()
        misses += not low <= -0.05 <= high
    assert misses <= 10


def test_edges_no_deal_one_deal_and_bad_values() -> None:
    none = gauntlet_stats([], -0.05, 0.0)
    assert (none.log_e1, none.log_e0, none.decision, none.los) == (0.0, 0.0, "continue", 0.5)
    assert (none.low, none.high) == (-1.0, 1.0)
    one = gauntlet_stats([1.0], -0.05, 0.0)
    assert (one.low, one.high, one.decision) == (-1.0, 1.0, "continue")  # too little to say
    # One deal: mean 0, variance 1/4, gap 0.05: the bet 0.05 / (0.25 + 0.0025) on 1.05.
    assert one.log_e1 == pytest.approx(math.log1p(0.05 / 0.2525 * 1.05))
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
    assert verdict["log_e_h1"] >= verdict["log_e_h1_bound"] and verdict["deals"] >= 1
    assert "accept_h1" in result.stdout
    assert result.stderr.count("ln E(not worse)") == verdict["deals"]
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
    assert verdict["low"] >= -1 and verdict["matches"] == 6


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
    assert (f"{tid} is a gauntlet: go on with `arena gauntlet --resume {tid} --db {db}`"
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
