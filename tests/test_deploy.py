"""The deployment files speak of what the arena really exports (they are not run in CI)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from prometheus_client import generate_latest

from arena.metrics import Metrics

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"
DASHBOARD = DEPLOY / "grafana" / "arena-dashboard.json"


def exported() -> tuple[set[str], set[str]]:
    """Series names and label names the arena exposes once a game is declared."""
    metrics = Metrics(games=("sector41",))
    metrics.rating.labels("sector41", "some-bot").set(1500)
    metrics.connected_bots.set(0)
    text = generate_latest(metrics.registry).decode()
    names, labels = set(), {"le"}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            match = re.match(r"([a-z_]+)(?:\{([^}]*)\})?", line)
            assert match is not None
            names.add(match.group(1))
            labels |= set(re.findall(r"(\w+)=", match.group(2) or ""))
    return names, labels


def queries() -> dict[str, list[str]]:
    """Every PromQL expression of the dashboard and the alert rules, by file."""
    dashboard = json.loads(DASHBOARD.read_text())
    panel_queries = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    variables = [v["query"] for v in dashboard["templating"]["list"] if v["type"] == "query"]
    alerts = re.findall(r"expr:\s*(.+)", (DEPLOY / "prometheus" / "alerts.yml").read_text())
    return {"dashboard": panel_queries + variables, "alerts": alerts}


def test_every_series_and_label_queried_is_exported() -> None:
    names, labels = exported()
    for where, exprs in queries().items():
        assert exprs, f"no queries found in the {where}"
        for expr in exprs:
            for name in re.findall(r"\barena_[a-z_]+", expr):
                assert name in names, f"{where} queries {name}, not exported: {sorted(names)}"
            for group in re.findall(r"\bby \(([^)]*)\)", expr):
                for label in (x.strip() for x in group.split(",")):
                    assert label in labels, f"{where} groups by unknown label {label!r}"


def test_dashboard_panels_are_well_formed() -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    for panel in dashboard["panels"]:
        assert panel["targets"] and {"x", "y", "w", "h"} <= panel["gridPos"].keys()
        assert all(t["refId"] for t in panel["targets"])
        if "histogram_quantile" in str(panel["targets"]):
            assert all("_bucket" in t["expr"] and "le" in t["expr"] for t in panel["targets"])


def test_ports_agree_between_image_cluster_and_scrape_config() -> None:
    image = (DEPLOY / "Dockerfile").read_text()
    cluster = (DEPLOY / "kubernetes" / "arena.yaml").read_text()
    scrape = (DEPLOY / "prometheus" / "prometheus.yml").read_text()
    metrics_port = re.search(r'"--metrics-port", "(\d+)"', image).group(1)  # type: ignore[union-attr]
    grpc_port = re.search(r'"--port", "(\d+)"', image).group(1)  # type: ignore[union-attr]
    assert f"containerPort: {metrics_port}" in cluster and f"containerPort: {grpc_port}" in cluster
    assert f":{metrics_port}" in scrape
