"""The gauntlet's sequential test and interval: testing by betting on per-deal differences.

The data are the per-deal differences ``D_i`` in [-1, 1] (see ``_gauntlet``); nothing is
assumed of their distribution but that the deals are independent and alike. Most deals can
be identical (D = 0), the rest rare and large: a normal model's variance, estimated from the
deals seen so far, is then near 0 until the rare deals come, and a normal SPRT decides
before they do (11-33% wrong decisions at a nominal 5%, measured in ``docs/ratings.md``).

Instead, two bettors start with a stake of 1 and bet on every deal in turn (the statistics
of Waudby-Smith and Ramdas, "Estimating means of bounded random variables by betting",
JRSS B 2024, and of Shafer and Vovk's game-theoretic testing):

- against H0 (mean ``<= delta0``): ``K1_n = prod (1 + l_i (D_i - delta0))``;
- against H1 (mean ``>= delta1``): ``K0_n = prod (1 - m_i (D_i - delta1))``.

The bets ``l_i, m_i >= 0`` are chosen before deal i is seen, from the deals before it, and
are small enough that no deal in [-1, 1] ruins a bettor. Whatever the distribution of the
D_i, while H0 holds every factor of K1 has expectation at most 1: K1 is a nonnegative
supermartingale, and by Ville's inequality it ever reaches ``1 / alpha`` with probability
at most alpha. The test accepts H1 ("not worse") when ``ln K1 >= ln(1 / alpha)`` and H0
when ``ln K0 >= ln(1 / beta)``: the error rates are at most alpha and beta for every shape
of differences, at any number of deals, with no normal approximation.

The bets follow the normal SPRT's growth: with ``g`` the gap to bet on (``delta1 - delta0``,
or the distance of the running mean from the hypothesis if larger) and ``v`` the variance
estimated with one virtual deal of variance 1/4 (the prior that keeps a run of identical
deals from looking certain), the bet is the growth-optimal ``g / (v + g²)``, capped at 9/10
of the ruinous stake (``0.9 / (1 + delta0)``, ``0.9 / (1 - delta1)``). When the normal
model holds the test needs about as many deals as the normal SPRT (measured in
``docs/ratings.md``); when all deals are identical, accepting H1 needs about
``ln(1 / alpha) / ln(1 + 0.9 |delta0| / (1 + delta0))`` deals (65 at the defaults), close to
the least any test with error alpha can use (59: a NEW that loses a whole deal with
probability 5% and ties otherwise is exactly 5% worse and shows 59 identical deals in a row
with probability 5%).

The 95% interval is a confidence sequence built the same way (the paper's hedged capital
process, with a union bound over the two sides): the means ``m`` at which either bettor,
``prod (1 + c_i (D_i - m))`` or ``prod (1 - c_i (D_i - m))``, has reached ``2 / 0.05``. It
covers the true mean with probability at least 95% at every deal at once, so also at the
deal where the test stopped (where a t-interval covers about 90%). The bets ``c_i`` are the
paper's predictable plug-in, ``sqrt(2 ln(2 / 0.05) / (v i ln(1 + i)))``, capped at 9/10 of
the ruinous stake (``0.9 / (1 + m)`` on "above m", ``0.9 / (1 - m)`` on "below m").
LOS is ``Phi(D̄ / se)`` with the standard error of the same regularised variance (one
virtual deal of variance 1/4), so that a few equal deals do not make it 100%.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from ._sprt import Decision

#: The variance of the one virtual deal in every variance estimate (a fair coin's score).
PRIOR_VARIANCE = 0.25

#: The largest bet as a share of the stake that one deal could wipe out.
TEST_CAP = 0.9

#: The largest bet of the interval's bettors, as a share of the stake one deal could wipe
#: out (``1 / (1 + m)`` on "above m", ``1 / (1 - m)`` on "below m").
INTERVAL_CAP = 0.9

#: The interval's confidence.
CONFIDENCE = 0.95


@dataclass(frozen=True)
class GauntletStats:
    """The statistics on the per-deal differences: mean, 95% interval, LOS, the test.

    ``log_e1`` is ln K1 (evidence against H0, for "not worse"), ``log_e0`` ln K0 (evidence
    against H1, for "worse"); the test accepts H1 at ``bound1 = ln(1 / alpha)`` and H0 at
    ``bound0 = ln(1 / beta)``."""

    deals: int
    mean: float
    low: float
    high: float
    los: float
    log_e1: float
    log_e0: float
    bound1: float
    bound0: float
    decision: Decision


@dataclass
class BettingTest:
    """The sequential test, fed one difference at a time (each :meth:`add` is O(1))."""

    delta0: float
    delta1: float
    alpha: float = 0.05
    beta: float = 0.05
    differences: list[float] = field(default_factory=list, init=False)
    interval_bets: list[float] = field(default_factory=list, init=False)
    log_e1: float = field(default=0.0, init=False)
    log_e0: float = field(default=0.0, init=False)
    decision: Decision = field(default="continue", init=False)
    _mean: float = field(default=0.0, init=False)
    # The sum of squared deviations from the running mean (Welford's update).
    _squares: float = field(default=0.0, init=False)

    def __post_init__(self) -> None:
        if not self.delta0 < self.delta1:
            raise ValueError(f"delta0 must be below delta1, got {self.delta0!r} and "
                             f"{self.delta1!r}")
        for name, value in (("delta0", self.delta0), ("delta1", self.delta1)):
            if not -1 < value < 1:
                raise ValueError(f"{name} is a difference of match scores, between -1 and 1 "
                                 f"(exclusive), got {value!r}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5 (exclusive), "
                                 f"got {value!r}")

    @property
    def bound1(self) -> float:
        """ln(1 / alpha): where ln K1 accepts H1."""
        return math.log(1 / self.alpha)

    @property
    def bound0(self) -> float:
        """ln(1 / beta): where ln K0 accepts H0."""
        return math.log(1 / self.beta)

    def _variance(self) -> float:
        """The variance of a deal, with one virtual deal of variance 1/4."""
        return (self._squares + PRIOR_VARIANCE) / (len(self.differences) + 1)

    def add(self, d: float) -> Decision:
        """Count one deal's difference; the decision so far (the first one reached stays)."""
        if not -1 <= d <= 1:
            raise ValueError(f"a deal's difference lies in [-1, 1], got {d!r}")
        n, variance = len(self.differences), self._variance()
        gap = self.delta1 - self.delta0
        gap1, gap0 = max(gap, self._mean - self.delta0), max(gap, self.delta1 - self._mean)
        bet1 = min(gap1 / (variance + gap1 ** 2), TEST_CAP / (1 + self.delta0))
        bet0 = min(gap0 / (variance + gap0 ** 2), TEST_CAP / (1 - self.delta1))
        self.log_e1 += math.log1p(bet1 * (d - self.delta0))
        self.log_e0 += math.log1p(-bet0 * (d - self.delta1))
        log_level = math.log(2 / (1 - CONFIDENCE))
        self.interval_bets.append(math.sqrt(
            2 * log_level / (variance * (n + 1) * math.log(n + 2))))
        self.differences.append(d)
        delta = d - self._mean
        self._mean += delta / (n + 1)
        self._squares += delta * (d - self._mean)
        if self.decision == "continue":
            if self.log_e1 >= self.bound1:
                self.decision = "accept_h1"
            elif self.log_e0 >= self.bound0:
                self.decision = "accept_h0"
        return self.decision

    def interval(self) -> tuple[float, float]:
        """The confidence sequence's 95% interval of the mean difference, within [-1, 1]."""
        if not self.differences:
            return -1.0, 1.0
        d = np.asarray(self.differences)
        bets = np.asarray(self.interval_bets)
        level = math.log(2 / (1 - CONFIDENCE))

        def up(m: float) -> bool:  # the bettor on "the mean is above m" has won
            stake = np.minimum(bets, INTERVAL_CAP / (1 + m)) if m > -1 else bets
            return float(np.log1p(stake * (d - m)).sum()) >= level

        def down(m: float) -> bool:
            stake = np.minimum(bets, INTERVAL_CAP / (1 - m)) if m < 1 else bets
            return float(np.log1p(-stake * (d - m)).sum()) >= level

        # ln K of "above m" falls as m rises, of "below m" rises (each factor is monotone in m,
        # the cap included: Waudby-Smith and Ramdas, section 4); neither bettor can win
        # at the far end (a factor 1 + c (D - 1) is at most 1): bisect each crossing.
        low = -1.0 if not up(-1.0) else _edge(up, inside=1.0, outside=-1.0)
        high = 1.0 if not down(1.0) else _edge(down, inside=-1.0, outside=1.0)
        return low, high

    def stats(self) -> GauntletStats:
        """Everything :class:`GauntletStats` holds, for the deals so far."""
        n = len(self.differences)
        low, high = self.interval()
        if n:
            se = math.sqrt(self._variance() * (n + 1) / n / n)
            los = 0.5 * (1.0 + math.erf(self._mean / se / math.sqrt(2.0)))
        else:
            los = 0.5
        return GauntletStats(n, self._mean, low, high, los, self.log_e1, self.log_e0,
                             self.bound1, self.bound0, self.decision)


def _edge(won: Callable[[float], bool], inside: float, outside: float) -> float:
    """Where ``won`` turns from false (at ``inside``) to true (at ``outside``), to 60
    bisections, on the outside (so the interval keeps the crossing)."""
    for _ in range(60):
        middle = (inside + outside) / 2
        if won(middle):
            outside = middle
        else:
            inside = middle
    return outside


def gauntlet_stats(differences: Iterable[float], delta0: float, delta1: float,
                   alpha: float = 0.05, beta: float = 0.05) -> GauntletStats:
    """Mean difference, interval, LOS and the test on ``differences`` in deal order (see
    the module's docstring)."""
    test = BettingTest(delta0, delta1, alpha, beta)
    for d in differences:
        test.add(d)
    return test.stats()
