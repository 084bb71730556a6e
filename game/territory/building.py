"""Dice for Land buildings, walls, tunnels, the temple, research and archaeology (T-8, T-9,
T-13.2, T-13.5, T-13.7): their checkers (order entry) and their effects in a block (T-5.4).
A build is re-checked with the same checker at resolution (T-6.4).
"""

from __future__ import annotations

from typing import Callable

from game.core.errors import IllegalAction
from game.territory import actions as A
from game.territory import effects, position
from game.territory import events as E
from game.territory.constants import (
    BUILDINGS, ARCH_FOREIGN_GOLD, ARCH_OWN_GOLD, BUILDING, BUILDING_CODE, CAMP, CAPITAL, CITY,
    CITY_ON_RUIN, COMMERCE_COST, ECON, FARM, LAND, MATERIALS, NONE, OUTPOST, RUIN, SEA, SIDES,
    TECH, TECHS, TEMPLE_COST, TOWER, TREE, TUNNEL_GOLD_BASE, WALL_COST, WALL_MIXED_COST,
    WALL_UPGRADE_COST, WORKSHOP, WORKSHOP_ON_MATERIALS, ZERO,
)
from game.territory.plans import Plan, less_gold, no, rule, valid_tile
from game.territory.state import Order, TerritoryState

BUILD_KINDS: tuple[str, ...] = ("camp", "city", "workshop", "tower", "farm", "outpost")


def check_build(st: TerritoryState, tribe: int, a: A.Build) -> IllegalAction | Plan:
    """T-8: a main building on an own tile (one per slot, none on a special tile but a
    workshop on materials)."""
    if a.building not in BUILD_KINDS:
        return rule("T-8")
    faction = st.tribes[tribe].faction
    if (a.building == "farm" and faction != "bounty") or (
            a.building == "outpost" and faction != "war"):
        return rule("T-8")
    if a.building == "tower" and faction == "jungle":
        return rule("T-13.4")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if not position.owns(st, tribe, a.tile):
        return no("territory.not_yours")
    b = st.building[a.tile]
    if a.building == "city":
        if b != RUIN:
            return rule("T-8") if b in (NONE, CAMP, OUTPOST) else no("not_empty")
    elif a.building == "outpost":
        if b not in (NONE, RUIN):
            return no("not_empty")
    elif b != NONE:
        return no("not_empty")
    special = st.board.special[a.tile]
    if special and not (a.building == "workshop" and special == MATERIALS):
        return no("territory.special_tile")
    keys: tuple[tuple, ...] = (("slot", a.tile),)
    if a.building == "tower":
        if position.has_tower(st, tribe):
            return no("limit_reached")
        keys += (("tower",),)
    if a.building == "city":
        cost = CITY_ON_RUIN
    elif a.building == "outpost":
        cost = ZERO if b == RUIN else BUILDING[OUTPOST].cost
    elif a.building == "workshop" and special == MATERIALS:
        cost = WORKSHOP_ON_MATERIALS
    else:
        cost = BUILDING[{"camp": CAMP, "workshop": WORKSHOP, "tower": TOWER,
                         "farm": FARM}[a.building]].cost
    return Plan(less_gold(cost, position.arch_art(st, tribe)), 0, keys)


def check_upgrade(st: TerritoryState, tribe: int, a: A.Upgrade) -> IllegalAction | Plan:
    """T-8 D6: camp or outpost -> city, city -> capital (full price of the new building)."""
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if not position.owns(st, tribe, a.tile):
        return no("territory.not_yours")
    b = st.building[a.tile]
    if b in (CAMP, OUTPOST):
        return Plan(less_gold(BUILDING[CITY].cost, position.arch_art(st, tribe)), 0,
                    (("slot", a.tile),))
    if b == CITY:
        return Plan(less_gold(BUILDING[CAPITAL].cost, position.arch_art(st, tribe)), 0,
                    (("slot", a.tile), ("capital",)))
    return rule("T-8")


def check_commerce(st: TerritoryState, tribe: int, a: A.Commerce) -> IllegalAction | Plan:
    """T-8: the commerce flag on an own city or capital (needs Commercial Thinking)."""
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if "commerce_tech" not in st.tribes[tribe].techs:
        return no("territory.needs_tech", tech="commerce_tech")
    if not position.owns(st, tribe, a.tile):
        return no("territory.not_yours")
    if st.building[a.tile] not in (CITY, CAPITAL):
        return rule("T-8")
    if st.commerce[a.tile]:
        return no("not_empty")
    return Plan(less_gold(COMMERCE_COST, position.arch_art(st, tribe)), 0, (("commerce", a.tile),))


def check_wall(st: TerritoryState, tribe: int, a: A.Wall) -> IllegalAction | Plan:
    """T-8: a level-1 wall on a free side of an own tile, paid in gold or mixed (D32)."""
    if a.side not in SIDES or a.pay not in ("gold", "mixed"):
        return rule("T-8")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if not position.owns(st, tribe, a.tile):
        return no("territory.not_yours")
    s = SIDES.index(a.side)
    if st.walls[a.tile * 4 + s]:
        return no("not_empty")
    cost = WALL_COST if a.pay == "gold" else WALL_MIXED_COST
    return Plan(less_gold(cost, position.arch_art(st, tribe)), 0, (("wall", a.tile, s),))


def check_wall_upgrade(st: TerritoryState, tribe: int, a: A.WallUpgrade) -> IllegalAction | Plan:
    """T-8: an own level-1 wall to level 2."""
    if a.side not in SIDES:
        return rule("T-8")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if not position.owns(st, tribe, a.tile):
        return no("territory.not_yours")
    s = SIDES.index(a.side)
    if st.walls[a.tile * 4 + s] != 1:
        return rule("T-8")
    return Plan(less_gold(WALL_UPGRADE_COST, position.arch_art(st, tribe)), 0,
                (("wall", a.tile, s),))


def check_demolish(st: TerritoryState, tribe: int, a: A.Demolish) -> IllegalAction | Plan:
    """T-8.1: an own building, wall or tunnel end (never the Tree); nothing refunded."""
    if a.part not in ("building", "tunnel") + SIDES:
        return rule("T-8.1")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if not position.owns(st, tribe, a.tile):
        return no("territory.not_yours")
    if a.part == "building":
        b = st.building[a.tile]
        if b == TREE:
            return rule("T-13.4")
        if b in (NONE, RUIN):
            return rule("T-8.1")
        return Plan(ZERO, 0, (("slot", a.tile),))
    if a.part == "tunnel":
        other = st.tunnel[a.tile]
        if other < 0:
            return rule("T-8.1")
        return Plan(ZERO, 0, (("tunnel", a.tile), ("tunnel", other)))
    s = SIDES.index(a.part)
    if not st.walls[a.tile * 4 + s]:
        return rule("T-8.1")
    return Plan(ZERO, 0, (("wall", a.tile, s),))


def check_temple(st: TerritoryState, tribe: int, a: A.Temple) -> IllegalAction | Plan:
    """T-13.5: Tide's one temple, on a free sea tile."""
    if st.tribes[tribe].faction != "tide":
        return rule("T-13.5")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if st.board.kind[a.tile] != SEA:
        return rule("T-13.5")
    if st.tribes[tribe].temple >= 0:
        return no("limit_reached")
    if any(t.temple == a.tile for t in st.tribes):
        return no("not_empty")
    return Plan(TEMPLE_COST, 0, (("temple",),))


def tunnel_gap(st: TerritoryState, a: int, b: int) -> int:
    """T-13.7: tiles strictly between a and b in one row or column (-1: not in line or
    crossing sea)."""
    w = st.board.width
    ax, ay, bx, by = a % w, a // w, b % w, b // w
    if ax == bx:
        between = [y * w + ax for y in range(min(ay, by) + 1, max(ay, by))]
    elif ay == by:
        between = [ay * w + x for x in range(min(ax, bx) + 1, max(ax, bx))]
    else:
        return -1
    if any(st.board.kind[i] == SEA for i in between):
        return -1
    return len(between)


def check_tunnel(st: TerritoryState, tribe: int, a: A.Tunnel) -> IllegalAction | Plan:
    """T-13.7: Shadow's tunnel from an own tile along a row or column (needs Digging)."""
    if st.tribes[tribe].faction != "shadow":
        return rule("T-13.7")
    if "digging" not in st.tribes[tribe].techs:
        return no("territory.needs_tech", tech="digging")
    if not valid_tile(st, a.a) or not valid_tile(st, a.b):
        return no("no_such_place")
    if not position.owns(st, tribe, a.a):
        return no("territory.not_yours")
    if st.board.kind[a.b] != LAND:
        return rule("T-13.7")
    k = tunnel_gap(st, a.a, a.b)
    if not 1 <= k <= st.params.tunnel_max_gap:
        return rule("T-13.7")
    if st.tunnel[a.a] >= 0 or st.tunnel[a.b] >= 0:
        return no("not_empty")
    cost = (max(0, TUNNEL_GOLD_BASE + k - position.arch_art(st, tribe)), k, 0)
    return Plan(cost, 0, (("tunnel", a.a), ("tunnel", a.b)))


def check_research(st: TerritoryState, tribe: int, a: A.Research) -> IllegalAction | Plan:
    """T-9 / T-9.1: a technology not yet known, its prerequisites met at entry."""
    if a.tech not in TECHS:
        return rule("T-9")
    data = TECH[a.tech]
    t = st.tribes[tribe]
    if data.faction and data.faction != t.faction:
        return rule("T-9")
    if a.tech in t.techs:
        return rule("T-9.1")
    for pre in data.techs:
        if pre not in t.techs:
            return no("territory.needs_tech", tech=pre)
    if data.building == "tower" and not position.has_tower(st, tribe):
        return no("territory.no_tower")
    if data.building and data.building != "tower" and not position.owns_building(st, tribe, data.building):
        return no("territory.needs_building", building=data.building)
    if data.choices:
        if a.choice not in data.choices:
            return rule("T-9")
        extra = data.choices[a.choice]
    elif a.choice:
        return rule("T-9")
    else:
        extra = ZERO
    cost = [data.cost[k] + extra[k] for k in range(3)]
    if t.faction == "war":
        cost[0] += ECON["war_tech_surcharge"]
    return Plan((cost[0], cost[1], cost[2]), 0, (("research", a.tech),))


def check_buy_exotic(st: TerritoryState, tribe: int, a: A.BuyExotic) -> IllegalAction | Plan:
    """T-9 Magic Research: buy one exotic (needs the tech and a tower)."""
    if "magic_research" not in st.tribes[tribe].techs:
        return no("territory.needs_tech", tech="magic_research")
    if not position.has_tower(st, tribe):
        return no("territory.no_tower")
    return Plan((ECON["buy_exotic_gold"], 0, 0), 0, (("buy_exotic",),))


def check_archaeology(st: TerritoryState, tribe: int, a: A.Archaeology) -> IllegalAction | Plan:
    """T-13.2: Arcane's dig on a visible ruin (own or not)."""
    if st.tribes[tribe].faction != "arcane":
        return rule("T-13.2")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if position.seen_building(st, a.tile) != RUIN:
        return rule("T-13.2")
    gold = ARCH_OWN_GOLD if position.owns(st, tribe, a.tile) else ARCH_FOREIGN_GOLD
    return Plan((gold, 0, 0), 0, (("archaeology",),))


def do_demolish(st: TerritoryState, tid: int, o: Order) -> None:
    """T-8.1: remove an own building, wall or tunnel; nothing refunded."""
    a: A.Demolish = o.action  # type: ignore[assignment]
    tile = a.tile
    if st.owner[tile] != tid:
        return effects.void(st, tid, o, "T-6.4")
    if a.part == "building":
        b = st.building[tile]
        if b in (NONE, RUIN, TREE):
            return effects.void(st, tid, o, "T-8.1")
        left = "ruin" if b in (CITY, CAPITAL) else ""
        st.building[tile] = RUIN if left else NONE
        st.commerce[tile] = False
        effects.spend(st, tid, o)
        effects.emit(st, E.Destroyed(tile, BUILDINGS[b], "demolish", left))
    elif a.part == "tunnel":
        other = st.tunnel[tile]
        if other < 0:
            return effects.void(st, tid, o, "T-8.1")
        st.tunnel[tile] = st.tunnel[other] = -1
        effects.spend(st, tid, o)
        effects.emit(st, E.Destroyed(tile, "tunnel", "demolish"))
    else:
        s = SIDES.index(a.part)
        if not st.walls[tile * 4 + s]:
            return effects.void(st, tid, o, "T-8.1")
        st.walls[tile * 4 + s] = 0
        effects.spend(st, tid, o)
        effects.emit(st, E.Destroyed(tile, f"wall_{a.part}", "demolish"))


def _built(st: TerritoryState, tid: int, a: A.Build) -> None:
    st.building[a.tile] = BUILDING_CODE[a.building]
    effects.emit(st, E.Built(tid, a.tile, a.building))


def _upgraded(st: TerritoryState, tid: int, a: A.Upgrade) -> None:
    tile = a.tile
    if st.building[tile] == CITY:
        for i in st.board.land_tiles:  # T-8: the old capital becomes a city
            if st.owner[i] == tid and st.building[i] == CAPITAL:
                st.building[i] = CITY
                effects.emit(st, E.Destroyed(i, "capital", "moved", "city"))
        st.building[tile] = CAPITAL
        effects.emit(st, E.Built(tid, tile, "capital"))
    else:
        st.building[tile] = CITY
        effects.emit(st, E.Built(tid, tile, "city"))


def _commerce(st: TerritoryState, tid: int, a: A.Commerce) -> None:
    st.commerce[a.tile] = True
    effects.emit(st, E.Built(tid, a.tile, "commerce"))


def _walled(st: TerritoryState, tid: int, a: A.Wall) -> None:
    st.walls[a.tile * 4 + SIDES.index(a.side)] = 1
    effects.emit(st, E.Built(tid, a.tile, "wall", a.side))


def _wall_upgraded(st: TerritoryState, tid: int, a: A.WallUpgrade) -> None:
    st.walls[a.tile * 4 + SIDES.index(a.side)] = 2
    effects.emit(st, E.Built(tid, a.tile, "wall_upgrade", a.side))


def _tunnelled(st: TerritoryState, tid: int, a: A.Tunnel) -> None:
    st.tunnel[a.a] = a.b
    st.tunnel[a.b] = a.a
    effects.emit(st, E.Built(tid, a.a, "tunnel", "", a.b))


def _temple(st: TerritoryState, tid: int, a: A.Temple) -> None:
    st.tribes[tid].temple = a.tile
    effects.emit(st, E.Built(tid, a.tile, "temple"))


# {order type: (its checker, re-run at resolution (T-6.4), its effect)}
CONSTRUCTIONS: dict[type, tuple[Callable[..., IllegalAction | Plan], Callable[..., None]]] = {
    A.Build: (check_build, _built),
    A.Upgrade: (check_upgrade, _upgraded),
    A.Commerce: (check_commerce, _commerce),
    A.Wall: (check_wall, _walled),
    A.WallUpgrade: (check_wall_upgrade, _wall_upgraded),
    A.Tunnel: (check_tunnel, _tunnelled),
    A.Temple: (check_temple, _temple),
}


def do_build(st: TerritoryState, tid: int, o: Order) -> None:
    """Builds, upgrades, commerce, walls, tunnels, temple: re-checked at resolution."""
    a = o.action
    checker, effect = CONSTRUCTIONS[type(a)]
    if not isinstance(checker(st, tid, a), Plan):
        return effects.void(st, tid, o, "T-6.4")
    effects.spend(st, tid, o)
    effect(st, tid, a)


def do_research(st: TerritoryState, tid: int, o: Order) -> None:
    """T-9.2: pay now, activate at the next START."""
    a: A.Research = o.action  # type: ignore[assignment]
    effects.spend(st, tid, o)
    st.tribes[tid].researching.append(f"{a.tech}:{a.choice}" if a.choice else a.tech)
    effects.emit(st, E.Researched(tid, a.tech, a.choice))


def do_buy_exotic(st: TerritoryState, tid: int, o: Order) -> None:
    """T-9 Magic Research: 3 gold now, +1 exotic at the next income."""
    if position.tower_of(st, tid) < 0:
        return effects.void(st, tid, o, "T-9")
    effects.spend(st, tid, o)
    st.tribes[tid].exotics_bought += 1
    effects.emit(st, E.ExoticBought(tid))


def do_archaeology(st: TerritoryState, tid: int, o: Order) -> None:
    """T-13.2 D16: three dice decide the find; the ruin stays."""
    a: A.Archaeology = o.action  # type: ignore[assignment]
    if st.building[a.tile] != RUIN:
        return effects.void(st, tid, o, "T-13.2")
    effects.spend(st, tid, o)
    d1, d2, d3 = st.rng.die(6), st.rng.die(6), st.rng.die(6)
    amounts = (d1 + 1, 2 if d2 == 6 else 1, 1 if d3 == 6 else 0)
    effects.emit(st, E.ArchaeologyDug(tid, a.tile, (d1, d2, d3), amounts))
    effects.gain(st, tid, amounts, "archaeology", a.tile)
