"""The greedy planner's Shadow play (T-21.1 with T-13.7): a Shadow camp, city or capital
that another tribe captures turns undead instead (the grudge), and other tribes value such a
tile only as the tile its owner loses. So the greedy Shadow builds camps rather than
workshops on its frontier: a tile with a side facing another tribe's land, or facing
unclaimed land that touches another tribe's land (an arrow can cross it, T-11.2); the `[ai]`
weights `grudge_camp` and `grudge`.
D42's balance study measured the effect (package docstring)."""

from __future__ import annotations

from game.territory import actions as A
from game.territory.greedy_orders import frontier
from game.territory.planner import Planner, plan_turn
from tests.helpers.territory import own, plain_game, res, tile


def _builds(faction: str, rival_at: tuple[int, int] | None) -> tuple[object, list[A.Build]]:
    """The builds the greedy plans for `faction` holding columns 0-1 of the 8-row board,
    with Bounty at `rival_at` (default: far away), and
    9 gold: one build while T-21.1's 3 resources stay for attacks."""
    g = plain_game((faction, "bounty"), spare=0)
    own(g, 0, *[(x, y) for x in (0, 1) for y in range(8)])
    own(g, 1, rival_at or (20, 7))
    res(g, 0, 9)
    plan = plan_turn(g.view(0), 0, g.legal_actions(0))
    return g, [a for a in plan if isinstance(a, A.Build)]


def test_T_21_1_T_13_7_frontier_counts_sides_rival_arrows_can_come_from():
    """Beside Bounty's (2,3): (1,3) faces it (1); (1,2) and (1,4) face unclaimed tiles that
    touch it (½ each); (1,0) faces unclaimed land no tribe touches (0); (0,3) only own land."""
    g = plain_game(("shadow", "bounty"), spare=0)
    own(g, 0, *[(x, y) for x in (0, 1) for y in range(8)])
    own(g, 1, (2, 3))
    p = Planner(g.view(0), 0, g.legal_actions(0))
    assert [frontier(p, tile(g, x, y)) for x, y in ((1, 3), (1, 2), (1, 4), (1, 0), (0, 3))] == [
        1.0, 0.5, 0.5, 0.0, 0.0]


def test_T_21_1_T_13_7_greedy_shadow_builds_a_camp_where_it_borders_a_tribe():
    """Shadow builds a camp (5 gold, 1 gold a turn, and the grudge keeps rivals off) on its
    frontier beside Bounty, not a workshop (6 gold, 1 gold + 1 material a turn)."""
    g, builds = _builds("shadow", (2, 3))
    assert len(builds) == 1 and builds[0].building == "camp"
    assert builds[0].tile in (tile(g, 1, 2), tile(g, 1, 3), tile(g, 1, 4))


def test_T_21_1_greedy_shadow_builds_a_workshop_behind_its_frontier():
    """With Bounty far away no tile is on the frontier: the workshop's better payback (2 a
    turn for 6 gold) wins, as for any tribe."""
    _, builds = _builds("shadow", None)
    assert len(builds) == 1 and builds[0].building == "workshop"


def test_T_21_1_other_tribes_build_a_workshop_on_the_border():
    """War beside Bounty: no grudge, so the workshop."""
    _, builds = _builds("war", (2, 3))
    assert len(builds) == 1 and builds[0].building == "workshop"
