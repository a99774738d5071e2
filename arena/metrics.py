"""Every Prometheus metric of the arena, in one place (namespace ``arena``, base units).

Labels stay few and bounded: game names and termination reasons, never match or bot ids
(ratings are the one per-bot gauge, as a ladder has a bounded, registered set of bots).
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from engine import Termination

# Buckets around typical move limits (10 ms .. 10 s) so a histogram shows who is near theirs.
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


class Metrics:
    """The arena's metrics on one registry (a fresh one per test, the default in production)."""

    def __init__(self, registry: CollectorRegistry | None = None, games: tuple[str, ...] = ()):
        self.registry = registry if registry is not None else CollectorRegistry()
        r = self.registry
        self.matches = Counter(
            "arena_matches", "Matches finished, by game and termination.",
            ["game", "termination"], registry=r,
        )
        self.decisions = Counter(
            "arena_decisions", "Decisions answered by bots, by game.", ["game"], registry=r
        )
        self.decision_latency = Histogram(
            "arena_decision_latency_seconds", "Time a bot took to answer a decision.",
            ["game"], buckets=LATENCY_BUCKETS, registry=r,
        )
        self.timeouts = Counter(
            "arena_timeouts", "Decisions not answered in time.", ["game"], registry=r
        )
        self.illegal_actions = Counter(
            "arena_illegal_actions", "Moves with an action id not in the legal list, or "
            "malformed.", ["game"], registry=r,
        )
        self.disconnects = Counter(
            "arena_disconnects", "Bot connections or processes lost during a match.",
            ["game"], registry=r,
        )
        self.active_matches = Gauge(
            "arena_active_matches", "Matches in progress.", ["game"], registry=r
        )
        self.connected_bots = Gauge(
            "arena_connected_bots", "Bot streams currently open.", registry=r
        )
        self.paused_bots = Gauge(
            "arena_paused_bots", "Ladder bots given no matches for now, after a streak of "
            "faults.", registry=r,
        )
        self.ladder_pauses = Counter(
            "arena_ladder_pauses", "Times a ladder bot was paused for a streak of faults.",
            registry=r,
        )
        self.store_write_failures = Counter(
            "arena_store_write_failures", "Writes of finished matches the database refused "
            "(each retry counts).", registry=r,
        )
        self.unwritten_matches = Gauge(
            "arena_unwritten_matches", "Finished matches kept in memory until the database "
            "takes writes.", registry=r,
        )
        self.rating = Gauge(
            "arena_rating_elo", "Current Elo rating of a bot.", ["game", "bot"], registry=r
        )
        for game in games:
            self.declare_game(game)

    def declare_game(self, game: str) -> None:
        """Pre-create every labelled series of ``game`` so that it reads 0 before it happens."""
        for termination in Termination:
            self.matches.labels(game, termination.value)
        for family in (self.decisions, self.timeouts, self.illegal_actions, self.disconnects):
            family.labels(game)
        self.decision_latency.labels(game)
        self.active_matches.labels(game)

    def serve(self, port: int, host: str = "127.0.0.1") -> int:
        """Serve ``/metrics`` over HTTP in a daemon thread; returns the bound port."""
        server, _thread = start_http_server(port, addr=host, registry=self.registry)
        return int(server.server_port)
