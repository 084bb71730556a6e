"""The Tidegate island: topology (built once per map) plus a layout of terrain and tokens.

`Board` is immutable. `read_board(path)` reads a Tiled map (schema in maps/README.md) and
checks TG-1.2..1.5; `random_layout` draws a uniform valid layout for TG-1.6.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.errors import MapError
from game.core.hexgrid import Hex, HexTopology, TiledHexLayout, neighbours, offset_to_axial
from game.core.paths import map_key
from game.core.rng import Rng
from game.core.tiled import (
    TiledMapData, cached_board, choice_prop, read_map, require_ruleset, str_prop,
)
from game.tidegate.constants import (
    GATE_COUNT, HOT_NUMBERS, TERRAIN_COUNTS, TERRAIN_RESOURCE, TERRAINS, TOKEN_NUMBERS,
)

LAND = frozenset(TERRAINS)
LAYOUT_MODES = ("random", "fixed")  # TG-1.6


@dataclass(frozen=True)
class Board:
    """One island: hexes, terrain and tokens per hex index, gate edges, derived tables."""

    topo: HexTopology
    terrain: tuple[str, ...]            # per hex index
    tokens: tuple[int | None, ...]      # per hex index (None: fog)
    gates: tuple[int, ...]              # gate edge ids
    map_path: str = ""
    title: str = ""
    sea: tuple[Hex, ...] = ()           # decorative sea hexes from the map
    layout: TiledHexLayout | None = None
    layout_mode: str = "random"         # TG-1.6: the map property `layout` (fixed / random)
    # derived (filled in __post_init__)
    gate_vertices: frozenset[int] = field(default=frozenset(), init=False)
    rolls: dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]] = field(default_factory=dict, init=False)
    vertex_pips: tuple[int, ...] = field(default=(), init=False)
    vertex_resources: tuple[frozenset[int], ...] = field(default=(), init=False)

    def __post_init__(self) -> None:
        topo = self.topo
        gv = frozenset(v for e in self.gates for v in topo.edge_vertices[e])
        object.__setattr__(self, "gate_vertices", gv)
        rolls: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        for hi, number in enumerate(self.tokens):
            res = TERRAIN_RESOURCE[self.terrain[hi]]
            if number is not None and res is not None:
                rolls.setdefault(number, []).append((hi, res, topo.hex_vertices[hi]))
        object.__setattr__(self, "rolls", {n: tuple(v) for n, v in rolls.items()})
        pips, kinds = [], []
        for v in range(len(topo.vertex_keys)):
            total, types = 0, set()
            for hi in topo.vertex_hexes[v]:
                n, res = self.tokens[hi], TERRAIN_RESOURCE[self.terrain[hi]]
                if n is not None and res is not None:
                    total += 6 - abs(7 - n)
                    types.add(res)
            pips.append(total)
            kinds.append(frozenset(types))
        object.__setattr__(self, "vertex_pips", tuple(pips))
        object.__setattr__(self, "vertex_resources", tuple(kinds))

    @property
    def vertex_count(self) -> int:
        return len(self.topo.vertex_keys)

    @property
    def edge_count(self) -> int:
        return len(self.topo.edge_vertices)

    def with_layout(self, terrain: tuple[str, ...], tokens: tuple[int | None, ...]) -> "Board":
        return Board(self.topo, terrain, tokens, self.gates, self.map_path, self.title,
                     self.sea, self.layout, self.layout_mode)

    def to_json(self) -> dict[str, Any]:
        return {
            "map": map_key(self.map_path),
            "hexes": [list(h) for h in self.topo.hexes],
            "terrain": list(self.terrain),
            "tokens": list(self.tokens),
            "gates": list(self.gates),
        }


def hot_pairs_ok(topo: HexTopology, tokens: tuple[int | None, ...]) -> bool:
    """TG-1.4: no two hexes with a 6 or 8 are adjacent."""
    for hi, n in enumerate(tokens):
        if n in HOT_NUMBERS:
            for nb in neighbours(topo.hexes[hi]):
                j = topo.hex_index.get(nb)
                if j is not None and j > hi and tokens[j] in HOT_NUMBERS:
                    return False
    return True


def check_layout(topo: HexTopology, terrain: tuple[str, ...], tokens: tuple[int | None, ...],
                 path: str = "", where: str = "layout") -> None:
    """Raise MapError unless the layout satisfies TG-1.2, TG-1.3 and TG-1.4."""
    counts = {t: terrain.count(t) for t in TERRAINS}
    for t in TERRAINS:
        if counts[t] != TERRAIN_COUNTS.get(t, 0):
            raise MapError(path, "layer 'terrain'", "terrain_count", terrain=t,
                           found=counts[t], expected=TERRAIN_COUNTS.get(t, 0))
    for hi, (t, n) in enumerate(zip(terrain, tokens)):
        col_row = topo.hexes[hi]
        if TERRAIN_RESOURCE[t] is None and n is not None:
            raise MapError(path, f"layer 'tokens' at hex {col_row}", "token_on_fog")
        if TERRAIN_RESOURCE[t] is not None and n is None:
            raise MapError(path, f"layer 'tokens' at hex {col_row}", "token_missing")
    found = tuple(sorted(n for n in tokens if n is not None))
    if found != TOKEN_NUMBERS:
        raise MapError(path, "layer 'tokens'", "token_set", found=list(found),
                       expected=list(TOKEN_NUMBERS))
    if not hot_pairs_ok(topo, tokens):
        raise MapError(path, "layer 'tokens'", "hot_adjacent")


def random_layout(board: Board, rng: Rng) -> Board:
    """TG-1.6: shuffle terrain and tokens together until TG-1.4 holds (uniform)."""
    pool = [t for t in TERRAINS for _ in range(TERRAIN_COUNTS.get(t, 0))]
    while True:
        terrain = list(pool)
        rng.shuffle(terrain)
        numbers = list(TOKEN_NUMBERS)
        rng.shuffle(numbers)
        it = iter(numbers)
        tokens = tuple(None if TERRAIN_RESOURCE[t] is None else next(it) for t in terrain)
        if hot_pairs_ok(board.topo, tokens):
            return board.with_layout(tuple(terrain), tokens)


def _connected(topo: HexTopology) -> bool:
    seen, stack = {topo.hexes[0]}, [topo.hexes[0]]
    while stack:
        for nb in neighbours(stack.pop()):
            if nb in topo.hex_index and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(topo.hexes)


def board_from_map(data: TiledMapData) -> Board:
    """Build and validate a Board from a read Tiled map (TG-1.1..1.5)."""
    path = data.path
    require_ruleset(data, "tidegate")
    if data.orientation != "hexagonal" or data.stagger_axis != "y":
        raise MapError(path, "map", "wrong_orientation", found=data.orientation,
                       expected="hexagonal, stagger axis y (pointy-top)")
    index = data.stagger_index or "odd"
    terrain_grid = data.require_layer("terrain")
    token_grid = data.require_layer("tokens")
    land: dict[Hex, str] = {}
    sea: list[Hex] = []
    number: dict[Hex, int] = {}
    for row in range(data.height):
        for col in range(data.width):
            h = offset_to_axial(col, row, index)
            props = terrain_grid[row][col]
            if props is not None:
                kind = props.get("terrain")
                if kind == "sea":
                    sea.append(h)
                elif kind in LAND:
                    land[h] = kind
                else:
                    raise MapError(path, f"layer 'terrain' at ({col}, {row})", "bad_terrain",
                                   found=str(kind))
            tok = token_grid[row][col]
            if tok is not None:
                value = tok.get("token")
                if not isinstance(value, int) or isinstance(value, bool):
                    raise MapError(path, f"layer 'tokens' at ({col}, {row})", "bad_token",
                                   found=str(value))
                if h not in land:
                    raise MapError(path, f"layer 'tokens' at ({col}, {row})", "token_off_land")
                number[h] = value
    if not land:
        raise MapError(path, "layer 'terrain'", "no_land")
    topo = HexTopology.build(land)
    if not _connected(topo):
        raise MapError(path, "layer 'terrain'", "island_split")
    terrain = tuple(land[h] for h in topo.hexes)
    tokens = tuple(number.get(h) for h in topo.hexes)
    check_layout(topo, terrain, tokens, path)

    layout = TiledHexLayout(data.tile_width, data.tile_height, data.hex_side, index)
    coast = set(topo.coast_edges)
    midpoints = {e: layout.edge_midpoint(topo, e) for e in range(len(topo.edge_vertices))}
    tolerance = max(3.0, data.tile_width / 4)
    gates: list[int] = []
    for obj in data.require_objects("gates"):
        where = f"layer 'gates' object {obj.id}" + (f" '{obj.name}'" if obj.name else "")
        if obj.kind and obj.kind != "gate":
            continue
        best = min(midpoints, key=lambda e: (midpoints[e][0] - obj.x) ** 2 + (midpoints[e][1] - obj.y) ** 2)
        bx, by = midpoints[best]
        if (bx - obj.x) ** 2 + (by - obj.y) ** 2 > tolerance ** 2:
            raise MapError(path, where, "gate_off_edge")
        if best not in coast:
            raise MapError(path, where, "gate_not_coast")
        if best in gates:
            raise MapError(path, where, "gate_duplicate")
        gates.append(best)
    if len(gates) != GATE_COUNT:
        raise MapError(path, "layer 'gates'", "gate_count", found=len(gates), expected=GATE_COUNT)
    title = str_prop(data, "title", default="")
    mode = choice_prop(data, "layout", choices=LAYOUT_MODES, default="random")
    return Board(topo, terrain, tokens, tuple(sorted(gates)), path, title,
                 tuple(sorted(sea, key=lambda h: (h[1], h[0]))), layout, mode)


def read_board(path: str) -> Board:
    """The validated board of the map at `path` (shared through the core board cache)."""
    return cached_board("tidegate", path, lambda p: board_from_map(read_map(p)))
