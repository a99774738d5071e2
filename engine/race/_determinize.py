"""Determinization: a full match state consistent with what one seat observes.

A search bot that runs the engine in its own process cannot see the deck, the other hands,
the face-down goods or what others explored. ``from_observation`` rebuilds every public part
of the state from the observation and samples each hidden part from the cards the seat has
not seen (all 114 minus every tableau, its own hand and its own explored cards), so that
playouts from the result are playouts of a world the seat cannot tell from the real one.
"""

from __future__ import annotations

import random
from collections import Counter

from .._core import OptionError, Termination, shuffle
from ._cards import CARDS
from ._state import NO_CARD, RaceState, Seat
from ._view import Observation

_FULL_DECK = tuple(sorted(c.id for c in CARDS for _ in range(c.copies)))


def from_observation(observation: Observation, rng: random.Random) -> RaceState:
    """A ``RaceState`` with this observation for ``observation.seat``, hidden parts sampled.

    The unseen cards are sorted, shuffled with ``rng`` and dealt in a fixed order (other
    seats' hands and explored cards by seat, then the goods by seat and tableau position,
    then the discard pile; the rest is the supply), and the state's own RNG is seeded from
    ``rng``: the result depends only on the observation and ``rng``, never on the real
    hidden cards. The event log starts empty. What the observation cannot tell (which cards
    the seat discarded before) is sampled like any other unseen card. A spectator's
    observation (seat -1) works too: then every hand is sampled.

    Raises OptionError if the observation's counts do not add up to the 114 cards.
    """
    obs = observation
    n = len(obs.players)
    me = obs.seat
    unseen = Counter(_FULL_DECK)
    seen: list[int] = [t.card for p in obs.players for t in p.tableau]
    if 0 <= me < n:
        seen += list(obs.hand) + list(obs.explore_cards)
    unseen.subtract(seen)
    if any(v < 0 for v in unseen.values()):
        raise OptionError("the observation shows more copies of a card than the game has")
    pool = sorted(unseen.elements())
    shuffle(pool, rng)

    def deal(k: int) -> list[int]:
        if k > len(pool):
            raise OptionError("the observation's card counts exceed the 114 cards")
        return [pool.pop() for _ in range(k)]

    seed = rng.getrandbits(64)
    state = RaceState.__new__(RaceState)
    state.num_players = n
    state.seed = seed
    state.options = {"setup": "normal", "advanced": obs.advanced, "round_limit": obs.round_limit}
    state.rng = random.Random(seed)
    state._events = []
    state.advanced = obs.advanced
    state.round_limit = obs.round_limit
    state.seats = []
    for i, view in enumerate(obs.players):
        seat = Seat()
        seat.tableau = [[t.card, NO_CARD, t.placed_in] for t in view.tableau]
        seat.vp = view.vp_chips
        seat.actions = list(view.actions)
        seat.step = view.step
        seat.count = view.count
        seat.placing = view.placing
        seat.methods = [m.value for m in view.methods]
        seat.bonus = view.bonus
        seat.used = [(u.source_index, u.power_index) for u in view.used]
        seat.current = (view.current.source_index, view.current.power_index)
        seat.taken = list(view.taken)
        seat.produced = list(view.produced)
        seat.produced_on = list(view.produced_on)
        if i == me:
            seat.hand = list(obs.hand)
            seat.drawn = list(obs.explore_cards)
        state.seats.append(seat)
    for i, view in enumerate(obs.players):
        if i != me:
            state.seats[i].hand = deal(view.hand_count)
            state.seats[i].drawn = deal(view.explore_count)
    for i, view in enumerate(obs.players):
        for entry, card in zip(state.seats[i].tableau, view.tableau, strict=True):
            if card.good:
                entry[1] = deal(1)[0]
    state.discard = deal(obs.discard_count)
    state.deck = pool
    if len(pool) != obs.deck_count:
        raise OptionError(f"the observation's counts leave {len(pool)} cards for a supply "
                          f"of {obs.deck_count}")
    state.vp_pool = obs.vp_pool
    state.round = obs.round
    state.stage = obs.phase
    state.sub = obs.sub_step
    state.phase_no = obs.phase_number
    state.phases = list(zip(obs.phases, obs.phase_passes, strict=True))
    state.termination = Termination.NORMAL if obs.game_over else None
    state._cache = None
    state._stash = {}
    state.order = state._timing_order()
    for i in state.order:
        seat = state.seats[i]
        if i == me or not seat.step:
            continue
        if seat.step == "method" and not seat.methods:
            # Another seat's ways to place its world are private (they depend on its hand):
            # judge them on the sampled hand, as the reveal did, before the world joined.
            entry = seat.tableau.pop()
            seat.power_valid = None
            seat.methods = [m.value for m, _cost in state._methods(i, seat.placing)]
            seat.tableau.append(entry)
            seat.power_valid = None
        if not state._options(i):  # the sampled hand leaves nothing to choose: move it on
            state._continue(i)
    state._stash.clear()  # the seats not moved on have no decision stashed: pending builds all
    state._advance()
    return state
