"""Helpers for Sol tests: hand-built positions, actions picked by text."""

from __future__ import annotations

from engine import Decision
from engine.sol import Effect, Position, Ring, SolState, Station, Suit, build_position
from engine.sol import _actions as act


def position(players: int = 2) -> SolState:
    """A match with an empty board (``build_position``), seat 0 to act; everybody holds 8
    sundivers and 3 energy. Tests add pieces with ``put``, ``station`` and ``gate``, then
    ``start`` the turn afresh."""
    return build_position(Position(players))


def holding(effect: Effect, players: int = 2) -> SolState:
    """A blank position where seat 0 holds a card of a suit carrying ``effect``, with eight
    cards of another suit (no flare) on top of the deck."""
    st = position(players=players)
    suit = st.suits[1]
    st.effect_of[suit] = int(effect)
    st.held[0] = suit
    deck_top(st, *([Suit(st.suits[2])] * 8))
    return st


def start(state: SolState) -> None:
    """Open the current seat's turn on the hand-built position."""
    state.reopen_turn()


def conversion_texts(state: SolState) -> list[str]:
    """Texts of the conversions open to the current seat now."""
    return [a.text for a in (
        act.conversion(i, state.side, None if o[0] < 0 else o[0], o[1], o[2],
                       None if o[3] < 0 else o[3])
        for i, o in enumerate(state._conversions(state.current)))]


def move_texts(state: SolState) -> list[str]:
    """Texts of the movement steps open to the current seat now."""
    return [a.text for a in act.steps(state.side, state._move_options(state.current))]


def sp(state: SolState, ring: Ring, column: int) -> int:
    """A space index by ring and column."""
    return state.board.space(ring, column)


def put(state: SolState, seat: int, space: int, count: int = 1) -> None:
    """Move ``count`` sundivers of ``seat`` from its hold onto ``space``."""
    state.dv[space * state.num_players + seat] += count
    state.hold[seat] -= count


def station(state: SolState, seat: int, space: int, kind: Station) -> None:
    """Build a station of ``seat`` on ``space`` from its reserve."""
    state._put_station(space, int(kind), seat)
    state.res_st[3 * seat + int(kind)] -= 1


def gate(state: SolState, seat: int, a: int, b: int) -> int:
    """Place a gate of ``seat`` between adjacent ``a`` and ``b``; its barrier index."""
    e = state.board.edge(a, b)
    assert e >= 0
    state.gate[e] = seat
    state.res_gates[seat] -= 1
    return e


def deck_top(state: SolState, *suits: Suit) -> None:
    """Make ``suits`` the next cards drawn, in order."""
    state.deck.extend(int(s) for s in reversed(suits))


def decision(state: SolState) -> Decision:
    """The one open decision."""
    (d,) = state.pending().values()
    return d


def texts(state: SolState) -> list[str]:
    """Texts of the legal actions now."""
    return [a.text for a in decision(state).legal]


def do(state: SolState, text: str) -> None:
    """Apply the legal action whose text is ``text`` (or the one that starts with it)."""
    d = decision(state)
    found = [a for a in d.legal if a.text == text] or [
        a for a in d.legal if a.text.startswith(text)]
    assert len(found) == 1, f"{text!r} matches {[a.text for a in found]} in {texts(state)}"
    state.apply({d.seat: found[0].id})


def seat(state: SolState) -> int:
    """The seat asked now."""
    return decision(state).seat


def do_first(state: SolState, prefix: str) -> None:
    """Apply the first legal action whose text starts with ``prefix``."""
    d = decision(state)
    found = [a for a in d.legal if a.text.startswith(prefix)]
    assert found, f"nothing starts with {prefix!r} in {texts(state)}"
    state.apply({d.seat: found[0].id})
