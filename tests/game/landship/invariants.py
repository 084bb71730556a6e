"""Landship invariants for the conformance suite and tools/soak.py (ported from the old
test_properties.py): integrity within 0..max; holding limits (S-4); AP spent never above AP
rolled and per-ship limits (A-3); one piece per cell, every piece on the board (B-3, M-4);
rounds <= max_rounds (V-5a); a turn never waits on end_turn/resign alone (D6); the legal
actions kept after an action equal a fresh enumeration."""

from __future__ import annotations

from game.core.rng import Rng
from game.landship import actions as A
from game.landship import legality
from game.landship.constants import BUILDERS, DIRECTIONS, FAST_SHIP, SHIP_TYPES
from game.landship.state import EMPTY, HULK, Phase


def check(state) -> None:
    b, params = state.board, state.board.params
    seen = set()
    owned: dict[tuple[int, str], int] = {}
    for s in state.ships.values():
        assert b.on_board[s.pos]
        assert state.cell[s.pos] == s.id
        assert s.pos not in seen
        seen.add(s.pos)
        assert 0 <= s.integrity <= params.stats(s.type).integrity
        assert 0 <= s.ap_spent <= 2 and 0 <= s.actions <= 2
        assert 0 <= s.moves <= (2 if s.type == FAST_SHIP else 1)
        assert not s.sink
        if s.owner != HULK:
            owned[(s.owner, s.type)] = owned.get((s.owner, s.type), 0) + 1
            assert not state.eliminated[s.owner]
        else:
            assert not s.pierce and not s.fresh
    assert sum(1 for c in state.cell if c != EMPTY) == len(state.ships)
    for (_seat, t), n in owned.items():
        assert n <= params.stats(t).limit
    assert 0 <= state.ap <= state.ap_rolled
    spent = sum(s.ap_spent for s in state.ships.values() if s.owner == state.current)
    if state.phase is Phase.ACTION:
        assert spent == state.ap_rolled - state.ap
    assert 1 <= state.round <= params.max_rounds
    if state.result() is None:
        legal = state.legal_actions(state.current)
        assert len(legal) > 2, "D6: more than end_turn/resign"
        # the list the rules kept after the action (legality.remember) is the enumeration
        assert legal == legality.plays(state, state.current) + [A.END_TURN, A.RESIGN]


def candidates(state, seat, legal, pick: Rng) -> list:
    """Every shape for every ship id (plus an unknown one) on every cell and two off it."""
    b = state.board
    ids = list(state.ships) + [state.next_id + 5]
    cells = [b.xy[c] for c in b.cells] + [(-1, 0), (b.width, 3)]
    out = [A.END_TURN, A.RESIGN]
    for i in ids:
        out += [A.Move(i, c) for c in cells]
        for j in ids:
            out += [A.Attack(i, j), A.Repair(i, j), A.Capture(i, j)]
        out += [A.Ram(i, d, k) for d in DIRECTIONS for k in range(0, 7)]
        ship = state.ships.get(i)
        if ship is not None and ship.type in BUILDERS:
            out += [A.Build(i, t, c) for t in SHIP_TYPES for c in cells]
        else:
            out += [A.Build(i, "fast_ship", (0, 0))]
    return out
