"""Movement (M-1..M-6, N-2, U-4): allowances, reachable hexes and the best path.

`reach` answers "where can this unit go and with how much MP left" with a bucket Dijkstra on
MP (costs are small whole numbers): a hex keeps the most MP any legal path arrives with. Steps
that spend everything (M-2 water transitions, I3 Intercept) are always the last step of a path,
because nothing moves on with 0 MP; so keeping one label per hex is exact. `best_path` runs the
same search with the full D33 order (most MP, then fewest steps, then the smallest sequence of
B-2 direction indices) to give the path a screen animates.
"""

from __future__ import annotations

import heapq

from game.skirmish.board import FREE, NEUTRAL, OFF
from game.skirmish.constants import (
    ARCHER, CAVALRY, HEAVY_CAVALRY_MP, HORSE_ARCHER_MP, INFANTRY, LIGHT_CAVALRY_MP,
    SUPPRESSION_DIVISOR, UNITS,
)
from game.skirmish.state import SkirmishState, Unit


def allowance(game: SkirmishState, unit: Unit, suppressed: bool = True) -> int:
    """U-4: base MP + skill modifiers, then divided (floor) once per suppression stack."""
    mp = UNITS[unit.type].mp
    skills = game.skills[unit.faction]
    if unit.type == ARCHER and "A2" in skills:
        mp += HORSE_ARCHER_MP
    elif unit.type == CAVALRY:
        if "C1" in skills:
            mp -= HEAVY_CAVALRY_MP
        if "C3" in skills:
            mp += LIGHT_CAVALRY_MP
    mp = max(0, mp)
    if suppressed:
        for _ in range(unit.suppression):
            mp //= SUPPRESSION_DIVISOR
    return mp


def can_move_after_attack(game: SkirmishState, unit: Unit) -> bool:
    """K-2 exceptions: Skirmish A4 (archers) and C4 (cavalry)."""
    skills = game.skills[unit.faction]
    return (unit.type == ARCHER and "A4" in skills) or (unit.type == CAVALRY and "C4" in skills)


def infiltrates(game: SkirmishState, unit: Unit) -> bool:
    """C11: passes hostile units, ignores Intercept."""
    return unit.type == CAVALRY and "C11" in game.skills[unit.faction]


def intercept_zone(game: SkirmishState, seat: int) -> frozenset[int]:
    """I3 / D30: hexes next to an infantry of another bloc whose faction has Intercept."""
    roots = game.roots()
    key = f"zoc{roots[seat]}"
    found = game._cache.get(key)
    if found is None:
        adj = game.board.adj
        zone: set[int] = set()
        for u in game.units.values():
            if u.type == INFANTRY and roots[u.faction] != roots[seat] and "I3" in game.skills[u.faction]:
                zone.update(adj[u.hex])
        found = frozenset(zone)
        game._cache[key] = found
    return found


def _context(game: SkirmishState, unit: Unit):
    b = game.board
    skills = game.skills[unit.faction]
    costs = b.light_cost if unit.type == INFANTRY and "I8" in skills else b.cost
    through = infiltrates(game, unit)
    zoc = frozenset() if through else intercept_zone(game, unit.faction)
    return costs, through, zoc


def _entry(game: SkirmishState, h: int, rf: int, roots: list[int], through: bool) -> int:
    """How a unit of bloc `rf` may use hex h: 0 pass and stop (if empty), 1 stop only
    (a breached empty hostile city), 2 pass only (hostile unit, C11), -1 never."""
    b = game.board
    k = b.city_at[h]
    if k >= 0:
        owner = game.city_owner[k]
        if owner == NEUTRAL:
            return -1                                   # M-5d
        if owner == FREE or roots[owner] != rf:
            if game.city_siege[k] < b.siege_rounds or game.occ[h] >= 0:
                return -1                               # M-5e
            return 1
    v = game.occ[h]
    if v >= 0 and roots[game.units[v].faction] != rf:
        return 2 if through else -1                     # M-5b
    return 0


def reach(game: SkirmishState, unit: Unit, start: int = OFF, mp: int = -1) -> dict[int, int]:
    """Every hex a legal path reaches (start excluded) -> the most MP left on arrival.

    `start`/`mp` default to the unit's hex and `mp_left` (other values ask "what if", N-4b).
    The result includes hexes a unit may only pass (own units, C11 hostiles); use
    `destinations` for legal Move targets.
    """
    if start == OFF:
        start = unit.hex
    if mp < 0:
        mp = unit.mp_left
    if mp <= 0:
        return {}
    b = game.board
    costs, through, zoc = _context(game, unit)
    roots = game.roots()
    rf = roots[unit.faction]
    water, neutral, adj = b.water, b.neutral, b.adj
    entry_cache: dict[int, int] = {}
    best = {start: mp}
    buckets: list[list[int]] = [[] for _ in range(mp + 1)]
    buckets[mp].append(start)
    for m in range(mp, 0, -1):
        for g in buckets[m]:
            if best[g] != m:
                continue
            g_water, g_neutral = water[g], neutral[g]
            for h in adj[g]:
                if neutral[h] and not g_neutral:
                    continue                            # M-5c / N-2
                kind = entry_cache.get(h)
                if kind is None:
                    kind = _entry(game, h, rf, roots, through)
                    entry_cache[h] = kind
                if kind < 0:
                    continue
                if water[h] != g_water:
                    m2 = 0                              # M-2 transition
                else:
                    c = costs[h]
                    if c > m:
                        continue
                    m2 = m - c
                if h in zoc:
                    m2 = 0                              # I3 Intercept
                if best.get(h, -1) >= m2:
                    continue
                best[h] = m2
                if m2 > 0 and kind != 1:
                    buckets[m2].append(h)
    del best[start]
    return best


def destinations(game: SkirmishState, unit: Unit, start: int = OFF, mp: int = -1) -> list[int]:
    """Legal Move destinations (M-5: the final hex is empty), before N-4 obligations."""
    occ = game.occ
    return [h for h in reach(game, unit, start, mp) if occ[h] < 0]


def best_path(game: SkirmishState, unit: Unit, dest: int) -> tuple[list[int], int, str] | None:
    """M-6 / D33: (hexes from start to dest, MP left on arrival, why all MP went) or None."""
    mp = unit.mp_left
    if mp <= 0:
        return None
    b = game.board
    costs, through, zoc = _context(game, unit)
    roots = game.roots()
    rf = roots[unit.faction]
    water, neutral, nbrs = b.water, b.neutral, b.nbrs
    start = unit.hex
    label: dict[int, tuple[int, int, tuple[int, ...]]] = {start: (-mp, 0, ())}
    parent: dict[int, int] = {}
    why: dict[int, str] = {}
    heap: list[tuple[int, int, tuple[int, ...], int]] = [(-mp, 0, (), start)]
    while heap:
        neg_m, steps, seq, g = heapq.heappop(heap)
        if label.get(g) != (neg_m, steps, seq):
            continue
        if g == dest:
            path = [g]
            while path[-1] != start:
                path.append(parent[path[-1]])
            path.reverse()
            return path, -neg_m, why.get(g, "")
        m = -neg_m
        if m <= 0 or (g != start and _entry(game, g, rf, roots, through) == 1):
            continue
        for k, h in enumerate(nbrs[g]):
            if h == OFF or (neutral[h] and not neutral[g]):
                continue
            kind = _entry(game, h, rf, roots, through)
            if kind < 0:
                continue
            stop = ""
            if water[h] != water[g]:
                m2, stop = 0, "water"
            else:
                c = costs[h]
                if c > m:
                    continue
                m2 = m - c
            if h in zoc:
                m2 = 0
                stop = stop or "intercept"
            new = (-m2, steps + 1, seq + (k,))
            old = label.get(h)
            if old is None or new < old:
                label[h] = new
                parent[h] = g
                why[h] = stop
                heapq.heappush(heap, (new[0], new[1], new[2], h))
    return None


def cost_field(game: SkirmishState, sources: list[int], costs: tuple[int, ...]) -> list[int]:
    """MP cost from every hex to the nearest source over terrain alone (no units, no water
    rule): the AI's sense of distance, and the 16.2 capital-to-capital figures."""
    b = game.board
    inf = 10**6
    dist = [inf] * b.size
    heap = []
    for s in sources:
        dist[s] = 0
        heap.append((0, s))
    heapq.heapify(heap)
    while heap:
        d, g = heapq.heappop(heap)
        if d != dist[g]:
            continue
        step = costs[g]   # walking back from a source: pay for the hex being entered (g)
        for h in b.adj[g]:
            nd = d + step
            if nd < dist[h]:
                dist[h] = nd
                heapq.heappush(heap, (nd, h))
    return dist
