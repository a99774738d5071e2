"""`arena serve --web-port`: a real server, real bots, a real browser follows a ladder match
to its end from the public view, a few moves behind; the web server's connection bounds."""

from __future__ import annotations

import json
import os
import re
import socket
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
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from scheduler._store import Store
from tests.scheduler.test_cli import ROOT, arena
from tests.scheduler.test_html_report import browser  # noqa: F401 (a fixture)
from tests.support.harness import wait_until

DELAY = 3
HOLD_AT = 40  # the held bot's decision where it waits for the test the second time


class Served:
    """A running `arena serve` with its addresses and the stderr lines it printed."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
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


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Served, dict[str, str], Path]]:
    """`arena serve` of a Sector 41 ladder with web pages, its bots' tokens and database (the
    ladder goes on until the test stops it: with --max-matches the server, and its pages,
    would end with the match)."""
    db = tmp_path / "serve.sqlite"
    tokens = {name: arena("bot", "add", name, "--db", str(db)).stdout.strip().splitlines()[-1]
              for name in ("held", "plain")}
    process = subprocess.Popen(
        [sys.executable, "-m", "scheduler.cli", "serve", "--port", "0", "--metrics-port", "0",
         "--db", str(db), "--game", "sector41", "--move-time", "300",
         "--web-port", "0", "--spectator-delay", str(DELAY), "--web-connections-per-host",
         "6"], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        yield Served(process), tokens, db
    finally:
        process.kill()
        process.wait(timeout=30)


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
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


def test_a_browser_follows_a_live_match_to_its_end(served: Any, tmp_path: Path,
                                                   browser: Any) -> None:  # noqa: F811
    server, tokens, db = served
    address = server.found(r"listening on (\S+);")
    web = server.found(r"web pages on (http://\S+)/").rstrip("/")
    release = tmp_path / "release"
    bots = [
        subprocess.Popen([sys.executable, "-m", "tests.support.scripted_bot", "hold",
                          "--hold-at", "1", "--hold-at", str(HOLD_AT), f"--address={address}",
                          "--name=held"], cwd=ROOT,
                         env={**os.environ, "ARENA_TOKEN": tokens["held"],
                              "SCRIPTED_BOT_RELEASE": str(release)}),
        subprocess.Popen([sys.executable, "-m", "bots.run", "random", f"--address={address}",
                          "--name=plain"], cwd=ROOT,
                         env={**os.environ, "ARENA_TOKEN": tokens["plain"]})]
    try:
        # The index lists the live match; its page shows it from the public view.
        match_id = wait_until(lambda: (m := re.search(r"href='/match/([^']+)'",
                                                      get(web + "/")[1].decode())) and m[1],
                              "a live match on the index", 120)
        # The held bot waits at its first decision: the web server starts following the
        # match there (at its first page view), then lets it go on to the HOLD_AT-th, where
        # the arena's step count stops, and what the pages get stops DELAY steps short of it.
        wait_until(lambda: Path(f"{release}.1.held").exists(), "the first hold", 120)
        first = json.loads(get(f"{web}/match/{match_id}/steps")[1])
        assert first["arena_step"] <= 1 and first["steps"] == []  # (within the delay)
        Path(f"{release}.1").touch()
        wait_until(lambda: Path(f"{release}.2.held").exists(), "the second hold", 120)
        held = arena_step(address, match_id)
        assert held >= HOLD_AT
        steps = wait_until(lambda: (d := json.loads(get(f"{web}/match/{match_id}/steps")[1]))
                           ["arena_step"] == held and d["latest_step"] == held - DELAY and d,
                           "the pages to be DELAY steps behind the held match", 120)
        assert steps["over"] is False and steps["result"] is None and steps["delay"] == DELAY
        assert steps["decisions"] == [] and all(set(s) == {"public"} for s in steps["steps"])
        requests: list[str] = []
        errors: list[str] = []
        browser.route(re.compile(r"^(?!" + re.escape(web) + ")"),
                      lambda route: (requests.append(route.request.url), route.abort()))
        page = browser.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{web}/match/{match_id}")
        page.wait_for_selector("#board svg.board.sector41")
        assert "playing" in page.locator("#result").inner_text()
        assert [o for o in page.locator("#view option").all_inner_texts()] == ["public view"]
        shown = page.locator("#scrubber").get_attribute("max")
        assert shown is not None and int(shown) == len(steps["steps"]) - 1
        with Store(db) as store:
            assert store.match(match_id) is None  # still being played
        Path(f"{release}.2").touch()
        page.wait_for_selector("body[data-finished]", timeout=180_000)
        result = page.locator("#result").inner_text()
        assert "result: " in result and not re.search(r"seed \d", result)
        page.locator("#last").click()
        with Store(db) as store:
            record = wait_until(lambda: store.match(match_id), "the match's record", 60)
        state = engine.get("sector41").new_match(2, record.seed, record.options)
        for step in record.actions():
            state.apply(step)
        final = state.observation(None)
        explorers = page.locator("#board circle.explorer").count()
        assert explorers == sum(e.location.name == "BOARD" for e in final.explorers)
        assert page.locator("#board rect.tile.down").count() == final.face_up.count(False)
        assert errors == [] and requests == []
    finally:
        for bot in bots:
            bot.kill()
            bot.wait(timeout=30)


def test_web_connections_are_bounded_per_host(served: Any) -> None:
    server, _, _ = served
    web = server.found(r"web pages on (http://\S+)/").rstrip("/")
    host, port = web.removeprefix("http://").rsplit(":", 1)
    idle = [socket.create_connection((host, int(port)), timeout=30) for _ in range(6)]
    try:
        # Six idle connections of this host are open: the seventh is refused at once.
        status, _ = wait_until(lambda: (r := get(web + "/"))[0] == 503 and r,
                               "a refusal beyond 6 connections", 30)
        assert status == 503
    finally:
        for connection in idle:
            connection.close()
    assert wait_until(lambda: get(web + "/")[0] == 200, "the page once they closed", 30)
    bad = get(web + "/match/../../etc/passwd")
    assert bad[0] == 404
    assert get(web + "/match/nope")[0] == 404
    assert get(web + "/match/nope/steps?from=x")[0] == 404
