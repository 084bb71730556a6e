"""Dice for Land order entry during ORDERS (T-6): the thin driver over the families' checkers.

One source of legality: `CHECKERS` maps each order type to its family's checker (arrows,
building, magic, diplomacy), which returns a refusal (`IllegalAction`) or a `Plan`;
`check_order` adds
the dynamic checks (limits, conflicts with the orders already entered, the open arrow,
affordability) before anything changes. `legal_orders` enumerates exactly what
`check_order` accepts: orders whose checker result cannot change during ORDERS (the board
and the techs are fixed until RESOLVE) are generated once per tribe and turn into a cache
and only filtered by the dynamic checks at each call; arrow steps, spells bound to an arrow,
settings and removals are checked at every call.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.errors import IllegalAction
from game.territory import actions as A
from game.territory import arrows, building, diplomacy, effects, magic, position
from game.territory.constants import (
    CAMP, CAPITAL, CITY, NONE, OUTPOST, PRIORITIES, RESOURCES, RUIN, SIDES, SPELLS, TECH,
    TECHS, TREE, ZERO,
)
from game.territory.plans import Plan, no, rule, valid_tile
from game.territory.state import NOBODY, Order, PathStep, TerritoryState, Tribe

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


def entries(st: TerritoryState, tribe: int) -> int:
    """D38: orders held, each arrow step counting as one."""
    return st.tribes[tribe].entries


def allowed(st: TerritoryState, key: tuple) -> int:
    """How many orders of a turn may hold a conflict key (archaeology: a [P], else one)."""
    return st.params.archaeology_per_turn if key[0] == "archaeology" else 1


def used_keys(st: TerritoryState, tribe: int) -> dict[tuple, int]:
    """Per-turn conflict keys held by the orders entered so far, with counts."""
    return st.tribes[tribe].used


def _hold(st: TerritoryState, t: Tribe, keys: tuple[tuple, ...], by: int) -> None:
    """Count an order's conflict keys in (by 1) or out (by -1); `full` = keys at their limit.

    Only the order's own keys change count, so only they can enter or leave `full`."""
    if not keys:
        return
    used = dict(t.used)
    full = set(t.full)
    for k in keys:
        n = used.get(k, 0) + by
        if n:
            used[k] = n
        else:
            used.pop(k, None)
        if n >= allowed(st, k):
            full.add(k)
        else:
            full.discard(k)
    t.used = used
    t.full = frozenset(full)


def dynamic_check(st: TerritoryState, tribe: int, action: Any, plan: Plan) -> IllegalAction | None:
    """Limits, the open arrow, conflicts with entered orders, affordability (T-6.2).

    `legal_orders` applies exactly these tests to the checkers' plans (see `_admitted`)."""
    t = st.tribes[tribe]
    if type(action) is not A.Step and arrows.unfinished(st, tribe):
        return no("territory.arrow_unfinished")
    if t.entries >= st.params.max_orders or t.edits >= st.params.max_edits:
        return no("limit_reached")
    if plan.keys and t.full:
        for k in plan.keys:
            if k in t.full:
                key, rid = KEY_REASONS.get(k[0], ("territory.not_allowed", "T-6"))
                return no(key, rule=rid) if rid else no(key)
    if not effects.can_pay(st, tribe, plan.typed, plan.generic):
        return no("unaffordable")
    return None


def check_order(st: TerritoryState, tribe: int, action: Any) -> IllegalAction | Plan:
    """Checker plus dynamic checks for a new order (not settings, removal or submit)."""
    checker = CHECKERS.get(type(action))
    if checker is None:
        return no("wrong_phase")
    plan = checker(st, tribe, action)
    if isinstance(plan, IllegalAction):
        return plan
    why = dynamic_check(st, tribe, action, plan)
    return why if why else plan


def check_setting(st: TerritoryState, tribe: int, action: Any) -> IllegalAction | None:
    """Legality of set_priority / set_flower / choose_core."""
    t = st.tribes[tribe]
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
        if not valid_tile(st, action.tile):
            return no("no_such_place")
        if not position.owns(st, tribe, action.tile):
            return no("territory.not_yours")
        if action.tile == t.core:
            return rule("T-12.3")
    if t.edits >= st.params.max_edits:
        return no("limit_reached")
    return None


def enter(st: TerritoryState, tribe: int, action: Any, plan: Plan) -> tuple[int, tuple[int, ...]]:
    """Escrow the plan's cost and record the order; returns (order id, escrow units)."""
    t = st.tribes[tribe]
    units = effects.take(st, tribe, plan.typed, plan.generic)
    t.edits += 1
    t.entries += 1
    _hold(st, t, plan.keys, 1)
    if type(action) is A.Step:
        arrow = t.orders[-1]
        step = PathStep(action.tile, action.x, action.raze, units, plan.discount)
        t.orders[-1] = Order(arrow.id, arrow.action, arrow.escrow, arrow.steps + (step,))
        return arrow.id, units
    order_id = t.next_order
    t.next_order += 1
    if type(action) is A.Arrow:
        step = PathStep(action.tile, action.x, action.raze, units, plan.discount)
        t.orders.append(Order(order_id, action, (), (step,)))
    else:
        t.orders.append(Order(order_id, action, units))
    return order_id, units


def remove(st: TerritoryState, tribe: int, order_id: int) -> list[tuple[int, tuple[int, int, int]]]:
    """Take an order back (and the spells bound to it); returns (id, refund) pairs."""
    t = st.tribes[tribe]
    gone = []
    for o in list(t.orders):
        bound = isinstance(o.action, A.Cast) and o.action.order == order_id and o.id != order_id
        if o.id == order_id or bound:
            t.orders.remove(o)
            t.entries -= len(o.steps) if o.steps else 1
            _hold(st, t, order_keys(st, o), -1)
            units = list(o.escrow) + [u for s in o.steps for u in s.escrow]
            gone.append((o.id, effects.give_back(st, tribe, units[::-1])))
    return gone


def tile_options(st: TerritoryState, tribe: int, i: int) -> list[tuple[Any, Plan]]:
    """Builds, upgrades, commerce, walls and demolitions the checkers accept on own tile i.

    Candidates are pre-filtered by conditions every acceptance needs (an empty slot to
    build, a wall to upgrade...); the checkers decide."""
    out: list[tuple[Any, Plan]] = []

    def add(action: Any, checker: Callable) -> None:
        plan = checker(st, tribe, action)
        if isinstance(plan, Plan):
            out.append((action, plan))

    b = st.building[i]
    if b in (NONE, RUIN):
        for kind in building.BUILD_KINDS:
            add(A.Build(i, kind), building.check_build)
    elif b in (CAMP, OUTPOST, CITY):
        add(A.Upgrade(i), building.check_upgrade)
    if b in (CITY, CAPITAL):
        add(A.Commerce(i), building.check_commerce)
    if b not in (NONE, RUIN, TREE):
        add(A.Demolish(i, "building"), building.check_demolish)
    if st.tunnel[i] >= 0:
        add(A.Demolish(i, "tunnel"), building.check_demolish)
    for k, side in enumerate(SIDES):
        level = st.walls[i * 4 + k]
        if not level:
            add(A.Wall(i, side, "gold"), building.check_wall)
            add(A.Wall(i, side, "mixed"), building.check_wall)
        else:
            add(A.Demolish(i, side), building.check_demolish)
            if level == 1:
                add(A.WallUpgrade(i, side), building.check_wall_upgrade)
    return out


class Chunk:
    """Candidate orders with their plans, grouped once for `cost_groups`: `keyless`
    ((cost, actions), ...) and `keyed` ((cost + kind of first key, ((keys, action), ...),
    all keys, actions), ...), each in first-seen order. Memoised chunks live in the board's
    memo and are shared: never change one."""

    __slots__ = ("keyless", "keyed")

    def __init__(self, pairs: list[tuple[Any, Plan]]) -> None:
        keyless: dict[tuple, list[Any]] = {}
        keyed: dict[tuple, list[tuple[frozenset, Any]]] = {}
        for action, plan in pairs:
            if plan.keys:
                keyed.setdefault(plan.cost + (plan.keys[0][0],), []).append((plan.keyset, action))
            else:
                keyless.setdefault(plan.cost, []).append(action)
        self.keyless = tuple((cost, tuple(acts)) for cost, acts in keyless.items())
        self.keyed = tuple((group_key, tuple(entries), frozenset(k for ks, _ in entries for k in ks),
                            tuple(a for _, a in entries))
                           for group_key, entries in keyed.items())


def static_chunks(st: TerritoryState, tribe: int) -> list[Chunk]:
    """Every new order whose checker accepts it now, in enumeration order, as a list of
    chunks (memoised ones shared through the board's memo), cached for the turn."""
    key = (tribe, st.turn)
    cache = {} if st._resolving else st._cache
    if key in cache:
        return cache[key]
    out: list[Chunk] = []
    loose: list[tuple[Any, Plan]] = []   # single candidates since the last memoised chunk

    def add(action: Any, checker: Callable) -> None:
        plan = checker(st, tribe, action)
        if isinstance(plan, Plan):
            loose.append((action, plan))

    def extend(chunk: Chunk) -> None:
        if loose:
            out.append(Chunk(loose))
            loose.clear()
        out.append(chunk)

    t = st.tribes[tribe]
    board = st.board
    faction = t.faction
    own = own_tiles(st, tribe)
    own_set = set(own)
    memo = board.memo
    seen = position.seen_owners(st)
    tower = position.has_tower(st, tribe)
    arch = position.arch_art(st, tribe)
    commerce_tech = "commerce_tech" in t.techs
    for i in own:
        nbs = list(board.adjacent[i])
        if faction == "shadow" and st.tunnel[i] >= 0 and st.tunnel[i] not in nbs:
            nbs.append(st.tunnel[i])
        for j in nbs:
            if j in own_set:
                continue
            # everything check_arrow reads about (i, j) besides the board: i is own, j is
            # next to it (or tunnel-linked for Shadow) and not own
            owner = seen[j]
            rel = 0 if owner == NOBODY else 1 if owner >= 0 else 2
            key = ("arrow", i, j, faction, rel, position.seen_building(st, j),
                   owner >= 0 and position.grievance(st, tribe, owner))
            options = memo.get(key)
            if options is None:
                options = memo[key] = Chunk(arrows.arrow_options(st, tribe, i, j))
            extend(options)
        # everything the building, wall and demolish checkers read about own tile i
        b = st.building[i]
        key = ("tile", i, faction, b, tuple(st.walls[i * 4:i * 4 + 4]), st.tunnel[i],
               st.commerce[i], tower, arch, commerce_tech)
        options = memo.get(key)
        if options is None:
            options = memo[key] = Chunk(tile_options(st, tribe, i))
        extend(options)
        if faction == "shadow" and "digging" in t.techs:
            w = board.width
            x0, y0 = i % w, i // w
            for d in range(2, st.params.tunnel_max_gap + 2):
                for bx, by in ((x0 + d, y0), (x0 - d, y0), (x0, y0 + d), (x0, y0 - d)):
                    if 0 <= bx < w and 0 <= by < board.height:
                        add(A.Tunnel(i, by * w + bx), building.check_tunnel)
        if "diplomacy" in t.techs:
            for n in range(1, st.params.guard_max + 1):
                add(A.Guard(n, i), magic.check_guard)
    if "diplomacy" in t.techs:
        for n in range(1, st.params.guard_max + 1):
            add(A.Guard(n, -1), magic.check_guard)
    others = [o.id for o in st.tribes if o.alive and o.id != tribe]
    # a cession needs the target next to the tile: only those pairs are candidates
    bordering = sorted({(seen[j], i) for i in own for j in board.adjacent[i] if seen[j] >= 0
                        and seen[j] != tribe})
    for other, i in bordering:
        add(A.Cede(other, i), diplomacy.check_cede)
    for other in others:
        # a gift's plan depends only on the amounts (the target is alive and another tribe)
        gifts = memo.get(("gifts", st.params.gift_max))
        if gifts is None:
            gifts = memo[("gifts", st.params.gift_max)] = tuple(
                (r, n) for r in RESOURCES for n in range(1, st.params.gift_max + 1))
        options = memo.get(("gift", other, gifts))
        if options is None:  # pure: the target is another living tribe, the rest is amounts
            pairs = []
            for r, n in gifts:
                gift = A.Gift(other, r, n)
                plan = diplomacy.check_gift(st, tribe, gift)
                if isinstance(plan, Plan):
                    pairs.append((gift, plan))
            options = memo[("gift", other, gifts)] = Chunk(pairs)
        extend(options)
        add(A.DemandTribute(other), diplomacy.check_demand)
        add(A.ProposeTrade(other), diplomacy.check_propose)
        add(A.OfferVassal(other), diplomacy.check_offer_vassal)
    # answers exist only to last turn's proposals
    for war, target, made in st.demands:
        if target == tribe and made == st.turn - 1:
            for pay in (True, False):
                add(A.AnswerTribute(war, pay), diplomacy.check_answer_tribute)
    for jungle, target, made in st.trades:
        if target == tribe and made == st.turn - 1:
            for accept in (True, False):
                add(A.AnswerTrade(jungle, accept), diplomacy.check_answer_trade)
    for vassal, lord, made in st.vassal_offers:
        if lord == tribe and made == st.turn - 1:
            for accept in (True, False):
                add(A.AnswerVassal(vassal, accept), diplomacy.check_answer_vassal)
    if faction == "tide":
        if t.temple < 0:
            # check_temple reads the faction (tide), the tribe's temple (none yet) and the
            # temples standing: memoised per set of standing temples
            key = ("temples", frozenset(o.temple for o in st.tribes if o.temple >= 0))
            options = memo.get(key)
            if options is None:
                pairs = []
                for i in board.sea_tiles:
                    temple = A.Temple(i)
                    plan = building.check_temple(st, tribe, temple)
                    if isinstance(plan, Plan):
                        pairs.append((temple, plan))
                options = memo[key] = Chunk(pairs)
            extend(options)
        add(A.DEEP_TIDE, magic.check_deep_tide)
    # everything check_research reads: faction, techs, tower and building prerequisites
    key = ("research", faction, frozenset(t.techs), tower,
           position.owns_building(st, tribe, "workshop"), position.owns_building(st, tribe, "city"))
    options = memo.get(key)
    if options is None:
        pairs = []
        for tech in TECHS:
            for c in TECH[tech].choices or {"": ZERO}:
                plan = building.check_research(st, tribe, A.Research(tech, c))
                if isinstance(plan, Plan):
                    pairs.append((A.Research(tech, c), plan))
        options = memo[key] = Chunk(pairs)
    extend(options)
    add(A.BUY_EXOTIC, building.check_buy_exotic)
    if faction == "arcane":
        for i in board.land_tiles:
            if position.seen_building(st, i) == RUIN:
                add(A.Archaeology(i), building.check_archaeology)
    for spell in SPELLS:
        if spell in magic.BOUND_SPELLS or magic.spell_base(st, tribe, spell) is not None:
            continue
        if spell in magic.PLAIN_SPELLS:
            add(A.Cast(spell), magic.check_cast)
        elif spell in magic.TRIBE_SPELLS:
            for other in others:
                add(A.Cast(spell, other), magic.check_cast)
        elif spell == "earth_wall":
            for i in own:
                for side in SIDES:
                    add(A.Cast(spell, i, side), magic.check_cast)
        elif spell == "nature_gift":
            for i in own:
                add(A.Cast(spell, i), magic.check_cast)
        else:
            seen = position.seen_owners(st)
            for i in board.land_tiles:
                if seen[i] not in (tribe, NOBODY):
                    add(A.Cast(spell, i), magic.check_cast)
    if loose:
        out.append(Chunk(loose))
    cache[key] = out
    return out


def cost_groups(st: TerritoryState, tribe: int) -> tuple[tuple, tuple]:
    """The static orders grouped for `legal_orders`, cached for the turn:
    (keyless, keyed). keyless: ((gold, materials, exotics, total, actions), ...) by cost;
    keyed: ((gold, materials, exotics, total, all keys, ((keys, action), ...), actions), ...)
    by cost and kind of first key, so a key that reaches (or leaves) its limit touches few
    groups. Groups and the orders in them keep enumeration order (first seen first); each
    chunk of `static_chunks` is grouped once (`Chunk`), so this merges group by group."""
    key = ("groups", tribe, st.turn)
    cache = {} if st._resolving else st._cache
    groups = cache.get(key)
    if groups is None:
        keyless: dict[tuple, list[Any]] = {}
        keyed: dict[tuple, tuple[list, set, list]] = {}
        for chunk in static_chunks(st, tribe):
            for cost, actions in chunk.keyless:
                into = keyless.get(cost)
                if into is None:
                    keyless[cost] = list(actions)
                else:
                    into.extend(actions)
            for group_key, entries, keys, actions in chunk.keyed:
                into_keyed = keyed.get(group_key)
                if into_keyed is None:
                    keyed[group_key] = (list(entries), set(keys), list(actions))
                else:
                    into_keyed[0].extend(entries)
                    into_keyed[1].update(keys)
                    into_keyed[2].extend(actions)
        groups = cache[key] = (
            tuple(cost + (tuple(acts),) for cost, acts in keyless.items()),
            tuple(group_key[:4] + (frozenset(keys), tuple(entries), tuple(actions))
                  for group_key, (entries, keys, actions) in keyed.items()))
    return groups


def _keyed_bucket_memo(memo: dict, n: int, group: tuple, full: frozenset) -> tuple:
    """`_keyed_bucket` of keyed group number `n`, memoised per the group's keys in `full`
    (all it depends on): entering and taking back orders brings the same sets back."""
    keys = group[4]
    if not full or full.isdisjoint(keys):
        return group[:4] + (group[6],)
    inter = full & keys
    bucket = memo.get((n, inter))
    if bucket is None:
        bucket = memo[(n, inter)] = _keyed_bucket(group, full)
    return bucket


def _keyed_bucket(group: tuple, full: frozenset) -> tuple:
    """One keyed group without the orders holding a key in `full`:
    (gold, materials, exotics, total, actions)."""
    g, m, e, total, keys, entries, actions = group
    if full and not full.isdisjoint(keys):
        actions = tuple(a for ks, a in entries if full.isdisjoint(ks))
    return (g, m, e, total, actions)


def keyed_buckets(st: TerritoryState, tribe: int, full: frozenset) -> tuple[tuple, ...]:
    """The keyed static orders whose keys are not at their limit (`full`), one bucket per
    keyed group (possibly empty), cached per turn and `full`. Entering or removing an order
    changes few full keys: the result is derived from the previous one, re-filtering only
    the groups that hold a changed key."""
    key = ("keyed", tribe, st.turn, full)
    cache = {} if st._resolving else st._cache
    buckets = cache.get(key)
    if buckets is None:
        groups = cost_groups(st, tribe)[1]
        memo = cache.setdefault(("keyed_memo", tribe, st.turn), {})
        last = cache.get(("keyed_last", tribe, st.turn))
        if last is not None:
            changed = last[0] ^ full
            buckets = tuple(prev if group[4].isdisjoint(changed)
                            else _keyed_bucket_memo(memo, n, group, full)
                            for n, (group, prev) in enumerate(zip(groups, last[1])))
        else:
            buckets = tuple(_keyed_bucket_memo(memo, n, group, full)
                            for n, group in enumerate(groups))
        cache[key] = buckets
        cache[("keyed_last", tribe, st.turn)] = (full, buckets)
    return buckets


# Settings offered per current value (immutable actions, built once).
PRIORITY_CHANGES: dict[str, tuple[A.SetPriority, ...]] = {
    p: tuple(A.SetPriority(q) for q in PRIORITIES if q != p) for p in PRIORITIES}
FLOWER_CHANGES: tuple[tuple[A.SetFlower, ...], ...] = tuple(
    tuple(A.SetFlower(r) for k, r in enumerate(RESOURCES) if k != f) for f in range(3))
_REMOVALS: list[A.RemoveOrder] = []


def removal(order_id: int) -> A.RemoveOrder:
    """The (shared, immutable) `remove_order` action for an order id."""
    while len(_REMOVALS) <= order_id:
        _REMOVALS.append(A.RemoveOrder(len(_REMOVALS)))
    return _REMOVALS[order_id]


def bound_spells(st: TerritoryState, tribe: int) -> list[Any]:
    """Spells bound to entered arrows that `check_order` accepts now (T-10.1).

    The caller has checked the open arrow and the order limits; what is left of
    `check_cast` + `dynamic_check` for these spells is the tower/tech base (fixed during
    ORDERS), the one-spell key and the exotics."""
    t = st.tribes[tribe]
    if ("spell",) in t.full:
        return []
    arrows_entered = [o for o in t.orders if o.steps]
    if not arrows_entered:
        return []
    exotics = t.res[2]
    out: list[Any] = []
    fervor = magic.castable(st, tribe, "battle_fervor", exotics)
    bewitch = magic.castable(st, tribe, "bewitch", exotics)
    fortune = magic.castable(st, tribe, "fortune", exotics)
    for o in arrows_entered:
        if fervor:
            out.append(A.Cast("battle_fervor", order=o.id))
        if bewitch or fortune:
            for k, step in enumerate(o.steps):
                if step.x:
                    if bewitch:
                        out.append(A.Cast("bewitch", order=o.id, step=k))
                    if fortune:
                        out.append(A.Cast("fortune", order=o.id, step=k))
    return out


def affordable(st: TerritoryState, tribe: int, g: int, m: int, e: int,
               full: frozenset) -> tuple[Any, ...]:
    """The static orders (`cost_groups`) that holdings (g, m, e) pay for and whose keys are
    not at their limit (`full`), in enumeration order; cached for the turn per (g, m, e,
    full): random and searching players enter and take back orders, so the same holdings
    and keys come back again and again within a turn."""
    key = ("affordable", tribe, st.turn, g, m, e, full)
    cache = {} if st._resolving else st._cache
    part = cache.get(key)
    if part is None:
        total = g + m + e
        out: list[Any] = []
        for tg, tm, te, cost, actions in cost_groups(st, tribe)[0]:
            if cost <= total and tg <= g and tm <= m and te <= e:
                out.extend(actions)
        for tg, tm, te, cost, actions in keyed_buckets(st, tribe, full):
            if actions and cost <= total and tg <= g and tm <= m and te <= e:
                out.extend(actions)
        part = cache[key] = tuple(out)
    return part


def legal_orders(st: TerritoryState, tribe: int) -> list[Any]:
    """Every action `tribe` may enter now (the ORDERS phase): exactly what `check_order`,
    `check_setting`, removal and submit accept."""
    t = st.tribes[tribe]
    out: list[Any] = []
    params = st.params
    can_add = t.entries < params.max_orders and t.edits < params.max_edits
    arrow_open = arrows.unfinished(st, tribe)
    if can_add:
        g, m, e = t.res
        total = g + m + e
        if not arrow_open:
            out.extend(affordable(st, tribe, g, m, e, t.full))
            out.extend(bound_spells(st, tribe))
        out.extend(arrows.legal_steps(st, tribe, total))
    if t.edits < params.max_edits:
        out.extend(PRIORITY_CHANGES[t.priority])
        if t.totem == "flower":
            out.extend(FLOWER_CHANGES[t.flower])
        if t.split_age >= 0:
            out.extend(core_choices(st, tribe, t.core))
    if t.orders:
        if t.next_order > len(_REMOVALS):
            removal(t.next_order - 1)
        out.extend([_REMOVALS[o.id] for o in t.orders])
    if not arrow_open:
        out.append(A.SUBMIT)
    return out


def core_choices(st: TerritoryState, tribe: int, core: int) -> tuple[A.ChooseCore, ...]:
    """T-12.3: `choose_core` on every own tile but the current core, cached for the turn."""
    key = ("core", tribe, st.turn, core)
    cache = {} if st._resolving else st._cache
    choices = cache.get(key)
    if choices is None:
        choices = cache[key] = tuple(core_choice(i) for i in own_tiles(st, tribe) if i != core)
    return choices


_CORES: list[A.ChooseCore] = []


def core_choice(tile: int) -> A.ChooseCore:
    """The (shared, immutable) `choose_core` action for a tile."""
    while len(_CORES) <= tile:
        _CORES.append(A.ChooseCore(len(_CORES)))
    return _CORES[tile]


def own_tiles(st: TerritoryState, tribe: int) -> list[int]:
    """The tribe's tiles as the public sees them (T-18.3), cached during ORDERS."""
    return position.tiles_of(st, tribe)


def order_keys(st: TerritoryState, order: Order) -> tuple[tuple, ...]:
    """The conflict keys an entered order holds (recomputed from its action)."""
    a = order.action
    kind = type(a)
    if kind is A.Build:
        return (("slot", a.tile),) + ((("tower",),) if a.building == "tower" else ())
    if kind is A.Upgrade:
        return (("slot", a.tile),) + ((("capital",),) if st.building[a.tile] == CITY else ())
    if kind is A.Commerce:
        return (("commerce", a.tile),)
    if kind in (A.Wall, A.WallUpgrade):
        return (("wall", a.tile, SIDES.index(a.side)),)
    if kind is A.Demolish:
        if a.part == "building":
            return (("slot", a.tile),)
        if a.part == "tunnel":
            return (("tunnel", a.tile), ("tunnel", st.tunnel[a.tile]))
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


# One checker per order type: the single source of legality (item 2 of issue 19).
CHECKERS: dict[type, Callable[[TerritoryState, int, Any], IllegalAction | Plan]] = {
    A.Arrow: arrows.check_arrow,
    A.Step: arrows.check_step,
    A.Build: building.check_build,
    A.Upgrade: building.check_upgrade,
    A.Commerce: building.check_commerce,
    A.Wall: building.check_wall,
    A.WallUpgrade: building.check_wall_upgrade,
    A.Demolish: building.check_demolish,
    A.Temple: building.check_temple,
    A.Tunnel: building.check_tunnel,
    A.Research: building.check_research,
    A.BuyExotic: building.check_buy_exotic,
    A.Archaeology: building.check_archaeology,
    A.Cast: magic.check_cast,
    A.DeepTide: magic.check_deep_tide,
    A.Guard: magic.check_guard,
    A.DemandTribute: diplomacy.check_demand,
    A.AnswerTribute: diplomacy.check_answer_tribute,
    A.ProposeTrade: diplomacy.check_propose,
    A.AnswerTrade: diplomacy.check_answer_trade,
    A.Gift: diplomacy.check_gift,
    A.Cede: diplomacy.check_cede,
    A.OfferVassal: diplomacy.check_offer_vassal,
    A.AnswerVassal: diplomacy.check_answer_vassal,
}
