"""The Landship battlefield: a square grid read from a Tiled map, its topology built once (B).

`Board` is immutable apart from two lookup caches (areas and lines of fire), which only ever
memoise pure functions of the board. Cells are numbered `index = y * width + x` (the core
`SquareTopology`'s numbering, whose neighbour tables the board restricts to its cells); actions
and events carry `(x, y)` pairs. `read_board(path)` reads and validates a map (B-6) through the
core board cache, since boards never change.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import MapError
from game.core.paths import map_key
from game.core.squaregrid import SquareTopology, square_topology
from game.core.tiled import (
    TiledMapData, TiledObject, board_reduce, bool_prop, cached_board, int_prop, read_map, require_ruleset,
    str_prop,
)
from game.landship.constants import (
    DEFAULT_PARAMS, DIR_STEPS, RESOURCE_SHIP, SHIP_TYPES, Params,
)

Cell = tuple[int, int]
TERRAINS: tuple[str, ...] = ("sand", "rock")  # B-2
RULESET_ID = "landship"


@dataclass(frozen=True)
class Start:
    """One start object (B-6 layer `starts`): a ship of `ship_type` for `seat` (0-based)."""

    seat: int
    ship_type: str
    cell: int


@dataclass(frozen=True)
class Board:
    """One map: which cells exist, terrain, resource tiles, starts, parameters, topology."""

    width: int
    height: int
    on_board: tuple[bool, ...]          # per cell index (B-1)
    rock: tuple[bool, ...]              # per cell index (B-2)
    tiles: tuple[int, ...]              # resource tile cells, in reading order
    tiles_depleted: tuple[bool, ...]    # their state at the start (B-6 `depleted`)
    starts: tuple[Start, ...]
    params: Params = DEFAULT_PARAMS
    players_min: int = 2
    players_max: int = 2
    map_path: str = ""
    name_en: str = ""
    name_zh: str = ""
    tile_width: int = 16
    tile_height: int = 16
    # derived (filled in __post_init__)
    topology: SquareTopology | None = field(default=None, init=False, compare=False, repr=False)
    xy: tuple[Cell, ...] = field(default=(), init=False)
    step: tuple[tuple[int, ...], ...] = field(default=(), init=False)  # [cell][dir] -> cell or -1
    tile_index: dict[int, int] = field(default_factory=dict, init=False)
    cells: tuple[int, ...] = field(default=(), init=False)              # every on-board cell
    # (x, y) -> index of every on-board cell: for an action already judged (`index_of` checks)
    index_by_xy: dict[Cell, int] = field(default_factory=dict, init=False, compare=False, repr=False)
    # bit masks over cell indices (bit i = cell i), for reachability by whole rows at once
    cell_mask: int = field(default=0, init=False)        # on-board cells
    open_mask: int = field(default=0, init=False)        # on-board and not rock
    east_ok: int = field(default=0, init=False)          # cells with a column to their east
    west_ok: int = field(default=0, init=False)          # cells with a column to their west
    _areas: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    # memo of other pure functions of the board the rules ask often (keyed by the asker)
    memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    _lines: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    # memos of the movement rules (pure functions of their keys, see movement.py)
    reach_memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    moves_memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    paths_memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    families: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    rings: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    kits: dict = field(default_factory=dict, init=False, compare=False, repr=False)  # base.Kit

    def __reduce__(self) -> tuple:
        """Pickled without its memos, unpickled as the receiving process's equal board (see
        `game.core.tiled.board_reduce`)."""
        return board_reduce(self)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        topo = square_topology(w, h)
        on = self.on_board
        # the core topology's orthogonal neighbours by direction (N, E, S, W), restricted to
        # the cells of this board (-1: none that way)
        steps = []
        for i in range(topo.size):
            x, y = topo.xy(i)
            steps.append(tuple(
                topo.index(x + dx, y + dy)
                if topo.inside(x + dx, y + dy) and on[topo.index(x + dx, y + dy)] else -1
                for dx, dy in DIR_STEPS))
        object.__setattr__(self, "topology", topo)
        object.__setattr__(self, "xy", tuple(topo.xy(i) for i in range(topo.size)))
        object.__setattr__(self, "step", tuple(steps))
        object.__setattr__(self, "tile_index", {c: i for i, c in enumerate(self.tiles)})
        object.__setattr__(self, "cells", tuple(i for i in range(w * h) if self.on_board[i]))
        object.__setattr__(self, "index_by_xy", {self.xy[i]: i for i in self.cells})
        cell_mask = sum(1 << i for i in self.cells)
        object.__setattr__(self, "cell_mask", cell_mask)
        object.__setattr__(self, "open_mask", cell_mask & ~sum(1 << i for i in self.cells if self.rock[i]))
        object.__setattr__(self, "east_ok", sum(1 << i for i in range(w * h) if i % w < w - 1))
        object.__setattr__(self, "west_ok", sum(1 << i for i in range(w * h) if i % w > 0))

    # ---- cells ---------------------------------------------------------------------------
    def index_of(self, cell: Any) -> int:
        """The index of an `(x, y)` pair, or -1 when it is not a cell of this board (M-4)."""
        if not isinstance(cell, tuple) or len(cell) != 2:
            return -1
        x, y = cell
        if type(x) is not int or type(y) is not int:
            return -1
        if not (0 <= x < self.width and 0 <= y < self.height):
            return -1
        i = y * self.width + x
        return i if self.on_board[i] else -1

    def random_cell(self, x_roll: int, y_roll: int) -> int:
        """E-3: the cell (roll-1, roll-1), or -1 when it is void (reroll)."""
        return self.index_of((x_roll - 1, y_roll - 1))

    def distance(self, metric: str, a: int, b: int) -> int:
        (ax, ay), (bx, by) = self.xy[a], self.xy[b]
        dx, dy = abs(ax - bx), abs(ay - by)
        return dx + dy if metric == "manh" else max(dx, dy)

    def area(self, centre: int, metric: str, rmax: int, rmin: int = 0) -> tuple[int, ...]:
        """B-4: on-board cells whose distance from `centre` is in rmin..rmax (reading order)."""
        key = (centre, metric, rmax, rmin)
        found = self._areas.get(key)
        if found is None:
            cx, cy = self.xy[centre]
            out = []
            for y in range(max(0, cy - rmax), min(self.height, cy + rmax + 1)):
                for x in range(max(0, cx - rmax), min(self.width, cx + rmax + 1)):
                    dx, dy = abs(x - cx), abs(y - cy)
                    d = dx + dy if metric == "manh" else max(dx, dy)
                    i = y * self.width + x
                    if rmin <= d <= rmax and self.on_board[i]:
                        out.append(i)
            found = tuple(out)
            self._areas[key] = found
        return found

    def area_mask(self, centre: int, metric: str, rmax: int, rmin: int = 0) -> int:
        """`area(...)` as a bit mask (bit i = cell i), memoised likewise (one table per
        metric and radii, indexed by the centre: the rules ask this for every candidate)."""
        table = self._areas.get((metric, rmax, rmin))
        if table is None:
            table = self._areas[(metric, rmax, rmin)] = [-1] * (self.width * self.height)
        found = table[centre]
        if found < 0:
            found = self._disc(centre, metric, rmax)
            if rmin > 0:
                found &= ~self._disc(centre, metric, rmin - 1)
            table[centre] = found
        return found

    def _disc(self, centre: int, metric: str, r: int) -> int:
        """On-board cells within distance r of `centre` (none for r < 0), as a mask: one run
        of bits per row (the cells `area` lists, without visiting them one by one; a cold
        board asks this for every cell and radius, which was a fifth of a short benchmark)."""
        if r < 0:
            return 0
        w = self.width
        cx, cy = self.xy[centre]
        manh = metric == "manh"
        mask = 0
        for y in range(max(0, cy - r), min(self.height, cy + r + 1)):
            span = r - abs(y - cy) if manh else r
            x0, x1 = max(0, cx - span), min(w - 1, cx + span)
            mask |= ((1 << (x1 - x0 + 1)) - 1) << (y * w + x0)
        return mask & self.cell_mask

    def ring_masks(self, metric: str, rmax: int) -> tuple[int, ...]:
        """Per cell index, `area_mask(cell, metric, rmax, 1)` (0 off the board): the cells at
        distance 1..rmax, the candidates of a target search. Memoised in `rings`."""
        found = self.rings[(metric, rmax)] = tuple(
            self.area_mask(c, metric, rmax, 1) if self.on_board[c] else 0
            for c in range(self.width * self.height))
        return found

    def crossed(self, a: int, b: int) -> tuple[int, ...]:
        """C-3: cells (other than a and b) whose interior the open segment a-b passes through."""
        key = (a, b)
        found = self._lines.get(key)
        if found is None:
            ax, ay = self.xy[a]
            bx, by = self.xy[b]
            out = []
            for y in range(min(ay, by), max(ay, by) + 1):
                for x in range(min(ax, bx), max(ax, bx) + 1):
                    if (x, y) != (ax, ay) and (x, y) != (bx, by) and _crosses((ax, ay), (bx, by), (x, y)):
                        out.append(y * self.width + x)
            found = tuple(out)
            self._lines[key] = found
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "map": map_key(self.map_path),
            "name_en": self.name_en,
            "name_zh": self.name_zh,
            "width": self.width,
            "height": self.height,
            "cells": [list(self.xy[i]) for i in self.cells],
            "rock": [list(self.xy[i]) for i in self.cells if self.rock[i]],
            "tiles": [list(self.xy[c]) for c in self.tiles],
            "params": self.params.to_json(),
        }


def _crosses(a: Cell, b: Cell, c: Cell) -> bool:
    """The spec's C-3 reference test, exact: the segment's parameter interval [lo, hi] inside
    the cell, kept as integer fractions (numerator, positive denominator) compared by cross
    multiplication -- the same results as Python fractions, a few times faster (results are
    cached per board, but a board has thousands of lines)."""
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for p0, p1, cmin in ((2 * a[0] + 1, 2 * b[0] + 1, 2 * c[0]), (2 * a[1] + 1, 2 * b[1] + 1, 2 * c[1])):
        d = p1 - p0
        if d == 0:
            if not cmin < p0 < cmin + 2:
                return False
        else:
            n1, n2 = cmin - p0, cmin + 2 - p0
            if d < 0:
                n1, n2, d = -n1, -n2, -d
            if n1 > n2:
                n1, n2 = n2, n1
            if n1 * lo_d > lo_n * d:    # lo = max(lo, n1 / d)
                lo_n, lo_d = n1, d
            if n2 * hi_d < hi_n * d:    # hi = min(hi, n2 / d)
                hi_n, hi_d = n2, d
    return lo_n * hi_d < hi_n * lo_d


# ---- reading a map ---------------------------------------------------------------------------

def _where(layer: str, obj: TiledObject) -> str:
    return f"layer '{layer}' object {obj.id}" + (f" '{obj.name}'" if obj.name else "")


def _object_cell(data: TiledMapData, layer: str, obj: TiledObject, on_board: list[bool]) -> int:
    """B-6: floor-divide the object's centre by the tile size (pytmx gives every object a
    top-left origin, tile objects included, so the centre is (x + w/2, y + h/2))."""
    cx = obj.x + obj.width / 2
    cy = obj.y + obj.height / 2
    x, y = int(cx // data.tile_width), int(cy // data.tile_height)
    if not (0 <= x < data.width and 0 <= y < data.height) or not on_board[y * data.width + x]:
        where = _where(layer, obj)
        raise MapError(data.path, where, "landship_off_board", x=x, y=y)
    return y * data.width + x


def board_from_map(data: TiledMapData) -> Board:
    """Build and validate a Board from a read Tiled map (B-1..B-6, D36)."""
    path = data.path
    props = data.properties
    require_ruleset(data, RULESET_ID)
    grid = str_prop(data, "grid", default="square")
    if data.orientation != "orthogonal" or grid != "square":
        raise MapError(path, "map", "wrong_orientation",
                       found=f"{data.orientation}, grid={grid}", expected="orthogonal, grid=square")
    players_min = int_prop(data, "players_min", default=2, low=2)
    players_max = int_prop(data, "players_max", default=2, low=players_min)
    try:
        params = DEFAULT_PARAMS.with_overrides(props)
    except ValueError as exc:
        raise MapError(path, "map properties", "landship_bad_property", property=str(exc),
                       found=str(props.get(str(exc)))) from None

    w, h = data.width, data.height
    terrain = data.require_layer("terrain")
    on_board = [False] * (w * h)
    rock = [False] * (w * h)
    for y in range(h):
        for x in range(w):
            tile = terrain[y][x]
            if tile is None:
                continue
            kind = tile.get("terrain")
            if kind not in TERRAINS:
                raise MapError(path, f"layer 'terrain' at ({x}, {y})", "bad_terrain", found=str(kind))
            on_board[y * w + x] = True
            rock[y * w + x] = kind == "rock"
    if not any(on_board):
        raise MapError(path, "layer 'terrain'", "landship_no_cells")

    tiles: dict[int, bool] = {}
    for obj in data.require_objects("resources"):
        where = _where("resources", obj)
        cell = _object_cell(data, "resources", obj, on_board)
        if cell in tiles:
            raise MapError(path, where, "landship_cell_taken", x=cell % w, y=cell // w)
        tiles[cell] = bool_prop(obj.properties, "depleted", path=path, where=where, default=False)

    starts: list[Start] = []
    taken: set[int] = set()
    for obj in data.require_objects("starts"):
        where = _where("starts", obj)
        cell = _object_cell(data, "starts", obj, on_board)
        if cell in taken:
            raise MapError(path, where, "landship_cell_taken", x=cell % w, y=cell // w)
        player = int_prop(obj.properties, "player", path=path, where=where, low=1, high=players_max)
        ship_type = obj.properties.get("ship", RESOURCE_SHIP) or RESOURCE_SHIP
        if ship_type not in SHIP_TYPES:
            raise MapError(path, where, "landship_bad_ship", found=str(ship_type))
        if rock[cell]:
            raise MapError(path, where, "landship_start_on_rock", x=cell % w, y=cell // w)
        taken.add(cell)
        starts.append(Start(player - 1, str(ship_type), cell))
    counts = Counter((s.seat, s.ship_type) for s in starts)
    for seat in range(players_max):
        if counts[(seat, RESOURCE_SHIP)] != 1:
            raise MapError(path, "layer 'starts'", "landship_no_resource_ship", player=seat + 1,
                           found=counts[(seat, RESOURCE_SHIP)])
    for (seat, ship_type), n in sorted(counts.items()):
        if n > params.stats(ship_type).limit:
            raise MapError(path, "layer 'starts'", "landship_over_limit", player=seat + 1,
                           ship=ship_type, found=n, limit=params.stats(ship_type).limit)

    ordered = sorted(tiles)
    return Board(
        width=w, height=h, on_board=tuple(on_board), rock=tuple(rock),
        tiles=tuple(ordered), tiles_depleted=tuple(tiles[c] for c in ordered),
        starts=tuple(sorted(starts, key=lambda s: (s.seat, s.cell))), params=params,
        players_min=players_min, players_max=players_max, map_path=path,
        name_en=str(props.get("name_en", props.get("title", ""))),
        name_zh=str(props.get("name_zh", props.get("title_zh", ""))),
        tile_width=data.tile_width, tile_height=data.tile_height,
    )


def read_board(path: str) -> Board:
    """The validated board of the map at `path` (shared through the core board cache)."""
    return cached_board(RULESET_ID, path, load_board)


def load_board(path: str) -> Board:
    """Read and validate the map at `path` (no cache: `read_board` shares the result)."""
    return board_from_map(read_map(path))
