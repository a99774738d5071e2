"""`arena serve --web-port`: the live matches and the ladder's standings in a browser.

The web server is a client of the arena it runs beside. It lists live matches and standings
with the arena's own RPCs, and follows a match with ``WatchMatch``, the spectator stream, which
carries the public view only: so a page can show nothing that the gRPC spectator API would
not, the arena's bounds apply to it too, and it needs nothing of the server's internals. One
stream per followed match serves every browser looking at it, and lists and standings are
asked at most every ``refresh`` seconds, however many browsers ask.

HTTP is the standard library's ``ThreadingHTTPServer``: a board game moves a few times a second
at most, so a page polls a small JSON document every second (no websocket, hence no ASGI
framework and no new dependency). Bounded: connections per client host and in all (beyond
them, 503 at once), a socket timeout (a client that sends nothing is dropped), the matches
followed at once, the finished ones kept for their pages, and the frames kept per match.

``delay``: a page shows a match ``delay`` steps behind the arena (all of it once it is over),
so that nobody watching can feed a bot what just happened.
"""

from __future__ import annotations

import html
import json
import re
import socket
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import grpc

import engine
from arena._codec import CodecError, observation_from_message, to_jsonable
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from arena.v1 import game_pb2

from ._viewer import page, static_data

_MATCH_PATH = re.compile(r"^/match/([A-Za-z0-9._:-]{1,128})(/steps)?$")
_INDEX_CSP = ("default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; "
              "base-uri 'none'")
_STYLE = ("body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}"
          "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}"
          ".muted{color:#777}")


@dataclass(frozen=True)
class WebLimits:
    """How much the web server takes on: see the module docstring."""

    connections: int = 64
    connections_per_host: int = 8
    followed: int = 16
    finished_kept: int = 32
    frames_per_match: int = 20_000
    socket_timeout: float = 15.0
    refresh: float = 2.0


@dataclass
class _Match:
    """A followed match: its public frames (by arena step) and log, and its end."""

    match_id: str
    game: str
    seats: list[str]
    frames: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    events: list[tuple[int, str]] = field(default_factory=list)  # (frame index, text)
    latest: int = 0  # the arena's step count, as last told
    result: dict[str, Any] | None = None
    over: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def released(self, delay: int) -> int:
        """How many frames a page may show now."""
        if self.over:
            return len(self.frames)
        return sum(1 for step, _ in self.frames if step <= self.latest - delay)


class LiveWeb:
    """What the pages show, from the arena at ``address`` (see the module docstring)."""

    def __init__(self, address: str, games: list[str], delay: int = 0,
                 limits: WebLimits = WebLimits()) -> None:
        self.games = games
        self.delay = delay
        self.limits = limits
        self._channel = grpc.insecure_channel(address)
        self._stub = pb_grpc.ArenaServiceStub(self._channel)
        self._lock = threading.Lock()
        self._matches: OrderedDict[str, _Match] = OrderedDict()
        self._cache: dict[str, tuple[float, Any]] = {}
        self._closed = threading.Event()
        self._calls: list[grpc.Future] = []

    def close(self) -> None:
        """Stop following every match and close the channel."""
        self._closed.set()
        with self._lock:
            for call in self._calls:
                call.cancel()
        self._channel.close()

    def _cached(self, key: str, fetch: Any) -> Any:
        with self._lock:
            found = self._cache.get(key)
            if found is not None and time.monotonic() - found[0] < self.limits.refresh:
                return found[1]
        value = fetch()
        with self._lock:
            self._cache[key] = (time.monotonic(), value)
        return value

    def live(self) -> list[pb.MatchSummary]:
        """The matches being played, newest first."""
        return list(self._cached("live", lambda: self._stub.ListMatches(
            pb.ListMatchesRequest(live=True, limit=50), timeout=10).matches))

    def standings(self, game: str) -> list[pb.Standing]:
        """The ladder's standings of ``game``."""
        return list(self._cached(f"standings {game}", lambda: self._stub.GetStandings(
            pb.GetStandingsRequest(game=game), timeout=10).standings))

    def match(self, match_id: str) -> _Match | None:
        """The followed match ``match_id``, followed from now if it is live; None if it is
        neither followed nor live, or if too many are followed already."""
        with self._lock:
            found = self._matches.get(match_id)
            if found is not None:
                return found
        if not any(m.match_id == match_id for m in self.live()):
            return None
        with self._lock:
            if match_id in self._matches:
                return self._matches[match_id]
            running = [m for m in self._matches.values() if not m.over]
            if len(running) >= self.limits.followed:
                return None
            finished = [m.match_id for m in self._matches.values() if m.over]
            for old in finished[:max(0, len(finished) - self.limits.finished_kept + 1)]:
                del self._matches[old]
            call = self._stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id))
            self._calls.append(call)
            followed = self._matches[match_id] = _Match(match_id, "", [])
        started = threading.Event()
        threading.Thread(target=self._follow, args=(followed, call, started),
                         name=f"web-follow-{match_id}", daemon=True).start()
        started.wait(10)  # the header, so that the page knows the game and seats
        return followed

    def _follow(self, match: _Match, call: Any, started: threading.Event) -> None:
        observation_class: type | None = None
        try:
            for response in call:
                kind = response.WhichOneof("message")
                if kind == "match_started":
                    header = response.match_started
                    match.game = header.game
                    match.seats = [s.bot_name for s in header.seats]
                    observation_class = _observation_class(header)
                    started.set()
                elif kind == "update":
                    self._add(match, response.update, observation_class)
                elif kind == "match_ended":
                    match.result = _result(response.match_ended.result)
        except grpc.RpcError:
            pass  # the arena stopped, or close() cancelled the stream
        finally:
            with match.lock:
                match.over = True
            started.set()
            with self._lock:
                if call in self._calls:
                    self._calls.remove(call)

    def _add(self, match: _Match, update: pb.SpectatorUpdate, cls: type | None) -> None:
        frame: dict[str, Any] = {}
        if cls is not None and update.HasField("observation"):
            try:
                frame = to_jsonable(observation_from_message(match.game, update.observation,
                                                             cls))
            except CodecError:
                frame = {}
        with match.lock:
            match.latest = update.step
            if len(match.frames) < self.limits.frames_per_match:
                match.frames.append((update.step, frame))
            index = len(match.frames) - 1
            match.events.extend((index, text) for text in update.events)

    def steps(self, match: _Match, start: int) -> dict[str, Any]:
        """What a page that has ``start`` frames is shown next (see ``viewer.js``'s follow)."""
        with match.lock:
            shown = match.released(self.delay)
            over = match.over and shown == len(match.frames)
            return {
                "steps": [{"public": frame} for _, frame in match.frames[start:shown]],
                "events": [{"step": i, "text": text, "seats": None}
                           for i, text in match.events if start <= i < shown],
                "decisions": [],
                "result": match.result if over else None,
                "over": over,
                "delay": self.delay,
                "latest_step": match.frames[shown - 1][0] if shown else None,
                "arena_step": match.latest,
            }

    def page(self, match: _Match) -> str:
        """The live viewer page of ``match``: its public frames so far, then polling."""
        first = self.steps(match, 0)
        record = {"match_id": match.match_id, "game": match.game, "seats": match.seats,
                  "revealed": False, "seed": None, "events": first["events"],
                  "decisions": [], "result": None}
        static = static_data(match.game) if match.game in engine.names() else None
        data = {"record": record, "static": static, "steps": first["steps"]}
        return page(data, f"{match.game} match {match.match_id} (live)",
                    live_url=f"/match/{match.match_id}/steps")

    def index(self) -> str:
        """The page of live matches and standings."""
        rows = "".join(
            f"<tr><td><a href='/match/{_e(m.match_id)}'>{_e(m.match_id)}</a></td>"
            f"<td>{_e(m.game)}</td><td>{_e(', '.join(s.bot_name for s in m.seats))}</td></tr>"
            for m in self.live())
        parts = ["<h1>arena: live matches</h1>",
                 f"<p class=muted>pages show matches {self.delay} moves behind</p>"
                 if self.delay else "",
                 f"<table class=live><tr><th>match</th><th>game</th><th>seats</th></tr>{rows}"
                 "</table>" if rows else "<p>no match is being played</p>"]
        for game in self.games:
            # In the arena's order (GetStandings: the ladder's by ordinal).
            lines = "".join(
                f"<tr><td>{s.rank}</td><td>{_e(s.bot_name)}</td><td>{_e(s.version)}</td>"
                f"<td>{s.ordinal:.2f}</td><td>{s.mu:.2f} &plusmn; {s.sigma:.2f}</td>"
                f"<td>{s.elo:+.0f}</td><td>[{s.elo_low:+.0f}, {s.elo_high:+.0f}]</td>"
                f"<td>{s.matches}</td><td>{s.score:.1%}</td></tr>" for s in self.standings(game))
            parts.append(f"<h2>{_e(game)} standings</h2>" + (
                f"<table class=standings><tr><th>rank</th><th>bot</th><th>version</th>"
                f"<th>ordinal (mu - 3 sigma)</th><th>mu &plusmn; sigma</th><th>Elo</th>"
                f"<th>95% interval</th><th>matches</th><th>score</th></tr>{lines}</table>"
                if lines else "<p class=muted>no rated match yet</p>"))
        return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
                f"<meta http-equiv='Content-Security-Policy' content=\"{_INDEX_CSP}\">"
                "<meta http-equiv=refresh content=5><title>arena: live</title>"
                f"<style>{_STYLE}</style></head><body>{''.join(parts)}</body></html>\n")


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _observation_class(header: pb.MatchStarted) -> type | None:
    """The engine's observation class of the match's game (None for a game not here)."""
    try:
        game = engine.get(header.game)
        state = game.new_match(len(header.seats), 0, dict(header.options))
    except (LookupError, engine.EngineError):
        return None
    return type(state.observation(None))


def _result(result: game_pb2.MatchResult) -> dict[str, Any]:
    termination = game_pb2.Termination.Name(result.termination).removeprefix("TERMINATION_")
    return {"scores": list(result.scores), "ranks": list(result.ranks),
            "termination": termination.lower(), "reason": result.reason,
            "forfeited": list(result.forfeited_seats)}


class _Server(ThreadingHTTPServer):
    """A ThreadingHTTPServer that refuses connections beyond its bounds at once."""

    daemon_threads = True
    live: LiveWeb

    def __init__(self, address: tuple[str, int], live: LiveWeb) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, _Handler)
        self.live = live
        self._open: dict[str, int] = {}
        self._count_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        host = client_address[0]
        limits = self.live.limits
        with self._count_lock:
            total = sum(self._open.values())
            if total >= limits.connections or self._open.get(host, 0) >= (
                    limits.connections_per_host):
                refuse = True
            else:
                refuse = False
                self._open[host] = self._open.get(host, 0) + 1
        if refuse:
            try:
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                                b"Retry-After: 5\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._count_lock:
                host = client_address[0]
                self._open[host] -= 1
                if not self._open[host]:
                    del self._open[host]


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    server_version = "arena"

    def setup(self) -> None:
        self.request.settimeout(self.server.live.limits.socket_timeout)
        super().setup()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        """Quiet: the arena's own log is enough."""

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        live = self.server.live
        url = urlsplit(self.path)
        try:
            if url.path == "/":
                self._send(HTTPStatus.OK, "text/html", live.index(), _INDEX_CSP)
                return
            found = _MATCH_PATH.match(url.path)
            match = live.match(found[1]) if found else None
            if match is None or not match.game:
                self._send(HTTPStatus.NOT_FOUND, "text/plain",
                           "no such live match (it may have ended, or too many are followed)\n")
            elif found is not None and found[2]:
                start = parse_qs(url.query).get("from", ["0"])[0]
                if not start.isdigit():
                    self._send(HTTPStatus.BAD_REQUEST, "text/plain", "from: a whole number\n")
                    return
                self._send(HTTPStatus.OK, "application/json",
                           json.dumps(live.steps(match, int(start)), allow_nan=False))
            else:
                self._send(HTTPStatus.OK, "text/html", live.page(match))
        except grpc.RpcError as error:
            self._send(HTTPStatus.BAD_GATEWAY, "text/plain",
                       f"the arena did not answer: {error.code().name}\n")  # type: ignore[attr-defined]

    def _send(self, status: HTTPStatus, kind: str, body: str, csp: str | None = None) -> None:
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        if csp:
            self.send_header("Content-Security-Policy", csp)
        self.end_headers()
        self.wfile.write(data)


class WebServer:
    """The web pages of an arena, served from a thread until ``close``."""

    def __init__(self, host: str, port: int, live: LiveWeb) -> None:
        self.live = live
        self._server = _Server((host, port), live)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        name="arena-web", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop serving and stop following matches."""
        self._server.shutdown()
        self._server.server_close()
        self.live.close()
