"""T-14.4: a system tribe's orders are entered exactly as `check_order` checks them, though
`LegalOrders.check` takes the checker's plan of an order the planner asked about from that
question (a checker's answer cannot change during ORDERS but for steps and bound spells)."""

from __future__ import annotations

from game.territory import orders, resolve
from game.territory.plans import Plan
from game.territory.view import make_view
from tests.helpers.territory import play_random_until


def test_T_14_4_system_orders_are_checked_as_check_order_checks_them(monkeypatch):
    """At every order a system tribe enters (or has refused) in random games with many
    tribes, `LegalOrders.check` answers what `check_order` answers then, after the orders
    entered before it: the same refusal or an equal plan, remembered plans included."""
    seen = {"orders": 0, "remembered": 0, "refused": 0}
    real_check = orders.LegalOrders.check

    def check(self, action):
        answer = real_check(self, action)
        fresh = orders.check_order(self.st, self.tribe, action)
        if isinstance(fresh, Plan):
            assert answer == fresh, action
        else:
            assert not isinstance(answer, Plan) and str(answer) == str(fresh), action
            seen["refused"] += 1
        seen["orders"] += 1
        known = self._plans.get(id(action))
        seen["remembered"] += known is not None and known[0] is action
        return answer

    monkeypatch.setattr(orders.LegalOrders, "check", check)
    for seats, seed in ((3, 51), (5, 52)):
        play_random_until(16, seats, seed)
    assert seen["orders"] > 100 and seen["remembered"] > 50, seen


def test_T_14_4_system_tribes_plan_from_a_view_equal_to_a_fresh_one(monkeypatch):
    """T-14.4, T-18: a system tribe plans from the public view; the view made for an earlier
    system tribe of the same RESOLVE is kept for the next only while none has entered an
    order since. At every system tribe's planning of random games with many tribes, the
    view it is handed (when kept) equals a view made afresh then."""
    seen = {"plans": 0, "kept": 0}
    real = resolve.system_orders

    def system_orders(st, tid, view=None):
        if view is not None:
            assert view == make_view(st, None, shared=True), (st.turn, tid)
            seen["kept"] += 1
        seen["plans"] += 1
        return real(st, tid, view)

    monkeypatch.setattr(resolve, "system_orders", system_orders)
    for seats, seed in ((3, 51), (5, 52)):
        play_random_until(16, seats, seed)
    assert seen["plans"] > 50 and seen["kept"] > 2, seen
