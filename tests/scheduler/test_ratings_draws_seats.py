"""Error bars that narrow with draws, seat-advantage terms, and the served refit off the loop."""

from __future__ import annotations

import csv
import json
import math
import random
import re
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from engine import Result
from scheduler import _reports
from scheduler._ratings import ELO_SCALE, expected_score, fit_elo, fit_ratings
from scheduler._records import MatchRecord
from scheduler._reports import StoreRecords
from scheduler._store import Store

WIN, LOSS, DRAW = [0, 1], [1, 0], [0, 0]
ROOT = Path(__file__).resolve().parents[2]


def delta_method_se(wins: int, draws: int, losses: int) -> float:
    """se of 400·log10(p/(1-p)) over trinomial W/D/L, by hand: Var(p̂) = (E[s²] - p²)/n and
    d(diff)/dp = ELO_SCALE / (p(1-p))."""
    n = wins + draws + losses
    p = (wins + draws / 2) / n
    variance_of_mean = ((wins + draws / 4) / n - p * p) / n
    return ELO_SCALE * math.sqrt(variance_of_mean) / (p * (1 - p))


def test_draws_narrow_the_interval_for_the_same_score() -> None:
    # 3 of 4 points as 3 wins and a loss, or as 2 wins and 2 draws (or 1 win and 4 draws
    # of 6 for 4 of 6): same rating, and the drawn games vary less.
    cases = [(3, 0, 1), (2, 2, 0), (6, 0, 2), (4, 4, 0), (5, 2, 1)]
    for wins, draws, losses in cases:
        games = [(["A", "B"], WIN)] * wins + [(["B", "A"], DRAW)] * draws + \
                [(["A", "B"], LOSS)] * losses
        rating = fit_elo(games, anchor="B", prior_draws=0)["A"]
        p = (wins + draws / 2) / (wins + draws + losses)
        assert rating.elo == pytest.approx(400 * math.log10(p / (1 - p)))
        assert rating.se == pytest.approx(delta_method_se(wins, draws, losses), rel=1e-9)
    plain = fit_elo([(["A", "B"], WIN)] * 3 + [(["A", "B"], LOSS)], anchor="B", prior_draws=0)
    drawn = fit_elo([(["A", "B"], WIN)] * 2 + [(["A", "B"], DRAW)] * 2, anchor="B",
                    prior_draws=0)
    assert drawn["A"].elo == pytest.approx(plain["A"].elo)
    # By hand: Var(s) = 3/16 without draws, 1/16 with half drawn: the se shrinks by √3.
    assert plain["A"].se / drawn["A"].se == pytest.approx(math.sqrt(3))


def test_draws_narrow_the_intervals_of_a_field_by_the_variance_of_its_scores() -> None:
    # Three equal bots in a cycle of wins, or of draws: ratings 0 either way. With all
    # games drawn (and no prior) the score never varies, so J = 0 and so does every se
    # (each pair's draws may be up to 2·min(p, 1-p) = all of its games at p = 1/2).
    cycle = [(["A", "B"], WIN), (["B", "C"], WIN), (["C", "A"], WIN)] * 4
    draws = [(["A", "B"], DRAW), (["B", "C"], DRAW), (["C", "A"], DRAW)] * 4
    won, drawn = fit_elo(cycle, prior_draws=0), fit_elo(draws, prior_draws=0)
    for bot in "ABC":
        assert won[bot].elo == pytest.approx(0, abs=1e-9)
        assert drawn[bot].elo == pytest.approx(0, abs=1e-9)
        assert drawn[bot].se == pytest.approx(0, abs=1e-6)
        assert won[bot].se > 10


def test_a_known_first_seat_advantage_is_recovered() -> None:
    rng = random.Random(7)
    strength = {"a": 120.0, "b": 0.0, "c": -40.0, "d": -120.0}
    names = list(strength)
    results = []
    for _ in range(12_000):
        seats = rng.sample(names, 2)  # seated at random, as a ladder does
        p = expected_score(strength[seats[0]] - strength[seats[1]] + 50.0)
        results.append((seats, WIN if rng.random() < p else LOSS))
    fit = fit_ratings(results, prior_draws=0, seat_advantage=True)
    (seat,) = fit.seats
    assert (seat.players, seat.seat, seat.matches) == (2, 2, 12_000)
    assert seat.low < 50.0 < seat.high and seat.high - seat.low < 30
    assert seat.elo == pytest.approx(50.0, abs=3 * seat.se)
    mean = sum(strength.values()) / len(strength)
    for name in names:
        assert fit.ratings[name].elo == pytest.approx(strength[name] - mean,
                                                      abs=3 * fit.ratings[name].se)
    # Without the term the random seating averages it out: about the same ratings.
    plain = fit_elo(results, prior_draws=0)
    for name in names:
        assert plain[name].elo == pytest.approx(fit.ratings[name].elo, abs=5)
    assert fit_ratings(results, prior_draws=0).seats == ()


def test_seat_terms_of_a_three_player_game() -> None:
    # Plackett-Luce draws with seat strengths: seat 1 is worth 0, seat 2 -60, seat 3 -120
    # (so seat 1 is 60 and 120 Elo better). The fit takes the terms back.
    rng = random.Random(11)
    strength = {"a": 50.0, "b": 0.0, "c": 0.0, "d": -50.0}
    seat_bonus = [0.0, -60.0, -120.0]
    results = []
    for _ in range(6000):
        seats = rng.sample(list(strength), 3)
        left, order = list(range(3)), []
        while left:
            weights = [math.exp((strength[seats[a]] + seat_bonus[a]) / ELO_SCALE) for a in left]
            pick = rng.choices(left, weights)[0]
            order.append(pick)
            left.remove(pick)
        results.append((seats, [order.index(a) for a in range(3)]))
    terms = {s.seat: s for s in fit_ratings(results, seat_advantage=True).seats}
    assert sorted(terms) == [2, 3]
    for seat, true in ((2, 60.0), (3, 120.0)):
        assert terms[seat].elo == pytest.approx(true, abs=3 * terms[seat].se)
        assert terms[seat].se < 15


def _record(i: int, seats: list[str], ranks: list[int]) -> MatchRecord:
    return MatchRecord(f"m{i:05d}", "duel", {}, i, seats, [],
                       Result(tuple(0.0 for _ in seats), tuple(ranks)), [])


def test_arena_ratings_seat_advantage_prints_the_term(tmp_path: Path) -> None:
    rng = random.Random(5)
    db = tmp_path / "seats.sqlite"
    with Store(db) as store:
        for i in range(1500):
            seats = rng.sample(["x", "y", "z"], 2)
            # The first seat wins 3 of 4 between equal bots: 400·log10(3) ≈ 191 Elo.
            store.record_match(_record(i, seats, WIN if rng.random() < 0.75 else LOSS))
    out = subprocess.run([sys.executable, "-m", "scheduler.cli", "ratings", "--db", str(db),
                          "--seat-advantage"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True).stdout
    found = re.search(r"seat 1 over seat 2 \(2 players, 1500 matches\): \+([\d.]+) Elo "
                      r"\[\+([\d.]+), \+([\d.]+)\]", out)
    assert found, out
    elo, low, high = map(float, found.groups())
    assert low < 400 * math.log10(3) < high and elo == pytest.approx(191, abs=40)
    plain = subprocess.run([sys.executable, "-m", "scheduler.cli", "ratings", "--db", str(db)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    assert "seat 1 over" not in plain.stdout


def test_served_standings_are_fitted_off_the_callers_thread_one_fit_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "served.sqlite"
    rng = random.Random(3)
    with Store(db) as store:
        for i in range(400):
            store.record_match(_record(i, rng.sample(list("abcdef"), 2), rng.choice([WIN, LOSS])))
    records = StoreRecords(Store(db), refresh_seconds=0)
    real = _reports.standings
    running, most, fits, threads = 0, 0, 0, set()
    lock = threading.Lock()

    def watched(matches: list[MatchRecord], versions: Any = None,
                order: Any = "elo") -> list[_reports.Standing]:
        # The real fit, counted: how many run at once and on which threads.
        nonlocal running, most, fits
        with lock:
            running += 1
            fits += 1
            most = max(most, running)
            threads.add(threading.get_ident())
        try:
            return real(matches, versions, order)
        finally:
            with lock:
                running -= 1

    monkeypatch.setattr(_reports, "standings", watched)
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: records.standings("duel", ""), range(12)))
    assert most == 1  # never two fits at once
    assert fits == 1  # the callers that waited took the fit that was made meanwhile
    assert threading.get_ident() not in threads
    assert all(a == answers[0] for a in answers) and len(answers[0]) == 6


def test_get_standings_fits_off_the_servers_loop(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import grpc
    import trio

    from arena.v1 import arena_service_pb2 as pb
    from arena.v1 import arena_service_pb2_grpc as pb_grpc
    from tests.support.harness import run_in_arena

    db = tmp_path / "loop.sqlite"
    with Store(db) as store:
        for i in range(200):
            store.record_match(_record(i, random.Random(i).sample(list("abcd"), 2), WIN))
    real = _reports.standings
    fitted_on: list[int] = []

    def watched(matches: list[MatchRecord], versions: Any = None,
                order: Any = "elo") -> list[_reports.Standing]:
        fitted_on.append(threading.get_ident())
        return real(matches, versions, order)

    monkeypatch.setattr(_reports, "standings", watched)

    async def main(hosted: object) -> tuple[int, int]:
        loop_thread = threading.get_ident()  # trio's thread, which hosts the gRPC loop too

        def call() -> int:
            with grpc.insecure_channel(hosted.address) as channel:  # type: ignore[attr-defined]
                stub = pb_grpc.ArenaServiceStub(channel)
                answer = stub.GetStandings(pb.GetStandingsRequest(game="duel"), timeout=30)
                return len(answer.standings)
        return loop_thread, await trio.to_thread.run_sync(call)

    loop_thread, count = run_in_arena(main, records=StoreRecords(Store(db)))
    assert count == 4
    assert fitted_on and loop_thread not in fitted_on


def test_the_exports_carry_the_seat_terms_the_table_shows(tmp_path: Path) -> None:
    rng = random.Random(8)
    db = tmp_path / "seats.sqlite"
    with Store(db) as store:  # 2- and 3-player matches: terms by player count and seat
        for i in range(400):
            seats = rng.sample(["x", "y", "z"], 2 + i % 2)
            order = list(range(len(seats)))
            if rng.random() < 0.4:
                rng.shuffle(order)
            store.record_match(_record(i, seats, order))
    out, csv_path = tmp_path / "r.json", tmp_path / "r.csv"
    shown = subprocess.run([sys.executable, "-m", "scheduler.cli", "ratings", "--db", str(db),
                            "--seat-advantage", "--json", str(out), "--csv", str(csv_path)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    table = re.findall(r"seat 1 over seat (\d) \((\d) players, (\d+) matches\): ([+-][\d.]+) "
                       r"Elo \[([+-][\d.]+), ([+-][\d.]+)\]", shown.stdout)
    assert len(table) == 3, shown.stdout  # seat 2 of 2; seats 2 and 3 of 3
    exported = json.loads(out.read_text())["seat_advantage"]
    assert list(exported) == ["duel"]
    as_shown = sorted((seat, players, str(t["matches"]), f"{t['elo']:+.1f}", f"{t['low']:+.1f}",
                       f"{t['high']:+.1f}")
                      for players, by_seat in exported["duel"].items()
                      for seat, t in by_seat.items())
    assert as_shown == sorted(table)
    rows = list(csv.DictReader((tmp_path / "r.seats.csv").open()))
    assert sorted((r["seat"], r["players"], r["matches"], f"{float(r['elo']):+.1f}",
                   f"{float(r['low']):+.1f}", f"{float(r['high']):+.1f}") for r in rows
                  ) == sorted(table) and {r["game"] for r in rows} == {"duel"}
    assert all(float(r["se"]) > 0 for r in rows)
    plain = tmp_path / "plain.json"
    subprocess.run([sys.executable, "-m", "scheduler.cli", "ratings", "--db", str(db),
                    "--json", str(plain)], cwd=ROOT, capture_output=True, timeout=120,
                   check=True)
    assert "seat_advantage" not in json.loads(plain.read_text())
