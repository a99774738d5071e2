"""The ladder's matchmaking, as a pure function: the starvation bound, matches by skill,
everybody meeting everybody, new bots first, several player counts, and --players."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from itertools import combinations

import pytest

from scheduler._matchmaking import MOST, Candidate, bonus, choose_match, parse_counts, place_doubt
from scheduler._skill import Skill


def _simulate(skills: dict[str, Skill], counts: tuple[int, ...], starts: int, seed: int,
              busy: float = 0.0) -> tuple[list[tuple[str, ...]], int, int]:
    """``starts`` matches that end at once: the bots of each, the longest wait of a free
    bot before it played (in match starts), and the bound the module promises for it.
    ``busy``: the share of bots away at each start (they do not wait meanwhile)."""
    rng = random.Random(seed)
    names = sorted(skills)
    last = dict.fromkeys(names, 0)
    matches: list[tuple[str, ...]] = []
    worst = bound = 0
    for start in range(starts):
        free = [n for n in names if rng.random() >= busy]
        for name in set(names) - set(free):
            last[name] = start  # away: its wait starts again when it is back
        candidates = [Candidate(n, frozenset({"g"}), start - last[n]) for n in free]
        pairing = choose_match(candidates, counts, {"g": skills}, rng)
        assert pairing is not None and pairing.game == "g"
        assert len(set(pairing.bots)) == len(pairing.bots) and len(pairing.bots) in counts
        for name in pairing.bots:
            worst = max(worst, start - last[name])
            last[name] = start + 1
        doubts = place_doubt(skills)
        largest = max(bonus(doubts[n], len(free), counts) for n in free)
        bound = max(bound, int(largest) + len(free))
        matches.append(pairing.bots)
    return matches, worst, bound


def _field(n: int, seed: int, sigma: float = 1.0) -> dict[str, Skill]:
    rng = random.Random(seed)
    return {f"b{i:03d}": Skill(rng.gauss(25, 8), sigma) for i in range(n)}


def test_no_free_bot_waits_longer_than_the_bound() -> None:
    skills = _field(40, 1)
    skills["new"] = Skill()  # high sigma: a bonus
    for counts, busy in (((2,), 0.0), ((2, 4), 0.0), ((3,), 0.3)):
        _, worst, bound = _simulate(skills, counts, 3000, seed=2, busy=busy)
        assert worst <= bound, (counts, worst, bound)
    # The bound is not loose by orders of magnitude: two-player matches of 41 bots, where a
    # bot whose place is known waits about MOST rounds (of 20.5 starts) more than one in
    # doubt, and at least a round.
    _, worst, _ = _simulate(skills, (2,), 3000, seed=3)
    assert 41 // 2 < worst <= 41 + MOST * 41 / 2


def test_opponents_are_near_in_skill() -> None:
    skills = _field(60, 4)
    matches, _, _ = _simulate(skills, (2,), 2000, seed=5)
    near = sum(abs(skills[a].mu - skills[b].mu) for a, b in matches) / len(matches)
    rng = random.Random(6)
    names = sorted(skills)
    uniform = sum(abs(skills[a].mu - skills[b].mu)
                  for a, b in (rng.sample(names, 2) for _ in range(2000))) / 2000
    assert near < 0.5 * uniform


def test_the_seats_of_a_multiplayer_match_are_near_each_other() -> None:
    # The seed halfway between two groups, each as near to it: drawn each near the seed
    # alone, its three opponents would be of one group in a quarter of the matches; near
    # every bot already seated, nearly always.
    skills = {"seed": Skill(25, 1.0)}
    skills |= {f"lo{i}": Skill(22, 1.0) for i in range(10)}
    skills |= {f"hi{i}": Skill(28, 1.0) for i in range(10)}
    candidates = [Candidate(n, frozenset({"g"}), 1000 if n == "seed" else 0) for n in skills]
    rng = random.Random(13)
    one_group = 0
    for _ in range(400):
        pairing = choose_match(candidates, (4,), {"g": skills}, rng)
        assert pairing is not None and pairing.bots[0] == "seed"
        one_group += len({bot[:2] for bot in pairing.bots[1:]}) == 1
    assert one_group > 0.7 * 400


def test_everybody_meets_everybody_in_time() -> None:
    skills = _field(12, 7)  # spread over 8 standard deviations of performance and more
    matches, _, _ = _simulate(skills, (2,), 20000, seed=8)
    met = {frozenset(m) for m in matches}
    assert all(frozenset(pair) in met for pair in combinations(sorted(skills), 2))


def test_a_new_bot_plays_more_at_first() -> None:
    skills = _field(30, 9)
    skills["new"] = Skill()
    matches, _, _ = _simulate(skills, (2,), 60, seed=10)
    played = Counter(bot for m in matches for bot in m)
    others = [played[n] for n in skills if n != "new"]
    assert played["new"] > 1.5 * sum(others) / len(others)


def test_player_counts_games_and_no_match() -> None:
    rng = random.Random(11)
    candidates = [Candidate(f"b{i}", frozenset({"g"}), 0) for i in range(5)]
    sizes = Counter(len(choose_match(candidates, (2, 4), {}, rng).bots)  # type: ignore[union-attr]
                    for _ in range(400))
    assert set(sizes) == {2, 4} and min(sizes.values()) > 100
    # Three free bots: four players cannot be seated, two can.
    assert {len(choose_match(candidates[:3], (2, 4), {}, rng).bots)  # type: ignore[union-attr]
            for _ in range(50)} == {2}
    # A bot alone in its game is passed over as the seed; the others' game is played.
    lone = [Candidate("solo", frozenset({"h"}), 99), *candidates[:2]]
    pairing = choose_match(lone, (2,), {}, rng)
    assert pairing is not None and pairing.game == "g" and "solo" not in pairing.bots
    assert choose_match(lone[:2], (2,), {}, rng) is None
    with pytest.raises(ValueError, match="2 or more"):
        choose_match(candidates, (1, 2), {}, rng)


def test_the_bonus_is_the_square_of_the_doubt_in_rounds_up_to_a_limit() -> None:
    # Half the mean doubt: a quarter of a round (20 starts of 40 bots in duels).
    assert bonus(1.0, 40, (2, 4)) == 20 and bonus(0.5, 40, (2,)) == 5
    assert bonus(1.5, 40, (2,)) == 2.25 * 20
    assert bonus(10.0, 40, (2,)) == MOST * 20


def test_a_place_is_in_doubt_among_near_bots_and_for_a_new_bot() -> None:
    # 11 bots a sigma apart in the middle, one far above them, one far below, and a new one.
    skills = {f"m{i:02d}": Skill(25 + i - 5, 1.0) for i in range(11)}
    skills |= {"top": Skill(60, 1.0), "bottom": Skill(-10, 1.0), "new": Skill()}
    doubt = place_doubt(skills)
    assert sum(doubt.values()) / len(doubt) == pytest.approx(1.0)
    assert doubt["new"] > doubt["m05"] > doubt["m00"] > doubt["top"]
    assert doubt["top"] == pytest.approx(doubt["bottom"]) and doubt["top"] < 0.05
    assert place_doubt({f"b{i}": Skill(25, 2.0) for i in range(5)}) == {
        f"b{i}": pytest.approx(1.0) for i in range(5)}
    # Orders beyond doubt (and beyond what exp() can hold): every place equally known.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert place_doubt({"low": Skill(0, 0.1), "high": Skill(1e6, 0.1)}) == {
            "low": 1.0, "high": 1.0}
    assert place_doubt({"alone": Skill()}) == {"alone": 1.0}


def test_bots_whose_place_is_in_doubt_play_more() -> None:
    # Three clusters of 10 bots: two tight ones (each bot's order within them unknown), one
    # spread (every order known): the clustered bots are seeded more often.
    skills = {f"a{i}": Skill(10 + 0.1 * i, 1.0) for i in range(10)}
    skills |= {f"b{i}": Skill(40 + 0.1 * i, 1.0) for i in range(10)}
    skills |= {f"s{i}": Skill(60 + 10 * i, 1.0) for i in range(10)}
    matches, worst, bound = _simulate(skills, (2,), 3000, seed=12)
    played = Counter(bot for m in matches for bot in m)
    clustered = [played[n] for n in skills if n[0] in "ab"]
    spread = [played[n] for n in skills if n[0] == "s"]
    assert min(clustered) > 1.5 * max(spread) and worst <= bound


@pytest.mark.parametrize("text, counts", [("2", (2,)), ("2,4", (2, 4)), ("2-5", (2, 3, 4, 5)),
                                          ("4, 2-3", (2, 3, 4))])
def test_parse_counts(text: str, counts: tuple[int, ...]) -> None:
    assert parse_counts(text) == counts


@pytest.mark.parametrize("text", ["", "two", "4-2", "1", "2,,4", "0-3"])
def test_parse_counts_refuses(text: str) -> None:
    with pytest.raises(ValueError, match="--players"):
        parse_counts(text)
