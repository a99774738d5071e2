"""A public builder of Sol positions from a readable description (for tests, and for bots that
search from a position): ``build_position(Position(...))``.

Spaces are named as the board names them (``"C4"``: convective column 4; K, R, C, I, O from
the core out); a gate by the two spaces it joins. What a description leaves out follows from
conservation: each seat's reserve holds the sundivers, stations and gates not elsewhere, and
every card of the deck's suits that is not in the deck or held lies in the discards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .._core import OptionError
from .._position import seats_and_turn
from ._board import BOARDS, side_for
from ._cards import (
    CARDS_PER_SUIT,
    GATES,
    MAX_STACK,
    START_ENERGY,
    START_HOLD,
    STATIONS_EACH,
    SUNDIVERS,
    Effect,
    Station,
    Suit,
)
from ._effects import IMPLEMENTED
from ._state import SolState


@dataclass(frozen=True)
class Seat:
    """One player's pieces off the board. ``hold``: its own sundivers in its hold;
    ``vaporised``: its sundivers hurled or sacrificed (gone for good); ``held``: the card it
    keeps (None: none); ``eye``: its mothership's eye (None: where the setup put it)."""

    energy: int = START_ENERGY
    momentum: int = 0
    hold: int = START_HOLD
    vaporised: int = 0
    held: Suit | None = None
    eye: int | None = None


@dataclass(frozen=True)
class Position:
    """A position at the start of ``current``'s turn.

    ``sundivers``: space name -> {seat: count}; ``stations``: space name -> (type, owner);
    ``gates``: (space name, space name) -> owner, the two spaces on either side of a barrier.
    ``seats``: one ``Seat`` per player (empty: the setup's pieces for everybody).
    ``effects``: the deck's suits and the effect each carries (None: the seed's draw, as a
    new match without vestigial structures makes it); the flares must be among them.
    ``deck``: the undrawn cards, top (next drawn) first (None: every card of the deck's
    suits not held and not a drawn flare, shuffled by the seed). ``flares``: how many flares
    were drawn (None: 13 minus the flares in the given deck, else 0).
    ``turn``: the number of the turn that starts (1 for the first).
    """

    players: int = 2
    seats: Sequence[Seat] = ()
    sundivers: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    stations: Mapping[str, tuple[Station, int]] = field(default_factory=dict)
    gates: Mapping[tuple[str, str], int] = field(default_factory=dict)
    effects: Mapping[Suit, Effect] | None = None
    deck: Sequence[Suit] | None = None
    flares: int | None = None
    current: int = 0
    turn: int = 1
    seed: int = 0
    turn_limit: int = 2000


def build_position(position: Position) -> SolState:
    """The state of ``position``, its current seat's turn open; raises ``OptionError`` naming
    what is wrong when the description breaks a limit or conservation."""
    n = position.players
    seats = seats_and_turn(n, position.seats, Seat, position.current, position.turn,
                           position.turn_limit)
    # Without effects, the seed deals them as a new match without vestigial structures does.
    state = SolState(n, position.seed, {
        "vestigial": False, "effects": "blue" if position.effects is None else "all",
        "turn_limit": position.turn_limit})
    board = BOARDS[side_for(n)]
    spaces = {board.name(s): s for s in range(board.size)}

    def space(name: str, what: str) -> int:
        if name not in spaces:
            raise OptionError(f"{what}: no space {name!r} on the {board.orbit}-eye side "
                              f"(spaces are named K0-K4, R0-R7, C0-C12, I0-I{board.orbit - 1}, "
                              f"O0-O{board.orbit - 1})")
        return spaces[name]

    def seat_of(seat: int, what: str) -> int:
        if not 0 <= seat < n:
            raise OptionError(f"{what}: no seat {seat} (seats are 0-{n - 1})")
        return seat

    # The board.
    dv = [0] * (board.size * n)
    for name, counts in position.sundivers.items():
        s = space(name, "sundivers")
        for seat, count in counts.items():
            seat_of(seat, f"sundivers on {name}")
            if not 0 <= count <= MAX_STACK:
                raise OptionError(f"sundivers on {name}: seat {seat} has {count}; a space "
                                  f"holds 0-{MAX_STACK} of one colour")
            dv[s * n + seat] = count
    state.dv = dv
    state.st_type = [-1] * board.size
    state.st_owner = [-1] * board.size
    state.st_count = [0] * (5 * n)
    res_st = [STATIONS_EACH] * (3 * n)
    for name, (kind, owner) in position.stations.items():
        s = space(name, "stations")
        seat_of(owner, f"the station on {name}")
        kind = Station(kind)
        res_st[3 * owner + int(kind)] -= 1
        if res_st[3 * owner + int(kind)] < 0:
            raise OptionError(f"stations: seat {owner} has more than {STATIONS_EACH} "
                              f"{kind.name.lower()}s")
        state._put_station(s, int(kind), owner)
    state.res_st = res_st
    gate = [-1] * len(board.barriers)
    res_gates = [GATES] * n
    for (a, b), owner in position.gates.items():
        sa, sb = space(a, "gates"), space(b, "gates")
        seat_of(owner, f"the gate {a}-{b}")
        e = board.edge(sa, sb) if board.adjacent(sa, sb) else -1
        if e < 0:
            raise OptionError(f"gates: {a} and {b} are not on either side of a barrier")
        if gate[e] >= 0:
            raise OptionError(f"gates: two gates between {a} and {b}")
        gate[e] = owner
        res_gates[owner] -= 1
        if res_gates[owner] < 0:
            raise OptionError(f"gates: seat {owner} has more than {GATES}")
    state.gate = gate
    state.res_gates = res_gates

    # The seats.
    for q, desc in enumerate(seats):
        if min(desc.energy, desc.momentum, desc.hold, desc.vaporised) < 0:
            raise OptionError(f"seat {q}: energy, momentum, hold and vaporised must be >= 0")
        reserve = SUNDIVERS - desc.hold - desc.vaporised - sum(dv[q::n])
        if reserve < 0:
            raise OptionError(f"seat {q}: {desc.hold} in the hold, {desc.vaporised} "
                              f"vaporised and {sum(dv[q::n])} on the board exceed its "
                              f"{SUNDIVERS} sundivers")
        if desc.eye is not None and not 0 <= desc.eye < board.orbit:
            raise OptionError(f"seat {q}: eye must be 0-{board.orbit - 1}, not {desc.eye}")
    state.hold = [desc.hold for desc in seats]
    state.vapor = [desc.vaporised for desc in seats]
    state.reserve = [SUNDIVERS - desc.hold - desc.vaporised - sum(dv[q::n])
                     for q, desc in enumerate(seats)]
    state.guest = [0] * (n * n)
    state.energy = [desc.energy for desc in seats]
    state.momentum = [desc.momentum for desc in seats]
    state.eye = [state.eye[q] if desc.eye is None else desc.eye for q, desc in enumerate(seats)]

    # The cards.
    if position.effects is None:
        effects = {Suit(s): Effect(e) for s, e in state.effect_of.items()}
    else:
        effects = {Suit(s): Effect(e) for s, e in position.effects.items()}
    if Suit.FLARE not in effects:
        raise OptionError("effects: the deck's suits must include the flares (Suit.FLARE)")
    for effect in effects.values():
        if effect not in IMPLEMENTED:
            raise OptionError(f"effects: {effect.name} is not implemented")
    suits = sorted(int(s) for s in effects)
    held = [desc.held for desc in seats]
    for q, suit in enumerate(held):
        if suit is not None and suit not in effects:
            raise OptionError(f"seat {q} holds a {suit.name.lower()} card, not a suit of the "
                              f"deck ({', '.join(Suit(s).name.lower() for s in suits)})")
    out = {s: sum(1 for h in held if h == s) for s in effects}  # cards held, by suit
    if position.deck is None:
        flares = position.flares or 0
        if not out[Suit.FLARE] <= flares <= CARDS_PER_SUIT - 1:
            raise OptionError(f"flares: {flares} drawn, but it must be 0-{CARDS_PER_SUIT - 1} "
                              f"and at least the {out[Suit.FLARE]} flares held")
        deck = [int(s) for s in suits for _ in range(CARDS_PER_SUIT - out[Suit(s)])]
        for _ in range(flares - out[Suit.FLARE]):
            deck.remove(int(Suit.FLARE))
        state.rng.shuffle(deck)
    else:
        deck = [int(Suit(s)) for s in reversed(position.deck)]  # the top is the list's end
        for s in set(deck):
            if Suit(s) not in effects:
                raise OptionError(f"deck: {Suit(s).name.lower()} is not a suit of the deck")
        for s in effects:
            if deck.count(int(s)) + out[s] > CARDS_PER_SUIT:
                raise OptionError(f"deck: more than {CARDS_PER_SUIT} {s.name.lower()} cards "
                                  f"in the deck and held")
        flares = CARDS_PER_SUIT - deck.count(int(Suit.FLARE))
        if position.flares is not None and position.flares != flares:
            raise OptionError(f"flares: {position.flares} drawn, but the deck leaves "
                              f"{deck.count(int(Suit.FLARE))} of {CARDS_PER_SUIT}: {flares}")
        if flares >= CARDS_PER_SUIT:
            raise OptionError("deck: no flare left (the 13th flare ends the game)")
    discards = [int(s) for s in suits
                for _ in range(CARDS_PER_SUIT - deck.count(int(s)) - out[Suit(s)])]
    state.suits = suits
    state.effect_of = {int(s): int(e) for s, e in effects.items()}
    state.options["effects"] = ",".join(e.name for e in effects.values())
    state.deck = deck
    state.discards = discards
    state.flares = flares
    state.held = [-1 if h is None else int(h) for h in held]

    # The turn.
    state._events = []
    state.log(f"Position built: {n} players, seat {position.current} to play turn "
              f"{position.turn}")
    state.current = position.current
    state.turn = position.turn
    state.reopen_turn()
    return state

