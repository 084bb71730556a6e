"""The Skirmish battlefield: hex topology (built once per map) and the scenario it starts from.

Hexes are numbered `row * width + col` in the map's "odd-r" offset coordinates (B-1), so an
index turns back into the spec's `(col, row)` with `divmod`. `Board` is immutable; everything
that changes during play lives in the state. `read_board(path)` reads a Tiled map (schema in
maps/skirmish/README.md) and checks the load errors of 16.1 and D38.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import Any

from game.core.errors import MapError
from game.core.hexgrid import TiledHexLayout
from game.core.paths import map_key
from game.core.tiled import (
    TiledMapData, TiledObject, bool_prop, cached_board, int_prop, read_map, require_ruleset,
)
from game.skirmish.constants import (
    CITY_INCOME, CITY_VP, FOREST, FUNDS, LIGHT_INFANTRY_COST, MOUNTAIN, OPTIONAL_PICKS, ROAD,
    SIEGE_ROUNDS, SKILLS, SKIP_FIRST_INCOME, SWAMP, TERRAIN_COSTS, TERRAIN_INDEX, TERRAINS,
    TURN_LIMIT, UNIT_TYPES, UNITS, WATER,
)

NEUTRAL = -2            # owner / home of a neutral city (N-1)
FREE = -1               # owner of a city whose faction has no seat in this game (see __init__)
OFF = -1                # "no hex" in neighbour tables

# B-2: neighbour steps in canonical order E, NE, NW, W, SW, SE, for even and odd rows.
_EVEN_STEPS = ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1))
_ODD_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1))
DIRECTION_NAMES: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{2})?[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class FactionSpec:
    """A faction of the scenario (16.1 object layer `factions`); `seat` is 0-based here."""

    id: str
    seat: int
    name: str
    name_zh: str
    color: str
    funds: int
    fixed_skills: tuple[str, ...]
    optional_picks: int
    optional_pool: tuple[str, ...]


@dataclass(frozen=True)
class CitySpec:
    """A city of the scenario; `owner`/`home` are faction seats or NEUTRAL."""

    hex: int
    owner: int
    home: int
    vp: int
    income: int
    name: str = ""
    name_zh: str = ""


@dataclass(frozen=True)
class UnitSpec:
    """A unit placed by the scenario."""

    faction: int
    type: str
    hex: int
    hp: int


@dataclass(frozen=True)
class Board:
    """One battlefield: terrain, neutral territory, the scenario, and derived tables."""

    width: int
    height: int
    terrain: tuple[int, ...]                 # TERRAIN_INDEX per hex
    neutral: tuple[bool, ...]
    factions: tuple[FactionSpec, ...]
    cities: tuple[CitySpec, ...]
    units: tuple[UnitSpec, ...]
    turn_limit: int = TURN_LIMIT
    skip_first_income: bool = SKIP_FIRST_INCOME
    siege_rounds: int = SIEGE_ROUNDS
    title: str = ""
    title_zh: str = ""
    map_path: str = ""
    layout: TiledHexLayout | None = None
    # derived in __post_init__
    size: int = field(default=0, init=False)
    coords: tuple[tuple[int, int], ...] = field(default=(), init=False)   # (col, row) per hex
    nbrs: tuple[tuple[int, ...], ...] = field(default=(), init=False)    # 6 per hex, OFF if none
    adj: tuple[tuple[int, ...], ...] = field(default=(), init=False)     # existing neighbours
    cube_x: tuple[int, ...] = field(default=(), init=False)
    cube_z: tuple[int, ...] = field(default=(), init=False)
    water: tuple[bool, ...] = field(default=(), init=False)
    cost: tuple[int, ...] = field(default=(), init=False)                # M-1 per hex
    light_cost: tuple[int, ...] = field(default=(), init=False)          # I8 per hex
    city_at: tuple[int, ...] = field(default=(), init=False)             # city index or -1
    neutral_hexes: tuple[int, ...] = field(default=(), init=False)       # N-1, in hex order
    neutral_set: frozenset[int] = field(default=frozenset(), init=False)  # the same, as a set
    city_hexes: frozenset[int] = field(default=frozenset(), init=False)
    # city and neutral hexes: where an occupant change may change a seat's own options
    # (production, N-4's end_turn); `rules.legal_actions` watches the change log for them
    seat_watch: frozenset[int] = field(default=frozenset(), init=False)
    archer_penalty: tuple[bool, ...] = field(default=(), init=False)     # forest (K-4.1)
    cavalry_penalty: tuple[bool, ...] = field(default=(), init=False)    # swamp, mountain
    _disks: dict[int, list[Any]] = field(default_factory=dict, init=False,       # per radius,
                                         compare=False, repr=False)             # per hex
    _disk_sets: dict[int, list[Any]] = field(default_factory=dict, init=False,   # per radius,
                                             compare=False, repr=False)         # per hex
    _step_costs: dict[bool, tuple[tuple[tuple[int, int], ...], ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    _back_steps: dict[bool, tuple[tuple[tuple[int, int], ...], ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    # per unit id, per hex: the shared Move action of that unit to that hex (movement.py)
    move_rows: dict[int, list[Any]] = field(default_factory=dict, init=False, compare=False,
                                            repr=False)
    # per (I8 costs, start hex, MP held): a search over terrain alone, as the hexes it reaches
    # -> MP left, in the order reached, and the hexes it went on from (movement.open_search;
    # never changed once stored)
    open_reach: dict[tuple[bool, int, int], tuple[dict[int, int], frozenset[int]]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    # per skill set, per unit class: what its attack options read; per (range, sails): per
    # hex, the hexes in range a unit may strike from there (combat.strike_classes)
    strike_classes: dict[frozenset[str], dict[str, tuple[Any, ...]]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    strike_disks: dict[tuple[int, bool], tuple[frozenset[int], ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    # per (seat, city owners, overlords): the cities that seat may strike (combat.py)
    hostile_cities: dict[tuple[Any, ...], tuple[int, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    _steps: dict[bool, tuple[tuple[tuple[int, int, int], ...], ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    _by_pair: dict[tuple[int, int], int] = field(default_factory=dict, init=False,
                                                 compare=False, repr=False)   # coords -> hex
    _moves_by_mp: dict[bool, list[tuple[tuple[tuple[int, int], ...], ...]]] = field(
        default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        n = w * h
        nbrs, adj, cx, cz = [], [], [], []
        for i in range(n):
            r, c = divmod(i, w)
            steps = _ODD_STEPS if r & 1 else _EVEN_STEPS
            row = tuple((r + dr) * w + (c + dc) if 0 <= c + dc < w and 0 <= r + dr < h else OFF
                        for dc, dr in steps)
            nbrs.append(row)
            adj.append(tuple(j for j in row if j != OFF))
            cx.append(c - (r - (r & 1)) // 2)
            cz.append(r)
        city_at = [-1] * n
        for k, city in enumerate(self.cities):
            city_at[city.hex] = k
        t = self.terrain
        setattr_ = object.__setattr__
        setattr_(self, "size", n)
        setattr_(self, "coords", tuple((i % w, i // w) for i in range(n)))
        setattr_(self, "_by_pair", {pair: i for i, pair in enumerate(self.coords)})
        setattr_(self, "nbrs", tuple(nbrs))
        setattr_(self, "adj", tuple(adj))
        setattr_(self, "cube_x", tuple(cx))
        setattr_(self, "cube_z", tuple(cz))
        setattr_(self, "water", tuple(x == WATER for x in t))
        setattr_(self, "cost", tuple(TERRAIN_COSTS[x] for x in t))
        setattr_(self, "light_cost", tuple(TERRAIN_COSTS[x] if x == ROAD else LIGHT_INFANTRY_COST
                                           for x in t))
        setattr_(self, "city_at", tuple(city_at))
        setattr_(self, "neutral_hexes", tuple(i for i in range(n) if self.neutral[i]))
        setattr_(self, "neutral_set", frozenset(self.neutral_hexes))
        setattr_(self, "city_hexes", frozenset(c.hex for c in self.cities))
        setattr_(self, "seat_watch", self.city_hexes | self.neutral_set)
        setattr_(self, "archer_penalty", tuple(x == FOREST for x in t))
        setattr_(self, "cavalry_penalty", tuple(x in (SWAMP, MOUNTAIN) for x in t))

    # ---- coordinates ----------------------------------------------------------------------
    def index(self, col_row: Any) -> int:
        """Hex index of a `(col, row)` pair, or OFF when it is not a hex of this map."""
        # the board's own pairs (every listed action holds one): found by identity
        if type(col_row) is tuple and len(col_row) == 2:
            try:
                h = self._by_pair.get(col_row, OFF)
            except TypeError:           # an unhashable part: not a coordinate
                return OFF
            if h != OFF and self.coords[h] is col_row:
                return h
        # exact type checks: bools (and int subclasses) are not coordinates; also fast
        if type(col_row) is not tuple or len(col_row) != 2:
            return OFF
        if type(col_row[0]) is not int or type(col_row[1]) is not int:
            return OFF
        c, r = col_row
        if 0 <= c < self.width and 0 <= r < self.height:
            return r * self.width + c
        return OFF

    def col_row(self, i: int) -> tuple[int, int]:
        r, c = divmod(i, self.width)
        return c, r

    def distance(self, a: int, b: int) -> int:
        """B-3: cube distance."""
        dx = self.cube_x[a] - self.cube_x[b]
        dz = self.cube_z[a] - self.cube_z[b]
        return max(abs(dx), abs(dz), abs(dx + dz))

    def disk(self, centre: int, radius: int) -> tuple[int, ...]:
        """Hexes at distance 1..radius of `centre` (cached)."""
        rows = self._disks.get(radius)
        if rows is None:
            rows = self._disks[radius] = [None] * self.size
        found = rows[centre]
        if found is None:
            ring, seen = {centre}, {centre}
            for _ in range(radius):             # grow by neighbours: radius is small
                ring = {n for h in ring for n in self.adj[h] if n not in seen}
                seen |= ring
            seen.discard(centre)
            found = rows[centre] = tuple(sorted(seen))
        return found

    def steps(self, light: bool) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """Per hex, the steps a unit may take to a neighbour by terrain alone (cached):
        `(direction, hex, cost)` in B-2 order, cost -1 for an M-2 water transition (all MP
        go), I8 costs when `light`; steps onto neutral land from outside it are left out
        (M-5c / N-2). Units, cities and Intercept are the searches' business."""
        found = self._steps.get(light)
        if found is None:
            costs = self.light_cost if light else self.cost
            water, neutral = self.water, self.neutral
            found = tuple(
                tuple((k, h, -1 if water[h] != water[g] else costs[h])
                      for k, h in enumerate(self.nbrs[g])
                      if h != OFF and not (neutral[h] and not neutral[g]))
                for g in range(self.size))
            self._steps[light] = found
        return found

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (for the search worker) without the Move table, the kept terrain-only
        searches, the strike tables and the hostile cities: they are rebuilt on demand."""
        state = dict(self.__dict__)
        state["move_rows"] = {}
        state["open_reach"] = {}
        state["strike_classes"] = {}
        state["strike_disks"] = {}
        state["hostile_cities"] = {}
        return state

    def step_costs(self, light: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
        """`steps` without the direction: per hex `(hex, cost)` in B-2 order (cached), what
        the movement searches read in their inner loop."""
        found = self._step_costs.get(light)
        if found is None:
            found = tuple(tuple((h, c) for _, h, c in row) for row in self.steps(light))
            self._step_costs[light] = found
        return found

    def back_steps(self, light: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
        """`step_costs` reversed (cached): per hex h, `(g, cost)` for every step g -> h."""
        found = self._back_steps.get(light)
        if found is None:
            back: list[list[tuple[int, int]]] = [[] for _ in range(self.size)]
            for g, row in enumerate(self.step_costs(light)):
                for h, c in row:
                    back[h].append((g, c))
            found = self._back_steps[light] = tuple(map(tuple, back))
        return found

    def moves_by_mp(self, light: bool, mp: int) -> list[tuple[tuple[tuple[int, int], ...], ...]]:
        """`step_costs` per MP held (cached, grown to `mp`): row m, hex g -> `(h, MP left)` for
        every step g -> h a unit holding m MP on g can pay, in B-2 order (an M-2 water
        transition leaves 0; a step dearer than m is left out). The movement search reads one
        row per MP level, so its inner loop neither tests nor subtracts costs."""
        rows = self._moves_by_mp.get(light)
        if rows is None:
            rows = self._moves_by_mp[light] = []
        if len(rows) <= mp:
            steps = self.step_costs(light)
            # one object per (hex, MP left) pair, a smaller working set; built once, not per
            # step (list comprehensions: this runs in every process's first game)
            pairs = [tuple(zip(repeat(h), range(mp + 1))) for h in range(self.size)]
            for m in range(len(rows), mp + 1):
                rows.append(tuple([tuple([pairs[h][0 if c < 0 else m - c] for h, c in row
                                          if c <= m]) for row in steps]))
        return rows

    def disk_set(self, centre: int, radius: int) -> frozenset[int]:
        """`disk` as a set, for membership tests (cached)."""
        rows = self._disk_sets.get(radius)
        if rows is None:
            rows = self._disk_sets[radius] = [None] * self.size
        found = rows[centre]
        if found is None:
            found = rows[centre] = frozenset(self.disk(centre, radius))
        return found

    def push_hex(self, attacker: int, defender: int) -> int:
        """B-5: the hex directly behind an adjacent defender (cube 2D - A), or OFF."""
        row = self.nbrs[attacker]
        for k in range(6):
            if row[k] == defender:
                return self.nbrs[defender][k]
        return OFF

    def to_json(self) -> dict[str, Any]:
        return {
            "map": map_key(self.map_path),
            "title": self.title,
            "title_zh": self.title_zh,
            "width": self.width,
            "height": self.height,
            "terrain": [TERRAINS[t] for t in self.terrain],
            "neutral": [i for i in range(self.size) if self.neutral[i]],
            "turn_limit": self.turn_limit,
            "siege_rounds": self.siege_rounds,
            "skip_first_income": self.skip_first_income,
        }


def build_board(rows: list[str] | tuple[str, ...], factions: tuple[FactionSpec, ...] = (),
                cities: tuple[CitySpec, ...] = (), units: tuple[UnitSpec, ...] = (),
                neutral: tuple[tuple[int, int], ...] = (), **kwargs: Any) -> Board:
    """A board from text rows in the spec's legend (`.` plains, `=` road, `d` desert,
    `f` forest, `s` swamp, `^` mountain, `~` water); neutral hexes as `(col, row)` pairs."""
    legend = {".": "plains", "=": "road", "d": "desert", "f": "forest", "s": "swamp",
              "^": "mountain", "~": "water"}
    width = len(rows[0])
    terrain = tuple(TERRAIN_INDEX[legend[ch]] for row in rows for ch in row)
    marks = {r * width + c for c, r in neutral}
    return Board(width, len(rows), terrain, tuple(i in marks for i in range(len(terrain))),
                 tuple(factions), tuple(cities), tuple(units), **kwargs)


# ---- reading a Tiled map ---------------------------------------------------------------------
def _code_list(text: Any) -> list[str]:
    if not isinstance(text, str):
        return []
    return [part.strip() for part in text.split(",") if part.strip()]


def skills_reason(fixed: frozenset[str] | set[str], chosen: frozenset[str] | set[str]) -> str | None:
    """S-2 on a complete set: `skill_excluded` or `skill_prerequisite`, or None when valid."""
    total = set(fixed) | set(chosen)
    for code in sorted(total):
        if SKILLS[code].excludes & total:
            return "skill_excluded"
    for code in sorted(total):
        if not SKILLS[code].requires <= total:
            return "skill_prerequisite"
    return None


def _object_hex(data: TiledMapData, layout: TiledHexLayout, obj: TiledObject, where: str) -> int:
    """16.1: `col`/`row` properties if present, else the hex whose centre is nearest."""
    props = obj.properties
    w, h = data.width, data.height
    if "col" in props or "row" in props:
        col = int_prop(props, "col", path=data.path, where=where, low=0, high=w - 1)
        row = int_prop(props, "row", path=data.path, where=where, low=0, high=h - 1)
        return row * w + col
    x, y = obj.x + obj.width / 2, obj.y + obj.height / 2
    best, best_d = OFF, float("inf")
    centres = _centres(layout, w, h)
    for i, (cx, cy) in enumerate(centres):
        d = (cx - x) ** 2 + (cy - y) ** 2
        if d < best_d:
            best, best_d = i, d
    limit = max(layout.tile_width, layout.tile_height)
    if best_d > limit ** 2:
        raise MapError(data.path, where, "skirmish_off_map")
    return best


def _centre(layout: TiledHexLayout, col: int, row: int) -> tuple[float, float]:
    """16.1: centre of (c, r) = (c*W + W/2 + (r odd ? W/2 : 0), r*(H+S)/2 + H/2)."""
    w, h, s = layout.tile_width, layout.tile_height, layout.side_length
    return col * w + w / 2 + (w / 2 if row & 1 else 0), row * (h + s) / 2 + h / 2


@lru_cache(maxsize=8)
def _centres(layout: TiledHexLayout, w: int, h: int) -> tuple[tuple[float, float], ...]:
    """`_centre` of every hex of a `w` x `h` map, in hex order (row by row): worked out once
    per layout (a frozen value), not once per map object."""
    return tuple(_centre(layout, col, row) for row in range(h) for col in range(w))


def hex_centre(board: Board, i: int) -> tuple[float, float]:
    """Pixel centre of hex `i` as Tiled draws the map (for screens)."""
    assert board.layout is not None
    c, r = board.col_row(i)
    return _centre(board.layout, c, r)


def _name(obj: TiledObject, props: dict[str, Any]) -> str:
    return str(props.get("title") or props.get("name") or obj.name or "")


def _read_factions(data: TiledMapData) -> list[FactionSpec]:
    path = data.path
    found: list[tuple[int, FactionSpec]] = []
    ids: set[str] = set()
    for obj in data.require_objects("factions"):
        props = obj.properties
        ident = str(props.get("id") or obj.name or "")
        where = f"layer 'factions' object {obj.id} '{ident}'"
        if not _SNAKE.match(ident) or ident == "neutral" or ident in ids:
            raise MapError(path, where, "skirmish_bad_faction", found=ident)
        ids.add(ident)
        seat = int_prop(props, "seat", path=path, where=where, low=1, high=99)
        colour = str(props.get("color", "#808080"))
        if not _COLOUR.match(colour):
            raise MapError(path, where, "skirmish_bad_colour", found=colour)
        colour = "#" + colour[-6:].lower()
        fixed = _code_list(props.get("fixed_skills", ""))
        pool_text = str(props.get("optional_pool", "all")).strip()
        pool = list(SKILLS) if pool_text in ("all", "") else _code_list(pool_text)
        for code in fixed + pool:
            if code not in SKILLS:
                raise MapError(path, where, "skirmish_unknown_skill", found=code)
        if len(set(fixed)) != len(fixed) or skills_reason(frozenset(fixed), frozenset()):
            raise MapError(path, where, "skirmish_fixed_skills", found=", ".join(fixed))
        found.append((seat, FactionSpec(
            id=ident, seat=seat - 1, name=_name(obj, props) or ident,
            name_zh=str(props.get("title_zh") or props.get("name_zh") or ""),
            color=colour,
            funds=int_prop(props, "funds", path=path, where=where, default=FUNDS, low=0,
                           high=10**6),
            fixed_skills=tuple(fixed),
            optional_picks=int_prop(props, "optional_picks", path=path, where=where,
                                    default=OPTIONAL_PICKS, low=0, high=37),
            optional_pool=tuple(c for c in pool if c not in fixed))))
    found.sort(key=lambda p: p[0])
    if len(found) < 2:
        raise MapError(path, "layer 'factions'", "skirmish_too_few_factions", found=len(found))
    if [s for s, _ in found] != list(range(1, len(found) + 1)):
        raise MapError(path, "layer 'factions'", "skirmish_seats",
                       found=", ".join(str(s) for s, _ in found))
    return [f for _, f in found]


def board_from_map(data: TiledMapData) -> Board:
    """Build and validate a Board from a read Tiled map (16.1, D38)."""
    path = data.path
    require_ruleset(data, "skirmish")
    if (data.orientation != "hexagonal" or data.stagger_axis != "y"
            or (data.stagger_index or "odd") != "odd"):
        raise MapError(path, "map", "wrong_orientation",
                       found=f"{data.orientation} {data.stagger_axis} {data.stagger_index}".strip(),
                       expected="hexagonal, stagger axis y, stagger index odd")
    w, h = data.width, data.height
    grid = data.require_layer("terrain")
    terrain: list[int] = []
    for row in range(h):
        for col in range(w):
            props = grid[row][col]
            kind = props.get("terrain") if props is not None else None
            if kind not in TERRAIN_INDEX:
                raise MapError(path, f"layer 'terrain' at ({col}, {row})", "bad_terrain",
                               found=str(kind or "(empty)"))
            terrain.append(TERRAIN_INDEX[kind])
    neutral = [False] * (w * h)
    if "neutral" in data.tile_layers:
        ngrid = data.tile_layers["neutral"]
        for row in range(h):
            for col in range(w):
                props = ngrid[row][col]
                if props is None:
                    continue
                # 16.1: a non-empty cell marks neutral land; it must be the tileset's neutral
                # tile, so a stray terrain tile or an id the tileset lacks is refused.
                if props.get("neutral") not in (True, "true"):
                    raise MapError(path, f"layer 'neutral' at ({col}, {row})",
                                   "skirmish_bad_neutral", col=col, row=row)
                neutral[row * w + col] = True
    mp = data.properties
    turn_limit = int_prop(data, "turn_limit", default=TURN_LIMIT, low=1, high=999)
    siege_rounds = int_prop(data, "siege_rounds", default=SIEGE_ROUNDS, low=1, high=99)
    skip_first = bool_prop(data, "skip_first_income", default=SKIP_FIRST_INCOME)
    layout = TiledHexLayout(data.tile_width, data.tile_height, data.hex_side, "odd")

    factions = _read_factions(data)
    seat_of = {f.id: f.seat for f in factions}
    seat_of["neutral"] = NEUTRAL

    cities: list[CitySpec] = []
    city_hexes: set[int] = set()
    for obj in data.require_objects("cities"):
        props = obj.properties
        where = f"layer 'cities' object {obj.id}" + (f" '{_name(obj, props)}'" if _name(obj, props) else "")
        hx = _object_hex(data, layout, obj, where)
        owner_id = str(props.get("owner", ""))
        home_id = str(props.get("home", "") or owner_id)
        for ident in (owner_id, home_id):
            if ident not in seat_of:
                raise MapError(path, where, "skirmish_unknown_faction", found=ident)
        owner, home = seat_of[owner_id], seat_of[home_id]
        if hx in city_hexes:
            raise MapError(path, where, "skirmish_stacked", col=hx % w, row=hx // w)
        city_hexes.add(hx)
        if (owner == NEUTRAL) != neutral[hx]:
            raise MapError(path, where, "skirmish_neutral_city", col=hx % w, row=hx // w)
        cities.append(CitySpec(
            hex=hx, owner=owner, home=home,
            vp=int_prop(props, "vp", path=path, where=where, default=CITY_VP, low=0, high=99),
            income=int_prop(props, "income", path=path, where=where, default=CITY_INCOME, low=0, high=99),
            name=_name(obj, props), name_zh=str(props.get("title_zh") or props.get("name_zh") or "")))
    for f in factions:
        if not any(c.owner == f.seat for c in cities):
            raise MapError(path, f"layer 'factions' object '{f.id}'", "skirmish_no_city", found=f.id)

    city_at = {c.hex: c for c in cities}
    units: list[UnitSpec] = []
    unit_hexes: set[int] = set()
    for obj in data.require_objects("units"):
        props = obj.properties
        where = f"layer 'units' object {obj.id}" + (f" '{obj.name}'" if obj.name else "")
        kind = str(props.get("unit") or props.get("type") or obj.kind or "")
        if kind not in UNIT_TYPES:
            raise MapError(path, where, "skirmish_unit_type", found=kind)
        faction_id = str(props.get("faction", ""))
        if faction_id not in seat_of or seat_of[faction_id] == NEUTRAL:
            raise MapError(path, where, "skirmish_unknown_faction", found=faction_id)
        hx = _object_hex(data, layout, obj, where)
        if hx in unit_hexes:
            raise MapError(path, where, "skirmish_stacked", col=hx % w, row=hx // w)
        unit_hexes.add(hx)
        faction = seat_of[faction_id]
        city = city_at.get(hx)
        if city is not None and city.owner != faction:
            raise MapError(path, where, "skirmish_unit_in_city", col=hx % w, row=hx // w)
        max_hp = UNITS[kind].hp
        hp = int_prop(props, "hp", path=path, where=where, default=max_hp, low=1, high=max_hp)
        units.append(UnitSpec(faction, kind, hx, hp))
    return Board(
        width=w, height=h, terrain=tuple(terrain), neutral=tuple(neutral),
        factions=tuple(factions), cities=tuple(cities), units=tuple(units),
        turn_limit=turn_limit, skip_first_income=skip_first, siege_rounds=siege_rounds,
        title=str(mp.get("title") or mp.get("name") or ""),
        title_zh=str(mp.get("title_zh") or mp.get("name_zh") or ""),
        map_path=path, layout=layout)


def read_board(path: str) -> Board:
    """The validated board of the map at `path` (through the core board cache)."""
    return cached_board("skirmish", path, lambda p: board_from_map(read_map(p)))
