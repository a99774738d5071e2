"""The match runner: asks every pending seat at once, on the server's clock, under a policy.

Time is enforced with a trio cancel scope around each request, measured with
``trio.current_time()`` (so tests drive it with ``trio.testing.MockClock``); a late answer is
never accepted, since the seat's open decision is closed when its scope is cancelled. The
seats of a step that are all launched bots on the wall clock are asked by one task instead
(``ask_together``): it writes every request, then waits on their pipes at once until the
earliest deadline (``arena._pipes.PipeSet``), with no task nor cancel scope per seat (each
costs trio about as much as a turn of its loop). A blocking seat (a Python bot in this
process, ``Seat.blocking``) has no scope, which could not stop it: its answer is checked
against the deadline when it returns. An in-process seat is asked with a ``LocalRequest``,
whose observation and legal actions are encoded only if read. A bot's time runs from when its
request is written to its stream (``arena.Deadline``) to when its answer reaches the hub:
waiting behind other matches is the server's time, not the bot's.

Engine work (applying a step, the next decisions, their observations on the wire) runs in a
worker thread when other matches with remote bots run in this process and one step of each
of them would hold this thread longer than ``OFFLOAD_AFTER`` (``offload``): the one thread
that writes requests and stamps answers for all of them is then not held up by it. One
worker, since the engines are Python code and more threads would only take turns at the GIL
with the thread that times the bots. Otherwise the step runs inline: a match alone has no one
else's clock to hold up, a few matches hold it up by less than a margin can notice, and a
thread hop per step costs throughput (``benchmarks/bench_arena.py throughput``).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import trio

import engine
from arena import _codec
from arena._frames import length_field, varint, varint_field
from arena._hub import MatchFeed, OpenDecision, RemoteSeat
from arena._pipes import PipeConnection, PipeSet
from arena._seats import Deadline, LocalRequest, Seat, SeatFault, StaleRequestError
from arena.metrics import Metrics
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from engine import Result, Termination

from ._records import Faults, MatchRecord, SeatAction
from ._timecontrol import Clock, FaultPolicy, TimeControl

_FAULT_FIELD = {
    Termination.TIMEOUT: "timeouts",
    Termination.ILLEGAL_ACTION: "illegal",
    Termination.MALFORMED: "malformed",
    Termination.CRASH: "crashes",
    Termination.DISCONNECT: "disconnects",
}
_static_cache: dict[str, game_pb2.StaticData] = {}
T = TypeVar("T")
# The pending seats of a step: each one's decision and its request (None: a seat not asked).
Step = dict[int, tuple[engine.Decision, pb.DecisionRequest | LocalRequest | None]]


# Encoded actions a match keeps for the next requests (a few hundred KB at most).
_ACTIONS_KEPT = 1024
# Each legal action's bytes on the wire, kept per game for every match in this process: the
# engines offer the same (frozen) actions in match after match (Race keeps every action it
# makes), so a match's first requests need not write them again. Bytes cannot be changed by
# whoever reads them, unlike the messages an in-process bot is given (kept per match). At most
# a few MB; an engine that makes new actions every time clears its game's dict now and then.
_BYTES_KEPT = 16_384
_kept_action_bytes: dict[str, dict[int, tuple[engine.Action, bytes]]] = {}
# The prompt and kind fields of a request on the wire by their texts (``_Match._frame``):
# a game has a few dozen of them.
_TEXTS_KEPT = 1024
_texts: dict[tuple[str, str], bytes] = {}


def _text_fields(prompt: str, kind: str) -> bytes:
    """A request's ``prompt`` and ``kind`` fields (each left out if empty), kept."""
    data = b"".join((length_field(4, prompt.encode()) if prompt else b"",
                     length_field(5, kind.encode()) if kind else b""))
    if len(_texts) >= _TEXTS_KEPT:
        _texts.clear()
    _texts[prompt, kind] = data
    return data


# A decision on a CPU clock ends at this many times its time limit of wall time, plus this.
CPU_CLOCK_WALL_FACTOR = 3.0
CPU_CLOCK_WALL_EXTRA = 1.0
# Turns of trio's loop the watcher of a CPU clock gives the arena's readers at the wall cap.
_READS_BEFORE_THE_CAP = 3
# Offload engine work once a step of every other remote match would hold the loop this long.
OFFLOAD_AFTER = 0.005


class _EngineWork:
    """Per trio run: the matches with remote seats under way, the one engine worker, and the
    mean time of a step (so as to know when other matches' steps would add up)."""

    def __init__(self) -> None:
        self.remote_matches = 0
        self.limiter = trio.CapacityLimiter(1)
        self.step_seconds = 0.0  # moving mean of a step's engine work

    def timed(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``, counted in the mean step time."""
        begin = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.step_seconds += 0.05 * (time.perf_counter() - begin - self.step_seconds)


_WORK: trio.lowlevel.RunVar[_EngineWork] = trio.lowlevel.RunVar("engine_work")


def _engine_work() -> _EngineWork:
    try:
        return _WORK.get()
    except LookupError:
        work = _EngineWork()
        _WORK.set(work)
        return work


@dataclass(frozen=True)
class MatchSpec:
    """Which match to play: game, seed, options, and its place in a tournament."""

    match_id: str
    game: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    tournament_id: str | None = None
    index: int | None = None
    bot_seed: int | None = None  # see ``bot_seed``; None: a fresh secure one per seat


def bot_seed(spec: MatchSpec, seat: int) -> int:
    """``MatchStarted.bot_seed`` of a seat: from ``spec.bot_seed`` and the seat if given (a
    reproducible run: anyone can work it out, but it says nothing of the deal), else fresh
    from the OS's secure source, so that no bot can predict another's random choices."""
    if spec.bot_seed is None:
        return secrets.randbits(63) + 1
    digest = hashlib.blake2b(f"{spec.bot_seed}/{seat}".encode(), digest_size=8).digest()
    return (int.from_bytes(digest, "big") >> 1) + 1


def static_data(game: engine.Game) -> game_pb2.StaticData:
    """The game's static data on the wire, encoded once per process."""
    if game.name not in _static_cache:
        _static_cache[game.name] = _codec.static_data(game.name, game.static_data)
    return _static_cache[game.name]


def result_proto(result: Result) -> game_pb2.MatchResult:
    """The wire form of a result."""
    return game_pb2.MatchResult(
        scores=result.scores, ranks=result.ranks,
        termination=f"TERMINATION_{result.termination.name}",
        reason=result.reason, forfeited_seats=result.forfeited)


@dataclass(slots=True)
class _Asked:
    """A seat asked in a step of seats asked together, until its answer is judged."""

    seat: RemoteSeat
    decision: engine.Decision
    request: pb.DecisionRequest | LocalRequest
    deadline: Deadline
    opened: OpenDecision

    def lost(self) -> bool:
        """Whether its connection was lost (telling a crash from a disconnect then waits)."""
        fault = self.opened.fault
        return fault is not None and fault.termination is Termination.DISCONNECT


class _Match:
    """The state of one running match (one instance per ``run_match`` call)."""

    def __init__(self, spec: MatchSpec, seats: Sequence[Seat], control: TimeControl,
                 policy: FaultPolicy, metrics: Metrics | None, cpu_clock: bool = False) -> None:
        self.spec = spec
        self.game = engine.get(spec.game)
        self.state = self.game.new_match(len(seats), spec.seed, spec.options)
        self.seats = seats
        self.control = control
        self.policy = policy
        self.metrics = metrics
        # Looked up once: a labelled child costs a dict lookup and a lock per decision.
        self._counted = None if metrics is None else (
            metrics.decisions.labels(self.game.name),
            metrics.decision_latency.labels(self.game.name))
        n = len(seats)
        self.clocks = [Clock(control) for _ in range(n)]
        self.faults = [Faults() for _ in range(n)]
        self.strikes = [0] * n
        # Crashed or disconnected (and how): defaults without asking, a strike each.
        self.dead: dict[int, Termination] = {}
        self.forfeits: dict[int, Termination] = {}
        self.reasons: list[str] = []
        self.seen_events = [0] * n
        self._action_messages: dict[int, tuple[engine.Action, game_pb2.Action]] = {}
        self._action_bytes_kept = _kept_action_bytes.setdefault(self.game.name, {})
        self._game_name = self.game.name  # (a property: read for every request)
        self._observation_bytes = _codec.observation_writer(self.game.name)
        # A request's first field, and its time's with the milliseconds it holds (``_frame``).
        self._head = length_field(1, spec.match_id.encode()) if spec.match_id else b""
        self._time: tuple[int | None, bytes] = (None, b"")
        self.public_events = 0
        self.decisions = 0
        self.cpu_clock = cpu_clock
        self.remote = any(not s.in_process for s in seats)
        # Launched bots over pipes on Linux: a step of them may be asked by one task.
        self.launched = PipeSet.available() and all(isinstance(s, RemoteSeat) for s in seats)
        # The seats as RemoteSeats when launched (isinstance of an ABC is a Python call).
        self._launched_seats = ([s for s in seats if isinstance(s, RemoteSeat)]
                                if self.launched else [])
        self._pipe_set: PipeSet | None = None
        self.blocking = all(s.blocking for s in seats)
        self.record = MatchRecord(
            match_id=spec.match_id, game=spec.game, options=dict(self.state.options),
            seed=spec.seed, seats=[s.name for s in seats], tournament_id=spec.tournament_id,
            index=spec.index, started_at=time.time())

    def header(self) -> pb.MatchStarted:
        return pb.MatchStarted(
            match_id=self.spec.match_id, game=self.game.name,
            options={k: str(v).lower() if isinstance(v, bool) else str(v)
                     for k, v in self.state.options.items()},
            seats=[pb.Seat(seat=i, bot_name=s.name) for i, s in enumerate(self.seats)],
            time_control=self.control.to_proto(), static_data=static_data(self.game))

    def request(self, seat: int, decision: engine.Decision, limit: float
                ) -> pb.DecisionRequest | LocalRequest:
        """The request of one pending seat: for an in-process seat, with the observation and
        legal actions encoded only if the bot reads them; for a remote one, the message."""
        state = self.state
        seen, count = self.seen_events[seat], state.event_count
        events = [e.text for e in state.events_since(seen, seat)] if count != seen else []
        self.seen_events[seat] = count
        self.decisions += 1
        request = LocalRequest(self._game_name, self.spec.match_id, self.decisions, seat,
                               decision, self._observer(seat), self._action_message,
                               round(limit * 1000), events)
        asked = self.seats[seat]
        if asked.in_process:
            return request
        if asked.binary_wire:  # (the observation taken here: no call through the observer)
            request.wire = self._frame(request, state.observation(seat))
            return request
        return request.message()

    def _frame(self, request: LocalRequest, seen: Any) -> bytes:
        """The request as a binary frame of a ``PlayResponse``, put together from bytes: the
        same bytes as serializing ``request.message()`` wrapped in one (a test compares),
        without building the message; ``seen``: the seat's observation. What recurs is kept
        as bytes: the match id's field, the prompt's and kind's (``_texts``), the time's, and
        each legal action's from one decision to the next (``_action_bytes``). Fields in
        number order, proto3's zeros left out, as protobuf writes them."""
        observation = b"" if seen is None else self._observation_bytes(seen)
        parts = [self._head]
        if request.decision_id:
            parts += (b"\x10", varint(request.decision_id))
        if request.seat:
            parts += (b"\x18", varint(request.seat))
        texts = _texts.get((request.prompt, request.kind))
        if texts is None:
            texts = _text_fields(request.prompt, request.kind)
        parts += (texts, b"\x32", varint(len(observation)), observation)
        kept = self._action_bytes_kept
        for action in request.decision.legal:
            known = kept.get(id(action))
            parts.append(self._action_bytes(action) if known is None else known[1])
        ms = request.time_left_ms
        if ms != self._time[0]:
            self._time = (ms, varint_field(8, ms))
        parts.append(self._time[1])
        for event in request.events:
            text = event.encode()
            parts += (b"\x4a", varint(len(text)), text)
        size = sum(map(len, parts))
        inner = varint(size)
        return b"".join((varint(1 + len(inner) + size), b"\x1a", inner, *parts))

    def _action_bytes(self, action: engine.Action) -> bytes:
        """An action as an entry of ``DecisionRequest.legal`` on the wire, kept by identity
        with the action (so that its id stays its own) for every match of the game."""
        known = self._action_bytes_kept.get(id(action))
        if known is not None:
            return known[1]
        data = length_field(7, _codec.action_bytes(self.game.name, action))
        if len(self._action_bytes_kept) >= _BYTES_KEPT:
            self._action_bytes_kept.clear()
        self._action_bytes_kept[id(action)] = (action, data)
        return data

    def _action_message(self, action: engine.Action) -> game_pb2.Action:
        """The action as protobuf, encoded once per action object: the engines offer the
        same (frozen) actions again and again, and copying a message is cheaper than
        encoding it. Keyed by identity, with the action kept so that its id stays its own."""
        known = self._action_messages.get(id(action))
        if known is not None:
            return known[1]
        message = game_pb2.Action.FromString(_codec.action_bytes(self.game.name, action))
        if len(self._action_messages) >= _ACTIONS_KEPT:  # an engine that makes new ones
            self._action_messages.clear()
        self._action_messages[id(action)] = (action, message)
        return message

    def _observer(self, seat: int) -> Callable[[], Any]:
        """The seat's observation now, for as long as the match stays at this step."""
        decision_id, steps = self.decisions, len(self.record.steps)

        def observe() -> Any:
            if len(self.record.steps) != steps:
                raise StaleRequestError(
                    f"the observation of decision {decision_id} of match {self.spec.match_id} "
                    f"was read after the match moved on; read it before answering, or keep "
                    f"request.message()")
            return self.state.observation(seat)
        return observe

    def step(self, answers: dict[int, SeatAction] | None, view: bool
             ) -> tuple[Step, pb.SpectatorUpdate | None]:
        """The engine work between two asks: apply ``answers`` (None: the match begins),
        then the next pending decisions with their requests, and the spectators' view after
        the step if ``view``. Touches only this match, so it may run in a worker thread."""
        state = self.state
        update = None
        if answers is not None:
            state.apply({seat: a.action_id for seat, a in answers.items()})
            self.record.steps.append([answers[s] for s in sorted(answers)])
            if view:
                update = self.spectator_update()
        if state.is_over():
            return {}, update
        step: Step = {}
        for seat, decision in state.pending().items():
            step[seat] = (decision, None if seat in self.dead else
                          self.request(seat, decision, self.clocks[seat].limit()))
        return step, update

    async def ask(self, seat: int, decision: engine.Decision,
                  request: pb.DecisionRequest | LocalRequest | None,
                  answers: dict[int, SeatAction], others: trio.CancelScope | None) -> None:
        """Ask one seat; a forfeit cancels ``others`` (the asks of the other pending seats)."""
        if seat in self.dead or request is None:
            answers[seat] = SeatAction(seat, decision.legal[0].id, 0.0, True)
            # Each default is a strike, so that max_strikes forfeits a bot gone for good too.
            if self._struck_out(seat):
                self.forfeits[seat] = self.dead[seat]
                if others is not None:
                    others.cancel()
            return
        clock = self.clocks[seat]
        cpu: float | None = None
        if self.seats[seat].blocking:
            action_id, fault, used, late = await self._ask_blocking(seat, request, clock, others)
        elif self.cpu_clock and (start := self.seats[seat].cpu_time()) is not None:
            action_id, fault, used, cpu, late = await self._ask_cpu(seat, request, clock,
                                                                    others, start)
        else:
            deadline = Deadline.enforced(trio.current_time(), clock.timeout())
            action_id, fault, used, late = await self._scoped(
                seat, request, deadline, others, self.seats[seat].decide_by(request, deadline))
        if (self._settle(seat, decision, request, action_id, fault, used, late, answers, cpu)
                and others is not None):
            others.cancel()

    def _settle(self, seat: int, decision: engine.Decision,
                request: pb.DecisionRequest | LocalRequest, action_id: int,
                fault: SeatFault | None, used: float, late: bool,
                answers: dict[int, SeatAction], cpu: float | None = None) -> bool:
        """Charge a seat's clock with what it used and judge its answer: its action, or the
        default one after a fault (late: a timeout); True if the fault forfeits the match."""
        self.clocks[seat].charge(used if cpu is None else cpu)
        if late:
            fault = self.timed_out(seat, request.time_left_ms / 1000, cpu is not None)
        elif fault is None:
            try:
                decision.action(action_id)
            except engine.IllegalActionError as error:
                name = self.seats[seat].name
                fault = SeatFault(Termination.ILLEGAL_ACTION, f"seat {seat} ({name}): {error}")
        if self._counted is not None and fault is None:
            decisions, latency = self._counted
            decisions.inc()
            latency.observe(used)
        if fault is None:
            answers[seat] = SeatAction(seat, action_id, used, cpu_used=cpu)
            return False
        if self.punish(seat, fault):
            return True
        answers[seat] = SeatAction(seat, decision.legal[0].id, used, True, cpu)
        return False

    async def _scoped(self, seat: int, request: pb.DecisionRequest | LocalRequest,
                      deadline: Deadline, others: trio.CancelScope | None,
                      answer: Awaitable[int]) -> tuple[int, SeatFault | None, float, bool]:
        """Await a seat's ``answer`` under a cancel scope that ends it at ``deadline`` (its
        ``scope``, or a new one): the id, its fault, the time it used and whether it was
        late."""
        action_id = -1
        fault: SeatFault | None = None
        scope = trio.CancelScope(deadline=deadline.ends) if deadline.scope is None \
            else deadline.scope
        try:
            with scope:
                try:
                    action_id = await answer
                except SeatFault as error:
                    fault = error
        except trio.Cancelled:
            self._cancelled(seat, request, others, deadline.ends)
            raise
        used, late = _timed(self.seats[seat], deadline, scope.cancelled_caught, fault)
        return action_id, fault, used, late

    def pipes_of(self, step: Step) -> list[PipeConnection] | None:
        """The pipes of a step's seats if one task may ask them together (``ask_together``):
        every seat a launched bot's on the wall clock, over a pipe this match alone reads;
        else None (a task per seat asks them)."""
        if self.cpu_clock or not self.launched:
            return None
        pipes = []
        for seat, (_, request) in step.items():
            pipe = None if request is None else PipeSet.pipe_of(self._launched_seats[seat],
                                                                 self.spec.match_id)
            if pipe is None:
                return None
            pipes.append(pipe)
        return pipes

    async def ask_together(self, step: Step, pipes: list[PipeConnection],
                           answers: dict[int, SeatAction]) -> None:
        """Ask the seats of a step (one or several) over their ``pipes`` from this one task:
        every request written, then the pipes waited on together (``PipeSet``), each answer
        stamped as it is read, and judged as ``ask`` judges it. Whatever is known at one
        wake-up is judged together (answers, faults, deadlines passed), so the order the
        pipes are read in decides nothing; a forfeit then ends the others' asks, and those
        whose time had run out by then time out too (``_cut_by_forfeit``). A decision cut at
        its deadline is ``cut`` (a launched bot's process is marked late). A lost connection
        (its process crashed, or it disconnected: telling which waits for the process) hands
        the step's open asks over to a task each, as a step of other seats is asked."""
        if self._pipe_set is None:
            self._pipe_set = PipeSet(self.spec.match_id)
        group = self._pipe_set
        clock = trio.lowlevel.current_clock()  # (its time: trio.current_time, fewer calls)
        now = clock.current_time()
        asked: dict[int, _Asked] = {}
        try:
            for (seat, (decision, request)), pipe in zip(step.items(), pipes, strict=True):
                assert request is not None
                seat_ = self._launched_seats[seat]
                group.add(pipe)
                deadline = Deadline(None, now, self.clocks[seat].timeout())
                try:
                    opened = seat_.send(request, deadline)
                except SeatFault as error:  # it gave up since it was last asked
                    used, late = _timed(seat_, deadline, False, error)
                    if self._settle(seat, decision, request, -1, error, used, late, answers):
                        return
                    continue
                assert opened is not None  # (``alone_for``: its session is open)
                asked[seat] = _Asked(seat_, decision, request, deadline, opened)
            while asked:
                await group.wait(min(a.deadline.ends for a in asked.values()))
                now = clock.current_time()
                known = [seat for seat, a in asked.items()
                         if a.opened.resolved or now >= a.deadline.ends]
                if any(asked[seat].lost() for seat in known):
                    await self._hand_over(asked, answers)
                    return
                forfeit = False
                for seat in known:
                    a = asked.pop(seat)
                    a.seat.withdraw(a.opened)
                    action_id = -1
                    fault: SeatFault | None = None
                    cut = not a.opened.resolved
                    if cut:
                        a.seat.cut(a.deadline.ends)
                    else:
                        try:
                            action_id = a.seat.answered(a.opened)
                        except SeatFault as error:
                            fault = error
                    used, late = _timed(a.seat, a.deadline, cut, fault)
                    forfeit |= self._settle(seat, a.decision, a.request, action_id, fault,
                                            used, late, answers)
                if forfeit:
                    for seat, a in asked.items():
                        self._cut_by_forfeit(seat, a.request, a.deadline.ends)
                    return
        finally:
            for a in asked.values():  # cut short: a forfeit, or the match stopped
                a.seat.withdraw(a.opened)
                a.seat.cut(a.deadline.ends)

    async def _hand_over(self, asked: dict[int, _Asked],
                         answers: dict[int, SeatAction]) -> None:
        """Go on with the open asks of a step, a task each (see ``ask_together``)."""
        async with trio.open_nursery() as nursery:
            for seat, a in asked.items():
                nursery.start_soon(self._answer, seat, a, answers, nursery.cancel_scope)
        asked.clear()

    async def _answer(self, seat: int, asked: _Asked, answers: dict[int, SeatAction],
                      others: trio.CancelScope) -> None:
        """Wait for the answer of a seat already asked, and judge it (as ``ask`` does)."""
        action_id, fault, used, late = await self._scoped(
            seat, asked.request, asked.deadline, others, asked.seat.answer(asked.opened))
        if self._settle(seat, asked.decision, asked.request, action_id, fault, used, late,
                        answers):
            others.cancel()

    async def _ask_cpu(self, seat: int, request: pb.DecisionRequest | LocalRequest,
                       clock: Clock, others: trio.CancelScope | None, start: float
                       ) -> tuple[int, SeatFault | None, float, float | None, bool]:
        """Ask a seat on a CPU-time clock (``--clock cpu``): the decision is charged the CPU
        time the bot's process used, so that waiting for a core on a busy machine costs it
        nothing, under a wall-time cap (``CPU_CLOCK_WALL_FACTOR`` times the limit plus
        ``CPU_CLOCK_WALL_EXTRA``) so that a bot that sleeps or blocks still times out.

        A watcher ends the wait: it reads the CPU time whenever the bot could have used up
        what it had left, and ends it at once when it has; at the wall cap it first lets the
        arena read what has arrived (an answer waiting in the pipe while this thread was busy
        is the arena's delay, not the bot's). ``Deadline`` keeps the cap, on a scope of its
        own that is never entered: the watcher acts on it. The id, fault, wall and CPU time,
        whether late."""
        seat_ = self.seats[seat]
        budget = clock.timeout()
        action_id = -1
        fault: SeatFault | None = None
        cap = trio.CancelScope()  # holds the cap's time (see Deadline.sent); never entered

        async def watch(scope: trio.CancelScope) -> None:
            while True:
                now = trio.current_time()
                if now >= cap.deadline:
                    for _ in range(_READS_BEFORE_THE_CAP):
                        await trio.lowlevel.cancel_shielded_checkpoint()
                    break
                used = seat_.cpu_time()
                if used is not None and used - start >= budget:
                    break
                # A process runs on one core at a time per thread: no sooner than this.
                left = budget - (0.0 if used is None else used - start)
                await trio.sleep_until(min(cap.deadline, now + max(left, 0.002)))
            cap.deadline = trio.current_time()  # ends now: a timeout
            scope.cancel()

        try:
            with trio.CancelScope() as scope:
                deadline = Deadline(cap, trio.current_time(),
                                    budget * CPU_CLOCK_WALL_FACTOR + CPU_CLOCK_WALL_EXTRA)
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(watch, scope)
                    try:
                        action_id = await seat_.decide_by(request, deadline)
                    except SeatFault as error:
                        fault = error
                    nursery.cancel_scope.cancel()
        except trio.Cancelled:
            self._cancelled(seat, request, others, deadline.ends)
            raise
        arrived = None if scope.cancelled_caught else seat_.answered_at()
        answered = trio.current_time() if arrived is None else arrived
        end = seat_.cpu_time()
        cpu = None if end is None else max(0.0, end - start)
        late = scope.cancelled_caught or (fault is None and cpu is not None and cpu > budget)
        return action_id, fault, answered - deadline.started, cpu, late

    async def _ask_blocking(self, seat: int, request: pb.DecisionRequest | LocalRequest,
                            clock: Clock, others: trio.CancelScope | None
                            ) -> tuple[int, SeatFault | None, float, bool]:
        """Ask a seat that computes its answer without waiting (``Seat.blocking``): no cancel
        scope could stop it, so its time is checked when it returns. A cancel of the match
        or of the step still stops it at the checkpoint its ``decide`` begins with."""
        action_id = -1
        fault: SeatFault | None = None
        asked = trio.current_time()
        ends = asked + clock.timeout()
        try:
            action_id = await self.seats[seat].decide(request)
        except SeatFault as error:
            fault = error
        except trio.Cancelled:
            self._cancelled(seat, request, others, ends)
            raise
        answered = trio.current_time()
        return action_id, fault, answered - asked, fault is None and answered > ends

    def _cancelled(self, seat: int, request: pb.DecisionRequest | LocalRequest,
                   others: trio.CancelScope | None, ends: float) -> None:
        """A seat's ask was cancelled: by another seat's forfeit (``_cut_by_forfeit``), or
        with the match (which is not recorded at all)."""
        if others is not None and others.cancel_called:
            self._cut_by_forfeit(seat, request, ends)

    def _cut_by_forfeit(self, seat: int, request: pb.DecisionRequest | LocalRequest,
                        ends: float) -> None:
        """Another seat's forfeit ended the step. If this seat's time (up to ``ends``) had
        run out as well, it timed out too: which of the two answers the arena happened to
        look at first must not decide which seat is ranked last."""
        if trio.current_time() >= ends:
            self.punish(seat, self.timed_out(seat, request.time_left_ms / 1000))

    def timed_out(self, seat: int, limit: float, cpu: bool = False) -> SeatFault:
        """The fault of a seat that did not answer in time (``cpu``: on a CPU clock)."""
        cap = limit * CPU_CLOCK_WALL_FACTOR + CPU_CLOCK_WALL_EXTRA
        within = f"{limit:.3f} s of CPU time ({cap:.3f} s of wall time)" if cpu \
            else f"{limit:.3f} s"
        return SeatFault(Termination.TIMEOUT, f"seat {seat} ({self.seats[seat].name}) did not "
                                              f"answer within {within}")

    def punish_out_of_turn(self) -> None:
        """Punish the seats whose bots gave up while others were being asked (a bot that
        resigns out of turn is not kept playing until its next decision, nor past the end)."""
        # Launched bots whose pipes (all in the match's set) hold nothing unread: what they
        # gave up has been routed already, and one poll of the set replaces one per pipe.
        quiet = self._pipe_set is not None and self._pipe_set.quiet(len(self.seats))
        for index, seat in enumerate(self.seats):
            if index not in self.forfeits and index not in self.dead:
                fault = (self._launched_seats[index].routed_give_up() if quiet
                         else seat.gave_up())
                if fault is not None:
                    self.punish(index, fault)

    def _struck_out(self, seat: int) -> bool:
        """Count a strike; True once the seat has ``max_strikes`` of them."""
        self.strikes[seat] += 1
        limit = self.policy.max_strikes
        return limit is not None and self.strikes[seat] >= limit

    def punish(self, seat: int, fault: SeatFault) -> bool:
        """Count a fault; True if the seat forfeits (which ends the match)."""
        counter = _FAULT_FIELD.get(fault.termination)
        if counter is not None:
            faults = self.faults[seat]
            self.faults[seat] = replace(faults, **{counter: getattr(faults, counter) + 1})
        if self.metrics is not None:
            game = self.game.name
            if fault.termination is Termination.TIMEOUT:
                self.metrics.timeouts.labels(game).inc()
            elif fault.termination in (Termination.ILLEGAL_ACTION, Termination.MALFORMED):
                self.metrics.illegal_actions.labels(game).inc()
            elif fault.termination in (Termination.CRASH, Termination.DISCONNECT):
                self.metrics.disconnects.labels(game).inc()
        if fault.termination in (Termination.CRASH, Termination.DISCONNECT):
            self.dead[seat] = fault.termination
        self.reasons.append(str(fault))
        struck_out = self._struck_out(seat)
        if (struck_out or fault.termination is Termination.RESIGN
                or self.policy.mode == "forfeit"):
            self.forfeits[seat] = fault.termination
            return True
        self.state.log(f"{self.seats[seat].name} (seat {seat}): {fault}; default action, "
                       f"strike {self.strikes[seat]}")
        return False

    def close(self) -> None:
        """The match is over: what it held for its asks is let go."""
        if self._pipe_set is not None:
            self._pipe_set.close()
            self._pipe_set = None

    def record_from(self, start: int) -> MatchRecord:
        """The record so far, with its steps from ``start`` on (see ``MatchFeed``)."""
        return replace(self.record, steps=self.record.steps[start:])

    def spectator_update(self) -> pb.SpectatorUpdate:
        """The public view after the last step, with the public events since the last one."""
        return self._public_view(self.public_events)

    def spectator_snapshot(self) -> pb.SpectatorUpdate:
        """The public view now, with every public event so far (for a spectator joining)."""
        return self._public_view(0)

    def _public_view(self, since: int) -> pb.SpectatorUpdate:
        events = self.state.events_since(since, None)
        self.public_events = self.state.event_count
        return pb.SpectatorUpdate(
            step=len(self.record.steps),
            observation=_codec.observation(self.game.name, self.state.observation(None)),
            events=[e.text for e in events])

    def result(self) -> Result:
        result = self.state.result()
        if self.forfeits:
            result = result.with_forfeits(self.forfeits, "; ".join(self.reasons))
        elif self.reasons and not result.reason:
            result = replace(result, reason="; ".join(self.reasons[:5]))
        return result


def _timed(seat: Seat, deadline: Deadline, cut: bool, fault: SeatFault | None
           ) -> tuple[float, bool]:
    """The time a seat used on ``deadline`` and whether it was late (``cut``: its wait was
    ended at the deadline, before its answer came)."""
    # Up to the answer's arrival: the wait for this task's turn is the server's, not the bot's.
    arrived = None if cut else seat.answered_at()
    answered = trio.current_time() if arrived is None else arrived
    # An in-process bot computes with no checkpoint for the cancel to stop it at: its
    # answer after the deadline is returned all the same, and is late all the same.
    return answered - deadline.started, cut or (fault is None and answered > deadline.ends)


async def _engine(offload: bool | None, work: _EngineWork, match: _Match,
                  fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the engine worker, or inline (see the module's docstring)."""
    if offload is None:  # other matches' bots, timed by this thread, would wait too long
        others = work.remote_matches - match.remote
        offload = others > 0 and others * work.step_seconds >= OFFLOAD_AFTER
    if offload:
        return await trio.to_thread.run_sync(work.timed, fn, *args, limiter=work.limiter)
    return work.timed(fn, *args)


async def run_match(
    spec: MatchSpec,
    seats: Sequence[Seat],
    control: TimeControl,
    policy: FaultPolicy = FaultPolicy(),
    *,
    metrics: Metrics | None = None,
    feeds: dict[str, MatchFeed] | None = None,
    offload: bool | None = None,
    cpu_clock: bool = False,
) -> MatchRecord:
    """Play one match to its end and return its complete record.

    ``cpu_clock``: charge the seats that can tell (launched bots) the CPU time they use,
    under a wall-time cap, rather than wall time (see ``_Match._ask_cpu``).

    ``offload``: run the engine work in the worker thread (True), on this thread (False), or
    in the worker while other matches with remote seats are under way (None: see above)."""
    match = _Match(spec, seats, control, policy, metrics, cpu_clock)
    header = match.header()
    game = match.game.name
    feed = None
    if feeds is not None:
        feed = feeds[spec.match_id] = MatchFeed(header, match.spectator_snapshot,
                                                   match.record_from)
    if metrics is not None:
        metrics.active_matches.labels(game).inc()
    work = _engine_work()
    if match.remote:
        work.remote_matches += 1
    try:
        for i, seat in enumerate(seats):
            started = pb.MatchStarted()
            started.CopyFrom(header)
            started.your_seat = i
            started.bot_seed = bot_seed(spec, i)
            await seat.start(started)
        step, _ = await _engine(offload, work, match, match.step, None, False)
        while step and not match.forfeits:
            answers: dict[int, SeatAction] = {}
            if (pipes := match.pipes_of(step)) is not None:
                await match.ask_together(step, pipes, answers)
            elif len(step) == 1 or match.blocking:
                # One seat, or seats that compute without waiting (so that they could not
                # think at the same time anyway): asked in turn, each on its own clock from
                # when it is asked, with no task to spawn; a forfeit ends the step.
                for seat_index, (decision, request) in step.items():
                    await match.ask(seat_index, decision, request, answers, None)
                    if match.forfeits:
                        break
            else:
                async with trio.open_nursery() as nursery:
                    for seat_index, (decision, request) in step.items():
                        nursery.start_soon(match.ask, seat_index, decision, request, answers,
                                           nursery.cancel_scope)
            if match.forfeits:
                break
            step, update = await _engine(offload, work, match, match.step, answers,
                                         feed is not None and bool(feed.watchers))
            # After the step, as before it was computed: a seat that gave up meanwhile is
            # punished now (if it dies, its request just built goes unused).
            match.punish_out_of_turn()
            if update is not None and feed is not None:
                feed.update(update)
        result = match.result()
        match.record.result = result
        match.record.faults = match.faults
        match.record.ended_at = time.time()
        proto = result_proto(result)
        for i, seat in enumerate(seats):
            await seat.end(pb.MatchEnded(match_id=spec.match_id, result=proto, your_seat=i))
        if feed is not None:
            feed.end(pb.MatchEnded(match_id=spec.match_id, result=proto))
        if metrics is not None:
            metrics.matches.labels(game, result.termination.value).inc()
        return match.record
    finally:
        match.close()
        if match.remote:
            work.remote_matches -= 1
        if metrics is not None:
            metrics.active_matches.labels(game).dec()
        if feeds is not None and feed is not None:
            feeds.pop(spec.match_id, None)
            feed.close()  # no-op after a result; else spectators are not left hanging
