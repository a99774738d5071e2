"""Runs the play: matches, tournaments, ratings, results store, metrics and the CLI.

``play`` and ``tournament`` are the Python API: agents as functions ``(observation, legal,
time_left) -> action id``, ``Bot`` classes or built-in names, played in this process (see
``docs/running.md``).
"""

from ._api import TournamentResult, play, tournament
from ._pairings import Pairing, Schedule, gauntlet, round_robin
from ._ratings import Rating, expected_score, fit_elo, pairwise_outcomes, update_elo
from ._records import Faults, MatchRecord, SeatAction
from ._runner import MatchSpec, run_match
from ._sprt import SprtResult, sprt
from ._store import Store
from ._timecontrol import FaultPolicy, TimeControl
from ._tournament import TournamentConfig, play_tournament

__all__ = [
    "FaultPolicy",
    "Faults",
    "MatchRecord",
    "MatchSpec",
    "Pairing",
    "Rating",
    "Schedule",
    "SeatAction",
    "SprtResult",
    "Store",
    "TimeControl",
    "TournamentConfig",
    "TournamentResult",
    "expected_score",
    "fit_elo",
    "gauntlet",
    "pairwise_outcomes",
    "play",
    "play_tournament",
    "round_robin",
    "run_match",
    "sprt",
    "tournament",
    "update_elo",
]
