"""Issue 19 item 7 (speed without a stale cache): the greedy planner (T-21.1, T-21.3; system
tribes plan with it, T-14.4) values each listed order once a plan (`Planner._values`). After
every plan of random and greedy games, each remembered value must equal `order_value` asked
afresh of the finished planner: the value may depend only on what the plan fixes before
its first choice, never on what it has planned since."""

from __future__ import annotations

import pytest

from game.play.simulate import play_one
from game.territory import planner
from game.territory.greedy_orders import order_value


@pytest.mark.parametrize("agents,seed", [(["random"] * 3, 31), (["greedy", "random", "greedy"], 32),
                                         (["greedy"] * 2, 33), (["random"] * 5, 34)])
def test_T_21_3_remembered_order_values_equal_fresh_ones(monkeypatch, agents, seed):
    run = planner.Planner.run
    seen = {"plans": 0, "values": 0}

    def checked_run(self):
        asked: dict[int, int] = {}
        value_of = planner.order_value

        def counting(p, action):
            asked[id(action)] = asked.get(id(action), 0) + 1
            return value_of(p, action)

        monkeypatch.setattr(planner, "order_value", counting)
        try:
            plan = run(self)
        finally:
            monkeypatch.setattr(planner, "order_value", value_of)
        by_id = {id(a): a for a in self.legal_list}
        for key, remembered in self._values.items():
            assert remembered == order_value(self, by_id[key]), by_id[key]
        assert all(n == 1 for n in asked.values())   # valued once a plan
        seen["plans"] += 1
        seen["values"] += len(self._values)
        return plan

    monkeypatch.setattr(planner.Planner, "run", checked_run)
    play_one("territory", agents, seed, max_actions=200_000)
    # the plans reach the memo: many plans, many values
    assert seen["plans"] > 30 and seen["values"] > 1000
