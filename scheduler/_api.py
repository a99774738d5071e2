"""Matches and tournaments from Python, with agents as plain functions (``scheduler.play``,
``scheduler.tournament``).

An agent is any of:

- a function ``agent(observation, legal, time_left) -> action id``, as kaggle-environments
  agents are: ``observation`` is the seat's ``arena.v1.Observation``, ``legal`` the list of
  legal ``arena.v1.Action`` (each with ``id``, ``text`` and a typed detail), ``time_left``
  the seconds left for this decision;
- a ``bots.Bot`` subclass (the class: one instance is made per match, as the SDK does);
- a built-in bot's name, ``"random"`` or ``"builtin:random"`` (``arena bots`` lists them).

Everything plays in this process, through the same match runner, time control and fault
policy as ``arena tournament`` (a function that raises is a crash of its seat, one that
answers late loses on time), and each match comes back as the ``MatchRecord`` the store
keeps: seats, seed, options, every step, the result with its termination, faults. Given
``db``, the matches are recorded there too, for ``arena ratings``, ``replay`` and ``report``.

This lives in ``scheduler`` rather than ``arena``: ``arena`` is the gRPC layer below the
scheduler (and must stay cheap to import for bots), while playing a match needs the runner,
the tournament planning and the store, which are the scheduler's.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import trio

import bots
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2

from ._records import MatchRecord
from ._reports import Standing, standings, table
from ._runner import MatchSpec, run_match
from ._seating import BuiltinSeat
from ._store import Store
from ._tournament import TournamentConfig, match_spec, secure_seed

AgentFunction = Callable[[game_pb2.Observation, Sequence[game_pb2.Action], float], int]
#: What plays a seat: a function, a ``Bot`` subclass, or a built-in bot's name.
Agent = AgentFunction | type[bots.Bot] | str


@dataclass(frozen=True)
class TournamentResult:
    """What ``tournament`` returns: every match's record (in plan order), the standings (Elo
    with 95% intervals, as ``arena tournament`` prints them) and, with ``db``, the id the
    tournament has there."""

    records: list[MatchRecord]
    standings: list[Standing]
    tournament_id: str | None = None

    def table(self) -> str:
        """The standings as ``arena tournament`` prints them."""
        return table(self.standings)


class _FunctionBot(bots.Bot):
    """A bot that asks a function for each decision."""

    def __init__(self, match: pb.MatchStarted, agent: AgentFunction) -> None:
        super().__init__(match)
        self._agent = agent

    def choose(self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
               time_left: float) -> int:
        """The function's answer."""
        return int(self._agent(observation, legal, time_left))


@dataclass(frozen=True)
class _Entrant:
    """An agent with its name, how to make its bot, and how the stored config shows it."""

    name: str
    factory: Callable[[pb.MatchStarted], bots.Bot]
    label: str  # a --bot value: NAME=builtin:KIND, or NAME=python:<what> (not a command)


def _entrant(name: str | None, agent: Agent) -> _Entrant:
    if isinstance(agent, str):
        kind = agent.removeprefix("builtin:")
        return _Entrant(name or kind, bots.builtin(kind), f"{name or kind}=builtin:{kind}")
    if isinstance(agent, type) and issubclass(agent, bots.Bot):
        own = name or agent.__name__
        return _Entrant(own, agent, f"{own}=python:{agent.__module__}.{agent.__qualname__}")
    if isinstance(agent, bots.Bot):
        raise TypeError(f"give the Bot class {type(agent).__name__}, not an instance of it: "
                        f"one instance is made per match")
    if not callable(agent):
        raise TypeError(f"an agent is a function (observation, legal, time_left) -> action "
                        f"id, a Bot subclass or a built-in bot's name, not {agent!r}")
    own = name or getattr(agent, "__name__", "agent").strip("<>") or "agent"
    function = cast(AgentFunction, agent)
    return _Entrant(own, functools.partial(_FunctionBot, agent=function),
                    f"{own}=python:{getattr(agent, '__module__', '')}.{own}")


def _entrants(agents: Sequence[Agent] | Mapping[str, Agent]) -> list[_Entrant]:
    """The agents with names: a mapping's keys, else each one's own (a built-in's kind, a
    class's or function's name), ``-2``, ``-3``... added to repeats."""
    if isinstance(agents, Mapping):
        return [_entrant(name, agent) for name, agent in agents.items()]
    entrants, seen = [], set()
    for agent in agents:
        entrant = _entrant(None, agent)
        base, number = entrant.name, 1
        while entrant.name in seen:
            number += 1
            renamed = f"{base}-{number}"
            label = renamed + entrant.label[len(base):]
            entrant = _Entrant(renamed, entrant.factory, label)
        seen.add(entrant.name)
        entrants.append(entrant)
    return entrants


def _config(game: str, entrants: Sequence[_Entrant], players: int, rounds: int,
            seed: int | None, options: Mapping[str, Any] | None, move_time: float | None,
            tc: str | None, policy: str, max_strikes: int | None,
            max_matches: int | None) -> TournamentConfig:
    config = TournamentConfig(
        game=game, bots=tuple(e.label for e in entrants), players=players, rounds=rounds,
        concurrency=1, move_time=None if tc else (move_time or 0.5), clock=tc,
        seed=secure_seed() if seed is None else seed, reproducible=seed is not None,
        options=dict(options or {}), policy=policy, max_strikes=max_strikes,
        max_matches=max_matches)
    config.check()  # the game, options, players, names, time control, built-ins' games
    return config


async def _play_all(config: TournamentConfig, specs: Sequence[tuple[MatchSpec, list[str]]],
                    factories: Mapping[str, Callable[[pb.MatchStarted], bots.Bot]],
                    store: Store | None) -> list[MatchRecord]:
    records = []
    control, policy = config.time_control(), config.fault_policy()
    for spec, seated in specs:
        seats = [BuiltinSeat(name, factories[name]) for name in seated]
        record = await run_match(spec, seats, control, policy)
        if store is not None:
            store.record_match(record)
        records.append(record)
    return records


def play(game: str, agents: Sequence[Agent] | Mapping[str, Agent], *,
         seed: int | None = None, options: Mapping[str, Any] | None = None,
         move_time: float | None = None, tc: str | None = None, policy: str = "forfeit",
         max_strikes: int | None = None, db: str | Path | None = None) -> MatchRecord:
    """Play one match of ``game`` between ``agents`` (one seat each, in this order; a
    mapping names them) and return its record.

    ``seed`` fixes the deal and the bots' random numbers (default: a fresh secure seed);
    ``options`` are the game's (``arena games``); ``move_time`` seconds per decision
    (default 0.5) or ``tc`` a clock ``"BASE+INC"``; ``policy`` ``"forfeit"`` or
    ``"default"`` (with ``max_strikes``) on a fault; ``db`` a SQLite file to record it in.
    ValueError, LookupError or ``engine.EngineError`` name a bad argument; TypeError an
    agent that is none of the three kinds.
    """
    entrants = _entrants(agents)
    config = _config(game, entrants, len(entrants), 1, seed, options, move_time, tc, policy,
                     max_strikes, None)
    spec = MatchSpec(f"play-{secrets.token_hex(4)}", game, config.seed, config.options,
                     bot_seed=config.seed if config.reproducible else None)
    store = Store(str(db)) if db is not None else None
    try:
        (record,) = trio.run(_play_all, config, [(spec, [e.name for e in entrants])],
                             {e.name: e.factory for e in entrants}, store)
    finally:
        if store is not None:
            store.close()
    return record


def tournament(game: str, agents: Sequence[Agent] | Mapping[str, Agent], *,
               players: int = 2, rounds: int = 1, seed: int | None = None,
               options: Mapping[str, Any] | None = None, move_time: float | None = None,
               tc: str | None = None, policy: str = "forfeit", max_strikes: int | None = None,
               max_matches: int | None = None, db: str | Path | None = None
               ) -> TournamentResult:
    """A round robin of ``agents`` in ``game``, planned as ``arena tournament`` plans it:
    every ``players``-group in every seat rotation, ``rounds`` times, the rotations of a group
    sharing a deal (``max_matches``: a balanced sample of the groups). The matches are
    played one after another in this process (Python agents share one interpreter: playing
    several at once would not be faster). With ``db``, the tournament and its matches are
    recorded there (``arena ratings --tournament ID``). The other arguments are ``play``'s.
    """
    entrants = _entrants(agents)
    config = _config(game, entrants, players, rounds, seed, options, move_time, tc, policy,
                     max_strikes, max_matches)
    schedule = config.schedule()
    store = Store(str(db)) if db is not None else None
    try:
        tid = None
        if store is not None:  # kind "python": no `arena tournament --resume` picks it up
            tid = store.create_tournament({**config.to_dict(), "kind": "python"},
                                          schedule.pairs())
        # Unstored, the matches keep their place (index) and ids of their own, but name no
        # tournament: there is none to look up.
        prefix = tid or f"py-{secrets.token_hex(4)}"
        specs = [(replace(match_spec(config, prefix, p), tournament_id=tid), list(p.seats))
                 for p in schedule]
        records = trio.run(_play_all, config, specs, {e.name: e.factory for e in entrants},
                           store)
        if store is not None and tid is not None:
            store.finish_tournament(tid)
    finally:
        if store is not None:
            store.close()
    return TournamentResult(records, standings(records), tid)

