"""Issue 19 item 7 (speed without a stale cache): the greedy planner (T-21.1, T-21.3; system
tribes plan with it, T-14.4) values each order class once a plan and keeps the orders worth
something (`Planner._valued`). After every plan of random and greedy games, each kept value
must equal `order_value` asked afresh of the finished planner, and the orders left out must be
worth nothing afresh: a value may depend only on what the plan fixes before its first choice,
never on what it has planned since. The same holds for the remembered target values
(`_targets`; their part read from the tile alone is kept across plans in `TILE_WORTH`,
recomputed here afresh), best attacks (`_best`, T-21.1 (2), one entry for the sides of a tile
whose walls have one level: asked afresh across each) and their attack bonuses
(`_attack_base`, `_outpost`, T-11.6, none looked for without an outpost of ours), splinter
costs (`_splinter`, T-12.2), the border tiles and the tunnel-front count, the tower (T-10.1)
and the tile counts (`counts`, taken when first asked, T-16.3's tribute rule)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.territory import planner, position, reach
from game.territory.constants import OUTPOST
from game.territory.greedy_orders import TILE_WORTH, enemy_sides, order_value


def play(agents: list[str], seed: int, factions: list[str] | None, frontier: int) -> None:
    """One game to its end; `frontier` sets D41's Open Frontier captures a turn."""
    rs = rulesets.get("territory")
    options = {"factions": factions} if factions else {}
    st = rs.new_game(Setup(seats=tuple(agents), seed=seed, options=options))
    st.params = replace(st.params, open_frontier_per_turn=frontier)
    players = [make_agent(a, rs, s, seed) for s, a in enumerate(agents)]
    while st.result() is None:
        for seat in st.to_move():
            agent = players[seat]
            st.apply(seat, agent.choose(st.view(seat) if agent.needs_view else None,
                                        st.legal_actions(seat)))
            if st.result() is not None:
                break


@pytest.mark.parametrize("agents,seed,factions,frontier,counted", [
    (["random"] * 3, 31, None, 0, True), (["greedy", "random", "greedy"], 32, None, 0, True),
    (["greedy"] * 2, 33, None, 0, False), (["random"] * 5, 34, None, 0, True),
    # Pioneer's Open Frontier prices unclaimed land apart (D41), then a second attack pass
    (["greedy", "greedy", "random"], 35, ["pioneer", "shadow", "tide"], 3, False),
    (["greedy", "greedy"], 36, ["pioneer", "war"], 1, True)])
def test_T_21_3_remembered_order_values_equal_fresh_ones(monkeypatch, agents, seed, factions,
                                                         frontier, counted):
    run = planner.Planner.run
    seen = {"plans": 0, "values": 0, "attacks": 0, "frontier": 0, "counts": 0, "outposts": 0,
            "towers": 0}

    def checked_run(self):
        asked: dict[int, int] = {}

        def counting(handler):
            def counted_handler(p, action):
                asked[id(action)] = asked.get(id(action), 0) + 1
                return handler(p, action)
            return counted_handler

        originals = dict(planner.HANDLERS)
        for kind, handler in originals.items():
            monkeypatch.setitem(planner.HANDLERS, kind, counting(handler))
        try:
            plan = run(self)
        finally:
            for kind, handler in originals.items():
                monkeypatch.setitem(planner.HANDLERS, kind, handler)
        for kind, kept in self._valued.items():
            fresh = [(n, a) for n, a in enumerate(self.legal_list) if type(a) is kind]
            worth = [(n, a, *order_value(self, a)) for n, a in fresh]
            assert kept == [w for w in worth if w[2] > 0], kind
            seen["values"] += len(fresh)
        assert all(n == 1 for n in asked.values())   # valued once a plan
        for tile, value in self._targets.items():
            TILE_WORTH.clear()   # (shared by every plan: its key must name all it reads)
            assert value == self._target_value(tile), tile
        for tile, cost in self._splinter.items():
            assert cost == reach.splinter(self, tile), tile
        for (owner, sea), base in self._attack_base.items():
            assert base == self._owner_attack(owner, sea), (owner, sea)
        for tile, bonus in self._outpost.items():
            assert bonus == position.outpost_bonus(self.view, self.tid, tile), tile
        # fixed for the plan without a scan of the view's buildings (a system tribe's tower
        # from `LegalOrders`, the rules' cache of the turn), as the scans find them
        assert self.has_tower == (position.tower_of(self.view, self.tid) >= 0)
        assert self.outposts == (position.first_building(self.view, self.tid, OUTPOST) >= 0)
        seen["towers"] += self.has_tower
        size = self.view.board.size
        if not self.outposts:   # T-11.6: no bonus anywhere without an outpost of ours
            for tile in {key % size for key in self._best}:
                assert position.outpost_bonus(self.view, self.tid, tile) == 0, tile
        seen["outposts"] += sum(1 for bonus in self._outpost.values() if bonus)
        if self.borders is not None:   # the own tiles a side of which faces another tribe
            assert self.borders == {i for i in self.own if enemy_sides(self, i)}
        if self.fronts is not None:
            assert self.fronts == 1 + sum(1 for i in self.own if self.view.tunnel[i] >= 0)
        left = self.frontier_left
        try:
            for key, best in self._best.items():
                # `reach.best_key` read back: the entry stands for an attack across every
                # side of the tile whose wall has the level (and, for level 0, across none)
                tile, rest = key % size, key // size
                level, rest = rest % 4, rest // 4
                frontier, rest = rest % 2, rest // 2
                sea, surcharge = bool(rest % 2), rest // 2
                self.frontier_left = frontier   # all `_best_x` reads of it
                sides = [k for k in range(4) if self.view.walls[tile * 4 + k] == level]
                for side in sides + ([-1] if level == 0 else []):
                    assert key == reach.best_key(self.view, tile, side, surcharge, sea, bool(frontier))
                    assert best == self._best_x(tile, side, surcharge, sea), (tile, side)
                assert sides or level == 0, (tile, level)
                seen["frontier"] += frontier
        finally:
            self.frontier_left = left
        if self._counts is not None:   # counted when first asked (tribute answers, values)
            assert self._counts == position.tile_counts(self.view)
            seen["counts"] += 1
        seen["plans"] += 1
        seen["attacks"] += len(self._best)
        return plan

    monkeypatch.setattr(planner.Planner, "run", checked_run)
    play(agents, seed, factions, frontier)
    # the plans reach the memos: many plans, values and attacks (priced as certain too)
    assert seen["plans"] > 30 and seen["values"] > 1000 and seen["attacks"] > 300
    assert seen["frontier"] > (50 if frontier else -1)
    assert (seen["counts"] > 0) == counted   # games with War's tribute demands count tiles
