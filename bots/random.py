"""``python -m bots.random``: the random bot as a process (plays any game)."""

from ._main import main
from .random_bot import RandomBot

if __name__ == "__main__":
    main(RandomBot, "random")
