"""The shape of the code base: one-way imports, generated code up to date, small exports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What each top-level package may import (besides itself and the standard library).
ALLOWED = {
    "engine": set(),
    "arena": {"engine"},
    "scheduler": {"engine", "arena", "bots"},
    "bots": {"arena.v1", "arena._codec", "arena._frames", "engine"},
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_dependencies_point_one_way(package: str) -> None:
    own = set(ALLOWED)
    bad = []
    for path in (ROOT / package).rglob("*.py"):
        if package == "arena" and path.parent.name == "v1":
            continue  # generated code imports only itself and protobuf
        for name in imports_of(path):
            top = name.split(".")[0]
            if top not in own or top == package:
                continue
            if not any(name == allowed or name.startswith(allowed + ".")
                       for allowed in ALLOWED[package]):
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not bad, "\n".join(bad)


def test_bots_import_without_the_server() -> None:
    code = ("import sys, bots; "
            "bad = [m for m in ('engine', 'trio', 'scheduler', 'arena._server') "
            "if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_generated_protocol_code_is_up_to_date() -> None:
    result = subprocess.run([sys.executable, "proto/generate.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("module", ["engine", "arena", "bots", "scheduler"])
def test_public_names_exist_and_are_documented(module: str) -> None:
    imported = __import__(module)
    for name in imported.__all__:
        value = getattr(imported, name)
        if callable(value):
            assert value.__doc__, f"{module}.{name} has no docstring"


def test_ruff_finds_nothing() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "engine", "arena", "scheduler", "bots"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
