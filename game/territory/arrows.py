"""Dice for Land arrows (T-11): entering an arrow step by step.

`check_arrow` / `check_step` are the single source of legality for arrows (`legal_steps`
enumerates what `check_step` accepts). Resolving an arrow in its block is `fights`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from game.core.errors import IllegalAction
from game.territory import actions as A
from game.territory import position
from game.territory.constants import (
    ATTACK, CAMP, CAPITAL, CHASM, CITY, LAND, RAZE, RAZE_VALUE, SEA, VOLCANO, ZERO,
)
from game.territory.plans import Plan, no, rule, valid_tile
from game.territory.state import NOBODY, Order, TerritoryState

_TILE = attrgetter("tile")
HELD = -1  # "previous path tile is held" (origin, or an attack step assumed captured)
GRUDGE_BUILDINGS = (CAMP, CITY, CAPITAL)  # what turns undead when Shadow loses it (T-13.7)


def open_arrow(st: TerritoryState, tribe: int) -> Order | None:
    """The order `step` would extend: the last order if it is an arrow."""
    orders = st.tribes[tribe].orders
    return orders[-1] if orders and orders[-1].steps else None


def unfinished(st: TerritoryState, tribe: int) -> bool:
    """The arrow entered last ends with a crossing (T-11.1: the last tile is attacked)."""
    arrow = open_arrow(st, tribe)
    return arrow is not None and arrow.steps[-1].x == 0


def surcharge(st: TerritoryState, tribe: int, tile: int) -> int:
    """T-11.2: the extra cost of crossing a tile."""
    kind = st.board.kind[tile]
    if kind == SEA:
        return 0 if st.tribes[tribe].faction == "tide" else ATTACK["surcharge_sea"]
    if kind == LAND:
        return ATTACK["surcharge_unclaimed"]
    return ATTACK["surcharge_chasm"]


# The plans of arrows and steps (a generic cost, no typed cost or key), one shared object
# per cost and discount: `check_path` is asked for every arrow and step entered and for
# every candidate of a memo miss, and plans are immutable (see `Plan`).
_GENERIC_PLANS: tuple[dict[int, Plan], dict[int, Plan]] = ({}, {})


def generic_plan(cost: int, discount: bool = False) -> Plan:
    """The (shared) plan of an order costing `cost` generic resources only; `discount`: a
    grievance already lowered the cost (T-16.3)."""
    table = _GENERIC_PLANS[1 if discount else 0]
    plan = table.get(cost)
    if plan is None:
        plan = table[cost] = Plan(ZERO, cost, (), discount)
    return plan


def check_path(st: TerritoryState, tribe: int, prev_kind: int, tile: int, x: Any, raze: Any,
                pending: int) -> IllegalAction | Plan:
    """T-11.1..11.3 for one path tile entered after a tile of kind `prev_kind`."""
    if type(x) is not int or not 0 <= x <= 6:
        return no("territory.bad_x", x=str(x))
    if raze not in RAZE:
        return rule("T-11.8")
    kind = st.board.kind[tile]
    faction = st.tribes[tribe].faction
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
        owner = position.seen_owner(st, tile)
        if owner == tribe:
            return rule("T-11.1")
        if x == 0 and owner != NOBODY:
            return no("territory.cannot_skip", tile=tile)
    if x == 0:
        if raze != "none":
            return rule("T-11.8")
        return generic_plan(surcharge(st, tribe, tile))
    if raze != "none":
        if position.seen_building(st, tile) not in RAZE_VALUE:
            return rule("T-11.8")
        if raze == "special" and not st.board.special[tile]:
            return rule("T-11.8")
    # (the grievance, a call, asked last: its answer matters only for such a step)
    if owner >= 0 and x + pending >= 2 and position.grievance(st, tribe, owner):
        return generic_plan(x - 1, True)
    return generic_plan(x)


def check_arrow(st: TerritoryState, tribe: int, a: A.Arrow) -> IllegalAction | Plan:
    """T-11.1..11.3: the first tile of a new arrow from an own origin."""
    if not valid_tile(st, a.origin) or not valid_tile(st, a.tile):
        return no("no_such_place")
    if not position.owns(st, tribe, a.origin):
        return no("territory.not_yours")
    if a.tile not in st.board.adjacent[a.origin] and not (
            st.tribes[tribe].faction == "shadow" and st.tunnel[a.origin] == a.tile):
        return rule("T-11.1")
    return check_path(st, tribe, HELD, a.tile, a.x, a.raze, 0)


def arrow_options(st: TerritoryState, tribe: int, origin: int, tile: int) -> tuple[tuple[int, A.Arrow], ...]:
    """Every (generic cost, `arrow`) from own `origin` to `tile` (next to it, or linked by
    Shadow's tunnel) that `check_arrow` accepts; an arrow's only cost is generic.

    For such a pair `check_arrow`'s own tests (tiles, own origin, adjacency) pass and the
    rest is `check_path` for the first path tile after a held one with nothing pending,
    whose results `path_options` memoises per tile (shared with the steps of every origin)."""
    costs, groups = path_options(st, tribe, HELD, tile, 0)
    return tuple((cost, arrow_action(origin, tile, step.x, step.raze))
                 for cost, steps in zip(costs, groups) for step in steps)


# Arrow and step actions, built once per field values: the candidates memoised on the board
# under different keys (faction, owner, building...) share them, so a memo miss builds no
# new action objects and the memo holds fewer objects for the garbage collector to walk.
# 20 random games on Origin make about 10,600 arrows and 3,400 steps; past the bound (other
# maps, long soaks) a table starts again (equal actions are interchangeable).
_ARROWS: dict[tuple[int, int, int, str], A.Arrow] = {}
_STEPS: dict[tuple[int, int, str], A.Step] = {}
INTERN_LIMIT = 60_000


def arrow_action(origin: int, tile: int, x: int, raze: str) -> A.Arrow:
    """The (shared, immutable) `arrow` action with these fields."""
    key = (origin, tile, x, raze)
    action = _ARROWS.get(key)
    if action is None:
        if len(_ARROWS) >= INTERN_LIMIT:
            _ARROWS.clear()
        action = _ARROWS[key] = A.Arrow(origin, tile, x, raze)
    return action


def step_action(tile: int, x: int, raze: str) -> A.Step:
    """The (shared, immutable) `step` action with these fields."""
    key = (tile, x, raze)
    action = _STEPS.get(key)
    if action is None:
        if len(_STEPS) >= INTERN_LIMIT:
            _STEPS.clear()
        action = _STEPS[key] = A.Step(tile, x, raze)
    return action


def repeat_refusal(st: TerritoryState, arrow: Order) -> IllegalAction | None:
    """T-13.7: why no `repeat` attack may follow `arrow`, whatever its x and raze (None: one
    may): only right after an attack on a visible Shadow camp, city or capital (the only case
    where it can matter), and not twice in a row. `step_options` asks at every new arrow and
    step, before any candidate."""
    steps = arrow.steps
    last = steps[-1]
    prev = last.tile
    # (the tests that need no look-up first)
    if last.x == 0 or (len(steps) >= 2 and steps[-2].tile == prev):
        return rule("T-11.1")
    target = position.seen_owner(st, prev)
    if (target < 0 or st.tribes[target].faction != "shadow"
            or position.seen_building(st, prev) not in GRUDGE_BUILDINGS):
        return rule("T-11.1")
    return None


def check_repeat(st: TerritoryState, tribe: int, arrow: Order, a: A.Step) -> IllegalAction | Plan:
    """T-13.7: a `repeat` attack `a` on the last tile of `arrow` (see `repeat_refusal`)."""
    if type(a.x) is not int or not 0 <= a.x <= 6:
        return no("territory.bad_x", x=str(a.x))
    if a.x == 0:
        return rule("T-11.1")
    why = repeat_refusal(st, arrow)
    if why is not None:
        return why
    if a.raze not in RAZE:
        return rule("T-11.8")
    prev = arrow.steps[-1].tile
    if a.raze != "none" and (position.seen_building(st, prev) not in RAZE_VALUE or (
            a.raze == "special" and not st.board.special[prev])):
        return rule("T-11.8")
    return generic_plan(a.x)


def arrow_context(st: TerritoryState, arrow: Order) -> tuple[int, int]:
    """What T-11.1 needs of `arrow` for its next path tile, whichever tile that is: the
    kind of the previous tile as `check_path` needs it, and the crossings pending before it."""
    steps = arrow.steps
    last = steps[-1]
    if last.x:   # (an attack step: nothing pending)
        return HELD, 0
    prev_kind = st.board.kind[last.tile]
    pending = 0
    for s in reversed(steps):
        if s.x:
            break
        pending += len(s.escrow)
    return prev_kind, pending


def closed_tiles(arrow: Order) -> set[int]:
    """T-11.1: the tiles `arrow` may not enter again: its origin and every tile of its path
    (a repeat attack on the last tile is `check_repeat`'s)."""
    closed = set(map(_TILE, arrow.steps))   # (in C: a comprehension is a frame)
    closed.add(arrow.action.origin)  # type: ignore[attr-defined]
    return closed


def next_tile_refusal(st: TerritoryState, tribe: int, arrow: Order, tile: int) -> IllegalAction | None:
    """T-11.1: why `tile` cannot be the next path tile of `arrow` (not a repeat), or None."""
    prev = arrow.steps[-1].tile
    if tile in closed_tiles(arrow):
        return rule("T-11.1")
    if tile not in st.board.adjacent[prev] and not (
            st.tribes[tribe].faction == "shadow" and st.tunnel[prev] == tile):
        return rule("T-11.1")
    return None


def check_step(st: TerritoryState, tribe: int, a: A.Step) -> IllegalAction | Plan:
    """T-11.1..11.3: the next tile of the arrow entered last."""
    arrow = open_arrow(st, tribe)
    if arrow is None:
        return rule("T-11.1")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if a.tile == arrow.steps[-1].tile:
        return check_repeat(st, tribe, arrow, a)
    why = next_tile_refusal(st, tribe, arrow, a.tile)
    if why:
        return why
    prev_kind, pending = arrow_context(st, arrow)
    return check_path(st, tribe, prev_kind, a.tile, a.x, a.raze, pending)


def step_options(st: TerritoryState, tribe: int, arrow: Order | None = None
                 ) -> tuple[tuple[int, tuple[Any, ...]], ...]:
    """Every `step` `check_step` accepts for the open arrow, grouped by cost:
    ((generic cost, steps), ...) (the steps a tuple). Cached for the turn per arrow order
    object (orders are immutable and a step makes a new one, so the object names the whole
    path; the entry holds it, so its id is not reused while cached): nothing else it
    depends on changes during ORDERS, and an arrow taken back and re-entered, or another
    order entered and taken back, finds its options again.

    A step's checker result depends on x only through 0 (cross) / 1 / more (the grievance
    discount needs a total cost of 2), so three checker calls per tile and raze decide all
    seven x. Each next tile's `path_options` is also cached for the turn per (tile, kind
    of the previous tile, crossings pending or not): a new arrow or step (a cache miss
    here, about two calls in five in random play) meets, about a third of the time, a
    tile that an earlier arrow of the turn met. `arrow`: the open arrow (`open_arrow`)
    when the caller has it at hand.
    """
    if arrow is None:
        arrow = open_arrow(st, tribe)
        if arrow is None:
            return ()
    # the turn's cache is replaced whenever the board may have changed (RESOLVE, START,
    # test set-ups); clones share it, and share the order objects they both hold
    cache = {} if st._resolving else st._cache
    key = ("steps", tribe, id(arrow))
    entry = cache.get(key)
    if entry is not None and entry[0] is arrow:
        return entry[1]
    steps = arrow.steps
    last = steps[-1].tile
    nbs = st.board.adjacent[last]
    tunnel = st.tunnel[last]
    if tunnel >= 0 and tunnel not in nbs and st.tribes[tribe].faction == "shadow":
        nbs = nbs + (tunnel,)
    # `next_tile_refusal` for these next tiles (all adjacent, or the Shadow tunnel's end)
    visited = closed_tiles(arrow)
    prev_kind, pending = arrow_context(st, arrow)
    more = pending >= 1
    groups: dict[int, Any] = {}   # cost -> steps: a tile's own tuple until another adds to it
    # `path_options` per tile for the turn (what its key reads of the board cannot change
    # during ORDERS), by tile in a table per kind of previous tile and crossings pending:
    # one lookup instead of its key's owner and building reads
    table_key = ("paths", tribe, prev_kind, more)
    table = cache.get(table_key)
    if table is None:
        table = cache[table_key] = {}
    for j in nbs:
        if j in visited:
            continue
        options = table.get(j)
        if options is None:
            options = table[j] = path_options(st, tribe, prev_kind, j, pending)
        if not groups:   # the first tile with steps: its groups as they are (shared tuples)
            groups = dict(zip(*options))
            continue
        for cost, tile_steps in zip(*options):
            into = groups.get(cost)
            groups[cost] = tile_steps if into is None else into + tile_steps
    # a repeat: `repeat_refusal` rules every candidate out at once (the usual answer, found
    # without building a candidate), else `check_repeat` decides each
    if repeat_refusal(st, arrow) is None:
        for raze in RAZE:
            for x in range(7):
                step = step_action(last, x, raze)
                plan = check_repeat(st, tribe, arrow, step)
                if isinstance(plan, Plan):
                    groups[plan.generic] = groups.get(plan.generic, ()) + (step,)
    # (the groups are tuples, shared through the cache)
    options = tuple(groups.items())
    cache[key] = (arrow, options)
    return options


def path_options(st: TerritoryState, tribe: int, prev_kind: int, tile: int,
                 pending: int) -> tuple[tuple[int, ...], tuple[tuple[A.Step, ...], ...]]:
    """Every step `check_path` accepts for `tile` after a tile of `prev_kind`, grouped by
    cost as parallel tuples (costs, groups): each cost once, in first-seen order, and the
    steps of that cost in checking order. Grouped once here, so `step_options` merges a
    few groups per next tile rather than every step (it is asked for each new arrow and
    step); no pair per step, as the memo lives for the whole process and each tuple
    holding a step is an object the garbage collector walks.

    Memoised on the board under a key naming everything else `check_path` reads: the
    faction (on sea, chasm and volcano only: on land `check_path` and `surcharge` do not
    read it, so every tribe shares a land tile's entry), the public owner (as unclaimed /
    another tribe / a neutral; an own tile is refused whatever the key), the public
    building, the grievance and whether crossings are pending (a grievance discount needs
    x + pending >= 2). The result depends on x only through 0 / 1 / more, so seven checker
    calls decide all 19 candidates."""
    owner = position.seen_owner(st, tile)
    faction = st.tribes[tribe].faction if st.board.kind[tile] != LAND else ""
    rel = 3 if owner == tribe else 0 if owner == NOBODY else 1 if owner >= 0 else 2
    # (`grievance` asked only when there are grievances: usually there are none)
    key = ("path", tile, faction, prev_kind, rel, position.seen_building(st, tile),
           owner >= 0 and bool(st.grievances) and position.grievance(st, tribe, owner),
           pending >= 1)
    memo = st.board.memo
    options = memo.get(key)
    if options is None:
        out: list[tuple[int, A.Step]] = []
        cross = check_path(st, tribe, prev_kind, tile, 0, "none", pending)
        if isinstance(cross, Plan):
            out.append((cross.generic, step_action(tile, 0, "none")))
        for raze in RAZE:
            one = check_path(st, tribe, prev_kind, tile, 1, raze, pending)
            if isinstance(one, Plan):
                out.append((one.generic, step_action(tile, 1, raze)))
            two = check_path(st, tribe, prev_kind, tile, 2, raze, pending)
            if isinstance(two, Plan):
                less = 1 if two.discount else 0
                out.extend((x - less, step_action(tile, x, raze)) for x in range(2, 7))
        by_cost: dict[int, list[A.Step]] = {}
        for cost, step in out:
            by_cost.setdefault(cost, []).append(step)
        options = memo[key] = (tuple(by_cost), tuple(tuple(group) for group in by_cost.values()))
    return options


def legal_steps(st: TerritoryState, tribe: int, budget: int, out: list[Any] | None = None,
                arrow: Order | None = None) -> list[Any]:
    """Every `step` `check_order` accepts now with `budget` resources (the caller knows the
    order limits allow one), appended to `out` (a new list without it), which is returned;
    `arrow`: the open arrow when the caller has it (see `step_options`)."""
    if out is None:
        out = []
    for cost, steps in step_options(st, tribe, arrow):
        if cost <= budget:
            out.extend(steps)
    return out
