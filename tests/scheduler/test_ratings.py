"""Ratings against values computed by hand."""

from __future__ import annotations

import math
import random
from itertools import permutations

import pytest

from engine import Result
from scheduler._ratings import (
    ELO_SCALE,
    expected_score,
    fit_elo,
    pairwise_outcomes,
    update_elo,
)
from scheduler._records import MatchRecord

WIN = [0, 1]
LOSS = [1, 0]
DRAW = [0, 0]


def three_to_one(times: int = 1) -> list[tuple[list[str], list[int]]]:
    return ([(["A", "B"], WIN)] * 3 + [(["A", "B"], LOSS)]) * times


def test_expected_score() -> None:
    assert expected_score(0) == 0.5
    # 10 ** (400 / 400) = 10, so 1 / (1 + 1/10) = 10/11.
    assert expected_score(400) == pytest.approx(10 / 11)
    assert expected_score(-400) == pytest.approx(1 / 11)


def test_pairwise_outcomes_ties_are_draws() -> None:
    assert pairwise_outcomes([0, 1]) == [(0, 1, 1.0)]
    assert pairwise_outcomes([1, 0, 1]) == [(0, 1, 0.0), (0, 2, 0.5), (1, 2, 1.0)]
    assert pairwise_outcomes([0, 0, 0]) == [(0, 1, 0.5), (0, 2, 0.5), (1, 2, 0.5)]


def test_two_bots_without_prior_is_the_plain_mle() -> None:
    # P(A beats B) = 3/4 maximises 3·log p + log(1-p); diff = 400·log10(p/(1-p)) = 400·log10 3.
    ratings = fit_elo(three_to_one(), prior_draws=0)
    assert ratings["A"].elo - ratings["B"].elo == pytest.approx(400 * math.log10(3))
    assert 400 * math.log10(3) == pytest.approx(190.849, abs=1e-3)
    assert ratings["A"].elo == pytest.approx(-ratings["B"].elo)  # mean 0
    assert ratings["A"].score == 0.75 and ratings["B"].score == 0.25
    assert ratings["A"].matches == 4 and ratings["A"].games == 4


def test_two_bots_with_the_default_prior() -> None:
    # Two bots, prior_draws=2: each bot's 2 virtual draws all go to the one pair, so the pair
    # has 6 games with A scoring 3 + 2·0.5 = 4: p = 4/6 and diff = 400·log10(4/2) ≈ 120.41.
    ratings = fit_elo(three_to_one())
    assert ratings["A"].elo - ratings["B"].elo == pytest.approx(400 * math.log10(2))
    assert ratings["A"].score == 0.75  # the score counts real games only


def test_error_bars_match_the_hand_formula_for_two_bots() -> None:
    # se(diff) = 400/ln10 / sqrt(n·p·(1-p)); with B anchored, A's se is the se of the diff.
    ratings = fit_elo(three_to_one(), anchor="B", prior_draws=0)
    se = ELO_SCALE / math.sqrt(4 * 0.75 * 0.25)
    assert ratings["A"].se == pytest.approx(se)
    assert ratings["A"].low == pytest.approx(ratings["A"].elo - 1.96 * se, rel=1e-4)
    assert ratings["A"].high == pytest.approx(ratings["A"].elo + 1.96 * se, rel=1e-4)
    # With the prior: 6 games at p = 2/3.
    prior = fit_elo(three_to_one(), anchor="B")
    assert prior["A"].se == pytest.approx(ELO_SCALE / math.sqrt(6 * 2 / 3 * 1 / 3))
    # Without an anchor each rating carries half the diff, so half its se.
    centred = fit_elo(three_to_one(), prior_draws=0)
    assert centred["A"].se == pytest.approx(se / 2)


def test_error_bars_shrink_as_one_over_sqrt_n() -> None:
    few = fit_elo(three_to_one(1), prior_draws=0)["A"]
    many = fit_elo(three_to_one(100), prior_draws=0)["A"]
    assert many.elo == pytest.approx(few.elo)
    assert few.se / many.se == pytest.approx(10.0)


def test_anchor_pins_one_bot_at_zero() -> None:
    ratings = fit_elo(three_to_one(), anchor="B", prior_draws=0)
    assert ratings["B"].elo == 0 and ratings["B"].se == 0
    assert ratings["A"].elo == pytest.approx(400 * math.log10(3))
    with pytest.raises(ValueError, match="anchor 'Z'"):
        fit_elo(three_to_one(), anchor="Z")


def test_a_cycle_gives_equal_ratings() -> None:
    cycle = [(["A", "B"], WIN), (["B", "C"], WIN), (["C", "A"], WIN)]
    ratings = fit_elo(cycle)
    for bot in "ABC":
        assert ratings[bot].elo == pytest.approx(0, abs=1e-9)
        assert ratings[bot].score == 0.5


def test_draws_count_half() -> None:
    # Two draws are worth one win and one loss.
    drawn = fit_elo([(["A", "B"], DRAW)] * 2 + [(["A", "C"], WIN)])
    split = fit_elo([(["A", "B"], WIN), (["A", "B"], LOSS), (["A", "C"], WIN)])
    for bot in "ABC":
        assert drawn[bot].elo == pytest.approx(split[bot].elo)
    assert drawn["B"].score == 0.5


def test_order_independence() -> None:
    rng = random.Random(1)
    bots = ["a", "b", "c", "d", "e"]
    strength = {"a": 0.0, "b": 0.5, "c": 1.0, "d": 1.5, "e": 2.0}
    matches = []
    for _ in range(120):
        seats = rng.sample(bots, rng.choice([2, 3]))
        keys = [strength[b] + rng.gauss(0, 1) for b in seats]
        matches.append((seats, [sum(k > mine for k in keys) for mine in keys]))
    reference = fit_elo(matches)
    for _ in range(3):
        rng.shuffle(matches)
        shuffled = fit_elo(matches)
        for bot in bots:
            assert shuffled[bot].elo == pytest.approx(reference[bot].elo, abs=1e-7)
            assert shuffled[bot].se == pytest.approx(reference[bot].se, abs=1e-7)
    assert sum(r.elo for r in reference.values()) == pytest.approx(0, abs=1e-9)
    assert reference["e"].elo > reference["a"].elo


def test_all_wins_stay_finite_with_the_prior_and_fail_clearly_without() -> None:
    ratings = fit_elo([(["A", "B"], WIN)] * 5)
    # 5 wins + 1 virtual point of 7 games against B: diff = 400·log10(6/1).
    assert ratings["A"].elo - ratings["B"].elo == pytest.approx(400 * math.log10(6))
    with pytest.raises(ValueError, match="prior_draws > 0"):
        fit_elo([(["A", "B"], WIN)] * 5, prior_draws=0)


def test_bots_that_never_met_are_joined_by_the_prior() -> None:
    ratings = fit_elo([(["A", "B"], WIN), (["C", "D"], WIN)])
    assert ratings["A"].elo == pytest.approx(ratings["C"].elo)
    with pytest.raises(ValueError, match="never met"):
        fit_elo([(["A", "B"], WIN), (["A", "B"], LOSS), (["C", "D"], DRAW)], prior_draws=0)


def test_a_steep_but_finite_chain_fits_whatever_the_names() -> None:
    # 10 bots in a chain, each beating the next 1000 times of 1001: about 10,000 Elo from top
    # to bottom, yet a finite fit (with the prior, or plain), whichever bot sorts last.
    def chain(names: list[str]) -> list:
        games = []
        for strong, weak in zip(names, names[1:], strict=False):
            games += [([strong, weak], WIN)] * 1000 + [([strong, weak], LOSS)]
        return games
    for names in ([f"b{i}" for i in range(10)], [f"b{i}" for i in reversed(range(10))]):
        for prior in (2.0, 0.0):
            ratings = fit_elo(chain(names), prior_draws=prior)
            elos = [ratings[n].elo for n in names]
            assert elos == sorted(elos, reverse=True)
            assert elos[0] - elos[-1] > 9000
            assert all(math.isfinite(r.low) and math.isfinite(r.high) for r in ratings.values())
    # Without its losses the chain has no finite plain MLE: said before fitting.
    with pytest.raises(ValueError, match="prior_draws > 0"):
        fit_elo([g for g in chain(["x", "y", "z"]) if g[1] == WIN], prior_draws=0)


def test_multiplayer_pairs_are_weighted_one_over_k_minus_one() -> None:
    # A 3-player match weighs each of its 3 pairs 1/2, so two copies of a set of 3-player
    # matches are exactly their pairwise decomposition played once as 2-player games.
    three = [
        (["A", "B", "C"], [0, 1, 2]),
        (["A", "B", "C"], [2, 0, 1]),
        (["C", "A", "B"], [0, 1, 1]),
    ]
    pairs = [
        ([seats[i], seats[j]], [0, 1] if s == 1 else [1, 0] if s == 0 else [0, 0])
        for seats, ranks in three
        for i, j, s in pairwise_outcomes(ranks)
    ]
    multi = fit_elo(three * 2)
    plain = fit_elo(pairs)
    for bot in "ABC":
        assert multi[bot].elo == pytest.approx(plain[bot].elo)
        # The same ratings, but not the same certainty: see the test below.
        assert multi[bot].se < plain[bot].se
        assert multi[bot].matches == plain[bot].matches == 6
    # Every match weighs 1 per bot whatever its size.
    four = fit_elo([(["A", "B", "C", "D"], [0, 1, 2, 3])] * 3)
    assert all(r.games == pytest.approx(r.matches) for r in four.values())
    assert four["A"].score == 1.0 and four["B"].score == pytest.approx(2 / 3)


def test_multiplayer_error_bars_count_the_pairs_of_one_ranking_as_related() -> None:
    # Every finishing order of equal bots, m times: the fit is 0 for all. By hand, for k
    # players (weight w = 1/(k-1), expected score 1/2 per pair): a match's information is
    # H = w/4·L (L the Laplacian of the complete graph K_k), and a bot's score in it,
    # w·Σ(s - 1/2), has the variance of w·(its place from the middle): for 3 players
    # J = 2/3·H, for 4 players J = 5/9·H. The variance is H⁺·J·H⁺ = J/H·H⁺ with
    # pinv(L) = L/k² for K_k: 16/(81m) for 3 players, 15/(288m) for 4 (β units).
    for k, m, variance in ((3, 10, 16 / 810), (4, 5, 15 / 1440)):
        bots = "ABCD"[:k]
        matches = [(list(order), list(range(k))) for order in permutations(bots)] * m
        ratings = fit_elo(matches, prior_draws=0)
        for bot in bots:
            assert ratings[bot].elo == pytest.approx(0, abs=1e-9)
            assert ratings[bot].se == pytest.approx(ELO_SCALE * math.sqrt(variance), rel=1e-6)


def test_fit_rejects_bad_matches() -> None:
    with pytest.raises(ValueError, match="one rank per seat"):
        fit_elo([(["A", "B"], [0])])
    with pytest.raises(ValueError, match="at least 2 seats"):
        fit_elo([(["A"], [0])])
    with pytest.raises(ValueError, match="against itself"):
        fit_elo([(["A", "A"], [0, 1])])
    with pytest.raises(ValueError, match="prior_draws"):
        fit_elo(three_to_one(), prior_draws=-1)
    assert fit_elo([]) == {}


def test_update_elo_two_players() -> None:
    before = {"A": 0.0, "B": 0.0}
    after = update_elo(before, ["A", "B"], WIN, k=16)
    # Expected 0.5 each: A gains 16·(1 - 0.5) = 8.
    assert after == {"A": 8.0, "B": -8.0}
    assert before == {"A": 0.0, "B": 0.0}  # pure
    # 400 points apart the favourite expects 10/11 and gains 16/11 by winning.
    assert update_elo({"A": 400.0, "B": 0.0}, ["A", "B"], WIN)["A"] == pytest.approx(400 + 16 / 11)


def test_update_elo_multiplayer_and_new_bots() -> None:
    # 3 players: weight 16/2 = 8 per pair, all expected 0.5. A wins both pairs: +4 +4;
    # B loses to A (-4) and beats C (+4); C loses both.
    after = update_elo({"X": 5.0}, ["A", "B", "C"], [0, 1, 2])
    assert after == {"X": 5.0, "A": 8.0, "B": 0.0, "C": -8.0}
    assert update_elo({}, ["A", "B"], DRAW) == {"A": 0.0, "B": 0.0}
    with pytest.raises(ValueError, match="against itself"):
        update_elo({}, ["A", "A"], WIN)


def test_head_to_head_counts_every_pair_and_los_is_the_normal_tail() -> None:
    from scheduler._reports import head_to_head, likelihood_of_superiority

    def match(seats: list[str], ranks: tuple[int, ...]) -> MatchRecord:
        return MatchRecord("m", "duel", {}, 0, seats, [],
                           Result(tuple(0.0 for _ in seats), ranks), [])

    pairs = head_to_head([match(["a", "b"], (0, 1)), match(["b", "a"], (0, 0)),
                          match(["a", "b", "c"], (1, 0, 2))])
    assert pairs["a", "b"] == (1, 1, 1) and pairs["b", "a"] == (1, 1, 1)
    assert pairs["a", "c"] == (1, 0, 0) and pairs["c", "b"] == (0, 0, 1)
    # Phi(x) by its series, independently of math.erf: LOS(3 wins, 1 loss) = Phi(1).
    phi_1 = 0.5 + sum((-1) ** k / (2 ** k * math.factorial(k) * (2 * k + 1))
                      for k in range(30)) / math.sqrt(2 * math.pi)
    assert abs(likelihood_of_superiority(3, 1) - phi_1) < 1e-12
    assert likelihood_of_superiority(0, 0) == 0.5
    assert likelihood_of_superiority(5, 5) == 0.5
