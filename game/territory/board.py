"""The Dice for Land board: a square grid read from a Tiled map (T-1, T-3), built once.

`Board` is immutable: terrain, defense, specials, the cold zone, start regions, the Tree of
Life, ruins, treasures and neutral groups as the map sets them up, plus the topology every
rule needs (side neighbours, the 8 tiles around, coastal flags). Tiles are indexed
i = y * width + x ("tile order", T-1.1). `board_from_map(data)` validates (T-3.4); the
Ruleset's `read_board` reads a file with it and core's `cached_board` shares the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from game.core.errors import MapError
from game.core.paths import map_key
from game.core.squaregrid import SquareTopology, square_topology
from game.core.tiled import TiledMapData, board_reduce, choice_prop, int_prop, require_ruleset
from game.territory.constants import (
    DEFAULT_PARAMS, FACTIONS, KINDS, LAND, PARAM_RANGES, SEA, SPECIALS, SUBMISSIONS, VOLCANO,
    Cost, Params,
)

RACES: tuple[str, ...] = ("goblin", "undead")
FEATURES: tuple[str, ...] = ("ruin", "treasure", "cold", "start", "tree_of_life", "neutral")


# Entries of `Board.memo` kept at most (see `trim_memo`). Random games on Origin add about
# 1,300 entries each at first and about 300 each after 50 games (the board's situations
# recur), so this clears about every 40 games, at about 90 MB of process size; at 12,000 it
# cleared every 5 or so and memo misses (checker calls rebuilding what was forgotten) cost
# about 9 % of random play's CPU time.
MEMO_LIMIT = 30_000


@dataclass(frozen=True)
class NeutralGroup:
    """T-3.3 / T-14: a goblin site or undead land, hidden until revealed."""

    name: str
    race: str
    tiles: tuple[int, ...]
    camps: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """One map: what never changes during a game (see the module docstring)."""

    path: str
    title: str
    title_zh: str
    width: int
    height: int
    kind: tuple[int, ...]                 # LAND, SEA, CHASM, VOLCANO per tile
    defense: tuple[int, ...]              # terrain defense (land)
    special: tuple[int, ...]              # 0 none, 1 materials, 2 exotics
    cold: tuple[bool, ...]
    ruins: frozenset[int]
    treasures: dict[int, Cost | None]     # tile -> fixed contents (None: roll d6, T-15.2)
    starts: dict[str, tuple[int, ...]]    # faction -> its start region (tile order)
    tree: int                             # the Tree of Life tile, or -1
    groups: tuple[NeutralGroup, ...]
    params: Params
    min_players: int
    max_players: int
    # derived topology (filled in __post_init__; the neighbour tables are core's shared
    # SquareTopology of this size)
    topology: SquareTopology = field(default=None, init=False, compare=False, repr=False)  # type: ignore[assignment]
    sides: tuple[tuple[int, int, int, int], ...] = field(default=(), init=False)  # n e s w, -1 off
    adjacent: tuple[tuple[int, ...], ...] = field(default=(), init=False)
    around: tuple[tuple[int, ...], ...] = field(default=(), init=False)
    coastal: tuple[bool, ...] = field(default=(), init=False)
    group_of: tuple[int, ...] = field(default=(), init=False)
    land_tiles: tuple[int, ...] = field(default=(), init=False)
    volcanoes: tuple[int, ...] = field(default=(), init=False)
    size: int = field(default=0, init=False)      # number of tiles (width x height)
    sea_tiles: tuple[int, ...] = field(default=(), init=False)
    # Checker results that are pure functions of this board and a key naming everything
    # else they read (orders.py: per-tile candidates and arrows). Derived data, never game
    # state: shared by every game on the board and by clones.
    memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    def __reduce__(self) -> tuple:
        """Pickled without its memos, unpickled as the receiving process's equal board (see
        `game.core.tiled.board_reduce`)."""
        return board_reduce(self)

    def trim_memo(self) -> None:
        """Forget the memo once it holds `MEMO_LIMIT` entries (called at START of a turn,
        never while a caller holds a memoised value it is still filling): it is shared by
        every game on the board, so without a bound a long soak or benchmark grows it
        without end (and every full garbage collection walks all of it)."""
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        topo = square_topology(w, h)
        adjacent = topo.orthogonal                           # n, e, s, w order (T-1.2)
        around = tuple(tuple(sorted(k)) for k in topo.king)  # tile order (T-1.1)
        sides = tuple((i - w if i >= w else -1, i + 1 if i % w < w - 1 else -1,
                       i + w if i < w * (h - 1) else -1, i - 1 if i % w else -1)
                      for i in range(w * h))
        coastal = tuple(self.kind[i] == LAND and any(self.kind[j] == SEA for j in adjacent[i])
                        for i in range(w * h))
        group_of = [-1] * (w * h)
        for g, group in enumerate(self.groups):
            for t in group.tiles:
                group_of[t] = g
        object.__setattr__(self, "topology", topo)
        object.__setattr__(self, "size", w * h)
        object.__setattr__(self, "sea_tiles", tuple(i for i in range(w * h) if self.kind[i] == SEA))
        object.__setattr__(self, "sides", tuple(sides))
        object.__setattr__(self, "adjacent", tuple(adjacent))
        object.__setattr__(self, "around", tuple(around))
        object.__setattr__(self, "coastal", coastal)
        object.__setattr__(self, "group_of", tuple(group_of))
        object.__setattr__(self, "land_tiles", tuple(i for i in range(w * h) if self.kind[i] == LAND))
        object.__setattr__(self, "volcanoes", tuple(i for i in range(w * h) if self.kind[i] == VOLCANO))

    def xy(self, i: int) -> tuple[int, int]:
        """The (x, y) of tile index i."""
        return i % self.width, i // self.width

    def index(self, x: int, y: int) -> int:
        """The tile index of (x, y)."""
        return y * self.width + x

    def side_between(self, a: int, b: int) -> int:
        """The side of tile `a` that faces its neighbour `b` (0 n, 1 e, 2 s, 3 w), or -1."""
        s = self.sides[a]
        return s.index(b) if b in s else -1

    def to_json(self, public: bool = True) -> dict[str, Any]:
        """The board as plain data; `public` leaves out treasures and hidden groups (T-18.1)."""
        out: dict[str, Any] = {
            "map": map_key(self.path), "title": self.title, "title_zh": self.title_zh,
            "width": self.width, "height": self.height,
            "kind": [KINDS[k] for k in self.kind], "defense": list(self.defense),
            "special": [SPECIALS[s] for s in self.special], "cold": list(self.cold),
            "starts": {f: list(t) for f, t in self.starts.items()}, "tree": self.tree,
        }
        if not public:
            out["treasures"] = {str(t): (list(c) if c else None) for t, c in self.treasures.items()}
            out["groups"] = [{"name": g.name, "race": g.race, "tiles": list(g.tiles),
                              "camps": list(g.camps)} for g in self.groups]
        return out


def _contiguous(tiles: set[int], board_w: int, board_h: int) -> bool:
    """The tiles form one edge-connected area (T-3.4)."""
    if not tiles:
        return False
    orthogonal = square_topology(board_w, board_h).orthogonal
    start = min(tiles)
    seen, stack = {start}, [start]
    while stack:
        i = stack.pop()
        for j in orthogonal[i]:
            if j in tiles and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(tiles)


def board_from_map(data: TiledMapData) -> Board:
    """Build and validate a Board from a read Tiled map (T-3)."""
    path = data.path
    props = data.properties
    require_ruleset(data, "territory")
    if data.orientation != "orthogonal":
        raise MapError(path, "map", "wrong_orientation", found=data.orientation,
                       expected="orthogonal")

    changes: dict[str, Any] = {}
    for f in fields(Params):  # T-3.1: any [P] may be overridden by a map property
        if f.name not in props:
            continue
        if f.name == "submission":
            changes[f.name] = choice_prop(data, f.name, choices=SUBMISSIONS)
        else:
            low, high = PARAM_RANGES[f.name]
            changes[f.name] = int_prop(data, f.name, low=low, high=high)
    params = replace(DEFAULT_PARAMS, **changes) if changes else DEFAULT_PARAMS
    min_players = int_prop(data, "min_players", default=2, low=2, high=7)
    max_players = int_prop(data, "max_players", default=7, low=min_players, high=7)
    w, h = data.width, data.height
    grid = data.require_layer("terrain")
    kind, defense, special = [], [], []
    for y in range(h):
        for x in range(w):
            cell = grid[y][x]
            where = f"layer 'terrain' at ({x}, {y})"
            if cell is None or cell.get("kind") not in KINDS:
                raise MapError(path, where, "bad_terrain",
                               found=str(None if cell is None else cell.get("kind")))
            kind.append(KINDS.index(cell["kind"]))
            d = cell.get("defense", params.default_defense)
            if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 6:
                raise MapError(path, where, "bad_defense", value=str(d))
            defense.append(d)
            sp = cell.get("special", "none")
            if sp not in SPECIALS:
                raise MapError(path, where, "bad_special", value=str(sp))
            if sp != "none" and kind[-1] != LAND:
                raise MapError(path, where, "bad_special", value=str(sp))
            special.append(SPECIALS.index(sp))
    if LAND not in kind:
        raise MapError(path, "layer 'terrain'", "no_land")

    cold = [False] * (w * h)
    ruins: set[int] = set()
    treasures: dict[int, Cost | None] = {}
    starts: dict[str, set[int]] = {}
    trees: list[tuple[int, str]] = []
    groups: dict[str, dict[str, Any]] = {}
    owner_of_start: dict[int, str] = {}
    tw, th = data.tile_width, data.tile_height
    for obj in data.require_objects("features"):
        where = f"layer 'features' object {obj.id}" + (f" '{obj.name}'" if obj.name else "")
        if obj.kind not in FEATURES:
            raise MapError(path, where, "bad_feature", found=obj.kind)
        if obj.kind == "cold":
            for y in range(h):
                for x in range(w):
                    cx, cy = (x + 0.5) * tw, (y + 0.5) * th
                    if obj.x <= cx < obj.x + obj.width and obj.y <= cy < obj.y + obj.height:
                        cold[y * w + x] = kind[y * w + x] == LAND
            continue
        px, py = obj.x + obj.width / 2, obj.y + obj.height / 2
        x, y = int(px // tw), int(py // th)
        if not (0 <= x < w and 0 <= y < h):
            raise MapError(path, where, "feature_off_land")
        i = y * w + x
        if kind[i] != LAND:
            raise MapError(path, where, "feature_off_land")
        p = obj.properties
        if obj.kind == "ruin":
            ruins.add(i)
        elif obj.kind == "treasure":
            fixed = tuple(int_prop(p, r, path=path, where=where, default=0, low=0, high=99)
                          for r in ("gold", "materials", "exotics"))
            treasures[i] = fixed if any(fixed) else None  # type: ignore[assignment]
        elif obj.kind == "start":
            faction = p.get("faction")
            if faction not in FACTIONS:
                raise MapError(path, where, "bad_faction", found=str(faction))
            if i in owner_of_start and owner_of_start[i] != faction:
                raise MapError(path, where, "start_overlap", faction=faction,
                               other=owner_of_start[i])
            owner_of_start[i] = faction
            starts.setdefault(faction, set()).add(i)
        elif obj.kind == "tree_of_life":
            trees.append((i, where))
        else:  # neutral
            name, race = p.get("group"), p.get("race")
            if not isinstance(name, str) or not name:
                raise MapError(path, where, "bad_group", found=str(name))
            if race not in RACES:
                raise MapError(path, where, "bad_race", found=str(race))
            group = groups.setdefault(name, {"race": race, "tiles": set(), "camps": set()})
            if group["race"] != race:
                raise MapError(path, where, "bad_race", found=str(race))
            group["tiles"].add(i)
            if p.get("camp") is True:
                if race != "goblin":
                    raise MapError(path, where, "bad_race", found=str(race))
                group["camps"].add(i)
    for faction, tiles in starts.items():
        if not _contiguous(tiles, w, h):
            raise MapError(path, f"start region '{faction}'", "start_not_contiguous",
                           faction=faction)
    if len(starts) < max_players:
        raise MapError(path, "layer 'features'", "too_few_starts", found=len(starts),
                       expected=max_players)
    neutral_tiles: dict[int, str] = {}
    for name, group in groups.items():
        if not _contiguous(group["tiles"], w, h):
            raise MapError(path, f"group '{name}'", "group_not_contiguous", group=name)
        for t in group["tiles"]:
            if t in neutral_tiles or t in owner_of_start:
                raise MapError(path, f"group '{name}'", "start_overlap", faction=name,
                               other=neutral_tiles.get(t) or owner_of_start.get(t, ""))
            neutral_tiles[t] = name
    tree = -1
    if len(trees) > 1:
        raise MapError(path, trees[1][1], "tree_outside_start")
    if trees:
        tree, where = trees[0]
        if tree not in starts.get("jungle", set()):
            raise MapError(path, where, "tree_outside_start")
    elif "jungle" in starts:
        raise MapError(path, "start region 'jungle'", "tree_outside_start")
    for t in ruins | set(treasures):
        if t in neutral_tiles or t == tree:
            raise MapError(path, f"tile ({t % w}, {t // w})", "start_overlap",
                           faction="ruin/treasure", other=neutral_tiles.get(t, "tree_of_life"))
    ordered_groups = tuple(
        NeutralGroup(name, g["race"], tuple(sorted(g["tiles"])), tuple(sorted(g["camps"])))
        for name, g in sorted(groups.items(), key=lambda kv: min(kv[1]["tiles"])))
    return Board(
        path=path, title=str(props.get("title", "")), title_zh=str(props.get("title_zh", "")),
        width=w, height=h, kind=tuple(kind), defense=tuple(defense), special=tuple(special),
        cold=tuple(cold), ruins=frozenset(ruins), treasures=treasures,
        starts={f: tuple(sorted(starts[f])) for f in FACTIONS if f in starts}, tree=tree,
        groups=ordered_groups, params=params, min_players=min_players, max_players=max_players,
    )
