"""Order entry during ORDERS (T-6): legality, escrow and the enumeration of legal orders.

One source of legality: every kind of order has a checker that returns either a refusal
`Why(key, params)` or a `Plan` (its typed cost, its generic cost, the per-turn conflict keys
it takes). `_why` runs the checker and then the dynamic checks (limits, conflicts with the
orders already entered, the open arrow, affordability) before anything changes.

`legal_actions` enumerates exactly what `_why` accepts: the orders whose checker result cannot
change during ORDERS (the board and the techs are fixed until RESOLVE) are generated once per
tribe and turn into a cache and only filtered by the dynamic checks at each call; arrow steps,
spells bound to an arrow, settings and removals are checked at every call. A property test
compares the two on random games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.territory import actions as A
from game.territory.constants import (
    ARCH_FOREIGN_GOLD, ARCH_OWN_GOLD, ATTACK, BUILDING, CAMP, CAPITAL, CHASM, CITY, FARM,
    CITY_ON_RUIN, COMMERCE_COST, DEEP_TIDE_COST, ECON, LAND, MATERIALS, NONE, OUTPOST,
    PRIORITIES, PRIORITY_ORDER, RAZE, RAZE_VALUE, RESOURCES, RUIN, SEA, SIDES, SPELL, SPELLS,
    TECH, TECHS, TEMPLE_COST, TOWER, TREE, TUNNEL_GOLD_BASE, VOLCANO, WALL_COST, WALL_MIXED_COST,
    WALL_UPGRADE_COST, WORKSHOP, WORKSHOP_ON_MATERIALS, Cost, ZERO,
)
from game.territory.state import NOBODY, UNDEAD, Order, PathStep, Position, TerritoryState

HELD = -1  # "previous path tile is held" (origin, or an attack step assumed captured)
BUILD_KINDS: tuple[str, ...] = ("camp", "city", "workshop", "tower", "farm", "outpost")
GRUDGE_BUILDINGS = (CAMP, CITY, CAPITAL)
BOUND_SPELLS = ("battle_fervor", "bewitch", "fortune")
TILE_SPELLS = ("nature_gift", "meteor", "desolation", "requiem", "undead_plague")
TRIBE_SPELLS = ("steal",)
PLAIN_SPELLS = ("rock_solid", "jungle_blessing")
# What a conflicting per-turn key is refused with (T-20); unlisted kinds: not allowed (rule).
KEY_REASONS: dict[str, tuple[str, str]] = {
    "slot": ("not_empty", ""), "wall": ("not_empty", ""), "tunnel": ("not_empty", ""),
    "commerce": ("not_empty", ""), "cede": ("not_empty", ""),
    "spell": ("territory.one_spell", ""), "tower": ("limit_reached", ""),
    "capital": ("limit_reached", ""), "temple": ("limit_reached", ""),
    "research": ("territory.not_allowed", "T-9.1"), "buy_exotic": ("territory.not_allowed", "T-9"),
    "deep_tide": ("territory.not_allowed", "T-13.5"),
    "archaeology": ("limit_reached", ""), "demand": ("territory.not_allowed", "T-16.3"),
    "answer_tribute": ("territory.not_allowed", "T-16.3"),
    "propose": ("territory.not_allowed", "T-16.4"),
    "answer_trade": ("territory.not_allowed", "T-16.4"),
    "vassal": ("territory.not_allowed", "T-16.2"),
    "answer_vassal": ("territory.not_allowed", "T-16.2"),
}


@dataclass(frozen=True, slots=True)
class Why:
    """A refusal: a reason key (T-20) and its parameters."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()


def no(key: str, **params: Any) -> Why:
    """A refusal with a reason key and parameters."""
    return Why(key, tuple(sorted(params.items())))


def rule(rule_id: str) -> Why:
    """T-20's catch-all: "not allowed (<rule id>)"."""
    return Why("territory.not_allowed", (("rule", rule_id),))


@dataclass(frozen=True, slots=True)
class Plan:
    """An acceptable order: typed cost, generic cost (T-6.3), conflict keys, and for arrow
    steps whether a grievance already lowered the cost."""

    typed: Cost
    generic: int
    keys: tuple[tuple, ...] = ()
    discount: bool = False

    @property
    def total(self) -> int:
        """Typed plus generic cost."""
        return self.typed[0] + self.typed[1] + self.typed[2] + self.generic



def _less_gold(cost: Cost, by: int) -> Cost:
    return (max(0, cost[0] - by), cost[1], cost[2])


def _valid_tile(state: TerritoryState, i: Any) -> bool:
    return isinstance(i, int) and not isinstance(i, bool) and 0 <= i < state.board.size


def _valid_tribe(state: TerritoryState, i: Any, me: int) -> bool:
    return (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(state.tribes)
            and i != me and state.tribes[i].alive)


class OrderEntry(TerritoryState):
    """The ORDERS-phase half of the rules (mixed into `TerritoryGame`)."""

    # ---- payment (T-6.2, T-6.3) ---------------------------------------------------------
    def can_pay(self, tribe: int, typed: Cost, generic: int) -> bool:
        """T-6.2: the holdings (not the escrow) cover the cost."""
        res = self.tribes[tribe].res
        return (res[0] >= typed[0] and res[1] >= typed[1] and res[2] >= typed[2]
                and res[0] + res[1] + res[2] - typed[0] - typed[1] - typed[2] >= generic)

    def take(self, tribe: int, typed: Cost, generic: int) -> tuple[int, ...]:
        """Move a cost from holdings into escrow; returns the units in the order taken."""
        t = self.tribes[tribe]
        res = t.res
        units: list[int] = []
        for k in range(3):
            res[k] -= typed[k]
            units.extend([k] * typed[k])
        left = generic
        for k in self.priority_of(tribe):
            n = min(left, res[k])
            res[k] -= n
            units.extend([k] * n)
            left -= n
        return tuple(units)

    def priority_of(self, tribe: int) -> tuple[int, int, int]:
        """T-6.3: resource indices in the order generic costs and discards take them."""
        return PRIORITY_ORDER[self.tribes[tribe].priority]

    def give_back(self, tribe: int, units: tuple[int, ...] | list[int]) -> tuple[int, int, int]:
        """Return escrow units to the holdings; returns the amounts."""
        res = self.tribes[tribe].res
        out = [0, 0, 0]
        for k in units:
            res[k] += 1
            out[k] += 1
        return (out[0], out[1], out[2])

    # ---- small queries --------------------------------------------------------------------
    _resolving: bool = False

    def has_tower(self, tribe: int) -> bool:
        """`tower_of(tribe) >= 0`, cached while the board cannot change (ORDERS)."""
        if self._resolving:
            return self.tower_of(tribe) >= 0
        key = ("tower", tribe)
        cache = self._cache
        if key not in cache:
            cache[key] = self.tower_of(tribe) >= 0
        return cache[key]

    def seen_owners(self) -> list[int]:
        """Every tile's owner as the public sees it (T-18.3), cached during ORDERS."""
        if self._resolving:
            return [self.seen_owner(i) for i in range(self.board.size)]
        seen = self._cache.get("seen")
        if seen is None:
            seen = self._cache["seen"] = [Position.seen_owner(self, i)
                                          for i in range(self.board.size)]
        return seen

    def seen_owner(self, i: int) -> int:
        """The owner as the public sees it (cached during ORDERS)."""
        if self._resolving:
            return Position.seen_owner(self, i)
        return self.seen_owners()[i]

    def _own(self, tribe: int, i: int) -> bool:
        return self.seen_owner(i) == tribe

    def _faction(self, tribe: int) -> str:
        return self.tribes[tribe].faction

    def _arch_art(self, tribe: int) -> int:
        return 1 if "architecture_art" in self.tribes[tribe].techs else 0

    def _turmoil(self) -> bool:
        return self.turn <= self.turmoil_until

    def grievance(self, war: int, target: int) -> bool:
        """T-16.3: `war`'s steps against `target` get +1 attack and cost 1 less now."""
        return any(w == war and r == target and until >= self.turn
                   for w, r, until in self.grievances)

    def entries(self, tribe: int) -> int:
        """D38: orders held, each arrow step counting as one."""
        return sum(len(o.steps) if o.steps else 1 for o in self.tribes[tribe].orders)

    def open_arrow(self, tribe: int) -> Order | None:
        """The order `step` would extend: the last order if it is an arrow."""
        orders = self.tribes[tribe].orders
        return orders[-1] if orders and orders[-1].steps else None

    def unfinished(self, tribe: int) -> bool:
        """The arrow entered last ends with a crossing (T-11.1: the last tile is attacked)."""
        arrow = self.open_arrow(tribe)
        return arrow is not None and arrow.steps[-1].x == 0

    def borders(self, tribe: int, other: int) -> bool:
        """Some tile of `tribe` touches a tile of `other` (public view)."""
        adjacent = self.board.adjacent
        for i in self.board.land_tiles:
            if self.seen_owner(i) == tribe:
                for j in adjacent[i]:
                    if self.seen_owner(j) == other:
                        return True
        return False

    def surcharge(self, tribe: int, tile: int) -> int:
        """T-11.2: the extra cost of crossing a tile."""
        kind = self.board.kind[tile]
        if kind == SEA:
            return 0 if self._faction(tribe) == "tide" else ATTACK["surcharge_sea"]
        if kind == LAND:
            return ATTACK["surcharge_unclaimed"]
        return ATTACK["surcharge_chasm"]

    # ---- checkers ---------------------------------------------------------------------------
    def _check_path(self, tribe: int, prev_kind: int, tile: int, x: Any, raze: Any,
                    pending: int) -> Why | Plan:
        """T-11.1..11.3 for one path tile entered after a tile of kind `prev_kind`."""
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 6:
            return no("territory.bad_x", x=str(x))
        if raze not in RAZE:
            return rule("T-11.8")
        kind = self.board.kind[tile]
        faction = self._faction(tribe)
        owner = NOBODY
        if kind == SEA:
            if x:
                return rule("T-11.1")
            if prev_kind not in (HELD, SEA):
                return no("territory.sea_entry")
        elif kind in (CHASM, VOLCANO):
            if faction != "pioneer":
                return no("territory.cannot_skip", tile=tile)
            if x:
                return rule("T-13.3")
        else:
            owner = self.seen_owner(tile)
            if owner == tribe:
                return rule("T-11.1")
            if x == 0 and owner != NOBODY:
                return no("territory.cannot_skip", tile=tile)
        if x == 0:
            if raze != "none":
                return rule("T-11.8")
            return Plan(ZERO, self.surcharge(tribe, tile))
        if raze != "none":
            if self.seen_building(tile) not in RAZE_VALUE:
                return rule("T-11.8")
            if raze == "special" and not self.board.special[tile]:
                return rule("T-11.8")
        if self.grievance(tribe, owner) and owner >= 0 and x + pending >= 2:
            return Plan(ZERO, x - 1, (), True)
        return Plan(ZERO, x)

    def _check_arrow(self, tribe: int, a: A.Arrow) -> Why | Plan:
        if not _valid_tile(self, a.origin) or not _valid_tile(self, a.tile):
            return no("no_such_place")
        if not self._own(tribe, a.origin):
            return no("territory.not_yours")
        if a.tile not in self.board.adjacent[a.origin] and not (
                self._faction(tribe) == "shadow" and self.tunnel[a.origin] == a.tile):
            return rule("T-11.1")
        return self._check_path(tribe, HELD, a.tile, a.x, a.raze, 0)

    def _check_step(self, tribe: int, a: A.Step) -> Why | Plan:
        arrow = self.open_arrow(tribe)
        if arrow is None:
            return rule("T-11.1")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        steps = arrow.steps
        last = steps[-1]
        prev = last.tile
        if a.tile == prev:  # a repeat attack (T-13.7)
            if not isinstance(a.x, int) or isinstance(a.x, bool) or not 0 <= a.x <= 6:
                return no("territory.bad_x", x=str(a.x))
            again = len(steps) >= 2 and steps[-2].tile == prev
            target = self.seen_owner(prev)
            if (last.x == 0 or a.x == 0 or again or target < 0
                    or self._faction(target) != "shadow"
                    or self.seen_building(prev) not in GRUDGE_BUILDINGS):
                return rule("T-11.1")
            if a.raze not in RAZE:
                return rule("T-11.8")
            if a.raze != "none" and (self.seen_building(prev) not in RAZE_VALUE or (
                    a.raze == "special" and not self.board.special[prev])):
                return rule("T-11.8")
            return Plan(ZERO, a.x)
        origin = arrow.action.origin  # type: ignore[attr-defined]
        if a.tile == origin or any(s.tile == a.tile for s in steps):
            return rule("T-11.1")
        if a.tile not in self.board.adjacent[prev] and not (
                self._faction(tribe) == "shadow" and self.tunnel[prev] == a.tile):
            return rule("T-11.1")
        prev_kind = HELD if last.x else self.board.kind[prev]
        pending = 0
        for s in reversed(steps):
            if s.x:
                break
            pending += len(s.escrow)
        return self._check_path(tribe, prev_kind, a.tile, a.x, a.raze, pending)

    def _check_build(self, tribe: int, a: A.Build) -> Why | Plan:
        if a.building not in BUILD_KINDS:
            return rule("T-8")
        faction = self._faction(tribe)
        if (a.building == "farm" and faction != "bounty") or (
                a.building == "outpost" and faction != "war"):
            return rule("T-8")
        if a.building == "tower" and faction == "jungle":
            return rule("T-13.4")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if not self._own(tribe, a.tile):
            return no("territory.not_yours")
        b = self.building[a.tile]
        if a.building == "city":
            if b != RUIN:
                return rule("T-8") if b in (NONE, CAMP, OUTPOST) else no("not_empty")
        elif a.building == "outpost":
            if b not in (NONE, RUIN):
                return no("not_empty")
        elif b != NONE:
            return no("not_empty")
        special = self.board.special[a.tile]
        if special and not (a.building == "workshop" and special == MATERIALS):
            return no("territory.special_tile")
        keys: tuple[tuple, ...] = (("slot", a.tile),)
        if a.building == "tower":
            if self.has_tower(tribe):
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
        return Plan(_less_gold(cost, self._arch_art(tribe)), 0, keys)

    def _check_upgrade(self, tribe: int, a: A.Upgrade) -> Why | Plan:
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if not self._own(tribe, a.tile):
            return no("territory.not_yours")
        b = self.building[a.tile]
        if b in (CAMP, OUTPOST):
            return Plan(_less_gold(BUILDING[CITY].cost, self._arch_art(tribe)), 0,
                        (("slot", a.tile),))
        if b == CITY:
            return Plan(_less_gold(BUILDING[CAPITAL].cost, self._arch_art(tribe)), 0,
                        (("slot", a.tile), ("capital",)))
        return rule("T-8")

    def _check_commerce(self, tribe: int, a: A.Commerce) -> Why | Plan:
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if "commerce_tech" not in self.tribes[tribe].techs:
            return no("territory.needs_tech", tech="commerce_tech")
        if not self._own(tribe, a.tile):
            return no("territory.not_yours")
        if self.building[a.tile] not in (CITY, CAPITAL):
            return rule("T-8")
        if self.commerce[a.tile]:
            return no("not_empty")
        return Plan(_less_gold(COMMERCE_COST, self._arch_art(tribe)), 0, (("commerce", a.tile),))

    def _check_wall(self, tribe: int, a: A.Wall) -> Why | Plan:
        if a.side not in SIDES or a.pay not in ("gold", "mixed"):
            return rule("T-8")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if not self._own(tribe, a.tile):
            return no("territory.not_yours")
        s = SIDES.index(a.side)
        if self.walls[a.tile * 4 + s]:
            return no("not_empty")
        cost = WALL_COST if a.pay == "gold" else WALL_MIXED_COST
        return Plan(_less_gold(cost, self._arch_art(tribe)), 0, (("wall", a.tile, s),))

    def _check_wall_upgrade(self, tribe: int, a: A.WallUpgrade) -> Why | Plan:
        if a.side not in SIDES:
            return rule("T-8")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if not self._own(tribe, a.tile):
            return no("territory.not_yours")
        s = SIDES.index(a.side)
        if self.walls[a.tile * 4 + s] != 1:
            return rule("T-8")
        return Plan(_less_gold(WALL_UPGRADE_COST, self._arch_art(tribe)), 0,
                    (("wall", a.tile, s),))

    def _check_demolish(self, tribe: int, a: A.Demolish) -> Why | Plan:
        if a.part not in ("building", "tunnel") + SIDES:
            return rule("T-8.1")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if not self._own(tribe, a.tile):
            return no("territory.not_yours")
        if a.part == "building":
            b = self.building[a.tile]
            if b == TREE:
                return rule("T-13.4")
            if b in (NONE, RUIN):
                return rule("T-8.1")
            return Plan(ZERO, 0, (("slot", a.tile),))
        if a.part == "tunnel":
            other = self.tunnel[a.tile]
            if other < 0:
                return rule("T-8.1")
            return Plan(ZERO, 0, (("tunnel", a.tile), ("tunnel", other)))
        s = SIDES.index(a.part)
        if not self.walls[a.tile * 4 + s]:
            return rule("T-8.1")
        return Plan(ZERO, 0, (("wall", a.tile, s),))

    def _check_temple(self, tribe: int, a: A.Temple) -> Why | Plan:
        if self._faction(tribe) != "tide":
            return rule("T-13.5")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if self.board.kind[a.tile] != SEA:
            return rule("T-13.5")
        if self.tribes[tribe].temple >= 0:
            return no("limit_reached")
        if any(t.temple == a.tile for t in self.tribes):
            return no("not_empty")
        return Plan(TEMPLE_COST, 0, (("temple",),))

    def tunnel_gap(self, a: int, b: int) -> int:
        """T-13.7: tiles strictly between a and b in one row or column (-1: not in line or
        crossing sea)."""
        w = self.board.width
        ax, ay, bx, by = a % w, a // w, b % w, b // w
        if ax == bx:
            between = [y * w + ax for y in range(min(ay, by) + 1, max(ay, by))]
        elif ay == by:
            between = [ay * w + x for x in range(min(ax, bx) + 1, max(ax, bx))]
        else:
            return -1
        if any(self.board.kind[i] == SEA for i in between):
            return -1
        return len(between)

    def _check_tunnel(self, tribe: int, a: A.Tunnel) -> Why | Plan:
        if self._faction(tribe) != "shadow":
            return rule("T-13.7")
        if "digging" not in self.tribes[tribe].techs:
            return no("territory.needs_tech", tech="digging")
        if not _valid_tile(self, a.a) or not _valid_tile(self, a.b):
            return no("no_such_place")
        if not self._own(tribe, a.a):
            return no("territory.not_yours")
        if self.board.kind[a.b] != LAND:
            return rule("T-13.7")
        k = self.tunnel_gap(a.a, a.b)
        if not 1 <= k <= self.params.tunnel_max_gap:
            return rule("T-13.7")
        if self.tunnel[a.a] >= 0 or self.tunnel[a.b] >= 0:
            return no("not_empty")
        cost = (max(0, TUNNEL_GOLD_BASE + k - self._arch_art(tribe)), k, 0)
        return Plan(cost, 0, (("tunnel", a.a), ("tunnel", a.b)))

    def _check_research(self, tribe: int, a: A.Research) -> Why | Plan:
        if a.tech not in TECHS:
            return rule("T-9")
        data = TECH[a.tech]
        t = self.tribes[tribe]
        if data.faction and data.faction != t.faction:
            return rule("T-9")
        if a.tech in t.techs:
            return rule("T-9.1")
        for pre in data.techs:
            if pre not in t.techs:
                return no("territory.needs_tech", tech=pre)
        if data.building == "tower" and not self.has_tower(tribe):
            return no("territory.no_tower")
        if data.building and data.building != "tower" and not self.owns_building(tribe, data.building):
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

    def _check_buy_exotic(self, tribe: int, a: A.BuyExotic) -> Why | Plan:
        if "magic_research" not in self.tribes[tribe].techs:
            return no("territory.needs_tech", tech="magic_research")
        if not self.has_tower(tribe):
            return no("territory.no_tower")
        return Plan((ECON["buy_exotic_gold"], 0, 0), 0, (("buy_exotic",),))

    def _check_archaeology(self, tribe: int, a: A.Archaeology) -> Why | Plan:
        if self._faction(tribe) != "arcane":
            return rule("T-13.2")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if self.seen_building(a.tile) != RUIN:
            return rule("T-13.2")
        gold = ARCH_OWN_GOLD if self._own(tribe, a.tile) else ARCH_FOREIGN_GOLD
        return Plan((gold, 0, 0), 0, (("archaeology",),))

    def spell_cost(self, tribe: int, spell: str) -> int:
        """T-10.1 / T-13.2 / T-15.1: exotics a tower spell costs this tribe now."""
        cost = SPELL[spell].cost
        if self._faction(tribe) == "arcane":
            cost = max(0, cost - ECON["arcane_spell_discount"])
            if self._turmoil():
                cost += ECON["turmoil_arcane_surcharge"]
        return cost

    def _spell_base(self, tribe: int, spell: str) -> Why | None:
        if spell not in SPELLS:
            return rule("T-10.1")
        data = SPELL[spell]
        t = self.tribes[tribe]
        if data.faction and data.faction != t.faction:
            return rule("T-10.1")
        if self._turmoil() and t.faction != "arcane":
            return no("territory.turmoil")
        if not self.has_tower(tribe):
            return no("territory.no_tower")
        if "primitive_magic" not in t.techs:
            return no("territory.needs_tech", tech="primitive_magic")
        if data.bm and "battle_magic" not in t.techs:
            return no("territory.needs_tech", tech="battle_magic")
        return None

    def _check_cast(self, tribe: int, a: A.Cast) -> Why | Plan:
        why = self._spell_base(tribe, a.spell)
        if why:
            return why
        spell = a.spell
        keys: tuple[tuple, ...] = (("spell",),)
        if spell in BOUND_SPELLS:
            if a.target != -1 or a.side:
                return rule("T-10.1")
            arrow = next((o for o in self.tribes[tribe].orders
                          if o.id == a.order and o.steps), None)
            if arrow is None:
                return rule("T-10.1")
            if spell == "battle_fervor":
                if a.step != -1:
                    return rule("T-10.1")
            elif not (isinstance(a.step, int) and 0 <= a.step < len(arrow.steps)
                      and arrow.steps[a.step].x > 0):
                return rule("T-10.1")
        else:
            if a.order != -1 or a.step != -1:
                return rule("T-10.1")
            if spell == "earth_wall":
                if a.side not in SIDES:
                    return rule("T-10.1")
            elif a.side:
                return rule("T-10.1")
            if spell in PLAIN_SPELLS:
                if a.target != -1:
                    return rule("T-10.1")
            elif spell in TRIBE_SPELLS:
                if not _valid_tribe(self, a.target, tribe):
                    return rule("T-10.1")
            else:
                if not _valid_tile(self, a.target):
                    return no("no_such_place")
                why = self._spell_target(tribe, spell, a.target, a.side)
                if why:
                    return why
                if spell == "earth_wall":
                    keys += (("wall", a.target, SIDES.index(a.side)),)
        return Plan((0, 0, self.spell_cost(tribe, spell)), 0, keys)

    def _spell_target(self, tribe: int, spell: str, tile: int, side: str) -> Why | None:
        owner = self.seen_owner(tile)
        if spell in ("nature_gift", "earth_wall"):
            if owner != tribe:
                return no("territory.not_yours")
            if spell == "earth_wall" and self.walls[tile * 4 + SIDES.index(side)]:
                return no("not_empty")
            return None
        if spell in ("meteor", "desolation"):
            return None if owner not in (tribe, NOBODY) else rule("T-10.1")
        touching = any(self.seen_owner(j) == tribe for j in self.board.adjacent[tile])
        if spell == "requiem":
            return None if owner == UNDEAD and touching else rule("T-13.7")
        # undead_plague: a tile of another tribe next to Shadow land
        return None if owner >= 0 and owner != tribe and touching else rule("T-13.7")

    def _check_deep_tide(self, tribe: int, a: A.DeepTide) -> Why | Plan:
        if self._faction(tribe) != "tide" or self.tribes[tribe].temple < 0:
            return rule("T-13.5")
        if self._turmoil():
            return no("territory.turmoil")
        return Plan((0, 0, DEEP_TIDE_COST), 0, (("deep_tide",),))

    def _check_guard(self, tribe: int, a: A.Guard) -> Why | Plan:
        if "diplomacy" not in self.tribes[tribe].techs:
            return no("territory.needs_tech", tech="diplomacy")
        if not isinstance(a.n, int) or isinstance(a.n, bool) or not 1 <= a.n <= self.params.guard_max:
            return rule("T-13.3")
        if a.tile != -1:
            if not _valid_tile(self, a.tile):
                return no("no_such_place")
            if not self._own(tribe, a.tile):
                return no("territory.not_yours")
        return Plan((ECON["guard_gold"] * a.n, 0, 0), 0)

    def _check_demand(self, tribe: int, a: A.DemandTribute) -> Why | Plan:
        if self._faction(tribe) != "war" or not _valid_tribe(self, a.target, tribe):
            return rule("T-16.3")
        if any(w == tribe and t == a.target for w, t, _ in self.demands):
            return rule("T-16.3")
        return Plan(ZERO, 0, (("demand", a.target),))

    def _check_answer_tribute(self, tribe: int, a: A.AnswerTribute) -> Why | Plan:
        if not isinstance(a.pay, bool) or (a.demander, tribe, self.turn - 1) not in self.demands:
            return rule("T-16.3")
        return Plan(ZERO, ECON["tribute"] if a.pay else 0, (("answer_tribute", a.demander),))

    def _check_propose(self, tribe: int, a: A.ProposeTrade) -> Why | Plan:
        if self._faction(tribe) != "jungle" or not _valid_tribe(self, a.target, tribe):
            return rule("T-16.4")
        if a.target in self.tribes[tribe].spice or any(
                j == tribe and t == a.target for j, t, _ in self.trades):
            return rule("T-16.4")
        if not self.borders(tribe, a.target):
            return rule("T-16.4")
        return Plan(ZERO, 0, (("propose", a.target),))

    def _check_answer_trade(self, tribe: int, a: A.AnswerTrade) -> Why | Plan:
        if not isinstance(a.accept, bool) or (a.proposer, tribe, self.turn - 1) not in self.trades:
            return rule("T-16.4")
        return Plan(ZERO, 0, (("answer_trade", a.proposer),))

    def _check_gift(self, tribe: int, a: A.Gift) -> Why | Plan:
        if not _valid_tribe(self, a.target, tribe) or a.resource not in RESOURCES:
            return rule("T-16.1")
        if not isinstance(a.amount, int) or isinstance(a.amount, bool) or not (
                1 <= a.amount <= self.params.gift_max):
            return rule("T-16.1")
        cost = [0, 0, 0]
        cost[RESOURCES.index(a.resource)] = a.amount
        return Plan((cost[0], cost[1], cost[2]), 0)

    def _check_cede(self, tribe: int, a: A.Cede) -> Why | Plan:
        if not _valid_tribe(self, a.target, tribe):
            return rule("T-16.1")
        if not _valid_tile(self, a.tile):
            return no("no_such_place")
        if not self._own(tribe, a.tile):
            return no("territory.not_yours")
        if not any(self.seen_owner(j) == a.target for j in self.board.adjacent[a.tile]):
            return rule("T-16.1")
        return Plan(ZERO, 0, (("cede", a.tile),))

    def _check_offer_vassal(self, tribe: int, a: A.OfferVassal) -> Why | Plan:
        if not _valid_tribe(self, a.overlord, tribe):
            return rule("T-16.2")
        if any(v == tribe for v, _, _ in self.vassal_offers):
            return rule("T-16.2")
        return Plan(ZERO, 0, (("vassal",),))

    def _check_answer_vassal(self, tribe: int, a: A.AnswerVassal) -> Why | Plan:
        if not isinstance(a.accept, bool) or (a.vassal, tribe, self.turn - 1) not in self.vassal_offers:
            return rule("T-16.2")
        return Plan(ZERO, 0, (("answer_vassal", a.vassal),))

    # ---- the dynamic part and the entry point ----------------------------------------------
    def used_keys(self, tribe: int) -> dict[tuple, int]:
        """Per-turn conflict keys held by the orders entered so far, with counts."""
        used: dict[tuple, int] = {}
        for o in self.tribes[tribe].orders:
            plan_keys = order_keys(self, o)
            for k in plan_keys:
                used[k] = used.get(k, 0) + 1
        return used

    def _dynamic(self, tribe: int, action: Any, plan: Plan,
                 used: dict[tuple, int] | None = None) -> Why | None:
        """Limits, the open arrow, conflicts with entered orders, affordability (T-6.2)."""
        t = self.tribes[tribe]
        if type(action) is not A.Step and self.unfinished(tribe):
            return no("territory.arrow_unfinished")
        if self.entries(tribe) >= self.params.max_orders or t.edits >= self.params.max_edits:
            return no("limit_reached")
        if plan.keys:
            used = self.used_keys(tribe) if used is None else used
            for k in plan.keys:
                allowed = self.params.archaeology_per_turn if k[0] == "archaeology" else 1
                if used.get(k, 0) >= allowed:
                    key, rid = KEY_REASONS.get(k[0], ("territory.not_allowed", "T-6"))
                    return no(key, rule=rid) if rid else no(key)
        if not self.can_pay(tribe, plan.typed, plan.generic):
            return no("unaffordable")
        return None

    def check_order(self, tribe: int, action: Any) -> Why | Plan:
        """Checker plus dynamic checks for a new order (not settings, removal or submit)."""
        checker = CHECKERS.get(type(action))
        if checker is None:
            return no("wrong_phase")
        plan = checker(self, tribe, action)
        if isinstance(plan, Why):
            return plan
        why = self._dynamic(tribe, action, plan)
        return why if why else plan

    def check_setting(self, tribe: int, action: Any) -> Why | None:
        """Legality of set_priority / set_flower / choose_core."""
        t = self.tribes[tribe]
        if isinstance(action, A.SetPriority):
            if action.priority not in PRIORITIES or action.priority == t.priority:
                return rule("T-6.3")
        elif isinstance(action, A.SetFlower):
            if t.totem != "flower" or action.resource not in RESOURCES or (
                    RESOURCES.index(action.resource) == t.flower):
                return rule("T-13.4")
        else:  # ChooseCore
            if t.split_age < 0:
                return rule("T-12.3")
            if not _valid_tile(self, action.tile):
                return no("no_such_place")
            if not self._own(tribe, action.tile):
                return no("territory.not_yours")
            if action.tile == t.core:
                return rule("T-12.3")
        if t.edits >= self.params.max_edits:
            return no("limit_reached")
        return None

    def enter(self, tribe: int, action: Any, plan: Plan) -> tuple[int, tuple[int, ...]]:
        """Escrow the plan's cost and record the order; returns (order id, escrow units)."""
        t = self.tribes[tribe]
        units = self.take(tribe, plan.typed, plan.generic)
        t.edits += 1
        if isinstance(action, A.Step):
            arrow = t.orders[-1]
            step = PathStep(action.tile, action.x, action.raze, units, plan.discount)
            t.orders[-1] = Order(arrow.id, arrow.action, arrow.escrow, arrow.steps + (step,))
            return arrow.id, units
        order_id = t.next_order
        t.next_order += 1
        if isinstance(action, A.Arrow):
            step = PathStep(action.tile, action.x, action.raze, units, plan.discount)
            t.orders.append(Order(order_id, action, (), (step,)))
        else:
            t.orders.append(Order(order_id, action, units))
        return order_id, units

    def remove(self, tribe: int, order_id: int) -> list[tuple[int, tuple[int, int, int]]]:
        """Take an order back (and the spells bound to it); returns (id, refund) pairs."""
        t = self.tribes[tribe]
        gone = []
        for o in list(t.orders):
            bound = isinstance(o.action, A.Cast) and o.action.order == order_id and o.id != order_id
            if o.id == order_id or bound:
                t.orders.remove(o)
                units = list(o.escrow) + [u for s in o.steps for u in s.escrow]
                gone.append((o.id, self.give_back(tribe, units[::-1])))
        return gone

    # ---- enumeration --------------------------------------------------------------------
    def static_orders(self, tribe: int) -> list[tuple[Any, Plan]]:
        """Every new order whose checker accepts it now, cached for the turn."""
        key = (tribe, self.turn)
        cache = {} if self._resolving else self._cache
        if key in cache:
            return cache[key]
        out: list[tuple[Any, Plan]] = []

        def add(action: Any, checker: Callable) -> None:
            plan = checker(self, tribe, action)
            if isinstance(plan, Plan):
                out.append((action, plan))

        t = self.tribes[tribe]
        board = self.board
        faction = t.faction
        own = [i for i in board.land_tiles if self.seen_owner(i) == tribe]
        own_set = set(own)
        for i in own:
            nbs = list(board.adjacent[i])
            if faction == "shadow" and self.tunnel[i] >= 0 and self.tunnel[i] not in nbs:
                nbs.append(self.tunnel[i])
            for j in nbs:
                if j in own_set:
                    continue
                for x in range(7):
                    for raze in RAZE:
                        add(A.Arrow(i, j, x, raze), OrderEntry._check_arrow)
            for b in BUILD_KINDS:
                add(A.Build(i, b), OrderEntry._check_build)
            add(A.Upgrade(i), OrderEntry._check_upgrade)
            add(A.Commerce(i), OrderEntry._check_commerce)
            for side in SIDES:
                add(A.Wall(i, side, "gold"), OrderEntry._check_wall)
                add(A.Wall(i, side, "mixed"), OrderEntry._check_wall)
                add(A.WallUpgrade(i, side), OrderEntry._check_wall_upgrade)
            for part in ("building", "tunnel") + SIDES:
                add(A.Demolish(i, part), OrderEntry._check_demolish)
            if faction == "shadow":
                w = board.width
                x0, y0 = i % w, i // w
                for d in range(2, self.params.tunnel_max_gap + 2):
                    for bx, by in ((x0 + d, y0), (x0 - d, y0), (x0, y0 + d), (x0, y0 - d)):
                        if 0 <= bx < w and 0 <= by < board.height:
                            add(A.Tunnel(i, by * w + bx), OrderEntry._check_tunnel)
            if "diplomacy" in t.techs:
                for n in range(1, self.params.guard_max + 1):
                    add(A.Guard(n, i), OrderEntry._check_guard)
        if "diplomacy" in t.techs:
            for n in range(1, self.params.guard_max + 1):
                add(A.Guard(n, -1), OrderEntry._check_guard)
        others = [o.id for o in self.tribes if o.alive and o.id != tribe]
        for other in others:
            for i in own:
                add(A.Cede(other, i), OrderEntry._check_cede)
            for r in RESOURCES:
                for n in range(1, self.params.gift_max + 1):
                    add(A.Gift(other, r, n), OrderEntry._check_gift)
            add(A.DemandTribute(other), OrderEntry._check_demand)
            add(A.ProposeTrade(other), OrderEntry._check_propose)
            add(A.OfferVassal(other), OrderEntry._check_offer_vassal)
            for pay in (True, False):
                add(A.AnswerTribute(other, pay), OrderEntry._check_answer_tribute)
                add(A.AnswerTrade(other, pay), OrderEntry._check_answer_trade)
                add(A.AnswerVassal(other, pay), OrderEntry._check_answer_vassal)
        if faction == "tide":
            for i in range(board.size):
                if board.kind[i] == SEA:
                    add(A.Temple(i), OrderEntry._check_temple)
            add(A.DEEP_TIDE, OrderEntry._check_deep_tide)
        for tech in TECHS:
            choices = TECH[tech].choices or {"": ZERO}
            for c in choices:
                add(A.Research(tech, c), OrderEntry._check_research)
        add(A.BUY_EXOTIC, OrderEntry._check_buy_exotic)
        if faction == "arcane":
            for i in board.land_tiles:
                if self.seen_building(i) == RUIN:
                    add(A.Archaeology(i), OrderEntry._check_archaeology)
        for spell in SPELLS:
            if spell in BOUND_SPELLS or self._spell_base(tribe, spell) is not None:
                continue
            if spell in PLAIN_SPELLS:
                add(A.Cast(spell), OrderEntry._check_cast)
            elif spell in TRIBE_SPELLS:
                for other in others:
                    add(A.Cast(spell, other), OrderEntry._check_cast)
            elif spell == "earth_wall":
                for i in own:
                    for side in SIDES:
                        add(A.Cast(spell, i, side), OrderEntry._check_cast)
            elif spell == "nature_gift":
                for i in own:
                    add(A.Cast(spell, i), OrderEntry._check_cast)
            else:
                for i in board.land_tiles:
                    if self.seen_owner(i) not in (tribe, NOBODY):
                        add(A.Cast(spell, i), OrderEntry._check_cast)
        cache[key] = out
        return out

    def legal_steps(self, tribe: int) -> list[Any]:
        """Every `step` `_why` accepts now (the caller knows the order limits allow one).

        A step's checker result depends on x only through 0 (cross) / 1 / more (the grievance
        discount needs a total cost of 2), so three checker calls per tile and raze decide all
        seven x; only affordability is left per x.
        """
        arrow = self.open_arrow(tribe)
        if arrow is None:
            return []
        out: list[Any] = []
        last = arrow.steps[-1].tile
        nbs = list(self.board.adjacent[last])
        if self._faction(tribe) == "shadow" and self.tunnel[last] >= 0:
            nbs.append(self.tunnel[last])
        nbs.append(last)
        budget = sum(self.tribes[tribe].res)
        seen: set[int] = set()
        for j in nbs:
            if j in seen:
                continue
            seen.add(j)
            cross = self._check_step(tribe, A.Step(j, 0, "none"))
            if isinstance(cross, Plan) and cross.generic <= budget:
                out.append(A.Step(j, 0, "none"))
            for raze in RAZE:
                one = self._check_step(tribe, A.Step(j, 1, raze))
                if isinstance(one, Plan) and one.generic <= budget:
                    out.append(A.Step(j, 1, raze))
                two = self._check_step(tribe, A.Step(j, 2, raze))
                if isinstance(two, Plan):
                    less = 1 if two.discount else 0
                    out.extend(A.Step(j, x, raze) for x in range(2, 7) if x - less <= budget)
        return out

    def static_table(self, tribe: int) -> list[tuple]:
        """`static_orders` flattened for the hot loop: (action, g, m, e, total, keys)."""
        key = ("table", tribe, self.turn)
        cache = {} if self._resolving else self._cache
        table = cache.get(key)
        if table is None:
            table = cache[key] = [(a, p.typed[0], p.typed[1], p.typed[2], p.total, p.keys)
                                  for a, p in self.static_orders(tribe)]
        return table

    def dynamic_orders(self, tribe: int) -> list[Any]:
        """Candidates checked at every call: spells bound to entered arrows."""
        out: list[Any] = []
        if not self.unfinished(tribe):
            for o in self.tribes[tribe].orders:
                if o.steps:
                    out.append(A.Cast("battle_fervor", order=o.id))
                    for k, s in enumerate(o.steps):
                        if s.x:
                            out.append(A.Cast("bewitch", order=o.id, step=k))
                            out.append(A.Cast("fortune", order=o.id, step=k))
        return out

    def legal_orders(self, tribe: int) -> list[Any]:
        """Every action `tribe` may enter now (the ORDERS phase)."""
        t = self.tribes[tribe]
        out: list[Any] = []
        can_add = self.entries(tribe) < self.params.max_orders and t.edits < self.params.max_edits
        unfinished = self.unfinished(tribe)
        if can_add and not unfinished:
            used = self.used_keys(tribe)
            res = t.res
            g, m, e = res
            total = g + m + e
            archaeology = self.params.archaeology_per_turn
            for action, tg, tm, te, cost, keys in self.static_table(tribe):
                if cost > total or tg > g or tm > m or te > e:
                    continue
                if keys and used:
                    clash = False
                    for k in keys:
                        n = used.get(k, 0)
                        if n and (k[0] != "archaeology" or n >= archaeology):
                            clash = True
                            break
                    if clash:
                        continue
                out.append(action)
        if can_add:
            out.extend(self.legal_steps(tribe))
            for action in self.dynamic_orders(tribe):
                if isinstance(self.check_order(tribe, action), Plan):
                    out.append(action)
        if t.edits < self.params.max_edits:
            for p in PRIORITIES:
                if p != t.priority:
                    out.append(A.SetPriority(p))
            if t.totem == "flower":
                out.extend(A.SetFlower(r) for k, r in enumerate(RESOURCES) if k != t.flower)
            if t.split_age >= 0:
                seen = self.seen_owners()
                out.extend(A.ChooseCore(i) for i in self.board.land_tiles
                           if seen[i] == tribe and i != t.core)
        out.extend(A.RemoveOrder(o.id) for o in t.orders)
        if not unfinished:
            out.append(A.SUBMIT)
        return out


def order_keys(state: OrderEntry, order: Order) -> tuple[tuple, ...]:
    """The conflict keys an entered order holds (recomputed from its action)."""
    a = order.action
    kind = type(a)
    if kind is A.Build:
        return (("slot", a.tile),) + ((("tower",),) if a.building == "tower" else ())
    if kind is A.Upgrade:
        return (("slot", a.tile),) + ((("capital",),) if state.building[a.tile] == CITY else ())
    if kind is A.Commerce:
        return (("commerce", a.tile),)
    if kind in (A.Wall, A.WallUpgrade):
        return (("wall", a.tile, SIDES.index(a.side)),)
    if kind is A.Demolish:
        if a.part == "building":
            return (("slot", a.tile),)
        if a.part == "tunnel":
            return (("tunnel", a.tile), ("tunnel", state.tunnel[a.tile]))
        return (("wall", a.tile, SIDES.index(a.part)),)
    if kind is A.Temple:
        return (("temple",),)
    if kind is A.Tunnel:
        return (("tunnel", a.a), ("tunnel", a.b))
    if kind is A.Research:
        return (("research", a.tech),)
    if kind is A.BuyExotic:
        return (("buy_exotic",),)
    if kind is A.Archaeology:
        return (("archaeology",),)
    if kind is A.Cast:
        if a.spell == "earth_wall":
            return (("spell",), ("wall", a.target, SIDES.index(a.side)))
        return (("spell",),)
    if kind is A.DeepTide:
        return (("deep_tide",),)
    if kind is A.DemandTribute:
        return (("demand", a.target),)
    if kind is A.AnswerTribute:
        return (("answer_tribute", a.demander),)
    if kind is A.ProposeTrade:
        return (("propose", a.target),)
    if kind is A.AnswerTrade:
        return (("answer_trade", a.proposer),)
    if kind is A.Cede:
        return (("cede", a.tile),)
    if kind is A.OfferVassal:
        return (("vassal",),)
    if kind is A.AnswerVassal:
        return (("answer_vassal", a.vassal),)
    return ()


CHECKERS: dict[type, Callable[[OrderEntry, int, Any], Why | Plan]] = {
    A.Arrow: OrderEntry._check_arrow,
    A.Step: OrderEntry._check_step,
    A.Build: OrderEntry._check_build,
    A.Upgrade: OrderEntry._check_upgrade,
    A.Commerce: OrderEntry._check_commerce,
    A.Wall: OrderEntry._check_wall,
    A.WallUpgrade: OrderEntry._check_wall_upgrade,
    A.Demolish: OrderEntry._check_demolish,
    A.Temple: OrderEntry._check_temple,
    A.Tunnel: OrderEntry._check_tunnel,
    A.Research: OrderEntry._check_research,
    A.BuyExotic: OrderEntry._check_buy_exotic,
    A.Archaeology: OrderEntry._check_archaeology,
    A.Cast: OrderEntry._check_cast,
    A.DeepTide: OrderEntry._check_deep_tide,
    A.Guard: OrderEntry._check_guard,
    A.DemandTribute: OrderEntry._check_demand,
    A.AnswerTribute: OrderEntry._check_answer_tribute,
    A.ProposeTrade: OrderEntry._check_propose,
    A.AnswerTrade: OrderEntry._check_answer_trade,
    A.Gift: OrderEntry._check_gift,
    A.Cede: OrderEntry._check_cede,
    A.OfferVassal: OrderEntry._check_offer_vassal,
    A.AnswerVassal: OrderEntry._check_answer_vassal,
}
