"""Fixtures that several scheduler test modules share."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scheduler.test_cli import arena

GREEDY = {"sector41": "sector41-greedy", "race": "race-greedy", "sol": "sol-greedy",
          "galaxies": "galaxies-greedy"}


@pytest.fixture(scope="session")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A database per game holding one real deal, played by a real tournament (the greedy
    bot against random, both seatings: two matches that share a seed). Tests that write
    to one work on a copy."""
    folder = tmp_path_factory.mktemp("recorded")
    out = {}
    for game, greedy in GREEDY.items():
        out[game] = folder / f"{game}.sqlite"
        arena("tournament", "--game", game, "--bot", f"greedy=builtin:{greedy}", "--bot",
              "random=builtin:random", "--rounds", "1", "--db", str(out[game]), "--seed", "3")
    return out
