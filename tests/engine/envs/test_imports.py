"""The adapters are an optional layer: the engines never import them or their libraries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "engine.envs")


def imported_after(code: str) -> list[str]:
    probe = code + f"\nimport sys\nprint(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return eval(done.stdout)  # a printed list of names


def test_playing_a_game_imports_none_of_the_adapters() -> None:
    code = ("import engine\nfor g in engine.games():\n"
            "    s = g.new_match(g.info.min_players, 1); s.observation(0)")
    assert imported_after(code) == []


def test_the_tensors_and_masks_need_no_adapter_library() -> None:
    code = ("import engine.envs as e\ne.action_space('race'); e.observation_encoder('sol')")
    assert imported_after(code) == ["engine.envs"]
