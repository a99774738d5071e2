"""The deployment files speak of what the arena really exports and runs (they are not run in
CI): metrics, ports, images, volumes, and the RayJob's tournament command."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
import yaml
from prometheus_client import generate_latest

from arena.metrics import Metrics
from scheduler._tournament import TournamentConfig
from scheduler.cli import build_parser

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


def test_the_arena_pod_is_scrapable_and_stops_within_its_grace_period() -> None:
    """Prometheus runs in another pod: /metrics must not listen on loopback only. SIGTERM
    stops `arena serve` cleanly within seconds (docs/operations.md); the grace period fits."""
    (deployment,) = [d for d in manifests()["arena.yaml"] if d["kind"] == "Deployment"]
    ((_, pod),) = pod_specs(deployment)
    (container,) = pod["containers"]
    args = build_parser().parse_args(container["args"])
    metrics_host = args.metrics_host or args.host
    assert metrics_host not in ("127.0.0.1", "localhost", "::1"), metrics_host
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert ports["metrics"] == args.metrics_port and ports["grpc"] == args.port
    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == str(args.metrics_port)
    assert pod["terminationGracePeriodSeconds"] >= 20
    assert args.log_format == "json"


KUBERNETES = DEPLOY / "kubernetes"
IMAGE = "space-arena:latest"


def manifests() -> dict[str, list[dict[str, Any]]]:
    """Every Kubernetes document of deploy/kubernetes, by file name."""
    return {path.name: [d for d in yaml.safe_load_all(path.read_text()) if d]
            for path in sorted(KUBERNETES.glob("*.yaml"))}


def pod_specs(document: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The pod specs of a Deployment or a RayJob's head and worker groups, named."""
    spec = document["spec"]
    if document["kind"] == "Deployment":
        return [("pod", spec["template"]["spec"])]
    if document["kind"] == "RayJob":
        cluster = spec["rayClusterSpec"]
        return [("head", cluster["headGroupSpec"]["template"]["spec"])] + [
            (group["groupName"], group["template"]["spec"])
            for group in cluster["workerGroupSpecs"]]
    return []


def test_every_manifest_parses_with_one_image_and_claims_it_defines() -> None:
    found = manifests()
    assert {"arena.yaml", "tournament-rayjob.yaml"} <= found.keys()
    assert f"-t {IMAGE.split(':')[0]} " in (DEPLOY / "Dockerfile").read_text()
    for name, documents in found.items():
        claims = {d["metadata"]["name"] for d in documents if d["kind"] == "PersistentVolumeClaim"}
        for document in documents:
            assert document["apiVersion"] and document["metadata"]["name"], name
            for _, pod in pod_specs(document):
                assert {c["image"] for c in pod["containers"]} == {IMAGE}, name
                for volume in pod.get("volumes", []):
                    assert volume["persistentVolumeClaim"]["claimName"] in claims, name


def rayjob() -> dict[str, Any]:
    (job,) = [d for d in manifests()["tournament-rayjob.yaml"] if d["kind"] == "RayJob"]
    assert job["apiVersion"] == "ray.io/v1"
    return job


def test_the_rayjob_runs_a_tournament_the_cli_accepts_on_the_volume() -> None:
    job = rayjob()
    argv = shlex.split(job["spec"]["entrypoint"])
    assert argv[0] == "arena"
    args = build_parser().parse_args(argv[1:])
    assert (args.command, args.backend, args.ray_address) == ("tournament", "ray", "auto")
    config = TournamentConfig(game=args.game, bots=tuple(args.bot), players=args.players,
                              rounds=args.rounds, concurrency=args.concurrency)
    config.check()  # the game, its player count and every bot exist
    assert len(config.schedule()) >= 1000, "a large tournament"
    pods = dict(pod_specs(job))
    (head,) = pods["head"]["containers"]
    mounts = {m["mountPath"] for m in head["volumeMounts"]}
    for path in (args.db, args.json, args.csv):
        assert str(PurePosixPath(path).parent) in mounts, f"{path} is not on the volume"
    # One writer: the volume is the head's alone, and the head plays no match.
    assert all("volumeMounts" not in c for name, pod in pods.items() if name != "head"
               for c in pod["containers"])
    assert job["spec"]["rayClusterSpec"]["headGroupSpec"]["rayStartParams"]["num-cpus"] == "0"


def test_the_rayjob_cluster_matches_the_image_and_rays_ports() -> None:
    cluster = rayjob()["spec"]["rayClusterSpec"]
    assert re.search(r"ARG EXTRAS=ray-cluster\n", (DEPLOY / "Dockerfile").read_text())
    extras = tomllib.loads((DEPLOY.parent / "pyproject.toml").read_text())[
        "project"]["optional-dependencies"]
    # The image's Ray (the ray-cluster extra) is the driver's (the ray extra) and the job's.
    ray_version = cluster["rayVersion"]
    assert extras["ray-cluster"] == [f"ray[default]=={ray_version}"]
    assert extras["ray"] == [f"ray=={ray_version}"]
    (head,) = cluster["headGroupSpec"]["template"]["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in head["ports"]}
    # Ray's defaults: the GCS, and the dashboard whose job server the RayJob submits to.
    assert ports["gcs-server"] == 6379 and ports["dashboard"] == 8265
    ray = pytest.importorskip("ray")
    from ray._private import ray_constants

    assert ports["gcs-server"] == ray_constants.DEFAULT_PORT
    assert ports["dashboard"] == ray_constants.DEFAULT_DASHBOARD_PORT
    assert ray.__version__ == ray_version, "the tests run the Ray the image pins"
