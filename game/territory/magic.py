"""Dice for Land magic (T-10, T-13.5 Deep Tide, T-13.3 guards as standing orders): spell
costs and targets at entry, and the spells' effects in a block.
"""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.territory import actions as A
from game.territory import effects, position
from game.territory import events as E
from game.territory.constants import (
    DEEP_TIDE_COST, DEEP_TIDE_HIT, ECON, GOLD, SIDES, SPELL, SPELLS,
)
from game.territory.plans import Plan, no, rule, valid_tile, valid_tribe
from game.territory.state import NOBODY, Order, TerritoryState, UNDEAD

BOUND_SPELLS = ("battle_fervor", "bewitch", "fortune")  # bound to an own arrow (T-10.1)
TILE_SPELLS = ("nature_gift", "meteor", "desolation", "requiem", "undead_plague")
TRIBE_SPELLS = ("steal",)
PLAIN_SPELLS = ("rock_solid", "jungle_blessing")
HARMFUL_SPELLS = ("steal", "meteor", "desolation", "undead_plague")  # T-10.2


def spell_cost(st: TerritoryState, tribe: int, spell: str) -> int:
    """T-10.1 / T-13.2 / T-15.1: exotics a tower spell costs this tribe now."""
    cost = SPELL[spell].cost
    if st.tribes[tribe].faction == "arcane":
        cost = max(0, cost - ECON["arcane_spell_discount"])
        if position.turmoil(st):
            cost += ECON["turmoil_arcane_surcharge"]
    return cost


def castable(st: TerritoryState, tribe: int, spell: str, exotics: int) -> bool:
    """The spell's base checks pass (cached during ORDERS: tower, techs and turmoil cannot
    change until RESOLVE) and `exotics` pay for it."""
    key = ("spell_base", tribe, st.turn, spell)
    ok = None if st._resolving else st._cache.get(key)
    if ok is None:
        ok = spell_base(st, tribe, spell) is None
        if not st._resolving:
            st._cache[key] = ok
    return ok and exotics >= spell_cost(st, tribe, spell)


def bound_castable(st: TerritoryState, tribe: int) -> bool:
    """Whether any spell bound to an arrow passes its base checks (`castable` without the
    exotics), cached during ORDERS as `castable` is: most tribes have no tower, and the
    bound spells are asked about at every listing. Every spell needs Primitive Magic
    (`spell_base`): a tribe without it is answered before the cache is asked."""
    if "primitive_magic" not in st.tribes[tribe].techs:
        return False
    key = ("bound_base", tribe, st.turn)
    ok = None if st._resolving else st._cache.get(key)
    if ok is None:
        ok = any(spell_base(st, tribe, spell) is None for spell in BOUND_SPELLS)
        if not st._resolving:
            st._cache[key] = ok
    return ok


def spell_base(st: TerritoryState, tribe: int, spell: str) -> IllegalAction | None:
    """T-10.1: the checks every tower spell needs (faction, turmoil, tower, techs)."""
    if spell not in SPELLS:
        return rule("T-10.1")
    data = SPELL[spell]
    t = st.tribes[tribe]
    if data.faction and data.faction != t.faction:
        return rule("T-10.1")
    if position.turmoil(st) and t.faction != "arcane":
        return no("territory.turmoil")
    if not position.has_tower(st, tribe):
        return no("territory.no_tower")
    if "primitive_magic" not in t.techs:
        return no("territory.needs_tech", tech="primitive_magic")
    if data.bm and "battle_magic" not in t.techs:
        return no("territory.needs_tech", tech="battle_magic")
    return None


def check_cast(st: TerritoryState, tribe: int, a: A.Cast) -> IllegalAction | Plan:
    """T-10.1: a tower spell with its target (tile, tribe, or an own arrow / step)."""
    why = spell_base(st, tribe, a.spell)
    if why:
        return why
    spell = a.spell
    keys: tuple[tuple, ...] = (("spell",),)
    if spell in BOUND_SPELLS:
        if a.target != -1 or a.side:
            return rule("T-10.1")
        arrow = next((o for o in st.tribes[tribe].orders
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
            if not valid_tribe(st, a.target, tribe):
                return rule("T-10.1")
        else:
            if not valid_tile(st, a.target):
                return no("no_such_place")
            why = spell_target(st, tribe, spell, a.target, a.side)
            if why:
                return why
            if spell == "earth_wall":
                keys += (("wall", a.target, SIDES.index(a.side)),)
    return Plan((0, 0, spell_cost(st, tribe, spell)), 0, keys)


def spell_target(st: TerritoryState, tribe: int, spell: str, tile: int, side: str) -> IllegalAction | None:
    """T-10.1 / T-13.7: whether a tile-targeted spell may aim at `tile`."""
    owner = position.seen_owner(st, tile)
    if spell in ("nature_gift", "earth_wall"):
        if owner != tribe:
            return no("territory.not_yours")
        if spell == "earth_wall" and st.walls[tile * 4 + SIDES.index(side)]:
            return no("not_empty")
        return None
    if spell in ("meteor", "desolation"):
        return None if owner not in (tribe, NOBODY) else rule("T-10.1")
    touching = any(position.seen_owner(st, j) == tribe for j in st.board.adjacent[tile])
    if spell == "requiem":
        return None if owner == UNDEAD and touching else rule("T-13.7")
    # undead_plague: a tile of another tribe next to Shadow land
    return None if owner >= 0 and owner != tribe and touching else rule("T-13.7")


def check_deep_tide(st: TerritoryState, tribe: int, a: A.DeepTide) -> IllegalAction | Plan:
    """T-13.5: Deep Tide from Tide's temple (not during magic turmoil)."""
    if st.tribes[tribe].faction != "tide" or st.tribes[tribe].temple < 0:
        return rule("T-13.5")
    if position.turmoil(st):
        return no("territory.turmoil")
    return Plan((0, 0, DEEP_TIDE_COST), 0, (("deep_tide",),))


def check_guard(st: TerritoryState, tribe: int, a: A.Guard) -> IllegalAction | Plan:
    """T-13.3 D17: a Diplomacy guard stopping 1..guard_max steps on own tiles."""
    if "diplomacy" not in st.tribes[tribe].techs:
        return no("territory.needs_tech", tech="diplomacy")
    if not isinstance(a.n, int) or isinstance(a.n, bool) or not 1 <= a.n <= st.params.guard_max:
        return rule("T-13.3")
    if a.tile != -1:
        if not valid_tile(st, a.tile):
            return no("no_such_place")
        if not position.owns(st, tribe, a.tile):
            return no("territory.not_yours")
    return Plan((ECON["guard_gold"] * a.n, 0, 0), 0)


def do_deep_tide(st: TerritoryState, tid: int, o: Order) -> None:
    """T-13.5 D18: every coastal tile of another faction rolls; a 1 makes it unclaimed."""
    effects.spend(st, tid, o)
    effects.emit(st, E.SpellCast(tid, "deep_tide", -1, "done"))
    shields = st._shields
    for i in st.board.land_tiles:
        owner = st.owner[i]
        if not st.board.coastal[i] or owner in (NOBODY, tid) or position.hidden(st, i):
            continue
        if owner >= 0 and ((shields and owner in shields.rock) or effects.blessed(st, owner)):
            continue
        effects.break_treaty(st, tid, owner)
        die = st.rng.die(6)
        ok = die <= DEEP_TIDE_HIT
        effects.emit(st, E.ForcedAttack("deep_tide", i, owner, DEEP_TIDE_HIT, 0, DEEP_TIDE_HIT, die, ok))
        if ok:
            effects.set_owner(st, i, NOBODY, "deep_tide")


def do_cast(st: TerritoryState, tid: int, o: Order) -> None:
    """T-10.1 spells not bound to an attack (Rock Solid is Phase B)."""
    a: A.Cast = o.action  # type: ignore[assignment]
    if isinstance(a, A.DeepTide):
        return do_deep_tide(st, tid, o)
    if position.tower_of(st, tid) < 0:
        return effects.void(st, tid, o, "T-10.1")
    spell, target = a.spell, a.target
    victim = target if spell == "steal" else (st.owner[target] if target >= 0 else -1)
    harmful = spell in ("steal", "meteor", "desolation", "undead_plague")
    if spell == "meteor" or spell == "desolation":
        if victim in (tid, NOBODY):
            return effects.void(st, tid, o, "T-10.1")
    elif spell == "steal":
        if not st.tribes[victim].alive:
            return effects.void(st, tid, o, "T-10.1")
    elif spell == "requiem":
        if victim != UNDEAD or not any(st.owner[j] == tid for j in st.board.adjacent[target]):
            return effects.void(st, tid, o, "T-13.7")
    elif spell == "undead_plague":
        if victim < 0 or victim == tid or not any(
                st.owner[j] == tid for j in st.board.adjacent[target]):
            return effects.void(st, tid, o, "T-13.7")
    elif spell in ("earth_wall",):
        if st.owner[target] != tid or st.walls[target * 4 + SIDES.index(a.side)]:
            return effects.void(st, tid, o, "T-10.1")
    effects.spend(st, tid, o)
    if harmful and victim >= 0:
        effects.break_treaty(st, tid, victim)
        if effects.blessed(st, victim):  # T-13.4 Jungle Blessing: the harm does nothing
            effects.emit(st, E.SpellCast(tid, spell, target, "blocked"))
            return
    effects.emit(st, E.SpellCast(tid, spell, target, "done"))
    if spell == "nature_gift":
        w = st.board.width
        cx, cy = target % w, target // w
        for y in range(cy - 1, cy + 2):
            for x in range(cx - 1, cx + 2):
                if 0 <= x < w and 0 <= y < st.board.height:
                    st.gift[y * w + x] += ECON["nature_gift_bonus"]
    elif spell == "earth_wall":
        st.walls[target * 4 + SIDES.index(a.side)] = 1
        effects.emit(st, E.Built(tid, target, "wall", a.side))
    elif spell == "steal":
        amount = min(ECON["steal_max"], st.tribes[victim].res[GOLD])
        effects.gain(st, victim, (-amount, 0, 0), "stolen", source=tid)
        effects.gain(st, tid, (amount, 0, 0), "steal", source=victim)
    elif spell == "meteor":
        effects.destroy_all(st, target, "meteor")
    elif spell == "desolation":
        st.desolate[target] = ECON["desolation_incomes"]
    elif spell == "jungle_blessing":
        st.tribes[tid].blessed_turn = st.turn + 1
    elif spell == "requiem":
        effects.set_owner(st, target, tid, "requiem")
        effects.take_treasure(st, tid, target)
    elif spell == "undead_plague":
        effects.turn_undead(st, target, "plague", effects.hostility(st, victim))
