"""The ladder's matchmaking on a simulated ladder: how fast the leaderboard finds the truth.

No processes: 200 simulated bots of known strength, always connected, play match after
match; each match's bots come from the ladder's own matchmaking (``_matchmaking``) or, for
comparison, from today's uniform random pairing; its ranking is drawn from the true
strengths by the Plackett-Luce model (the chance that a bot finishes first among those left
is proportional to ``exp(strength)``; strengths are normal with sd 1, about 175 Elo); the
ladder's own rating (``_skill``) is updated with it, and the leaderboard (by ordinal,
mu - 3 sigma) is compared with the true order by Spearman's rank correlation every 250
matches. Prints, per player-count setting and pairing, the correlation at checkpoints and
the matches needed to reach the target (0.95) for good (the first checkpoint from which it
stays at or above it) in each of --seeds runs (seeds 1, 2...: the same bots and strengths
for both pairings) with their mean and standard deviation, and the saving of matchmaking by
skill: of the means, and by seed (its range, mean and sd).
``python benchmarks/bench_ladder.py [--bots 200] [--matches N] [--seeds 10] [--players 2,4]``
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scheduler._matchmaking import Candidate, choose_match, parse_counts  # noqa: E402
from scheduler._skill import Skill, update_skill  # noqa: E402

EVERY = 250  # matches between checkpoints
TARGET = 0.95
#: The player-count settings run by default, each with its default number of matches.
SETTINGS: tuple[tuple[tuple[int, ...], int], ...] = (((2,), 16000), ((2, 4), 8000))


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation of two sequences without ties."""
    def ranks(values: Sequence[float]) -> list[int]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0] * len(values)
        for rank, index in enumerate(order):
            out[index] = rank
        return out

    ra, rb = ranks(a), ranks(b)
    n = len(a)
    return 1 - 6 * sum((x - y) ** 2 for x, y in zip(ra, rb, strict=True)) / (n * (n * n - 1))


def plackett_luce(strengths: Sequence[float], rng: random.Random) -> list[int]:
    """A ranking (0 first) of the seats drawn by the Plackett-Luce model."""
    left = list(range(len(strengths)))
    ranks = [0] * len(strengths)
    for place in range(len(strengths)):
        weights = [math.exp(strengths[i]) for i in left]
        pick = rng.choices(left, weights)[0]
        ranks[pick] = place
        left.remove(pick)
    return ranks


def run(bots: int, counts: tuple[int, ...], matches: int, by_skill: bool, seed: int
        ) -> list[float]:
    """One simulated ladder: Spearman's correlation at every checkpoint."""
    rng = random.Random(seed)
    truth = {f"bot{i:03d}": rng.gauss(0, 1) for i in range(bots)}
    names = sorted(truth)
    skills: dict[str, Skill] = {}
    last = dict.fromkeys(names, 0)
    curve = []
    for start in range(matches):
        if by_skill:
            candidates = [Candidate(n, frozenset({"g"}), start - last[n]) for n in names]
            pairing = choose_match(candidates, counts, {"g": skills}, rng)
            assert pairing is not None
            seats = list(pairing.bots)
        else:  # today's ladder: a uniform sample of the free bots, at a random count
            seats = rng.sample(names, rng.choice(counts))
        for name in seats:
            last[name] = start + 1
        ranks = plackett_luce([truth[n] for n in seats], rng)
        skills = update_skill(skills, seats, ranks)
        if (start + 1) % EVERY == 0:
            board = [skills[n].ordinal if n in skills else -math.inf for n in names]
            curve.append(spearman(board, [truth[n] for n in names]))
    return curve


def reached(curve: Sequence[float]) -> int | None:
    """Matches after which the correlation stays at or above TARGET (None: never)."""
    for i in range(len(curve)):
        if all(c >= TARGET for c in curve[i:]):
            return (i + 1) * EVERY
    return None


def main() -> None:
    """Simulate both pairings for 2-player and for mixed 2- and 4-player ladders (or for
    the one --players setting)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", type=int, default=200)
    parser.add_argument("--matches", type=int, default=None,
                        help="matches per run (default 16000 at 2 players, 8000 otherwise)")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--players", default=None,
                        help="one player-count setting only, as the ladder's --players "
                             "(2, 2,4...; default: 2, then 2,4)")
    args = parser.parse_args()
    settings = SETTINGS
    if args.players is not None:
        try:
            counts = parse_counts(args.players)
        except ValueError as error:
            parser.error(str(error))
        settings = ((counts, 16000 if counts == (2,) else 8000),)
    start = time.process_time()
    seeds = range(1, args.seeds + 1)
    for counts, horizon in settings:
        matches = args.matches or horizon
        label = "+".join(map(str, counts))
        needed: dict[bool, list[int | None]] = {}
        for by_skill in (False, True):
            runs = [run(args.bots, counts, matches, by_skill, seed) for seed in seeds]
            mean = [statistics.mean(c) for c in zip(*runs, strict=True)]
            marks = ", ".join(f"{m}: {mean[m // EVERY - 1]:.3f}"
                              for m in (1000, 2000, 5000, 10000, 15000) if m <= matches)
            needed[by_skill] = hit = [reached(c) for c in runs]
            shown = ", ".join(str(h) if h is not None else "never" for h in hit)
            print(f"{label} players, {'skill' if by_skill else 'random':6} pairing: Spearman "
                  f"{marks}; {TARGET} for good after {shown} matches{_spread(hit)}",
                  flush=True)
        pairs = [(r, s) for r, s in zip(needed[False], needed[True], strict=True)
                 if r is not None and s is not None]
        if len(pairs) == args.seeds:
            random_mean = statistics.mean(r for r, _ in pairs)
            skill_mean = statistics.mean(s for _, s in pairs)
            each = [1 - s / r for r, s in pairs]
            print(f"{label} players: matchmaking by skill needs {1 - skill_mean / random_mean:.0%} "
                  f"fewer matches to reach {TARGET} ({skill_mean:,.0f} against "
                  f"{random_mean:,.0f}); by seed {min(each):.0%} to {max(each):.0%}, mean "
                  f"{statistics.mean(each):.0%} +- {statistics.stdev(each):.0%} (sd)", flush=True)
        else:
            print(f"{label} players: some run never stayed at {TARGET}; give more --matches")
    print(f"{time.process_time() - start:.0f} s CPU")


def _spread(hits: Sequence[int | None]) -> str:
    """``; mean M +- SD`` of the matches needed, when every run got there."""
    got = [h for h in hits if h is not None]
    if len(got) < max(2, len(hits)):
        return ""
    return f"; mean {statistics.mean(got):,.0f} +- {statistics.stdev(got):,.0f} (sd)"


if __name__ == "__main__":
    main()
