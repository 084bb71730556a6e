"""Dice for Land queries over the public parts of a game (T-7, T-9, T-11.6, T-14, T-18).

Plain functions of `st`, which may be the state or a seat's view (both carry board, params,
turn, owner, building, commerce, walls, tunnel, desolate, gift, tribes, revealed,
winter_until, turmoil_until, grievances), so the AI computes exactly what the rules compute
from what it may see.
"""

from __future__ import annotations

from array import array
from typing import Any, Collection, Iterable, Sequence

from game.territory.constants import (
    ATTACK, BUILDING, BUILDINGS, CAPITAL, CITY, COMMERCE_GOLD, ECON, FLOWER, INCOME_BONUS, LAND,
    NONE, OUTPOST, OUTPOST_ATTACK, SIDES, SUN_CAP, SUN_DEFENSE, SUN_GOLD, TOWER, TREE, WALL_LEVELS, WORKSHOP,
)
from game.territory.state import NOBODY, OWNER_NAMES


def hidden(st: Any, i: int) -> bool:
    """A tile of a neutral group nobody has found yet (looks like unclaimed land)."""
    # owners below NOBODY are the neutral races (UNDEAD, GOBLIN): test the cheap part first
    if st.owner[i] >= NOBODY:
        return False
    g = st.board.group_of[i]
    return g >= 0 and not st.revealed[g]


def seen_owner(st: Any, i: int) -> int:
    """The owner the public sees (hidden tiles are unclaimed, T-18.3)."""
    owner = st.owner[i]
    if owner < NOBODY:  # undead or goblin: hidden while its group is unrevealed
        g = st.board.group_of[i]
        if g >= 0 and not st.revealed[g]:
            return NOBODY
    return owner


def seen_owners(st: Any) -> list[int]:
    """Every tile's owner as the public sees it; cached on a state during ORDERS (the board
    cannot change until RESOLVE)."""
    cache = getattr(st, "_cache", None)
    if cache is None or st._resolving:
        return _seen_owners(st)
    seen = cache.get("seen")
    if seen is None:
        seen = cache["seen"] = _seen_owners(st)
    return seen


def _seen_owners(st: Any) -> list[int]:
    seen = list(st.owner)
    owner, revealed, group_of = st.owner, st.revealed, st.board.group_of
    for g, group in enumerate(st.board.groups):  # only unrevealed neutral tiles are hidden
        if not revealed[g]:
            for i in group.tiles:
                if owner[i] < NOBODY and not revealed[group_of[i]]:  # = hidden(st, i)
                    seen[i] = NOBODY
    return seen


def seen_building(st: Any, i: int) -> int:
    """The main building the public sees."""
    if st.owner[i] < NOBODY:
        g = st.board.group_of[i]
        if g >= 0 and not st.revealed[g]:
            return NONE
    return st.building[i]


def tiles_of(st: Any, tribe: int) -> list[int]:
    """The tribe's tiles in tile order (a tribe's tiles are never hidden, so the public sees
    the same). On a state during ORDERS the list is cached for the turn: do not change it."""
    cache = getattr(st, "_cache", None)
    if cache is None or st._resolving:
        return owned(st, tribe)
    key = ("own", tribe, st.turn)
    own = cache.get(key)
    if own is None:
        own = cache[key] = owned(st, tribe)
    return own


def neighbours_seen(st: Any, tribe: int) -> frozenset[int]:
    """The owners the public sees on the tiles next to the tribe's land (its own id too where
    its tiles touch); cached on a state during ORDERS, like `tiles_of`. Jungle asks whether
    it borders each rival when its trade proposals are listed: one pass over its border for
    all of them instead of one per rival (a rival it does not border was a scan of every own
    tile's neighbours)."""
    cache = getattr(st, "_cache", None)
    if cache is None or st._resolving:
        return _neighbours_seen(st, tribe)
    key = ("near", tribe, st.turn)
    near = cache.get(key)
    if near is None:
        near = cache[key] = _neighbours_seen(st, tribe)
    return near


def _neighbours_seen(st: Any, tribe: int) -> frozenset[int]:
    seen = seen_owners(st)
    adjacent = st.board.adjacent
    return frozenset([seen[j] for i in tiles_of(st, tribe) for j in adjacent[i]])


def owned(st: Any, tribe: int) -> list[int]:
    """The land tiles whose owner is `tribe`, in tile order. On a view's list, a comprehension
    over the land tiles (`compress` over `map(tribe.__eq__, owner)` measured 2.3x slower,
    24.8 against 10.7 µs on Origin); on the state's array, `array.index` hops from own tile
    to own tile (about twice as fast for up to 20 tiles, even at 60, slower only past a third
    of the land: 10 random games -0.35 % callgrind instructions)."""
    owner = st.owner
    if type(owner) is not array:   # (a view's copied list)
        return [i for i in st.board.land_tiles if owner[i] == tribe]
    # the state's owner array: its tiles found by `array.index` (a C-level scan), one
    # Python step per own tile rather than per land tile
    kind = st.board.kind
    out = []
    i = -1
    try:
        while True:
            i = owner.index(tribe, i + 1)
            if kind[i] == LAND:
                out.append(i)
    except ValueError:
        return out


def tile_counts(st: Any) -> dict[int, int]:
    """Tiles per tribe."""
    counts: dict[int, int] = {}
    owner = st.owner
    for i in st.board.land_tiles:
        o = owner[i]
        if o >= 0:
            counts[o] = counts.get(o, 0) + 1
    return counts


def has_tech(st: Any, tribe: int, tech: str) -> bool:
    """The tribe has the technology active."""
    return tribe >= 0 and tech in st.tribes[tribe].techs


def faction_of(st: Any, owner: int) -> str:
    """The faction of an owner (or unclaimed / undead / goblin)."""
    return st.tribes[owner].faction if owner >= 0 else OWNER_NAMES[owner]


def tower_of(st: Any, tribe: int) -> int:
    """The tile of the tribe's tower (Jungle: its Tree), or -1 (T-10.1)."""
    return first_building(st, tribe, TREE if st.tribes[tribe].faction == "jungle" else TOWER)


def capital_of(st: Any, tribe: int) -> int:
    """The tile of the tribe's capital, or -1."""
    return first_building(st, tribe, CAPITAL)


def first_building(st: Any, tribe: int, wanted: int) -> int:
    """The first of the tribe's tiles (in tile order, as `tiles_of`) holding building
    `wanted`, or -1. The few tiles with that building are found by `list.index` (a C-level
    scan) and their owners checked, rather than listing the tribe's tiles."""
    building, owner, kind = st.building, st.owner, st.board.kind
    if wanted not in building:   # (a memchr on the state's bytearray: spares the usual
        return -1                # answer, none on the board, the raising of a ValueError)
    i = -1
    while True:
        try:
            i = building.index(wanted, i + 1)
        except ValueError:
            return -1
        if owner[i] == tribe and kind[i] == LAND:
            return i


def owns_building(st: Any, tribe: int, name: str) -> bool:
    """Building prerequisites (T-9.1): the Tree counts as a tower; "city" = city or capital."""
    if name == "tower":
        return tower_of(st, tribe) >= 0
    wanted = {"workshop": (WORKSHOP,), "city": (CITY, CAPITAL)}.get(name, ())
    building = st.building
    return any(building[i] in wanted for i in tiles_of(st, tribe))


def cap(st: Any, tribe: int, own: list[int] | None = None) -> int:
    """T-7.2: base + main buildings on own tiles + Storage per city/capital. `own`: the
    tribe's tiles, if the caller has them (else read from the board)."""
    t = st.tribes[tribe]
    total = st.params.base_cap
    storage = "storage" in t.techs
    sun = t.totem == "sun"
    jungle = t.faction == "jungle"
    building = st.building
    if own is None:
        own = owned(st, tribe)
    for i in own:
        b = building[i]
        if b == NONE:
            continue
        if b == CAPITAL and sun:
            total += SUN_CAP
        elif b == TREE:
            total += BUILDING[TREE].cap if jungle else 0
        else:
            total += BUILDING[b].cap
        if storage and b in (CITY, CAPITAL):
            total += ECON["storage_cap"]
    return total


def tile_income(st: Any, i: int) -> tuple[int, int, int]:
    """T-7.1: what an owned tile gives its tribe at the next income."""
    tribe = st.owner[i]
    if tribe < 0:
        return NO_INCOME
    return tile_incomes(st, tribe, (i,))[0]


NO_INCOME: tuple[int, int, int] = (0, 0, 0)


def tile_incomes(st: Any, tribe: int, tiles: Iterable[int]) -> list[tuple[int, int, int]]:
    """T-7.1: what each of `tribe`'s `tiles` gives it at the next income, in order.

    A tile's income is the tribe's facts (totem, faction, Extraction, winter) applied to the
    tile's building, Commerce, special and cold zone, unless it is desolate or gifted (rare):
    looked up per tile in a table for those facts (`_income_table`), by one index made of
    the four, instead of the rules worked out tile by tile (START pays every tile of every
    tribe: the per-tile reckoning had been 0.9 % of random play)."""
    t = st.tribes[tribe]
    incomes, golds = _income_table(t.totem == "sun", t.faction == "bounty",
                                   st.turn <= st.winter_until, "extraction" in t.techs)
    kinds = _income_kinds(st.board)
    building, commerce, desolate, gift = st.building, st.commerce, st.desolate, st.gift
    return [incomes[k] if not (desolate[i] or gift[i])
            else _unusual_income(golds[k], incomes[k], desolate[i], gift[i])
            for i in tiles   # (`for k in (...,)`: compiled as an assignment)
            for k in (building[i] * _PER_BUILDING + commerce[i] * _PER_COMMERCE + kinds[i],)]


def _unusual_income(gold: int, income: tuple[int, int, int], desolate: int,
                    gift: int) -> tuple[int, int, int]:
    """A desolate or gifted tile's income: nothing while desolate, else Nature's Gift added
    to the gold before it is floored at 0 (`gold`: the table's gold, not floored)."""
    if desolate > 0:
        return NO_INCOME
    return (max(0, gold + gift), income[1], income[2])


# an income table's index: building * 6 * 2 + Commerce * 6 + special * 2 + cold
_PER_COMMERCE = 6
_PER_BUILDING = 2 * _PER_COMMERCE
# (sun, bounty, winter, extraction) -> (incomes, golds not floored at 0) by index
_INCOME_TABLES: dict[tuple[bool, bool, bool, bool],
                     tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]] = {}


def _income_table(sun: bool, bounty: bool, winter: bool, extraction: bool
                  ) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """T-7.1 for every building, Commerce, special and cold zone, given a tribe's Sun totem,
    Bounty faction, a winter now and Extraction: the incomes (index as `tile_incomes`) and
    their gold before it is floored at 0 (for Nature's Gift). Made once per set of facts."""
    key = (sun, bounty, winter, extraction)
    table = _INCOME_TABLES.get(key)
    if table is not None:
        return table
    base = ECON["tile_gold"]
    bonus = ECON["bounty_bonus"] if bounty else 0
    malus = ECON["winter_malus"] if winter else 0
    workshop = BUILDING[WORKSHOP].materials
    incomes: list[tuple[int, int, int]] = []
    golds: list[int] = []
    for b in range(len(BUILDINGS)):
        for commerce in (False, True):
            for special in range(3):   # none, materials, exotics
                for cold in (False, True):
                    gold = base
                    if b == CAPITAL and sun:
                        gold += SUN_GOLD
                    elif b != TREE:
                        gold += BUILDING[b].gold if b != NONE else 0
                    if commerce and b in (CITY, CAPITAL):
                        gold += COMMERCE_GOLD
                    if special == 0:
                        gold += bonus
                    if cold:
                        gold -= malus
                    income = [max(0, gold), 0, 0]
                    if special and extraction:
                        income[special] += 1
                    if b == WORKSHOP:
                        income[1] += workshop
                    incomes.append((income[0], income[1], income[2]))
                    golds.append(gold)
    table = _INCOME_TABLES[key] = (tuple(incomes), tuple(golds))
    return table


def _income_kinds(board: Any) -> bytes:
    """Per tile, special * 2 + cold: the board's part of an income table's index (memoised
    on the board)."""
    kinds = board.memo.get("income_kinds")
    if kinds is None:
        kinds = board.memo["income_kinds"] = bytes(
            s * 2 + bool(c) for s, c in zip(board.special, board.cold))
    return kinds


def extra_income(st: Any, tribe: int) -> tuple[int, int, int]:
    """T-7.1: spice treaties, the Flower totem and bought exotics."""
    t = st.tribes[tribe]
    out = [0, 0, 0]
    if t.spice:
        out[0] += ECON["spice_gold"] * sum(1 for start in t.spice.values() if start <= st.turn)
    if t.totem == "flower":
        out[t.flower] += FLOWER[t.flower]
    if t.exotics_bought and tower_of(st, tribe) >= 0:
        out[2] += t.exotics_bought
    return (out[0], out[1], out[2])


def income_bonus(faction: str, gold: int) -> int:
    """D42's faction-specific [P] on each income: `INCOME_BONUS` gold, but a malus never takes
    more than the `gold` the income brings (an income is never negative)."""
    return max(INCOME_BONUS.get(faction, 0), -gold)


def income(st: Any, tribe: int) -> tuple[int, int, int]:
    """T-7.1 (with D42's income bonus): what the tribe gets at the next income."""
    total = list(extra_income(st, tribe))
    for g, m, e in tile_incomes(st, tribe, owned(st, tribe)):
        total[0] += g
        total[1] += m
        total[2] += e
    total[0] += income_bonus(st.tribes[tribe].faction, total[0])
    return (total[0], total[1], total[2])


def building_defense(st: Any, i: int) -> int:
    """Defense from the main building for its owner (T-11.6, D7)."""
    owner = st.owner[i]
    b = st.building[i]
    if b not in (CITY, CAPITAL, TOWER):
        return 0
    bonus = 0
    if b == CAPITAL and owner >= 0 and st.tribes[owner].totem == "sun":
        bonus = SUN_DEFENSE
    elif b in (CITY, CAPITAL):
        bonus = BUILDING[b].defense
    if owner >= 0 and "architecture" in st.tribes[owner].techs:
        bonus += 1
    return bonus


def defense(st: Any, i: int, attacker: int, side: int, with_walls: bool = True,
            with_siege: bool = True) -> int:
    """D of tile i against `attacker` (-1: an event) entering across `side` of it (-1:
    none, e.g. through a tunnel). A hidden tile counts as unclaimed (T-18.3).

    The wall bonus (T-11.6: its level's bonus, +1 with Architecture) is read here rather
    than by a call, and `building_defense` is asked only of a tile with a city, capital or
    tower: the planners and every arrow step ask this."""
    owner = seen_owner(st, i)
    if owner == NOBODY:
        return ATTACK["unclaimed_defense"]
    d = st.board.defense[i]
    b = st.building[i]
    bonus = building_defense(st, i) if b == CITY or b == CAPITAL or b == TOWER else 0
    walls = 0
    if with_walls and side >= 0:
        level = st.walls[i * 4 + side]
        if level:
            walls = WALL_LEVELS[level]
            if owner >= 0 and "architecture" in st.tribes[owner].techs:
                walls += 1
    d += bonus + walls
    if owner >= 0 and "military_tactics" in st.tribes[owner].techs:
        d += 1
    if with_siege and attacker >= 0 and "siege" in st.tribes[attacker].techs:
        d -= ATTACK["siege"]
        if bonus or walls:
            d -= ATTACK["siege"]
    return d


def outpost_bonus(st: Any, attacker: int, target: int) -> int:
    """T-11.6: +2 if the attacker owns an outpost around the target."""
    owner, building = st.owner, st.building
    for j in st.board.around[target]:
        if building[j] == OUTPOST and owner[j] == attacker:   # outposts are few: asked first
            return OUTPOST_ATTACK
    return 0


def walls_json(st: Any) -> list[dict[str, int]]:
    """Walls as plain data: one record per tile that has any."""
    out = []
    for i in range(st.board.size):
        levels = st.walls[i * 4:i * 4 + 4]
        if any(levels):
            out.append({"tile": i, **{SIDES[s]: levels[s] for s in range(4) if levels[s]}})
    return out


def has_tower(st: Any, tribe: int) -> bool:
    """`tower_of(tribe) >= 0`, cached while the board cannot change (ORDERS)."""
    if st._resolving:
        return tower_of(st, tribe) >= 0
    key = ("tower", tribe)
    cache = st._cache
    if key not in cache:
        cache[key] = tower_of(st, tribe) >= 0
    return cache[key]


def owns(st: Any, tribe: int, i: int) -> bool:
    """The tile is the tribe's as the public sees it."""
    # a tribe's own tiles are never hidden (only neutral ones are), so for a tribe id the
    # public owner is the owner
    return st.owner[i] == tribe if tribe >= 0 else seen_owner(st, i) == tribe


def arch_art(st: Any, tribe: int) -> int:
    """T-9 Architecture Art: 1 gold less on builds, upgrades and walls."""
    return 1 if "architecture_art" in st.tribes[tribe].techs else 0


def turmoil(st: Any) -> bool:
    """T-15.1: magic turmoil is on this turn."""
    return st.turn <= st.turmoil_until


def grievance(st: Any, war: int, target: int) -> bool:
    """T-16.3: `war`'s steps against `target` get +1 attack and cost 1 less now."""
    if not st.grievances:  # the usual case: skip building the generator
        return False
    return any(w == war and r == target and until >= st.turn
               for w, r, until in st.grievances)


def joined_groups(adjacent: Sequence[Sequence[int]], tunnel: Sequence[int], own: Collection[int],
                  shadow: bool) -> list[list[int]]:
    """T-12.1: the tiles of `own` joined by adjacency and, for Shadow, by tunnels with both ends
    in `own`; each group sorted, groups in the order of their lowest tile. Used by the rules
    (on a state) and by the greedy planner (on a view), which see the same board and tunnels.
    `own` may be any collection of distinct tiles (a set, or a tribe's tile list).

    The walk takes tiles out of a set of those `left` (one membership test a neighbour where
    "in `own` and not yet seen" had been two) and stops once none is left (a tribe's land is
    nearly always one group): 20-25 % less time on one or two groups, as fast on many."""
    groups: list[list[int]] = []
    left = set(own)
    for i in sorted(own):
        if i not in left:
            continue
        left.discard(i)
        group = [i]
        for j in group:   # (the list grows while it is walked)
            for n in adjacent[j]:
                if n in left:
                    left.discard(n)
                    group.append(n)
            if shadow:   # the tunnel after the neighbours
                n = tunnel[j]
                if n in left:   # (-1, no tunnel, is never a tile)
                    left.discard(n)
                    group.append(n)
        group.sort()
        groups.append(group)
        if not left:
            break
    return groups
