"""Escrow moves (T-6.2, T-6.3): `effects.take` takes the usual costs by shortcuts (a typed
cost alone, a generic one the first resource of the priority covers); every cost, holding
and priority must give exactly what the plain rule gives, written out here: the typed units
first, then the generic ones resource by resource in priority order."""

from __future__ import annotations

import itertools

from game.territory import effects
from game.territory.constants import PRIORITIES
from game.territory.state import Order, PathStep
from tests.helpers.territory import plain_game


def take_by_the_rule(res: list[int], priority: str, typed: tuple[int, int, int],
                     generic: int) -> tuple[int, ...]:
    """T-6.2/T-6.3 written out: typed units, then the generic cost by the priority."""
    units = [0] * typed[0] + [1] * typed[1] + [2] * typed[2]
    for k in range(3):
        res[k] -= typed[k]
    left = generic
    for k in effects.PRIORITY_ORDER[priority]:
        n = min(left, res[k])
        if n > 0:
            res[k] -= n
            units += [k] * n
            left -= n
    return tuple(units)


def test_T_6_3_take_matches_the_rule_for_every_small_cost_holding_and_priority():
    g = plain_game()
    t = g.tribes[0]
    for priority in PRIORITIES:
        t.priority = priority
        for held in itertools.product(range(4), repeat=3):
            for typed in itertools.product(range(3), repeat=3):
                if any(typed[k] > held[k] for k in range(3)):
                    continue   # (`can_pay` is asked first: never taken)
                for generic in range(sum(held) - sum(typed) + 1):
                    expected_res = list(held)
                    expected = take_by_the_rule(expected_res, priority, typed, generic)
                    t.res = list(held)
                    got = effects.take(g, 0, typed, generic)
                    assert (got, t.res) == (expected, expected_res), (priority, held, typed, generic)
                    assert type(got) is tuple


def test_T_6_2_spend_and_refund_report_the_units_they_move():
    g = plain_game()
    t = g.tribes[0]
    t.res = [1, 1, 1]
    arrow = Order(0, None, (), (PathStep(5, 2, "none", (0, 1)), PathStep(6, 1, "none", (2,))))
    build = Order(1, None, (0, 0, 1))
    t.orders = [arrow, build]
    g.ev = []
    effects.spend(g, 0, build)
    effects.spend(g, 0, arrow)
    effects.refund_units(g, 0, 7, [2, 0, 2])
    effects.refund_units(g, 0, 8, [])
    assert t.orders == []
    assert [(type(e).__name__, e.amounts) for e in g.ev] == [
        ("Spent", (2, 1, 0)), ("Spent", (1, 1, 1)), ("Refunded", (1, 0, 2))]
    assert t.res == [2, 1, 3]
