"""The Node.js example bot plays Sol from the protocol alone (real processes, real gRPC)."""

from __future__ import annotations

from engine import Termination
from tests.bots.test_node_bot import PYTHON_RANDOM, node_bot  # noqa: F401 (the fixture)
from tests.support.harness import play_match


def test_the_node_bot_plays_a_sol_match(node_bot: str) -> None:  # noqa: F811
    record = play_match([f"node={node_bot}", f"py={PYTHON_RANDOM}"], game="sol",
                        options={"turn_limit": 20}, seed=3)
    assert record.result is not None
    assert record.result.termination is Termination.TURN_LIMIT, record.result.reason
    assert record.result.forfeited == ()
    assert all(faults.total == 0 for faults in record.faults), record.faults
    node_moves = [a for step in record.steps for a in step if a.seat == 0]
    assert node_moves and not any(a.defaulted for a in node_moves)
