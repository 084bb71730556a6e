"""Dice for Land effects every rule family shares: escrow (T-6.2, T-6.3), gains, tile
changes (capitals never change hands, groups show, the tower rule T-8.2), treasure (T-15.2),
treaties (T-16.4), forced attacks (T-11.9), eliminations (T-17.1) and new system tribes.
"""

from __future__ import annotations

from game.core.protocol import Event
from game.territory import events as E
from game.territory import position
from game.territory.constants import (
    BUILDINGS, CAPITAL, CITY, Cost, NONE, PRIORITY_ORDER, RUIN, SIDES, TOWER, TREASURE_FACES,
    TREE,
)
from game.territory.state import GOBLIN, Order, TerritoryState, Tribe, UNDEAD


def amounts_of(units: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    """Escrow units (resource indices) counted as (gold, materials, exotics)."""
    # (three counts in C rather than a loop in Python: every order entered reports its
    # escrow, and a step or a wall holds up to seven units)
    return (units.count(0), units.count(1), units.count(2))


def can_pay(st: TerritoryState, tribe: int, typed: Cost, generic: int) -> bool:
    """T-6.2: the holdings (not the escrow) cover the cost."""
    res = st.tribes[tribe].res
    return (res[0] >= typed[0] and res[1] >= typed[1] and res[2] >= typed[2]
            and res[0] + res[1] + res[2] - typed[0] - typed[1] - typed[2] >= generic)


def take(st: TerritoryState, tribe: int, typed: Cost, generic: int) -> tuple[int, ...]:
    """Move a cost from holdings into escrow; returns the units in the order taken: the
    typed ones, then the generic ones by the tribe's priority (T-6.3).

    Every order entered passes here (16,000 times in 10 random games): the usual costs, a
    typed one alone or a generic one the first resource of the priority covers (arrows and
    steps), are taken without the loop and its lists; with `give_back`, `spend` and
    `refund_units` making no inner calls, 8,587.4 M -> 8,548.9 M instructions (and 8,594.5 M
    -> 8,549.4 M in a second copy of the tree), 10 random games."""
    t = st.tribes[tribe]
    res = t.res
    g, m, e = typed
    if g or m or e:
        res[0] -= g
        res[1] -= m
        res[2] -= e
        if not generic:
            return (0,) * g + (1,) * m + (2,) * e
        units = [0] * g + [1] * m + [2] * e
    elif not generic:
        return ()
    else:   # most orders (arrows, steps) cost no typed resource
        units = []
    left = generic
    order = PRIORITY_ORDER[t.priority]   # `priority_of`
    k = order[0]
    if res[k] >= left:   # (the loop below's first pass, taking it all)
        res[k] -= left
        if units:
            units += [k] * left
            return tuple(units)
        return (k,) * left
    for k in order:
        n = min(left, res[k])
        if n:
            res[k] -= n
            units += [k] * n
            left -= n
            if not left:
                break
    return tuple(units)


def priority_of(st: TerritoryState, tribe: int) -> tuple[int, int, int]:
    """T-6.3: resource indices in the order generic costs and discards take them."""
    return PRIORITY_ORDER[st.tribes[tribe].priority]


def give_back(st: TerritoryState, tribe: int, units: tuple[int, ...] | list[int]) -> tuple[int, int, int]:
    """Return escrow units to the holdings; returns the amounts."""
    res = st.tribes[tribe].res
    g, m, e = units.count(0), units.count(1), units.count(2)   # `amounts_of`, without its call
    res[0] += g
    res[1] += m
    res[2] += e
    return (g, m, e)


def emit(st: TerritoryState, event: Event) -> None:
    """Record an event (in the order things happen)."""
    st.ev.append(event)


def drop_order(st: TerritoryState, tribe: int, order: Order) -> None:
    """Remove an order from its tribe's list (its escrow is settled by the caller)."""
    orders = st.tribes[tribe].orders
    for k, o in enumerate(orders):
        if o.id == order.id:
            del orders[k]
            return


def spend(st: TerritoryState, tribe: int, order: Order) -> None:
    """T-6.2: the whole escrow of an order is consumed."""
    drop_order(st, tribe, order)
    steps = order.steps   # (an arrow's; the escrow of any other order is its own tuple)
    units = order.escrow if not steps else list(order.escrow) + [u for s in steps for u in s.escrow]
    if units:   # (`emit` and `amounts_of` written out)
        st.ev.append(E.Spent(tribe, order.id, (units.count(0), units.count(1), units.count(2))))


def void(st: TerritoryState, tribe: int, order: Order, reason: str) -> None:
    """T-6.4: no effect, everything refunded at once."""
    drop_order(st, tribe, order)
    emit(st, E.OrderVoid(tribe, order.id, reason))
    units = list(order.escrow) + [u for s in order.steps for u in s.escrow]
    if units:
        emit(st, E.Refunded(tribe, order.id, give_back(st, tribe, units)))


def refund_units(st: TerritoryState, tribe: int, order_id: int, units: list[int]) -> None:
    """Give escrow units back and report it."""
    if units:   # (`emit` written out)
        st.ev.append(E.Refunded(tribe, order_id, give_back(st, tribe, units)))


def gain(st: TerritoryState, tribe: int, amounts: tuple[int, int, int] | list[int], why: str,
         tile: int = -1, source: int = -1) -> None:
    """Add (or with negative amounts remove) holdings and report why."""
    res = st.tribes[tribe].res
    for k in range(3):
        res[k] += amounts[k]
    if any(amounts):
        emit(st, E.Gained(tribe, (amounts[0], amounts[1], amounts[2]), why, tile, source))


def set_owner(st: TerritoryState, tile: int, owner: int, how: str, hostile: int = 0) -> None:
    """Change a tile's owner: capitals become cities, groups nearby show, T-8.2."""
    previous = st.owner[tile]
    st.owner[tile] = owner
    st.hostile[tile] = hostile if owner == UNDEAD else 0
    if owner != GOBLIN:
        st.goblin_site[tile] = -1
    if st.building[tile] == CAPITAL and owner != previous and how not in ("split",):
        st.building[tile] = CITY  # T-11.8 / T-16.1 / T-14.3: capitals never change hands
        emit(st, E.TileChanged(tile, previous, owner, how))
        emit(st, E.Destroyed(tile, "capital", "captured", "city"))
    else:
        emit(st, E.TileChanged(tile, previous, owner, how))
    if owner >= 0:
        reveal_around(st, tile)
        tower_rule(st, owner, tile)


def reveal_group(st: TerritoryState, g: int) -> None:
    """T-14.1: a neutral group becomes visible to all."""
    if not st.revealed[g]:
        st.revealed[g] = True
        group = st.board.groups[g]
        emit(st, E.GroupRevealed(group.name, group.race, group.tiles, group.camps))
        st._cache = {}


def reveal_around(st: TerritoryState, tile: int) -> None:
    """T-14.1: a group shows itself once a tribe owns a tile next to it."""
    board = st.board
    for j in board.adjacent[tile]:
        g = board.group_of[j]
        if g >= 0 and not st.revealed[g] and st.owner[j] in (UNDEAD, GOBLIN):
            reveal_group(st, g)


def tower_rule(st: TerritoryState, tribe: int, tile: int) -> None:
    """T-8.2: a gained tower is lost if the tribe already has one, or is Jungle."""
    if st.building[tile] != TOWER:
        return
    t = st.tribes[tribe]
    other = any(st.owner[i] == tribe and st.building[i] in (TOWER, TREE) and i != tile
                for i in st.board.land_tiles)
    if t.faction == "jungle" or other:
        st.building[tile] = NONE
        emit(st, E.Destroyed(tile, "tower", "tower_rule"))


def destroy_all(st: TerritoryState, tile: int, why: str) -> None:
    """Meteor / volcano: main building (not the Tree), walls and tunnel end."""
    b = st.building[tile]
    if b not in (NONE, RUIN, TREE):
        left = "ruin" if b in (CITY, CAPITAL) else ""
        st.building[tile] = RUIN if left else NONE
        st.commerce[tile] = False
        emit(st, E.Destroyed(tile, BUILDINGS[b], why, left))
    for s in range(4):
        if st.walls[tile * 4 + s]:
            st.walls[tile * 4 + s] = 0
            emit(st, E.Destroyed(tile, f"wall_{SIDES[s]}", why))
    other = st.tunnel[tile]
    if other >= 0:
        st.tunnel[tile] = st.tunnel[other] = -1
        emit(st, E.Destroyed(tile, "tunnel", why))


def take_treasure(st: TerritoryState, tribe: int, tile: int) -> None:
    """T-15.2: the first tribe to gain the tile digs it up."""
    if not st.treasure[tile]:
        return
    st.treasure[tile] = False
    fixed = st.board.treasures.get(tile)
    die = 0
    if fixed:
        amounts = fixed
    else:
        die = st.rng.die(6)
        amounts = TREASURE_FACES[die - 1]
    emit(st, E.TreasureFound(tribe, tile, die, amounts))
    gain(st, tribe, amounts, "treasure", tile)


def break_treaty(st: TerritoryState, a: int, b: int) -> None:
    """T-16.4: harm by either side ends a Spice Trade at once."""
    if a >= 0 and b >= 0 and b in st.tribes[a].spice:
        del st.tribes[a].spice[b]
        st.tribes[b].spice.pop(a, None)
        emit(st, E.Diplomacy("treaty_broken", a, b))


def blessed(st: TerritoryState, tribe: int) -> bool:
    """T-13.4: a Jungle tribe under its Blessing during this RESOLVE."""
    t = st.tribes[tribe] if tribe >= 0 else None
    return t is not None and t.faction == "jungle" and t.blessed_turn == st.turn


def roll_at_most(st: TerritoryState, y: int) -> tuple[bool, int]:
    """T-11.7: an attack succeeds on a d6 roll of y or less: (success, the die), the die 0
    when y alone decides (y <= 0 fails, y >= 6 succeeds) and nothing is rolled."""
    if y <= 0:
        return False, 0
    if y >= 6:
        return True, 0
    die = st.rng.die(6)
    return die <= y, die


def forced_attack(st: TerritoryState, source: str, tile: int, attack: int) -> bool:
    """T-11.9: an attack without an arrow (no siege, no walls)."""
    defender = st.owner[tile]
    shields = st._shields
    if shields is not None and defender >= 0 and defender in shields.rock:
        emit(st, E.ForcedAttack(source, tile, defender, attack, 0, 0, 0, False, True))
        return False
    d = position.defense(st, tile, -1, -1, with_walls=False, with_siege=False)
    y = attack - d
    ok, die = roll_at_most(st, y)
    emit(st, E.ForcedAttack(source, tile, defender, attack, d, y, die, ok))
    return ok


def hostility(st: TerritoryState, tribe: int) -> int:
    """T-14.3 D21: the hostility bit of the tribe an undead tile was taken from (revival,
    plague, phase E); none for Shadow, whom the undead turn against only when attacked."""
    return 0 if st.tribes[tribe].faction == "shadow" else 1 << tribe


def turn_undead(st: TerritoryState, tile: int, how: str, hostile: int) -> None:
    """A tile becomes undead land, hostile to the tribes in `hostile` (T-14.3)."""
    set_owner(st, tile, UNDEAD, how, hostile)


def eliminate(st: TerritoryState, tid: int, why: str) -> None:
    """T-17.1: the tribe is gone with its resources, treaties and proposals."""
    t = st.tribes[tid]
    t.alive = False
    lost = (t.res[0], t.res[1], t.res[2])
    t.res = [0, 0, 0]
    for partner in list(t.spice):
        st.tribes[partner].spice.pop(tid, None)
    t.spice.clear()
    t.split_age = -1
    st.demands = [d for d in st.demands if tid not in d[:2]]
    st.trades = [d for d in st.trades if tid not in d[:2]]
    st.vassal_offers = [d for d in st.vassal_offers if tid not in d[:2]]
    st.grievances = [g for g in st.grievances if tid not in g[:2]]
    emit(st, E.Eliminated(tid, why, lost))


def new_system_tribe(st: TerritoryState, faction: str, parent: Tribe | None, name: str) -> Tribe:
    """A system tribe (T-12.2 split or T-15.1 goblin kingdom)."""
    t = Tribe(id=len(st.tribes), kind="system", faction=faction, seat=-1, name=name,
              created=st.turn)
    if parent is not None:
        t.techs = set(parent.techs)
        t.totem = parent.totem
        t.flower = parent.flower
    st.tribes.append(t)
    return t
