"""Dice for Land order entry during ORDERS (T-6): the thin driver over the families' checkers.

One source of legality: `CHECKERS` maps each order type to its family's checker (arrows,
building, magic, diplomacy), which returns a refusal (`IllegalAction`) or a `Plan`;
`check_order` adds the dynamic checks (limits, conflicts with the orders already entered,
the open arrow, affordability) before anything changes. `legal_orders` enumerates exactly
what `check_order` accepts: the orders whose checker result cannot change during ORDERS
come from `candidates` (generated once per tribe and turn, filtered by the dynamic checks);
arrow steps, spells bound to an arrow, settings and removals are checked at every call.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable

from game.core.errors import IllegalAction
from game.territory import actions as A
from game.territory import arrows, building, candidates, diplomacy, effects, magic, position
from game.territory.constants import CITY, PRIORITIES, RESOURCES, SIDES
from game.territory.plans import Plan, no, rule, valid_tile
from game.territory.state import Order, PathStep, TerritoryState, Tribe

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


def may_add(st: TerritoryState, t: Tribe) -> bool:
    """D38: tribe `t` may still enter an order this turn (entries and edits below their
    limits): what `dynamic_check` refuses with `limit_reached` and the listings test."""
    return t.entries < st.params.max_orders and t.edits < st.params.max_edits


def allowed(st: TerritoryState, key: tuple) -> int:
    """How many orders of a turn may hold a conflict key (archaeology: a [P], else one)."""
    return st.params.archaeology_per_turn if key[0] == "archaeology" else 1


def used_keys(st: TerritoryState, tribe: int) -> dict[tuple, int]:
    """Per-turn conflict keys held by the orders entered so far, with counts."""
    return st.tribes[tribe].used


def _hold(st: TerritoryState, t: Tribe, keys: tuple[tuple, ...], by: int) -> None:
    """Count an order's conflict keys in (by 1) or out (by -1); `full` = keys at their limit.

    Only the order's own keys change count, so only they can enter or leave `full` (a new
    frozenset made only then: one copy rather than a set and a frozenset per call)."""
    if not keys:
        return
    used = dict(t.used)
    full = t.full
    for k in keys:
        n = used.get(k, 0) + by
        if n:
            used[k] = n
        else:
            used.pop(k, None)
        if n >= allowed(st, k):
            if k not in full:
                full = full | {k}
        elif k in full:
            full = full - {k}
    t.used = used
    t.full = full


def dynamic_check(st: TerritoryState, tribe: int, action: Any, plan: Plan) -> IllegalAction | None:
    """Limits, the open arrow, conflicts with entered orders, affordability (T-6.2).

    `legal_orders` applies exactly these tests to the checkers' plans (see `_admitted`)."""
    t = st.tribes[tribe]
    if type(action) is not A.Step and arrows.unfinished(st, tribe):
        return no("territory.arrow_unfinished")
    if not may_add(st, t):
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
    if plan.keys:   # (most orders, arrows and steps, hold none)
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
    entered = t.orders
    k = 0
    while k < len(entered):
        o = entered[k]
        a = o.action
        if o.id != order_id and not (type(a) is A.Cast and a.order == order_id):
            k += 1
            continue
        # deleted by position: `list.remove` would compare the orders before it field by
        # field (a dataclass's ==) until it met this one
        del entered[k]
        t.entries -= len(o.steps) if o.steps else 1
        keys = order_keys(st, o)
        if keys:
            _hold(st, t, keys, -1)
        units = list(o.escrow) + [u for s in o.steps for u in s.escrow]
        gone.append((o.id, effects.give_back(st, tribe, units)))
    return gone


# Settings offered per current value (immutable actions, built once).
PRIORITY_CHANGES: dict[str, tuple[A.SetPriority, ...]] = {
    p: tuple(A.SetPriority(q) for q in PRIORITIES if q != p) for p in PRIORITIES}
FLOWER_CHANGES: tuple[tuple[A.SetFlower, ...], ...] = tuple(
    tuple(A.SetFlower(r) for k, r in enumerate(RESOURCES) if k != f) for f in range(3))
_REMOVALS: list[A.RemoveOrder] = []
_ORDER_ID = attrgetter("id")


def removal(order_id: int) -> A.RemoveOrder:
    """The (shared, immutable) `remove_order` action for an order id."""
    while len(_REMOVALS) <= order_id:
        _REMOVALS.append(A.RemoveOrder(len(_REMOVALS)))
    return _REMOVALS[order_id]


def bound_spells(st: TerritoryState, tribe: int) -> list[Any] | tuple[()]:
    """Spells bound to entered arrows that `check_order` accepts now (T-10.1).

    The caller has checked the open arrow and the order limits; what is left of
    `check_cast` + `dynamic_check` for these spells is the tower/tech base (fixed during
    ORDERS), the one-spell key and the exotics."""
    t = st.tribes[tribe]
    if ("spell",) in t.full or not magic.bound_castable(st, tribe):
        return ()   # (asked at most listings: no new list for the usual answer)
    arrows_entered = [o for o in t.orders if o.steps]
    if not arrows_entered:
        return ()
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


def legal_orders(st: TerritoryState, tribe: int, with_arrows: bool = True) -> list[Any]:
    """Every action `tribe` may enter now (the ORDERS phase): exactly what `check_order`,
    `check_setting`, removal and submit accept. Without `with_arrows`: the same list
    without the kinds of `UNLISTED` (see `LegalOrders`)."""
    t = st.tribes[tribe]
    params = st.params
    can_add = may_add(st, t)
    entered = t.orders
    arrow = arrows.open_arrow(st, tribe)
    arrow_open = arrow is not None and arrow.steps[-1].x == 0   # `arrows.unfinished`
    if can_add:
        g, m, e = t.res
        if not arrow_open:
            out = candidates.affordable(st, tribe, g, m, e, t.full, with_arrows)   # a fresh list
            out.extend(bound_spells(st, tribe))
        else:
            out = []
        if arrow is not None:   # steps extend the last order only if it is an arrow
            arrows.legal_steps(st, tribe, g + m + e, out, arrow)
    else:
        out = []
    if t.edits < params.max_edits:
        out.extend(PRIORITY_CHANGES[t.priority])
        if t.totem == "flower":
            out.extend(FLOWER_CHANGES[t.flower])
        if t.split_age >= 0:
            out.extend(core_choices(st, tribe, t.core))
    if entered:
        if t.next_order > len(_REMOVALS):
            removal(t.next_order - 1)
        out.extend(map(_REMOVALS.__getitem__, map(_ORDER_ID, entered)))
    if not arrow_open:
        out.append(A.SUBMIT)
    return out


# What `LegalOrders.listed` leaves out: the orders the system tribes' planner never picks
# from the list (arrows are planned tile by tile, the rest asked about one by one with `in`).
UNLISTED: frozenset[type] = frozenset((
    A.Arrow, A.Gift, A.Cede, A.OfferVassal, A.AnswerTribute, A.AnswerTrade, A.AnswerVassal))


class LegalOrders:
    """`legal_orders(st, tribe)` as the system tribes' planner reads it (T-14.4): whether an
    action is in the list, and the list's new orders (the kinds of `CHECKERS`) in its order
    without the kinds of `UNLISTED` (`listed`).

    The arrows are most of the list and the planner asks about few of them, and it never
    picks a gift, cession, vassal offer or answer from the list, so these are not listed: a
    new order (of any kind) is in the list exactly when `check_order` accepts it (the list
    is what `check_order` accepts), and that is what `in` asks (`test_candidates.py`
    compares it with the full list). Leaving them out keeps every other action in its
    place relative to the others. Cessions, vassal offers and answers hold a conflict key of
    a kind no other order's first key has, so they make groups of their own (dropped
    whole). Arrows are keyless and cost no typed resource, and no other keyless order does
    (gifts and guards cost typed resources), so no group holds an arrow and another order.
    Gifts are keyless and enumerated after every other keyless order (guards), so a group
    holding a gift and another order has its place from that order, and the gifts at its
    end. Should a group of `listed` ever cost no typed resource, the whole list is listed
    instead (never wrong, only slower).

    The settings, removals and submit are not listed either (the planner asks `in` about a
    core choice, rarely: looked up in the full list, listed when first asked).

    The checker's plan of each new order asked about is kept for `check` (the tribe enters
    its plan right after planning): a checker's answer cannot change during ORDERS but for
    a step or a spell bound to an arrow (`candidates` lists every other kind once a turn),
    so only the dynamic checks are asked again for an order the planner asked about."""

    def __init__(self, st: TerritoryState, tribe: int) -> None:
        self.st = st
        self.tribe = tribe
        # the tribe's tiles in tile order, cached for the turn (`candidates` lists them too)
        self.own: list[int] = position.tiles_of(st, tribe)
        with_arrows = any(group[:3] == (0, 0, 0) for group in candidates.cost_groups(
            st, tribe, with_arrows=False)[0])
        t = st.tribes[tribe]
        if t.orders:
            self.listed: list[Any] = [a for a in legal_orders(st, tribe, with_arrows)
                                      if type(a) in CHECKERS]
        elif may_add(st, t):
            # no order entered (a system tribe at its block's start): no arrow is open and
            # none is bound to, so the list's new orders are `affordable`'s list, the rest
            # (settings, submit) not new orders: the whole list built and filtered had cost
            # 0.5 % of the instructions of 10 random games (9,248.2 M -> 9,204.2 M)
            g, m, e = t.res
            self.listed = candidates.affordable(st, tribe, g, m, e, t.full, with_arrows)
        else:
            self.listed = []
        # T-10.1: whether the tribe has its tower, cached for the turn (the listing asked it)
        self.has_tower = position.has_tower(st, tribe)
        self._members: set[Any] | None = None
        self._plans: dict[int, tuple[Any, Plan]] = {}   # id -> (new order, its checker's plan)

    def __contains__(self, action: Any) -> bool:
        # a new order is in the list exactly when `check_order` accepts it (the list is what
        # the checkers accept): asking the checker for the few orders the planner asks about
        # is cheaper than hashing the whole list (hundreds of dataclass hashes) into a set;
        # the rest (settings, removals, submit) are looked up in the full list, listed when
        # first asked
        if type(action) in CHECKERS:
            return isinstance(self.check(action), Plan)
        members = self._members
        if members is None:
            members = self._members = {a for a in legal_orders(self.st, self.tribe, False)
                                       if type(a) not in CHECKERS}
        return action in members

    def check(self, action: Any) -> IllegalAction | Plan:
        """`check_order(st, tribe, action)` now (orders entered since included), the
        checker's plan kept from the last question about this very action."""
        known = self._plans.get(id(action))
        if known is not None and known[0] is action:
            plan = known[1]
        else:
            kind = type(action)
            checker = CHECKERS.get(kind)
            if checker is None:
                return check_order(self.st, self.tribe, action)   # (its refusal)
            plan = checker(self.st, self.tribe, action)
            if not isinstance(plan, Plan):
                return plan
            if kind is not A.Step and not (kind is A.Cast and action.spell in magic.BOUND_SPELLS):
                self._plans[id(action)] = (action, plan)   # (the action held: its id stays its)
        why = dynamic_check(self.st, self.tribe, action, plan)
        return why if why else plan


def core_choices(st: TerritoryState, tribe: int, core: int) -> tuple[A.ChooseCore, ...]:
    """T-12.3: `choose_core` on every own tile but the current core, cached for the turn
    per core; each new core's tuple is the turn's tuple of every own tile's choice with
    the core's left out (a random player picks another core every few actions)."""
    key = ("core", tribe, st.turn, core)
    cache = {} if st._resolving else st._cache
    choices = cache.get(key)
    if choices is None:
        every_key = ("cores", tribe, st.turn)
        every = cache.get(every_key)
        if every is None:
            own = own_tiles(st, tribe)
            every = cache[every_key] = (tuple(map(core_choice, own)), {i: n for n, i in enumerate(own)})
        n = every[1].get(core)
        choices = cache[key] = every[0] if n is None else every[0][:n] + every[0][n + 1:]
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
    if kind is A.Arrow:   # the most common order holds no key: answered first
        return ()
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
