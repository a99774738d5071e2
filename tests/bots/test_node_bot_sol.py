"""The Node.js example bot plays Sol from the protocol alone (real processes), over both
transports: launched by the arena (stdin and stdout, binary frames: Sol's static data makes
frames of several reads) and registered (gRPC against a served arena)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Termination
from scheduler._records import MatchRecord
from tests.bots.test_node_bot import PYTHON_RANDOM, node_bot, play_over_grpc  # noqa: F401
from tests.support.harness import play_match

OPTIONS = {"turn_limit": 20}


@pytest.mark.parametrize("transport", ["stdio", "grpc"])
def test_the_node_bot_plays_a_sol_match(node_bot: str, transport: str,  # noqa: F811
                                        tmp_path: Path) -> None:
    record: MatchRecord
    if transport == "stdio":
        record = play_match([f"node={node_bot}", f"py={PYTHON_RANDOM}"], game="sol",
                            options=OPTIONS, seed=3)
    else:
        record = play_over_grpc(node_bot, tmp_path, "sol", options=OPTIONS, seed=3)
    assert record.seats == ["node", "py"]
    assert record.result is not None
    assert record.result.termination is Termination.TURN_LIMIT, record.result.reason
    assert record.result.forfeited == ()
    assert all(faults.total == 0 for faults in record.faults), record.faults
    node_moves = [a for step in record.steps for a in step if a.seat == 0]
    assert node_moves and not any(a.defaulted for a in node_moves)
