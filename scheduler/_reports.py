"""Standings (Elo with intervals, the skill rating, fault counts), their table/JSON/CSV
forms, and the store seen as the gRPC service's ``Records``."""

from __future__ import annotations

import csv
import io
import json
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Literal, get_args

from arena.v1 import arena_service_pb2 as pb
from engine import Termination

from ._export import deal_partners, partners_done
from ._ratings import SeatAdvantage, fit_ratings, pairwise_outcomes
from ._records import MatchRecord
from ._runner import result_proto
from ._skill import MU0, SIGMA0, rebuild_skills
from ._store import Store
from ._timecontrol import TimeControl


@dataclass(frozen=True)
class Standing:
    """One bot's line: rank, Elo with its 95% interval, matches, score, faults, and the
    skill rating (``_skill``: mu, sigma, the ordinal mu - 3 sigma) with the bot's version."""

    rank: int
    bot: str
    elo: float
    elo_low: float
    elo_high: float
    matches: int
    score: float
    timeouts: int
    crashes: int
    illegal: int
    mu: float = MU0
    sigma: float = SIGMA0
    ordinal: float = MU0 - 3 * SIGMA0
    version: str = ""


#: What standings are ranked by: the maximum-likelihood Elo (a tournament's report), or the
#: skill's conservative ordinal, mu - 3 sigma (a ladder's leaderboard).
Order = Literal["elo", "ordinal"]
ORDERS: tuple[Order, ...] = get_args(Order)


def standings(records: Sequence[MatchRecord],
              versions: Mapping[str, Sequence[tuple[float, str]]] | None = None,
              order: Order = "elo") -> list[Standing]:
    """Fit Elo over finished matches and add each bot's fault counts; best first by
    ``order``. A match the arena aborted (its server stopped) rates nobody. ``versions``:
    each bot's version history (``Store.versions``), for the skill rating and the version
    shown."""
    return standings_and_seats(records, versions=versions, order=order)[0]


def ladder_order(records: Sequence[MatchRecord]) -> Order:
    """How standings of ``records`` are ranked by default: by ordinal when they are all
    ladder matches (no tournament's), else by Elo."""
    return "ordinal" if all(r.tournament_id is None for r in records) else "elo"


def standings_and_seats(records: Sequence[MatchRecord], seat_advantage: bool = False,
                        versions: Mapping[str, Sequence[tuple[float, str]]] | None = None,
                        order: Order = "elo"
                        ) -> tuple[list[Standing], tuple[SeatAdvantage, ...]]:
    """``standings``, fitted with seat terms if ``seat_advantage`` (and those terms). The
    skill rating replays the matches in the order they ended (as the ladder rated them)."""
    finished = rated(records)
    fit = fit_ratings([(r.seats, list(r.result.ranks))  # type: ignore[union-attr]
                       for r in finished], seat_advantage=seat_advantage)
    ratings = fit.ratings
    skills = rebuild_skills(((r.seats, r.result.ranks, r.started_at)  # type: ignore[union-attr]
                             for r in sorted(finished, key=lambda r: r.ended_at)), versions)
    faults: dict[str, list[int]] = {name: [0, 0, 0] for name in ratings}
    for record in finished:
        for name, seat_faults in zip(record.seats, record.faults, strict=False):
            counts = faults.setdefault(name, [0, 0, 0])
            counts[0] += seat_faults.timeouts
            counts[1] += seat_faults.crashes + seat_faults.disconnects
            counts[2] += seat_faults.illegal + seat_faults.malformed
    if order not in ORDERS:
        raise ValueError(f"standings are ranked by {' or '.join(ORDERS)}, not {order!r}")
    key = ((lambda n: (-ratings[n].elo, n)) if order == "elo"
           else (lambda n: (-skills[n].ordinal, n)))
    ranked = sorted(ratings, key=key)
    latest = {bot: history[-1][1] for bot, history in (versions or {}).items() if history}
    return [Standing(i + 1, name, ratings[name].elo, ratings[name].low, ratings[name].high,
                     ratings[name].matches, ratings[name].score, faults[name][0],
                     faults[name][1], faults[name][2], skills[name].mu, skills[name].sigma,
                     skills[name].ordinal, latest.get(name, ""))
            for i, name in enumerate(ranked)], fit.seats


def seat_lines(seats: Sequence[SeatAdvantage]) -> str:
    """One line per fitted seat term: what seat 1 is worth over each other seat."""
    return "\n".join(
        f"seat 1 over seat {s.seat} ({s.players} players, {s.matches} matches): "
        f"{s.elo:+.1f} Elo [{s.low:+.1f}, {s.high:+.1f}]" for s in seats)


def rated(records: Sequence[MatchRecord]) -> list[MatchRecord]:
    """The matches that rate their bots: finished, and not aborted by the arena."""
    return [r for r in records
            if r.result is not None and r.result.termination is not Termination.ABORTED]


def groups(records: Sequence[MatchRecord]) -> list[list[str]]:
    """The bots in groups that met (directly or through others), largest first: ratings from
    two groups that never met are not comparable."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for record in rated(records):
        first, *others = record.seats
        for other in others:
            parent[root(other)] = root(first)
    found: dict[str, list[str]] = {}
    for name in sorted(parent):
        found.setdefault(root(name), []).append(name)
    return sorted(found.values(), key=lambda g: (-len(g), g))


def anchored(rows: Sequence[Standing], bot: str, elo: float) -> list[Standing]:
    """``rows`` shifted so that ``bot`` is at ``elo`` (ValueError if it is not among them)."""
    anchor = next((r for r in rows if r.bot == bot), None)
    if anchor is None:
        raise ValueError(f"anchor bot {bot!r} has no rated match here; bots: "
                         f"{', '.join(r.bot for r in rows)}")
    shift = elo - anchor.elo
    return [replace(r, elo=r.elo + shift, elo_low=r.elo_low + shift, elo_high=r.elo_high + shift)
            for r in rows]


# PGN's Termination values (the PGN standard, 8.2.3.7) for the ways a match ends.
_PGN_TERMINATION = {
    Termination.NORMAL: "normal",
    Termination.RESIGN: "normal",
    Termination.TURN_LIMIT: "adjudication",
    Termination.TIMEOUT: "time forfeit",
    Termination.ILLEGAL_ACTION: "rules infraction",
    Termination.MALFORMED: "rules infraction",
    Termination.CRASH: "abandoned",
    Termination.DISCONNECT: "abandoned",
    Termination.ABORTED: "unterminated",
}


def pgn_time_control(control: TimeControl) -> str:
    """PGN's TimeControl of a time control: ``BASE+INC`` in seconds for a clock (the PGN
    standard's form), ``SECONDS/move`` for a fixed time per move (cutechess's)."""
    if control.move_time is not None:
        return f"{control.move_time:g}/move"
    return f"{control.base:g}+{control.increment:g}"


def to_pgn(records: Sequence[MatchRecord], time_controls: Mapping[str, str] | None = None
           ) -> str:
    """Two-player results as PGN game headers (no moves), as Ordo and BayesElo read them:
    seat 0 is White, seat 1 Black; a match of more seats is left out. The tags cutechess
    writes are there too: Event (the tournament, or the game), Date, Round (the match's
    place in its tournament), TimeControl (``time_controls`` by tournament id; ``?``
    unknown) and Termination."""
    out = []
    for record in rated(records):
        if len(record.seats) != 2:
            continue
        assert record.result is not None
        first, second = record.result.ranks
        result = "1/2-1/2" if first == second else ("1-0" if first < second else "0-1")
        tid = record.tournament_id
        event = f"{record.game} {tid}" if tid else record.game
        date = (time.strftime("%Y.%m.%d", time.gmtime(record.started_at))
                if record.started_at else "????.??.??")
        round_ = str(record.index + 1) if record.index is not None else "-"
        control = (time_controls or {}).get(tid or "", "?")
        out.append(f'[Event "{event}"]\n[Site "{record.match_id}"]\n[Date "{date}"]\n'
                   f'[Round "{round_}"]\n[White "{record.seats[0]}"]\n'
                   f'[Black "{record.seats[1]}"]\n[Result "{result}"]\n'
                   f'[TimeControl "{control}"]\n'
                   f'[Termination "{_PGN_TERMINATION[record.result.termination]}"]\n'
                   f'\n{result}\n')
    return "\n".join(out)


def head_to_head(records: Sequence[MatchRecord]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """Wins, draws and losses of each bot against each other, from the pairwise outcomes of
    every rated match (a k-player ranking gives each pair of its seats one outcome)."""
    tally: dict[tuple[str, str], list[int]] = {}
    for record in rated(records):
        assert record.result is not None
        for i, j, score in pairwise_outcomes(record.result.ranks):
            a, b = record.seats[i], record.seats[j]
            for me, other, mine in ((a, b, score), (b, a, 1.0 - score)):
                counts = tally.setdefault((me, other), [0, 0, 0])
                counts[0 if mine == 1.0 else 1 if mine == 0.5 else 2] += 1
    return {pair: (counts[0], counts[1], counts[2]) for pair, counts in tally.items()}


def likelihood_of_superiority(wins: int, losses: int) -> float:
    """LOS: the chance that a bot with these decisive results is the stronger one (draws
    carry no information), ``Phi((W - L) / sqrt(W + L))``; 0.5 with no decisive result."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def head_to_head_table(names: Sequence[str],
                       pairs: dict[tuple[str, str], tuple[int, int, int]]) -> str:
    """The head-to-head W-D-L of every pair (row against column) and the LOS matrix."""
    width = max([8, *(len(n) for n in names)])
    head = " " * width + "".join(f" {n[:11]:>11}" for n in names)
    lines = ["head to head (row against column: wins-draws-losses)", head]
    for me in names:
        cells = [f" {'-'.join(map(str, pairs[me, o])) if (me, o) in pairs else '':>11}"
                 if o != me else f" {'':>11}" for o in names]
        lines.append(f"{me:<{width}}" + "".join(cells))
    lines += ["likelihood of superiority (row stronger than column)", head]
    for me in names:
        cells = []
        for other in names:
            if other == me or (me, other) not in pairs:
                cells.append(f" {'':>11}")
                continue
            wins, _, losses = pairs[me, other]
            cells.append(f" {likelihood_of_superiority(wins, losses):>10.1%} ")
        lines.append(f"{me:<{width}}" + "".join(cells))
    return "\n".join(lines)


def table(rows: Sequence[Standing]) -> str:
    """A fixed-width standings table."""
    head = (f"{'rank':>4}  {'bot':<20} {'elo':>7} {'95% interval':>17} {'matches':>7} "
            f"{'score':>6} {'timeouts':>8} {'crashes':>7} {'illegal':>7} "
            f"{'mu':>6} {'sigma':>5} {'ordinal':>7}  version")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r.rank:>4}  {r.bot:<20} {r.elo:>+7.0f} "
            f"{f'[{r.elo_low:+.0f}, {r.elo_high:+.0f}]':>17} "
            f"{r.matches:>7} {r.score:>6.1%} {r.timeouts:>8} {r.crashes:>7} {r.illegal:>7} "
            f"{r.mu:>6.2f} {r.sigma:>5.2f} {r.ordinal:>7.2f}  {r.version}".rstrip())
    return "\n".join(lines)


def to_json(by_game: dict[str, Sequence[Standing]], records: Sequence[MatchRecord],
            seats: dict[str, Sequence[SeatAdvantage]] | None = None) -> str:
    """Standings (each line naming its game) and every match's outcome as JSON; with
    ``seats`` (by game, as ``standings_and_seats`` fits them) also "seat_advantage": by
    game, by player count, by seat, what seat 1 is worth over it (:func:`seat_terms`)."""
    matches = [{
        "match_id": r.match_id, "tournament_id": r.tournament_id, "index": r.index,
        "game": r.game, "seed": r.seed, "seats": r.seats, "options": r.options,
        "scores": list(r.result.scores) if r.result else None,
        "ranks": list(r.result.ranks) if r.result else None,
        "termination": r.result.termination.value if r.result else None,
        "reason": r.result.reason if r.result else None, "steps": len(r.steps),
        "retried": r.retried,
    } for r in records]
    lines = [{"game": game, **asdict(s)} for game, rows in by_game.items() for s in rows]
    data: dict[str, object] = {"standings": lines, "matches": matches}
    if seats is not None:
        data["seat_advantage"] = {game: seat_terms(terms) for game, terms in seats.items()}
    return json.dumps(data, indent=2)


def seat_terms(seats: Sequence[SeatAdvantage]) -> dict[str, dict[str, dict[str, float]]]:
    """The seat terms by player count, then by seat (JSON keys): Elo, its standard error,
    the 95% interval and the matches each rests on, the numbers ``seat_lines`` shows."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for s in seats:
        out.setdefault(str(s.players), {})[str(s.seat)] = {
            "elo": s.elo, "se": s.se, "low": s.low, "high": s.high, "matches": s.matches}
    return out


def seats_csv(seats: dict[str, Sequence[SeatAdvantage]]) -> str:
    """The seat terms as CSV with a header row: one line per game, player count and seat."""
    return _by_game_csv(list(SeatAdvantage.__dataclass_fields__), seats)


def to_csv(by_game: dict[str, Sequence[Standing]]) -> str:
    """Standings as CSV with a header row, one line per game and bot."""
    return _by_game_csv(list(Standing.__dataclass_fields__), by_game)


def _by_game_csv(fields: list[str], by_game: dict[str, Sequence[Any]]) -> str:
    """Dataclass rows by game as CSV: a header row ("game", then ``fields``), a line each."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["game", *fields])
    for game, rows in by_game.items():
        for row in rows:
            writer.writerow([game, *asdict(row).values()])
    return out.getvalue()


def record_proto(record: MatchRecord) -> pb.MatchRecord:
    """The wire form of a stored match."""
    return pb.MatchRecord(
        match_id=record.match_id, tournament_id=record.tournament_id or "", game=record.game,
        options={k: str(v) for k, v in record.options.items()}, seed=record.seed,
        seats=[pb.Seat(seat=i, bot_name=n) for i, n in enumerate(record.seats)],
        steps=[pb.Step(actions=[pb.SeatAction(seat=a.seat, action_id=a.action_id,
                                              time_used_ms=a.time_used * 1000,
                                              defaulted=a.defaulted) for a in step])
               for step in record.steps],
        result=result_proto(record.result) if record.result else None,
        started_at=record.started_at, ended_at=record.ended_at)


_DEALS_CACHED = 16  # tournaments whose same-deal groups are kept
STANDINGS_CACHED = 64  # (game, tournament) standings kept fitted


class StoreRecords:
    """The results store as the gRPC service reads it.

    The service reads it from worker threads, so each gets a connection of its own to the
    same file (opened there on first use) instead of sharing the scheduler's. Standings are
    fitted again only when a match was recorded since, and at most every
    ``refresh_seconds``: a fit over a long history takes seconds of the CPU that the
    matches run on, and anyone may ask for standings as often as they like. The service
    calls it on its worker threads, never on the loop the matches share; fits run one at a
    time, each reading the newest results, and callers that waited take that fit.
    """

    def __init__(self, store: Store, refresh_seconds: float = 5.0) -> None:
        if store.path == ":memory:":
            raise ValueError("the gRPC service reads the store from a thread of its own, so it "
                             "needs a database file, not ':memory:'")
        self._path = store.path
        self._local = threading.local()
        self.refresh_seconds = refresh_seconds
        # (game, tournament) -> (last match seq, when fitted, standings); the ids come from
        # clients, so only the most recently asked are kept
        self._standings: OrderedDict[tuple[str, str], tuple[int, float, list[pb.Standing]]] = (
            OrderedDict())
        # tournament -> its plan's same-deal groups (planning again on every call is slow);
        # a few tournaments are asked about at a time, so the oldest are forgotten
        self._deals: OrderedDict[str, dict[int, frozenset[int]]] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._fit_lock = threading.Lock()

    @property
    def store(self) -> Store:
        """This thread's connection."""
        store = getattr(self._local, "store", None)
        if store is None:
            store = self._local.store = Store(self._path, check=False)  # checked at start
        return store

    def check_token(self, name: str, token: str) -> bool:
        """Registered bot tokens."""
        return self.store.check_token(name, token)

    def standings(self, game: str, tournament_id: str) -> list[pb.Standing]:
        """Rated standings (at most ``refresh_seconds`` old once they were fitted)."""
        key = (game, tournament_id)
        if (fresh := self._fresh(key)) is not None:
            return fresh
        # One fit at a time (it is CPU-bound: two at once only slow each other down); a
        # caller that waited here finds the fit made meanwhile, if nothing was recorded since.
        with self._fit_lock:
            if (fresh := self._fresh(key)) is not None:
                return fresh
            return self._fit(key)

    def _fresh(self, key: tuple[str, str]) -> list[pb.Standing] | None:
        """The cached standings of ``key`` if still good enough."""
        cached = self._standings.get(key)
        if cached is not None and (cached[0] == self.store.last_match_seq()
                                   or time.monotonic() - cached[1] < self.refresh_seconds):
            return cached[2]
        return None

    def _fit(self, key: tuple[str, str]) -> list[pb.Standing]:
        game, tournament_id = key
        latest = self.store.last_match_seq()  # before reading: a later match refits again
        now = time.monotonic()
        records = self.store.matches(game=game, tournament_id=tournament_id or None,
                                     steps=False)
        rows = standings(records, self.store.versions(), ladder_order(records))
        fitted = [pb.Standing(rank=r.rank, bot_name=r.bot, elo=r.elo, elo_low=r.elo_low,
                              elo_high=r.elo_high, matches=r.matches, score=r.score,
                              timeouts=r.timeouts, crashes=r.crashes, illegal_moves=r.illegal,
                              mu=r.mu, sigma=r.sigma, ordinal=r.ordinal, version=r.version)
                  for r in rows]
        with self._cache_lock:  # the service reads from several threads
            self._standings[key] = (latest, now, fitted)
            self._standings.move_to_end(key)
            while len(self._standings) > STANDINGS_CACHED:
                self._standings.popitem(last=False)
        return fitted

    def match_record(self, match_id: str) -> pb.MatchRecord | None:
        """One match; its seed is withheld (0) while a match that plays the same deal (a seat
        rotation of its group) has not finished: the seed tells every card still to come."""
        record = self.store.match(match_id)
        if record is None:
            return None
        proto = record_proto(record)
        if not self._deal_is_spent(record):
            proto.ClearField("seed")
        return proto

    def _deal_is_spent(self, record: MatchRecord) -> bool:
        """Whether every match of ``record``'s tournament that shares its seed is recorded."""
        if record.tournament_id is None or record.index is None:
            return True  # a ladder or single match: its seed is its own
        tid = record.tournament_id
        with self._cache_lock:
            deals = self._deals.get(tid)
            if deals is not None:
                self._deals.move_to_end(tid)
        if deals is None:
            deals = deal_partners(self.store, tid)
            if deals is None:  # planned by another version: only its end is sure
                return self.store.tournament(tid).finished
            with self._cache_lock:
                self._deals[tid] = deals
                while len(self._deals) > _DEALS_CACHED:
                    self._deals.popitem(last=False)
        return partners_done(deals, record.index, self.store.finished_indices(tid))

    def list_matches(self, game: str, limit: int) -> list[pb.MatchSummary]:
        """Recent matches."""
        out = []
        for record in self.store.matches(game=game or None, limit=limit, steps=False):
            proto = record_proto(record)
            out.append(pb.MatchSummary(match_id=proto.match_id, game=proto.game,
                                       seats=proto.seats, result=proto.result))
        return out
