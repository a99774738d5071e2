"""Build what one seat may know (the deck order is the only hidden thing), and static data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._board import BOARDS, Ring
from ._cards import (
    BASE_MOVEMENT,
    CARDS_PER_SUIT,
    EFFECTS,
    MAX_STACK,
    REWARDS,
    Effect,
    Station,
    Suit,
)
from ._messages import (
    BoardInfo,
    EdgeInfo,
    EffectCard,
    EyeInfo,
    GateView,
    PlayerView,
    RewardInfo,
    SolObservation,
    SolStaticData,
    SpaceInfo,
    SpaceView,
    Stage,
    SuitEffect,
)

if TYPE_CHECKING:
    from ._state import SolState

_STATIONS = tuple(Station)
_SUITS = tuple(Suit)


def observe(state: SolState, seat: int | None) -> SolObservation:
    """The observation of ``seat`` (None: a spectator); every seat sees the same public facts."""
    n = state.num_players
    board = state.board
    dv = state.dv
    spaces = []
    for s in range(board.size):
        counts = tuple(dv[s * n:(s + 1) * n])
        kind = state.st_type[s]
        if kind >= 0 or any(counts):
            spaces.append(SpaceView(s, counts, _STATIONS[kind] if kind >= 0 else None,
                                    state.st_owner[s] if kind >= 0 else None))
    gates = tuple(GateView(e, owner) for e, owner in enumerate(state.gate) if owner >= 0)
    players = tuple(
        PlayerView(
            q, state.eye[q], state.momentum[q], state.energy[q], state.hold[q],
            state.reserve[q], state.vapor[q], state.res_gates[q], state.res_st[3 * q],
            state.res_st[3 * q + 1], state.res_st[3 * q + 2], state.movement(q),
            _SUITS[state.held[q]] if state.held[q] >= 0 else None, board.launch[state.eye[q]],
            tuple(state.hold[q] if c == q else state.guest[q * n + c] for c in range(n)),
        )
        for q in range(n)
    )
    over = state.termination is not None
    return SolObservation(
        side=state.side,
        turn=state.turn,
        turn_limit=state.turn_limit,
        current_seat=state.current,
        your_seat=seat,
        deciding_seat=None if over else state._seat,
        stage=Stage.OVER if over else state.stage,
        flares_drawn=state.flares,
        instability=CARDS_PER_SUIT - state.flares,
        deck_size=len(state.deck),
        spaces=tuple(spaces),
        gates=gates,
        players=players,
        suit_effects=tuple(SuitEffect(_SUITS[s], Effect(e)) for s, e in state.effect_of.items()),
        movement_left=state.moves_left,
        active_effect=Effect(state.effect) if state.effect >= 0 else None,
        activated_spaces=tuple(state.activated),
        tolls_paid=tuple(q for q in range(n) if state.tolls & (1 << q)),
        drawn=tuple(_SUITS[s] for s in state.drawn),
        vestigial=state.vestigial,
    )


def static_data() -> SolStaticData:
    """Both board sides, the reward table and the effect cards."""
    boards = []
    for side in (4, 5):
        b = BOARDS[side]
        edges = sorted({(min(a, t), max(a, t), e) for a in range(b.size)
                        for t, e in b.neighbours[a]})
        boards.append(BoardInfo(
            side=side, orbit=b.orbit,
            spaces=tuple(SpaceInfo(s, b.ring_of[s], b.column_of[s], b.name(s))
                         for s in range(b.size)),
            edges=tuple(EdgeInfo(a, t, None if e < 0 else e) for a, t, e in edges),
            eyes=tuple(EyeInfo(k, b.launch[k]) for k in range(b.orbit)),
        ))
    return SolStaticData(
        boards=tuple(boards),
        rewards=tuple(RewardInfo(r, *REWARDS[r]) for r in Ring),
        effects=tuple(EffectCard(i.effect, i.colour, i.timing, i.text) for i in EFFECTS),
        max_stack=MAX_STACK,
        base_movement=BASE_MOVEMENT,
        cards_per_suit=CARDS_PER_SUIT,
    )
