"""SPRT bounds, decisions and the LLR against hand-computed values."""

from __future__ import annotations

import math

import pytest

from scheduler._ratings import expected_score
from scheduler._sprt import sprt, sprt_bounds


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
    s0 = expected_score(-10)
    # 50 wins and 50 losses: the mean is 0.5, the expected score at elo1 = 0, so the LLR is
    # ll(0.5) - ll(s0) = 50 ln(0.5 / s0) + 50 ln(0.5 / (1 - s0)).
    hand = 50 * math.log(0.25 / (s0 * (1 - s0)))
    assert sprt(50, 0, 50, -10, 0).llr == pytest.approx(hand, rel=1e-2)
    # n straight wins: the best fit scores 1, H0's best is s0 itself: LLR = -n ln(s0).
    assert sprt(5, 0, 0, -10, 0).llr == pytest.approx(-5 * math.log(s0), rel=1e-2)
    assert sprt(4, 0, 0, -10, 0).decision == "continue"  # 2.89 < ln 19
    assert sprt(5, 0, 0, -10, 0).decision == "accept_h1"  # 3.61 > ln 19
    assert sprt(1, 0, 0, -10, 0).decision == "continue"


def test_between_the_hypotheses_the_llr_compares_them_directly() -> None:
    s0, s1 = expected_score(-5), expected_score(5)
    # 50 wins, 50 losses: both fits put no mass on draws, so ll(s) = 50 ln s + 50 ln(1 - s).
    hand = 50 * math.log(s1 * (1 - s1) / (s0 * (1 - s0)))
    assert sprt(50, 0, 50, -5, 5).llr == pytest.approx(hand, abs=1e-3)


def test_a_clearly_winning_record_accepts_h1() -> None:
    result = sprt(600, 300, 400, 0, 10)
    assert result.llr > result.upper
    assert result.decision == "accept_h1"
    assert sprt(50, 0, 0, 0, 10).decision == "accept_h1"  # no losses: still a finite LLR


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
