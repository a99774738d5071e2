"""Build Race for the Galaxy states with chosen hands and tableaux, and drive them by text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.race import CARDS, GAME, Phase, RaceState
from engine.race._cards import BY_NAME

ID = {c.name: c.id for c in CARDS}


def ids(names: Sequence[str]) -> list[int]:
    """Card ids of the named cards."""
    return [ID[n] for n in names]


def build(
    tableaux: Sequence[Sequence[str]],
    hands: Sequence[Sequence[str]] = (),
    goods: Mapping[int, Sequence[str]] | None = None,
    seed: int = 1,
    options: Mapping[str, object] | None = None,
    vp_pool: int | None = None,
) -> RaceState:
    """A state at the start of a round with these tableaux (all powers active) and hands.

    ``goods`` puts a good (a card from the supply) on the named worlds of a seat. Every card
    not placed stays in the supply, so the 114 cards are all accounted for.
    """
    n = len(tableaux)
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, RaceState)
    pool = Counter({c.id: c.copies for c in CARDS})
    for i, seat in enumerate(state.seats):
        seat.tableau = [[ID[name], -1, 0] for name in tableaux[i]]
        seat.hand = ids(hands[i]) if i < len(hands) else []
        seat.vp = 0
        seat.step = ""
        seat.drawn = []
        for cid in [e[0] for e in seat.tableau] + seat.hand:
            pool[cid] -= 1
            assert pool[cid] >= 0, f"too many copies of {CARDS[cid].name}"
    state.order = state._timing_order()
    deck = sorted(pool.elements())
    state.rng.shuffle(deck)
    state.deck, state.discard = deck, []
    for i, names in (goods or {}).items():
        for name in names:
            entry = next(e for e in state.seats[i].tableau if e[0] == ID[name])
            entry[1] = state.deck.pop()
    state.vp_pool = 12 * n if vp_pool is None else vp_pool
    state.round, state.phase_no, state.termination = 0, 0, None
    state.stage, state._cache = Phase.ROUND_DISCARD, None
    state._stash.clear()
    state._start_round()
    return state


def texts(state: RaceState, seat: int) -> list[str]:
    """The texts of a seat's legal actions."""
    return [a.text for a in state.pending()[seat].legal]


def act(state: RaceState, choices: Mapping[int, str] | None = None) -> None:
    """Apply one step: each pending seat takes the first action whose text contains its text
    (a seat not named takes its first legal action)."""
    picks: dict[int, int] = {}
    for seat, decision in state.pending().items():
        want = (choices or {}).get(seat)
        if want is None:
            picks[seat] = decision.legal[0].id
            continue
        match = [a for a in decision.legal if want in a.text]
        assert match, f"seat {seat}: no action with {want!r} in {[a.text for a in decision.legal]}"
        picks[seat] = match[0].id
    state.apply(picks)


def select(state: RaceState, *actions: str) -> None:
    """Every seat picks the action card with this text (one per seat, in seat order)."""
    act(state, dict(enumerate(actions)))


def until(state: RaceState, stage: Phase) -> None:
    """Take first legal actions until the match reaches ``stage``."""
    while state.stage is not stage and not state.is_over():
        act(state)


def census(state: RaceState) -> Counter[int]:
    """Every card in every zone, by design id."""
    found: Counter[int] = Counter(state.deck) + Counter(state.discard)
    for seat in state.seats:
        found.update(seat.hand)
        found.update(seat.drawn)
        for cid, good, _placed in seat.tableau:
            found[cid] += 1
            if good != -1:
                found[good] += 1
    return found


FULL = Counter({c.id: c.copies for c in CARDS})
NAMES = BY_NAME
