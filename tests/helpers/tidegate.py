"""Scenario builders for Tidegate tests: boards by row/tile, pieces placed directly, forced dice.

Placing pieces directly (instead of playing the setup) lets a test state exactly the situation
a rule talks about, as the spec's scenarios do. Only tests use these.
"""

from __future__ import annotations

from game import rulesets
from game.core import Setup
from game.core.hexgrid import CORNER_NAMES, SIDE_NAMES
from game.core.rng import force_dice
from game.tidegate.rules import TidegateGame
from game.tidegate.state import CITY, EMPTY, Phase


def new_game(seats: int = 2, seed: int = 7, layout: str = "fixed") -> TidegateGame:
    """A fresh game on the default map."""
    state = rulesets.get("tidegate").new_game(
        Setup(seats=("human",) * seats, seed=seed, options={"layout": layout}))
    assert isinstance(state, TidegateGame)
    return state


def tile(state: TidegateGame, row: int, nth: int) -> int:
    """Hex index of the nth tile (1-based) of island row `row` (1-based, top to bottom)."""
    hexes = state.board.topo.hexes
    rows = sorted({r for _, r in hexes})
    in_row = sorted((h for h in hexes if h[1] == rows[row - 1]), key=lambda h: h[0])
    return state.board.topo.hex_index[in_row[nth - 1]]


def corner(state: TidegateGame, hex_index: int, name: str) -> int:
    """Vertex id of corner `name` (n, ne, se, s, sw, nw) of a hex."""
    return state.board.topo.hex_vertices[hex_index][CORNER_NAMES.index(name)]


def side(state: TidegateGame, hex_index: int, name: str) -> int:
    """Edge id of side `name` (ne, e, se, sw, w, nw) of a hex."""
    return state.board.topo.hex_edges[hex_index][SIDE_NAMES.index(name)]


def skip_setup(state: TidegateGame) -> None:
    """Leave setup without placing anything: round 1, first seat to roll."""
    state.phase = Phase.ROLL
    state.round = 1
    state.turn_index = 0
    state.setup_vertex = EMPTY


def put_outpost(state: TidegateGame, seat: int, v: int, city: bool = False) -> None:
    """Place a building for free, with its score (no legality check)."""
    state._place_building(seat, v)
    if city:
        state.vertex_level[v] = CITY
        state.cities[seat] += 1
        state.scores[seat] += 1


def put_road(state: TidegateGame, seat: int, e: int) -> None:
    state.edge_owner[e] = seat
    state.seat_edges[seat].append(e)


def set_hand(state: TidegateGame, seat: int, wheat: int, stone: int, wood: int) -> None:
    state.resources[seat] = [wheat, stone, wood]


def force_roll(state: TidegateGame, total: int) -> None:
    """Make the next 2d6 sum to `total` (later rolls come from the game's own RNG)."""
    first = min(6, total - 1)
    force_dice(state, (first, total - first), then=state.rng)


def to_build_phase(state: TidegateGame, seat: int, total: int = 2) -> list:
    """Make it `seat`'s turn and roll `total`; returns the roll's events."""
    state.turn_index = state.order.index(seat)
    state.phase = Phase.ROLL
    force_roll(state, total)
    from game.tidegate.actions import ROLL
    return state.apply(seat, ROLL)


def free_spot(state: TidegateGame, v: int) -> bool:
    """TG-3.2 holds for a new building at v."""
    owner = state.vertex_owner
    return owner[v] == EMPTY and all(owner[n] == EMPTY for n in state.board.topo.vertex_neighbours[v])


def spread_buildings(state: TidegateGame, seat: int, count: int, cities: int = 0) -> list[int]:
    """Place `count` buildings (the first `cities` of them cities) on the first free spots."""
    placed: list[int] = []
    for v in range(state.board.vertex_count):
        if len(placed) == count:
            break
        if free_spot(state, v):
            put_outpost(state, seat, v, city=len(placed) < cities)
            placed.append(v)
    return placed


def road_to_free_spot(state: TidegateGame, seat: int) -> int:
    """Lay two roads from one of `seat`'s buildings to a free spot; return that vertex."""
    topo = state.board.topo
    for home in list(state.seat_vertices[seat]):
        for mid in topo.vertex_neighbours[home]:
            if state.vertex_owner[mid] != EMPTY:
                continue
            for target in topo.vertex_neighbours[mid]:
                if target != home and free_spot(state, target):
                    put_road(state, seat, topo.edge_between(home, mid))
                    put_road(state, seat, topo.edge_between(mid, target))
                    return target
    raise AssertionError("no free spot two edges from a building")
