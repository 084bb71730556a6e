"""What the greedy planner (T-21.1, T-21.3) thinks every non-arrow order is worth.

`order_value(planner, action)` returns (value, typed cost, generic cost) in gold-equivalents
for one legal action: buildings and upgrades (capital move included), commerce, walls and
their upgrades, tunnels, the temple, every tech, Magic Research purchases, archaeology, every
tower spell, Deep Tide, guard, tribute, spice trade and gifts. The planner takes the orders
with the best value − cost first while affordable (T-21.1 (1), (3), (4), (5)), ties broken by
the agent's RNG. Every weight is in the `[ai]` table of data/rules.toml (`W` here), so
tuning the AI never touches this code. Only the public view is read (T-18.3).

Values are rough on purpose: an income of g gold a turn is worth `horizon`·g, a point of cap
`cap_point`, and threats scale with how many enemy tiles touch the tile in question.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from game.territory import actions as A
from game.territory import position
from game.territory.constants import (
    AI_WEIGHTS, BUILDING, BUILDING_CODE, CAMP, CAPITAL, CITY, CITY_ON_RUIN, COMMERCE_COST,
    COMMERCE_GOLD, DEEP_TIDE_COST, ECON, NONE, OUTPOST, RUIN, SIDES, SPELL, TECH, TOWER, TREE,
    TUNNEL_GOLD_BASE, WALL_COST, WALL_MIXED_COST, WALL_UPGRADE_COST, TEMPLE_COST, WORKSHOP,
    WORKSHOP_ON_MATERIALS, ARCH_FOREIGN_GOLD, ARCH_OWN_GOLD, LAND,
)
from game.territory.state import NOBODY, UNDEAD

W = AI_WEIGHTS
# planner.Planner (not imported: planner imports this module, and game/ has no cycles)
PlannerLike = Any
SIDE_INDEX: dict[str, int] = {side: k for k, side in enumerate(SIDES)}
Cost = tuple[int, int, int]
NOTHING: tuple[float, Cost, int] = (0.0, (0, 0, 0), 0)


def enemy_sides(p: PlannerLike, tile: int) -> list[tuple[int, int]]:
    """(side index, owner) of each side of `tile` facing another tribe's land."""
    v = p.view
    out = []
    for s, j in enumerate(v.board.sides[tile]):
        if j >= 0 and v.owner[j] >= 0 and v.owner[j] != p.tid:
            out.append((s, v.owner[j]))
    return out


def frontier(p: PlannerLike, tile: int) -> float:
    """How exposed an own tile is to rival tribes' arrows: each side facing another tribe's
    land counts 1, each side facing unclaimed land that touches another tribe's land ½ (an
    arrow can cross it, T-11.2)."""
    v = p.view
    owner, adjacent = v.owner, v.board.adjacent
    out = 0.0
    for j in adjacent[tile]:
        o = owner[j]
        if o >= 0 and o != p.tid:
            out += 1.0
        elif o == NOBODY and v.board.kind[j] == LAND and any(
                owner[k] >= 0 and owner[k] != p.tid for k in adjacent[j]):
            out += 0.5
    return out


def border_set(p: PlannerLike) -> set[int]:
    """Own tiles touching another tribe's land (the planner's `borders`, found with its
    neighbours once a plan). `wall_values` of every other own tile is `FACING_NONE` (no
    side faces a neighbour), so their walls are not valued."""
    if p.borders is None:
        p.neighbours()
    return p.borders


def border_tiles(p: PlannerLike) -> int:
    """Own tiles touching another tribe's land (how exposed the tribe is)."""
    return len(border_set(p))


def tile_weight(p: PlannerLike, tile: int) -> float:
    """What keeping an own tile is worth: its income over the horizon, more for a city."""
    b = p.view.building[tile]
    worth = W["base"] + (BUILDING[b].gold if b not in (NONE, RUIN) and b in BUILDING else 0) * 2
    if b in (CITY, CAPITAL):
        worth += W["capital"] // 2 if b == CAPITAL else 3
    return worth


def tile_worth(b: int, special: int, owned: bool, building_weight: int) -> int:
    """The part of T-21.1 (2)'s V of a target tile read from its building `b`, its special,
    whether a tribe owns it and the planner's building weight: its income over the horizon,
    the special, the building's cap, a capital (the weights are integers)."""
    gold = 1 + (BUILDING[b].gold if b not in (NONE,) else 0)
    value = W["base"] + W["tile_worth"] * gold * W["income"]
    if special:
        value += W["special"]
    if b not in (NONE, RUIN) and b in BUILDING:
        value += building_weight * BUILDING[b].cap
    if b == CAPITAL and owned:
        value += W["capital"]
    return value


# `tile_worth` by its arguments, filled by the planner's `_target_value`: few entries
# (buildings x specials x owned x styles' weights)
TILE_WORTH: dict[tuple[int, int, bool, int], int] = {}


def cap_worth(p: PlannerLike) -> float:
    """A point of cap is worth `cap_point` only when holdings press against the cap."""
    return float(W["cap_point"]) if sum(p.t.res) + 3 >= p.cap else W["cap_point"] / 4


def less(p: PlannerLike, cost: Cost) -> Cost:
    """Architecture Art: 1 gold less on builds, upgrades and walls (T-9)."""
    arch = 1 if "architecture_art" in p.t.techs else 0
    return (max(0, cost[0] - arch), cost[1], cost[2])


def spell_cost(p: PlannerLike, spell: str) -> int:
    """T-10.1 / T-13.2 / T-15.1: exotics a tower spell costs this tribe now."""
    cost = SPELL[spell].cost
    if p.t.faction == "arcane":
        cost = max(0, cost - ECON["arcane_spell_discount"])
        if p.view.turn <= p.view.turmoil_until:
            cost += ECON["turmoil_arcane_surcharge"]
    return cost


def order_value(p: PlannerLike, action: Any) -> tuple[float, Cost, int]:
    """(value, typed cost, generic cost) of one non-arrow order; value 0: not wanted."""
    handler = HANDLERS.get(type(action))
    return handler(p, action) if handler else NOTHING


# ---- buildings and extras (T-8) --------------------------------------------------------------
def _build(p: PlannerLike, a: A.Build) -> tuple[float, Cost, int]:
    v, h = p.view, W["horizon"]
    kind = BUILDING_CODE[a.building]
    data = BUILDING[kind]
    special = v.board.special[a.tile]
    cost = data.cost
    if kind == WORKSHOP and special == 1:
        cost = WORKSHOP_ON_MATERIALS
    if kind == CITY and v.building[a.tile] == RUIN:
        cost = CITY_ON_RUIN
    if kind == OUTPOST and v.building[a.tile] == RUIN:
        cost = (0, 0, 0)
    value = h * data.gold + cap_worth(p) * data.cap + h * data.materials * W["materials"] / 2
    if kind == TOWER:
        if p.has_tower:   # `position.tower_of(v, p.tid) >= 0`, fixed for the plan
            return NOTHING
        value += W["tower"]
    elif kind == OUTPOST:
        targets = sum(1 for j in v.board.around[a.tile] if v.owner[j] >= 0 and v.owner[j] != p.tid)
        value += W["outpost"] * min(targets, 4)
    elif kind in (CITY, CAPITAL):
        value += W["city_defense"] * len(enemy_sides(p, a.tile))
    if p.t.faction == "shadow" and kind in (CAMP, CITY):
        # T-13.7 grudge: a captor of this tile gets undead, not the tile, so a building on
        # the border keeps rivals off it
        value += W["grudge"] * frontier(p, a.tile)
    return value, less(p, cost), 0


def _upgrade(p: PlannerLike, a: A.Upgrade) -> tuple[float, Cost, int]:
    v, h = p.view, W["horizon"]
    old = v.building[a.tile]
    if old in (CAMP, OUTPOST):
        gain = BUILDING[CITY].gold - BUILDING[old].gold
        value = h * gain + cap_worth(p) * (BUILDING[CITY].cap - BUILDING[old].cap)
        value += W["city_defense"] * (1 + len(enemy_sides(p, a.tile)))
        return value, less(p, BUILDING[CITY].cost), 0
    if old != CITY:
        return NOTHING
    capital = position.capital_of(v, p.tid)
    gain = BUILDING[CAPITAL].gold - BUILDING[CITY].gold
    value = float(h * gain)
    if capital < 0:
        value += W["capital"]  # T-12.2: the core of a split, Sun totem, an enemy's prize
        if p.t.totem == "sun":
            value += W["capital"]
    else:
        # capital move: worth it when the old capital is on the front and this city is not
        threat_old = len(enemy_sides(p, capital))
        threat_new = len(enemy_sides(p, a.tile))
        if threat_old <= threat_new:
            return NOTHING
        value = W["capital_move"] * (threat_old - threat_new)
    return value, less(p, BUILDING[CAPITAL].cost), 0


def _commerce(p: PlannerLike, a: A.Commerce) -> tuple[float, Cost, int]:
    return float(W["horizon"] * COMMERCE_GOLD), less(p, COMMERCE_COST), 0


def wall_values(p: PlannerLike, tile: int) -> tuple[float | None, ...]:
    """T-21.1 (3): what a wall on each side of `tile` is worth (None: the side faces no
    neighbour's land), more on cities and against the richest neighbour. Once a plan per
    tile (`p.wall_memo`): a pure function of the view and of `richest`, fixed before the
    first wall is valued, and asked for both payments, the upgrade and Earth Wall."""
    values = p.wall_memo.get(tile)
    if values is None:
        v = p.view
        owner, tid = v.owner, p.tid
        out: list[float | None] = []
        for j in v.board.sides[tile]:
            if j < 0 or owner[j] < 0 or owner[j] == tid:
                out.append(None)
            else:
                threat = 1 + (2 if owner[j] == p.richest else 0)
                out.append(W["wall"] * threat * tile_weight(p, tile) / 4)
        values = p.wall_memo[tile] = tuple(out) if out.count(None) < 4 else FACING_NONE
    return values


FACING_NONE: tuple[None, ...] = (None, None, None, None)   # `wall_values` of an inner tile


def _wall(p: PlannerLike, a: A.Wall) -> tuple[float, Cost, int]:
    """T-21.1 (3): a wall facing a neighbour (`wall_values`)."""
    value = wall_values(p, a.tile)[SIDE_INDEX[a.side]]
    if value is None:
        return NOTHING
    cost = WALL_COST if a.pay == "gold" else WALL_MIXED_COST
    return value, less(p, cost), 0


def _wall_upgrade(p: PlannerLike, a: A.WallUpgrade) -> tuple[float, Cost, int]:
    value = wall_values(p, a.tile)[SIDE_INDEX[a.side]]
    return (value or 0.0) * 0.8, less(p, WALL_UPGRADE_COST), 0


def valued_walls(p: PlannerLike, legal: list[Any], positions: list[int]) -> list[tuple]:
    """`Planner.valued`'s entries for the listed walls at `positions`: (position, wall,
    value, typed cost, 0) of each worth something, as `_wall` values them one by one, in a
    loop; a tile off the border (`border_set`: no side of it faces a neighbour, as for most
    tiles) is not valued. Picking the border tiles' walls out by C-level filters
    (`itemgetter`, `compress`, `map`) cost 0.17 % more instructions of 10 random games than
    this loop (9,132.2 M against 9,116.5 M)."""
    border = border_set(p)
    if not border:
        return []
    out: list[tuple] = []
    gold, mixed = less(p, WALL_COST), less(p, WALL_MIXED_COST)
    memo = p.wall_memo
    tile, values = -1, FACING_NONE   # (a tile's walls are listed one after the other)
    for n in positions:
        a = legal[n]
        if a.tile != tile:
            tile = a.tile
            values = (memo.get(tile) or wall_values(p, tile)) if tile in border else FACING_NONE
        if values is FACING_NONE:   # most tiles: no side faces a neighbour
            continue
        value = values[SIDE_INDEX[a.side]]
        if value is not None and value > 0:
            out.append((n, a, value, gold if a.pay == "gold" else mixed, 0))
    return out


def _tunnel(p: PlannerLike, a: A.Tunnel) -> tuple[float, Cost, int]:
    """T-13.7: a tunnel is a new front (far end not own) or a link between own components."""
    v = p.view
    ax, ay = a.a % v.board.width, a.a // v.board.width
    bx, by = a.b % v.board.width, a.b // v.board.width
    k = abs(ax - bx) + abs(ay - by) - 1
    cost = (TUNNEL_GOLD_BASE + k, k, 0)
    far = v.owner[a.b]
    if far == p.tid:
        value = W["reconnect"] * 2 if p.t.split_age >= 0 else 0
    else:
        # a new front: each tunnel we already have makes one more worth less
        if p.fronts is None:   # once a plan (the planner's `fronts`)
            p.fronts = 1 + sum(1 for i in p.own if v.tunnel[i] >= 0)
        fronts = p.fronts
        value = (W["tunnel"] + (tile_weight(p, a.b) if far >= 0 else 0)) / fronts
    return float(value), cost, 0


def _temple(p: PlannerLike, a: A.Temple) -> tuple[float, Cost, int]:
    return float(W["temple"]), TEMPLE_COST, 0


def valued_casts(p: PlannerLike, legal: list[Any], positions: list[int]) -> list[tuple]:
    """`Planner.valued`'s entries for the listed spells at `positions`, as `_cast` values
    them. The spells listed by the dozen are worth nothing on most targets, so those are
    passed by before `_cast`: an Earth Wall on a side whose wall is worth nothing (every
    side of every own tile is listed; the tiles off the border face nobody, `border_set`),
    a Meteor on a tile without a building it hits, Desolation on a tile not a player's."""
    out: list[tuple] = []
    memo = p.wall_memo
    border = border_set(p)
    v = p.view
    building, owner, tribes = v.building, v.owner, v.tribes
    for n in positions:
        a = legal[n]
        spell = a.spell
        if spell == "earth_wall":
            if a.target not in border:
                continue
            wall = (memo.get(a.target) or wall_values(p, a.target))[SIDE_INDEX[a.side]]
            if not wall or wall <= 0:
                continue
        elif spell == "meteor":
            if building[a.target] not in METEOR_HITS:
                continue
        elif spell == "desolation":
            victim = owner[a.target]
            if victim < 0 or not tribes[victim].is_player:
                continue
        value, typed, generic = _cast(p, a)
        if value > 0:
            out.append((n, a, value, typed, generic))
    return out


# ---- techs and magic economy (T-9) -----------------------------------------------------------
def _research(p: PlannerLike, a: A.Research) -> tuple[float, Cost, int]:
    v, t, h = p.view, p.t, W["horizon"]
    tech = a.tech
    cost = list(TECH[tech].cost)
    if a.choice and TECH[tech].choices:
        extra = TECH[tech].choices[a.choice]
        cost = [cost[k] + extra[k] for k in range(3)]
    if t.faction == "war":
        cost[0] += ECON["war_tech_surcharge"]
    # (counted only for the three techs valued by it)
    cities = sum(1 for i in p.own if v.building[i] in (CITY, CAPITAL)) if tech in _BY_CITIES else 0
    border = border_tiles(p)
    value: float
    if tech == "extraction":
        value = h * sum(1 for i in p.own if v.board.special[i]) * W["materials"]
    elif tech == "magic_research":  # an exotic a turn for 3 gold: the way to spells
        value = W["exotic"] * 3 - (0 if a.choice == ("exotics" if t.res[1] < 2 else "materials") else 1)
        if t.temple >= 0:
            value += W["deep_tide"]  # T-13.5: exotics for Deep Tide
    elif tech == "storage":
        value = cap_worth(p) * 2 * ECON["storage_cap"] * cities
    elif tech == "commerce_tech":
        value = h * COMMERCE_GOLD * cities / 2
    elif tech == "military_tactics":
        value = W["tactics"] * (1 + border) / 2
    elif tech == "siege":
        # rivals' walled tiles and cities, counted up to the 6 that count (not over the land)
        walled = 0
        owner, building, walls, tid = v.owner, v.building, v.walls, p.tid
        for i in v.board.land_tiles:
            if owner[i] >= 0 and owner[i] != tid and (
                    building[i] in (CITY, CAPITAL) or any(walls[i * 4:i * 4 + 4])):
                walled += 1
                if walled == 6:
                    break
        value = W["siege"] * walled / 2
    elif tech == "primitive_magic":
        value = W["magic"] * 2
    elif tech == "battle_magic":
        value = W["magic"] * 3
        if t.faction == "shadow":
            value += W["plague"]  # T-13.7: Undead Plague needs it
    elif tech == "architecture_art":  # a gold less on about two builds or walls a turn
        value = h * 2
    elif tech == "architecture":
        value = W["magic"] + W["tactics"] * (cities + 2)
    elif tech == "diplomacy":
        value = W["tactics"] * (1 + border) / 2
    elif tech == "totem":
        value = W["magic"] * 2 + {"snake": border, "flower": h / 2, "sun": 0}.get(a.choice, 0)
        if a.choice == "sun" and position.capital_of(v, p.tid) >= 0:
            value += W["capital"]
    elif tech == "landing":
        value = W["tactics"] * sum(1 for i in p.own if v.board.coastal[i]) / 4
    elif tech == "digging":
        value = W["tunnel"] + W["magic"]
    else:
        value = 0.0
    if t.temple >= 0 and cost[2] and t.res[2] < DEEP_TIDE_COST + cost[2]:
        value = 0.0  # T-13.5: Tide keeps its exotics for Deep Tide
    return value, (cost[0], cost[1], cost[2]), 0


_BY_CITIES = ("storage", "commerce_tech", "architecture")   # the techs `_research` values by cities


def _buy_exotic(p: PlannerLike, a: A.BuyExotic) -> tuple[float, Cost, int]:
    value = W["exotic"] if p.t.res[2] < 6 else 0
    if p.t.temple >= 0 and p.t.res[2] < DEEP_TIDE_COST:
        value += W["deep_tide"] // 2  # T-13.5: saving up for Deep Tide
    return float(value), (ECON["buy_exotic_gold"], 0, 0), 0


def _archaeology(p: PlannerLike, a: A.Archaeology) -> tuple[float, Cost, int]:
    own = p.view.owner[a.tile] == p.tid
    # three d6: gold d+1 (4.5), materials 1 (7/6), exotics 1/6 -> about 6 in gold-equivalents
    return 6.0, ((ARCH_OWN_GOLD if own else ARCH_FOREIGN_GOLD), 0, 0), 0


# ---- tower spells (T-10) and Deep Tide (T-13.5) ----------------------------------------------
# the buildings a Meteor is worth casting on (`_cast`)
METEOR_HITS: frozenset[int] = frozenset((CITY, CAPITAL, TOWER, WORKSHOP, CAMP, OUTPOST))


def _cast(p: PlannerLike, a: A.Cast) -> tuple[float, Cost, int]:
    v, tid = p.view, p.tid
    spell = a.spell
    cost = (0, 0, spell_cost(p, spell))
    value = 0.0
    if spell == "rock_solid":
        near = p.near
        enemy = sum(sum(v.tribes[o].res) for o in near)
        ratio = enemy / max(1, sum(p.t.res))
        if near and ratio >= 1.2:  # T-21.1 (4): outgunned by the neighbours
            value = W["rock_solid"] * ratio / 2 + border_tiles(p)
    elif spell == "meteor":
        b = v.building[a.target]
        if b in METEOR_HITS:
            value = W["meteor"] + 2 * BUILDING[b].cap + (W["capital"] if b == CAPITAL else 0)
            value += sum(v.walls[a.target * 4:a.target * 4 + 4]) * 2
            if v.tribes[v.owner[a.target]].kind == "system":
                value /= 2
    elif spell == "steal":
        gold = v.tribes[a.target].res[0]
        if gold >= W["steal_min_gold"]:
            value = min(ECON["steal_max"], gold) * 1.5
    elif spell == "nature_gift":
        # own tiles at most one step away in x and in y: the target and the 8 around it
        own = p.own_set
        mine = (a.target in own) + sum(map(own.__contains__, v.board.around[a.target]))
        value = 2 * mine - 2
    elif spell == "earth_wall":
        wall = wall_values(p, a.target)[SIDE_INDEX[a.side]] or 0.0
        # the gold a built wall costs is saved; no wall order entry is used (D38)
        value = wall + WALL_COST[0] + W["earth_wall"] if wall > 0 else 0.0
    elif spell == "desolation":
        owner = v.owner[a.target]
        if owner >= 0 and v.tribes[owner].is_player:
            value = ECON["desolation_incomes"] * (1 + sum(position.tile_income(v, a.target)))
            value += W["meteor"] / 2  # the victim's income, not ours: worth as much as a raid
    elif spell == "jungle_blessing":
        rivals = [o for o in v.tribes if o.alive and o.id != tid and o.res[2] >= 2
                  and position.tower_of(v, o.id) >= 0]
        value = W["blessing"] * len(rivals)
    elif spell == "requiem":
        value = p.target_value(a.target) + W["base"]
    elif spell == "undead_plague":
        owner = v.owner[a.target]
        if owner >= 0:
            value = 2 * tile_weight(p, a.target) + W["base"] + (4 if v.tribes[owner].is_player else 0)
            value += W["meteor"] / 2  # and the new undead keep striking the victim (T-14.3)
            value += W["plague"]  # a certain capture-like blow: no die, no escrow at risk
            b = v.building[a.target]
            if b not in (NONE, RUIN) and b in BUILDING:  # the victim loses the building too
                value += 2 * BUILDING[b].cap + (W["capital"] if b == CAPITAL else 0)
    if value > 0 and p.t.temple >= 0 and p.t.res[2] < DEEP_TIDE_COST + cost[2]:
        value *= W["save_for_tide"] / 10  # Tide saves its exotics for Deep Tide (T-13.5)
    return value, cost, 0


def _deep_tide(p: PlannerLike, a: A.DeepTide) -> tuple[float, Cost, int]:
    v = p.view
    targets = 0.0
    for i in v.board.land_tiles:
        o = v.owner[i]
        if o >= 0 and o != p.tid and v.board.coastal[i]:
            targets += tile_weight(p, i) * (1.5 if v.tribes[o].is_player else 0.5)
    return targets / 6 + W["deep_tide"], (0, 0, DEEP_TIDE_COST), 0


# ---- diplomacy (T-13.3, T-16) -----------------------------------------------------------------
def _guard(p: PlannerLike, a: A.Guard) -> tuple[float, Cost, int]:
    """D17: stop the first n attack steps; worth it when rich neighbours can attack."""
    if a.tile >= 0:
        return NOTHING  # the all-tiles guard is always at least as good for the same gold
    v = p.view
    threat = sum(min(6, sum(v.tribes[o].res) // 4) for o in p.near)
    used = min(a.n, threat)
    value = used * W["guard"] - (a.n - used) * ECON["guard_gold"]
    return float(value), (ECON["guard_gold"] * a.n, 0, 0), 0


def _tribute(p: PlannerLike, a: A.DemandTribute) -> tuple[float, Cost, int]:
    """T-16.3: the target pays (AI rule: War has ≥ 2× its tiles) or War gets a grievance."""
    counts = p.counts
    target = a.target
    pays = counts.get(p.tid, 0) >= 2 * counts.get(target, 0)
    value = ECON["tribute"] if pays else W["grievance"] * (1 if target in p.near else 0)
    if target in p.spice_partners:
        value -= W["horizon"] * ECON["spice_gold"]
    return float(value), (0, 0, 0), 0


def _trade(p: PlannerLike, a: A.ProposeTrade) -> tuple[float, Cost, int]:
    return float(W["horizon"] * ECON["spice_gold"] / 2), (0, 0, 0), 0


def _gift(p: PlannerLike, a: A.Gift) -> tuple[float, Cost, int]:
    """(5) Resources that END's cap would discard are worth nothing to us; given to the weakest
    rival player, they keep the leader from V3 (more resources than all others). The amount
    is matched to the excess by the planner (`spend_down`)."""
    return 0.0, (0, 0, 0), 0


# ---- answers and the cap (T-21.1 (0), (5)) -------------------------------------------------
def spend_down(p: PlannerLike) -> None:
    """(5) What END's cap would discard goes as a gift to the weakest rival player: worth
    nothing to us, it keeps the richest rival from V3 (T-17.2)."""
    excess = p.total() - p.cap
    if excess <= 0:
        return
    v = p.view
    rivals = [o for o in v.tribes if o.alive and o.is_player and o.id != p.tid]
    if len(rivals) < 2:
        return
    weakest = min(rivals, key=lambda o: (sum(o.res), o.id))
    gift_max = v.params.gift_max
    for k, resource in ((0, "gold"), (1, "materials"), (2, "exotics")):
        n = min(excess, p.budget[k], gift_max)
        if n <= 0:
            continue
        typed = [0, 0, 0]
        typed[k] = n
        if p.add(A.Gift(weakest.id, resource, n), (typed[0], typed[1], typed[2])):
            excess -= n
        if excess <= 0:
            break


def answers(p: PlannerLike) -> None:
    """(0) Answers to last turn's proposals, by T-16's AI rules."""
    v, tid = p.view, p.tid
    for war, target, made in v.demands:
        if target == tid and made == v.turn - 1:
            counts = p.counts   # `position.tile_counts(v)`, counted once a plan
            pay = counts.get(war, 0) >= 2 * counts.get(tid, 0)
            if not p.add(A.AnswerTribute(war, pay), (0, 0, 0), 5 if pay else 0):
                p.add(A.AnswerTribute(war, False))
    for jungle, target, made in v.trades:
        if target == tid and made == v.turn - 1:
            accept = v.attacked.get((jungle, tid), -99) < v.turn - 3
            p.add(A.AnswerTrade(jungle, accept))
    for vassal, lord, made in v.vassal_offers:
        if lord == tid and made == v.turn - 1:
            p.add(A.AnswerVassal(vassal, True))


# ---- the kinds the planner chooses among, and what two planned orders must not share ------
ECONOMY: tuple[type, ...] = (A.Build, A.Upgrade, A.Commerce, A.Research, A.BuyExotic,
                             A.Archaeology, A.Tunnel, A.Temple)
PAYBACK: tuple[type, ...] = (A.Build, A.Upgrade, A.Commerce)
DEFENCE: tuple[type, ...] = (A.Wall, A.WallUpgrade)
MAGIC: tuple[type, ...] = (A.Cast, A.DeepTide)
DIPLOMACY: tuple[type, ...] = (A.Guard, A.DemandTribute, A.ProposeTrade)
ANY_ORDER: tuple[type, ...] = ECONOMY + DEFENCE + MAGIC + DIPLOMACY


def slot_of(action: Any) -> tuple | None:
    """What two planned orders must not share: a tile's main-building slot, a tech, one
    tribute demand or trade per target, one guard (by the action's class, no action class
    being a subclass of another: classes compared by identity, not by `isinstance` calls)."""
    kind = type(action)
    if kind is A.Build or kind is A.Upgrade:
        return ("slot", action.tile)
    if kind is A.Research:
        return ("tech", action.tech)
    if kind is A.Wall or kind is A.WallUpgrade:
        return ("wall", action.tile, action.side)
    if kind is A.Guard:
        return ("guard",)
    if kind is A.DemandTribute or kind is A.ProposeTrade:
        return (kind.__name__, action.target)
    if kind is A.Tunnel:
        return ("tunnel", action.a)
    if kind is A.Temple or kind is A.DeepTide or kind is A.BuyExotic or kind is A.Archaeology:
        return (kind.__name__,)
    return None


# kinds valued in one loop each (`Planner.valued`), the kinds listed most often
BATCH: dict[type, Any] = {A.Wall: valued_walls, A.Cast: valued_casts}

HANDLERS: dict[type, Any] = {
    A.Build: _build, A.Upgrade: _upgrade, A.Commerce: _commerce, A.Wall: _wall,
    A.WallUpgrade: _wall_upgrade, A.Tunnel: _tunnel, A.Temple: _temple, A.Research: _research,
    A.BuyExotic: _buy_exotic, A.Archaeology: _archaeology, A.Cast: _cast,
    A.DeepTide: _deep_tide, A.Guard: _guard, A.DemandTribute: _tribute,
    A.ProposeTrade: _trade, A.Gift: _gift,
}

__all__ = ["order_value", "answers", "spend_down", "HANDLERS", "BATCH", "slot_of", "ECONOMY", "PAYBACK",
           "DEFENCE", "MAGIC", "DIPLOMACY", "ANY_ORDER", "LAND", "NOBODY", "UNDEAD", "TREE"]


def best_first(options: list[tuple]) -> None:
    """Sort (net value, cost, ...) options by value, highest first, then the cheaper, else
    in their order: `sort(key=lambda o: (-o[0], o[1]))`, as two stable sorts that call no
    Python key function (a reverse sort keeps equal keys in their order)."""
    options.sort(key=itemgetter(1))
    options.sort(key=itemgetter(0), reverse=True)
