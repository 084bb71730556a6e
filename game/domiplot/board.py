"""The Domiplotism board: a region graph read from a Tiled map (M-1..M-4), built once per map.

`Board` is immutable (its `active` lookups are all built while validating). `load_board(path)`
reads and validates a map (schema in maps/domiplot/README.md; the Ruleset shares boards
through the core cache `game.core.tiled.cached_board`); `Board.active(n)` gives the regions in play for n players (M-4:
regions whose `min_players` is above n are removed) with their neighbour lists, indexed by
region id for the hot paths.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.errors import MapError
from game.core.paths import map_key
from game.core.regiongraph import RegionGraph, read_region_layer
from game.core.tiled import TiledMapData, int_prop, read_map, require_ruleset, str_prop
from game.domiplot.constants import TERRAINS

MAX_REGION_ID = 64          # M-4: region ids are 1..64
SEAT_RANGE = (2, 8)         # S-1
MIN_ACTIVE_REGIONS = 3      # M-4
# M-4 / section 15: map properties that override an option, with their smallest value.
MAP_OPTIONS: dict[str, int] = {
    "initial_hand": 0, "proposal_regions": 1, "proposal_adjacent": 1, "max_rounds": 1,
}


@dataclass(frozen=True)
class Region:
    """One region's fixed data (M-1, M-4)."""

    id: int
    name_en: str
    name_zh: str
    terrain: str
    min_players: int
    label: tuple[float, float]     # pixel where the label and flags are drawn


@dataclass(frozen=True)
class ActiveMap:
    """The regions in play for one player count, with lookups indexed by region id."""

    ids: tuple[int, ...]
    graph: RegionGraph
    is_active: tuple[bool, ...]                 # [region id]
    neighbours: tuple[tuple[int, ...], ...]     # [region id] -> sorted active neighbours
    # M-3 distances by the regions a seat flags (`regions.distances`): derived data only,
    # so the map stays immutable in meaning; a seat's flags change a few times a game.
    distance_memo: dict[tuple[int, ...], tuple[int, ...]] = field(
        default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Board:
    """One map: every region, the full graph, map properties and option overrides."""

    path: str
    name_en: str
    name_zh: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    min_players: int
    max_players: int
    regions: dict[int, Region]
    graph: RegionGraph
    overrides: dict[str, int]
    _active: dict[int, ActiveMap] = field(default_factory=dict, compare=False, repr=False)

    def active(self, players: int) -> ActiveMap:
        """M-4: the active regions for `players` players (cached)."""
        cached = self._active.get(players)
        if cached is None:
            ids = tuple(r for r in self.graph.ids if self.regions[r].min_players <= players)
            sub = self.graph.restricted(ids)
            size = MAX_REGION_ID + 1
            flags = [False] * size
            nbrs: list[tuple[int, ...]] = [()] * size
            for r in ids:
                flags[r] = True
                nbrs[r] = tuple(sorted(sub.neighbours[r]))
            cached = ActiveMap(ids, sub, tuple(flags), tuple(nbrs))
            self._active[players] = cached
        return cached

    def terrain(self, region: int) -> str:
        return self.regions[region].terrain

    def to_json(self) -> dict[str, Any]:
        return {
            "map": map_key(self.path),
            "name_en": self.name_en,
            "name_zh": self.name_zh,
            "regions": [
                {"id": r.id, "name_en": r.name_en, "name_zh": r.name_zh, "terrain": r.terrain,
                 "min_players": r.min_players, "label": list(r.label),
                 "neighbours": sorted(self.graph.neighbours[r.id])}
                for r in (self.regions[i] for i in self.graph.ids)
            ],
        }


def _extra_links(path: str, where: str, text: Any, known: set[int]) -> list[int]:
    if text is None or text == "":
        return []
    out: list[int] = []
    for part in str(text).split(","):
        part = part.strip()
        if not part.isdigit() or int(part) not in known:
            raise MapError(path, where, "bad_neighbor", found=part)
        out.append(int(part))
    return out


def board_from_map(data: TiledMapData) -> Board:
    """Build and validate a Board from a read Tiled map (M-1..M-4)."""
    path = data.path
    props = data.properties
    require_ruleset(data, "domiplot")
    if data.orientation != "orthogonal":
        raise MapError(path, "map", "wrong_orientation", found=data.orientation,
                       expected="orthogonal")
    low, high = SEAT_RANGE
    min_p = int_prop(data, "min_players", default=low, low=low, high=high)
    max_p = int_prop(data, "max_players", default=high, low=min_p, high=high)
    overrides = {key: int_prop(data, key, low=least, high=9999)
                 for key, least in MAP_OPTIONS.items() if key in props}

    grid = read_region_layer(data, "regions", "region_id", 1, MAX_REGION_ID)
    graph = RegionGraph.from_grid(grid)
    objects = data.require_objects("region_info")

    regions: dict[int, Region] = {}
    extra: list[tuple[int, int]] = []
    pending_links: list[tuple[int, str, Any]] = []
    for obj in objects:
        where = f"layer 'region_info' object {obj.id}" + (f" '{obj.name}'" if obj.name else "")
        p = obj.properties
        rid = int_prop(p, "region_id", path=path, where=where, low=1, high=MAX_REGION_ID)
        if rid in regions:
            raise MapError(path, where, "duplicate_region_info", region=rid)
        if rid not in graph.cells:
            raise MapError(path, where, "info_without_region", region=rid)
        names = [str_prop(p, key, path=path, where=where) for key in ("name_en", "name_zh")]
        for key, value in zip(("name_en", "name_zh"), names):
            if not value.strip():  # a name of spaces shows nothing on the map
                raise MapError(path, where, "missing_property", property=key)
        terrain = p.get("terrain")
        if terrain not in TERRAINS:
            raise MapError(path, where, "bad_terrain", found=str(terrain))
        min_players = int_prop(p, "min_players", path=path, where=where, default=2, low=low,
                               high=high)
        regions[rid] = Region(rid, names[0], names[1], str(terrain), min_players, (obj.x, obj.y))
        pending_links.append((rid, where, p.get("extra_neighbors")))
    for rid in graph.ids:
        if rid not in regions:
            raise MapError(path, "layer 'region_info'", "region_without_info", region=rid)
    for rid, where, text in pending_links:
        for other in _extra_links(path, where, text, set(regions)):
            extra.append((rid, other))
    graph = graph.with_links(extra)

    # Every region is one piece of land: its cells (plus its straits) do not fall apart.
    for rid in graph.ids:
        cells = set(graph.cells[rid])
        start = next(iter(cells))
        seen, stack = {start}, [start]
        while stack:
            x, y = stack.pop()
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        if len(seen) != len(cells):
            raise MapError(path, f"layer 'regions' region {rid}", "region_split", region=rid)

    board = Board(path, str(props.get("name_en", props.get("title", ""))),
                  str(props.get("name_zh", props.get("title_zh", ""))),
                  data.width, data.height, data.tile_width, data.tile_height,
                  min_p, max_p, regions, graph, overrides)
    for players in range(min_p, max_p + 1):
        active = board.active(players)
        if len(active.ids) < MIN_ACTIVE_REGIONS:
            raise MapError(path, "layer 'regions'", "too_few_regions", players=players,
                           found=len(active.ids), expected=MIN_ACTIVE_REGIONS)
        if not active.graph.is_connected():
            raise MapError(path, "layer 'regions'", "graph_split", players=players)
    return board


def load_board(path: str) -> Board:
    """Read and validate the map at `path` (uncached: `Ruleset.new_game` caches boards)."""
    return board_from_map(read_map(path))
