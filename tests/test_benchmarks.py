"""The benchmarks still run, and share one way of doing what they share: a quick engine
pass of the one-run benchmark writes a row per game, and counts instructions under
cachegrind where valgrind is installed (and says what is missing where not); every script's
``--help`` works; every one that compares against another commit takes ``--against REV`` (a
temporary worktree from ``benchmarks/_checkout.checkout_of``); none imports the test suite or
writes its own copy of what ``benchmarks/_common.py`` has. Cheap: the scripts are read as text
or asked for help."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("*.py") if not p.name.startswith("_"))
# The scripts that compare with another commit (each must take it as --against REV).
COMPARING = {"bench_bot.py", "bench_galaxies.py", "bench_load.py", "bench_race.py",
             "bench_ratings.py", "bench_runner.py", "bench_sector41.py", "bench_sol.py",
             "run_all.py"}


def _tree(name: str) -> ast.Module:
    return ast.parse((BENCHMARKS / name).read_text(), filename=name)


def test_run_all_quick_writes_every_engine_row(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    done = subprocess.run([sys.executable, "benchmarks/run_all.py", "--quick", "--only",
                           "engines", "--json", str(out)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rows = json.loads(out.read_text())["engines"]
    assert {row["game"] for row in rows} == {"galaxies", "race", "sector41", "sol"}
    for row in rows:
        assert row["decisions_per_s"] > 0 and row["clone_us"] > 0 and row["deepcopy_us"] > 0
        assert row["rounds"] == 1 and row["median_decisions_per_s"] == row["decisions_per_s"]
    assert "decisions/s" in done.stdout


def _run_all(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "benchmarks/run_all.py", "--quick", "--only",
                           "engines", "--game", "sol", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env=env)


@pytest.mark.skipif(shutil.which("valgrind") is None,
                    reason="valgrind is not installed (.ci/run installs Debian's package)")
def test_run_all_counts_instructions_of_play_under_cachegrind(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    done = _run_all("--instructions", "--json", str(out))
    assert done.returncode == 0, done.stderr
    rows = json.loads(out.read_text())["engines"]
    assert [(row["game"], row["players"]) for row in rows] == [("sol", 2), ("sol", 5)]
    # Four games of five players take more instructions than four of two (the interpreter's
    # start and the imports, the same for both, are taken off).
    assert 0 < rows[0]["instructions"] < rows[1]["instructions"]
    assert "instructions_ratio" not in rows[0]  # no --against: nothing to compare with
    assert "M instructions" in done.stdout


def test_run_all_says_instructions_need_valgrind(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    done = _run_all("--instructions", env={**os.environ, "PATH": str(empty)})
    assert done.returncode != 0
    assert "--instructions needs valgrind" in done.stderr


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_benchmark_answers_help(script: str) -> None:
    done = subprocess.run([sys.executable, f"benchmarks/{script}", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"benchmarks/{script}" in done.stdout  # its docstring: how to run it
    assert ("--against REV" in done.stdout) == (script in COMPARING), done.stdout


def test_every_comparing_benchmark_checks_out_through_checkout_of() -> None:
    users = {name for name in SCRIPTS if "checkout_of(" in (BENCHMARKS / name).read_text()}
    assert users == COMPARING
    for name in SCRIPTS:  # no worktree or `git show` of its own beside the shared one
        text = (BENCHMARKS / name).read_text()
        assert '"worktree"' not in text and '"show"' not in text, name


def test_no_benchmark_imports_the_test_suite() -> None:
    for name in sorted(p.name for p in BENCHMARKS.glob("*.py")):
        for node in ast.walk(_tree(name)):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(m == "tests" or m.startswith("tests.") for m in modules), name


def test_what_common_has_is_written_once() -> None:
    def functions(tree: ast.Module) -> set[str]:
        return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}

    shared = functions(_tree("_common.py"))
    assert {"mcts_vs_greedy", "greedy_vs_random", "random_playouts"} <= shared
    for name in SCRIPTS:
        assert not functions(_tree(name)) & shared, name


def test_the_arena_instruction_count_plays_launched_bots_with_its_pidfd_stand_in() -> None:
    """``bench_arena.py instructions`` runs this child under cachegrind, which has no
    ``pidfd_open``: the child's stand-in must still see each bot process end."""
    done = subprocess.run([sys.executable, "benchmarks/bench_arena.py", "_arena-run", "race",
                           "2"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    decisions = int(done.stdout.split()[-1])
    assert decisions > 40  # two whole Race matches


def test_the_sandbox_start_measure_runs_and_leaves_nothing_on_disk(tmp_path: Path) -> None:
    """``bench_arena.py``'s sandbox start (in ``run_all.py --only arena``), in a child whose
    temporary folder is ``tmp_path``: it measures, and writes nothing there (a sandbox's
    /tmp is a tmpfs of its own)."""
    from arena import _sandbox

    if _sandbox.unavailable() is not None:
        pytest.skip(f"no sandbox here: {_sandbox.unavailable()}")
    code = ("import json, sys; sys.path.insert(0, 'benchmarks'); import bench_arena; "
            "print(json.dumps(bench_arena.sandbox_start(1)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "TMPDIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) == {"sandbox_start_ms", "bare_start_ms"}
    assert not list(tmp_path.iterdir())
