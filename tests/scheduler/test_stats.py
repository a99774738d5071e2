"""The pentanomial and trinomial statistics against values derived here independently.

Each expected value is computed in the test from first principles (exact fractions, Newton's
method, a one-dimensional search over a parametrised family), never by the code under test.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest

from scheduler._sprt import PairTally, sprt_counts
from scheduler._stats import estimate, fit_mean, fit_t, llr, regularize

Z = 1.959963984540054  # the 97.5% normal quantile
NELO = 800 / math.log(10)


def L(elo: float) -> float:  # noqa: N802 (the logistic curve's usual name)
    return 1 / (1 + 10 ** (-elo / 400))


def L_inv(score: float) -> float:  # noqa: N802
    return 400 * math.log10(score / (1 - score))


def phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def constrained_loglik_newton(counts: Sequence[float], mean: float) -> float:
    """max sum c_k ln p_k over distributions with sum a_k p_k = mean, by Newton on the
    multiplier of p_k = f_k / (1 + x (a_k - mean)) (the Lagrange conditions), from x = 0."""
    n = len(counts)
    total = sum(counts)
    f = [c / total for c in counts]
    d = [k / (n - 1) - mean for k in range(n)]
    x = 0.0
    for _ in range(100):
        g = sum(fk * dk / (1 + x * dk) for fk, dk in zip(f, d, strict=True))
        dg = -sum(fk * dk * dk / (1 + x * dk) ** 2 for fk, dk in zip(f, d, strict=True))
        x -= g / dg
    p = [fk / (1 + x * dk) for fk, dk in zip(f, d, strict=True)]
    assert sum(p) == pytest.approx(1, abs=1e-12)
    assert sum(k / (n - 1) * pk for k, pk in enumerate(p)) == pytest.approx(mean, abs=1e-12)
    return sum(c * math.log(pk) for c, pk in zip(counts, p, strict=True))


def golden_max(fn: Callable[[float], float], low: float, high: float) -> float:
    """The maximum of a unimodal function on [low, high] by golden-section search."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    for _ in range(200):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if fn(c) > fn(d):
            b = d
        else:
            a = c
    return fn((a + b) / 2)


# -- the LLR ------------------------------------------------------------------------------

def test_pentanomial_llr_on_a_worked_example() -> None:
    counts = [3, 5, 9, 4, 2]  # no zero counts: regularisation leaves them alone
    s0, s1 = L(-10), L(0)
    hand = constrained_loglik_newton(counts, s1) - constrained_loglik_newton(counts, s0)
    assert llr(counts, -10, 0) == pytest.approx(hand, abs=1e-9)
    assert hand == pytest.approx(-0.1070, abs=1e-4)  # mean 43/92 < 1/2: favours H0


def test_pentanomial_llr_with_only_ww_and_ll_pairs_is_a_binomial() -> None:
    # Only 0- and 2-point pairs: the best fit with mean s puts s on WW and 1 - s on LL, so
    # LLR = n4 ln(s1 / s0) + n0 ln((1 - s1) / (1 - s0)); the 0.001 given to each empty
    # outcome moves it by well under 1%.
    s0, s1 = L(-20), L(20)
    hand = 30 * math.log(s1 / s0) + 20 * math.log((1 - s1) / (1 - s0))
    assert llr([20, 0, 0, 0, 30], -20, 20) == pytest.approx(hand, rel=1e-2)


def test_trinomial_normalized_llr_by_a_search_over_draw_rates() -> None:
    # Trinomials (loss, draw, win) with t-value (mu - 1/2) / sigma = t and draw rate d have
    # w - l = t sqrt((1 - d) / (1 + t^2)) (from mu - 1/2 = (w - l) / 2 and
    # sigma^2 = ((1 - d) - (w - l)^2) / 4): a one-parameter family, searched over d.
    losses, draws, wins = 40, 30, 50

    def best(nelo: float) -> float:
        t = nelo / NELO

        def loglik(d: float) -> float:
            gap = t * math.sqrt((1 - d) / (1 + t * t))
            w, lo = (1 - d + gap) / 2, (1 - d - gap) / 2
            return losses * math.log(lo) + draws * math.log(d) + wins * math.log(w)

        return golden_max(loglik, 1e-9, 1 - 1e-9)

    hand = best(20) - best(-10)
    assert llr([losses, draws, wins], -10, 20, "normalized") == pytest.approx(hand, abs=1e-7)


def test_pentanomial_normalized_llr_is_close_to_fishtests_approximation() -> None:
    # Van den Bergh's approximation (normalized_elo_practical, section 4.2):
    # LLR ~ games / 2 * ln((1 + (nt - nt0)^2) / (1 + (nt - nt1)^2)), nt the per-game t-value.
    counts = [40, 400, 1200, 420, 45]
    n = sum(counts)
    mu = sum(k / 4 * c for k, c in enumerate(counts)) / n
    var = sum((k / 4 - mu) ** 2 * c for k, c in enumerate(counts)) / n
    nt = (mu - 0.5) / math.sqrt(2 * var)
    nt0, nt1 = -2 / NELO, 6 / NELO
    approx = n * math.log((1 + (nt - nt0) ** 2) / (1 + (nt - nt1) ** 2))  # games / 2 = n
    assert llr(counts, -2, 6, "normalized") == pytest.approx(approx, rel=0.02)


def test_zero_counts_are_regularised_as_fishtest_does() -> None:
    # fishtest's regularize: a 0 becomes 0.001, every other count is left as it is.
    assert regularize([0, 3, 0, 2, 1]) == [0.001, 3, 0.001, 2, 1]
    assert llr([0, 3, 0, 2, 1], -10, 0) == llr([0.001, 3, 0.001, 2, 1], -10, 0)
    added = [c + 0.001 for c in (0, 3, 0, 2, 1)]  # the earlier rule (0.001 added to all)
    assert llr([0, 3, 0, 2, 1], -10, 0) != pytest.approx(llr(added, -10, 0), abs=1e-9)


def test_llr_sign_and_symmetry() -> None:
    assert llr([1, 2, 5, 2, 1], -5, 5) == pytest.approx(0, abs=1e-9)  # mean 1/2, midway
    assert llr([1, 2, 5, 3, 2], -5, 5) > 0
    assert llr([2, 3, 5, 2, 1], -5, 5) < 0
    assert llr([1, 2, 5, 3, 2], -5, 5) == pytest.approx(-llr([2, 3, 5, 2, 1], -5, 5))


# -- Elo, its interval, LOS ---------------------------------------------------------------

def test_elo_interval_and_los_on_a_worked_example() -> None:
    counts = [1, 2, 3, 4, 5]  # pairs of 0, 1/2, 1, 3/2, 2 points
    n = 15
    mu = Fraction(0 * 1 + 1 * 2 + 2 * 3 + 3 * 4 + 4 * 5, 4 * n)
    assert mu == Fraction(2, 3)
    var = Fraction(sum(Fraction(k, 4) ** 2 * c for k, c in enumerate(counts)), n) - mu * mu
    assert var == Fraction(7, 72)
    se = math.sqrt(var / n)
    got = estimate(counts)
    assert got.elo == pytest.approx(400 * math.log10(2))  # 2/3 is 2:1 odds
    assert got.low == pytest.approx(L_inv(2 / 3 - Z * se))
    assert got.high == pytest.approx(L_inv(2 / 3 + Z * se))
    assert (got.low, got.high) == pytest.approx((6.17, 268.72), abs=0.01)
    assert got.los == pytest.approx(phi((2 / 3 - 1 / 2) / se))
    assert got.los == pytest.approx(0.9808, abs=1e-4)


def test_trinomial_los_by_hand() -> None:
    # W, D, L per game: mu - 1/2 = (W - L) / 2N, var = (W + L) / 4N - (W - L)^2 / 4N^2, so
    # (mu - 1/2) / se = (W - L) / sqrt(W + L - (W - L)^2 / N).
    w, d, lo = 30, 20, 20
    z = (w - lo) / math.sqrt(w + lo - (w - lo) ** 2 / (w + d + lo))
    assert estimate([lo, d, w]).los == pytest.approx(phi(z))


def test_normalized_elo_by_hand() -> None:
    # nElo = (mu - 1/2) / sigma_game * 800 / ln 10, sigma_game = sqrt(2 var) for pairs;
    # interval nElo +- 1.96 * 800 / ln 10 / sqrt(games), games = 2 * pairs.
    sigma_game = math.sqrt(2 * 7 / 72)
    nelo = (2 / 3 - 1 / 2) / sigma_game * NELO
    got = estimate([1, 2, 3, 4, 5], "normalized")
    assert got.elo == pytest.approx(nelo)
    assert nelo == pytest.approx(131.32, abs=0.01)
    half = Z * NELO / math.sqrt(30)
    assert (got.low, got.high) == pytest.approx((nelo - half, nelo + half))
    # per game, sigma_game = sqrt(var): 30 wins, 20 draws, 20 losses
    mu, n = Fraction(40, 70), 70
    var = Fraction(30, n) + Fraction(20, 4 * n) - mu * mu
    assert estimate([20, 20, 30], "normalized").elo == pytest.approx(
        float(mu - Fraction(1, 2)) / math.sqrt(var) * NELO)


# -- edge cases ---------------------------------------------------------------------------

def test_zero_games() -> None:
    assert llr([0] * 5, -10, 0) == 0
    assert llr([0] * 3, -10, 0, "normalized") == 0
    got = estimate([0] * 5)
    assert (got.elo, got.low, got.high, got.los) == (0, -math.inf, math.inf, 0.5)
    assert sprt_counts([0] * 5, -10, 0).decision == "continue"


def test_all_wins() -> None:
    # Regularised: four outcomes at 0.001 beside 10 WW pairs.
    total = 10.004
    mu = (10 + 0.001 * (0.25 + 0.5 + 0.75)) / total
    var = (10 * 1 + 0.001 * (0.0625 + 0.25 + 0.5625)) / total - mu * mu
    got = estimate([0, 0, 0, 0, 10])
    assert got.elo == pytest.approx(L_inv(mu))
    assert got.low == pytest.approx(L_inv(mu - Z * math.sqrt(var / total)))
    assert got.high == math.inf  # mu + 1.96 se is past a score of 1
    assert got.los == pytest.approx(1)
    # About ln(s1 / s0) per pair (the fits put s on WW): straight wins decide in ~ln 19 / step.
    step = math.log(L(50) / L(-50))
    assert llr([0, 0, 0, 0, 10], -50, 50) == pytest.approx(10 * step, rel=0.01)
    assert sprt_counts([0, 0, 0, 0, 11], -50, 50).decision == "accept_h1"  # 11 * 0.288 > 2.94
    assert sprt_counts([0, 0, 0, 0, 10], -50, 50).decision == "continue"


def test_all_draws() -> None:
    got = estimate([0, 0, 12, 0, 0])
    # mean exactly 1/2 (the 0.001s are symmetric), variance from the 0.001s alone
    var = 0.001 * 2 * (0.0625 + 0.25) / 12.004
    assert got.elo == pytest.approx(0, abs=1e-9) and got.los == pytest.approx(0.5)
    assert got.high == pytest.approx(L_inv(0.5 + Z * math.sqrt(var / 12.004)))
    assert llr([0, 0, 12, 0, 0], -5, 5) == pytest.approx(0, abs=1e-9)
    assert llr([0, 0, 12, 0, 0], -10, 0) > 0  # 1/2 is H1's score
    assert estimate([0, 12, 0], "normalized").elo == pytest.approx(0, abs=1e-9)


def test_one_pair() -> None:
    # One 2-point pair: finite, positive, and far from a decision.
    mu = (1 + 0.001 * 1.5) / 1.004
    assert estimate([0, 0, 0, 0, 1]).elo == pytest.approx(L_inv(mu))
    assert 0 < llr([0, 0, 0, 0, 1], -10, 0) < math.log(L(0) / L(-10)) * 1.01
    assert sprt_counts([0, 0, 0, 0, 1], -10, 0).decision == "continue"
    assert estimate([0, 0, 1, 0, 0]).elo == pytest.approx(0, abs=1e-9)


# -- pairing --------------------------------------------------------------------------------

def test_the_two_games_of_a_deal_make_one_pair_in_any_order() -> None:
    tally = PairTally()
    completed = [tally.add(deal, points) for deal, points in
                 [("a", 1), ("b", 0.5), ("c", 0), ("b", 1), ("a", 1), ("d", 0.5)]]
    assert completed == [False, False, False, True, True, False]
    assert (tally.wins, tally.draws, tally.losses, tally.games) == (3, 2, 1, 6)
    assert tally.pairs == [0, 0, 0, 1, 1]  # b: 1/2 + 1, a: 1 + 1; c and d wait
    assert set(tally.waiting) == {"c", "d"}
    assert tally.counts("trinomial") == [1, 2, 3]
    assert tally.counts("pentanomial") == [0, 0, 0, 1, 1]


def test_normalized_fits_exist_for_any_record_within_the_limit() -> None:
    # The t-value fit (a fixed point) converges for every record with hypotheses within
    # +-200 nElo: random records, extreme ones included; the fit meets its constraint.
    rng = random.Random(15)
    for _ in range(300):
        size = rng.choice([3, 5])
        counts = [rng.choice([0, 0, 1, 2, 7, 60, 900]) for _ in range(size)]
        scores = [k / (size - 1) for k in range(size)]
        reg = regularize(counts)
        freqs = [c / sum(reg) for c in reg]
        for nelo in (-200, -3, 0, 5, 200):
            t = nelo / NELO * (math.sqrt(2) if size == 5 else 1)
            fit = fit_t(scores, freqs, t)
            mu = sum(a * p for a, p in zip(scores, fit, strict=True))
            sd = math.sqrt(sum((a - mu) ** 2 * p for a, p in zip(scores, fit, strict=True)))
            assert (mu - 0.5) / sd == pytest.approx(t, abs=1e-9), (counts, nelo)
        assert math.isfinite(llr(counts, -200, 200, "normalized"))
    with pytest.raises(ValueError, match="within"):
        llr([0] * 5, -250, 0, "normalized")
    with pytest.raises(ValueError, match="within"):
        sprt_counts([1, 2, 3], 0, 201, elo_model="normalized")


@pytest.mark.parametrize("counts", [[3, 5, 9, 4, 2], [0, 40, 100, 45, 1], [7, 0, 3, 0, 9]])
def test_pentanomial_fits_meet_the_lagrange_conditions(counts: list[int]) -> None:
    # At the best distribution p under a constraint g(p) = 0 (and sum p = 1), the gradient
    # of sum c_k ln p_k, c_k / p_k, is a combination alpha + beta dg/dp_k for every k: fit
    # alpha and beta on all five outcomes by least squares; the residual must vanish.
    reg = regularize(counts)
    scores = [k / 4 for k in range(5)]
    freqs = [c / sum(reg) for c in reg]

    def residual(p: list[float], dg: list[float]) -> float:
        y = [c / q for c, q in zip(reg, p, strict=True)]
        mx, my = sum(dg) / 5, sum(y) / 5
        beta = (sum((x - mx) * (v - my) for x, v in zip(dg, y, strict=True))
                / sum((x - mx) ** 2 for x in dg))
        alpha = my - beta * mx
        return max(abs(v - alpha - beta * x) for x, v in zip(dg, y, strict=True)) / max(y)

    # mean constraint (logistic Elo): g = sum a_k p_k - s, dg/dp_k = a_k
    assert residual(fit_mean(scores, freqs, L(-10)), scores) < 1e-9
    # t-value constraint (normalized): g = mu - 1/2 - t sigma, with
    # dmu/dp_k = a_k and dsigma/dp_k = (a_k^2 - 2 mu a_k) / (2 sigma)
    t = 5 / NELO * math.sqrt(2)
    p = fit_t(scores, freqs, t)
    mu = sum(a * q for a, q in zip(scores, p, strict=True))
    sigma = math.sqrt(sum(a * a * q for a, q in zip(scores, p, strict=True)) - mu * mu)
    dg = [a - t * (a * a - 2 * mu * a) / (2 * sigma) for a in scores]
    assert (mu - 0.5) / sigma == pytest.approx(t, abs=1e-12)
    assert residual(p, dg) < 1e-9
