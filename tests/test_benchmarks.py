"""The one-run benchmark still runs: a quick engine pass writes a row per game to its JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
    assert "decisions/s" in done.stdout
