"""`arena serve --web-port`: real servers, real bots, real SQLite files, a real browser.

A page first opened in the middle of a ladder match shows it from its first move (the public
view only, a few moves behind: no hand, no private line, no seed in its DOM or its data) and
follows it to its end; then the index lists it as finished and its page offers every view;
over TLS the pages are served over HTTPS with the arena's certificate; the web server's
connections are bounded per host and in all."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import os
import re
import select
import socket
import sqlite3
import ssl
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

import engine
from arena._codec import to_jsonable
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from scheduler._export import export_record
from scheduler._records import MatchRecord
from scheduler._store import Store
from scheduler._viewer import embedded_data
from scheduler._web import tls_context
from tests.scheduler.test_cli import ROOT, arena
from tests.scheduler.test_html_report import browser, chromium  # noqa: F401 (a fixture)
from tests.support.harness import wait_until

DELAY = 3
HOLD_AT = 40  # the held bot's decision where it waits for the test


class Served:
    """A running `arena serve` with its addresses and the stderr lines it printed."""

    def __init__(self, db: Path, *flags: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scheduler.cli", "serve", "--port", "0", "--metrics-port",
             "0", "--db", str(db), "--web-port", "0", *flags], cwd=ROOT,
            stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    def found(self, pattern: str) -> str:
        return wait_until(lambda: next((m[1] for line in self.lines
                                        if (m := re.search(pattern, line))), None),
                          f"{pattern!r} on the server's stderr", 120)

    @property
    def web(self) -> str:
        return self.found(r"web pages on (https?://\S+)/").rstrip("/")

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(timeout=30)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Served, dict[str, str], Path]]:
    """`arena serve` of a Race ladder with web pages, its bots' tokens and database (the
    ladder goes on until the test stops it: with --max-matches the server, and its pages,
    would end with the match)."""
    db = tmp_path / "serve.sqlite"
    tokens = {name: arena("bot", "add", name, "--db", str(db)).stdout.strip().splitlines()[-1]
              for name in ("held", "plain")}
    server = Served(db, "--game", "race", "--move-time", "300",
                    "--spectator-delay", str(DELAY))
    try:
        yield server, tokens, db
    finally:
        server.stop()


def get(url: str, context: ssl.SSLContext | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30, context=context) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def arena_step(address: str, match_id: str) -> int:
    """The steps match ``match_id`` has applied, as the arena's spectator stream says."""
    with grpc.insecure_channel(address) as channel:
        call = pb_grpc.ArenaServiceStub(channel).WatchMatch(
            pb.WatchMatchRequest(match_id=match_id), timeout=60)
        for response in call:
            if response.WhichOneof("message") == "update":
                call.cancel()
                return int(response.update.step)
    raise AssertionError(f"match {match_id} is not live")


def public_views(record: MatchRecord) -> tuple[list[Any], list[str]]:
    """The public view after each step of ``record`` (as JSON data) and its public log."""
    state = engine.get(record.game).new_match(len(record.seats), record.seed, record.options)
    views = [state.observation(None)]
    for step in record.actions():
        state.apply(step)
        views.append(state.observation(None))
    return (json.loads(json.dumps([to_jsonable(v) for v in views])),
            [e.text for e in state.events_since(0, None)])


def hidden_cards(record: MatchRecord, step: int, public: str) -> set[str]:
    """The names of the cards in a Race match's hands after ``step`` steps that ``public``
    (what spectators had seen until then) never names."""
    state = engine.get("race").new_match(len(record.seats), record.seed, record.options)
    for actions in record.actions()[:step]:
        state.apply(actions)
    cards = engine.get("race").static_data.cards
    held = {cards[card].name for seat in range(len(record.seats))
            for card in state.observation(seat).hand}
    return {name for name in held if name not in public}


def test_a_page_opened_mid_match_shows_it_from_its_first_move_to_its_end(
        served: Any, tmp_path: Path, browser: Any) -> None:  # noqa: F811
    server, tokens, db = served
    address = server.found(r"listening on (\S+);")
    web = server.web
    release = tmp_path / "release"
    bots = [
        subprocess.Popen([sys.executable, "-m", "tests.support.scripted_bot", "hold",
                          "--hold-at", str(HOLD_AT), f"--address={address}", "--name=held"],
                         cwd=ROOT, env={**os.environ, "ARENA_TOKEN": tokens["held"],
                                        "SCRIPTED_BOT_RELEASE": str(release)}),
        subprocess.Popen([sys.executable, "-m", "bots.run", "random", f"--address={address}",
                          "--name=plain"], cwd=ROOT,
                         env={**os.environ, "ARENA_TOKEN": tokens["plain"]})]
    try:
        match_id = wait_until(lambda: (m := re.search(r"href='/match/([^']+)'",
                                                      get(web + "/")[1].decode())) and m[1],
                              "a live match on the index", 120)
        # Nobody has opened the match's page until the held bot waits at its HOLD_AT-th
        # decision, where the arena's step count stops.
        wait_until(lambda: Path(f"{release}.1.held").exists(), "the hold", 120)
        held = arena_step(address, match_id)
        assert held >= HOLD_AT
        status, body = get(f"{web}/match/{match_id}")
        assert status == 200
        text = body.decode()
        data = embedded_data(text)
        # From the first move to DELAY steps short of the arena, the public view only.
        assert len(data["steps"]) == held - DELAY + 1
        assert all(set(s) == {"public"} for s in data["steps"])
        assert data["record"]["revealed"] is False and data["record"]["seed"] is None
        assert data["record"]["decisions"] == [] and data["record"]["result"] is None
        assert data["record"]["events"] and all(e["seats"] is None
                                                for e in data["record"]["events"])
        steps = json.loads(get(f"{web}/match/{match_id}/steps?from=0")[1])
        assert steps["arena_step"] == held and steps["latest_step"] == held - DELAY
        assert steps["over"] is False and steps["result"] is None and steps["delay"] == DELAY

        requests: list[str] = []
        errors: list[str] = []
        browser.route(re.compile(r"^(?!" + re.escape(web) + ")"),
                      lambda route: (requests.append(route.request.url), route.abort()))
        page = browser.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{web}/match/{match_id}")
        page.wait_for_selector("#board svg.board.race")
        assert "playing" in page.locator("#result").inner_text()
        assert page.locator("#view option").all_inner_texts() == ["public view"]
        assert page.locator("#scrubber").get_attribute("max") == str(held - DELAY)
        seen_mid_match = page.locator("body").inner_text()
        with Store(db) as store:
            assert store.match(match_id) is None  # still being played
        Path(f"{release}.1").touch()
        page.wait_for_selector("body[data-finished]", timeout=180_000)
        result = page.locator("#result").inner_text()
        assert "result: " in result and not re.search(r"seed \d", result)
        shown = page.evaluate("JSON.stringify(window.arenaViewer.frames.public)")
        logged = page.evaluate("window.arenaViewer.record.events.map(e => e.text)")
        with Store(db) as store:
            record = wait_until(lambda: store.match(match_id), "the match's record", 60)
        # Every step the page showed, from the first, is the engine's public view there.
        views, public_log = public_views(record)
        assert json.loads(shown) == views
        assert logged == public_log
        # What no spectator could know then was in neither the page's data nor its DOM: the
        # seed, the seats' private lines, the cards in their hands that nothing public named.
        carried = json.dumps({k: v for k, v in data.items() if k != "static"})
        secrets = {e["text"] for e in export_record(record, True)["events"]
                   if e["seats"] is not None and e["step"] <= held} | {str(record.seed)}
        secrets |= hidden_cards(record, held, json.dumps(views[:held + 1]) + str(public_log))
        assert len(secrets) > 3
        for secret in secrets:
            assert secret not in carried and secret not in seen_mid_match, secret

        # Over: the index lists it as finished (once its lists, kept 2 s, are read again),
        # and its page is the record's, every view.
        wait_until(lambda: f"href='/match/{match_id}'" in get(web + "/")[1].decode().partition(
            "<table class=finished>")[2], "the match among the finished ones", 60)
        # And the ladder's standings, with the two bots that played it rated.
        def standings() -> list[tuple[str, int]]:
            table = get(web + "/")[1].decode().partition("<table class=standings>")[2]
            return [(m[1], int(m[2])) for m in re.finditer(
                r"<tr><td>\d+</td><td>([^<]*)</td>(?:<td>[^<]*</td>){5}<td>(\d+)</td>",
                table.partition("</table>")[0])]
        rated = wait_until(lambda: len(standings()) == 2 and standings(), "the standings", 60)
        assert sorted(name for name, _ in rated) == ["held", "plain"]
        assert all(matches >= 1 for _, matches in rated)
        page.locator("#full-record").click()  # the live page's link to it
        page.wait_for_selector("body[data-ready]:not([data-live])")
        options = page.locator("#view option").all_inner_texts()
        assert options == ["public view", "as held (seat 0) saw it", "as plain (seat 1) saw it",
                           "everything (revealed)"] or options == [
            "public view", "as plain (seat 0) saw it", "as held (seat 1) saw it",
            "everything (revealed)"]
        assert f"seed {record.seed}" in page.locator("#result").inner_text()
        assert errors == [] and requests == []
    finally:
        for bot in bots:
            bot.kill()
            bot.wait(timeout=30)


def test_over_tls_the_pages_are_served_over_https_with_the_arenas_certificate(
        tmp_path: Path) -> None:
    pytest.importorskip("cryptography", reason="the TLS tests make their certificates with it "
                                                "(pip install -e '.[test]')")
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    from tests.support.certs import ScratchCa

    ca = ScratchCa(tmp_path)
    pem = ca.issue("server", server=True)
    db = tmp_path / "tls.sqlite"
    arena("tournament", "--game", "sector41", "--bot", "a=builtin:random", "--bot",
          "b=builtin:random", "--rounds", "1", "--db", str(db), "--seed", "5")
    server = Served(db, "--no-ladder", "--game", "sector41", "--tls-cert", str(pem.cert),
                    "--tls-key", str(pem.key))
    try:
        web = server.web
        assert web.startswith("https://127.0.0.1:")
        trusted = ssl.create_default_context(cafile=str(ca.pem.cert))
        status, body = get(web + "/", trusted)
        assert status == 200
        listed = re.findall(r"href='/match/([^']+)'", body.decode())
        with Store(db) as store:
            assert sorted(listed) == sorted(r.match_id for r in store.matches())
        status, body = get(f"{web}/match/{listed[0]}", trusted)
        assert status == 200 and embedded_data(body.decode())["record"]["revealed"] is True
        with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
            get(web + "/", ssl.create_default_context())  # not without the test CA
        with pytest.raises((http.client.HTTPException, ConnectionError, urllib.error.URLError)):
            get(web.replace("https://", "http://") + "/")  # no plaintext
        # Chromium loads the page too, trusting (only) the server's key.
        key = x509.load_pem_x509_certificate(pem.cert.read_bytes()).public_key()
        spki = base64.b64encode(hashlib.sha256(key.public_bytes(
            serialization.Encoding.DER,
            serialization.PublicFormat.SubjectPublicKeyInfo)).digest()).decode()
        with chromium(f"--ignore-certificate-errors-spki-list={spki}") as context:
            page = context.new_page()
            page.goto(f"{web}/match/{listed[0]}")
            page.wait_for_selector("#board svg.board.sector41")
            assert "everything (revealed)" in page.locator("#view option").all_inner_texts()
        # As if the other seating were still being played: the page (made again, not the one
        # kept) is the public one.
        with sqlite3.connect(db) as connection:
            connection.execute("DELETE FROM matches WHERE match_id = ?", (listed[1],))
        assert get(f"{web}/match/{listed[1]}", trusted)[0] == 404
        data = embedded_data(get(f"{web}/match/{listed[0]}", trusted)[1].decode())
        assert data["record"]["revealed"] is False and data["record"]["seed"] is None
        assert {view for step in data["steps"] for view in step} == {"public"}
    finally:
        server.stop()


def test_a_key_that_is_not_the_certificates_is_refused_naming_both(tmp_path: Path) -> None:
    pytest.importorskip("cryptography", reason="the TLS tests make their certificates with it "
                                                "(pip install -e '.[test]')")
    from tests.support.certs import ScratchCa

    ca = ScratchCa(tmp_path)
    server, other = ca.issue("server", server=True), ca.issue("other", server=True)
    with pytest.raises(ValueError, match=r"cannot use --tls-cert .*server\.crt.* with "
                                         r"--tls-key .*other\.key"):
        tls_context(str(server.cert), str(other.key))
    assert tls_context(str(server.cert), str(server.key)) is not None


def test_a_web_connection_that_sends_nothing_is_dropped(tmp_path: Path) -> None:
    server = Served(tmp_path / "idle.sqlite", "--no-ladder", "--game", "sector41",
                    "--web-idle-timeout", "0.5")
    try:
        host, port = server.web.removeprefix("http://").rsplit(":", 1)
        # Well within the default 15 s, which this would wait for if the flag were lost.
        with socket.create_connection((host, int(port)), timeout=10) as idle:
            assert idle.recv(1) == b""  # closed by the server, unanswered
    finally:
        server.stop()


def test_the_pages_listen_on_the_web_host_only(tmp_path: Path) -> None:
    server = Served(tmp_path / "host.sqlite", "--no-ladder", "--game", "sector41",
                    "--web-host", "127.0.0.2")
    try:
        assert server.web.startswith("http://127.0.0.2:")
        status, body = get(server.web + "/")
        assert status == 200 and b"live matches" in body.lower()
        port = int(server.web.rsplit(":", 1)[1])
        # Not on the default host (loopback's 127.0.0.1) nor any other address.
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", port), timeout=10).close()
    finally:
        server.stop()


def test_web_connections_are_bounded_per_host_and_in_all(tmp_path: Path) -> None:
    server = Served(tmp_path / "bounds.sqlite", "--no-ladder", "--game", "sector41",
                    "--web-connections", "3", "--web-connections-per-host", "2",
                    # The idle connections stay counted however slow this machine is.
                    "--web-idle-timeout", "600")

    def status(source: str, path: str = "/") -> int:
        connection = http.client.HTTPConnection(host, port, timeout=30,
                                                source_address=(source, 0))
        try:
            connection.request("GET", path)
            return connection.getresponse().status
        finally:
            connection.close()

    def answered(source: str, path: str = "/") -> int:
        """The status of a request once it is not refused (the server counts a closed
        connection until its thread has seen it close)."""
        return int(wait_until(lambda: (code := status(source, path)) != 503 and code,
                              f"an answer to {path}", 30))

    idle: list[socket.socket] = []
    try:
        host, port = server.web.removeprefix("http://").rsplit(":", 1)
        # 127.0.0.1, .2 and .3 are three hosts of the loopback network.
        idle = [socket.create_connection((host, int(port)), timeout=30,
                                         source_address=("127.0.0.1", 0)) for _ in range(2)]
        assert wait_until(lambda: status("127.0.0.1") == 503, "a refusal per host", 30)
        assert answered("127.0.0.2") == 200  # another host gets in
        idle.append(socket.create_connection((host, int(port)), timeout=30,
                                             source_address=("127.0.0.2", 0)))

        def refused_in_all() -> bool:
            # The server counts the answered request of .2 until its thread has seen it
            # close: if that was after this idle connection came, it was refused (answered
            # and closed: readable), and is opened again.
            if select.select([idle[-1]], [], [], 0)[0]:
                idle[-1].close()
                idle[-1] = socket.create_connection((host, int(port)), timeout=30,
                                                    source_address=("127.0.0.2", 0))
                return False
            return status("127.0.0.3") == 503

        # Three idle connections in all: a third host is refused too.
        assert wait_until(refused_in_all, "a refusal in all", 30)
        for connection in idle:
            connection.close()
        assert answered("127.0.0.1") == 200  # once they closed
        assert answered("127.0.0.1", "/match/../../etc/passwd") == 404
        assert answered("127.0.0.1", "/match/nope") == 404
        assert answered("127.0.0.1", "/match/nope/steps?from=x") == 400
    finally:
        for connection in idle:
            connection.close()
        server.stop()
