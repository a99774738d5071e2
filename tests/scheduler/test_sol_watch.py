"""``arena watch`` follows a running Sol match (a spectator: public information only)."""

from __future__ import annotations

from scheduler._runner import MatchSpec
from tests.support.harness import RANDOM_PROCESS, watched_match


def test_a_sol_match_is_followed_to_its_end() -> None:
    output, record, _ = watched_match([f"a={RANDOM_PROCESS}", f"b={RANDOM_PROCESS}"],
                                      MatchSpec("sunwatch", "sol", 3, {"turn_limit": 8}))
    lines = output.splitlines()
    assert lines[0] == "sunwatch (sol): seat 0 a, seat 1 b"
    assert len([line for line in lines if line.startswith("  [")]) >= len(record.steps)
    assert lines[-1].startswith("ended:") and "turn_limit" in lines[-1], lines[-1]
