"""The hard search's view of Dice for Land (issue 18, T-21.2): its cut-off value with the final
turn (T-17.3) and the greedy planner's styles the search compares with greedy's own turn."""

from __future__ import annotations

from game.territory import actions as A, styles
from game.territory.agents import FINAL_BONUS, GreedyAgent, search_value
from game.territory.constants import AI_WEIGHTS as W
from game.territory.planner import Planner, plan_turn
from game.territory.state import Phase
from tests.helpers.territory import new_game, own, plain_game, put, res, tile

BUILDS = (A.Build, A.Upgrade, A.Commerce)


def duel(extra: int = 4):
    """Bounty (tribe 0) with 6 spare tiles and `extra` more in column 0, War (tribe 1) with
    its 6 spare tiles, no resources."""
    g = plain_game(("bounty", "war"))
    own(g, 0, *[(0, y) for y in range(extra)])
    res(g, 0)
    res(g, 1)
    return g


def test_T_17_3_value_is_tiles_and_resources_until_a_final_turn_is_due():
    g = duel()
    g.turn = 5
    assert (search_value(g, 0), search_value(g, 1)) == (10.0, 6.0)
    res(g, 1, gold=20)
    assert search_value(g, 1) == 7.0          # 0.05 per resource
    g.tribes[1].alive = False
    assert search_value(g, 1) == -20.0


def test_T_17_3_a_due_final_turn_adds_the_bonus_for_whoever_would_win_it_now():
    """The turn to come is the final one: nobody meets V1-V3, so the survivors are ranked by
    tiles (10 against 6); then War meets V3 (40 resources >= 30 and > 2 x 0, from turn 20)
    and wins the ranking among the qualified despite fewer tiles."""
    g = duel()
    g.turn = g.final_turn = 5
    assert (search_value(g, 0), search_value(g, 1)) == (10.0 + FINAL_BONUS, 6.0)
    g.turn = g.final_turn = 20
    res(g, 1, gold=40)
    assert (search_value(g, 0), search_value(g, 1)) == (10.0, 6.0 + 2.0 + FINAL_BONUS)
    g.final_turn = 0                          # no final turn due: no bonus
    assert search_value(g, 1) == 8.0


def test_T_17_3_tied_predicted_winners_share_the_bonus():
    g = duel(extra=0)
    g.turn = g.final_turn = 5
    assert search_value(g, 0) == search_value(g, 1) == 6.0 + FINAL_BONUS / 2


def test_T_21_2_the_greedy_agent_offers_its_styles_in_the_order_phase_only():
    """The styles are candidate turns in every seat count once the picks are done, "leader"
    only while two or more rival players live; while picking (no orders to plan) there are
    none."""
    g = new_game(2)
    assert g.phase is Phase.PICK
    agent = GreedyAgent(0, 1)
    assert agent.styles(g.view(0)) == []
    assert agent.styles(duel().view(0)) == ["build", "raid", "counter"]
    three = plain_game(("bounty", "war", "tide"))
    assert three.phase is Phase.ORDERS
    assert agent.styles(three.view(0)) == ["build", "raid", "counter", "leader"]
    three.tribes[2].alive = False
    assert agent.styles(three.view(0)) == ["build", "raid", "counter"]
    three.tribes[1].alive = False
    assert agent.styles(three.view(0)) == []      # no rival left: nothing to plan against


def test_T_21_2_leader_style_weighs_the_tiles_of_the_rival_with_most_tiles():
    """Three tribes: War (1) holds 8 land tiles, Tide (2) 6. In the "leader" style a War tile
    next to ours is worth `leader` more as a target than in greedy's turn, a Tide tile the
    same; with Tide ahead (two more tiles) the bonus moves to Tide's tiles."""
    g = plain_game(("bounty", "war", "tide"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0), (0, 2))
    own(g, 2, (0, 1))
    assert styles.leader(g.view(0), 0) == 1
    war, tide = tile(g, 1, 0), tile(g, 0, 1)
    legal = g.legal_actions(0)
    plain = Planner(g.view(0), 0, legal)
    lead = Planner(g.view(0), 0, legal, style="leader")
    assert lead.target_value(war) - plain.target_value(war) == W["leader"] == 6
    assert lead.target_value(tide) == plain.target_value(tide)
    own(g, 2, (3, 3), (3, 4), (3, 5), (3, 6))
    assert styles.leader(g.view(0), 0) == 2
    assert styles.leader(g.view(1), 1) == 2 and styles.leader(g.view(2), 2) == 1


def test_T_21_2_build_style_takes_four_more_economy_orders_before_the_attacks():
    """Plenty of gold and nine bare tiles: greedy builds its best-payback farm and two more
    (`projects`, economy orders by value), the "build" style four more
    (`build_style_projects`); both then research Military Tactics (T-21.1 (3))."""
    g = duel(extra=3)
    res(g, 0, gold=120, materials=30)
    legal = g.legal_actions(0)
    plain = [a for a in plan_turn(g.view(0), 0, legal) if isinstance(a, BUILDS)]
    built = [a for a in plan_turn(g.view(0), 0, legal, style="build") if isinstance(a, BUILDS)]
    assert len(plain) == 1 + W["projects"]
    assert len(built) == 1 + W["projects"] + W["build_style_projects"]
    assert plain == built[:len(plain)]


def test_T_21_2_raid_style_values_a_building_three_times_as_a_target():
    """A rival camp (cap 3) next to our tile: T-21.1's 3 x building cap is 9 in greedy's
    target value, 27 in the "raid" style (a captured camp's cap changes sides, T-8.2)."""
    g = duel()
    own(g, 1, (1, 0))
    put(g, 1, 0, "camp")
    legal = g.legal_actions(0)
    target = tile(g, 1, 0)
    plain = Planner(g.view(0), 0, legal).target_value(target)
    raid = Planner(g.view(0), 0, legal, style="raid").target_value(target)
    assert raid - plain == 2 * W["building_cap"] * 3 == 18


def foreseen_attack(g):
    """War (tribe 1) holds (2, 0) and (2, 1); its foreseen arrow from (2, 0) attacks our (1, 0)
    and steps on to our (0, 0), and a second arrow from (2, 1) attacks our (1, 1)."""
    own(g, 1, (2, 0), (2, 1))
    own(g, 0, (0, 0), (1, 0), (1, 1))
    a, b, c = tile(g, 2, 0), tile(g, 1, 0), tile(g, 0, 0)
    d, e = tile(g, 2, 1), tile(g, 1, 1)
    return {1: [A.Arrow(a, b, 6), A.Step(c, 6), A.Arrow(d, e, 5), A.SUBMIT]}, (a, b, c, d, e)


def test_T_11_4_counter_style_targets_the_origins_and_walls_the_sides_of_foreseen_arrows():
    """Our block resolves first (submission 0, 1): capturing an arrow's origin voids it
    (T-11.4 a), so each origin is worth `counter_void` per step it launches on us; and a wall
    built in our block stands when their step crosses its side (T-5.4: builds before arrows)."""
    g = duel(extra=0)
    res(g, 0, gold=60, materials=10)
    foreseen, (a, b, c, d, e) = foreseen_attack(g)
    g.submission = (0, 1)
    p = Planner(g.view(0), 0, g.legal_actions(0), style="counter", foreseen=foreseen)
    assert p.void_bonus == {a: 2.0 * W["counter_void"], d: 1.0 * W["counter_void"]}
    assert p.threats == {(b, "e"): 6, (c, "e"): 6, (e, "e"): 5}
    plan = p.run()
    walls = {(w.tile, w.side) for w in plan if isinstance(w, A.Wall)}
    assert walls >= {(b, "e"), (c, "e"), (e, "e")}


def test_T_5_3_counter_style_ignores_a_rival_whose_block_resolves_first():
    """Their block resolves before ours (submission 1, 0): our walls are not up yet and our
    captures come too late to void anything, so the plan is greedy's."""
    g = duel(extra=0)
    res(g, 0, gold=60, materials=10)
    foreseen, _ = foreseen_attack(g)
    g.submission = (1, 0)
    legal = g.legal_actions(0)
    p = Planner(g.view(0), 0, legal, style="counter", foreseen=foreseen)
    assert p.void_bonus == {} and p.threats == {}
    assert p.run() == plan_turn(g.view(0), 0, legal)


def test_T_18_counter_style_foresees_from_the_view_alone():
    """The rivals' orders the counter style plans against come from a world sampled from our
    view: a state that differs only in what tribe 0 cannot see gives the same plan."""
    from game import rulesets
    from game.core.rng import Rng
    from tests.game.ai.test_plans import turn_start
    real, seat = turn_start("territory", 2, 8, 260)
    other = rulesets.get("territory").state_from_view(real.view(seat), Rng(3)).clone(reseed=9)
    assert other.digest() != real.digest()
    plans = []
    for state in (real, other):
        agent = GreedyAgent(seat, 5)
        agent.restyle("counter")
        legal = state.legal_actions(seat)
        plans.append([agent.choose(state.view(seat), legal)] + list(agent._queue))
    assert plans[0] == plans[1]
