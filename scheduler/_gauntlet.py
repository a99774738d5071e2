"""`arena gauntlet`: is NEW not worse than OLD in a k-player game? A paired test.

NEW and OLD each play the same deals against the same field of reference bots, in the same
seats: deal i (one seed) is played k times by NEW, once from every seat (the field in its
given order rotated into the other seats), and the same k times by OLD, with the same seeds
for the field's bots. What differs between a NEW match and its OLD twin is only the bot
under test, so the deal's luck and the seat's advantage cancel in their difference.

Score of a seat in one match: the share of the other k - 1 seats it finished ahead of, a
tie counting half, ``S = (behind + ties / 2) / (k - 1)`` in [0, 1] (the pairwise outcomes
the ratings decompose a ranking into; 1 for a clear win, 0 for last). A deal's difference
is ``D_i = (1 / k) * sum over seats s of (S_NEW(i, s) - S_OLD(i, s))``, in [-1, 1].

With n complete deals, the mean difference ``D̄``, its 95% interval, LOS and the sequential
test of H0 ``δ = δ0`` against H1 ``δ = δ1`` (δ0 < δ1, the mean difference) are those of
``_betting``: a test by betting whose error rates are at most alpha and beta whatever the
distribution of the D_i (most deals identical, heavy tails), and an interval that covers
the mean with 95% probability at the deal where the test stops. The test takes the deals in
plan order, as far as all are complete (``arena gauntlet`` holds back a deal that ends
before an earlier one): its bound holds for a fixed order, stopped at any time.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from ._betting import GauntletStats
from ._records import MatchRecord
from ._runner import MatchSpec, run_match
from ._seating import BotPool
from ._store import Store
from ._timecontrol import FaultPolicy, TimeControl
from ._tournament import StoreWriteError, commit_match
from ._verdict import JUnitCase, write_junit

#: Exit status by verdict, as ``arena sprt``: 0 not worse (H1), 1 worse (H0), 3 undecided
#: at the limit, 4 the run failed.
EXIT_CODES = {"accept_h1": 0, "accept_h0": 1, "inconclusive": 3, "error": 4}


def match_score(ranks: Sequence[int], seat: int) -> float:
    """The share of the other seats that ``seat`` finished ahead of, ties counting half."""
    others = [r for s, r in enumerate(ranks) if s != seat]
    if not others:
        raise ValueError("a score needs at least 2 seats")
    mine = ranks[seat]
    return sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(others)


@dataclass(frozen=True)
class GauntletMatch:
    """One planned match: its index, deal and seat, who is tested in it, and the seats."""

    index: int
    deal: int
    seat: int
    candidate: str
    seats: tuple[str, ...]


@dataclass(frozen=True)
class GauntletPlan:
    """NEW and OLD, the field, how many deals at most, and the seed."""

    game: str
    new: str
    old: str
    field_bots: tuple[str, ...]
    deals: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Seats per match: the bot under test and the field."""
        return len(self.field_bots) + 1

    def matches(self) -> list[GauntletMatch]:
        """Deal by deal, seat by seat, NEW's match then its OLD twin."""
        k = self.players
        out: list[GauntletMatch] = []
        for deal in range(self.deals):
            for seat in range(k):
                for candidate in (self.new, self.old):
                    order = (candidate, *self.field_bots)
                    shift = (k - seat) % k  # puts the candidate at ``seat``
                    seats = order[shift:] + order[:shift]
                    out.append(GauntletMatch(len(out), deal, seat, candidate, seats))
        return out

    def deal_seed(self, deal: int) -> int:
        """The engine seed of a deal (all 2k matches of it share it)."""
        return random.Random(f"{self.seed}/gauntlet/{deal}").getrandbits(62)


def shared_bot_seed(plan: GauntletPlan, match: GauntletMatch, reproducible: bool) -> int:
    """The bot seed a match shares with its twin: the deal and seat with ``--seed``, else a
    hash of the plan's secret seed (which no bot sees; the hash does not reveal it)."""
    if reproducible:
        return match.deal * plan.players + match.seat
    digest = hashlib.blake2b(f"{plan.seed}/gauntlet-bots/{match.deal}/{match.seat}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2  # 62 bits, as the other seeds


@dataclass
class DealTally:
    """NEW's and OLD's scores as the matches end; a deal is complete with all 2k."""

    new: str
    players: int
    scores: dict[tuple[int, int, str], float] = field(default_factory=dict)
    differences: dict[int, float] = field(default_factory=dict)
    matches: int = 0

    def add(self, match: GauntletMatch, ranks: Sequence[int]) -> bool:
        """Count a match's result; whether it completed its deal."""
        self.matches += 1
        who = "new" if match.candidate == self.new else "old"
        self.scores[match.deal, match.seat, who] = match_score(ranks, match.seat)
        keys = [(match.deal, s, w) for s in range(self.players) for w in ("new", "old")]
        if not all(key in self.scores for key in keys):
            return False
        self.differences[match.deal] = sum(
            self.scores[match.deal, s, "new"] - self.scores[match.deal, s, "old"]
            for s in range(self.players)) / self.players
        return True

    def mean_score(self, who: str) -> float | None:
        """The mean match score of ``new`` or ``old`` over the complete deals."""
        values = [v for (deal, _, w), v in self.scores.items()
                  if w == who and deal in self.differences]
        return sum(values) / len(values) if values else None


async def play_gauntlet(store: Store, tournament_id: str, plan: GauntletPlan,
                        pool: BotPool, control: TimeControl, policy: FaultPolicy, *,
                        concurrency: int, reproducible: bool,
                        stop: Callable[[GauntletMatch, MatchRecord], bool],
                        done: AbstractSet[int] = frozenset(), cpu_clock: bool = False) -> int:
    """Play the plan's matches in order, ``concurrency`` at a time, recording each one in
    the store; after each, ``stop(match, record)`` True ends the run. ``done``: indices
    already recorded (a resumed run), not played again. How many were played."""
    todo = [m for m in plan.matches() if m.index not in done]
    send, receive = trio.open_memory_channel[GauntletMatch](len(todo) or 1)
    for match in todo:
        send.send_nowait(match)
    send.close()
    writes = trio.CapacityLimiter(1)  # one connection: one commit at a time
    played = 0
    stopped = False
    # The field's random choices are the same in a NEW match and its OLD twin: the bot seed
    # is shared by the pair (fixed by the plan with --seed, else secret: derived from the
    # secret seed, so that a resumed run gives a twin played after the interruption the
    # same bot seed as the one played before it).
    shared = {(m.deal, m.seat): shared_bot_seed(plan, m, reproducible) for m in todo}

    async def worker(workers: trio.CancelScope) -> None:
        nonlocal played, stopped
        async for match in receive:
            seats = await pool.seats(match.seats, match.deal)
            spec = MatchSpec(f"{tournament_id}-{match.index:05d}", plan.game,
                             plan.deal_seed(match.deal), plan.options, tournament_id, match.index,
                             bot_seed=shared[match.deal, match.seat])
            record = await run_match(spec, seats, control, policy, cpu_clock=cpu_clock)
            try:
                await commit_match(store.record_match, record, writes)
            except sqlite3.Error as error:
                raise StoreWriteError.keeping(store, record, error, "gauntlet") from None
            played += 1
            if not stopped and stop(match, record):
                stopped = True
                workers.cancel()

    async with trio.open_nursery() as nursery:
        await pool.start(nursery, [m.seats for m in todo[:concurrency]])
        try:
            async with trio.open_nursery() as workers:
                for _ in range(min(concurrency, max(len(todo), 1))):
                    workers.start_soon(worker, workers.cancel_scope)
        finally:
            pool.stop()
    return played


@dataclass(frozen=True)
class GauntletVerdict:
    """A gauntlet's settings, its record, the statistics and the conclusion."""

    plan: GauntletPlan
    delta0: float
    delta1: float
    alpha: float
    beta: float
    tally: DealTally
    stats: GauntletStats
    command: str
    finished: bool
    started: float = 0.0
    seconds: float = 0.0
    error: str | None = None

    @property
    def outcome(self) -> str:
        """accept_h1, accept_h0, inconclusive (or continue while running), or error."""
        if self.error is not None:
            return "error"
        if self.stats.decision == "continue":
            return "inconclusive" if self.finished else "continue"
        return self.stats.decision

    @property
    def exit_code(self) -> int:
        """The process's exit status for this verdict."""
        return EXIT_CODES.get(self.outcome, 3)

    def status(self) -> str:
        """One line: deals, mean difference with its interval, LOS, and each bettor's log
        stake with the level that decides."""
        s = self.stats
        return (f"{self.tally.matches} matches, {s.deals} deals: NEW - OLD {s.mean:+.3f} "
                f"[{s.low:+.3f}, {s.high:+.3f}] LOS {100 * s.los:.1f}% ln E(not worse) "
                f"{s.log_e1:.2f}/{s.bound1:.2f} ln E(worse) {s.log_e0:.2f}/{s.bound0:.2f}")

    def summary(self) -> str:
        """The final line: who played, the statistics, the verdict."""
        new, old = self.tally.mean_score("new"), self.tally.mean_score("old")
        scores = ("" if new is None or old is None else
                  f"; match score {new:.3f} vs {old:.3f}")
        return (f"{self.plan.new} vs {self.plan.old}, {self.plan.players} players against "
                f"{', '.join(self.plan.field_bots)}: {self.status()}{scores} (delta0 "
                f"{self.delta0:g}, delta1 {self.delta1:g}): {self.outcome}")

    def to_dict(self) -> dict[str, Any]:
        """The verdict as JSON-ready data (an infinite bound is null)."""
        s = self.stats
        return {
            "verdict": self.outcome, "exit_code": self.exit_code, "command": self.command,
            "game": self.plan.game, "players": self.plan.players, "new": self.plan.new,
            "old": self.plan.old, "field": list(self.plan.field_bots),
            "delta0": self.delta0, "delta1": self.delta1, "alpha": self.alpha,
            "beta": self.beta, "error": self.error, "matches": self.tally.matches,
            "deals": s.deals, "mean_difference": s.mean,
            "low": s.low, "high": s.high, "los": s.los,
            "log_e_h1": s.log_e1, "log_e_h0": s.log_e0, "log_e_h1_bound": s.bound1,
            "log_e_h0_bound": s.bound0,
            "new_score": self.tally.mean_score("new"),
            "old_score": self.tally.mean_score("old"),
            "differences": [self.tally.differences[d] for d in sorted(self.tally.differences)],
        }

    def write_json(self, path: str) -> None:
        """Write :meth:`to_dict` to ``path``."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")

    def write_junit(self, path: str) -> None:
        """A JUnit XML file as ``arena sprt`` writes (``_verdict.write_junit``): one test
        case, a failure unless H1, an error if the run failed."""
        write_junit(path, JUnitCase(
            tool="arena gauntlet", game=self.plan.game,
            name=f"{self.plan.new} is not worse than {self.plan.old}", outcome=self.outcome,
            failed=self.exit_code != 0 and self.error is None, error=self.error,
            message=f"{self.outcome}: {self.status()}", summary=self.summary(),
            properties=self.to_dict(), started=self.started, seconds=self.seconds))
