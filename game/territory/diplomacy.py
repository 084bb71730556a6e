"""Dice for Land diplomacy (T-16): the checkers of gifts, cessions, tribute, trade and vassal
orders and of their answers, and Phase A of RESOLVE (T-5.3 A, D37).
"""

from __future__ import annotations

from typing import Callable

from game.core.errors import IllegalAction
from game.territory import actions as A
from game.territory import effects, position
from game.territory import events as E
from game.territory.constants import (
    ECON, RESOURCES, ZERO,
)
from game.territory.plans import Plan, no, rule, valid_tile, valid_tribe
from game.territory.state import Order, TerritoryState

ANSWERS = (A.AnswerTribute, A.AnswerTrade, A.AnswerVassal)


def borders(st: TerritoryState, tribe: int, other: int) -> bool:
    """Some tile of `tribe` touches a tile of `other` (public view; a tribe's own tiles are
    never hidden)."""
    return other in position.neighbours_seen(st, tribe)


def check_demand(st: TerritoryState, tribe: int, a: A.DemandTribute) -> IllegalAction | Plan:
    """T-16.3: War demands tribute of another tribe (one pending per target)."""
    if st.tribes[tribe].faction != "war" or not valid_tribe(st, a.target, tribe):
        return rule("T-16.3")
    if any(w == tribe and t == a.target for w, t, _ in st.demands):
        return rule("T-16.3")
    return Plan(ZERO, 0, (("demand", a.target),))


def check_answer_tribute(st: TerritoryState, tribe: int, a: A.AnswerTribute) -> IllegalAction | Plan:
    """T-16.3: the answer to last turn's demand (pay escrows the tribute)."""
    if not isinstance(a.pay, bool) or (a.demander, tribe, st.turn - 1) not in st.demands:
        return rule("T-16.3")
    return Plan(ZERO, ECON["tribute"] if a.pay else 0, (("answer_tribute", a.demander),))


def check_propose(st: TerritoryState, tribe: int, a: A.ProposeTrade) -> IllegalAction | Plan:
    """T-16.4: Jungle proposes Spice Trade to a bordering tribe without a treaty."""
    if st.tribes[tribe].faction != "jungle" or not valid_tribe(st, a.target, tribe):
        return rule("T-16.4")
    if a.target in st.tribes[tribe].spice or any(
            j == tribe and t == a.target for j, t, _ in st.trades):
        return rule("T-16.4")
    if not borders(st, tribe, a.target):
        return rule("T-16.4")
    return Plan(ZERO, 0, (("propose", a.target),))


def check_answer_trade(st: TerritoryState, tribe: int, a: A.AnswerTrade) -> IllegalAction | Plan:
    """T-16.4: the answer to last turn's trade proposal."""
    if not isinstance(a.accept, bool) or (a.proposer, tribe, st.turn - 1) not in st.trades:
        return rule("T-16.4")
    return Plan(ZERO, 0, (("answer_trade", a.proposer),))


def check_gift(st: TerritoryState, tribe: int, a: A.Gift) -> IllegalAction | Plan:
    """T-16.1: 1..gift_max of one resource to another living tribe."""
    if not valid_tribe(st, a.target, tribe) or a.resource not in RESOURCES:
        return rule("T-16.1")
    if not isinstance(a.amount, int) or isinstance(a.amount, bool) or not (
            1 <= a.amount <= st.params.gift_max):
        return rule("T-16.1")
    cost = [0, 0, 0]
    cost[RESOURCES.index(a.resource)] = a.amount
    return Plan((cost[0], cost[1], cost[2]), 0)


def check_cede(st: TerritoryState, tribe: int, a: A.Cede) -> IllegalAction | Plan:
    """T-16.1: an own tile next to the target's land."""
    if not valid_tribe(st, a.target, tribe):
        return rule("T-16.1")
    if not valid_tile(st, a.tile):
        return no("no_such_place")
    if not position.owns(st, tribe, a.tile):
        return no("territory.not_yours")
    if not any(position.seen_owner(st, j) == a.target for j in st.board.adjacent[a.tile]):
        return rule("T-16.1")
    return Plan(ZERO, 0, (("cede", a.tile),))


def check_offer_vassal(st: TerritoryState, tribe: int, a: A.OfferVassal) -> IllegalAction | Plan:
    """T-16.2: offer to become another tribe's vassal (one offer at a time)."""
    if not valid_tribe(st, a.overlord, tribe):
        return rule("T-16.2")
    if any(v == tribe for v, _, _ in st.vassal_offers):
        return rule("T-16.2")
    return Plan(ZERO, 0, (("vassal",),))


def check_answer_vassal(st: TerritoryState, tribe: int, a: A.AnswerVassal) -> IllegalAction | Plan:
    """T-16.2: the answer to last turn's vassal offer."""
    if not isinstance(a.accept, bool) or (a.vassal, tribe, st.turn - 1) not in st.vassal_offers:
        return rule("T-16.2")
    return Plan(ZERO, 0, (("answer_vassal", a.vassal),))


def _gift(st: TerritoryState, tid: int, o: Order, a: A.Gift) -> None:
    if not st.tribes[a.target].alive:
        return effects.void(st, tid, o, "T-16.1")
    effects.spend(st, tid, o)
    amounts = [0, 0, 0]
    amounts[RESOURCES.index(a.resource)] = a.amount
    effects.gain(st, a.target, amounts, "gift", source=tid)


def _cede(st: TerritoryState, tid: int, o: Order, a: A.Cede) -> None:
    target = st.tribes[a.target]
    if not (target.alive and st.owner[a.tile] == tid and any(
            st.owner[j] == a.target for j in st.board.adjacent[a.tile])):
        return effects.void(st, tid, o, "T-16.1")
    effects.spend(st, tid, o)
    effects.set_owner(st, a.tile, a.target, "cede")
    effects.take_treasure(st, a.target, a.tile)


def _demand(st: TerritoryState, tid: int, o: Order, a: A.DemandTribute) -> None:
    if not st.tribes[a.target].alive:
        return effects.void(st, tid, o, "T-16.3")
    effects.spend(st, tid, o)
    st.demands.append((tid, a.target, st.turn))
    effects.emit(st, E.Diplomacy("demand", tid, a.target))
    effects.break_treaty(st, tid, a.target)


def _propose(st: TerritoryState, tid: int, o: Order, a: A.ProposeTrade) -> None:
    if not st.tribes[a.target].alive or a.target in st.tribes[tid].spice:
        return effects.void(st, tid, o, "T-16.4")
    effects.spend(st, tid, o)
    st.trades.append((tid, a.target, st.turn))
    effects.emit(st, E.Diplomacy("proposed", tid, a.target))


def _offer_vassal(st: TerritoryState, tid: int, o: Order, a: A.OfferVassal) -> None:
    if not st.tribes[a.overlord].alive:
        return effects.void(st, tid, o, "T-16.2")
    effects.spend(st, tid, o)
    st.vassal_offers.append((tid, a.overlord, st.turn))
    effects.emit(st, E.Diplomacy("offered", tid, a.overlord))


# Phase A handlers of a tribe's own diplomacy orders (answers are settled by `answers`).
PHASE_A: dict[type, Callable[..., None]] = {
    A.Gift: _gift, A.Cede: _cede, A.DemandTribute: _demand, A.ProposeTrade: _propose,
    A.OfferVassal: _offer_vassal,
}


def phase_a(st: TerritoryState, tid: int) -> None:
    """T-5.3 A for one tribe: its diplomacy orders in listed order, then its answers."""
    tribe = st.tribes[tid]
    for o in list(tribe.orders):
        if not tribe.alive:
            return
        handler = PHASE_A.get(type(o.action))
        if handler is not None:
            handler(st, tid, o, o.action)
    if tribe.alive:
        answers(st, tid)


def find_answer(st: TerritoryState, tid: int, kind: type, who: int) -> Order | None:
    """The tribe's answer order of `kind` to `who`, if it entered one."""
    for o in st.tribes[tid].orders:
        a = o.action
        if type(a) is kind and (a.demander if kind is A.AnswerTribute else
                                a.proposer if kind is A.AnswerTrade else a.vassal) == who:
            return o
    return None


def answers(st: TerritoryState, tid: int) -> None:
    """Proposals made last turn to `tid` are settled in its Phase A slot (T-16.2..16.4)."""
    tribe = st.tribes[tid]
    t = st.turn
    system = tribe.kind == "system"
    for war, target, made in list(st.demands):
        if target != tid or made != t - 1:
            continue
        st.demands.remove((war, target, made))
        order = find_answer(st, tid, A.AnswerTribute, war)
        if not st.tribes[war].alive:
            if order:
                effects.void(st, tid, order, "T-16.3")
            continue
        paid = False
        if system:
            counts = position.tile_counts(st)
            if counts.get(war, 0) >= 2 * counts.get(tid, 0) and effects.can_pay(st, tid, (0, 0, 0), ECON["tribute"]):
                units = effects.take(st, tid, (0, 0, 0), ECON["tribute"])
                effects.emit(st, E.Spent(tid, -1, effects.amounts_of(units)))
                effects.gain(st, war, effects.amounts_of(units), "tribute", source=tid)
                paid = True
        elif order is not None and order.action.pay:  # type: ignore[attr-defined]
            units = list(order.escrow)
            effects.spend(st, tid, order)
            effects.gain(st, war, effects.amounts_of(units), "tribute", source=tid)
            paid = True
        elif order is not None:
            effects.spend(st, tid, order)
        if paid:
            effects.emit(st, E.Diplomacy("paid", tid, war))
        else:
            st.grievances.append((war, tid, t + 1))
            effects.emit(st, E.Diplomacy("refused", tid, war))
            effects.emit(st, E.Diplomacy("grievance", war, tid, t + 1))
    for jungle, target, made in list(st.trades):
        if target != tid or made != t - 1:
            continue
        st.trades.remove((jungle, target, made))
        order = find_answer(st, tid, A.AnswerTrade, jungle)
        if system:
            accept = st.attacked.get((jungle, tid), -99) < t - 3
        else:
            accept = order is not None and bool(order.action.accept)  # type: ignore[attr-defined]
        if order is not None:
            effects.spend(st, tid, order)
        if accept and st.tribes[jungle].alive and tid not in st.tribes[jungle].spice:
            tribe.spice[jungle] = t + 1
            st.tribes[jungle].spice[tid] = t + 1
            effects.emit(st, E.Diplomacy("accepted", tid, jungle, t + 1))
        else:
            effects.emit(st, E.Diplomacy("declined", tid, jungle))
    for vassal, lord, made in list(st.vassal_offers):
        if lord != tid or made != t - 1:
            continue
        st.vassal_offers.remove((vassal, lord, made))
        order = find_answer(st, tid, A.AnswerVassal, vassal)
        accept = system or (order is not None and bool(order.action.accept))  # type: ignore[attr-defined]
        if order is not None:
            effects.spend(st, tid, order)
        if accept and st.tribes[vassal].alive:
            effects.emit(st, E.Diplomacy("vassal_accepted", vassal, tid))
            vassalize(st, vassal, tid)
        else:
            effects.emit(st, E.Diplomacy("vassal_declined", vassal, tid))
    for o in list(tribe.orders):  # answers to proposals that no longer stand
        if isinstance(o.action, ANSWERS):
            effects.void(st, tid, o, "T-16")


def vassalize(st: TerritoryState, vassal: int, lord: int) -> None:
    """T-16.2 / D33: refund the vassal's escrow, then hand over tiles and resources."""
    v = st.tribes[vassal]
    for o in list(v.orders):
        v.orders.remove(o)
        units = list(o.escrow) + [u for s in o.steps for u in s.escrow]
        effects.refund_units(st, vassal, o.id, units)
    for i in st.board.land_tiles:
        if st.owner[i] == vassal:
            effects.set_owner(st, i, lord, "vassal")
    handed = list(v.res)
    effects.gain(st, vassal, [-x for x in handed], "vassal", source=lord)
    effects.gain(st, lord, handed, "vassal", source=vassal)
    effects.eliminate(st, vassal, "vassal")
