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
    # 60 wins, 20 draws, 20 losses: s = 0.7, v = 0.6 + 0.05 - 0.49 = 0.16.
    s0, s1 = expected_score(0), expected_score(5)
    hand = 100 * (s1 - s0) * (2 * 0.7 - s0 - s1) / (2 * 0.16)
    assert sprt(60, 20, 20, 0, 5).llr == pytest.approx(hand, rel=1e-3)


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
