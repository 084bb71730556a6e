"""Rule ids ↔ world pixels, and picking, for every kind of board: square grids, offset hexes
(Tiled's staggered maps), hex vertices/edges (any set of named points) and region maps.

World pixels are the map's own pixels (the .tmx's); the camera turns them into canvas pixels.
Pure math: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping, Sequence

Point = tuple[float, float]


@dataclass(frozen=True)
class SquareGeometry:
    """A grid of `cols` x `rows` cells of `tile_w` x `tile_h` pixels."""

    cols: int
    rows: int
    tile_w: int
    tile_h: int

    def centre(self, cell: tuple[int, int]) -> Point:
        col, row = cell
        return col * self.tile_w + self.tile_w / 2, row * self.tile_h + self.tile_h / 2

    def pick(self, p: Point) -> tuple[int, int] | None:
        col, row = int(p[0] // self.tile_w), int(p[1] // self.tile_h)
        if p[0] < 0 or p[1] < 0 or col >= self.cols or row >= self.rows:
            return None
        return col, row

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.tile_w, self.rows * self.tile_h


@dataclass(frozen=True)
class HexGeometry:
    """Tiled's staggered hex map: (col, row) offset cells, as pytmx gives them.

    `stagger_axis` "y": pointy-top hexes, every other row shifted right by half a tile;
    "x": flat-top hexes, every other column shifted down. `stagger_index` says whether the
    odd or the even rows/columns are shifted."""

    cols: int
    rows: int
    tile_w: int
    tile_h: int
    hex_side: int
    stagger_axis: str = "y"
    stagger_index: str = "odd"

    def _shifted(self, i: int) -> bool:
        return (i % 2 == 1) == (self.stagger_index == "odd")

    def centre(self, cell: tuple[int, int]) -> Point:
        col, row = cell
        if self.stagger_axis == "y":
            x = col * self.tile_w + self.tile_w / 2 + (self.tile_w / 2 if self._shifted(row) else 0)
            y = row * (self.tile_h + self.hex_side) / 2 + self.tile_h / 2
        else:
            x = col * (self.tile_w + self.hex_side) / 2 + self.tile_w / 2
            y = row * self.tile_h + self.tile_h / 2 + (self.tile_h / 2 if self._shifted(col) else 0)
        return x, y

    def tile_origin(self, cell: tuple[int, int]) -> Point:
        cx, cy = self.centre(cell)
        return cx - self.tile_w / 2, cy - self.tile_h / 2

    def pick(self, p: Point) -> tuple[int, int] | None:
        """The cell whose centre is nearest (hexes tile the plane, so nearest centre = inside)."""
        if self.stagger_axis == "y":
            row = int((p[1] - self.tile_h / 2) // ((self.tile_h + self.hex_side) / 2))
            col = int(p[0] // self.tile_w)
        else:
            col = int((p[0] - self.tile_w / 2) // ((self.tile_w + self.hex_side) / 2))
            row = int(p[1] // self.tile_h)
        best, best_d = None, float("inf")
        for c in range(col - 1, col + 3):
            for r in range(row - 1, row + 3):
                if 0 <= c < self.cols and 0 <= r < self.rows:
                    x, y = self.centre((c, r))
                    # scale so the hex's inner radius counts the same on both axes
                    d = ((x - p[0]) / self.tile_w) ** 2 + ((y - p[1]) / self.tile_h) ** 2
                    if d < best_d:
                        best, best_d = (c, r), d
        if best is None:
            return None
        x, y = self.centre(best)
        if abs(x - p[0]) > self.tile_w / 2 + 1 or abs(y - p[1]) > self.tile_h / 2 + 1:
            return None   # off the map's edge
        return best

    @property
    def size(self) -> tuple[int, int]:
        if self.stagger_axis == "y":
            return (self.cols * self.tile_w + self.tile_w // 2,
                    self.rows * (self.tile_h + self.hex_side) // 2 + (self.tile_h - self.hex_side) // 2)
        return (self.cols * (self.tile_w + self.hex_side) // 2 + (self.tile_w - self.hex_side) // 2,
                self.rows * self.tile_h + self.tile_h // 2)


class PointSet:
    """Named points (hex vertices, edge midpoints, unit spots) picked by distance."""

    def __init__(self, points: Mapping[Hashable, Point], radius: float) -> None:
        self.points = dict(points)
        self.radius = radius

    def pick(self, p: Point, among: Iterable[Hashable] | None = None) -> Hashable | None:
        """The nearest key within `radius` (only keys in `among`, when given)."""
        best, best_d = None, self.radius ** 2 + 1e-9
        for key in (self.points if among is None else among):
            x, y = self.points[key]
            d = (x - p[0]) ** 2 + (y - p[1]) ** 2
            if d < best_d:
                best, best_d = key, d
        return best


class RegionGeometry:
    """A region map: a grid of region ids (None = no region), one per `cell_w` x `cell_h` pixels
    (a tile layer, or a finer label grid), with a label point per region."""

    def __init__(self, grid: Sequence[Sequence[Hashable | None]], cell_w: int, cell_h: int) -> None:
        self.grid = [list(row) for row in grid]
        self.cell_w, self.cell_h = cell_w, cell_h
        sums: dict[Hashable, list[float]] = {}
        for r, row in enumerate(self.grid):
            for c, region in enumerate(row):
                if region is not None:
                    s = sums.setdefault(region, [0.0, 0.0, 0])
                    s[0] += (c + 0.5) * cell_w
                    s[1] += (r + 0.5) * cell_h
                    s[2] += 1
        self.centres = {k: (s[0] / s[2], s[1] / s[2]) for k, s in sums.items()}

    def centre(self, region: Hashable) -> Point:
        return self.centres[region]

    def pick(self, p: Point) -> Hashable | None:
        c, r = int(p[0] // self.cell_w), int(p[1] // self.cell_h)
        if p[0] < 0 or p[1] < 0 or r >= len(self.grid) or c >= len(self.grid[r]):
            return None
        return self.grid[r][c]


def hex_corner_points(layout, topo) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[str],
                                             list[tuple[int, int]]]:
    """World pixels of a hex-corner board (vertices and edges of hexes, as Tidegate's):
    vertex points, edge midpoints, each edge's direction ("v", "up", "down": which road sprite
    fits it) and hex centres. `layout`/`topo` are game.core.hexgrid's HexLayout/HexTopology."""
    vertices = [(round(x), round(y)) for x, y in
                (layout.vertex_position(topo, v) for v in range(len(topo.vertex_keys)))]
    edges, kinds = [], []
    for a, b in topo.edge_vertices:
        (ax, ay), (bx, by) = vertices[a], vertices[b]
        edges.append(((ax + bx) // 2, (ay + by) // 2))
        if ax == bx:
            kinds.append("v")
        else:
            left, right = ((ax, ay), (bx, by)) if ax < bx else ((bx, by), (ax, ay))
            kinds.append("up" if right[1] < left[1] else "down")
    centres = [(round(layout.centre(h)[0]), round(layout.centre(h)[1])) for h in topo.hexes]
    return vertices, edges, kinds, centres
