"""The adapters are an optional layer: the engines never import them or their libraries."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "engine.envs")


def imported_after(code: str) -> list[str]:
    probe = (code + "\nimport json, sys\n"
             f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    names: list[str] = json.loads(done.stdout)
    return names


def test_playing_a_game_imports_none_of_the_adapters() -> None:
    code = ("import engine\nfor g in engine.games():\n"
            "    s = g.new_match(g.info.min_players, 1); s.observation(0)")
    assert imported_after(code) == []


def test_the_tensors_and_masks_need_no_adapter_library() -> None:
    code = ("import engine.envs as e\ne.action_space('race'); e.observation_encoder('sol')")
    assert imported_after(code) == ["engine.envs"]


def test_a_missing_library_names_the_extra_to_install() -> None:
    code = ("import sys\nsys.modules['pyspiel'] = None  # as if not installed\n"
            "import engine.envs\ntry:\n    engine.envs.openspiel_game('race', 2)\n"
            "except ImportError as error:\n    print(error)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert "needs the 'envs' extra" in done.stdout and "space-arena[envs]" in done.stdout, \
        done.stdout + done.stderr
