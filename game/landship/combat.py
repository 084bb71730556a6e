"""Landship combat (C-1..C-6): defence, lines of fire, the attack and ram checks, plays, effects."""

from __future__ import annotations

from typing import Any

from game.core.protocol import Event
from game.landship import actions as A
from game.landship import events as E
from game.landship.base import (
    Kit, Look, actor_reason, ap_reason, is_id, pay, pieces_at, place, stalled, wreck_check,
)
from game.landship.constants import (
    COST_ATTACK, COST_RAM_CHARGE, COST_RAM_STANDING, DIR_INDEX, DIRECTIONS, FORTRESS_SHIP,
    HEAVY_GUN_SHIP, RAM_SHIP, ShipStats,
)
from game.landship.movement import ALL_DIRS, allowance
from game.landship.state import EMPTY, HULK, LandshipState, Ship

PIERCE_TURNS = 2  # C-5


def eff_dr(g: LandshipState, ship: Ship) -> int:
    """C-2: max(0, DR + isolation bonus (C-4) - pierce markers (C-5))."""
    dr = g.board.params.stats(ship.type).dr
    if ship.type == FORTRESS_SHIP and isolated(g, ship):
        dr += 1
    return max(0, dr - len(ship.pierce))


def isolated(g: LandshipState, ship: Ship) -> bool:
    """C-4: none of the owner's active ships stands in the 8 neighbouring cells."""
    cell, ships = g.cell, g.ships
    for c in g.board.area(ship.pos, "cheb", 1, 1):
        occ = cell[c]
        if occ != EMPTY and ships[occ].owner == ship.owner:
            return False
    return True


def line_blocked(g: LandshipState, a: int, b: int) -> bool:
    """C-3: an active fortress (any owner, wrecked too) sits across the line a-b."""
    if g.board.distance("cheb", a, b) <= 1:
        return False
    crossed = g.board.crossed(a, b)
    if not crossed:
        return False
    # the pieces, not the cell table (see base.cell_reason)
    for s in g.ships.values():
        if s.type == FORTRESS_SHIP and s.owner != HULK and s.pos in crossed:
            return True
    return False


# ---- attack (C-1): checks in stages, plays, effect -------------------------------------------

def gun_type_reason(stats: ShipStats) -> str | None:
    """C-1: only ships with an attack and a ranged reach fire."""
    return None if stats.can_fire else "cannot_attack"


def gunner_reason(g: LandshipState, s: Ship, stats: ShipStats) -> str | None:
    """I-2 for the attacker after its ship group: it can fire, and the AP group."""
    return gun_type_reason(stats) or ap_reason(g, s, COST_ATTACK, act=True)


def ram_type_reason(ship_type: str) -> str | None:
    """C-6: only the ram ship rams."""
    return None if ship_type == RAM_SHIP else "cannot_attack"


def target_reason(g: LandshipState, s: Ship, stats: ShipStats, t: Ship) -> str | None:
    """C-1 target checks in I-2 order."""
    xy = g.board.xy
    (ax, ay), (bx, by) = xy[s.pos], xy[t.pos]
    dx = ax - bx if ax > bx else bx - ax
    dy = ay - by if ay > by else by - ay
    d = dx + dy if stats.reach == "manh" else (dx if dx > dy else dy)
    if not 1 <= d <= stats.range:
        return "out_of_range"
    if t.owner == HULK or t.owner == s.owner:
        return "invalid_target"
    if stalled(g, t):
        return "target_protected"
    if line_blocked(g, s.pos, t.pos):
        return "line_blocked"
    return None


def check_attack(g: LandshipState, look: Look, seat: int, a: A.Attack) -> str | None:
    """C-1 in the I-2 order."""
    if not is_id(a.ship) or not is_id(a.target):
        return "bad_payload"
    why = actor_reason(g, seat, a.ship)
    if why:
        return why
    s = g.ships[a.ship]
    stats = g.board.params.stats(s.type)
    why = gunner_reason(g, s, stats)
    if why:
        return why
    t = g.ships.get(a.target)
    if t is None:
        return "unknown_ship"
    return target_reason(g, s, stats, t)


def attack_plays(g: LandshipState, look: Look, s: Ship, kit: Kit, out: list[Any]) -> None:
    """Append every legal attack of ready ship `s` (of `kit`): each other seat's ship within
    its range (anything farther is `out_of_range`, own ships and hulks `invalid_target`)
    through the same checks."""
    ring, stats = kit.fire, kit.stats
    if ring is None:   # C-1: cannot_attack whatever the target
        return
    # the candidates first: without any, no attack passes whatever the attacker's stages say
    near = look.sides[s.owner][1] & ring[s.pos]
    if near and gunner_reason(g, s, stats) is None:
        ships = g.ships
        for tid in pieces_at(g, near):
            if target_reason(g, s, stats, ships[tid]) is None:
                out.append(A.interned(A.Attack, s.id, tid))


def do_attack(g: LandshipState, seat: int, a: A.Attack,
              look: Look | None = None) -> list[Event]:
    """C-2 damage, C-5 pierce marker, V-4 wreck bookkeeping."""
    s, t = g.ships[a.ship], g.ships[a.target]
    atk = g.board.params.stats(s.type).atk
    eff = eff_dr(g, t)
    damage = max(0, atk - eff)
    before = t.integrity
    t.integrity = max(0, before - damage)
    pay(g, s, COST_ATTACK)
    s.actions += 1
    wreck_check(g, seat, t, before)
    pierced = s.type == HEAVY_GUN_SHIP
    if pierced:
        t.pierce.append([seat, PIERCE_TURNS])
    xy = g.board.xy
    return [E.AttackResolved(seat, s.id, t.id, xy[s.pos], xy[t.pos], atk, eff, damage,
                             t.integrity, pierced, g.ap)]


# ---- ram (C-6) ---------------------------------------------------------------------------------

def walk(g: LandshipState, start: int, d: int, k: int) -> list[int]:
    """Cells 1..k from `start` in direction d (-1 from the first off-board cell on)."""
    out, c, step = [], start, g.board.step
    for _ in range(k):
        c = step[c][d] if c >= 0 else -1
        out.append(c)
    return out


def ram_cost(k: int) -> int:
    """A-2: a standing ram costs 1, a charge 2 (and counts as the move)."""
    return COST_RAM_STANDING if k == 0 else COST_RAM_CHARGE


def ram_path_reason(g: LandshipState, look: Look, s: Ship, d: int, k: int) -> str | None:
    """C-6 path: cells 1..k obey M-1, cell k is empty, k within the allowance (E-7)."""
    cells = walk(g, s.pos, d, k)
    if any(c < 0 for c in cells):
        return "cell_off_board"
    pieces = look.pieces_mask
    others = pieces & ~look.sides[s.owner][0]   # own pieces may be passed (M-1)
    for c in cells:
        if others >> c & 1:
            return "cell_occupied"
    if cells and pieces >> cells[-1] & 1:
        return "cell_occupied"
    sand, rock = look.sand, g.board.rock
    if any(rock[c] or c in sand for c in cells):
        return "cell_impassable"
    if k > allowance(g, g.board.params.stats(s.type).move, d):
        return "out_of_reach"
    return None


def ram_target_reason(g: LandshipState, look: Look, s: Ship, d: int, k: int) -> str | None:
    """C-6 target: the piece on cell k+1 is an enemy ship that is not storm-protected."""
    last = walk(g, s.pos, d, k)[-1] if k else s.pos
    nxt = g.board.step[last][d]
    if nxt < 0 or not look.pieces_mask >> nxt & 1:
        return "no_ram_target"
    t = g.ships[pieces_at(g, 1 << nxt)[0]]
    if t.owner == HULK or t.owner == s.owner:
        return "invalid_target"
    if stalled(g, t):
        return "target_protected"
    return None


def charge_reason(g: LandshipState, look: Look, s: Ship, d: int, k: int) -> str | None:
    """C-6 after the ram's type: the AP group for this k, the path, the target."""
    return (ap_reason(g, s, ram_cost(k), move=k >= 1, act=True)
            or ram_path_reason(g, look, s, d, k) or ram_target_reason(g, look, s, d, k))


def check_ram(g: LandshipState, look: Look, seat: int, a: A.Ram) -> str | None:
    """C-6 in the I-2 order."""
    if not is_id(a.ship) or a.dir not in DIR_INDEX or type(a.k) is not int or a.k < 0:
        return "bad_payload"
    why = actor_reason(g, seat, a.ship)
    if why:
        return why
    s = g.ships[a.ship]
    return ram_type_reason(s.type) or charge_reason(g, look, s, DIR_INDEX[a.dir], a.k)


def ram_plays(g: LandshipState, look: Look, s: Ship, kit: Kit, out: list[Any]) -> None:
    """Append every legal ram of ready ship `s`. Candidates: in each direction, each k up to
    the allowance (a longer charge is `out_of_reach`) whose cell k+1 holds a piece (any other
    k is `no_ram_target` or off the board); `charge_reason` judges each."""
    lanes = kit.lanes
    if ram_type_reason(s.type) or lanes is None:
        return
    if not lanes[s.pos] & look.pieces_mask:   # mostly: no piece any charge could reach
        return
    move = kit.stats.move
    step, pieces = g.board.step, look.pieces_mask
    for d in ALL_DIRS:
        c = s.pos
        for k in range(allowance(g, move, d) + 1):
            c = step[c][d]
            if c < 0:
                break
            if pieces >> c & 1 and charge_reason(g, look, s, d, k) is None:
                out.append(A.interned(A.Ram, s.id, DIRECTIONS[d], k))


def do_ram(g: LandshipState, seat: int, a: A.Ram,
           look: Look | None = None) -> list[Event]:
    """C-6: charge k cells, roll the d6, damage k + d6 - effDR, self-damage a quarter."""
    s = g.ships[a.ship]
    d, k = DIR_INDEX[a.dir], a.k
    start = s.pos
    cells = walk(g, start, d, k)
    if k:
        place(g, s, cells[-1])
    t = g.ships[g.cell[g.board.step[s.pos][d]]]
    d6 = g.rng.die(6)
    eff = eff_dr(g, t)
    damage = max(0, k + d6 - eff)
    before = t.integrity
    t.integrity = max(0, before - damage)
    self_damage = damage // 4
    s.integrity = max(0, s.integrity - self_damage)
    pay(g, s, ram_cost(k))
    s.actions += 1
    if k:
        s.moves += 1
    wreck_check(g, seat, t, before)
    xy = g.board.xy
    return [E.RamResolved(seat, s.id, t.id, a.dir, k, tuple(xy[c] for c in [start] + cells),
                          xy[t.pos], d6, eff, damage, t.integrity, self_damage, s.integrity,
                          g.ap)]
