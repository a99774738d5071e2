"""``python -m bots.run NAME``: run any reference bot as a process (see ``bots.builtin_names``)."""

from __future__ import annotations

import sys

from ._main import main
from ._registry import builtin, builtin_names

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in builtin_names():
        sys.exit(f"usage: python -m bots.run NAME [--address A --token T]; "
                 f"NAME is one of: {', '.join(builtin_names())}")
    kind = sys.argv.pop(1)
    main(builtin(kind), kind)
