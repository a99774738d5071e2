"""`arena serve --web-port`: live matches, finished ones and the ladder's standings in a browser.

The web server runs in the arena's process, beside it: it reads the live matches from the
arena's hub (``in_arena`` runs a function on the arena's thread) and everything recorded from
the database, as the gRPC service does (``StoreRecords``). It was first a gRPC client of the
arena (``WatchMatch``), which could show only what the spectator stream carries: a match from
the moment it was first watched; and over TLS it would have needed a name the server's
certificate holds and, with a client CA, a certificate of its own. Now (its CPU is the
arena's process's, hence the bounds below):

- **A live match from its first move.** A followed match's record so far (its seed and
  actions, ``MatchFeed.record``) is re-simulated in the web server's own thread, and each
  step's public view (``observation(None)``) and public events are kept; the record's new
  steps are read every ``poll`` seconds. Only the public view ever leaves: a page of a match
  in play carries no seat's observation, no seed, no action text. A page shows a match
  ``delay`` steps behind the arena (all of it once it is over), so that nobody watching can
  feed a bot what just happened.
- **Finished matches from the database**, each with the replay viewer's page (``_viewer``):
  every seat's view and choices and the revealed state once its deal is spent, the public
  view only before (as ``GetMatch`` withholds the seed).

HTTP is the standard library's ``ThreadingHTTPServer``, over TLS (the standard library's
``ssl``) when ``tls`` is given: a board game moves a few times a second at most, so a page
polls a small JSON document every second (no websocket, hence no ASGI framework and no new
dependency). Bounded: connections per client host and in all (beyond them, 503 at once), a
socket timeout (a client that sends nothing is dropped), the matches followed at once, the
finished ones kept for their pages, the frames kept per match, and the finished pages made
at once and kept.
"""

from __future__ import annotations

import html
import json
import logging
import re
import socket
import ssl
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import engine
from arena._hub import Hub

from ._export import deal_is_spent, replay_state, result_json
from ._records import MatchRecord, places
from ._reports import StoreRecords
from ._viewer import Deltas, match_page, page, static_data

log = logging.getLogger(__name__)
T = TypeVar("T")
# Runs a function on the arena's thread and returns what it returns (trio.from_thread's
# run_sync, in `arena serve`); RuntimeError once the arena has stopped.
InArena = Callable[[Callable[[], T]], T]

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
    poll: float = 0.25
    finished_listed: int = 20
    pages_kept: int = 8
    pages_at_once: int = 1


@dataclass
class _Match:
    """A followed match: the public view of each step (as changes, see ``Deltas``), the
    public log, and its end."""

    match_id: str
    game: str
    seats: list[str]
    frames: list[dict[str, Any]] = field(default_factory=list)
    events: list[tuple[int, str]] = field(default_factory=list)  # (step, text)
    latest: int = 0  # the arena's step count, as last read
    result: dict[str, Any] | None = None
    over: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def released(self, delay: int) -> int:
        """How many frames a page may show now (frame i: the view after i steps)."""
        if self.over:
            return len(self.frames)
        return max(0, min(len(self.frames), self.latest - delay + 1))


class LiveWeb:
    """What the pages show (see the module docstring)."""

    def __init__(self, hub: Hub, in_arena: InArena[Any], records: StoreRecords,
                 games: list[str], delay: int = 0, limits: WebLimits = WebLimits()) -> None:
        self.games = games
        self.delay = delay
        self.limits = limits
        self._hub = hub
        self._in_arena = in_arena
        self._records = records
        self._lock = threading.Lock()
        self._matches: OrderedDict[str, _Match] = OrderedDict()
        self._cache: dict[str, tuple[float, Any]] = {}
        self._pages: OrderedDict[tuple[str, bool], str] = OrderedDict()
        self._making = threading.BoundedSemaphore(limits.pages_at_once)
        self._closed = threading.Event()

    def close(self) -> None:
        """Stop following every match."""
        self._closed.set()

    def _cached(self, key: str, fetch: Callable[[], T]) -> T:
        with self._lock:
            found = self._cache.get(key)
            if found is not None and time.monotonic() - found[0] < self.limits.refresh:
                return found[1]  # type: ignore[no-any-return]
        value = fetch()
        with self._lock:
            self._cache[key] = (time.monotonic(), value)
        return value

    def live(self) -> list[Any]:
        """The matches being played (``MatchSummary``), newest first."""
        try:
            return self._cached("live", lambda: self._in_arena(
                lambda: self._hub.live_matches("", 50)))
        except RuntimeError:  # the arena has stopped
            return []

    def finished(self) -> list[Any]:
        """The newest recorded matches (``MatchSummary`` with their results)."""
        return self._cached("finished", lambda: self._records.list_matches(
            "", self.limits.finished_listed))

    def standings(self, game: str) -> list[Any]:
        """The ladder's standings of ``game`` (``Standing``)."""
        return self._records.standings(game, "")

    def recorded(self, match_id: str) -> str | None:
        """The viewer page of the recorded match ``match_id`` (every view once its deal is
        spent); None if it is not recorded. TimeoutError when too many pages are being made;
        ValueError when the match does not replay here."""
        record = self._records.store.match(match_id)
        if record is None or record.result is None:
            return None
        reveal = deal_is_spent(self._records.store, record)
        key = (match_id, reveal)
        with self._lock:
            if key in self._pages:
                self._pages.move_to_end(key)
                return self._pages[key]
        # A page takes 0.2-3 s of CPU to make (the match re-simulated, every view at every
        # step), in the arena's process: one at a time, the others wait, and the last few
        # made are kept.
        if not self._making.acquire(timeout=self.limits.socket_timeout):
            raise TimeoutError("too many match pages are being made; try again")
        try:
            text = match_page(record, reveal)
        finally:
            self._making.release()
        with self._lock:
            self._pages[key] = text
            while len(self._pages) > self.limits.pages_kept:
                self._pages.popitem(last=False)
        return text

    def match(self, match_id: str) -> _Match | None:
        """The followed match ``match_id``, followed (from its first move) if it is live and
        was not yet; None if it is neither followed nor live, or if too many are followed."""
        with self._lock:
            found = self._matches.get(match_id)
            if found is not None:
                return found
            running = sum(not m.over for m in self._matches.values())
        if running >= self.limits.followed:
            return None
        try:
            feed = self._in_arena(lambda: self._hub.feeds.get(match_id))
        except RuntimeError:
            return None
        if feed is None or feed.record is None:
            return None
        with self._lock:
            if match_id in self._matches:
                return self._matches[match_id]
            finished = [m.match_id for m in self._matches.values() if m.over]
            for old in finished[:max(0, len(finished) - self.limits.finished_kept + 1)]:
                del self._matches[old]
            followed = self._matches[match_id] = _Match(
                match_id, feed.header.game, [s.bot_name for s in feed.header.seats])
        started = threading.Event()
        threading.Thread(target=self._follow, args=(followed, feed.record, started),
                         name=f"web-follow-{match_id}", daemon=True).start()
        # The match so far, re-simulated, so that the page starts with its first move.
        started.wait(self.limits.socket_timeout)
        return followed

    def _follow(self, match: _Match, so_far: Callable[[int], MatchRecord],
                started: threading.Event) -> None:
        """Re-simulate ``match`` from its record, then follow its new steps to its end."""
        try:
            record = self._in_arena(lambda: so_far(0))
            state = replay_state(record)
            views = Deltas()
            seen = 0

            def take(step: int) -> None:
                nonlocal seen
                frame = views.changes(state.observation(None))
                events = [e.text for e in state.events_since(seen, None)]
                seen = state.event_count
                with match.lock:
                    if len(match.frames) < self.limits.frames_per_match:
                        match.frames.append(frame)
                        match.events.extend((step, text) for text in events)

            applied = 0
            take(0)
            while True:
                for actions in record.actions():
                    state.apply(actions)
                    applied += 1
                    take(applied)
                with match.lock:
                    match.latest = applied
                started.set()
                if record.result is not None or self._closed.wait(self.limits.poll):
                    break
                record, live = self._in_arena(partial(self._progress, so_far, applied,
                                                      match.match_id))
                if not live and record.result is None and not record.steps:
                    break  # stopped without a result (aborted, or the arena is closing)
            match.result = _result(record)
        except (RuntimeError, ValueError, engine.EngineError) as error:
            # the arena stopped, or this engine cannot replay the match
            log.debug("web: stopped following %s: %s", match.match_id, error)
        finally:
            with match.lock:
                match.over = True
            started.set()

    def _progress(self, so_far: Callable[[int], MatchRecord], known: int, match_id: str
                  ) -> tuple[MatchRecord, bool]:
        """On the arena's thread: the steps after ``known`` (and the result, if any), and
        whether the match is still live."""
        return so_far(known), match_id in self._hub.feeds

    def steps(self, match: _Match, start: int) -> dict[str, Any]:
        """What a page that has ``start`` frames is shown next (see ``viewer.js``'s follow)."""
        with match.lock:
            shown = match.released(self.delay)
            over = match.over and shown == len(match.frames)
            return {
                "steps": [{"public": frame} for frame in match.frames[start:shown]],
                "events": [{"step": i, "text": text, "seats": None}
                           for i, text in match.events if start <= i < shown],
                "decisions": [],
                "result": match.result if over else None,
                "over": over,
                "delay": self.delay,
                "latest_step": shown - 1 if shown else None,
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
        """The page of live matches, finished ones and standings."""
        rows = "".join(
            f"<tr><td><a href='/match/{_e(m.match_id)}'>{_e(m.match_id)}</a></td>"
            f"<td>{_e(m.game)}</td><td>{_e(', '.join(s.bot_name for s in m.seats))}</td></tr>"
            for m in self.live())
        done = "".join(
            f"<tr><td><a href='/match/{_e(m.match_id)}'>{_e(m.match_id)}</a></td>"
            f"<td>{_e(m.game)}</td><td>{_e(_outcome(m))}</td></tr>"
            for m in self.finished())
        parts = ["<h1>arena: live matches</h1>",
                 f"<p class=muted>pages show matches {self.delay} moves behind</p>"
                 if self.delay else "",
                 f"<table class=live><tr><th>match</th><th>game</th><th>seats</th></tr>{rows}"
                 "</table>" if rows else "<p>no match is being played</p>",
                 "<h2>finished matches</h2>",
                 f"<table class=finished><tr><th>match</th><th>game</th><th>result</th></tr>"
                 f"{done}</table>" if done else "<p class=muted>no match is recorded yet</p>"]
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


def _outcome(summary: Any) -> str:
    """A finished match's seats by rank, with their scores (from its ``MatchSummary``)."""
    return places([s.bot_name for s in summary.seats], summary.result.ranks,
                  summary.result.scores)


def _result(record: MatchRecord) -> dict[str, Any] | None:
    return None if record.result is None else result_json(record.result)


class _Server(ThreadingHTTPServer):
    """A ThreadingHTTPServer that refuses connections beyond its bounds at once, over TLS
    if it has a context (each connection's handshake is made in its own thread)."""

    daemon_threads = True
    live: LiveWeb

    def __init__(self, address: tuple[str, int], live: LiveWeb,
                 tls: ssl.SSLContext | None) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, _Handler)
        self.live = live
        self.tls = tls
        self._open: dict[str, int] = {}
        self._count_lock = threading.Lock()

    def get_request(self) -> tuple[Any, Any]:
        connection, address = self.socket.accept()
        if self.tls is not None:
            connection = self.tls.wrap_socket(connection, server_side=True,
                                              do_handshake_on_connect=False)
        return connection, address

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
            # Over TLS the connection is closed unanswered: an answer would need a
            # handshake, which a client could hold this (the accepting) thread with.
            if self.tls is None:
                try:
                    request.sendall(b"HTTP/1.1 503 Service Unavailable\r\n"
                                    b"Content-Length: 0\r\nRetry-After: 5\r\n"
                                    b"Connection: close\r\n\r\n")
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

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that fails its TLS handshake, drops its connection or sends nothing is
        no error of the server's (at debug); anything else is logged with its traceback."""
        if isinstance(sys.exc_info()[1], OSError):  # ssl.SSLError and timeouts too
            log.debug("web: connection of %s failed", client_address[0], exc_info=True)
        else:
            log.warning("web: a request of %s failed", client_address[0], exc_info=True)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    server_version = "arena"

    def setup(self) -> None:
        self.request.settimeout(self.server.live.limits.socket_timeout)
        if self.server.tls is not None:
            self.request.do_handshake()
        super().setup()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        """Quiet: the arena's own log is enough."""

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        live = self.server.live
        url = urlsplit(self.path)
        if url.path == "/":
            self._send(HTTPStatus.OK, "text/html", live.index(), _INDEX_CSP)
            return
        found = _MATCH_PATH.match(url.path)
        if found is None:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", "no such page: see / for the "
                       "matches (/match/ID is one match's page)\n")
            return
        if found[2]:
            self._steps(found[1], url.query)
            return
        try:
            recorded = live.recorded(found[1])
        except TimeoutError as error:
            self._send(HTTPStatus.SERVICE_UNAVAILABLE, "text/plain", f"{error}\n")
            return
        except ValueError as error:  # another version's game or record
            self._send(HTTPStatus.NOT_FOUND, "text/plain", f"{error}\n")
            return
        if recorded is not None:
            self._send(HTTPStatus.OK, "text/html", recorded)
            return
        match = live.match(found[1])
        if match is None or not match.frames:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", "no such match, live or recorded "
                       "(or too many live ones are followed already)\n")
        else:
            self._send(HTTPStatus.OK, "text/html", live.page(match))

    def _steps(self, match_id: str, query: str) -> None:
        """A followed match's new steps, for its live page."""
        live = self.server.live
        start = parse_qs(query).get("from", ["0"])[0]
        if not start.isdigit():
            self._send(HTTPStatus.BAD_REQUEST, "text/plain",
                       f"from={start!r}: a whole number of steps is accepted\n")
            return
        match = live.match(match_id)
        if match is None:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", "no such live match\n")
            return
        self._send(HTTPStatus.OK, "application/json",
                   json.dumps(live.steps(match, int(start)), allow_nan=False))

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


def tls_context(certificate: str, key: str) -> ssl.SSLContext:
    """A server's TLS context of the PEM files ``certificate`` (its chain) and ``key``;
    ValueError naming what could not be read."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)

    def encrypted() -> str:  # else OpenSSL would ask for a password on the terminal
        raise ValueError("the key is encrypted; give it unencrypted (as the arena's gRPC "
                         "server takes it too)")
    try:
        context.load_cert_chain(certificate, key, password=encrypted)
    except (OSError, ValueError) as error:  # ssl.SSLError is an OSError
        raise ValueError(f"the web pages cannot use --tls-cert {certificate!r} with "
                         f"--tls-key {key!r}: {error}") from None
    return context


class WebServer:
    """The web pages of an arena, served from a thread until ``close``."""

    def __init__(self, host: str, port: int, live: LiveWeb,
                 tls: ssl.SSLContext | None = None) -> None:
        self.live = live
        self._server = _Server((host, port), live, tls)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        name="arena-web", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop serving and stop following matches."""
        self._server.shutdown()
        self._server.server_close()
        self.live.close()
