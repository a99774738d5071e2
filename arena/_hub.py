"""The trio side of bot connections: sessions, open decisions, routing of moves, live feeds.

Every method here runs in trio's thread. The gRPC handlers (asyncio, hosted by trio: see
``_bridge``) call it directly between trio task steps, and receive through each session's
``AsyncioOutbox``.
"""

from __future__ import annotations

import itertools
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import grpc
import trio

from arena.v1 import arena_service_pb2 as pb
from engine import Termination

from ._bridge import AsyncioOutbox
from ._seats import Deadline, LocalRequest, Request, Seat, SeatFault
from .metrics import Metrics

# Sent through a stream's outbox to make its handler finish (arena shutdown).
CLOSE = object()

# The names bots may have: launched (--bot), registered (`arena bot add`) or in a Hello.
BOT_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
BOT_NAME_RULE = "1 to 64 of A-Z a-z 0-9 _ . -"

# Messages a stream may leave unread before the arena closes it (a client that stopped
# reading would otherwise grow the server without end); spectators get less room.
BOT_BACKLOG = 1000
SPECTATOR_BACKLOG = 256
MAX_SPECTATORS_PER_MATCH = 100
# Refused messages a bot may send: a burst of this many, then this many per second; past
# that its stream is closed (a broken bot's flood would slow every match on the server).
REFUSED_BURST = 200
REFUSED_PER_SECOND = 20.0


# How much of a bot's own account of its failure (Resign.failure) a crash's reason keeps: an
# exception's message and where it was raised, not a whole traceback.
_FAILURE_CHARS = 240


def shown(text: str, limit: int = 64) -> str:
    """``text`` quoted for an error message, cut to ``limit`` characters (a client's strings
    are echoed back, and a long one would hide the reason or overflow the reply)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` with its control characters (terminal escapes, carriage returns, bells: a
    bot's output or name reaches terminals) written as ``\\xNN``; tabs and line feeds kept."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}", text)


class Outbox(Protocol):
    """Where a session's messages to its bot wait: a gRPC stream's (``AsyncioOutbox``) or a
    launched bot's pipe's (``arena._pipes.PipeOutbox``)."""

    def put(self, item: Any) -> None: ...

    def drop(self, reason: str) -> None: ...


class DirectReader(Protocol):
    """A connection that the seat asking it may read itself (a launched bot's pipe,
    ``arena._pipes.PipeConnection``): the seat's task waits for the answer on the pipe, so a
    decision costs one wake-up of trio's, not a reader task's and then the seat's. Whatever
    it reads goes through the hub as a reader task's would."""

    async def until(self, match_id: str, done: trio.Event) -> None:
        """Read and route what the bot sends until ``done`` is set (or the pipe ends); the
        match holds the connection from its first decision."""

    def poll(self) -> None:
        """Route what the bot has sent meanwhile, without waiting."""

    def release(self, match_id: str) -> None:
        """The match is over: once no match holds it, the connection's own reader reads."""


@dataclass(eq=False)
class OpenDecision:
    """A decision sent to a bot and not answered yet.

    Its request goes through the stream's outbox as this object, not as the bare message, so
    that the writer can start the bot's time when the request is written (``on_the_wire``).
    """

    match_id: str
    decision_id: int
    done: trio.Event = field(default_factory=trio.Event)
    action_id: int | None = None
    fault: SeatFault | None = None
    answered_at: float | None = None  # trio's clock when the move arrived
    # Whether ``done`` is set (read on every decision's path: an attribute, not a call).
    resolved: bool = False
    # The request, until it is written (bytes: a binary frame, for a stream that takes them).
    message: pb.PlayResponse | bytes | None = None
    deadline: Deadline | None = None  # started when the request is written

    def resolve(self, action_id: int | None = None, fault: SeatFault | None = None) -> None:
        if not self.resolved:
            self.action_id, self.fault = action_id, fault
            self.answered_at = trio.current_time()
            self.resolved = True
            self.done.set()


def on_the_wire(item: Any) -> Any:
    """What a stream's writer sends for an outbox ``item``, at the moment it writes it.

    A decision request starts its bot's time here (see ``Deadline``): the time it waited in
    the outbox, behind this stream's other messages or other matches' work on the server's
    thread, is not the bot's. A decision that ended before its request was written (another
    seat forfeited the match) is not sent: None.
    """
    if item.__class__ is not OpenDecision:
        return item
    decision: OpenDecision = item
    message, decision.message = decision.message, None
    if decision.resolved:
        return None
    if decision.deadline is not None:
        decision.deadline.sent()
    return message


class BotSession:
    """One open Play stream of an authenticated bot."""

    _ids = itertools.count(1)

    def __init__(
        self, name: str, games: frozenset[str], max_matches: int, outbox: Outbox,
        match_budget: int = 0,
    ) -> None:
        self.id = next(self._ids)
        self.name = name
        self.games = games
        self.max_matches = max_matches  # at once (Hello.max_concurrent_matches; 0: any)
        self.match_budget = match_budget  # in all (Hello.max_matches; 0: no limit)
        self.version = ""  # Hello.version ("" if not said), set by the service
        self.taken = 0  # matches given to it so far
        self.outbox = outbox
        self.matches: set[str] = set()
        self.ended: deque[str] = deque(maxlen=64)  # recent matches, to explain late moves
        # match id -> a Resign (or its code's failure) sent while no decision was open
        self.gave_up: dict[str, SeatFault] = {}
        self.open: dict[str, OpenDecision] = {}  # by match id: one open decision per match
        self.closed = False
        self.binary = False  # takes requests as binary frames (bytes; see ``OpenDecision``)
        self.reader: DirectReader | None = None  # set by a connection a seat may read itself
        self._allowance = float(REFUSED_BURST)  # refused messages it may still send
        self._allowance_at = time.monotonic()

    def plays(self, game: str) -> bool:
        """Whether this bot said it plays ``game`` (no list means every game)."""
        return not self.games or game in self.games

    def has_room(self) -> bool:
        """Whether it may take one more match (now, and within its budget)."""
        if self.match_budget and self.taken >= self.match_budget:
            return False
        return not self.max_matches or len(self.matches) < self.max_matches

    def take(self, match_id: str) -> None:
        """Count ``match_id`` as one of its matches (reserving room for it)."""
        if match_id not in self.matches:
            self.matches.add(match_id)
            self.taken += 1

    def send(self, message: pb.PlayResponse) -> None:
        """Queue a message to the bot (dropped once the stream is closed)."""
        if not self.closed:
            self.outbox.put(message)

    def queue(self, decision: OpenDecision) -> None:
        """Queue a decision's request (its time starts when the writer takes it up)."""
        if not self.closed:
            self.outbox.put(decision)

    def error(self, code: grpc.StatusCode, text: str, match_id: str = "", decision: int = 0):
        """Refuse one message, keeping the stream open (unless the bot refuses to stop)."""
        now = time.monotonic()
        self._allowance = min(float(REFUSED_BURST), self._allowance
                              + (now - self._allowance_at) * REFUSED_PER_SECOND)
        self._allowance_at = now
        self._allowance -= 1
        if self._allowance >= 0:
            self.send(pb.PlayResponse(error=pb.ProtocolError(
                code=code.value[0], message=text, match_id=match_id, decision_id=decision)))
        else:
            self.outbox.drop(f"it sent more than {REFUSED_BURST} messages the arena refused "
                             f"in a burst")


class MatchFeed:
    """The public messages of one live match, for spectators who join at any time.

    The match publishes a step only while somebody watches (building the public view costs
    as much as a seat's observation); a spectator who joins gets ``snapshot()`` first: the
    public view now and the public log so far.

    ``record(start)``, for the arena's own process only (the web pages of ``arena serve``):
    the match's record so far (its seed, and its steps from ``start`` on), from which a
    follower rebuilds the public view of every step, also those before it came. Called on the
    arena's thread (a step appended meanwhile by the engine's worker thread is read whole or
    not at all: a list's slice is taken at once).
    """

    def __init__(self, header: pb.MatchStarted,
                 snapshot: Callable[[], pb.SpectatorUpdate],
                 record: Callable[[int], Any] | None = None) -> None:
        self.header = header
        self.snapshot = snapshot
        self.record = record
        self.watchers: list[AsyncioOutbox] = []

    def add(self, watcher: AsyncioOutbox) -> None:
        """Send the header and what happened so far, then every later message."""
        watcher.put(pb.WatchMatchResponse(match_started=self.header))
        watcher.put(pb.WatchMatchResponse(update=self.snapshot()))
        self.watchers.append(watcher)

    def update(self, update: pb.SpectatorUpdate) -> None:
        """Publish the public state after a step."""
        for watcher in self.watchers:
            watcher.put(pb.WatchMatchResponse(update=update))

    def end(self, ended: pb.MatchEnded) -> None:
        """Publish the end and close every spectator stream."""
        for watcher in self.watchers:
            watcher.put(pb.WatchMatchResponse(match_ended=ended))
        self.close()

    def close(self) -> None:
        """Close every spectator stream (the match ended, or stopped without a result)."""
        for watcher in self.watchers:
            watcher.put(CLOSE)
        self.watchers.clear()


# A ladder bot that loses this many matches in a row on time, by a crash or a disconnect is
# given no match for PAUSE_FIRST_SECONDS, doubled at every further pause up to PAUSE_MAX_SECONDS
# (dead weight would take matches from honest bots); one clean match ends the streak.
FAULT_STREAK_PAUSE = 3
PAUSE_FIRST_SECONDS = 30.0
PAUSE_MAX_SECONDS = 600.0


@dataclass
class FaultStreak:
    """A bot's faults in a row in ladder matches, and its pause."""

    faults: int = 0
    pauses: int = 0  # since its last clean match
    until: float = 0.0  # monotonic time the pause ends
    reason: str = ""

    def record(self, fault: str | None, now: float) -> bool:
        """Count a match (``fault``: what went wrong, None: clean); True if it pauses now."""
        if fault is None:
            self.faults, self.pauses, self.reason = 0, 0, ""
            return False
        self.faults += 1
        if self.faults < FAULT_STREAK_PAUSE:
            return False
        seconds = min(PAUSE_FIRST_SECONDS * 2 ** self.pauses, PAUSE_MAX_SECONDS)
        self.pauses += 1
        self.until = now + seconds
        self.reason = f"{self.faults} faults in a row (last: {fault}); paused {seconds:g} s"
        return True

    def left(self, now: float) -> float:
        """Seconds the pause still lasts (0: none)."""
        return max(0.0, self.until - now)


class Hub:
    """Connected bots and live matches; the router of everything bots send."""

    def __init__(self, metrics: Metrics | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.metrics = metrics
        self.clock = clock
        self.streaks: dict[str, FaultStreak] = {}  # by bot name (ladder matches)
        self.sessions: list[BotSession] = []
        self.feeds: dict[str, MatchFeed] = {}
        self._changed = trio.Event()
        if metrics is not None:
            # Read at every scrape: a pause ends by the clock, with no event to update it on.
            metrics.paused_bots.set_function(self._paused_now)

    # -- connections ----------------------------------------------------------------------

    def connect(self, session: BotSession) -> None:
        """A bot passed its Hello."""
        self.sessions.append(session)
        if self.metrics:
            self.metrics.connected_bots.inc()
        self._notify()

    def disconnect(self, session: BotSession) -> None:
        """A bot's stream ended: every decision it owed fails."""
        if session.closed:
            return
        session.closed = True
        if session in self.sessions:
            self.sessions.remove(session)
            if self.metrics:
                self.metrics.connected_bots.dec()
        for decision in list(session.open.values()):
            decision.resolve(fault=SeatFault(
                Termination.DISCONNECT, f"bot {session.name!r} disconnected"))
        self._notify()

    def close_all(self) -> None:
        """End every stream (arena shutdown), saying so first."""
        for session in list(self.sessions):
            session.send(pb.PlayResponse(session_ended=pb.SessionEnded(
                reason="the arena is shutting down")))
            session.outbox.put(CLOSE)
            self.disconnect(session)

    def _notify(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    async def wait_for_bot(self, name: str, ready: Callable[[BotSession], bool] | None = None):
        """The first connected session of ``name`` (that ``ready`` accepts), waiting for it."""
        while True:
            candidates = [s for s in self.sessions
                          if s.name == name and (ready is None or ready(s))]
            if candidates:
                return min(candidates, key=lambda s: len(s.matches))
            await self._changed.wait()

    @property
    def changed(self) -> trio.Event:
        """Set at the next connect or disconnect. Take it in the same step that looks at the
        sessions, before waiting: a change in between then still sets the event waited on."""
        return self._changed

    # -- what bots send -------------------------------------------------------------------

    def receive(self, session: BotSession, request: pb.PlayRequest | None) -> None:
        """Route one message of a bot (None: bytes that are not a PlayRequest)."""
        if request is None:
            self._malformed(session, "a message that is not a PlayRequest")
            return
        kind = request.WhichOneof("message")
        if kind == "move":
            self._move(session, request.move)
        elif kind == "resign":
            self._resign(session, request.resign)
        elif kind == "hello":
            session.error(grpc.StatusCode.FAILED_PRECONDITION,
                          "Hello was already received on this stream; send Move or Resign")
        else:
            self._malformed(session, "an empty PlayRequest (set hello, move or resign)")

    def _malformed(self, session: BotSession, what: str) -> None:
        text = f"malformed message: {what}"
        session.error(grpc.StatusCode.INVALID_ARGUMENT, text)
        for decision in list(session.open.values()):
            decision.resolve(fault=SeatFault(Termination.MALFORMED, text))

    def _not_yours(self, session: BotSession, match_id: str, what: str) -> str:
        if match_id in session.ended:
            return f"{what}: match {shown(match_id)} has ended"
        return (f"{what}: match {shown(match_id)} is not one of yours; your matches: "
                f"{', '.join(sorted(session.matches)) or 'none'}")

    def _move(self, session: BotSession, move: pb.Move) -> None:
        if move.match_id not in session.matches:
            session.error(grpc.StatusCode.FAILED_PRECONDITION,
                          self._not_yours(session, move.match_id, "move refused"),
                          decision=move.decision_id)
            return
        decision = session.open.get(move.match_id)
        if decision is None or decision.decision_id != move.decision_id or decision.resolved:
            if decision is not None and decision.decision_id == move.decision_id:
                expected = "it was already answered"
            elif decision is not None:
                expected = f"the open decision is {decision.decision_id}"
            else:
                expected = "no decision of this match is open for you"
            session.error(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"decision {move.decision_id} of match {shown(move.match_id)} is not open "
                f"(answered, timed out or never asked); {expected}",
                move.match_id, move.decision_id,
            )
            return
        decision.resolve(action_id=move.action_id)

    def _resign(self, session: BotSession, resign: pb.Resign) -> None:
        match_id = resign.match_id
        if match_id not in session.matches:
            session.error(grpc.StatusCode.FAILED_PRECONDITION,
                          self._not_yours(session, match_id, "cannot resign"))
            return
        if resign.failure:  # the bot's code failed: a crash, to which the policy applies
            fault = SeatFault(Termination.CRASH, f"{session.name}'s code failed: "
                                                 f"{shown(resign.failure, _FAILURE_CHARS)}")
        else:
            fault = SeatFault(Termination.RESIGN, f"{session.name} resigned")
        decision = session.open.get(match_id)
        if decision is not None and not decision.resolved:
            decision.resolve(fault=fault)
        else:
            session.gave_up.setdefault(match_id, fault)

    # -- the ladder's view of each bot ------------------------------------------------------

    def record_outcome(self, name: str, fault: str | None) -> str | None:
        """A ladder match of bot ``name`` ended, cleanly or with ``fault`` (timeout, crash,
        disconnect); a streak of them pauses the bot. Returns the pause's reason if this
        match paused it, else None."""
        streak = self.streaks.setdefault(name, FaultStreak())
        if not streak.record(fault, self.clock()):
            return None
        if self.metrics:
            self.metrics.ladder_pauses.inc()
        return streak.reason

    def paused_for(self, name: str) -> float:
        """Seconds bot ``name`` still gets no ladder match (0: it may play)."""
        streak = self.streaks.get(name)
        return 0.0 if streak is None else streak.left(self.clock())

    def _paused_now(self) -> int:
        """How many bots are paused now (called from the metrics server's thread too: the
        streaks are copied in one step, and ``clock`` is a plain clock, not trio's)."""
        now = self.clock()
        return sum(streak.left(now) > 0 for streak in list(self.streaks.values()))

    def bots(self) -> list[pb.BotStatus]:
        """Every connected bot by name, with its fault streak and pause."""
        by_name: dict[str, list[BotSession]] = {}
        for session in self.sessions:
            by_name.setdefault(session.name, []).append(session)
        out = []
        now = self.clock()
        for name, sessions in sorted(by_name.items()):
            streak = self.streaks.get(name, FaultStreak())
            left = streak.left(now)
            out.append(pb.BotStatus(
                bot_name=name, connections=len(sessions),
                games=sorted(set().union(*(s.games for s in sessions))),
                active_matches=sum(len(s.matches) for s in sessions),
                consecutive_faults=streak.faults, paused_seconds=left,
                pause_reason=streak.reason if left else ""))
        return out

    # -- spectators -----------------------------------------------------------------------

    def watch(self, match_id: str, watcher: AsyncioOutbox) -> str | None:
        """Join a live match's feed (the watcher gets None if it is not running); or why not."""
        feed = self.feeds.get(match_id)
        if feed is None:
            watcher.put(None)
            return None
        if len(feed.watchers) >= MAX_SPECTATORS_PER_MATCH:
            return f"match {shown(match_id)} has {MAX_SPECTATORS_PER_MATCH} spectators already"
        feed.add(watcher)
        return None

    def live_matches(self, game: str, limit: int) -> list[pb.MatchSummary]:
        """The matches in progress (of ``game``, if given), newest first."""
        headers = [f.header for f in reversed(self.feeds.values())
                   if not game or f.header.game == game]
        return [pb.MatchSummary(match_id=h.match_id, game=h.game, seats=h.seats)
                for h in headers[:limit]]

    def unwatch(self, match_id: str, watcher: AsyncioOutbox) -> None:
        """A spectator left."""
        feed = self.feeds.get(match_id)
        if feed is not None and watcher in feed.watchers:
            feed.watchers.remove(watcher)


class RemoteSeat(Seat):
    """A seat answered over a bot's Play stream."""

    in_process = False

    def __init__(self, session: BotSession, crashed: Callable[[], trio.Event] | None = None):
        self.session = session
        self.name = session.name
        self._crashed = crashed
        self._match_id = ""
        self._answered_at: float | None = None

    async def start(self, match: pb.MatchStarted) -> None:
        """Announce the match to the bot."""
        self._match_id = match.match_id
        self.session.take(match.match_id)
        self.session.send(pb.PlayResponse(match_started=match))

    async def decide(self, request: Request) -> int:
        """Send the request, wait for the matching Move (timed by the caller from now)."""
        return await self._ask(request, None)

    async def decide_by(self, request: Request, deadline: Deadline) -> int:
        """Send the request, wait for the matching Move; the time starts when it is written."""
        return await self._ask(request, deadline)

    @property
    def binary_wire(self) -> bool:  # type: ignore[override]
        """Whether the bot reads binary frames (a launched bot that chose them)."""
        return self.session.binary

    async def _ask(self, request: Request, deadline: Deadline | None) -> int:
        decision = self.send(request, deadline)
        if decision is None:
            raise await self._lost()
        return await self.answer(decision)

    def send(self, request: Request, deadline: Deadline | None) -> OpenDecision | None:
        """Open the decision and queue its request (written at once by an idle stream, which
        starts ``deadline``): the open decision, or None if the stream has closed. Raises the
        SeatFault of a Resign (or failure) the bot sent since it was last asked."""
        message: pb.PlayResponse | bytes
        if isinstance(request, LocalRequest):
            if request.wire is not None and self.session.binary:
                message = request.wire
            else:  # a request the runner did not build for this seat
                message = pb.PlayResponse(decision_request=request.message())
        else:
            message = pb.PlayResponse(decision_request=request)
        self._answered_at = None
        session = self.session
        fault = session.gave_up.pop(request.match_id, None)
        if fault is not None:
            raise fault
        if session.closed:
            return None
        decision = OpenDecision(request.match_id, request.decision_id, message=message,
                                 deadline=deadline)
        session.open[request.match_id] = decision
        session.queue(decision)
        return decision

    async def answer(self, decision: OpenDecision) -> int:
        """Wait for the answer to a decision ``send`` opened: its action id, or its SeatFault
        (a lost stream's told apart: a crash or a disconnect). A wait cut short is ``cut``."""
        try:
            if not decision.resolved:
                reader = self.session.reader
                if reader is None:
                    await decision.done.wait()
                else:
                    await reader.until(decision.match_id, decision.done)
        except trio.Cancelled:
            if decision.deadline is not None:
                self.cut(decision.deadline.ends)
            raise
        finally:
            self.withdraw(decision)
        try:
            return self.answered(decision)
        except SeatFault as fault:
            if fault.termination is Termination.DISCONNECT:
                raise await self._lost() from None
            raise

    def answered(self, decision: OpenDecision) -> int:
        """The action id of a decision that is done (``decision.done``), or its SeatFault
        (a lost stream's as DISCONNECT: ``answer`` tells a crash from it)."""
        self._answered_at = decision.answered_at
        if decision.fault is not None:
            raise decision.fault
        assert decision.action_id is not None
        return decision.action_id

    def withdraw(self, decision: OpenDecision) -> None:
        """Close a decision (answered or not): a move for it that comes later is refused."""
        if self.session.open.get(decision.match_id) is decision:
            del self.session.open[decision.match_id]

    def cut(self, ends: float) -> None:
        """A decision's wait was cut short before its answer came (at its deadline
        ``ends``, or sooner: another seat forfeited, the match was stopped)."""

    def answered_at(self) -> float | None:
        """When the hub received the last move (before this match's task woke up)."""
        return self._answered_at

    def gave_up(self) -> SeatFault | None:
        """A Resign (or failure) the bot sent for this match while it was not being asked."""
        if self.session.reader is not None:
            self.session.reader.poll()
        return self.routed_give_up()

    def routed_give_up(self) -> SeatFault | None:
        """``gave_up`` of what has been read from the bot already (its connection not
        looked at: the caller knows it holds nothing unread)."""
        return self.session.gave_up.pop(self._match_id, None)

    async def _lost(self) -> SeatFault:
        """A crash if the bot's process died with its stream, else a disconnect."""
        if self._crashed is not None:
            # The stream closes a moment before the process is reaped; wait briefly for it,
            # past the decision's deadline if need be: the bot is gone either way, and a
            # timeout recorded instead would leave its seat to be waited for again.
            with trio.CancelScope(shield=True), trio.move_on_after(2.0):
                await self._crashed().wait()
                return SeatFault(Termination.CRASH, f"bot {self.name!r} process exited")
        return SeatFault(Termination.DISCONNECT, f"bot {self.name!r} disconnected")

    async def end(self, ended: pb.MatchEnded) -> None:
        """Tell the bot the result."""
        if self.session.reader is not None:
            self.session.reader.poll()
            self.session.reader.release(self._match_id)
        self.session.send(pb.PlayResponse(match_ended=ended))
        self.session.matches.discard(self._match_id)
        self.session.ended.append(self._match_id)
        self.session.gave_up.pop(self._match_id, None)
