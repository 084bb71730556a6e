"""Tidegate invariants for the conformance suite and tools/soak.py (ported from the old
test_properties.py): resources never negative; score = outposts + 2 x cities (TG-7.3); piece
limits (TG-5.3); the distance rule (TG-5.1); every road network touches its owner's building;
rounds <= 12 (TG-7.2)."""

from __future__ import annotations

from game.core.rng import Rng
from game.tidegate import actions as A
from game.tidegate.constants import MAX_BUILDINGS, MAX_CITIES, MAX_ROADS, RESOURCES, ROUNDS
from game.tidegate.state import CITY, EMPTY, OUTPOST


def check(state) -> None:
    """Every invariant above, on any state."""
    topo = state.board.topo
    for seat in range(state.seat_count):
        assert min(state.resources[seat]) >= 0
        mine = [v for v, o in enumerate(state.vertex_owner) if o == seat]
        outposts = sum(1 for v in mine if state.vertex_level[v] == OUTPOST)
        cities = sum(1 for v in mine if state.vertex_level[v] == CITY)
        assert state.scores[seat] == outposts + 2 * cities
        assert outposts + cities <= MAX_BUILDINGS and cities <= MAX_CITIES
        roads = [e for e, o in enumerate(state.edge_owner) if o == seat]
        assert len(roads) <= MAX_ROADS
        remaining = set(roads)
        while remaining:  # every road component touches one of the seat's buildings
            comp, stack = set(), [remaining.pop()]
            while stack:
                e = stack.pop()
                comp.add(e)
                for v in topo.edge_vertices[e]:
                    for x in topo.vertex_edges[v]:
                        if x in remaining:
                            remaining.discard(x)
                            stack.append(x)
            touched = {v for e in comp for v in topo.edge_vertices[e]}
            assert any(state.vertex_owner[v] == seat for v in touched)
    for v, o in enumerate(state.vertex_owner):
        if o != EMPTY:
            assert all(state.vertex_owner[n] == EMPTY for n in topo.vertex_neighbours[v])
    assert state.round <= ROUNDS


def candidates(state, seat, legal, pick: Rng) -> list:
    """Every action shape on every place of the board."""
    b = state.board
    out = [A.ROLL, A.END_TURN]
    out += [A.BuildRoad(e) for e in range(b.edge_count + 1)]
    out += [A.BuildOutpost(v) for v in range(b.vertex_count + 1)]
    out += [A.BuildCity(v) for v in range(-1, b.vertex_count)]
    out += [A.Trade(g, t) for g in RESOURCES + ("gold",) for t in RESOURCES]
    return out


def options(pick: Rng, seats: int) -> dict:
    """Both layouts (TG-1.6) and shuffled seats."""
    return {"layout": ("random", "fixed")[pick.below(2)], "shuffle_seats": bool(pick.below(2))}
