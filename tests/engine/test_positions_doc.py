"""The examples of docs/positions.md run and build what they say."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"


def test_every_example_of_the_positions_page_builds_its_position() -> None:
    examples = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert len(examples) == 2
    turns = []
    for code in examples:
        scope: dict[str, object] = {}
        exec(code, scope)  # noqa: S102 - our own documentation
        turns.append(scope["state"].turn)  # type: ignore[attr-defined]
    assert turns == [40, 7]
