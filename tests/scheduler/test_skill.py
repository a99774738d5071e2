"""The ladder's skill rating: openskill's Plackett-Luce update against hand computations
from the model's formulas, versions, and the store keeping it with each rated match."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest

from engine import Result, Termination
from scheduler._records import Faults, MatchRecord
from scheduler._skill import (
    BETA,
    MU0,
    SIGMA0,
    Skill,
    new_version,
    rebuild_skills,
    update_skill,
    version_at,
)
from scheduler._store import Store


def test_a_two_player_update_is_the_plackett_luce_formula() -> None:
    # Weng and Lin, Algorithm 4 (Plackett-Luce), two players from the prior, A wins, after
    # openskill's dynamics (sigma² grows by tau² = (25 / 300)² before each match):
    # c² = 2 (beta² + sigma²); p_A = e^(mu/c) / (e^(mu/c) + e^(mu/c)) = 1/2;
    # Omega_A = sigma² / c * (1 - p_A); Delta_A = gamma * sigma² / c² * p_A (1 - p_A) with
    # gamma = sigma / c (openskill's default); mu' = mu + Omega,
    # sigma' = sigma * sqrt(max(1 - Delta, kappa)).
    after = update_skill({}, ["a", "b"], [0, 1])
    variance = SIGMA0 ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * (BETA ** 2 + variance))
    omega = variance / c * 0.5
    gamma = math.sqrt(variance) / c
    delta = gamma * variance / c ** 2 * 0.25
    assert after["a"].mu == pytest.approx(MU0 + omega, rel=1e-12)
    assert after["b"].mu == pytest.approx(MU0 - omega, rel=1e-12)
    assert after["a"].sigma == pytest.approx(math.sqrt(variance * (1 - delta)), rel=1e-12)
    assert after["a"].matches == after["b"].matches == 1
    assert after["a"].ordinal == pytest.approx(after["a"].mu - 3 * after["a"].sigma)


def test_a_ranking_of_four_orders_the_means_and_a_tie_is_even() -> None:
    after = update_skill({}, ["w", "x", "y", "z"], [0, 1, 1, 3])
    assert after["x"].mu == pytest.approx(after["y"].mu, rel=1e-12)
    assert after["w"].mu > after["x"].mu > after["z"].mu
    # The bots not in a match are kept as they were.
    more = update_skill(after, ["w", "z"], [1, 0])
    assert more["x"] == after["x"] and more["z"].mu > after["z"].mu
    for bad in ((["a"], [0]), (["a", "a"], [0, 1]), (["a", "b"], [0])):
        with pytest.raises(ValueError, match="2 or more distinct seats"):
            update_skill({}, *bad)


def test_the_stronger_bot_ends_on_top_and_sure() -> None:
    skills: dict[str, Skill] = {}
    for _ in range(60):  # a always beats b, b always beats c
        skills = update_skill(skills, ["c", "b", "a"], [2, 1, 0])
    assert skills["a"].ordinal > skills["b"].ordinal > skills["c"].ordinal
    assert max(s.sigma for s in skills.values()) < 0.7 * SIGMA0


def test_a_new_version_keeps_mu_and_raises_sigma() -> None:
    skill = Skill(31.0, 2.0, 40, "1.0")
    bumped = new_version(skill, "1.1")
    assert (bumped.mu, bumped.matches, bumped.version) == (31.0, 40, "1.1")
    assert bumped.sigma == pytest.approx(math.sqrt(4 + (SIGMA0 / 2) ** 2))
    assert new_version(skill, "1.0") is skill
    assert new_version(Skill(), "2").sigma == SIGMA0  # never above the prior's
    assert version_at([(10.0, "1"), (20.0, "2")], 5.0) == ""
    assert version_at([(10.0, "1"), (20.0, "2")], 20.0) == "2"


def test_rebuilding_from_the_matches_gives_the_live_skills() -> None:
    matches = [(["a", "b", "c"], [0, 1, 2], 1.0), (["b", "c"], [0, 1], 2.0),
               (["c", "a", "b"], [0, 0, 2], 3.0)]
    versions = {"b": [(1.5, "v2")]}
    live: dict[str, Skill] = {}
    for seats, ranks, started in matches:
        live = update_skill(live, seats, ranks,
                            {"b": version_at(versions["b"], started)} if "b" in seats else None)
    assert rebuild_skills(matches, versions) == live
    assert live["b"].version == "v2"
    assert rebuild_skills(matches) != live  # without the version, b's sigma grew less


def _ladder_record(match_id: str, seats: list[str], ranks: list[int], started: float,
                   termination: Termination = Termination.NORMAL) -> MatchRecord:
    return MatchRecord(match_id, "duel", {}, 1, seats, [],
                       Result(tuple(0.0 for _ in seats), tuple(ranks), termination, ""),
                       [Faults() for _ in seats], started_at=started, ended_at=started + 1)


def test_the_store_rates_skills_with_each_match_and_rebuilds_them(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with Store(path) as store:
        store.add_bot("a")
        assert store.add_version("a", "1.0", since=0.0)
        assert not store.add_version("a", "1.0")  # already its latest
        store.record_rated_match(_ladder_record("m1", ["a", "b"], [0, 1], 1.0), dict)
        assert store.add_version("a", "2.0", since=1.5)
        store.record_rated_match(_ladder_record("m2", ["b", "a"], [0, 1], 2.0), dict)
        store.record_rated_match(_ladder_record("m3", ["a", "b"], [0, 0], 3.0,
                                                Termination.ABORTED), dict)
        live = store.load_skills("duel")
        want = rebuild_skills([(["a", "b"], [0, 1], 1.0), (["b", "a"], [0, 1], 2.0)],
                              {"a": [(0.0, "1.0"), (1.5, "2.0")]})
        assert live == want and live["a"].version == "2.0" and live["a"].matches == 2
        with pytest.raises(ValueError, match="version"):
            store.add_version("a", "")
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM skills")
    with Store(path) as store:
        assert store.load_skills("duel") == {}
        assert store.rebuild_skills("duel") == want == store.load_skills("duel")


def test_a_database_from_before_the_skill_tables_opens_and_gets_them(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with Store(path) as store:
        store.record_rated_match(_ladder_record("m1", ["a", "b"], [1, 0], 1.0), dict)
    with sqlite3.connect(path) as db:  # as an arena before skills left it
        db.execute("DROP TABLE skills")
        db.execute("DROP TABLE bot_versions")
    with Store(path) as store:
        assert store.load_skills("duel") == {} and store.versions() == {}
        assert store.rebuild_skills("duel")["b"].mu > MU0
    # Read-only, with the tables in place: opens without writing.
    path.chmod(0o444)
    try:
        with Store(path) as store:
            assert store.load_skills("duel")["b"].matches == 1
    finally:
        path.chmod(0o644)
