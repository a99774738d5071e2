"""A real Prometheus scrapes the arena with deploy/prometheus/prometheus.yml and answers
PromQL with the real values; promtool passes the exposition and the alert rules.

Needs Debian's ``prometheus`` package (``apt-get install prometheus``; CI installs it)."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import trio

from arena.metrics import Metrics
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._timecontrol import TimeControl
from tests.support.harness import wait_until

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "deploy" / "prometheus" / "prometheus.yml"
MATCHES = 5

pytestmark = pytest.mark.skipif(
    shutil.which("prometheus") is None or shutil.which("promtool") is None,
    reason="Prometheus is not installed: apt-get install prometheus (CI installs it)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def query(port: int, promql: str) -> list[dict[str, Any]]:
    url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": promql})
    with urllib.request.urlopen(url, timeout=10) as reply:
        answer = json.load(reply)
    assert answer["status"] == "success", answer
    return list(answer["data"]["result"])


def play_matches(metrics: Metrics) -> None:
    async def main() -> None:
        for n in range(MATCHES):
            seats = [BuiltinSeat("a", "random"), BuiltinSeat("b", "random")]
            await run_match(MatchSpec(f"p{n}", "duel", n, {"rounds": 3}), seats,
                            TimeControl.per_move(5), metrics=metrics)
    trio.run(main)


def test_prometheus_scrapes_the_arena_and_promtool_passes(tmp_path: Path) -> None:
    metrics = Metrics(games=("duel",))
    arena_port = metrics.serve(0)
    play_matches(metrics)

    config = CONFIG.read_text()
    for old, new in [('targets: ["arena:50052"]', f'targets: ["127.0.0.1:{arena_port}"]'),
                     ("scrape_interval: 15s", "scrape_interval: 1s"),
                     ("- alerts.yml", f"- {CONFIG.parent / 'alerts.yml'}")]:
        assert old in config, f"{CONFIG} no longer has {old!r}: update this test with it"
        config = config.replace(old, new)
    (tmp_path / "prometheus.yml").write_text(config)
    port = free_port()
    server = subprocess.Popen(
        ["prometheus", f"--config.file={tmp_path / 'prometheus.yml'}",
         f"--storage.tsdb.path={tmp_path / 'data'}", f"--web.listen-address=127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL, stderr=(tmp_path / "prometheus.log").open("wb"))
    try:
        def scraped() -> list[dict[str, Any]] | None:
            try:
                return query(port, 'sum by (termination) (arena_matches_total{game="duel"})')
            except OSError:  # not listening yet
                return None
        by_termination = wait_until(scraped, "Prometheus to scrape the arena", 120)
        counts = {r["metric"]["termination"]: float(r["value"][1]) for r in by_termination}
        assert counts["normal"] == MATCHES and counts["timeout"] == 0
        median = query(port, 'histogram_quantile(0.5, sum by (le) '
                             '(arena_decision_latency_seconds_bucket{game="duel"}))')
        assert 0 < float(median[0]["value"][1]) < 5
        decisions = query(port, 'arena_decisions_total{game="duel"}')
        assert float(decisions[0]["value"][1]) == metrics.registry.get_sample_value(
            "arena_decisions_total", {"game": "duel"})
        rules = json.load(urllib.request.urlopen(
            f"http://127.0.0.1:{port}/api/v1/rules", timeout=10))["data"]["groups"]
        assert {r["name"] for g in rules for r in g["rules"]} >= {"ArenaNoBotsConnected"}
    finally:
        server.terminate()
        server.wait(timeout=30)

    with urllib.request.urlopen(f"http://127.0.0.1:{arena_port}/metrics", timeout=10) as reply:
        exposition = reply.read()
    checked = subprocess.run(["promtool", "check", "metrics"], input=exposition,
                             capture_output=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    rules_ok = subprocess.run(["promtool", "check", "rules", str(CONFIG.parent / "alerts.yml")],
                              capture_output=True, text=True, timeout=60)
    assert rules_ok.returncode == 0, rules_ok.stdout + rules_ok.stderr


def test_a_database_that_refuses_writes_raises_an_alert(tmp_path: Path) -> None:
    """promtool plays the alert rules over a series: matches waiting in memory for 2 minutes
    fire ArenaDatabaseRefusesWrites; a moment's wait (a lock released at once) does not."""
    unit = tmp_path / "unit.yml"
    unit.write_text(json.dumps({  # JSON is YAML
        "rule_files": [str(CONFIG.parent / "alerts.yml")],
        "evaluation_interval": "1m",
        "tests": [{
            "interval": "1m",
            "input_series": [
                {"series": 'arena_unwritten_matches{job="arena"}', "values": "0 3 0 2 2 2 2"}],
            "alert_rule_test": [
                {"eval_time": "3m", "alertname": "ArenaDatabaseRefusesWrites", "exp_alerts": []},
                {"eval_time": "5m", "alertname": "ArenaDatabaseRefusesWrites",
                 "exp_alerts": [{"exp_labels": {"job": "arena"}, "exp_annotations": {
                     "summary": "The arena's database has refused writes for 2 minutes: 2 "
                                "finished match(es) wait in memory and no new ladder match "
                                "starts (docs/operations.md)"}}]}]}]}))
    done = subprocess.run(["promtool", "test", "rules", str(unit)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
