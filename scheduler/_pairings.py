"""Tournament planning: which bots meet in which seat order. Bots in, schedule out.

Every group of bots is played in all k cyclic rotations of its seat order, so each bot sits
in each seat equally often and a first-player advantage cancels over the tournament.

Groups are ordered greedily so that each prefix of the schedule spreads the bots as evenly
as possible (the next group is one whose bots have played least so far, ties broken by a
seeded shuffle): the first matches of a tournament already cover every bot, and a stopped
or partial tournament is informative. A prefix of that order is also the balanced sample
taken when every group would be too many.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice

#: How many combinations of the least-played bots to try before picking at random.
_SCAN = 32


@dataclass(frozen=True)
class Pairing:
    """One planned match: its place in the schedule, the bots by seat, and its round."""

    index: int
    seats: tuple[str, ...]
    round: int


@dataclass(frozen=True)
class Schedule:
    """The planned matches in play order, and whether the groups are a sample of all."""

    pairings: tuple[Pairing, ...]
    sampled: bool
    note: str
    groups: int
    total_groups: int

    def __len__(self) -> int:
        return len(self.pairings)

    def __iter__(self) -> Iterator[Pairing]:
        return iter(self.pairings)

    def pairs(self) -> list[tuple[int, tuple[str, ...]]]:
        """``(index, seats)`` of every pairing, as ``Store.create_tournament`` takes them."""
        return [(p.index, p.seats) for p in self.pairings]


def round_robin(
    bots: Sequence[str],
    players: int,
    rounds: int = 1,
    max_matches: int | None = None,
    seed: int = 0,
) -> Schedule:
    """Every ``players``-subset of ``bots`` in every seat rotation, ``rounds`` times.

    When that is more than ``max_matches``, a balanced sample of the subsets is played
    instead (each bot in as equally many as possible, each still in all rotations),
    deterministic from ``seed``; the schedule says so.
    """
    _check(bots, players, rounds)
    total = math.comb(len(bots), players)
    count = _group_count(total, players, rounds, max_matches)
    order = _balanced_order(bots, players, count, seed)
    what = f"{players} of {len(bots)} bots"
    return _schedule(order, players, rounds, total, what)


def gauntlet(
    challenger: str,
    field: Sequence[str],
    players: int,
    rounds: int = 1,
    max_matches: int | None = None,
    seed: int = 0,
) -> Schedule:
    """Every match has ``challenger`` and ``players - 1`` bots of ``field``, in all rotations.

    The opponents are every ``players - 1``-subset of the field, or a balanced sample of them
    when the matches would exceed ``max_matches``.
    """
    if challenger in field:
        raise ValueError(f"the challenger {challenger!r} is also in the field {list(field)}")
    _check([challenger, *field], players, rounds)
    total = math.comb(len(field), players - 1)
    count = _group_count(total, players, rounds, max_matches)
    order = _balanced_order(field, players - 1, count, seed)
    what = f"{challenger} + {players - 1} of {len(field)} bots"
    return _schedule([(challenger, *group) for group in order], players, rounds, total, what)


def _check(bots: Sequence[str], players: int, rounds: int) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        raise ValueError(f"players must be a whole number 2 or more, got {players!r}")
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise ValueError(f"rounds must be a whole number 1 or more, got {rounds!r}")
    repeated = sorted(name for name, n in Counter(bots).items() if n > 1)
    if repeated:
        raise ValueError(f"bot names must be distinct; repeated: {', '.join(repeated)}")
    if len(bots) < players:
        raise ValueError(
            f"a {players}-player game needs at least {players} bots, got {len(bots)}: "
            f"{', '.join(bots) or 'none'}"
        )


def _group_count(total: int, players: int, rounds: int, max_matches: int | None) -> int:
    """How many groups fit: all of them, or as many as ``max_matches`` allows in full."""
    per_group = players * rounds
    if max_matches is None or total * per_group <= max_matches:
        return total
    if max_matches < per_group:
        raise ValueError(
            f"max_matches {max_matches!r} cannot hold one group in all {players} seat orders "
            f"for {rounds} round(s); it must be at least {per_group}"
        )
    return max_matches // per_group


def _balanced_order(bots: Sequence[str], size: int, limit: int, seed: int) -> list[tuple[str, ...]]:
    """The first ``limit`` of all ``size``-subsets of ``bots``, least-played bots first.

    Each step ranks the bots by how often they have played (ties by the seeded RNG) and takes
    the first unplayed subset among the first few combinations of that ranking. Once those
    are all played (late in a full round robin, where the whole is balanced anyway) it takes
    a random unplayed one, which keeps planning linear in the number of subsets. A sample
    never lists all the subsets (60 bots in 5-player groups have 5 million).
    """
    rng = random.Random(seed)
    place = {bot: i for i, bot in enumerate(bots)}
    full = limit >= math.comb(len(bots), size)
    remaining = list(combinations(bots, size)) if full else []
    position = {group: i for i, group in enumerate(remaining)}
    used: set[tuple[str, ...]] = set()
    played: Counter[str] = Counter()
    order: list[tuple[str, ...]] = []
    while len(order) < limit:
        ranked = sorted(bots, key=lambda bot: (played[bot], rng.random()))
        candidates = (
            tuple(sorted(combo, key=place.__getitem__))
            for combo in islice(combinations(ranked, size), _SCAN)
        )
        group = next((c for c in candidates if c not in used), None)
        if group is None:
            group = remaining[rng.randrange(len(remaining))] if full else (
                _random_unused(bots, size, used, place, rng))
        if full:  # swap-remove keeps the random pick O(1)
            last = remaining.pop()
            i = position.pop(group)
            if last != group:
                remaining[i] = last
                position[last] = i
        used.add(group)
        order.append(group)
        played.update(group)
    _even_out(order, used, played, bots, place)
    return order


def _random_unused(bots: Sequence[str], size: int, used: set[tuple[str, ...]],
                   place: dict[str, int], rng: random.Random) -> tuple[str, ...]:
    """A random subset not in ``used`` (a sample: fewer are used than exist)."""
    while True:
        group = tuple(sorted(rng.sample(list(bots), size), key=place.__getitem__))
        if group not in used:
            return group


def _even_out(
    order: list[tuple[str, ...]],
    used: set[tuple[str, ...]],
    played: Counter[str],
    bots: Sequence[str],
    place: dict[str, int],
) -> None:
    """Swap a most-played bot for a least-played one in some group until counts differ by 1.

    The greedy order can end a sample with a spread of 2 when the least-played bots' groups
    are used up; each swap lowers the sum of squared counts, so this ends.
    """
    while max(played[bot] for bot in bots) - min(played[bot] for bot in bots) > 1:
        swap = _find_swap(order, used, played, bots, place)
        if swap is None:
            return
        k, out, into, new = swap
        used.discard(order[k])
        used.add(new)
        order[k] = new
        played[out] -= 1
        played[into] += 1


def _find_swap(
    order: list[tuple[str, ...]],
    used: set[tuple[str, ...]],
    played: Counter[str],
    bots: Sequence[str],
    place: dict[str, int],
) -> tuple[int, str, str, tuple[str, ...]] | None:
    high = max(played[bot] for bot in bots)
    low = min(played[bot] for bot in bots)
    lows = [bot for bot in bots if played[bot] == low]
    for k, group in enumerate(order):
        for out in group:
            if played[out] != high:
                continue
            for into in lows:
                if into in group:
                    continue
                new = tuple(sorted([*(b for b in group if b != out), into], key=place.__getitem__))
                if new not in used:
                    return k, out, into, new
    return None


def _schedule(
    groups: list[tuple[str, ...]], players: int, rounds: int, total: int, what: str
) -> Schedule:
    pairings: list[Pairing] = []
    for round_ in range(rounds):
        # Pass p plays group j in rotation (p + j) mod k: after k passes each group has had
        # every rotation once, and even the first pass does not always seat the same bot first.
        for rotation_pass in range(players):
            for j, group in enumerate(groups):
                shift = (rotation_pass + j) % players
                seats = group[shift:] + group[:shift]
                pairings.append(Pairing(len(pairings), seats, round_))
    sampled = len(groups) < total
    scope = f"sampled {len(groups)} of {total}" if sampled else f"all {total}"
    note = (
        f"{scope} groups of {what}, each in {players} seat orders, "
        f"{rounds} round(s): {len(pairings)} matches"
    )
    return Schedule(tuple(pairings), sampled, note, len(groups), total)
