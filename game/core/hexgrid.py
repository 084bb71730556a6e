"""Hex geometry for pointy-top hex boards: axial/cube coordinates, corners and sides.

Coordinates are axial `(q, r)` (cube `s = -q - r`). Vertices and edges are derived once per
board from its set of hexes and numbered in reading order (top to bottom, left to right), so
ids are stable for a given map. Corner positions use exact integer "lattice" units: a hex
centre sits at `(2q + r, 3r)` and its corners at the offsets in `CORNER_OFFSETS`, which makes
shared corners compare equal without floating point.

Tiled stores hex maps as staggered offset grids; `offset_to_axial` / `axial_to_offset` convert
for `staggeraxis="y"` (rows shifted) with `staggerindex` odd or even, and `TiledHexLayout`
gives pixel positions exactly as Tiled draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

Hex = tuple[int, int]

# Neighbour steps of a pointy-top hex, clockwise from east.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES: tuple[str, ...] = ("e", "se", "sw", "w", "nw", "ne")

# Corners clockwise from the top, in lattice units (x: half a hex width / 2, y: side / 2).
CORNER_NAMES: tuple[str, ...] = ("n", "ne", "se", "s", "sw", "nw")
CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
# Side k joins corner k and corner k+1; its name is the direction it faces.
SIDE_NAMES: tuple[str, ...] = ("ne", "e", "se", "sw", "w", "nw")


def neighbours(h: Hex) -> list[Hex]:
    """The six axial neighbours of `h`, clockwise from east."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hexagon(radius: int, centre: Hex = (0, 0)) -> list[Hex]:
    """All hexes within `radius` of `centre`, in reading order."""
    cq, cr = centre
    out = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            out.append((cq + q, cr + r))
    return out


def offset_to_axial(col: int, row: int, stagger_index: str = "odd") -> Hex:
    """Tiled staggered (axis y) column/row to axial; `stagger_index` is "odd" or "even"."""
    if stagger_index == "odd":
        return col - (row - (row & 1)) // 2, row
    return col - (row + (row & 1)) // 2, row


def axial_to_offset(h: Hex, stagger_index: str = "odd") -> tuple[int, int]:
    """Axial to Tiled staggered (axis y) column/row."""
    q, r = h
    if stagger_index == "odd":
        return q + (r - (r & 1)) // 2, r
    return q + (r + (r & 1)) // 2, r


def corner_key(h: Hex, k: int) -> tuple[int, int]:
    """Lattice position of corner `k` (see CORNER_NAMES) of hex `h`."""
    q, r = h
    dx, dy = CORNER_OFFSETS[k]
    return 2 * q + r + dx, 3 * r + dy


@dataclass(frozen=True)
class HexTopology:
    """Vertices, edges and their incidences for one set of hexes (built once per board).

    Every table is a tuple indexed by hex index, vertex id or edge id.
    """

    hexes: tuple[Hex, ...]
    hex_index: dict[Hex, int]
    vertex_keys: tuple[tuple[int, int], ...]
    hex_vertices: tuple[tuple[int, ...], ...]      # 6 vertex ids, clockwise from the top
    hex_edges: tuple[tuple[int, ...], ...]         # 6 edge ids, in SIDE_NAMES order
    vertex_hexes: tuple[tuple[int, ...], ...]      # 1..3 hex indices
    vertex_neighbours: tuple[tuple[int, ...], ...]  # vertices one edge away
    vertex_edges: tuple[tuple[int, ...], ...]      # 2..3 edge ids
    edge_vertices: tuple[tuple[int, int], ...]
    edge_hexes: tuple[tuple[int, ...], ...]        # 1 (coast) or 2 hex indices

    @classmethod
    def build(cls, hexes: Iterable[Hex]) -> "HexTopology":
        hex_list = tuple(sorted(set(hexes), key=lambda h: (h[1], h[0])))
        hex_index = {h: i for i, h in enumerate(hex_list)}
        keys = sorted(
            {corner_key(h, k) for h in hex_list for k in range(6)}, key=lambda p: (p[1], p[0])
        )
        vid = {p: i for i, p in enumerate(keys)}
        hex_vertices = tuple(tuple(vid[corner_key(h, k)] for k in range(6)) for h in hex_list)
        edge_set = set()
        for corners in hex_vertices:
            for k in range(6):
                a, b = corners[k], corners[(k + 1) % 6]
                edge_set.add((min(a, b), max(a, b)))

        def edge_order(e: tuple[int, int]) -> tuple[float, float]:
            (ax, ay), (bx, by) = keys[e[0]], keys[e[1]]
            return ((ay + by) / 2, (ax + bx) / 2)

        edges = sorted(edge_set, key=edge_order)
        eid = {e: i for i, e in enumerate(edges)}
        hex_edges = tuple(
            tuple(eid[(min(c[k], c[(k + 1) % 6]), max(c[k], c[(k + 1) % 6]))] for k in range(6))
            for c in hex_vertices
        )
        v_hexes: list[list[int]] = [[] for _ in keys]
        for hi, corners in enumerate(hex_vertices):
            for v in corners:
                v_hexes[v].append(hi)
        v_edges: list[list[int]] = [[] for _ in keys]
        v_nbrs: list[list[int]] = [[] for _ in keys]
        for e, (a, b) in enumerate(edges):
            v_edges[a].append(e)
            v_edges[b].append(e)
            v_nbrs[a].append(b)
            v_nbrs[b].append(a)
        e_hexes: list[list[int]] = [[] for _ in edges]
        for hi, sides in enumerate(hex_edges):
            for e in sides:
                e_hexes[e].append(hi)
        return cls(
            hexes=hex_list,
            hex_index=hex_index,
            vertex_keys=tuple(keys),
            hex_vertices=hex_vertices,
            hex_edges=hex_edges,
            vertex_hexes=tuple(tuple(x) for x in v_hexes),
            vertex_neighbours=tuple(tuple(sorted(x)) for x in v_nbrs),
            vertex_edges=tuple(tuple(sorted(x)) for x in v_edges),
            edge_vertices=tuple(edges),
            edge_hexes=tuple(tuple(sorted(x)) for x in e_hexes),
        )

    @property
    def coast_edges(self) -> tuple[int, ...]:
        """Edges with exactly one hex of this topology beside them."""
        return tuple(e for e, hs in enumerate(self.edge_hexes) if len(hs) == 1)

    def edge_between(self, a: int, b: int) -> int | None:
        """The edge joining vertices a and b, if any."""
        for e in self.vertex_edges[a]:
            if b in self.edge_vertices[e]:
                return e
        return None


@dataclass(frozen=True)
class TiledHexLayout:
    """Pixel geometry of a Tiled hex map (pointy-top, stagger axis y), as Tiled draws it."""

    tile_width: int
    tile_height: int
    side_length: int
    stagger_index: str = "odd"

    def centre(self, h: Hex) -> tuple[float, float]:
        col, row = axial_to_offset(h, self.stagger_index)
        shifted = (row % 2 == 1) == (self.stagger_index == "odd")
        x = col * self.tile_width + self.tile_width / 2 + (self.tile_width / 2 if shifted else 0)
        y = row * (self.tile_height + self.side_length) / 2 + self.tile_height / 2
        return x, y

    def tile_origin(self, h: Hex) -> tuple[float, float]:
        """Top-left pixel of the tile image of `h`."""
        cx, cy = self.centre(h)
        return cx - self.tile_width / 2, cy - self.tile_height / 2

    def corner(self, h: Hex, k: int) -> tuple[float, float]:
        cx, cy = self.centre(h)
        dx, dy = CORNER_OFFSETS[k]
        half_w = self.tile_width / 2
        ys = {-2: -self.tile_height / 2, -1: -self.side_length / 2,
              1: self.side_length / 2, 2: self.tile_height / 2}
        return cx + dx * half_w, cy + ys[dy]

    def vertex_position(self, topo: HexTopology, v: int) -> tuple[float, float]:
        """Pixel position of vertex `v` of `topo`."""
        hi = topo.vertex_hexes[v][0]
        k = topo.hex_vertices[hi].index(v)
        return self.corner(topo.hexes[hi], k)

    def edge_midpoint(self, topo: HexTopology, e: int) -> tuple[float, float]:
        a, b = topo.edge_vertices[e]
        (ax, ay), (bx, by) = self.vertex_position(topo, a), self.vertex_position(topo, b)
        return (ax + bx) / 2, (ay + by) / 2

    def pixel_to_hex(self, x: float, y: float, candidates: Iterable[Hex]) -> Hex | None:
        """The candidate hex whose centre is nearest to (x, y), if inside its tile circle."""
        best, best_d = None, (self.tile_width / 2 + 1) ** 2
        for h in candidates:
            cx, cy = self.centre(h)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d:
                best, best_d = h, d
        return best
