"""SPRT bounds, decisions and the LLR against hand-computed values."""

from __future__ import annotations

import math

import pytest

from scheduler._ratings import expected_score
from scheduler._sprt import sprt, sprt_bounds, sprt_counts


def test_bounds_by_hand() -> None:
    # ln(0.05 / 0.95) = -ln 19 and ln(0.95 / 0.05) = ln 19.
    assert sprt_bounds() == pytest.approx((-math.log(19), math.log(19)))
    assert math.log(19) == pytest.approx(2.944, abs=1e-3)
    lower, upper = sprt_bounds(alpha=0.05, beta=0.1)
    assert lower == pytest.approx(math.log(0.1 / 0.95))
    assert upper == pytest.approx(math.log(18))
    result = sprt(10, 10, 10, 0, 5)
    assert (result.lower, result.upper) == pytest.approx((-math.log(19), math.log(19)))


def test_llr_by_hand() -> None:
    s0, s1 = expected_score(-10), expected_score(0)
    # 50 wins and 50 losses: both fits put no mass on draws, so the LLR is
    # 50 ln(s1 / s0) + 50 ln((1 - s1) / (1 - s0)), with s1 = 0.5.
    hand = 50 * math.log(0.25 / (s0 * (1 - s0)))
    assert sprt(50, 0, 50, -10, 0).llr == pytest.approx(hand, rel=1e-2)
    # n straight wins: each hypothesis' best fit wins with its own score: LLR = n ln(s1 / s0).
    step = math.log(s1 / s0)
    assert sprt(5, 0, 0, -10, 0).llr == pytest.approx(5 * step, rel=1e-2)
    assert math.log(19) / step == pytest.approx(100.85, abs=0.01)
    assert sprt(100, 0, 0, -10, 0).decision == "continue"  # 2.92 < ln 19
    assert sprt(102, 0, 0, -10, 0).decision == "accept_h1"  # 2.98 > ln 19
    assert sprt(0, 0, 102, 0, 10).decision == "accept_h0"


def test_the_error_rates_hold_at_the_hypotheses() -> None:
    # Exact probabilities over every win/loss path (no draws) of a bot at elo0, stopped by
    # the test or after 100 games: it must be accepted as H1 at most alpha of the time.
    s0 = expected_score(-10)
    alive = {(0, 0): 1.0}
    accepted = 0.0
    for _ in range(100):
        nxt: dict[tuple[int, int], float] = {}
        for (won, lost), p in alive.items():
            for record, q in (((won + 1, lost), s0), ((won, lost + 1), 1 - s0)):
                decision = sprt(record[0], 0, record[1], -10, 0).decision
                if decision == "accept_h1":
                    accepted += p * q
                elif decision == "continue":
                    nxt[record] = nxt.get(record, 0.0) + p * q
        alive = nxt
    assert accepted < 0.05  # the previous, generalised ratio: 8% within 100 games


def test_between_the_hypotheses_the_llr_compares_them_directly() -> None:
    s0, s1 = expected_score(-5), expected_score(5)
    # 50 wins, 50 losses: both fits put no mass on draws, so ll(s) = 50 ln s + 50 ln(1 - s).
    hand = 50 * math.log(s1 * (1 - s1) / (s0 * (1 - s0)))
    assert sprt(50, 0, 50, -5, 5).llr == pytest.approx(hand, abs=1e-3)


def test_a_clearly_winning_record_accepts_h1() -> None:
    result = sprt(600, 300, 400, 0, 10)
    assert result.llr > result.upper
    assert result.decision == "accept_h1"
    assert sprt(200, 0, 0, 0, 10).decision == "accept_h1"  # no losses: still a finite LLR


def test_a_clearly_losing_record_accepts_h0() -> None:
    result = sprt(400, 300, 600, 0, 10)
    assert result.llr < result.lower
    assert result.decision == "accept_h0"


def test_few_games_continue() -> None:
    assert sprt(3, 1, 2, 0, 10).decision == "continue"
    assert sprt(0, 0, 0, 0, 10) == sprt(0, 0, 0, 0, 10)
    assert sprt(0, 0, 0, 0, 10).llr == 0 and sprt(0, 0, 0, 0, 10).decision == "continue"


def test_llr_sign() -> None:
    # Above the midpoint of s0 and s1 the data favour H1; below, H0.
    assert sprt(55, 10, 45, -5, 5).llr > 0
    assert sprt(45, 10, 55, -5, 5).llr < 0
    assert sprt(50, 10, 50, -5, 5).llr == pytest.approx(0, abs=1e-9)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="elo0 must be below elo1"):
        sprt(1, 1, 1, 5, 0)
    with pytest.raises(ValueError, match="losses must be a whole number"):
        sprt(1, 1, -1, 0, 5)
    with pytest.raises(ValueError, match="alpha must be between"):
        sprt(1, 1, 1, 0, 5, alpha=0)
    with pytest.raises(ValueError, match="beta must be between"):
        sprt(1, 1, 1, 0, 5, beta=0.7)


def test_the_pentanomial_error_rate_holds_at_h0() -> None:
    # Exact probabilities over every path of pairs of a bot at elo0 (independent games, no
    # draws: pairs of 0, 1 or 2 points with probabilities (1-s)^2, 2s(1-s), s^2), stopped by
    # the test or after 40 pairs: it must be accepted as H1 at most alpha of the time.
    s0 = expected_score(-50)
    outcomes = {0: (1 - s0) ** 2, 2: 2 * s0 * (1 - s0), 4: s0 * s0}
    decisions: dict[tuple[int, ...], str] = {}
    alive: dict[tuple[int, ...], float] = {(0, 0, 0, 0, 0): 1.0}
    accepted = 0.0
    for _ in range(40):
        nxt: dict[tuple[int, ...], float] = {}
        for counts, p in alive.items():
            for k, q in outcomes.items():
                record = tuple(n + (i == k) for i, n in enumerate(counts))
                if record not in decisions:
                    decisions[record] = sprt_counts(list(record), -50, 50).decision
                if decisions[record] == "accept_h1":
                    accepted += p * q
                elif decisions[record] == "continue":
                    nxt[record] = nxt.get(record, 0.0) + p * q
        alive = nxt
    assert 0.02 < accepted < 0.05
