"""TG-8: the greedy agent's order of preference, its value function and its independence."""

from game.ai import RandomAgent, make_agent
from game import rulesets
from game.tidegate import actions as A
from game.tidegate.ai import GreedyAgent, vertex_value
from game.tidegate.constants import PIPS
from tests.helpers.tidegate import (
    corner, new_game, put_outpost, put_road, road_to_free_spot, set_hand, skip_setup,
    spread_buildings, tile, to_build_phase,
)


def choose(state, seat, seed=1):
    agent = GreedyAgent(seat, seed)
    return agent.choose(state.view(seat), state.legal_actions(seat))


def test_TG_8_2_vertex_value_counts_pips_new_types_and_gates():
    g = new_game(2)
    v = corner(g, tile(g, 3, 3), "nw")  # 8 wheat, 5 stone, 4 wood
    assert vertex_value(g.view(0), 0, v) == PIPS[8] + PIPS[5] + PIPS[4] + 2 * 3
    # the se corner touches 8 wheat, 10 wood and 9 wood: only stone stays new for seat 0
    put_outpost(g, 0, corner(g, tile(g, 3, 3), "se"))
    assert vertex_value(g.view(0), 0, v) == PIPS[8] + PIPS[5] + PIPS[4] + 2 * 1
    gate_v = g.board.topo.edge_vertices[g.board.gates[1]][0]
    view = g.view(1)
    pips = g.board.vertex_pips[gate_v]
    assert vertex_value(view, 1, gate_v) == pips + 2 * len(g.board.vertex_resources[gate_v]) + 1


def test_TG_8_1_setup_takes_the_best_valued_legal_vertex():
    g = new_game(2)
    legal = g.legal_actions(0)
    pick = choose(g, 0)
    best = max(vertex_value(g.view(0), 0, a.vertex) for a in legal)
    assert vertex_value(g.view(0), 0, pick.vertex) == best
    g.apply(0, pick)
    road = choose(g, 0)
    assert isinstance(road, A.BuildRoad) and pick.vertex in g.board.topo.edge_vertices[road.edge]


def test_TG_8_1a_prefers_a_city_on_the_richest_outpost():
    g = new_game(2)
    skip_setup(g)
    rich = corner(g, tile(g, 3, 3), "nw")
    spots = spread_buildings(g, 0, 1)
    put_outpost(g, 0, rich)
    road_to_free_spot(g, 0)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 5, 5, 5)
    pick = choose(g, 0)
    assert pick == A.BuildCity(rich if g.board.vertex_pips[rich] >= g.board.vertex_pips[spots[0]] else spots[0])


def test_TG_8_1b_trades_surplus_to_afford_a_city_then_builds_it():
    g = new_game(2)
    skip_setup(g)
    v = corner(g, tile(g, 3, 3), "nw")
    put_outpost(g, 0, v)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 2, 2, 3)  # city needs 2 wheat 3 stone: 3 wood pays 1 stone at 3:1
    assert choose(g, 0) == A.Trade("wood", "stone")
    g.apply(0, A.Trade("wood", "stone"))
    assert choose(g, 0) == A.BuildCity(v)


def test_TG_8_1b_never_spends_what_the_build_needs():
    g = new_game(2)
    skip_setup(g)
    put_outpost(g, 0, corner(g, tile(g, 3, 3), "nw"))
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 4, 1, 2)  # city lacks 2 stone; surplus is 2 wheat + 2 wood: no 3:1 trade
    pick = choose(g, 0)
    assert not isinstance(pick, A.Trade)


def test_TG_8_1c_builds_a_road_towards_a_target_and_stops_at_five_buildings():
    g = new_game(2)
    skip_setup(g)
    v = corner(g, tile(g, 3, 3), "nw")
    put_outpost(g, 0, v)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 0, 1, 1)  # only a road is affordable
    pick = choose(g, 0)
    assert isinstance(pick, A.BuildRoad) and v in g.board.topo.edge_vertices[pick.edge]

    g = new_game(2)
    skip_setup(g)
    spread_buildings(g, 0, 5)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 0, 1, 1)
    assert choose(g, 0) == A.END_TURN


def test_agents_never_touch_the_game_rng_and_are_reproducible():
    rs = rulesets.get("tidegate")
    g = new_game(4, layout="random")
    before = g.digest()
    picks = []
    for seed in (5, 5):
        agent = make_agent("greedy", rs, 0, seed)
        picks.append(agent.choose(g.view(0), g.legal_actions(0)))
        assert g.digest() == before
    assert picks[0] == picks[1]
    r = RandomAgent(0, 3)
    assert r.choose(None, g.legal_actions(0)) in g.legal_actions(0)
    assert g.digest() == before
