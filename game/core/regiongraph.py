"""Region graphs: boards made of named regions (provinces) instead of cells.

A region is a set of cells of a Tiled tile layer whose tiles carry the same integer property
(e.g. `region_id`); two regions are neighbours when any two of their cells share a side, plus
any extra links a map declares (straits). `RegionGraph` is immutable and built once per map;
it answers connectivity questions and 0-1 BFS distances for any subset of active regions.
Reusable by every region-based ruleset.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable

from game.core.errors import MapError
from game.core.squaregrid import ORTHOGONAL
from game.core.tiled import TiledMapData

Cell = tuple[int, int]


def read_region_layer(data: TiledMapData, layer: str, key: str = "region_id",
                      low: int = 1, high: int = 64) -> list[list[int | None]]:
    """The region id of every cell of a tile layer (None where the cell is empty).

    Raises MapError `missing_layer` without the layer and `bad_region_tile` for a tile whose
    `key` property is not a whole number in low..high.
    """
    grid = data.require_layer(layer)
    out: list[list[int | None]] = []
    for row, line in enumerate(grid):
        ids: list[int | None] = []
        for col, props in enumerate(line):
            if props is None:
                ids.append(None)
                continue
            value = props.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise MapError(data.path, f"layer '{layer}' at ({col}, {row})", "bad_region_tile",
                               property=key, found=str(value), low=low, high=high)
            ids.append(value)
        out.append(ids)
    return out


@dataclass(frozen=True)
class RegionGraph:
    """Regions (sorted ids), their cells and their symmetric neighbour sets."""

    ids: tuple[int, ...]
    cells: dict[int, tuple[Cell, ...]]
    neighbours: dict[int, frozenset[int]]

    @classmethod
    def from_grid(cls, grid: list[list[int | None]]) -> "RegionGraph":
        """Regions from a grid of ids; neighbours are regions whose cells share a side."""
        cells: dict[int, list[Cell]] = {}
        links: dict[int, set[int]] = {}
        height = len(grid)
        for y in range(height):
            row = grid[y]
            for x, rid in enumerate(row):
                if rid is None:
                    continue
                cells.setdefault(rid, []).append((x, y))
                links.setdefault(rid, set())
                for dx, dy in ORTHOGONAL[1:3]:  # east and south: each pair seen once
                    nx, ny = x + dx, y + dy
                    if 0 <= ny < height and 0 <= nx < len(grid[ny]):
                        other = grid[ny][nx]
                        if other is not None and other != rid:
                            links[rid].add(other)
                            links.setdefault(other, set()).add(rid)
        ids = tuple(sorted(cells))
        return cls(ids, {r: tuple(cells[r]) for r in ids},
                   {r: frozenset(links[r]) for r in ids})

    def with_links(self, pairs: Iterable[tuple[int, int]]) -> "RegionGraph":
        """A copy with extra symmetric links (both ends must be regions of this graph)."""
        links = {r: set(n) for r, n in self.neighbours.items()}
        for a, b in pairs:
            if a not in links or b not in links:
                raise KeyError((a, b))
            if a != b:
                links[a].add(b)
                links[b].add(a)
        return RegionGraph(self.ids, self.cells, {r: frozenset(n) for r, n in links.items()})

    def restricted(self, keep: Iterable[int]) -> "RegionGraph":
        """The subgraph of the regions in `keep`."""
        kept = frozenset(keep) & frozenset(self.ids)
        ids = tuple(r for r in self.ids if r in kept)
        return RegionGraph(ids, {r: self.cells[r] for r in ids},
                           {r: self.neighbours[r] & kept for r in ids})

    def components(self, subset: Iterable[int] | None = None) -> list[list[int]]:
        """Connected groups of `subset` (default: every region), each sorted, by smallest id."""
        todo = set(self.ids if subset is None else subset)
        groups: list[list[int]] = []
        for start in sorted(todo):
            if start not in todo:
                continue
            todo.discard(start)
            group, stack = [start], [start]
            while stack:
                for nb in self.neighbours[stack.pop()]:
                    if nb in todo:
                        todo.discard(nb)
                        group.append(nb)
                        stack.append(nb)
            groups.append(sorted(group))
        return groups

    def is_connected(self, subset: Iterable[int] | None = None) -> bool:
        """True when `subset` (default: every region) forms one connected group."""
        return len(self.components(subset)) <= 1

    def crossings(self, sources: Iterable[int], free: Iterable[int] = ()) -> dict[int, int]:
        """For every region r: the fewest regions a path from a source to r passes *through*,
        not counting `free` regions (nor the sources, nor r itself). A 0-1 BFS where entering
        a region costs 0 if it is free, else 1. Regions out of reach are absent."""
        free_set = set(free)
        src = [s for s in sources if s in self.neighbours]
        free_set.update(src)
        best: dict[int, int] = {s: 0 for s in src}
        queue: deque[int] = deque(src)
        while queue:
            r = queue.popleft()
            d = best[r]
            for nb in self.neighbours[r]:
                nd = d if nb in free_set else d + 1
                if nb not in best or nd < best[nb]:
                    best[nb] = nd
                    if nd == d:
                        queue.appendleft(nb)
                    else:
                        queue.append(nb)
        return {r: d - (0 if r in free_set else 1) for r, d in best.items()}
