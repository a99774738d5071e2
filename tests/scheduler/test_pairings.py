"""Round robin and gauntlet planning: counts, seat balance, sampling, determinism, errors."""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from scheduler._pairings import Schedule, gauntlet, round_robin

ROOT = Path(__file__).resolve().parents[2]

BOTS = ["a", "b", "c", "d", "e"]


def seat_counts(schedule: Schedule) -> Counter[tuple[str, int]]:
    return Counter((bot, seat) for p in schedule for seat, bot in enumerate(p.seats))


@pytest.mark.parametrize(("n", "k", "rounds"), [(2, 2, 1), (4, 2, 3), (5, 3, 2), (6, 4, 1)])
def test_round_robin_counts_and_seats(n: int, k: int, rounds: int) -> None:
    bots = BOTS[:n] if n <= 5 else [*BOTS, "f"]
    schedule = round_robin(bots, k, rounds)
    assert len(schedule) == math.comb(n, k) * k * rounds
    assert not schedule.sampled
    assert [p.index for p in schedule] == list(range(len(schedule)))
    assert Counter(p.round for p in schedule) == {r: len(schedule) // rounds for r in range(rounds)}
    # Every subset appears in all k rotations, every round.
    groups = Counter(frozenset(p.seats) for p in schedule)
    assert len(groups) == math.comb(n, k)
    assert set(groups.values()) == {k * rounds}
    assert all(len(set(p.seats)) == k for p in schedule)
    # Each bot in each seat equally often.
    per_seat = math.comb(n - 1, k - 1) * rounds
    assert seat_counts(schedule) == {(b, s): per_seat for b in bots for s in range(k)}
    assert f"{len(schedule)} matches" in schedule.note


def test_early_matches_cover_every_bot() -> None:
    bots = [f"bot{i}" for i in range(12)]
    schedule = round_robin(bots, 3)
    assert {b for p in schedule.pairings[:4] for b in p.seats} == set(bots)
    # Prefixes of the first pass keep the bots close: within 1 match for the first fifth,
    # within 3 throughout (late on the greedy order runs out of balanced choices).
    for end in range(1, schedule.groups + 1):
        counts = Counter(b for p in schedule.pairings[:end] for b in p.seats)
        values = [counts[b] for b in bots]
        assert max(values) - min(values) <= (1 if end <= schedule.groups // 5 else 3)


def test_sampling_is_balanced_and_says_so() -> None:
    bots = [f"bot{i}" for i in range(10)]
    schedule = round_robin(bots, 4, rounds=2, max_matches=100)
    # 100 // (4 seat orders · 2 rounds) = 12 subsets of C(10, 4) = 210.
    assert schedule.sampled and (schedule.groups, schedule.total_groups) == (12, 210)
    assert len(schedule) == 12 * 4 * 2
    assert "sampled 12 of 210" in schedule.note
    groups = Counter(frozenset(p.seats) for p in schedule)
    assert len(groups) == 12 and set(groups.values()) == {8}
    # 12 subsets · 4 seats = 48 places over 10 bots: each bot in 4 or 5 subsets.
    per_bot = Counter(b for g in groups for b in g)
    assert set(per_bot) == set(bots) and set(per_bot.values()) <= {4, 5}
    for bot in bots:
        seats = Counter(s for p in schedule for s, b in enumerate(p.seats) if b == bot)
        assert len(set(seats.values())) == 1  # still every seat equally often


@pytest.mark.parametrize(("n", "k", "groups"), [(8, 2, 5), (9, 3, 40), (12, 4, 100), (7, 3, 30)])
def test_sample_balance_within_one(n: int, k: int, groups: int) -> None:
    bots = [f"b{i}" for i in range(n)]
    for seed in range(4):
        schedule = round_robin(bots, k, max_matches=groups * k, seed=seed)
        counts = Counter(b for p in schedule.pairings[: schedule.groups] for b in p.seats)
        values = [counts[b] for b in bots]
        assert max(values) - min(values) <= 1


def test_a_sample_of_a_huge_field_is_planned_without_listing_every_group() -> None:
    # C(200, 6) is 8e10 groups: listing them exhausts the 2 GB this planner process gets.
    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
            "from collections import Counter; from scheduler._pairings import round_robin; "
            "s = round_robin([f'b{i}' for i in range(200)], 6, 1, 600, 1); "
            "c = Counter(b for p in s.pairings for b in p.seats); "
            "print(len(s.pairings), max(c.values()) - min(c.values()))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["600", "0"]  # 100 groups: each bot in exactly 3


def test_no_sampling_when_everything_fits() -> None:
    schedule = round_robin(BOTS, 2, max_matches=20)
    assert not schedule.sampled and len(schedule) == 20


def test_deterministic_from_the_seed() -> None:
    bots = [f"b{i}" for i in range(9)]
    first = round_robin(bots, 3, max_matches=60, seed=7)
    assert first == round_robin(bots, 3, max_matches=60, seed=7)
    assert round_robin(bots, 3, max_matches=60, seed=8).pairings != first.pairings
    assert first.pairs()[0] == (0, first.pairings[0].seats)


def test_gauntlet_composition() -> None:
    schedule = gauntlet("new", ["a", "b", "c", "d"], 3, rounds=2)
    # C(4, 2) opponent pairs · 3 seat orders · 2 rounds.
    assert len(schedule) == 6 * 3 * 2
    assert all("new" in p.seats and len(set(p.seats)) == 3 for p in schedule)
    assert Counter(p.seats.index("new") for p in schedule) == {0: 12, 1: 12, 2: 12}
    assert Counter(frozenset(p.seats) - {"new"} for p in schedule).keys() == {
        frozenset(pair)
        for pair in [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d")]
    }
    two = gauntlet("new", ["a", "b", "c"], 2)
    assert sorted(p.seats for p in two) == sorted(
        [("new", x) for x in "abc"] + [(x, "new") for x in "abc"]
    )
    sampled = gauntlet("new", [f"f{i}" for i in range(8)], 3, max_matches=30)
    assert sampled.sampled and sampled.groups == 10 and len(sampled) == 30


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: round_robin(["a", "b"], 3), "a 3-player game needs at least 3 bots, got 2"),
        (lambda: round_robin(["a", "b"], 1), "players must be a whole number 2 or more, got 1"),
        (lambda: round_robin(["a", "b", "a"], 2), "bot names must be distinct; repeated: a"),
        (lambda: round_robin(["a", "b"], 2, rounds=0), "rounds must be a whole number 1 or more"),
        (lambda: round_robin(BOTS, 3, max_matches=2), "max_matches 2 cannot hold one group"),
        (lambda: gauntlet("a", ["a", "b"], 2), "the challenger 'a' is also in the field"),
        (lambda: gauntlet("x", ["a"], 3), "a 3-player game needs at least 3 bots, got 2"),
    ],
)
def test_errors(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
