"""``arena bot validate``: start a bot as a tournament does, play it a little, and say what
it gets right and wrong, one check a line.

The bot is started by a ``BotPool`` (the launcher, the sandbox, its stdin/stdout), its Hello
taken, then it plays short matches (``run_match``, as in a tournament) against in-process
random bots: each game it declares, every player count, two fixed seeds, from the first seat
then the last. A game's own turn or round limit (an option named ``*_limit``) keeps every
match short. The first match in which the bot faults ends the play: the checks it did not
reach are skipped. Then its session ends as a tournament's does (SessionEnded and the end of
its input), and it has the grace period to exit, with status 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

import trio

import engine
from arena._launcher import BotProcess, Launch
from arena._pipes import PROTOCOL_VERSION
from arena._seats import Seat
from engine import Termination

from ._records import MatchRecord
from ._runner import MatchSpec, run_match
from ._seating import BotPool, BotSpec, BotStartError, BuiltinSeat, _PooledSeat
from ._timecontrol import FaultPolicy, TimeControl

PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"
SHORT_LIMIT = 4  # the value given to a game's *_limit option (turns or rounds)
SEEDS = (1, 2)  # each player count: seed 1 with the bot first, seed 2 with it last
CHECKS = ("handshake", "games declared", "answers in time", "legal actions",
          "plays its matches", "match end", "session end", "exit code")
_NOT_REACHED = "not reached"


@dataclass
class Check:
    """One line of the checklist."""

    name: str
    status: str = SKIP
    detail: str = _NOT_REACHED

    def set(self, status: str, detail: str) -> None:
        """Give the check its verdict."""
        self.status, self.detail = status, detail

    def line(self) -> str:
        """``PASS handshake: ...``."""
        return f"{self.status} {self.name}: {self.detail}"


@dataclass(frozen=True)
class Planned:
    """One match to play: the game at a player count, a seed, the bot's seat."""

    game: str
    players: int
    seed: int
    seat: int
    options: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """``sector41, 3 players, seed 2, seat 2``."""
        return f"{self.game}, {self.players} players, seed {self.seed}, seat {self.seat}"


def short_options(game: str) -> dict[str, Any]:
    """The options that keep a match of ``game`` short: its turn (or round) limit option set
    to ``SHORT_LIMIT`` (or its minimum, if higher); none if it has no such option."""
    for spec in engine.get(game).info.options:
        if spec.name.endswith("_limit") and isinstance(spec.default, int):
            low = spec.minimum if spec.minimum is not None else 1
            return {spec.name: max(SHORT_LIMIT, int(low))}
    return {}


def plan(games: Sequence[str]) -> list[Planned]:
    """The matches to play: each game, every player count, ``SEEDS``."""
    matches = []
    for game in games:
        info = engine.get(game).info
        for players in range(info.min_players, info.max_players + 1):
            for number, seed in enumerate(SEEDS):
                seat = 0 if number % 2 == 0 else players - 1
                matches.append(Planned(game, players, seed, seat, short_options(game)))
    return matches


@dataclass
class Validation:
    """A run of the checks on one bot command."""

    command: str
    launch: Launch
    control: TimeControl
    game: str | None = None  # only this game (None: every game the bot declares)
    name: str = "bot"
    out: TextIO | None = None  # None: sys.stdout when printing
    checks: dict[str, Check] = field(
        init=False, default_factory=lambda: {name: Check(name) for name in CHECKS})

    @property
    def passed(self) -> bool:
        """Whether every check passed."""
        return all(check.status == PASS for check in self.checks.values())

    def run(self) -> bool:
        """Run the checks, print the checklist; whether all passed."""
        trio.run(self._run)
        for check in self.checks.values():
            print(check.line(), file=self.out)
        failed = sum(c.status == FAIL for c in self.checks.values())
        skipped = sum(c.status == SKIP for c in self.checks.values())
        print(f"{len(CHECKS) - failed - skipped} passed, {failed} failed, {skipped} not reached",
              file=self.out, flush=True)
        return self.passed

    async def _run(self) -> None:
        pool = BotPool([BotSpec(self.name, command=self.command)], launch=self.launch)
        async with trio.open_nursery() as nursery:
            try:
                games = await self._hello(pool, nursery)
                if games:
                    last = await self._play(pool, plan(games))
                    if last is not None:
                        await self._end_session(pool, last)
            finally:
                pool.stop()

    async def _hello(self, pool: BotPool, nursery: trio.Nursery) -> list[str]:
        """Start the bot and judge its Hello; the games to play (none: stop here)."""
        handshake, declared = self.checks["handshake"], self.checks["games declared"]
        began = trio.current_time()
        try:
            await pool.start(nursery)
        except BotStartError as error:
            hello = error.refused_hello
            if hello is not None and hello.protocol_version == PROTOCOL_VERSION:  # its games
                handshake.set(PASS, f"Hello after {trio.current_time() - began:.2f} s")
                declared.set(FAIL, str(error))
            else:
                handshake.set(FAIL, str(error))
            return []
        limit = self.launch.startup_timeout
        handshake.set(PASS, f"Hello after {trio.current_time() - began:.2f} s (limit "
                            f"{limit:g} s, --startup-timeout)")
        games = sorted(pool.instances[self.name][0].session.games)
        named = f"declares {', '.join(games)}" if games else "declares none: plays every game"
        if self.game is not None:
            if games and self.game not in games:
                declared.set(FAIL, f"{named}, not {self.game} (--game); a bot that plays it "
                                   f"names it in Hello.games, or names no game at all")
                return []
            games = [self.game]
        declared.set(PASS, named)
        return games or list(engine.names())

    async def _play(self, pool: BotPool, matches: list[Planned]) -> BotProcess | None:
        """Play ``matches`` until the bot faults; the process that played the last one (None
        if it has none left)."""
        print(f"playing {len(matches)} matches against builtin:random, "
              f"{self.control.describe()}; each cut short by the game's own limit: "
              f"{_limits(matches)}", file=self.out, flush=True)
        answers = 0
        slowest = 0.0
        previous: BotProcess | None = None
        for number, planned in enumerate(matches, 1):
            seat = await pool.seat(self.name)
            process = seat.process if isinstance(seat, _PooledSeat) else None
            seats: list[Seat] = [BuiltinSeat(f"random-{i + 1}", "random")
                                 for i in range(planned.players - 1)]
            seats.insert(planned.seat, seat)
            spec = MatchSpec(f"validate-{number}", planned.game, planned.seed,
                             planned.options, bot_seed=planned.seed)
            record = await run_match(spec, seats, self.control, FaultPolicy())
            mine = [a for step in record.steps for a in step if a.seat == planned.seat]
            answers += len(mine)
            slowest = max([slowest, *(a.time_used for a in mine)])
            print(f"  {number:2d}. {planned.describe()}: {len(mine)} answers, ended: "
                  f"{_ending(record)}", file=self.out, flush=True)
            fault = _fault(record, planned.seat)
            if fault is not None:
                self._judge_fault(fault, record, planned, not mine and number > 1, previous)
                if fault is Termination.TIMEOUT:
                    for check in ("session end", "exit code"):
                        self.checks[check].set(SKIP, "not reached: a process that missed a "
                                                     "deadline is killed (in a tournament too)")
                    return None
                return None if process is None or process.exited.is_set() else process
            previous = process
        self.checks["answers in time"].set(
            PASS, f"{answers} answers, the slowest in {slowest:.3f} s (limit "
                  f"{self.control.describe()}, {self.control.first_move_extra:g} s more for "
                  f"a match's first)")
        self.checks["legal actions"].set(PASS, f"{answers} answers, every one legal")
        self.checks["plays its matches"].set(PASS, f"{len(matches)} matches played to their "
                                                   f"end")
        if len(matches) > 1:
            self.checks["match end"].set(PASS, f"one process played all {len(matches)} "
                                               f"matches, one after the other")
        return previous

    def _judge_fault(self, fault: Termination, record: MatchRecord, planned: Planned,
                     no_answer: bool, previous: BotProcess | None) -> None:
        """Fail the check that ``fault`` breaks (and pass those it shows were kept)."""
        assert record.result is not None
        where = f"{planned.describe()}: {record.result.reason}"
        check = {Termination.TIMEOUT: "answers in time",
                 Termination.ILLEGAL_ACTION: "legal actions",
                 Termination.MALFORMED: "legal actions"}.get(fault, "plays its matches")
        if check == "plays its matches" and no_answer:
            check = "match end"  # gone after the match before, not in the middle of this one
            if previous is not None and previous.returncode is not None:
                where = (f"after the match before ended, its process exited (code "
                         f"{previous.returncode}) instead of playing the next one ({where})")
        self.checks[check].set(FAIL, where)
        answered = sum(a.seat == planned.seat for step in record.steps for a in step)
        if check != "answers in time" and answered:
            self.checks["answers in time"].set(PASS, "every answer in time until the fault")
        if check not in ("legal actions", "answers in time") and answered:
            self.checks["legal actions"].set(PASS, "every answer legal until the fault")

    async def _end_session(self, pool: BotPool, process: BotProcess) -> None:
        """End the session of ``process`` as a tournament does; judge how it exits."""
        session_end, exit_code = self.checks["session end"], self.checks["exit code"]
        grace = self.launch.grace
        for instance in pool.instances[self.name]:
            if instance.process is process:
                instance.connection.close("the arena has no more matches for this process")
        began = trio.current_time()
        with trio.move_on_after(grace):
            await process.exited.wait()
        if not process.exited.is_set():
            process.kill()
            session_end.set(FAIL, f"still running {grace:g} s (--grace) after SessionEnded "
                                  f"and the end of its input: killed, as a tournament kills it")
            exit_code.set(SKIP, "killed: no exit code of its own")
            return
        session_end.set(PASS, f"exited {trio.current_time() - began:.2f} s after SessionEnded "
                              f"(grace {grace:g} s)")
        code = process.returncode
        if code == 0:
            exit_code.set(PASS, "0")
        else:
            exit_code.set(FAIL, f"killed by signal {-code}" if code is not None and code < 0
                          else f"{code}; a bot exits 0 when its session ends normally")


def _fault(record: MatchRecord, seat: int) -> Termination | None:
    """The bot's fault in ``record`` (the first: under forfeit, a fault ends the match)."""
    faults = record.faults[seat]
    for count, termination in ((faults.timeouts, Termination.TIMEOUT),
                               (faults.illegal, Termination.ILLEGAL_ACTION),
                               (faults.malformed, Termination.MALFORMED),
                               (faults.crashes, Termination.CRASH),
                               (faults.disconnects, Termination.DISCONNECT)):
        if count:
            return termination
    return None


def _ending(record: MatchRecord) -> str:
    assert record.result is not None
    return record.result.termination.value


def _limits(matches: Sequence[Planned]) -> str:
    shown: dict[str, str] = {}
    for planned in matches:
        shown.setdefault(planned.game, ", ".join(f"{k}={v}" for k, v in planned.options.items())
                         or "none (whole matches)")
    return "; ".join(f"{game} {limit}" for game, limit in shown.items())

