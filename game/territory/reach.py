"""Where the greedy Dice for Land planner (T-21.1) can reach and what it keeps: its attacks
(T-21.1 (2): one- and two-tile arrows priced by the best die, a step pushed on into the tile
behind a capture), arrows across several sea tiles (T-11.2; Tide pays no sea surcharge,
T-13.5), the cost of a capture cut off from the tribe's land (T-12.2 splits it off at the
faction's split limit), island detection, and the core a split tribe names (T-12.3).

Plain functions of the planner `p` (a `planner.Planner`, not imported: planner imports this
module); they read its view, own tiles and weights, nothing hidden (T-18.3).
"""

from __future__ import annotations

from typing import Any

from game.territory import actions as A
from game.territory import position
from game.territory.arrows import arrow_action, step_action
from game.territory.constants import (
    AI_WEIGHTS, CAPITAL, CHASM, LAND, NONE, RUIN, SEA, SPLIT_LIMIT, VOLCANO,
)
from game.territory.greedy_orders import best_first
from game.territory.state import NOBODY

W = AI_WEIGHTS
PlannerLike = Any


def splinter(p: PlannerLike, target: int) -> float:
    """What a capture cut off from our land costs (T-12.2: a separate component splits
    off at the faction's split limit unless joined): 0 when the target touches our land.
    Tide still on its island pays nothing for a landing (T-13.5: it must cross to grow).
    D36: the age runs from the first split, so a capture made late in a split is held
    only for the ENDs left; what it would be worth beyond them (of `horizon`) is lost."""
    if not p.own_set.isdisjoint(p.view.board.adjacent[target]):
        return 0.0
    if p.t.faction == "tide" and landlocked(p):
        return 0.0
    limit = SPLIT_LIMIT.get(p.t.faction, SPLIT_LIMIT["default"])
    left = limit - (p.t.split_age + 1 if p.t.split_age >= 0 else 0)
    lost = max(0.0, 1.0 - left / W["horizon"])
    return W["splinter"] * SPLIT_LIMIT["default"] / limit + lost * p.target_value(target)


def landlocked(p: PlannerLike) -> bool:
    """All our land lies on small islands (the land reachable over land from it is at
    most `island` tiles): Tide at the start, whose only way to grow is across the sea."""
    if p.landlocked_memo is None:
        p.landlocked_memo = island_size(p, p.own) <= W["island"]
    return p.landlocked_memo


def island_size(p: PlannerLike, tiles: list[int]) -> int:
    """Land tiles reachable over land from `tiles` (counting stops past `island`)."""
    board = p.view.board
    seen = set(tiles)
    stack = list(tiles)
    limit = W["island"]
    while stack and len(seen) <= limit:
        i = stack.pop()
        for j in board.adjacent[i]:
            if j not in seen and board.kind[j] == LAND:
                seen.add(j)
                stack.append(j)
    return len(seen)


def p_success(y: int) -> float:
    """T-11.4 (f): the chance a step with y succeeds."""
    if y <= 0:
        return 0.0
    if y >= 6:
        return 1.0
    return y / 6


def best_die(value: float, edge: int, surcharge: int) -> tuple[float, int, int]:
    """(net value, x, cost) of the best die x (1-6) on a target worth `value`, with attack
    minus defense `edge` and `surcharge` resources on top: the first x whose
    p_success(x + edge) * value - cost is highest. A pure function of its three arguments,
    which repeat across tiles and plans: memoised (`_BEST_DIE`, cleared when full)."""
    key = (value, edge, surcharge)
    best = _BEST_DIE.get(key)
    if best is None:
        best = (-1e9, 0, 0)
        for x in range(1, 7):
            cost = x + surcharge
            net = p_success(x + edge) * value - cost
            if net > best[0] + 1e-9:
                best = (net, x, cost)
        if len(_BEST_DIE) >= 4096:
            _BEST_DIE.clear()
        _BEST_DIE[key] = best
    return best


_BEST_DIE: dict[tuple[float, int, int], tuple[float, int, int]] = {}


def best_key(v: Any, tile: int, side: int, surcharge: int, sea: bool, priced: bool) -> int:
    """`Planner.best_x`'s memo key, one int: the target tile, the level of the wall on the
    side entered (all `_best_x` reads of the side: `position.defense` reads it only for that
    wall, so sides alike share an entry: 20 % fewer best dice searched), the surcharge, the
    sea and the Open Frontier pricing. An int rather than the 5-tuple of these (hashed in C,
    no container made): with the shared entries 0.2 % fewer instructions of 10 random games
    (8,992.1 M -> 8,973.3 M and 8,976.4 M). `attack_options` writes it out."""
    level = v.walls[tile * 4 + side] if side >= 0 else 0
    return (((surcharge * 2 + sea) * 2 + priced) * 4 + level) * v.board.size + tile


def attacks(p: PlannerLike, reserve: int, allow_even: bool = False) -> None:
    """(2) One- and two-tile arrows, best p(x)·V - cost first, while affordable."""
    v = p.view
    # entries kept for the later steps (walls, spells, diplomacy): D38 caps a turn's orders
    limit = v.params.max_orders - len(p.plan) - (0 if allow_even else W["late_orders"])
    if p.rng is None and (limit <= 0 or p.total() - 1 < reserve):
        # every option costs at least 1 (a die of 1 or more, or Open Frontier's 1) and
        # enters at least one order, so none can be taken: the search is skipped (a
        # quarter of the system tribes' passes; the budget only shrinks within a plan).
        # With an RNG the options are still shuffled below, as many draws as ever.
        return
    priced_frontier = p.frontier_left > 0
    # the options of a later pass are the first pass's (with the same Open Frontier
    # pricing) without those the tiles taken since close (see `attack_options`)
    every = p.attack_memo.get(priced_frontier)
    if every is None:
        every = p.attack_memo[priced_frontier] = attack_options(p, priced_frontier)
        options = list(every)
    else:
        used = p.used_tiles
        options = [o for o in every if o[2] not in used]
    if p.rng is not None:  # T-21.1: ties broken by the agent's RNG
        p.rng.shuffle(options)
    best_first(options)   # by net value, highest first, then the cheaper
    taken: set[int] = set()
    for net, cost, _, target, origin, first, x, tail in options:
        if net <= 0 and not (allow_even and net > -1):
            break
        if target in taken or target in p.used_tiles:
            continue
        if len(tail) >= limit:   # the arrow and its steps: one order entry each (D38)
            continue
        if p.total() - cost < reserve or not p.afford((0, 0, 0), cost):
            continue
        arrow = arrow_action(origin, first, x, "none")
        if arrow not in p.legal:
            continue
        if priced_frontier and v.owner[target] == NOBODY:
            if p.frontier_left == 0:
                continue  # priced as certain, but D41's three are used: next pass
            p.frontier_left -= 1
        p.pay((0, 0, 0), cost)
        p.plan.append(arrow)
        for tile, step_x in tail:
            p.plan.append(step_action(tile, step_x, "none"))
        limit -= 1 + len(tail)
        taken.add(target)
        p.used_tiles.add(target)
        if limit > 0 and not tail and v.owner[target] != NOBODY:
            limit -= extend_arrow(p, target, arrow, taken)


# An attack option (see `attack_options`): (net value, cost, gate, target, origin, first
# tile entered, its x, the steps after it as (tile, x) pairs). Its orders are the arrow
# `arrow_action(origin, first, x, "none")` and a `step_action(tile, x, "none")` per step,
# made only for the options taken (few: most options are searched, sorted and passed by).
Option = tuple[float, int, int, int, int, int, int, tuple[tuple[int, int], ...]]


def attack_options(p: PlannerLike, priced_frontier: bool) -> list[Option]:
    """`attacks`' options (`Option`), in search order: every arrow from an own tile into a
    tile not own, none closed by a tile taken this turn (`p.used_tiles`), priced with Open
    Frontier on (`priced_frontier`) or off. An option is closed exactly when its gate is
    taken: the first tile entered (its target, or the unclaimed land crossed to the target
    behind it), the target for a landing across the sea. A pure function of the view, the
    own tiles and the taken tiles, so a later pass filters the first pass's by gate rather
    than searching again.

    Without an RNG (system tribes) an option netting -1 or less is left out: `attacks`
    stops at the first such option in every pass, so it is never taken (with an RNG every
    option is kept: how many there are decides the shuffle)."""
    v = p.view
    board = v.board
    faction = p.t.faction
    floor = -1.0 if p.rng is None else float("-inf")
    options: list[Option] = []
    crossings: dict[int, list] = {}   # `sea_targets` by first sea tile, this pass
    own_set, used = p.own_set, p.used_tiles
    side_between, kinds, owner, walls = board.side_between, board.kind, v.owner, v.walls
    memo, best_x = p._best, p._best_x
    # `best_key` written out (no sea; the pricing is fixed for the search)
    size, priced = board.size, int(priced_frontier)
    for origin in p.own:
        links = board.adjacent[origin]
        if faction == "shadow" and v.tunnel[origin] >= 0:
            links = links + (v.tunnel[origin],)
        for j in links:
            if j in own_set or j in used:
                continue
            kind = kinds[j]
            if kind == LAND:
                side = side_between(j, origin)
                # `p.best_x` with its memo inline
                key = (priced * 4 + (walls[j * 4 + side] if side >= 0 else 0)) * size + j
                best = memo.get(key)
                if best is None:
                    best = memo[key] = best_x(j, side, 0, False)
                net, x, cost = best
                if x and net > floor:
                    options.append((net, cost, j, j, origin, j, x, ()))
                if owner[j] != NOBODY:
                    continue
                surcharge = 1
            elif kind == SEA:
                if board.coastal[origin]:  # T-11.2: sea is entered from a held tile
                    sea_landings(p, origin, j, options, crossings, floor)
                continue
            elif kind in (CHASM, VOLCANO) and faction == "pioneer":
                surcharge = 1
            else:
                continue
            for k in board.adjacent[j]:  # cross j, attack k
                if k == origin or k in own_set or kinds[k] != LAND:
                    continue
                side = side_between(k, j)   # >= 0: grid neighbours face each other
                key = ((surcharge * 4 + priced) * 4 + walls[k * 4 + side]) * size + k
                best = memo.get(key)
                if best is None:
                    best = memo[key] = best_x(k, side, surcharge, False)
                net, x, cost = best
                if x:
                    net = net - 0.25 - p.splinter(k)
                    if net > floor:
                        options.append((net, cost, j, k, origin, j, 0, ((k, x),)))
    return options


def extend_arrow(p: PlannerLike, tile: int, arrow: A.Arrow, taken: set[int]) -> int:
    """T-11.1: push a successful attack on into the enemy tile behind it (one more step),
    when that step is still worth it after the first one's chance; 1 if planned."""
    v = p.view
    if p.frontier_left > 0 and v.owner[tile] == NOBODY:
        return 0
    first = p_success(arrow.x + p.attack_bonus(v.owner[tile], tile, False)
                      - position.defense(v, tile, p.tid, v.board.side_between(tile, arrow.origin)))
    best: tuple[float, int, int, int] | None = None
    for k in v.board.adjacent[tile]:
        if (k in p.own_set or k in taken or k in p.used_tiles or v.board.kind[k] != LAND
                or v.owner[k] < 0 or k == arrow.origin):
            continue
        net, x, cost = p.best_x(k, v.board.side_between(k, tile), 0, False)
        # the step is rolled only if the first succeeded; its cost is refunded otherwise
        net = first * net
        if x and net > 0 and (best is None or net > best[0]):
            best = (net, k, x, cost)
    if best is None or not p.afford((0, 0, 0), best[3]):
        return 0
    _, k, x, cost = best
    p.pay((0, 0, 0), cost)
    p.plan.append(step_action(k, x, "none"))
    taken.add(k)
    p.used_tiles.add(k)
    return 1


def sea_crossings(board: Any, first: int, reach: int) -> tuple[tuple[tuple[int, ...], tuple], ...]:
    """The sea tiles reachable from sea tile `first` within `reach` crossed tiles, breadth
    first (the shortest crossing to each, in search order), each as (its crossing: the sea
    tiles from `first` to it, its landings: ((land tile next to it, side between), ...) in
    adjacency order). Memoised on the board: every coastal tile of every plan asks again."""
    key = ("sea_crossings", first, reach)
    crossings = board.memo.get(key)
    if crossings is None:
        paths: dict[int, tuple[int, ...]] = {first: (first,)}
        frontier = [first]
        while frontier:
            nxt = []
            for s in frontier:
                path = paths[s]
                for k in board.adjacent[s]:
                    if board.kind[k] == SEA and k not in paths and len(path) < reach:
                        paths[k] = path + (k,)
                        nxt.append(k)
            frontier = nxt
        crossings = board.memo[key] = tuple(
            (path, tuple((k, board.side_between(k, s)) for k in board.adjacent[s]
                         if board.kind[k] == LAND))
            for s, path in paths.items())
    return crossings


def sea_landings(p: PlannerLike, origin: int, first: int, options: list, known: dict,
                 floor: float) -> None:
    """T-11.2/T-11.3: arrows from a coastal tile across one or more sea tiles (Tide pays no
    surcharge, others 1 a tile), ending in an attack on a land tile next to the last sea
    tile. Each crossed tile is an order entry (D38), so the reach is bounded. `known`
    holds `sea_targets` by first sea tile for one pass of `attacks` (they do not
    depend on the origin: every origin is an own tile, never a target); those netting
    `floor` or less are left out (see `attack_options`)."""
    targets = known.get(first)
    if targets is None:
        targets = known[first] = sea_targets(p, first)
    for net, cost, entry, tail, k in targets:
        if net > floor:
            options.append((net, cost, k, k, origin, entry, 0, tail))


def sea_targets(p: PlannerLike, first: int) -> list[tuple[float, int, int, tuple[tuple[int, int], ...], int]]:
    """The best landing on each land tile reachable across the sea from sea tile `first`,
    by tile: (net value, cost, the sea tile the arrow enters, the steps after it as (tile,
    x) pairs, the tile). Of two
    crossings to one tile the shorter (searched first) is kept unless the longer nets more."""
    tide = p.t.faction == "tide"
    reach = W["tide_sea_reach"] if tide else W["sea_reach"]
    own_set, used = p.own_set, p.used_tiles
    best: dict[int, tuple[float, int, tuple[int, ...], int]] = {}
    for path, landings in sea_crossings(p.view.board, first, reach):
        surcharge = 0 if tide else len(path)
        for k, side in landings:
            if k in own_set or k in used:
                continue
            net, x, cost = p.best_x(k, side, surcharge, True)
            if not x:
                continue
            net -= 0.25 * len(path) + p.splinter(k)
            if k not in best or net > best[k][0]:
                best[k] = (net, cost, path, x)
    out = []
    for k in sorted(best):
        net, cost, path, x = best[k]
        tail = tuple((c, 0) for c in path[1:]) + ((k, x),)
        out.append((net, cost, path[0], tail, k))
    return out


def choose_core(p: PlannerLike) -> None:
    """T-12.2/T-12.3: while split, keep the component with the best prospects (size,
    buildings, land it can still take, the capital) rather than the default; Tide thus
    moves from its island to a growing foothold."""
    v, t = p.view, p.t
    if t.split_age < 0:
        return
    comps = components(p)
    if len(comps) < 2:
        return

    def prospect(comp: list[int]) -> float:
        edge = {j for i in comp for j in v.board.adjacent[i]
                if v.board.kind[j] == LAND and v.owner[j] != p.tid}
        built = sum(1 for i in comp if v.building[i] not in (NONE, RUIN))
        capital = W["capital"] if any(v.building[i] == CAPITAL for i in comp) else 0
        return len(comp) + built + capital + W["core_edge"] * len(edge) / 10

    best = max(comps, key=lambda c: (prospect(c), -c[0]))
    if default_core(p, comps) is not best:
        # the core tile should survive the turn: the one with the fewest foreign sides
        inner = min(best, key=lambda i: (sum(1 for j in v.board.adjacent[i]
                                             if v.owner[j] >= 0 and v.owner[j] != p.tid), i))
        p.add(A.ChooseCore(inner))


def default_core(p: PlannerLike, comps: list[list[int]]) -> list[int]:
    """The component T-12.2 keeps without a new choice: the chosen core's, the
    capital's, else most tiles, most buildings, lowest tile."""
    v = p.view
    for marker in (p.t.core, position.capital_of(v, p.tid)):
        for comp in comps:
            if marker in comp:
                return comp
    return max(comps, key=lambda c: (len(c), sum(
        1 for i in c if v.building[i] not in (NONE, RUIN)), -c[0]))


def components(p: PlannerLike) -> list[list[int]]:
    """T-12.1: own tiles joined by adjacency (Shadow: and tunnels with both ends own)."""
    v = p.view
    return position.joined_groups(v.board.adjacent, v.tunnel, p.own_set,
                                  p.t.faction == "shadow")
